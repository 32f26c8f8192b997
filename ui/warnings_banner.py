"""The banner above a file's page saying what the agent will do wrong with it: one line at first
(the first warning, and how many more), all of them on "Show all" in a short box that scrolls.
A file with sixteen warnings took a third of the window; now it takes a line until asked."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPlainTextEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
)

from ui.theme import themed
from ui.untrusted import literal_html, plain_label

__all__ = ["WarningsBanner"]

LINES_SHOWN = 8  # the most lines "Show all" shows before its box scrolls
COLOURS = {"background": ("#fff3cd", "#4a3b10"), "text": ("#5c4400", "#ffe08a")}  # light, dark


class WarningsBanner(QFrame):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.warnings: list[str] = []
        self.first = plain_label(name=f"{name}First")
        self.first.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.toggle = QToolButton()
        self.toggle.setObjectName(f"{name}Toggle")
        self.toggle.setCheckable(True)
        self.toggle.toggled.connect(self._expand)
        self.all = QPlainTextEdit()
        self.all.setObjectName(f"{name}All")
        self.all.setReadOnly(True)
        self.all.setFrameShape(QFrame.Shape.NoFrame)
        self.all.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.all.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.first, 1)
        row.addWidget(self.toggle)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 3, 6, 3)
        column.setSpacing(2)
        column.addLayout(row)
        column.addWidget(self.all)
        self._style()
        self.hide()

    def set_warnings(self, warnings: Sequence[str]) -> None:
        """Show these warnings (none: hide the banner)."""
        self.warnings = list(warnings)
        self.all.setPlainText(self.text())
        self.first.setToolTip(literal_html(self.text()))
        self.toggle.setChecked(False)
        self._expand(False)
        self.setVisible(bool(self.warnings))

    def text(self) -> str:
        """Every warning, one a line."""
        return "\n".join(f"⚠ {w}" for w in self.warnings)

    def _expand(self, shown: bool) -> None:
        more = len(self.warnings) - 1
        self.toggle.setText(
            self.tr("Show less")
            if shown
            else self.tr("Show all ({count} more)").format(count=more)
            if more
            else self.tr("Show all")
        )
        self.all.setVisible(shown)
        self.first.setVisible(not shown)
        if shown:
            line = self.all.fontMetrics().lineSpacing()
            self.all.setFixedHeight(LINES_SHOWN * line + 8)
        self._elide()

    def _elide(self) -> None:
        """The first warning on one line, cut to the banner's width (whole in its tooltip)."""
        first = f"⚠ {self.warnings[0]}" if self.warnings else ""
        width = max(self.contentsRect().width() - self.toggle.sizeHint().width() - 16, 50)
        shown = self.first.fontMetrics().elidedText(first, Qt.TextElideMode.ElideRight, width)
        self.first.setText(shown)
        self.toggle.setVisible(len(self.warnings) > 1 or shown != first or self.all.isVisible())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._style()

    def _style(self) -> None:
        """The banner's colours for the current theme (light or dark)."""
        background, text = (themed(*COLOURS[part]).name() for part in ("background", "text"))
        name = self.objectName()
        sheet = (
            f"#{name} {{ background: {background}; }}"
            f" #{name} QLabel, #{name} QPlainTextEdit {{ color: {text}; background: {background}; }}"
        )
        if self.styleSheet() != sheet:  # setting it again would announce another change
            self.setStyleSheet(sheet)
