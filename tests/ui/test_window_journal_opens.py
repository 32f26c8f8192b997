"""The window opens a workspace's journal once and holds it: opening the workspace (finding its
agent, reading it), its Activity page (the list, an operation's changes) and undoing a saved
operation there all read and write through that one handle, where each step used to open the
journal again by path (off the UI thread too)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.cli import main
from core.registry import agent_named
from tests.reliability.test_one_journal_open import opens_counted
from tests.ui.test_agent_desk import opened
from tests.ui.test_journal_pages import _written
from tests.ui.test_main_window import select_rows
from ui.agents.everbot.desk import EverBotDesk
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk


def test_opening_the_activity_page_and_undoing_there_open_the_journal_once(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    first = next(r.id for r in agent_named("everbot").rows(root))
    assert main(["edit", str(root), first, "--score", "0.5"]) == 0
    before = (root / "MEMORY.md").read_bytes()
    opened_journals = opens_counted(monkeypatch)

    desk = opened(qtbot, window, root).desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("activity")
    activity = desk.activity_view
    assert activity is not None and activity.table.rowCount() == 1
    activity.table.selectRow(0)
    assert activity.events.rowCount() == 1
    activity.confirm = lambda _text: True  # type: ignore[method-assign]
    _written(qtbot, window, activity.undo.click)

    assert (root / "MEMORY.md").read_bytes() != before
    assert activity.table.rowCount() == 2
    assert len(opened_journals) == 1, f"the journal was opened {len(opened_journals)} times"


def test_everbots_score_chart_and_what_if_read_the_windows_journal(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A memory's score chart (on selecting it) and the scoring profile's what-if (off the UI
    thread) read the journal the window holds, not one opened for each look."""
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    first = next(r.id for r in agent_named("everbot").rows(root))
    assert main(["edit", str(root), first, "--score", "0.5"]) == 0  # the journal holds history
    opened_journals = opens_counted(monkeypatch)
    window.open_workspace(root)
    qtbot.waitUntil(lambda: isinstance(window.desk, EverBotDesk), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    window.tasks.wait()

    for row in (0, 1, 2):
        select_rows(desk, row)
        desk.detail.pane_tabs.setCurrentWidget(desk.detail.chart_view)
        qtbot.waitUntil(lambda: bool(desk.detail.chart_view.series_names()), timeout=5_000)
    desk.select_page("profile")
    page = desk.profile
    with qtbot.waitSignal(page.what_if_shown, timeout=10_000):
        page.model.setData(page.model.index(page.model.row_of("archive_below"), 4), "0.6")

    assert len(opened_journals) == 1, f"the journal was opened {len(opened_journals)} times"
