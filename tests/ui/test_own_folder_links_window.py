"""The window with a link under `.memdesk/` (issue 22, finding 5): every page says it is
refused, none opens the crash dialog or writes through the link."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.cli import main
from app.crash import CrashHandler
from core.agents.everbot.workspace import Workspace
from ui.main_window import MainWindow


def test_every_page_of_a_workspace_whose_backups_folder_is_a_link(
    qtbot: QtBot, window: MainWindow, crash: CrashHandler, tmp_path: Path
) -> None:
    folder = tmp_path / "ws"
    assert main(["demo", str(folder), "--layout", "everbot", "--entries", "40"]) == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    backups = folder / ".memdesk" / "backups"
    backups.rename(tmp_path / "set-aside")
    backups.symlink_to(outside)
    window.open_workspace(folder)
    qtbot.waitUntil(lambda: isinstance(window.ws, Workspace), timeout=10_000)
    desk = window.desk
    assert desk is not None
    failures: list[str] = []
    desk.failed.connect(failures.append)
    sidebar = desk.sidebar  # type: ignore[attr-defined]
    for row in range(sidebar.count()):
        sidebar.setCurrentRow(row)
        qtbot.wait(20)
    window.tasks.wait()
    qtbot.wait(50)
    assert crash.dialog is None
    assert list(outside.iterdir()) == []
    assert any(f"{backups}: a symbolic link where MemDesk keeps" in f for f in failures), failures
