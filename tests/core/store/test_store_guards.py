"""Guards of the data-safety core that could be switched off without any other test noticing
(found by sampled mutation testing, tests/mutation/run.py): each test here fails when its guard
is gone."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import format as ev
from core.agents.everbot import ops as operations
from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.agents.pomelobot import format as pomelobot
from core.formats.whole_text import WHOLE_TEXT_KEY
from core.ops.entries import edit_entry
from core.store import atomic
from core.store import commit as store_commit
from core.store.backups import own_backup_dir
from core.store.commit import NotRecorded, Target, clean_leftovers
from core.store.document import Document
from core.store.documents import Refreshed
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.journal import Journal, JournalError
from core.store.merge import Change, ConflictError
from core.store.settled import journal_for_reading, sha256
from tests.conftest import PROJECT_ROOT
from tests.core.agents.test_fuzz_parsers import finishes_within
from tests.core.store.test_commit import _killed_decay
from tests.helpers import another_users_process, dead_pid, open_workspace, without_decay_mark

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


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """A save looping for ever fails its test instead of hanging the run."""
    with finishes_within(20):
        yield


def _open_descriptors() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def _pending(root: Path) -> int:
    with Journal.open(root) as journal:  # opened as it is: nothing settled first
        return len(journal.pending_commits())


def _events(root: Path) -> list[tuple[str, str]]:
    with journal_for_reading(root) as journal:
        assert journal is not None
        return sorted((e.memory_id, e.kind) for e in journal.recent_events(100))


def _edit_a1(root: Path, content: str = "MemDesk's edit") -> Workspace:
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", content=content).apply()
    return ws


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
    operations.edit(ws, "a1a1a1", content="warm up").apply()
    ws.save(actor="person", cause="test")
    atomic.atomic_write_bytes(root / "other.md", b"warm up")
    before = _open_descriptors()
    for n in range(5):
        operations.edit(ws, "a1a1a1", content=f"edit {n}").apply()
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


def test_a_decay_preview_checks_each_score_even_when_nothing_was_read_since(root: Path) -> None:
    ws = Workspace.open(root)
    preview = preview_decay(ws, date(2026, 6, 1))
    entry = ws.find("a1a1a1")
    assert entry is not None
    entry.score = 0.95  # the memory as previewed, its score since set in place
    with pytest.raises(WorkspaceError, match="changed since the preview"):
        apply_decay(ws, preview)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_a_decay_preview_still_applies_after_another_memory_was_saved(root: Path) -> None:
    ws = Workspace.open(root)
    preview = preview_decay(ws, date(2026, 6, 1))
    operations.edit(ws, "b2b2b2", content="saved meanwhile").apply()
    ws.save(actor="person", cause="test")
    apply_decay(ws, preview)
    reread = Workspace.open(root)
    decayed = {c.key: c.after for c in preview.changed}
    assert {k: round(reread.find(k).score, 2) for k in decayed} == {  # type: ignore[union-attr]
        k: round(v, 2) for k, v in decayed.items()
    }
    assert "saved meanwhile" in (root / "MEMORY.md").read_text(encoding="utf-8")


def test_decay_is_refused_while_edits_are_unsaved(root: Path) -> None:
    ws = Workspace.open(root)
    operations.edit(ws, "b2b2b2", content="unsaved").apply()
    with pytest.raises(WorkspaceError, match="save or discard your edits"):
        apply_decay(ws, preview_decay(ws, date(2026, 6, 1)))
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_a_decay_preview_as_json_lists_its_changes_and_proposals(root: Path) -> None:
    ws = Workspace.open(root)
    preview = preview_decay(ws, date(2027, 6, 1))
    shown = preview.as_json()
    assert shown["at"] == "2027-06-01"
    assert shown["changed"] == [
        {"id": c.id, "before": c.before, "after": c.after} for c in preview.changed
    ]
    assert [c["id"] for c in shown["changed"]] == ["a1a1a1", "b2b2b2"]  # type: ignore[index]
    assert shown["transitions"] == [{"id": t.id, "to": t.to} for t in preview.transitions]
    assert shown["transitions"]


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


def test_a_deleted_memory_takes_its_decay_bookkeeping_with_it(root: Path) -> None:
    """No anchor outlives its memory: one that comes back later (the agent writing the file from
    a copy read before the delete) is known only by what the file says, like any memory MemDesk
    has no record of."""
    ws = Workspace.open(root)
    apply_decay(ws, preview_decay(ws, date(2026, 6, 1)))
    # the agent's copy, as its writer puts it back: without the header comment MemDesk added
    decayed = without_decay_mark((root / "MEMORY.md").read_bytes(), "2026-06-01").decode()
    operations.delete(ws, ["a1a1a1"]).apply()
    ws.save(actor="person", cause="test")
    with journal_for_reading(root) as journal:
        assert journal is not None
        assert set(journal.decay_state("MEMORY.md")) == {"b2b2b2"}
    (root / "MEMORY.md").write_text(decayed, encoding="utf-8")  # the agent's older copy
    _, state = Workspace.open(root).history("a1a1a1")
    assert state is not None and state.anchor == date(2026, 3, 1)  # the file's own, not June's


def test_a_temp_file_that_cannot_be_created_is_refused_at_once(tmp_path: Path) -> None:
    with pytest.raises(atomic.WriteRefused, match="cannot create a temporary file"):
        atomic.create_temp(tmp_path / "no such folder" / "MEMORY.md")


# -- the guarded commit ----------------------------------------------------------------------------
def test_a_save_onto_a_file_the_agent_emptied_is_a_conflict_not_a_quiet_no_op(root: Path) -> None:
    ws = _edit_a1(root)
    (root / "MEMORY.md").write_bytes(b"")  # the agent emptied it, and it stays empty
    with pytest.raises(ConflictError):
        ws.save(actor="person", cause="test")
    assert (root / "MEMORY.md").read_bytes() == b""


def test_a_save_that_met_another_writer_leaves_no_commit_pending(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The attempt planned on the old file is dropped from the journal at once: left pending,
    the next open would record it as an interrupted save followed by another program's change."""
    ws = _edit_a1(root)
    real_prepare = atomic.prepare
    calls = []

    def prepare_then_agent_writes(path: Path, data: bytes, **kw: int) -> atomic.PreparedTemp:
        prepared = real_prepare(path, data, **kw)
        if not calls:
            path.write_text(MEMORY.replace("short answers", "long answers"), encoding="utf-8")
        calls.append(1)
        return prepared

    monkeypatch.setattr(atomic, "prepare", prepare_then_agent_writes)
    assert ws.save(actor="person", cause="test").merged
    assert _pending(root) == 0
    assert _events(root) == [("a1a1a1", "edit")]


