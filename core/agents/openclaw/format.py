"""OpenClaw's curated files as MemDesk edits them: MEMORY.md, USER.md, users/<id>/USER.md and
the daily notes memory/YYYY-MM-DD.md (spec/openclaw.md 2, 3, 6). Session summaries
memory/YYYY-MM-DD-<slug>.md read the same way and are read-only (the agent never rewrites them).

The document is the file's lines, split on "\\n" as the agent splits them (a lone "\\r" is part
of its line), so `render()` gives back the exact bytes and line numbers are the agent's. All
that is read from the lines (entries, sections, managed blocks) is derived anew after every
edit, exactly as a re-read of the saved file would derive it: what MemDesk shows after an edit
is what the next read shows.

Entries. An entry is the agent's: a `- ` line in column 0 and the lines the agent glues to it
(everything up to the next `- ` line or heading), with two decisions of MemDesk's:

* comment-only metadata lines (`<!-- observed: DAY | status: S -->`,
  `<!-- openclaw-memory-promotion:KEY -->`, `<!-- openclaw-memory-lineage:KEY -->`) above a
  bullet, blank lines between them included, belong to the bullet BELOW (the convention they are
  written by, spec 3), although the agent indexes them with the entry above;
* blank lines at the end of the agent's block, metadata lines followed by no bullet and the
  marker lines of a dreaming block (`<!-- openclaw:dreaming:<phase>:start|end -->`, which end
  an entry) belong to no entry: deleting an entry never takes text it is not sure about.

Each entry keeps the lines of the agent's block it sits in (`agent_start`, `agent_end`).

An entry's `text` is its bullet text without `- `, without the annotation comments ending the
bullet's line and without a promotion tail (`[score=… source=…]` or `Source: path#Lx-Ly`), then
its other lines as they are. Triggers, importance and project are what the agent reads from the
whole entry (`curated.recall_metadata`; triggers and importance only in MEMORY.md and USER.md,
project not in USER.md). MemDesk writes them as the agent does, at the end of the bullet's line.

Keys are the first 6 hex digits of sha1 of the text with its whitespace collapsed (`~2`, `~3`
for repeats, in file order): the same on every read of the same file and untouched by edits of
other entries, but an entry whose text is edited gets a new key (its content is its identity;
an entry added on both sides with one text is then one entry).

New entries go right after the entry named by their `after` (a parsed entry names the one above
it in its section, so an entry created here lands in the same place when a save replays it onto
a file the agent changed meanwhile), else at the end of their section, else at the end of the
file (before trailing blank lines and metadata lines waiting for a bullet).

Edits change only the edited entry's lines (and the line ends it had); every edit is refused
(ValueError, nothing changed) when the file would not read back as asked: text that would start
another entry or a heading, annotation values the agent would read otherwise, an entry inside
a managed dreaming block (the agent overwrites it at its next run), any edit of a read-only file.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import PurePath
from typing import Any

from core.agents.openclaw.curated import (
    managed_spans,
    normalize_project_key,
)
from core.agents.openclaw.entries import (
    OBSERVED_RE,
    SPACED_LINES,
    Entry,
    FileKind,
    ReadContext,
    Section,
    agent_block_at,
    agent_blocks,
    bullet_shape,
    check_annotation_kind,
    checked_field,
    checked_phrases,
    checked_project,
    clean_text,
    file_kind,
    flipped_status,
    is_blank,
    layout_of,
    line_content,
    line_ending,
    make_entry,
    make_line,
    meta_match,
    observed_line,
    section_stacks,
    sections_of,
    set_carrier,
)
from core.formats.problems import excerpt
from core.formats.text import BOM, decode, to_lf
from core.messages import N_, say

__all__ = [
    "CuratedFile",
    "CuratedFileFormat",
    "draft_entry",
    "edit_text",
    "parse_file",
    "read_entry",
    "superseded",
    "with_importance",
    "with_project",
    "with_triggers",
]


# ---------------------------------------------------------------------------------------------
# Entry edits (pure: a new Entry, checked to read back as asked)


def read_entry(lines: Iterable[str], kind: FileKind = "memory") -> Entry:
    """The entry these lines make on their own; ValueError unless they make exactly one."""
    lines = tuple(lines)
    # CRLF line ends: a line's own "\r" at its end stays its own (as "x\r" + "\r\n").
    found = parse_file("".join(s + "\r\n" for s in lines), "entry", kind=kind).entries()
    if len(found) != 1 or found[0].lines != lines:
        raise ValueError(_shape_problem(lines, found))
    return replace(found[0], line=0, end_line=0, agent_start=0, agent_end=0, section=())


def _shape_problem(lines: tuple[str, ...], found: list[Entry]) -> str:
    if len(found) > 1:
        return N_("OpenClaw would read this as more than one memory")
    if not found:
        return N_("OpenClaw would not read this as a memory (it needs a line starting '- ')")
    kept = set(found[0].lines)
    left = next((s for s in lines if s not in kept and s.strip()), "")
    return say(
        "OpenClaw would not read {text} as part of this memory", text=repr(excerpt(left, 40))
    )


def edit_text(entry: Entry, text: str, kind: FileKind = "memory") -> Entry:
    """`entry` with new text; its metadata lines, promotion tail and annotations stay."""
    new_text = clean_text(text)
    first, *rest = new_text.split("\n")
    shape = bullet_shape(entry.lines[entry.bullet])
    bullet = f"- {first}{shape.promotion_tail}{shape.annotation_tail}"
    new = read_entry((*entry.lines[: entry.bullet], bullet, *rest), kind)
    if new.text != new_text:
        raise ValueError(
            say(
                "OpenClaw would read this memory back as {text}: the end of its "
                "first line reads as annotation comments or a promotion tail (set triggers, "
                "importance and project on their own)",
                text=repr(excerpt(new.text, 60)),
            )
        )
    return _placed_like(new, entry)


def _placed_like(new: Entry, old: Entry) -> Entry:
    return replace(new, section=old.section, after=old.after, spaced=old.spaced)


def with_triggers(entry: Entry, phrases: Iterable[str], kind: FileKind = "memory") -> Entry:
    """`entry` with `<!-- trigger: a, b -->` (none: the comment goes)."""
    wanted = checked_phrases(phrases)
    check_annotation_kind("trigger", kind)
    new = _with_annotation(entry, "trigger", ", ".join(wanted) or None, kind)
    return checked_field(entry, new, "triggers", wanted)


def with_importance(entry: Entry, value: int | None, kind: FileKind = "memory") -> Entry:
    """`entry` with `<!-- importance: N -->` (1 to 10; None: the comment goes)."""
    if value is not None and (isinstance(value, bool) or value not in range(1, 11)):
        raise ValueError(
            say(
                "importance {value}: OpenClaw reads only whole numbers from 1 to 10",
                value=repr(value),
            )
        )
    check_annotation_kind("importance", kind)
    new = _with_annotation(entry, "importance", None if value is None else str(value), kind)
    return checked_field(entry, new, "importance", value)


def with_project(entry: Entry, value: str | None, kind: FileKind = "memory") -> Entry:
    """`entry` with `<!-- project: key -->` (several keys separated by ";"; None: it goes)."""
    keys = checked_project(value)
    check_annotation_kind("project", kind)
    new = _with_annotation(entry, "project", "; ".join(keys) or None, kind)
    expected = "; ".join(dict.fromkeys(filter(None, map(normalize_project_key, keys)))) or None
    return checked_field(entry, new, "project", expected)


def _with_annotation(entry: Entry, name: str, value: str | None, kind: FileKind) -> Entry:
    shape = bullet_shape(entry.lines[entry.bullet])
    tail = set_carrier(shape.annotation_tail, name, value)
    bullet = shape.head + shape.promotion_tail + tail
    lines = (*entry.lines[: entry.bullet], bullet, *entry.lines[entry.bullet + 1 :])
    return _placed_like(read_entry(lines, kind), entry)


def superseded(entry: Entry, kind: FileKind = "user") -> Entry:
    """`entry` with its `<!-- observed: … | status: … -->` line saying `status: superseded`."""
    index = next(
        (i for i, s in enumerate(entry.lines[: entry.bullet]) if OBSERVED_RE.fullmatch(s)), None
    )
    if index is None:
        raise ValueError(
            N_(
                "this memory has no '<!-- observed: DATE | status: … -->' line above it to mark "
                "superseded: edit or delete it instead"
            )
        )
    lines = list(entry.lines)
    lines[index] = flipped_status(lines[index])
    return _placed_like(read_entry(lines, kind), entry)


def draft_entry(
    text: str,
    *,
    kind: FileKind = "memory",
    section: str | Sequence[str] | None = None,
    triggers: Iterable[str] = (),
    importance: int | None = None,
    project: str | None = None,
    observed: date | str | None = None,
    after: str | None = None,
    spaced: bool = False,
) -> Entry:
    """A new entry as MemDesk adds it: `- text` (with `<!-- observed: DAY | status: active -->`
    above it when `observed` is given), at the end of `section` (a heading's title, or its
    path of titles), right after the entry `after`, or at the end of the file."""
    new_text = clean_text(text)
    first, *rest = new_text.split("\n")
    meta = [observed_line(observed)] if observed is not None else []
    entry = read_entry((*meta, f"- {first}", *rest), kind)
    if entry.text != new_text:
        raise ValueError(
            say("OpenClaw would read this memory as {text}", text=repr(excerpt(entry.text, 60)))
        )
    if tuple(triggers):
        entry = with_triggers(entry, triggers, kind)
    if importance is not None:
        entry = with_importance(entry, importance, kind)
    if project is not None:
        entry = with_project(entry, project, kind)
    path = (section,) if isinstance(section, str) else tuple(section or ())
    return replace(entry, section=path, after=after, spaced=spaced)


# ---------------------------------------------------------------------------------------------
# The document


@dataclass
class CuratedFile:
    """A parsed curated file; `render()` gives back the exact text (BOM included)."""

    path: str
    kind: FileKind
    bom: bool
    newline: str  # for lines MemDesk adds: "\r\n" in a CRLF file, else "\n"
    lines: list[str]  # with their line ends, split on "\n"
    read_only: bool = False
    _entries: list[Entry] = field(default_factory=list, repr=False)
    sections_of: list[Section] = field(default_factory=list, repr=False)
    _section_lines: list[int] = field(default_factory=list, repr=False)
    section_stacks: list[tuple[Section, ...]] = field(default_factory=list, repr=False)
    _managed: list[tuple[str, int, int, bool]] = field(default_factory=list, repr=False)
    _owner: list[int] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self._reindex()

    # -- reading -------------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        return list(self._entries)

    def sections(self) -> list[Section]:
        return list(self._sections)

    def find(self, key: str) -> Entry | None:
        return next((e for e in self._entries if e.key == key), None)

    def entry_at_line(self, line: int) -> Entry | None:
        """The entry covering a 1-based line."""
        index = line - 1
        if 0 <= index < len(self._owner) and self._owner[index] >= 0:
            return self._entries[self._owner[index]]
        return None

    def managed_ranges(self) -> list[tuple[str, int, int]]:
        """Dreaming blocks the agent rewrites: (phase, first line, last line)."""
        return [(phase, a + 1, b + 1) for phase, a, b, _ in self._managed]

    def outside(self) -> tuple[str, ...]:
        """The lines that are no entry's, with their line ends."""
        return tuple(s for s, owner in zip(self.lines, self._owner, strict=True) if owner < 0)

    def text(self) -> str:
        return "".join(self.lines)

    def render(self) -> str:
        return (BOM if self.bom else "") + self.text()

    def to_bytes(self) -> bytes:
        return self.render().encode("utf-8", "surrogatepass")

    # -- edits ---------------------------------------------------------------------------------
    def replace_entry(self, key: str, new: Entry) -> Entry:
        """Give an entry new lines (made by `edit_text`, `with_triggers` …)."""
        old = self._editable(key)
        if new.lines == old.lines:
            return old
        start, stop = old.line - 1, old.end_line
        endings = [line_ending(s) for s in self.lines[start:stop]]
        return self._splice(start, stop, self._with_endings(new.lines, endings), start, new.lines)

    def set_text(self, key: str, text: str) -> Entry:
        return self.replace_entry(key, edit_text(self._editable(key), text, self.kind))

    def set_triggers(self, key: str, phrases: Iterable[str]) -> Entry:
        return self.replace_entry(key, with_triggers(self._editable(key), phrases, self.kind))

    def set_importance(self, key: str, value: int | None) -> Entry:
        return self.replace_entry(key, with_importance(self._editable(key), value, self.kind))

    def set_project(self, key: str, value: str | None) -> Entry:
        return self.replace_entry(key, with_project(self._editable(key), value, self.kind))

    def delete_entry(self, key: str) -> Entry:
        """Remove an entry with its metadata lines. When a blank line separated it from what
        is above, the blank lines below it go too (at the end of the file: those above)."""
        old = self._editable(key)
        start, stop = old.line - 1, old.end_line
        if start == 0 or is_blank(line_content(self.lines[start - 1])):
            while stop < len(self.lines) and is_blank(line_content(self.lines[stop])):
                stop += 1
            while (
                stop == len(self.lines)
                and start > 0
                and is_blank(line_content(self.lines[start - 1]))
            ):
                start -= 1
        del self.lines[start:stop]
        self._reindex()
        return old

    def add_entry(self, text: str, **options: Any) -> Entry:
        """Add `draft_entry(text, **options)` where it belongs; returns it as added."""
        key = self.insert_entry(draft_entry(text, kind=self.kind, **options))
        added = self.find(key)
        assert added is not None
        return added

    def insert_entry(self, entry: Entry) -> str:
        """Add an entry: right after `entry.after` when that is here, else at the end of its
        section (`entry.section`; ValueError when there is none), else at the end of the file.
        Returns the key it got."""
        self._check_writable()
        at, spaced = self._place(entry)
        self._check_outside_managed(at)
        new = [make_line(s, self.newline) for s in ([""] if spaced else []) + list(entry.lines)]
        start = at
        if at == len(self.lines) and at > 0 and line_ending(self.lines[-1]) in ("", "\r"):
            start -= 1  # the last line gets a line end; the new last line has none, like it had
            previous = self.lines[-1]
            new = [previous + ("\n" if previous.endswith("\r") else self.newline), *new]
            new[-1] = make_line(entry.lines[-1], "")
        first = start + len(new) - len(entry.lines)
        return self._splice(start, at, new, first, entry.lines).key

    def supersede(self, key: str, text: str, day: date | str) -> Entry:
        """USER.md's way to replace a directive: the old entry's status becomes superseded and
        `<!-- observed: DAY | status: active -->` + `- text` go right after it."""
        if self.kind != "user":
            raise ValueError(N_("superseding is USER.md's convention: edit the memory instead"))
        old = self._editable(key)
        flipped = superseded(old, self.kind)
        gap = old.bullet > 0 and is_blank(old.lines[old.bullet - 1])
        meta = [observed_line(day)] + ([""] if gap else [])
        draft = draft_entry(text, kind=self.kind, after=key, spaced=self._spaced_after(old))
        draft = replace(draft, lines=(*meta, *draft.lines), bullet=len(meta))
        saved = list(self.lines)
        try:
            self.replace_entry(key, flipped)
            added = self.find(self.insert_entry(draft))
        except ValueError:
            self.lines = saved
            self._reindex()
            raise
        assert added is not None
        return added

    # -- helpers -------------------------------------------------------------------------------
    def _check_writable(self) -> None:
        if self.read_only:
            raise ValueError(
                say(
                    "{path}: a session summary is read-only in MemDesk (OpenClaw writes it "
                    "once and never reads it back as memories to edit)",
                    path=self.path,
                )
            )

    def _editable(self, key: str) -> Entry:
        self._check_writable()
        entry = self.find(key)
        if entry is None:
            raise KeyError(f"no entry {key} in {self.path}")
        if entry.managed is not None:
            raise ValueError(self._managed_message(entry.line - 1, entry.end_line - 1))
        return entry

    def _managed_message(self, first: int, last: int) -> str:
        phase, headed = next((p, h) for p, a, b, h in self._managed if a <= last and first <= b)
        start = f"<!-- openclaw:dreaming:{phase}:start -->"
        if headed:
            return say(
                "OpenClaw overwrites the text between {marker} and …end --> at its next "
                "dreaming run: this memory cannot be edited here",
                marker=start,
            )
        return say(
            "this text is between {marker} and …end --> without the heading OpenClaw writes "
            "above them: it is a dreaming block the agent no longer updates; MemDesk keeps it "
            "as written",
            marker=start,
        )

    def _check_outside_managed(self, at: int) -> None:
        for _, first, last, _ in self._managed:
            if first < at <= last:
                raise ValueError(self._managed_message(first, last))

    def _spaced_after(self, entry: Entry) -> bool:
        below = entry.end_line
        return below < len(self.lines) and is_blank(line_content(self.lines[below]))

    def _place(self, entry: Entry) -> tuple[int, bool]:
        anchor = self.find(entry.after) if entry.after else None
        if anchor is not None:
            return anchor.end_line, entry.spaced
        if entry.section:
            return self._section_end(entry.section), False
        return self._last_content(0, len(self.lines)), False

    def _section_end(self, path: tuple[str, ...]) -> int:
        for number, section in enumerate(self._sections):
            if section.path[-len(path) :] == path:
                following = self._sections[number + 1 :]
                stop = following[0].line - 1 if following else len(self.lines)
                return self._last_content(section.line, stop)
        raise ValueError(
            say(
                "{path}: there is no section {section}",
                path=self.path,
                section=repr(" > ".join(path)),
            )
        )

    def _last_content(self, start: int, stop: int) -> int:
        """The index after the last line in [start, stop) that is neither blank nor a
        metadata line waiting for a bullet (a new bullet would take it over)."""
        for index in range(stop - 1, start - 1, -1):
            content = line_content(self.lines[index])
            if not is_blank(content) and (self._owner[index] >= 0 or meta_match(content) is None):
                return index + 1
        return start

    def _with_endings(self, contents: Sequence[str], endings: list[str]) -> list[str]:
        """New lines for an entry: each keeps the line end of the line it replaces, added
        lines get the entry's own, the last keeps the entry's last line end."""
        own = next((e for e in endings if e in SPACED_LINES), self.newline)
        out = [
            make_line(s, endings[i] if i < len(endings) - 1 else own)
            for i, s in enumerate(contents[:-1])
        ]
        return [*out, make_line(contents[-1], endings[-1])]

    def _splice(
        self, start: int, stop: int, new: list[str], first: int, expected: tuple[str, ...]
    ) -> Entry:
        """Replace lines [start, stop) with `new`; the entry read at index `first` must have
        the `expected` lines, else nothing changes (ValueError)."""
        saved = list(self.lines)
        self.lines[start:stop] = new
        self._reindex()
        owner = self._owner[first] if first < len(self._owner) else -1
        got = self._entries[owner] if owner >= 0 else None
        if got is None or got.lines != expected or got.line != first + 1:
            self.lines = saved
            self._reindex()
            raise ValueError(
                say(
                    "{path}: OpenClaw would not read the memory back as written here "
                    "(the lines around it would join it or take part of it)",
                    path=self.path,
                )
            )
        return got

    # -- reading the lines ---------------------------------------------------------------------
    def _reindex(self) -> None:
        contents = [line_content(s) for s in self.lines]
        self._sections = list(sections_of(contents))
        self._section_lines = [s.line for s in self._sections]
        self._stacks = section_stacks(self._sections)
        self._managed = self._managed_lines()
        agent = agent_blocks((BOM if self.bom else "") + self.text())
        self._owner = [-1] * len(contents)
        self._entries = []
        used: dict[str, int] = {}
        previous: Entry | None = None
        for first, bullet, last in layout_of(contents):
            where = self._context((first, bullet, last), agent, previous, contents)
            entry = make_entry(tuple(contents[first : last + 1]), bullet - first, self.kind, where)
            used[entry.key] = used.get(entry.key, 0) + 1
            if used[entry.key] > 1:
                entry = replace(entry, key=f"{entry.key}~{used[entry.key]}")
            self._owner[first : last + 1] = [len(self._entries)] * (last + 1 - first)
            self._entries.append(entry)
            previous = entry

    def _context(
        self,
        span: tuple[int, int, int],
        agent: list[tuple[int, int]],
        previous: Entry | None,
        contents: list[str],
    ) -> ReadContext:
        first, bullet, last = span
        above = bisect.bisect_right(self._section_lines, bullet + 1)  # headings up to the bullet
        section = self._stacks[above - 1] if above else ()
        promo = next((s for s in reversed(section) if s.kind), None)
        path = section[-1].path if section else ()
        after = previous if previous is not None and previous.section == path else None
        if after is not None and self._heading_between(after.end_line, first):
            after = None
        spaced = after is not None and is_blank(contents[after.end_line])
        return ReadContext(
            section=path,
            section_kind=promo.kind if promo else None,
            section_date=promo.date if promo else None,
            line=first + 1,
            agent=agent_block_at(agent, bullet + 1),
            managed=self._managed_phase(first, last),
            after=after.key if after else None,
            spaced=spaced,
        )

    def _heading_between(self, after_line: int, line: int) -> bool:
        """A heading on a line in (after_line, line]."""
        lines = self._section_lines
        return bisect.bisect_right(lines, line) > bisect.bisect_right(lines, after_line)

    def _managed_phase(self, first: int, last: int) -> str | None:
        for phase, a, b, _ in self._managed:
            if a <= last and first <= b:
                return phase
        return None

    def _managed_lines(self) -> list[tuple[str, int, int, bool]]:
        text = self.text()
        if "openclaw:dreaming:" not in text:
            return []
        starts = [0]
        for line in self.lines:
            starts.append(starts[-1] + len(line))
        out = []
        for span in managed_spans(text):
            first = bisect.bisect_right(starts, span.start) - 1
            last = bisect.bisect_right(starts, span.end - 1) - 1
            out.append((span.phase, first, last, span.headed))
        return out


