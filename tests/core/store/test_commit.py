"""The one guarded commit: file and journal together, the last look, late writes, interrupted saves."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import format as ev
from core.agents.everbot import ops as operations
from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.ops.entries import add_entry, edit_entry
from core.store import atomic
from core.store import commit as commit_module
from core.store.backups import own_backup_dir
from core.store.commit import Target, clean_leftovers
from core.store.document import Document
from core.store.errors import WorkspaceError
from core.store.journal import Journal
from core.store.merge import ConflictError
from core.store.settled import journal_for_reading, settle_interrupted
from tests.conftest import PROJECT_ROOT
from tests.helpers import open_workspace

MEMORY = """# Agent Memory

<!-- Last updated: 2026-01-01T12:00:00 -->

## Active Memories

### [a1a1a1] fact | 0.99 | 2026-01-01 | 3
用户住在上海。

### [b2b2b2] preference | 0.80 | 2025-12-01 | 1
User likes short answers.
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    return folder


def _journal_events(root: Path) -> list[tuple[str, str]]:
    with journal_for_reading(root) as journal:
        if journal is None:
            return []
        return [(e.memory_id, e.kind) for e in reversed(journal.recent_events(1000))]


def _pending(root: Path) -> int:
    with Journal.open(root) as journal:
        return len(journal.pending_commits())


def test_a_save_records_its_commit_and_events_together(root: Path) -> None:
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", content="用户住在杭州。").apply()
    ws.save(actor="person", cause="test")
    assert "杭州" in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert _journal_events(root) == [("a1a1a1", "edit")]
    assert _pending(root) == 0


def test_a_journal_that_cannot_be_written_means_no_write(root: Path) -> None:
    (root / ".memdesk").write_text("not a folder")  # the journal cannot be created
    before = (root / "MEMORY.md").read_bytes()
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", content="changed").apply()
    with pytest.raises(WorkspaceError, match="not saved"):
        ws.save(actor="person", cause="test")
    assert (root / "MEMORY.md").read_bytes() == before


def test_a_score_the_journal_cannot_store_means_no_write(root: Path) -> None:
    """Tried as a tester would: an `inf` score replaced the file, then the journal failed."""
    before = (root / "MEMORY.md").read_bytes()
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", score=float("inf")).apply()
    with pytest.raises(WorkspaceError, match="not saved"):
        ws.save(actor="person", cause="test")
    assert (root / "MEMORY.md").read_bytes() == before
    assert _journal_events(root) == []
    assert _backups(root) == []  # made while the journal tried: removed with the attempt


def test_another_writer_between_plan_and_rename_is_merged(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An agent without a lock writes after MemDesk read the file: the last look sees it."""
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", content="MemDesk's edit").apply()
    real_prepare = atomic.prepare
    calls = []

    def prepare_then_agent_writes(path: Path, data: bytes, **kw: int) -> atomic.PreparedTemp:
        prepared = real_prepare(path, data, **kw)
        if not calls:
            text = path.read_text(encoding="utf-8").replace("short answers", "long answers")
            path.write_text(text, encoding="utf-8")  # in place, as an agent might
        calls.append(1)
        return prepared

    monkeypatch.setattr(atomic, "prepare", prepare_then_agent_writes)
    result = ws.save(actor="person", cause="test")
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "MemDesk's edit" in text and "long answers" in text
    assert result.merged and len(calls) == 2
    assert not [p for p in root.iterdir() if atomic.is_memdesk_temp(p.name)]


def test_an_append_into_the_replaced_file_is_merged(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An appender that opened the file just before the rename writes into the old inode."""
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", content="MemDesk's edit").apply()
    appended = "\n### [c3c3c3] fact | 0.60 | 2026-01-02 | 1\nAppended by the agent.\n"
    real_swap = atomic.PreparedTemp.swap
    calls = []

    def agent_appends_around_the_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        calls.append(1)
        if len(calls) > 1:
            return real_swap(self, **how)
        with open(self.target, "a", encoding="utf-8") as old_inode:
            swapped = real_swap(
                self, **how
            )  # the rename happens while the agent holds the old file
            old_inode.write(appended)
        return swapped

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_appends_around_the_swap)
    result = ws.save(actor="person", cause="test")
    doc = ev.parse((root / "MEMORY.md").read_bytes())
    assert doc.find("c3c3c3") is not None, "the agent's append was lost"
    assert doc.find("a1a1a1").content == "MemDesk's edit"  # type: ignore[union-attr]
    assert result.merged


