"""The structured MEMORY.md of EverBot (and the tiered reviewer memory): a lossless reader and writer.

Layout (SPEC 2.1)::

    # Agent Memory
    <!-- Last updated: ... -->            header comments
    ## Active Memories                    section headings
    ### [id] category | score | date | hits
    <!-- memory_meta: {...} -->           optional, newer agents
    content lines

Unlike the agent, MemDesk never drops or glues text: a line the agent would lose or attach to the
memory above is kept verbatim in a quarantine block and reported as a problem. Unchanged blocks are
written back from the original text, so a save changes only the entries that changed.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path
from typing import Any, Literal

from core.formats.problems import Problem, excerpt
from core.formats.strict_json import load_json
from core.formats.text import BOM, DecodedText, decode, gc_paused, split_lines, to_lf
from core.store.merge import Change

Section = Literal["active", "archived"]

# The agent's header regex, matched against the stripped line.
HEADER_RE = re.compile(r"^###\s+\[(\w+)\]\s+(\w+)\s*\|\s*([\d.]+)\s*\|\s*([\d-]+)\s*\|\s*(\d+)\s*$")
META_RE = re.compile(r"^<!--\s*memory_meta:\s*(\{.*\})\s*-->$")
LAST_PROCESSED_RE = re.compile(r"<!--\s*last_processed_count:\s*(\d+)\s*-->")
HEADER_COMMENT_RE = re.compile(
    r"^<!--\s*(Last updated|Total entries|last_processed_count|memdesk_decayed_to):\s*(.*?)\s*-->$",
    re.IGNORECASE,
)
# MemDesk's own header comment: the day its last decay run decayed every score to. The agent
# reads no comment before the first memory (and drops this one when it rewrites the file, its
# own scores then being what they are); with it, a decay run stays idempotent without the journal.
DECAYED_TO = "memdesk_decayed_to"
# Something meant as an entry header that the agent's regex rejects.
_HEADER_LIKE_RE = re.compile(r"^#{1,6}\s*\[[^\]]*\]|^#{1,6}\s*\S+\s+\S+\s*\|.*\|")
_SECTIONS: dict[str, Section] = {"## active memories": "active", "## archived memories": "archived"}

ARCHIVE_BELOW = 0.2  # the agent's Active/Archived split
_INFINITY = float("inf")


@dataclass(slots=True)
class Entry:
    """One memory as it stands in the file.

    `span` (its place in `source`) is known while the entry is as read; `edited()` copies
    forget it.
    """

    key: str  # unique in the document: the id, or "id~2", "id~3" for repeated ids
    id: str
    category: str
    score: float
    last_activated: str
    activation_count: int
    content: str
    section: Section
    line: int = 0
    score_text: str | None = None
    meta: dict[str, Any] | None = None
    meta_text: str | None = None  # the original memory_meta line (with its line ending)
    gap: str = ""  # blank lines after the entry, kept as found
    start: int = -1  # where its header began in `source`; -1 once edited (an int, not a span
    # tuple: one object fewer per memory for the collector to walk, at 100,000 memories)
    header_text: str | None = field(default=None, repr=False)  # the header line as read
    source: str | None = field(default=None, repr=False)  # the text it was read from (shared)
    body_start: int = 0  # where its text began in `source` (after header and memory_meta)
    stop: int = 0  # where its text ended in `source`
    body_as_read: bool = False  # `content` is the text between body_start and stop

    @property
    def span(self) -> tuple[int, int] | None:
        """Its place in `source` while it is as read (header to the end of its text)."""
        return (self.start, self.stop) if self.start >= 0 else None

    def fields(self) -> dict[str, Any]:
        """The memory's own fields (score at full precision), as the journal records them."""
        return {
            "id": self.id,
            "category": self.category,
            "score": self.score,
            "last_activated": self.last_activated,
            "activation_count": self.activation_count,
            "section": self.section,
            "content": self.content,
        }

    def score_token(self) -> str:
        """The score as it will be written: the file's own token while it still holds this value."""
        if self.score_text is not None and _safe_float(self.score_text) == self.score:
            return self.score_text
        return format(self.score, ".2f")

    def same_memory(self, other: Entry) -> bool:
        """Equal as the file would show them (scores compared at the file's precision)."""
        return (
            self.id == other.id
            and self.category == other.category
            and format(self.score, ".2f") == format(other.score, ".2f")
            and self.last_activated == other.last_activated
            and self.activation_count == other.activation_count
            and self.content == other.content
            and self.section == other.section
            and self.meta == other.meta
        )

    def with_gap(self, gap: str) -> Entry:
        """The same memory (still as read) followed by other blank lines."""
        new = self._copy(self.start)
        new.gap = gap
        return new

    def edited(self, **changes: Any) -> Entry:
        """A changed copy that the writer renders anew (the original text no longer applies)."""
        new = self._copy(-1)
        for name, value in changes.items():
            setattr(new, name, value)
        if new.content != self.content:  # back to the text as read, or away from it
            new.body_as_read = _reads_as(new)
        return new

    def rescored(self, score: float) -> Entry:
        """`edited(score=score)`, for a decay run's 100,000 at once."""
        new = self._copy(-1)
        new.score = score
        return new

    def _copy(self, start: int) -> Entry:
        # Positional copy: dataclasses.replace is 10x slower, and decay edits 100,000 at once.
        return Entry(
            self.key, self.id, self.category, self.score, self.last_activated,
            self.activation_count, self.content, self.section, self.line, self.score_text,
            self.meta, self.meta_text, self.gap, start, self.header_text,
            self.source, self.body_start, self.stop, self.body_as_read,
        )  # fmt: skip


