"""PicoClaw's MemoryPolicy page (SPEC 2.2): every key with the value the agent uses and where it
comes from, overrides set or removed, and the snapshots of earlier overrides restored.

Changes are written at once (the previous overrides saved as a snapshot first) by the desk, off the
UI thread: the page only asks it to run the work (`write_requested`). A corrupt config.json or
policy_overrides.json is shown with its file and line and never written over.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.agents.picoclaw.policy import (
    MEANINGS,
    OVERRIDES,
    PolicyOverridesFormat,
    PolicyRow,
    Snapshot,
    list_snapshots,
    parse_override,
    policy_rows,
)
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.formats.text import InputError
from core.ops import apply_and_save
from core.store.errors import WorkspaceError
from ui.tables import read_only_table
from ui.untrusted import literal_html, plain_label

__all__ = ["PolicyModel", "PolicyView"]

EXPLAIN = (
    "The MemoryPolicy values PicoClaw uses: its defaults, overridden by the memory block of "
    f"config.json, overridden by {OVERRIDES}. Double-click an override (or press F2) to change "
    "it. Changes are written at once; the previous overrides are saved as a snapshot first."
)
KEY, VALUE, SOURCE, CONFIG, OVERRIDE, MEANING = range(6)
HEADERS = ("Key", "Value", "Source", "config.json", "Override", "Meaning")
SNAPSHOT_HEADERS = ("Saved", "File", "Holds")
DIFF_HEADERS = ("Key", "Snapshot", "Now")
NOT_SET = "(not set)"
UNREADABLE = (WorkspaceError, InputError, OSError)
_Index = QModelIndex | QPersistentModelIndex
# An override typed for a key; True when the page asked the desk to write it.
SetOverride = Callable[[str, str], bool]
Held = tuple[dict[str, Any] | None, str | None]  # a snapshot's overrides, or why not


class PolicyModel(QAbstractTableModel):
    """One row per MemoryPolicy key; a typed override goes to `commit`, never into the model."""

    def __init__(self, commit: SetOverride, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._commit = commit
        self._rows: list[PolicyRow] = []

    def set_rows(self, rows: Sequence[PolicyRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def policy_row(self, row: int) -> PolicyRow | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, key: str) -> int | None:
        return next((r for r, row in enumerate(self._rows) if row.key == key), None)

    # -- Qt's model interface -------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.policy_row(index.row()) if index.isValid() else None
        if row is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return _cells(row)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return literal_html(f"{row.key}: {row.meaning}\nDefault: {_shown(row.default)}")
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(HEADERS):
            return HEADERS[section]
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == OVERRIDE:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        row = self.policy_row(index.row()) if index.isValid() else None
        if row is None or index.column() != OVERRIDE or role != Qt.ItemDataRole.EditRole:
            return False
        self._commit(row.key, str(value))
        return False  # the cell keeps the file's value until the desk has written and refreshed


class PolicyView(QWidget):
    failed = Signal(str)
    notice = Signal(str)
    write_requested = Signal(object, str)  # (work run off the UI thread, what it did)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: PicoClawWorkspace | None = None
        self.error: str | None = None  # why the policy cannot be shown
        self.snapshots: list[Snapshot] = []  # newest first, as the table lists them
        self.held: list[Held] = []
        self.listing_error: str | None = None
        self.model = PolicyModel(self.set_override, self)
        self.title = plain_label("MemoryPolicy: no workspace open", name="policyTitle", wrap=True)
        self.error_label = plain_label(name="policyError", wrap=True)
        self.error_label.setStyleSheet("QLabel { color: #b00020; font-weight: bold; }")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = self._policy_table()
        self.unset_button = _button("Remove override", "policyUnset", self.unset_selected)
        self.snapshots_table = read_only_table("snapshotsTable", SNAPSHOT_HEADERS, stretch=2)
        self.snapshot_title = plain_label(name="snapshotTitle", wrap=True)
        self.diff_table = read_only_table("snapshotDiff", DIFF_HEADERS, stretch=2)
        self.diff_table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.restore_button = _button("Restore snapshot…", "snapshotRestore", self.restore_selected)
        self.snapshots_table.currentCellChanged.connect(lambda row, *_: self._show_snapshot(row))
        self._layout()
        self._show_error()
        self._show_snapshot(-1)
        self._update_unset()

    def _policy_table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("policyTable")
        table.setModel(self.model)
        table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.verticalHeader().hide()
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(MEANING, QHeaderView.ResizeMode.Stretch)
        table.selectionModel().currentRowChanged.connect(lambda *_: self._update_unset())
        return table

    def _layout(self) -> None:
        policy = QWidget()
        column = QVBoxLayout(policy)
        column.setContentsMargins(0, 0, 0, 0)
        for widget in (self.title, plain_label(EXPLAIN, wrap=True), self.error_label):
            column.addWidget(widget)
        column.addWidget(self.table, 1)
        column.addLayout(_row_of(self.unset_button))
        snapshots = QGroupBox("Snapshots of earlier overrides")
        box = QVBoxLayout(snapshots)
        box.addWidget(self.snapshots_table, 2)
        box.addWidget(self.snapshot_title)
        box.addWidget(self.diff_table, 1)
        box.addLayout(_row_of(self.restore_button))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(policy)
        split.addWidget(snapshots)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

    # -- what is shown --------------------------------------------------------------------------
    def show_workspace(self, ws: PicoClawWorkspace) -> None:
        self.ws = ws
        self.refresh()

    def refresh(self) -> None:
        """Read the policy and the snapshots anew, keeping the selected key and snapshot."""
        snapshot = self.selected_snapshot()
        self._fill_policy(self.current_key())
        self._fill_snapshots(snapshot.rel if snapshot is not None else None)

    def _fill_policy(self, keep: str | None) -> None:
        rows: list[PolicyRow] = []
        self.error = None
        if self.ws is not None:
            self.title.setText(f"MemoryPolicy — {self.ws.root}")
            try:
                rows = policy_rows(self.ws.root)
            except UNREADABLE as exc:
                self.error = str(exc)
        self.model.set_rows(rows)
        self.table.setEnabled(bool(rows))
        self._show_error()
        kept = self.model.row_of(keep) if keep is not None else None
        if kept is not None:
            self.table.selectRow(kept)
        self._update_unset()

    def _show_error(self) -> None:
        self.error_label.setVisible(self.error is not None)
        self.error_label.setText(
            ""
            if self.error is None
            else f"{self.error}\n\nMemDesk will not change the policy until this file is fixed: "
            "correct it in a text editor, then reload."
        )

    def current_key(self) -> str | None:
        row = self.model.policy_row(self.table.currentIndex().row())
        return row.key if row is not None else None

    def select_key(self, key: str) -> None:
        row = self.model.row_of(key)
        if row is None:
            raise KeyError(key)
        self.table.selectRow(row)

    def _update_unset(self) -> None:
        row = self.model.policy_row(self.table.currentIndex().row())
        self.unset_button.setEnabled(row is not None and row.override is not None)

    # -- snapshots ------------------------------------------------------------------------------
    def _fill_snapshots(self, keep: str | None) -> None:
        self.snapshots = list(reversed(self._list_snapshots()))
        self.held = [self._held(s) for s in self.snapshots]
        self._fill_snapshot_rows()
        rels = [s.rel for s in self.snapshots]
        row = rels.index(keep) if keep in rels else -1
        if keep is not None and row < 0:
            self.notice.emit(f"The policy snapshot {keep} is gone")
        self.snapshots_table.setCurrentCell(row, 0)
        self._show_snapshot(row)

    def _list_snapshots(self) -> list[Snapshot]:
        self.listing_error = None
        if self.ws is None:
            return []
        try:
            return list_snapshots(self.ws.root)
        except UNREADABLE as exc:
            self.listing_error = f"Cannot list the policy snapshots: {exc}"
            return []

    def _fill_snapshot_rows(self) -> None:
        table = self.snapshots_table
        table.blockSignals(True)
        table.setRowCount(len(self.snapshots))
        for row, (snapshot, (values, error)) in enumerate(
            zip(self.snapshots, self.held, strict=True)
        ):
            holds = error if error is not None else _compact(values)
            cells = (snapshot.at.strftime("%Y-%m-%d %H:%M:%S"), snapshot.rel, holds)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(literal_html(holds))
                table.setItem(row, column, item)
        table.blockSignals(False)

    def _held(self, snapshot: Snapshot) -> Held:
        """The overrides it holds, checked as a restore checks them, or why it cannot be read."""
        assert self.ws is not None
        try:
            return PolicyOverridesFormat(snapshot.path).parse(
                snapshot.read(self.ws.root)
            ).items, None
        except UNREADABLE as exc:
            return None, str(exc)

    def selected_snapshot(self) -> Snapshot | None:
        row = self.snapshots_table.currentRow()
        return self.snapshots[row] if 0 <= row < len(self.snapshots) else None

    def select_snapshot(self, rel: str) -> None:
        rels = [s.rel for s in self.snapshots]
        if rel not in rels:
            raise KeyError(rel)
        self.snapshots_table.setCurrentCell(rels.index(rel), 0)

    def _show_snapshot(self, row: int) -> None:
        values, error = self.held[row] if 0 <= row < len(self.held) else (None, None)
        current, current_error = self._current_overrides()
        differences: list[tuple[str, str, str]] = []
        if row < 0:
            title = "Select a snapshot to compare it with the overrides now."
            title = title if self.snapshots else self.listing_error or "No policy snapshots yet."
        elif error is not None:
            title = error
        elif current is None:
            title = f"Cannot compare with the overrides now: {current_error}"
        else:
            differences = _differences(values or {}, current)
            title = _diff_title(self.snapshots[row], len(differences))
        self.snapshot_title.setText(title)
        self._fill_diff(differences)
        self.restore_button.setEnabled(values is not None and current is not None)

    def _current_overrides(self) -> tuple[dict[str, Any] | None, str | None]:
        if self.ws is None:
            return None, None
        try:
            return dict(self.ws.overrides().doc.items), None
        except UNREADABLE as exc:
            return None, str(exc)

    def _fill_diff(self, differences: list[tuple[str, str, str]]) -> None:
        self.diff_table.setRowCount(len(differences))
        for row, cells in enumerate(differences):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(literal_html(text))
                self.diff_table.setItem(row, column, item)

    # -- writing --------------------------------------------------------------------------------
    def confirm(self, text: str) -> bool:
        """Ask the person before writing (tests replace this)."""
        answer = QMessageBox.question(self, "MemoryPolicy", literal_html(text))
        return answer == QMessageBox.StandardButton.Yes

    def set_override(self, key: str, text: str) -> bool:
        """The override typed for `key` (empty text removes it), checked, asked, then written by
        the desk; False when refused (`failed` says why), unchanged or not confirmed."""
        index = self.model.row_of(key)
        row = self.model.policy_row(index) if index is not None else None
        if row is None:
            return False
        if not text.strip():
            return row.override is not None and self._write(row, None)
        try:
            value = parse_override(key, text)
        except ValueError as exc:
            self.failed.emit(str(exc))
            return False
        if _shown(value) == _shown(row.override):
            return False
        return self._write(row, value)

    def unset_selected(self) -> bool:
        row = self.model.policy_row(self.table.currentIndex().row())
        return row is not None and row.override is not None and self._write(row, None)

    def _write(self, row: PolicyRow, value: int | bool | None) -> bool:
        ws = self.ws
        if ws is None or not self.confirm(_question(row, value)):
            return False
        key = row.key
        work: Callable[[], Any] = lambda: apply_and_save(  # noqa: E731
            ws, [ws.set_policy({key: value})], "policy changed in MemDesk"
        )
        done = f"Override of {key} removed" if value is None else f"{key} set to {_shown(value)}"
        self.write_requested.emit(work, done)
        return True

    def restore_selected(self) -> bool:
        ws, snapshot = self.ws, self.selected_snapshot()
        if ws is None or snapshot is None or not self.restore_button.isEnabled():
            return False
        question = (
            f"Replace {OVERRIDES} with the snapshot {snapshot.rel} of "
            f"{snapshot.at:%Y-%m-%d %H:%M:%S}?\n\n"
            f"{self.snapshot_title.text()}\n\n"
            "The overrides as they are now are saved as a new snapshot first."
        )
        if not self.confirm(question):
            return False
        cause = f"policy snapshot {snapshot.rel} restored"
        work: Callable[[], Any] = lambda: apply_and_save(  # noqa: E731
            ws, [ws.restore_snapshot(snapshot)], cause
        )
        self.write_requested.emit(work, f"Policy snapshot {snapshot.rel} restored")
        return True


def _shown(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False)


def _compact(values: dict[str, Any] | None) -> str:
    return json.dumps(values, ensure_ascii=False, sort_keys=True)


def _cells(row: PolicyRow) -> tuple[str, ...]:
    return (
        row.key,
        _shown(row.value),
        row.source,
        _shown(row.config),
        _shown(row.override),
        row.meaning,
    )


def _question(row: PolicyRow, value: int | bool | None) -> str:
    now = f"Now PicoClaw uses {_shown(row.value)} ({row.source})."
    first = "The overrides as they are now are saved as a snapshot first."
    if value is None:
        return (
            f"Remove the override of {row.key} from {OVERRIDES}?\n\n{now} Without the "
            f"override it uses the value from config.json, or its default.\n\n{first}"
        )
    return f"Set {row.key} to {_shown(value)} in {OVERRIDES}?\n\n{now}\n\n{first}"


def _differences(snapshot: dict[str, Any], now: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(key, snapshot value, value now) for each key the two hold differently, agent's order."""
    order = list(MEANINGS)
    keys = sorted(snapshot.keys() | now.keys(), key=lambda k: (_rank(order, k), k))
    out = []
    for key in keys:
        old = _shown(snapshot[key]) if key in snapshot else NOT_SET
        new = _shown(now[key]) if key in now else NOT_SET
        if old != new:
            out.append((key, old, new))
    return out


def _rank(order: list[str], key: str) -> int:
    return order.index(key) if key in order else len(order)


def _diff_title(snapshot: Snapshot, count: int) -> str:
    if not count:
        return f"{snapshot.rel} holds the same overrides as now."
    keys = "1 key differs" if count == 1 else f"{count} keys differ"
    return f"{snapshot.rel} against the overrides now: {keys}."


def _button(text: str, name: str, slot: Callable[[], object]) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.clicked.connect(lambda _checked=False: slot())
    return button


def _row_of(button: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addStretch(1)
    row.addWidget(button)
    return row
