"""The window's pages over every workspace, wired as a person uses them: a search result opens
its workspace with the memory selected, a staged write approved from the Inbox reaches the open
workspace's page, a server address that cannot be opened is said in one line."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.agents.hermes.format import DELIMITER
from core.demo import write_demo
from tests.ui.test_inbox_view import decided, first_of, select, shown
from ui.entries_view import EntriesView
from ui.hubs import add_hubs, open_remote_page
from ui.inbox_view import InboxView
from ui.main_window import MainWindow


def _hermes(window: MainWindow) -> Path:
    home = Path.home() / ".hermes"
    write_demo(home, layout="hermes")
    return home


def test_a_search_result_opens_its_workspace_with_the_memory_selected(
    qtbot: QtBot, window: MainWindow
) -> None:
    hermes = _hermes(window)
    home = add_hubs(window)
    entries = (hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8").split(DELIMITER)
    home.reveal_requested.emit(hermes, "hermes", "memories/MEMORY.md", "")
    qtbot.waitUntil(lambda: window.ws is not None and window.ws.root == hermes, timeout=10_000)
    assert window.desk is not None
    view = window.desk.stack.currentWidget()  # type: ignore[attr-defined]
    assert isinstance(view, EntriesView) and view.source is not None
    assert view.source.rel == "memories/MEMORY.md"
    assert view.current_content() is not None and view.current_content() in entries[0] + "\n"


def test_a_staged_write_approved_in_the_inbox_reaches_the_open_workspace(
    qtbot: QtBot, window: MainWindow
) -> None:
    hermes = _hermes(window)
    add_hubs(window)
    with qtbot.waitSignal(window.ready, timeout=10_000):
        window.open_workspace(hermes)
    tab = window.tab_for(hermes)
    assert tab is not None and tab.ws is not None
    inbox = window.hubs["inbox"]
    assert isinstance(inbox, InboxView)
    shown(qtbot, inbox)
    item = first_of(inbox, hermes, staged=True)
    assert item.staged is not None
    before = [d.render() for d in tab.ws.documents()]
    select(inbox, item)
    assert decided(qtbot, inbox, "approve_selected") == [hermes]
    qtbot.waitUntil(lambda: [d.render() for d in tab.ws.documents()] != before, timeout=10_000)
    assert not tab.modified()


def test_a_server_address_that_cannot_be_opened_is_said(qtbot: QtBot, window: MainWindow) -> None:
    assert not open_remote_page(window, "ssh://")
    assert "Not opened" in window.banner.text()
    assert not open_remote_page(window, "/a/local/folder")
    assert "names no server" in window.banner.text()