@pytest.mark.parametrize(
    ("error", "raised", "message"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), WorkspaceError, "could not write"),
        (atomic.WriteRefused(Path("MEMORY.md"), "not today"), WorkspaceError, "not today"),
        (KeyboardInterrupt(), KeyboardInterrupt, None),
    ],
)
def test_a_save_failing_at_the_write_leaves_the_file_and_no_commit_pending(
    root: Path,
    monkeypatch: pytest.MonkeyPatch,
    error: BaseException,
    raised: type[BaseException],
    message: str | None,
) -> None:
    ws = _edit_a1(root)

    def fails(path: Path, data: bytes, **_kw: int) -> atomic.PreparedTemp:
        raise error

    monkeypatch.setattr(atomic, "prepare", fails)
    with pytest.raises(raised, match=message) as caught:
        ws.save(actor="person", cause="test")
    if isinstance(error, atomic.WriteRefused):
        assert caught.value.exit_code == EXIT_REFUSED  # type: ignore[attr-defined]
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY
    assert _pending(root) == 0


def test_a_window_reading_the_journal_during_a_save_does_not_settle_it(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another view of the same workspace reads the journal (and settles interrupted saves)
    while this one is between its journal intent and its rename: that save is not interrupted."""
    ws = _edit_a1(root)
    real_prepare = atomic.prepare

    def another_view_reads_meanwhile(path: Path, data: bytes, **kw: int) -> atomic.PreparedTemp:
        with journal_for_reading(root):
            pass
        return real_prepare(path, data, **kw)

    monkeypatch.setattr(atomic, "prepare", another_view_reads_meanwhile)
    ws.save(actor="person", cause="test")
    assert _events(root) == [("a1a1a1", "edit")]
    assert _pending(root) == 0


def test_an_agent_rename_during_the_swap_keeps_both_sides(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent renames its own copy over the file between MemDesk's last look and its swap:
    the agent's file goes back in place and MemDesk merges onto it."""
    ws = _edit_a1(root)
    agents = MEMORY.replace("short answers", "long answers")
    real_swap = atomic.PreparedTemp.swap
    calls = []

    def agent_renames_then_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        if not calls:
            theirs = self.target.with_name("MEMORY.md.agent")
            theirs.write_text(agents, encoding="utf-8")
            os.replace(theirs, self.target)
        calls.append(1)
        return real_swap(self, **how)

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_renames_then_swap)
    assert ws.save(actor="person", cause="test").merged
    doc = ev.parse((root / "MEMORY.md").read_bytes())
    assert doc.find("a1a1a1").content == "MemDesk's edit"  # type: ignore[union-attr]
    assert doc.find("b2b2b2").content == "User likes long answers."  # type: ignore[union-attr]


