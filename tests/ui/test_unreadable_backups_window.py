"""The window's Backups page with backups MemDesk cannot read: no crash dialog (issue 22).

A backup named `00010101_000000_MEMORY.md` (or `99991231_235959_…` west of UTC) opened the crash
dialog ("year 0 is out of range") as soon as the page listed the folder; restoring a backup that
turned into NUL bytes after it was compared took the same path ("ValueError").
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.cli import main
from app.crash import CrashHandler
from tests.ui.test_agent_desk import opened
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk

ODD = ["00010101_000000_MEMORY.md", "99991231_235959_MEMORY.md"]


@pytest.fixture
def west_of_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time in New York, where 99991231_235959 overflows too."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _pico(tmp_path: Path) -> Path:
    assert main(["demo", str(tmp_path / "home"), "--layout", "picoclaw"]) == 0
    return tmp_path / "home" / "workspace"


def _backups_page(desk: SidebarDesk) -> None:
    """Go to the Backups page as the person does: through the sidebar (a slot: an exception
    in it reaches the crash handler)."""
    rows = [desk.sidebar.item(r).text() for r in range(desk.sidebar.count())]  # type: ignore[attr-defined]
    desk.sidebar.setCurrentRow(rows.index("Backups"))  # type: ignore[attr-defined]


@pytest.mark.usefixtures("west_of_utc")
def test_the_backups_page_lists_backups_named_out_of_range(
    qtbot: QtBot, window: MainWindow, crash: CrashHandler, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    folder = ws / "memory" / "backups"
    for name in ODD:
        shutil.copy(ws / "memory" / "MEMORY.md", folder / name)
    desk = opened(qtbot, window, ws).desk
    assert isinstance(desk, SidebarDesk)
    _backups_page(desk)
    qtbot.wait(50)
    assert crash.dialog is None
    view = desk.backups_view
    assert view is not None and desk.stack.currentWidget() is view
    rows = {view.table.item(r, 5).text(): r for r in range(view.table.rowCount())}  # type: ignore[union-attr]
    assert len(rows) == 6  # the demo's four and the two
    for name in ODD:
        when = view.table.item(rows[f"memory/backups/{name}"], 0).text()  # type: ignore[union-attr]
        assert when.endswith("(file time: the name holds none)")
    assert max(rows.values()) in {rows[f"memory/backups/{name}"] for name in ODD}  # listed last


def test_restoring_a_backup_turned_into_nul_bytes_says_so_in_the_window(
    qtbot: QtBot, window: MainWindow, crash: CrashHandler, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    live = ws / "memory" / "MEMORY.md"
    before = live.read_bytes()
    desk = opened(qtbot, window, ws).desk
    assert isinstance(desk, SidebarDesk)
    _backups_page(desk)
    view = desk.backups_view
    assert view is not None
    view.table.setCurrentCell(0, 0)
    backup = view.selected()
    assert backup is not None and view.restore_all.isEnabled()
    backup.path.write_bytes(b"# Long-term Memory\n\x00\n")  # another program, after the compare
    view.confirm = lambda _text: True  # type: ignore[method-assign]
    failures: list[str] = []
    desk.failed.connect(failures.append)

    view.restore_all.click()
    qtbot.waitUntil(lambda: bool(failures) or crash.dialog is not None, timeout=10_000)
    window.tasks.wait()

    assert crash.dialog is None
    assert failures == [
        f"{backup.rel}:2: contains a NUL byte: not a text file; nothing was restored"
    ]
    assert live.read_bytes() == before
