"""Two versions of a text side by side, as a diff viewer shows them (the Backups page, Pending
changes): rows that pair an old line with a new one, so both sides have as many rows; the words
that changed within a changed line; unchanged runs folded to a row that counts them.

Lines are paired by a patience diff (`same_lines`): a 17 MB file compares in about a second.
Words are tokens: a bracketed id such as ``[a253f6]`` is one, a run of letters and digits is
one (with the dots, dashes and colons inside it: 0.90, 2026-02-27), and so is a run of CJK characters between punctuation (Chinese has no spaces); a changed
CJK run is narrowed to the characters that differ, its common start and end left unmarked.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from core.messages import say

__all__ = [
    "CONTEXT",
    "Line",
    "LineDiff",
    "Row",
    "SideText",
    "aligned_rows",
    "changed_blocks",
    "changed_rows",
    "compare_lines",
    "diff_lines",
    "same_lines",
    "side_by_side",
    "word_spans",
]

CONTEXT = 3  # unchanged lines kept in view around each change; longer runs are folded
WORD_DIFF_MAX_LINES = 200  # a block of changed lines larger than this gets no word marks
WORD_DIFF_MAX_CHARS = 4_000  # nor does a line longer than this
SMALL_STRETCH = 250_000  # lines × lines difflib compares when no line anchors a stretch
SIMILAR = 0.5  # lines less alike than this are marked whole, not word by word
PAIRED_MAX = 10_000  # old × new lines of a block searched for the most alike pairs

SAME, CHANGED, REMOVED, ADDED, FOLDED = "same", "changed", "removed", "added", "folded"

Span = tuple[int, int]  # start and end: in a line's characters (Line), in UTF-16 (SideText)
Block = tuple[int, int, int, int]  # old start, old end, new start, new end
WordSpans = tuple[tuple[Span, ...], tuple[Span, ...]]  # the changed words of an old and new line

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_WORD = rf"(?:(?![{_CJK}])\w)+"
_TOKEN = re.compile(
    rf"\[[^\[\]\s]{{1,64}}\]"  # an id in brackets: [a253f6]
    rf"|[{_CJK}]+"  # a CJK run, up to punctuation or a space
    rf"|{_WORD}(?:[-.:/]{_WORD})*"  # a word, a number, a hex id, 0.90, 2026-02-27, a-b
    r"|\s+"
    r"|.",
    re.DOTALL,
)
_CJK_RUN = re.compile(rf"[{_CJK}]+")


@dataclass(frozen=True, slots=True)
class Line:
    number: int  # 1-based, in its own version
    text: str
    words: tuple[Span, ...] = ()  # the changed words, in the line's characters


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the side-by-side view: a line of each version (None: that side has none
    here), or a fold standing for `folded` unchanged lines."""

    kind: str  # SAME, CHANGED, REMOVED, ADDED or FOLDED
    old: Line | None = None
    new: Line | None = None
    folded: int = 0


@dataclass(slots=True)
class SideText:
    """One side's text, a line per row, with what to colour in it (UTF-16 spans, as Qt counts
    positions): changed lines, changed words, rows where this side has no line, folds; and the
    number of the line each row shows."""

    text: str = ""
    changed: list[Span] = field(default_factory=list)
    words: list[Span] = field(default_factory=list)
    blank: list[Span] = field(default_factory=list)
    folds: list[Span] = field(default_factory=list)
    numbers: list[int | None] = field(default_factory=list)  # each row's line number, if any


@dataclass(frozen=True, slots=True)
class LineDiff:
    """Two versions' lines compared: what is slow is done once (`compare_lines`, off the UI
    thread for a big file), the rows are then made with or without folds in a moment."""

    old: list[str]
    new: list[str]
    blocks: list[Block]
    changed: list[list[Row]]

    def rows(self, context: int | None = CONTEXT) -> list[Row]:
        return aligned_rows(self.old, self.new, self.blocks, self.changed, context=context)


def compare_lines(old_text: str, new_text: str) -> LineDiff:
    old, new = old_text.split("\n"), new_text.split("\n")
    blocks = changed_blocks(old, new)
    return LineDiff(old, new, blocks, changed_rows(old, new, blocks))


