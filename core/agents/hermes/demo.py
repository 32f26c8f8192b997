"""Hermes' demo home (`memdesk demo DIR --layout hermes`): `DIR` is a `~/.hermes` whose
memories/MEMORY.md and USER.md hold English and Chinese entries in the agent's exact format
(`"\\n§\\n"` between stripped entries, no trailing newline, mode 0600), within the agent's
character limits, and a named profile `work` with its own MEMORY.md; beside MEMORY.md, the copy
the agent's drift guard left the day before, when notes pasted by hand made it refuse a write.
`memory.write_approval` is on and three writes wait for approval in `pending/memory/` as the agent
stages them (one staged before USER.md last changed: approving it would overwrite that change).
Deterministic: the same arguments write the same bytes."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from random import Random
from typing import Final

from core.agent import DemoResult
from core.agents.hermes.config import LIMITS
from core.agents.hermes.format import DELIMITER, chars
from core.demo import check_target, entry_count, put

DEFAULT_ENTRIES: Final = 12

_MEMORY: Final = (
    "User's project uses Python 3.11 with uv; run tests with `uv run pytest -q`.",
    "部署前先在 staging 环境跑一遍迁移脚本，确认没有锁表。",
    "The CI runner is slow on Mondays: retry flaky network tests once before reporting.",
    "代码评审时用户偏好简短的中文说明，提交信息用英文。",
    "Prefer ripgrep over grep for searching the monorepo; it skips vendored folders.",
    "数据库备份每天凌晨 3 点执行，保留 14 天。",
    "The docs site builds with mkdocs; `make docs` serves it on port 8000.",
    "用户的时区是 Asia/Shanghai，安排会议时要换算。",
    "Release notes go in CHANGELOG.md under 'Unreleased', newest first.",
    "前端项目使用 pnpm，不要用 npm install。",
    "Long-running jobs should log progress every minute so the user can follow them.",
    "周五下午不发布生产版本。",
    "The user likes answers that start with the command, then the explanation.",
    "日志里出现 'disk quota' 时先清理 /tmp 下的构建缓存。",
)
_USER: Final = (
    "Name: Lin. Backend engineer, works mostly in Python and Go.",
    "喜欢简洁的回答，先给结论再解释。",
    "Reads Chinese and English; writes commit messages in English.",
    "通常在晚上十点以后不再处理工作消息。",
)
_WORK: Final = (
    "Work profile: the team's tickets live in Linear, project key OPS.",
    "值班表在每周一早上更新。",
)


# Writes the agent staged while its gate was on, as `stage_write` records them (spec 6.3).
_STAGED: Final = (
    {
        "id": "3f9a1c2e",
        "subsystem": "memory",
        "action": "add",
        "summary": "add to memory: Run the slow integration suite with `-x` so it stops at the "
        "first failure.",
        "origin": "background_review",
        "payload": {
            "action": "add",
            "target": "memory",
            "content": "Run the slow integration suite with `-x` so it stops at the first failure.",
            "old_text": None,
        },
    },
    {
        "id": "7b41d0a5",
        "subsystem": "memory",
        "action": "replace",
        "summary": "replace in user profile: old: Backend engineer\nnew: Name: Lin. Staff "
        "engineer, works mostly in Go now.",
        "origin": "foreground",
        "payload": {
            "action": "replace",
            "target": "user",
            "content": "Name: Lin. Staff engineer, works mostly in Go now.",
            "old_text": "Backend engineer",
        },
    },
    {
        "id": "c02e6f19",
        "subsystem": "memory",
        "action": "remove",
        "summary": "remove from user profile: 晚上十点以后",
        "origin": "background_review",
        "payload": {
            "action": "remove",
            "target": "user",
            "content": None,
            "old_text": "晚上十点以后",
        },
    },
)
# Hours after the files were written that each write was staged: the last one the evening
# before, so USER.md has changed since (approving it overwrites whatever was edited there).
_STAGED_AFTER: Final = (1, 2, -14)


def write_demo(
    target: Path, *, layout: str, entries: int | None, seed: int, today: date | None = None
) -> DemoResult:
    check_target(target)
    count = entry_count(entries, DEFAULT_ENTRIES)
    chosen = _memories(count, Random(seed))
    day = today or date(2026, 11, 1)
    at = datetime.combine(day, time(9, 0), tzinfo=UTC)
    memory = _write(target / "memories/MEMORY.md", chosen, at)
    _write(target / "memories/USER.md", list(_USER), at)
    _write(target / "profiles/work/memories/MEMORY.md", list(_WORK), at)
    put(target / "config.yaml", "memory:\n  write_approval: true\n", at)
    for hours, record in zip(_STAGED_AFTER, _STAGED, strict=True):
        staged = at + timedelta(hours=hours)
        text = json.dumps(record | {"created_at": staged.timestamp()}, indent=2, ensure_ascii=False)
        put(target / "pending/memory" / f"{record['id']}.json", text, staged)
    copy = _drift_copy(memory, chosen[:3], day - timedelta(days=1))
    return DemoResult(memory, len(chosen), (), copy, target)


def _drift_copy(memory: Path, texts: list[str], day: date) -> Path:
    """The copy the agent's drift guard makes (`MEMORY.md.bak.<seconds>`) of a file with notes
    pasted by hand at its end."""
    at = datetime.combine(day, time(21, 30), tzinfo=UTC)
    pasted = "\n\n## Notes pasted by hand\n- staging DB password rotates monthly\n"
    path = memory.with_name(f"{memory.name}.bak.{int(at.timestamp())}")
    put(path, DELIMITER.join(texts) + pasted, at)
    return path


def _memories(count: int, rng: Random) -> list[str]:
    """`count` distinct entries, as many as the agent's MEMORY.md limit holds."""
    pool = list(_MEMORY)
    rng.shuffle(pool)
    chosen: list[str] = []
    for i in range(count):
        text = pool[i % len(pool)] + (f" ({i // len(pool) + 1})" if i >= len(pool) else "")
        if chars([*chosen, text]) > LIMITS["MEMORY.md"]:
            break
        chosen.append(text)
    return chosen


def _write(path: Path, texts: list[str], at: datetime) -> Path:
    put(path, DELIMITER.join(texts), at)
    path.chmod(0o600)
    return path
