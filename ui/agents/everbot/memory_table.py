"""The memory table: a model holding memory keys, rendering each row lazily from the workspace.

Filtering and ordering happen in core (search) or in `sort` below; the view gets an ordered key
list. A refresh after an edit is one `dataChanged`, not a model reset (Anki's browser table).
After the memories, a search may list memories only backups hold: greyed, in italics, with no
key (`key_at` is None for them, so no action touches them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from core.agents.everbot.document import Entry
from core.agents.everbot.trend import Previous
from core.scoring.policy import PolicyProfile
from core.store.backups_view import BackupHit
from ui.theme import themed
from ui.untrusted import literal_html

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
SCORE_ROLE = Qt.ItemDataRole.UserRole + 2
TREND_ROLE = Qt.ItemDataRole.UserRole + 3  # the score's move since the newest backup, or None

_SORT_KEYS: tuple[Callable[[Entry], Any], ...] = (
    lambda e: e.id,
    lambda e: e.category,
    lambda e: e.score,
    lambda e: e.last_activated,
    lambda e: e.activation_count,
    lambda e: e.content,
)
COLUMNS = len(_SORT_KEYS)  # ID, category, score, last activated, hits, content

Index = QModelIndex | QPersistentModelIndex
BACKUP_GREY = QColor("#808080")
TREND_UP = ("#2e7d32", "#81c784")  # light theme, dark theme
TREND_DOWN = ("#c62828", "#ef9a9a")


class MemoryTableModel(QAbstractTableModel):
    """Rows are memory keys; cells are read from the workspace on demand."""

    def __init__(self, lookup: Callable[[str], Entry | None], parent: Any = None) -> None:
        super().__init__(parent)
        self._lookup = lookup
        self._keys: list[str] = []
        self._hits: list[BackupHit] = []  # memories only backups hold, after the keys
        self.previous = Previous()  # scores in the newest backup: the trend arrows

    # -- Qt model API ---------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._keys) + len(self._hits)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._titles()[section] if 0 <= section < COLUMNS else None
        return None

    def _titles(self) -> tuple[str, ...]:
        return (
            self.tr("ID"),
            self.tr("Category"),
            self.tr("Score"),
            self.tr("Last activated"),
            self.tr("Hits"),
            self.tr("Content"),
        )

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        hit = self.hit_at(index.row())
        if hit is not None:
            return _backup_data(hit, index.column(), role)
        if not 0 <= index.row() < len(self._keys):
            return None
        key = self._keys[index.row()]
        if role == KEY_ROLE:
            return key
        entry = self._lookup(key)
        if entry is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(entry, column)
        if role == SCORE_ROLE:
            return entry.score
        if role == TREND_ROLE:
            return self.previous.delta(key, entry.score)
        if role == Qt.ItemDataRole.ToolTipRole and column == 5:
            return literal_html(entry.content[:2000])
        if role == Qt.ItemDataRole.ToolTipRole and column == 2:
            return self._trend_tip(key, entry.score)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (2, 4):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < COLUMNS:
            return
        by = _SORT_KEYS[column]
        entries = [e for e in map(self._lookup, self._keys) if e is not None]
        entries.sort(key=by, reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutAboutToBeChanged.emit()
        old_keys = self._keys
        self._keys = [e.key for e in entries]
        self._remap_persistent(old_keys)
        self.layoutChanged.emit()

    def _trend_tip(self, key: str, score: float) -> str | None:
        delta = self.previous.delta(key, score)
        if delta is None or self.previous.at is None:
            return None
        when = self.previous.at.astimezone().strftime("%Y-%m-%d %H:%M")
        was = self.previous.scores[key]
        tip = self.tr("{was} in the backup of {when} ({delta} since)")
        return literal_html(tip.format(was=f"{was:.2f}", when=when, delta=f"{delta:+.2f}"))

    # -- MemDesk API ------------------------------------------------------------------------------
    def set_previous(self, previous: Previous) -> None:
        """Scores of an earlier version of the file: the trend arrows."""
        self.previous = previous
        self.refresh()

    def keys(self) -> list[str]:
        return list(self._keys)

    def key_at(self, row: int) -> str | None:
        return self._keys[row] if 0 <= row < len(self._keys) else None

    def row_of(self, key: str) -> int:
        try:
            return self._keys.index(key)
        except ValueError:
            return -1

    def set_keys(self, keys: Sequence[str]) -> None:
        """Show these memories in this order (a new search or view), and no backup's."""
        self.beginResetModel()
        self._keys = list(keys)
        self._hits = []
        self.endResetModel()

    def hits(self) -> list[BackupHit]:
        return list(self._hits)

    def hit_at(self, row: int) -> BackupHit | None:
        """The memory only a backup holds shown at `row`, if that row shows one."""
        at = row - len(self._keys)
        return self._hits[at] if 0 <= at < len(self._hits) else None

    def set_backup_hits(self, hits: Sequence[BackupHit]) -> None:
        """List these memories only backups hold after the memories (in place of earlier ones)."""
        first = len(self._keys)
        if self._hits:
            self.beginRemoveRows(QModelIndex(), first, first + len(self._hits) - 1)
            self._hits = []
            self.endRemoveRows()
        if hits:
            self.beginInsertRows(QModelIndex(), first, first + len(hits) - 1)
            self._hits = list(hits)
            self.endInsertRows()

    def refresh(self) -> None:
        """The memories changed but not which rows are shown: one dataChanged for all cells."""
        if self._keys:
            last = self.index(len(self._keys) - 1, COLUMNS - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def _remap_persistent(self, old_keys: list[str]) -> None:
        """Keep selections and the current row on the same memories after a re-order."""
        persistent = self.persistentIndexList()
        if not persistent:
            return
        new = {key: row for row, key in enumerate(self._keys)}
        moved_from, moved_to = [], []
        for index in persistent:
            row = new.get(old_keys[index.row()]) if 0 <= index.row() < len(old_keys) else None
            if row is not None:
                moved_from.append(index)
                moved_to.append(self.index(row, index.column()))
        self.changePersistentIndexList(moved_from, moved_to)


def backup_note(hit: BackupHit) -> str:
    """Where a memory only a backup holds is: "only in backup <path> (<time>)"."""
    when = hit.backup.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    note = QCoreApplication.translate("MemoryTableModel", "only in backup {backup} ({when})")
    return note.format(backup=hit.backup.rel, when=when)


def _backup_data(hit: BackupHit, column: int, role: int) -> Any:
    if role == Qt.ItemDataRole.DisplayRole:
        return _backup_display(hit, column)
    if role == Qt.ItemDataRole.ToolTipRole:
        tip = QCoreApplication.translate(
            "MemoryTableModel", "{note}: double-click to see it in its backup"
        ).format(note=backup_note(hit))
        return literal_html(tip if column != 5 else hit.content[:2000] + "\n\n" + tip)
    if role == Qt.ItemDataRole.ForegroundRole:
        return BACKUP_GREY
    if role == Qt.ItemDataRole.FontRole:
        font = QFont()
        font.setItalic(True)
        return font
    return None


def _backup_display(hit: BackupHit, column: int) -> str:
    if column == 0:
        return hit.label
    if column == 1:
        return backup_note(hit)
    if column == 5:
        return _first_line(hit.content)
    return ""


def _first_line(content: str) -> str:
    first = content.split("\n", 1)[0]
    return first if len(first) <= 200 else first[:199] + "…"


def _display(entry: Entry, column: int) -> str:
    if column == 0:
        return entry.key
    if column == 1:
        return entry.category
    if column == 2:
        return f"{entry.score:.2f}"
    if column == 3:
        return entry.last_activated
    if column == 4:
        return str(entry.activation_count)
    return _first_line(entry.content)


class ScoreBarDelegate(QStyledItemDelegate):
    """Paints the score as a bar coloured by where it stands against the profile's thresholds."""

    def __init__(self, profile: PolicyProfile, parent: Any = None) -> None:
        super().__init__(parent)
        self.profile = profile

    def colour_for(self, score: float) -> QColor:
        p = self.profile
        archive = p.archive_below if p.archive_below is not None else 0.0
        delete = p.delete_below if p.delete_below is not None else 0.0
        if score < max(delete, 0.0) or (p.archive_below is None and score < p.decay_review_below):
            return QColor("#d9534f")  # red: would be deleted / due a decay review
        if score < archive:
            return QColor("#e0a030")  # amber: archived territory
        if score < p.decay_review_below:
            return QColor("#e0c040")
        return QColor("#4caf50")

    def parts(self, option: QStyleOptionViewItem) -> tuple[QRect, QRect, QRect]:
        """The cell cut in three, side by side: the score's text, its bar, the trend arrow (the
        text never lies over the bar's end, where it could not be read)."""
        cell = option.rect.adjusted(3, 4, -3, -4)
        metrics = option.fontMetrics
        text_width = metrics.horizontalAdvance("0.00") + 4
        arrow_width = metrics.horizontalAdvance("▲") + 2
        text = QRect(cell.left(), cell.top(), text_width, cell.height())
        arrow = QRect(cell.right() - arrow_width + 1, cell.top(), arrow_width, cell.height())
        bar = QRect(text.right() + 3, cell.top(), 0, cell.height())
        bar.setRight(arrow.left() - 3)
        return text, bar, arrow

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        score = index.data(SCORE_ROLE)
        if not isinstance(score, float):
            super().paint(painter, option, index)
            return
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if selected:
            painter.fillRect(option.rect, option.palette.highlight())
        scale = self.profile.scale_max or 5.0
        text, bar, arrow = self.parts(option)
        width = int(bar.width() * max(0.0, min(1.0, score / scale)))
        painter.save()
        painter.fillRect(QRect(bar.left(), bar.top(), width, bar.height()), self.colour_for(score))
        pen = option.palette.highlightedText() if selected else option.palette.text()
        painter.setPen(pen.color())
        align = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(text, int(align), f"{score:.2f}")
        delta = index.data(TREND_ROLE)
        if isinstance(delta, float) and delta != 0:
            painter.setPen(themed(*(TREND_UP if delta > 0 else TREND_DOWN)))
            painter.drawText(arrow, int(Qt.AlignmentFlag.AlignCenter), "▲" if delta > 0 else "▼")
        painter.restore()