def aligned_rows(
    old: list[str],
    new: list[str],
    blocks: list[Block] | None = None,
    changed: list[list[Row]] | None = None,
    *,
    context: int | None = CONTEXT,
) -> list[Row]:
    """The rows showing `old` turned into `new`: each changed block's rows (`changed_rows`),
    unchanged runs longer than twice `context` folded (None: nothing folded). `blocks` and
    `changed`: `changed_blocks(old, new)` and its `changed_rows`, if known (the slow part, done
    once: the rows are then made again quickly with or without folds)."""
    if blocks is None:
        blocks = changed_blocks(old, new)
    if changed is None:
        changed = changed_rows(old, new, blocks)
    rows: list[Row] = []
    i = j = 0
    ends = [*blocks, (len(old), len(old), len(new), len(new))]
    for n, (i1, i2, _j1, j2) in enumerate(ends):
        # The file's first lines have no change above them, its last none below.
        before = 0 if n == 0 and context is not None else context
        after = 0 if n == len(ends) - 1 and context is not None else context
        rows += _unchanged(old, i, i1, j, before, after)
        rows += changed[n] if n < len(changed) else []
        i, j = i2, j2
    return rows


def changed_rows(old: list[str], new: list[str], blocks: list[Block]) -> list[list[Row]]:
    """The rows of each changed block, its changed words marked."""
    return [_changed(old, new, *block) for block in blocks]


def _unchanged(
    old: list[str], start: int, end: int, new_start: int, before: int | None, after: int | None
) -> list[Row]:
    """The unchanged lines old[start:end] (new_start on in the new version): the `before`
    first and `after` last kept, the middle folded (None: nothing folded)."""

    def same(i: int) -> Row:
        return Row(SAME, Line(i + 1, old[i]), Line(new_start + i - start + 1, old[i]))

    if before is None or after is None or end - start - before - after < 2:
        return [same(i) for i in range(start, end)]  # a fold of one line hides nothing
    return [
        *(same(i) for i in range(start, start + before)),
        Row(FOLDED, folded=end - start - before - after),
        *(same(i) for i in range(end - after, end)),
    ]


def _changed(old: list[str], new: list[str], i1: int, i2: int, j1: int, j2: int) -> list[Row]:
    if max(i2 - i1, j2 - j1) > WORD_DIFF_MAX_LINES:  # too many to mark: in order, whole lines
        return [_row(old, new, i, j, None) for i, j in _in_order(i1, i2, j1, j2)]
    if i2 - i1 == j2 - j1:  # lines edited in place, the usual case: each beside its new version
        in_place = [word_spans(old[i], new[i - i1 + j1]) for i in range(i1, i2)]
        if all(s is not None for s in in_place):
            return [_row(old, new, i1 + k, j1 + k, s) for k, s in enumerate(in_place)]
    rows = []
    for i, j in _paired(old, new, i1, i2, j1, j2):
        spans = word_spans(old[i], new[j]) if i is not None and j is not None else None
        rows.append(_row(old, new, i, j, spans))
    return rows


def _row(
    old: list[str], new: list[str], i: int | None, j: int | None, spans: WordSpans | None
) -> Row:
    old_words, new_words = spans if spans is not None else ((), ())
    if i is not None and j is not None:
        return Row(CHANGED, Line(i + 1, old[i], old_words), Line(j + 1, new[j], new_words))
    if i is not None:
        return Row(REMOVED, old=Line(i + 1, old[i]))
    assert j is not None
    return Row(ADDED, new=Line(j + 1, new[j]))


def _in_order(i1: int, i2: int, j1: int, j2: int) -> list[tuple[int | None, int | None]]:
    """A block's lines paired in order, the longer side's extra lines alone."""
    return [
        (i1 + k if i1 + k < i2 else None, j1 + k if j1 + k < j2 else None)
        for k in range(max(i2 - i1, j2 - j1))
    ]


def _paired(
    old: list[str], new: list[str], i1: int, i2: int, j1: int, j2: int
) -> list[tuple[int | None, int | None]]:
    """The rows of a changed block: the most alike old and new lines paired first (a memory
    removed above a changed one leaves the changed one beside its new version), the lines
    between paired in order; lines with no match alone in their rows."""
    best, at = SIMILAR, None
    if (i2 - i1) * (j2 - j1) <= PAIRED_MAX:
        for i in range(i1, i2):
            matcher = difflib.SequenceMatcher(None, autojunk=False)
            matcher.set_seq2(old[i])
            for j in range(j1, j2):
                matcher.set_seq1(new[j])
                if matcher.real_quick_ratio() > best and matcher.quick_ratio() > best:
                    ratio = matcher.ratio()
                    if ratio > best:
                        best, at = ratio, (i, j)
    if at is None:  # nothing alike: in order, the longer side's extra lines alone
        count = max(i2 - i1, j2 - j1)
        return [
            (i1 + k if i1 + k < i2 else None, j1 + k if j1 + k < j2 else None) for k in range(count)
        ]
    i, j = at
    return [*_paired(old, new, i1, i, j1, j), (i, j), *_paired(old, new, i + 1, i2, j + 1, j2)]


