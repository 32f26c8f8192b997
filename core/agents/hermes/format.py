"""Hermes' MEMORY.md and USER.md as MemDesk edits them (spec/hermes.md 2).

The agent reads a file with universal newlines, splits it on a line that is exactly `§`
(`"\\n§\\n"`), strips each piece and drops the empty ones. The document keeps the file's raw
text cut at those delimiters (`pieces`, `delimiters`: CRLF and lone CR delimiters included), so
`render()` gives back the exact bytes; an entry is a piece that is not blank once read as the
agent reads it. Edits change only the piece they touch, and every edit is checked by reading the
result again as the agent will: an entry the agent would split (a line that is only `§`) is
refused, nothing changed.

Keys are the first 6 hex digits of sha1 of the entry's text (`~2`, `~3` for repeats in file
order): the same on every read, untouched by edits of other entries. A repeat is a duplicate
the agent drops at its next write (`duplicate`).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.formats.text import decode
from core.messages import N_, say

DELIMITER = "\n§\n"
# A `§` line between two line ends, as the agent sees it after reading \r\n and \r as \n.
_RAW_DELIMITER = re.compile(r"(?:\r\n|\r|\n)§(?:\r\n|\r|\n)")
SPLIT_MESSAGE = N_("a line that is only '§' would make Hermes split this entry in two there")


def as_agent_reads(raw: str) -> str:
    """Python's universal newlines: \\r\\n and a lone \\r read as \\n."""
    return raw.replace("\r\n", "\n").replace("\r", "\n")


def agent_entries(raw: str) -> list[str]:
    """The entries exactly as `MemoryStore._read_file` returns them (duplicates kept)."""
    text = as_agent_reads(raw)
    if not text.strip():
        return []
    return [e.strip() for e in text.split(DELIMITER) if e.strip()]


def chars(texts: Iterable[str]) -> int:
    """The size the agent measures against its limit: the entries joined, in code points."""
    return len(DELIMITER.join(texts))


def matching(texts: Sequence[str], old_text: str) -> list[str]:
    """The distinct entries the agent's replace/remove would take `old_text` to name: those
    holding it (case-sensitive, after stripping it)."""
    needle = old_text.strip()
    return list(dict.fromkeys(t for t in texts if needle in t))


@dataclass(frozen=True, slots=True)
class Entry:
    key: str
    text: str  # as the agent reads it: LF, stripped
    line: int = 0  # 1-based first line of its text (0: added since)
    duplicate: bool = False  # an earlier entry has the same text: the agent drops this one
    position: int = 0  # 1-based among the file's entries


@dataclass
class MemoryFile:
    path: str
    pieces: list[str]  # raw text between delimiters
    delimiters: list[str]  # raw delimiters, one fewer than pieces
    _entries: list[tuple[int, Entry]] = field(default_factory=list)  # (piece index, entry)

    def __post_init__(self) -> None:
        self._reindex()

    @property
    def raw(self) -> str:
        out = [self.pieces[0]]
        for delimiter, piece in zip(self.delimiters, self.pieces[1:], strict=True):
            out += [delimiter, piece]
        return "".join(out)

    def entries(self) -> list[Entry]:
        return [e for _, e in self._entries]

    def texts(self) -> list[str]:
        return [e.text for e in self.entries()]

    def find(self, key: str) -> Entry | None:
        return next((e for _, e in self._entries if e.key == key), None)

    def matching(self, old_text: str) -> list[Entry]:
        """The entries `matching` names, the first of each text."""
        first: dict[str, Entry] = {}
        for entry in self.entries():
            first.setdefault(entry.text, entry)
        return [first[t] for t in matching(self.texts(), old_text)]

    def chars(self) -> int:
        """The size the agent measures: its entries (duplicates dropped) joined, in code points."""
        return chars(dict.fromkeys(self.texts()))

    # -- edits (each checked by reading the result as the agent will) ---------------------------
    def replace_entry(self, key: str, text: str) -> None:
        index = self._index(key)
        expected = [text if e.key == key else e.text for e in self.entries()]
        piece = self.pieces[index]
        lead = piece[: len(piece) - len(piece.lstrip())]
        trail = piece[len(piece.rstrip()) :]
        pieces = [*self.pieces[:index], lead + text + trail, *self.pieces[index + 1 :]]
        self._apply(pieces, self.delimiters, expected)

    def delete_entry(self, key: str) -> None:
        index = self._index(key)
        expected = [e.text for e in self.entries() if e.key != key]
        pieces = self.pieces[:index] + self.pieces[index + 1 :]
        delimiters = list(self.delimiters)
        if delimiters:
            del delimiters[max(index - 1, 0)]
        self._apply(pieces or [""], delimiters, expected)

    def insert_entry(self, text: str) -> str:
        """`text` appended as the agent appends an entry; returns its key. Blank text at the
        file's end goes (the agent strips it too): left before the new `§` line it would make
        the agent's drift guard refuse its next replace or remove."""
        expected = [*self.texts(), text]
        *kept, last = self.pieces
        if not as_agent_reads(last).strip():  # an empty file, or one ending in a `§` line
            self._apply([*kept, text], self.delimiters, expected)
        else:
            self._apply([*kept, last.rstrip(), text], [*self.delimiters, DELIMITER], expected)
        return self.entries()[-1].key

    def _index(self, key: str) -> int:
        found = next((i for i, e in self._entries if e.key == key), None)
        if found is None:
            raise KeyError(key)
        return found

    def _apply(self, pieces: list[str], delimiters: list[str], expected: list[str]) -> None:
        raw = _join(pieces, delimiters)
        if agent_entries(raw) != expected:
            raise ValueError(
                say(
                    "{path}: Hermes would read the entries beside this change otherwise (an "
                    "entry starts or ends with a '§' line): edit that entry first; nothing was "
                    "changed",
                    path=self.path,
                )
            )
        self.pieces, self.delimiters = pieces, delimiters
        self._reindex()

    def _reindex(self) -> None:
        seen: Counter[str] = Counter()
        texts: set[str] = set()
        line = 1
        self._entries = []
        for i, piece in enumerate(self.pieces):
            norm = as_agent_reads(piece)
            text = norm.strip()
            if text:
                lead = norm[: len(norm) - len(norm.lstrip())]
                base = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]
                seen[base] += 1
                key = base if seen[base] == 1 else f"{base}~{seen[base]}"
                first = line + lead.count("\n")
                entry = Entry(key, text, first, text in texts, len(self._entries) + 1)
                texts.add(text)
                self._entries.append((i, entry))
            line += norm.count("\n")
            if i < len(self.delimiters):
                line += 2


