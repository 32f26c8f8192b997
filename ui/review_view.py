"""The Review queue page (SPEC 4, 6): what waits for the person's decision, one proposal at a
time or as a table, and "Review now" to run the triggers and a reviewer.

Card keys: Space/Enter accept the proposal, P promote, K keep, A archive, D delete, R reject,
S skip, V review it again, E edit the memory first, Ctrl+Z undo the last decision. A decision is
written at once by the desk, off the UI thread (`write_requested`), as one operation through the
guarded commit. A key acts on the proposal on screen when it was pressed: keys pressed while a
decision is being written wait, in order, and the card moves on only once the file is written.
A review run works on its own thread: the window stays responsive and Cancel stops it.

Memory text, reasons and transcripts come from files and models: plain text only, and secrets
are masked wherever a proposal is shown.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
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
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.capabilities import Archiving
from core.review.choice import reviewer_named
from core.review.queue import approve, listed, reject, run_review, undo_decision, waiting
from core.review.secrets import mask_secrets
from core.store.errors import WorkspaceError
from core.store.journal import Proposal
from ui.i18n import QT_TRANSLATE_NOOP, core_error, core_text
from ui.icons import icon
from ui.llm_settings import LlmSettingsDialog
from ui.proposal_text import (
    age_of,
    memory_facts,
    memory_text,
    one_line,
    other_of_pair,
    proposed_line,
    queue_title,
    reasons_text,
    reviewer_name,
    trigger_line,
)
from ui.settings import Settings
from ui.shortcuts import NATIVE, declare_keys
from ui.staged_view import StagedView
from ui.tables import size_columns
from ui.tasks import TaskRunner
from ui.theme import error_style
from ui.untrusted import literal_html, plain_label

if TYPE_CHECKING:
    from core.session import AnySession

__all__ = ["ReviewView"]

translate = QCoreApplication.translate

ALL = QT_TRANSLATE_NOOP("ReviewView", "All")
_Index = QModelIndex | QPersistentModelIndex
TABLE_HEADERS = (  # shown through core_text, as core's labels are
    "#",
    QT_TRANSLATE_NOOP("core", "Waiting"),
    QT_TRANSLATE_NOOP("core", "Status"),
    QT_TRANSLATE_NOOP("core", "Trigger"),
    QT_TRANSLATE_NOOP("core", "Decision"),
    QT_TRANSLATE_NOOP("core", "Memory"),
    QT_TRANSLATE_NOOP("core", "Reasons"),
)
WIDEST_CELLS = ("99999", "999 min", "approved", "duplicate + decay", "PROMOTE")
KEYS = {
    Qt.Key.Key_P: "PROMOTE",
    Qt.Key.Key_K: "KEEP",
    Qt.Key.Key_A: "ARCHIVE",
    Qt.Key.Key_D: "DELETE",
}
HELP = QT_TRANSLATE_NOOP(
    "ReviewView",
    "Space/Enter accept · P promote · K keep · A archive · D delete · R reject · S skip · "
    "V review again · E edit first · Ctrl+Z undo the last decision",
)
_STATUS = {
    "pending": QT_TRANSLATE_NOOP("ReviewView", "waiting"),
    "stale": QT_TRANSLATE_NOOP(
        "ReviewView", "stale: a memory it read changed since; V reviews it again"
    ),
    "failed": QT_TRANSLATE_NOOP(
        "ReviewView", "failed: the reviewer could not decide; V reviews it again"
    ),
}


@dataclass(frozen=True, slots=True)
class _Action:
    """What a key or button asked for, about the proposals on screen when it was pressed."""

    verb: str  # approve, reject, skip, again, undo
    ids: tuple[int, ...]
    decision: str | None = None  # the person's own decision (P, K, A, D)


class ReviewView(QWidget):
    failed = Signal(str)
    notice = Signal(str)
    # (work run off the UI thread, message when done, told whether it was written)
    write_requested = Signal(object, str, object)
    edit_requested = Signal(str, str)  # (file, memory key): show it for editing first
    queue_changed = Signal()  # the number waiting changed (the sidebar's count)
    run_finished = Signal(str)  # what a review run did

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or Settings()
        self.session: AnySession | None = None
        self.proposals: list[Proposal] = []  # open (waiting, stale, failed), oldest first
        self.shown: list[Proposal] = []  # the table's rows, as filtered
        self.index = 0  # the card's proposal
        self.waiting: tuple[int, datetime | None] = (0, None)  # how many, the oldest since
        self._extra: list[Callable[[Proposal], None]] = []  # the desk's own tabs of the card
        self.runner = TaskRunner(self)
        self.review_task: asyncio.Task[Any] | None = None  # a run on the window's qasync loop
        self._stop_review = asyncio.Event()
        self._actions: deque[_Action] = deque()  # asked for while a decision is being written
        self._writing = False  # a decision is being written, or a review runs
        self.staged = StagedView()  # the writes the agent's own gate staged (StagedWrites)
        self.staged.write_requested.connect(self.write_requested)
        self.staged.failed.connect(self.failed)
        self.staged.changed.connect(self._staged_changed)
        self._build()

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.summary = plain_label(name="reviewSummary", wrap=True)
        self.review_now = _button(self.tr("Review now"), "reviewNow", self.start_review)
        self.reviewer_choice = QComboBox()
        self.reviewer_choice.setObjectName("reviewerChoice")
        self.reviewer_choice.addItem(self.tr("Rules reviewer"), "rules")
        self.reviewer_choice.addItem(self.tr("LLM reviewer"), "llm")
        self.reviewer_choice.setCurrentIndex(0 if self.settings.reviewer == "rules" else 1)
        self.reviewer_choice.currentIndexChanged.connect(self._reviewer_chosen)
        self.llm_button = _button(
            self.tr("LLM settings…"), "reviewLlmSettings", self.edit_llm_settings
        )
        self.progress = QProgressBar()
        self.progress.setObjectName("reviewProgress")
        self.progress.hide()
        self.cancel = _button(self.tr("Cancel"), "reviewCancel", self.cancel_review)
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
        self.failure = plain_label(name="reviewFailure", wrap=True)
        self.failure.setStyleSheet(error_style())
        self.retry = _button(self.tr("Retry"), "reviewRetry", self.retry_failed)
        trouble = QHBoxLayout()
        trouble.addWidget(self.failure, 1)
        trouble.addWidget(self.retry)
        self.failure.hide()
        self.retry.hide()
        self.tabs = QTabWidget()
        self.tabs.addTab(self._card(), self.tr("One at a time"))
        self.tabs.addTab(self._table(), self.tr("Table"))
        self.tabs.addTab(self.staged, self.tr("Staged writes"))
        self.tabs.setTabVisible(self.tabs.indexOf(self.staged), False)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(trouble)
        layout.addWidget(self.tabs, 1)

    def _card_keys(self) -> list[tuple[str, str]]:
        """The keys the card answers (`_key`), for Help → Keyboard shortcuts."""
        undo = QKeySequence(QKeySequence.StandardKey.Undo).toString(NATIVE)
        return [
            (self.tr("Space / Enter"), self.tr("Accept the proposal")),
            ("P", self.tr("Promote")),
            ("K", self.tr("Keep")),
            ("A", self.tr("Archive")),
            ("D", self.tr("Delete")),
            ("R", self.tr("Reject")),
            ("S", self.tr("Skip")),
            ("V", self.tr("Review again")),
            ("E", self.tr("Edit first")),
            (undo, self.tr("Undo the last decision")),
        ]

    def _card(self) -> QWidget:
        card = QWidget()
        card.setObjectName("reviewCard")
        card.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.card = card
        declare_keys(card, self._card_keys())
        card.installEventFilter(self)
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
        buttons = QVBoxLayout()  # two rows: the window still fits a 1,366-pixel screen
        for row in (
            (
                (self.tr("Accept"), "reviewAccept", self.accept, "apply"),
                (self.tr("Promote"), "reviewPromote", lambda: self.decide("PROMOTE"), "pin"),
                (self.tr("Keep"), "reviewKeep", lambda: self.decide("KEEP"), "keep"),
                (self.tr("Archive"), "reviewArchive", lambda: self.decide("ARCHIVE"), "archive"),
                (self.tr("Delete"), "reviewDelete", lambda: self.decide("DELETE"), "delete"),
            ),
            (
                (self.tr("Reject"), "reviewReject", self.reject_current, "reject"),
                (self.tr("Skip"), "reviewSkip", self.skip, "skip"),
                (self.tr("Review again"), "reviewAgain", self.review_again, "reload"),
                (self.tr("Edit first"), "reviewEdit", self.edit_first, "edit"),
            ),
        ):
            line = QHBoxLayout()
            for text, name, slot, icon_name in row:
                line.addWidget(_button(text, name, slot, icon_name))
            line.addStretch(1)
            buttons.addLayout(line)
        details = QTabWidget()
        details.addTab(self.reasons, self.tr("Reasons"))
        details.addTab(self.related, self.tr("Related memories"))
        details.addTab(self.transcript, self.tr("Transcript"))
        self.details = details
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.memory)
        split.addWidget(details)
        column = QVBoxLayout(card)
        for widget in (self.position, self.decision, self.trigger):
            column.addWidget(widget)
        column.addWidget(split, 1)
        column.addLayout(buttons)
        keys = QLabel(self.tr(HELP))
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
        size_columns(self.table, WIDEST_CELLS, stretch=(5, 6))
        filters = QHBoxLayout()
        for text, combo in (
            (self.tr("Trigger"), self.trigger_filter),
            (self.tr("Decision"), self.decision_filter),
        ):
            filters.addWidget(QLabel(text))
            filters.addWidget(combo)
        filters.addStretch(1)
        actions = QHBoxLayout()
        actions.addWidget(
            _button(self.tr("Approve all waiting"), "reviewApproveAll", self.approve_all)
        )
        actions.addWidget(
            _button(self.tr("Approve selected"), "reviewApproveMany", self.approve_selected)
        )
        actions.addWidget(
            _button(self.tr("Reject selected"), "reviewRejectMany", self.reject_selected)
        )
        actions.addStretch(1)
        column = QVBoxLayout(page)
        column.addLayout(filters)
        column.addWidget(self.table, 1)
        column.addLayout(actions)
        return page

    # -- what is shown --------------------------------------------------------------------------
    def show_session(self, session: AnySession) -> None:
        self.session = session
        archive = self.findChild(QPushButton, "reviewArchive")
        if archive is not None:  # an agent without an archive: A is no decision there
            archive.setEnabled(isinstance(session.agent, Archiving))
        staging = StagedView.applies(session)
        self.tabs.setTabVisible(self.tabs.indexOf(self.staged), staging)
        if staging:
            self.staged.show_session(session)
        self.refresh()
        if self.staged.writes and not self.proposals:
            self.tabs.setCurrentWidget(self.staged)

    def count(self, session: AnySession) -> None:
        """Count what waits in the session's queue for the sidebar, without reading the
        proposals."""
        if session is not self.session:
            self.session, self.proposals = session, []
        self.waiting = waiting(session)
        if StagedView.applies(session):
            self.staged.session = session
            self.staged.refresh()  # emits changed: the staged writes join the count
        self.queue_changed.emit()

    def title(self) -> str:
        """How many wait and since when: the proposals and the writes the agent staged."""
        count, oldest = self.waiting
        staged = [w.since for w in self.staged.writes]
        if staged:
            count += len(staged)
            oldest = min([*staged, *([oldest] if oldest is not None else [])])
        return queue_title(count, oldest)

    def refresh(self) -> None:
        """Read the queue anew from the journal (cheap: it is a small table)."""
        current = self.current()
        self.proposals = [] if self.session is None else listed(self.session)
        waiting_now = [p.created_at for p in self.proposals if p.status == "pending"]
        self.waiting = (len(waiting_now), min(waiting_now, default=None))
        if StagedView.applies(self.session):
            self.staged.refresh()
        ids = [p.id for p in self.proposals]
        self.index = ids.index(current.id) if current is not None and current.id in ids else 0
        self.index = min(self.index, max(0, len(self.proposals) - 1))
        self._fill_summary()
        self._fill_filters()
        self._fill_table()
        self._fill_card()
        self._fill_failure()
        self.queue_changed.emit()

    def current(self) -> Proposal | None:
        return self.proposals[self.index] if 0 <= self.index < len(self.proposals) else None

    def _staged_changed(self) -> None:
        count = len(self.staged.writes)
        self.tabs.setTabText(
            self.tabs.indexOf(self.staged),
            self.tr("Staged writes ({count})").format(count=count)
            if count
            else self.tr("Staged writes"),
        )
        self.queue_changed.emit()

    def _fill_summary(self) -> None:
        if self.session is None:
            text = self.tr("No workspace open.")
        elif not self.proposals:
            text = self.tr("Nothing waits for review. “Review now” looks for memories to review.")
        else:
            count, oldest = self.waiting
            wait = (
                self.tr("{count} proposal waits")
                if count == 1
                else self.tr("{count} proposals wait")
            )
            text = wait.format(count=count)
            if oldest:
                text += self.tr("; the oldest for {age}").format(age=age_of(oldest))
            others = len(self.proposals) - count
            text += (
                self.tr("; {count} stale or failed (V reviews one again).").format(count=others)
                if others
                else self.tr(".")
            )
        self.summary.setText(text)

    def _fill_failure(self) -> None:
        failed = [p for p in self.proposals if p.status == "failed"]
        if failed:
            first = one_line(reasons_text(failed[0]), 200)
            self.failure.setText(
                (
                    self.tr("{count} review failed, e.g. #{id}: {reason}")
                    if len(failed) == 1
                    else self.tr("{count} reviews failed, e.g. #{id}: {reason}")
                ).format(count=len(failed), id=failed[0].id, reason=first)
            )
        self.failure.setVisible(bool(failed))
        self.retry.setVisible(bool(failed))

    def _fill_filters(self) -> None:
        for combo, values in (
            (self.trigger_filter, sorted({p.trigger for p in self.proposals})),
            (self.decision_filter, sorted({p.decision for p in self.proposals})),
        ):
            kept = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(self.tr(ALL), ALL)
            for value in values:
                combo.addItem(core_text(value), value)
            combo.setCurrentIndex(max(0, combo.findData(kept)))
            combo.blockSignals(False)

    def _fill_table(self) -> None:
        trigger, decision = self.trigger_filter.currentData(), self.decision_filter.currentData()
        self.shown = [
            p
            for p in self.proposals
            if trigger in (ALL, None, p.trigger) and decision in (ALL, None, p.decision)
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
            self.decision.setText(self.tr("Nothing waits for review."))
            self.trigger.setText("")
            return
        fields = json.loads(p.memory_json or "{}")
        status = self.tr(_STATUS[p.status]) if p.status in _STATUS else core_text(p.status)
        self.position.setText(
            self.tr("{n} of {total} · #{id} · {status} · up for {age} · {reviewer}").format(
                n=self.index + 1,
                total=len(self.proposals),
                id=p.id,
                status=status,
                age=age_of(p.created_at),
                reviewer=reviewer_name(p.reviewer),
            )
        )
        proposed = proposed_line(p)
        self.decision.setText(
            proposed if p.status == "pending" else f"{proposed} ({core_text(p.status)})"
        )
        self.trigger.setText(trigger_line(p))
        related = json.loads(p.related_json or "[]")
        shown = [f"[{p.memory_id}] {memory_text(p)}\n{memory_facts(fields)}"]
        shown += [  # a pair side by side: the one under review, then the other
            other_of_pair(m) for m in related
        ]
        self.memory.setPlainText("\n\n".join(shown))
        self.reasons.setPlainText(reasons_text(p))
        self.related.setPlainText(
            "\n\n".join(
                f"[{m.get('id')}] {mask_secrets(str(m.get('content', '')))}" for m in related
            )
            or self.tr("No other memory is part of this proposal.")
        )
        self.transcript.setPlainText(
            mask_secrets(p.transcript)
            or self.tr("The rules reviewer decides without a conversation.")
        )

    # -- deciding -------------------------------------------------------------------------------
    # Every decision goes through `_ask`: it is about the proposals on screen when it was asked,
    # and waits while an earlier one is being written.
    def accept(self) -> bool:
        return self._ask("approve")

    def decide(self, decision: str) -> bool:
        agent = None if self.session is None else self.session.agent
        if decision == "ARCHIVE" and agent is not None and not isinstance(agent, Archiving):
            said = self.tr("{agent} has no archive: K keeps, D deletes")
            self.failed.emit(said.format(agent=agent.title))
            return False
        return self._ask("approve", decision)

    def reject_current(self) -> bool:
        return self._ask("reject")

    def skip(self) -> bool:
        return self._ask("skip")

    def review_again(self) -> bool:
        """Review the proposal on screen again (a stale or failed one, most of all)."""
        return self._ask("again")

    def undo_last(self) -> bool:
        return self.session is not None and self._queue(_Action("undo", ()))

    def approve_selected(self) -> bool:
        chosen = tuple(p.id for p in self._selected())
        return bool(chosen) and self._queue(_Action("approve", chosen))

    def approve_all(self) -> bool:
        """Every waiting proposal, as one operation: all of them or none."""
        waiting_ids = tuple(p.id for p in self.proposals if p.status == "pending")
        return bool(waiting_ids) and self._queue(_Action("approve", waiting_ids))

    def reject_selected(self) -> bool:
        chosen = tuple(p.id for p in self._selected())
        return bool(chosen) and self._queue(_Action("reject", chosen))

    def retry_failed(self) -> bool:
        """Review every failed proposal again (the banner's Retry)."""
        failed = tuple(p.id for p in self.proposals if p.status == "failed")
        return bool(failed) and self._queue(_Action("again", failed))

    def edit_first(self) -> None:
        p = self.current()
        if p is not None:
            self.edit_requested.emit(p.file, p.memory_id)

    def _selected(self) -> list[Proposal]:
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        return [self.shown[r] for r in rows if 0 <= r < len(self.shown)]

    def _ask(self, verb: str, decision: str | None = None) -> bool:
        p = self.current()
        return p is not None and self._queue(_Action(verb, (p.id,), decision))

    def _queue(self, action: _Action) -> bool:
        if self.session is None:
            return False
        self._actions.append(action)
        if self._writing:
            shown = ", ".join(f"#{i}" for i in action.ids)
            self.notice.emit(
                self.tr("Waiting for the decision being written: {verb} {ids} next").format(
                    verb=action.verb, ids=shown
                )
            )
        else:
            self._next()
        return True

    def _next(self) -> None:
        """Carry out what was asked, in order, until one has to wait for a write."""
        while self._actions and not self._writing:
            action = self._actions.popleft()
            gone = self._decided(action.ids)
            if gone and action.verb in ("approve", "reject", "again"):
                self.failed.emit(
                    self.tr("{ids}: nothing done ({verb})").format(ids=gone, verb=action.verb)
                )
                continue
            getattr(self, f"_do_{action.verb}")(action)

    def _decided(self, ids: Iterable[int]) -> str:
        """Those of `ids` no longer open, in words ("#3 was decided already")."""
        open_now = {p.id for p in self.proposals}
        gone = [f"#{i}" for i in ids if i not in open_now]
        if not gone:
            return ""
        one = len(gone) == 1
        said = (
            self.tr("{ids} was decided already") if one else self.tr("{ids} were decided already")
        )
        return said.format(ids=", ".join(gone))

    def _do_approve(self, action: _Action) -> None:
        session, ids = self.session, list(action.ids)
        assert session is not None  # a decision is queued only while a workspace is shown
        decisions = None if action.decision is None else dict.fromkeys(ids, action.decision)
        what = core_text(action.decision) if action.decision else self.tr("as proposed")
        message = (
            self.tr("#{id}: {decision} applied").format(id=ids[0], decision=what)
            if len(ids) == 1
            else self.tr("{ids} applied as one operation").format(
                ids=", ".join(f"#{i}" for i in ids)
            )
        )

        def work() -> Any:
            return approve(session, ids, decisions=decisions)

        self._write(work, message)

    def _do_undo(self, _action: _Action) -> None:
        session = self.session
        assert session is not None
        self._write(lambda: undo_decision(session), self.tr("The last review decision was undone"))

    def _do_reject(self, action: _Action) -> None:
        """Rejecting writes no memory file: done here, at once."""
        assert self.session is not None
        try:
            reject(self.session, list(action.ids))
        except WorkspaceError as exc:
            self.failed.emit(core_error(exc))
        else:
            shown = ", ".join(f"#{i}" for i in action.ids)
            self.notice.emit(self.tr("Rejected {ids}").format(ids=shown))
        self.refresh()

    def _do_skip(self, action: _Action) -> None:
        ids = [p.id for p in self.proposals]
        if action.ids[0] in ids and ids:
            self.index = (ids.index(action.ids[0]) + 1) % len(ids)
            self._fill_card()

    def _do_again(self, action: _Action) -> None:
        wanted = {p.id for p in self.proposals if p.id in action.ids}
        keys = [(p.file, p.memory_id) for p in self.proposals if p.id in wanted]
        self.start_review(only=keys)

    def _write(self, work: Callable[[], Any], message: str) -> None:
        self._writing = True
        self.write_requested.emit(work, message, self._written)

    def _written(self, _written: bool) -> None:
        """A decision was written (or refused): the card moves on, the next key is served."""
        self._writing = False
        self.refresh()
        self._next()

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
        elif plain and key == Qt.Key.Key_V:
            self.review_again()
        elif plain and key == Qt.Key.Key_E:
            self.edit_first()
        else:
            return False
        return True

    # -- review now -----------------------------------------------------------------------------
    def reviewer(self) -> Any:
        """The reviewer a run uses, as chosen; WorkspaceError when the LLM is not set up."""
        s = self.settings
        return reviewer_named(
            s.reviewer,
            base_url=s.llm_base_url,
            model=s.llm_model,
            timeout_s=s.llm_timeout_s,
            api_key_env=s.llm_api_key_env,
            on_wait=lambda _seconds, why: self._waiting(
                self.tr("{why} (Cancel stops it)").format(why=core_text(why))
            ),
            set_up_by=self.tr("LLM settings… sets them"),
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
            self.failed.emit(self.tr("LLM settings not changed: {error}").format(error=exc))
            return False
        return True

    def start_review(self, only: list[tuple[str, str]] | None = None) -> bool:
        """Run the triggers and the reviewer (`only`: over these memories alone) as a task on
        the window's qasync loop (app.gui): the reviewer's requests run on the Qt event loop,
        the files are read and written in a worker thread, and Cancel cancels the requests in
        flight. Decisions asked for meanwhile wait until it is over."""
        session = self.session
        if session is None or self.review_task is not None:
            return False
        if self._writing and only is None:
            self.failed.emit(self.tr("A decision is being written; “Review now” once it is done"))
            return False
        try:
            reviewer = self.reviewer()
        except WorkspaceError as exc:
            self.failed.emit(core_error(exc))
            return False
        self._stop_review = asyncio.Event()
        run = run_review(
            session, reviewer, today=date.today(),
            progress=self._progress, cancel=self._stop_review, only=only,
        )  # fmt: skip
        self.review_task = asyncio.ensure_future(run)
        self.review_task.add_done_callback(self._review_over)
        self._writing = True
        self._running(True)
        return True

    def cancel_review(self) -> None:
        if self.review_task is not None:
            self._stop_review.set()  # the run cancels its requests, then stores what it has
            self.summary.setText(self.tr("Cancelling: the reviews in flight are stopped…"))

    def _review_over(self, task: asyncio.Task[Any]) -> None:
        if not shiboken6.isValid(self):  # another workspace was opened meanwhile
            return
        self.review_task = None
        if task.cancelled():  # the loop itself was stopped (the window closes)
            self._review_failed(asyncio.CancelledError("cancelled"))
        elif (exc := task.exception()) is not None:
            self._review_failed(exc)
        else:
            self._reviewed(task.result())

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def _running(self, running: bool) -> None:
        self.review_now.setEnabled(not running)
        self.progress.setVisible(running)
        self.cancel.setVisible(running)
        if running:
            self.progress.setRange(0, 0)  # busy until the triggers have run
            self.summary.setText(self.tr("Looking for memories to review…"))

    def _waiting(self, why: str) -> None:
        self.summary.setText(why)

    def _reviewed(self, run: Any) -> None:
        self._running(False)
        self._writing = False
        self.refresh()
        message = self.tr("Review: {summary}").format(summary=core_text(run.summary()))
        if run.failed:
            pid, why = run.failed[0]
            self.failed.emit(
                self.tr(
                    "{message}. #{id} failed: {reason} (Retry reviews the failed ones again)"
                ).format(
                    message=message, id=pid, reason=one_line(core_text(mask_secrets(why)), 200)
                )
            )
        else:
            self.notice.emit(message)
        self.run_finished.emit(message)
        self._next()

    def _review_failed(self, exc: BaseException) -> None:
        self._running(False)
        self._writing = False
        self.refresh()
        said = self.tr("The review did not finish: {error}")
        self.failed.emit(said.format(error=core_error(exc)))
        self.run_finished.emit(str(exc))
        self._next()


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
            triggers = " + ".join(map(core_text, p.triggers))
            cells = (
                str(p.id),
                age_of(p.created_at),
                core_text(p.status),
                triggers,
                core_text(p.decision),
            )
            if column < len(cells):
                return cells[column]
            return one_line(memory_text(p) if column == 5 else reasons_text(p))
        if role == Qt.ItemDataRole.ToolTipRole:  # memory text and reasons: never rich text
            return literal_html(reasons_text(p) if column == 6 else memory_text(p)[:500])
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(TABLE_HEADERS):
            return core_text(TABLE_HEADERS[section])
        return None


def _text_box(name: str) -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setObjectName(name)
    box.setReadOnly(True)
    box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    return box


def _combo(name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.addItem(translate("ReviewView", ALL), ALL)
    return combo


def _button(
    text: str, name: str, slot: Callable[[], object], icon_name: str | None = None
) -> QPushButton:
    button = QPushButton(text)
    if icon_name is not None:
        button.setIcon(icon(icon_name))
    button.setObjectName(name)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the card
    button.clicked.connect(lambda _checked=False: slot())
    return button