def test_an_append_into_the_replaced_file_is_merged_where_files_cannot_be_exchanged(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without renameat2 (macOS, old kernels) the swap is a plain rename; an appender holding
    the old file writes into it after the rename, and that late write is merged all the same."""
    monkeypatch.setattr(atomic, "_libc_renameat2", lambda: None)
    ws = _edit_a1(root)
    appended = "\n### [c3c3c3] fact | 0.60 | 2026-01-02 | 1\nAppended by the agent.\n"
    real_swap = atomic.PreparedTemp.swap
    calls = []

    def agent_appends_around_the_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        calls.append(1)
        if len(calls) > 1:
            return real_swap(self, **how)
        with open(self.target, "a", encoding="utf-8") as old_inode:
            swapped = real_swap(self, **how)
            old_inode.write(appended)
        return swapped

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_appends_around_the_swap)
    saved = ws.save(actor="person", cause="test")
    doc = ev.parse((root / "MEMORY.md").read_bytes())
    assert doc.find("c3c3c3") is not None, "the agent's append was lost"
    assert doc.find("a1a1a1").content == "MemDesk's edit"  # type: ignore[union-attr]
    assert saved.merged and "merged" in saved.notice


def test_a_late_rewrite_that_cannot_be_merged_is_kept_where_files_cannot_be_exchanged(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without renameat2 the agent's late in-place rewrite of the same memory lands in a file
    that is already replaced: its version is kept as a backup only MemDesk can read, and named."""
    monkeypatch.setattr(atomic, "_libc_renameat2", lambda: None)
    ws = _edit_a1(root)
    theirs = MEMORY.replace("用户住在上海。", "The agent's own text.")
    real_swap = atomic.PreparedTemp.swap
    calls = []

    def agent_rewrites_around_the_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        calls.append(1)
        if len(calls) > 1:
            return real_swap(self, **how)
        with open(self.target, "r+", encoding="utf-8") as old_inode:
            swapped = real_swap(self, **how)
            old_inode.truncate(0)
            old_inode.write(theirs)
        return swapped

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_rewrites_around_the_swap)
    saved = ws.save(actor="person", cause="test")
    assert "could not be merged" in saved.notice
    backups = own_backup_dir(root, root / "MEMORY.md")
    (kept,) = [p for p in backups.iterdir() if p.read_text(encoding="utf-8") == theirs]
    assert str(kept) in saved.notice
    assert kept.stat().st_mode & 0o777 == 0o600
    mine = ev.parse((root / "MEMORY.md").read_bytes()).find("a1a1a1")
    assert mine is not None and mine.content == "MemDesk's edit"


def test_a_file_renamed_over_the_target_twice_during_a_save_is_kept(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One program renames its copy in just before the swap, another just after: the first
    goes back in place and is merged, the second is kept as a backup only MemDesk can read."""
    ws = _edit_a1(root)
    first = MEMORY.replace("short answers", "long answers")
    second = MEMORY + "\n### [d4d4d4] fact | 0.50 | 2026-01-03 | 1\nThe second program's.\n"
    real_swap, real_put_back = atomic.PreparedTemp.swap, atomic.PreparedTemp.put_back
    swaps: list[int] = []

    def rename_in(text: str, target: Path) -> None:
        theirs = target.with_name("MEMORY.md.other")
        theirs.write_text(text, encoding="utf-8")
        os.replace(theirs, target)

    def first_renames_then_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        if not swaps:
            rename_in(first, self.target)
        swaps.append(1)
        return real_swap(self, **how)

    def second_renames_then_put_back(self: atomic.PreparedTemp, displaced: Path) -> bool:
        rename_in(second, self.target)
        return real_put_back(self, displaced)

    monkeypatch.setattr(atomic.PreparedTemp, "swap", first_renames_then_swap)
    monkeypatch.setattr(atomic.PreparedTemp, "put_back", second_renames_then_put_back)
    ws.save(actor="person", cause="test")
    doc = ev.parse((root / "MEMORY.md").read_bytes())
    assert doc.find("a1a1a1").content == "MemDesk's edit"  # type: ignore[union-attr]
    assert doc.find("b2b2b2").content == "User likes long answers."  # type: ignore[union-attr]
    backups = own_backup_dir(root, root / "MEMORY.md")
    (kept,) = [p for p in backups.iterdir() if p.read_text(encoding="utf-8") == second]
    assert kept.stat().st_mode & 0o777 == 0o600


def test_an_append_a_moment_after_the_swap_is_merged(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An appender that opened the file just before the swap writes a millisecond later: the
    commit keeps watching the file it replaced for that long, through quiet looks."""
    ws = _edit_a1(root)
    appended = "\n### [c3c3c3] fact | 0.60 | 2026-01-02 | 1\nAppended by the agent.\n"
    held: list[Any] = []
    pauses: list[float] = []
    real_swap = atomic.PreparedTemp.swap
    real_sleep = store_commit.time.sleep

    def agent_opens_before_the_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        if not held:
            held.append(open(self.target, "a", encoding="utf-8"))  # noqa: SIM115
        return real_swap(self, **how)

    def pause_while_the_agent_writes(seconds: float) -> None:
        if held and not held[0].closed:
            pauses.append(seconds)
            if len(pauses) == 2:  # after a look that found the file quiet
                held[0].write(appended)
                held[0].close()
        real_sleep(seconds)

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_opens_before_the_swap)
    monkeypatch.setattr(store_commit.time, "sleep", pause_while_the_agent_writes)
    ws.save(actor="person", cause="test")
    doc = ev.parse((root / "MEMORY.md").read_bytes())
    assert doc.find("c3c3c3") is not None, "the agent's append was lost"
    assert doc.find("a1a1a1").content == "MemDesk's edit"  # type: ignore[union-attr]


