"""Pomeloclaw's team memory entries (`memory_save_team`), read and written as the agent does.

The agent keeps team memory in the main scope (`memory/scopes/main/MEMORY.md` or
`memory/scopes/main/YYYY-MM-DD.md`) as blocks::

    ## 团队记忆条目
    - 标题: <title>
    - 来源scopes: <s1 / s2|无>
    - 晋升原因: <r1 / r2|无>
    - 更新时间: YYYY-MM-DD HH:MM:SS
    - 标签: <t1 / t2|无>

    ### 摘要 / ### 适用场景 / ### 操作步骤 / ### 边界与注意事项 / ### 证据与依据

Saving a title that exists re-renders the block from what the agent parsed of it, and its parser
reads only the first line of every section and takes everything up to the next block as the
block's: `merge_losses` names what the next such save deletes.

The agent's regular expressions are JavaScript's: `.`, `^` and `$` (multi-line) know four line
terminators, `\\s` a set of its own, and offsets count UTF-16 units. The patterns below spell
those out so Python matches where the agent matches.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.formats.js import (
    JS_BOL,
    JS_DOT,
    JS_EOL,
    JS_LINE_TERMINATORS,
    JS_S,
    JS_SPACE,
    js_trim,
    js_trim_end,
    js_trim_start,
    utf16_len,
)
from core.formats.text import split_lines
from core.messages import N_, say

HEADING = "## 团队记忆条目"
TEXT_SECTIONS = ("摘要", "适用场景")
LIST_SECTIONS = ("操作步骤", "边界与注意事项", "证据与依据")
SECTIONS = (*TEXT_SECTIONS, *LIST_SECTIONS)
NONE = "无"
DEFAULT_TITLE = "团队经验记录"
TITLE_UNITS = 60  # an inferred title is cut to 60 UTF-16 units

_BOL, _EOL, _DOT, _S = JS_BOL, JS_EOL, JS_DOT, JS_S

_HEADING_RE = re.compile(f"{_BOL}{HEADING}{_EOL}")
_TITLE_RE = re.compile(f"{_BOL}- 标题:{_S}*({_DOT}+){_EOL}")
_UPDATED_RE = re.compile(f"{_BOL}- 更新时间:{_S}*({_DOT}+){_EOL}")
_LEGACY_RE = re.compile(f"{_BOL}- 来源scope=([^\\n|]+)(?:{_S}+\\|{_S}+晋升原因=([^\\n]+))?{_EOL}")
_BULLET_RE = re.compile(f"\\A[-*]{_S}+")
_NUMBER_RE = re.compile(f"\\A[0-9]+\\.{_S}+")
_TITLE_JUNK_RE = re.compile(f"\\A[-*#{JS_SPACE}]+")


def _meta_re(label: str) -> re.Pattern[str]:
    return re.compile(f"{_BOL}- {re.escape(label)}:{_S}*({_DOT}+){_EOL}")


def _section_re(name: str) -> re.Pattern[str]:
    stop = f"(?={_BOL}### |{_BOL}## |{_EOL})"
    return re.compile(f"{_BOL}### {re.escape(name)}\\n([\\s\\S]*?){stop}")


_META_RES = {label: _meta_re(label) for label in ("标签", "来源scopes", "晋升原因")}
_SECTION_RES = {name: _section_re(name) for name in SECTIONS}


def _utf16_prefix(text: str, units: int) -> str:
    """text.slice(0, units) of a JavaScript string (a surrogate pair may be cut in two)."""
    data = text.encode("utf-16-le", "surrogatepass")[: 2 * units]
    return data.decode("utf-16-le", "surrogatepass")


def as_written(text: str) -> str:
    """The text as Node writes it to a UTF-8 file: a lone surrogate becomes U+FFFD."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


def normalize_list(items: Sequence[str]) -> list[str]:
    """Trimmed, without blanks, de-duplicated ignoring case (the first spelling is kept)."""
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        trimmed = js_trim(item)
        key = trimmed.lower()
        if trimmed and key not in seen:
            seen.add(key)
            out.append(trimmed)
    return out


