"""Codex's memory files as MemDesk reads and writes them (spec/codex.md 3).

`memory_summary.md` and `MEMORY.md` are kept as their lines, split on "\\n" only, so `render`
gives back the exact bytes. A memory is a `- ` line in column 0 (the consolidator writes "`-`
bullets only"); every other line is text MemDesk keeps as it is. Keys are the first 6 hex
digits of sha1 of the bullet's text (`~2`, `~3` for repeats, in file order).

An ad-hoc note (`extensions/ad_hoc/notes/<YYYY-MM-DDTHH-MM-SS>-<slug>.md`) is one memory: its
whole text, which the agent takes verbatim.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from core.formats.text import BOM, decode
from core.formats.whole_text import WholeText, WholeTextFormat
from core.messages import N_

BULLET = "- "
_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


@dataclass(frozen=True, slots=True)
class Bullet:
    """One `- ` line: its text (no `- `, no line end), its key, its 1-based line (0: new)."""

    text: str
    key: str = ""
    line: int = 0
    ending: str = "\n"


@dataclass
class LinesDocument:
    """A file's lines (each with its line end, the first with the BOM if any)."""

    lines: list[str] = field(default_factory=list)

    def bullets(self) -> list[Bullet]:
        seen: Counter[str] = Counter()
        found = []
        for number, line in enumerate(self.lines, start=1):
            content = line.removeprefix(BOM) if number == 1 else line
            if not content.startswith(BULLET):
                continue
            body = content.rstrip("\n")
            text = body[len(BULLET) :].rstrip("\r")
            base = hashlib.sha1(text.strip().encode("utf-8")).hexdigest()[:6]
            seen[base] += 1
            key = base if seen[base] == 1 else f"{base}~{seen[base]}"
            found.append(Bullet(text, key, number, line[len(body) :] or ""))
        return found

    def index_of(self, key: str) -> int:
        for bullet in self.bullets():
            if bullet.key == key:
                return bullet.line - 1
        raise KeyError(key)


def bullet_line(bullet: Bullet, prefix: str = "") -> str:
    return f"{prefix}{BULLET}{bullet.text}{bullet.ending}"


def checked_bullet(text: str) -> str:
    """A bullet's text as the person typed it: one line, no NUL (ValueError, one line, else)."""
    if "\0" in text:
        raise ValueError(N_("a memory cannot contain a NUL character"))
    text = text.strip()
    if "\n" in text or "\r" in text:
        raise ValueError(
            N_("a memory of this file is one `- ` line: write it on one line, or add a note")
        )
    if not text:
        raise ValueError(N_("the new text is blank: delete the memory instead"))
    return text


class BulletFormat:
    """memory_summary.md or MEMORY.md: `- ` lines keyed by their text, the rest kept as is."""

    read_only = False
    rekeys = False
    label_header = "Id"  # what the list calls label()'s column

    def __init__(self, path: str) -> None:
        self.path = path

    def parse(self, data: bytes | None) -> LinesDocument:
        if not data:
            return LinesDocument([])
        decoded = decode(data, self.path)
        text = (BOM if decoded.bom else "") + decoded.text
        return LinesDocument(_LINE.findall(text))

    def render(self, doc: LinesDocument) -> bytes:
        return "".join(doc.lines).encode("utf-8")

    def entries(self, doc: LinesDocument) -> list[Bullet]:
        return doc.bullets()

    def entry_heading(self, line: str) -> str | None:
        return None

    def key(self, entry: Bullet) -> str:
        return entry.key

    def label(self, entry: Bullet) -> str:
        return entry.key

    def line(self, entry: Bullet) -> int:
        return entry.line

    def content(self, entry: Bullet) -> str:
        return entry.text

    def find(self, doc: LinesDocument, key: str) -> Bullet | None:
        return next((b for b in doc.bullets() if b.key == key), None)

    def same(self, a: Bullet, b: Bullet) -> bool:
        return a.text == b.text

    def insert(self, doc: LinesDocument, entry: Bullet) -> str:
        """Appended at the end of the file (after a line end the last line lacked)."""
        if doc.lines and not doc.lines[-1].endswith("\n"):
            doc.lines[-1] += "\n"
        doc.lines.append(bullet_line(replace(entry, ending="\n")))
        return doc.bullets()[-1].key

    def replace(self, doc: LinesDocument, key: str, entry: Bullet) -> None:
        at = doc.index_of(key)
        old = doc.lines[at]
        prefix = BOM if at == 0 and old.startswith(BOM) else ""
        ending = old[len(old.rstrip("\r\n")) :]
        doc.lines[at] = bullet_line(replace(entry, ending=ending), prefix)

    def remove(self, doc: LinesDocument, key: str) -> None:
        at = doc.index_of(key)
        removed = doc.lines.pop(at)
        if at == 0 and removed.startswith(BOM) and doc.lines:
            doc.lines[0] = BOM + doc.lines[0]

    def outside(self, doc: LinesDocument) -> object:
        return tuple(line for line in doc.lines if not line.removeprefix(BOM).startswith(BULLET))

    def state(self, doc: LinesDocument) -> object:
        return tuple(doc.lines)

    def set_state(self, doc: LinesDocument, state: object) -> None:
        assert isinstance(state, tuple)
        doc.lines = list(state)

    def describe(self, entry: Bullet) -> str:
        return entry.text

    def written(self, like: Bullet, text: str) -> Bullet:
        return replace(like, text=checked_bullet(text))

    def fields(self, entry: Bullet) -> dict[str, Any]:
        return {"content": entry.text}

    def merge_entry(self, base: Bullet, mine: Bullet, theirs: Bullet) -> Bullet | None:
        return None


class NoteFormat(WholeTextFormat):
    """An ad-hoc note as one memory: its whole text (a blank note is none)."""

    label_header = "Written"  # what the list calls label()'s column

    blank_is_memory = False

    def checked(self, text: str) -> str:
        """A note's body: verbatim, not blank, no NUL (the agent refuses an empty note)."""
        if "\0" in text:
            raise ValueError(N_("a note cannot contain a NUL character"))
        if not text.strip():
            raise ValueError(N_("the note is blank: write what Codex should remember or forget"))
        return text if text.endswith("\n") else text + "\n"

    def entry_heading(self, line: str) -> str | None:
        return None

    def label(self, entry: WholeText) -> str:
        """When the note was written, from its name (`2026-07-20T16-00-00-…` → 2026-07-20 16:00)."""
        name = self.path.rsplit("/", 1)[-1]
        return f"{name[:10]} {name[11:16].replace('-', ':')}" if name[10:11] == "T" else name
