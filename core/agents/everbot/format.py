"""The structured MEMORY.md of EverBot (and the tiered reviewer memory): a lossless reader and writer.

Layout (SPEC 2.1)::

    # Agent Memory
    <!-- Last updated: ... -->            header comments
    ## Active Memories                    section headings
    ### [id] category | score | date | hits
    <!-- memory_meta: {...} -->           optional, newer agents
    content lines

Unlike the agent, MemDesk never drops or glues text: a line the agent would lose or attach to the
memory above is kept verbatim in a quarantine block and reported as a problem. Unchanged blocks are
written back from the original text, so a save changes only the entries that changed.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import accumulate, repeat
from operator import add
from pathlib import Path
from sys import intern
from typing import Any

from core.agents.everbot.document import (
    ARCHIVE_BELOW,
    HEADER_COMMENT_RE,
    HEADER_LIKE_RE,
    HEADER_RE,
    INFINITY,
    META_RE,
    SECTION_HEADINGS,
    Block,
    Entry,
    Listed,
    Memories,
    Raw,
    Section,
    StructuredDocument,
    checked_content,
    ends_text,
    load_meta,
)
from core.agents.everbot.header_problems import (
    explain_bad_header,
    last_processed,
    number_problem,
    stray_heading,
)
from core.formats.problems import Problem
from core.formats.text import BOM, DecodedText, decode, gc_paused, split_lines, to_lf
from core.messages import N_, say
from core.store.merge import Change

# ---------------------------------------------------------------------------------------------
# Parsing

# Line classes. Lines of class >= _HEADER end a memory's text ("stops").
_TEXT, _HEADER, _BAD, _SECTION, _DROPPED = range(5)
# Only a line starting with '#' or indentation can be anything but text.
_MAYBE_SPECIAL = frozenset("#") | {chr(c) for c in range(0x3001) if chr(c).isspace()} - {"\r", "\n"}


def parse(
    data: bytes | str,
    path: Path | str = "MEMORY.md",
    *,
    archive_below: float | None = ARCHIVE_BELOW,
) -> StructuredDocument:
    """Parse a structured MEMORY.md without losing a byte. Raises InputError for undecodable input."""
    decoded = decode(data, path) if isinstance(data, bytes) else decode(data.encode(), "<text>")
    with gc_paused():
        by_headers = _ByHeaders.read(decoded, str(path), archive_below)
        if by_headers is not None:
            return by_headers
        return _Parser(decoded, str(path), archive_below).run()


# A line indented before its '#' (with any whitespace str.isspace knows, as UTF-8): only the
# line-by-line parser reads it as the agent does.
_SPACE = (
    rb"(?:[ \t\x0b\x0c\x1c-\x1f]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]"
    rb"|\xe2\x81\x9f|\xe3\x80\x80)+#"
)
_INDENTED_HASH, _INDENTED_HASH_FIRST = re.compile(rb"\n" + _SPACE), re.compile(_SPACE)


def entries_with_id(
    data: bytes, id_: str, path: str = "MEMORY.md", *, archive_below: float | None = ARCHIVE_BELOW
) -> list[Entry] | None:
    """The memories with this id, in file order, found by their headers alone.

    `memdesk show` on a million memories reads one memory without parsing the file. Each entry
    equals the one `parse` gives (a property test compares them), except `start`, `source`,
    `body_start` and `stop`, which refer to the memory's own text, and `key` (the id). None when
    the file's shape needs the whole parse: a BOM, \r line ends, a line indented before '#'.
    Raises UnicodeDecodeError where the memory's own lines are not UTF-8.
    """
    if not _read_by_headers(data):
        return None
    needle = f"[{id_}]".encode()
    found = []
    at = data.find(needle)
    while at >= 0:
        start = data.rfind(b"\n", 0, at) + 1
        end = _line_end(data, at)
        entry = _entry_at(data, start, end, id_, path, archive_below)
        if entry is not None:
            found.append(entry)
        at = data.find(needle, end)
    return found


_HEADER_LINE = re.compile(rb"^###[^\n]*", re.MULTILINE)


def scores_by_key(data: bytes) -> dict[str, float] | None:
    """Every memory's score by key, found by the headers alone (a backup's scores for the
    score history, at a fraction of the whole parse). Equals `{e.key: e.score}` of `parse`
    (a property test compares them); None when the file's shape needs the whole parse or a
    header line is not UTF-8."""
    if not _read_by_headers(data):
        return None
    scores: dict[str, float] = {}
    seen: dict[str, int] = {}
    for hit in _HEADER_LINE.finditer(data):
        try:
            m = HEADER_RE.match(hit.group().decode().strip())
        except UnicodeDecodeError:
            return None
        if m is None:
            continue
        try:
            score, _hits = float(m.group(3)), int(m.group(5))
        except ValueError:
            continue
        if score == INFINITY:
            continue
        id_ = m.group(1)
        n = seen[id_] = seen.get(id_, 0) + 1
        scores[id_ if n == 1 else f"{id_}~{n}"] = score
    return scores


_shape_seen: tuple[bytes, bool] | None = None  # `show` looks into one file twice


def _read_by_headers(data: bytes) -> bool:
    """Whether memories can be found by their headers alone: no BOM, no \r line ends, no line
    indented before '#'."""
    global _shape_seen
    if _shape_seen is not None and _shape_seen[0] is data:
        return _shape_seen[1]
    fits = not (
        data.startswith(BOM.encode())
        or b"\r" in data
        or _INDENTED_HASH_FIRST.match(data)
        or _INDENTED_HASH.search(data)
    )
    _shape_seen = (data, fits)
    return fits


def _line_end(data: bytes, at: int) -> int:
    end = data.find(b"\n", at)
    return len(data) if end < 0 else end + 1


def _entry_at(
    data: bytes, start: int, end: int, id_: str, path: str, archive_below: float | None
) -> Entry | None:
    """The memory whose header is the line data[start:end], if it is a header of `id_`."""
    m = HEADER_RE.match(data[start:end].decode())
    if m is None or m.group(1) != id_:
        return None
    text = data[start : _next_stop(data, end)].decode()
    parsed = _Parser(DecodedText(text, False, "\n", False), path, archive_below).run().entries()
    if not parsed:
        return None  # a score the agent's regex takes but that is no number: not a memory
    entry = parsed[0]
    entry.line += data.count(b"\n", 0, start)
    entry.section = _section_before(data, start) or entry.section
    return entry


def _next_stop(data: bytes, at: int) -> int:
    """Where the line at `at` or the first line after it that ends a memory's text starts."""
    hit = data.find(b"\n#", at - 1)
    while hit >= 0:
        end = _line_end(data, hit + 1)
        if ends_text(data[hit + 1 : end].decode(errors="replace").strip()):
            return hit + 1
        hit = data.find(b"\n#", end - 1)
    return len(data)


