"""What PicoClaw injects into its prompt for a message: its keyword retrieval, byte for byte.

Pure functions that reproduce the real agents byte for byte, so MemDesk can show "what the agent
sees" for a user message (SPEC 2.2 and 6):

- PicoClaw (seanly/picoclaw, branch ``hooks`` at dd622d1, ``pkg/agent/memory.go``):
  `chunks` = ``splitMemoryChunks``, `query_terms` = ``tokenizeForMatch``, `retrieve` = ``Retrieve``
  and `memory_context` = ``GetMemoryContext``. Checked against the oracle outputs in
  ``fixtures/picoclaw/*.retrieve.json``.

Go's string functions differ from Python's at the edges, so the agent's own are mirrored:
`go_trim_space` (``strings.TrimSpace``: no ``\\x1c``-``\\x1f``, unlike ``str.strip``) and
`go_lower` (``strings.ToLower``: simple case mapping, no final sigma, ``İ`` -> ``i``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

# unicode.IsSpace in Go: ASCII \t \n \v \f \r and space, U+0085, U+00A0, and the other
# White_Space characters. Python's str.strip() also strips \x1c-\x1f, which Go keeps.
GO_SPACE = (
    "\t\n\v\f\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)

SEPARATOR = "\n\n---\n\n"  # between retrieved chunks, daily notes and context parts
DEFAULT_RETRIEVE_LIMIT = 10
DEFAULT_RECENT_DAYS = 3

# tokenizeForMatch's CJK fallback drops these runes before taking bigrams; nothing else.
_BIGRAM_SKIP = str.maketrans("", "", " \t?？。.")
_WORD = re.compile(r"[a-z]+")


def go_trim_space(text: str) -> str:
    """Go's ``strings.TrimSpace``."""
    return text.strip(GO_SPACE)


def go_lower(text: str) -> str:
    """Go's ``strings.ToLower``: per-rune simple case mapping.

    Python's ``str.lower`` differs only for U+0130 (full mapping ``i̇``) and for a final capital
    sigma (``ς``); both are mapped the way Go does first.
    """
    if text.isascii():
        return text.lower()
    return text.replace("\u0130", "i").replace("\u03a3", "\u03c3").lower()


# ---------------------------------------------------------------------------------------------
# PicoClaw retrieval


def chunks(content: str) -> list[str]:
    """``splitMemoryChunks``: split on ``"\\n## "``, then each block on ``"\\n\\n"``.

    Every piece is trimmed and empty pieces are dropped, so a ``## 2026-02-21`` heading becomes
    its own chunk (without ``## ``, except on the very first line). CRLF text has no ``"\\n\\n"``,
    so its entries are not sub-split. If nothing is left but the text is not blank, the whole
    untrimmed text is the one chunk.
    """
    out: list[str] = []
    for block in content.split("\n## "):
        block = go_trim_space(block)
        if not block:
            continue
        for para in block.split("\n\n"):
            para = go_trim_space(para)
            if para:
                out.append(para)
    if not out and go_trim_space(content):
        out.append(content)
    return out


def query_terms(query: str) -> list[str]:
    """``tokenizeForMatch`` of the trimmed, lowercased query.

    Maximal runs of ``a``-``z`` of length >= 2, duplicates kept. Only when there is none: the
    distinct two-character pairs of the query without space, tab, ``?``, ``？``, ``。``, ``.``
    (the agent's only CJK handling; other punctuation stays, ``2026-02-21`` gives ``6-``).
    """
    text = go_lower(go_trim_space(query))
    words = [w for w in _WORD.findall(text) if len(w) >= 2]
    if words:
        return words
    runes = text.translate(_BIGRAM_SKIP)
    pairs = (runes[i : i + 2] for i in range(len(runes) - 1))
    return list(dict.fromkeys(pairs))


@dataclass(frozen=True, slots=True)
class ScoredChunk:
    """One chunk of MEMORY.md as the agent ranks it for a query."""

    index: int  # position in `chunks(content)`, the tie-breaker
    text: str
    score: int  # +10 when the whole query is in it, +1 per query term in it
    rank_key: int  # score * (number of chunks + 1) + index; higher comes first


def score_chunk(text: str, query_lower: str, terms: Iterable[str]) -> int:
    """``scoreChunk``: plain substring tests on the lowercased chunk (``or`` matches ``order``)."""
    lower = go_lower(text)
    score = 10 if query_lower in lower else 0
    return score + sum(1 for term in terms if term in lower)


