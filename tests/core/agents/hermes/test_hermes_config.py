"""Hermes' `config.yaml` read once, as the agent reads it (spec/hermes.md 2.4, 6.1), by every
part of MemDesk that needs it.

Tried as a Hermes user would: with `memory_char_limit: 100  # tight` MemDesk's check and the
page's budget bar said 2,200 while approving a staged write counted 100 (two readers of the same
file); a quoted `'100'` was the other way round. Now one reader gives one limit to check, the
budget bar, context, cautions and approval, and each profile's gate is its own config's."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.agents.hermes import AGENT
from core.review.staged import staged_writes
from tests.core.agents.hermes.test_hermes_staged import session_of, stage


@pytest.mark.parametrize(
    ("config", "memory", "user"),
    [
        ("memory:\n  memory_char_limit: 100  # tight\n  user_char_limit: 50\n", 100, 50),
        ("memory:\n  memory_char_limit: '100'\n", 100, 1375),  # int('100'), as the agent does
        ("memory:\n  memory_char_limit: 100\n  user_char_limit: lots\n", 2200, 1375),
        ("memory:\n  memory_char_limit: 100\n  extra:\n    memory_char_limit: 7\n", 100, 1375),
        ("memory:\n  memory_char_limit:\n", 2200, 1375),  # int(None) fails: the defaults
        ("memory: {memory_char_limit: 100}\n", 2200, 1375),  # a form MemDesk does not read
    ],
)
def test_check_and_approval_read_the_same_limit_as_the_agent(
    config: str, memory: int, user: int, tmp_path: Path
) -> None:
    (tmp_path / "memories").mkdir()
    (tmp_path / "memories/MEMORY.md").write_text("first", encoding="utf-8")
    (tmp_path / "config.yaml").write_text(config, encoding="utf-8")
    budget = {b["file"]: b["limit"] for b in AGENT.check(tmp_path).extra["budget"]}
    assert budget == {"memories/MEMORY.md": memory, "memories/USER.md": user}
    stage(tmp_path, "00000001", {"action": "add", "target": "memory", "content": "m" * 150})
    with session_of(tmp_path) as session:
        [write] = staged_writes(session)
    refused = write.failure is not None and "would exceed the limit" in write.failure
    assert refused == (memory < 150)