# ---------------------------------------------------------------------------------------------
# Records


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A team entry as the agent parses it (only the first line of every section)."""

    title: str
    summary: str
    applicability: str
    steps: tuple[str, ...]
    constraints: tuple[str, ...]
    evidence: tuple[str, ...]
    tags: tuple[str, ...]
    source_scopes: tuple[str, ...]
    reasons: tuple[str, ...]
    updated_at: str

    def to_json(self) -> dict[str, Any]:
        """The agent's own field names and order."""
        return {
            "title": self.title,
            "summary": self.summary,
            "applicability": self.applicability,
            "steps": list(self.steps),
            "constraints": list(self.constraints),
            "evidence": list(self.evidence),
            "tags": list(self.tags),
            "sourceScopes": list(self.source_scopes),
            "reasons": list(self.reasons),
            "updatedAt": self.updated_at,
        }


@dataclass(frozen=True, slots=True)
class TeamInput:
    """What `memory_save_team` renders an entry from (the agent's TeamMemoryEntryInput)."""

    source_scope: str
    title: str | None = None
    summary: str | None = None
    applicability: str | None = None
    steps: Sequence[str] | None = None
    constraints: Sequence[str] | None = None
    evidence: Sequence[str] | None = None
    tags: Sequence[str] | None = None
    content: str | None = None
    reason: str | None = None
    source_scopes: Sequence[str] | None = None
    reasons: Sequence[str] | None = None
    updated_at: str | None = None

    @classmethod
    def of_record(cls, record: TeamRecord) -> TeamInput:
        return cls(
            source_scope="main",
            title=record.title,
            summary=record.summary,
            applicability=record.applicability,
            steps=record.steps,
            constraints=record.constraints,
            evidence=record.evidence,
            tags=record.tags,
            source_scopes=record.source_scopes,
            reasons=record.reasons,
            updated_at=record.updated_at,
        )


@dataclass(frozen=True, slots=True)
class TeamBlock:
    """One `## 团队记忆条目` block as the agent finds it: up to the next one or the end of the
    text. `start`/`end` count UTF-16 units as the agent does; `span` is the same in characters."""

    start: int
    end: int
    raw: str  # the block's text without trailing whitespace: what the record is parsed from
    record: TeamRecord
    span: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "record": self.record.to_json()}


def local_datetime(now: datetime) -> str:
    """`YYYY-MM-DD HH:MM:SS`, as the agent stamps 更新时间."""
    return now.strftime("%Y-%m-%d %H:%M:%S")


# ---------------------------------------------------------------------------------------------
# Rendering (buildStructuredTeamMemoryContent)


def infer_title(content: str, reason: str | None) -> str:
    first = next((s for s in (js_trim(line) for line in content.split("\n")) if s), "")
    title = js_trim(_TITLE_JUNK_RE.sub("", first, count=1))
    if title:
        return _utf16_prefix(title, TITLE_UNITS)
    return f"{js_trim(reason)}记录" if reason and js_trim(reason) else DEFAULT_TITLE


def render_team_entry(entry: TeamInput | TeamRecord, now: datetime | None = None) -> str:
    """The entry's text as the agent renders it (no final line end). `now` stamps 更新时间 when
    the entry has none."""
    p = TeamInput.of_record(entry) if isinstance(entry, TeamRecord) else entry
    fallback = js_trim(p.content or "")
    title = js_trim(p.title or "") or infer_title(fallback, p.reason)
    reason = js_trim(p.reason or "")
    scopes = normalize_list(p.source_scopes if p.source_scopes is not None else [p.source_scope])
    reasons = normalize_list(p.reasons if p.reasons is not None else [reason] if reason else [])
    tags = normalize_list(p.tags or [])
    updated = js_trim(p.updated_at or "") or local_datetime(now or datetime.now())
    steps = normalize_list(p.steps or [])
    return "\n".join(
        [
            HEADING,
            f"- 标题: {title}",
            f"- 来源scopes: {_joined(scopes)}",
            f"- 晋升原因: {_joined(reasons)}",
            f"- 更新时间: {updated}",
            f"- 标签: {_joined(tags)}",
            "",
            "### 摘要",
            js_trim(p.summary or "") or fallback or NONE,
            "",
            "### 适用场景",
            js_trim(p.applicability or "") or NONE,
            "",
            "### 操作步骤",
            "\n".join(f"{n}. {s}" for n, s in enumerate(steps, 1)) or NONE,
            "",
            "### 边界与注意事项",
            _bullets(normalize_list(p.constraints or [])),
            "",
            "### 证据与依据",
            _bullets(normalize_list(p.evidence or [])),
        ]
    )


