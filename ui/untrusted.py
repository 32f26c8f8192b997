"""Text from memory files shown exactly as written, never as rich text (SPEC 9).

Qt shows a tooltip, a label or a dialog's text as rich text whenever `Qt.mightBeRichText` says
so, and rich text loads what an ``<img>`` names: a local file, even a FIFO that blocks the window
for good. Memory text is written by an LLM, and ids, keys, file names and messages quoting a line
carry it too; such text reaches those widgets only through the two functions below.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

__all__ = ["literal_html", "plain_label"]


def literal_html(text: str) -> str:
    """``text`` as rich text that holds nothing but escaped characters, line breaks kept: Qt
    shows it literally wherever it guesses between plain and rich text (tooltips, dialogs)."""
    if not text:
        return ""  # an empty tooltip is no tooltip
    return f'<p style="white-space:pre-wrap">{escape(text)}</p>'


def plain_label(
    text: str = "", *, name: str = "", wrap: bool = False, label: QLabel | None = None
) -> QLabel:
    """A label (`label`, or a new one) that shows whatever it is given as plain text."""
    label = QLabel() if label is None else label
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    label.setText(text)
    if name:
        label.setObjectName(name)
    return label
