"""The writes an agent's own approval gate staged (capability `StagedWrites`), a tab of the
review queue: each with its origin, age and summary, the change it would make to its file as the
file is now, and its warnings; approve, reject, approve all (all or nothing); and the gate itself,
shown and switched (a named profile's own, chosen beside it). Every decision writes at once, through `write_requested` (the desk's
`write_now`), so it is backed up and undone from Activity like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QListWidget,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.capabilities import StagedGate, StagedRefused, StagedWrite, StagedWrites
from core.review.staged import (
    approve_staged,
    gate,
    gate_profiles,
    reject_staged,
    set_gate,
    staged_writes,
)
from core.store.errors import WorkspaceError
from ui.i18n import core_text
from ui.theme import error_style
from ui.untrusted import plain_label
from ui.versions_box import button, button_row, stacked

if TYPE_CHECKING:
    from core.session import AnySession

translate = QCoreApplication.translate


class StagedView(QWidget):
    failed = Signal(str)
    write_requested = Signal(object, str, object)  # (work, message, told whether written)
    changed = Signal()  # the writes waiting changed (the sidebar's count)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: AnySession | None = None
        self.writes: list[StagedWrite] = []
        self.gate_state: StagedGate | None = None
        self.gate_label = plain_label(name="stagedGate", wrap=True)
        self.gate_button = button("", "stagedGateSwitch", self.switch_gate)
        self.gate_profile = QComboBox()  # whose gate: the home's own or a named profile's
        self.gate_profile.setObjectName("stagedGateProfile")
        self.gate_profile.setToolTip(
            self.tr("Each Hermes profile has its own config.yaml and gate")
        )
        self.gate_profile.currentIndexChanged.connect(lambda _index: self._read_gate())
        self.list = QListWidget()
        self.list.setObjectName("stagedList")
        self.list.setWordWrap(True)
        self.list.setSpacing(3)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.currentRowChanged.connect(lambda _row: self._fill_detail())
        self.detail = QPlainTextEdit()
        self.detail.setObjectName("stagedDetail")
        self.detail.setReadOnly(True)
        self.detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.detail.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.warnings = plain_label(name="stagedWarnings", wrap=True)
        self.warnings.setStyleSheet(error_style())
        self.approve_button = button(self.tr("Approve"), "stagedApprove", self.approve_current)
        self.reject_button = button(self.tr("Reject"), "stagedReject", self.reject_current)
        self.approve_all_button = button(
            self.tr("Approve all"), "stagedApproveAll", self.approve_all
        )
        self._build()

    def _build(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.gate_label, 1)
        top.addWidget(self.gate_profile)
        top.addWidget(self.gate_button)
        split = QSplitter()
        split.addWidget(self.list)
        split.addWidget(stacked(self.warnings, (self.detail, 1)))
        split.setSizes([300, 600])
        actions = button_row(self.approve_button, self.reject_button, self.approve_all_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addLayout(actions)

    # -- what is shown --------------------------------------------------------------------------
    @staticmethod
    def applies(session: AnySession | None) -> bool:
        return session is not None and isinstance(session.agent, StagedWrites)

    def show_session(self, session: AnySession) -> None:
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        """Read the staged writes and the gate anew (the agent may have staged more)."""
        session = self.session
        current = self.current()
        try:
            staging = session is not None and self.applies(session)
            self.writes = staged_writes(session) if session is not None and staging else []
            self._fill_profiles(gate_profiles(session) if session is not None else [])
        except WorkspaceError as exc:
            self.writes = []
            self.failed.emit(str(exc))
        self._read_gate()
        self.list.clear()
        for w in self.writes:
            mark = " ⚠" if w.failure or w.warnings else ""
            self.list.addItem(f"{w.id} · {w.origin} · {_shown(w)}{mark}\n{_one_line(w.summary)}")
        ids = [w.id for w in self.writes]
        row = ids.index(current.id) if current is not None and current.id in ids else 0
        self.list.setCurrentRow(row if self.writes else -1)
        self._fill_detail()
        for decide in (self.approve_button, self.reject_button, self.approve_all_button):
            decide.setEnabled(bool(self.writes))
        self.changed.emit()

    def current(self) -> StagedWrite | None:
        row = self.list.currentRow()
        return self.writes[row] if 0 <= row < len(self.writes) else None

    def profile(self) -> str | None:
        """The profile whose gate is shown (None: the home's own)."""
        data = self.gate_profile.currentData()
        return data if isinstance(data, str) else None

    def _fill_profiles(self, named: list[str]) -> None:
        chosen = self.profile()
        self.gate_profile.blockSignals(True)
        self.gate_profile.clear()
        self.gate_profile.addItem(self.tr("default profile"), None)
        for name in named:
            self.gate_profile.addItem(self.tr("profile {name}").format(name=name), name)
        self.gate_profile.setCurrentIndex(max(self.gate_profile.findData(chosen), 0))
        self.gate_profile.blockSignals(False)
        self.gate_profile.setVisible(bool(named))

    def _read_gate(self) -> None:
        session = self.session
        try:
            staging = session is not None and self.applies(session)
            self.gate_state = (
                gate(session, self.profile()) if session is not None and staging else None
            )
        except WorkspaceError as exc:
            self.gate_state = None
            self.failed.emit(str(exc))
        self._fill_gate()

    def _fill_gate(self) -> None:
        shown = self.gate_state
        self.gate_button.setVisible(shown is not None)
        if shown is None:
            self.gate_label.setText("")
            return
        value = (
            f"{shown.key}: {shown.value}"
            if shown.value
            else self.tr("{key} not set").format(key=shown.key)
        )
        gate = self.tr("Approval gate: {state} ({value} in {file}; on with {values})")
        lines = [
            gate.format(
                state=core_text(shown.state()),
                value=value,
                file=shown.file,
                values=", ".join(shown.turns_on),
            ),
            *(core_text(note) for note in shown.notes),
        ]
        self.gate_label.setText("\n".join(lines))
        self.gate_button.setText(self.tr("Turn gate off") if shown.on else self.tr("Turn gate on"))

    def _fill_detail(self) -> None:
        write = self.current()
        if write is None:
            self.detail.setPlainText(
                self.tr("No writes wait for approval.") if self.session else ""
            )
            self.warnings.setText("")
            self.warnings.hide()
            return
        title = self.session.agent.title if self.session is not None else self.tr("The agent")
        said = staged_warnings(write, title)
        self.warnings.setText(said)
        self.warnings.setVisible(bool(said))
        self.detail.setPlainText(staged_detail(write))

    # -- deciding -------------------------------------------------------------------------------
    def approve_current(self) -> None:
        write = self.current()
        if write is not None:
            self._decide(
                lambda s: approve_staged(s, [write.id]),
                self.tr("Approved {id}").format(id=write.id),
            )

    def reject_current(self) -> None:
        write = self.current()
        if write is not None:
            self._decide(
                lambda s: reject_staged(s, [write.id]), self.tr("Rejected {id}").format(id=write.id)
            )

    def approve_all(self) -> None:
        count = len(self.writes)
        if count:
            self._decide(
                approve_staged,
                self.tr("Approved {count} staged writes as one operation").format(count=count),
            )

    def switch_gate(self) -> None:
        shown = self.gate_state
        if shown is not None:
            on, profile = not shown.on, self.profile()
            said = (
                self.tr("Approval gate on ({file})")
                if on
                else self.tr("Approval gate off ({file})")
            ).format(file=shown.file)
            self._decide(lambda s: set_gate(s, on, profile), said)

    def _decide(self, work: Callable[[AnySession], Any], message: str) -> None:
        session = self.session
        if session is None:
            return

        def run() -> Any:
            try:
                return work(session)
            except StagedRefused as refused:
                lines = [f"{i}: {why}" for i, why in refused.reasons.items()]
                said = translate("StagedView", "Nothing was applied: {reasons}")
                raise WorkspaceError(said.format(reasons="; ".join(lines))) from None

        self.write_requested.emit(run, message, lambda _written: self.refresh())


def staged_warnings(write: StagedWrite, title: str) -> str:
    """What the person should know before approving it (`title`: the agent's)."""
    said = [core_text(warning) for warning in write.warnings]
    if write.failure:
        refuses = translate("StagedView", "{agent} refuses it now: {reason}")
        said.append(refuses.format(agent=title, reason=core_text(write.failure)))
    return "\n".join(said)


def staged_detail(write: StagedWrite) -> str:
    """The write as the agent staged it, and the change approving it makes to its file now."""
    head = [
        f"{write.summary}",
        "",
        translate("StagedView", "{action} · {origin} · staged {age} · {file}").format(
            action=write.action, origin=write.origin, age=_shown(write), file=write.file
        ),
        translate("StagedView", "record: {record}").format(record=write.record),
        "",
    ]
    change = write.diff() or [translate("StagedView", "(approving changes no line of the file)")]
    return "\n".join(head + change)


def _shown(write: StagedWrite) -> str:
    from ui.proposal_text import age_of

    age = age_of(write.since)
    if age == translate("ReviewView", "just now"):
        return age
    return translate("StagedView", "{age} ago").format(age=age)


def _one_line(text: str, width: int = 100) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"
