"""The EverBot MEMORY.md document model: entries, quarantined raw blocks, header comments, and
rendering them back (the agent's own writer included). Parsing is in core.agents.everbot.format."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from core.formats.problems import Problem
from core.formats.strict_json import load_json
from core.formats.text import BOM, gc_paused, to_lf
from core.messages import say
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
HEADER_LIKE_RE = re.compile(r"^#{1,6}\s*\[[^\]]*\]|^#{1,6}\s*\S+\s+\S+\s*\|.*\|")
SECTION_HEADINGS: dict[str, Section] = {
    "## active memories": "active",
    "## archived memories": "archived",
}

ARCHIVE_BELOW = 0.2  # the agent's Active/Archived split
INFINITY = float("inf")


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
        if self.score_text is not None and safe_float(self.score_text) == self.score:
            return self.score_text
        return format(self.score, ".2f")

    def written_score(self) -> float:
        """`float(self.score_token())`: the score as the agent reads it back from the file."""
        if self.score_text is not None and safe_float(self.score_text) == self.score:
            return self.score
        return float(format(self.score, ".2f"))

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


@dataclass(frozen=True, slots=True)
class Memories:
    """Each memory's id, score as the file shows it, section, line, whether it has text and
    its memory_meta status, in file order: what `memdesk check` reads of a million memories,
    without an `Entry` for each."""

    ids: list[str]
    written_scores: list[float]  # as the agent reads them back (`Entry.written_score`)
    sections: list[Section]
    lines: list[int]
    with_text: list[bool]
    statuses: list[str | None]  # memory_meta's "status"
    last_activated: list[str]

    @classmethod
    def of(cls, entries: Sequence[Entry]) -> Memories:
        return cls(
            [e.id for e in entries],
            [e.written_score() for e in entries],
            [e.section for e in entries],
            [e.line for e in entries],
            [bool(e.content) for e in entries],
            [None if e.meta is None else e.meta.get("status") for e in entries],
            [e.last_activated for e in entries],
        )


@dataclass(frozen=True, slots=True)
class Listed:
    """What `memdesk list` shows of each memory, in file order: from the columns of a document
    read by its headers, a million memories print without an `Entry` for each."""

    keys: list[str]
    categories: list[str]
    scores: list[float]
    dates: list[str]
    counts: list[int]
    sections: list[Section]
    first_lines: list[str]  # the first line of each memory's text

    @classmethod
    def of(cls, entries: Sequence[Entry]) -> Listed:
        return cls(
            [e.key for e in entries],
            [e.category for e in entries],
            [e.score for e in entries],
            [e.last_activated for e in entries],
            [e.activation_count for e in entries],
            [e.section for e in entries],
            [e.content.partition("\n")[0] for e in entries],
        )


class Unread(Protocol):
    """A document read by its headers alone: its blocks are made when first asked for."""

    def blocks(self) -> list[Block]: ...

    def preamble(self) -> list[Block]:
        """The blocks before the first memory."""
        ...

    def memories(self) -> Memories: ...

    def listed(self) -> Listed: ...


_MAKING = threading.Lock()  # one thread makes a document's memories, the others wait for them


class StructuredDocument:
    """A parsed structured MEMORY.md: blocks in file order, rendering back to the exact input.

    A file of the usual shape is read by its headers alone (core.agents.everbot.format): its
    memories become `Entry` objects when `blocks` is first asked for, not at load.
    """

    def __init__(
        self,
        path: str,
        text: str,  # the decoded source, without BOM
        bom: bool,
        newline: str,
        blocks: list[Block] | Unread,
        problems: list[Problem] | None = None,
        warnings: list[Problem] | None = None,
        last_processed_count: int = 0,
        uses_meta: bool = False,
    ) -> None:
        self.path = path
        self.text = text
        self.bom = bom
        self.newline = newline
        self._blocks = blocks if isinstance(blocks, list) else None
        self._unread = None if isinstance(blocks, list) else blocks
        self.problems = problems if problems is not None else []
        self.warnings = warnings if warnings is not None else []
        self.last_processed_count = last_processed_count
        self.uses_meta = uses_meta
        self._by_key: dict[str, int] | None = None

    def __repr__(self) -> str:
        return f"StructuredDocument({self.path!r}, {len(self.text)} characters)"

    @property
    def blocks(self) -> list[Block]:
        if self._blocks is None:
            with _MAKING:  # the window's search index is built on another thread
                if self._blocks is None:
                    assert self._unread is not None
                    with gc_paused():
                        self._blocks, self._unread = self._unread.blocks(), None
        return self._blocks

    @blocks.setter
    def blocks(self, blocks: list[Block]) -> None:
        self._blocks, self._unread = blocks, None

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

    def memories(self) -> Memories:
        """Each memory's id, score, section, line, ...: without making an `Entry` for each
        where the memories are not made yet."""
        if self._unread is not None:
            return self._unread.memories()
        return Memories.of(self.entries())

    def listed(self) -> Listed:
        """What `memdesk list` shows of each memory: without making an `Entry` for each where
        the memories are not made yet."""
        if self._unread is not None:
            return self._unread.listed()
        return Listed.of(self.entries())

    def header_comments(self) -> dict[str, str]:
        """The agent's header comments (Last updated, Total entries, ...) before the first memory."""
        found: dict[str, str] = {}
        for block in self.blocks if self._unread is None else self._unread.preamble():
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
        return StructuredDocument(
            self.path, self.text, self.bom, self.newline, blocks, self.problems,
            self.warnings, self.last_processed_count, self.uses_meta,
        )  # fmt: skip

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
    head = render_header(entry) + _ending(entry.header_text, nl)
    if entry.meta_text is None and entry.meta is None:  # most memories: header and text
        body = _original_body(entry)
        if body is not None:
            return head + body
    lines = [render_header(entry)]
    original = entry.meta_text.rstrip("\r\n") if entry.meta_text is not None else None
    if entry.meta is not None:
        same = original is not None and entry.meta == meta_of_line(original)
        lines.append(original if same and original else render_meta(entry.meta))
    elif original is not None:
        lines.append(original)
    body = _original_body(entry)
    if body is not None:  # only the header or meta changed: text as it was
        return head + "".join(line + _ending(entry.meta_text, nl) for line in lines[1:]) + body
    if entry.content:
        lines.extend(entry.content.split("\n"))
    return nl.join(lines) + nl