@dataclass(slots=True)
class Raw:
    """Text that is not a memory: header block, section headings, blank lines or quarantine."""

    kind: Literal["structure", "quarantine"]
    text: str
    line: int
    section: Section | None = None  # set on a section heading


Block = Entry | Raw


@dataclass
class StructuredDocument:
    """A parsed structured MEMORY.md: blocks in file order, rendering back to the exact input."""

    path: str
    text: str  # the decoded source, without BOM
    bom: bool
    newline: str
    blocks: list[Block]
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    last_processed_count: int = 0
    uses_meta: bool = False
    _by_key: dict[str, int] | None = field(default=None, repr=False, compare=False)

    # -- reading -------------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        return [b for b in self.blocks if isinstance(b, Entry)]

    def iter_entries(self) -> Iterator[Entry]:
        return (b for b in self.blocks if isinstance(b, Entry))

    def find(self, key: str) -> Entry | None:
        index = self._positions().get(key)
        return None if index is None else self.blocks[index]  # type: ignore[return-value]

    def snapshot(self) -> list[Block]:
        """The blocks as they are now; blocks are never changed in place, so this is a true copy."""
        return list(self.blocks)

    def restore(self, blocks: list[Block]) -> None:
        self.blocks = list(blocks)
        self._by_key = None

    def header_comments(self) -> dict[str, str]:
        """The agent's header comments (Last updated, Total entries, ...) before the first memory."""
        found: dict[str, str] = {}
        for block in self.blocks:
            if isinstance(block, Entry):
                break
            for line in block.text.splitlines():
                m = HEADER_COMMENT_RE.match(line.strip())
                if m is not None:
                    found.setdefault(m.group(1), m.group(2))
        return found

    # -- writing -------------------------------------------------------------------------------
    def with_header_comment(self, name: str, value: str) -> StructuredDocument:
        """A copy with the header comment `name` set to `value`: its line replaced where the
        file has one, else added after the last header comment (or the title, or first)."""
        line = f"<!-- {name}: {value} -->"
        blocks = list(self.blocks)
        after = 0
        for i, block in enumerate(blocks):
            if isinstance(block, Entry):
                break
            first = _first_line(block.text)
            m = HEADER_COMMENT_RE.match(first.strip())
            if m is not None and m.group(1).lower() == name.lower():
                blocks[i] = replace(block, text=line + block.text[len(first) :])
                return self._with_blocks(blocks)
            if m is not None or (block.kind == "structure" and first.startswith("# ")):
                after = i + 1
        if not after:
            blocks.insert(0, Raw("structure", line + self.newline, 0))
            return self._with_blocks(blocks)
        before = blocks[after - 1]
        assert isinstance(before, Raw)
        first = _first_line(before.text)
        rest = before.text[len(first) :]
        ending = "\r\n" if rest.startswith("\r\n") else rest[:1] or self.newline
        blocks[after - 1] = replace(before, text=first + ending)
        blocks.insert(after, Raw("structure", line + ending + rest[len(ending) :], before.line + 1))
        return self._with_blocks(blocks)

    def _with_blocks(self, blocks: list[Block]) -> StructuredDocument:
        return replace(self, blocks=blocks, _by_key=None)

    def render(self) -> str:
        """The file's text (without BOM): unchanged blocks verbatim, changed entries rendered anew."""
        parts: list[str] = []
        nl = self.newline
        for block in self.blocks:
            if isinstance(block, Raw):
                chunk = block.text
            elif block.start >= 0 and block.source is not None:
                chunk = block.source[block.start : block.stop] + block.gap
            else:
                chunk = render_entry(block, nl) + block.gap
            if parts and chunk and not parts[-1].endswith(("\n", "\r")):
                parts.append(nl)
            parts.append(chunk)
        return "".join(parts)

    def to_bytes(self) -> bytes:
        return ((BOM if self.bom else "") + self.render()).encode("utf-8")

    def replace_entry(self, key: str, new: Entry) -> None:
        index = self._index(key)
        old = self.blocks[index]
        assert isinstance(old, Entry)
        if new.key != key:
            raise ValueError(f"replacing memory {key} by one keyed {new.key}: keys are fixed")
        if new.section != old.section:
            del self.blocks[index]
            self._by_key = None
            self._fix_gap_after_removal(index)
            self.insert_entry(new)
        else:
            self.blocks[index] = new if new.gap == old.gap else new.with_gap(old.gap)

    def replace_current(self, changes: Sequence[Change[Entry]]) -> bool:
        """Each change's entry in its place, in one pass: when the changes come in file order
        and each replaces the very entry held now by one of the same key, section and gap (a
        decay run's 100,000). Else nothing changes and the answer is False."""
        blocks, places, i, end = self.blocks, [], 0, len(self.blocks)
        for ch in changes:
            before, after = ch.before, ch.after
            if (
                before is None
                or after is None
                or before.key != ch.key
                or after.key != ch.key
                or after.section != before.section
                or after.gap != before.gap
            ):
                return False
            while i < end and blocks[i] is not before:
                i += 1
            if i == end:  # not held now, or not in file order
                return False
            places.append(i)
            i += 1
        for index, ch in zip(places, changes, strict=True):
            blocks[index] = ch.after  # type: ignore[assignment]  # checked above: not None
        return True

    def delete_entry(self, key: str) -> Entry:
        index = self._index(key)
        old = self.blocks.pop(index)
        self._by_key = None
        assert isinstance(old, Entry)
        self._fix_gap_after_removal(index)
        return old

    def insert_entry(self, entry: Entry) -> None:
        """Add a memory at the end of its section, creating the section heading when needed."""
        if self.find(entry.key) is not None:
            raise ValueError(f"a memory with key {entry.key} is already in {self.path}")
        index = self._section_end(entry.section)
        self._blank_line_before(index)
        self.blocks.insert(index, entry.with_gap(self.newline if index < len(self.blocks) else ""))
        self._by_key = None

    # -- helpers -------------------------------------------------------------------------------
    def _index(self, key: str) -> int:
        index = self._positions().get(key)
        if index is None:
            raise KeyError(f"no memory {key} in {self.path}")
        return index

    def _positions(self) -> dict[str, int]:
        """Block index of every memory key, rebuilt after blocks were inserted or removed."""
        if self._by_key is None:
            self._by_key = {b.key: i for i, b in enumerate(self.blocks) if isinstance(b, Entry)}
        return self._by_key

    def _fix_gap_after_removal(self, index: int) -> None:
        if index == len(self.blocks) and index > 0:
            prev = self.blocks[index - 1]
            if isinstance(prev, Entry):
                self.blocks[index - 1] = prev.with_gap("")

    def _section_end(self, section: Section) -> int:
        """Where a new memory of this section goes: after the section's last block."""
        headings = [i for i, b in enumerate(self.blocks) if isinstance(b, Raw) and b.section]
        if not headings:
            return len(self.blocks)  # bare entries without sections: append
        for n, i in enumerate(headings):
            heading = self.blocks[i]
            if isinstance(heading, Raw) and heading.section == section:
                return headings[n + 1] if n + 1 < len(headings) else len(self.blocks)
        return self._add_heading(section)

    def _add_heading(self, section: Section) -> int:
        title = "## Active Memories" if section == "active" else "## Archived Memories"
        index = len(self.blocks)
        if section == "active":
            for i, block in enumerate(self.blocks):
                if isinstance(block, Raw) and block.section == "archived":
                    index = i
                    break
        self._blank_line_before(index)
        nl = self.newline
        self.blocks.insert(index, Raw("structure", title + nl + nl, 0, section))
        self._by_key = None
        return index + 1

    def _blank_line_before(self, index: int) -> None:
        """Make the text before block `index` end with a blank line, as the agent separates blocks."""
        if index == 0:
            return
        prev, nl = self.blocks[index - 1], self.newline
        if isinstance(prev, Entry):
            if not prev.gap:
                self.blocks[index - 1] = prev.with_gap(nl)
        elif prev.text and _BLANK_END_RE.search(prev.text) is None:
            text = prev.text + (nl if prev.text.endswith(("\n", "\r")) else nl + nl)
            self.blocks[index - 1] = Raw(prev.kind, text, prev.line, prev.section)


