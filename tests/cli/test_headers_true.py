"""MemDesk keeps the headers it writes true: the agent's `Total entries` counts the memories
after a restore, an add or a delete, and one that was wrong before is left as the agent wrote it."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.conftest import Cli


def total(root: Path) -> tuple[str, int]:
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    said = re.search(r"<!-- Total entries: (.*) -->", text)
    assert said is not None
    return said.group(1), len(re.findall(r"^### \[", text, re.MULTILINE))


def test_restoring_two_memories_only_a_backup_holds_counts_them(cli: Cli, tmp_path: Path) -> None:
    """Tried as a user would: after the restore the header said 40 while the file held 42."""
    root = tmp_path / "ws"
    assert cli("demo", root).code == 0
    oldest = sorted((root / ".memdesk" / "backups").iterdir())[0]
    assert total(root) == ("40", 40)

    restored = cli("restore", root, oldest, "--only", "a253f6", "c511c3")

    assert restored.code == 0, restored.err
    assert total(root) == ("42", 42)
    assert cli("undo", root).code == 0
    assert total(root) == ("40", 40)
    assert cli("add", root, "用户下周去杭州出差。").code == 0
    assert total(root) == ("41", 41)


def test_a_count_that_was_wrong_is_left_as_it_was(cli: Cli, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    assert cli("demo", root).code == 0
    path = root / "MEMORY.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("Total entries: 40", "Total entries: 13"),
        encoding="utf-8",
    )
    assert cli("add", root, "a memory added by the person").code == 0
    assert total(root) == ("13", 41)