def test_a_picoclaw_append_into_the_replaced_file_is_merged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "pico"
    (root / "memory" / "202601").mkdir(parents=True)
    longterm = root / "memory" / "MEMORY.md"
    longterm.write_text("# Long-term Memory\n\n## 2026-01-01\n\nfirst", encoding="utf-8")
    target = Target(root, "memory/MEMORY.md", root / "memory" / "backups")
    doc = Document.read(target, picoclaw.LongTermFormat())
    edit_entry(doc, "2026-01-01", "first, edited").apply()
    real_swap = atomic.PreparedTemp.swap
    calls = []

    def agent_appends_around_the_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        calls.append(1)
        if len(calls) > 1:
            return real_swap(self, **how)
        with open(self.target, "a", encoding="utf-8") as old_inode:
            swapped = real_swap(self, **how)
            old_inode.write("\n\n## 2026-01-02\n\nappended by the agent")
        return swapped

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_appends_around_the_swap)
    doc.save()
    text = longterm.read_text(encoding="utf-8")
    assert "first, edited" in text and text.endswith("## 2026-01-02\n\nappended by the agent")


def _edited_longterm(tmp_path: Path) -> tuple[Path, Path, Document[Any, Any]]:
    """A PicoClaw long-term memory with one memory, edited in MemDesk and not saved yet (its
    backups in MemDesk's folder)."""
    root = tmp_path / "pico"
    (root / "memory").mkdir(parents=True)
    longterm = root / "memory" / "MEMORY.md"
    longterm.write_text("## 2026-01-01\n\nfirst", encoding="utf-8")
    target = Target(root, "memory/MEMORY.md", own_backup_dir(root, longterm))
    doc = Document.read(target, picoclaw.LongTermFormat())
    edit_entry(doc, "2026-01-01", "first, edited").apply()
    return root, longterm, doc


def _agent_renames_over(path: Path) -> None:
    """As a read-modify-write agent without a lock writes: its version in a temp file, then a
    rename over the file."""
    agents = path.with_name("MEMORY.md.tmp")
    agents.write_text("## 2026-01-01\n\nfirst\n\n## 2026-01-02\n\nthe agent's")
    os.replace(agents, path)


def test_an_agent_rename_just_before_the_swap_is_merged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-modify-write agent (temp file + rename, no lock) renames its file over MemDesk's
    target after MemDesk's last look: the swap takes the agent's file out, and it is merged."""
    root, longterm, doc = _edited_longterm(tmp_path)
    real_swap = atomic.PreparedTemp.swap
    calls = []

    def agent_renames_then_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        calls.append(1)
        if len(calls) == 1:
            _agent_renames_over(self.target)
        return real_swap(self, **how)

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_renames_then_swap)
    saved = doc.save()
    text = longterm.read_text(encoding="utf-8")
    assert "first, edited" in text and text.endswith("## 2026-01-02\n\nthe agent's")
    assert saved.merged and len(calls) == 2
    assert not [p for p in (root / "memory").iterdir() if atomic.is_memdesk_temp(p.name)]


def test_an_agent_file_renamed_in_goes_back_before_anything_slow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a stress run found it: a read-modify-write agent renamed its file (with its new
    entry) over MEMORY.md after MemDesk's last look; MemDesk's swap took it out, and while the
    folder was being synced the agent read MemDesk's file in its place, added its next entry
    and renamed that back: its first entry was gone from the file (left in a backup only).
    Now the agent's file goes back before the folder is synced: nothing slow happens while
    MemDesk's file stands where the agent's was."""
    _root, longterm, doc = _edited_longterm(tmp_path)
    real_swap, real_fsync = atomic.PreparedTemp.swap, atomic.fsync_directory
    swaps: list[int] = []
    seen_at_sync: list[str] = []

    def agent_renames_then_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        if not swaps:
            _agent_renames_over(self.target)
        swaps.append(1)
        return real_swap(self, **how)

    def sync(folder: Path) -> None:  # what an agent reading the file at that moment would get
        if swaps:
            seen_at_sync.append(longterm.read_text(encoding="utf-8"))
        real_fsync(folder)

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_renames_then_swap)
    monkeypatch.setattr(atomic, "fsync_directory", sync)
    doc.save()
    assert seen_at_sync, "the folder was never synced"
    assert all("the agent's" in text for text in seen_at_sync), seen_at_sync
    text = longterm.read_text(encoding="utf-8")
    assert "first, edited" in text and "the agent's" in text