def _joined(items: list[str]) -> str:
    return " / ".join(items) if items else NONE


def _bullets(items: list[str]) -> str:
    return "\n".join(f"- {item}" for item in items) or NONE


# ---------------------------------------------------------------------------------------------
# Parsing (parseTeamMemoryBlocks / parseTeamMemoryRecord)


def parse_team_record(block: str) -> TeamRecord:
    title = _TITLE_RE.search(block)
    updated = _UPDATED_RE.search(block)
    legacy = _LEGACY_RE.search(block)
    legacy_scopes = normalize_list([js_trim(legacy.group(1))]) if legacy else []
    legacy_reasons = (
        normalize_list([js_trim(legacy.group(2))]) if legacy and legacy.group(2) else []
    )
    return TeamRecord(
        title=js_trim(title.group(1)) if title else DEFAULT_TITLE,
        summary=extract_section(block, "摘要"),
        applicability=extract_section(block, "适用场景"),
        steps=tuple(_list_section(extract_section(block, "操作步骤"))),
        constraints=tuple(_list_section(extract_section(block, "边界与注意事项"))),
        evidence=tuple(_list_section(extract_section(block, "证据与依据"))),
        tags=tuple(_meta_list(block, "标签")),
        source_scopes=tuple(normalize_list([*_meta_list(block, "来源scopes"), *legacy_scopes])),
        reasons=tuple(normalize_list([*_meta_list(block, "晋升原因"), *legacy_reasons])),
        updated_at=js_trim(updated.group(1)) if updated else "",
    )


def extract_section(block: str, name: str) -> str:
    """The section's text as the agent reads it: its first line only (无 if none)."""
    m = _SECTION_RES[name].search(block)
    return (js_trim(m.group(1)) if m else "") or NONE


def _list_section(section: str) -> list[str]:
    text = js_trim(section)
    if not text or text == NONE:
        return []
    return normalize_list([s for s in map(_list_item, text.split("\n")) if s])


def _list_item(line: str) -> str:
    return js_trim(_NUMBER_RE.sub("", _BULLET_RE.sub("", line, count=1), count=1))


def _meta_list(block: str, label: str) -> list[str]:
    m = _META_RES[label].search(block)
    value = js_trim(m.group(1)) if m else ""
    if not value or value == NONE:
        return []
    return normalize_list([js_trim(item) for item in value.split("/")])


def parse_team_blocks(text: str) -> list[TeamBlock]:
    """Every team block of a file's text (as Node reads it: a BOM is a character)."""
    starts = [m.start() for m in _HEADING_RE.finditer(text)]
    ends = [*starts[1:], len(text)] if starts else []
    prefix = _Utf16Offsets(text)
    blocks: list[TeamBlock] = []
    for start, end in zip(starts, ends, strict=True):
        raw = js_trim_end(text[start:end])
        blocks.append(
            TeamBlock(prefix.at(start), prefix.at(end), raw, parse_team_record(raw), (start, end))
        )
    return blocks


