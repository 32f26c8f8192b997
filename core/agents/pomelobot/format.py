"""Pomeloclaw / Pomelobot memory files (SPEC 2.4, spec/pomeloclaw.md): a lossless entry parser
and the store's view of a file. The scopes and where their files lie: `scopes`.

The agent creates a daily file as ``# Daily Memory - YYYY-MM-DD (<scope>)\\n``, a long-term file
as ``# Long-term Memory (<scope>)\\n\\n``, and appends every memory as ``\\n[HH:MM:SS] content\\n``.
Team memory entries (`## 团队记忆条目` blocks, see `team`) sit among them in the main scope.

Entry boundaries (a decision; the agent never reads its entries back one by one): an entry is a
``[HH:MM:SS]`` line plus the lines right below it, up to the next blank line or the next
``[HH:MM:SS]`` line. The one empty line just above it (the agent's leading ``\\n``) belongs to
the entry, so deleting an entry leaves the file as if the agent had never written it. Text after
a blank line is not an entry's, even if the agent wrote it as part of one multi-paragraph memory:
it stays verbatim as "other text", so no edit or delete ever removes text it is not sure about.
A team entry runs from its heading to the next team heading, time-stamped line or `#`/`##`
heading that follows a blank line (`team.team_entry_end`). A HEARTBEAT.md entry runs from its
``## [HH:MM:SS] category`` line to the next one (its body may hold `## ` headings of its own).
Unchanged blocks render from the text as read, so a save changes only the edited entries.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from datetime import time as dtime
from pathlib import PurePath
from typing import Any, Literal, TypeVar

from core.agents.pomelobot import team
from core.agents.pomelobot.scopes import (
    HEARTBEAT_NAME,
    LONG_TERM_NAMES,
    SCOPE_NAME_RE,
    FileKind,
    check_scope_name,
    daily_path,
    day_text,
    heartbeat_path,
    long_term_path,
    transcript_path,
)
from core.agents.pomelobot.team import TeamEntry
from core.formats.dated import day_of
from core.formats.js import js_trim, utf16_len
from core.formats.text import BOM, decode, split_lines, to_lf
from core.messages import say

# The agent stamps entries with toLocaleTimeString('zh-CN', {hour12: false}): "09:15:40".
_ENTRY_RE = re.compile(r"\[(\d{1,2}:\d{2}:\d{2})\](?: |(?=[\r\n])|\Z)", re.ASCII)
_ROLE_RE = re.compile(r"\[(user|assistant)\] ")
# heartbeat_save's entry header: `## [HH:MM:SS] <category>`.
_HEARTBEAT_RE = re.compile(r"## \[(\d{1,2}:\d{2}:\d{2})\](?: |(?=[\r\n])|\Z)", re.ASCII)
DEFAULT_CATEGORY = "lesson"
TRANSCRIPT_MAX_CHARS = 3000  # the agent's transcript.max_chars_per_entry default
_STAMP_RE = re.compile(r"\d{2}:\d{2}:\d{2}", re.ASCII)


class ReadOnlyError(ValueError):
    """An edit of a file MemDesk only reads (a session transcript)."""


# ---------------------------------------------------------------------------------------------
# Memory files: entries and verbatim text


@dataclass(slots=True)
class MemoryEntry:
    """One `[HH:MM:SS] content` entry, or a HEARTBEAT.md entry (`## [HH:MM:SS] category` and the
    lines below it; `category` set). `raw` is its text as read; None once it was edited."""

    key: str  # unique in the document: the time, or "09:15:40~2" for a repeated time
    time: str
    content: str  # lines joined with "\n", line endings removed
    line: int  # 1-based line of the time stamp as read (0 for a new entry)
    role: str | None = None  # transcripts: "user" or "assistant"
    separator: str = ""  # the empty line above it (the agent's leading "\n"), as found
    ending: str = "\n"  # line ending of its last line ("" at the end of a file without one)
    raw: str | None = None
    category: str | None = None  # heartbeat entries: the category after the time

    @property
    def end_line(self) -> int:
        below = 1 if self.category is not None and self.content else 0
        return self.line + below + self.content.count("\n")

    def text(self, newline: str = "\n") -> str:
        if self.raw is not None:
            return self.raw
        body = self.content.replace("\n", newline) if newline != "\n" else self.content
        if self.category is not None:
            head = f"## [{self.time}] {self.category}"
            return f"{self.separator}{head}{newline + body if body else ''}{self.ending}"
        role = f"[{self.role}] " if self.role else ""
        return f"{self.separator}[{self.time}] {role}{body}{self.ending}"

    def edited(self, content: str, category: str | None = None) -> MemoryEntry:
        """This entry with new text (and category); its time, place and line end stay."""
        return MemoryEntry(
            self.key,
            self.time,
            content,
            self.line,
            self.role,
            self.separator,
            self.ending,
            category=self.category if category is None else category,
        )


@dataclass(slots=True)
class Raw:
    """Text that is not an entry, kept verbatim: the file's header, or anything else."""

    kind: Literal["preamble", "text"]
    text: str
    line: int

    @property
    def blank(self) -> bool:
        return not self.text.strip()