def test_an_agent_file_renamed_in_survives_an_error_before_it_goes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a tester would, with a disk that fails one read: the agent's file, renamed over
    MEMORY.md after MemDesk's last look and taken out by the swap, was deleted when reading it
    failed; it was the only copy of the agent's entry. Now it stays, and the next open keeps
    it as a backup."""
    root, longterm, doc = _edited_longterm(tmp_path)
    real_swap, real_read = atomic.PreparedTemp.swap, commit_module.read_or_none

    def agent_renames_then_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        _agent_renames_over(self.target)
        return real_swap(self, **how)

    def failing_read(path: Path, **kwargs: object) -> bytes | None:
        if atomic.is_memdesk_temp(path.name):
            raise OSError(5, "Input/output error", str(path))
        return real_read(path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_renames_then_swap)
    monkeypatch.setattr(commit_module, "read_or_none", failing_read)
    with pytest.raises(WorkspaceError, match="could not write"):
        doc.save()
    monkeypatch.undo()
    kept = [p for p in root.rglob("*") if p.is_file() and b"the agent's" in p.read_bytes()]
    assert kept, "the agent's only copy was deleted"
    monkeypatch.setattr(atomic, "pid_alive", lambda pid: False)  # as after MemDesk exits
    clean_leftovers(root, longterm.parent)
    backups = own_backup_dir(root, longterm).iterdir()
    assert any(b"the agent's" in b.read_bytes() for b in backups)


def test_a_late_write_that_cannot_be_merged_is_put_back_and_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent rewrote the note in place during the swap: its file goes back where it was
    (never missing from disk) and the save becomes a conflict the person settles."""
    root = tmp_path / "pico"
    (root / "memory" / "202601").mkdir(parents=True)
    note = root / "memory" / "202601" / "20260101.md"
    note.write_text("# 2026-01-01\n\nmorning", encoding="utf-8")
    rel = "memory/202601/20260101.md"
    doc = Document.read(Target(root, rel, own_backup_dir(root, note)), picoclaw.NoteFormat(rel))
    doc.set_text("# 2026-01-01\n\nrewritten by the person")  # not an append to "morning"
    real_swap = atomic.PreparedTemp.swap
    calls = []

    def agent_rewrites_around_the_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        calls.append(1)
        if len(calls) > 1:
            return real_swap(self, **how)
        with open(self.target, "r+", encoding="utf-8") as old_inode:
            swapped = real_swap(self, **how)
            old_inode.seek(0)
            old_inode.write("# 2026-01-01\n\nEVENING")  # a rewrite in place, not an append
        return swapped

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_rewrites_around_the_swap)
    with pytest.raises(ConflictError):
        doc.save()
    assert note.read_text(encoding="utf-8") == "# 2026-01-01\n\nEVENING"  # the agent's, on disk
    assert doc.modified  # the person's text waits for their choice
    doc.save(resolutions={"note": "mine"})
    assert "rewritten by the person" in note.read_text(encoding="utf-8")
    assert not [p for p in note.parent.iterdir() if atomic.is_memdesk_temp(p.name)]


