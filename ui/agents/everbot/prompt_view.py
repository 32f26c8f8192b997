""" "What the agent sees" for EverBot: the block it adds to its system prompt from MEMORY.md
(memories scoring 0.5 or more, the 20 best), unsaved edits included."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from core.agents.everbot.prompt import everbot_prompt
from core.agents.everbot.workspace import Workspace


class PromptView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: Workspace | None = None
        self.explain = QLabel(
            self.tr(
                "The block EverBot adds to its system prompt from this file: memories scoring "
                "0.5 or more, the 20 best. Unsaved edits are included."
            )
        )
        self.explain.setObjectName("agentExplain")
        self.explain.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setObjectName("agentSees")
        self.text.setReadOnly(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.explain)
        layout.addWidget(self.text, 1)

    def show_workspace(self, ws: Workspace | None) -> None:
        self.ws = ws
        self.refresh()

    def refresh(self) -> None:
        self.text.setPlainText(everbot_prompt(self.ws.entries()) if self.ws is not None else "")