class _Utf16Offsets:
    """Character offsets of a text as UTF-16 offsets (equal unless it has astral characters)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.plain = all(ord(c) < 0x10000 for c in text)

    def at(self, index: int) -> int:
        return index if self.plain else utf16_len(self.text[:index])


# ---------------------------------------------------------------------------------------------
# Saving (memory_save_team: upsertTeamMemoryEntry, mergeTeamMemoryRecords)


def team_input(args: Mapping[str, Any], *, scope: str) -> TeamInput:
    """The tool's arguments as it takes them: text fields as given, list fields from arrays,
    JSON-array strings or lines (bullets and numbers stripped). ValueError where it refuses."""
    return TeamInput(
        source_scope=scope,
        title=_text_arg(args, "title"),
        summary=_text_arg(args, "summary"),
        applicability=_text_arg(args, "applicability"),
        content=_text_arg(args, "content"),
        reason=_text_arg(args, "reason"),
        steps=_list_arg(args.get("steps"), "steps"),
        constraints=_list_arg(args.get("constraints"), "constraints"),
        evidence=_list_arg(args.get("evidence"), "evidence"),
        tags=_list_arg(args.get("tags"), "tags"),
    )


def _text_arg(args: Mapping[str, Any], name: str) -> str | None:
    value = args.get(name)
    if value is not None and not isinstance(value, str):
        raise ValueError(f"memory_save_team: {name} must be text")
    return value


def _list_arg(value: object, name: str) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, list):
        return normalize_list([_js_string(item) for item in value])
    if not isinstance(value, str):
        raise ValueError(f"memory_save_team: {name} must be a list or text")
    text = js_trim(value)
    if not text or text == NONE:
        return []
    if text.startswith("[") and text.endswith("]"):
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        if isinstance(parsed, list):
            return normalize_list([_js_string(item) for item in parsed])
    return normalize_list([s for s in map(_list_item, text.split("\n")) if s])


def _js_string(value: object) -> str:
    """String(value) for what JSON holds."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ",".join("" if v is None else _js_string(v) for v in value)
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


def team_target(args: Mapping[str, Any]) -> str:
    target = args.get("target")
    if target not in ("daily", "long-term"):
        raise ValueError("memory_save_team: target must be 'daily' or 'long-term'")
    return str(target)


def team_file_path(target: str, now: datetime) -> str:
    """The main scope's file the agent saves team memory to (workspace-relative)."""
    if target == "daily":
        return f"memory/scopes/main/{now.strftime('%Y-%m-%d')}.md"
    return "memory/scopes/main/MEMORY.md"


def team_file_header(target: str, now: datetime) -> str:
    if target == "daily":
        return f"# Daily Memory - {now.strftime('%Y-%m-%d')} (main)\n"
    return "# Long-term Memory (main)\n\n"


def merge_records(existing: TeamRecord, incoming: TeamRecord, now: datetime) -> TeamRecord:
    """mergeTeamMemoryRecords: incoming title, text sections combined, lists united."""
    return TeamRecord(
        title=incoming.title or existing.title,
        summary=_merge_text(existing.summary, incoming.summary),
        applicability=_merge_text(existing.applicability, incoming.applicability),
        steps=_union(existing.steps, incoming.steps),
        constraints=_union(existing.constraints, incoming.constraints),
        evidence=_union(existing.evidence, incoming.evidence),
        tags=_union(existing.tags, incoming.tags),
        source_scopes=_union(existing.source_scopes, incoming.source_scopes),
        reasons=_union(existing.reasons, incoming.reasons),
        updated_at=local_datetime(now),
    )


def _union(a: Sequence[str], b: Sequence[str]) -> tuple[str, ...]:
    return tuple(normalize_list([*a, *b]))


def _merge_text(existing: str, incoming: str) -> str:
    a, b = js_trim(existing), js_trim(incoming)
    if not a or a == NONE:
        return b or NONE
    if not b or b == NONE or b in a:
        return a
    if a in b:
        return b
    return f"{a}\n\n补充：{b}"


