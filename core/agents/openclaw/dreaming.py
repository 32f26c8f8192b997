"""What OpenClaw's own dreaming rewrites do to a workspace (spec/openclaw.md §2.3-2.5, §6.2):
the managed Light/REM/Deep blocks, the promotion section its deep sweep appends to MEMORY.md,
the budget trimmer that deletes old promotion sections, and the lines a consolidation may
delete. Pure functions over text; the output is byte for byte what the agent writes.

Lengths, budgets and cuts are counted in UTF-16 units, as the agent's JavaScript counts them.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.agents.openclaw.curated import project_keys
from core.agents.openclaw.recall import js_to_fixed, to_finite_nonneg_int
from core.agents.openclaw.snippets import normalize_snippet
from core.formats.js import JS_DOT, JS_S, JS_SPACE, js_trim, js_trim_end, truncate_utf16, utf16_len

_S, _DOT = JS_S, JS_DOT  # JavaScript's \s and .

# --- managed blocks (daily notes' Light/REM Sleep, DREAMS.md's Deep Sleep) --------------------

PHASE_BLOCKS: dict[str, tuple[str, str, str]] = {
    "light": (
        "## Light Sleep",
        "<!-- openclaw:dreaming:light:start -->",
        "<!-- openclaw:dreaming:light:end -->",
    ),
    "rem": (
        "## REM Sleep",
        "<!-- openclaw:dreaming:rem:start -->",
        "<!-- openclaw:dreaming:rem:end -->",
    ),
    "deep": (
        "## Deep Sleep",
        "<!-- openclaw:dreaming:deep:start -->",
        "<!-- openclaw:dreaming:deep:end -->",
    ),
}


def with_trailing_newline(content: str) -> str:
    """withTrailingNewline: the text ends with "\\n"."""
    return content if content.endswith("\n") else f"{content}\n"


def _managed_pattern(heading: str, start_marker: str, end_marker: str) -> re.Pattern[str]:
    head = f"{re.escape(heading)}(?:[ \t]*(?:\r\n|\n|\r))+[ \t]*" if heading else ""
    return re.compile(f"{head}{re.escape(start_marker)}[\\s\\S]*?{re.escape(end_marker)}")


def replace_managed_block(
    original: str, heading: str, start_marker: str, end_marker: str, body: str
) -> str:
    """replaceManagedMarkdownBlock: the first heading+marker block becomes the new block,
    later ones are removed (text between them is kept unless it is only blank lines); with
    none, the block is appended after the trimmed text and a blank line."""
    block = f"{heading}\n" if heading else ""
    block += f"{start_marker}\n{body}\n{end_marker}"
    matches = list(_managed_pattern(heading, start_marker, end_marker).finditer(original))
    if matches:
        parts = [original[: matches[0].start()], block]
        for previous, match in itertools.pairwise(matches):
            between = original[previous.end() : match.start()]
            if not re.fullmatch(r"[\t \r\n]*", between):
                parts.append(between)
        parts.append(original[matches[-1].end() :])
        return "".join(parts)
    trimmed = js_trim_end(original)
    return f"{block}\n" if not trimmed else f"{trimmed}\n\n{block}\n"


def daily_phase_block(original: str, phase: str, body_lines: Sequence[str]) -> str:
    """The daily note after writeDailyDreamingPhaseBlock's inline write ("light" or "rem";
    storage mode inline or both)."""
    heading, start, end = PHASE_BLOCKS[phase]
    body = "\n".join(body_lines) if body_lines else "- No notable updates."
    return with_trailing_newline(replace_managed_block(original, heading, start, end, body))


def phase_report(phase: str, body_lines: Sequence[str]) -> str:
    """memory/dreaming/<phase>/DATE.md as the agent overwrites it (storage separate or both)."""
    if phase == "deep":
        body = "\n".join(body_lines) if body_lines else "- No durable changes."
        return f"# Deep Sleep\n\n{body}\n"
    body = "\n".join(body_lines) if body_lines else "- No notable updates."
    title = "Light Sleep" if phase == "light" else "REM Sleep"
    return f"# {title}\n\n{body}\n"


# --- the promotion section (§2.3) -------------------------------------------------------------

EMPTY_MEMORY_HEADER = "# Long-Term Memory\n\n"
DEFAULT_SNIPPET_TOKENS = 160
_NO_SNIPPET = "(no snippet captured)"


def promotion_marker(key: str) -> str:
    return f"<!-- openclaw-memory-promotion:{key} -->"


_PROMOTION_KEY = re.compile(f"<!--{_S}*openclaw-memory-promotion:([^\n]*?){_S}*-->", re.I)


def promotion_keys(memory_text: str) -> list[str]:
    """extractPromotionKeys: candidate keys already in MEMORY.md; the agent never appends
    them again (it counts them as reconciled)."""
    return [
        key for key in (js_trim(m.group(1)) for m in _PROMOTION_KEY.finditer(memory_text)) if key
    ]


def _js_round(value: float) -> int:
    """Math.round: halves go up."""
    low = math.floor(value)
    return low + 1 if value - low >= 0.5 else low


def importance_for(score: float) -> int:
    """min(10, max(3, round(score*10)))."""
    return min(10, max(3, _js_round(score * 10)))


def _trigger_phrase(tag: str) -> str:
    text = re.sub(r"<!--|-->", " ", tag)
    text = re.sub(r"[\r\n,;]+", " ", text)
    text = js_trim(re.sub(f"{_S}+", " ", text))
    return js_trim_end(text[:64])


def _project_key(candidate: Mapping[str, Any]) -> str | None:
    key = candidate.get("projectKey")
    return key if key and not re.search(r"[\r\n<>]", key) else None


def recall_annotations(candidate: Mapping[str, Any]) -> str:
    """The trigger/importance/project comments the agent puts after a promoted entry."""
    tags = list(candidate.get("conceptTags") or [])[:3]
    triggers = ", ".join(phrase for phrase in map(_trigger_phrase, tags) if phrase)
    text = f"<!-- trigger: {triggers} --> <!-- importance: {importance_for(candidate['score'])} -->"
    project = _project_key(candidate)
    return f"{text} <!-- project: {project} -->" if project else text


def promoted_snippet(raw: str, max_tokens: int = DEFAULT_SNIPPET_TOKENS) -> str:
    """The snippet as shown in MEMORY.md: one line, no list marker, at most tokens*4 UTF-16
    units cut at a sentence (from 55 %) or word (from 65 %) boundary, then "..."."""
    text = js_trim(re.sub(r"^[-*+] +", "", normalize_snippet(raw or _NO_SNIPPET))) or _NO_SNIPPET
    limit = to_finite_nonneg_int(max_tokens, DEFAULT_SNIPPET_TOKENS) * 4
    if limit == 0 or utf16_len(text) <= limit:
        return text
    hard = truncate_utf16(text, limit)
    sentence = max(hard.rfind(". "), hard.rfind("! "), hard.rfind("? "))
    word = hard.rfind(" ")
    if sentence >= 0 and utf16_len(hard[:sentence]) >= math.floor(limit * 0.55):
        cut = hard[: sentence + 1]
    elif word >= 0 and utf16_len(hard[:word]) >= math.floor(limit * 0.65):
        cut = hard[:word]
    else:
        cut = hard
    return f"{js_trim_end(cut)}..."


def promotion_line(candidate: Mapping[str, Any], max_tokens: int = DEFAULT_SNIPPET_TOKENS) -> str:
    """`- <snippet> [score=… signals=… recalls=… avg=… source=…] <!-- trigger … -->…`"""
    source = f"{candidate['path']}:{candidate['startLine']}-{candidate['endLine']}"
    metadata = (
        f"[score={js_to_fixed(candidate['score'], 3)} signals={candidate['signalCount']} "
        f"recalls={candidate['recallCount']} avg={js_to_fixed(candidate['avgScore'], 3)} "
        f"source={source}]"
    )
    snippet = promoted_snippet(candidate["snippet"], max_tokens)
    return f"- {snippet} {metadata} {recall_annotations(candidate)}"


def _utf16_order(text: str) -> bytes:
    return text.encode("utf-16-be", "surrogatepass")


def build_promotion_section(
    candidates: Sequence[Mapping[str, Any]],
    day: str,
    max_snippet_tokens: int = DEFAULT_SNIPPET_TOKENS,
) -> str:
    """buildPromotionSection: the text the deep sweep appends for `candidates` (ranked
    candidates with their rehydrated snippets) on `day` (YYYY-MM-DD in the dreaming time zone).
    Candidates are grouped by project key (Global first) when there is more than one group."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for candidate in candidates:
        groups.setdefault(_project_key(candidate) or "", []).append(candidate)
    lines = ["", f"## Promoted From Short-Term Memory ({day})", ""]
    for project, members in sorted(groups.items(), key=lambda item: _utf16_order(item[0])):
        if len(groups) > 1:
            lines += [f"### Project: {project}" if project else "### Global", ""]
        for candidate in members:
            lines.append(promotion_marker(candidate["key"]))
            lines.append(promotion_line(candidate, max_snippet_tokens))
        if len(groups) > 1:
            lines.append("")
    lines.append("")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class PromotionAppend:
    """The MEMORY.md the append path would write, the dates of the sections it deleted to
    make room, and whether it fits: when it does not, the agent writes nothing and retries
    the candidates at the next sweep (`memory budget`)."""

    content: str
    dropped_dates: list[str]
    fits: bool


