"""Several workspaces open at once in one window (issue 26 item 2), driven as a person would:
an EverBot and a Hermes demo open side by side with unsaved edits in both, switched between
from the navigator and by keyboard; undo, save and close act on the workspace shown only; an
agent writing into the workspace in the background is picked up there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from tests.ui.test_main_window import select_rows
from ui.agents.everbot.desk import EverBotDesk
from ui.agents.hermes.desk import HermesDesk
from ui.hubs import add_hubs, open_remote_page
from ui.main_window import MainWindow
from ui.untrusted import literal_html

if TYPE_CHECKING:
    from ui.open_tab import WorkspaceTab

EVERBOT_EDIT = "edited in the EverBot workspace"
HERMES_EDIT = "added in the Hermes workspace"


def open_tab(qtbot: QtBot, window: MainWindow, path: Path) -> WorkspaceTab:
    """Open `path` and wait until its workspace is shown; its tab."""
    shown: list[WorkspaceTab] = []
    window.open_workspace(path, then=shown.append)
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    assert window.current_tab is shown[0]
    return shown[0]


def both(qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path) -> tuple[WorkspaceTab, ...]:
    """Both demos open, each with one unsaved edit; Hermes shown."""
    ev = open_tab(qtbot, window, everbot)
    assert isinstance(ev.desk, EverBotDesk)
    select_rows(ev.desk, 0)
    ev.desk.detail.content.setPlainText(EVERBOT_EDIT)
    ev.desk.detail.apply_edits()
    he = open_tab(qtbot, window, hermes)
    assert isinstance(he.desk, HermesDesk)
    he.desk.entries.confirm = lambda _question: True
    he.desk.entries.editor.setPlainText(HERMES_EDIT)
    he.desk.entries.add_entry()
    assert ev.modified() and he.modified()
    return ev, he


def rows(window: MainWindow) -> list[str]:
    nav = window.navigator
    return [nav.item(r).text() for r in range(nav.count())]


def files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".memdesk" not in p.parts
    }


def test_two_workspaces_keep_their_own_edits_while_switched(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    ev, he = both(qtbot, window, everbot, hermes)
    assert window.tabs() == [ev, he]
    assert rows(window) == ["Home", "EverBot: everbot *", "Hermes: hermes *"]
    assert window.navigator.item(1).toolTip() == literal_html(str(ev.root))
    assert str(he.root) in window.windowTitle() and window.isWindowModified()

    window.navigator.setCurrentRow(1)  # a click on EverBot's row
    assert window.current_tab is ev and window.ws is ev.ws and window.desk is ev.desk
    assert window.desks.currentWidget() is ev.desk
    assert str(ev.root) in window.windowTitle()
    assert ev.desk.detail.content.toPlainText() == EVERBOT_EDIT
    QTest.keyClick(window, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert window.current_tab is he
    QTest.keyClick(window, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)  # round
    assert window.current_tab is ev
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(window, Qt.Key.Key_Backtab, shift_ctrl)  # Ctrl+Shift+Tab, round
    assert window.current_tab is he
    assert ev.modified() and he.modified()
    assert [d.path.name for d in he.ws.modified_documents()] == ["MEMORY.md"]


def test_undo_follows_the_workspace_shown(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    ev, he = both(qtbot, window, everbot, hermes)
    assert window.undo_stack is he.undo_stack
    window.show_tab(ev)
    assert window.undo_stack is ev.undo_stack
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not ev.modified() and ev.undo_stack.index() == 0
    assert he.modified() and he.undo_stack.index() == 1
    assert rows(window)[1:] == ["EverBot: everbot", "Hermes: hermes *"]


def test_each_workspace_saves_to_its_own_files(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    ev, he = both(qtbot, window, everbot, hermes)
    hermes_before, everbot_before = files(hermes), files(everbot)
    window.show_tab(ev)
    QTest.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not ev.tasks.busy and not ev.modified(), timeout=10_000)
    assert EVERBOT_EDIT in (everbot / "MEMORY.md").read_text(encoding="utf-8")
    assert files(hermes) == hermes_before and he.modified()

    everbot_saved = files(everbot)
    assert everbot_saved != everbot_before
    window.show_tab(he)
    window.save()
    qtbot.waitUntil(lambda: not he.tasks.busy and not he.modified(), timeout=10_000)
    memory = (hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8")
    assert memory.endswith(HERMES_EDIT)
    assert EVERBOT_EDIT not in memory
    assert files(everbot) == everbot_saved


def test_closing_one_workspace_asks_about_its_edits_only(
    qtbot: QtBot,
    window: MainWindow,
    everbot: Path,
    hermes: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ev, he = both(qtbot, window, everbot, hermes)
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard]
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    window.show_tab(ev)
    QTest.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs() == [ev, he] and ev.modified()  # Cancel keeps it and its edits
    assert len(asked) == 1 and str(everbot) in asked[0] and str(hermes) not in asked[0]
    window.close_workspace()
    assert window.tabs() == [he] and window.current_tab is he
    assert he.modified() and len(asked) == 2
    assert EVERBOT_EDIT not in (everbot / "MEMORY.md").read_text(encoding="utf-8")
    assert rows(window) == ["Home", "Hermes: hermes *"]


def test_closing_the_window_asks_once_per_workspace_with_edits(
    qtbot: QtBot,
    window: MainWindow,
    everbot: Path,
    hermes: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ev, he = both(qtbot, window, everbot, hermes)
    open_tab(qtbot, window, hermes / "profiles" / "work")  # a third one, no edits
    asked: list[str] = []
    answers = [QMessageBox.StandardButton.Discard, QMessageBox.StandardButton.Cancel]

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    window.close()
    assert window.isVisible()  # the second answer, Cancel, keeps the window
    assert [str(ev.root) in asked[0], str(he.root) in asked[1]] == [True, True]
    assert window.current_tab is he  # shown while asked about


def test_an_agent_writing_into_the_workspace_in_the_background_is_picked_up(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    ev = open_tab(qtbot, window, everbot)
    he = open_tab(qtbot, window, hermes)
    assert window.current_tab is he
    script = (
        "import os, sys; p = sys.argv[1]; t = open(p, encoding='utf-8').read();"
        "t = t.replace('\\n## Archived Memories', '\\n### [ffee01] fact | 0.90 | 2026-02-28 | 1\\n"
        "written by the agent\\n\\n## Archived Memories', 1);"
        "open(p + '.tmp', 'w', encoding='utf-8').write(t); os.replace(p + '.tmp', p)"
    )
    subprocess.run([sys.executable, "-c", script, str(everbot / "MEMORY.md")], check=True)
    qtbot.waitUntil(lambda: ev.ws.find("ffee01") is not None, timeout=10_000)
    qtbot.waitUntil(lambda: rows(window)[1].startswith("● EverBot"), timeout=5_000)
    assert not window.banner.isVisible() or "Reloaded" not in window.banner.text()
    window.show_tab(ev)
    assert window.banner.isVisible() and "changed by another program" in window.banner.text()
    assert rows(window)[1] == "EverBot: everbot"
    assert isinstance(ev.desk, EverBotDesk) and ev.desk.model.keys().count("ffee01") == 1


def test_opening_an_open_folder_again_shows_the_same_workspace(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    ev = open_tab(qtbot, window, everbot)
    he = open_tab(qtbot, window, hermes)
    session = ev.session
    again = open_tab(qtbot, window, everbot)
    assert again is ev and ev.session is session
    assert window.tab_for(everbot) is ev and window.tab_for(hermes / ".") is he
    assert window.tabs() == [ev, he]
    with qtbot.waitSignal(window.ready, timeout=10_000):
        window.open_workspace(hermes)
    assert window.current_tab is he and len(window.tabs()) == 2


def test_a_hub_page_is_listed_above_the_workspaces(
    qtbot: QtBot, window: MainWindow, everbot: Path
) -> None:
    ev = open_tab(qtbot, window, everbot)
    inbox = QLabel("inbox")
    window.add_hub_page("inbox", "Inbox", inbox)
    assert rows(window) == ["Home", "Inbox", "EverBot: everbot"]
    window.navigator.setCurrentRow(1)
    assert window.desks.currentWidget() is inbox and window.current_tab is None
    assert window.ws is None and not window.isWindowModified()
    window.navigator.setCurrentRow(0)
    assert str(ev.root) in window.placeholder.text()  # Home lists the open workspaces
    QTest.keyClick(window, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert window.current_tab is ev


def test_closing_a_workspace_closes_its_conflict_dialog(
    qtbot: QtBot,
    window: MainWindow,
    everbot: Path,
    hermes: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its choices, accepted after it closed, would have been saved through a closed session."""
    ev, he = both(qtbot, window, everbot, hermes)
    window.show_tab(ev)
    ev.watcher.blockSignals(True)  # the agent's write is met by the save, not read first
    memory = everbot / "MEMORY.md"
    original = ev.ws.base_data.decode()  # type: ignore[attr-defined]
    assert isinstance(ev.desk, EverBotDesk)
    key = ev.desk.selected_keys()[0]
    lines = original.splitlines()
    saved = next(lines[n + 1] for n, line in enumerate(lines) if line.startswith(f"### [{key}]"))
    theirs = original.replace(f"{saved}\n", "their version\n", 1)
    memory.write_text(theirs, encoding="utf-8")
    window.save()
    qtbot.waitUntil(lambda: ev.conflict_dialog is not None, timeout=10_000)
    dialog = ev.conflict_dialog
    assert dialog is not None and dialog.isVisible()
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Discard)
    assert window.close_workspace()
    assert not dialog.isVisible() and window.tabs() == [he]
    assert memory.read_text(encoding="utf-8") == theirs