def test_a_file_deleted_meanwhile_is_not_recreated(tmp_path: Path) -> None:
    root = tmp_path / "pico"
    (root / "memory").mkdir(parents=True)
    longterm = root / "memory" / "MEMORY.md"
    longterm.write_text("## 2026-01-01\n\nfirst", encoding="utf-8")
    target = Target(root, "memory/MEMORY.md", root / "memory" / "backups")
    doc = Document.read(target, picoclaw.LongTermFormat())
    add_entry(doc, picoclaw.draft_entry("second", date(2026, 1, 2))).apply()
    longterm.unlink()
    with pytest.raises(WorkspaceError, match="gone"):
        doc.save()
    assert not longterm.exists()


# -- interrupted saves: a real process killed at chosen instants ------------------------------

_KILLED_SAVE = """
import os, sys
from datetime import date
from pathlib import Path
from core.agents.everbot.decay import apply_decay, preview_decay
from core.store import atomic
from core.store.journal import Journal
from core.store.merge import ConflictError
from core.agents.everbot.workspace import Workspace

root, when = Path(sys.argv[1]), sys.argv[2]
real_swap = atomic.PreparedTemp.swap

def swap(self, **how):
    if when == "before-rename":
        os._exit(9)
    with open(self.target, "a", encoding="utf-8") as old_inode:  # an appender holds the file
        real_swap(self, **how)
        if when == "after-rename-late-write":
            old_inode.write("\\nappended during the swap\\n")
            old_inode.flush()
    if when.startswith("after-rename"):
        os._exit(9)

atomic.PreparedTemp.swap = swap
ws = Workspace.open(root)
apply_decay(ws, preview_decay(ws, date.fromisoformat(sys.argv[3])))
"""


def _killed_decay(root: Path, when: str, at: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _KILLED_SAVE, str(root), when, at],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 9, proc.stderr


def _scores(root: Path) -> dict[str, str]:
    doc = ev.parse((root / "MEMORY.md").read_bytes())
    return {e.key: e.score_token() for e in doc.iter_entries()}


def test_decay_killed_after_the_rename_is_never_applied_twice(root: Path) -> None:
    """Tried as a tester would: kill `decay --apply` right after the rename, then run it again.

    Before, the second run decayed from the old anchors a second time; a memory at 0.99 went
    below the agent's delete mark."""
    reference = root.parent / "reference"
    reference.mkdir()
    (reference / "MEMORY.md").write_bytes((root / "MEMORY.md").read_bytes())
    ws = Workspace.open(reference)
    apply_decay(ws, preview_decay(ws, date(2026, 6, 1)))
    once = _scores(reference)

    _killed_decay(root, "after-rename", "2026-06-01")
    assert _scores(root) == once  # the file was replaced
    ws = Workspace.open(root)  # the next open settles the interrupted commit
    again = preview_decay(ws, date(2026, 6, 1))
    assert again.changed == []
    assert _pending(root) == 0
    assert {k for k, _kind in _journal_events(root)} == {"a1a1a1", "b2b2b2"}


def test_decay_killed_before_the_rename_leaves_old_file_and_old_anchors(root: Path) -> None:
    before = (root / "MEMORY.md").read_bytes()
    _killed_decay(root, "before-rename", "2026-06-01")
    assert (root / "MEMORY.md").read_bytes() == before
    ws = Workspace.open(root)
    assert len(preview_decay(ws, date(2026, 6, 1)).changed) == 2  # still to do, once
    assert _journal_events(root) == []
    assert not [p for p in root.iterdir() if atomic.is_memdesk_temp(p.name)]


def _backups(root: Path) -> list[bytes]:
    folder = own_backup_dir(root, root / "MEMORY.md")
    return sorted(p.read_bytes() for p in folder.iterdir()) if folder.is_dir() else []


def test_a_write_into_the_displaced_file_survives_a_kill_after_the_swap(root: Path) -> None:
    """Tried as a tester would: an agent appended to MEMORY.md while MemDesk swapped its save in,
    and MemDesk was killed before it looked at the file it displaced. That file, at a MemDesk
    temp name, was the only copy of the agent's line, and the next open deleted it."""
    _killed_decay(root, "after-rename-late-write", "2026-06-01")
    assert [p for p in root.iterdir() if atomic.is_memdesk_temp(p.name)]
    Workspace.open(root)
    assert not [p for p in root.iterdir() if atomic.is_memdesk_temp(p.name)]
    kept = [b for b in _backups(root) if b"appended during the swap" in b]
    assert kept == [MEMORY.encode() + b"\nappended during the swap\n"]


