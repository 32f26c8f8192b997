"""A lived-in CODEX_HOME (`memdesk demo DIR --layout codex`): `DIR/memories/` in the formats of
spec/codex.md 3, the same bytes for the same seed and day."""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

from core.agent import DemoResult
from core.agents.codex import layout

FACTS = [
    "The user prefers pnpm over npm in every JavaScript repository",
    "用户希望提交信息使用中文，并在标题里写清楚改了什么",
    "Run `make check` before pushing; CI takes 12 minutes",
    "web-shop 部署超时是因为 runner 池只有两台机器",
    "Prefer small pull requests with one concern each",
    "数据库迁移必须先在 staging 上跑一遍",
    "The user reviews diffs in the terminal, not in the browser",
    "周五下午不要部署到生产环境",
    "Use Python 3.11 and ruff for every new service",
    "测试数据放在 tests/fixtures/ 里，不要放在代码旁边",
    "The user writes design notes in docs/ before coding",
    "回复要简短，先给结论再给理由",
]
SECTIONS = ["## User Profile", "## User preferences", "## General Tips"]


def write_demo(
    target: Path, *, entries: int | None, seed: int, today: date | None = None
) -> DemoResult:
    day = today or date.today()
    count = 12 if entries is None else max(1, entries)
    rng = random.Random(seed)
    start = rng.randrange(len(FACTS))
    facts = [FACTS[(start + i) % len(FACTS)] for i in range(count)]
    facts = [f if i < len(FACTS) else f"{f} ({i // len(FACTS) + 1})" for i, f in enumerate(facts)]
    root = target
    (root / layout.ROLLOUTS).mkdir(parents=True, exist_ok=True)
    (root / layout.NOTES).mkdir(parents=True, exist_ok=True)
    rollout = f"{(day - timedelta(days=3)).isoformat()}T09-12-40-k3Qz-web-shop-deploy.md"
    _write(root / layout.SUMMARY, _summary(facts, day, rollout))
    _write(root / layout.HANDBOOK, _handbook(rollout))
    _write(root / layout.RAW, _raw(day, rollout))
    _write(root / layout.ROLLOUTS / rollout, _rollout(day))
    note = f"{(day - timedelta(days=1)).isoformat()}T16-00-00-use-pnpm.md"
    _write(root / layout.NOTES / note, "Remember: use pnpm, not npm, in web-shop.\n")
    return DemoResult(root / layout.SUMMARY, count, (), None, root)


def _write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8"))


def _summary(facts: list[str], day: date, rollout: str) -> str:
    lines = ["v1", ""]
    per = max(1, -(-len(facts) // len(SECTIONS)))
    for n, heading in enumerate(SECTIONS):
        lines += [heading, ""]
        lines += [f"- {f}" for f in facts[n * per : (n + 1) * per]]
        lines.append("")
    lines += [
        "## What's in Memory",
        "",
        "### web-shop",
        "",
        f"#### {(day - timedelta(days=3)).isoformat()}",
        "",
        f"- rollout_summaries/{rollout} — 部署超时排查; thread_id=0199a1b2-demo",
        "",
    ]
    return "\n".join(lines)


def _handbook(rollout: str) -> str:
    return (
        "# Task Group: web-shop deploys\n\n"
        "scope: deploying web-shop from CI\n"
        "applies_to: cwd=~/src/web-shop; reuse_rule=same repository\n\n"
        "## Task 1: fix the deploy timeout, done\n\n"
        "### rollout_summary_files\n\n"
        f"- rollout_summaries/{rollout} (cwd=~/src/web-shop, thread_id=0199a1b2-demo)\n\n"
        "### keywords\n\n"
        "- deploy, timeout, runner pool, 部署\n\n"
        "## User preferences\n\n"
        "- 用户喜欢先看计划再动手 (the user wants the plan first)\n\n"
        "## Reusable knowledge\n\n"
        "- 先看 runner 池的排队时间\n\n"
        "## Failures and how to do differently\n\n"
        "- Restarting the job did not help; raise the runner count instead\n"
    )


def _raw(day: date, rollout: str) -> str:
    return (
        "# Raw Memories\n\n"
        "Merged stage-1 raw memories (stable ascending thread-id order):\n\n"
        "## Thread `0199a1b2-demo`\n"
        f"updated_at: {(day - timedelta(days=3)).isoformat()}T09:12:40Z\n"
        "cwd: ~/src/web-shop\n"
        "rollout_path: ~/.codex/sessions/rollout-demo.jsonl\n"
        f"rollout_summary_file: rollout_summaries/{rollout}\n\n"
        "The deploy timed out because the runner pool had two machines. 用户要求先查排队时间。\n"
    )


def _rollout(day: date) -> str:
    return (
        "thread_id: 0199a1b2-demo\n"
        f"updated_at: {(day - timedelta(days=3)).isoformat()}T09:12:40Z\n"
        "rollout_path: ~/.codex/sessions/rollout-demo.jsonl\n"
        "cwd: ~/src/web-shop\n"
        "git_branch: main\n\n"
        "Investigated the web-shop deploy timeout; the runner pool was too small.\n"
    )
