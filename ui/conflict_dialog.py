"""Entries changed both here and by another program, in any agent's file: for each, the person
keeps theirs, keeps mine, or writes the version to keep. Nothing is written until they choose,
and entries that clash with nothing keep both sides' changes whatever they choose."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from core.store.merge import OUTSIDE, Conflict, Resolution
from ui.accessible import make_accessible
from ui.typed import plain_text
from ui.untrusted import plain_label

translate = QCoreApplication.translate


def _text(text: str | None) -> str:
    return translate("ConflictDialog", "(deleted)") if text is None else text


class _ConflictBox(QGroupBox):
    """One entry: their version, mine, and the choice."""

    def __init__(self, conflict: Conflict, parent: QWidget | None = None) -> None:
        outside = translate("ConflictDialog", "The file's text outside memories")
        title = outside if conflict.key == OUTSIDE else conflict.key
        super().__init__(title, parent)
        self.setFlat(False)
        self.conflict = conflict
        theirs = QPlainTextEdit(_text(conflict.theirs))
        theirs.setReadOnly(True)
        mine = QPlainTextEdit(_text(conflict.mine))
        mine.setReadOnly(True)
        self.edited = QPlainTextEdit(conflict.mine or conflict.theirs or "")
        self.edited.setEnabled(False)
        self.keep_theirs = QRadioButton(translate("ConflictDialog", "Keep theirs"))
        self.keep_mine = QRadioButton(translate("ConflictDialog", "Keep mine"))
        self.write_own = QRadioButton(translate("ConflictDialog", "Write the version to keep:"))
        self.group = QButtonGroup(self)
        for button in (self.keep_theirs, self.keep_mine, self.write_own):
            self.group.addButton(button)
        self.keep_theirs.setChecked(True)
        self.write_own.toggled.connect(self.edited.setEnabled)
        grid = QGridLayout(self)
        grid.addWidget(QLabel(translate("ConflictDialog", "Theirs (on disk now)")), 0, 0)
        grid.addWidget(QLabel(translate("ConflictDialog", "Mine (unsaved)")), 0, 1)
        grid.addWidget(theirs, 1, 0)
        grid.addWidget(mine, 1, 1)
        grid.addWidget(self.keep_theirs, 2, 0)
        grid.addWidget(self.keep_mine, 2, 1)
        grid.addWidget(self.write_own, 3, 0, 1, 2)
        grid.addWidget(self.edited, 4, 0, 1, 2)

    def resolution(self) -> Resolution:
        if self.keep_mine.isChecked():
            return "mine"
        if self.write_own.isChecked():
            text = plain_text(self.edited)
            if text.strip():
                return text
        return "theirs"


class ConflictDialog(QDialog):
    """Lists every entry changed on both sides; `resolutions()` after it was accepted."""

    def __init__(
        self, conflicts: Sequence[Conflict], parent: QWidget | None = None, *, file: str = ""
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Changed on both sides"))
        self.setModal(True)
        self.file = file  # the document's workspace-relative path, for the caller
        said = (
            self.tr(
                "Another program (probably the agent) changed these entries in {file} while you "
                "edited them. Nothing was written. Choose what to keep for each; everything "
                "else either side changed is kept."
            )
            if file
            else self.tr(
                "Another program (probably the agent) changed these entries while you edited "
                "them. Nothing was written. Choose what to keep for each; everything else "
                "either side changed is kept."
            )
        )
        intro = plain_label(
            said.format(file=file),
            wrap=True,
        )
        self.boxes = [_ConflictBox(c) for c in conflicts]
        inner = QWidget()
        column = QVBoxLayout(inner)
        for box in self.boxes:
            column.addWidget(box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.resize(900, 600)
        make_accessible(self)

    def resolutions(self) -> dict[str, Resolution]:
        return {box.conflict.key: box.resolution() for box in self.boxes}