_BLANK_END_RE = re.compile(r"(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)\Z")


# ---------------------------------------------------------------------------------------------
# Rendering


def _first_line(text: str) -> str:
    """The text up to its first line ending."""
    return re.match(r"[^\r\n]*", text).group()  # type: ignore[union-attr]


def render_header(entry: Entry) -> str:
    """The header line; the original one (odd spacing and all) while its fields are unchanged."""
    token = entry.score_token()
    if entry.header_text is not None and token in entry.header_text:  # else the score changed
        fields = (
            entry.id,
            entry.category,
            token,
            entry.last_activated,
            str(entry.activation_count),
        )
        m = HEADER_RE.match(entry.header_text.strip())
        if m is not None and (*m.groups()[:4], str(int(m.group(5)))) == fields:
            return entry.header_text.rstrip("\r\n")
    return f"### [{entry.id}] {entry.category} | {token} | {entry.last_activated} | {entry.activation_count}"


def render_meta(meta: dict[str, Any]) -> str:
    return f"<!-- memory_meta: {json.dumps(meta, ensure_ascii=False, separators=(',', ':'))} -->"


def render_entry(entry: Entry, nl: str = "\n") -> str:
    """A changed entry: header, memory_meta line if it has one, content; lines end with `nl`."""
    if entry.meta_text is None and entry.meta is None:  # most memories: header and text
        body = _original_body(entry)
        if body is not None:
            return render_header(entry) + nl + body
    lines = [render_header(entry)]
    original = entry.meta_text.rstrip("\r\n") if entry.meta_text is not None else None
    if entry.meta is not None:
        same = original is not None and entry.meta == _meta_of_line(original)
        lines.append(original if same and original else render_meta(entry.meta))
    elif original is not None:
        lines.append(original)
    body = _original_body(entry)
    if body is not None:
        return nl.join(lines) + nl + body  # only the header or meta changed: text as it was
    if entry.content:
        lines.extend(entry.content.split("\n"))
    return nl.join(lines) + nl


