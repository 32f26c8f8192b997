"""`memdesk restore` of a whole file is checked first (issue 22): a restore that would remove
most of the file's memories, change the kind of file, or bring back another agent's file is
refused, naming what it would remove, unless `--force`; nothing is written until then.
`restore --only` is another path and is not held back."""

from __future__ import annotations

import re
from pathlib import Path

from core.ops.restore import FEW
from tests.cli.conftest import Cli, snapshot
from tests.conftest import FIXTURES

PICOCLAW_MEMORY = FIXTURES / "picoclaw" / "home" / "workspace" / "memory" / "MEMORY.md"
TIERED_MEMORY = FIXTURES / "workspaces" / "tiered" / "MEMORY.md"


def _place_backup(demo: Path, data: bytes, stamp: str = "20200101_000000") -> str:
    """`data` as one of MemDesk's backups of MEMORY.md (as anything could put it there)."""
    rel = f".memdesk/backups/{stamp}_MEMORY.md"
    (demo / rel).write_bytes(data)
    return rel


def _ids(demo: Path) -> list[str]:
    return re.findall(r"^### \[(\w+)\]", (demo / "MEMORY.md").read_text(encoding="utf-8"), re.M)


def test_a_picoclaw_memory_placed_as_an_everbot_backup_is_refused_naming_what_goes(
    cli: Cli, demo: Path
) -> None:
    rel = _place_backup(demo, PICOCLAW_MEMORY.read_bytes())
    before = snapshot(demo)
    ids = _ids(demo)

    refused = cli("restore", demo, rel)

    assert refused.code == 1, refused.out
    assert refused.err.count("\n") == 1, "one line"
    assert "the backup is PicoClaw's long-term memory, a file of another agent" in refused.err
    assert f"it removes {len(ids)} of the {len(ids)} memories of MEMORY.md" in refused.err
    assert all(memory_id in refused.err for memory_id in ids[:5])
    assert ids[5] not in refused.err and f"… and {len(ids) - 5} more" in refused.err
    assert "--force" in refused.err
    assert snapshot(demo) == before

    forced = cli("restore", demo, rel, "--force")
    assert forced.code == 0, forced.err
    assert (demo / "MEMORY.md").read_bytes() == PICOCLAW_MEMORY.read_bytes()
    assert cli("undo", demo).code == 0
    assert _ids(demo) == ids


def test_an_empty_backup_is_refused(cli: Cli, demo: Path) -> None:
    rel = _place_backup(demo, b"")
    before = snapshot(demo)
    refused = cli("restore", demo, rel)
    assert refused.code == 1
    assert "it removes 60 of the 60 memories of MEMORY.md" in refused.err
    assert snapshot(demo) == before


def test_a_backup_of_another_kind_of_file_is_refused(cli: Cli, demo: Path) -> None:
    rel = _place_backup(demo, TIERED_MEMORY.read_bytes())
    refused = cli("restore", demo, rel)
    assert refused.code == 1
    assert "it turns the file from EverBot's memory into the tiered memory" in refused.err


def test_a_restore_that_removes_a_few_memories_is_not_held_back(cli: Cli, demo: Path) -> None:
    text = (demo / "MEMORY.md").read_text(encoding="utf-8")
    fewer = re.sub(r"### \[\w+\][^\n]*\n[^\n]*\n\n", "", text, count=FEW)
    rel = _place_backup(demo, fewer.encode("utf-8"))
    result = cli("restore", demo, rel)
    assert result.code == 0, result.err
    assert len(_ids(demo)) == 60 - FEW


def test_restoring_only_some_memories_from_such_a_backup_is_not_held_back(
    cli: Cli, demo: Path
) -> None:
    rel = _place_backup(demo, b"")
    first = _ids(demo)[0]
    result = cli("restore", demo, rel, "--only", first)
    assert result.code == 0, result.err
    assert _ids(demo)[0] != first and len(_ids(demo)) == 59
