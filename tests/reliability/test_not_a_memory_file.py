"""A file that is not an agent's memory file is refused by every command, and nothing is
written or created beside it (no lock, no .memdesk/): issue 23 item 5. A MEMORY.md the person
points at, even an empty one, is still read as EverBot's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli, snapshot

NOTES = {
    "notes.txt": b"my shopping list\n- milk\n",
    "notes.md": b"# Meeting notes\n\nThe user asked for a summary.\n",
    "empty.md": b"",
}
OTHER_AGENTS = {  # a file of another agent's, named directly
    "picoclaw": b"# Long-term Memory\n\n- the user likes tea\n",
    "openclaw": b"# Long-Term Memory\n\n- the user likes tea\n",
}
COMMANDS = [
    ("add", "a new memory"),
    ("edit", "aa0001", "--text", "new"),
    ("delete", "aa0001"),
    ("archive", "aa0001"),
    ("pin", "aa0001"),
    ("decay", "--apply"),
    ("restore", "newest"),
    ("policy", "--set", "decay_rate=0.1"),
    ("undo",),
    ("forget", "milk"),
    ("check",),
    ("list",),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("name", sorted(NOTES))
def test_a_note_is_refused_and_nothing_is_created(
    cli: Cli, tmp_path: Path, name: str, command: tuple[str, ...]
) -> None:
    note = tmp_path / name
    note.write_bytes(NOTES[name])
    before = snapshot(tmp_path)
    result = cli(command[0], note, *command[1:])
    assert result.code == 2, result
    assert "not an agent's memory file (MemDesk looked for EverBot's memories" in result.err
    assert result.err.count("\n") == 1  # one line
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("agent", sorted(OTHER_AGENTS))
def test_another_agents_file_named_directly_is_refused_naming_its_kind(
    cli: Cli, tmp_path: Path, agent: str
) -> None:
    memory = tmp_path / "MEMORY.md"
    memory.write_bytes(OTHER_AGENTS[agent])
    before = snapshot(tmp_path)
    result = cli("add", memory, "a new memory")
    assert result.code == 2
    assert "long-term memory: open its workspace folder" in result.err
    assert snapshot(tmp_path) == before


def test_an_empty_memory_md_named_directly_still_takes_a_memory(cli: Cli, tmp_path: Path) -> None:
    memory = tmp_path / "MEMORY.md"
    memory.write_bytes(b"")
    assert cli("add", memory, "a new memory").code == 0
    assert b"a new memory" in memory.read_bytes()


def test_a_structured_file_under_another_name_is_still_read(cli: Cli, tmp_path: Path) -> None:
    copy = tmp_path / "memory-copy.md"
    copy.write_bytes(b"### [aa0001] fact | 0.50 | 2026-01-01 | 1\nthe user likes tea\n")
    listed = cli("list", copy, "--json")
    assert listed.code == 0
    assert [m["id"] for m in listed.json()] == ["aa0001"]
