"""Undo and restore say what is wrong, and never with an empty key: undoing a whole-file restore
after the agent appended a memory puts back every memory the restore changed and keeps the
agent's (it said "MEMORY.md: entry  is not as expected"); restoring two memories the file lacks
brings back both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.store.errors import WorkspaceError
from core.store.merge import Change
from tests.cli.conftest import Cli
from tests.helpers import oldest_demo_backup, open_workspace

APPENDED = "\n### [abc123] fact | 0.70 | 2026-11-27 | 1\nThe agent appended this.\n"


@pytest.fixture
def demo(cli: Cli, tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert cli("demo", ws).code == 0
    return ws


def memories(ws: Path) -> set[str]:
    return set(re.findall(r"^### .*$", (ws / "MEMORY.md").read_text(encoding="utf-8"), re.M))


def test_undoing_a_whole_restore_after_an_agent_append_keeps_the_agents_memory(
    cli: Cli, demo: Path
) -> None:
    before = memories(demo)
    assert cli("restore", demo, oldest_demo_backup(demo)).code == 0
    with (demo / "MEMORY.md").open("a", encoding="utf-8") as agent:
        agent.write(APPENDED)

    result = cli("undo", demo)

    assert result.code == 0, result.err
    assert "is not as expected" not in result.err
    assert memories(demo) == before | {APPENDED.strip().splitlines()[0]}


def test_restoring_two_memories_the_file_lacks_brings_back_both(cli: Cli, demo: Path) -> None:
    before = memories(demo)
    assert cli("delete", demo, "32911b", "25c191").code == 0
    backup = max((demo / ".memdesk" / "backups").iterdir()).relative_to(demo)

    result = cli("restore", demo, backup, "--only", "32911b", "25c191")

    assert result.code == 0, result.err
    assert memories(demo) == before


def test_a_change_that_meets_another_entry_names_the_memory(demo: Path) -> None:
    """The one "not as expected" message: it names the memory and says what to do."""
    ws = open_workspace(demo)
    entry = ws.find("32911b")
    stale = Change("32911b", entry.edited(content="not what the file holds"), None)
    with pytest.raises(WorkspaceError) as caught:
        ws.document.apply([stale])
    message = str(caught.value)
    assert "memory 32911b" in message and "changed since it was read" in message
    assert "entry  " not in message