Entry = MemoryEntry | TeamEntry
Block = MemoryEntry | TeamEntry | Raw


@dataclass
class MemoryFileDocument:
    """A parsed memory file; `render()` gives back the exact text (BOM included)."""

    path: str
    kind: FileKind
    bom: bool
    newline: str
    blocks: list[Block]
    read_only: bool = False
    _keys: set[str] = field(default_factory=set, repr=False)

    def entries(self) -> list[Entry]:
        """The time-stamped memories and the team entries, in file order."""
        return [b for b in self.blocks if not isinstance(b, Raw)]

    def find(self, key: str) -> Entry | None:
        return next((e for e in self.entries() if e.key == key), None)

    def entry_at_line(self, line: int) -> Entry | None:
        """The entry covering a 1-based line as the file was read (for `path:line` references)."""
        return next((e for e in self.entries() if e.raw and e.line <= line <= e.end_line), None)

    def preamble(self) -> str:
        return "".join(b.text for b in self.blocks if isinstance(b, Raw) and b.kind == "preamble")

    def other_text(self) -> list[Raw]:
        """Text outside any entry (hand-written notes, headings): shown, kept as found."""
        return [b for b in self.blocks if isinstance(b, Raw) and b.kind == "text" and not b.blank]

    def render(self) -> str:
        body = "".join(b.text if isinstance(b, Raw) else b.text(self.newline) for b in self.blocks)
        return (BOM if self.bom else "") + body

    def to_bytes(self) -> bytes:
        return self.render().encode("utf-8")

    # -- edits ---------------------------------------------------------------------------------
    def replace_entry(self, key: str, content: str, category: str | None = None) -> Entry:
        """Give an entry new text (a heartbeat entry also a new category; a team entry's text is
        its whole block, taken verbatim); its time, the blank line above it and its line end
        stay."""
        self._check_writable()
        index, old = self._index(key)
        if isinstance(old, TeamEntry):
            if category is not None:
                raise ValueError(say("a team entry has no category"))
            body = team.checked_team_text(content)
            if body != old.body:
                self.blocks[index] = old = old.edited(body)
            return old
        if old.category is None:
            text, cat = checked_content(content), None
        else:
            text = checked_heartbeat(content)
            cat = old.category if category is None else checked_category(category)
        if text == old.content and cat == old.category:
            return old
        new = old.edited(text, cat)
        self.blocks[index] = new
        return new

    def replace_team_entry(
        self, key: str, entry: team.TeamInput | team.TeamRecord, now: datetime | None = None
    ) -> Entry:
        """A team entry re-rendered as the agent renders one (`now` stamps 更新时间 if the
        entry has none); nothing else in the file changes."""
        return self.replace_entry(key, team.render_team_entry(entry, now))

    def append_team_entry(self, body: str) -> TeamEntry:
        """A team entry added after the file's text (as the agent adds a new title, but the
        file's trailing blank lines, which the agent trims, are kept)."""
        self._check_writable()
        text = team.checked_team_text(body)
        entry = TeamEntry(team.team_key(team.parse_team_record(text).title), text, 0)
        return self._append(entry)

    def delete_entry(self, key: str) -> Entry:
        """Remove an entry with the blank line the agent wrote above it; nothing else changes."""
        self._check_writable()
        index, old = self._index(key)
        del self.blocks[index]
        self._keys.discard(key)
        if self._text_at(index - 1).endswith("\r") and self._text_at(index).startswith("\n"):
            # A lone-CR line end now meets an LF: they would read as one CRLF, gluing the lines.
            self.blocks.insert(index, Raw("text", "\n", old.line))
        return old

    def append_entry(
        self, content: str, time: dtime | datetime | str, category: str | None = None
    ) -> MemoryEntry:
        """Append as the agent does: `\\n[HH:MM:SS] content\\n` (with the file's own line ends);
        to a HEARTBEAT.md `\\n## [HH:MM:SS] category\\ncontent\\n`, content trimmed and the
        category `lesson` unless given."""
        self._check_writable()
        if self.kind == "heartbeat":
            text = checked_heartbeat(content)
            category = checked_category(category or DEFAULT_CATEGORY)
        else:
            text, category = checked_content(content), None
        return self._append(MemoryEntry("", format_time(time), text, 0, category=category))

    def _append(self, entry: _E) -> _E:
        nl = self.newline
        tail = next(filter(None, map(self._text_at, reversed(range(len(self.blocks))))), "")
        separator = nl if not tail or tail.endswith(("\n", "\r")) else nl + nl
        if tail.endswith("\r") and separator.startswith("\n"):
            separator = "\n" + separator  # keep the blank line: CR + LF would read as one line end
        entry.key, entry.separator, entry.ending = self._new_key(_key_of(entry)), separator, nl
        self.blocks.append(entry)
        return entry

    def _text_at(self, index: int) -> str:
        if not 0 <= index < len(self.blocks):
            return ""
        block = self.blocks[index]
        return block.text if isinstance(block, Raw) else block.text(self.newline)

    def _check_writable(self) -> None:
        if self.read_only:
            raise ReadOnlyError(
                say("{path}: a session transcript is read-only in MemDesk", path=self.path)
            )

    def _index(self, key: str) -> tuple[int, Entry]:
        for i, block in enumerate(self.blocks):
            if not isinstance(block, Raw) and block.key == key:
                return i, block
        raise KeyError(f"no entry {key} in {self.path}")

    def _new_key(self, stamp: str) -> str:
        key, n = stamp, 1
        while key in self._keys:
            n += 1
            key = f"{stamp}~{n}"
        self._keys.add(key)
        return key


