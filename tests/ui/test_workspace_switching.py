"""Switching between the open workspaces and inside a page, tried as a person would (issue 26):
- a status line said by a workspace in the background (its save ended) was dropped; it is shown
  when the person comes back to that workspace;
- Ctrl+Tab switches workspaces, so the tabs inside a page (a memory's detail tabs) had no key
  left: Ctrl+PgDown / Ctrl+PgUp switch them, and no key is bound twice in the window."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from tests.ui.test_several_workspaces import both, open_tab
from ui.agents.everbot.desk import EverBotDesk
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk

CTRL = Qt.KeyboardModifier.ControlModifier


def test_a_background_workspaces_status_line_is_shown_when_it_is_shown_again(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    ev, he = both(qtbot, window, everbot, hermes)
    he.save()  # Hermes' save runs while the person turns to EverBot
    window.show_tab(ev)
    qtbot.waitUntil(lambda: not he.tasks.busy and not he.modified(), timeout=10_000)
    assert "Saved" not in window.statusBar().currentMessage()  # it speaks of EverBot's
    window.show_tab(he)
    assert window.statusBar().currentMessage() == "Saved MEMORY.md (1 backed up first)"
    window.show_tab(ev)
    window.show_tab(he)
    assert window.statusBar().currentMessage() == ""  # said once


def test_ctrl_pgdown_switches_the_tabs_of_the_page_and_ctrl_tab_the_workspaces(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    ev = open_tab(qtbot, window, everbot)
    he = open_tab(qtbot, window, hermes)
    window.show_tab(ev)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert isinstance(ev.desk, EverBotDesk)
    tabs = ev.desk.detail.pane_tabs
    tabs.tabBar().setFocus()
    assert tabs.currentIndex() == 0
    QTest.keyClick(tabs.tabBar(), Qt.Key.Key_PageDown, CTRL)
    assert window.current_tab is ev and tabs.currentIndex() == 1
    QTest.keyClick(tabs.tabBar(), Qt.Key.Key_PageDown, CTRL)  # round
    assert tabs.currentIndex() == 0
    QTest.keyClick(tabs.tabBar(), Qt.Key.Key_PageUp, CTRL)
    assert window.current_tab is ev and tabs.currentIndex() == 1
    QTest.keyClick(tabs.tabBar(), Qt.Key.Key_Tab, CTRL)
    assert window.current_tab is he


def test_the_focus_outside_any_tabs_steps_the_first_tabs_shown(
    qtbot: QtBot, window: MainWindow, everbot: Path
) -> None:
    ev = open_tab(qtbot, window, everbot)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert isinstance(ev.desk, EverBotDesk)
    ev.desk.sidebar.setFocus()
    QTest.keyClick(ev.desk.sidebar, Qt.Key.Key_PageDown, CTRL)
    assert ev.desk.detail.pane_tabs.currentIndex() == 1


def test_no_key_is_bound_twice_on_any_page_of_any_desk(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path
) -> None:
    """Qt answers a key bound twice with "Ambiguous shortcut" and does neither."""
    for tab in (open_tab(qtbot, window, everbot), open_tab(qtbot, window, hermes)):
        window.show_tab(tab)
        assert isinstance(tab.desk, SidebarDesk)
        for row in range(tab.desk.sidebar.count()):
            tab.desk.sidebar.setCurrentRow(row)
            for tabs in tab.desk.findChildren(QTabWidget):
                for index in range(tabs.count()) if tabs.isVisible() else ():
                    tabs.setCurrentIndex(index)
                    twice = {k: v for k, v in live_keys(window).items() if len(v) > 1}
                    page = tab.desk.sidebar.item(row).text()
                    assert twice == {}, f"{tab.root.name}, {page}: bound twice: {twice}"


def live_keys(window: QWidget) -> dict[str, set[str]]:
    """Each key sequence that triggers something in `window` as shown, and what it triggers."""
    bound: dict[str, set[str]] = defaultdict(set)
    for action in window.findChildren(QAction):
        if action.isEnabled() and _reachable(action):
            for key in action.shortcuts():
                bound[key.toString()].add(f"action {action.text()!r} {id(action)}")
    for shortcut in window.findChildren(QShortcut):
        parent = shortcut.parent()
        if shortcut.isEnabled() and isinstance(parent, QWidget) and parent.isVisible():
            for key in shortcut.keys():  # noqa: SIM118 (a method, not a mapping's)
                bound[key.toString()].add(f"shortcut on {parent.objectName()!r} {id(shortcut)}")
    return dict(bound)


def _reachable(action: QAction) -> bool:
    """Shown on a widget (a visible one, or a menu reached from the menu bar or the toolbar)."""
    return any(_shown(o) for o in action.associatedObjects())


def _shown(owner: QObject) -> bool:
    if isinstance(owner, QMenu):
        return any(_shown(o) for o in owner.menuAction().associatedObjects())
    return isinstance(owner, QWidget) and owner.isVisible()
