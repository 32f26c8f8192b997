"""The Backups page on a Claude Code project whose duplicate topic file `approve --all` deleted,
the journal then lost (so no undo): the deleted topic's backup is listed, and *Restore whole
file…* brings it back byte for byte with its MEMORY.md line (SPEC 5)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from app.cli import main
from core.store.confine import OWN_FOLDER
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk

TOPIC = "memory/feedback_db_mocks.md"


def deleted_topic(tmp_path: Path) -> tuple[Path, bytes]:
    assert main(["demo", str(tmp_path / "home"), "--layout", "claude-code"]) == 0
    project = next((tmp_path / "home" / "projects").iterdir())
    before = (project / TOPIC).read_bytes()
    assert main(["review", str(project)]) == 0
    assert main(["approve", str(project), "--all"]) == 0
    assert not (project / TOPIC).exists()
    for db in (project / OWN_FOLDER).glob("memdesk.db*"):
        db.unlink()
    return project, before


def test_the_backups_page_lists_and_restores_a_deleted_topic(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    project, before = deleted_topic(tmp_path)
    window.open_workspace(project)
    qtbot.waitUntil(lambda: isinstance(window.desk, SidebarDesk), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("backups")
    page = desk.backups_view
    qtbot.waitUntil(lambda: bool(page.backups), timeout=10_000)
    files = [b.live for b in page.backups]
    assert TOPIC in files, files
    page.table.setCurrentCell(files.index(TOPIC), 0)
    qtbot.waitUntil(lambda: page.comparing is None and page.restore_all.isEnabled(), timeout=10_000)
    page.confirm = lambda _text: True  # type: ignore[method-assign]
    failures: list[str] = []
    desk.failed.connect(failures.append)

    QTest.mouseClick(page.restore_all, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: (project / TOPIC).exists() and not window.tasks.busy, timeout=10_000)

    assert failures == []
    assert (project / TOPIC).read_bytes() == before
    line = "- [No DB mocks](feedback_db_mocks.md) — Integration tests hit a real database\n"
    assert line in (project / "memory" / "MEMORY.md").read_text()
