"""The Activity page: every operation MemDesk saved in the workspace (from its journal), what each
changed memory by memory, and undo of any of them (`core.ops.undo`) unless a later change
depends on it. Ids, causes and memory text come from the files: shown as plain text only."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.ops.activity import ActivityItem, events_of, operations
from core.ops.undo import UNDO_PREFIX, undo_and_save
from core.store.errors import WorkspaceError
from core.store.journal import RecordedEvent
from core.store.settled import HeldJournal
from core.times import shown_time
from ui.i18n import QT_TRANSLATE_NOOP, core_text
from ui.tables import read_only_table, size_columns
from ui.untrusted import literal_html, plain_label

if TYPE_CHECKING:
    from core.agent import OpenWorkspace
    from core.ops.undo import Undo
    from core.store.document import Saved

__all__ = ["ActivityView"]

translate = QCoreApplication.translate
ALL = QT_TRANSLATE_NOOP("core", "All")
# The journal's actors and kinds of change, shown through core_text as core's labels are.
ACTORS = (
    ALL,
    QT_TRANSLATE_NOOP("core", "person"),
    QT_TRANSLATE_NOOP("core", "decay"),
    QT_TRANSLATE_NOOP("core", "agent"),
    QT_TRANSLATE_NOOP("core", "reviewer"),
)
KINDS = (
    ALL,
    QT_TRANSLATE_NOOP("core", "create"),
    QT_TRANSLATE_NOOP("core", "edit"),
    QT_TRANSLATE_NOOP("core", "delete"),
    QT_TRANSLATE_NOOP("core", "decay"),
    QT_TRANSLATE_NOOP("core", "archive"),
    QT_TRANSLATE_NOOP("core", "unarchive"),
    QT_TRANSLATE_NOOP("core", "reinforce"),
    QT_TRANSLATE_NOOP("core", "restore"),
)
OP_HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "Time"),
    QT_TRANSLATE_NOOP("core", "Actor"),
    QT_TRANSLATE_NOOP("core", "What"),
    QT_TRANSLATE_NOOP("core", "Memories"),
    QT_TRANSLATE_NOOP("core", "Files"),
    QT_TRANSLATE_NOOP("core", "State"),
    QT_TRANSLATE_NOOP("core", "Operation id"),
)
WIDEST_CELLS = ("2026-12-31 23:59:59", "reviewer", "", "3: a1b2c3, a1b2c3, a1b2c3, …",
                "memory/MEMORY.md", "undone at 2026-12-31 23:59:59", "0123456789ab")  # fmt: skip
OP_ID_COLUMN = OP_HEADERS.index("Operation id")  # hidden until asked: `memdesk undo` takes it
EVENT_HEADERS = (
    QT_TRANSLATE_NOOP("core", "Memory"),
    QT_TRANSLATE_NOOP("core", "Kind"),
    QT_TRANSLATE_NOOP("core", "Change"),
)
NOTHING_SAVED = QT_TRANSLATE_NOOP(
    "ActivityView",
    "MemDesk has saved nothing in this workspace yet: there is no activity to show.",
)
NO_MATCH = QT_TRANSLATE_NOOP("ActivityView", "No saved operation matches these filters.")
SHORT_ID = 12
FIRST_LINE_WIDTH = 60
MEMORIES_NAMED = 3  # memory ids a row names before "…"
_UNDO_OF_ID = re.compile(rf"{UNDO_PREFIX}[0-9a-f]+")


class ActivityView(QWidget):
    failed = Signal(str)
    notice = Signal(str)
    write_requested = Signal(object, str)  # (work run off the UI thread, message when done)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: OpenWorkspace | None = None
        self.held: HeldJournal | None = None  # the session's journal (None: opened by path)
        self.items: list[ActivityItem] = []
        self.confirm: Callable[[str], bool] = lambda text: ask_undo(self, self.tr("Undo"), text)
        self.memory = QLineEdit()
        self.memory.setObjectName("activityMemory")
        self.memory.setPlaceholderText(self.tr("memory id"))
        self.memory.setClearButtonEnabled(True)
        self.actor = _combo("activityActor", ACTORS)
        self.kind = _combo("activityKind", KINDS)
        self.reload = QPushButton(self.tr("Refresh"))
        self.reload.setObjectName("activityRefresh")
        self.status = plain_label(name="activityStatus", wrap=True)
        self.table = read_only_table("activityTable", OP_HEADERS, stretch=2, fit=False)
        size_columns(self.table, WIDEST_CELLS, stretch=(2,))
        self.show_ids = _column_toggle(self.table, OP_ID_COLUMN, self.tr("Show operation ids"))
        self.events = read_only_table("activityEvents", EVENT_HEADERS, stretch=2, fit=False)
        self.undo = QPushButton(self.tr("Undo this operation…"))
        self.undo.setObjectName("activityUndo")
        self.undo.setEnabled(False)
        self._build()
        self.memory.editingFinished.connect(self.refresh)
        self.actor.currentIndexChanged.connect(self.refresh)
        self.kind.currentIndexChanged.connect(self.refresh)
        self.reload.clicked.connect(self.refresh)
        self.table.itemSelectionChanged.connect(self._selected)
        self.undo.clicked.connect(self._undo_selected)

    def _build(self) -> None:
        filters = QHBoxLayout()
        filters.addWidget(QLabel(self.tr("Memory")))
        filters.addWidget(self.memory, 1)
        filters.addWidget(QLabel(self.tr("Actor")))
        filters.addWidget(self.actor)
        filters.addWidget(QLabel(self.tr("Kind")))
        filters.addWidget(self.kind)
        filters.addWidget(self.reload)
        detail = QWidget()
        column = QVBoxLayout(detail)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel(self.tr("What the selected operation changed:")))
        column.addWidget(self.events, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.undo)
        column.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(detail)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)

    def show_workspace(self, ws: OpenWorkspace, held: HeldJournal | None = None) -> None:
        """List what MemDesk saved in the open workspace `ws` (anything with a `root`), read
        from its session's journal `held` (None: opened for each look, as with no session)."""
        self.ws, self.held = ws, held
        self.refresh()

    def refresh(self) -> None:
        """List the operations again, as the filters ask (the selection is kept when listed)."""
        if self.ws is None:
            return
        kept = self.selected()
        try:
            found = self.filters()
            self.items = operations(
                self.ws.root,
                memory_id=found["memory_id"],
                actor=found["actor"],
                kind=found["kind"],
                held=self.held,
            )
            saved_any = bool(self.items) or bool(operations(self.ws.root, limit=1, held=self.held))
        except (WorkspaceError, OSError) as exc:
            self.items, saved_any = [], True
            self.failed.emit(str(exc))
        said = NO_MATCH if saved_any else NOTHING_SAVED
        self.status.setText("" if self.items else self.tr(said))
        self._fill()
        self._select(kept.op_id if kept else None)

    def filters(self) -> dict[str, str | None]:
        """core's filters as the controls set them (None: any)."""
        choice = {"actor": self.actor.currentData(), "kind": self.kind.currentData()}
        found: dict[str, str | None] = {k: None if v == ALL else v for k, v in choice.items()}
        found["memory_id"] = self.memory.text().strip() or None
        return found

    def selected(self) -> ActivityItem | None:
        row = self.table.currentRow()
        selected = self.table.selectionModel().hasSelection()
        return self.items[row] if selected and 0 <= row < len(self.items) else None

    def _fill(self) -> None:
        self.table.blockSignals(True)
        self.table.clearSelection()
        self.table.setRowCount(len(self.items))
        times = {item.op_id: shown_time(item.at) for item in self.items}
        for row, item in enumerate(self.items):
            said = self.tr("Operation {id} (memdesk undo takes it)").format(
                id=item.op_id[:SHORT_ID]
            )
            tooltip = f"{said}\n{core_text(item.op.cause)}"
            _set_row(self.table, row, op_row(item, times), tooltip=tooltip)
        self.table.blockSignals(False)

    def _select(self, op_id: str | None) -> None:
        rows = [row for row, item in enumerate(self.items) if item.op_id == op_id]
        if rows:
            self.table.selectRow(rows[0])
        else:
            self._selected()

    def _selected(self) -> None:
        item = self.selected()
        self.undo.setEnabled(item is not None and item.undone_by is None)
        changes = self._events(item) if item else []
        self.events.setRowCount(len(changes))
        for row, event in enumerate(changes):
            cells = (
                event.memory_id,
                core_text(event.kind),
                change_text(event.before, event.after),
            )
            _set_row(self.events, row, cells, tooltip=event.file)

    def _events(self, item: ActivityItem) -> list[RecordedEvent]:
        if self.ws is None:
            return []
        try:
            return events_of(self.ws.root, item.op_id, held=self.held)
        except (WorkspaceError, OSError) as exc:
            self.failed.emit(str(exc))
            return []

    def _undo_selected(self) -> None:
        item, ws, held = self.selected(), self.ws, self.held
        if item is None or ws is None or item.undone_by is not None:
            return
        what = f"{shown_time(item.at)} · {what_text(item, {})}"
        question = self.tr(
            "Undo this operation?\n\n{what}\n\nMemDesk puts back what it changed, as a new "
            "operation you can undo in turn. It refuses when a later change depends on it."
        ).format(what=what)
        if not self.confirm(question):
            return
        op_id = item.op_id

        def work() -> tuple[Undo, list[Saved[Any]]]:
            return undo_and_save(ws, op_id, held=held)

        self.write_requested.emit(work, self.tr("Undid: {what}").format(what=what))


