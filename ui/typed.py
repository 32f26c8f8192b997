"""Text the person typed and has not applied yet, kept when another program changes the file.

Every editor of the window (a memory's text, a daily note, a whole file, an annotation, a
score, a table cell) shows a value read from a file. When another program changes the file, the
window reads it anew and every page shows its values again: an editor the person typed into
keeps the typed text, and remembers the value it was typed over (`base`), so that applying it
merges with what the other program wrote instead of undoing it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

__all__ = ["Typed", "editing_kept", "plain_text"]

# QTextDocument's raw text ends paragraphs with U+2029.
PARAGRAPH = "\u2029"

V = TypeVar("V")


def plain_text(editor: QPlainTextEdit) -> str:
    """The editor's text exactly as typed (`toPlainText` turns a no-break space into a space)."""
    return editor.document().toRawText().replace(PARAGRAPH, "\n")


class Typed(Generic[V]):
    """One editor's value, shown for an owner (a memory's key, a day, a file).

    `show(owner, value)` puts `value` in the editor, unless the person typed there since it was
    last put there for the same owner: then what they typed stays, and `base` stays the value
    they typed over.
    """

    def __init__(self, read: Callable[[], V], write: Callable[[V], None], empty: V) -> None:
        self._read, self._write = read, write
        self.owner: Hashable = None
        self.base: V = empty  # the value the editor's text was typed over
        self._shown: V = read()  # the editor's own value right after it was put there
        self._told: V = empty  # the other program's value the person was last told of

    @classmethod
    def of(cls, widget: QWidget) -> Typed[object]:
        """The kept value of a text box, a line, an editable combo box or a spin box."""
        if isinstance(widget, QPlainTextEdit):
            return Typed[object](lambda: plain_text(widget), _put_text(widget), "")
        if isinstance(widget, QLineEdit):
            return Typed[object](widget.text, _put_line(widget), "")
        if isinstance(widget, QComboBox):
            return Typed[object](widget.currentText, _put_choice(widget), "")
        if isinstance(widget, (QSpinBox, QDoubleSpinBox)):
            return Typed[object](widget.value, _put_number(widget), 0)
        raise TypeError(f"no typed text in a {type(widget).__name__}")

    def typed(self) -> bool:
        """True while the editor holds what the person typed, not the value put there."""
        return bool(self._read() != self._shown)

    def value(self) -> V:
        return self._read()

    def show(self, owner: Hashable, value: V, *, force: bool = False) -> bool:
        """Put `value` (of `owner`) in the editor, unless the person typed over the same
        owner's value (and `force` is False). True when typed text was kept although another
        program changed the value: worth telling the person (once per change)."""
        if owner is not None and owner == self.owner and self.typed() and not force:
            news = value != self.base and value != self._told
            self._told = value
            return bool(news)
        self.owner, self.base, self._told = owner, value, value
        self._write(value)
        self._shown = self._read()
        return False

    def forget(self) -> None:
        """The next `show` puts its value in, typed or not (after an apply, undo or redo)."""
        self.owner = None


def _put_text(widget: QPlainTextEdit) -> Callable[[object], None]:
    return lambda value: widget.setPlainText(str(value))


def _put_line(widget: QLineEdit) -> Callable[[object], None]:
    return lambda value: widget.setText(str(value))


def _put_choice(widget: QComboBox) -> Callable[[object], None]:
    return lambda value: widget.setCurrentText(str(value))


def _put_number(widget: QAbstractSpinBox) -> Callable[[object], None]:
    def put(value: object) -> None:
        if isinstance(value, (int, float)):
            widget.setValue(value)  # type: ignore[attr-defined]  # QSpinBox / QDoubleSpinBox

    return put


@contextmanager
def editing_kept(
    table: QAbstractItemView,
    key_at: Callable[[int], str | None],
    row_of: Callable[[str], int | None],
) -> Iterator[None]:
    """Around filling a table anew: a cell being edited stays open with what was typed in it
    (a model reset closes editors, a data change puts the model's value in them)."""
    model = table.model()
    index = table.currentIndex()
    editor = table.indexWidget(index) if index.isValid() else None
    key = key_at(index.row()) if isinstance(editor, QLineEdit) else None
    if key is None or not isinstance(editor, QLineEdit):  # nothing is being typed into
        yield
        return
    column, text = index.column(), editor.text()
    typed = text != str(model.data(index) or "")
    yield
    row = row_of(key)
    if row is None:
        return  # the row is gone: nothing to type into
    again = table.model().index(row, column)
    if table.indexWidget(again) is None:
        table.setCurrentIndex(again)
        table.edit(again)
    reopened = table.indexWidget(again)
    if typed and isinstance(reopened, QLineEdit):
        reopened.setText(text)
