"""A file that is one memory: its whole text (a PicoClaw daily note, a Codex ad-hoc note).

The agents that keep such files only ever append to them, so a file another program appended to
while the person edited it keeps that program's lines after the person's text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.formats.text import BOM, decode
from core.messages import say

__all__ = ["WHOLE_TEXT_KEY", "WholeText", "WholeTextDocument", "WholeTextFormat"]

WHOLE_TEXT_KEY = "note"  # the one memory of the file


@dataclass(frozen=True, slots=True)
class WholeText:
    """The file's whole text as the agent reads it (a BOM stays, as U+FEFF)."""

    text: str
    key: str = WHOLE_TEXT_KEY


@dataclass
class WholeTextDocument:
    """One text, or none when the file does not exist."""

    note: WholeText | None


class WholeTextFormat:
    """The store's `Format` of a file that is one memory. An agent's subclass says what text it
    accepts (`checked`) and whether an empty file is a memory (`blank_is_memory`)."""

    read_only = False
    rekeys = False
    label_header = ""  # what the list calls label()'s column
    blank_is_memory = True

    def __init__(self, path: str) -> None:
        self.path = path

    def checked(self, text: str) -> str:
        """The text as written (ValueError saying why it cannot be)."""
        if "\0" in text:
            raise ValueError(say("a note cannot contain a NUL character"))
        return text

    def parse(self, data: bytes | None) -> WholeTextDocument:
        if data is None:
            return WholeTextDocument(None)
        decoded = decode(data, self.path)
        return WholeTextDocument(WholeText((BOM if decoded.bom else "") + decoded.text))

    def render(self, doc: WholeTextDocument) -> bytes:
        return b"" if doc.note is None else doc.note.text.encode("utf-8")

    def entries(self, doc: WholeTextDocument) -> list[WholeText]:
        if doc.note is None or not (doc.note.text or self.blank_is_memory):
            return []
        return [doc.note]

    def key(self, entry: WholeText) -> str:
        return entry.key

    def label(self, entry: WholeText) -> str:
        return ""

    def line(self, entry: WholeText) -> int:
        return 1

    def content(self, entry: WholeText) -> str:
        return entry.text

    def find(self, doc: WholeTextDocument, key: str) -> WholeText | None:
        return doc.note if key == WHOLE_TEXT_KEY else None

    def same(self, a: WholeText, b: WholeText) -> bool:
        return a.text == b.text

    def insert(self, doc: WholeTextDocument, entry: WholeText) -> str:
        doc.note = WholeText(entry.text)
        return WHOLE_TEXT_KEY

    def replace(self, doc: WholeTextDocument, key: str, entry: WholeText) -> None:
        doc.note = WholeText(entry.text)

    def remove(self, doc: WholeTextDocument, key: str) -> None:
        doc.note = WholeText("")

    def outside(self, doc: WholeTextDocument) -> object:
        return None

    def state(self, doc: WholeTextDocument) -> object:
        return doc.note

    def set_state(self, doc: WholeTextDocument, state: object) -> None:
        assert state is None or isinstance(state, WholeText)
        doc.note = state

    def describe(self, entry: WholeText) -> str:
        return entry.text

    def written(self, like: WholeText, text: str) -> WholeText:
        return WholeText(self.checked(text))

    def fields(self, entry: WholeText) -> dict[str, Any]:
        return {"content": entry.text}

    def merge_entry(self, base: WholeText, mine: WholeText, theirs: WholeText) -> WholeText | None:
        """One side appended while the other edited: the appended lines after the edited text."""
        if base.text and theirs.text.startswith(base.text):
            return WholeText(mine.text + theirs.text[len(base.text) :])
        if base.text and mine.text.startswith(base.text):
            return WholeText(theirs.text + mine.text[len(base.text) :])
        return None
