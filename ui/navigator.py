"""The list at the window's far left: the hub pages at its top (Home, and those colleagues add
through `MainWindow.add_hub_page`), then one row per open workspace (its agent's name, its
folder's, `*` with unsaved edits, `●` with news not seen yet; the full path in its tooltip).

A row holds the page it shows: a hub page's widget, or a workspace's `WorkspaceTab`. Choosing
a row emits `chosen` with it; the window shows it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSize, Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from ui.icons import icon, page_icon
from ui.open_tab import WorkspaceTab
from ui.untrusted import literal_html

__all__ = ["Navigator"]

PAGE_ROLE = Qt.ItemDataRole.UserRole  # the row's page: a hub widget or a WorkspaceTab
NEWS = "● "  # before a background workspace's name when it has news not seen yet
WIDTH = 200


class Navigator(QListWidget):
    chosen = Signal(QObject)  # the hub page's widget or the WorkspaceTab of the row chosen

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("navigator")
        self.setAccessibleName(self.tr("Workspaces and overviews"))
        self.setIconSize(QSize(18, 18))
        self.setFixedWidth(WIDTH)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._hubs = 0  # the rows at the top that are hub pages
        self.currentItemChanged.connect(self._current_changed)

    def add_hub(self, name: str, title: str, page: QWidget) -> None:
        """A fixed row for the hub page `name`, below the hub rows there are (above every
        workspace), with that page's icon (a server's workspace: "remote …")."""
        item = QListWidgetItem(page_icon(name.split(" ", 1)[0]), title)
        item.setData(PAGE_ROLE, page)
        item.setData(
            Qt.ItemDataRole.AccessibleTextRole, self.tr("{title} page").format(title=title)
        )
        self.insertItem(self._hubs, item)
        self._hubs += 1

    def replace_hub(self, old: QWidget, title: str, page: QWidget) -> None:
        item = self.item(self._row_of(old))
        item.setText(title)
        item.setData(PAGE_ROLE, page)

    def add_tab(self, tab: WorkspaceTab) -> None:
        item = QListWidgetItem(icon("folder"), "")
        item.setData(PAGE_ROLE, tab)
        self.addItem(item)
        self.update_tab(tab)

    def update_tab(self, tab: WorkspaceTab) -> None:
        """Its row anew: unsaved edits, news not seen."""
        item = self.item(self._row_of(tab))
        text = f"{NEWS if tab.unseen else ''}{tab.agent_title()}: {tab.name()}"
        item.setText(text)
        item.setToolTip(literal_html(str(tab.root)))  # a folder's name may hold markup
        said = self.tr("{agent} workspace {folder}").format(
            agent=tab.agent_title(), folder=tab.root.name
        )
        said += self.tr(", unsaved edits") if tab.modified() else ""
        said += self.tr(", news not seen") if tab.unseen else ""
        item.setData(Qt.ItemDataRole.AccessibleTextRole, said)

    def remove(self, page: QObject) -> None:
        row = self._row_of(page)
        self._hubs -= row < self._hubs  # a hub page's row (a server's workspace closed)
        self.takeItem(row)

    def show_page(self, page: QObject) -> None:
        """Select `page`'s row (without emitting `chosen` when it is selected already)."""
        self.setCurrentRow(self._row_of(page))

    def step(self, by: int) -> None:
        """The next (1) or previous (-1) workspace, round; from a hub page the first or last."""
        rows = list(range(self._hubs, self.count()))
        if not rows:
            return
        current = self.currentRow()
        if current in rows:
            self.setCurrentRow(rows[(rows.index(current) + by) % len(rows)])
        else:
            self.setCurrentRow(rows[0] if by > 0 else rows[-1])

    def _row_of(self, page: QObject) -> int:
        return next(r for r in range(self.count()) if self.item(r).data(PAGE_ROLE) is page)

    def _current_changed(self, item: QListWidgetItem | None, _previous: object) -> None:
        if item is not None:
            self.chosen.emit(item.data(PAGE_ROLE))
