"""The Problems view: every quarantined block and flagged memory, with its file, lines and why.

Quarantined text is kept verbatim and written back unchanged. The person may leave it so, or
rewrite it here (say, into a proper memory header and text) and write the fix.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.agents.everbot.workspace import Workspace
from core.formats.problems import Problem
from ui.i18n import core_text
from ui.typed import plain_text
from ui.untrusted import literal_html, plain_label

FIXABLE = frozenset({"stray_text", "stray_heading", "bad_header"})


class ProblemsView(QWidget):
    fix_requested = Signal(int, str)  # first line of the kept-aside text, its new text

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setObjectName("problemList")
        self.list.currentRowChanged.connect(self._show)
        self.why = plain_label(wrap=True)
        self.text = QPlainTextEdit()
        self.text.setObjectName("problemText")
        self.text.setPlaceholderText(
            self.tr("The text MemDesk kept as found (written back unchanged).")
        )
        self.fix_button = QPushButton(self.tr("Write this text instead"))
        self.fix_button.setToolTip(
            self.tr(
                "Replace the kept-aside text with what is in the box (a backup is taken first). "
                "Turn it into a memory with a header line: "
                "### [id] category | score | YYYY-MM-DD | hits"
            )
        )
        self.fix_button.clicked.connect(self._fix)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        lower = QWidget()
        below = QVBoxLayout(lower)
        below.setContentsMargins(0, 0, 0, 0)
        below.addWidget(self.why)
        below.addWidget(self.text, 1)
        below.addWidget(self.fix_button)
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
            item = QListWidgetItem(
                self.tr("{severity}: {kind} · line {lines}").format(
                    severity=self._severity(p.severity), kind=self._kind(p.kind), lines=lines
                )
            )
            item.setToolTip(literal_html(core_text(p.message)))
            self.list.addItem(item)
        if self._problems:
            self.list.setCurrentRow(0)
        else:
            self.why.setText(
                self.tr("No problems: every line of the file is a memory or its layout.")
            )
            self.text.setPlainText("")
            self.fix_button.setEnabled(False)

    def _show(self, row: int) -> None:
        if not 0 <= row < len(self._problems):
            return
        p = self._problems[row]
        self.why.setText(f"{p.file}:{p.line}: {core_text(p.message)}")
        self.text.setPlainText(p.text)
        fixable = p.kind in FIXABLE
        self.text.setReadOnly(not fixable)
        self.fix_button.setEnabled(fixable)

    def _severity(self, severity: str) -> str:
        said = {"error": self.tr("error"), "warning": self.tr("warning")}
        return said.get(severity, severity)

    def _kind(self, kind: str) -> str:
        """The kind of problem as the window's language names it (English: as core names it)."""
        said = {
            "bad_header": self.tr("bad_header"),
            "stray_heading": self.tr("stray_heading"),
            "stray_text": self.tr("stray_text"),
            "empty_entry": self.tr("empty_entry"),
            "bad_meta": self.tr("bad_meta"),
            "duplicate_id": self.tr("duplicate_id"),
            "bom": self.tr("bom"),
            "line_endings": self.tr("line_endings"),
            "forgotten_at_next_save": self.tr("forgotten_at_next_save"),
            "profile_unusable": self.tr("profile_unusable"),
        }
        return said.get(kind, kind)

    def _fix(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._problems) and self._problems[row].kind in FIXABLE:
            self.fix_requested.emit(self._problems[row].line, plain_text(self.text))
