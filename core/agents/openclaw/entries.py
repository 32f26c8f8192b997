"""What OpenClaw's curated files hold, as MemDesk reads them: entries (lines, text, annotations,
promotions), sections, the agent's blocks, and the text checks the entry edits share. How
entries are delimited, keyed and edited: core.agents.openclaw.format."""

from __future__ import annotations

import bisect
import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import PurePath
from typing import Literal

from core.agents.openclaw.curated import (
    block_kind,
    carriers,
    normalize_project_key,
    recall_metadata,
    split_curated_entries,
)
from core.formats.text import to_lf
from core.messages import N_, say

FileKind = Literal["memory", "user", "daily", "session"]
PromotionKind = Literal["promoted", "consolidated"]

_DAY_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})(-.+)?\.md", re.ASCII)
OBSERVED_RE = re.compile(
    r"[ \t]*<!--\s*observed\s*:\s*(?P<observed>(?:(?!-->)[^|])*?)\s*"
    r"(?:\|\s*status\s*:\s*(?P<status>(?:(?!-->)[^|])*?)\s*)?-->[ \t]*",
    re.IGNORECASE,
)
_MARKER = re.compile(
    r"[ \t]*<!--\s*openclaw-memory-(?P<what>promotion|lineage):(?P<key>(?:(?!-->).)*?)\s*-->[ \t]*",
    re.IGNORECASE,
)
_PROMOTION_TAIL = re.compile(
    r"[ \t]*\[score=(?P<score>\d+(?:\.\d+)?) (?:signals=(?P<signals>\d+) )?"
    r"recalls=(?P<recalls>\d+) avg=(?P<avg>\d+(?:\.\d+)?) "
    r"source=(?P<source>[^\]]*):(?P<start>\d+)-(?P<end>\d+)\][ \t]*\Z"
)
_SOURCE_TAIL = re.compile(
    r"[ \t]+Source:[ \t]+(?P<source>.+)#L(?P<start>\d+)-L(?P<end>\d+)[ \t]*\Z"
)
_SECTION_DATE: tuple[tuple[PromotionKind, re.Pattern[str]], ...] = (
    ("promoted", re.compile(r"## Promoted From Short-Term Memory \((\d{4}-\d{2}-\d{2})\)[ \t]*")),
    ("consolidated", re.compile(r"## Consolidated Memory \((\d{4}-\d{2}-\d{2})\)[ \t]*")),
)
_FENCE_LINE = re.compile(r"[ \t]*<!-- openclaw:dreaming:[A-Za-z0-9_-]+:(?:start|end) -->")
_ANNOTATION_ORDER = ("trigger", "importance", "project")
SPACED_LINES = ("\n", "\r\n")


def file_kind(path: str | PurePath) -> FileKind:
    """USER.md (shared or a profile's) is "user", memory/YYYY-MM-DD.md "daily", a session
    summary memory/YYYY-MM-DD-<slug>.md "session"; anything else reads as MEMORY.md."""
    name = PurePath(str(path).replace("\\", "/")).name
    if name == "USER.md":
        return "user"
    day = _DAY_NAME.fullmatch(name)
    if day is None:
        return "memory"
    return "session" if day.group(2) else "daily"


# ---------------------------------------------------------------------------------------------
# What an entry holds


@dataclass(frozen=True, slots=True)
class Section:
    """A heading. `kind`/`date`: the promotion sections the agent's dreaming appends."""

    level: int
    title: str
    line: int
    path: tuple[str, ...]  # the titles of the headings it is under, its own last
    kind: PromotionKind | None = None
    date: str | None = None