def append_promotion(
    existing: str,
    section: str,
    budget: int = 10_000,
    max_loss_fraction: float = 0.25,
) -> PromotionAppend:
    """buildBudgetedMemoryAppend and the budget check of applyShortTermPromotions."""
    compacted, dropped = compact_for_budget(existing, section, budget, max_loss_fraction)
    header = "" if js_trim(compacted) else EMPTY_MEMORY_HEADER
    base = compacted if not compacted or compacted.endswith("\n") else f"{compacted}\n"
    content = f"{header}{base}{section}"
    return PromotionAppend(content, dropped, not (budget > 0 and utf16_len(content) > budget))


# --- the budget trimmer (§2.4) ----------------------------------------------------------------

WRITE_OVERHEAD_RESERVE = 21
_SECTION_HEADING = re.compile(f"## Promoted From Short-Term Memory \\(([^)]+)\\){_S}*")
_SUBSECTION = re.compile(f"### (?:Global|Project: {_DOT}+?){_S}*")
_MARKER_LINE = re.compile(f"<!--{_S}*openclaw-memory-promotion:{_DOT}*-->{_S}*", re.I)
_ATX = re.compile(r" {0,3}#{1,6}(?:[ \t]|\Z)")
_SETEXT = re.compile(r" {0,3}(?:=+|-+)[ \t]*")


