"""Walking the window as a keyboard and screen-reader user meets it: every agent's demo open at
once with Home, Inbox and Activity, each page of each shown in turn (and each tab of a page);
what is named, and which shortcuts Qt would match at the same time."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAccessible, QAction, QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from core.registry import demo_layouts, resolve
from ui.hubs import add_hubs
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk

INTERACTIVE = (
    QAbstractButton,
    QLineEdit,
    QAbstractItemView,
    QComboBox,
    QAbstractSpinBox,
    QPlainTextEdit,
    QTextEdit,
)
Window = Qt.ShortcutContext.WindowShortcut
Scope = tuple[Qt.ShortcutContext, QWidget]


def open_every_demo(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Home, Inbox and Activity, and every agent's demo open in `window`."""
    add_hubs(window)
    for layout in sorted(demo_layouts()):
        folder = tmp_path / layout
        write_demo(folder, layout=layout)
        agent, target = resolve(folder)
        window.open_workspace(target, agent.name)
        qtbot.waitUntil(lambda t=target: window.tab_for(t) is not None, timeout=20_000)  # type: ignore[misc]


def every_page(window: MainWindow, qtbot: QtBot) -> Iterator[str]:
    """Show each hub page, each page of each open workspace and each tab of those pages in turn;
    yields where it is."""
    for name, page in window.hubs.items():
        window.navigator.show_page(page)
        yield from _tabs_of(page, name)
    for tab in window.tabs():
        window.show_tab(tab)
        desk = tab.desk
        assert isinstance(desk, SidebarDesk)
        for page in list(desk.pages):
            desk.select_page(page.name)
            qtbot.waitUntil(lambda: not window.tasks.busy, timeout=20_000)
            yield from _tabs_of(desk, f"{tab.root.name}: {page.name}")


def _tabs_of(root: QWidget, where: str) -> Iterator[str]:
    yield where
    for tabs in root.findChildren(QTabWidget):
        if not tabs.isVisible():
            continue
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            yield f"{where}: {tabs.tabText(index)}"
        tabs.setCurrentIndex(0)


def unnamed(window: MainWindow) -> set[str]:
    """The interactive widgets shown in the window a screen reader has no name for."""
    found = set()
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, INTERACTIVE) or not widget.isVisible() or _qt_internal(widget):
            continue
        face = QAccessible.queryAccessibleInterface(widget)
        if face is None or not face.text(QAccessible.Text.Name).strip():
            found.add(f"{type(widget).__name__} {widget.objectName()!r} in {_path(widget)}")
    return found


def tab_round(window: MainWindow, most: int = 80) -> list[str]:
    """Tab from the navigator until it comes back: the widgets it went through; raises when
    the keyboard stays caught somewhere (a table stepping through its cells, a text box typing
    a tab)."""
    window.navigator.setFocus()
    went: list[str] = []
    for _press in range(most):
        widget = QApplication.focusWidget()
        assert widget is not None, "nothing has the focus"
        QTest.keyClick(widget, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is window.navigator:
            return went
        went.append(now.objectName() if now is not None else "")
    raise AssertionError(f"Tab never came back to the list of pages: {went[-5:]}")


def _qt_internal(widget: QWidget) -> bool:
    """Parts Qt makes and names for its own widgets (a header, a combo box's list, a corner)."""
    if isinstance(widget, QHeaderView) or widget.objectName().startswith("qt_"):
        return True
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QComboBox, QAbstractSpinBox)):
            return True
        parent = parent.parentWidget()
    return False


def _path(widget: QWidget) -> str:
    names = []
    parent = widget.parentWidget()
    while parent is not None and len(names) < 4:
        names.append(parent.objectName() or type(parent).__name__)
        parent = parent.parentWidget()
    return "/".join(reversed(names))


def live_shortcuts(window: MainWindow) -> dict[str, list[tuple[QObject, Scope]]]:
    """Every key sequence Qt would match now, with what it triggers and where it applies (as
    Qt's shortcut map decides it: enabled, on a visible and enabled widget)."""
    found: dict[str, list[tuple[QObject, Scope]]] = defaultdict(list)
    for action in window.findChildren(QAction):
        if not shiboken6.isValid(action) or not (action.isEnabled() and action.isVisible()):
            continue
        scopes = {_scope(action.shortcutContext(), w, window) for w in _widgets_of(action)}
        for keys in action.shortcuts():
            for scope in scopes:
                found[_text(keys)].append((action, scope))
    for shortcut in window.findChildren(QShortcut):
        widget = shortcut.parent()
        if shortcut.isEnabled() and isinstance(widget, QWidget) and _live(widget):
            for keys in shortcut.keys():  # noqa: SIM118 (a QShortcut's keys, not a dict's)
                found[_text(keys)].append((shortcut, _scope(shortcut.context(), widget, window)))
    return found


def _widgets_of(action: QAction) -> Iterator[QWidget]:
    for owner in action.associatedObjects():
        if isinstance(owner, QMenu):
            yield from _widgets_of(owner.menuAction())
        elif isinstance(owner, QWidget) and _live(owner):
            yield owner


def _live(widget: QWidget) -> bool:
    return widget.isVisible() and widget.isEnabled()


def _scope(context: Qt.ShortcutContext, widget: QWidget, window: QWidget) -> Scope:
    if context in (Window, Qt.ShortcutContext.ApplicationShortcut):
        return Window, window
    return context, widget


def _text(keys: QKeySequence) -> str:
    return keys.toString(QKeySequence.SequenceFormat.PortableText)


def ambiguous(window: MainWindow) -> list[str]:
    """Key sequences two live shortcuts share where the same focus reaches both."""
    clashes = []
    for keys, bound in live_shortcuts(window).items():
        for at, (first, one) in enumerate(bound):
            for second, other in bound[at + 1 :]:
                if first is not second and _overlap(one, other):
                    clashes.append(f"{keys}: {_what(first)} and {_what(second)}")
    return clashes


def _overlap(one: Scope, other: Scope) -> bool:
    (_kind, widget), (other_kind, other_widget) = sorted(
        (one, other), key=lambda scope: _BREADTH[scope[0]]
    )
    if other_kind == Window:
        return True
    if other_kind == Qt.ShortcutContext.WidgetShortcut:  # both on one widget only
        return widget is other_widget
    return other_widget is widget or other_widget.isAncestorOf(widget)


_BREADTH = {
    Qt.ShortcutContext.WidgetShortcut: 0,
    Qt.ShortcutContext.WidgetWithChildrenShortcut: 1,
    Window: 2,
}


def _what(owner: QObject) -> str:
    if isinstance(owner, QAction):
        return f"action {owner.text()!r}"
    parent = owner.parent()
    return f"shortcut on {parent.objectName() or type(parent).__name__}"