def upsert_team_entry(
    file_text: str | None, args: Mapping[str, Any], now: datetime, scope: str
) -> str:
    """The team file's text after `memory_save_team(args)` called from `scope` at `now`.

    `file_text` is the file as Node reads it (None or "" when there is none). A new title is
    appended after the file's text with its trailing whitespace cut; an existing title is
    re-rendered in place from what the agent parsed of it, merged with the new one.
    """
    team_target(args)
    promoted = render_team_entry(team_input(args, scope=scope), now)
    incoming = parse_team_record(promoted)
    base = file_text or team_file_header(team_target(args), now)
    same = next((b for b in parse_team_blocks(base) if b.record.title == incoming.title), None)
    if same is None:
        trimmed = js_trim_end(base)
        gap = "" if trimmed.endswith("\n\n") else "\n\n"
        return as_written(f"{trimmed}{gap}{js_trim(promoted)}\n")
    merged = render_team_entry(merge_records(same.record, incoming, now), now)
    start, end = same.span
    after = js_trim_start(base[end:])
    return as_written(f"{base[:start]}{merged}\n{after}")


# ---------------------------------------------------------------------------------------------
# Where a team entry ends for the person, and what the agent's next merge of it deletes

# A time-stamped memory's first line (memory_save appends `[HH:MM:SS] content`).
TIME_STAMP_RE = re.compile(r"\[(\d{1,2}:\d{2}:\d{2})\](?: |(?=[\r\n])|\Z)", re.ASCII)


def is_team_heading(line: str) -> bool:
    return line.rstrip("\r\n") == HEADING


def team_entry_end(lines: Sequence[str], start: int) -> int:
    """The index after the last line of the team entry whose heading is `lines[start]`.

    It runs to the next team heading, or to a time-stamped line or a `#`/`##` heading that
    follows a blank line (text the agent or a person added after the entry); blank lines at its
    end are not its own.
    """
    end = _next_start(lines, start)
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def _next_start(lines: Sequence[str], start: int) -> int:
    """The index of the first line below the heading `lines[start]` that its entry ends at."""
    end = start + 1
    while end < len(lines) and not _ends_entry(lines, end):
        end += 1
    return end


def _ends_entry(lines: Sequence[str], i: int) -> bool:
    line = lines[i]
    if is_team_heading(line):
        return True
    if lines[i - 1].strip():
        return False
    return bool(TIME_STAMP_RE.match(line)) or line.startswith(("# ", "## "))


@dataclass(frozen=True, slots=True)
class TeamLoss:
    """Text the agent's next `memory_save_team` with this entry's title deletes."""

    title: str  # the entry's title as the agent reads it
    line: int  # 1-based, first and last line of the text
    end_line: int
    kind: str  # see LOSS_KINDS
    text: str  # the lines lost (line ends removed)
    section: str | None = None

    def what(self) -> str:
        """What the next merge of this title deletes, and why."""
        return LOSS_KINDS[self.kind].format(section=self.section)

    def message(self) -> str:
        return say("team entry '{title}': {what}", title=self.title, what=self.what())


LOSS_KINDS = {
    "section_lines": N_(
        "the agent reads only the first line of ### {section}; its next merge of this title "
        "deletes the lines below it"
    ),
    "section_crlf": N_(
        "### {section} has Windows line ends, which the agent does not read; its next merge "
        "of this title deletes the section's text"
    ),
    "section_heading_first": N_(
        "### {section} starts with a heading line, so the agent reads it as 无; its next "
        "merge of this title deletes the section's text"
    ),
    "section_blank_first": N_(
        "### {section} starts with a blank line, so the agent reads it as 无; its next merge "
        "of this title deletes the section's text"
    ),
    "after_entry": N_(
        "the agent counts the text after this entry (up to the next team entry or the end of "
        "the file) as the entry's; its next merge of this title deletes it"
    ),
    "empty_title": N_(
        "its 标题 is empty, so the agent reads the next line as the title (saves under the "
        "real title never merge into it)"
    ),
    "other": N_(
        "text the agent does not read in a team entry; its next merge of this title deletes it"
    ),
}


