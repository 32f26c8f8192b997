"""The review Inbox (issue 26, item 2): every proposal and staged write waiting in every
workspace scanned, oldest first, filtered by workspace, agent and text; the selected item's
detail; approve or reject the selected items, each in its own workspace through that
workspace's session (`core.inbox.decide`: per workspace all or nothing, as `memdesk approve`).

Reading and deciding run off the UI thread; a workspace that cannot be read or refuses a
decision is named in the banner and on its rows, and never stops the others. Memory text,
reasons and ids come from files: plain text only, secrets masked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from core.inbox import UNREADABLE, Outcome, Sessions, Waiting, decide, fresh_session, inbox
from core.review.secrets import mask_secrets
from core.scan import Found
from ui.review_view import age_of, proposal_detail, proposal_memory
from ui.settings import scanned
from ui.staged_view import staged_detail, staged_warnings
from ui.tables import size_columns
from ui.tasks import TaskRunner
from ui.theme import error_style
from ui.untrusted import literal_html, plain_label
from ui.versions_box import button, button_row

__all__ = ["InboxView", "Scanner", "WorkspaceFilters", "problem_lines"]

Scanner = Callable[[], Sequence[Found]]  # the workspaces to look in (`memdesk scan`'s)
_Index = QModelIndex | QPersistentModelIndex
HEADERS = ("Workspace", "Agent", "Kind", "Memory", "Reason", "Waiting")
WIDEST_CELLS = ("~/.claude/projects/-home-code-web", "Claude Code", "proposal: ARCHIVE", "", "",
                "999 min")  # fmt: skip
MEMORY_COLUMN, REASON_COLUMN = 3, 4
WARNING = "⚠ "
EVERY = "All"


class WorkspaceFilters(QWidget):
    """Which workspace, which agent, and a text: the rows both all-workspace pages show."""

    changed = Signal()

    def __init__(self, name: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = _combo(f"{name}Workspace")
        self.agent = _combo(f"{name}Agent")
        self.text = QLineEdit()
        self.text.setObjectName(f"{name}Text")
        self.text.setPlaceholderText(placeholder)
        self.text.setClearButtonEnabled(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for label, widget in (("Workspace", self.workspace), ("Agent", self.agent)):
            row.addWidget(QLabel(label))
            row.addWidget(widget)
        row.addWidget(self.text, 1)
        self.workspace.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.agent.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.text.textChanged.connect(lambda _t: self.changed.emit())

    def offer(self, found: Sequence[Found]) -> None:
        """The workspaces and agents to choose from (the choice kept when still offered)."""
        _refill(self.workspace, sorted({(f.name, str(f.path)) for f in found}))
        _refill(self.agent, sorted({(f.title or f.agent, f.agent) for f in found}))

    def keeps(self, found: Found, *texts: str) -> bool:
        """Whether a row of `found`, showing `texts`, passes the filters."""
        workspace, agent = self.workspace.currentData(), self.agent.currentData()
        wanted = self.text.text().strip().casefold()
        return (
            workspace in (None, str(found.path))
            and agent in (None, found.agent)
            and (not wanted or any(wanted in t.casefold() for t in (found.name, *texts)))
        )


class InboxView(QWidget):
    written = Signal(object)  # a workspace's path: a decision was written there
    failed = Signal(str)
    notice = Signal(str)

    def __init__(
        self,
        sessions: Sessions = fresh_session,
        scanner: Scanner = scanned,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.sessions, self.scanner = sessions, scanner
        self.runner = TaskRunner(self)
        self.items: list[Waiting] = []
        self.shown: list[Waiting] = []
        self.unread: dict[Path, str] = {}  # a workspace's path -> why it could not be read
        self.refused: dict[Path, str] = {}  # ... why the last decision there was not written
        self.names: dict[Path, str] = {}
        self._again = False  # asked to read anew while busy
        self.filters = WorkspaceFilters("inbox", "filter: memory text, reason")
        self.filters.changed.connect(self._fill_table)
        self.status = plain_label(name="inboxStatus", wrap=True)
        self.banner = plain_label(name="inboxProblems", wrap=True)
        self.banner.setStyleSheet(error_style())
        self.banner.hide()
        self.model = InboxTable(self)
        self.table = _table(self.model)
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._fill_detail())
        self.detail = QPlainTextEdit()
        self.detail.setObjectName("inboxDetail")
        self.detail.setReadOnly(True)
        self.detail.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.approve_button = button("Approve selected", "inboxApprove", self.approve_selected)
        self.reject_button = button("Reject selected", "inboxReject", self.reject_selected)
        self.approve_all_button = button(
            "Approve all of its workspace", "inboxApproveWorkspace", self.approve_workspace
        )
        self.approve_all_button.setToolTip(
            "Every item waiting in the selected item's workspace, all or nothing"
        )
        self.reload = button("Refresh", "inboxRefresh", self.refresh)
        self._build()
        self._enable()

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
    def refresh(self) -> None:
        """Read what waits in every workspace anew, off the UI thread."""
        if self.runner.busy:
            self._again = True
            return
        self.status.setText("Reading what waits in every workspace…")
        self._enable()
        scanner = self.scanner
        self.runner.run(lambda: inbox(scanner()), on_done=self._read, on_error=self._job_failed)

    def _read(self, result: tuple[list[Waiting], list[Found]]) -> None:
        items, unread = result
        self.items = items
        self.unread = {f.path: f.error for f in unread}
        found = [w.found for w in items] + unread
        self.names |= {f.path: f.name for f in found}
        self.filters.offer(found)
        self._fill_table()
        self._fill_banner()
        self._next()

    def _next(self) -> None:
        if self._again:
            self._again = False
            self.refresh()
        else:
            self._enable()

    def _job_failed(self, exc: BaseException) -> None:
        if not isinstance(exc, UNREADABLE):
            raise exc  # unexpected: the crash handler takes it
        self.failed.emit(str(exc))
        self.status.setText(f"Not read: {exc}")
        self._next()

    def _fill_table(self) -> None:
        kept = {(w.found.path, w.id) for w in self.selected()}
        self.shown = [w for w in self.items if self.filters.keeps(w.found, *_texts(w))]
        self.model.show(self.shown, self.problems())
        for row, w in enumerate(self.shown):
            if (w.found.path, w.id) in kept:
                self.table.selectRow(row)
        workspaces = len({w.found.path for w in self.items})
        if not self.items:
            text = "Nothing waits for review in the workspaces scanned."
        else:
            text = (
                f"{len(self.items)} waiting in {workspaces} workspace"
                f"{'s' if workspaces > 1 else ''}, the oldest for {age_of(self.items[0].since)}"
            )
            if len(self.shown) < len(self.items):
                text += f"; {len(self.shown)} shown"
        self.status.setText(text + ".")
        self._fill_detail()

    def problems(self) -> dict[Path, str]:
        """Each workspace not read, or whose last decision was not written, and why."""
        return self.unread | self.refused

    def _fill_banner(self) -> None:
        lines = problem_lines(self.problems(), self.names)
        self.banner.setText("\n".join(lines))
        self.banner.setVisible(bool(lines))

    def _fill_detail(self) -> None:
        chosen = self.selected()
        self._enable()
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
        if not items or self.runner.busy:
            return False
        sessions = self.sessions
        self.status.setText(f"{'Approving' if approving else 'Rejecting'} {len(items)}…")
        self._enable(deciding=True)

        def work() -> list[Outcome]:
            return decide(items, approving, sessions)

        self.runner.run(
            work, on_done=lambda out: self._decided(out, approving), on_error=self._job_failed
        )
        return True

    def _decided(self, outcomes: list[Outcome], approving: bool) -> None:
        for o in outcomes:
            self.names[o.found.path] = o.found.name
            if o.error:
                self.refused[o.found.path] = o.error
            else:
                self.refused.pop(o.found.path, None)
            if o.ids:
                self.written.emit(o.found.path)
        done = [o for o in outcomes if o.ids]
        if done:
            count = sum(len(o.ids) for o in done)
            verb = "Approved" if approving else "Rejected"
            self.notice.emit(f"{verb} {count} in {len(done)} workspace{'s' * (len(done) > 1)}")
        for o in outcomes:
            if o.error:
                self.failed.emit(f"{o.found.name}: {o.error}")
        self._fill_banner()
        self._again = False
        self.refresh()

    def _enable(self, *, deciding: bool = False) -> None:
        idle = not deciding and not self.runner.busy
        chosen = bool(self.selected())
        for decide_button in (self.approve_button, self.reject_button, self.approve_all_button):
            decide_button.setEnabled(idle and chosen)
        self.reload.setEnabled(idle)

    def wait(self) -> bool:
        """Block until reading or deciding is over (on close and in tests)."""
        return self.runner.wait()


def problem_lines(problems: dict[Path, str], names: dict[Path, str]) -> list[str]:
    """A line per workspace that could not be read or decided, saying why."""
    return [f"{names.get(path, str(path))}: {why}" for path, why in problems.items()]


class InboxTable(QAbstractTableModel):
    """The inbox's rows, made when Qt asks for them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Waiting] = []
        self.problems: dict[Path, str] = {}

    def show(self, rows: list[Waiting], problems: dict[Path, str]) -> None:
        self.beginResetModel()
        self.rows, self.problems = rows, problems
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        w, column = self.rows[index.row()], index.column()
        problem = self.problems.get(w.found.path, "")
        if role == Qt.ItemDataRole.DisplayRole:
            memory, reason = _texts(w)
            mark = WARNING if problem else ""
            cells = (mark + w.found.name, w.found.title, _kind(w), memory, reason, age_of(w.since))
            return cells[column] if column < len(cells) else None
        if role == Qt.ItemDataRole.ToolTipRole:  # from files: never rich text
            memory, reason = _texts(w)
            tips = {0: problem or str(w.found.path), MEMORY_COLUMN: memory, REASON_COLUMN: reason}
            return literal_html(tips.get(column, ""))
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(HEADERS):
            return HEADERS[section]
        return None


