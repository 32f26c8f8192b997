"""A workspace on a server, in the window (issue 26 item 4): its memories, its review queue and
its activity as the server's memdesk lists them (`core.remote.workspace`), and the writes it
makes there: edit, add or delete a memory, approve / reject / approve all, undo the last
operation.

Every call runs over SSH off the UI thread (`TaskRunner`), one after the other; the state line
says in one line what the server answered, or why it did not (host unreachable, memdesk missing
or another version there, a connection dropped during a save: then the server is read again and
the line says whether the save was made). Nothing is fetched but what is shown; text from the
server is shown as plain text only, proposals with secrets masked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.remote.address import Address, parse_address
from core.remote.transport import RemoteError
from core.remote.workspace import Dropped, Refused, RemoteWorkspace, Snapshot, write_and_settle
from core.review.secrets import mask_secrets
from ui.i18n import QT_TRANSLATE_NOOP, core_error, core_text
from ui.tasks import TaskRunner
from ui.theme import error_style
from ui.untrusted import literal_html, plain_label

__all__ = ["RemoteView", "open_remote"]

MEMORY_HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "Id"),
    QT_TRANSLATE_NOOP("core", "Section"),
    QT_TRANSLATE_NOOP("core", "Memory"),
    QT_TRANSLATE_NOOP("core", "File"),
)
QUEUE_HEADERS = (
    "#",
    QT_TRANSLATE_NOOP("core", "Decision"),
    QT_TRANSLATE_NOOP("core", "Memory"),
    QT_TRANSLATE_NOOP("core", "Why"),
)
ACTIVITY_HEADERS = (
    QT_TRANSLATE_NOOP("core", "When"),
    QT_TRANSLATE_NOOP("core", "Who"),
    QT_TRANSLATE_NOOP("core", "What"),
    QT_TRANSLATE_NOOP("core", "Memories"),
)
FIRST_LINE = 90


def open_remote(text: str, parent: QWidget | None = None) -> RemoteView | None:
    """The view of the server workspace `text` names (ssh://… or user@host:path), connecting
    when first shown; None when `text` names no server (a local path). ValueError: a malformed
    ssh:// address."""
    address = parse_address(text)
    if address is None:
        return None
    return RemoteView(address, parent=parent)


class RemoteView(QWidget):
    """One server workspace, read and changed through the server's memdesk."""

    def __init__(
        self,
        address: Address,
        workspace: RemoteWorkspace | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("remoteView")
        self.address = address
        self.workspace = workspace or RemoteWorkspace(address)
        self.snapshot = Snapshot()
        self.tasks = TaskRunner(self)
        self._connected = False  # read once shown: a session's server pages never slow a start
        self._read = False  # nothing to act on until the server has answered once
        self._build()
        self._say(f"{address}: " + self.tr("connecting…"))
        self._update_buttons()

    # ----------------------------------------------------------------- building

    def _build(self) -> None:
        self.state = plain_label(name="remoteState", wrap=True)
        self.memories = _table(MEMORY_HEADERS, "remoteMemories")
        self.memories.itemSelectionChanged.connect(self._memory_selected)
        self.memories.itemSelectionChanged.connect(self._update_buttons)
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("remoteEditor")
        self.save_button = _button(self.tr("Save text"), "remoteSave", self.save_edit)
        self.add_button = _button(self.tr("Add as new memory"), "remoteAdd", self.add_memory)
        self.delete_button = _button(self.tr("Delete"), "remoteDelete", self.delete_memory)
        self.queue = _table(QUEUE_HEADERS, "remoteQueue")
        self.queue.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.queue.itemSelectionChanged.connect(self._update_buttons)
        self.approve_button = _button(self.tr("Approve"), "remoteApprove", self.approve_selected)
        self.reject_button = _button(self.tr("Reject"), "remoteReject", self.reject_selected)
        self.approve_all_button = _button(
            self.tr("Approve all"), "remoteApproveAll", self.approve_all
        )
        self.activity = _table(ACTIVITY_HEADERS, "remoteActivity")
        self.reload_button = _button(self.tr("Reload"), "remoteReload", self.reload)
        self.undo_button = _button(self.tr("Undo last operation"), "remoteUndo", self.undo)

        editing = QWidget()
        edit_layout = QVBoxLayout(editing)
        edit_layout.setContentsMargins(0, 0, 0, 0)
        edit_layout.addWidget(self.editor)
        edit_buttons = _row(self.delete_button)
        edit_buttons.addWidget(self.add_button)
        edit_buttons.addWidget(self.save_button)  # Save on the right, Delete apart on the left
        edit_layout.addLayout(edit_buttons)
        memories = QSplitter(Qt.Orientation.Vertical)
        memories.addWidget(self.memories)
        memories.addWidget(editing)
        memories.setStretchFactor(0, 3)

        review = QWidget()
        review_layout = QVBoxLayout(review)
        review_layout.addWidget(self.queue)
        review_layout.addLayout(
            _row(self.approve_button, self.reject_button, self.approve_all_button)
        )

        self.tabs = QTabWidget()
        self.tabs.addTab(memories, self.tr("Memories"))
        self.tabs.addTab(review, self.tr("Review"))
        self.tabs.addTab(self.activity, self.tr("Activity"))

        layout = QVBoxLayout(self)
        layout.addLayout(_row(self.state, self.reload_button, self.undo_button, stretch_first=True))
        layout.addWidget(self.tabs)

    # ----------------------------------------------------------------- actions

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._connected:
            self._connected = True
            self.reload()

    def reload(self) -> None:
        doing = self.tr("reading from the server…") if self._read else self.tr("connecting…")
        self._call(self.workspace.read, doing)

    def save_edit(self) -> None:
        memory = self.selected_memory()
        if memory is None:
            self._say(f"{self.address}: " + self.tr("select a memory to edit first"), error=True)
            return
        ref, text = self.snapshot.ref(memory), self.editor.toPlainText()
        self._write(
            lambda: self.workspace.edit(ref, text),
            self.tr("saving [{id}]…").format(id=memory["id"]),
        )

    def add_memory(self) -> None:
        text = self.editor.toPlainText()
        if not text.strip():
            self._say(
                f"{self.address}: " + self.tr("write the new memory's text first"), error=True
            )
            return
        self._write(lambda: self.workspace.add(text), self.tr("adding a memory…"))

    def delete_memory(self) -> None:
        """The selected memory deleted on the server (backed up there; Undo puts it back)."""
        memory = self.selected_memory()
        if memory is None:
            self._say(f"{self.address}: " + self.tr("select a memory to delete first"), error=True)
            return
        ref = self.snapshot.ref(memory)
        self._write(
            lambda: self.workspace.delete([ref]),
            self.tr("deleting [{id}]…").format(id=memory["id"]),
        )

    def approve_selected(self) -> None:
        ids = self._chosen_proposals()
        if ids:
            self._write(lambda: self.workspace.approve(ids), self.tr("approving…"))

    def reject_selected(self) -> None:
        ids = self._chosen_proposals()
        if ids:
            self._write(lambda: self.workspace.reject(ids), self.tr("rejecting…"))

    def approve_all(self) -> None:
        self._write(lambda: self.workspace.approve(None), self.tr("approving every proposal…"))

    def undo(self) -> None:
        self._write(self.workspace.undo, self.tr("undoing the last operation…"))

    def selected_memory(self) -> dict[str, Any] | None:
        rows = {index.row() for index in self.memories.selectedIndexes()}
        return self.snapshot.memories[min(rows)] if rows else None

    def wait(self, msecs: int = 60_000) -> bool:
        """Until the calls under way are over (tests, closing)."""
        return self.tasks.wait(msecs)

    # ----------------------------------------------------------------- calls

    def _write(self, write: Callable[[], object], doing: str) -> None:
        before = self.snapshot
        self._call(lambda: write_and_settle(self.workspace, before, write), doing)

    def _call(self, work: Callable[[], Snapshot | Dropped], doing: str) -> None:
        if self.tasks.busy:
            self._say(
                f"{self.address}: " + self.tr("still waiting for the server; try again in a moment")
            )
            return
        self._say(f"{self.address}: {doing}")
        self._update_buttons(busy=True)
        self.tasks.run(work, on_done=self._answered, on_error=self._failed)

    def _answered(self, answer: Snapshot | Dropped) -> None:
        if isinstance(answer, Dropped):
            if answer.snapshot is not None:
                self._show(answer.snapshot)
            self._say(core_text(answer.message), error=answer.made is not True)
        else:
            self._show(answer)
            self._say(self._summary())
        self._update_buttons()

    def _failed(self, exc: BaseException) -> None:
        self._update_buttons()
        if not isinstance(exc, RemoteError | ValueError):
            raise exc
        said = core_error(exc)
        if isinstance(exc, Refused | ValueError):
            said = f"{self.address.host}: {said}"
        self._say(said, error=True)

    # ----------------------------------------------------------------- showing

    def _show(self, snapshot: Snapshot) -> None:
        chosen = self.selected_memory()
        self.snapshot = snapshot
        self._read = True
        memories, queue = snapshot.memories, snapshot.queue
        _fill(
            self.memories,
            [_memory_cells(m) for m in memories],
            [_text(m, "content") for m in memories],
        )
        texts = {str(m.get("id")): _text(m, "content") for m in memories}
        _fill(
            self.queue,
            [_proposal_cells(p, texts) for p in queue],
            [mask_secrets(core_text(_text(p, "reasons"))) for p in queue],
        )
        _fill(self.activity, [_op_cells(op) for op in snapshot.activity], [])
        self.tabs.setTabText(1, self.tr("Review ({count})").format(count=len(snapshot.queue)))
        if chosen is not None:
            self._select_memory(chosen.get("id"), chosen.get("file"))

    def _select_memory(self, memory_id: object, file: object) -> None:
        for row, memory in enumerate(self.snapshot.memories):
            if memory.get("id") == memory_id and memory.get("file") == file:
                self.memories.selectRow(row)
                return

    def _memory_selected(self) -> None:
        memory = self.selected_memory()
        self.editor.setPlainText("" if memory is None else str(memory.get("content") or ""))

    def _chosen_proposals(self) -> list[str]:
        rows = sorted({index.row() for index in self.queue.selectedIndexes()})
        if not rows:
            self._say(
                f"{self.address}: " + self.tr("select proposals in the Review tab first"),
                error=True,
            )
        return [str(self.snapshot.queue[row]["id"]) for row in rows]

    def _summary(self) -> str:
        waiting = len(self.snapshot.queue)
        return f"{self.address}: " + (
            self.tr("{memories} memories, {count} proposal waiting (read from the server)")
            if waiting == 1
            else self.tr("{memories} memories, {count} proposals waiting (read from the server)")
        ).format(memories=len(self.snapshot.memories), count=waiting)

    def _say(self, text: str, *, error: bool = False) -> None:
        self.state.setText(text)
        self.state.setStyleSheet(error_style() if error else "")

    def _update_buttons(self, *, busy: bool | None = None) -> None:
        """Each button enabled when there is something for it to act on: none while the server
        is asked (Reload aside when idle), none but Reload before the server first answered."""
        busy = self.tasks.busy if busy is None else busy
        read = self._read and not busy
        memory = read and bool(self.memories.selectedIndexes())
        proposals = read and bool(self.queue.selectedIndexes())
        enabled = {
            self.save_button: memory,
            self.delete_button: memory,
            self.add_button: read,
            self.approve_button: proposals,
            self.reject_button: proposals,
            self.approve_all_button: read and bool(self.snapshot.queue),
            self.undo_button: read and bool(self.snapshot.activity),
            self.reload_button: not busy,
        }
        for button, on in enabled.items():
            button.setEnabled(on)


def _memory_cells(memory: dict[str, Any]) -> tuple[str, ...]:
    return (
        str(memory.get("id", "")),
        str(memory.get("section") or ""),
        _first_line(memory.get("content")),
        str(memory.get("file") or ""),
    )


def _proposal_cells(proposal: dict[str, Any], texts: dict[str, str]) -> tuple[str, ...]:
    """A proposal's number, decision, memory (its text when listed) and why, secrets masked."""
    memory = str(proposal.get("memory_id") or "")
    return (
        str(proposal.get("id", "")),
        core_text(str(proposal.get("decision") or proposal.get("kind") or "")),
        mask_secrets(f"[{memory}] {_first_line(texts[memory])}" if memory in texts else memory),
        mask_secrets(
            _first_line(core_text(str(proposal.get("why") or proposal.get("reasons") or "")))
        ),
    )


def _op_cells(op: dict[str, Any]) -> tuple[str, ...]:
    kinds = ", ".join(f"{core_text(kind)} {n}" for kind, n in (op.get("kinds") or {}).items())
    undone = QCoreApplication.translate("RemoteView", " (undone)") if op.get("undone_by") else ""
    return (
        str(op.get("at", ""))[:19].replace("T", " "),
        core_text(str(op.get("actor") or "")),
        f"{core_text(str(op.get('cause') or ''))}{undone}" + (f": {kinds}" if kinds else ""),
        ", ".join(str(i) for i in op.get("memory_ids") or []),
    )


def _first_line(value: object) -> str:
    text = "" if value is None else str(value)
    first = text.split("\n", 1)[0]
    cut = len(first) > FIRST_LINE or "\n" in text
    return first[:FIRST_LINE] + ("…" if cut else "")


def _text(item: dict[str, Any], key: str) -> str:
    return str(item.get(key) or "")


def _fill(table: QTableWidget, rows: Sequence[Sequence[str]], tips: Sequence[str]) -> None:
    """The table's rows, plain text; `tips`: each row's whole text, shown when hovered."""
    table.clearContents()
    table.setRowCount(len(rows))
    for row, cells in enumerate(rows):
        tip = literal_html(tips[row]) if row < len(tips) else ""
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            table.setItem(row, column, item)
    table.resizeColumnsToContents()


def _table(headers: Sequence[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels([core_text(h) for h in headers])
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.horizontalHeader().setStretchLastSection(True)
    table.verticalHeader().setVisible(False)
    table.setWordWrap(False)
    return table


def _button(text: str, name: str, slot: Callable[[], None]) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.clicked.connect(slot)
    return button


def _row(*widgets: QWidget, stretch_first: bool = False) -> QHBoxLayout:
    layout = QHBoxLayout()
    for n, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if stretch_first and n == 0 else 0)
    if not stretch_first:
        layout.addStretch(1)
    return layout