def parse_file(
    data: bytes | str, path: str | PurePath = "MEMORY.md", *, kind: FileKind | None = None
) -> CuratedFile:
    """Parse a curated file without losing a byte. InputError for invalid UTF-8 or a NUL."""
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    decoded = decode(raw, str(path))
    kind = kind or file_kind(path)
    parts = decoded.text.split("\n")
    lines = [s + "\n" for s in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    newline = "\r\n" if decoded.newline == "\r\n" else "\n"
    return CuratedFile(str(path), kind, decoded.bom, newline, lines, read_only=kind == "session")


# ---------------------------------------------------------------------------------------------
# The store's view (core.store.merge.Format)


class CuratedFileFormat:
    """A curated file as keyed entries (keys from their text: see the module's docstring)."""

    rekeys = False  # one text created on both sides is one entry
    label_header = "Where"  # what the list calls label()'s column

    def __init__(self, path: str, kind: FileKind | None = None) -> None:
        self.path = path
        self.kind: FileKind = kind or file_kind(path)
        self.read_only = self.kind == "session"

    def parse(self, data: bytes | None) -> CuratedFile:
        return parse_file(b"" if data is None else data, self.path, kind=self.kind)

    def render(self, doc: CuratedFile) -> bytes:
        return doc.to_bytes()

    def entries(self, doc: CuratedFile) -> list[Entry]:
        return doc.entries()

    def key(self, entry: Entry) -> str:
        return entry.key

    def label(self, entry: Entry) -> str:
        """Where the entry stands: its promotion, its USER.md status, else its heading."""
        p = entry.promotion
        if p is not None and p.kind is not None:
            return f"{p.kind} {p.date or ''}".strip()
        if entry.status or entry.observed:
            return f"{entry.status or '?'} {entry.observed or ''}".strip()
        return excerpt(entry.section[-1], 40) if entry.section else ""

    def line(self, entry: Entry) -> int:
        return entry.line

    def content(self, entry: Entry) -> str:
        return entry.text

    def find(self, doc: CuratedFile, key: str) -> Entry | None:
        return doc.find(key)

    def same(self, a: Entry, b: Entry) -> bool:
        return a.lines == b.lines

    def insert(self, doc: CuratedFile, entry: Entry) -> str:
        return doc.insert_entry(entry)

    def replace(self, doc: CuratedFile, key: str, entry: Entry) -> None:
        doc.replace_entry(key, entry)

    def remove(self, doc: CuratedFile, key: str) -> None:
        doc.delete_entry(key)

    def outside(self, doc: CuratedFile) -> object:
        return doc.outside()

    def state(self, doc: CuratedFile) -> object:
        return tuple(doc.lines)

    def set_state(self, doc: CuratedFile, state: object) -> None:
        assert isinstance(state, tuple)
        doc.lines = list(state)
        doc._reindex()

    def describe(self, entry: Entry) -> str:
        return "\n".join(entry.lines)

    def written(self, like: Entry, text: str) -> Entry:
        """The entry the person wrote: whole (metadata, bullet, annotations) or its text only."""
        try:
            whole = read_entry(to_lf(text).strip("\n").split("\n"), self.kind)
        except ValueError:
            return edit_text(like, text, self.kind)
        return _placed_like(whole, like)

    def fields(self, entry: Entry) -> dict[str, Any]:
        return {
            "text": entry.text,
            "triggers": list(entry.triggers),
            "importance": entry.importance,
            "project": entry.project,
            "observed": entry.observed,
            "status": entry.status,
        }

    def merge_entry(self, base: Entry, mine: Entry, theirs: Entry) -> Entry | None:
        return None

    def draft(self, text: str, **options: Any) -> Entry:
        """A new entry for this file (`draft_entry` with the file's kind)."""
        return draft_entry(text, kind=self.kind, **options)
