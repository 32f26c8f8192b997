"""The Problems view: every quarantined block and flagged memory, with its file, lines and why.

Quarantined text is kept verbatim and written back unchanged; the person sees it here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.formats.everbot import Problem
from core.workspace import Workspace


class ProblemsView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setObjectName("problemList")
        self.list.currentRowChanged.connect(self._show)
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setPlaceholderText("The text MemDesk kept as found (written back unchanged).")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        lower = QWidget()
        below = QVBoxLayout(lower)
        below.setContentsMargins(0, 0, 0, 0)
        below.addWidget(self.why)
        below.addWidget(self.text, 1)
        split.addWidget(lower)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        self._problems: list[Problem] = []

    def show_problems(self, ws: Workspace | None) -> None:
        self._problems = list(ws.doc.problems) + ws.warnings() if ws is not None else []
        self.list.clear()
        for p in self._problems:
            lines = f"{p.line}" if p.end_line <= p.line else f"{p.line}–{p.end_line}"
            item = QListWidgetItem(f"{p.severity}: {p.kind} · line {lines}")
            item.setToolTip(p.message)
            self.list.addItem(item)
        if self._problems:
            self.list.setCurrentRow(0)
        else:
            self.why.setText("No problems: every line of the file is a memory or its layout.")
            self.text.setPlainText("")

    def _show(self, row: int) -> None:
        if not 0 <= row < len(self._problems):
            return
        p = self._problems[row]
        self.why.setText(f"{p.file}:{p.line}: {p.message}")
        self.text.setPlainText(p.text)
