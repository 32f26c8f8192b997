""" "What the agent sees" for PicoClaw: for a user message, the chunks of memory/MEMORY.md in
the order its keyword retrieval takes them, and the exact text it injects (with the recent daily
notes and the hybrid fork's profile block). Unsaved edits are included: it shows what the agent
will see once they are saved.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.agents.picoclaw.policy import IGNORED_OVERRIDES
from core.agents.picoclaw.workspace import AgentPreview, PicoClawWorkspace
from core.formats.text import InputError
from core.store.errors import WorkspaceError
from ui.i18n import core_error, core_text
from ui.theme import error_style
from ui.untrusted import literal_html, plain_label

MESSAGE_DELAY_MS = 200
MAX_MESSAGE = 4_000  # characters of a user message; retrieval only looks for its words
_ORIGIN = {"config": "config.json", "override": "policy_overrides.json"}  # else the default


MAX_CHUNK_ROWS = 500  # the agent takes retrieve_limit (10 by default); the rest only fill the list


class AgentView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.agent_ws: PicoClawWorkspace | None = None
        self.preview: AgentPreview | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(MESSAGE_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        self._build()

    def _build(self) -> None:
        self.explain = plain_label(name="agentExplain", wrap=True)
        self.message = QLineEdit()
        self.message.setObjectName("agentMessage")
        self.message.setPlaceholderText(
            self.tr("A user message (empty: the agent's no-query case)")
        )
        self.message.setClearButtonEnabled(True)
        self.message.setMaxLength(MAX_MESSAGE)
        self.message.textChanged.connect(lambda _t: self._timer.start())
        self.message.returnPressed.connect(self.refresh)
        self.message_row = QWidget()
        row = QHBoxLayout(self.message_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("User message:")))
        row.addWidget(self.message, 1)
        self.error = plain_label(name="agentError", wrap=True)
        self.error.setStyleSheet(error_style())
        self.error.hide()
        self.warning = plain_label(name="agentWarning", wrap=True)  # overrides the agent ignores
        self.warning.setStyleSheet(error_style())
        self.warning.hide()
        self.chunks = _chunk_table()
        self.text = QPlainTextEdit()
        self.text.setObjectName("agentSees")
        self.text.setReadOnly(True)
        self.profile_box = QWidget()
        profile_column = QVBoxLayout(self.profile_box)
        profile_column.setContentsMargins(0, 0, 0, 0)
        profile_column.addWidget(
            QLabel(
                self.tr(
                    "PicoClaw's hybrid fork also puts the profile (memory/profile.json) in its "
                    "system prompt, as this block:"
                )
            )
        )
        self.profile_text = QPlainTextEdit()
        self.profile_text.setObjectName("agentProfile")
        self.profile_text.setReadOnly(True)
        profile_column.addWidget(self.profile_text, 1)
        self.profile_box.hide()
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.chunks)
        self.split.addWidget(self.text)
        self.split.addWidget(self.profile_box)
        self.split.setSizes([300, 500, 160])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.explain)
        layout.addWidget(self.message_row)
        layout.addWidget(self.error)
        layout.addWidget(self.warning)
        layout.addWidget(self.split, 1)

    def show_agent(self, ws: PicoClawWorkspace | None) -> None:
        """What the workspace's retrieval injects for the message typed."""
        self.agent_ws = ws
        self.refresh()

    def set_message(self, text: str) -> None:
        """Type `text` as the user message and show the result at once (no typing delay)."""
        self.message.setText(text)
        self.refresh()

    def refresh(self) -> None:
        """Compute anew for the workspace shown (the window calls it after edits)."""
        self._timer.stop()
        if self.agent_ws is not None:
            self._show_preview(self.agent_ws)
        else:
            self._clear()

    def _clear(self) -> None:
        self.preview = None
        self.chunks.setRowCount(0)
        self.text.clear()
        self.profile_text.clear()
        self.profile_box.hide()
        self.error.hide()
        self.warning.hide()

    def _show_preview(self, ws: PicoClawWorkspace) -> None:
        message = self.message.text()
        try:
            self.preview = ws.agent_sees(message)
            policy = ws.policy()
        except (InputError, WorkspaceError, OSError) as exc:
            self._clear()
            self.explain.setText(self.tr("What the agent sees cannot be worked out:"))
            self.error.setText(core_error(exc))
            self.error.show()
            return
        self.error.hide()
        ignored = self.preview.ignored
        self.warning.setText(
            "" if ignored is None else f"{core_error(ignored)}; {core_text(IGNORED_OVERRIDES)}."
        )
        self.warning.setVisible(ignored is not None)
        sources = {
            key: self._origin(policy[key].source) for key in ("retrieve_limit", "recent_days")
        }
        self.explain.setText(_picoclaw_text(self.preview, sources, no_query=message == ""))
        self._fill_chunks(self.preview if message != "" else None)
        self.text.setPlainText(self.preview.injected)
        self.profile_text.setPlainText(self.preview.profile)
        self.profile_box.setVisible(bool(self.preview.profile))

    def _origin(self, source: str) -> str:
        """Where a policy value comes from: its file, or the agent's default."""
        return _ORIGIN.get(source) or self.tr("default")

    def _fill_chunks(self, preview: AgentPreview | None) -> None:
        """The ranked chunks; none for an empty message, where the agent ranks nothing."""
        chunks = preview.chunks[:MAX_CHUNK_ROWS] if preview is not None else []
        self.chunks.setRowCount(len(chunks))
        bold = QFont()
        bold.setBold(True)
        for row, chunk in enumerate(chunks):
            first = chunk.text.split("\n", 1)[0]
            taken = self.tr("yes") if chunk.taken else self.tr("no")
            cells = [str(chunk.rank), str(chunk.score), taken, first]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                item.setToolTip(literal_html(chunk.text))
                if chunk.taken:
                    item.setFont(bold)
                self.chunks.setItem(row, column, item)


def _picoclaw_text(preview: AgentPreview, sources: dict[str, str], *, no_query: bool) -> str:
    limit = f"retrieve_limit = {preview.limit} ({sources['retrieve_limit']})"
    days = f"recent_days = {preview.recent_days} ({sources['recent_days']})"
    if no_query:
        text = QCoreApplication.translate(
            "AgentView",
            "With no message the agent skips retrieval and injects all of memory/MEMORY.md, "
            "then the daily notes of the last {days} days. Unsaved edits are included.",
        )
    else:
        text = QCoreApplication.translate(
            "AgentView",
            "PicoClaw ranks the chunks of memory/MEMORY.md by the message's words and injects "
            "the first {limit}, in this order, then the daily notes of the last {days} days. "
            "Unsaved edits are included.",
        )
    return text.format(limit=limit, days=days)


def _chunk_table() -> QTableWidget:
    table = QTableWidget(0, 4)
    table.setObjectName("agentChunks")
    table.setHorizontalHeaderLabels(
        [
            QCoreApplication.translate("AgentView", "Rank"),
            QCoreApplication.translate("AgentView", "Score"),
            QCoreApplication.translate("AgentView", "Taken"),
            QCoreApplication.translate("AgentView", "Chunk (first line)"),
        ]
    )
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    header = table.horizontalHeader()
    header.setStretchLastSection(True)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for column, width in enumerate((50, 50, 50)):
        table.setColumnWidth(column, width)
    return table
