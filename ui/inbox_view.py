"""The review Inbox (issue 26, item 2): every proposal and staged write waiting in every
workspace scanned, oldest first, filtered by workspace, agent and text; the selected item's
detail; approve or reject the selected items, each in its own workspace through that
workspace's session (`core.inbox.decide`: per workspace all or nothing, as `memdesk approve`).

Reading and deciding run off the UI thread; a workspace that cannot be read or refuses a
decision is named in the banner and on its rows, and never stops the others. Memory text,
reasons and ids come from files: plain text only, secrets masked."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.inbox import Outcome, Sessions, Waiting, decide, fresh_session, inbox
from core.review.secrets import mask_secrets
from core.scan import Found
from ui.across_workspaces import AcrossWorkspaces, Scanner
from ui.i18n import core_text
from ui.proposal_text import age_of, proposal_detail, proposal_memory
from ui.settings import scanned
from ui.staged_view import staged_detail, staged_warnings
from ui.tables import RowsModel, rows_table
from ui.tasks import TaskRunner
from ui.untrusted import literal_html
from ui.versions_box import button, button_row

__all__ = ["InboxView"]

HEADERS = (QT_TRANSLATE_NOOP("InboxView", "Workspace"), QT_TRANSLATE_NOOP("InboxView", "Agent"),
           QT_TRANSLATE_NOOP("InboxView", "Kind"), QT_TRANSLATE_NOOP("InboxView", "Memory"),
           QT_TRANSLATE_NOOP("InboxView", "Reason"), QT_TRANSLATE_NOOP("InboxView", "Waiting"))  # fmt: skip
WIDEST_CELLS = ("~/.claude/projects/-home-code-web", "Claude Code", "proposal: ARCHIVE", "", "",
                "999 min")  # fmt: skip
MEMORY_COLUMN, REASON_COLUMN = 3, 4
WARNING = "⚠ "


class InboxView(AcrossWorkspaces):
    def __init__(
        self,
        sessions: Sessions = fresh_session,
        scanner: Scanner = scanned,
        tasks: TaskRunner | None = None,
        parent: QWidget | None = None,
    ) -> None:
        filter_hint = QCoreApplication.translate("InboxView", "filter: memory text, reason")
        super().__init__("inbox", filter_hint, sessions, scanner, tasks, parent)
        self.items: list[Waiting] = []
        self.shown: list[Waiting] = []
        self.shown_problems: dict[Path, str] = {}  # of the workspaces of the rows shown
        self.model: RowsModel[Waiting] = RowsModel(
            [self.tr(str(h)) for h in HEADERS], self._cells, None, self._tip, self
        )
        self.table = rows_table(
            "inboxTable",
            self.model,
            WIDEST_CELLS,
            (MEMORY_COLUMN, REASON_COLUMN),
            QAbstractItemView.SelectionMode.ExtendedSelection,
        )
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._fill_detail())
        self.detail = QPlainTextEdit()
        self.detail.setObjectName("inboxDetail")
        self.detail.setReadOnly(True)
        self.detail.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.approve_button = button(
            self.tr("Approve selected"), "inboxApprove", self.approve_selected
        )
        self.reject_button = button(self.tr("Reject selected"), "inboxReject", self.reject_selected)
        self.approve_all_button = button(
            self.tr("Approve all of its workspace"), "inboxApproveWorkspace", self.approve_workspace
        )
        self.approve_all_button.setToolTip(
            self.tr("Every item waiting in the selected item's workspace, all or nothing")
        )
        self.reload = button(self.tr("Refresh"), "inboxRefresh", self.refresh)
        self._build()
        self.enable()

    def _build(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.filters, 1)
        top.addWidget(self.reload)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.detail)
        split.setSizes([400, 250])
        actions = button_row(self.approve_button, self.reject_button, self.approve_all_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.banner)
        layout.addWidget(split, 1)
        layout.addLayout(actions)

    # -- reading --------------------------------------------------------------------------------
    def read(self, found: Sequence[Found]) -> tuple[list[Waiting], list[Found]]:
        return inbox(found)

    def show_rows(self, rows: list[Waiting]) -> None:
        self.items = rows

    def fill(self) -> None:
        kept = {(w.found.path, w.id) for w in self.selected()}
        self.shown = [w for w in self.items if self.filters.keeps(w.found, *_texts(w))]
        self.shown_problems = self.problems()
        self.model.set_rows(self.shown)
        for row, w in enumerate(self.shown):
            if (w.found.path, w.id) in kept:
                self.table.selectRow(row)
        workspaces = len({w.found.path for w in self.items})
        if not self.items:
            text = self.tr("Nothing waits for review in the workspaces scanned.")
        else:
            text = (
                self.tr("{count} waiting in {workspaces} workspaces, the oldest for {age}")
                if workspaces > 1
                else self.tr("{count} waiting in {workspaces} workspace, the oldest for {age}")
            ).format(count=len(self.items), workspaces=workspaces, age=age_of(self.items[0].since))
            if len(self.shown) < len(self.items):
                text += self.tr("; {count} shown").format(count=len(self.shown))
            text += "."
        self.status.setText(text)
        self._fill_detail()

    def _fill_detail(self) -> None:
        chosen = self.selected()
        self.enable()
        if not chosen:
            self.detail.setPlainText("")
            return
        current = self.table.currentIndex().row()
        w = next((w for w in chosen if w is self._at(current)), chosen[0])
        head = f"{w.found.title} · {w.found.name}"
        problem = self.problems().get(w.found.path)
        if problem:
            head += f"\n{WARNING}{problem}"
        if w.proposal is not None:
            body = proposal_detail(w.proposal)
        else:
            assert w.staged is not None
            warnings = staged_warnings(w.staged, w.found.title)
            body = (warnings + "\n\n" if warnings else "") + staged_detail(w.staged)
        self.detail.setPlainText(f"{head}\n\n{body}")

    def _cells(self, w: Waiting) -> tuple[str, ...]:
        memory, reason = _texts(w)
        mark = WARNING if self.shown_problems.get(w.found.path, "") else ""
        return (mark + w.found.name, w.found.title, _kind(w), memory, reason, age_of(w.since))

    def _tip(self, w: Waiting, column: int) -> str:  # from files: never rich text
        memory, reason = _texts(w)
        where = self.shown_problems.get(w.found.path, "") or str(w.found.path)
        return literal_html(
            {0: where, MEMORY_COLUMN: memory, REASON_COLUMN: reason}.get(column, "")
        )

    def _at(self, row: int) -> Waiting | None:
        return self.shown[row] if 0 <= row < len(self.shown) else None

    def selected(self) -> list[Waiting]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.shown[r] for r in rows if 0 <= r < len(self.shown)]

    # -- deciding -------------------------------------------------------------------------------
    def approve_selected(self) -> bool:
        return self._decide(self.selected(), approving=True)

    def reject_selected(self) -> bool:
        return self._decide(self.selected(), approving=False)

    def approve_workspace(self) -> bool:
        """Everything waiting in the selected item's workspace, as `memdesk approve --all`."""
        chosen = self.selected()
        where = chosen[-1].found.path if chosen else None
        return self._decide([w for w in self.items if w.found.path == where], approving=True)

    def _decide(self, items: list[Waiting], *, approving: bool) -> bool:
        if not items:
            return False
        sessions = self.sessions
        doing = self.tr("Approving {count}…") if approving else self.tr("Rejecting {count}…")
        self.status.setText(doing.format(count=len(items)))

        def said(outcomes: list[Outcome]) -> str:
            done = [o for o in outcomes if o.ids]
            count = sum(len(o.ids) for o in done)
            return self._done_text(approving, len(done) > 1).format(
                count=count, workspaces=len(done)
            )

        return self.write(lambda: decide(items, approving, sessions), said)

    def _done_text(self, approving: bool, several: bool) -> str:
        if approving:
            if several:
                return self.tr("Approved {count} in {workspaces} workspaces")
            return self.tr("Approved {count} in {workspaces} workspace")
        if several:
            return self.tr("Rejected {count} in {workspaces} workspaces")
        return self.tr("Rejected {count} in {workspaces} workspace")

    def enable(self) -> None:
        idle = not self.busy
        chosen = bool(self.selected())
        for decide_button in (self.approve_button, self.reject_button, self.approve_all_button):
            decide_button.setEnabled(idle and chosen)
        self.reload.setEnabled(not self.reading)


def _kind(w: Waiting) -> str:
    if w.proposal is not None:
        said = QCoreApplication.translate("InboxView", "proposal: {decision}")
        return said.format(decision=core_text(w.proposal.decision))
    assert w.staged is not None
    said = QCoreApplication.translate("InboxView", "staged write: {action}")
    return said.format(action=w.staged.action)


def _texts(w: Waiting) -> tuple[str, str]:
    """The memory and the reason, as the table shows them (secrets masked)."""
    if w.proposal is not None:
        p = w.proposal
        return proposal_memory(p), _one_line(core_text(mask_secrets(p.why or p.reasons)))
    s = w.staged
    assert s is not None
    why = s.failure or "; ".join(s.warnings) or s.origin
    return _one_line(mask_secrets(s.summary)), _one_line(core_text(mask_secrets(why)))


def _one_line(text: str, width: int = 120) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"
