"""The EverBot table's search box, as a new user meets it: words of a memory the agent dropped
and only MEMORY.md.bak still holds list it after the live memories, greyed and marked as in that
backup; it is no memory the table's actions touch; double-clicking it shows it on the Backups
page, ticked for restoring. The backups are searched off the UI thread."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from tests.ui.test_main_window import opened, select_rows, type_text
from ui import backups_view
from ui.agents.everbot.desk import EverBotDesk
from ui.main_window import MainWindow

LIVE = {"aaaaaa": "Black coffee, no sugar", "cccccc": "Standup at nine on weekdays"}
BAK = {"aaaaaa": "Coffee with oat milk", "bbbbbb": "Prefers green tea in the morning"}


def _memory_file(memories: dict[str, str]) -> str:
    lines = ["# Agent Memory", "", "## Active Memories", ""]
    for mid, content in memories.items():
        lines += [f"### [{mid}] preference | 0.80 | 2026-11-01 | 3", content, ""]
    return "\n".join(lines)


def _workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "MEMORY.md").write_text(_memory_file(LIVE), encoding="utf-8")
    (folder / "MEMORY.md.bak").write_text(_memory_file(BAK), encoding="utf-8")
    return folder


def _search(qtbot: QtBot, desk: EverBotDesk, text: str) -> None:
    """Type the words as a person would, then wait for the debounced search and the backups'."""
    desk.search.clear()
    type_text(desk.search, text)
    qtbot.waitUntil(lambda: not desk._debounce.isActive(), timeout=5_000)
    _backups_searched(qtbot, desk)


def _backups_searched(qtbot: QtBot, desk: EverBotDesk) -> None:
    """Wait for the pause after which the backups are searched, and for that search."""
    qtbot.waitUntil(lambda: not desk._backup_pause.isActive(), timeout=5_000)
    assert desk.backup_finder.wait()
    qtbot.waitUntil(lambda: not desk.backup_finder.busy, timeout=5_000)


def _rows(desk: EverBotDesk) -> list[list[str]]:
    model = desk.model
    return [
        [model.index(row, column).data() for column in (0, 1, 5)] for row in range(model.rowCount())
    ]


def test_words_of_a_memory_only_in_the_backup_list_it_marked(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    desk = opened(qtbot, window, _workspace(tmp_path))

    _search(qtbot, desk, "green tea")

    [[label, where, content]] = _rows(desk)
    assert label == "bbbbbb" and content == "Prefers green tea in the morning"
    assert where.startswith("only in backup MEMORY.md.bak (")
    hit = desk.model.index(0, 5)
    assert hit.data(Qt.ItemDataRole.FontRole).italic()
    assert hit.data(Qt.ItemDataRole.ForegroundRole) == QColor("#808080")
    assert "only in backup MEMORY.md.bak" in hit.data(Qt.ItemDataRole.ToolTipRole)
    assert desk.model.key_at(0) is None and desk.model.hit_at(0) is not None
    select_rows(desk, 0)
    assert desk.selected_keys() == []  # no action touches it
    assert "(+1 only in backups)" in desk.status_text()


def test_a_live_memory_is_listed_once_and_filters_alone_search_no_backup(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    desk = opened(qtbot, window, _workspace(tmp_path))

    _search(qtbot, desk, "coffee")  # the backup holds another version of the live aaaaaa
    assert _rows(desk) == [["aaaaaa", "preference", "Black coffee, no sugar"]]

    _search(qtbot, desk, "score>0.5")
    assert [r[0] for r in _rows(desk)] == ["aaaaaa", "cccccc"]

    _search(qtbot, desk, "tea -green")
    assert _rows(desk) == []


def test_only_the_newest_query_lists_its_backup_memories(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    desk = opened(qtbot, window, _workspace(tmp_path))
    listed: list[str] = []
    desk.model.rowsInserted.connect(
        lambda _parent, first, _last: listed.append(desk.model.index(first, 0).data())
    )

    desk.search.setText("green")
    desk.run_search()
    desk.search.setText("standup")
    desk.run_search()
    _backups_searched(qtbot, desk)

    assert listed == [] and [r[0] for r in _rows(desk)] == ["cccccc"]


def test_the_backups_are_read_once_until_a_refresh(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[int] = []
    real = backups_view.backup_only
    monkeypatch.setattr(
        backups_view, "backup_only", lambda backups: reads.append(1) or real(backups)
    )
    desk = opened(qtbot, window, _workspace(tmp_path))
    _search(qtbot, desk, "green")
    _search(qtbot, desk, "green tea")
    assert [r[0] for r in _rows(desk)] == ["bbbbbb"]
    assert len(reads) == 1  # what only the backups hold, kept while the person types

    (tmp_path / "ws" / "MEMORY.md.bak").unlink()
    desk.refresh()
    _backups_searched(qtbot, desk)
    assert _rows(desk) == [] and len(reads) > 1  # read again: the backup is gone


def test_the_backups_are_searched_once_the_person_pauses(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    desk = opened(qtbot, window, _workspace(tmp_path))
    desk.search.setText("green")
    desk.run_search()
    assert desk._backup_pause.isActive() and not desk.backup_finder.busy  # not while typing
    desk.search.setText("green tea")
    desk.run_search()
    _backups_searched(qtbot, desk)
    assert [r[0] for r in _rows(desk)] == ["bbbbbb"]


def test_the_archived_view_searches_no_backup(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    desk = opened(qtbot, window, _workspace(tmp_path))
    desk.sidebar.setCurrentRow(1)
    assert desk.current_page() == "archived"

    _search(qtbot, desk, "green")

    assert desk.model.rowCount() == 0


def test_double_click_shows_it_in_its_backup_ticked(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    desk = opened(qtbot, window, _workspace(tmp_path))
    _search(qtbot, desk, "green tea")
    cell = desk.table.visualRect(desk.model.index(0, 5)).center()

    QTest.mouseClick(desk.table.viewport(), Qt.MouseButton.LeftButton, pos=cell)  # as a mouse
    QTest.mouseDClick(desk.table.viewport(), Qt.MouseButton.LeftButton, pos=cell)

    page = desk.backups_view
    assert desk.stack.currentWidget() is page
    assert desk.sidebar.currentItem().data(Qt.ItemDataRole.UserRole) == "backups"
    chosen = page.selected()
    assert chosen is not None and chosen.rel == "MEMORY.md.bak"
    assert page.checked_keys() == ["bbbbbb"]
    assert page.tabs.currentIndex() == 0 and page.restore_checked.isEnabled()


def test_enter_opens_a_backup_memory_not_a_live_one(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    desk = opened(qtbot, window, _workspace(tmp_path))
    _search(qtbot, desk, "in")
    assert [r[0] for r in _rows(desk)] == ["cccccc", "bbbbbb"]
    desk.table.setFocus()
    select_rows(desk, 0)

    QTest.keyClick(desk.table, Qt.Key.Key_Return)
    assert desk.stack.currentWidget() is desk.table

    select_rows(desk, 1)
    QTest.keyClick(desk.table, Qt.Key.Key_Return)
    assert desk.stack.currentWidget() is desk.backups_view
    assert desk.backups_view.checked_keys() == ["bbbbbb"]