def test_a_new_file_in_a_folder_that_cannot_be_written_is_refused_before_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A daily note of a new month: its folder does not exist yet, and memory/ is read-only
    (simulated: root may write anywhere)."""
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    memory = root / "memory"
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != memory and real_access(p, mode))
    note = ws.note(date(2026, 4, 1))
    note.set_text("# 2026-04-01\n\nnew month")
    with pytest.raises(WorkspaceError, match="is not writable") as raised:
        note.save()
    assert raised.value.exit_code == EXIT_REFUSED
    assert sorted(p.name for p in memory.iterdir()) == ["MEMORY.md"]


def test_a_save_whose_journal_record_could_not_be_finished_is_settled_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file was written but the journal failed to say so: the next read of the journal
    (in this same process) confirms the commit."""
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    edit_entry(ws.longterm(), "2026-03-01", "new").apply()
    real_finish = Journal.finish_commit
    failures: list[int] = []

    def fails_once(self: Journal, commit_id: int) -> None:
        if not failures:
            failures.append(commit_id)
            raise JournalError("disk full")
        real_finish(self, commit_id)

    monkeypatch.setattr(Journal, "finish_commit", fails_once)
    with pytest.raises(NotRecorded, match="written, but not recorded in the journal"):
        ws.save_all()
    assert not ws.modified  # the person is told, and nothing is left to save again
    assert failures and _pending(root) == 1
    assert _events(root) == [("2026-03-01", "edit")]
    assert _pending(root) == 0


_ANOTHER_WINDOW = """
import sys
from pathlib import Path
from core.store.journal import Journal
journal = Journal.open(Path(sys.argv[1]))
journal.begin_commit(op_id=Journal.new_op_id(), file="MEMORY.md", old_sha256=None,
                     new_sha256="0" * 64, actor="person", cause="another window's save")
print("saving", flush=True)
sys.stdin.read()
"""


