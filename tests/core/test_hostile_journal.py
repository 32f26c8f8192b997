"""A journal MemDesk cannot use says why: not a journal, or a disk that is full. (A journal
folder it may not read is in tests/reliability/test_hostile_input.py: it needs a process
without root's privileges.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.store.journal import Journal, JournalError
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