@dataclass(frozen=True, slots=True)
class Promotion:
    """What the agent's dreaming wrote with a promoted or consolidated entry (spec 2.3, 2.5)."""

    kind: PromotionKind | None  # from the bullet's tail, else from its section
    date: str | None  # the date of the promotion section it is in
    candidate_key: str | None = None  # <!-- openclaw-memory-promotion:KEY -->
    lineage_key: str | None = None  # <!-- openclaw-memory-lineage:KEY -->
    score: float | None = None
    signals: int | None = None  # absent in the legacy line form
    recalls: int | None = None
    avg: float | None = None
    source: str | None = None
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry. `lines` are its lines without line ends; `bullet` indexes the `- ` line.

    Positions (`line` …) are the file's as read; 0 for an entry that is not in a file.
    """

    key: str
    lines: tuple[str, ...]
    bullet: int
    text: str
    triggers: tuple[str, ...] = ()
    importance: int | None = None
    project: str | None = None  # as the agent reads it: keys joined with "; "
    observed: str | None = None
    status: str | None = None
    promotion: Promotion | None = None
    section: tuple[str, ...] = ()  # heading titles above it, outermost first
    line: int = 0  # its first line (a metadata line above the bullet, else the bullet)
    end_line: int = 0
    agent_start: int = 0  # the agent's block holding its bullet
    agent_end: int = 0
    managed: str | None = None  # the dreaming phase whose fenced block it is in
    after: str | None = None  # the key of the entry right above it in its section
    spaced: bool = False  # a blank line separates it from that entry

    @property
    def bullet_line(self) -> int:
        return self.line + self.bullet if self.line else 0

    @property
    def first_line(self) -> str:
        return self.text.split("\n", 1)[0]


@dataclass(frozen=True, slots=True)
class _Bullet:
    """A bullet line cut in three: `head` ("- " + text) + promotion tail + annotation tail."""

    head: str
    promotion_tail: str
    annotation_tail: str
    promoted: re.Match[str] | None
    consolidated: re.Match[str] | None


def bullet_shape(content: str) -> _Bullet:
    rest, annotations = _split_annotation_tail(content)
    promoted = _PROMOTION_TAIL.search(rest)
    consolidated = None if promoted else _SOURCE_TAIL.search(rest)
    found = promoted or consolidated
    cut = found.start() if found else len(rest)
    return _Bullet(rest[:cut], rest[cut:], annotations, promoted, consolidated)


def _split_annotation_tail(content: str) -> tuple[str, str]:
    """The line without its trailing comments (when one of them is an annotation), and them."""
    head = content.rstrip(" \t")
    while head.endswith("-->"):
        opener = head.rfind("<!--", 0, len(head) - 3)
        if opener < 0 or head.find("-->", opener + 4) != len(head) - 3:
            break
        head = head[:opener].rstrip(" \t")
    tail = content[len(head) :]
    return (head, tail) if carriers(tail) else (content, "")


def meta_match(content: str) -> re.Match[str] | None:
    return OBSERVED_RE.fullmatch(content) or _MARKER.fullmatch(content)


def is_blank(content: str) -> bool:
    return not content.strip()


def _normalised_key(text: str) -> str:
    return hashlib.sha1(" ".join(text.split()).encode("utf-8", "surrogatepass")).hexdigest()[:6]


@dataclass(frozen=True, slots=True)
class ReadContext:
    """Where an entry sits in its file."""

    section: tuple[str, ...] = ()
    section_kind: PromotionKind | None = None
    section_date: str | None = None
    line: int = 0
    agent: tuple[int, int] = (0, 0)
    managed: str | None = None
    after: str | None = None
    spaced: bool = False


def make_entry(lines: tuple[str, ...], bullet: int, kind: FileKind, where: ReadContext) -> Entry:
    shape = bullet_shape(lines[bullet])
    text = "\n".join((shape.head[2:], *lines[bullet + 1 :]))
    curated_root = kind in ("memory", "user")
    meta = recall_metadata(
        "\n".join(lines), curated_root=curated_root, project_scope=kind != "user"
    )
    observed, status = _observation(lines[:bullet])
    return Entry(
        key=_normalised_key(text),
        lines=lines,
        bullet=bullet,
        text=text,
        triggers=meta.trigger_phrases,
        importance=meta.importance,
        project=meta.project_key,
        observed=observed,
        status=status,
        promotion=_promotion(lines[:bullet], shape, where),
        section=where.section,
        line=where.line,
        end_line=where.line + len(lines) - 1 if where.line else 0,
        agent_start=where.agent[0],
        agent_end=where.agent[1],
        managed=where.managed,
        after=where.after,
        spaced=where.spaced,
    )


def _observation(meta_lines: Sequence[str]) -> tuple[str | None, str | None]:
    for content in meta_lines:
        found = OBSERVED_RE.fullmatch(content)
        if found:
            return found.group("observed"), found.group("status")
    return None, None


def _promotion(meta_lines: Sequence[str], shape: _Bullet, where: ReadContext) -> Promotion | None:
    keys: dict[str, str] = {}
    for found in map(_MARKER.fullmatch, meta_lines):
        if found is not None:
            keys.setdefault(found.group("what").lower(), found.group("key"))
    tail = shape.promoted or shape.consolidated
    if tail is None and not keys:
        return None
    kind: PromotionKind | None = (
        "promoted" if shape.promoted else "consolidated" if shape.consolidated else None
    )
    base = Promotion(
        kind or where.section_kind, where.section_date, keys.get("promotion"), keys.get("lineage")
    )
    return base if tail is None else _with_tail(base, tail)


def _with_tail(base: Promotion, tail: re.Match[str]) -> Promotion:
    groups = tail.groupdict()
    number = {name: groups.get(name) for name in ("score", "signals", "recalls", "avg")}
    return replace(
        base,
        score=None if number["score"] is None else float(number["score"]),
        signals=None if number["signals"] is None else int(number["signals"]),
        recalls=None if number["recalls"] is None else int(number["recalls"]),
        avg=None if number["avg"] is None else float(number["avg"]),
        source=groups["source"],
        start=int(groups["start"]),
        end=int(groups["end"]),
    )


# ---------------------------------------------------------------------------------------------
# Text and annotation checks the edits share


def clean_text(text: str) -> str:
    """A memory's new text as it will be written; ValueError where the agent would read it as
    something else. Line ends become "\\n", trailing blanks go, blank lines around it too
    (a line of only whitespace is a blank line)."""
    if "\0" in text:
        raise ValueError(N_("a memory cannot contain a NUL character"))
    lines = [s.rstrip(" \t") if s.strip() else "" for s in to_lf(text).split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    if not lines:
        raise ValueError(N_("a memory needs some text (to remove one, delete it)"))
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("- "):
            raise ValueError(
                say(
                    "line {line} starts with '- ': OpenClaw would read it as a memory of its "
                    "own (indent it to keep it in this one)",
                    line=number,
                )
            )
        if line.startswith("#"):
            raise ValueError(
                say(
                    "line {line} starts with '#': it would read as a heading, starting a new "
                    "section",
                    line=number,
                )
            )
    return "\n".join(lines)


def checked_phrases(phrases: Iterable[str]) -> tuple[str, ...]:
    if isinstance(phrases, str):
        phrases = [phrases]
    out: dict[str, None] = {}
    for phrase in phrases:
        cleaned = " ".join(phrase.split())
        if not cleaned:
            raise ValueError(N_("a trigger needs some text"))
        bad = next((c for c in ",;<>" if c in cleaned), None)
        if bad:
            raise ValueError(
                say(
                    "trigger {text}: {value} is not allowed ("
                    "',' and ';' separate triggers, '<' and '>' would break the comment)",
                    text=repr(cleaned),
                    value=repr(bad),
                )
            )
        out[cleaned] = None
    return tuple(out)


def checked_project(value: str | None) -> list[str]:
    if value is None:
        return []
    keys = [k.strip() for k in value.split(";")]
    for key in keys:
        if normalize_project_key(key) is None:
            raise ValueError(
                say(
                    "project {key}: not a key OpenClaw accepts (it needs text, without '<', "
                    "'>' or line breaks)",
                    key=repr(key),
                )
            )
    return keys


def check_annotation_kind(name: str, kind: FileKind) -> None:
    if name == "project" and kind == "user":
        raise ValueError(N_("OpenClaw ignores project annotations in USER.md"))
    if name != "project" and kind not in ("memory", "user"):
        raise ValueError(
            say(
                "OpenClaw reads {annotation} annotations only in MEMORY.md and USER.md",
                annotation=name,
            )
        )


def _tail_parts(tail: str) -> tuple[list[tuple[str, str]], str]:
    """An annotation tail as (spaces, comment) pairs and the spaces after the last comment."""
    parts = re.findall(r"([ \t]*)(<!--(?:(?!-->).)*-->)", tail)
    trailing = tail[len("".join(s + c for s, c in parts)) :]
    return parts, trailing


def _carrier_kind(comment: str) -> str | None:
    found = carriers(comment)
    whole = found and found[0].start == 0 and found[0].end == len(comment)
    return found[0].kind if whole else None


def set_carrier(tail: str, name: str, value: str | None) -> str:
    parts, trailing = _tail_parts(tail)
    comment = None if value is None else f"<!-- {name}: {value} -->"
    out: list[tuple[str, str]] = []
    for spaces, existing in parts:
        if _carrier_kind(existing) != name:
            out.append((spaces, existing))
        elif comment is not None:
            out.append((spaces, comment))
            comment = None
    if comment is not None:
        rank = _ANNOTATION_ORDER.index(name)
        at = next(
            (i for i, (_, c) in enumerate(out) if _rank(c) > rank),
            len(out),
        )
        out.insert(at, (" ", comment))
    return "".join(s + c for s, c in out) + trailing


def _rank(comment: str) -> int:
    kind = _carrier_kind(comment)
    return _ANNOTATION_ORDER.index(kind) if kind in _ANNOTATION_ORDER else -1


def checked_field(old: Entry, new: Entry, name: str, expected: object) -> Entry:
    values = {"triggers": new.triggers, "importance": new.importance, "project": new.project}
    if values[name] != expected:
        raise ValueError(
            say(
                "OpenClaw would read the {annotation} of this memory as {value}: another "
                "line or the text of the memory holds a {annotation} comment too (edit the text)",
                annotation=name,
                value=repr(values[name]),
            )
        )
    for other in ("triggers", "importance", "project"):
        if other != name and getattr(old, other) != getattr(new, other):
            raise ValueError(
                say(
                    "setting the {annotation} would also change the {other} OpenClaw reads "
                    "(a comment in the text would start to count): edit the text",
                    annotation=name,
                    other=other,
                )
            )
    return new


def flipped_status(content: str) -> str:
    found = OBSERVED_RE.fullmatch(content)
    assert found is not None
    if found.group("status") is not None:
        return content[: found.start("status")] + "superseded" + content[found.end("status") :]
    at = found.end("observed")
    return content[:at] + " | status: superseded" + content[at:]


def observed_line(day: date | str, status: str = "active") -> str:
    text = day.isoformat() if isinstance(day, date) else day
    try:
        date.fromisoformat(text)
    except ValueError:
        raise ValueError(say("'{text}' is not a date as YYYY-MM-DD", text=text)) from None
    return f"<!-- observed: {text} | status: {status} -->"


# ---------------------------------------------------------------------------------------------
# Lines and the file's layout (sections, the agent's blocks)


def line_ending(line: str) -> str:
    if line.endswith("\r\n"):
        return "\r\n"
    return line[-1:] if line.endswith(("\n", "\r")) else ""


def line_content(line: str) -> str:
    return line[: len(line) - len(line_ending(line))]


def make_line(content: str, ending: str) -> str:
    """A line that reads back as `content` (whose own last "\r" would otherwise join an LF
    line end, or end the file as a line end)."""
    if content.endswith("\r") and ending in ("\n", ""):
        ending = "\r" + ending if ending else "\r"
    return content + ending


def layout_of(contents: list[str]) -> Iterator[tuple[int, int, int]]:
    """(first line, bullet line, last line) of each entry, 0-based. A dreaming fence's marker
    line ends an entry too: the agent glues it to the entry above, but it is the block's."""
    n = len(contents)
    boundary = n
    next_boundary = [n] * n
    for index in range(n - 1, -1, -1):
        next_boundary[index] = boundary
        if block_kind(contents[index]) is not None or _FENCE_LINE.match(contents[index]):
            boundary = index
    for bullet, content in enumerate(contents):
        if not content.startswith("- "):
            continue
        first = bullet
        for index in range(bullet - 1, -1, -1):
            above = contents[index]
            if is_blank(above):
                continue
            if meta_match(above) is None:
                break
            first = index
        last = next_boundary[bullet] - 1
        while last > bullet and (is_blank(contents[last]) or meta_match(contents[last])):
            last -= 1
        yield first, bullet, last