def _blank(line: str) -> bool:
    return not js_trim(line)


@dataclass(frozen=True, slots=True)
class MemoryBlock:
    """A part of MEMORY.md as the trimmer cuts it: `date` is set for a promotion section,
    `generated` when its whole body is the agent's marker+bullet pairs (only those may be
    deleted). `first_line` is 1-based; `lines` are without line ends."""

    first_line: int
    lines: list[str]
    date: str | None
    generated: bool

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1

    @property
    def entry_count(self) -> int:
        return sum(1 for line in self.lines if _MARKER_LINE.fullmatch(line))


def _foreign_line(lines: list[str]) -> int | None:
    """isGeneratedPromotionBlock, as the offset of the line that makes a section preserved
    (None when after the heading there are only sub-headings and marker + "- " pairs)."""
    saw_entry = False
    index = 1
    while index < len(lines):
        if _blank(lines[index]):
            index += 1
            continue
        if _SUBSECTION.fullmatch(lines[index]):
            index += 1
            while index < len(lines) and _blank(lines[index]):
                index += 1
        marker = lines[index] if index < len(lines) else ""
        if not _MARKER_LINE.fullmatch(marker):
            return min(index, len(lines) - 1)
        if not (lines[index + 1] if index + 1 < len(lines) else "").startswith("- "):
            return min(index + 1, len(lines) - 1)
        saw_entry = True
        index += 2
    return None if saw_entry else 0


def _continues_promotion(lines: list[str], index: int) -> bool:
    if not _SUBSECTION.fullmatch(lines[index]):
        return False
    for line in lines[index + 1 :]:
        if not _blank(line):
            return bool(_MARKER_LINE.fullmatch(line))
    return False


def _setext_heading_lines(current: list[str]) -> list[str] | None:
    start = len(current)
    while start > 1 and not _blank(current[start - 1]):
        start -= 1
    if start == len(current):
        return None
    heading = current[start:]
    if any(_MARKER_LINE.fullmatch(line) for line in heading):
        return None
    del current[start:]
    return heading