def _join(pieces: list[str], delimiters: list[str]) -> str:
    return MemoryFile("", pieces, delimiters).raw if delimiters else "".join(pieces)


def parse_memory_file(data: bytes, path: str) -> MemoryFile:
    """The file cut at the agent's delimiters, byte for byte (InputError: not UTF-8 text)."""
    decode(data, path)  # refuses what is not UTF-8 text
    raw = data.decode("utf-8")  # the BOM stays, as the agent keeps it
    pieces: list[str] = []
    delimiters: list[str] = []
    start = 0
    for match in _RAW_DELIMITER.finditer(raw):
        pieces.append(raw[start : match.start()])
        delimiters.append(match.group())
        start = match.end()
    pieces.append(raw[start:])
    return MemoryFile(path, pieces, delimiters)


def checked_text(text: str) -> str:
    """What the person typed as one entry, as the agent will read it; ValueError when the agent
    would read it as something else (empty, or split at a `§` line)."""
    text = as_agent_reads(text).strip()
    if not text:
        raise ValueError(N_("an empty entry: Hermes drops it; delete the memory instead"))
    # A `§` line at either end fuses with the delimiter beside it at the agent's next read.
    at_an_end = text == "§" or text.startswith("§\n") or text.endswith("\n§")
    if at_an_end or agent_entries(text) != [text]:
        raise ValueError(SPLIT_MESSAGE)
    return text


class MemoryFileFormat:
    """MEMORY.md or USER.md as keyed entries (core.store.merge.Format)."""

    read_only = False
    rekeys = False  # one text created on both sides is one entry
    label_header = "Id"  # what the list calls label()'s column

    def __init__(self, path: str) -> None:
        self.path = path

    def parse(self, data: bytes | None) -> MemoryFile:
        return parse_memory_file(b"" if data is None else data, self.path)

    def render(self, doc: MemoryFile) -> bytes:
        return doc.raw.encode("utf-8", "surrogatepass")

    def entries(self, doc: MemoryFile) -> list[Entry]:
        return doc.entries()

    def key(self, entry: Entry) -> str:
        return entry.key

    def label(self, entry: Entry) -> str:
        return entry.key

    def line(self, entry: Entry) -> int:
        return entry.line

    def content(self, entry: Entry) -> str:
        return entry.text

    def find(self, doc: MemoryFile, key: str) -> Entry | None:
        return doc.find(key)

    def same(self, a: Entry, b: Entry) -> bool:
        return a.text == b.text

    def insert(self, doc: MemoryFile, entry: Entry) -> str:
        return doc.insert_entry(entry.text)

    def replace(self, doc: MemoryFile, key: str, entry: Entry) -> None:
        doc.replace_entry(key, entry.text)

    def remove(self, doc: MemoryFile, key: str) -> None:
        doc.delete_entry(key)

    def outside(self, doc: MemoryFile) -> object:
        blank = [p for i, p in enumerate(doc.pieces) if not as_agent_reads(p).strip()]
        return (tuple(blank), tuple(doc.delimiters))

    def state(self, doc: MemoryFile) -> object:
        return (tuple(doc.pieces), tuple(doc.delimiters))

    def set_state(self, doc: MemoryFile, state: object) -> None:
        assert isinstance(state, tuple)
        pieces, delimiters = state
        doc.pieces, doc.delimiters = list(pieces), list(delimiters)
        doc._reindex()

    def describe(self, entry: Entry) -> str:
        return entry.text

    def written(self, like: Entry, text: str) -> Entry:
        return Entry(like.key, checked_text(text), like.line)

    def fields(self, entry: Entry) -> dict[str, Any]:
        return {"text": entry.text}

    def merge_entry(self, base: Entry, mine: Entry, theirs: Entry) -> Entry | None:
        return None

    def draft(self, text: str) -> Entry:
        return Entry("", checked_text(text))
