"""The Review queue page (SPEC 4, 6): what waits for the person's decision, one proposal at a
time or as a table, and "Review now" to run the triggers and a reviewer.

Card keys: Space/Enter accept the proposal, P promote, K keep, A archive, D delete, R reject,
S skip, E edit the memory first, Ctrl+Z undo the last decision. A decision is written at once
by the desk, off the UI thread (`write_requested`), as one operation through the guarded commit.
A review run works on its own thread: the window stays responsive and Cancel stops it.

Memory text, reasons and transcripts come from files and models: plain text only, and secrets
are masked wherever a proposal is shown.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.agents.registry import agent_named
from core.review.detectors import mask_secrets
from core.review.queue import approve, pending, reject, run_review, undo_decision, waiting
from core.store.errors import WorkspaceError
from core.store.journal import Proposal
from ui.settings import Settings
from ui.tasks import TaskRunner
from ui.untrusted import plain_label

__all__ = ["ReviewView", "age_of", "queue_title"]

ALL = "All"
_Index = QModelIndex | QPersistentModelIndex
TABLE_HEADERS = ("#", "Waiting", "Trigger", "Decision", "Memory", "Reasons")
KEYS = {
    Qt.Key.Key_P: "PROMOTE",
    Qt.Key.Key_K: "KEEP",
    Qt.Key.Key_A: "ARCHIVE",
    Qt.Key.Key_D: "DELETE",
}
HELP = (
    "Space/Enter accept · P promote · K keep · A archive · D delete · R reject · S skip · "
    "E edit first · Ctrl+Z undo the last decision"
)


def age_of(when: datetime, now: datetime | None = None) -> str:
    """How long a proposal has waited, in words ("3 d", "5 h", "12 min")."""
    seconds = max(0.0, ((now or datetime.now(UTC)) - when).total_seconds())
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{int(seconds // size)} {unit}"
    return "just now"


def queue_title(count: int, oldest: datetime | None) -> str:
    """The sidebar's entry: how many wait, and since when."""
    if not count or oldest is None:
        return "Review queue"
    return f"Review queue ({count}, oldest {age_of(oldest)})"


class _RunSignals(QObject):
    progress = Signal(int, int)


