"""Issue 23 "Reads well", part B: the window at 1440x900 as a new user reads it."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.demo import write_demo
from tests.ui.test_main_window import opened
from ui.agents.everbot.desk import VIEWS
from ui.main_window import MainWindow

MEMORY_PAGES = {"active", "archived"}


def _at_1440x900(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1440, 900)
    qtbot.waitUntil(lambda: window.width() == 1440, timeout=2000)


def test_the_detail_pane_shows_only_beside_a_memory_list(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would: Backups, Review, Activity and Scoring profile kept showing
    the memory last selected in Active, unrelated to the page."""
    write_demo(tmp_path / "ws")
    desk = opened(qtbot, window, tmp_path / "ws")
    _at_1440x900(qtbot, window)
    for row, view in enumerate(VIEWS):
        desk.sidebar.setCurrentRow(row)
        assert desk.detail.isVisible() == (view.name in MEMORY_PAGES), view.name