def memory_blocks(text: str) -> list[MemoryBlock]:
    """parseMemoryBlocks: MEMORY.md cut at headings (lines split on \\r?\\n)."""
    if not text:
        return []
    lines = re.split(r"\r?\n", text)
    blocks: list[MemoryBlock] = []
    current: list[str] = []
    first = 1
    date: str | None = None

    def flush() -> None:
        if current:
            generated = date is not None and _foreign_line(current) is None
            blocks.append(MemoryBlock(first, list(current), date, generated))

    for index, line in enumerate(lines):
        if date is not None and _SETEXT.fullmatch(line):
            heading = _setext_heading_lines(current)
            if heading is not None:
                flush()
                current, first, date = [*heading, line], index + 1 - len(heading), None
                continue
        if _ATX.match(line) and not (date is not None and _continues_promotion(lines, index)):
            flush()
            heading_match = _SECTION_HEADING.fullmatch(line)
            current, first = [line], index + 1
            date = heading_match.group(1) if heading_match else None
        else:
            current.append(line)
    flush()
    return blocks


def _drop_order(blocks: list[MemoryBlock]) -> list[int]:
    generated = [i for i, block in enumerate(blocks) if block.generated]
    return sorted(generated, key=lambda i: blocks[i].date or "")


def compact_for_budget(
    existing: str,
    new_section: str,
    budget: int,
    max_loss_fraction: float = 1.0,
) -> tuple[str, list[str]]:
    """compactMemoryForBudget: delete whole generated promotion sections, oldest date
    first, until `existing + new_section` fits `budget - 21` or the next deletion would
    remove more than `max_loss_fraction` of all generated entries. Returns the text and the
    dates deleted; text with nothing deleted is returned unchanged (line ends included)."""
    if budget <= 0:
        return existing, []
    effective = max(0, budget - WRITE_OVERHEAD_RESERVE)
    existing_size = utf16_len(existing)
    section_size = utf16_len(new_section)
    if existing_size + section_size <= effective:
        return existing, []
    blocks = memory_blocks(existing)
    order = _drop_order(blocks)
    if not order:
        return existing, []
    total = sum(blocks[i].entry_count for i in order)
    fraction = max(0.0, min(1.0, max_loss_fraction))
    separator = 1 if len(blocks) > 1 else 0
    dropped: list[int] = []
    lost = 0
    projected = existing_size
    for index in order:
        if projected + section_size <= effective:
            break
        if total > 0 and (lost + blocks[index].entry_count) / total > fraction:
            break
        dropped.append(index)
        lost += blocks[index].entry_count
        projected = max(0, projected - utf16_len(blocks[index].text) - separator)
    if not dropped:
        return existing, []
    kept = [block.text for i, block in enumerate(blocks) if i not in dropped]
    return "\n".join(kept), [blocks[i].date or "" for i in dropped]


_AGENT_BULLET = re.compile(
    r"- .+ \[score=\d+\.\d{3} (?:signals=\d+ )?recalls=\d+ avg=\d+\.\d{3} source=(.+):(\d+)-(\d+)\]"
    r"(?: <!-- trigger: .*? --> <!-- importance: \d+ -->(?: <!-- project: .+? -->)?)?"
)
_MARKER_KEY = re.compile(r"<!--\s*openclaw-memory-promotion:(.*?)\s*-->", re.I)


def is_agent_bullet(marker: str, bullet: str) -> bool:
    """Whether a promoted bullet still has the agent's form (current or older releases) and
    names the same source lines as its marker; otherwise someone edited it."""
    match = _AGENT_BULLET.fullmatch(bullet.rstrip("\r"))
    key = _MARKER_KEY.search(marker)
    if not match or not key:
        return False
    path, start, end = match.groups()
    return key.group(1).startswith(f"memory:{path}:{start}:{end}")


@dataclass(frozen=True, slots=True)
class PromotionSection:
    """A `## Promoted From Short-Term Memory (DATE)` section. `droppable` sections are the
    ones the trimmer may delete; `edited_lines` are bullets (1-based line numbers) no longer
    in the agent's form (deleted all the same); `pinned_by` is the first line that makes a
    section preserved forever."""

    date: str
    first_line: int
    last_line: int
    entry_count: int
    droppable: bool
    edited_lines: list[int]
    pinned_by: int | None
    within_loss_bound: bool


