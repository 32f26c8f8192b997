"""The list of an agent's pages at the left of its desk: each page's icon and name, the list wide
enough to read every name whole (up to a limit: a longer name is cut in its middle)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from ui.icons import page_icon

__all__ = ["SIDEBAR_MOST", "fill_pages", "page_list", "set_titles"]

SIDEBAR_MOST = 300  # pixels: the widest a sidebar grows for its names
ICON_SIZE = 18
NAME_ROLE = Qt.ItemDataRole.UserRole


def page_list(object_name: str) -> QListWidget:
    sidebar = QListWidget()
    sidebar.setObjectName(object_name)
    sidebar.setIconSize(QSize(ICON_SIZE, ICON_SIZE))
    sidebar.setSpacing(1)
    sidebar.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return sidebar


def fill_pages(sidebar: QListWidget, pages: Sequence[tuple[str, str]]) -> None:
    """One row per (name, title): the page's icon, its title; the name kept as the row's data."""
    sidebar.clear()
    for name, _title in pages:
        item = QListWidgetItem(page_icon(name), "")
        item.setData(NAME_ROLE, name)
        sidebar.addItem(item)
    set_titles(sidebar, [title for _name, title in pages])


def set_titles(sidebar: QListWidget, titles: Sequence[str]) -> None:
    """The rows' titles. The sidebar is made wide enough to show each whole (a narrow window
    squeezes the page, not the names: they were cut to "Archived (" and "Review que"), up to
    SIDEBAR_MOST; a longer title is cut in the middle ("Scope group_cid…(3 files)") and shown
    whole in its tooltip."""
    metrics = sidebar.fontMetrics()
    room = ICON_SIZE + 2 * sidebar.frameWidth() + 6 * sidebar.spacing() + 20
    widest = max((metrics.horizontalAdvance(t) for t in titles), default=0)
    width = min(widest + room, SIDEBAR_MOST)
    sidebar.setMinimumWidth(width)
    for row, title in enumerate(titles[: sidebar.count()]):
        item = sidebar.item(row)
        shown = title
        if metrics.horizontalAdvance(title) > width - room:
            shown = metrics.elidedText(title, Qt.TextElideMode.ElideMiddle, width - room)
        item.setText(shown)
        item.setToolTip(title if shown != title else "")
