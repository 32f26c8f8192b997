"""PicoClaw "MemSkill" memory (SPEC 2.2): long-term MEMORY.md, daily notes, compress stamp.

Facts from the real agent (seanly/picoclaw, branch ``hooks``; ``fixtures/picoclaw``):

- ``memory/MEMORY.md`` starts as `LONGTERM_TEMPLATE`; each remembered fact is appended as
  ``current + "\\n\\n" + "## YYYY-MM-DD\\n\\n" + content.strip()`` (just the entry on an empty
  file), with no trailing newline. The agent never parses the file: it reads it whole, or splits
  it on ``"\\n## "`` for retrieval (``core.agents.picoclaw.retrieval``).
- Daily notes ``memory/YYYYMM/YYYYMMDD.md``: ``"# YYYY-MM-DD\\n\\n" + content``, later
  ``"\\n" + content`` appended.
- ``memory/.last_longterm_compress``: Unix seconds as decimal text.
- Policy: defaults <- config.json ``memory`` block <- ``memory/policy_overrides.json``
  (read and resolved in ``core.agents.picoclaw.policy``).

Long-term memory as MemDesk reads it: a preamble (everything before the first heading, possibly
empty) and one `Entry` per ``## `` section. An entry is any line starting with ``## `` at the start
of a line (exactly where the agent's ``"\\n## "`` split cuts; ``### x``, ``##x`` and indented
``  ## x`` are not headings) plus everything up to the next such line. Its ``date`` is set when
the heading text is a ``YYYY-MM-DD`` date; other headings (the unit-test style ``## User name``)
are entries all the same. Every byte belongs to one block and `LongTermDocument.render` gives
the input back exactly (BOM and line endings kept); an edit rewrites only its own entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

from core.agents.picoclaw.retrieval import GO_SPACE, go_trim_space
from core.formats.problems import Problem
from core.formats.text import BOM, decode, to_lf
from core.formats.whole_text import WholeTextFormat
from core.messages import N_, say
from core.store.files import list_folder, read_file

LONGTERM_FILE = Path("memory") / "MEMORY.md"
LONGTERM_TEMPLATE = (
    "# Long-term Memory\n\nThis file stores important information that should persist across "
    "sessions. New entries are appended with a date heading (## YYYY-MM-DD)."
)
UNTITLED_KEY = "(untitled)"  # key base of an entry whose heading is a bare "## "

# A heading starts the text or follows "\n" (a lone "\r" does not split for the agent).
_HEADING = re.compile(r"(?:\A|(?<=\n))## ")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# Line breaks at the end of a text, with the blank lines (whitespace only) among them.
_TRAILING_BREAKS = re.compile(r"(?:(?:\r\n|\r|\n)[^\S\r\n]*)+\Z")


# ---------------------------------------------------------------------------------------------
# Long-term memory: memory/MEMORY.md


@dataclass(frozen=True, slots=True)
class Preamble:
    """Everything before the first ``## `` heading (the agent's title and template text)."""

    text: str
    line: int = 1

    def render(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``## `` section: its heading line, the text under it and the blank lines after it.

    The raw pieces are kept so that an unchanged entry renders back exactly: ``heading_line``
    (with its line ending), ``lead`` (whitespace before the text), ``body`` (the text as read)
    and ``trail`` (whitespace after it, up to the next heading). `edited` copies with new content
    drop ``body`` and render ``content`` with the entry's own line ending.
    """

    key: str  # unique in the document: the heading text, "2026-02-21~2" for a repeat
    title: str  # the heading text without "## ", trimmed
    date: date | None  # set when the title is a YYYY-MM-DD date
    content: str  # the text under the heading: trimmed, "\n" line endings
    line: int  # 1-based line of the heading; 0 for an entry added since parsing
    heading_line: str
    lead: str
    body: str | None
    trail: str
    newline: str  # the entry's line ending ("\n" or "\r\n")

    def render(self) -> str:
        head = self.heading_line
        if _title_of(head) != self.title:
            head = f"## {self.title}{self.newline}"
        body = self.body if self.body is not None else self.content.replace("\n", self.newline)
        if body and not head.endswith("\n"):
            head += self.newline  # a heading that ended the file gets text below it
        return head + self.lead + body + self.trail

    def edited(self, **changes: Any) -> Entry:
        """A changed copy; new content is rendered anew, everything else stays as read."""
        if "content" in changes and changes["content"] != self.content:
            changes.setdefault("body", None)
        return replace(self, **changes)


Block = Preamble | Entry


@dataclass
class LongTermDocument:
    """A parsed ``memory/MEMORY.md``: the preamble, then the entries, in file order.

    ``problems`` stays empty: the agent reads any text, so nothing in the file needs the person's
    attention; ``warnings`` note a BOM or CRLF line endings, kept as found.
    """

    path: str
    bom: bool
    newline: str  # for text MemDesk adds: "\r\n" in a mostly-CRLF file, else "\n"
    blocks: list[Block]  # blocks[0] is always the Preamble
    warnings: list[Problem] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    # -- reading -------------------------------------------------------------------------------
    @property
    def preamble(self) -> Preamble:
        first = self.blocks[0]
        assert isinstance(first, Preamble)
        return first

    def entries(self) -> list[Entry]:
        return [b for b in self.blocks if isinstance(b, Entry)]

    def find(self, key: str) -> Entry | None:
        for block in self.blocks:
            if isinstance(block, Entry) and block.key == key:
                return block
        return None

    def render(self) -> str:
        """The file's text without its BOM: unchanged blocks verbatim, edited entries anew."""
        parts: list[str] = []
        at_line_start = True
        for block in self.blocks:
            chunk = block.render()
            if not chunk:
                continue
            if isinstance(block, Entry) and not at_line_start:
                parts.append(self.newline * 2)  # a heading must start a line
            parts.append(chunk)
            at_line_start = chunk.endswith("\n")
        return "".join(parts)

    def agent_text(self) -> str:
        """The text the agent reads (``ReadLongTerm``): the BOM, if any, is part of it."""
        return (BOM if self.bom else "") + self.render()

    def to_bytes(self) -> bytes:
        return self.agent_text().encode("utf-8")

    def snapshot(self) -> list[Block]:
        """The blocks as they are now (blocks are immutable, so this is a true copy)."""
        return list(self.blocks)

    def restore(self, blocks: list[Block]) -> None:
        self.blocks = list(blocks)

    # -- editing -------------------------------------------------------------------------------
    def append_entry(self, content: str, today: date) -> Entry:
        """Add ``"\\n\\n## YYYY-MM-DD\\n\\n" + content.strip()`` at the end, as the agent does.

        On an empty file the entry alone. In a CRLF file the added text uses CRLF too (the
        agent would write ``\\n`` and leave the file with mixed line endings). Blank content is
        refused (the agent ignores it).
        """
        text = go_trim_space(content)
        if not text:
            raise ValueError(say("the entry is blank: there is nothing to append"))
        day = today.date() if isinstance(today, datetime) else today
        title = iso_date(day)
        nl = self.newline
        if self.bom or any(b.render() for b in self.blocks):
            self._extend_end(nl + nl)
        line = _count_breaks(self.render()) + 1
        entry = Entry(
            key=self._unique_key(title),
            title=title,
            date=day,
            content=to_lf(text),
            line=line,
            heading_line=f"## {title}{nl}",
            lead=nl,
            body=text if nl == "\n" else to_lf(text).replace("\n", nl),
            trail="",
            newline=nl,
        )
        self.blocks.append(entry)
        return entry

    def replace_entry(self, key: str, content: str) -> Entry:
        """Give an entry new text; its heading, spacing and every other block stay as they are."""
        index = self._index(key)
        old = self.blocks[index]
        assert isinstance(old, Entry)
        text = to_lf(go_trim_space(content))
        if not text:
            raise ValueError(
                say("the new text of entry {key} is blank: delete the entry instead", key=key)
            )
        if text == old.content:
            return old
        new = old.edited(content=text)
        if not old.content:
            # A bare heading: put the text below a blank line, as the agent writes entries.
            last = index == len(self.blocks) - 1
            enough = last or old.trail.count("\n") >= 2
            new = replace(new, lead=old.newline, trail=old.trail if enough else old.newline * 2)
        self.blocks[index] = new
        return new

    def delete_entry(self, key: str) -> Entry:
        """Remove an entry's bytes (heading through its trailing blank lines).

        When the last entry goes, the block before it takes over the file's ending (the agent
        appended it after ``"\\n\\n"``), so deleting the entry the agent just appended gives the
        previous file back exactly.
        """
        index = self._index(key)
        old = self.blocks.pop(index)
        assert isinstance(old, Entry)
        if index == len(self.blocks):
            prev = self.blocks[-1]
            if isinstance(prev, Preamble):
                self.blocks[-1] = Preamble(_strip_breaks(prev.text) + old.trail, prev.line)
            else:
                self.blocks[-1] = replace(prev, trail=_strip_breaks(prev.trail) + old.trail)
        return old

    # -- helpers -------------------------------------------------------------------------------
    def _index(self, key: str) -> int:
        for i, block in enumerate(self.blocks):
            if isinstance(block, Entry) and block.key == key:
                return i
        raise KeyError(f"no entry {key} in {self.path}")

    def _unique_key(self, base: str) -> str:
        return _unique(base, {e.key for e in self.entries()})

    def _extend_end(self, extra: str) -> None:
        last = self.blocks[-1]
        if isinstance(last, Preamble):
            self.blocks[-1] = Preamble(last.text + extra, last.line)
        else:
            self.blocks[-1] = replace(last, trail=last.trail + extra)


def parse_longterm(data: bytes | str, path: Path | str = LONGTERM_FILE) -> LongTermDocument:
    """Parse MEMORY.md without losing a byte. Raises InputError for invalid UTF-8 or NUL bytes."""
    decoded = decode(data, path) if isinstance(data, bytes) else decode(data.encode(), path)
    text = decoded.text
    starts = [m.start() for m in _HEADING.finditer(text)]
    # Text MemDesk adds uses CRLF in a CRLF file, else "\n" (the agent splits only after "\n").
    newline = "\r\n" if decoded.newline == "\r\n" else "\n"
    first = starts[0] if starts else len(text)
    blocks: list[Block] = [Preamble(text[:first])]
    used: set[str] = set()
    tried: dict[
        str, int
    ] = {}  # a heading repeated 100,000 times is not counted up from 2 each time
    line = 1 + _count_breaks(text[:first])
    bounds = [*starts, len(text)]
    for start, end in pairwise(bounds):
        entry = _entry(text[start:end], line, newline, used, tried)
        blocks.append(entry)
        line += _count_breaks(text[start:end])
    return LongTermDocument(
        path=str(path),
        bom=decoded.bom,
        newline=newline,
        blocks=blocks,
        warnings=_warnings(str(path), decoded.bom, decoded.newline, decoded.mixed_newlines),
    )


def _entry(raw: str, line: int, doc_newline: str, used: set[str], tried: dict[str, int]) -> Entry:
    cut = raw.find("\n") + 1 or len(raw)
    heading_line, rest = raw[:cut], raw[cut:]
    title = _title_of(heading_line)
    stripped = rest.lstrip(GO_SPACE)
    lead = rest[: len(rest) - len(stripped)]
    body = stripped.rstrip(GO_SPACE)
    trail = stripped[len(body) :]
    if not body:
        lead, trail = "", rest
    if heading_line.endswith("\r\n"):
        newline = "\r\n"
    elif heading_line.endswith("\n"):
        newline = "\n"
    else:
        newline = doc_newline
    key = _unique(title or UNTITLED_KEY, used, tried)
    used.add(key)
    return Entry(
        key, title, _date_of(title), to_lf(body), line, heading_line, lead, body, trail, newline
    )


def _warnings(path: str, bom: bool, newline: str, mixed: bool) -> list[Problem]:
    out = []
    if bom:
        out.append(
            Problem(
                path,
                1,
                1,
                "bom",
                say(
                    "the file starts with a UTF-8 BOM: kept as found "
                    "(the agent reads it as part of the first line)"
                ),
                severity="warning",
            )
        )
    if newline != "\n" or mixed:
        kind = N_("mixed") if mixed else repr(newline)
        out.append(
            Problem(
                path,
                1,
                1,
                "line_endings",
                say(
                    "line endings are {kind}: kept as found (the agent's retrieval does not split "
                    "CRLF paragraphs, so an entry's heading and text are one chunk)",
                    kind=kind,
                ),
                severity="warning",
            )
        )
    return out


def longterm_entry_text(content: str, day: date) -> str:
    """``NormalizeLongTermEntry``: ``"## YYYY-MM-DD\\n\\n" + content.strip()``, ``""`` if blank."""
    text = go_trim_space(content)
    return f"## {iso_date(day)}\n\n{text}" if text else ""


def promote_passage(longterm_text: str, passage: str, today: date) -> str:
    """MEMORY.md's new text with a passage (e.g. from a daily note) appended as the agent would.

    ``longterm_text + "\\n\\n" + entry``, or the entry alone when the text is empty. Pass the
    text as the agent reads it (BOM included). Blank passages are refused.
    """
    entry = longterm_entry_text(passage, today)
    if not entry:
        raise ValueError(say("the passage is blank: there is nothing to promote"))
    return f"{longterm_text}\n\n{entry}" if longterm_text else entry


def iso_date(day: date) -> str:
    """``YYYY-MM-DD`` with a 4-digit year, as Go's ``2006-01-02`` layout writes it."""
    return f"{day.year:04d}-{day.month:02d}-{day.day:02d}"


def _title_of(heading_line: str) -> str:
    return go_trim_space(heading_line[3:])


def _date_of(title: str) -> date | None:
    if _DATE.fullmatch(title) is None:
        return None
    try:
        return date.fromisoformat(title)
    except ValueError:
        return None


def _unique(base: str, used: set[str], tried: dict[str, int] | None = None) -> str:
    """`base`, else the first `base~N` (N from 2) not in `used`. `tried` remembers, per base,
    where the last search ended: `used` only grows, so every N below it is still taken."""
    if base not in used:
        return base
    n = 2 if tried is None else tried.get(base, 2)
    while f"{base}~{n}" in used:
        n += 1
    if tried is not None:
        tried[base] = n + 1
    return f"{base}~{n}"


def _count_breaks(text: str) -> int:
    """Line breaks in the text (\\n, \\r\\n and a lone \\r, as split_lines counts lines)."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _strip_breaks(text: str) -> str:
    m = _TRAILING_BREAKS.search(text)
    return text if m is None else text[: m.start()]


# ---------------------------------------------------------------------------------------------
# Daily notes: memory/YYYYMM/YYYYMMDD.md

_MONTH_DIR = re.compile(r"[0-9]{6}")
_DAY_FILE = re.compile(r"([0-9]{8})\.md")


@dataclass(frozen=True, slots=True)
class DailyNote:
    """One daily note file the agent reads back (``memory/YYYYMM/YYYYMMDD.md``)."""

    path: Path
    date: date
    size: int  # bytes

    @property
    def workspace(self) -> Path:
        """The workspace it was listed in (it is memory/YYYYMM/YYYYMMDD.md there)."""
        return self.path.parents[2]


def daily_note_path(workspace: Path | str, day: date) -> Path:
    stamp = f"{day.year:04d}{day.month:02d}{day.day:02d}"
    return Path(workspace) / "memory" / stamp[:6] / f"{stamp}.md"


def daily_note_day(rel: str) -> date | None:
    """The day of the daily note at `rel` (workspace-relative), there or not: where the agent
    looks for it (`daily_note_path`); None for any other path."""
    parts = rel.split("/")
    m = _DAY_FILE.fullmatch(parts[-1])
    if len(parts) != 3 or parts[0] != "memory" or m is None:
        return None
    day = _compact_date(m.group(1))
    return day if day is not None and parts[1] == m.group(1)[:6] else None


def list_daily_notes(workspace: Path | str) -> list[DailyNote]:
    """The daily notes in the workspace, oldest first.

    Only files where the agent looks: ``YYYYMMDD.md`` holding a real date, in the ``YYYYMM``
    folder of that month; a file or folder linking out of the workspace is left out.
    """
    root = Path(workspace)
    memory = root / "memory"
    if not memory.is_dir():
        return []
    inside = root.resolve()
    notes: list[DailyNote] = []
    for month in list_folder(memory):
        if not (_MONTH_DIR.fullmatch(month.name) and month.is_dir()):
            continue
        for file in list_folder(month):
            m = _DAY_FILE.fullmatch(file.name)
            if m is None or not file.name.startswith(month.name):
                continue
            day = _compact_date(m.group(1))
            if day is None or not file.is_file() or not file.resolve().is_relative_to(inside):
                continue
            notes.append(DailyNote(file, day, file.stat().st_size))
    notes.sort(key=lambda n: n.date)
    return notes


def read_daily_note(note: DailyNote) -> str:
    """The note's text as the agent reads it (a BOM stays). InputError for invalid UTF-8;
    WorkspaceError when it is gone, or leads outside its workspace (`DailyNote.workspace`)."""
    decoded = decode(read_file(note.path, root=note.workspace), note.path)
    return (BOM if decoded.bom else "") + decoded.text


def daily_append_text(existing: str | None, content: str, day: date) -> str:
    """``AppendToday``: a new (or empty) note is ``"# YYYY-MM-DD\\n\\n" + content``; an existing
    one gets ``"\\n" + content``. The content is not trimmed."""
    if not existing:
        return f"# {iso_date(day)}\n\n{content}"
    return f"{existing}\n{content}"


def _compact_date(stamp: str) -> date | None:
    try:
        return date(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:8]))
    except ValueError:
        return None


# ---------------------------------------------------------------------------------------------
# Long-term compression stamp

LAST_COMPRESS_FILE = Path("memory") / ".last_longterm_compress"
_SECONDS = re.compile(r"[+-]?[0-9]{1,20}")


def read_last_compress(workspace: Path | str) -> datetime | None:
    """When the agent last compressed MEMORY.md (UTC), or None: missing, unreadable or garbage."""
    try:
        raw = (Path(workspace) / LAST_COMPRESS_FILE).read_bytes()
    except OSError:
        return None
    text = raw.decode("ascii", errors="replace").strip()
    if _SECONDS.fullmatch(text) is None:
        return None
    try:
        return datetime.fromtimestamp(int(text), UTC)
    except (OverflowError, OSError, ValueError):
        return None


# ---------------------------------------------------------------------------------------------
# The store's view of the files (core.store.merge.Format)


def refuse_headings(content: str) -> str:
    """The content, refused if a line of it would start a new `## ` entry once written."""
    text = to_lf(content).strip()
    if text.startswith("## ") or "\n## " in text:
        raise ValueError(
            say(
                'a line of the memory starts with "## ": the agent would read what follows '
                "as another entry"
            )
        )
    return content


def draft_entry(content: str, day: date) -> Entry:
    """A new entry as the agent would append it on `day` (its key is given when it is added)."""
    text = to_lf(go_trim_space(refuse_headings(content)))
    if not text:
        raise ValueError(say("the entry is blank: there is nothing to append"))
    title = iso_date(day)
    return Entry("", title, day, text, 0, f"## {title}\n", "\n", None, "", "\n")


class LongTermFormat:
    """memory/MEMORY.md as keyed entries: `## ` sections keyed by their heading."""

    read_only = False
    rekeys = True  # two sections under one date are two entries
    label_header = "When"  # what the list calls label()'s column

    def __init__(self, path: str = LONGTERM_FILE.as_posix()) -> None:
        self.path = path

    def parse(self, data: bytes | None) -> LongTermDocument:
        return parse_longterm(data or b"", self.path)

    def render(self, doc: LongTermDocument) -> bytes:
        return doc.to_bytes()

    def entries(self, doc: LongTermDocument) -> list[Entry]:
        return doc.entries()

    def entry_heading(self, line: str) -> str | None:
        """The key a `## ` line gives its entry (before any `~N` of a repeated one), else None
        (the file has no sections): core.store.backups_view.memory_pieces."""
        if not line.startswith("## "):
            return None
        return _title_of(line.rstrip("\r\n")) or UNTITLED_KEY

    def key(self, entry: Entry) -> str:
        return entry.key

    def label(self, entry: Entry) -> str:
        return entry.title

    def line(self, entry: Entry) -> int:
        return entry.line

    def content(self, entry: Entry) -> str:
        return entry.content

    def find(self, doc: LongTermDocument, key: str) -> Entry | None:
        return doc.find(key)

    def same(self, a: Entry, b: Entry) -> bool:
        return a.title == b.title and a.content == b.content

    def insert(self, doc: LongTermDocument, entry: Entry) -> str:
        """Appended as the agent appends: under its own date, else today's."""
        day = entry.date or datetime.now().date()
        return doc.append_entry(entry.content, day).key

    def replace(self, doc: LongTermDocument, key: str, entry: Entry) -> None:
        doc.replace_entry(key, refuse_headings(entry.content))

    def remove(self, doc: LongTermDocument, key: str) -> None:
        doc.delete_entry(key)

    def outside(self, doc: LongTermDocument) -> object:
        """The preamble: the only text that belongs to no entry (headings are their entries')."""
        return doc.preamble.text

    def state(self, doc: LongTermDocument) -> object:
        return doc.snapshot()

    def set_state(self, doc: LongTermDocument, state: object) -> None:
        assert isinstance(state, list)
        doc.restore(state)

    def describe(self, entry: Entry) -> str:
        return entry.content

    def written(self, like: Entry, text: str) -> Entry:
        content = to_lf(go_trim_space(refuse_headings(text)))
        if not content:
            raise ValueError(say("the new text is blank: delete the entry instead"))
        return like.edited(content=content)

    def fields(self, entry: Entry) -> dict[str, Any]:
        return {"content": entry.content}

    def merge_entry(self, base: Entry, mine: Entry, theirs: Entry) -> Entry | None:
        return None


class NoteFormat(WholeTextFormat):
    """A daily note as one entry: the agent only appends to a note, so a note it appended to while
    the person edited it keeps the agent's lines after the person's text."""

    def checked(self, text: str) -> str:
        if "\0" in text:
            raise ValueError(say("a daily note cannot contain a NUL character"))
        return text
