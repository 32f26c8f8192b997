"""How OpenClaw itself reads its curated files (spec/openclaw.md 2.1, 2.2, 6.2).

These functions reproduce the agent's own code (release 2026.9.6), checked against its outputs
in tests/fixtures/openclaw: `split_curated_entries` (splitCuratedMarkdownEntries),
`chunk_per_entry` (chunkMarkdown with perEntry, after stripMemoryAnnotationCarriers),
`recall_metadata` (extractCuratedEntryRecallMetadata), `project_keys`
(extractProjectKeysFromCuratedEntry), `strip_annotations` (stripMemoryAnnotationCarriers) and
the managed dreaming blocks its replaceManagedMarkdownBlock rewrites.

The agent works on JavaScript strings, so the details follow JavaScript, not Python: text is
split on "\\n" only (a "\\r" stays at the end of its line); whitespace is JavaScript's `\\s`
and `trim()` set; kinds are matched case-insensitively over ASCII letters only and digits are
ASCII digits (Python's IGNORECASE and `\\d` would accept more); chunk budgets are counted in
UTF-16 units weighted for CJK. The fixtures hold short entries only: how a long entry is cut
follows the agent's source (packages/memory-host-sdk/src/host/markdown-chunks.ts).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from core.formats.js import JS_SPACE, js_trim, js_trim_end, truncate_utf16

__all__ = [
    "INVALID_PROJECT_KEY",
    "PHASE_HEADINGS",
    "Chunk",
    "CuratedBlock",
    "ManagedRange",
    "ManagedSpan",
    "ProjectAnnotations",
    "RecallMetadata",
    "block_kind",
    "carriers",
    "chunk_per_entry",
    "estimate_chars",
    "managed_ranges",
    "managed_spans",
    "normalize_project_key",
    "project_keys",
    "recall_metadata",
    "split_curated_entries",
    "strip_annotations",
]

INVALID_PROJECT_KEY = "!invalid-project-annotation"
_HEADING = re.compile(r"#{1,6}(?:[" + JS_SPACE + r"]|\Z)")


def _ascii_nocase(word: str) -> str:
    return "".join(f"[{c}{c.upper()}]" for c in word)


def _carrier(kinds: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(_ascii_nocase(k) for k in kinds)
    return re.compile(rf"<!--[{JS_SPACE}]*({names})[{JS_SPACE}]*:")


_ANY_CARRIER = _carrier(("trigger", "importance", "project"))
_PROJECT_CARRIER = _carrier(("project",))
_LINE_BREAK = re.compile(r"[\r\n]")
_TRAILING_SPACE = re.compile(r"[ \t]+(?=[\r\n\u2028\u2029]|\Z)")
_PHRASE_SEPARATOR = re.compile(r"[,;]")
_ASCII_DIGITS = re.compile(r"[0-9]+")
_BAD_PROJECT_CHARS = re.compile(r"[\r\n<>]")


# ---------------------------------------------------------------------------------------------
# Entries as the agent splits them


@dataclass(frozen=True, slots=True)
class CuratedBlock:
    """One block of the agent's split: a `- ` entry or a section, with the lines it glues on."""

    kind: Literal["entry", "section"]
    start_line: int  # 1-based, inclusive; lines split on "\n"
    end_line: int
    text: str  # its lines joined with "\n" (a CRLF file's "\r" stays)

    def to_json(self) -> dict[str, Any]:
        return {
            "startLine": self.start_line,
            "endLine": self.end_line,
            "text": self.text,
            "kind": self.kind,
        }


def block_kind(line: str) -> Literal["entry", "section"] | None:
    """What a line starts for the agent: an entry (`- ` in column 0), a section (an ATX
    heading) or nothing (it is glued to the block above)."""
    if line.startswith("- "):
        return "entry"
    return "section" if _HEADING.match(line) else None


def _spans(lines: list[str]) -> Iterator[tuple[Literal["entry", "section"], int, int]]:
    start = 1
    kind: Literal["entry", "section"] = "entry" if lines[0].startswith("- ") else "section"
    for index in range(1, len(lines)):
        found = block_kind(lines[index])
        if found is not None:
            yield kind, start, index
            start, kind = index + 1, found
    yield kind, start, len(lines)


def split_curated_entries(text: str) -> list[CuratedBlock]:
    """The agent's blocks of MEMORY.md / USER.md; line 1 always starts one."""
    lines = text.split("\n")
    return [
        CuratedBlock(kind, start, end, "\n".join(lines[start - 1 : end]))
        for kind, start, end in _spans(lines)
    ]


