"""Everything in the window can be done from the keyboard and is named for a screen reader;
no two shortcuts answer the same keys."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from tests.ui.keyboard_walk import ambiguous, every_page, open_every_demo, tab_round, unnamed
from tests.ui.test_main_window import opened
from ui.agents.everbot.desk import EverBotDesk
from ui.hubs import add_hubs
from ui.main_window import MainWindow
from ui.shortcuts import Row, shortcut_rows


def test_every_interactive_widget_of_every_page_has_a_name(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """Tried as a person with a screen reader: tables, lists, text boxes and search fields were
    read out as "table", "edit" with nothing saying which; now every one has a name."""
    open_every_demo(window, qtbot, tmp_path)
    found: dict[str, str] = {}
    for where in every_page(window, qtbot):
        for widget in unnamed(window) - set(found):
            found[widget] = where
    assert not found, "\n".join(f"{w} (on {where})" for w, where in sorted(found.items()))
    assert window.banner.accessibleName() == "Notice"
    assert window.navigator.accessibleName() == "Workspaces and overviews"


def test_tab_goes_round_every_page_and_f6_comes_back_to_the_list(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """Tried with the keyboard alone: Tab into a table stepped through its cells for ever, Tab
    in a memory's text box typed a tab into the memory; neither let the keyboard out. Now Tab
    goes round every page and back to the list of pages, through the search box before the
    table it filters; F6 goes to that list from anywhere."""
    qtbot.waitActive(window)  # type: ignore[no-untyped-call]
    open_every_demo(window, qtbot, tmp_path)
    rounds = [tab_round(window) for _where in every_page(window, qtbot)]
    assert len(rounds) > 100 and all(rounds)
    window.show_tab(next(t for t in window.tabs() if t.root.name == "everbot"))
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    desk.select_page(desk.pages[0].name)
    went = tab_round(window)
    assert went[:4] == ["deskSidebar", "search", "memoryTable", went[3]]
    assert went.index("memoryTable") < went.index("memoryContent")
    desk.detail.content.setFocus()
    QTest.keyClick(desk.detail.content, Qt.Key.Key_F6)
    assert QApplication.focusWidget() is window.navigator


def test_no_two_shortcuts_answer_the_same_keys_on_any_page(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """Qt does nothing but print "Ambiguous shortcut overload" when two shortcuts it would
    match share keys: every page of every agent's demo, Home and the Inbox are checked."""
    open_every_demo(window, qtbot, tmp_path)
    found: dict[str, str] = {}
    for where in every_page(window, qtbot):
        for clash in set(ambiguous(window)) - set(found):
            found[clash] = where
        assert all(row.what for row in shortcut_rows(window)), where
    assert not found, "\n".join(f"{c} (on {where})" for c, where in sorted(found.items()))


def test_two_shortcuts_on_the_same_keys_are_found(window: MainWindow) -> None:
    """The check above finds what Qt calls ambiguous: a page's own Ctrl+S beside File → Save."""
    page = window.hubs["home"]
    QShortcut(QKeySequence("Ctrl+S"), page)
    assert ambiguous(window) == ["Ctrl+S: action '&Save' and shortcut on placeholder"]


def _help_action(window: MainWindow, text: str) -> QAction:
    help_menu = next(a.menu() for a in window.menuBar().actions() if "Help" in a.text())
    assert isinstance(help_menu, QMenu)
    return next(a for a in help_menu.actions() if text in a.text().replace("&", ""))


def _declared(window: MainWindow) -> set[tuple[str, str]]:
    """What the window's actions, shortcuts and pages declare, read here on its own."""
    native = QKeySequence.SequenceFormat.NativeText
    found = set()
    for action in window.findChildren(QAction):
        if action.shortcuts():
            keys = " / ".join(k.toString(native) for k in action.shortcuts())
            found.add((keys, action.text().replace("&", "").rstrip("…").strip()))
    for shortcut in window.findChildren(QShortcut):
        sequences = shortcut.keys()
        found.add((" / ".join(k.toString(native) for k in sequences), shortcut.whatsThis()))
    for widget in window.findChildren(QWidget):
        for line in widget.property("memdeskKeys") or ():
            keys, what = str(line).split("\t")
            found.add((keys, what))
    return found


def test_help_lists_every_shortcut_the_window_declares_and_finds_them(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """Tried as a new user looking for a shortcut: Help → Keyboard shortcuts was a list kept by
    hand (it lacked the review queue's V, Ctrl+F4, F1…); now it is read from the window's own
    actions and shortcuts, grouped by menu or page, and a search narrows it."""
    write_demo(tmp_path / "ws", layout="everbot")
    opened(qtbot, window, tmp_path / "ws")
    extra = QAction("Frobnicate the memories", window)
    extra.setShortcut(QKeySequence("Ctrl+Alt+K"))
    help_menu = _help_action(window, "Keyboard shortcuts").associatedObjects()[0]
    assert isinstance(help_menu, QMenu)
    help_menu.addAction(extra)
    _help_action(window, "Keyboard shortcuts").trigger()
    dialog = window.menus.shortcuts_dialog
    assert dialog is not None and dialog.isVisible()
    rows = {(row.keys, row.what) for row in dialog.rows}
    assert rows == _declared(window)
    assert all(row.keys and row.what and row.group for row in dialog.rows)
    native = QKeySequence.SequenceFormat.NativeText
    assert (
        Row("Help", QKeySequence("Ctrl+Alt+K").toString(native), "Frobnicate the memories")
        in dialog.rows
    )
    assert Row("File", QKeySequence("Ctrl+S").toString(native), "Save") in dialog.rows
    assert any(row.keys == "V" and row.what == "Review again" for row in dialog.rows)
    dialog.search.setText("review again")
    assert [row.what for row in dialog.shown_rows()] == ["Review again"]
    dialog.search.setText("")
    assert len(dialog.shown_rows()) == len(dialog.rows)
    dialog.close()


def test_home_and_the_inbox_are_a_key_away(window: MainWindow, qtbot: QtBot) -> None:
    """Tried with the keyboard alone: Home and the Inbox were reached only by the list at the
    left; View → Go to Home (Ctrl+Shift+H) and Go to the Inbox (Ctrl+Shift+I) now."""
    add_hubs(window)
    qtbot.waitActive(window)  # type: ignore[no-untyped-call]
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(window, Qt.Key.Key_I, ctrl_shift)
    assert window.desks.currentWidget() is window.hubs["inbox"]
    QTest.keyClick(window, Qt.Key.Key_H, ctrl_shift)
    assert window.desks.currentWidget() is window.hubs["home"]
