"""MEMORY.md, the index, as Claude Code loads it at session start, and the project folder
names it derives from a project's path (spec/claude-code.md 1.2, 3.1; checked against the
oracle cases of 2.1.332).

Lengths are counted in UTF-16 code units, as the agent's JavaScript counts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from core.messages import N_

INDEX = "MEMORY.md"
MAX_LINES = 200  # [B:eV]
MAX_UNITS = 25_000  # [B:zye]: UTF-16 units, printed by the agent as "24.4KB"
MAX_FOLDER = 200  # a longer folder name is cut and given a hash suffix [B:J$]
PREVIEW = 80  # the first cut line is quoted in the warning up to this many characters
_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")
_JS_SPACE = "\ufeff"  # JavaScript's trim() strips the BOM too; Python's strip() does not


def units(text: str) -> int:
    """The text's length in UTF-16 code units (a JavaScript string's length)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _first_units(text: str, count: int) -> str:
    """The first `count` UTF-16 units of `text`, as JavaScript's `slice(0, count)` cuts it; a
    character cut in half becomes U+FFFD, as it reaches the model (encoded as UTF-8)."""
    head = text.encode("utf-16-le", "surrogatepass")[: 2 * count]
    cut = head.decode("utf-16-le", "surrogatepass")
    return cut[:-1] + "\ufffd" if cut and "\ud800" <= cut[-1] <= "\udbff" else cut


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} bytes"
    return f"{count / 1024:.1f}".removesuffix(".0") + "KB"


@dataclass(frozen=True, slots=True)
class Loaded:
    """What of MEMORY.md the agent puts into context: `content` (the warning included when it
    cut anything), and how it counted."""

    content: str
    line_count: int  # lines of the trimmed index
    unit_count: int  # its UTF-16 units (the agent's "byteCount")
    line_truncated: bool
    unit_truncated: bool
    kept_lines: int  # whole or partial lines of the index that are loaded

    @property
    def truncated(self) -> bool:
        return self.line_truncated or self.unit_truncated


def load_index(text: str) -> Loaded:
    """MEMORY.md's text (frontmatter already stripped) as the agent loads it [B:HMo]: trimmed;
    the first 200 lines; then cut at the last line break before 25,000 UTF-16 units; a warning
    line appended when anything was cut."""
    trimmed = text.strip().strip(_JS_SPACE).strip()
    lines = trimmed.split("\n")
    line_count, unit_count = len(lines), units(trimmed)
    line_truncated = line_count > MAX_LINES
    content = "\n".join(lines[:MAX_LINES]) if line_truncated else trimmed
    unit_truncated = units(content) > MAX_UNITS
    if unit_truncated:
        head = _first_units(content, MAX_UNITS)
        cut = head.rfind("\n")
        content = head[:cut] if cut > 0 else head
    if not (line_truncated or unit_truncated):
        return Loaded(content, line_count, unit_count, False, False, line_count)
    kept = content.count("\n") + 1
    whole = kept if content == "\n".join(lines[:kept]) else kept - 1
    if line_truncated and not unit_truncated:
        what = f"{line_count} lines (limit: {MAX_LINES})"
    elif unit_truncated and not line_truncated:
        what = f"{_size(unit_count)} (limit: {_size(MAX_UNITS)}) — index entries are too long"
    else:
        what = f"{line_count} lines and {_size(unit_count)}"
    if whole < line_count and whole == kept:
        first_cut = lines[whole].rstrip("\r")
        if units(first_cut) > PREVIEW:
            first_cut = _first_units(first_cut, PREVIEW - 1) + "…"
        part = (
            f"{line_count - whole} of {line_count} lines were cut off, starting at line "
            f'{whole + 1} ("{first_cut}")'
        )
    else:
        part = f"everything after the first {MAX_UNITS} characters of line {kept} was cut off"
    warning = (
        f"> WARNING: {INDEX} is {what}. Only part of it was loaded: {part}. Keep index entries "
        "to one line under ~200 chars; move detail into topic files."
    )
    return Loaded(
        f"{content}\n\n{warning}", line_count, unit_count, line_truncated, unit_truncated, kept
    )


def _hash(text: str) -> int:
    """The agent's 32-bit string hash over UTF-16 units (h = h*31 + unit) [B:Nle]."""
    h = 0
    data = text.encode("utf-16-le", "surrogatepass")
    for i in range(0, len(data), 2):
        h = (h * 31 + int.from_bytes(data[i : i + 2], "little")) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if number == 0:
            return out


def folder_name(project: str) -> str:
    """The folder under ~/.claude/projects/ of the project at `project` [B:LO]: every UTF-16
    unit that is not an ASCII letter or digit becomes '-' (so different paths can share one);
    names over 200 units are cut and get the path's hash. Not reversible."""
    name = "".join("-" * (units(ch)) if _NOT_ALNUM.match(ch) else ch for ch in project)
    if len(name) <= MAX_FOLDER:
        return name
    return f"{name[:MAX_FOLDER]}-{_base36(abs(_hash(project)))}"


# -- MEMORY.md as a file of index lines ----------------------------------------------------------

_ITEM = re.compile(r"^([ \t]*[-*+][ \t]+)(.*?)(\r\n|\r|\n|)$", re.DOTALL)
_LINK = re.compile(r"\]\(([^)\s]+)\)")