# ---------------------------------------------------------------------------------------------
# Index chunks, one entry at a time

CHARS_PER_TOKEN = 4
_NON_LATIN = re.compile(
    "[\u2e80-\u9fff\ua000-\ua4ff\uac00-\ud7af\uf900-\ufaff\uff01-\uff60\uffe0-\uffe6"
    "\U00020000-\U0002fa1f]"
)


@dataclass(frozen=True, slots=True)
class Chunk:
    """One index chunk; an entry's chunks all carry the entry's lines."""

    start_line: int
    end_line: int
    text: str
    hash: str
    entry_start_line: int | None = None
    entry_end_line: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "startLine": self.start_line,
            "endLine": self.end_line,
            "text": self.text,
            "hash": self.hash,
        }
        if self.entry_start_line is not None:
            out["entryStartLine"] = self.entry_start_line
            out["entryEndLine"] = self.entry_end_line
        return out


def _utf16_length(text: str) -> int:
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def estimate_chars(text: str) -> int:
    """The agent's weighted length: UTF-16 units, a CJK character counting 4."""
    non_latin = len(_NON_LATIN.findall(text))
    if non_latin == 0:
        return _utf16_length(text)
    pairs_as_one = sum(1 for c in text if 0x20000 <= ord(c) <= 0x2FBFF)
    return _utf16_length(text) - pairs_as_one + non_latin * (CHARS_PER_TOKEN - 1)


def _tail_within(text: str, budget: int) -> str:
    """The longest suffix whose weighted length is at most `budget`."""
    total, start = 0, len(text)
    while start > 0:
        total += estimate_chars(text[start - 1])
        if total > budget:
            break
        start -= 1
    return text[start:]


def _segments(line: str, max_chars: int) -> Iterator[tuple[str, int]]:
    """A line cut into pieces within the budget: (piece, weighted length)."""
    if not line:
        yield "", 0
        return
    start = 0
    while start < len(line):
        coarse = truncate_utf16(line[start:], max_chars) or line[start]
        weight = estimate_chars(coarse)
        if weight <= max_chars:
            yield coarse, weight
        else:
            yield from _by_weight(coarse, max_chars)
        start += len(coarse)


def _by_weight(text: str, max_chars: int) -> Iterator[tuple[str, int]]:
    part, weight = "", 0
    for char in text:
        cost = estimate_chars(char)
        if weight + cost > max_chars:
            yield part, weight
            part, weight = "", 0
        part += char
        weight += cost
    yield part, weight


class _Chunker:
    """chunkMarkdown's buffer: pieces of lines, flushed as chunks when the budget is reached."""

    def __init__(self, max_chars: int, overlap_chars: int) -> None:
        self.max_chars, self.overlap_chars = max_chars, overlap_chars
        self.current: list[tuple[str, int]] = []  # (piece, line number)
        self.size = 0
        self.chunks: list[Chunk] = []

    def add(self, piece: str, line_no: int, weight: int) -> None:
        cost = weight + 1
        if self.size + cost > self.max_chars and self.current:
            self.flush()
            self._carry(min(self.overlap_chars, max(0, self.max_chars - cost)))
        self.current.append((piece, line_no))
        self.size += cost

    def flush(self) -> None:
        if self.current:
            text = "\n".join(piece for piece, _ in self.current)
            digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
            self.chunks.append(Chunk(self.current[0][1], self.current[-1][1], text, digest))

    def reset(self) -> None:
        self.current, self.size = [], 0

    def _carry(self, window: int) -> None:
        total, kept = 0, list[tuple[str, int]]()
        for piece, line_no in reversed(self.current):
            cost = estimate_chars(piece) + 1
            if cost > window - total:
                tail = _tail_within(piece, window - total - 1) if not kept else ""
                if tail:
                    kept.insert(0, (tail, line_no))
                    total += estimate_chars(tail) + 1
                break
            total += cost
            kept.insert(0, (piece, line_no))
            if total >= window:
                break
        self.current, self.size = kept, total