def test_a_displaced_file_memdesk_backed_up_is_not_kept_twice(root: Path) -> None:
    _killed_decay(root, "after-rename", "2026-06-01")
    assert [p for p in root.iterdir() if atomic.is_memdesk_temp(p.name)]
    Workspace.open(root)
    assert not [p for p in root.iterdir() if atomic.is_memdesk_temp(p.name)]
    assert _backups(root) == [MEMORY.encode()]  # the backup taken before the swap, once


def test_a_leftover_of_a_many_file_workspace_is_kept_when_it_is_the_only_copy(
    tmp_path: Path,
) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    memory = tmp_path / "memory"
    memory.mkdir()
    (memory / "MEMORY.md").write_text("# Long-term Memory\n\nnow\n", encoding="utf-8")
    leftover = memory / f".MEMORY.md.memdesk-tmp.{gone.stdout.strip()}.{'0' * 16}"
    leftover.write_text("# Long-term Memory\n\nthe agent's only copy\n", encoding="utf-8")
    PicoClawWorkspace.open(tmp_path)
    assert not leftover.exists()
    kept = own_backup_dir(tmp_path, memory / "MEMORY.md")
    assert [p.read_text(encoding="utf-8") for p in kept.iterdir()] == [
        "# Long-term Memory\n\nthe agent's only copy\n"
    ]


def test_an_interrupted_save_followed_by_another_writer_is_recorded_as_diverged(
    root: Path,
) -> None:
    _killed_decay(root, "after-rename", "2026-06-01")
    memory = root / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + "\nagent's line\n", encoding="utf-8")
    with Journal.open(root) as journal:
        (record,) = settle_interrupted(journal, root)
        assert journal.pending_commits() == []
        notes = [e for e in journal.recent_events(10) if e.kind == "observe"]
    assert record.file == "MEMORY.md"
    assert notes and "interrupted" in notes[0].cause
    assert _journal_events(root) == [("", "observe")]
    # The scores the agent kept are the decayed ones: decaying to the same day changes nothing.
    ws = Workspace.open(root)
    assert preview_decay(ws, date(2026, 6, 1)).changed == []


def test_reading_never_creates_the_journal(root: Path) -> None:
    ws = Workspace.open(root)
    preview_decay(ws, date(2026, 6, 1))
    assert not (root / ".memdesk").exists()
    assert os.listdir(root) == ["MEMORY.md"]


def test_an_agent_rewrite_from_an_older_copy_is_reported_never_silent(tmp_path: Path) -> None:
    """A read-modify-write agent without a lock read the file before MemDesk's save and wrote
    its copy after it: MemDesk's change is gone from the file. The next read says so."""
    root = tmp_path / "pico"
    (root / "memory" / "202601").mkdir(parents=True)
    longterm = root / "memory" / "MEMORY.md"
    longterm.write_text("## 2026-01-01\n\nfirst", encoding="utf-8")
    ws = open_workspace(root)
    agents_copy = longterm.read_text(encoding="utf-8")  # the agent reads …
    edit_entry(ws.longterm(), "2026-01-01", "first, corrected by the person").apply()
    ws.save_all()
    # … and writes its copy plus its own append after MemDesk's save.
    longterm.write_text(agents_copy + "\n\n## 2026-01-02\n\nthe agent's", encoding="utf-8")
    refreshed = ws.refresh_from_disk()
    assert refreshed.overwritten == {"memory/MEMORY.md": ["2026-01-01"]}
    # An agent that kept MemDesk's change (an append on top of it) is no loss.
    edit_entry(ws.longterm(), "2026-01-01", "corrected again").apply()
    ws.save_all()
    longterm.write_text(longterm.read_text(encoding="utf-8") + "\n\n## 2026-01-03\n\nmore")
    assert ws.refresh_from_disk().overwritten == {}
