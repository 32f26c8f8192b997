"""Ctrl+PgDown / Ctrl+PgUp: the next or previous tab of the tabs inside the page shown (a
memory's detail tabs, a backup's diff tabs, the review queue's), as in most programs; Ctrl+Tab
switches the open workspaces. One pair of window actions for every page, so no key is bound
twice: the tabs holding the keyboard focus, else the first tabs shown on the page."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QTabWidget, QWidget

from ui.actions import make_action

if TYPE_CHECKING:
    from ui.main_window import MainWindow

__all__ = ["NEXT_TAB", "PREVIOUS_TAB", "add_tab_switching", "step_tabs"]

NEXT_TAB, PREVIOUS_TAB = "Ctrl+PgDown", "Ctrl+PgUp"


def add_tab_switching(window: MainWindow, menu: QMenu) -> None:
    """View → Next tab / Previous tab of the page shown."""
    steps = (
        (QCoreApplication.translate("Menus", "Next &tab"), 1, NEXT_TAB),
        (QCoreApplication.translate("Menus", "Previous t&ab"), -1, PREVIOUS_TAB),
    )
    for text, by, key in steps:
        slot = partial(_step_shown, window, by)
        menu.addAction(make_action(window, text, QKeySequence(key), slot))


def _step_shown(window: MainWindow, by: int) -> None:
    page = window.desks.currentWidget()
    if page is not None:
        step_tabs(page, by)


def step_tabs(page: QWidget, by: int) -> None:
    """Show the next (1) or previous (-1) enabled tab, round, of the tabs in `page` that hold
    the focus, else of the first tabs shown there."""
    tabs = _around(QApplication.focusWidget(), page) or next(
        (t for t in page.findChildren(QTabWidget) if t.isVisible()), None
    )
    if tabs is None:
        return
    count = tabs.count()
    for step in range(1, count):
        index = (tabs.currentIndex() + by * step) % count
        if tabs.isTabEnabled(index):
            tabs.setCurrentIndex(index)
            return


def _around(focus: QWidget | None, page: QWidget) -> QTabWidget | None:
    """The innermost tabs of `page` holding `focus`."""
    while focus is not None and focus is not page:
        if isinstance(focus, QTabWidget):
            return focus
        focus = focus.parentWidget()
    return None