def chunk_per_entry(text: str, tokens: int = 400, overlap: int = 80) -> list[Chunk]:
    """The agent's index chunks of a curated file (annotations stripped first, lines kept).

    Each block of `split_curated_entries` starts a fresh chunk; a block longer than
    `tokens * 4` weighted characters is cut, the next piece starting with up to `overlap * 4`
    of the one before; every piece of an entry carries the whole entry's lines.
    """
    stripped = strip_annotations(text)
    lines = stripped.split("\n")
    chunker = _Chunker(max(32, tokens * CHARS_PER_TOKEN), max(0, overlap * CHARS_PER_TOKEN))
    for kind, start, end in _spans(lines):
        first = len(chunker.chunks)
        for line_no in range(start, end + 1):
            for piece, weight in _segments(lines[line_no - 1], chunker.max_chars):
                chunker.add(piece, line_no, weight)
        chunker.flush()
        if kind == "entry":
            for index in range(first, len(chunker.chunks)):
                chunk = chunker.chunks[index]
                chunker.chunks[index] = _with_entry(chunk, start, end)
        chunker.reset()
    return chunker.chunks


def _with_entry(chunk: Chunk, start: int, end: int) -> Chunk:
    return Chunk(chunk.start_line, chunk.end_line, chunk.text, chunk.hash, start, end)


# ---------------------------------------------------------------------------------------------
# Trailing annotations: <!-- trigger: … --> <!-- importance: N --> <!-- project: … -->


class _Carrier(NamedTuple):
    start: int
    end: int  # after its "-->"
    kind: str
    value: str  # trimmed


def _scan(text: str, marker: re.Pattern[str], *, line_scoped: bool = False) -> Iterator[_Carrier]:
    """The agent's scanMemoryAnnotations: each opener up to the next "-->"."""
    closing = newline = -1
    pos = 0
    while (match := marker.search(text, pos)) is not None:
        value_start = match.end()
        if closing < value_start:
            closing = text.find("-->", value_start)
            if closing < 0:
                return
        if line_scoped:
            if newline < value_start:
                found = _LINE_BREAK.search(text, value_start)
                newline = found.start() if found else len(text)
            if newline < closing:
                pos = match.end()
                continue
        value = js_trim(text[value_start:closing])
        yield _Carrier(match.start(), closing + 3, match.group(1).lower(), value)
        pos = closing + 3


def carriers(line: str) -> list[_Carrier]:
    """The annotation comments of one line, as the agent reads them (whatever the line ends with)."""
    return list(_scan(line, _ANY_CARRIER))


def strip_annotations(text: str) -> str:
    """The text the agent indexes: annotation comments removed, then the spaces and tabs they
    leave at line ends (line numbers unchanged)."""
    parts: list[str] = []
    cursor = 0
    for found in _scan(text, _ANY_CARRIER, line_scoped=True):
        parts.append(text[cursor : found.start])
        cursor = found.end
    if cursor == 0:
        return text
    parts.append(text[cursor:])
    return _TRAILING_SPACE.sub("", "".join(parts))


@dataclass(frozen=True, slots=True)
class ProjectAnnotations:
    annotated: bool
    valid: bool
    keys: tuple[str, ...]
    raw_count: int
    valid_count: int

    def to_json(self) -> dict[str, Any]:
        return {
            "annotated": self.annotated,
            "valid": self.valid,
            "keys": list(self.keys),
            "rawCount": self.raw_count,
            "validCount": self.valid_count,
        }


def normalize_project_key(value: str) -> str | None:
    """A project key as the agent compares it (None: invalid). The host part before the first
    "/" is lower-cased; `path:` keys and the rest of the path keep their case."""
    key = js_trim(value)
    if not key or _BAD_PROJECT_CHARS.search(key):
        return None
    if key.startswith("path:"):
        return key
    slash = key.find("/")
    return key if slash < 1 else key[:slash].lower() + key[slash:]


def project_keys(text: str) -> ProjectAnnotations:
    """The `<!-- project: a; b -->` keys of an entry (anywhere in it, not only at line ends)."""
    keys: dict[str, None] = {}
    markers = len(_PROJECT_CARRIER.findall(text))
    parsed = raw = valid = 0
    for found in _scan(text, _PROJECT_CARRIER):
        parsed += 1
        for part in found.value.split(";"):
            raw += 1
            key = normalize_project_key(part)
            if key is not None:
                keys[key] = None
                valid += 1
    annotated = markers > 0
    ok = not annotated or (parsed == markers and raw > 0 and raw == valid)
    return ProjectAnnotations(annotated, ok, tuple(keys), raw, valid)