def tokens(line: str) -> list[str]:
    """The words, spaces and marks of a line: together, the line."""
    return _TOKEN.findall(line)


def word_spans(old: str, new: str) -> WordSpans | None:
    """The changed words of each line (character spans, neighbours separated only by spaces
    joined), or None when the lines are too unlike (or too long) for words to tell anything."""
    if max(len(old), len(new)) > WORD_DIFF_MAX_CHARS:
        return None
    a, b = tokens(old), tokens(new)
    start = 0  # the tokens both lines start with and end with are not compared again
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    matcher = difflib.SequenceMatcher(None, a[start : len(a) - end], b[start : len(b) - end], False)
    same = start + end + sum(size for _i, _j, size in matcher.get_matching_blocks())
    if 2 * same < SIMILAR * (len(a) + len(b)):
        return None
    at_a, at_b = _offsets(a), _offsets(b)
    old_spans: list[Span] = []
    new_spans: list[Span] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        i1, i2, j1, j2 = i1 + start, i2 + start, j1 + start, j2 + start
        one, two = (at_a[i1], at_a[i2]), (at_b[j1], at_b[j2])
        if tag == "replace" and _one_cjk_run(a[i1:i2]) and _one_cjk_run(b[j1:j2]):
            one, two = _narrowed(old, new, one, two)
        if one[0] < one[1]:
            old_spans.append(one)
        if two[0] < two[1]:
            new_spans.append(two)
    return _joined(old, old_spans), _joined(new, new_spans)


def _offsets(parts: list[str]) -> list[int]:
    """Where each token starts, and the end."""
    out, at = [0], 0
    for part in parts:
        at += len(part)
        out.append(at)
    return out


def _one_cjk_run(parts: list[str]) -> bool:
    return len(parts) == 1 and _CJK_RUN.fullmatch(parts[0]) is not None


def _narrowed(old: str, new: str, one: Span, two: Span) -> tuple[Span, Span]:
    """Two CJK runs without their common first and last characters."""
    (a0, a1), (b0, b1) = one, two
    while a0 < a1 and b0 < b1 and old[a0] == new[b0]:
        a0, b0 = a0 + 1, b0 + 1
    while a0 < a1 and b0 < b1 and old[a1 - 1] == new[b1 - 1]:
        a1, b1 = a1 - 1, b1 - 1
    return (a0, a1), (b0, b1)


def _joined(text: str, spans: list[Span]) -> tuple[Span, ...]:
    out: list[Span] = []
    for start, end in spans:
        if out and text[out[-1][1] : start].isspace():
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return tuple(out)


def fold_text(count: int) -> str:
    if count == 1:
        return say("⋯ {count} unchanged line ⋯", count=count)
    return say("⋯ {count} unchanged lines ⋯", count=count)


def side_by_side(
    rows: list[Row], fold: Callable[[int], str] = fold_text
) -> tuple[SideText, SideText]:
    """The two sides' texts, a line per row on each (so row n is line n of both), and what to
    colour in each: old lines changed or removed, new lines changed or added. `fold` words a
    fold of n unchanged lines (the window's says it in its language)."""
    return _side(rows, fold, old=True), _side(rows, fold, old=False)


def _side(rows: list[Row], fold: Callable[[int], str], *, old: bool) -> SideText:
    side = SideText()
    lines: list[str] = []
    at = 0
    for row in rows:
        line = row.old if old else row.new
        text = fold(row.folded) if row.kind == FOLDED else line.text if line else ""
        size = _utf16(text)
        if row.kind == FOLDED:
            _extend(side.folds, at, at + size)
        elif line is None:
            _extend(side.blank, at, at + size)
        elif row.kind != SAME:
            _extend(side.changed, at, at + size)
            side.words += [(at + _utf16(text[:s]), at + _utf16(text[:e])) for s, e in line.words]
        lines.append(text)
        side.numbers.append(line.number if line else None)
        at += size + 1
    side.text = "\n".join(lines)
    return side


def _extend(spans: list[Span], start: int, end: int) -> None:
    """Add a line's span, joined to the previous one when that ends on the line before."""
    if spans and spans[-1][1] + 1 == start:
        spans[-1] = (spans[-1][0], end)
    else:
        spans.append((start, end))


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