def test_another_live_memdesk_s_save_in_progress_is_not_settled(root: Path) -> None:
    window = subprocess.Popen(
        [sys.executable, "-c", _ANOTHER_WINDOW, str(root)],
        cwd=PROJECT_ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert window.stdout is not None and window.stdout.readline() == "saving\n"
        _killed_decay(root, "after-rename", "2026-06-01")  # a later commit, of a dead process
        with journal_for_reading(root):
            pass
        assert _pending(root) == 1  # the live one's is still its own to finish
        assert ("a1a1a1", "decay") in _events(root)  # the dead one's is confirmed
    finally:
        window.communicate("")
    with journal_for_reading(root):
        pass
    assert _pending(root) == 0  # its process is gone: settled


def test_a_leftover_equal_to_the_file_or_empty_is_not_kept(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    same = _leftover(tmp_path, "MEMORY.md", MEMORY.encode())
    empty = _leftover(tmp_path, "MEMORY.md", b"")
    empty = empty.rename(empty.with_name(empty.name[:-1] + "1"))
    assert clean_leftovers(tmp_path, tmp_path) == []
    assert not same.exists() and not empty.exists()
    assert not (tmp_path / ".memdesk").exists()


def test_a_new_file_the_agent_creates_during_the_swap_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person writes a new day's note; the agent creates that note between MemDesk's last
    look and its swap: the swap refuses to replace it and the save plans again (a conflict)."""
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    day = date(2026, 3, 3)
    path = picoclaw.daily_note_path(root, day)
    note = ws.note(day)
    note.set_text("# 2026-03-03\n\nMine.")
    real_swap = atomic.PreparedTemp.swap

    def agent_creates_then_swap(self: atomic.PreparedTemp, **how: bool) -> Path | None:
        if not path.exists():
            path.write_text("# 2026-03-03\n\nTheirs.", encoding="utf-8")
        return real_swap(self, **how)

    monkeypatch.setattr(atomic.PreparedTemp, "swap", agent_creates_then_swap)
    with pytest.raises(ConflictError):
        note.save()
    assert path.read_text(encoding="utf-8") == "# 2026-03-03\n\nTheirs."
    assert _pending(root) == 0


def test_a_merged_save_reports_each_change_once_including_those_made_on_both_sides(
    tmp_path: Path,
) -> None:
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nA\n\n## 2026-03-02\n\nB")
    edit_entry(ws.longterm(), "2026-03-01", "A, mine").apply()
    edit_entry(ws.longterm(), "2026-03-02", "B, both").apply()
    agents = "## 2026-03-01\n\nA\n\n## 2026-03-02\n\nB, both\n\n## 2026-03-03\n\nC"
    (root / "memory" / "MEMORY.md").write_text(agents, encoding="utf-8")
    (saved,) = ws.save_all()
    assert saved.merged
    assert sorted(c.key for c in saved.changes) == ["2026-03-01", "2026-03-02"]


def test_an_agent_rewrite_from_an_older_copy_undoing_a_score_is_reported(root: Path) -> None:
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", content="MemDesk's edit", score=0.555).apply()
    ws.save(actor="person", cause="test")
    agent = MEMORY + "\n### [c3c3c3] fact | 0.60 | 2026-01-02 | 1\nnew\n"
    (root / "MEMORY.md").write_text(agent, encoding="utf-8")  # from a copy older than the save
    refreshed = ws.refresh_from_disk()
    assert refreshed.overwritten == {"MEMORY.md": ["a1a1a1"]}


def test_a_rewrite_that_keeps_a_precise_score_at_the_files_precision_is_not_reported(
    root: Path,
) -> None:
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", score=0.555).apply()  # written as 0.56
    ws.save(actor="person", cause="test")
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    (root / "MEMORY.md").write_text(text + "\nappended by the agent\n", encoding="utf-8")
    assert ws.refresh_from_disk().overwritten == {}


def test_a_decay_run_that_writes_nothing_keeps_its_history_when_the_agent_writes_next(
    root: Path,
) -> None:
    """A run whose changes do not show at the file's precision writes no bytes; its journal
    record must be complete all the same, or the agent's next write makes it a lost save."""
    text = MEMORY.replace("| 0.90 | 2026-01-01 |", "| 0.30 | 2026-02-21 |")
    (root / "MEMORY.md").write_text(text, encoding="utf-8")
    ws = Workspace.open(root)
    preview = preview_decay(ws, date(2026, 3, 2))  # 0.30 -> 0.297: still "0.30"
    assert [c.key for c in preview.changed] == ["a1a1a1"]
    apply_decay(ws, preview)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == text
    agent = text.replace("short answers", "long answers")
    (root / "MEMORY.md").write_text(agent, encoding="utf-8")
    assert _events(root) == [("a1a1a1", "decay")]
    assert preview_decay(Workspace.open(root), date(2026, 3, 2)).changed == []


def test_a_save_first_finishes_what_a_killed_save_left(root: Path) -> None:
    """MemDesk was killed right after its rename; the next save (before anything read the
    journal) must confirm that commit first, not bury it under its own."""
    _killed_decay(root, "after-rename", "2026-06-01")
    target = Target(root, "MEMORY.md", own_backup_dir(root, root / "MEMORY.md"))
    document = Document.read(target, ev.StructuredFormat("MEMORY.md"))
    b2 = document.find("b2b2b2")
    assert b2 is not None
    document.apply([Change("b2b2b2", b2, b2.edited(content="Edited after the kill."))])
    document.save()
    assert ("a1a1a1", "decay") in _events(root)
    assert not [e for e in _events(root) if e[1] == "observe"]


def _leftover(folder: Path, target: str, data: bytes) -> Path:
    temp = folder / f".{target}.memdesk-tmp.{dead_pid()}.{'0' * 16}"
    temp.write_bytes(data)
    return temp


def test_a_leftover_holding_a_version_the_journal_knows_is_not_kept(root: Path) -> None:
    ws = _edit_a1(root)
    ws.save(actor="person", cause="test")
    operations.edit(ws, "a1a1a1", content="a second edit").apply()
    ws.save(actor="person", cause="test")
    with Journal.open(root) as journal:
        known = {c.new_sha256 for c in journal.recent_commits("MEMORY.md", 5)}
    older = next(p for p in own_backup_dir(root, root / "MEMORY.md").iterdir()
                 if sha256(p.read_bytes()) in known)  # fmt: skip
    temp = _leftover(root, "MEMORY.md", older.read_bytes())
    assert clean_leftovers(root, root) == []
    assert not temp.exists()


def test_a_leftover_kept_as_a_backup_is_named(root: Path) -> None:
    temp = _leftover(root, "MEMORY.md", b"the only copy of another program's write\n")
    (kept,) = clean_leftovers(root, root)
    assert kept.read_bytes() == b"the only copy of another program's write\n"
    assert not temp.exists()


# -- documents and the merge -----------------------------------------------------------------------
def _pico(tmp_path: Path, longterm: str) -> tuple[Path, PicoClawWorkspace]:
    root = tmp_path / "pico"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "MEMORY.md").write_text(longterm, encoding="utf-8")
    return root, PicoClawWorkspace.open(root)


def _contents(root: Path) -> list[tuple[str, str]]:
    doc = picoclaw.parse_longterm((root / "memory" / "MEMORY.md").read_bytes())
    return [(e.title, e.content) for e in doc.entries()]


def test_an_edit_follows_its_entry_when_the_agent_removed_one_of_the_same_date(
    tmp_path: Path,
) -> None:
    """Entries of one date are keyed by their place (2026-03-03, 2026-03-03~2, ...): the agent
    removing the first shifts the keys, and the person's edit of the second must still land on
    it, found by its text."""
    first, second, third = "## 2026-03-03\n\nA", "## 2026-03-03\n\nB", "## 2026-03-03\n\nC"
    root, ws = _pico(tmp_path, f"{first}\n\n{second}\n\n{third}")
    edit_entry(ws.longterm(), "2026-03-03~2", "B, edited").apply()
    (root / "memory" / "MEMORY.md").write_text(f"{second}\n\n{third}", encoding="utf-8")
    (saved,) = ws.save_all()
    assert _contents(root) == [("2026-03-03", "B, edited"), ("2026-03-03", "C")]
    assert [c.key for c in saved.changes] == ["2026-03-03"]  # once, under its key now


def test_an_edit_follows_its_entry_when_another_writer_inserted_one_of_the_same_date_above(
    tmp_path: Path,
) -> None:
    """Another writer (the agent's file tools, the person's editor) puts an entry, written as
    the agent writes one, above three of the same date: every key of that date moves one on.
    The person's edit of the third must land on the third, not on the new first one (nor be a
    conflict with it)."""
    a, b, c = (f"## 2026-03-03\n\n{text}" for text in "ABC")
    root, ws = _pico(tmp_path, f"{a}\n\n{b}\n\n{c}")
    edit_entry(ws.longterm(), "2026-03-03~3", "C, edited").apply()
    inserted = "## 2026-03-03\n\ninserted"  # as the agent writes an entry
    (root / "memory" / "MEMORY.md").write_text(f"{inserted}\n\n{a}\n\n{b}\n\n{c}", "utf-8")
    (saved,) = ws.save_all()
    assert [text for _, text in _contents(root)] == ["inserted", "A", "B", "C, edited"]
    assert [ch.key for ch in saved.changes] == ["2026-03-03~4"]


def test_an_edit_follows_its_entry_when_an_entry_of_the_same_time_was_inserted_above(
    tmp_path: Path,
) -> None:
    """Pomelobot's daily note: three memories saved in one second, and another writer (the
    agent's web API replacing the file, the person's editor) puts one of that second above."""
    root = tmp_path / "pomelo"
    note = root / "memory" / "2026-03-03.md"
    note.parent.mkdir(parents=True)
    header = "# Daily Memory - 2026-03-03 (main)\n"
    saved_three = "".join(f"\n[09:15:40] {text}\n" for text in "ABC")
    note.write_text(header + saved_three, encoding="utf-8")
    ws = open_workspace(root)
    daily = ws.memory_file("memory/2026-03-03.md")
    edit_entry(daily, "09:15:40~3", "C, edited").apply()
    note.write_text(f"{header}\n[09:15:40] inserted\n{saved_three}", encoding="utf-8")
    ws.save_all()
    written = pomelobot.parse_memory_file(note.read_bytes(), "memory/2026-03-03.md")
    assert [e.content for e in written.entries()] == ["inserted", "A", "B", "C, edited"]


def test_an_edit_of_one_of_two_equal_entries_stays_on_the_one_edited(tmp_path: Path) -> None:
    same = "## 2026-03-03\n\nthe same words"
    root, ws = _pico(tmp_path, f"{same}\n\n{same}")
    edit_entry(ws.longterm(), "2026-03-03~2", "the second, edited").apply()
    path = root / "memory" / "MEMORY.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n\n## 2026-03-04\n\nnew", "utf-8")
    ws.save_all()
    assert _contents(root) == [
        ("2026-03-03", "the same words"),
        ("2026-03-03", "the second, edited"),
        ("2026-03-04", "new"),
    ]