@dataclass(frozen=True, slots=True)
class BudgetReport:
    """How close MEMORY.md is to the size at which the agent stops promoting.

    `drop_order` lists the droppable sections oldest first, as the trimmer deletes them;
    those with `within_loss_bound` false survive a sweep because deleting them would lose
    more than the sweep's share of generated entries. `room` is the largest new section
    (UTF-16 units) a sweep could still append after its deletions; `promotions_blocked` is
    true when that is smaller than a one-entry section: each sweep then defers its
    candidates with only an info log."""

    size: int
    budget: int
    over_budget: bool
    room: int
    promotions_blocked: bool
    sections: list[PromotionSection]
    drop_order: list[PromotionSection]


MIN_SECTION_CHARS = utf16_len(
    "\n## Promoted From Short-Term Memory (2026-01-01)\n\n"
    + promotion_marker("memory:memory/2026-01-01.md:1:1")
    + "\n- x [score=0.750 signals=3 recalls=3 avg=0.750 source=memory/2026-01-01.md:1-1]"
    + " <!-- trigger: x --> <!-- importance: 8 -->\n"
)


def _edited_bullets(block: MemoryBlock) -> list[int]:
    return [
        block.first_line + offset
        for offset in range(1, len(block.lines))
        if block.lines[offset].startswith("- ")
        and _MARKER_LINE.fullmatch(block.lines[offset - 1])
        and not is_agent_bullet(block.lines[offset - 1], block.lines[offset])
    ]


def _room(text: str, budget: int, max_loss_fraction: float) -> int:
    """The longest new section the append path would still write (0 when none fits)."""
    low, high = 0, max(0, budget)
    if not append_promotion(text, "", budget, max_loss_fraction).fits:
        return 0
    while low < high:
        middle = (low + high + 1) // 2
        if append_promotion(text, "x" * middle, budget, max_loss_fraction).fits:
            low = middle
        else:
            high = middle - 1
    return low


def budget_report(text: str, budget: int = 10_000, max_loss_fraction: float = 0.25) -> BudgetReport:
    """What the next sweeps' trimmer would do to `text` (MEMORY.md)."""
    blocks = memory_blocks(text)
    order = _drop_order(blocks)
    total = sum(blocks[i].entry_count for i in order)
    fraction = max(0.0, min(1.0, max_loss_fraction))
    lost = 0
    bounded: set[int] = set()
    for index in order:
        if total > 0 and (lost + blocks[index].entry_count) / total > fraction:
            break
        lost += blocks[index].entry_count
        bounded.add(index)
    sections: dict[int, PromotionSection] = {}
    for index, block in enumerate(blocks):
        if block.date is None:
            continue
        foreign = _foreign_line(block.lines)
        sections[index] = PromotionSection(
            block.date,
            block.first_line,
            block.last_line,
            block.entry_count,
            block.generated,
            _edited_bullets(block),
            None if foreign is None else block.first_line + foreign,
            index in bounded,
        )
    size = utf16_len(text)
    room = _room(text, budget, max_loss_fraction)
    return BudgetReport(
        size=size,
        budget=budget,
        over_budget=size > budget,
        room=room,
        promotions_blocked=room < MIN_SECTION_CHARS,
        sections=list(sections.values()),
        drop_order=[sections[i] for i in order],
    )


def pin_section(text: str, date: str, note: str = "Kept by hand: do not trim.") -> str:
    """Add a free-text line at the end of every generated promotion section of `date`,
    the documented way to make the trimmer keep it (spec §2.4). Raises KeyError when there
    is no such section and ValueError for a note the trimmer would not read as free text."""
    if (
        "\n" in note
        or "\r" in note
        or _blank(note)
        or _ATX.match(note)
        or _SETEXT.fullmatch(note)
        or _MARKER_LINE.fullmatch(note)
        or _SUBSECTION.fullmatch(note)
    ):
        raise ValueError(f"not a free-text line: {note!r}")
    targets = [b for b in memory_blocks(text) if b.generated and b.date == date]
    if not targets:
        raise KeyError(date)
    crlf_file = "\r\n" in text
    lines = text.split("\n")
    for block in reversed(targets):
        last = block.last_line
        while last > block.first_line and _blank(lines[last - 1]):
            last -= 1
        if last == len(lines):  # the section ends the file, without a line end
            lines[last - 1] += "\r" if crlf_file else ""
            lines.insert(last, note)
        else:
            lines.insert(last, note + ("\r" if lines[last - 1].endswith("\r") else ""))
    return "\n".join(lines)


# --- consolidation (§2.5) ---------------------------------------------------------------------


