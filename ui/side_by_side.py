"""Two versions of a text side by side (the Backups page, Pending changes), drawn from
`core.text_diff`: row n is line n of both boxes, which scroll together; changed lines and
words are coloured, unchanged runs folded unless "Show unchanged lines" is ticked. The text is
plain text with formats, never markup (ui/untrusted.py)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QPlainTextEdit,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from core.text_diff import CONTEXT, LineDiff, SideText, Span, fold_text, side_by_side
from ui.i18n import core_text
from ui.theme import is_dark
from ui.untrusted import plain_label


@dataclass(frozen=True, slots=True)
class Look:
    """The colours of one side: its changed lines, changed words, rows where it has no line,
    and folds."""

    changed: str
    words: str
    blank: str
    fold: str


GUTTER_PAD = 6  # pixels either side of the line numbers
LIGHT = (
    Look("#ffe0e0", "#f4a6a6", "#f2f2f2", "#e6edf7"),
    Look("#ddf4dd", "#9fd89f", "#f2f2f2", "#e6edf7"),
)
DARK = (
    Look("#4a2626", "#8c3b3b", "#333333", "#2b3545"),
    Look("#223f22", "#2f7a2f", "#333333", "#2b3545"),
)


def text_box(name: str) -> NumberedText:
    box = NumberedText()
    box.setObjectName(name)
    box.setReadOnly(True)
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    box.setFont(diff_font())
    return box


class NumberedText(QPlainTextEdit):
    """Read-only text with each row's line number in a margin on its left (none for a row
    that shows no line of its version: a blank beside the other side's line, a fold)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.numbers: list[int | None] = []
        self.marks: list[tuple[list[Span], QTextCharFormat]] = []
        self.gutter = _Gutter(self)
        self.updateRequest.connect(self._scrolled)
        self.verticalScrollBar().valueChanged.connect(lambda _value: self._mark_shown())

    def show_side(self, side: SideText, look: Look) -> None:
        """One side of the comparison: its text, line numbers and marks."""
        self.setExtraSelections([])  # else each one's cursor follows the new text in: seconds
        self.setPlainText(side.text)
        self.set_numbers(side.numbers)
        self.marks = [
            (side.blank, _format(look.blank, whole_lines=True)),
            (side.folds, _format(look.fold, whole_lines=True)),
            (side.changed, _format(look.changed, whole_lines=True)),
            (side.words, _format(look.words, whole_lines=False)),
        ]
        self._mark_shown()

    def _mark_shown(self) -> None:
        """Colour the marks in view only: a decay run that changed 100,000 lines would take Qt
        minutes to colour whole (a selection a mark), and again at each scroll."""
        first = self.firstVisibleBlock()
        rows = self.viewport().height() // max(1, self.fontMetrics().lineSpacing()) + 2
        last = self.document().findBlockByNumber(first.blockNumber() + rows)
        if not last.isValid():
            last = self.document().lastBlock()
        start, end = first.position(), last.position() + last.length()
        selections = []
        for spans, look in self.marks:
            at = bisect.bisect_left(spans, start, key=lambda span: span[1])
            for span in spans[at:]:
                if span[0] > end:
                    break
                selections.append(self._selection(span, look))
        self.setExtraSelections(selections)

    def _selection(self, span: Span, look: QTextCharFormat) -> QTextEdit.ExtraSelection:
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self.document())
        cursor.setPosition(span[0])
        # Whole lines through their line end: Qt colours a line's full width only then.
        whole = look.boolProperty(QTextFormat.Property.FullWidthSelection)
        last = self.document().characterCount() - 1
        cursor.setPosition(min(span[1] + whole, last), QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        selection.format = look
        return selection

    def set_numbers(self, numbers: list[int | None]) -> None:
        self.numbers = numbers
        widest = max((n for n in numbers if n is not None), default=0)
        self.setViewportMargins(self._gutter_width(widest), 0, 0, 0)
        self._place_gutter()
        self.gutter.update()

    def _gutter_width(self, widest: int) -> int:
        return self.fontMetrics().horizontalAdvance("9" * len(str(widest))) + 2 * GUTTER_PAD

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_gutter()
        self._mark_shown()

    def _place_gutter(self) -> None:
        inside = self.contentsRect()
        width = self.viewportMargins().left()
        self.gutter.setGeometry(QRect(inside.left(), inside.top(), width, inside.height()))

    def _scrolled(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self.gutter)
        painter.fillRect(event.rect(), self.palette().color(QPalette.ColorRole.AlternateBase))
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        painter.setFont(self.font())
        block = self.firstVisibleBlock()
        top = self.blockBoundingGeometry(block).translated(self.contentOffset()).top()
        right = self.gutter.width() - GUTTER_PAD
        while block.isValid() and top <= event.rect().bottom():
            height = self.blockBoundingRect(block).height()
            row = block.blockNumber()
            number = self.numbers[row] if row < len(self.numbers) else None
            if number is not None and block.isVisible():
                box = QRect(0, int(top), right, self.fontMetrics().height())
                painter.drawText(box, Qt.AlignmentFlag.AlignRight, str(number))
            top += height
            block = block.next()
        painter.end()


class _Gutter(QWidget):
    def __init__(self, box: NumberedText) -> None:
        super().__init__(box)
        self.box = box

    def paintEvent(self, event: QPaintEvent) -> None:
        self.box.paint_gutter(event)


def diff_font() -> QFont:
    """One font for every character, Latin and Chinese alike (a monospaced CJK font when the
    system has one): a line drawn with a fallback font is taller, and a Chinese line beside a
    blank one would push the rows below it out of line."""
    families = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    families.sort(key=lambda f: (not QFontDatabase.isFixedPitch(f), " SC" not in f, f))
    if not families:
        return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font = QFont(families[0])
    font.setPointSizeF(QApplication.font().pointSizeF())
    return font


class SideBySide(QWidget):
    """The old version in `old_text`, the new in `new_text`, aligned row for row."""

    def __init__(
        self, old_label: str, new_label: str, names: tuple[str, str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.old_text, self.new_text = text_box(names[0]), text_box(names[1])
        self.whole = QCheckBox(self.tr("Show unchanged lines"))
        self.whole.setObjectName(f"{names[0]}Whole")
        self.whole.toggled.connect(lambda _on: self._draw())
        self._lines: LineDiff | None = None
        for one, other in ((self.old_text, self.new_text), (self.new_text, self.old_text)):
            one.verticalScrollBar().valueChanged.connect(other.verticalScrollBar().setValue)
            one.horizontalScrollBar().valueChanged.connect(other.horizontalScrollBar().setValue)
        split = QSplitter(Qt.Orientation.Horizontal)
        for label, box in ((old_label, self.old_text), (new_label, self.new_text)):
            side = QWidget()
            column = QVBoxLayout(side)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(plain_label(label))
            column.addWidget(box, 1)
            split.addWidget(side)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split, 1)
        layout.addWidget(self.whole)

    def show_versions(self, lines: LineDiff) -> None:
        self._lines = lines
        self._draw()

    def show_one(self, old: str) -> None:
        """Only the old version (the new one cannot be read): shown as it is, nothing marked."""
        self._lines = None
        for box in (self.old_text, self.new_text):
            box.setExtraSelections([])
        self.old_text.setPlainText(old)
        self.old_text.set_numbers(list(range(1, old.count("\n") + 2)))
        self.new_text.setPlainText("")
        self.new_text.set_numbers([])

    def _draw(self) -> None:
        if self._lines is None:
            return
        rows = self._lines.rows(None if self.whole.isChecked() else CONTEXT)
        left, right = side_by_side(rows, fold=lambda n: core_text(fold_text(n)))
        looks = DARK if _dark() else LIGHT
        for box, side, look in ((self.old_text, left, looks[0]), (self.new_text, right, looks[1])):
            box.show_side(side, look)
        first = min([*left.changed[:1], *right.changed[:1]], default=None)
        if first is not None:  # the first change in view
            cursor = QTextCursor(self.old_text.document())
            cursor.setPosition(first[0])
            self.old_text.setTextCursor(cursor)
            self.old_text.centerCursor()


def _dark() -> bool:
    app = QApplication.instance()
    return isinstance(app, QApplication) and is_dark(app)


def _format(colour: str, *, whole_lines: bool) -> QTextCharFormat:
    look = QTextCharFormat()
    look.setBackground(QColor(colour))
    look.setProperty(QTextFormat.Property.FullWidthSelection, whole_lines)
    return look