def _section_before(data: bytes, at: int) -> Section | None:
    """The section heading the memory at `at` is under (a heading is a line '## ...')."""
    hit = data.rfind(b"\n## ", 0, at)
    while True:
        start = hit + 1 if hit >= 0 else 0
        if hit >= 0 or data.startswith(b"## "):
            line = data[start : _line_end(data, start)].decode(errors="replace")
            section = SECTION_HEADINGS.get(line.strip().lower())
            if section is not None:
                return section
        if hit < 0:
            return None
        hit = data.rfind(b"\n## ", 0, hit)


class _Parser:
    def __init__(
        self,
        decoded: DecodedText,
        path: str,
        archive_below: float | None,
        section: Section | None = None,  # the section the text's first lines are in
    ) -> None:
        self.d = decoded
        self.text = decoded.text
        self.has_cr = "\r" in decoded.text
        self.path = path
        self.archive_below = archive_below
        self.lines = split_lines(decoded.text)
        self.starts = [0, *accumulate(map(len, self.lines))]
        self.blocks: list[Block] = []
        self.problems: list[Problem] = []
        self.matches: dict[int, re.Match[str]] = {}
        self.bad_reason: dict[int, str] = {}
        self.preamble_section = section  # the last section heading before any memory
        self.candidates: list[int] = []
        self.flagged: list[Entry] = []  # memories without text or with a broken memory_meta
        self.uses_meta = False
        self.entries: list[Entry] = []
        self.classes = self._classify()

    # -- pass 1: what each line is ---------------------------------------------------------------
    def _classify(self) -> bytearray:
        """Class of every line; only lines starting with '#' or indentation need a look."""
        lines, matches, match = self.lines, self.matches, HEADER_RE.match
        classes = bytearray(len(lines))  # _TEXT
        self.candidates = [i for i, line in enumerate(lines) if line[0] in _MAYBE_SPECIAL]
        for i in self.candidates:
            line = lines[i]
            m = match(line) if line.startswith("###") else None  # \s*$ takes the line end
            if m is not None:
                matches[i] = m
                classes[i] = _HEADER
            else:
                classes[i] = self._classify_special(i, line)
        return classes

    def _blank(self, i: int) -> bool:
        return self.lines[i].isspace()

    def _classify_special(self, i: int, line: str) -> int:
        s = line.strip()
        if not s or s[0] != "#":
            return _TEXT  # blank lines are told apart by _blank()
        if s.startswith("###"):
            m = HEADER_RE.match(s)
            if m is not None:
                self.matches[i] = m
                return _HEADER
        if HEADER_LIKE_RE.match(s):
            self.bad_reason[i] = explain_bad_header(s)
            return _BAD
        if s.lower() in SECTION_HEADINGS:
            return _SECTION
        if s.startswith(("# ", "## ")):
            return _DROPPED
        return _TEXT

    # -- pass 2: blocks, walking from stop to stop -----------------------------------------------
    def run(self) -> StructuredDocument:
        self.walk()
        return self._finish()

    def walk(self) -> Section | None:
        """The blocks and the problems they show; returns the section the text ends in."""
        n, classes = len(self.lines), self.classes
        stops = [i for i in self.candidates if classes[i] >= _HEADER]
        stops.append(n)
        first = self._preamble(stops)
        section = self.preamble_section
        add_block, add_entry, make_entry = self.blocks.append, self.entries.append, self._entry
        for k in range(first, len(stops) - 1):
            i, nxt = stops[k], stops[k + 1]
            cls = classes[i]
            if cls == _HEADER:
                entry = make_entry(i, nxt, section)
                if entry is None:
                    self._quarantine(i, nxt, after_entries=True)
                else:
                    add_block(entry)
                    add_entry(entry)
            elif cls == _SECTION:
                section = SECTION_HEADINGS[self.lines[i].strip().lower()]
                end = self._skip_blank(i + 1, nxt)
                self.blocks.append(Raw("structure", self._slice(i, end), i + 1, section))
                if end < nxt:
                    self._quarantine(end, nxt, after_entries=True)
            else:
                self._quarantine(i, nxt, after_entries=True)
        return section

    def _preamble(self, stops: list[int]) -> int:
        """Title, header comments, section headings and blanks before the first memory.

        Returns the index in `stops` of the first memory header.
        """
        k = 0
        while k < len(stops) - 1 and self.classes[stops[k]] != _HEADER:
            k += 1
        first, i = stops[k], 0
        title_seen = False
        while i < first:
            cls = self.classes[i]
            s = self.lines[i].strip()
            structural = not s or cls == _SECTION or HEADER_COMMENT_RE.match(s) is not None
            if cls == _DROPPED and not title_seen and s.startswith("# "):
                structural = title_seen = True
            if structural:
                end = self._skip_blank(i + 1, first)
                section = SECTION_HEADINGS.get(s.lower()) if cls == _SECTION else None
                self.blocks.append(Raw("structure", self._slice(i, end), i + 1, section))
                self.preamble_section = section or self.preamble_section
            else:
                end = i + 1
                while end < first and self.classes[end] < _HEADER:
                    if HEADER_COMMENT_RE.match(self.lines[end].strip()):
                        break
                    end += 1
                self._quarantine(i, end, after_entries=False)
            i = end
        return k

    def _entry(self, i: int, end: int, section: Section | None) -> Entry | None:
        """The memory whose header is line i and whose text runs to line `end` (hot path).

        None when a number passes the agent's regex but is no usable number (`0.5.1`, a score
        too large for a float, hits of more digits than Python reads).
        """
        lines, starts, text = self.lines, self.starts, self.text
        id_, category, score_text, date, count = self.matches[i].groups()
        try:
            score, hits = float(score_text), int(count)
        except ValueError:
            score = INFINITY  # no usable number either way
        if score == INFINITY:
            self._unusable(i, score_text, count)
            return None
        last = end
        while last > i + 1 and lines[last - 1].isspace():
            last -= 1
        body = i + 1
        meta: dict[str, Any] | None = None
        meta_text: str | None = None
        if body < last and lines[body].find("<!--", 0, 64) >= 0:
            mm = META_RE.match(lines[body].strip())
            if mm is not None:
                meta_text = lines[body]
                meta = load_meta(mm.group(1))
                body += 1
                self.uses_meta = True
        stop = starts[last]
        if body < last:
            content = text[starts[body] : stop]
            content = (to_lf(content) if self.has_cr else content).strip()
        else:
            content = ""
        if section is None:
            below = self.archive_below is not None and score < self.archive_below
            section = "archived" if below else "active"
        gap = text[stop : starts[end]]
        body_start = starts[body]
        entry = Entry(
            id_, id_, category, score, date, hits, content, section, i + 1,
            score_text, meta, meta_text, gap, starts[i], lines[i],
            text, body_start, stop, True,
        )  # fmt: skip
        if not content or (meta is None and meta_text is not None):
            self.flagged.append(entry)
        return entry

    def _unusable(self, i: int, score_text: str, count: str) -> None:
        """A header whose numbers the agent cannot use: kept as text and reported."""
        self.classes[i] = _BAD
        self.bad_reason[i] = number_problem(score_text, count)

    def _quarantine(self, i: int, end: int, *, after_entries: bool) -> None:
        """Text the agent would drop or glue onto a neighbour: kept verbatim, reported."""
        last = end
        while last > i + 1 and self._blank(last - 1):
            last -= 1
        self.blocks.append(Raw("quarantine", self._slice(i, end), i + 1))
        self.problems.append(self._quarantine_problem(i, last, after_entries))

    def _quarantine_problem(self, i: int, last: int, after_entries: bool) -> Problem:
        cls = self.classes[i]
        prev = self.entries[-1] if self.entries else None
        glued = (
            say("the agent reads it as part of memory [{id}]", id=prev.id)
            if prev
            else say("the agent ignores it")
        )
        if cls == _BAD:
            kind = "bad_header"
            what = say(
                "looks like a memory header but {reason}; {glued}",
                reason=self.bad_reason[i],
                glued=glued,
            )
        elif cls == _DROPPED:
            kind, what = "stray_heading", stray_heading(prev, below=last > i + 1)
        elif not after_entries:
            kind = "stray_text"
            what = say(
                "text before the first memory: the agent ignores it and drops it at its next save"
            )
        else:
            kind, what = "stray_text", say("text outside any memory: {glued}", glued=glued)
        text = to_lf(self._slice(i, last))
        return Problem(self.path, i + 1, last, kind, what, text)

    def _skip_blank(self, i: int, limit: int) -> int:
        while i < limit and self._blank(i):
            i += 1
        return i

    def _slice(self, i: int, end: int) -> str:
        return self.text[self.starts[i] : self.starts[end]]

    # -- after the blocks ------------------------------------------------------------------------
    def _finish(self) -> StructuredDocument:
        entries = self.entries
        self._keys_and_duplicates(entries)
        for e in self.flagged:
            self._entry_problems(e)
        last_processed_count = self._last_processed_count()
        self.problems.sort(key=lambda p: p.line)
        return StructuredDocument(
            path=self.path,
            text=self.d.text,
            bom=self.d.bom,
            newline=self.d.newline,
            blocks=self.blocks,
            problems=self.problems,
            warnings=self._warnings(),
            last_processed_count=last_processed_count,
            uses_meta=self.uses_meta,
        )

    def _last_processed_count(self) -> int:
        count, problem = last_processed(self.text, self.path, self._line_at)
        if problem is not None:
            self.problems.append(problem)
        return count

    def _line_at(self, offset: int) -> int:
        return bisect_right(self.starts, offset)

    def _entry_problems(self, e: Entry) -> None:
        if not e.content:
            what = say(
                "memory [{id}] has no text: the agent drops it when it loads the file", id=e.id
            )
            self.problems.append(Problem(self.path, e.line, e.line, "empty_entry", what))
        if e.meta is None and e.meta_text is not None:
            line = e.line + 1
            what = say(
                "the memory_meta of [{id}] is not a JSON object MemDesk can read; kept as written",
                id=e.id,
            )
            self.problems.append(Problem(self.path, line, line, "bad_meta", what, e.meta_text))

    def _keys_and_duplicates(self, entries: Sequence[Entry]) -> None:
        ids = [e.id for e in entries]
        if len(set(ids)) == len(ids):
            return
        repeated = {id_ for id_, n in Counter(ids).items() if n > 1}
        seen: dict[str, list[Entry]] = {}
        for e in entries:
            if e.id in repeated:
                group = seen.setdefault(e.id, [])
                group.append(e)
                if len(group) > 1:
                    e.key = f"{e.id}~{len(group)}"
        for id_, group in seen.items():
            lines = ", ".join(str(e.line) for e in group)
            for e in group:
                self.problems.append(
                    Problem(
                        self.path,
                        e.line,
                        e.line,
                        "duplicate_id",
                        say(
                            "id [{id}] is used by {count} memories (lines {lines}); "
                            "all are kept, none merged",
                            id=id_,
                            count=len(group),
                            lines=lines,
                        ),
                    )
                )

    def _warnings(self) -> list[Problem]:
        out = []
        if self.d.bom:
            out.append(
                Problem(
                    self.path,
                    1,
                    1,
                    "bom",
                    say(
                        "the file starts with a UTF-8 BOM: kept as found "
                        "(the agent misreads a header right after it)"
                    ),
                    severity="warning",
                )
            )
        if self.d.newline != "\n" or self.d.mixed_newlines:
            kind = N_("mixed newlines") if self.d.mixed_newlines else repr(self.d.newline)
            out.append(
                Problem(
                    self.path,
                    1,
                    1,
                    "line_endings",
                    say(
                        "line endings are {kind}: kept as found (the agent rewrites them as \\n)",
                        kind=kind,
                    ),
                    severity="warning",
                )
            )
        return out