def merge_losses(text: str) -> list[TeamLoss]:
    """What the next same-title `memory_save_team` deletes of each team entry in `text`
    (the file's text as read, BOM included), in file order."""
    lines = _Lines(text)
    losses: list[TeamLoss] = []
    for block in parse_team_blocks(text):
        losses += _block_losses(text, lines, block)
    return losses


class _Lines:
    def __init__(self, text: str) -> None:
        self.lines = split_lines(text)
        self.starts: list[int] = []
        offset = 0
        for line in self.lines:
            self.starts.append(offset)
            offset += len(line)

    def index_at(self, offset: int) -> int:
        return max(0, bisect_right(self.starts, offset) - 1)


def _block_losses(text: str, lines: _Lines, block: TeamBlock) -> list[TeamLoss]:
    start, _ = block.span
    stop = start + len(block.raw)
    first = lines.index_at(start)
    last = lines.index_at(max(start, stop - 1))
    entry_end = team_entry_end(lines.lines, first)
    kept = _kept_spans(block.raw, start)
    regions = _section_regions(lines.lines, first, entry_end)
    matches = {name: _SECTION_RES[name].search(block.raw) for name in SECTIONS}
    losses = _empty_title(block, lines, start)
    group: list[tuple[int, str, str | None]] = []
    for i in range(first, last + 1):
        line = lines.lines[i]
        body = line.rstrip("\r\n")
        if not body.strip() or _known_heading(body):
            continue
        s = lines.starts[i]
        if any(a < s + len(body) and s < b for a, b in kept):
            _close(group, losses, lines, block)
            continue
        kind, section = _loss_kind(lines.lines, i, entry_end, regions, matches)
        if group and group[-1][1:] != (kind, section):
            _close(group, losses, lines, block)
        group.append((i, kind, section))
    _close(group, losses, lines, block)
    return sorted(losses, key=lambda loss: loss.line)


def _kept_spans(raw: str, offset: int) -> list[tuple[int, int]]:
    """What of the block the agent parses into its record (absolute character spans)."""
    spans = [(offset, offset + len(HEADING))]
    for pattern in (_TITLE_RE, _UPDATED_RE, _LEGACY_RE, *_META_RES.values()):
        m = pattern.search(raw)
        if m:
            spans.append((offset + m.start(), offset + m.end()))
    for pattern in _SECTION_RES.values():
        m = pattern.search(raw)
        if m:
            spans.append((offset + m.start(), offset + m.end(1)))
    return spans


def _known_heading(body: str) -> str | None:
    name = body.rstrip("\r").removeprefix("### ")
    return name if body.startswith("### ") and name in SECTIONS else None


def _section_regions(lines: Sequence[str], first: int, end: int) -> dict[int, tuple[str, int]]:
    """Line index → (section name, index of its heading line), for the lines of the entry under
    one of the five headings (a section runs to the next of them)."""
    regions: dict[int, tuple[str, int]] = {}
    current: tuple[str, int] | None = None
    for i in range(first + 1, end):
        name = _known_heading(lines[i].rstrip("\r\n"))
        if name is not None:
            current = (name, i)
        elif current is not None:
            regions[i] = current
    return regions


def _loss_kind(
    lines: Sequence[str],
    i: int,
    entry_end: int,
    regions: dict[int, tuple[str, int]],
    matches: Mapping[str, re.Match[str] | None],
) -> tuple[str, str | None]:
    if i >= entry_end:
        return "after_entry", None
    if i not in regions:
        return "other", None
    name, heading = regions[i]
    m = matches[name]
    if m is None:
        unread = "section_crlf" if lines[heading].endswith("\r\n") else "other"
        return unread, name
    if js_trim(m.group(1)):
        return "section_lines", name
    below = lines[heading + 1] if heading + 1 < len(lines) else ""
    return ("section_heading_first" if below.startswith("#") else "section_blank_first"), name


