"""View > Pending changes: what the next save will write, per file, per memory and as text side
by side, against each file as MemDesk read it (a file another program changed since is said so:
the save will merge onto it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ui.accessible import make_accessible
from ui.backups_view import (
    UNREADABLE,
    Comparison,
    compare_versions,
    content_column,
    show_comparison,
)
from ui.i18n import QT_TRANSLATE_NOOP, core_text
from ui.side_by_side import SideBySide
from ui.tables import read_only_table
from ui.untrusted import plain_label

if TYPE_CHECKING:
    from core.agent import OpenWorkspace

HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "Change"),
    QT_TRANSLATE_NOOP("core", "Key"),
    QT_TRANSLATE_NOOP("core", "Content"),
    QT_TRANSLATE_NOOP("core", "Changed fields"),
    QT_TRANSLATE_NOOP("core", "Score Δ"),
)
WORDS = {
    "removed since": QT_TRANSLATE_NOOP("PendingDialog", "removed"),
    "changed": QT_TRANSLATE_NOOP("PendingDialog", "changed"),
    "added since": QT_TRANSLATE_NOOP("PendingDialog", "added"),
}


def pending(ws: OpenWorkspace) -> list[tuple[str, Comparison, bool]]:
    """Each file with unsaved edits: its comparison, and whether it changed on disk since."""
    out = []
    for document in ws.modified_documents():
        try:
            old = document.fmt.parse(document.base)
            found = compare_versions(document.fmt, old, document.doc)
        except UNREADABLE as exc:
            found = Comparison(error=f"{document.rel}: {exc}")
        out.append((document.rel, found, document.changed_on_disk()))
    return out


class PendingDialog(QDialog):
    def __init__(self, ws: OpenWorkspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Pending changes"))
        self.resize(1100, 650)
        self.files = pending(ws)
        self.title = plain_label(name="pendingTitle", wrap=True)
        self.chooser = QComboBox()
        self.chooser.setObjectName("pendingFile")
        for rel, _found, _moved in self.files:
            self.chooser.addItem(rel)
        self.table = read_only_table("pendingTable", HEADERS, stretch=3)
        content_column(self.table)
        sides = SideBySide(
            self.tr("As read"), self.tr("As the save will write it"), ("pendingOld", "pendingNew")
        )
        self.old_text, self.new_text = sides.old_text, sides.new_text
        tabs = QTabWidget()
        tabs.addTab(self.table, self.tr("Per memory"))
        tabs.addTab(sides, self.tr("Text side by side"))
        self.sides = sides
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.chooser)
        layout.addWidget(tabs, 1)
        layout.addWidget(buttons)
        self.chooser.currentIndexChanged.connect(self._show)
        self.chooser.setVisible(len(self.files) > 1)
        self._show(0)
        make_accessible(self)

    def _show(self, index: int) -> None:
        if not 0 <= index < len(self.files):
            self.title.setText(self.tr("Nothing to save: no file has unsaved edits."))
            self.table.setRowCount(0)
            return
        rel, found, moved = self.files[index]
        if found.error:
            self.title.setText(core_text(found.error))
        else:
            merge = self.tr(" It changed on disk since: the save merges onto it.") if moved else ""
            n = len(found.rows)
            change = (
                self.tr("{file}: {count} memory will change.")
                if n == 1
                else self.tr("{file}: {count} memories will change.")
            )
            files = self.tr(" ({count} files with unsaved edits)").format(count=len(self.files))
            self.title.setText(change.format(file=rel, count=n) + merge + files)
        self.table.setRowCount(len(found.rows))
        for row, diff in enumerate(found.rows):
            cells = (self.tr(WORDS.get(diff.change, diff.change)), diff.key, diff.content, diff.fields,
                     diff.score_delta)  # fmt: skip
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        show_comparison(self.sides, found)


def open_pending(parent: QWidget, ws: OpenWorkspace) -> PendingDialog:
    """Show the dialog (not modal: the window stays usable)."""
    dialog = PendingDialog(ws, parent)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
