"""Pomeloclaw / Pomelobot memory files (SPEC 2.4, spec/pomeloclaw.md): scopes, a lossless entry
parser, index chunks.

Layout, relative to the workspace, as Pomeloclaw writes it today (every scope, main included)::

    memory/scopes/<scope>/MEMORY.md               long-term memory
    memory/scopes/<scope>/YYYY-MM-DD.md           daily memory
    memory/scopes/<scope>/HEARTBEAT.md            corrections and lessons (`## [HH:MM:SS] category`)
    memory/scopes/<scope>/transcripts/DATE.md     session transcripts (read-only here)

Files of the older Pomelobot layout stay readable and editable, marked legacy with what the agent
does with them today (it never moved them, spec/pomeloclaw.md 1.3): root `MEMORY.md` and
`memory/YYYY-MM-DD.md` (main), and `memory/scopes/<scope>/LONG_TERM.md`. A workspace without
`memory/scopes/` is simply the older layout: its root `MEMORY.md` and `memory/YYYY-MM-DD.md` are
legacy files of the main scope, like any other. Other files in `memory/` are listed, never read.

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

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from datetime import time as dtime
from pathlib import Path, PurePath
from typing import Any, Literal, TypeVar

from core.agents.pomelobot import team
from core.agents.pomelobot.team import TeamEntry
from core.formats.dated import day_of
from core.formats.js import js_trim, utf16_len
from core.formats.text import BOM, decode, split_lines, to_lf
from core.store.confine import ConfinementError
from core.store.files import list_folder, open_confined

MAIN = "main"
SCOPE_NAME_RE = re.compile(r"[a-z0-9_-]+")
LONG_TERM_NAMES = ("MEMORY.md", "LONG_TERM.md")  # in a scope folder; MEMORY.md is the newer name
ROOT_LONG_TERM = "MEMORY.md"  # the older layout's main long-term file, at the workspace root
# The agent stamps entries with toLocaleTimeString('zh-CN', {hour12: false}): "09:15:40".
_ENTRY_RE = re.compile(r"\[(\d{1,2}:\d{2}:\d{2})\](?: |(?=[\r\n])|\Z)", re.ASCII)
_ROLE_RE = re.compile(r"\[(user|assistant)\] ")
# heartbeat_save's entry header: `## [HH:MM:SS] <category>`.
_HEARTBEAT_RE = re.compile(r"## \[(\d{1,2}:\d{2}:\d{2})\](?: |(?=[\r\n])|\Z)", re.ASCII)
DEFAULT_CATEGORY = "lesson"
TRANSCRIPT_MAX_CHARS = 3000  # the agent's transcript.max_chars_per_entry default
_STAMP_RE = re.compile(r"\d{2}:\d{2}:\d{2}", re.ASCII)

FileKind = Literal["long_term", "daily", "heartbeat", "transcript"]
HEARTBEAT_NAME = "HEARTBEAT.md"
_SHARED_MAIN_RE = re.compile(r"\d{4}-\d{2}-\d{2}\.md", re.ASCII)  # main's daily files


class AccessError(ConfinementError, ValueError):
    """A read MemDesk refuses: outside the scope, or not a memory file (a ConfinementError,
    like the refusals of a path that leads outside the workspace)."""


class ReadOnlyError(ValueError):
    """An edit of a file MemDesk only reads (a session transcript)."""


# ---------------------------------------------------------------------------------------------
# Scopes


@dataclass(frozen=True, slots=True)
class ScopeFile:
    """One memory file of a scope; `path` is relative to the workspace, with '/'."""

    path: str
    kind: FileKind
    date: str | None = None
    # A file of the older Pomelobot layout: what the agent does with it today (None if current).
    legacy: str | None = None

    @property
    def read_only(self) -> bool:
        return self.kind == "transcript"


@dataclass(frozen=True, slots=True)
class Scope:
    """A memory scope: its files, and whatever else lies in its folders (listed, never touched)."""

    name: str
    files: tuple[ScopeFile, ...]
    other_files: tuple[str, ...] = ()  # workspace-relative; folders end with '/'

    def of_kind(self, kind: FileKind) -> list[ScopeFile]:
        return [f for f in self.files if f.kind == kind]


def list_scopes(workspace: Path) -> list[Scope]:
    """`main` first, then every `memory/scopes/<scope>/` by name.

    Symlinks are never followed (the agent's own walk skips them too): they are listed as other
    files, as is anything in `memory/` or `memory/scopes/` that is no memory file or scope.
    """
    files, other = _main_files(workspace)
    scopes: list[Scope] = []
    scopes_dir = workspace / "memory" / "scopes"
    if scopes_dir.is_symlink():
        other.append("memory/scopes")
    elif _real_dir(scopes_dir):
        for child in sorted(list_folder(scopes_dir), key=lambda p: p.name):
            rel = f"memory/scopes/{child.name}"
            if not (_real_dir(child) and SCOPE_NAME_RE.fullmatch(child.name)):
                other.append(rel + ("/" if child.is_dir() else ""))
                continue
            found, extra = _scope_folder(child, rel)
            if child.name == MAIN:
                files += found
                other += extra
            else:
                scopes.append(Scope(child.name, _ordered(_marked(found)), tuple(sorted(extra))))
    return [Scope(MAIN, _ordered(_marked(files)), tuple(sorted(other))), *scopes]


_KIND_ORDER: dict[FileKind, int] = {"long_term": 0, "daily": 1, "heartbeat": 2, "transcript": 3}


def _ordered(files: list[ScopeFile]) -> tuple[ScopeFile, ...]:
    """Long-term memory first, then daily files, the heartbeat and transcripts, each by name (so
    by date), the current file of a kind before legacy ones."""
    return tuple(sorted(files, key=lambda f: (_KIND_ORDER[f.kind], f.legacy is not None, f.path)))


def _marked(files: list[ScopeFile]) -> list[ScopeFile]:
    """The files, those of the older Pomelobot layout marked with what the agent does with them."""
    injected = injected_long_term(files)
    return [replace(f, legacy=_legacy_note(f, injected)) for f in files]


def injected_long_term(files: Iterable[ScopeFile]) -> str | None:
    """The long-term file of a scope the agent injects at session start: its folder's MEMORY.md,
    else its LONG_TERM.md, else (main) root MEMORY.md; None when it has none."""
    found = [f.path for f in files if f.kind == "long_term"]
    return min(found, key=_injection_rank, default=None)


def _injection_rank(path: str) -> int:
    if "/" not in path:
        return 2
    return 1 if path.endswith("/LONG_TERM.md") else 0


def superseded(scope: Scope) -> list[tuple[ScopeFile, str]]:
    """The scope's long-term files of the older layout the agent no longer injects at session
    start, each with the newer file it injects instead."""
    injected = injected_long_term(scope.files)
    return [
        (f, injected)
        for f in scope.of_kind("long_term")
        if f.legacy is not None and injected is not None and f.path != injected
    ]


def _legacy_note(file: ScopeFile, injected: str | None) -> str | None:
    parts = file.path.split("/")
    instead = injected if injected != file.path else None
    if len(parts) == 1:
        return (
            f"{_long_term_note(long_term_path(MAIN), instead)} It is no longer indexed: "
            "memory_search does not find it and memory_get refuses it."
        )
    if len(parts) == 2:
        return (
            "A daily file of the older layout (the agent now writes memory/scopes/main/): "
            "indexed for memory_search in scope main, but memory_get refuses it and it is "
            "never injected at session start."
        )
    if len(parts) == 4 and parts[-1] == "LONG_TERM.md":
        return _long_term_note(f"{'/'.join(parts[:3])}/MEMORY.md", instead)
    return None


def _long_term_note(new: str, instead: str | None) -> str:
    if instead is None:
        now = "it does not yet"
    elif instead == new:
        now = "it does: this file is no longer injected"
    else:
        now = f"{instead} is injected instead: this file is no longer injected"
    return (
        "Long-term memory of the older layout: the agent injects it at session start only "
        f"while {new} does not exist ({now}); its next long-term save creates {new}."
    )


def find_scope(workspace: Path, name: str) -> Scope:
    check_scope_name(name)
    for scope in list_scopes(workspace):
        if scope.name == name:
            return scope
    raise ValueError(f"{workspace}: no memory scope '{name}'")


def check_scope_name(name: str) -> None:
    if not SCOPE_NAME_RE.fullmatch(name):
        raise AccessError(f"'{name}' is not a scope name (letters a-z, digits, '_' and '-' only)")


def _real_dir(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _real_file(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


def _main_files(workspace: Path) -> tuple[list[ScopeFile], list[str]]:
    names = _names_in(workspace)
    # The agent reads its MEMORY.md whatever it is: one MemDesk cannot read (a folder, a FIFO, a
    # link out) is listed all the same, so that reading it reports why.
    files = [ScopeFile(ROOT_LONG_TERM, "long_term")] if ROOT_LONG_TERM in names else []
    other: list[str] = []
    memory = workspace / "memory"
    if not _real_dir(memory):
        return files, other
    for child in sorted(list_folder(memory), key=lambda p: p.name):
        if child.name == "scopes" and child.is_dir():
            continue  # scopes are listed on their own
        day = day_of(child.name) if _real_file(child) else None
        if day is not None:
            files.append(ScopeFile(f"memory/{child.name}", "daily", day))
        else:
            other.append(f"memory/{child.name}" + ("/" if child.is_dir() else ""))
    return files, other


def _names_in(folder: Path) -> set[str]:
    """Names as stored (on a case-insensitive disk, a memory.md is no MEMORY.md)."""
    return {p.name for p in list_folder(folder)}


def _scope_folder(folder: Path, rel: str) -> tuple[list[ScopeFile], list[str]]:
    files: list[ScopeFile] = []
    other: list[str] = []
    for child in sorted(list_folder(folder), key=lambda p: p.name):
        path = f"{rel}/{child.name}"
        day = day_of(child.name)
        # The agent reads these whatever they are (as root MEMORY.md): listed all the same, so
        # that reading one MemDesk cannot read reports why.
        if child.name in LONG_TERM_NAMES:
            files.append(ScopeFile(path, "long_term"))
        elif child.name == HEARTBEAT_NAME:
            files.append(ScopeFile(path, "heartbeat"))
        elif _real_file(child) and day is not None:
            files.append(ScopeFile(path, "daily", day))
        elif _real_dir(child) and child.name == "transcripts":
            found, extra = _transcripts(child, path)
            files += found
            other += extra
        else:
            other.append(path + ("/" if child.is_dir() else ""))
    return files, other


def _transcripts(folder: Path, rel: str) -> tuple[list[ScopeFile], list[str]]:
    files: list[ScopeFile] = []
    other: list[str] = []
    for child in sorted(list_folder(folder), key=lambda p: p.name):
        day = day_of(child.name)
        path = f"{rel}/{child.name}"
        if _real_file(child) and day is not None:
            files.append(ScopeFile(path, "transcript", day))
        else:
            other.append(path + ("/" if child.is_dir() else ""))
    return files, other


def daily_path(scope: str, day: date | str) -> str:
    """Where the agent writes a scope's daily memory for `day` (workspace-relative)."""
    return f"{scope_folder(scope)}/{_day_text(day)}.md"


def long_term_path(scope: str) -> str:
    """Where the agent writes a scope's long-term memory."""
    return f"{scope_folder(scope)}/MEMORY.md"


def heartbeat_path(scope: str) -> str:
    return f"{scope_folder(scope)}/{HEARTBEAT_NAME}"


def transcript_path(scope: str, day: date | str) -> str:
    return f"{scope_folder(scope)}/transcripts/{_day_text(day)}.md"


def scope_folder(scope: str) -> str:
    check_scope_name(scope)
    return f"memory/scopes/{scope}"


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
                raise ValueError("a team entry has no category")
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
            raise ReadOnlyError(f"{self.path}: a session transcript is read-only in MemDesk")

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
        raise ValueError("a memory needs some text (to remove one, delete it)")
    if "\0" in text:
        raise ValueError("a memory cannot contain a NUL character")
    for n, line in enumerate(text.split("\n")[1:], start=2):
        if not line.strip():
            raise ValueError(
                f"line {n} of the memory is blank: the file would read what follows "
                "as text outside this memory"
            )
        if _ENTRY_RE.match(line):
            raise ValueError(
                f"line {n} of the memory starts with a time stamp: the file would read it "
                "as another memory"
            )
        if team.is_team_heading(line):
            raise ValueError(
                f"line {n} of the memory is {team.HEADING}: the file would read what follows "
                "as a team entry"
            )
    return text


def checked_heartbeat(content: str) -> str:
    """A heartbeat entry's text as the agent saves it (trimmed), refused where the file would
    read it back differently."""
    text = js_trim(to_lf(content))
    if not text:
        raise ValueError("a heartbeat entry needs some text (to remove one, delete it)")
    if "\0" in text:
        raise ValueError("a heartbeat entry cannot contain a NUL character")
    for n, line in enumerate(text.split("\n"), start=1):
        if _HEARTBEAT_RE.match(line):
            raise ValueError(
                f"line {n} of the entry starts like a heartbeat header (## [HH:MM:SS]): the "
                "file would read it as another entry"
            )
    return text


def checked_category(category: str) -> str:
    """A heartbeat category as the agent writes it (trimmed, free text, one line)."""
    text = js_trim(category)
    if "\n" in text or "\r" in text or "\0" in text:
        raise ValueError("a heartbeat category is one line of text")
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
    raise ValueError(f"'{value}' is not a time of day as HH:MM:SS")


def _day_text(day: date | str) -> str:
    text = day.isoformat() if isinstance(day, date) else day
    if day_of(f"{text}.md") is None:
        raise ValueError(f"'{text}' is not a date as YYYY-MM-DD")
    return text


def daily_header(day: date | str, scope: str) -> str:
    check_scope_name(scope)
    return f"# Daily Memory - {_day_text(day)} ({scope})\n"


def long_term_header(scope: str) -> str:
    check_scope_name(scope)
    return f"# Long-term Memory ({scope})\n\n"


def heartbeat_header(scope: str) -> str:
    check_scope_name(scope)
    return f"# Heartbeat ({scope})\n\n"


def transcript_header(day: date | str, scope: str) -> str:
    check_scope_name(scope)
    return f"# Session Transcript - {_day_text(day)} ({scope})\n"


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
# Index chunks, exactly as the agent's chunkMarkdown computes them

MAX_CHUNK_CHARS = 1200  # DEFAULT_CHUNK_CHARS
CHUNK_OVERLAP_CHARS = 180  # DEFAULT_CHUNK_OVERLAP


@dataclass(frozen=True, slots=True)
class Chunk:
    """One index chunk. `content` may hold a lone surrogate where the agent cut a pair in two."""

    chunk_index: int
    start_line: int
    end_line: int
    content: str
    hash: str

    def to_json(self) -> dict[str, Any]:
        return {
            "chunk_index": self.chunk_index,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "content": self.content,
            "hash": self.hash,
        }


_Row = tuple[str, int, int]  # (line or slice, 1-based line number, length in UTF-16 units)


def index_chunks(
    text: str, *, max_chars: int = MAX_CHUNK_CHARS, overlap_chars: int = CHUNK_OVERLAP_CHARS
) -> list[Chunk]:
    """The agent's chunks of a file's text (read as Node reads it: BOM and `\\r` kept).

    Lines are split on `\\n` only and cost their UTF-16 length + 1; longer lines are cut into
    `max_chars` slices. Before a line is added the buffer is flushed if it would pass
    `max_chars`; whole trailing lines worth at least `overlap_chars` are carried over, and the
    next line is then added unchecked (so chunks can exceed `max_chars`).
    """
    chunks: list[Chunk] = []
    rows: list[_Row] = []
    size = 0
    for number, line in enumerate(text.split("\n"), start=1):
        for piece, length in _slices(line, max_chars):
            if size + length + 1 > max_chars and rows:
                chunks.append(_chunk(len(chunks), rows))
                rows = _overlap(rows, overlap_chars)
                size = sum(r[2] + 1 for r in rows)
            rows.append((piece, number, length))
            size += length + 1
    chunks.append(_chunk(len(chunks), rows))
    return chunks


def index_chunks_of_file(data: bytes) -> list[Chunk]:
    """Chunks of a file's bytes decoded as Node's readFile(..., 'utf-8') does (BOM kept)."""
    return index_chunks(data.decode("utf-8", errors="replace"))


def _slices(line: str, max_chars: int) -> list[tuple[str, int]]:
    units = line.encode("utf-16-le", "surrogatepass")
    length = len(units) // 2
    if length == 0:
        return [("", 0)]
    if length == len(line):  # no astral characters: code points are UTF-16 units
        return [
            (line[k : k + max_chars], min(max_chars, length - k))
            for k in range(0, length, max_chars)
        ]
    step = 2 * max_chars
    return [
        (units[k : k + step].decode("utf-16-le", "surrogatepass"), len(units[k : k + step]) // 2)
        for k in range(0, len(units), step)
    ]


def _overlap(rows: list[_Row], overlap_chars: int) -> list[_Row]:
    if overlap_chars <= 0:
        return []
    size, start = 0, len(rows)
    while start > 0 and size < overlap_chars:
        start -= 1
        size += rows[start][2] + 1
    return rows[start:]


def _chunk(index: int, rows: list[_Row]) -> Chunk:
    text = "\n".join(r[0] for r in rows)
    return Chunk(index, rows[0][1], rows[-1][1], text, js_sha256(text))


def js_sha256(text: str) -> str:
    """sha256 of a JS string as Node hashes it: UTF-8, a lone surrogate as U+FFFD."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        units = text.encode("utf-16-le", "surrogatepass")
        data = units.decode("utf-16-le", errors="replace").encode("utf-8")
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------------------------------------
# memory_get and references

DEFAULT_GET_LINES = 40
MAX_GET_LINES = 300
_REF_RE = re.compile(r"(?P<path>.+?)(?::(?P<line>\d+)(?:-\d+)?|#L(?P<hash_line>\d+)(?:-L?\d+)?)?")


def memory_get(
    workspace: Path,
    rel_path: str,
    from_line: int = 1,
    lines: int = DEFAULT_GET_LINES,
    *,
    scope: str = MAIN,
    shared_main_scope_reads: bool = True,
) -> str:
    """Lines `from_line`.. of a memory file, as the agent's memory_get returns them.

    `from_line` is 1-based (below 1 reads from 1); `lines` is clamped to 1..300. Lines are split
    on `\\n` as the agent splits them, so numbers agree with index chunks and search hits. A
    start beyond the end gives "". Refuses (ConfinementError) paths the agent refuses (see
    `read_memory_file`) and paths outside the workspace or the scope, by name or through a
    symlink; a file that is not UTF-8 text raises InputError.
    """
    data = read_memory_file(
        workspace,
        rel_path,
        scope=scope,
        shared_main_scope_reads=shared_main_scope_reads,
        legacy=False,
    )
    text = decode(data, rel_path).text
    start = max(1, from_line) - 1
    count = min(max(1, lines), MAX_GET_LINES)
    return "\n".join(text.split("\n")[start : start + count])


def read_memory_file(
    workspace: Path,
    rel_path: str,
    *,
    scope: str = MAIN,
    shared_main_scope_reads: bool = True,
    legacy: bool = True,
) -> bytes:
    """The bytes of a memory file `scope` may read (FileNotFoundError when there is none), read
    where the path leads: inside the workspace and the scope, links followed only inside them.

    The agent's memory_get rules: a scope reads `memory/scopes/<scope>/` (any `.md` file), and
    another scope also main's MEMORY.md, HEARTBEAT.md and YYYY-MM-DD.md when
    `shared_main_scope_reads` (the agent's default). The main scope's files of the older layout,
    root MEMORY.md and memory/YYYY-MM-DD.md, which memory_get refuses, are read only when `legacy`
    (MemDesk reading the scope's files). A FIFO, a device or a file with other names (a hard
    link) is refused too.
    """
    check_scope_name(scope)
    parts = _relative_parts(rel_path)
    access = _Access(scope, shared_main_scope_reads, legacy)
    if not access.allows(parts):
        raise AccessError(f"{rel_path}: not a memory file of scope '{scope}' ({access})")
    try:
        with open_confined(workspace, "/".join(parts), shown=rel_path) as file:
            if not access.allows(file.parts):
                target = "/".join(file.parts)
                raise AccessError(
                    f"{rel_path}: leads to {target}, outside scope '{scope}'; refused"
                )
            return file.read()
    except FileNotFoundError:
        raise FileNotFoundError(f"{rel_path}: no such file in {workspace}") from None


def scope_of_path(rel_path: str) -> str:
    """The scope whose memory file `rel_path` would be (main unless under memory/scopes/X/)."""
    parts = _relative_parts(rel_path)
    return parts[2] if len(parts) > 3 and parts[:2] == ("memory", "scopes") else MAIN


def _relative_parts(rel_path: str) -> tuple[str, ...]:
    path = rel_path.replace("\\", "/")
    if not path.strip() or "\0" in path:
        raise AccessError(f"{rel_path!r}: not a file path")
    if path.startswith("/") or re.match(r"[A-Za-z]:", path):
        raise AccessError(f"{rel_path}: absolute paths are refused; give a workspace-relative path")
    parts = tuple(p for p in path.split("/") if p not in ("", "."))
    if ".." in parts:
        raise AccessError(
            f"{rel_path}: '..' is refused (it leads outside the workspace or the scope)"
        )
    return parts


@dataclass(frozen=True, slots=True)
class _Access:
    """Which workspace-relative paths a scope may read."""

    scope: str
    shared_main: bool
    old_main: bool  # root MEMORY.md and memory/YYYY-MM-DD.md, for the main scope

    def allows(self, parts: tuple[str, ...]) -> bool:
        if not parts or not parts[-1].lower().endswith(".md"):
            return False
        if len(parts) > 3 and parts[:3] == ("memory", "scopes", self.scope):
            return True
        if self.shared_main and self.scope != MAIN and _shared_main_file(parts):
            return True
        if self.old_main and self.scope == MAIN and len(parts) <= 2:
            return parts == (ROOT_LONG_TERM,) or (
                parts[0] == "memory" and day_of(parts[-1]) is not None
            )
        return False

    def __str__(self) -> str:
        allowed = [f"memory/scopes/{self.scope}/"]
        if self.shared_main and self.scope != MAIN:
            allowed.append("main's MEMORY.md, HEARTBEAT.md and YYYY-MM-DD.md")
        if self.old_main and self.scope == MAIN:
            allowed[:0] = ["MEMORY.md", "memory/YYYY-MM-DD.md"]
        return ", ".join(allowed[:-1]) + (" or " if len(allowed) > 1 else "") + allowed[-1]


def _shared_main_file(parts: tuple[str, ...]) -> bool:
    if len(parts) != 4 or parts[:3] != ("memory", "scopes", MAIN):
        return False
    return parts[3] in ("MEMORY.md", HEARTBEAT_NAME) or bool(_SHARED_MAIN_RE.fullmatch(parts[3]))


def parse_ref(ref: str) -> tuple[str, int]:
    """`memory/2026-03-01.md:12` (or `[...]`, `path#L12`, `path:12-20`) → (path, line); line 1 if absent."""
    text = ref.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1].strip()
    m = _REF_RE.fullmatch(text)
    if not text or m is None:
        raise ValueError(f"'{ref}' is not a reference like memory/2026-03-01.md:12")
    line = int(m.group("line") or m.group("hash_line") or 1)
    if line < 1:
        raise ValueError(f"'{ref}': lines are counted from 1")
    return m.group("path"), line


# ---------------------------------------------------------------------------------------------
# Search


@dataclass(frozen=True, slots=True)
class Hit:
    file: str  # workspace-relative
    line: int  # 1-based, lines split on "\n" as the agent splits them
    text: str  # the whole line, without its line end
    kind: FileKind = "daily"
    read_only: bool = False  # transcripts
    legacy: bool = False  # a file of the older layout (see ScopeFile.legacy)


def search_scope(workspace: Path, scope: str | Scope, keyword: str) -> list[Hit]:
    """Every line of the scope's memory files holding `keyword`, ignoring case, file by file.

    Transcripts are searched too and their hits marked read-only. A blank keyword finds nothing.
    Undecodable bytes are read as U+FFFD here (search only reads; edits refuse such files).
    """
    found = scope if isinstance(scope, Scope) else find_scope(workspace, scope)
    if not keyword.strip():
        return []
    needle = keyword.casefold()
    return [hit for f in found.files for hit in _search_file(workspace, found.name, f, needle)]


def _search_file(workspace: Path, scope: str, file: ScopeFile, needle: str) -> Iterable[Hit]:
    data = read_memory_file(workspace, file.path, scope=scope)
    text = data.decode("utf-8", errors="replace")
    for number, line in enumerate(text.removeprefix(BOM).split("\n"), start=1):
        if needle in line.casefold():
            hit = line.rstrip("\r")
            yield Hit(file.path, number, hit, file.kind, file.read_only, file.legacy is not None)


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
