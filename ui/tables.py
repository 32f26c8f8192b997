"""The read-only tables of MemDesk's pages (backups, activity, policy, scope tools): one row
selected at a time, no editing in place unless a page turns it on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QHeaderView, QTableWidget

__all__ = ["read_only_table"]


def read_only_table(
    name: str, headers: Sequence[str], *, stretch: int = -1, fit: bool = True
) -> QTableWidget:
    """A table named `name` (for tests and style sheets); column `stretch` (-1: the last) takes
    the spare width, the others fit their contents (`fit`) or keep the width they are given."""
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
    table.verticalHeader().hide()
    header = table.horizontalHeader()
    mode = QHeaderView.ResizeMode.ResizeToContents if fit else QHeaderView.ResizeMode.Interactive
    header.setSectionResizeMode(mode)
    if stretch < 0:
        header.setStretchLastSection(True)
    else:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table
