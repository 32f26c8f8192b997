"""Where else is it? Every other place holding a memory's text (core.ops.where), and "Forget
everywhere": removing it from every file MemDesk edits as one undoable operation, and deleting
only the backups the person ticks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.ops.where import Where, forget_everywhere, forget_plan
from ui.accessible import make_accessible
from ui.i18n import QT_TRANSLATE_NOOP, core_text
from ui.untrusted import literal_html, plain_label

if TYPE_CHECKING:
    from core.agent import AnyAgent, OpenWorkspace

HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "Kind"),
    QT_TRANSLATE_NOOP("core", "File"),
    QT_TRANSLATE_NOOP("core", "Line"),
    QT_TRANSLATE_NOOP("core", "Text"),
)


class WhereDialog(QDialog):
    write_requested = Signal(object, str)  # (work run off the UI thread, what it did)

    def __init__(self, ws: OpenWorkspace, found: Where, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Where else is it?"))
        self.resize(900, 480)
        self.ws, self.found = ws, found
        live = len(found.of_kind("live"))
        said = self.tr(
            "“{text}”: {count} other places ({live} in files the agent reads and MemDesk "
            "edits). Backups keep it unless you tick them: a deleted backup cannot be undone."
        )
        self.summary = plain_label(
            said.format(text=found.needle[:80], count=len(found.places), live=live),
            name="whereSummary",
            wrap=True,
        )
        self.table = QTableWidget(len(found.places), len(HEADERS))
        self.table.setObjectName("wherePlaces")
        self.table.setHorizontalHeaderLabels([core_text(h) for h in HEADERS])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self._fill()
        self.forget = QPushButton(self.tr("Forget everywhere…"))
        self.forget.setObjectName("whereForget")
        self.forget.setEnabled(bool(found.places))
        self.forget.clicked.connect(self._forget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.forget, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        make_accessible(self)

    def _fill(self) -> None:
        for row, place in enumerate(self.found.places):
            kind = QTableWidgetItem(core_text(place.kind))
            if place.kind == "backup":
                kind.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                kind.setCheckState(Qt.CheckState.Unchecked)
                kind.setToolTip(literal_html(self.tr("Tick to delete this backup too (for good)")))
            self.table.setItem(row, 0, kind)
            for column, text in enumerate((place.file, str(place.line), place.text), start=1):
                item = QTableWidgetItem(text)
                item.setToolTip(literal_html(text))
                self.table.setItem(row, column, item)

    def ticked_backups(self) -> list[str]:
        rows = range(self.table.rowCount())
        ticked = [
            self.found.places[r].file
            for r in rows
            if (item := self.table.item(r, 0)) is not None
            and item.checkState() == Qt.CheckState.Checked
        ]
        return list(dict.fromkeys(ticked))

    def confirm(self, text: str) -> bool:
        """Ask the person before writing (tests replace this)."""
        answer = QMessageBox.question(self, self.tr("Forget everywhere"), literal_html(text))
        return answer == QMessageBox.StandardButton.Yes

    def _forget(self) -> None:
        ws, found, ticked = self.ws, self.found, self.ticked_backups()
        plan = forget_plan(ws, found)
        files = sorted(plan.files)
        question = self.tr("Remove “{text}” from {count} files the agent reads?").format(
            text=found.needle[:80], count=len(files)
        )
        question += "\n\n" + "\n".join(files)
        if plan.request is not None:
            question += "\n\n" + self.tr("And write {request}").format(request=plan.request)
        if plan.kept:
            question += "\n\n" + self.tr("Still holding the text (MemDesk does not edit them):")
            question += "\n" + "\n".join(plan.kept)
        question += "\n\n" + self.tr("This is one operation: Activity can undo it.")
        if ticked:
            question += "\n\n" + self.tr("And delete these backups for good:")
            question += "\n" + "\n".join(ticked)
        if not self.confirm(question):
            return

        def work() -> list[Any]:
            return forget_everywhere(ws, found, ticked).saved

        self.write_requested.emit(
            work,
            self.tr("Forgot “{text}” in {count} files").format(
                text=found.needle[:40], count=len(files)
            ),
        )
        self.accept()


def open_where(
    parent: QWidget,
    ws: OpenWorkspace,
    agent: AnyAgent,
    text: str,
    write: Callable[[Any, str], None],
) -> WhereDialog:
    """Search and show the dialog (not modal: the window stays usable)."""
    from core.ops.where import where

    dialog = WhereDialog(ws, where(agent, ws, text, by_text=True), parent)
    dialog.write_requested.connect(write)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
