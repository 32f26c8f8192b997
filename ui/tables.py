"""The tables of MemDesk's pages: read-only tables (backups, activity, policy, scope tools), one
row selected at a time, and the model of a page's keyed values (a policy, a scoring profile)
with one column typed into."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTableWidget

from ui.i18n import core_text

__all__ = [
    "KeyedRow",
    "KeyedTableModel",
    "RowsModel",
    "keyed_table",
    "read_only_table",
    "row_of_view",
    "rows_table",
    "size_columns",
    "sorted_table",
]

_Index = QModelIndex | QPersistentModelIndex


class KeyedRow(Protocol):
    @property
    def key(self) -> str: ...


R = TypeVar("R", bound=KeyedRow)
T = TypeVar("T")
SORT_ROLE = Qt.ItemDataRole.UserRole  # what a column sorts by: numbers as numbers
KEYED_ROWS_SHOWN = 10  # a page's keyed values (a policy, a scoring profile) shown at least


def read_only_table(
    name: str, headers: Sequence[str], *, stretch: int = -1, fit: bool = True
) -> QTableWidget:
    """A table named `name` (for tests and style sheets); column `stretch` (-1: the last) takes
    the spare width, the others fit their contents (`fit`) or keep the width they are given."""
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels([core_text(h) for h in headers])
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


class KeyedTableModel(QAbstractTableModel, Generic[R]):
    """Rows with a key, shown as `cells(row)`; the `editable` column is typed into (a subclass's
    setData takes what was typed; the model never changes a row itself)."""

    def __init__(
        self, headers: Sequence[str], editable: int, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.headers = tuple(headers)
        self.editable = editable
        self.rows: list[R] = []

    def cells(self, row: R) -> tuple[str, ...]:
        raise NotImplementedError

    def tooltip(self, row: R) -> str:
        return ""

    def styled(self, row: R, role: int) -> Any:
        """What a subclass shows for other roles (font, background); None by default."""
        return None

    def set_rows(self, rows: Sequence[R]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> R | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def row_of(self, key: str) -> int | None:
        return next((r for r, row in enumerate(self.rows) if row.key == key), None)

    def key_at(self, row: int) -> str | None:
        found = self.row_at(row)
        return found.key if found is not None else None

    # -- Qt's model interface -------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.cells(row)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row)
        return self.styled(row, role)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self.headers):
            return core_text(self.headers[section])
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == self.editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags


def keyed_table(name: str, model: KeyedTableModel[Any], stretch: int) -> QTableView:
    """The view of a page's keyed values: one row selected, the editable column typed into by
    double-click or F2, column `stretch` taking the spare width."""
    table = _RowsTable(KEYED_ROWS_SHOWN)
    table.setObjectName(name)
    table.setModel(model)
    table.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
    )
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().hide()
    table.setWordWrap(False)  # one line a row: the whole text is in the row's tooltip
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


class _RowsTable(QTableView):
    """A table whose preferred height holds `rows` rows: its page, when split, gives it that
    room first (a scoring profile's table showed five of its nineteen values). Its least
    height stays small: a short screen still fits the window."""

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.rows = rows

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        shown = self.verticalHeader().defaultSectionSize() * self.rows
        header = self.horizontalHeader().sizeHint().height()
        return QSize(hint.width(), header + shown + 2 * self.frameWidth())


def size_columns(table: QTableView, widest: Sequence[str], stretch: Sequence[int]) -> None:
    """Short columns as wide as their widest expected text (`widest[column]`, or the header's),
    still resizable by hand; the `stretch` columns share the rest (the text worth reading).
    Measured, not fitted to the rows: a table of many thousand rows opens at once."""
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    model = table.model()
    padding = 2 * table.style().pixelMetric(table.style().PixelMetric.PM_HeaderMargin) + 16
    header.setStretchLastSection(False)
    for column in range(model.columnCount()):
        if column in stretch:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
            continue
        title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        sample = widest[column] if column < len(widest) else ""
        width = max(metrics.horizontalAdvance(title), metrics.horizontalAdvance(sample))
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        table.setColumnWidth(column, width + padding)


class RowsModel(QAbstractTableModel, Generic[T]):
    """Read-only rows shown as `cells(row)` (plain text: a view never takes a cell for rich
    text), sorted by `order(row)` (a value per column; None: in the rows' order), `tip(row,
    column)` as a cell's tooltip (rich text: make text from files literal)."""

    def __init__(
        self,
        headers: Sequence[str],
        cells: Callable[[T], Sequence[str]],
        order: Callable[[T], Sequence[Any]] | None,
        tip: Callable[[T, int], str],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.headers = tuple(headers)
        self.cells, self.order, self.tip = cells, order, tip
        self.rows: list[T] = []

    def set_rows(self, rows: Sequence[T]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> T | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cells(row)[index.column()]
        if role == SORT_ROLE and self.order is not None:
            return self.order(row)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tip(row, index.column())
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self.headers):
            return core_text(self.headers[section])
        return None


def sorted_table(
    name: str, model: RowsModel[Any], widest: Sequence[str], stretch: Sequence[int]
) -> QTableView:
    """A read-only view of `model`, one row selected, sorted by a click on a column's header;
    Enter or a double-click emits `activated` (`row_of_view` says which row of the model)."""
    table = _read_only(name, QAbstractItemView.SelectionMode.SingleSelection)
    proxy = QSortFilterProxyModel(table)
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    table.setModel(proxy)
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # model's order
    table.setSortingEnabled(True)
    table.setWordWrap(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    size_columns(table, widest, stretch)
    return table


def rows_table(
    name: str,
    model: RowsModel[Any],
    widest: Sequence[str],
    stretch: Sequence[int],
    selection: QAbstractItemView.SelectionMode = QAbstractItemView.SelectionMode.SingleSelection,
) -> QTableView:
    """A read-only view of `model` in the rows' order, rows selected as `selection` says."""
    table = _read_only(name, selection)
    table.setModel(model)
    size_columns(table, widest, stretch)
    return table


def _read_only(name: str, selection: QAbstractItemView.SelectionMode) -> QTableView:
    table = QTableView()
    table.setObjectName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(selection)
    table.verticalHeader().hide()
    return table


def row_of_view(table: QTableView, index: _Index) -> int:
    """The model's row shown at `index` of a `sorted_table`."""
    proxy = table.model()
    assert isinstance(proxy, QSortFilterProxyModel)
    return proxy.mapToSource(proxy.index(index.row(), index.column())).row()
