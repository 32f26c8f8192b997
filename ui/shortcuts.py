"""Help → Keyboard shortcuts: every shortcut of the window as it is now, read from its actions
(grouped by menu), its `QShortcut`s and the keys a page handles itself (`declare_keys`), grouped
by the named widget they belong to; searchable. Nothing here is a list kept by hand."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.accessible import make_accessible

__all__ = ["NATIVE", "Row", "ShortcutsDialog", "declare_keys", "shortcut_rows", "show_shortcuts"]

KEYS_PROPERTY = "memdeskKeys"  # "keys\twhat" for each key a widget handles itself
NATIVE = QKeySequence.SequenceFormat.NativeText


@dataclass(frozen=True)
class Row:
    group: str  # the menu, or the named part of the window the keys act in
    keys: str
    what: str


def declare_keys(widget: QWidget, keys: Sequence[tuple[str, str]]) -> None:
    """Keys `widget` handles itself (an event filter, not a shortcut): (keys, what they do);
    Help → Keyboard shortcuts lists them."""
    widget.setProperty(KEYS_PROPERTY, [f"{k}\t{what}" for k, what in keys])


def shortcut_rows(window: QMainWindow) -> list[Row]:
    """Every shortcut of `window` now: the menus' first, then the pages', each once."""
    rows: dict[tuple[str, str], Row] = {}
    for row in [*_menu_rows(window), *_other_rows(window)]:
        rows.setdefault((row.keys, row.what), row)
    return list(rows.values())


def _menu_rows(window: QMainWindow) -> Iterator[Row]:
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            yield from _menu(menu, _plain(top.text()))


def _menu(menu: QMenu, group: str) -> Iterator[Row]:
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from _menu(sub, f"{group} → {_plain(action.text())}")
        elif action.shortcuts():
            yield Row(group, _keys(action.shortcuts()), _plain(action.text()))


def _other_rows(window: QMainWindow) -> Iterator[Row]:
    for action in window.findChildren(QAction):
        if shiboken6.isValid(action) and action.shortcuts():
            yield Row(_group(_widget_of(action)), _keys(action.shortcuts()), _plain(action.text()))
    for shortcut in window.findChildren(QShortcut):
        if shortcut.keys():
            what = shortcut.whatsThis()
            yield Row(_group(shortcut.parent()), _keys(shortcut.keys()), what)
    for widget in window.findChildren(QWidget):
        for line in widget.property(KEYS_PROPERTY) or ():
            keys, what = str(line).split("\t", 1)
            yield Row(_group(widget), keys, what)


def _widget_of(action: QAction) -> QObject | None:
    widgets = [w for w in action.associatedObjects() if isinstance(w, QWidget)]
    return widgets[0] if widgets else action.parent()


def _group(owner: QObject | None) -> str:
    """The nearest named widget at or above `owner`: what a screen reader calls that part."""
    while owner is not None:
        if isinstance(owner, QWidget) and owner.accessibleName():
            return owner.accessibleName()
        owner = owner.parent()
    return QCoreApplication.translate("ShortcutsDialog", "Window")


def _keys(sequences: Sequence[QKeySequence]) -> str:
    return " / ".join(s.toString(NATIVE) for s in sequences)


def _plain(text: str) -> str:
    """A menu entry's text as read: no mnemonic '&', no trailing '…'."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


class ShortcutsDialog(QDialog):
    """Every shortcut of the window, filtered by what is typed in the search field."""

    COLUMNS = 3

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.search = QLineEdit()
        self.search.setObjectName("shortcutsSearch")
        self.search.setPlaceholderText(self.tr("Search: a key or what it does"))
        self.search.setAccessibleName(self.tr("Search shortcuts"))
        self.search.setClearButtonEnabled(True)
        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setObjectName("shortcutsTable")
        self.table.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels([self.tr("Where"), self.tr("Keys"), self.tr("What")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        box = QVBoxLayout(self)
        box.addWidget(self.search)
        box.addWidget(self.table, 1)
        self.rows = shortcut_rows(window)
        self._fill()
        self.search.textChanged.connect(self._filter)
        self.resize(720, 560)
        make_accessible(self)

    def _fill(self) -> None:
        self.table.setRowCount(len(self.rows))
        for at, row in enumerate(self.rows):
            for column, text in enumerate((row.group, row.keys, row.what)):
                self.table.setItem(at, column, QTableWidgetItem(text))

    def _filter(self, text: str) -> None:
        words = text.casefold().split()
        for at, row in enumerate(self.rows):
            shown = f"{row.group} {row.keys} {row.what}".casefold()
            self.table.setRowHidden(at, not all(word in shown for word in words))

    def shown_rows(self) -> list[Row]:
        return [row for at, row in enumerate(self.rows) if not self.table.isRowHidden(at)]


def show_shortcuts(window: QMainWindow) -> ShortcutsDialog:
    dialog = ShortcutsDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
