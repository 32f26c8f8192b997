"""A journal MemDesk cannot use says why: not a journal, or a disk that is full. (A journal
folder it may not read is in tests/reliability/test_hostile_input.py: it needs a process
without root's privileges.)"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from core.store.journal import Journal, JournalError, JournalReadOnlyError
from core.store.journal import opening as journal_module
from tests.helpers import fill, small_disk


def test_a_journal_on_a_full_disk_says_the_disk_is_full(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", 64) as disk:
        fill(disk, 16 * 1024)
        with pytest.raises(JournalError) as caught:
            Journal.open(disk).close()
    message = str(caught.value)
    assert "the disk is full" in message
    assert "not a MemDesk journal" not in message
    assert str(disk / ".memdesk" / "memdesk.db") in message


def test_a_garbage_journal_is_named_as_not_a_journal(tmp_path: Path) -> None:
    (tmp_path / ".memdesk").mkdir()
    (tmp_path / ".memdesk" / "memdesk.db").write_bytes(b"this is not SQLite\n" * 200)
    with pytest.raises(JournalError, match="is not a MemDesk journal"):
        Journal.open(tmp_path).close()


def test_a_journal_is_read_through_a_relative_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`memdesk list ws` in a folder the person may not write: the copy in memory is made from
    the journal named relative to the current folder."""
    (tmp_path / "ws").mkdir()
    with Journal.open(tmp_path / "ws") as journal:
        journal.set_setting("layout", "everbot")
    monkeypatch.chdir(tmp_path)
    with Journal.open_readonly(Path("ws")) as copy:
        assert copy.get_setting("layout") == "everbot"


def test_a_write_to_an_open_journal_on_a_full_disk_is_a_journal_error(tmp_path: Path) -> None:
    """A save whose file is written but whose journal then meets a full disk: the commit
    reports it (and the next open settles it) instead of failing with an SQLite error."""
    with small_disk(tmp_path / "disk", 512) as disk, Journal.open(disk) as journal:
        fill(disk, 0)
        with pytest.raises(JournalError, match="the disk is full"):
            journal.set_setting("big", "x" * 200_000)


# -- every way SQLite can fail to open the journal ------------------------------------------------


def _journal_path(workspace: Path) -> Path:
    path = Journal.db_path(workspace)
    path.parent.mkdir(exist_ok=True)
    return path


def _a_journal(workspace: Path) -> bytes:
    """A real journal of `workspace` with one setting in it; its bytes."""
    with Journal.open(workspace) as journal:
        journal.set_setting("kept", "yes")
    return Journal.db_path(workspace).read_bytes()


def _unusable_journals(workspace: Path) -> dict[str, Callable[[Path], None]]:
    data = _a_journal(workspace)
    Journal.db_path(workspace).unlink()
    return {
        "garbage": lambda p: p.write_bytes(b"this is not SQLite\n" * 200),
        "truncated": lambda p: p.write_bytes(data[: len(data) // 2]),
        "truncated in its header": lambda p: p.write_bytes(data[:60]),
        "another file": lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40),
        "a folder": lambda p: p.mkdir(),
    }


UNUSABLE = ["garbage", "truncated", "truncated in its header", "another file", "a folder"]


@pytest.mark.parametrize("kind", UNUSABLE)
@pytest.mark.parametrize("opener", ["open", "open_readonly", "open_for_inspection"])
def test_a_journal_sqlite_cannot_open_says_what_it_is_and_how_to_move_it_aside(
    tmp_path: Path, kind: str, opener: str
) -> None:
    make = _unusable_journals(tmp_path)[kind]
    path = _journal_path(tmp_path)
    make(path)
    with pytest.raises(JournalError) as caught:
        getattr(Journal, opener)(tmp_path).close()
    message = str(caught.value)
    assert not isinstance(caught.value, JournalReadOnlyError)
    assert f"{path} is not a MemDesk journal" in message, message
    assert f"mv {path} {path}.broken" in message, message


def _opened_read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite opens the journal as it does on a read-only disk (the connection MemDesk writes
    through is `mode=ro`): its own read-only and cannot-open errors come back."""
    connect = journal_module._connect

    def read_only(target: str, *, uri: bool = False) -> sqlite3.Connection:
        if uri or target == ":memory:":
            return connect(target, uri=uri)
        return connect(f"{Path(target).absolute().as_uri()}?mode=ro", uri=True)

    monkeypatch.setattr(journal_module, "_connect", read_only)


def test_a_journal_sqlite_may_only_read_is_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLITE_READONLY (switching an older database to WAL): opened as a copy in memory."""
    path = _journal_path(tmp_path)
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE older (a)")
    _opened_read_only(monkeypatch)
    with pytest.raises(JournalReadOnlyError, match="cannot write the journal"):
        Journal.open(tmp_path).close()
    with Journal.open_for_inspection(tmp_path) as inspected:
        assert not inspected.persistent
        assert inspected.operations() == []


def test_a_journal_sqlite_cannot_create_is_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No journal yet, and none may be created (a read-only disk): read-only too."""
    _journal_path(tmp_path)
    _opened_read_only(monkeypatch)

    def refused(target: Path, **_kw: object) -> tuple[int, Path]:
        raise OSError(errno.EROFS, "Read-only file system", str(target))

    monkeypatch.setattr(journal_module, "create_temp", refused)
    with pytest.raises(JournalReadOnlyError, match="Read-only file system"):
        Journal.open(tmp_path).close()
    with Journal.open_for_inspection(tmp_path) as inspected:
        assert not inspected.persistent
    assert not Journal.db_path(tmp_path).exists()


def test_a_write_sqlite_refuses_is_a_journal_error_naming_the_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A journal opened, then refusing a write (read-only underneath): the error wrapping."""
    _a_journal(tmp_path)
    _opened_read_only(monkeypatch)
    with Journal.open(tmp_path) as journal:
        assert journal.get_setting("kept") == "yes"
        with pytest.raises(JournalError, match="the journal could not be written") as caught:
            journal.set_setting("more", 1)
    assert str(Journal.db_path(tmp_path)) in str(caught.value)
