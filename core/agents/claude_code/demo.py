"""Claude Code's demo (`memdesk demo DIR --layout claude-code`): `DIR` stands for the config home
`~/.claude` (with the user's CLAUDE.md); one project's folder `projects/-home-demo-code-web-shop/` (open that one) holds a
session transcript naming the project's path and the auto-memory folder `memory/`: MEMORY.md,
the index, one line per memory, and a topic file per memory in the agent's template. English
and Chinese memories, a near-duplicate, an index line to a file
that is gone and a topic file no line points at, as a real folder has them. Deterministic."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Final

from core.agent import DemoResult
from core.agents.claude_code.format import new_topic
from core.agents.claude_code.index import folder_name
from core.agents.claude_code.workspace import INDEX_FILE, MEMORY
from core.demo import check_target, put

LAYOUT: Final = "claude-code"
PROJECT: Final = "/home/demo/code/web-shop"

# (file stem, type, title, description, body)
_MEMORIES: Final = (
    (
        "user_role",
        "user",
        "User role",
        "Senior Go developer, new to React",
        "The user is a senior Go developer who is new to React and TypeScript.\n\n"
        "Explain frontend ideas by comparing them with Go where it helps.",
    ),
    (
        "feedback_db_mocks",
        "feedback",
        "No DB mocks",
        "Integration tests hit a real database",
        "Integration tests must hit a real Postgres, never a mock.\n\n"
        "**Why:** last quarter a mocked test passed while the migration broke production.\n\n"
        "**How to apply:** start the test database with `make db-test` before running them.",
    ),
    (
        "feedback_terse",
        "feedback",
        "Terse replies",
        "Short answers, no summaries at the end",
        "Keep replies short; do not end with a summary of what was done.\n\n"
        "**Why:** the user reads the diff anyway.\n\n**How to apply:** one line per change.",
    ),
    (
        "project_merge_freeze",
        "project",
        "Merge freeze",
        "No merges to main from 2026-11-20",
        "Merge freeze on main from 2026-11-20 to 2026-11-27 for the release.\n\n"
        "**Why:** the mobile release cuts from main.\n\n**How to apply:** open PRs as drafts.",
    ),
    (
        "reference_linear",
        "reference",
        "Ingest bugs",
        "Pipeline bugs are tracked in Linear INGEST",
        "Bugs of the ingest pipeline are tracked in the Linear project INGEST.",
    ),
    (
        "user_language",
        "user",
        "语言偏好",
        "用户希望用中文讨论设计",
        "用户希望用中文讨论设计问题，代码注释和提交信息仍用英文。",
    ),
    (
        "feedback_deploy",
        "feedback",
        "部署流程",
        "部署前先在预发环境验证",
        "每次部署前先在预发环境验证，确认监控正常后再发布到生产。\n\n"
        "**Why:** 上次直接发布导致支付接口中断二十分钟。\n\n**How to apply:** 使用 `make staging`。",
    ),
    (
        "project_search",
        "project",
        "搜索重写",
        "商品搜索改用 Meilisearch",
        "商品搜索正在从 Elasticsearch 迁移到 Meilisearch，预计十二月完成。",
    ),
    (
        "feedback_db_mocks_again",
        "feedback",
        "Real DB in tests",
        "Tests hit a real database",
        "Integration tests must hit a real Postgres, never a mock.\n\n"
        "**Why:** a mocked test passed while the migration broke production.",
    ),
    (
        "reference_staging",
        "reference",
        "Staging access",
        "How to reach the staging database",
        "The staging database is reached through the bastion host; credentials are in 1Password.",
    ),
)
_ORPHAN: Final = (
    "project_old_cdn",
    "project",
    "CDN switch",
    "Moved assets to the new CDN",
    "Static assets moved to the new CDN in October; the old bucket is read-only.",
)
_USER_CLAUDE_MD: Final = (
    "# My defaults\n\n- Answer in English unless I write in another language.\n"
    "- Prefer pnpm over npm; my editor settings are in @~/.claude/my-prefs.md\n"
)
_GONE: Final = "- [Old API notes](reference_old_api.md) — the v1 API, removed in September\n"


def write_demo(
    target: Path, *, entries: int | None = None, seed: int = 0, today: date | None = None
) -> DemoResult:
    """Write the demo into `target` (a new or empty folder); `entries` caps the memories."""
    check_target(target)
    day = today or date(2026, 11, 1)
    chosen = _MEMORIES[: max(3, min(entries or len(_MEMORIES), len(_MEMORIES)))]
    root = target / "projects" / folder_name(PROJECT)
    start = datetime.combine(day, time(9, 0), tzinfo=UTC) - timedelta(days=len(chosen))
    index = ["# Memory index", ""]
    for n, (stem, kind, title, description, body) in enumerate(chosen):
        topic = new_topic(stem.replace("_", "-"), description, kind, body)
        put(root / MEMORY / f"{stem}.md", topic.front + topic.body, start + timedelta(days=n))
        index.append(f"- [{title}]({stem}.md) — {description}")
    stem, kind, _title, description, body = _ORPHAN
    orphan = new_topic(stem.replace("_", "-"), description, kind, body)
    put(root / MEMORY / f"{stem}.md", orphan.front + orphan.body, start)
    put(root / INDEX_FILE, "\n".join(index) + "\n" + _GONE, start + timedelta(days=len(chosen)))
    put(target / "CLAUDE.md", _USER_CLAUDE_MD, start)
    session = {"type": "user", "cwd": PROJECT, "sessionId": "demo", "message": {"role": "user"}}
    put(root / "0b1e7c2a-demo.jsonl", json.dumps(session) + "\n", start)
    return DemoResult(root / INDEX_FILE, len(chosen), (), None, root)