def _kind(w: Waiting) -> str:
    if w.proposal is not None:
        return f"proposal: {w.proposal.decision}"
    assert w.staged is not None
    return f"staged write: {w.staged.action}"


def _texts(w: Waiting) -> tuple[str, str]:
    """The memory and the reason, as the table shows them (secrets masked)."""
    if w.proposal is not None:
        p = w.proposal
        return proposal_memory(p), _one_line(mask_secrets(p.why or p.reasons))
    s = w.staged
    assert s is not None
    why = s.failure or "; ".join(s.warnings) or s.origin
    return _one_line(mask_secrets(s.summary)), _one_line(mask_secrets(why))


def _one_line(text: str, width: int = 120) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


def _table(model: QAbstractTableModel) -> QTableView:
    table = QTableView()
    table.setObjectName("inboxTable")
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    size_columns(table, WIDEST_CELLS, stretch=(MEMORY_COLUMN, REASON_COLUMN))
    return table


def _combo(name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.addItem(EVERY, None)
    return combo


def _refill(combo: QComboBox, choices: Sequence[tuple[str, str]]) -> None:
    """`combo` offering All, then each (text, data), the current choice kept when offered."""
    kept = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(EVERY, None)
    for text, data in choices:
        combo.addItem(text, data)
    combo.setCurrentIndex(max(combo.findData(kept), 0))
    combo.blockSignals(False)
