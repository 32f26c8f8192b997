"""Files OpenClaw rewrites on its own (DREAMS.md, dreaming reports) and legacy recall stores:
shown as saved, never edited, with what they hold, why they are read-only and what the agent
may destroy in them. A recall store shows the agent's own ranking and the gates of a sweep."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QListWidget,
    QPlainTextEdit,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.agents.openclaw.ranking import Reviewed
from core.agents.openclaw.workspace import OpenClawWorkspace
from core.formats.text import InputError
from core.store.errors import WorkspaceError
from ui.i18n import core_error, core_text
from ui.untrusted import literal_html, plain_label
from ui.warnings_banner import WarningsBanner


class ReadOnlyView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: OpenClawWorkspace | None = None
        self.files: list[tuple[str, str]] = []
        self.title = plain_label(name="readOnlyTitle", wrap=True)
        self.why = plain_label(name="readOnlyWhy", wrap=True)
        self.summary = plain_label(name="readOnlySummary", wrap=True)
        self.warnings = WarningsBanner("readOnlyWarnings")
        self.file_list = QListWidget()
        self.file_list.setObjectName("readOnlyFiles")
        self.file_list.currentRowChanged.connect(self._show)
        self.text = QPlainTextEdit()
        self.text.setObjectName("readOnlyText")
        self.text.setReadOnly(True)
        headers = (
            "#",
            self.tr("Memory"),
            self.tr("Source"),
            self.tr("Score"),
            self.tr("Recalls"),
            self.tr("Queries"),
            self.tr("Deep sweep"),
        )
        self.candidates = QTableWidget(0, len(headers))
        self.candidates.setObjectName("recallCandidates")
        self.candidates.setHorizontalHeaderLabels(headers)
        self.candidates.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.candidates.verticalHeader().hide()
        header = self.candidates.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(6, QHeaderView.ResizeMode.Stretch)
        self.candidates.setWordWrap(True)
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        for widget in (self.why, self.summary, self.warnings):
            column.addWidget(widget)
        column.addWidget(self.candidates, 2)
        column.addWidget(self.text, 3)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.file_list)
        split.addWidget(right)
        split.setSizes([220, 800])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(split, 1)

    def show_files(
        self, ws: OpenClawWorkspace, files: list[tuple[str, str]], *, title: str
    ) -> None:
        """`files`: (label, workspace-relative path) of the files to offer."""
        self.ws, self.files = ws, files
        self.title.setText(title)
        self.file_list.blockSignals(True)
        self.file_list.clear()
        self.file_list.addItems([label for label, _ in files])
        self.file_list.blockSignals(False)
        if files:
            self.file_list.setCurrentRow(0)
            self._show(0)

    def refresh(self) -> None:
        self._show(self.file_list.currentRow())

    def _show(self, row: int) -> None:
        if self.ws is None or not 0 <= row < len(self.files):
            return
        rel = self.files[row][1]
        try:
            view = self.ws.read_only(rel)
        except (WorkspaceError, InputError) as exc:
            self.why.setText(core_error(exc))
            self.summary.setText("")
            self.warnings.set_warnings([])
            self.text.setPlainText("")
            self.candidates.hide()
            return
        self.why.setText(core_text(view.why))
        self.summary.setText(core_text(view.summary))
        self.warnings.set_warnings([core_text(w) for w in view.warnings])
        self.text.setPlainText(view.text)
        self._fill(view.candidates)

    def _fill(self, reviewed: list[Reviewed]) -> None:
        self.candidates.setVisible(bool(reviewed))
        self.candidates.setRowCount(len(reviewed))
        for row, r in enumerate(reviewed):
            c = r.candidate
            cells = (
                str(r.rank),
                str(c.get("snippet", "")),
                f"{c.get('path')}:{c.get('startLine')}-{c.get('endLine')}",
                f"{float(c.get('score', 0)):.3f}",
                str(c.get("recallCount", "")),
                str(c.get("uniqueQueries", "")),
                core_text(r.verdict),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column in (1, 6):
                    failed = "\n".join(core_text(g.reason) for g in r.gates if not g.passed)
                    item.setToolTip(literal_html(failed or text))
                self.candidates.setItem(row, column, item)