def checked_content(content: str) -> str:
    """An entry's new text, refused where the file would read it back differently."""
    text = to_lf(content).strip("\n")
    if not text.strip():
        raise ValueError(say("a memory needs some text (to remove one, delete it)"))
    if "\0" in text:
        raise ValueError(say("a memory cannot contain a NUL character"))
    for n, line in enumerate(text.split("\n")[1:], start=2):
        if not line.strip():
            raise ValueError(
                say(
                    "line {number} of the memory is blank: the file would read what follows "
                    "as text outside this memory",
                    number=n,
                )
            )
        if _ENTRY_RE.match(line):
            raise ValueError(
                say(
                    "line {number} of the memory starts with a time stamp: the file would read "
                    "it as another memory",
                    number=n,
                )
            )
        if team.is_team_heading(line):
            raise ValueError(
                say(
                    "line {number} of the memory is {heading}: the file would read what follows "
                    "as a team entry",
                    number=n,
                    heading=team.HEADING,
                )
            )
    return text


def checked_heartbeat(content: str) -> str:
    """A heartbeat entry's text as the agent saves it (trimmed), refused where the file would
    read it back differently."""
    text = js_trim(to_lf(content))
    if not text:
        raise ValueError(say("a heartbeat entry needs some text (to remove one, delete it)"))
    if "\0" in text:
        raise ValueError(say("a heartbeat entry cannot contain a NUL character"))
    for n, line in enumerate(text.split("\n"), start=1):
        if _HEARTBEAT_RE.match(line):
            raise ValueError(
                say(
                    "line {number} of the entry starts like a heartbeat header (## [HH:MM:SS]): "
                    "the file would read it as another entry",
                    number=n,
                )
            )
    return text


def checked_category(category: str) -> str:
    """A heartbeat category as the agent writes it (trimmed, free text, one line)."""
    text = js_trim(category)
    if "\n" in text or "\r" in text or "\0" in text:
        raise ValueError(say("a heartbeat category is one line of text"))
    return text


def format_time(value: dtime | datetime | str) -> str:
    """HH:MM:SS, as the agent stamps its entries."""
    if isinstance(value, datetime | dtime):
        return value.strftime("%H:%M:%S")
    if _STAMP_RE.fullmatch(value):
        try:
            dtime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return value
    raise ValueError(say("'{value}' is not a time of day as HH:MM:SS", value=value))


def daily_header(day: date | str, scope: str) -> str:
    check_scope_name(scope)
    return f"# Daily Memory - {day_text(day)} ({scope})\n"