def _original_body(entry: Entry) -> str | None:
    """The memory's text exactly as read (indentation, trailing spaces, line ends) if unchanged:
    the parser reads `content` from it, and `edited()` notes whether a new content still reads
    as it (a decay run renders 100,000 rescored memories without comparing their texts)."""
    if not entry.body_as_read or entry.source is None or entry.stop <= entry.body_start:
        return None
    return entry.source[entry.body_start : entry.stop]


def _reads_as(entry: Entry) -> bool:
    """Whether the memory's text as read holds its content."""
    if entry.source is None or entry.stop <= entry.body_start:
        return False
    return to_lf(entry.source[entry.body_start : entry.stop]).strip() == entry.content


def checked_content(text: str) -> str:
    """A memory's new text as it is written (universal newlines, stripped).

    ValueError for a line that would not be read back as part of it: a heading (`# `, `## `),
    which the agent drops, a memory header, where the agent starts another memory, or a
    memory_meta comment, which the newer agent takes as the memory's metadata.
    """
    content = to_lf(text).strip()
    for n, line in enumerate(content.split("\n"), start=1):
        s = line.strip()
        if s.startswith(("# ", "## ")):
            raise ValueError(f"line {n} of the memory is a heading: the agent drops such lines")
        if s.startswith("#") and _ends_text(s):
            raise ValueError(
                f"line {n} of the memory looks like a memory header: it would not be read "
                "back as part of this memory"
            )
        if META_RE.match(s):
            raise ValueError(
                f"line {n} of the memory is a memory_meta comment: the agent reads it as the "
                "memory's metadata, not its text"
            )
    return content


HEAD_META_DEFAULTS: dict[str, Any] = {
    "status": "active",
    "supersedes": [],
    "superseded_by": [],
    "source_session": "",
}


def normalize(
    entries: Sequence[Entry],
    *,
    last_processed_count: int = 0,
    now: datetime | None = None,
    with_meta: bool = False,
) -> str:
    """The agent's canonical file for these entries, byte for byte as its writer makes it.

    Unlike the agent's save, nothing is dropped (no score floor, no cap of 30): MemDesk lists
    those memories as forgotten at the agent's next save instead.
    """
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")

    def archived(e: Entry) -> bool:
        return e.score < ARCHIVE_BELOW or (
            with_meta and (e.meta or {}).get("status") == "superseded"
        )

    active = sorted((e for e in entries if not archived(e)), key=lambda e: e.score, reverse=True)
    old = sorted((e for e in entries if archived(e)), key=lambda e: e.score, reverse=True)
    lines = [
        "# Agent Memory",
        "",
        f"<!-- Last updated: {stamp} -->",
        f"<!-- Total entries: {len(active) + len(old)} -->",
        f"<!-- last_processed_count: {last_processed_count} -->",
        "",
    ]
    for title, group in (("## Active Memories", active), ("## Archived Memories", old)):
        if group:
            lines += [title, ""]
            lines += [_canonical_entry(e, with_meta) for e in group]
    return "\n".join(lines)


def _canonical_entry(entry: Entry, with_meta: bool) -> str:
    date = entry.last_activated[:10] if len(entry.last_activated) >= 10 else entry.last_activated
    header = (
        f"### [{entry.id}] {entry.category} | {entry.score:.2f} | {date} | {entry.activation_count}"
    )
    if not with_meta:
        return f"{header}\n{entry.content}\n"
    meta = {**HEAD_META_DEFAULTS, **(entry.meta or {})}
    return f"{header}\n{render_meta(meta)}\n{entry.content}\n"


# ---------------------------------------------------------------------------------------------
# Parsing

# Line classes. Lines of class >= _HEADER end a memory's text ("stops").
_TEXT, _HEADER, _BAD, _SECTION, _DROPPED = range(5)
# Only a line starting with '#' or indentation can be anything but text.
_MAYBE_SPECIAL = frozenset("#") | {chr(c) for c in range(0x3001) if chr(c).isspace()} - {"\r", "\n"}


def parse(
    data: bytes | str,
    path: Path | str = "MEMORY.md",
    *,
    archive_below: float | None = ARCHIVE_BELOW,
) -> StructuredDocument:
    """Parse a structured MEMORY.md without losing a byte. Raises InputError for undecodable input."""
    decoded = decode(data, path) if isinstance(data, bytes) else decode(data.encode(), "<text>")
    with gc_paused():
        return _Parser(decoded, str(path), archive_below).run()


# A line indented before its '#' (with any whitespace str.isspace knows, as UTF-8): only the
# line-by-line parser reads it as the agent does.
_SPACE = (
    rb"(?:[ \t\x0b\x0c\x1c-\x1f]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]"
    rb"|\xe2\x81\x9f|\xe3\x80\x80)+#"
)
_INDENTED_HASH, _INDENTED_HASH_FIRST = re.compile(rb"\n" + _SPACE), re.compile(_SPACE)


