"""Backup retention (SPEC 5): configurable per workspace, prunes only MemDesk's own backups."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from core.agents.everbot import ops as operations
from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import format as picoclaw
from core.demo import write_demo
from core.ops.entries import edit_entry
from core.store.backups import backup_name, list_backups
from core.store.retention import DEFAULT_KEEP, backups_to_keep, prune_own, set_backups_to_keep
from tests.helpers import open_workspace


def _old_backups(folder: Path, name: str, count: int) -> list[Path]:
    """`count` backups of `name`, one a day, the newest yesterday."""
    folder.mkdir(parents=True, exist_ok=True)
    start = datetime(2026, 1, 1, 9, 0, 0)
    made = []
    for n in range(count):
        path = folder / backup_name(name, start + timedelta(days=n))
        path.write_bytes(f"backup {n}".encode())
        made.append(path)
    return made


@pytest.fixture
def structured(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    write_demo(root, entries=12, seed=1)
    return root


def test_default_and_setting(structured: Path) -> None:
    assert backups_to_keep(structured) == DEFAULT_KEEP
    set_backups_to_keep(structured, 3)
    assert backups_to_keep(structured) == 3
    set_backups_to_keep(structured, 0)
    assert backups_to_keep(structured) == 0
    with pytest.raises(ValueError, match="negative"):
        set_backups_to_keep(structured, -1)


def test_a_save_prunes_memdesks_oldest_backups_of_that_file(structured: Path) -> None:
    own = structured / ".memdesk" / "backups"
    _old_backups(own, "MEMORY.md", 5)
    other = _old_backups(own, "NOTES.md", 5)  # another file's backups: counted on their own
    before = [b.path for b in list_backups(own, original_name="MEMORY.md")]
    assert len(before) > 3
    set_backups_to_keep(structured, 3)
    ws = Workspace.open(structured)
    key = ws.entries()[0].key
    ws.apply(operations.edit(ws, key, content="用户改喝美式咖啡。"))
    result = ws.save(actor="person", cause="test")
    assert result.backup is not None and result.backup.exists()
    kept = [b.path for b in list_backups(own, original_name="MEMORY.md")]
    assert kept == [*before[-2:], result.backup]  # the newest three, the new one included
    assert all(not p.exists() for p in before[:-2])
    assert [b.path for b in list_backups(own, original_name="NOTES.md")] == other[-3:]


def test_zero_keeps_every_backup(structured: Path) -> None:
    own = structured / ".memdesk" / "backups"
    old = _old_backups(own, "MEMORY.md", 4)
    set_backups_to_keep(structured, 0)
    assert prune_own(structured, own) == []
    assert all(p.exists() for p in old)


def test_picoclaw_shared_backup_folder_is_never_pruned(tmp_path: Path) -> None:
    """memory/backups/ holds the agent's backups too, under the same names: never deleted."""
    home = tmp_path / "pico"
    write_demo(home, layout="picoclaw", seed=2)
    root = home / "workspace"
    shared = root / "memory" / "backups"
    before = sorted(p.name for p in shared.iterdir())
    set_backups_to_keep(root, 1)
    ws = open_workspace(root)
    longterm = ws.longterm()
    edit_entry(longterm, longterm.items()[0].key, "用户换了新的咖啡店。").apply()
    saved = longterm.save()
    assert saved.backup is not None and saved.backup.parent == shared
    after = sorted(p.name for p in shared.iterdir())
    assert set(before) <= set(after) and len(after) == len(before) + 1


def test_daily_note_backups_are_pruned_in_memdesks_folder(tmp_path: Path) -> None:
    home = tmp_path / "pico"
    write_demo(home, layout="picoclaw", seed=2)
    root = home / "workspace"
    ws = open_workspace(root)
    note = ws.daily_notes()[-1]
    rel_dir = note.path.parent.relative_to(root)
    own = root / ".memdesk" / "backups" / rel_dir
    old = _old_backups(own, note.path.name, 4)
    set_backups_to_keep(root, 2)
    document = ws.note(note.date)
    document.set_text(picoclaw.daily_append_text(document.text(), "晚上补充一条。", note.date))
    saved = document.save()
    assert saved.backup is not None
    assert [b.path for b in list_backups(own)] == [old[-1], saved.backup]


def test_prune_ignores_folders_outside_memdesks_own(tmp_path: Path) -> None:
    elsewhere = _old_backups(tmp_path / "memory" / "backups", "MEMORY.md", 5)
    assert prune_own(tmp_path, tmp_path / "memory" / "backups") == []
    assert all(p.exists() for p in elsewhere)