def test_entries_added_on_both_sides_under_one_date_are_both_kept(tmp_path: Path) -> None:
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    ws.add_entry(ws.longterm(), "mine", now=datetime(2026, 3, 3, 9, 0)).apply()
    path = root / "memory" / "MEMORY.md"
    path.write_text("## 2026-03-01\n\nold\n\n## 2026-03-03\n\ntheirs", encoding="utf-8")
    ws.save_all()
    assert sorted(_contents(root)) == [
        ("2026-03-01", "old"),
        ("2026-03-03", "mine"),
        ("2026-03-03", "theirs"),
    ]


def test_a_document_without_a_journal_or_a_save_has_nothing_overwritten(tmp_path: Path) -> None:
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    assert ws.longterm().overwritten() == []  # no journal yet
    ws.add_entry(ws.longterm(), "saved", now=datetime(2026, 3, 2, 9, 0)).apply()
    ws.save_all()
    path = picoclaw.daily_note_path(root, date(2026, 3, 2))
    path.parent.mkdir(parents=True)
    path.write_text("# 2026-03-02\n\nnever saved by MemDesk", encoding="utf-8")
    assert ws.note(date(2026, 3, 2)).overwritten() == []  # a journal, no commit of this file


def test_the_same_edit_on_both_sides_keeps_its_history_when_the_agent_writes_next(
    tmp_path: Path,
) -> None:
    """Nothing is left to write (the agent made the same edit), but the edit is journaled: its
    record must be complete, or the agent's next write makes it a lost save."""
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    edit_entry(ws.longterm(), "2026-03-01", "new").apply()
    path = root / "memory" / "MEMORY.md"
    path.write_text("## 2026-03-01\n\nnew", encoding="utf-8")
    (saved,) = ws.save_all()
    assert [c.key for c in saved.changes] == ["2026-03-01"]
    path.write_text("## 2026-03-01\n\nnew\n\n## 2026-03-02\n\nappended", encoding="utf-8")
    with journal_for_reading(root) as journal:
        assert journal is not None
        kinds = [(e.memory_id, e.kind) for e in journal.recent_events(10)]
    assert kinds == [("2026-03-01", "edit")]