def test_the_navigator_names_each_row_for_a_screen_reader(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    both(qtbot, window, everbot, hermes)
    nav = window.navigator
    assert nav.accessibleName() == "Workspaces and overviews"
    named = [nav.item(r).data(Qt.ItemDataRole.AccessibleTextRole) for r in range(nav.count())]
    assert named == [
        "Home page",
        "EverBot workspace everbot, unsaved edits",
        "Hermes workspace hermes, unsaved edits",
    ]


def test_a_hermes_profile_opened_while_its_home_is_open_is_shown_there(
    qtbot: QtBot, window: MainWindow, hermes: Path, everbot: Path
) -> None:
    """Tried as a person opening ~/.hermes/profiles/work with ~/.hermes open: a second
    workspace over the same files (two undo stacks, two journals). Now the Hermes home open
    is shown, that profile's page selected; the profile alone still opens as before."""
    home = open_tab(qtbot, window, hermes)
    open_tab(qtbot, window, everbot)
    assert open_tab(qtbot, window, hermes / "profiles" / "work") is home
    assert window.tabs()[0] is home and len(window.tabs()) == 2
    assert isinstance(home.desk, HermesDesk) and home.desk.current_page() == "memory:work"
    assert window.close_workspace(home)
    alone = open_tab(qtbot, window, hermes / "profiles" / "work")
    assert alone.root == hermes / "profiles" / "work" and len(window.tabs()) == 2


PROFILE_EDIT = "added in the work profile opened on its own"


def _profile_edited(qtbot: QtBot, window: MainWindow, hermes: Path) -> WorkspaceTab:
    alone = open_tab(qtbot, window, hermes / "profiles" / "work")
    assert isinstance(alone.desk, HermesDesk)
    alone.desk.entries.confirm = lambda _question: True
    alone.desk.entries.editor.setPlainText(PROFILE_EDIT)
    alone.desk.entries.add_entry()
    assert alone.modified()
    return alone


def _answering(monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_a_hermes_home_opened_while_one_of_its_profiles_is_open_takes_its_place(
    qtbot: QtBot, window: MainWindow, hermes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a person with ~/.hermes/profiles/work open (an entry added, unsaved) opening
    ~/.hermes: two workspaces over the same files. Now the person is asked about the
    profile's edits, they are saved, its tab closes and the home shows that profile's page,
    read with the edit."""
    _profile_edited(qtbot, window, hermes)
    asked = _answering(monkeypatch, QMessageBox.StandardButton.Save)
    home = open_tab(qtbot, window, hermes)
    assert len(asked) == 1 and "profiles/work" in asked[0]
    assert window.tabs() == [home] and home.root == hermes
    assert isinstance(home.desk, HermesDesk) and home.desk.current_page() == "memory:work"
    assert PROFILE_EDIT in (hermes / "profiles/work/memories/MEMORY.md").read_text("utf-8")
    qtbot.waitUntil(lambda: not home.tasks.busy, timeout=10_000)
    shown = home.desk.entries.table
    texts = [
        shown.model().index(r, c).data()
        for r in range(shown.model().rowCount())
        for c in range(shown.model().columnCount())
    ]
    assert any(PROFILE_EDIT in str(t) for t in texts) and not home.modified()


def test_a_hermes_home_is_not_opened_over_a_profile_whose_edits_are_kept(
    qtbot: QtBot, window: MainWindow, hermes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alone = _profile_edited(qtbot, window, hermes)
    asked = _answering(monkeypatch, QMessageBox.StandardButton.Cancel)
    window.open_workspace(hermes)
    qtbot.waitUntil(lambda: bool(asked) and not window.opener.busy, timeout=10_000)
    assert window.tabs() == [alone] and window.current_tab is alone and alone.modified()
    assert "not opened" in window.statusBar().currentMessage()


def test_the_status_bar_counts_the_servers_pages_open(
    qtbot: QtBot, window: MainWindow, everbot: Path
) -> None:
    """Tried with a workspace and a server's page open: the status bar said "1 workspace
    open", the server's page not counted. Now it says "1 workspace, 1 server open"."""
    add_hubs(window)
    open_tab(qtbot, window, everbot)
    assert open_remote_page(window, "ssh://127.0.0.1:1/srv/agent", show=False)
    window.navigator.show_page(window.hubs["home"])
    assert window.status.text() == "1 workspace, 1 server open"
    assert window.close_workspace(window.tabs()[0])
    assert window.status.text() == "1 server open"
    assert open_remote_page(window, "me@127.0.0.1:/srv/other", show=False)
    assert window.status.text() == "2 servers open"