def entries_with_id(
    data: bytes, id_: str, path: str = "MEMORY.md", *, archive_below: float | None = ARCHIVE_BELOW
) -> list[Entry] | None:
    """The memories with this id, in file order, found by their headers alone.

    `memdesk show` on a million memories reads one memory without parsing the file. Each entry
    equals the one `parse` gives (a property test compares them), except `start`, `source`,
    `body_start` and `stop`, which refer to the memory's own text, and `key` (the id). None when
    the file's shape needs the whole parse: a BOM, \r line ends, a line indented before '#'.
    Raises UnicodeDecodeError where the memory's own lines are not UTF-8.
    """
    if not _read_by_headers(data):
        return None
    needle = f"[{id_}]".encode()
    found = []
    at = data.find(needle)
    while at >= 0:
        start = data.rfind(b"\n", 0, at) + 1
        end = _line_end(data, at)
        entry = _entry_at(data, start, end, id_, path, archive_below)
        if entry is not None:
            found.append(entry)
        at = data.find(needle, end)
    return found


_HEADER_LINE = re.compile(rb"^###[^\n]*", re.MULTILINE)


def scores_by_key(data: bytes) -> dict[str, float] | None:
    """Every memory's score by key, found by the headers alone (a backup's scores for the
    score history, at a fraction of the whole parse). Equals `{e.key: e.score}` of `parse`
    (a property test compares them); None when the file's shape needs the whole parse or a
    header line is not UTF-8."""
    if not _read_by_headers(data):
        return None
    scores: dict[str, float] = {}
    seen: dict[str, int] = {}
    for hit in _HEADER_LINE.finditer(data):
        try:
            m = HEADER_RE.match(hit.group().decode().strip())
        except UnicodeDecodeError:
            return None
        if m is None:
            continue
        try:
            score, _hits = float(m.group(3)), int(m.group(5))
        except ValueError:
            continue
        if score == _INFINITY:
            continue
        id_ = m.group(1)
        n = seen[id_] = seen.get(id_, 0) + 1
        scores[id_ if n == 1 else f"{id_}~{n}"] = score
    return scores


_shape_seen: tuple[bytes, bool] | None = None  # `show` looks into one file twice


def _read_by_headers(data: bytes) -> bool:
    """Whether memories can be found by their headers alone: no BOM, no \r line ends, no line
    indented before '#'."""
    global _shape_seen
    if _shape_seen is not None and _shape_seen[0] is data:
        return _shape_seen[1]
    fits = not (
        data.startswith(BOM.encode())
        or b"\r" in data
        or _INDENTED_HASH_FIRST.match(data)
        or _INDENTED_HASH.search(data)
    )
    _shape_seen = (data, fits)
    return fits


def _line_end(data: bytes, at: int) -> int:
    end = data.find(b"\n", at)
    return len(data) if end < 0 else end + 1


def _entry_at(
    data: bytes, start: int, end: int, id_: str, path: str, archive_below: float | None
) -> Entry | None:
    """The memory whose header is the line data[start:end], if it is a header of `id_`."""
    m = HEADER_RE.match(data[start:end].decode())
    if m is None or m.group(1) != id_:
        return None
    text = data[start : _next_stop(data, end)].decode()
    parsed = _Parser(DecodedText(text, False, "\n", False), path, archive_below).run().entries()
    if not parsed:
        return None  # a score the agent's regex takes but that is no number: not a memory
    entry = parsed[0]
    entry.line += data.count(b"\n", 0, start)
    entry.section = _section_before(data, start) or entry.section
    return entry


def _next_stop(data: bytes, at: int) -> int:
    """Where the line at `at` or the first line after it that ends a memory's text starts."""
    hit = data.find(b"\n#", at - 1)
    while hit >= 0:
        end = _line_end(data, hit + 1)
        if _ends_text(data[hit + 1 : end].decode(errors="replace").strip()):
            return hit + 1
        hit = data.find(b"\n#", end - 1)
    return len(data)


def _ends_text(s: str) -> bool:
    """Whether a line (stripped, starting with '#') is one `_Parser` stops a memory's text at."""
    return (
        HEADER_RE.match(s) is not None
        or _HEADER_LIKE_RE.match(s) is not None
        or s.lower() in _SECTIONS
        or s.startswith(("# ", "## "))
    )


def _section_before(data: bytes, at: int) -> Section | None:
    """The section heading the memory at `at` is under (a heading is a line '## ...')."""
    hit = data.rfind(b"\n## ", 0, at)
    while True:
        start = hit + 1 if hit >= 0 else 0
        if hit >= 0 or data.startswith(b"## "):
            line = data[start : _line_end(data, start)].decode(errors="replace")
            section = _SECTIONS.get(line.strip().lower())
            if section is not None:
                return section
        if hit < 0:
            return None
        hit = data.rfind(b"\n## ", 0, hit)