def test_a_file_swapped_for_a_fifo_counts_as_changed(root: Path) -> None:
    ws = Workspace.open(root)
    (root / "MEMORY.md").unlink()
    os.mkfifo(root / "MEMORY.md")
    assert ws.document.changed_on_disk()


def test_an_unreadable_edited_file_does_not_hide_another_ones_overwritten_save(
    tmp_path: Path,
) -> None:
    """Refreshing after the agent rewrote a note from an older copy, while another edited
    file is unreadable for the moment: the note's lost save is still reported."""
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    day = date(2026, 3, 1)
    note_path = picoclaw.daily_note_path(root, day)
    note_path.parent.mkdir(parents=True)
    note_path.write_text("# 2026-03-01\n\nmorning", encoding="utf-8")
    edit_entry(ws.longterm(), "2026-03-01", "old, edited").apply()  # opened first
    note = ws.note(day)
    note.set_text("# 2026-03-01\n\nmorning, saved by MemDesk")
    note.save()
    note_path.write_text("# 2026-03-01\n\nmorning", encoding="utf-8")  # from an older copy
    note.set_text("# 2026-03-01\n\nmorning, edited again")
    longterm = root / "memory" / "MEMORY.md"
    longterm.unlink()
    os.mkfifo(longterm)
    refreshed = ws.refresh_from_disk()
    assert refreshed.overwritten == {note.rel: [WHOLE_TEXT_KEY]}


def test_a_conflict_settled_with_a_text_keeps_this_sides_other_changes(root: Path) -> None:
    ws = Workspace.open(root)
    operations.edit(ws, "a1a1a1", content="mine", category="preference").apply()
    (root / "MEMORY.md").write_text(MEMORY.replace("用户住在上海。", "theirs"), encoding="utf-8")
    with pytest.raises(ConflictError):
        ws.save(actor="person", cause="test")
    ws.save(actor="person", cause="test", resolutions={"a1a1a1": "written by the person"})
    entry = ev.parse((root / "MEMORY.md").read_bytes()).find("a1a1a1")
    assert entry is not None
    assert (entry.category, entry.content) == ("preference", "written by the person")


def test_undoing_a_saved_edit_of_the_text_outside_memories_is_saved_again(
    tmp_path: Path,
) -> None:
    root, ws = _pico(tmp_path, "# Long-term Memory\n\n## 2026-03-01\n\nold")
    longterm = ws.longterm()
    before = longterm.snapshot()
    longterm.set_text("# My memory\n\n## 2026-03-01\n\nold")
    after = longterm.snapshot()
    longterm.save()
    longterm.restore(before, changes=[])
    assert longterm.modified
    longterm.save()
    assert (
        (root / "memory" / "MEMORY.md").read_text(encoding="utf-8").startswith("# Long-term Memory")
    )
    assert after.whole_text


def test_a_document_lists_its_entries_and_counts_every_change(tmp_path: Path) -> None:
    _, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    longterm = ws.longterm()
    assert [e.content for e in longterm.entries()] == ["old"]
    seen = [longterm.revision]
    edit_entry(longterm, "2026-03-01", "new").apply()
    seen.append(longterm.revision)
    state = longterm.snapshot()
    longterm.set_text("## 2026-03-01\n\nnewer")
    seen.append(longterm.revision)
    longterm.restore(state)
    seen.append(longterm.revision)
    longterm.save()
    seen.append(longterm.revision)
    generation = longterm.generation
    longterm.reload()
    seen.append(longterm.revision)
    assert seen == sorted(set(seen))  # every step moved it on
    assert longterm.generation == generation + 1  # a reload counts like a save


def _restore_refused(document: Document[Any, Any], state: Any) -> None:
    """An undo back to `state` is refused: it would put back the file as read before."""
    assert not document.can_restore(state)
    with pytest.raises(WorkspaceError, match="from before the file was read again"):
        document.restore(state)


def test_no_state_from_before_a_reload_can_be_restored(tmp_path: Path) -> None:
    """The window's undo after the agent's write was read in: going back would write over it."""
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    longterm = ws.longterm()
    before = longterm.snapshot()
    edit_entry(longterm, "2026-03-01", "unsaved").apply()
    agent = "## 2026-03-01\n\nold\n\n## 2026-03-02\n\nthe agent's"
    (root / "memory" / "MEMORY.md").write_text(agent, encoding="utf-8")
    longterm.reload()
    _restore_refused(longterm, before)
    assert [e.content for e in longterm.entries()] == ["old", "the agent's"]
    assert not longterm.modified


