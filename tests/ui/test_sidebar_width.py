"""The EverBot desk at the window's narrowest: every page's name in the sidebar reads whole."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.demo import write_demo
from tests.ui.test_main_window import opened
from ui.main_window import MainWindow


def test_the_sidebar_names_read_whole_in_a_narrow_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would, in a window 1,200 pixels wide: the sidebar was squeezed to
    "Archived (" and "Review que" while the table kept its width."""
    write_demo(tmp_path / "ws", entries=60, seed=7)
    desk = opened(qtbot, window, tmp_path / "ws")
    window.resize(1200, 700)
    narrowest = lambda: max(1200, window.minimumSizeHint().width()) + 1  # noqa: E731
    qtbot.waitUntil(lambda: window.width() <= narrowest(), timeout=2000)
    sidebar = desk.sidebar
    qtbot.waitUntil(
        lambda: sidebar.viewport().width() >= sidebar.sizeHintForColumn(0), timeout=2000
    )
    assert window.minimumSizeHint().width() <= 1366  # still fits a common laptop screen