def sections_of(contents: list[str]) -> Iterator[Section]:
    stack: list[Section] = []
    for index, content in enumerate(contents):
        if block_kind(content) != "section":
            continue
        level = len(content) - len(content.lstrip("#"))
        title = content[level:].strip()
        while stack and stack[-1].level >= level:
            stack.pop()
        kind, day = _promotion_heading(content)
        path = (*(s.title for s in stack), title)
        section = Section(level, title, index + 1, path, kind, day)
        stack.append(section)
        yield section


def _promotion_heading(content: str) -> tuple[PromotionKind | None, str | None]:
    for kind, pattern in _SECTION_DATE:
        found = pattern.fullmatch(content)
        if found:
            return kind, found.group(1)
    return None, None


def section_stacks(sections: list[Section]) -> list[tuple[Section, ...]]:
    """For each heading, the headings a line right below it is under, outermost first."""
    stacks: list[tuple[Section, ...]] = []
    stack: list[Section] = []
    for section in sections:
        while stack and stack[-1].level >= section.level:
            stack.pop()
        stack.append(section)
        stacks.append(tuple(stack))
    return stacks


def agent_blocks(text: str) -> list[tuple[int, int]]:
    return [(b.start_line, b.end_line) for b in split_curated_entries(text)]


def agent_block_at(blocks: list[tuple[int, int]], line: int) -> tuple[int, int]:
    index = bisect.bisect_right(blocks, (line, 1 << 62)) - 1
    return blocks[index] if index >= 0 else (0, 0)