class _Parser:
    def __init__(self, decoded: DecodedText, path: str, archive_below: float | None) -> None:
        self.d = decoded
        self.text = decoded.text
        self.has_cr = "\r" in decoded.text
        self.path = path
        self.archive_below = archive_below
        self.lines = split_lines(decoded.text)
        self.starts = [0, *accumulate(map(len, self.lines))]
        self.blocks: list[Block] = []
        self.problems: list[Problem] = []
        self.matches: dict[int, re.Match[str]] = {}
        self.bad_reason: dict[int, str] = {}
        self.preamble_section: Section | None = None  # the last section heading before any memory
        self.candidates: list[int] = []
        self.flagged: list[Entry] = []  # memories without text or with a broken memory_meta
        self.uses_meta = False
        self.entries: list[Entry] = []
        self.classes = self._classify()

    # -- pass 1: what each line is ---------------------------------------------------------------
    def _classify(self) -> bytearray:
        """Class of every line; only lines starting with '#' or indentation need a look."""
        lines, matches, match = self.lines, self.matches, HEADER_RE.match
        classes = bytearray(len(lines))  # _TEXT
        self.candidates = [i for i, line in enumerate(lines) if line[0] in _MAYBE_SPECIAL]
        for i in self.candidates:
            line = lines[i]
            m = match(line) if line.startswith("###") else None  # \s*$ takes the line end
            if m is not None:
                matches[i] = m
                classes[i] = _HEADER
            else:
                classes[i] = self._classify_special(i, line)
        return classes

    def _blank(self, i: int) -> bool:
        return self.lines[i].isspace()

    def _classify_special(self, i: int, line: str) -> int:
        s = line.strip()
        if not s or s[0] != "#":
            return _TEXT  # blank lines are told apart by _blank()
        if s.startswith("###"):
            m = HEADER_RE.match(s)
            if m is not None:
                self.matches[i] = m
                return _HEADER
        if _HEADER_LIKE_RE.match(s):
            self.bad_reason[i] = _explain_bad_header(s)
            return _BAD
        if s.lower() in _SECTIONS:
            return _SECTION
        if s.startswith(("# ", "## ")):
            return _DROPPED
        return _TEXT

    # -- pass 2: blocks, walking from stop to stop -----------------------------------------------
    def run(self) -> StructuredDocument:
        n, classes = len(self.lines), self.classes
        stops = [i for i in self.candidates if classes[i] >= _HEADER]
        stops.append(n)
        first = self._preamble(stops)
        section = self.preamble_section
        add_block, add_entry, make_entry = self.blocks.append, self.entries.append, self._entry
        for k in range(first, len(stops) - 1):
            i, nxt = stops[k], stops[k + 1]
            cls = classes[i]
            if cls == _HEADER:
                entry = make_entry(i, nxt, section)
                if entry is None:
                    self._quarantine(i, nxt, after_entries=True)
                else:
                    add_block(entry)
                    add_entry(entry)
            elif cls == _SECTION:
                section = _SECTIONS[self.lines[i].strip().lower()]
                end = self._skip_blank(i + 1, nxt)
                self.blocks.append(Raw("structure", self._slice(i, end), i + 1, section))
                if end < nxt:
                    self._quarantine(end, nxt, after_entries=True)
            else:
                self._quarantine(i, nxt, after_entries=True)
        return self._finish()

    def _preamble(self, stops: list[int]) -> int:
        """Title, header comments, section headings and blanks before the first memory.

        Returns the index in `stops` of the first memory header.
        """
        k = 0
        while k < len(stops) - 1 and self.classes[stops[k]] != _HEADER:
            k += 1
        first, i = stops[k], 0
        title_seen = False
        while i < first:
            cls = self.classes[i]
            s = self.lines[i].strip()
            structural = not s or cls == _SECTION or HEADER_COMMENT_RE.match(s) is not None
            if cls == _DROPPED and not title_seen and s.startswith("# "):
                structural = title_seen = True
            if structural:
                end = self._skip_blank(i + 1, first)
                section = _SECTIONS.get(s.lower()) if cls == _SECTION else None
                self.blocks.append(Raw("structure", self._slice(i, end), i + 1, section))
                self.preamble_section = section or self.preamble_section
            else:
                end = i + 1
                while end < first and self.classes[end] < _HEADER:
                    if HEADER_COMMENT_RE.match(self.lines[end].strip()):
                        break
                    end += 1
                self._quarantine(i, end, after_entries=False)
            i = end
        return k

    def _entry(self, i: int, end: int, section: Section | None) -> Entry | None:
        """The memory whose header is line i and whose text runs to line `end` (hot path).

        None when a number passes the agent's regex but is no usable number (`0.5.1`, a score
        too large for a float, hits of more digits than Python reads).
        """
        lines, starts, text = self.lines, self.starts, self.text
        id_, category, score_text, date, count = self.matches[i].groups()
        try:
            score, hits = float(score_text), int(count)
        except ValueError:
            score = _INFINITY  # no usable number either way
        if score == _INFINITY:
            self._unusable(i, score_text, count)
            return None
        last = end
        while last > i + 1 and lines[last - 1].isspace():
            last -= 1
        body = i + 1
        meta: dict[str, Any] | None = None
        meta_text: str | None = None
        if body < last and lines[body].find("<!--", 0, 64) >= 0:
            mm = META_RE.match(lines[body].strip())
            if mm is not None:
                meta_text = lines[body]
                meta = _load_meta(mm.group(1))
                body += 1
                self.uses_meta = True
        stop = starts[last]
        if body < last:
            content = text[starts[body] : stop]
            content = (to_lf(content) if self.has_cr else content).strip()
        else:
            content = ""
        if section is None:
            below = self.archive_below is not None and score < self.archive_below
            section = "archived" if below else "active"
        gap = text[stop : starts[end]]
        body_start = starts[body]
        entry = Entry(
            id_, id_, category, score, date, hits, content, section, i + 1,
            score_text, meta, meta_text, gap, starts[i], lines[i],
            text, body_start, stop, True,
        )  # fmt: skip
        if not content or (meta is None and meta_text is not None):
            self.flagged.append(entry)
        return entry

    def _unusable(self, i: int, score_text: str, count: str) -> None:
        """A header whose numbers the agent cannot use: kept as text and reported."""
        self.classes[i] = _BAD
        self.bad_reason[i] = _number_problem(score_text, count)

    def _quarantine(self, i: int, end: int, *, after_entries: bool) -> None:
        """Text the agent would drop or glue onto a neighbour: kept verbatim, reported."""
        last = end
        while last > i + 1 and self._blank(last - 1):
            last -= 1
        self.blocks.append(Raw("quarantine", self._slice(i, end), i + 1))
        self.problems.append(self._quarantine_problem(i, last, after_entries))

    def _quarantine_problem(self, i: int, last: int, after_entries: bool) -> Problem:
        cls = self.classes[i]
        prev = self.entries[-1] if self.entries else None
        glued = (
            f"the agent reads it as part of memory [{prev.id}]" if prev else "the agent ignores it"
        )
        if cls == _BAD:
            kind, what = (
                "bad_header",
                f"looks like a memory header but {self.bad_reason[i]}; {glued}",
            )
        elif cls == _DROPPED:
            kind = "stray_heading"
            what = "a heading among the memories: the agent deletes this line at its next save"
            if last > i + 1:
                below = (
                    f"reads the lines below it as part of memory [{prev.id}]"
                    if prev
                    else "ignores the lines below it"
                )
                what += f" and {below}"
        elif not after_entries:
            kind = "stray_text"
            what = (
                "text before the first memory: the agent ignores it and drops it at its next save"
            )
        else:
            kind, what = "stray_text", f"text outside any memory: {glued}"
        text = to_lf(self._slice(i, last))
        return Problem(self.path, i + 1, last, kind, what, text)

    def _skip_blank(self, i: int, limit: int) -> int:
        while i < limit and self._blank(i):
            i += 1
        return i

    def _slice(self, i: int, end: int) -> str:
        return self.text[self.starts[i] : self.starts[end]]

    # -- after the blocks ------------------------------------------------------------------------
    def _finish(self) -> StructuredDocument:
        entries = self.entries
        self._keys_and_duplicates(entries)
        for e in self.flagged:
            self._entry_problems(e)
        last_processed_count = self._last_processed_count()
        self.problems.sort(key=lambda p: p.line)
        return StructuredDocument(
            path=self.path,
            text=self.d.text,
            bom=self.d.bom,
            newline=self.d.newline,
            blocks=self.blocks,
            problems=self.problems,
            warnings=self._warnings(),
            last_processed_count=last_processed_count,
            uses_meta=self.uses_meta,
        )

    def _last_processed_count(self) -> int:
        """The first last_processed_count comment's number (0 without one), as the agent reads it."""
        m = LAST_PROCESSED_RE.search(self.text)
        if m is None:
            return 0
        try:
            return int(m.group(1))
        except ValueError:
            line = bisect_right(self.starts, m.start())
            what = f"last_processed_count '{excerpt(m.group(1))}' is too long a number "
            what += "(the agent fails to load this file)"
            self.problems.append(Problem(self.path, line, line, "bad_header", what))
            return 0

    def _entry_problems(self, e: Entry) -> None:
        if not e.content:
            what = f"memory [{e.id}] has no text: the agent drops it when it loads the file"
            self.problems.append(Problem(self.path, e.line, e.line, "empty_entry", what))
        if e.meta is None and e.meta_text is not None:
            line = e.line + 1
            what = f"the memory_meta of [{e.id}] is not a JSON object MemDesk can read; kept as written"
            self.problems.append(Problem(self.path, line, line, "bad_meta", what, e.meta_text))

    def _keys_and_duplicates(self, entries: Sequence[Entry]) -> None:
        ids = [e.id for e in entries]
        if len(set(ids)) == len(ids):
            return
        repeated = {id_ for id_, n in Counter(ids).items() if n > 1}
        seen: dict[str, list[Entry]] = {}
        for e in entries:
            if e.id in repeated:
                group = seen.setdefault(e.id, [])
                group.append(e)
                if len(group) > 1:
                    e.key = f"{e.id}~{len(group)}"
        for id_, group in seen.items():
            lines = ", ".join(str(e.line) for e in group)
            for e in group:
                self.problems.append(
                    Problem(
                        self.path,
                        e.line,
                        e.line,
                        "duplicate_id",
                        f"id [{id_}] is used by {len(group)} memories (lines {lines}); "
                        "all are kept, none merged",
                    )
                )

    def _warnings(self) -> list[Problem]:
        out = []
        if self.d.bom:
            out.append(
                Problem(
                    self.path,
                    1,
                    1,
                    "bom",
                    "the file starts with a UTF-8 BOM: kept as found "
                    "(the agent misreads a header right after it)",
                    severity="warning",
                )
            )
        if self.d.newline != "\n" or self.d.mixed_newlines:
            kind = "mixed newlines" if self.d.mixed_newlines else repr(self.d.newline)
            out.append(
                Problem(
                    self.path,
                    1,
                    1,
                    "line_endings",
                    f"line endings are {kind}: kept as found (the agent rewrites them as \\n)",
                    severity="warning",
                )
            )
        return out