def _ending(line: str | None, default: str) -> str:
    """The line ending `line` was read with (a file may mix them), else `default`."""
    if line is not None:
        for end in ("\r\n", "\r", "\n"):
            if line.endswith(end):
                return end
    return default


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
            raise ValueError(
                say(
                    "line {number} of the memory is a heading: the agent drops such lines", number=n
                )
            )
        if s.startswith("#") and ends_text(s):
            raise ValueError(
                say(
                    "line {number} of the memory looks like a memory header: it would not be "
                    "read back as part of this memory",
                    number=n,
                )
            )
        if META_RE.match(s):
            raise ValueError(
                say(
                    "line {number} of the memory is a memory_meta comment: the agent reads it "
                    "as the memory's metadata, not its text",
                    number=n,
                )
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


def ends_text(s: str) -> bool:
    """Whether a line (stripped, starting with '#') is one `_Parser` stops a memory's text at."""
    return (
        HEADER_RE.match(s) is not None
        or HEADER_LIKE_RE.match(s) is not None
        or s.lower() in SECTION_HEADINGS
        or s.startswith(("# ", "## "))
    )


def safe_float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def meta_of_line(line: str) -> dict[str, Any] | None:
    m = META_RE.match(line.strip())
    return load_meta(m.group(1)) if m is not None else None


def load_meta(raw: str) -> dict[str, Any] | None:
    try:
        value = load_json(raw)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