# ---------------------------------------------------------------------------------------------
# Reading a file of the usual shape by its headers (SPEC 8: load within 4x the raw read)

# A memory header on a line of its own, cut out with the line end before it: the agent's
# HEADER_RE with its \s kept within the line. _HEADER_CUT.split gives, per memory, _CUT pieces:
# that line end, the header, its five fields, and the text after it up to the next header's
# line end.
_IN_LINE = r"[^\S\n]"
_HEADER_CUT = re.compile(
    rf"(\n)(###{_IN_LINE}+\[(\w+)\]{_IN_LINE}+(\w+){_IN_LINE}*\|{_IN_LINE}*([\d.]+){_IN_LINE}*"
    rf"\|{_IN_LINE}*([\d-]+){_IN_LINE}*\|{_IN_LINE}*(\d+){_IN_LINE}*)(?=\n|\Z)"
)
_CUT = 8
# From the line end before a header of the usual shape: the first line of the memory's text.
_FIRST_LINE = re.compile(r"\n###[^\n]*\n\s*([^\n]*)")
_INDENTED_HASH_TEXT = re.compile(r"\n[^\S\n]+#")
_INDENTED_HASH_TEXT_FIRST = re.compile(r"[^\S\n]+#")


class _ByHeaders:
    """A file cut at its memory headers in one pass. The memories whose text holds no line
    starting with '#' and no memory_meta (nearly all) are kept as their header's fields and
    their place in the text, and become `Entry` objects only when the document's blocks are
    first asked for. The text before the first memory and each other memory are read by
    `_Parser`, each on its own: blocks and problems are the line-by-line parse's (a property
    test compares them)."""

    text: str
    archive_below: float | None
    first: int  # where the first memory's header starts
    sizes: array[int]  # each memory's header and text, to the line end before the next header
    ids: list[str]
    categories: list[str]
    score_texts: list[str]
    dates: list[str]
    scores: list[float]
    counts: list[int]
    parsed: dict[int, list[Block]]  # blocks of the odd memories, and (-1) of the text before
    sections: dict[int, Section | None]  # the section each of those ends in
    known: Memories | None  # `memories()`, once asked for
    __slots__ = tuple(__annotations__)

    @classmethod
    def read(
        cls, decoded: DecodedText, path: str, archive_below: float | None
    ) -> StructuredDocument | None:
        """The document, or None where the file needs the line-by-line parse: a BOM, \\r line
        ends, a line indented before '#', repeated ids, a number the agent cannot use, or
        more than a few memories of another shape."""
        text = decoded.text
        if decoded.bom or "\r" in text or _indented_hash(text):
            return None
        pieces = _HEADER_CUT.split(text)
        ids = pieces[3::_CUT]
        if not ids or len(set(ids)) != len(ids):
            return None
        try:
            scores = list(map(float, pieces[5::_CUT]))
            counts = list(map(int, pieces[7::_CUT]))
        except ValueError:
            return None
        if INFINITY in scores:
            return None
        odd = [
            k
            for k, body in enumerate(pieces[_CUT::_CUT])
            if not body or body.isspace() or "\n#" in body or "<!--" in body
        ]
        if len(odd) > len(ids) // 8 + 64:
            return None  # the line-by-line parse is faster
        self = cls()
        self.text, self.archive_below, self.known = text, archive_below, None
        self.first = len(pieces[0]) + 1
        self.sizes = array("q", map(add, map(len, pieces[2::_CUT]), map(len, pieces[_CUT::_CUT])))
        self.ids, self.categories, self.dates = ids, pieces[4::_CUT], pieces[6::_CUT]
        self.score_texts, self.scores, self.counts = pieces[5::_CUT], scores, counts
        del pieces
        return self._document(odd, path)

    def _document(self, odd: list[int], path: str) -> StructuredDocument | None:
        """Reads the text before the first memory and each odd memory with `_Parser`, keeping
        their blocks (`parsed`) and the section each ends in (`sections`)."""
        text, below = self.text, self.archive_below
        first = _Parser(_unix(text[: self.first]), path, below)
        section = first.walk()
        if first.entries:
            return None  # a memory on the first line: its id is not among `ids`
        self.parsed, self.sections = {-1: first.blocks}, {-1: section}
        problems, flagged = first.problems, [(first, e) for e in first.flagged]
        uses_meta, lines_before, counted, start, done = first.uses_meta, 0, 0, self.first, 0
        for k in odd:
            start += sum(self.sizes[done:k]) + (k - done)  # each with the line end after it
            done = k
            lines_before += text.count("\n", counted, start)
            counted = start
            end = min(start + self.sizes[k] + 1, len(text))
            sub = _Parser(_unix(text[start:end]), path, below, section)
            section = self.sections[k] = sub.walk()
            self.parsed[k] = _moved(sub.blocks, text, start, lines_before)
            problems += [_problem_moved(p, lines_before) for p in sub.problems]
            flagged += [(sub, e) for e in sub.flagged]
            uses_meta = uses_meta or sub.uses_meta
        for parser, entry in flagged:
            parser.problems = []
            parser._entry_problems(entry)
            problems += parser.problems
        count, problem = last_processed(text, path, lambda at: text.count("\n", 0, at) + 1)
        if problem is not None:
            problems.append(problem)
        problems.sort(key=lambda p: p.line)
        return StructuredDocument(path, text, False, "\n", self, problems, [], count, uses_meta)

    def preamble(self) -> list[Block]:
        return self.parsed[-1]

    def memories(self) -> Memories:
        if self.known is None:
            self.known = self._memories()
        return self.known

    def _memories(self) -> Memories:
        text, n, odd = self.text, len(self.sizes), self._odd_entries()
        starts = list(accumulate(self.sizes, initial=self.first))  # + 1 line end each, below
        starts = list(map(add, starts[:-1], range(n)))
        lines = accumulate(map(text.count, repeat("\n"), [0, *starts[:-1]], starts), initial=1)
        next(lines)
        memories = Memories(
            self.ids, list(self.scores), self._sections(), list(lines), [True] * n,
            [None] * n, self.dates,
        )  # fmt: skip
        for k, entry in odd.items():
            memories.written_scores[k] = entry.written_score()
            memories.sections[k] = entry.section
            memories.with_text[k] = bool(entry.content)
            memories.statuses[k] = None if entry.meta is None else entry.meta.get("status")
        return memories

    def listed(self) -> Listed:
        first_lines = self._first_lines()
        if first_lines is None:  # not met: the runs below hold one header each
            return Listed.of([b for b in self.blocks() if isinstance(b, Entry)])
        return Listed(
            self.ids, self.categories, self.scores, self.dates, self.counts,
            self._sections(), first_lines,
        )  # fmt: skip

    def _first_lines(self) -> list[str] | None:
        """Each memory's `content.partition("\\n")[0]`: one search over each run of memories of
        the usual shape, whose text holds no line starting with '#'; the odd ones' entries."""
        text, sizes, odd = self.text, self.sizes, self._odd_entries()
        out: list[str] = []
        start, done = self.first, 0
        for k in [*sorted(odd), len(sizes)]:
            end = start + sum(sizes[done:k]) + (k - done)  # where memory k's header starts
            found = _FIRST_LINE.findall(text, start - 1, end - 1)
            if len(found) != k - done:
                return None
            for i in [i for i, line in enumerate(found) if line[-1:].isspace()]:
                at = start + sum(sizes[done : done + i]) + i  # `content` is stripped
                found[i] = text[at : at + sizes[done + i]].partition("\n")[2].strip()
                found[i] = found[i].partition("\n")[0]
            out += found
            if k < len(sizes):
                out.append(odd[k].content.partition("\n")[0])
                start, done = end + sizes[k] + 1, k + 1
        return out

    def _odd_entries(self) -> dict[int, Entry]:
        """Each odd memory's entry: the first block of its text."""
        return {k: blocks[0] for k, blocks in self.parsed.items() if k >= 0}  # type: ignore[misc]

    def _sections(self) -> list[Section]:
        """The section of each memory: of the heading last before it, else by its score."""
        below, out = self.archive_below, []
        section, done = self.sections[-1], 0
        for k in [*sorted(self.parsed)[1:], len(self.sizes)]:
            if section is not None:
                out += [section] * (k + 1 - done)
            elif below is None:
                out += ["active"] * (k + 1 - done)
            else:
                out += ["archived" if s < below else "active" for s in self.scores[done : k + 1]]
            section, done = self.sections.get(k), k + 1
        return out[: len(self.sizes)]

    def blocks(self) -> list[Block]:
        """Every block in file order, each memory an `Entry` (hot path: 100,000 memories)."""
        text, sizes, parsed = self.text, self.sizes, self.parsed
        # a few categories, dates and scores, each written thousands of times: kept once
        ids, categories, dates = (
            self.ids,
            list(map(intern, self.categories)),
            list(map(intern, self.dates)),
        )
        scores, score_texts, counts = self.scores, list(map(intern, self.score_texts)), self.counts
        below, size = self.archive_below, len(text)
        out = list(parsed[-1])
        section, line, counted, start = self.sections[-1], 1, 0, self.first
        for k in range(len(sizes)):
            end = start + sizes[k]  # the line end before the next header, or the text's end
            odd = parsed.get(k)
            if odd is not None:
                out += odd
                section = self.sections[k]
                start = end + 1
                continue
            line += text.count("\n", counted, start)
            counted = start
            body = text.index("\n", start) + 1
            kept = text[body:end].rstrip()
            stop = text.find("\n", body + len(kept), end)
            stop = stop + 1 if stop >= 0 else min(end + 1, size)
            id_, score = ids[k], scores[k]
            out.append(
                Entry(
                    id_, id_, categories[k], score, dates[k], counts[k], kept.lstrip(),
                    section or ("archived" if below is not None and score < below else "active"),
                    line, score_texts[k], None, None, text[stop : end + 1], start,
                    text[start:body], text, body, stop, True,
                )
            )  # fmt: skip
            start = end + 1
        return out


