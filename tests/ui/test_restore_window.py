"""The Backups page's *Restore checked memories…* on the EverBot demo, as a new user meets it:
memories only a backup holds are ticked with the mouse, restored, and are in MEMORY.md on disk;
a restore that fails keeps the ticks, so trying again is one click."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from app.cli import main
from core.store.errors import WorkspaceError
from tests.helpers import oldest_demo_backup
from tests.ui.test_main_window import opened
from ui import backups_view
from ui.agents.everbot.desk import EverBotDesk
from ui.backups_view import BackupsView
from ui.main_window import MainWindow

ONLY_THERE = ("a253f6", "c511c3")  # two memories only that backup holds (issue 23, item 1)


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    assert main(["demo", str(folder)]) == 0
    return folder


def backups_page(qtbot: QtBot, window: MainWindow, demo: Path) -> tuple[EverBotDesk, BackupsView]:
    desk = opened(qtbot, window, demo)
    desk.select_page("backups")
    page = desk.backups_view
    rels = [b.rel for b in page.backups]
    page.table.setCurrentCell(rels.index(oldest_demo_backup(demo)), 0)
    qtbot.waitUntil(lambda: page.comparing is None, timeout=10_000)
    page.confirm = lambda _text: True  # type: ignore[method-assign]
    return desk, page


def tick(qtbot: QtBot, grid: QTableWidget, key: str) -> None:
    """Click the memory's check box as a mouse would."""
    row = next(
        r for r in range(grid.rowCount()) if grid.item(r, 0).data(Qt.ItemDataRole.UserRole) == key
    )
    grid.scrollToItem(grid.item(row, 0))
    rect = grid.visualItemRect(grid.item(row, 0))
    box = QPoint(rect.left() + 10, rect.center().y())  # the check box sits at the cell's left
    QTest.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=box)
    assert grid.item(row, 0).checkState() == Qt.CheckState.Checked, f"{key} was not ticked"


def memory_ids(path: Path) -> set[str]:
    text = (path / "MEMORY.md").read_text(encoding="utf-8")
    return {line[5:11] for line in text.splitlines() if line.startswith("### [")}


def test_restoring_two_memories_only_a_backup_holds_puts_both_in_the_file(
    qtbot: QtBot, window: MainWindow, demo: Path
) -> None:
    """Tried as a new user would (issue 23, item 1): ticked two memories only the oldest backup
    holds, Restore checked memories…: 'entry  is not as expected' and the ticks were gone."""
    before = memory_ids(demo)
    assert not before & set(ONLY_THERE)
    desk, page = backups_page(qtbot, window, demo)
    failures: list[str] = []
    desk.failed.connect(failures.append)
    for key in ONLY_THERE:
        tick(qtbot, page.diff_table, key)

    QTest.mouseClick(page.restore_checked, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)

    assert failures == []
    assert memory_ids(demo) == before | set(ONLY_THERE)
    assert window.ws is not None and all(window.ws.find(k) for k in ONLY_THERE)  # type: ignore[attr-defined]
    assert not window.banner.property("error")


def test_a_failed_restore_keeps_the_ticks(
    qtbot: QtBot, window: MainWindow, demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restore refused (here: the file changed on disk in a way that cannot be restored over)
    leaves the memories ticked: the person fixes the cause and clicks again."""
    desk, page = backups_page(qtbot, window, demo)
    for key in ONLY_THERE:
        tick(qtbot, page.diff_table, key)

    def refused(*_args: object, **_kwargs: object) -> object:
        raise WorkspaceError("MEMORY.md changed on disk since it was read: reload (F5)")

    monkeypatch.setattr(backups_view, "restore_and_save", refused)
    failures: list[str] = []
    desk.failed.connect(failures.append)

    QTest.mouseClick(page.restore_checked, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(failures), timeout=10_000)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)

    assert set(page.checked_keys()) == set(ONLY_THERE)
    assert page.restore_checked.isEnabled()
    assert memory_ids(demo).isdisjoint(ONLY_THERE)
