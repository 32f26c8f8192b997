""" "What the agent sees": the text the agent would put in its prompt from this memory.

For a structured MEMORY.md that is EverBot's prompt block (memories scoring 0.5 or more, the
top 20). Updated as memories change, unsaved edits included: it shows what the agent will see
once they are saved.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from core.retrieval import everbot_prompt
from core.workspace import Workspace


class AgentView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.explain = QLabel(
            "The block EverBot adds to its system prompt from this file: memories scoring "
            "0.5 or more, the 20 best. Unsaved edits are included."
        )
        self.explain.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setObjectName("agentSees")
        self.text.setReadOnly(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.explain)
        layout.addWidget(self.text, 1)

    def show_workspace(self, ws: Workspace | None) -> None:
        self.text.setPlainText(everbot_prompt(ws.entries()) if ws is not None else "")