def ask_undo(parent: QWidget, title: str, question: str) -> bool:
    """Yes to undoing an operation (`question` says which, as plain text); Cancel by default.
    The Activity page of a workspace and the Activity across all of them ask it alike."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        title,
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Yes


def change_text(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> str:
    """Each field that differs as "field: old -> new" ("—" where the memory had none)."""
    old, new = before or {}, after or {}
    names = [*new, *(name for name in old if name not in new)]
    return "; ".join(
        f"{name}: {_value(old.get(name))} -> {_value(new.get(name))}"
        for name in names
        if old.get(name) != new.get(name)
    )


def what_text(item: ActivityItem, times: Mapping[str, str]) -> str:
    """What an operation did, in words: an undo names the operation it undid by its time (from
    `times`, op id -> time shown) and what that did, never by its hex id."""
    kinds = ", ".join(f"{core_text(kind)} {n}" for kind, n in item.op.kinds.items())
    cause = core_text(item.op.cause)
    if item.undoes is not None:
        undone = item.op.cause.split(": ", 1)[1] if ": " in item.op.cause else ""
        undone = _undone_text(undone) if undone else ""
        earlier = translate("ActivityView", "undo of an earlier operation")
        when = times.get(item.undoes)
        cause = (
            translate("ActivityView", "undo of the {when} operation").format(when=when)
            if when
            else earlier
        )
        cause += f": {undone}" if undone else ""
    return f"{cause} ({kinds})" if kinds else cause


def _undone_text(cause: str) -> str:
    """What an undo undid, an undo of an undo named without its hex id."""
    found = _UNDO_OF_ID.match(cause)
    if found is None:
        return core_text(cause)
    earlier = translate("ActivityView", "undo of an earlier operation")
    rest = cause[found.end() :].removeprefix(": ")
    return f"{earlier}: {_undone_text(rest)}" if rest else earlier


def state_text(item: ActivityItem, times: Mapping[str, str]) -> str:
    if not item.undone_by:
        return ""
    when = times.get(item.undone_by)
    if not when:
        return translate("ActivityView", "undone")
    return translate("ActivityView", "undone at {when}").format(when=when)


def memories_text(item: ActivityItem) -> str:
    """How many memories, and the first few by id."""
    ids = list(dict.fromkeys(item.op.memory_ids))
    if not ids:
        return str(item.op.count)
    more = len(ids) > MEMORIES_NAMED or item.op.count > len(ids)
    named = ", ".join(ids[:MEMORIES_NAMED]) + (", …" if more else "")
    return f"{item.op.count}: {named}"


class OpRow(NamedTuple):
    """An operation's row as the Activity pages show it (this workspace's and all of them)."""

    time: str
    actor: str
    what: str
    memories: str
    files: str
    state: str
    op_id: str


def op_row(item: ActivityItem, times: Mapping[str, str]) -> OpRow:
    return OpRow(
        shown_time(item.at),
        core_text(item.actor),
        what_text(item, times),
        memories_text(item),
        ", ".join(item.op.files),
        state_text(item, times),
        item.op_id[:SHORT_ID],
    )


def _value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.2f}"
    text = str(value)
    first = text.split("\n", 1)[0]
    cut = len(first) > FIRST_LINE_WIDTH or "\n" in text
    return first[:FIRST_LINE_WIDTH] + ("…" if cut else "")


def _set_row(table: QTableWidget, row: int, cells: Sequence[str], *, tooltip: str) -> None:
    for column, text in enumerate(cells):
        item = QTableWidgetItem(text)
        item.setToolTip(literal_html(tooltip))
        table.setItem(row, column, item)


def _column_toggle(table: QTableWidget, column: int, text: str) -> QAction:
    """A column hidden until the person ticks `text` in the header's context menu."""
    table.setColumnHidden(column, True)
    toggle = QAction(text, table)
    toggle.setCheckable(True)
    toggle.toggled.connect(lambda shown: table.setColumnHidden(column, not shown))
    header = table.horizontalHeader()
    header.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    header.addAction(toggle)
    return toggle


def _combo(name: str, choices: Sequence[str]) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    for choice in choices:
        box.addItem(core_text(choice), choice)
    return box
