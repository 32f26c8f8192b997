"""The workspace's save pipeline on real files and a real journal (SPEC 2.1 and 5).

Every save goes lock -> compare-and-swap -> backup -> atomic replace -> journal. "Another
writer" here is the test writing MEMORY.md directly, as the agent would between our load and
our save; the lock is held by a real second process.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import document as evdoc
from core.agents.everbot.workspace import Workspace, change_kind
from core.store.document import Saved
from core.store.errors import WorkspaceError
from core.store.journal import Journal, RecordedEvent
from core.store.merge import Change, ConflictError, inverse_of
from tests.helpers import LOCK_HOLDER, dead_pid

SAMPLE = """\
# Agent Memory

<!-- Last updated: 2026-02-28T09:15:00 -->
<!-- Total entries: 6 -->
<!-- last_processed_count: 42 -->

## Active Memories

### [a1b2c3] preference | 0.92 | 2026-02-27 | 7
用户喜欢简洁的代码风格，偏好使用类型注解

### [d4e5f6] fact | 0.80 | 2026-02-26 | 4
User's primary language is Python; secondary is TypeScript.

### [0a1b2c] experience | 0.71 | 2026-02-20 | 3
Deploy failed without DATABASE_URL.
Lesson: always run `make check-env` before deploy.

### [c0ffee] decision | 0.55 | 2026-02-15 | 2
决定使用 SQLite 作为本地缓存，而不是 Redis。

### [70d0aa] todo | 0.30 | 2026-02-01 | 1
TODO: move the old cron jobs to the new scheduler

## Archived Memories

