"""One Activity over every workspace scanned (issue 26, item 2): what MemDesk saved in each,
merged newest first (`core.inbox.activity`), filtered by workspace, agent and text, and Undo of
the selected operation in its own workspace through that workspace's session
(`core.inbox.undo`, `core.ops.undo` as the one-workspace Activity page does).

Reading and undoing run off the UI thread; a workspace whose journal cannot be read is named in
the banner and never hides the others. Causes and ids come from files: plain text only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.inbox import Done, Sessions, activity, fresh_session, undo
from core.scan import Found
from core.times import shown_time
from ui.across_workspaces import AcrossWorkspaces, Scanner
from ui.activity_view import ask_undo, memories_text, op_row, what_text
from ui.i18n import core_text
from ui.settings import scanned
from ui.tables import RowsModel, rows_table
from ui.tasks import TaskRunner
from ui.untrusted import literal_html, plain_label
from ui.versions_box import button, button_row

__all__ = ["AllActivityView"]

HEADERS = (QT_TRANSLATE_NOOP("AllActivityView", "Workspace"),
           QT_TRANSLATE_NOOP("AllActivityView", "Agent"), QT_TRANSLATE_NOOP("AllActivityView", "When"),
           QT_TRANSLATE_NOOP("AllActivityView", "Actor"), QT_TRANSLATE_NOOP("AllActivityView", "What"),
           QT_TRANSLATE_NOOP("AllActivityView", "Memories"),
           QT_TRANSLATE_NOOP("AllActivityView", "State"))  # fmt: skip
WIDEST_CELLS = ("~/.claude/projects/-home-code-web", "Claude Code", "2026-12-31 23:59:59",
                "reviewer", "", "3: a1b2c3, a1b2c3, a1b2c3, …", "undone at 2026-12-31 23:59:59")  # fmt: skip
WHAT_COLUMN = HEADERS.index("What")
NOTHING_SAVED = QT_TRANSLATE_NOOP(
    "AllActivityView", "MemDesk has saved nothing yet in the workspaces scanned."
)


class AllActivityView(AcrossWorkspaces):
    def __init__(
        self,
        sessions: Sessions = fresh_session,
        scanner: Scanner = scanned,
        tasks: TaskRunner | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            "allActivity",
            QCoreApplication.translate("AllActivityView", "filter: what was done, by whom"),
            sessions,
            scanner,
            tasks,
            parent,
        )
        self.confirm: Callable[[str], bool] = lambda text: ask_undo(self, self.tr("Undo"), text)
        self.done: list[Done] = []
        self.shown: list[Done] = []
        self.times: dict[str, str] = {}  # the time shown of each operation listed, by its id
        self.model: RowsModel[Done] = RowsModel(
            [self.tr(str(h)) for h in HEADERS], self._cells, None, _tip, self
        )
        self.table = rows_table("allActivityTable", self.model, WIDEST_CELLS, (WHAT_COLUMN,))
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._fill_detail())
        self.detail = plain_label(name="allActivityDetail", wrap=True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.undo_button = button(
            self.tr("Undo this operation…"), "allActivityUndo", self.undo_selected
        )
        self.reload = button(self.tr("Refresh"), "allActivityRefresh", self.refresh)
        self._build()
        self.enable()

    def _build(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.filters, 1)
        top.addWidget(self.reload)
        below = QWidget()
        column = QVBoxLayout(below)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.detail, 1)
        column.addLayout(button_row(self.undo_button))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(below)
        split.setSizes([450, 120])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.banner)
        layout.addWidget(split, 1)

    # -- reading --------------------------------------------------------------------------------
    def read(self, found: Sequence[Found]) -> tuple[list[Done], list[Found]]:
        return activity(found)

    def show_rows(self, rows: list[Done]) -> None:
        self.done = rows

    def fill(self) -> None:
        kept = self.selected()
        self.shown = [
            d for d in self.done if self.filters.keeps(d.found, d.item.actor, d.item.op.cause)
        ]
        self.times = {d.item.op_id: shown_time(d.item.at) for d in self.shown}
        self.model.set_rows(self.shown)
        for row, d in enumerate(self.shown):
            if kept is not None and (d.found.path, d.item.op_id) == _key(kept):
                self.table.selectRow(row)
        self.status.setText(self._summary())
        self._fill_detail()

    def _summary(self) -> str:
        count = len(self.done)
        if not count:
            return self.tr(str(NOTHING_SAVED))
        text = (
            self.tr("{count} operations saved, newest first")
            if count > 1
            else self.tr("{count} operation saved, newest first")
        ).format(count=count)
        if len(self.shown) < count:
            text += self.tr("; {count} shown").format(count=len(self.shown))
        return text + "."

    def _cells(self, d: Done) -> tuple[str, ...]:
        row = op_row(d.item, self.times)
        return (d.found.name, d.found.title, row.time, row.actor, row.what, row.memories, row.state)

    def _fill_detail(self) -> None:
        d = self.selected()
        self.enable()
        if d is None:
            self.detail.setText("")
            return
        op = d.item.op
        said = self.tr("files: {files} · memories {memories} · operation {op}").format(
            files=", ".join(op.files), memories=memories_text(d.item), op=op.op_id
        )
        head = f"{d.found.title} · {d.found.name} · {shown_time(d.item.at)} · {core_text(op.actor)}"
        self.detail.setText(f"{head}\n{core_text(op.cause)}\n{said}")

    def selected(self) -> Done | None:
        rows = self.table.selectionModel().selectedRows()
        row = rows[0].row() if rows else -1
        return self.shown[row] if 0 <= row < len(self.shown) else None

    # -- undo -----------------------------------------------------------------------------------
    def undo_selected(self) -> bool:
        d = self.selected()
        if d is None or d.item.undone_by is not None or self.writing:
            return False
        what = f"{d.found.name} · {shown_time(d.item.at)} · {what_text(d.item, {})}"
        question = self.tr(
            "Undo this operation?\n\n{what}\n\nMemDesk puts back what it changed in that "
            "workspace, as a new operation you can undo in turn. It refuses when a later change "
            "depends on it."
        ).format(what=what)
        if not self.confirm(question):
            return False
        sessions = self.sessions
        return self.write(
            lambda: [undo(d, sessions)],
            lambda _outcomes: self.tr("Undid: {what}").format(what=what),
        )

    def enable(self) -> None:
        d = self.selected()
        self.undo_button.setEnabled(not self.busy and d is not None and d.item.undone_by is None)
        self.reload.setEnabled(not self.reading)


def _tip(d: Done, column: int) -> str:  # from the journal: never rich text
    return literal_html(str(d.found.path) if column == 0 else core_text(d.item.op.cause))


def _key(d: Done) -> tuple[Path, str]:
    return d.found.path, d.item.op_id
