"""Guards of the data-safety core that could be switched off without any other test noticing
(found by sampled mutation testing, tests/mutation/run.py): each test here fails when its guard
is gone."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from core.agents.everbot import ops as operations
from core.agents.everbot.workspace import Workspace
from core.decay import apply_decay, preview_decay
from core.store import atomic
from core.store.commit import journal_for_reading
from core.store.errors import WorkspaceError

MEMORY = """# Agent Memory

<!-- Last updated: 2026-03-01T12:00:00 -->

## Active Memories

### [a1a1a1] fact | 0.90 | 2026-01-01 | 3
用户住在上海。

### [b2b2b2] preference | 0.80 | 2026-02-28 | 1
User likes short answers.
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    return folder


def _open_descriptors() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


# -- replacing a file ------------------------------------------------------------------------------
@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another owner")
def test_a_replaced_file_keeps_its_owner_group_and_mode(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"old")
    os.chown(path, 4321, 4322)
    path.chmod(0o640)
    atomic.atomic_write_bytes(path, b"new")
    st = path.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o777) == (4321, 4322, 0o640)
    assert path.read_bytes() == b"new"


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_saves_leave_no_descriptor_open(root: Path) -> None:
    """A descriptor leaked per save ends a long session with 'too many open files'."""
    ws = Workspace.open(root)
    ws.apply(operations.edit(ws, "a1a1a1", content="warm up"))
    ws.save(actor="person", cause="test")
    atomic.atomic_write_bytes(root / "other.md", b"warm up")
    before = _open_descriptors()
    for n in range(5):
        ws.apply(operations.edit(ws, "a1a1a1", content=f"edit {n}"))
        assert ws.save(actor="person", cause="test").changes
        atomic.atomic_write_bytes(root / "other.md", f"version {n}".encode())
    assert _open_descriptors() == before


# -- decay -----------------------------------------------------------------------------------------
def test_a_stale_decay_preview_is_refused_when_a_score_changed_meanwhile(root: Path) -> None:
    ws = Workspace.open(root)
    preview = preview_decay(ws, date(2026, 6, 1))
    assert "a1a1a1" in {c.key for c in preview.changed}
    agent = MEMORY.replace("| 0.90 |", "| 0.95 |")  # the agent reinforced it meanwhile
    (root / "MEMORY.md").write_text(agent, encoding="utf-8")
    ws.reload()
    with pytest.raises(WorkspaceError, match="changed since the preview"):
        apply_decay(ws, preview)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == agent


def test_a_stale_decay_preview_is_refused_when_a_memory_was_deleted_meanwhile(root: Path) -> None:
    ws = Workspace.open(root)
    preview = preview_decay(ws, date(2026, 6, 1))
    agent = MEMORY.split("### [a1a1a1]")[0] + "### [b2b2b2]" + MEMORY.split("### [b2b2b2]")[1]
    (root / "MEMORY.md").write_text(agent, encoding="utf-8")
    ws.reload()
    with pytest.raises(WorkspaceError, match="changed since the preview"):
        apply_decay(ws, preview)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == agent


def test_decay_is_refused_while_edits_are_unsaved(root: Path) -> None:
    ws = Workspace.open(root)
    ws.apply(operations.edit(ws, "b2b2b2", content="unsaved"))
    with pytest.raises(WorkspaceError, match="save or discard your edits"):
        apply_decay(ws, preview_decay(ws, date(2026, 6, 1)))
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_a_decay_run_that_changes_no_score_still_moves_every_anchor(root: Path) -> None:
    ws = Workspace.open(root)
    at = date(2026, 3, 1)  # the file's own date: its scores hold all decay up to it
    preview = preview_decay(ws, at)
    assert preview.changed == []
    apply_decay(ws, preview)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY
    with journal_for_reading(root) as journal:
        assert journal is not None
        states = journal.decay_state("MEMORY.md")
    assert {k: (s.anchor, s.score) for k, s in states.items()} == {
        "a1a1a1": (at, 0.9),
        "b2b2b2": (at, 0.8),
    }