def long_term_header(scope: str) -> str:
    check_scope_name(scope)
    return f"# Long-term Memory ({scope})\n\n"


def heartbeat_header(scope: str) -> str:
    check_scope_name(scope)
    return f"# Heartbeat ({scope})\n\n"


def transcript_header(day: date | str, scope: str) -> str:
    check_scope_name(scope)
    return f"# Session Transcript - {day_text(day)} ({scope})\n"


def new_heartbeat_file(scope: str) -> MemoryFileDocument:
    """A HEARTBEAT.md as the agent creates it, before its first entry."""
    return parse_memory_file(heartbeat_header(scope), heartbeat_path(scope))


def new_transcript_file(day: date | str, scope: str) -> MemoryFileDocument:
    return parse_memory_file(transcript_header(day, scope), transcript_path(scope, day))


def append_transcript_message(
    doc: MemoryFileDocument,
    role: Literal["user", "assistant"],
    text: str,
    time: dtime | datetime | str,
    max_chars: int = TRANSCRIPT_MAX_CHARS,
) -> MemoryEntry | None:
    """A message appended to a transcript as the agent's appendTranscript writes it: trimmed,
    cut to `max_chars` UTF-16 units with `…`, nothing for an empty one. For demos and tests:
    MemDesk's edits leave transcripts alone."""
    message = js_trim(text)
    if not message:
        return None
    if utf16_len(message) > max_chars:
        message = (
            message.encode("utf-16-le", "surrogatepass")[: 2 * (max_chars - 1)].decode(
                "utf-16-le", "surrogatepass"
            )
            + "…"
        )
    return doc._append(MemoryEntry("", format_time(time), message, 0, role))


def new_file_header(rel: str) -> str | None:
    """What the agent writes first into a new file at `rel`; None where it writes no file."""
    parts = rel.split("/")
    if len(parts) != 4 or parts[:2] != ["memory", "scopes"]:
        return None
    scope, name = parts[2], parts[3]
    if not SCOPE_NAME_RE.fullmatch(scope):
        return None
    if name == "MEMORY.md":
        return long_term_header(scope)
    if name == HEARTBEAT_NAME:
        return heartbeat_header(scope)
    daily = day_of(name)
    return daily_header(daily, scope) if daily else None


def new_daily_file(day: date | str, scope: str) -> MemoryFileDocument:
    """A daily file as the agent creates it, before its first entry."""
    return parse_memory_file(daily_header(day, scope), daily_path(scope, day))


def new_long_term_file(scope: str) -> MemoryFileDocument:
    return parse_memory_file(long_term_header(scope), long_term_path(scope))


def promote(
    daily_entry: MemoryEntry, long_term_text: str | None, time: dtime | datetime | str, scope: str
) -> str:
    """The long-term file's new text with a daily memory appended, as the agent's save would.

    `long_term_text` None means the file does not exist yet (it starts with the agent's header).
    The daily file is not changed: removing the entry there is a separate, explicit edit.
    """
    if long_term_text is None:
        doc = new_long_term_file(scope)
    else:
        doc = parse_memory_file(long_term_text, long_term_path(scope))
    doc.append_entry(daily_entry.content, time)
    return doc.render()


def file_kind(path: str | PurePath) -> FileKind:
    p = PurePath(path)
    if p.parent.name == "transcripts":
        return "transcript"
    if p.name == HEARTBEAT_NAME:
        return "heartbeat"
    if p.name in LONG_TERM_NAMES:
        return "long_term"
    return "daily"


def parse_memory_file(
    data: bytes | str, path: str | PurePath = "MEMORY.md", *, kind: FileKind | None = None
) -> MemoryFileDocument:
    """Parse a memory or transcript file without losing a byte.

    Raises InputError for invalid UTF-8 or NUL bytes. The kind comes from the path unless given;
    transcripts parse read-only, their entries with `role` set.
    """
    decoded = decode(
        data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"), str(path)
    )
    kind = kind or file_kind(path)
    lines = split_lines(decoded.text)
    if kind == "heartbeat":
        blocks = list(_heartbeat_blocks(lines))
    else:
        blocks = list(_blocks(lines, transcript=kind == "transcript"))
    doc = MemoryFileDocument(
        str(path), kind, decoded.bom, decoded.newline, blocks, read_only=kind == "transcript"
    )
    _assign_keys(doc)
    return doc