def test_no_state_from_before_a_merged_save_can_be_restored(tmp_path: Path) -> None:
    """A save that merged the agent's append: undoing the edit by going back to the state
    before it would drop the agent's entry at the next save."""
    root, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    longterm = ws.longterm()
    before = longterm.snapshot()
    edit_entry(longterm, "2026-03-01", "edited").apply()
    path = root / "memory" / "MEMORY.md"
    path.write_text("## 2026-03-01\n\nold\n\n## 2026-03-02\n\nthe agent's", encoding="utf-8")
    (saved,) = ws.save_all()
    assert saved.merged
    _restore_refused(longterm, before)
    assert _contents(root) == [("2026-03-01", "edited"), ("2026-03-02", "the agent's")]


def test_a_state_from_before_a_save_that_merged_nothing_can_be_restored(tmp_path: Path) -> None:
    _, ws = _pico(tmp_path, "## 2026-03-01\n\nold")
    longterm = ws.longterm()
    before = longterm.snapshot()
    edit_entry(longterm, "2026-03-01", "edited").apply()
    (saved,) = ws.save_all()
    assert not saved.merged and longterm.can_restore(before)


def test_a_refresh_is_true_only_when_something_changed() -> None:
    assert not Refreshed()
    assert Refreshed(kept=[object()])  # type: ignore[list-item]
    assert bool(Refreshed()) is False


# -- temp files ------------------------------------------------------------------------------------
def test_every_stale_temp_is_found_among_other_names_and_non_files(tmp_path: Path) -> None:
    gone = dead_pid()
    stale = set()
    for n in range(12):
        (tmp_path / f"note{n}.md").write_text("not a temp file")
        (tmp_path / f".dir{n}.memdesk-tmp.{gone}.{n:016x}").mkdir()
        temp = tmp_path / f".file{n}.memdesk-tmp.{gone}.{n + 100:016x}"
        temp.write_text("left by a killed save")
        stale.add(temp)
    assert set(atomic.list_stale_temps(tmp_path)) == stale


# Ends on SIGHUP even where the tests run with it ignored (nohup), once it has said "ready".
_WRITER = (
    "import signal, time; signal.signal(signal.SIGHUP, signal.SIG_DFL); print('ready', flush=True);"
    " time.sleep(60)"
)


def test_a_stale_temp_that_cannot_be_removed_does_not_keep_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temps = [_leftover(tmp_path, f"note{n}.md", b"left") for n in range(3)]
    stuck = sorted(temps)[0]
    real_unlink = os.unlink

    def unlink(path: Any, *args: Any, **kwargs: Any) -> None:
        if Path(path) == stuck:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)
    assert atomic.clean_stale_temps(tmp_path) == sorted(temps)[1:]
    assert [p for p in temps if p.exists()] == [stuck]


def test_asking_whether_a_writer_is_alive_never_signals_it() -> None:
    with subprocess.Popen(
        [sys.executable, "-c", _WRITER], stdout=subprocess.PIPE, text=True
    ) as writer:
        try:
            assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
            assert atomic.pid_alive(writer.pid)  # SIGHUP would end it
            with pytest.raises(subprocess.TimeoutExpired):
                writer.wait(timeout=0.3)  # still running: pid_alive sent it nothing
        finally:
            writer.kill()


def test_a_temp_named_for_a_pid_no_process_can_have_is_stale_at_once(tmp_path: Path) -> None:
    temp = tmp_path / f".MEMORY.md.memdesk-tmp.{'9' * 10}.{'0' * 16}"  # beyond any pid
    temp.write_text("not a save of anyone's")
    assert atomic.clean_stale_temps(tmp_path) == [temp]


@pytest.mark.without_root_powers  # root may signal anyone: no PermissionError to meet
def test_another_users_running_memdesk_keeps_its_temp_files(tmp_path: Path) -> None:
    """Asking about another user's process is refused (EPERM): it is running all the same, and
    the temp file of its save in progress is its own."""
    with another_users_process() as pid:
        assert atomic.pid_alive(pid)
        temp = tmp_path / f".MEMORY.md.memdesk-tmp.{pid}.{'0' * 16}"
        temp.write_text("its save in progress")
        assert atomic.clean_stale_temps(tmp_path) == []
        assert temp.exists()


@pytest.mark.without_root_powers  # root may signal anyone: no PermissionError to meet
def test_another_users_running_memdesk_keeps_its_save_in_progress(root: Path) -> None:
    with Journal.open(root) as journal:
        journal.begin_commit(
            op_id=Journal.new_op_id(), file="MEMORY.md", old_sha256=None, new_sha256="0" * 64,
            actor="person", cause="another user's save",
        )  # fmt: skip
    with another_users_process() as pid, sqlite3.connect(root / ".memdesk" / "memdesk.db") as db:
        db.execute("UPDATE commits SET pid = ?", (pid,))
        db.commit()
        with journal_for_reading(root):
            pass
        assert _pending(root) == 1  # still its own to finish