def _empty_title(block: TeamBlock, lines: _Lines, offset: int) -> list[TeamLoss]:
    m = _TITLE_RE.search(block.raw)
    if m is None or not any(c in JS_LINE_TERMINATORS for c in block.raw[m.start() : m.start(1)]):
        return []
    line = lines.index_at(offset + m.start()) + 1
    taken = lines.index_at(offset + m.start(1)) + 1
    return [TeamLoss(block.record.title, line, taken, "empty_title", m.group(1))]


def _close(
    group: list[tuple[int, str, str | None]],
    losses: list[TeamLoss],
    lines: _Lines,
    block: TeamBlock,
) -> None:
    if not group:
        return
    first, kind, section = group[0]
    text = "\n".join(lines.lines[i].rstrip("\r\n") for i, _, _ in group)
    losses.append(TeamLoss(block.record.title, first + 1, group[-1][0] + 1, kind, text, section))
    group.clear()


# ---------------------------------------------------------------------------------------------
# A team entry as a memory file's block

META_LABELS = ("标题", "来源scopes", "晋升原因", "更新时间", "标签")


@dataclass(slots=True)
class TeamEntry:
    """A team entry in a memory file: its heading to its last line (see `team_entry_end`).
    `body` holds its lines joined with "\\n" (line ends removed); `raw` is its text as read, None
    once it was edited; `separator` the blank line above it."""

    key: str  # "team:<title>", or "team:<title>~2" for a repeated title
    body: str
    line: int  # 1-based line of its heading as read (0 for a new entry)
    separator: str = ""
    ending: str = "\n"
    raw: str | None = None

    @property
    def content(self) -> str:
        return self.body

    @property
    def end_line(self) -> int:
        return self.line + self.body.count("\n")

    @property
    def record(self) -> TeamRecord:
        """What the agent reads of it (the first line of every section)."""
        return parse_team_record(self.body)

    @property
    def title(self) -> str:
        return self.record.title

    def fields(self) -> dict[str, str]:
        """Its metadata and sections as written (whole sections; "" where one is missing)."""
        return team_fields(self.body)

    def text(self, newline: str = "\n") -> str:
        if self.raw is not None:
            return self.raw
        body = self.body.replace("\n", newline) if newline != "\n" else self.body
        return f"{self.separator}{body}{self.ending}"

    def edited(self, body: str) -> TeamEntry:
        return TeamEntry(self.key, body, self.line, self.separator, self.ending)


def team_key(title: str) -> str:
    return f"team:{title}"


def team_fields(body: str) -> dict[str, str]:
    """An entry's metadata lines (`- 标题: …`, first of each) and its five sections (every line
    up to the next of them), as written."""
    lines = body.split("\n")
    found = dict.fromkeys((*META_LABELS, *SECTIONS), "")
    for label in META_LABELS:
        prefix = f"- {label}:"
        value = next((line[len(prefix) :] for line in lines if line.startswith(prefix)), "")
        found[label] = value.strip()
    current: str | None = None
    sections: dict[str, list[str]] = {}
    for line in lines:
        name = _known_heading(line)
        if name is not None:
            current = name if name not in sections else None
            sections.setdefault(name, [])
        elif current is not None:
            sections[current].append(line)
    for name, kept in sections.items():
        found[name] = "\n".join(kept).strip("\n")
    return found


def checked_team_text(text: str) -> str:
    """A team entry's new text as written by the person, refused where the file would read it
    back as something else."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n").split("\n")
    while len(lines) > 1 and not lines[-1].strip():
        lines.pop()
    body = "\n".join(lines)
    if lines[0] != HEADING:
        raise ValueError(f"a team entry starts with the line {HEADING}")
    if "\0" in body:
        raise ValueError("a team entry cannot contain a NUL character")
    end = _next_start([line + "\n" for line in lines], 0)
    if end < len(lines):
        raise ValueError(
            f"line {end + 1} of the team entry would start what follows it (another team "
            "entry, a memory or a heading after a blank line)"
        )
    return body