# -- pairing lines ------------------------------------------------------------------------------
def changed_blocks(old: list[str], new: list[str]) -> list[Block]:
    """The runs of lines that differ, as (old start, old end, new start, new end): what lies
    between the lines `same_lines` pairs."""
    blocks = []
    i0 = j0 = 0
    for i, j in [*same_lines(old, new), (len(old), len(new))]:
        if i > i0 or j > j0:
            blocks.append((i0, i, j0, j))
        i0, j0 = i + 1, j + 1
    return blocks


def same_lines(old: list[str], new: list[str]) -> list[tuple[int, int]]:
    """Lines kept from `old` to `new`, as index pairs in order. A patience diff: lines found
    once on each side anchor the rest, so a 17 MB file with thousands of repeated headings and
    blank lines compares in about a second (difflib alone takes minutes on it)."""
    pairs: list[tuple[int, int]] = []
    todo = [(0, len(old), 0, len(new))]
    while todo:
        a0, a1, b0, b1 = todo.pop()
        while a0 < a1 and b0 < b1 and old[a0] == new[b0]:
            pairs.append((a0, b0))
            a0, b0 = a0 + 1, b0 + 1
        while a0 < a1 and b0 < b1 and old[a1 - 1] == new[b1 - 1]:
            a1, b1 = a1 - 1, b1 - 1
            pairs.append((a1, b1))
        if a0 == a1 or b0 == b1:
            continue
        anchors = _unique_anchors(old, new, a0, a1, b0, b1)
        if not anchors:
            pairs += _small_match(old, new, a0, a1, b0, b1)
            continue
        for i, j in anchors:
            todo.append((a0, i, b0, j))
            pairs.append((i, j))
            a0, b0 = i + 1, j + 1
        todo.append((a0, a1, b0, b1))
    return sorted(pairs)


def _unique_anchors(
    old: list[str], new: list[str], a0: int, a1: int, b0: int, b1: int
) -> list[tuple[int, int]]:
    """The longest run, in order on both sides, of lines found exactly once on each side."""
    once_old = _once(old, a0, a1)
    once_new = _once(new, b0, b1)
    common = sorted((i, once_new[line]) for line, i in once_old.items() if line in once_new)
    return _increasing(common)


def _once(lines: list[str], start: int, end: int) -> dict[str, int]:
    seen: dict[str, int] = {}
    twice: set[str] = set()
    for index in range(start, end):
        line = lines[index]
        if line in seen:
            twice.add(line)
        else:
            seen[line] = index
    return {line: index for line, index in seen.items() if line not in twice}


def _increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest subsequence of `pairs` (sorted by their first) whose seconds increase."""
    tails: list[int] = []  # tails[k]: the pair ending the best run of length k + 1
    tail_values: list[int] = []
    before: list[int] = [-1] * len(pairs)
    for index, (_i, j) in enumerate(pairs):
        k = bisect.bisect_left(tail_values, j)
        before[index] = tails[k - 1] if k else -1
        if k == len(tails):
            tails.append(index)
            tail_values.append(j)
        else:
            tails[k], tail_values[k] = index, j
    run, index = [], tails[-1] if tails else -1
    while index >= 0:
        run.append(pairs[index])
        index = before[index]
    return run[::-1]


def _small_match(
    old: list[str], new: list[str], a0: int, a1: int, b0: int, b1: int
) -> Iterator[tuple[int, int]]:
    """Lines kept in a stretch with no line found once on each side: difflib when it is small
    enough to be quick, else none (the stretch is marked changed whole)."""
    if (a1 - a0) * (b1 - b0) > SMALL_STRETCH:
        return
    matcher = difflib.SequenceMatcher(None, old[a0:a1], new[b0:b1], autojunk=False)
    for i, j, size in matcher.get_matching_blocks():
        for k in range(size):
            yield a0 + i + k, b0 + j + k


def diff_lines(old_text: str, new_text: str, context: int | None = CONTEXT) -> list[str]:
    """The change as lines of text (the CLI's and a proposal's): `- ` a line that goes, `+ ` one
    that comes, `  ` one kept around them, unchanged runs folded."""
    if old_text == new_text:
        return []
    if not old_text or not new_text:  # an empty text has no line to keep
        sign, text = ("+", new_text) if new_text else ("-", old_text)
        return [f"{sign} {line}" for line in text.split("\n")] if text else []
    out: list[str] = []
    for row in compare_lines(old_text, new_text).rows(context):
        if row.kind == FOLDED:
            out.append(f"  {fold_text(row.folded)}")
            continue
        if row.kind == SAME and row.old is not None:
            out.append(f"  {row.old.text}")
            continue
        if row.old is not None:
            out.append(f"- {row.old.text}")
        if row.new is not None:
            out.append(f"+ {row.new.text}")
    return out