def _number_problem(score_text: str, count: str) -> str:
    score = _safe_float(score_text)
    if score is None:
        return f"score '{excerpt(score_text)}' is not a number (the agent fails to load this file)"
    if score == _INFINITY:
        return (
            f"score '{excerpt(score_text)}' is too large for a number: the agent takes it as "
            "infinity and saves 'inf', which it cannot read back"
        )
    return f"hits '{excerpt(count)}' is too long a number (the agent fails to load this file)"


def _safe_float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _meta_of_line(line: str) -> dict[str, Any] | None:
    m = META_RE.match(line.strip())
    return _load_meta(m.group(1)) if m is not None else None


def _load_meta(raw: str) -> dict[str, Any] | None:
    try:
        value = load_json(raw)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _explain_bad_header(s: str) -> str:
    hashes = len(s) - len(s.lstrip("#"))
    if hashes != 3:
        return f"starts with {hashes} '#' instead of 3"
    rest = s[3:]
    if not rest[:1].isspace():
        return "has no space after '###'"
    parts = [p.strip() for p in rest.split("|")]
    if len(parts) != 4:
        return f"has {len(parts)} fields separated by '|' instead of 4 (id+category, score, date, hits)"
    head = re.match(r"^\[(\w+)\]\s+(\w+)$", parts[0])
    if head is None:
        return "needs '[id] category' with letters, digits or _ only"
    if _safe_float(parts[1]) is None or not re.fullmatch(r"[\d.]+", parts[1]):
        return f"score '{parts[1]}' is not a number from 0 up"
    if not re.fullmatch(r"[\d-]+", parts[2]):
        return f"date '{parts[2]}' must be YYYY-MM-DD"
    if not re.fullmatch(r"\d+", parts[3]):
        return f"hits '{parts[3]}' must be a whole number"
    return "does not match the agent's header pattern"