def _indented_hash(text: str) -> bool:
    return bool(_INDENTED_HASH_TEXT_FIRST.match(text) or _INDENTED_HASH_TEXT.search(text))


def _unix(text: str) -> DecodedText:
    return DecodedText(text, False, "\n", False)


def _moved(blocks: list[Block], text: str, start: int, lines_before: int) -> list[Block]:
    """Blocks parsed from text[start:], placed in the whole text."""
    for block in blocks:
        block.line += lines_before
        if isinstance(block, Entry):
            block.start += start
            block.body_start += start
            block.stop += start
            block.source = text
    return blocks


def _problem_moved(problem: Problem, lines_before: int) -> Problem:
    return replace(
        problem, line=problem.line + lines_before, end_line=problem.end_line + lines_before
    )


# ---------------------------------------------------------------------------------------------
# The store's view of the file (core.store.merge.Format)


class StructuredFormat:
    """The structured MEMORY.md as keyed entries: the key is the memory's id (id~2 if repeated)."""

    read_only = False
    rekeys = False  # an id is the memory's identity: the same id created twice is a conflict
    label_header = "Id"  # what the list calls label()'s column

    def __init__(self, path: str, *, archive_below: float | None = ARCHIVE_BELOW) -> None:
        self.path = path
        self.archive_below = archive_below

    def parse(self, data: bytes | None) -> StructuredDocument:
        return parse(data or b"", self.path, archive_below=self.archive_below)

    def render(self, doc: StructuredDocument) -> bytes:
        return doc.to_bytes()

    def entries(self, doc: StructuredDocument) -> Iterator[Entry]:
        return doc.iter_entries()

    def key(self, entry: Entry) -> str:
        return entry.key

    def label(self, entry: Entry) -> str:
        return entry.id

    def line(self, entry: Entry) -> int:
        return entry.line

    def content(self, entry: Entry) -> str:
        return entry.content

    def find(self, doc: StructuredDocument, key: str) -> Entry | None:
        return doc.find(key)

    def same(self, a: Entry, b: Entry) -> bool:
        return a.same_memory(b)

    def insert(self, doc: StructuredDocument, entry: Entry) -> str:
        doc.insert_entry(entry)
        return entry.key

    def replace(self, doc: StructuredDocument, key: str, entry: Entry) -> None:
        doc.replace_entry(key, entry)

    def remove(self, doc: StructuredDocument, key: str) -> None:
        doc.delete_entry(key)

    def replace_current(self, doc: StructuredDocument, changes: Sequence[Change[Entry]]) -> bool:
        return doc.replace_current(changes)

    def entry_heading(self, line: str) -> str | None:
        """The key a line starting a memory gives it (before any `~N` of a repeated one), ""
        for a section heading, else None: how a file too big to parse whole is read a memory
        at a time (core.store.backups_view.memory_pieces)."""
        if line.startswith(("# ", "## ")):
            return ""
        found = HEADER_RE.match(line.strip())
        return None if found is None else found.group(1)

    def keys_in(self, data: bytes) -> set[str] | None:
        """The memories' keys in a version of the file, by its headers alone (None: it needs
        the whole parse)."""
        scores = scores_by_key(data)
        return None if scores is None else set(scores)

    def outside(self, doc: StructuredDocument) -> object:
        return [b.text for b in doc.blocks if isinstance(b, Raw)]

    def state(self, doc: StructuredDocument) -> object:
        return doc.snapshot()

    def set_state(self, doc: StructuredDocument, state: object) -> None:
        assert isinstance(state, list)
        doc.restore(state)

    def describe(self, entry: Entry) -> str:
        return f"[{entry.category} · {entry.score:.2f}]\n{entry.content}"

    def written(self, like: Entry, text: str) -> Entry:
        content = checked_content(text)
        if not content:
            raise ValueError(say("a memory needs some text (delete it instead)"))
        return like.edited(content=content)

    def fields(self, entry: Entry) -> dict[str, Any]:
        return entry.fields()

    def merge_entry(self, base: Entry, mine: Entry, theirs: Entry) -> Entry | None:
        return None