class ReviewView(QWidget):
    failed = Signal(str)
    notice = Signal(str)
    write_requested = Signal(object, str)  # (work run off the UI thread, message when done)
    edit_requested = Signal(str, str)  # (file, memory key): show it for editing first
    queue_changed = Signal()  # the number waiting changed (the sidebar's count)
    run_finished = Signal(str)  # what a review run did

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or Settings()
        self.ws: Any = None
        self.proposals: list[Proposal] = []  # pending, oldest first
        self.shown: list[Proposal] = []  # the table's rows, as filtered
        self.index = 0  # the card's proposal
        self.waiting: tuple[int, datetime | None] = (0, None)  # how many, the oldest since
        self._extra: list[Callable[[Proposal], None]] = []  # the desk's own tabs of the card
        self.runner = TaskRunner(self)
        self._cancel: Callable[[], None] | None = None
        self._signals = _RunSignals(self)
        self._signals.progress.connect(self._progress)
        self._build()

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.summary = plain_label(name="reviewSummary", wrap=True)
        self.review_now = _button("Review now", "reviewNow", self.start_review)
        self.reviewer_choice = QComboBox()
        self.reviewer_choice.setObjectName("reviewerChoice")
        self.reviewer_choice.addItem("Rules reviewer", "rules")
        self.reviewer_choice.addItem("LLM reviewer", "llm")
        self.reviewer_choice.setCurrentIndex(0 if self.settings.reviewer == "rules" else 1)
        self.reviewer_choice.currentIndexChanged.connect(self._reviewer_chosen)
        self.llm_button = _button("LLM settings…", "reviewLlmSettings", self.edit_llm_settings)
        self.progress = QProgressBar()
        self.progress.setObjectName("reviewProgress")
        self.progress.hide()
        self.cancel = _button("Cancel", "reviewCancel", self.cancel_review)
        self.cancel.hide()
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        for widget in (
            self.progress,
            self.cancel,
            self.reviewer_choice,
            self.llm_button,
            self.review_now,
        ):
            top.addWidget(widget)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._card(), "One at a time")
        self.tabs.addTab(self._table(), "Table")
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)

    def _card(self) -> QWidget:
        card = QWidget()
        card.setObjectName("reviewCard")
        card.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        card.installEventFilter(self)
        self.card = card
        self.position = plain_label(name="reviewPosition")
        self.decision = plain_label(name="reviewDecision")
        font = self.decision.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.decision.setFont(font)
        self.trigger = plain_label(name="reviewTrigger", wrap=True)
        self.memory = _text_box("reviewMemory")
        self.reasons = _text_box("reviewReasons")
        self.related = _text_box("reviewRelated")
        self.transcript = _text_box("reviewTranscript")
        buttons = QHBoxLayout()
        for text, name, slot in (
            ("Accept", "reviewAccept", self.accept),
            ("Promote", "reviewPromote", lambda: self.decide("PROMOTE")),
            ("Keep", "reviewKeep", lambda: self.decide("KEEP")),
            ("Archive", "reviewArchive", lambda: self.decide("ARCHIVE")),
            ("Delete", "reviewDelete", lambda: self.decide("DELETE")),
            ("Reject", "reviewReject", self.reject_current),
            ("Skip", "reviewSkip", self.skip),
            ("Edit first", "reviewEdit", self.edit_first),
        ):
            buttons.addWidget(_button(text, name, slot))
        buttons.addStretch(1)
        details = QTabWidget()
        details.addTab(self.reasons, "Reasons")
        details.addTab(self.related, "Related memories")
        details.addTab(self.transcript, "Transcript")
        self.details = details
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.memory)
        split.addWidget(details)
        column = QVBoxLayout(card)
        for widget in (self.position, self.decision, self.trigger):
            column.addWidget(widget)
        column.addWidget(split, 1)
        column.addLayout(buttons)
        keys = QLabel(HELP)
        keys.setWordWrap(True)  # a window narrower than the line still shows every page
        column.addWidget(keys)
        return card

    def _table(self) -> QWidget:
        page = QWidget()
        self.trigger_filter = _combo("reviewTriggerFilter")
        self.decision_filter = _combo("reviewDecisionFilter")
        for combo in (self.trigger_filter, self.decision_filter):
            combo.currentIndexChanged.connect(lambda _i: self._fill_table())
        self.model = ProposalTable(self)
        self.table = QTableView()
        self.table.setObjectName("reviewTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        filters = QHBoxLayout()
        for text, combo in (("Trigger", self.trigger_filter), ("Decision", self.decision_filter)):
            filters.addWidget(QLabel(text))
            filters.addWidget(combo)
        filters.addStretch(1)
        filters.addWidget(_button("Approve selected", "reviewApproveMany", self.approve_selected))
        filters.addWidget(_button("Reject selected", "reviewRejectMany", self.reject_selected))
        column = QVBoxLayout(page)
        column.addLayout(filters)
        column.addWidget(self.table, 1)
        return page

    # -- what is shown --------------------------------------------------------------------------
    def show_workspace(self, ws: Any) -> None:
        self.ws = ws
        self.refresh()

    def count(self, ws: Any) -> None:
        """Count what waits in `ws` for the sidebar, without reading the proposals."""
        if ws is not self.ws:
            self.ws, self.proposals = ws, []
        self.waiting = waiting(ws.root)
        self.queue_changed.emit()

    def title(self) -> str:
        return queue_title(*self.waiting)

    def refresh(self) -> None:
        """Read the queue anew from the journal (cheap: it is a small table)."""
        current = self.current()
        self.proposals = [] if self.ws is None else pending(self.ws.root)
        oldest = min((p.created_at for p in self.proposals), default=None)
        self.waiting = (len(self.proposals), oldest)
        ids = [p.id for p in self.proposals]
        self.index = ids.index(current.id) if current is not None and current.id in ids else 0
        self.index = min(self.index, max(0, len(self.proposals) - 1))
        self._fill_summary()
        self._fill_filters()
        self._fill_table()
        self._fill_card()
        self.queue_changed.emit()

    def current(self) -> Proposal | None:
        return self.proposals[self.index] if 0 <= self.index < len(self.proposals) else None

    def _fill_summary(self) -> None:
        if self.ws is None:
            text = "No workspace open."
        elif not self.proposals:
            text = "Nothing waits for review. “Review now” looks for memories to review."
        else:
            oldest = min(p.created_at for p in self.proposals)
            text = f"{len(self.proposals)} proposals wait; the oldest for {age_of(oldest)}."
        self.summary.setText(text)

    def _fill_filters(self) -> None:
        for combo, values in (
            (self.trigger_filter, sorted({p.trigger for p in self.proposals})),
            (self.decision_filter, sorted({p.decision for p in self.proposals})),
        ):
            kept = combo.currentText()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems([ALL, *values])
            combo.setCurrentText(kept if kept in values else ALL)
            combo.blockSignals(False)

    def _fill_table(self) -> None:
        trigger, decision = self.trigger_filter.currentText(), self.decision_filter.currentText()
        self.shown = [
            p
            for p in self.proposals
            if trigger in (ALL, "", p.trigger) and decision in (ALL, "", p.decision)
        ]
        self.model.show(self.shown)

    def add_detail_tab(self, title: str, widget: QWidget, show: Callable[[Proposal], None]) -> None:
        """A tab of the card that an agent's desk fills for each proposal (a score chart)."""
        self.details.addTab(widget, title)
        self._extra.append(show)

    def _fill_card(self) -> None:
        p = self.current()
        if p is not None:
            for show in self._extra:
                show(p)
        if p is None:
            for box in (self.memory, self.reasons, self.related, self.transcript):
                box.setPlainText("")
            self.position.setText("")
            self.decision.setText("Nothing waits for review.")
            self.trigger.setText("")
            return
        fields = json.loads(p.memory_json or "{}")
        self.position.setText(
            f"{self.index + 1} of {len(self.proposals)} · #{p.id} · waiting {age_of(p.created_at)}"
            f" · {p.reviewer} reviewer"
        )
        self.decision.setText(f"Proposed: {p.decision}")
        self.trigger.setText(f"{p.trigger}: {mask_secrets(p.why)} — [{p.memory_id}] in {p.file}")
        self.memory.setPlainText(f"{_memory_text(p)}\n\n{_facts(fields)}")
        self.reasons.setPlainText(mask_secrets(p.reasons))
        related = json.loads(p.related_json or "[]")
        self.related.setPlainText(
            "\n\n".join(
                f"[{m.get('id')}] {mask_secrets(str(m.get('content', '')))}" for m in related
            )
            or "No other memory is part of this proposal."
        )
        self.transcript.setPlainText(
            mask_secrets(p.transcript) or "The rules reviewer decides without a conversation."
        )

    # -- deciding -------------------------------------------------------------------------------
    def accept(self) -> bool:
        p = self.current()
        return p is not None and self._approve([p], None, f"#{p.id} {p.decision} applied")

    def decide(self, decision: str) -> bool:
        p = self.current()
        if p is None:
            return False
        return self._approve([p], {p.id: decision}, f"#{p.id}: {decision} applied")

    def reject_current(self) -> bool:
        p = self.current()
        return p is not None and self._reject([p])

    def skip(self) -> None:
        if self.proposals:
            self.index = (self.index + 1) % len(self.proposals)
            self._fill_card()

    def edit_first(self) -> None:
        p = self.current()
        if p is not None:
            self.edit_requested.emit(p.file, p.memory_id)

    def undo_last(self) -> bool:
        ws = self.ws
        if ws is None:
            return False
        agent = agent_named(ws.agent)
        work: Callable[[], Any] = lambda: undo_decision(agent, ws.root, ws=ws)  # noqa: E731
        self.write_requested.emit(work, "The last review decision was undone")
        return True

    def approve_selected(self) -> bool:
        chosen = self._selected()
        shown = ", ".join(f"#{p.id}" for p in chosen)
        return bool(chosen) and self._approve(chosen, None, f"{shown} applied as one operation")

    def reject_selected(self) -> bool:
        chosen = self._selected()
        return bool(chosen) and self._reject(chosen)

    def _selected(self) -> list[Proposal]:
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        return [self.shown[r] for r in rows if 0 <= r < len(self.shown)]

    def _approve(
        self, chosen: list[Proposal], decisions: dict[int, str] | None, message: str
    ) -> bool:
        ws = self.ws
        if ws is None:
            return False
        agent, ids = agent_named(ws.agent), [p.id for p in chosen]

        def work() -> Any:
            return approve(agent, ws.root, ids, decisions=decisions, ws=ws)

        self.write_requested.emit(work, message)
        return True

    def _reject(self, chosen: list[Proposal]) -> bool:
        """Rejecting writes no memory file: done here, at once."""
        if self.ws is None:
            return False
        reject(self.ws.root, [p.id for p in chosen])
        self.notice.emit(f"Rejected {', '.join(f'#{p.id}' for p in chosen)}")
        self.refresh()
        return True

    # -- keys -----------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.card and event.type() == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            if event.matches(QKeySequence.StandardKey.Undo):
                event.accept()  # the card's Ctrl+Z undoes a decision, not the edit history
                return True
        if watched is self.card and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            return self._key(event)
        return super().eventFilter(watched, event)

    def _key(self, event: QKeyEvent) -> bool:
        key = Qt.Key(event.key())
        plain = event.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        )
        if event.matches(QKeySequence.StandardKey.Undo):
            self.undo_last()
        elif plain and key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.accept()
        elif plain and key in KEYS:
            self.decide(KEYS[key])
        elif plain and key == Qt.Key.Key_R:
            self.reject_current()
        elif plain and key == Qt.Key.Key_S:
            self.skip()
        elif plain and key == Qt.Key.Key_E:
            self.edit_first()
        else:
            return False
        return True

    # -- review now -----------------------------------------------------------------------------
    def reviewer(self) -> Any:
        """The reviewer a run uses, as chosen; WorkspaceError when the LLM is not set up."""
        from core.review.rules import RulesReviewer

        if self.settings.reviewer == "rules":
            return RulesReviewer()
        from core.review.llm import LlmReviewer, LlmSettings

        s = self.settings
        if not s.llm_base_url or not s.llm_model:
            raise WorkspaceError(
                "The LLM reviewer needs a base URL and a model: LLM settings… sets them"
            )
        return LlmReviewer(
            LlmSettings(
                base_url=s.llm_base_url,
                model=s.llm_model,
                timeout_s=s.llm_timeout_s,
                api_key_env=s.llm_api_key_env,
            )
        )

    def _reviewer_chosen(self, _index: int) -> None:
        self.settings.reviewer = self.reviewer_choice.currentData()

    def edit_llm_settings(self) -> bool:
        """The LLM reviewer's endpoint, model, timeout and the name of its key's variable."""
        dialog = LlmSettingsDialog(self.settings, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        try:
            dialog.apply()
        except ValueError as exc:
            self.failed.emit(f"LLM settings not changed: {exc}")
            return False
        return True

    def start_review(self) -> bool:
        ws = self.ws
        if ws is None or self._cancel is not None:
            return False
        try:
            reviewer = self.reviewer()
        except WorkspaceError as exc:
            self.failed.emit(str(exc))
            return False
        agent, root = agent_named(ws.agent), ws.root
        loop_ready = threading.Event()
        holder: dict[str, Any] = {}

        def work() -> Any:
            async def main() -> Any:
                holder["loop"], holder["stop"] = asyncio.get_running_loop(), asyncio.Event()
                loop_ready.set()
                return await run_review(
                    agent, root, reviewer, today=date.today(),
                    progress=self._signals.progress.emit, cancel=holder["stop"],
                )  # fmt: skip

            try:
                return asyncio.run(main())
            finally:
                loop_ready.set()

        def cancel() -> None:
            if loop_ready.wait(5) and "loop" in holder:
                holder["loop"].call_soon_threadsafe(holder["stop"].set)

        self._cancel = cancel
        self._running(True)
        self.runner.run(work, on_done=self._reviewed, on_error=self._review_failed)
        return True

    def cancel_review(self) -> None:
        if self._cancel is not None:
            self._cancel()
            self.summary.setText("Cancelling: the reviews in flight are stopped…")

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def _running(self, running: bool) -> None:
        self.review_now.setEnabled(not running)
        self.progress.setVisible(running)
        self.cancel.setVisible(running)
        if running:
            self.progress.setRange(0, 0)  # busy until the triggers have run
            self.summary.setText("Looking for memories to review…")

    def _reviewed(self, run: Any) -> None:
        self._cancel = None
        self._running(False)
        self.refresh()
        message = (
            f"Review{' cancelled' if run.cancelled else ''}: {run.candidates} memories up for "
            f"review, {len(run.stored)} new proposals, {run.skipped} already waiting, "
            f"{run.failed} without a decision"
        )
        self.notice.emit(message)
        self.run_finished.emit(message)

    def _review_failed(self, exc: BaseException) -> None:
        self._cancel = None
        self._running(False)
        self.refresh()
        self.failed.emit(f"The review did not finish: {exc}")
        self.run_finished.emit(str(exc))


class ProposalTable(QAbstractTableModel):
    """The table tab's rows, made when Qt asks for them (a queue may hold many thousands)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Proposal] = []

    def show(self, rows: list[Proposal]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(TABLE_HEADERS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        p, column = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            cells = (str(p.id), age_of(p.created_at), p.trigger, p.decision)
            if column < len(cells):
                return cells[column]
            return _one_line(_memory_text(p) if column == 4 else mask_secrets(p.reasons))
        if role == Qt.ItemDataRole.ToolTipRole:
            return mask_secrets(p.reasons) if column == 5 else _memory_text(p)[:500]
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(TABLE_HEADERS):
            return TABLE_HEADERS[section]
        return None


class LlmSettingsDialog(QDialog):
    """Base URL, model, timeout and the environment variable holding the key (never the key)."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("LLM reviewer")
        self.settings = settings
        self.base_url = QLineEdit(settings.llm_base_url)
        self.base_url.setPlaceholderText("http://127.0.0.1:8000/v1")
        self.model = QLineEdit(settings.llm_model)
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(1, 3600)
        self.timeout.setValue(settings.llm_timeout_s)
        self.timeout.setSuffix(" s")
        self.key_env = QLineEdit(settings.llm_api_key_env)
        form = QFormLayout(self)
        form.addRow("Base URL (OpenAI-compatible)", self.base_url)
        form.addRow("Model", self.model)
        form.addRow("Timeout per answer", self.timeout)
        form.addRow("API key from the variable", self.key_env)
        form.addRow(QLabel("The key itself is never written by MemDesk: set it in that variable."))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def apply(self) -> None:
        """Store the values (ValueError, nothing stored, when one is not valid)."""
        checked = self.settings.model_validate(
            self.settings.model_dump()
            | {
                "llm_base_url": self.base_url.text().strip(),
                "llm_model": self.model.text().strip(),
                "llm_timeout_s": self.timeout.value(),
                "llm_api_key_env": self.key_env.text().strip(),
            }
        )
        for name in ("llm_base_url", "llm_model", "llm_timeout_s", "llm_api_key_env"):
            setattr(self.settings, name, getattr(checked, name))


def _memory_text(p: Proposal) -> str:
    fields = json.loads(p.memory_json or "{}")
    return mask_secrets(str(fields.get("content", "")))


def _facts(fields: dict[str, Any]) -> str:
    shown = [f"{k}: {fields[k]}" for k in ("category", "score", "hits", "last_activated", "section")
             if fields.get(k) is not None]  # fmt: skip
    return " · ".join(shown)


def _one_line(text: str, width: int = 120) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


def _text_box(name: str) -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setObjectName(name)
    box.setReadOnly(True)
    box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    return box


def _combo(name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.addItem(ALL)
    return combo


def _button(text: str, name: str, slot: Callable[[], object]) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the card
    button.clicked.connect(lambda _checked=False: slot())
    return button