# ---------------------------------------------------------------------------------------------
# The store's view of the file (core.store.merge.Format)


class StructuredFormat:
    """The structured MEMORY.md as keyed entries: the key is the memory's id (id~2 if repeated)."""

    read_only = False
    rekeys = False  # an id is the memory's identity: the same id created twice is a conflict

    def __init__(self, path: str, *, archive_below: float | None = ARCHIVE_BELOW) -> None:
        self.path = path
        self.archive_below = archive_below

    def parse(self, data: bytes | None) -> StructuredDocument:
        return parse(data or b"", self.path, archive_below=self.archive_below)

    def render(self, doc: StructuredDocument) -> bytes:
        return doc.to_bytes()

    def entries(self, doc: StructuredDocument) -> Iterator[Entry]:
        return doc.iter_entries()

    def key(self, entry: Entry) -> str:
        return entry.key

    def label(self, entry: Entry) -> str:
        return entry.id

    def line(self, entry: Entry) -> int:
        return entry.line

    def content(self, entry: Entry) -> str:
        return entry.content

    def find(self, doc: StructuredDocument, key: str) -> Entry | None:
        return doc.find(key)

    def same(self, a: Entry, b: Entry) -> bool:
        return a.same_memory(b)

    def insert(self, doc: StructuredDocument, entry: Entry) -> str:
        doc.insert_entry(entry)
        return entry.key

    def replace(self, doc: StructuredDocument, key: str, entry: Entry) -> None:
        doc.replace_entry(key, entry)

    def remove(self, doc: StructuredDocument, key: str) -> None:
        doc.delete_entry(key)

    def replace_current(self, doc: StructuredDocument, changes: Sequence[Change[Entry]]) -> bool:
        return doc.replace_current(changes)

    def entry_heading(self, line: str) -> str | None:
        """The key a line starting a memory gives it (before any `~N` of a repeated one), ""
        for a section heading, else None: how a file too big to parse whole is read a memory
        at a time (core.store.backups_view.memory_pieces)."""
        if line.startswith(("# ", "## ")):
            return ""
        found = HEADER_RE.match(line.strip())
        return None if found is None else found.group(1)

    def keys_in(self, data: bytes) -> set[str] | None:
        """The memories' keys in a version of the file, by its headers alone (None: it needs
        the whole parse)."""
        scores = scores_by_key(data)
        return None if scores is None else set(scores)

    def outside(self, doc: StructuredDocument) -> object:
        return [b.text for b in doc.blocks if isinstance(b, Raw)]

    def state(self, doc: StructuredDocument) -> object:
        return doc.snapshot()

    def set_state(self, doc: StructuredDocument, state: object) -> None:
        assert isinstance(state, list)
        doc.restore(state)

    def describe(self, entry: Entry) -> str:
        return f"[{entry.category} · {entry.score:.2f}]\n{entry.content}"

    def written(self, like: Entry, text: str) -> Entry:
        content = checked_content(text)
        if not content:
            raise ValueError("a memory needs some text (delete it instead)")
        return like.edited(content=content)

    def fields(self, entry: Entry) -> dict[str, Any]:
        return entry.fields()

    def merge_entry(self, base: Entry, mine: Entry, theirs: Entry) -> Entry | None:
        return None