@dataclass(frozen=True, slots=True)
class IndexLine:
    """One list item of the index (`- [Title](file.md) — hook`): its key (the name of the file
    it points at without `.md`, as its topic file is named; else `line`, then `line~N`), its
    bullet, its text and line ending, and its line as read."""

    key: str
    bullet: str
    text: str
    end: str
    line: int = 0

    @property
    def target(self) -> str | None:
        """The file the line points at, relative to the memory folder (None: no link)."""
        found = _LINK.search(self.text)
        return None if found is None else found.group(1).split("#", 1)[0]

    @property
    def name(self) -> str:
        """What the line's key is made of: the name of the file it points at, else `line`."""
        target = self.target
        return "line" if target is None else PurePosixPath(target).name.removesuffix(".md")

    @property
    def raw(self) -> str:
        return self.bullet + self.text + self.end


@dataclass(slots=True)
class IndexDocument:
    bom: bool
    parts: list[str | IndexLine]  # text outside entries (headings, blank lines) and index lines

    def lines(self) -> list[IndexLine]:
        return [p for p in self.parts if isinstance(p, IndexLine)]


def parse_index(text: str) -> IndexDocument:
    from core.formats.text import BOM, split_lines

    bom = text.startswith(BOM)
    parts: list[str | IndexLine] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(split_lines(text.removeprefix(BOM)), start=1):
        found = _ITEM.match(line)
        if found is None or not found.group(2).strip():
            parts.append(line)
            continue
        item = IndexLine("", found.group(1), found.group(2), found.group(3), number)
        base = item.name
        seen[base] = seen.get(base, 0) + 1
        key = base if seen[base] == 1 else f"{base}~{seen[base]}"
        parts.append(IndexLine(key, item.bullet, item.text, item.end, number))
    return IndexDocument(bom, parts)


def index_line(text: str, like: IndexLine | None = None, newline: str = "\n") -> IndexLine:
    """The index line a memory's text makes: one line (ValueError otherwise)."""
    if "\0" in text:
        raise ValueError(N_("an index line cannot contain a NUL character"))
    one = text.strip()
    if not one or "\n" in one or "\r" in one:
        raise ValueError(
            N_(
                "MEMORY.md holds one line per memory: write the text on one line "
                "(put detail in the topic file)"
            )
        )
    if like is None:
        return IndexLine("", "- ", one, newline)
    return IndexLine(like.key, like.bullet, one, like.end or newline, like.line)


class IndexFormat:
    """MEMORY.md: each list item an entry; headings and other text kept as written."""

    read_only = False
    rekeys = False
    label_header = "File"  # what the list calls label()'s column

    def __init__(self, path: str) -> None:
        self.path = path

    def parse(self, data: bytes | None) -> IndexDocument:
        from core.formats.text import decode

        if data is None:
            return IndexDocument(False, [])
        decoded = decode(data, self.path)
        return parse_index(("\ufeff" if decoded.bom else "") + decoded.text)

    def render(self, doc: IndexDocument) -> bytes:
        text = "".join(p if isinstance(p, str) else p.raw for p in doc.parts)
        return (("\ufeff" if doc.bom else "") + text).encode("utf-8")

    def entries(self, doc: IndexDocument) -> list[IndexLine]:
        return doc.lines()

    def key(self, entry: IndexLine) -> str:
        return entry.key

    def label(self, entry: IndexLine) -> str:
        return entry.target or ""

    def line(self, entry: IndexLine) -> int:
        return entry.line

    def content(self, entry: IndexLine) -> str:
        return entry.text

    def find(self, doc: IndexDocument, key: str) -> IndexLine | None:
        return next((p for p in doc.lines() if p.key == key), None)

    def same(self, a: IndexLine, b: IndexLine) -> bool:
        return (a.bullet, a.text) == (b.bullet, b.text)

    def insert(self, doc: IndexDocument, entry: IndexLine) -> str:
        """At the end of the index, as the agent's prompt asks ("add a pointer")."""
        keys = {p.key for p in doc.lines()}
        base = entry.name
        key, n = base, 1
        while key in keys:
            n += 1
            key = f"{base}~{n}"
        last = doc.parts[-1] if doc.parts else None
        newline = next((p.end for p in doc.lines() if p.end), "\n")
        if isinstance(last, IndexLine) and not last.end:
            doc.parts[-1] = IndexLine(last.key, last.bullet, last.text, newline, last.line)
        elif isinstance(last, str) and not last.endswith(("\n", "\r")):
            doc.parts[-1] = last + newline
        doc.parts.append(IndexLine(key, entry.bullet, entry.text, newline))
        return key

    def replace(self, doc: IndexDocument, key: str, entry: IndexLine) -> None:
        for i, part in enumerate(doc.parts):
            if isinstance(part, IndexLine) and part.key == key:
                doc.parts[i] = IndexLine(key, entry.bullet, entry.text, part.end, part.line)

    def remove(self, doc: IndexDocument, key: str) -> None:
        doc.parts = [p for p in doc.parts if not (isinstance(p, IndexLine) and p.key == key)]

    def outside(self, doc: IndexDocument) -> object:
        return (doc.bom, tuple(p for p in doc.parts if isinstance(p, str)))

    def state(self, doc: IndexDocument) -> object:
        return (doc.bom, tuple(doc.parts))

    def set_state(self, doc: IndexDocument, state: object) -> None:
        assert isinstance(state, tuple)
        doc.bom, doc.parts = state[0], list(state[1])

    def describe(self, entry: IndexLine) -> str:
        return entry.bullet + entry.text

    def written(self, like: IndexLine, text: str) -> IndexLine:
        return index_line(text, like)

    def fields(self, entry: IndexLine) -> dict[str, Any]:
        return {"content": entry.text, "target": entry.target}

    def merge_entry(self, base: IndexLine, mine: IndexLine, theirs: IndexLine) -> IndexLine | None:
        return None