@dataclass(frozen=True, slots=True)
class RecallMetadata:
    importance: int | None
    triggers: str | None  # phrases joined with "; "
    project_key: str | None  # keys joined with "; ", or INVALID_PROJECT_KEY

    def to_json(self) -> dict[str, Any]:
        return {
            "importance": self.importance,
            "triggers": self.triggers,
            "projectKey": self.project_key,
        }

    @property
    def trigger_phrases(self) -> tuple[str, ...]:
        return tuple(self.triggers.split("; ")) if self.triggers else ()


def recall_metadata(text: str, *, curated_root: bool, project_scope: bool = True) -> RecallMetadata:
    """What the agent reads from an entry's annotations.

    `curated_root`: MEMORY.md and USER.md (daily notes never yield triggers or importance).
    `project_scope`: False for USER.md, whose project annotations the agent ignores. Triggers
    and importance count only on lines ending (after trailing spaces) with "-->".
    """
    if "<!--" not in text:  # most entries: no annotation at all
        return RecallMetadata(None, None, None)
    lines = text.split("\n")
    phrases: dict[str, None] = {}
    importance: int | None = None
    for line in lines if curated_root else []:
        if not js_trim_end(line).endswith("-->"):
            continue
        for found in carriers(line):
            if found.kind == "trigger":
                phrases.update(dict.fromkeys(_phrases(found.value)))
            elif found.kind == "importance" and _ASCII_DIGITS.fullmatch(found.value):
                value = int(found.value)
                if 1 <= value <= 10:
                    importance = value if importance is None else max(importance, value)
    return RecallMetadata(
        importance, "; ".join(phrases) or None, _project_key(lines, project_scope)
    )


def _phrases(value: str) -> list[str]:
    return [p for p in map(js_trim, _PHRASE_SEPARATOR.split(value)) if p]


def _project_key(lines: list[str], project_scope: bool) -> str | None:
    if not project_scope:
        return None
    found = project_keys("\n".join(lines))
    if found.annotated and not found.valid:
        return INVALID_PROJECT_KEY
    return "; ".join(found.keys) or None


# ---------------------------------------------------------------------------------------------
# Managed dreaming blocks: <!-- openclaw:dreaming:<phase>:start --> … :end -->

PHASE_HEADINGS = {"light": "## Light Sleep", "rem": "## REM Sleep", "deep": "## Deep Sleep"}
_FENCE = re.compile(
    r"<!-- openclaw:dreaming:([A-Za-z0-9_-]+):start -->.*?<!-- openclaw:dreaming:\1:end -->",
    re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class ManagedSpan:
    """A fenced block in character offsets. `start` is at its heading when `headed`: the
    agent's rewrite matches heading and fence together and replaces the whole span; a fence
    without its heading is never matched (the agent appends a new block instead)."""

    phase: str
    start: int
    end: int
    fence_start: int
    headed: bool


class ManagedRange(NamedTuple):
    phase: str
    start_line: int  # 1-based, lines split on "\n": the heading's line when headed
    end_line: int  # the end marker's line


def _heading_pattern(phase: str) -> re.Pattern[str] | None:
    heading = PHASE_HEADINGS.get(phase)
    if heading is None:
        return None
    return re.compile(re.escape(heading) + r"(?:[ \t]*(?:\r\n|\n|\r))+[ \t]*\Z")


def managed_spans(text: str) -> list[ManagedSpan]:
    """Every complete fence, with the agent's heading above it where it has one."""
    spans: list[ManagedSpan] = []
    for match in _FENCE.finditer(text):
        phase = match.group(1)
        start = _heading_start(text, phase, match.start(), spans[-1].end if spans else 0)
        begin = match.start() if start is None else start
        spans.append(ManagedSpan(phase, begin, match.end(), match.start(), start is not None))
    return spans


def _heading_start(text: str, phase: str, fence: int, floor: int) -> int | None:
    """Where the phase's heading starts when only line breaks and blanks separate it from
    the fence (the agent's `Heading([ \\t]*(\\r\\n|\\n|\\r))+[ \\t]*START`)."""
    pattern = _heading_pattern(phase)
    heading = PHASE_HEADINGS.get(phase, "")
    if pattern is None:
        return None
    at = text.rfind(heading, floor, fence)
    while at >= 0:
        if pattern.match(text, at, fence):
            return at
        at = text.rfind(heading, floor, at)
    return None


def managed_ranges(text: str) -> list[ManagedRange]:
    """The lines of every managed block (heading included when the agent's heading is there)."""
    return [
        ManagedRange(
            span.phase,
            text.count("\n", 0, span.start) + 1,
            text.count("\n", 0, span.end - 1) + 1,
        )
        for span in managed_spans(text)
    ]