def _blocks(lines: list[str], *, transcript: bool) -> Iterator[Block]:
    run: list[int] = []  # consecutive lines outside entries, not yet emitted
    i, n = 0, len(lines)
    while i < n:
        m = _ENTRY_RE.match(lines[i])
        starts_team = not transcript and team.is_team_heading(lines[i])
        if m is None and not starts_team:
            run.append(i)
            i += 1
            continue
        separator = ""
        if run and run[-1] == i - 1 and lines[i - 1] in ("\n", "\r\n", "\r"):
            separator = lines[run.pop()]
        yield from _raw_blocks(lines, run)
        run = []
        if m is None:
            end = team.team_entry_end(lines, i)
            yield _team_entry(lines, i, end, separator)
        else:
            end = i + 1
            while end < n and _continues(lines[end], transcript):
                end += 1
            yield _entry(lines, i, end, m, separator, transcript)
        i = end
    yield from _raw_blocks(lines, run)


def _continues(line: str, transcript: bool) -> bool:
    """Whether a line below a time-stamped memory's first line is still the memory's."""
    if not line.strip() or _ENTRY_RE.match(line) is not None:
        return False
    return transcript or not team.is_team_heading(line)


def _team_entry(lines: list[str], i: int, end: int, separator: str) -> TeamEntry:
    last = lines[end - 1]
    ending = last[len(last.rstrip("\r\n")) :]
    body = "\n".join(line.rstrip("\r\n") for line in lines[i:end])
    return TeamEntry("", body, i + 1, separator, ending, separator + "".join(lines[i:end]))


def _heartbeat_blocks(lines: list[str]) -> Iterator[Block]:
    """HEARTBEAT.md: an entry runs from its `## [HH:MM:SS] category` line to the next one; the
    blank lines at its end are not its own (the last is the next entry's separator)."""
    run: list[int] = []
    i, n = 0, len(lines)
    while i < n:
        m = _HEARTBEAT_RE.match(lines[i])
        if m is None:
            run.append(i)
            i += 1
            continue
        separator = ""
        if run and run[-1] == i - 1 and lines[i - 1] in ("\n", "\r\n", "\r"):
            separator = lines[run.pop()]
        yield from _raw_blocks(lines, run)
        end = i + 1
        while end < n and _HEARTBEAT_RE.match(lines[end]) is None:
            end += 1
        stop = end
        while stop > i + 1 and not lines[stop - 1].strip():
            stop -= 1
        yield _heartbeat_entry(lines, i, stop, m, separator)
        run = list(range(stop, end))
        i = end
    yield from _raw_blocks(lines, run)


def _heartbeat_entry(
    lines: list[str], i: int, stop: int, m: re.Match[str], separator: str
) -> MemoryEntry:
    head = lines[i][m.end() :]
    category = head.rstrip("\r\n")
    last = lines[stop - 1]
    ending = last[len(last.rstrip("\r\n")) :]
    content = "\n".join(line.rstrip("\r\n") for line in lines[i + 1 : stop])
    raw = separator + "".join(lines[i:stop])
    return MemoryEntry("", m.group(1), content, i + 1, None, separator, ending, raw, category)


def _raw_blocks(lines: list[str], run: list[int]) -> Iterator[Raw]:
    """A run of non-entry lines; at the top of the file, a `# ` title and its blanks first."""
    if not run:
        return
    first = run[0]
    split = first
    if first == 0 and lines[0].startswith("# "):
        split = 1
        while split <= run[-1] and not lines[split].strip():
            split += 1
        yield Raw("preamble", "".join(lines[first:split]), first + 1)
    if split <= run[-1]:
        yield Raw("text", "".join(lines[split : run[-1] + 1]), split + 1)


def _entry(
    lines: list[str], i: int, end: int, m: re.Match[str], separator: str, transcript: bool
) -> MemoryEntry:
    first = lines[i][m.end() :]
    parts = [first, *lines[i + 1 : end]]
    last = parts[-1]
    stripped = last.rstrip("\r\n")
    ending = last[len(stripped) :]
    content = "\n".join(p.rstrip("\r\n") for p in parts)
    role_match = _ROLE_RE.match(content) if transcript else None
    role = role_match.group(1) if role_match else None
    if role_match is not None:
        content = content[role_match.end() :]
    raw = separator + "".join(lines[i:end])
    return MemoryEntry("", m.group(1), content, i + 1, role, separator, ending, raw)


def _assign_keys(doc: MemoryFileDocument) -> None:
    for entry in doc.entries():
        entry.key = doc._new_key(_key_of(entry))


