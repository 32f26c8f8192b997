"""Everything in the window can be done from the keyboard and is named for a screen reader;
no two shortcuts answer the same keys."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence, QShortcut
from pytestqt.qtbot import QtBot

from tests.ui.keyboard_walk import ambiguous, every_page, open_every_demo, unnamed
from ui.main_window import MainWindow


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
    assert not found, "\n".join(f"{c} (on {where})" for c, where in sorted(found.items()))


def test_two_shortcuts_on_the_same_keys_are_found(window: MainWindow) -> None:
    """The check above finds what Qt calls ambiguous: a page's own Ctrl+S beside File → Save."""
    page = window.hubs["home"]
    QShortcut(QKeySequence("Ctrl+S"), page)
    assert ambiguous(window) == ["Ctrl+S: action '&Save' and shortcut on placeholder"]
