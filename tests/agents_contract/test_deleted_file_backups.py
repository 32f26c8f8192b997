"""SPEC 5: a memory file MemDesk deleted stays findable and restorable by its backup, with the
journal gone (so no undo): `backups` lists it, restore puts it back byte for byte, in the
agent's mode for a file it creates, undoably. Every agent with a memory file besides its
long-term one (a topic file, a daily note, a note, a scope's or a profile's file)."""

from __future__ import annotations

import contextlib
import stat
from pathlib import Path

import pytest

from core.ops import ChangeSet, apply_and_save
from core.ops.restore import restore_and_save
from core.ops.undo import undo_and_save
from core.store.backups_view import BackupFile
from core.store.confine import OWN_FOLDER
from core.store.errors import WorkspaceError
from tests.agents_contract.conftest import Demo


def _whole_file(demo: Demo) -> str | None:
    """A memory file MemDesk edits besides the long-term one (the last by name), if any."""
    ws = demo.agent.open(demo.root)
    found = []
    for rel in sorted({row.file for row in demo.rows()} - {demo.memory_file}):
        with contextlib.suppress(WorkspaceError):  # a file the agent alone writes
            if rel.endswith(".md") and not ws.document_at(rel).read_only:
                found.append(rel)
    return found[-1] if found else None


def _forget_the_journal(root: Path) -> None:
    for db in (root / OWN_FOLDER).glob("memdesk.db*"):
        db.unlink()


def _backup_of(demo: Demo, rel: str) -> BackupFile:
    found = [b for b in demo.agent.backups(demo.root) if b.live == rel and b.origin == "memdesk"]
    assert found, f"{demo.layout}: no backup of the deleted {rel} is listed"
    return found[-1]


def test_a_deleted_file_is_listed_and_restored_byte_for_byte_without_the_journal(
    demo: Demo,
) -> None:
    rel = _whole_file(demo)
    if rel is None:
        pytest.skip(f"{demo.layout}: its memories are all in one file")
    path = demo.root / rel
    before = path.read_bytes()
    ws = demo.agent.open(demo.root)
    apply_and_save(ws, [ChangeSet(ws.document_at(rel), f"Delete {rel}", remove=True)])
    assert not path.exists()
    _forget_the_journal(demo.root)

    backup = _backup_of(demo, rel)
    assert backup.raw() == before
    assert backup.entries(), "read with the agent's format, it holds the file's memories"
    ws = demo.agent.open(demo.root)
    restore_and_save(ws, backup)
    assert path.read_bytes() == before
    assert stat.S_IMODE(path.stat().st_mode) == ws.target(rel).new_file_mode

    undo_and_save(demo.agent.open(demo.root), None)  # the restore is undone like any operation
    assert not path.exists()
    assert _backup_of(demo, rel).raw() == before