_E = TypeVar("_E", MemoryEntry, TeamEntry)


def _key_of(entry: Entry) -> str:
    """The key an entry is known by before a repeat is numbered: its time, or its title."""
    return team.team_key(entry.title) if isinstance(entry, TeamEntry) else entry.time


# ---------------------------------------------------------------------------------------------
# The store's view of a memory file (core.store.merge.Format)


def draft_entry(content: str, time: dtime | datetime | str) -> MemoryEntry:
    """A new entry as the agent would append it (its key is given when it is added)."""
    return MemoryEntry("", format_time(time), checked_content(content), 0)


def draft_heartbeat(
    content: str, time: dtime | datetime | str, category: str | None = None
) -> MemoryEntry:
    """A new HEARTBEAT.md entry as heartbeat_save would append it."""
    text, cat = checked_heartbeat(content), checked_category(category or DEFAULT_CATEGORY)
    return MemoryEntry("", format_time(time), text, 0, category=cat)


class MemoryFileFormat:
    """A memory file as keyed entries: `[HH:MM:SS]` memories (keyed by time; `09:15:40~2` if
    repeated), HEARTBEAT.md entries (by time too) and team entries (`team:<title>`).

    `empty` is what the agent writes into a new file before its first entry (its header).
    """

    rekeys = True  # two entries stamped with one time are two entries
    label_header = "When"  # what the list calls label()'s column

    def __init__(self, path: str, kind: FileKind | None = None, *, empty: str = "") -> None:
        self.path = path
        self.kind: FileKind = kind or file_kind(path)
        self.empty = empty
        self.read_only = self.kind == "transcript"

    def parse(self, data: bytes | None) -> MemoryFileDocument:
        raw: bytes | str = self.empty if data is None else data
        return parse_memory_file(raw, self.path, kind=self.kind)

    def render(self, doc: MemoryFileDocument) -> bytes:
        return doc.to_bytes()

    def entries(self, doc: MemoryFileDocument) -> list[Entry]:
        return doc.entries()

    def key(self, entry: Entry) -> str:
        return entry.key

    def label(self, entry: Entry) -> str:
        return entry.title if isinstance(entry, TeamEntry) else entry.time

    def line(self, entry: Entry) -> int:
        return entry.line

    def content(self, entry: Entry) -> str:
        return entry.content

    def find(self, doc: MemoryFileDocument, key: str) -> Entry | None:
        return doc.find(key)

    def same(self, a: Entry, b: Entry) -> bool:
        if isinstance(a, TeamEntry) or isinstance(b, TeamEntry):
            return isinstance(a, TeamEntry) and isinstance(b, TeamEntry) and a.body == b.body
        return (a.time, a.content, a.role, a.category) == (b.time, b.content, b.role, b.category)

    def insert(self, doc: MemoryFileDocument, entry: Entry) -> str:
        if isinstance(entry, TeamEntry):
            return doc.append_team_entry(entry.body).key
        return doc.append_entry(entry.content, entry.time, entry.category).key

    def replace(self, doc: MemoryFileDocument, key: str, entry: Entry) -> None:
        category = None if isinstance(entry, TeamEntry) else entry.category
        doc.replace_entry(key, entry.content, category)

    def remove(self, doc: MemoryFileDocument, key: str) -> None:
        doc.delete_entry(key)

    def outside(self, doc: MemoryFileDocument) -> object:
        return [b.text for b in doc.blocks if isinstance(b, Raw)]

    def state(self, doc: MemoryFileDocument) -> object:
        return list(doc.blocks)

    def set_state(self, doc: MemoryFileDocument, state: object) -> None:
        assert isinstance(state, list)
        doc.blocks = list(state)
        doc._keys = {e.key for e in doc.entries()}

    def describe(self, entry: Entry) -> str:
        return entry.content

    def written(self, like: Entry, text: str) -> Entry:
        if isinstance(like, TeamEntry):
            return like.edited(team.checked_team_text(text))
        if like.category is not None:
            return like.edited(checked_heartbeat(text))
        return MemoryEntry(like.key, like.time, checked_content(text), like.line, like.role)

    def fields(self, entry: Entry) -> dict[str, Any]:
        if isinstance(entry, MemoryEntry) and entry.category is not None:
            return {"content": entry.content, "category": entry.category}
        return {"content": entry.content}

    def merge_entry(self, base: Entry, mine: Entry, theirs: Entry) -> Entry | None:
        return None