def _is_entry_line(trimmed: str) -> bool:
    return bool(trimmed) and not trimmed.startswith(("#", "<!--", "-->")) and trimmed != "```"


def memory_entry_lines(text: str) -> list[str]:
    """extractMemoryEntries: every trimmed line that is not blank, a heading, a comment or a
    fence. Consolidation measures its loss bound against this count."""
    return [line for line in map(js_trim, re.split(r"\r?\n", text)) if _is_entry_line(line)]


_FACT_STEPS: list[tuple[re.Pattern[str], int]] = [
    (re.compile(f"^[-*+]{_S}+"), 1),
    (re.compile(f"{_S}+<!--{_S}*trigger:[^\r\n]*?-->", re.I), 0),
    (re.compile(f"{_S}+<!--{_S}*importance:{_S}*[0-9]+{_S}*-->", re.I), 0),
    (re.compile(f"{_S}+<!--{_S}*project:{_S}*[^\r\n]*?-->", re.I), 0),
    (re.compile(f"{_S}+Source:{_S}+[^\r\n]+#L[0-9]+-L[0-9]+{_S}*\\Z", re.I), 0),
    (
        re.compile(
            f"{_S}+\\[score=[0-9]+(?:\\.[0-9]+)? signals=[0-9]+ recalls=[0-9]+ "
            f"avg=[0-9]+(?:\\.[0-9]+)? source=[^\\]]+\\]{_S}*\\Z"
        ),
        1,
    ),
]


def normalize_comparable_fact(line: str) -> str:
    """normalizeComparableMemoryFact: a `merged` prior entry must equal the candidate after
    this (no bullet, annotations, Source tail or score tail; spaces collapsed; lower case)."""
    for pattern, count in _FACT_STEPS:
        line = pattern.sub("", line, count=count)
    return js_trim(re.sub(f"{_S}+", " ", line)).lower()


_ATTACHED_MARKER = re.compile(r"<!--\s*openclaw-memory-promotion:[^\n]+-->")


@dataclass(frozen=True, slots=True)
class RewritableLine:
    """A MEMORY.md line a consolidation may delete (and re-emit re-worded in a
    `## Consolidated Memory` section). `project` is the project group whose candidates may
    take it ("" for Global); `generated` when the line sits under a promotion marker."""

    line: int
    text: str
    project: str
    generated: bool


def _project_group(entry: str) -> str | None:
    """The project group an entry belongs to ("" when unannotated), None when its project
    annotation is invalid (no consolidation may then touch it)."""
    annotations = project_keys(entry)
    return "; ".join(annotations.keys) if annotations.valid else None


def rewritable_lines(text: str, include_generated: bool = False) -> list[RewritableLine]:
    """Lines a consolidation may name as prior entries: unique trimmed entry lines with no
    indented continuation below and a valid project group. Hand-written lines only, unless
    `include_generated`."""
    lines = text.replace("\r\n", "\n").split("\n")
    counts: dict[str, int] = {}
    for entry in memory_entry_lines(text):
        counts[entry] = counts.get(entry, 0) + 1
    found: list[RewritableLine] = []
    seen: set[str] = set()
    for index, line in enumerate(lines):
        entry = js_trim(line)
        if not _is_entry_line(entry) or counts.get(entry) != 1 or entry in seen:
            continue
        seen.add(entry)
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if re.match(f"{_S}+[^{JS_SPACE}]", following):
            continue
        project = _project_group(entry)
        generated = index > 0 and bool(_ATTACHED_MARKER.fullmatch(js_trim(lines[index - 1])))
        if project is None or (generated and not include_generated):
            continue
        found.append(RewritableLine(index + 1, entry, project, generated))
    return found


def max_lines_removed_per_sweep(text: str, max_loss_fraction: float = 0.25) -> int:
    """How many entry lines one consolidation may delete (its loss bound)."""
    total = len(memory_entry_lines(text))
    fraction = max(0.0, min(1.0, max_loss_fraction))
    return next(n for n in range(total, -1, -1) if total == 0 or n / total <= fraction)


def consolidation_result_entry(
    candidate: Mapping[str, Any], max_tokens: int = DEFAULT_SNIPPET_TOKENS
) -> str:
    """buildCandidateResultEntry: the line a consolidation writes for a candidate."""
    text = re.sub(f"{_S}+", " ", re.sub(f"^[-*+]{_S}+", "", candidate["snippet"], count=1))
    snippet = js_trim_end(truncate_utf16(js_trim(text), max(1, max_tokens) * 4))
    source = f"{candidate['path']}#L{candidate['startLine']}-L{candidate['endLine']}"
    return f"- {snippet} Source: {source} {recall_annotations(candidate)}"