### [01d001] fact | 0.15 | 2026-01-05 | 1
User previously lived in Shanghai.
"""
IDS = ["a1b2c3", "d4e5f6", "0a1b2c", "c0ffee", "70d0aa", "01d001"]

# The agent at 603d2cf saving under its lock: a plain overwrite (truncate, then write),
# here slowed down in the middle so a reader without the lock would see half a file.
_SLOW_AGENT_WRITE = """
import fcntl, sys, time
path, data = sys.argv[1], open(sys.argv[2], "rb").read()
with open(path + ".lock", "a") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    with open(path, "wb") as out:
        out.write(data[: len(data) // 3])
        out.flush()
        print("half", flush=True)
        time.sleep(0.3)
        out.write(data[len(data) // 3 :])
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "workspace"
    folder.mkdir()
    (folder / "MEMORY.md").write_text(SAMPLE, encoding="utf-8")
    return folder


@pytest.fixture
def memory(root: Path) -> Path:
    return root / "MEMORY.md"


# -- helpers --------------------------------------------------------------------------------------


def edit(ws: Workspace, key: str, **fields: Any) -> Change:
    """Apply one edit of a memory to the open workspace (not saved yet)."""
    entry = ws.find(key)
    assert entry is not None, key
    change = Change(key, entry, entry.edited(**fields))
    ws.apply([change])
    return change


def other_writer(path: Path, old: str, new: str) -> bytes:
    """Change the file behind MemDesk's back, as the agent would; returns the new bytes."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    data = text.replace(old, new).encode("utf-8")
    path.write_bytes(data)
    return data


def changed_lines(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """(removed, added) lines between two versions of a file, line endings included."""
    a = before.decode("utf-8").splitlines(keepends=True)
    b = after.decode("utf-8").splitlines(keepends=True)
    removed: list[str] = []
    added: list[str] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed += a[i1:i2]
            added += b[j1:j2]
    return removed, added


def backups(root: Path) -> list[Path]:
    folder = root / ".memdesk" / "backups"
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def events(root: Path) -> list[RecordedEvent]:
    """Every journal event, oldest first."""
    with Journal.open(root) as journal:
        return list(reversed(journal.recent_events(10_000)))


def save(ws: Workspace) -> Saved[evdoc.Entry]:
    return ws.save(actor="person", cause="test")


@contextmanager
def agent_holding_the_lock(memory: Path) -> Iterator[subprocess.Popen[str]]:
    """A separate process holding MEMORY.md.lock until the test closes its stdin."""
    with subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, f"{memory}.lock"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "locked\n"
        try:
            yield proc
        finally:
            proc.kill()


# -- opening --------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["folder", "file"])
def test_open_a_folder_or_its_memory_file(root: Path, memory: Path, target: str) -> None:
    ws = Workspace.open(root if target == "folder" else memory)
    assert ws.root == root
    assert ws.path == memory
    assert ws.file == "MEMORY.md"
    assert [e.key for e in ws.entries()] == IDS
    assert ws.doc.problems == []
    assert not ws.modified
    assert ws.base_data == memory.read_bytes()


def test_open_something_else_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="no such file or folder"):
        Workspace.open(tmp_path / "missing")
    with pytest.raises(WorkspaceError, match="no memory file here"):
        Workspace.open(tmp_path)


def test_open_cleans_only_stale_memdesk_temp_files(root: Path, memory: Path) -> None:
    pid = dead_pid()
    stale = root / f".MEMORY.md.memdesk-tmp.{pid}.0123456789abcdef"
    kept = {
        # MemDesk's own temp file of a process that is still running (this one).
        f".MEMORY.md.memdesk-tmp.{os.getpid()}.fedcba9876543210": b"live save",
        ".MEMORY.md.tmp": b"the agent's own temp file",
        "MEMORY.md.bak": b"the agent's backup",
        "MEMORY.md.lock": b"",
        "notes.memdesk-tmp.txt": b"looks similar, is not ours",
        f".MEMORY.md.memdesk-tmp.{pid}.not-hex": b"not our name pattern",
    }
    stale.write_bytes(b"half a save")
    for name, data in kept.items():
        (root / name).write_bytes(data)
    original = memory.read_bytes()

    Workspace.open(root)

    assert not stale.exists()
    for name, data in kept.items():
        assert (root / name).read_bytes() == data, name
    assert memory.read_bytes() == original


def test_open_waits_for_the_agent_to_finish_writing(tmp_path: Path, memory: Path) -> None:
    """The agent overwrites MEMORY.md in place under its lock; open must not see half a file."""
    new = SAMPLE.replace("Shanghai", "Hangzhou")
    source = tmp_path / "new.md"
    source.write_text(new, encoding="utf-8")
    with subprocess.Popen(
        [sys.executable, "-c", _SLOW_AGENT_WRITE, str(memory), str(source)],
        stdout=subprocess.PIPE,
        text=True,
    ) as agent:
        assert agent.stdout is not None
        assert agent.stdout.readline() == "half\n"
        ws = Workspace.open(memory.parent)
        assert agent.wait(timeout=10) == 0
    assert [e.key for e in ws.entries()] == IDS
    assert ws.doc.problems == []
    assert ws.base_data == new.encode("utf-8")


# -- saving one change ----------------------------------------------------------------------------


def test_edit_and_save_changes_only_that_memory(root: Path, memory: Path) -> None:
    before = memory.read_bytes()
    ws = Workspace.open(root)
    change = edit(ws, "d4e5f6", content="User writes Python and Rust.")
    assert change.kind == "edit"
    assert ws.modified

    result = save(ws)

    after = memory.read_bytes()
    assert changed_lines(before, after) == (
        ["User's primary language is Python; secondary is TypeScript.\n"],
        ["User writes Python and Rust.\n"],
    )
    assert not ws.modified
    assert result.merged is False
    assert result.changes == (change,)
    # The backup holds the exact previous bytes, under .memdesk/backups/.
    assert result.backup is not None
    assert backups(root) == [result.backup]
    assert result.backup.parent == root / ".memdesk" / "backups"
    assert result.backup.read_bytes() == before
    # The journal has the edit, by the person, with before and after.
    (event,) = [e for e in events(root) if e.kind == "edit"]
    assert (event.memory_id, event.actor, event.cause) == ("d4e5f6", "person", "test")
    assert event.op_id == result.op_id
    assert event.before is not None and event.after is not None
    assert event.before["content"] == "User's primary language is Python; secondary is TypeScript."
    assert event.after["content"] == "User writes Python and Rust."
    assert event.after["score"] == 0.8
    with Journal.open(root) as journal:
        assert [(p.kind, p.actor, p.score) for p in journal.history("MEMORY.md", "d4e5f6")] == [
            ("edit", "person", 0.8)
        ]
    # What was written reads back as what was saved.
    reopened = Workspace.open(root)
    assert reopened.doc.problems == []
    found = reopened.find("d4e5f6")
    assert change.after is not None and found is not None
    assert found.same_memory(change.after)


def test_an_edit_keeps_bom_and_crlf(root: Path, memory: Path) -> None:
    before = b"\xef\xbb\xbf" + SAMPLE.replace("\n", "\r\n").encode("utf-8")
    memory.write_bytes(before)
    ws = Workspace.open(root)
    edit(ws, "70d0aa", content="TODO: done", activation_count=2)
    save(ws)
    after = memory.read_bytes()
    assert after.startswith(b"\xef\xbb\xbf# Agent Memory\r\n")
    assert b"\n" not in after.replace(b"\r\n", b"")
    assert changed_lines(before, after) == (
        [
            "### [70d0aa] todo | 0.30 | 2026-02-01 | 1\r\n",
            "TODO: move the old cron jobs to the new scheduler\r\n",
        ],
        ["### [70d0aa] todo | 0.30 | 2026-02-01 | 2\r\n", "TODO: done\r\n"],
    )


def test_create_round_trip(root: Path, memory: Path) -> None:
    before = memory.read_bytes()
    ws = Workspace.open(root)
    new = evdoc.Entry("beef01", "beef01", "fact", 0.6, "2026-03-01", 1, "Likes tea.", "active")
    (change,) = ws.apply([Change("beef01", None, new)])
    assert change.kind == "create"
    result = save(ws)

    removed, added = changed_lines(before, memory.read_bytes())
    assert removed == ["<!-- Total entries: 6 -->\n"]  # the agent's count kept true
    count, *entry = added
    assert count == "<!-- Total entries: 7 -->\n"
    assert "".join(entry).strip() == "### [beef01] fact | 0.60 | 2026-03-01 | 1\nLikes tea."
    reopened = Workspace.open(root)
    assert reopened.doc.problems == []
    assert [e.key for e in reopened.entries()] == [*IDS[:5], "beef01", IDS[5]]
    found = reopened.find("beef01")
    assert found is not None and found.same_memory(new)
    assert result.backup is not None and result.backup.read_bytes() == before
    (event,) = [e for e in events(root) if e.memory_id == "beef01"]
    assert (event.kind, event.actor, event.before) == ("create", "person", None)
    assert event.after is not None and event.after["content"] == "Likes tea."


def test_delete_round_trip(root: Path, memory: Path) -> None:
    before = memory.read_bytes()
    ws = Workspace.open(root)
    entry = ws.find("c0ffee")
    assert entry is not None
    (change,) = ws.apply([Change("c0ffee", entry, None)])
    assert change.kind == "delete"
    result = save(ws)

    removed, added = changed_lines(before, memory.read_bytes())
    assert added == ["<!-- Total entries: 5 -->\n"]  # the agent's count kept true
    count, *removed = removed
    assert count == "<!-- Total entries: 6 -->\n"
    assert "".join(removed) == (
        "### [c0ffee] decision | 0.55 | 2026-02-15 | 2\n决定使用 SQLite 作为本地缓存，而不是 Redis。\n\n"
    )
    reopened = Workspace.open(root)
    assert reopened.doc.problems == []
    assert reopened.find("c0ffee") is None
    assert len(reopened.entries()) == len(IDS) - 1
    assert result.backup is not None and result.backup.read_bytes() == before
    (event,) = [e for e in events(root) if e.memory_id == "c0ffee"]
    assert (event.kind, event.after) == ("delete", None)
    assert event.before is not None and event.before["score"] == 0.55


def test_archive_and_unarchive_round_trip(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    archived = edit(ws, "70d0aa", section="archived", score=0.1)
    unarchived = edit(ws, "01d001", section="active", score=0.5)
    assert (change_kind(archived), change_kind(unarchived)) == ("archive", "unarchive")
    save(ws)

    text = memory.read_text(encoding="utf-8")
    heading = text.index("## Archived Memories")
    assert text.index("### [70d0aa] todo | 0.10 |") > heading
    assert text.index("### [01d001] fact | 0.50 |") < heading
    reopened = Workspace.open(root)
    assert reopened.doc.problems == []
    assert {e.key: e.section for e in reopened.entries()} == {
        "a1b2c3": "active",
        "d4e5f6": "active",
        "0a1b2c": "active",
        "c0ffee": "active",
        "01d001": "active",
        "70d0aa": "archived",
    }
    kinds = {e.memory_id: e.kind for e in events(root)}
    assert kinds == {"70d0aa": "archive", "01d001": "unarchive"}


def test_archive_into_a_file_without_an_archived_section(root: Path, memory: Path) -> None:
    memory.write_text(SAMPLE[: SAMPLE.index("## Archived Memories")].rstrip() + "\n", "utf-8")
    ws = Workspace.open(root)
    edit(ws, "a1b2c3", section="archived")
    save(ws)
    reopened = Workspace.open(root)
    assert reopened.doc.problems == []
    found = reopened.find("a1b2c3")
    assert found is not None and found.section == "archived"
    assert len(reopened.entries()) == 5


def test_save_without_changes_writes_nothing(root: Path, memory: Path) -> None:
    before = memory.read_bytes()
    os.utime(memory, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    ws = Workspace.open(root)

    result = save(ws)

    assert result.changes == ()
    assert result.backup is None
    assert result.merged is False
    assert memory.read_bytes() == before
    assert memory.stat().st_mtime_ns == 1_700_000_000_000_000_000
    assert backups(root) == []
    assert events(root) == []


# -- another writer: compare-and-swap -------------------------------------------------------------


def test_a_change_to_another_memory_on_disk_is_merged(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    edit(ws, "d4e5f6", content="User writes Python and Rust.")
    theirs = other_writer(memory, "| 0.92 | 2026-02-27 | 7", "| 0.94 | 2026-03-01 | 8")

    result = save(ws)

    assert result.merged is True
    text = memory.read_text(encoding="utf-8")
    assert "### [a1b2c3] preference | 0.94 | 2026-03-01 | 8\n" in text
    assert "User writes Python and Rust." in text
    # Only our memory changed relative to the other writer's version.
    assert changed_lines(theirs, memory.read_bytes()) == (
        ["User's primary language is Python; secondary is TypeScript.\n"],
        ["User writes Python and Rust.\n"],
    )
    # The backup is of what we replaced: the other writer's version.
    assert result.backup is not None and result.backup.read_bytes() == theirs
    # The open workspace now shows both changes and is in step with the disk.
    found = ws.find("a1b2c3")
    assert found is not None and found.activation_count == 8
    assert ws.base_data == memory.read_bytes()
    assert [e.memory_id for e in events(root)] == ["d4e5f6"]


def test_a_create_merges_with_another_writers_edit(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    new = evdoc.Entry("beef01", "beef01", "fact", 0.6, "2026-03-01", 1, "Likes tea.", "active")
    ws.apply([Change("beef01", None, new)])
    other_writer(memory, "User previously lived in Shanghai.", "User lived in Shanghai.")
    assert save(ws).merged is True
    reopened = Workspace.open(root)
    assert reopened.doc.problems == []
    assert [e.key for e in reopened.entries()] == [*IDS[:5], "beef01", IDS[5]]
    archived = reopened.find("01d001")
    assert archived is not None and archived.content == "User lived in Shanghai."


def test_same_memory_changed_differently_is_a_conflict(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    mine = edit(ws, "d4e5f6", content="User writes Python and Rust.")
    theirs = other_writer(memory, "secondary is TypeScript.", "secondary is Go.")

    with pytest.raises(ConflictError) as caught:
        save(ws)

    assert [c.key for c in caught.value.conflicts] == ["d4e5f6"]
    (conflict,) = caught.value.conflicts
    assert conflict.mine is not None and "User writes Python and Rust." in conflict.mine
    assert conflict.theirs is not None
    assert conflict.theirs.endswith("User's primary language is Python; secondary is Go.")
    assert "d4e5f6" in str(caught.value)
    assert memory.read_bytes() == theirs
    assert backups(root) == []
    assert ws.pending == [mine]
    assert ws.modified
    assert events(root) == []
    # Saving again without resolving is still refused; nothing is forced through.
    with pytest.raises(ConflictError):
        save(ws)
    assert memory.read_bytes() == theirs
    # After a reload the person sees their version and can edit again.
    ws.reload()
    assert not ws.modified
    found = ws.find("d4e5f6")
    assert found is not None and found.content.endswith("secondary is Go.")


def test_edit_of_a_memory_the_other_writer_deleted_is_a_conflict(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    edit(ws, "c0ffee", content="Use Redis after all.")
    theirs = other_writer(
        memory,
        "### [c0ffee] decision | 0.55 | 2026-02-15 | 2\n决定使用 SQLite 作为本地缓存，而不是 Redis。\n\n",
        "",
    )
    with pytest.raises(ConflictError) as caught:
        save(ws)
    (conflict,) = caught.value.conflicts
    assert (conflict.key, conflict.theirs) == ("c0ffee", None)
    assert memory.read_bytes() == theirs
    assert backups(root) == []
    assert len(ws.pending) == 1


def test_delete_of_a_memory_the_other_writer_edited_is_a_conflict(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    entry = ws.find("c0ffee")
    assert entry is not None
    ws.apply([Change("c0ffee", entry, None)])
    theirs = other_writer(memory, "而不是 Redis。", "而不是 Redis 或 Memcached。")
    with pytest.raises(ConflictError) as caught:
        save(ws)
    (conflict,) = caught.value.conflicts
    assert (conflict.key, conflict.mine) == ("c0ffee", None)
    assert memory.read_bytes() == theirs
    assert backups(root) == []
    assert len(ws.pending) == 1


def test_the_same_change_on_both_sides_is_no_conflict(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    edit(ws, "d4e5f6", content="User writes Python and Rust.")
    theirs = other_writer(
        memory,
        "User's primary language is Python; secondary is TypeScript.",
        "User writes Python and Rust.",
    )
    result = save(ws)
    assert result.merged is True
    assert memory.read_bytes() == theirs
    assert result.backup is None  # nothing needed writing
    assert [(e.memory_id, e.kind) for e in events(root)] == [("d4e5f6", "edit")]


def test_a_memory_deleted_on_both_sides_is_no_conflict(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    entry = ws.find("70d0aa")
    assert entry is not None
    ws.apply([Change("70d0aa", entry, None)])
    edit(ws, "a1b2c3", activation_count=8)
    other_writer(
        memory,
        "### [70d0aa] todo | 0.30 | 2026-02-01 | 1\nTODO: move the old cron jobs to the new scheduler\n\n",
        "",
    )
    assert save(ws).merged is True
    reopened = Workspace.open(root)
    assert reopened.doc.problems == []
    assert reopened.find("70d0aa") is None
    found = reopened.find("a1b2c3")
    assert found is not None and found.activation_count == 8


def test_the_file_removed_by_another_program_is_not_recreated(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    edit(ws, "d4e5f6", content="User writes Python and Rust.")
    memory.unlink()
    with pytest.raises(WorkspaceError, match="the file is gone"):
        save(ws)
    assert not memory.exists()
    assert backups(root) == []
    assert ws.modified


# -- the agent's lock -----------------------------------------------------------------------------


def test_save_waits_for_the_agents_lock_then_gives_up(root: Path, memory: Path) -> None:
    before = memory.read_bytes()
    ws = Workspace.open(root)
    ws.lock_timeout = 0.3
    edit(ws, "d4e5f6", content="User writes Python and Rust.")

    with agent_holding_the_lock(memory) as lock_holder:
        started = time.monotonic()
        with pytest.raises(WorkspaceError) as caught:
            save(ws)
        waited = time.monotonic() - started
        assert lock_holder.stdin is not None
        lock_holder.stdin.close()
        assert lock_holder.wait(timeout=10) == 0

    assert not isinstance(caught.value, ConflictError)
    assert "MEMORY.md.lock" in str(caught.value)
    assert 0.3 <= waited < 5
    assert memory.read_bytes() == before
    assert backups(root) == []
    assert ws.modified
    assert [p.name for p in root.iterdir() if p.name.startswith(".MEMORY")] == []

    # Once the agent has let go, the same pending edit saves.
    save(ws)
    assert "User writes Python and Rust." in memory.read_text(encoding="utf-8")


def test_reload_while_the_agent_holds_its_lock_gives_up_and_keeps_the_edits(
    root: Path, memory: Path
) -> None:
    ws = Workspace.open(root)
    ws.lock_timeout = 0.2
    mine = edit(ws, "d4e5f6", content="User writes Python and Rust.")
    with agent_holding_the_lock(memory), pytest.raises(WorkspaceError, match=r"MEMORY\.md\.lock"):
        ws.reload()
    assert ws.pending == [mine]
    found = ws.find("d4e5f6")
    assert found is not None and found.content == "User writes Python and Rust."


# -- precision: the journal keeps what the file rounds --------------------------------------------


def test_the_journal_keeps_the_score_the_file_rounds(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    edit(ws, "d4e5f6", score=0.72345)
    save(ws)

    assert "### [d4e5f6] fact | 0.72 | 2026-02-26 | 4\n" in memory.read_text(encoding="utf-8")
    found = Workspace.open(root).find("d4e5f6")
    assert found is not None and found.score == 0.72345
    ws.reload()
    found = ws.find("d4e5f6")
    assert found is not None and found.score == 0.72345

    other_writer(memory, "| 0.72 |", "| 0.60 |")
    found = Workspace.open(root).find("d4e5f6")
    assert found is not None and found.score == 0.60


def test_a_merged_save_keeps_the_precise_scores(root: Path, memory: Path) -> None:
    ws = Workspace.open(root)
    edit(ws, "d4e5f6", score=0.72345)
    save(ws)

    ws = Workspace.open(root)
    edit(ws, "c0ffee", content="Use SQLite.")
    other_writer(memory, "User previously lived in Shanghai.", "User lived in Shanghai.")
    assert save(ws).merged is True
    found = ws.find("d4e5f6")
    assert found is not None and found.score == 0.72345

    # A later edit in the same session must not write the rounded score into the journal.
    edit(ws, "d4e5f6", content="User writes Python and Rust.")
    save(ws)
    found = Workspace.open(root).find("d4e5f6")
    assert found is not None and found.score == 0.72345


# -- history from backups -------------------------------------------------------------------------


def _with_score(score: str) -> str:
    return SAMPLE.replace("| 0.92 |", f"| {score} |")


def test_sync_journal_imports_backups_once(root: Path, memory: Path) -> None:
    folder = root / ".memdesk" / "backups"
    folder.mkdir(parents=True)
    (folder / "20260101_120000_MEMORY.md").write_text(_with_score("0.50"), "utf-8")
    (folder / "20260115_080000_MEMORY.md").write_text(_with_score("0.70"), "utf-8")
    (folder / "20260116_080000_OTHER.md").write_text(_with_score("0.10"), "utf-8")
    agent_bak = root / "MEMORY.md.bak"
    agent_bak.write_text(_with_score("0.85"), "utf-8")
    bak_at = datetime(2026, 2, 1, tzinfo=UTC)
    os.utime(agent_bak, (bak_at.timestamp(), bak_at.timestamp()))
    file_at = datetime(2026, 2, 28, 9, 15, tzinfo=UTC)
    os.utime(memory, (file_at.timestamp(), file_at.timestamp()))
    ws = Workspace.open(root)

    first = ws.sync_journal()
    second = ws.sync_journal()

    # Three backups of six memories, then every memory's current score once.
    assert first == 3 * len(IDS) + len(IDS)
    assert second == 0
    with Journal.open(root) as journal:
        history = journal.history("MEMORY.md", "a1b2c3")
    # Backup names carry local time; the journal holds it in UTC. The agent's .bak is at the
    # time it records (its Last updated line, here the fixture's), not at its mtime.
    recorded = datetime(2026, 2, 28, 9, 15, tzinfo=UTC)
    assert bak_at != recorded
    assert [(p.at, p.score) for p in history] == [
        (datetime(2026, 1, 1, 12).astimezone(UTC), 0.5),
        (datetime(2026, 1, 15, 8).astimezone(UTC), 0.7),
        (recorded, 0.85),
        (file_at, 0.92),
    ]


def test_each_content_of_the_agents_bak_becomes_history(root: Path) -> None:
    """The agent rewrites MEMORY.md.bak before each save; every version it held is history."""
    agent_bak = root / "MEMORY.md.bak"
    ws = Workspace.open(root)
    for day, score in ((1, "0.60"), (2, "0.70")):
        agent_bak.write_text(_with_score(score), "utf-8")
        at = datetime(2026, 2, day, tzinfo=UTC).timestamp()
        os.utime(agent_bak, (at, at))
        ws.sync_journal()
    with Journal.open(root) as journal:
        scores = [p.score for p in journal.history("MEMORY.md", "a1b2c3") if p.actor == "import"]
    assert scores == [0.6, 0.7]


def test_memdesk_own_backups_are_not_imported_as_history(root: Path) -> None:
    ws = Workspace.open(root)
    edit(ws, "d4e5f6", score=0.5)
    result = save(ws)
    assert result.backup is not None
    ws.sync_journal()
    assert [e for e in events(root) if e.actor == "import"] == []
    with Journal.open(root) as journal:
        assert [p.score for p in journal.history("MEMORY.md", "d4e5f6")] == [0.5]


# -- applying -------------------------------------------------------------------------------------


def test_apply_is_all_or_nothing(root: Path) -> None:
    """A change whose `before` is not what is here refuses the whole batch, not half of it."""
    ws = Workspace.open(root)
    shown = ws.doc.to_bytes()
    entry, other = ws.find("d4e5f6"), ws.find("c0ffee")
    assert entry is not None and other is not None
    good = Change("d4e5f6", entry, entry.edited(content="User writes Python and Rust."))
    stale = Change("c0ffee", other.edited(content="not what is here"), other.edited(content="x"))
    with pytest.raises(WorkspaceError, match="c0ffee"):
        ws.apply([good, stale])
    assert ws.pending == []
    assert not ws.modified
    assert ws.doc.to_bytes() == shown


# -- policy profile -------------------------------------------------------------------------------


def test_a_chosen_profile_is_remembered_for_the_workspace(root: Path) -> None:
    assert Workspace.open(root).profile.name == "everbot"  # detected from the categories
    ws = Workspace.open(root, profile="tiered")
    edit(ws, "d4e5f6", content="chosen under the tiered profile")
    ws.save(actor="person", cause="test")
    assert Workspace.open(root).profile.name == "tiered"
    assert Workspace.open(root, profile="everbot").profile.name == "everbot"


def test_an_unknown_profile_is_refused(root: Path) -> None:
    with pytest.raises(WorkspaceError, match="known: everbot, tiered"):
        Workspace.open(root, profile="nonsense")


# -- undo through snapshots -----------------------------------------------------------------------


def test_undo_before_a_save_leaves_nothing_to_write(root: Path, memory: Path) -> None:
    original = memory.read_bytes()
    ws = Workspace.open(root)
    before = ws.snapshot()
    from core.agents.everbot import ops as operations

    changes = operations.delete(ws, ["d4e5f6"]).changes
    ws.apply(changes)
    ws.restore(before, changes=inverse_of(changes))
    assert ws.doc.to_bytes() == original  # back in its place, not appended at the end
    assert save(ws).changes == ()
    assert memory.read_bytes() == original


def test_undo_after_a_save_becomes_a_new_unsaved_change(root: Path, memory: Path) -> None:
    from core.agents.everbot import ops as operations

    original = memory.read_bytes()
    ws = Workspace.open(root)
    before = ws.snapshot()
    changes = operations.edit(ws, "d4e5f6", content="saved, then undone").changes
    ws.apply(changes)
    after = ws.snapshot()
    save(ws)
    assert b"saved, then undone" in memory.read_bytes()
    ws.restore(before, changes=inverse_of(changes))
    assert ws.modified
    save(ws)
    assert memory.read_bytes() == original
    ws.restore(after, changes=changes)  # redo
    save(ws)
    assert b"saved, then undone" in memory.read_bytes()


# -- settling conflicts ---------------------------------------------------------------------------


@pytest.mark.parametrize("choice", ["theirs", "mine", "edited"])
def test_a_conflict_is_settled_as_the_person_chooses(root: Path, memory: Path, choice: str) -> None:
    ws = Workspace.open(root)
    edit(ws, "d4e5f6", content="mine")
    edit(ws, "c0ffee", content="also mine, no conflict")
    theirs = memory.read_text(encoding="utf-8").replace(
        "User's primary language is Python; secondary is TypeScript.", "theirs"
    )
    memory.write_text(theirs, encoding="utf-8")
    with pytest.raises(ConflictError):
        save(ws)
    mine = ws.find("d4e5f6")
    assert mine is not None
    resolution: Any = {"theirs": "theirs", "mine": "mine", "edited": "both"}[choice]
    result = ws.save(actor="person", cause="test", resolutions={"d4e5f6": resolution})
    expected = {"theirs": "theirs", "mine": "mine", "edited": "both"}[choice]
    text = memory.read_text(encoding="utf-8")
    assert f"\n{expected}\n" in text
    assert "also mine, no conflict" in text
    assert result.merged
    kept = {c.key for c in result.changes}
    assert kept == ({"c0ffee"} if choice == "theirs" else {"c0ffee", "d4e5f6"})
    reopened = Workspace.open(root)
    assert reopened.find("d4e5f6").content == expected  # type: ignore[union-attr]
    assert reopened.doc.problems == []


# -- fixing kept-aside text -----------------------------------------------------------------------

STRAY = (
    "# Agent Memory\n\n## Active Memories\n\n"
    "### [aa0001] fact | 0.70 | 2026-02-25 | 2\nfirst\n\n"
    "## stray heading\nsome stray words\n\n"
    "### [bb0002] fact | 0.60 | 2026-02-24 | 1\nsecond\n"
)


def test_fixing_stray_text_turns_it_into_a_memory(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(STRAY, encoding="utf-8")
    ws = Workspace.open(tmp_path)
    problem = ws.doc.problems[0]
    assert problem.kind == "stray_heading" and problem.line == 8
    result = ws.fix_quarantine(8, "### [cc0003] fact | 0.50 | 2026-02-26 | 1\nsome stray words")
    text = (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    assert text == STRAY.replace(
        "## stray heading\nsome stray words",
        "### [cc0003] fact | 0.50 | 2026-02-26 | 1\nsome stray words",
    )
    assert result.backup is not None and result.backup.read_text(encoding="utf-8") == STRAY
    assert [c.key for c in result.changes] == ["cc0003"]
    again = Workspace.open(tmp_path)
    assert again.doc.problems == []
    assert [e.key for e in again.entries()] == ["aa0001", "cc0003", "bb0002"]


def test_fixing_is_refused_when_the_file_changed_meanwhile(tmp_path: Path) -> None:
    memory = tmp_path / "MEMORY.md"
    memory.write_text(STRAY, encoding="utf-8")
    ws = Workspace.open(tmp_path)
    memory.write_text(STRAY.replace("second", "agent wrote"), encoding="utf-8")
    with pytest.raises(WorkspaceError, match="changed by another program"):
        ws.fix_quarantine(8, "### [cc0003] fact | 0.50 | 2026-02-26 | 1\nsome stray words")
    assert "agent wrote" in memory.read_text(encoding="utf-8")
    assert ws.doc.problems and not ws.pending  # back as it was


def test_other_agents_workspaces_are_named_not_misread() -> None:
    """A Pomelobot MEMORY.md is not the structured format: say so instead of showing it as stray text."""
    from core.registry import resolve
    from tests.conftest import FIXTURES

    assert resolve(FIXTURES / "workspaces" / "pomelobot")[0].name == "pomelobot"
    assert resolve(FIXTURES / "picoclaw" / "home")[0].name == "picoclaw"
    assert resolve(FIXTURES / "workspaces" / "tiered")[0].name == "everbot"


def test_open_cleans_what_an_interrupted_backup_left(root: Path, memory: Path) -> None:
    """A save killed while copying the backup leaves a temp file in .memdesk/backups/."""
    backups = root / ".memdesk" / "backups"
    backups.mkdir(parents=True)
    stale = backups / f".20260301_101010_MEMORY.md.memdesk-tmp.{dead_pid()}.0123456789abcdef"
    stale.write_bytes(b"half a backup")
    backup = backups / "20260301_101010_MEMORY.md"
    backup.write_bytes(b"a whole backup")
    Workspace.open(root)
    assert not stale.exists()
    assert backup.read_bytes() == b"a whole backup"


def test_every_operation_is_a_change_set_on_the_memory_file(root: Path) -> None:
    """Tried as the window's undo stack takes them: EverBot's operations gave lists of changes
    the callers wrapped each their own way; now each is a ChangeSet as every agent's is."""
    from core.agents.everbot import ops as operations
    from core.ops import ChangeSet

    ws = Workspace.open(root)
    made = [
        operations.edit(ws, "a1b2c3", content="edited"),
        operations.set_category(ws, ["a1b2c3", "d4e5f6"], "habit"),
        operations.move(ws, ["c0ffee"], "archived"),
        operations.delete(ws, ["70d0aa"]),
        operations.merge(ws, "a1b2c3", "d4e5f6", "merged"),
        operations.reinforce_memory(ws, "0a1b2c"),
        operations.pin(ws, "0a1b2c"),
        operations.create(ws, content="new", category="fact", score=0.5),
    ]
    assert all(isinstance(cs, ChangeSet) and cs.document is ws.document for cs in made)
    assert [cs.label for cs in made[:4]] == [
        "Edit [a1b2c3]",
        "Change category to habit",
        "Archive [c0ffee]",
        "Delete [70d0aa]",
    ]
    merged = made[4]
    assert [(c.key, c.after is None) for c in merged.changes] == [
        ("a1b2c3", False),
        ("d4e5f6", True),
    ]
    made[0].apply()
    assert ws.find("a1b2c3").content == "edited"  # type: ignore[union-attr]


def test_a_refresh_while_the_file_cannot_be_read_waits_for_the_next_change(
    root: Path, memory: Path, tmp_path: Path
) -> None:
    """Tried as a user whose file turned, for a moment, into a link out of the workspace: the
    window's refresh failed with an error for EverBot, where every other agent's waits and reads
    the file at the next change. Now EverBot's refresh is the shared one."""
    ws = Workspace.open(root)
    original = memory.read_bytes()
    outside = tmp_path / "elsewhere.md"
    outside.write_bytes(original.replace(b"User previously", b"Someone else"))
    memory.unlink()
    memory.symlink_to(outside)
    refreshed = ws.refresh_from_disk()
    assert not refreshed.reloaded and not refreshed.kept
    assert ws.find("01d001").content == "User previously lived in Shanghai."  # type: ignore[union-attr]
    memory.unlink()
    memory.write_bytes(original.replace(b"User previously", b"The user previously"))
    assert [d.rel for d in ws.refresh_from_disk().reloaded] == ["MEMORY.md"]
    assert ws.find("01d001").content == "The user previously lived in Shanghai."  # type: ignore[union-attr]


def test_no_second_model_of_a_save_or_a_backup_is_left() -> None:
    """EverBot's SaveResult, the store's BackupInfo and the (path, time, name) tuples of
    `backup_files` were converted field by field into Saved and BackupFile; they are gone."""
    import core.agents.everbot.workspace as everbot_workspace
    import core.store.backups as backups

    gone = ["SaveResult", "backup_files", "agent_bak_time"]
    assert [name for name in gone if hasattr(everbot_workspace, name)] == []
    assert not hasattr(backups, "BackupInfo")
