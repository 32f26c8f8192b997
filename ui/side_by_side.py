"""Two versions of a text side by side (the Backups page, Pending changes), drawn from
`core.text_diff`: row n is line n of both boxes, which scroll together; changed lines and
words are coloured, unchanged runs folded unless "Show unchanged lines" is ticked. The text is
plain text with formats, never markup (ui/untrusted.py)."""

from __future__ import annotations

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

from core.text_diff import CONTEXT, Block, SideText, Span, aligned_rows, side_by_side
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
        self.gutter = _Gutter(self)
        self.updateRequest.connect(self._scrolled)

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
        self.whole = QCheckBox("Show unchanged lines")
        self.whole.setObjectName(f"{names[0]}Whole")
        self.whole.toggled.connect(lambda _on: self._draw())
        self._texts: tuple[str, str, list[Block] | None] | None = None
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

    def show_versions(self, old: str, new: str, blocks: list[Block] | None = None) -> None:
        """`old` against `new`; `blocks`: `changed_blocks` of their lines, if already known."""
        self._texts = (old, new, blocks)
        self._draw()

    def show_one(self, old: str) -> None:
        """Only the old version (the new one cannot be read): shown as it is, nothing marked."""
        self._texts = None
        self.old_text.setPlainText(old)
        self.old_text.set_numbers(list(range(1, old.count("\n") + 2)))
        self.new_text.setPlainText("")
        self.new_text.set_numbers([])

    def _draw(self) -> None:
        if self._texts is None:
            return
        old, new, blocks = self._texts
        rows = aligned_rows(
            old.split("\n"),
            new.split("\n"),
            blocks,
            context=None if self.whole.isChecked() else CONTEXT,
        )
        left, right = side_by_side(rows)
        looks = DARK if _dark() else LIGHT
        for box, side, look in ((self.old_text, left, looks[0]), (self.new_text, right, looks[1])):
            _show(box, side, look)
        first = min([*left.changed[:1], *right.changed[:1]], default=None)
        if first is not None:  # the first change in view
            cursor = QTextCursor(self.old_text.document())
            cursor.setPosition(first[0])
            self.old_text.setTextCursor(cursor)
            self.old_text.centerCursor()


def _dark() -> bool:
    app = QApplication.instance()
    return isinstance(app, QApplication) and is_dark(app)


def _show(box: NumberedText, side: SideText, look: Look) -> None:
    box.setPlainText(side.text)
    box.set_numbers(side.numbers)
    box.setExtraSelections(
        [
            *_selections(box, side.blank, look.blank, whole_lines=True),
            *_selections(box, side.folds, look.fold, whole_lines=True),
            *_selections(box, side.changed, look.changed, whole_lines=True),
            *_selections(box, side.words, look.words),
        ]
    )


def _selections(
    box: QPlainTextEdit, spans: list[Span], colour: str, *, whole_lines: bool = False
) -> list[QTextEdit.ExtraSelection]:
    out = []
    look = QTextCharFormat()
    look.setBackground(QColor(colour))
    look.setProperty(QTextFormat.Property.FullWidthSelection, whole_lines)
    last = box.document().characterCount() - 1
    for start, end in spans:
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(box.document())
        cursor.setPosition(start)
        # Whole lines through their line end: Qt colours a line's full width only then.
        cursor.setPosition(min(end + whole_lines, last), QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        selection.format = look
        out.append(selection)
    return out
