"""OpenClaw's DREAMS.md and its separate dreaming reports (spec/openclaw.md §7, §10): what
MemDesk reads there, the rewrites the agent makes, and the user text those rewrites put at
risk. Read-only model: pure functions over text; MemDesk never writes DREAMS.md.

DREAMS.md holds three agent-owned parts around whatever the person wrote:

* the Dream Diary, `# Dream Diary` then entries between `<!-- openclaw:dreaming:diary:start -->`
  and `...:end -->`, split on `\\n---\\n`; each entry a `*date*` line and a narrative, or a
  backfill entry carrying `<!-- openclaw:dreaming:backfill-entry day=… -->`;
* the `## Deep Sleep` managed block, replaced at every deep sweep;
* `## Memory Consolidation History`, appended to at every model-assisted consolidation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from core.agents.openclaw.dreaming import (
    PHASE_BLOCKS,
    promotion_marker,
    replace_managed_block,
    with_trailing_newline,
)
from core.formats.js import JS_SPACE_RUN, js_trim, js_trim_end, truncate_utf16
from core.messages import N_

DIARY_HEADING = "# Dream Diary"
DIARY_START = "<!-- openclaw:dreaming:diary:start -->"
DIARY_END = "<!-- openclaw:dreaming:diary:end -->"
BACKFILL_MARKER = "openclaw:dreaming:backfill-entry"
HISTORY_HEADING = "## Memory Consolidation History"
DEEP_HEADING, DEEP_START, DEEP_END = PHASE_BLOCKS["deep"]

_BACKFILL = re.compile(r"<!--\s*openclaw:dreaming:backfill-entry day=(\S+)(?: source=(.*?))?\s*-->")
_DATE_LINE = re.compile(r"\*(.+)\*")
_COUNT = re.compile(r"- (Added|Merged|Superseded): (\d+)")
_HIGHLIGHT = re.compile(r"- `(.*)`")
_SKIPPED = re.compile(r"- Rewrite skipped: (.*)\.")
_MARKER = re.compile(r"<!--\s*openclaw-memory-promotion:(.*?)\s*-->")


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


# --- reading ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiaryEntry:
    """One block of the diary. `date` is the `*…*` line's text; `backfill_day` is set for
    entries written by a backfill (a rollback deletes those); `agent_form` is false for a
    block that does not look like anything the agent writes (typed inside the fence)."""

    first_line: int
    text: str
    date: str | None
    narrative: str
    backfill_day: str | None
    backfill_source: str | None
    agent_form: bool

    @property
    def fingerprint(self) -> str:
        """normalizeDiaryBlockFingerprint: what `doctor.memory.dedupeDreamDiary` compares."""
        lines = [js_trim(line) for line in self.text.split("\n")]
        date = ""
        body: list[str] = []
        for line in (line for line in lines if line):
            if not date and line.startswith("*") and line.endswith("*") and len(line) > 2:
                date = js_trim(line[1:-1])
            elif not line.startswith(("<!--", "#")):
                body.append(line)
        joined = js_trim(re.sub(r"[ \t]+\n", "\n", "\n".join(body)))
        return js_trim(JS_SPACE_RUN.sub(" ", date)) + "\n" + joined


def _diary_entry(block: str, first_line: int) -> DiaryEntry:
    lines = block.split("\n")
    date_match = _DATE_LINE.fullmatch(js_trim(lines[0]))
    date = date_match.group(1) if date_match and len(js_trim(lines[0])) > 2 else None
    backfill = _BACKFILL.search(block)
    body = [line for line in lines[1 if date else 0 :] if not _BACKFILL.search(line)]
    narrative = js_trim("\n".join(body))
    return DiaryEntry(
        first_line,
        block,
        date,
        narrative,
        backfill.group(1) if backfill else None,
        backfill.group(2) if backfill else None,
        date is not None and bool(narrative or backfill),
    )


def _diary_entries(text: str, start: int, end: int) -> list[DiaryEntry]:
    inner_start = start + len(DIARY_START)
    entries = []
    position = inner_start
    for piece in text[inner_start:end].split("\n---\n"):
        block = js_trim(piece)
        if block:
            offset = text.index(block, position)
            entries.append(_diary_entry(block, _line_of(text, offset)))
        position += len(piece) + len("\n---\n")
    return entries


@dataclass(frozen=True, slots=True)
class Highlight:
    """One highlight line of a consolidation entry: the candidate key and the quoted text
    (`+ new entry` or `- removed entry`, cut to 180 units, backticks made quotes)."""

    key: str
    text: str


@dataclass(frozen=True, slots=True)
class ConsolidationEntry:
    """One `### <ISO time>` entry of `## Memory Consolidation History`."""

    first_line: int
    time: str
    added: int | None
    merged: int | None
    superseded: int | None
    highlights: list[Highlight]
    skipped_reason: str | None


@dataclass(frozen=True, slots=True)
class UserText:
    """Text outside every agent-owned part (1-based first line, the text as written)."""

    first_line: int
    text: str


@dataclass(frozen=True, slots=True)
class DreamsFile:
    """DREAMS.md as MemDesk reads it. `diary` is None when the file has no diary markers;
    `deep_sleep` is the body of the first Deep Sleep block (None when there is none)."""

    diary: list[DiaryEntry] | None
    deep_sleep: str | None
    history: list[ConsolidationEntry]
    user_text: list[UserText]


def _deep_blocks(text: str) -> list[re.Match[str]]:
    pattern = re.compile(
        f"{re.escape(DEEP_HEADING)}(?:[ \t]*(?:\r\n|\n|\r))+[ \t]*"
        f"{re.escape(DEEP_START)}([\\s\\S]*?){re.escape(DEEP_END)}"
    )
    return list(pattern.finditer(text))


def _history_span(text: str) -> tuple[int, int] | None:
    start = text.find(HISTORY_HEADING)
    if start < 0:
        return None
    following = re.compile(r"^(?:#|##) |^" + re.escape(DEEP_HEADING), re.M)
    after = following.search(text, start + len(HISTORY_HEADING))
    return start, after.start() if after else len(text)


def _history_entries(text: str, span: tuple[int, int]) -> list[ConsolidationEntry]:
    entries: list[ConsolidationEntry] = []
    body = text[span[0] : span[1]]
    for match in re.finditer(r"^### (.*?)\r?$", body, re.M):
        end = body.find("\n### ", match.end())
        lines = [js_trim(line) for line in body[match.end() : None if end < 0 else end].split("\n")]
        counts: dict[str, int] = {}
        highlights: list[Highlight] = []
        skipped = None
        for index, line in enumerate(lines):
            if count := _COUNT.fullmatch(line):
                counts[count.group(1)] = int(count.group(2))
            elif (marker := _MARKER.fullmatch(line)) and index + 1 < len(lines):
                quoted = _HIGHLIGHT.fullmatch(lines[index + 1])
                if quoted:
                    highlights.append(Highlight(marker.group(1), quoted.group(1)))
            elif skip := _SKIPPED.fullmatch(line):
                skipped = skip.group(1)
        entries.append(
            ConsolidationEntry(
                _line_of(text, span[0] + match.start()),
                match.group(1),
                counts.get("Added"),
                counts.get("Merged"),
                counts.get("Superseded"),
                highlights,
                skipped,
            )
        )
    return entries


def _diary_span(text: str) -> tuple[int, int] | None:
    start = text.find(DIARY_START)
    end = text.find(DIARY_END)
    return (start, end) if start >= 0 and end >= start else None


def _owned_spans(text: str) -> list[tuple[int, int]]:
    """Character ranges of the agent-owned parts (diary with its heading, deep blocks,
    consolidation history)."""
    spans: list[tuple[int, int]] = []
    diary = _diary_span(text)
    if diary:
        start = diary[0]
        heading = re.search(re.escape(DIARY_HEADING) + r"[\r\n]*\Z", text[:start])
        spans.append((heading.start() if heading else start, diary[1] + len(DIARY_END)))
    spans += [(m.start(), m.end()) for m in _deep_blocks(text)]
    history = _history_span(text)
    if history:
        spans.append(history)
    return sorted(spans)


def read_dreams(text: str) -> DreamsFile:
    """Read DREAMS.md (or dreams.md)."""
    diary_span = _diary_span(text)
    deep = _deep_blocks(text)
    history = _history_span(text)
    user: list[UserText] = []
    position = 0
    for start, end in [*_owned_spans(text), (len(text), len(text))]:
        if start > position and js_trim(text[position:start]):
            piece = text[position:start]
            lead = len(piece) - len(piece.lstrip("\r\n"))
            user.append(UserText(_line_of(text, position + lead), piece[lead:]))
        position = max(position, end)
    return DreamsFile(
        diary=_diary_entries(text, *diary_span) if diary_span else None,
        deep_sleep=_strip_one_newline(deep[0].group(1)) if deep else None,
        history=_history_entries(text, history) if history else [],
        user_text=user,
    )


def _strip_one_newline(body: str) -> str:
    body = re.sub(r"\A\r?\n", "", body)
    return re.sub(r"\r?\n\Z", "", body)


@dataclass(frozen=True, slots=True)
class PhaseReport:
    """memory/dreaming/<phase>/DATE.md: `phase` is light, rem or deep (None when the title
    is not one the agent writes); `agent_form` when the file is exactly what it writes."""

    phase: str | None
    body: str
    agent_form: bool


_REPORT_TITLES = {"# Light Sleep": "light", "# REM Sleep": "rem", "# Deep Sleep": "deep"}


def read_phase_report(text: str) -> PhaseReport:
    title, _, rest = text.partition("\n")
    phase = _REPORT_TITLES.get(title.rstrip("\r"))
    if phase is None:
        return PhaseReport(None, text, False)
    body = rest[1:] if rest.startswith("\n") else rest
    body = body[:-1] if body.endswith("\n") else body
    return PhaseReport(phase, body, text == f"{title}\n\n{body}\n")


# --- the agent's rewrites (to predict and to check the reading against) ------------------------


def finish(content: str) -> str:
    """updateDreamsFile: whatever the update, the file ends with "\\n"."""
    return with_trailing_newline(content)


def with_deep_block(existing: str, body_lines: Sequence[str]) -> str:
    """DREAMS.md after updateDeepDreamsFile (unchanged when there are no body lines)."""
    if not body_lines:
        return existing
    body = "\n".join(body_lines)
    return finish(replace_managed_block(existing, DEEP_HEADING, DEEP_START, DEEP_END, body))


_US_ZONES = {"EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT", "AKST", "AKDT", "HST"}


def narrative_date(epoch_ms: float, timezone: str = "UTC") -> str:
    """The en-US date line of a diary entry: `June 28, 2026 at 3:00 AM UTC`. Zone names
    follow ICU's en-US short names for UTC and US zones; others are written GMT±H[:MM]."""
    moment = datetime.fromtimestamp(epoch_ms / 1000, tz=UTC).astimezone(ZoneInfo(timezone))
    name = moment.tzname() or ""
    if timezone in ("UTC", "Etc/UTC"):
        zone = "UTC"
    elif name in _US_ZONES:
        zone = name
    else:
        offset = moment.utcoffset()
        minutes = int(offset.total_seconds() // 60) if offset else 0
        sign = "+" if minutes >= 0 else "-"
        hours, rest = divmod(abs(minutes), 60)
        zone = "GMT" if minutes == 0 else f"GMT{sign}{hours}" + (f":{rest:02d}" if rest else "")
    hour = moment.hour % 12 or 12
    half = "AM" if moment.hour < 12 else "PM"
    return f"{moment:%B} {moment.day}, {moment.year} at {hour}:{moment:%M} {half} {zone}"


def with_diary_entry(existing: str, narrative: str, date: str) -> str:
    """DREAMS.md after appendNarrativeEntry: the entry goes before the last end marker; a
    missing diary is created at the top of the file, above the person's text."""
    entry = f"\n---\n\n*{date}*\n\n{narrative}\n"
    if DIARY_START in existing and DIARY_END in existing:
        end = existing.rfind(DIARY_END)
        updated = f"{existing[:end]}{entry}\n{existing[end:]}"
    elif DIARY_START in existing:
        start = existing.find(DIARY_START) + len(DIARY_START)
        updated = f"{existing[:start]}{entry}\n{DIARY_END}\n{existing[start:]}"
    else:
        section = f"{DIARY_HEADING}\n\n{DIARY_START}{entry}\n{DIARY_END}\n"
        updated = section if not js_trim(existing) else f"{section}\n{existing}"
    return finish(updated)


def consolidation_highlights(
    operations: Sequence[tuple[str, str, Sequence[str]]],
) -> list[str]:
    """The highlight lines of a history entry for (candidate key, result entry, prior
    entries) operations: at most 8, each cut to 180 UTF-16 units."""
    lines = [
        f"{promotion_marker(key)}\n- `{truncate_utf16(line, 180).replace('`', chr(39))}`"
        for key, result, priors in operations
        for line in [f"+ {result}", *(f"- {prior}" for prior in priors)]
    ]
    return lines[:8]


def _history_base(existing: str) -> str:
    if HISTORY_HEADING in existing:
        return js_trim_end(existing)
    separator = "\n\n" if js_trim(existing) else ""
    return f"{js_trim_end(existing)}{separator}{HISTORY_HEADING}"


def with_consolidation_summary(
    existing: str,
    time_iso: str,
    counts: tuple[int, int, int],
    highlights: Sequence[str],
) -> str:
    """DREAMS.md after appendConsolidationSummary (counts: added, merged, superseded)."""
    added, merged, superseded = counts
    lines = [
        f"### {time_iso}",
        "",
        f"- Added: {added}",
        f"- Merged: {merged}",
        f"- Superseded: {superseded}",
        *highlights,
        "",
    ]
    return finish(f"{_history_base(existing)}\n\n" + "\n".join(lines))


def with_skipped_summary(existing: str, time_iso: str, reason: str) -> str:
    """DREAMS.md after appendConsolidationSkippedSummary."""
    return finish(
        f"{_history_base(existing)}\n\n### {time_iso}\n\n"
        f"- Rewrite skipped: {reason}.\n- Fallback: append-only promotion.\n"
    )


# --- what the agent's rewrites may destroy ----------------------------------------------------

INSIDE_DIARY = "inside-diary"
DUPLICATE_DIARY_ENTRY = "duplicate-diary-entry"
INSIDE_FENCE = "inside-fence"
DUPLICATE_BLOCK = "duplicate-block"
UNTERMINATED_FENCE = "unterminated-fence"
MIXED_LINE_ENDS = "mixed-line-ends"
TRAILING_SPACE = "trailing-space-trimmed"
DIARY_ABOVE = "diary-above-your-text"
ORPHAN_MARKER = "marker-without-heading"
DIARY_OUT_OF_ORDER = "diary-markers-out-of-order"


@dataclass(frozen=True, slots=True)
class Risk:
    """Text the agent's next rewrite may delete, overwrite or reshape (spec §6.2, §7, §10)."""

    kind: str
    first_line: int
    text: str
    explanation: str  # a template: "{text}" stands where the text at risk is quoted


def fence_risks(text: str, heading: str, start_marker: str, end_marker: str) -> list[Risk]:
    """Risks of one managed block kind (Light/REM in a daily note, Deep in DREAMS.md)."""
    risks: list[Risk] = []
    pattern = re.compile(
        f"{re.escape(heading)}(?:[ \t]*(?:\r\n|\n|\r))+[ \t]*{re.escape(start_marker)}"
        f"([\\s\\S]*?){re.escape(end_marker)}"
    )
    matches = list(pattern.finditer(text))
    for number, match in enumerate(matches):
        if number:
            risks.append(
                Risk(
                    DUPLICATE_BLOCK,
                    _line_of(text, match.start()),
                    match.group(),
                    N_("a second managed block: the agent's next write deletes it: {text}"),
                )
            )
        inner_offset = match.start(1)
        for line in match.group(1).split("\n"):
            stripped = js_trim(line)
            if stripped and not stripped.startswith(("- ", "* ", "+ ")) and not line[:1].isspace():
                risks.append(
                    Risk(
                        INSIDE_FENCE,
                        _line_of(text, inner_offset),
                        line.rstrip("\r"),
                        N_("inside the agent's fence: overwritten at its next write: {text}"),
                    )
                )
            inner_offset += len(line) + 1
    last_start = text.rfind(start_marker)
    if last_start >= 0 and end_marker not in text[last_start:]:
        risks.append(
            Risk(
                UNTERMINATED_FENCE,
                _line_of(text, last_start),
                text[last_start:],
                N_(
                    "a start marker without its end: the agent appends a new block, and the "
                    "write after that deletes everything from this marker to the new block: {text}"
                ),
            )
        )
    covered = [(m.start(), m.end()) for m in matches]
    for marker in re.finditer(re.escape(start_marker), text):
        if not any(start <= marker.start() < end for start, end in covered):
            risks.append(
                Risk(
                    ORPHAN_MARKER,
                    _line_of(text, marker.start()),
                    start_marker,
                    N_(
                        "a marker without its heading line is not the agent's block: the agent "
                        "appends a block of its own and leaves this one: {text}"
                    ),
                )
            )
    return risks


def _line_end_risks(text: str, appends_at_end: bool) -> list[Risk]:
    risks: list[Risk] = []
    if "\r\n" in text:
        risks.append(
            Risk(
                MIXED_LINE_ENDS,
                _line_of(text, text.find("\r\n")),
                "",
                N_("the file uses CRLF; the agent writes LF, so its next write mixes line ends"),
            )
        )
    trailing = len(text) - len(js_trim_end(text))
    if appends_at_end and trailing and text[-trailing:] != "\n":
        risks.append(
            Risk(
                TRAILING_SPACE,
                _line_of(text, len(text) - trailing),
                text[-trailing:],
                N_("the agent trims the end of the file before appending its block: {text}"),
            )
        )
    return risks


def daily_note_risks(text: str) -> list[Risk]:
    """What an inline Light/REM Sleep write may destroy in a daily note."""
    risks = []
    for phase in ("light", "rem"):
        risks += fence_risks(text, *PHASE_BLOCKS[phase])
    return risks + _line_end_risks(text, appends_at_end=True)


def dreams_risks(text: str) -> list[Risk]:
    """What the agent's next DREAMS.md rewrites may destroy or move."""
    risks = fence_risks(text, DEEP_HEADING, DEEP_START, DEEP_END)
    dreams = read_dreams(text)
    seen: set[str] = set()
    for entry in dreams.diary or []:
        if not entry.agent_form:
            risks.append(
                Risk(
                    INSIDE_DIARY,
                    entry.first_line,
                    entry.text,
                    N_(
                        "inside the diary markers: the agent reads it as a diary entry and "
                        "rewrites the diary around it: {text}"
                    ),
                )
            )
        fingerprint = entry.fingerprint
        if fingerprint in seen:
            risks.append(
                Risk(
                    DUPLICATE_DIARY_ENTRY,
                    entry.first_line,
                    entry.text,
                    N_(
                        "same date and text as an earlier entry: the diary dedupe deletes it: {text}"
                    ),
                )
            )
        seen.add(fingerprint)
    end = text.find(DIARY_END)
    if end >= 0 and (not 0 <= text.find(DIARY_START) <= end or text.count(DIARY_END) > 1):
        risks.append(
            Risk(
                DIARY_OUT_OF_ORDER,
                _line_of(text, end),
                DIARY_END,
                N_(
                    "diary end marker before the start marker, or more than one: the agent writes "
                    "new entries before the last end marker but reads only up to the first: {text}"
                ),
            )
        )
    if dreams.diary is None and dreams.user_text:
        first = dreams.user_text[0]
        risks.append(
            Risk(
                DIARY_ABOVE,
                first.first_line,
                "",
                N_("the first diary entry creates the Dream Diary at the top, above this text"),
            )
        )
    # A consolidation summary trims the end of the file whenever it is written.
    return risks + _line_end_risks(text, appends_at_end=True)