def ranked(content: str, query: str) -> list[ScoredChunk]:
    """Every chunk with its score, in the order the agent takes them (best first).

    An empty or blank query is in every chunk (+10 each), so the latest chunks come first.
    """
    if not content:
        return []
    texts = [go_trim_space(c) for c in chunks(content)]
    texts = [t for t in texts if t]
    query_lower = go_lower(go_trim_space(query))
    terms = query_terms(query)
    n = len(texts)
    scored = []
    for index, text in enumerate(texts):
        score = score_chunk(text, query_lower, terms)
        scored.append(ScoredChunk(index, text, score, score * (n + 1) + index))
    scored.sort(key=lambda c: c.rank_key, reverse=True)
    return scored


def retrieve(content: str, query: str, limit: int = DEFAULT_RETRIEVE_LIMIT) -> list[str]:
    """``Retrieve(query, limit)`` over MEMORY.md's text, as the ordered list of chunks.

    ``SEPARATOR.join(result)`` is the exact string the agent injects. There is no relevance
    cutoff: zero-score chunks fill the list; only chunk 0 with score 0 is ever left out.
    ``limit <= 0`` means 10. Pass the file's text as the agent reads it (with its BOM, if any).
    """
    if limit <= 0:
        limit = DEFAULT_RETRIEVE_LIMIT
    out: list[str] = []
    for i, chunk in enumerate(ranked(content, query)[:limit]):
        if chunk.rank_key <= 0 and i > 0:
            break
        out.append(chunk.text)
    return out


def memory_context(
    content: str,
    query: str,
    *,
    limit: int = DEFAULT_RETRIEVE_LIMIT,
    recent_days: int = DEFAULT_RECENT_DAYS,
    daily_notes: Sequence[tuple[date, str]] = (),
    today: date | None = None,
) -> str:
    """``GetMemoryContext(query, recent_days, limit)``: the memory part of the agent's prompt.

    - ``query == ""`` (tested before trimming): ``"## Long-term Memory\\n\\n"`` + the whole file.
    - any other query, even ``"   "``: ``"## Long-term Memory (relevant)\\n\\n"`` + `retrieve`,
      left out when nothing is retrieved.
    - then ``"## Recent Daily Notes\\n\\n"`` + the notes of ``today``, yesterday, ... back
      ``recent_days`` days (newest first, each file's text as is), joined with `SEPARATOR`;
      left out when there are none (or all are empty).

    Parts are joined with `SEPARATOR`; no parts gives ``""``. ``limit`` and ``recent_days``
    ``<= 0`` mean 10 and 3. ``daily_notes`` holds (date, text) of the notes that exist (see
    ``core.agents.picoclaw.format.list_daily_notes``); ``today`` defaults to the local date, as the
    agent uses ``time.Now()``.

    The oracle run had no daily notes; the daily-notes part follows the public source of
    ``GetMemoryContext`` and ``GetRecentDailyNotes`` (the same fork), which the fixtures confirm
    for everything else (no ``# Memory`` title at dd622d1).
    """
    if recent_days <= 0:
        recent_days = DEFAULT_RECENT_DAYS
    if limit <= 0:
        limit = DEFAULT_RETRIEVE_LIMIT
    parts: list[str] = []
    if query != "":
        retrieved = SEPARATOR.join(retrieve(content, query, limit))
        if retrieved:
            parts.append("## Long-term Memory (relevant)\n\n" + retrieved)
    elif content:
        parts.append("## Long-term Memory\n\n" + content)
    notes = recent_daily_notes(daily_notes, days=recent_days, today=today)
    if notes:
        parts.append("## Recent Daily Notes\n\n" + notes)
    return SEPARATOR.join(parts)


def recent_daily_notes(
    daily_notes: Sequence[tuple[date, str]], *, days: int, today: date | None = None
) -> str:
    """``GetRecentDailyNotes(days)``: the notes of the last ``days`` days, newest first.

    An empty note still counts as found (it adds a separator), as in the agent.
    """
    by_day = dict(daily_notes)
    start = today if today is not None else date.today()
    found = [
        by_day[day] for day in (start - timedelta(days=i) for i in range(days)) if day in by_day
    ]
    return SEPARATOR.join(found)