@dataclass(slots=True)
class ConsolidationOp:
    """One operation of a model's plan, as the agent keeps it after parsing: prior
    entries trimmed, the result entry built from the candidate, its lineage key if any."""

    candidate_key: str
    action: str  # added, merged or superseded
    result_entry: str
    prior_entries: list[str]
    lineage_key: str | None = None


@dataclass(frozen=True, slots=True)
class ConsolidationResult:
    content: str
    added: int
    merged: int
    superseded: int


_LINEAGE_LINE = re.compile(r"<!--\s*openclaw-memory-lineage:([^\n]+)-->")


def _attached_lineage(lines: list[str], index: int) -> str | None:
    if index < 1 or not _ATTACHED_MARKER.fullmatch(js_trim(lines[index - 1])):
        return None
    match = _LINEAGE_LINE.fullmatch(js_trim(lines[index - 2])) if index >= 2 else None
    return js_trim(match.group(1)) if match else None


def _lineage_entries(lines: list[str], key: str) -> list[str]:
    return [
        js_trim(line)
        for index, line in enumerate(lines)
        if _is_entry_line(js_trim(line)) and _attached_lineage(lines, index) == key
    ]


def _same_counts(left: Sequence[str], right: Sequence[str]) -> bool:
    return sorted(left) == sorted(right)


def apply_consolidation_plan(
    existing: str,
    operations: Sequence[ConsolidationOp],
    day: str,
    budget: int = 10_000,
    max_loss_fraction: float = 0.25,
) -> ConsolidationResult | None:
    """applyMemoryConsolidationPlan: prior entries (with their marker and lineage lines) are
    deleted in place and the results appended under `## Consolidated Memory (day)`; None when
    the agent would refuse the plan and fall back to the append-only promotion."""
    entries = memory_entry_lines(existing)
    removed = sum(len(op.prior_entries) for op in operations)
    if (removed / len(entries) if entries else 0) > max_loss_fraction:
        return None
    lines = existing.replace("\r\n", "\n").split("\n")
    for op in operations:
        marker = promotion_marker(op.candidate_key)
        if any(marker in line for line in lines):
            return None
        current = memory_entry_lines("\n".join(lines))
        if current.count(op.result_entry) > op.prior_entries.count(op.result_entry):
            return None
        if op.lineage_key and not _same_counts(
            op.prior_entries, _lineage_entries(lines, op.lineage_key)
        ):
            return None
        for prior in op.prior_entries:
            index = next((i for i, line in enumerate(lines) if js_trim(line) == prior), -1)
            if index < 0:
                return None
            lineage = _attached_lineage(lines, index)
            if op.action == "superseded" and lineage != op.lineage_key:
                return None
            if op.action == "merged" and lineage:
                if op.lineage_key and op.lineage_key != lineage:
                    return None
                op.lineage_key = lineage
            start = index - 2 if lineage else index
            above = js_trim(lines[start - 1]) if start >= 1 else ""
            if start == index and _ATTACHED_MARKER.fullmatch(above):
                start -= 1
            above = js_trim(lines[start - 1]) if start >= 1 else ""
            if not lineage and _LINEAGE_LINE.fullmatch(above):
                start -= 1
            del lines[start : index + 1]
    additions = ["", f"## Consolidated Memory ({day})", ""]
    written: set[str] = set()
    for op in operations:
        if op.lineage_key:
            additions.append(f"<!-- openclaw-memory-lineage:{op.lineage_key} -->")
        additions.append(promotion_marker(op.candidate_key))
        if op.result_entry not in written:
            additions.append(op.result_entry)
            written.add(op.result_entry)
    base = js_trim_end("\n".join(lines))
    header = "" if js_trim(base) else "# Long-Term Memory"
    content = f"{header}{chr(10) if header else ''}{base}" + "\n".join(additions) + "\n"
    if "\0" in content or utf16_len(content) > max(1, budget):
        return None
    counts = [
        sum(1 for op in operations if op.action == a) for a in ("added", "merged", "superseded")
    ]
    return ConsolidationResult(content, *counts)
