"""The first column of a memory list is headed by what it holds (the file's format says: an id,
a time, a file name), not "When" whatever it holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk

AnySidebarDesk = SidebarDesk[Any]


def _desk(qtbot: QtBot, window: MainWindow, folder: Path) -> AnySidebarDesk:
    window.open_workspace(folder)
    qtbot.waitUntil(lambda: window.ws is not None and window.ws.root == folder, timeout=10_000)
    assert isinstance(window.desk, SidebarDesk)
    return window.desk


def _first_header(desk: AnySidebarDesk) -> object:
    model = desk.entries.model
    return model.headerData(0, Qt.Orientation.Horizontal)


def test_claude_code_and_codex_lists_name_their_first_column_by_what_it_holds(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Claude Code user would: the index's rows were labelled by the file each line
    points to under a "When" header, and Codex's summary by ids under "When". Now the header
    says File, Name (a topic file's), Id, and Written for Codex's notes, which are times."""
    write_demo(tmp_path / "claude", layout="claude-code")
    desk = _desk(qtbot, window, tmp_path / "claude/projects/-home-demo-code-web-shop")
    assert _first_header(desk) == "File"
    desk.entries.file_list.setCurrentRow(1)
    assert _first_header(desk) == "Name"
    write_demo(tmp_path / "codex", layout="codex")
    desk = _desk(qtbot, window, tmp_path / "codex")
    assert _first_header(desk) == "Id"
    desk.select_page("notes")
    assert _first_header(desk) == "Written"
