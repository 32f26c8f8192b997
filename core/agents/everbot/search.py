"""Search as you type (SPEC 6): a small query language over the memories, and a fast index.

The language, words separated by spaces (ideographic spaces too)::

    咖啡 deploy          free words: all must match content, id or category (case-insensitive)
    "exact phrase"       a phrase, matched literally (also “curly quotes”)
    -word  -"phrase"     memories containing it are left out
    cat:fact,todo        category, exactly (either name); also category:
    score<0.3            score (<, <=, >, >=, =; score=0.3 means within 0.005, the file's precision)
    hits>=5              activation count, same operators
    section:archived     active or archived
    activated:<30d       last activated less than 30 days ago (d, w = 7d, m = 30d, y = 365d);
    activated:<2026-01-01  ... or before a date
    id:a1b2              id starts with it (id:a1,b2 = either)
    -cat:todo            a minus before a filter negates it

Free words and phrases are case-insensitive substrings (so 黑咖啡 is found inside 用户喜欢黑咖啡).
A word found literally in none of the memories that pass the filters, phrases and exclusions is
taken for a typo and matched fuzzily instead; a word found somewhere is never fuzzy, because a
person typing a word that exists wants that word, and its neighbours ("used" for "user") would
only pad the table. The fuzzy thresholds:

- ASCII words: each run of letters and digits ("helios-admni": helios, admni) must be in the
  memory literally or be within a few OSA edits (insert, delete, replace, swap neighbours) of one
  of its words, or of a word's beginning while it is still being typed: no typo allowed below 4
  letters, 1 up to 7, 2 from 8; numbers never ("2025" is no typo of "2026"). Every memory's
  words are in the index, so this costs a lookup, not a scan.
- Other words (CJK): rapidfuzz `partial_ratio` >= 100 * (n - e) / n, i.e. all but e characters of
  the word in order within a stretch of its length: e = 0 below 3 characters, 1 up to 5, 2 from 6.

Results come ordered by relevance (literal hits, then fuzzy ones by similarity), then by score
(highest first), then in the given order; without free words, in the given order.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date
from itertools import repeat
from typing import Final, Literal

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from core.agents.everbot.document import Entry, Section
from core.messages import N_, say
from core.times import iso_day

__all__ = [
    "MAX_QUERY_LENGTH",
    "AgeFilter",
    "CategoryFilter",
    "DateFilter",
    "Filter",
    "IdFilter",
    "NumberFilter",
    "Query",
    "QueryError",
    "SearchIndex",
    "SectionFilter",
    "parse_query",
    "search",
]

MAX_QUERY_LENGTH: Final = 500
THREAD_CHUNK: Final = 8000  # texts per thread worth starting one for partial_ratio
SCORE_EQUAL_WITHIN: Final = 0.005  # `score=0.3`: the file shows two decimals
UNIT_DAYS: Final = {"d": 1, "w": 7, "m": 30, "y": 365}

Op = Literal["<", "<=", ">", ">=", "="]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int32]


class QueryError(ValueError):
    """A query the person must fix: a short message and the 0-based position it points at."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.message = message
        self.position = position


# -- the parsed query ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CategoryFilter:
    names: frozenset[str]  # lowercase
    negated: bool = False


@dataclass(frozen=True, slots=True)
class IdFilter:
    prefixes: tuple[str, ...]  # lowercase
    negated: bool = False


@dataclass(frozen=True, slots=True)
class SectionFilter:
    section: Section
    negated: bool = False


@dataclass(frozen=True, slots=True)
class NumberFilter:
    field: Literal["score", "hits"]
    op: Op
    value: float
    negated: bool = False


@dataclass(frozen=True, slots=True)
class AgeFilter:
    """Days since the last activation, compared with `days` (`activated:<30d`)."""

    op: Op
    days: int
    negated: bool = False


@dataclass(frozen=True, slots=True)
class DateFilter:
    """The last activation's date, compared with `day` (`activated:<2026-01-01`)."""

    op: Op
    day: date
    negated: bool = False


Filter = CategoryFilter | IdFilter | SectionFilter | NumberFilter | AgeFilter | DateFilter


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query; words, phrases and exclusions are lowercase."""

    words: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    filters: tuple[Filter, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.words or self.phrases or self.excluded or self.filters)


# -- parsing ---------------------------------------------------------------------------------

_QUOTES: Final = {'"': '"', "“": "”", "＂": "＂"}
_FILTER_RE = re.compile(r"([A-Za-z_]+)(:|<=|>=|<|>|=)(.*)", re.DOTALL)
_OP_RE = re.compile(r"(<=|>=|<|>|=)?(.*)", re.DOTALL)
_NUMBER_RE = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_WHOLE_RE = re.compile(r"[0-9]{1,15}")
_AGE_RE = re.compile(r"([0-9]{1,6})([dwmy])", re.IGNORECASE)
_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_FIELDS: Final = {
    "cat": "category",
    "category": "category",
    "score": "score",
    "hits": "hits",
    "section": "section",
    "activated": "activated",
    "id": "id",
}
_UNKNOWN = N_("unknown filter '{name}:' (known: cat, score, hits, section, activated, id)")
_NEEDS: Final = {
    "category": N_("cat needs a category, e.g. cat:fact or cat:fact,todo"),
    "score": N_("score needs a number, e.g. score<0.3"),
    "hits": N_("hits needs a whole number, e.g. hits>=5"),
    "section": N_("section is active or archived, e.g. section:archived"),
    "activated": N_(
        "activated needs an age or a date, e.g. activated:<30d or activated:<2026-01-01"
    ),
    "id": N_("id needs the start of an id, e.g. id:a1b2"),
}


@dataclass(frozen=True, slots=True)
class _Token:
    start: int  # where the token (its minus included) begins
    text: str
    quoted: bool
    negated: bool


def parse_query(text: str) -> Query:
    """Parse the query language above. Raises QueryError with a message and a position."""
    if len(text) > MAX_QUERY_LENGTH:
        raise QueryError(
            say("the query is too long ({count} characters at most)", count=MAX_QUERY_LENGTH),
            MAX_QUERY_LENGTH,
        )
    words: list[str] = []
    phrases: list[str] = []
    excluded: list[str] = []
    filters: list[Filter] = []
    for token in _tokens(text):
        if not token.text:
            continue  # a lone "-" or "" while the person is still typing
        found = None if token.quoted else _filter(token)
        if found is not None:
            filters.append(found)
        elif token.negated:
            excluded.append(token.text.lower())
        else:
            (phrases if token.quoted else words).append(token.text.lower())
    return Query(_unique(words), _unique(phrases), _unique(excluded), tuple(filters))


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _tokens(text: str) -> Iterator[_Token]:
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        start = i
        negated = text[i] == "-"
        j = i + 1 if negated else i
        if j < n and text[j] in _QUOTES:
            close = text.find(_QUOTES[text[j]], j + 1)
            if close < 0:
                raise QueryError(say("this quote is not closed"), j)
            yield _Token(start, text[j + 1 : close], quoted=True, negated=negated)
            i = close + 1
            continue
        i = j
        while i < n and not text[i].isspace():
            i += 1
        yield _Token(start, text[j:i], quoted=False, negated=negated)


def _filter(token: _Token) -> Filter | None:
    """The filter a bare token spells, None for a free word."""
    m = _FILTER_RE.fullmatch(token.text)
    if m is None:
        return None
    name, sep, rest = m[1].lower(), m[2], m[3]
    field = _FIELDS.get(name)
    if field is None:
        if sep == ":":
            raise QueryError(_UNKNOWN.format(name=name), token.start)
        return None  # "a<b", "x=y": just text
    at = token.start + int(token.negated) + len(name) + len(sep)
    op: str | None = sep
    if sep == ":":
        m_op = _OP_RE.fullmatch(rest)
        assert m_op is not None  # the pattern matches every string
        op, rest = m_op[1], m_op[2]
        at += len(op or "")
    return _build_filter(field, op, rest, at=at, negated=token.negated)


def _build_filter(field: str, op: str | None, value: str, *, at: int, negated: bool) -> Filter:
    if field in ("category", "section", "id"):
        if op not in (None, "="):
            raise QueryError(_NEEDS[field], at)
        return _name_filter(field, value, at=at, negated=negated)
    cmp: Op = "=" if op is None else _OPS[op]
    if field == "score":
        if _NUMBER_RE.fullmatch(value) is None:
            raise QueryError(_NEEDS[field], at)
        return NumberFilter("score", cmp, float(value), negated)
    if field == "hits":
        if _WHOLE_RE.fullmatch(value) is None:
            raise QueryError(_NEEDS[field], at)
        return NumberFilter("hits", cmp, float(int(value)), negated)
    return _activated_filter(cmp, value, at=at, negated=negated)


_OPS: Final[dict[str, Op]] = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "="}


def _name_filter(field: str, value: str, *, at: int, negated: bool) -> Filter:
    names = tuple(dict.fromkeys(v for v in value.lower().split(",") if v))
    if not names:
        raise QueryError(_NEEDS[field], at)
    if field == "category":
        return CategoryFilter(frozenset(names), negated)
    if field == "id":
        return IdFilter(names, negated)
    if names == ("active",) or names == ("archived",):
        return SectionFilter("active" if names[0] == "active" else "archived", negated)
    raise QueryError(_NEEDS[field], at)


def _activated_filter(op: Op, value: str, *, at: int, negated: bool) -> Filter:
    age = _AGE_RE.fullmatch(value)
    if age is not None:
        return AgeFilter(op, int(age[1]) * UNIT_DAYS[age[2].lower()], negated)
    if _DATE_RE.fullmatch(value) is not None:
        try:
            return DateFilter(op, date.fromisoformat(value), negated)
        except ValueError:
            raise QueryError(say("'{value}' is not a date", value=value), at) from None
    raise QueryError(_NEEDS["activated"], at)


# -- fuzzy matching rules --------------------------------------------------------------------

_ASCII_PART = re.compile(r"[a-z0-9_]+")
_NO_ROWS: Final[IntArray] = np.zeros(0, dtype=np.int32)
# bytes.translate table for the vocabulary: ASCII letters, digits and _ stay, the rest is a gap.
_TOKEN_BYTES = bytes(c if (chr(c).isalnum() and c < 128) or c == 95 else 32 for c in range(256))


def _latin_edits(part: str) -> int:
    """OSA edits tolerated in an ASCII word (swapping neighbours is one: "deplyo" -> "deploy")."""
    if len(part) < 4 or part.isdigit():
        return 0
    return 1 if len(part) <= 7 else 2


def _text_edits(word: str) -> int:
    """Characters that may differ in other (CJK) words; 64+ characters: pasted text, literal.

    A CJK character carries about as much as a Latin word, hence the shorter lengths.
    """
    if len(word) < 3 or len(word) > 64:
        return 0
    return 1 if len(word) <= 5 else 2


# -- the index -------------------------------------------------------------------------------

_COMPARE: Final = {
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
    "=": np.equal,
}


class SearchIndex:
    """Memories prepared for searching: lowercase haystacks, numpy columns for the filters.

    Build it once per loaded file; `update` patches memories whose fields changed, anything else
    (memories added or removed, reordered) needs a new index. Not thread-safe: do not update
    while a search runs.
    """

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.keys = [e.key for e in entries]
        self._row = {key: i for i, key in enumerate(self.keys)}
        self._hays = [_haystack(e) for e in entries]
        self._ids = [e.id.lower() for e in entries]
        self._categories: dict[str, int] = {}
        self._cat = np.array([self._category_code(e.category) for e in entries], dtype=np.int32)
        self._scores = np.array([e.score for e in entries], dtype=np.float64)
        self._hits = np.array([e.activation_count for e in entries], dtype=np.float64)
        self._days = np.array(_day_numbers(e.last_activated for e in entries), dtype=np.float64)
        self._archived = np.array([e.section == "archived" for e in entries], dtype=np.bool_)
        self._id_order = self._ids_sorted()
        self._postings = _postings(self._hays, self._ids)
        self._vocab = sorted(self._postings)
        self._sample = "\n".join(self._hays[:: max(1, len(self._hays) // 2000)])

    def __len__(self) -> int:
        return len(self.keys)

    def update(self, entries: Iterable[Entry]) -> None:
        """Take the new fields of memories already in the index (KeyError for a new key)."""
        for e in entries:
            row = self._row[e.key]
            before = _words(self._hays[row], self._ids[row])
            self._hays[row] = hay = _haystack(e)
            self._ids[row] = e.id.lower()
            self._repost(row, before, _words(hay, self._ids[row]))
            self._cat[row] = self._category_code(e.category)
            self._scores[row] = e.score
            self._hits[row] = e.activation_count
            self._days[row] = _day_numbers([e.last_activated])[0]
            self._archived[row] = e.section == "archived"
        self._id_order = self._ids_sorted()
        self._vocab = sorted(self._postings)

    def _repost(self, row: int, before: set[str], after: set[str]) -> None:
        for token in before - after:
            rows = self._postings[token]
            self._postings[token] = rows[rows != row]
            if not len(self._postings[token]):
                del self._postings[token]
        for token in after - before:
            rows = self._postings.get(token, _NO_ROWS)
            self._postings[token] = np.append(rows, np.int32(row))

    def search(self, query: Query | str, today: date) -> list[str]:
        """Keys of the matching memories, best first (see the module docstring)."""
        q = parse_query(query) if isinstance(query, str) else query
        rows = np.flatnonzero(self._mask(q.filters, today)).tolist()
        hays = self._hays
        for text in q.excluded:
            rows = [i for i in rows if text not in hays[i]]
        for text in q.phrases:
            rows = [i for i in rows if text in hays[i]]
        if not q.words:
            return [self.keys[i] for i in rows]
        found, relevance = self._match_words(rows, q.words)
        return self._ordered(found, relevance)

    # -- structured filters --------------------------------------------------------------------
    def _mask(self, filters: Sequence[Filter], today: date) -> BoolArray:
        mask = np.ones(len(self.keys), dtype=np.bool_)
        for f in filters:
            hit = self._filter_mask(f, today)
            mask &= ~hit if f.negated else hit
        return mask

    def _filter_mask(self, f: Filter, today: date) -> BoolArray:
        match f:
            case CategoryFilter(names=names):
                codes = [self._categories[n] for n in names if n in self._categories]
                return np.isin(self._cat, codes)
            case IdFilter(prefixes=prefixes):
                return self._id_mask(prefixes)
            case SectionFilter(section=section):
                return self._archived.copy() if section == "archived" else ~self._archived
            case NumberFilter(field="score", op="=", value=value):
                return np.abs(self._scores - value) <= SCORE_EQUAL_WITHIN
            case NumberFilter(field=field, op=op, value=value):
                column = self._scores if field == "score" else self._hits
                return _compare(column, op, value)
            case AgeFilter(op=op, days=days):
                return _compare(today.toordinal() - self._days, op, days)
            case DateFilter(op=op, day=day):
                return _compare(self._days, op, day.toordinal())
        raise AssertionError(f)

    def _ids_sorted(self) -> tuple[list[str], list[int]]:
        """Lowercase ids in sorted order, and their rows: ids with a prefix are neighbours."""
        order = sorted(range(len(self._ids)), key=self._ids.__getitem__)
        return [self._ids[i] for i in order], order

    def _id_mask(self, prefixes: Sequence[str]) -> BoolArray:
        ids, rows = self._id_order
        mask = np.zeros(len(self.keys), dtype=np.bool_)
        for prefix in prefixes:
            lo = hi = bisect_left(ids, prefix)
            while hi < len(ids) and ids[hi].startswith(prefix):
                hi += 1
            mask[rows[lo:hi]] = True
        return mask

    def _category_code(self, category: str) -> int:
        return self._categories.setdefault(category.lower(), len(self._categories))

    # -- free words ----------------------------------------------------------------------------
    def _match_words(
        self, rows: list[int], words: Sequence[str]
    ) -> tuple[list[int], dict[int, float] | None]:
        """Rows matching every word, with the fuzzy relevance if any word needed fuzzy matching.

        Whether a word is literal or fuzzy depends on `rows` only (not on the other words).
        """
        hays = self._hays
        found = rows
        typos = []
        for word in sorted(words, key=len, reverse=True):
            literal = [i for i in found if word in hays[i]]
            if literal or (found is not rows and any(word in hays[i] for i in rows)):
                found = literal
                if not found:
                    return [], None
            else:
                typos.append(word)  # matched last, on the fewest rows
        relevance: dict[int, float] | None = None
        for word in typos:
            scores = self._fuzzy(word, found)
            found = sorted(scores)  # rows keep the given order
            prior = relevance or {}
            relevance = {i: prior.get(i, 0.0) + scores[i] for i in found}
        return found, relevance

    def _ordered(self, rows: list[int], relevance: dict[int, float] | None) -> list[str]:
        at = np.array(rows, dtype=np.int64)
        scores = self._scores[at]
        if relevance is None:
            order = np.argsort(-scores, kind="stable")
        else:
            rel = np.array([relevance[i] for i in rows], dtype=np.float64)
            order = np.lexsort((-scores, -rel))
        return [self.keys[i] for i in at[order].tolist()]

    def _fuzzy(self, word: str, rows: list[int]) -> dict[int, float]:
        """Similarity (0-100) of the rows a word found nowhere literally may have meant."""
        if word.isascii():
            return self._fuzzy_latin(word, rows)
        return self._fuzzy_text(word, rows)

    def _fuzzy_latin(self, word: str, rows: list[int]) -> dict[int, float]:
        """Each letter run of the word ("helios-admni": helios, admni) must match, mean score."""
        parts = _ASCII_PART.findall(word)
        if not parts:
            return {}
        total = self._part_scores(parts[0], rows, absent=parts[0] == word)
        for part in parts[1:]:
            scores = self._part_scores(part, sorted(total), absent=False)
            total = {i: total[i] + s for i, s in scores.items()}
        return {i: s / len(parts) for i, s in total.items()}

    def _part_scores(self, part: str, rows: list[int], *, absent: bool) -> dict[int, float]:
        """Literal hits of a part if it has any (`absent`: known to have none), else fuzzy ones."""
        hays = self._hays
        literal = {} if absent else {i: 100.0 for i in rows if part in hays[i]}
        if literal:
            return literal
        best = np.zeros(len(self.keys), dtype=np.float64)
        for token, similarity in reversed(self._neighbours(part)):
            best[self._postings[token]] = similarity  # the closest token is written last
        at = np.array(rows, dtype=np.int64)
        scores = best[at]
        hit = scores > 0
        return dict(zip(at[hit].tolist(), scores[hit].tolist(), strict=True))

    def _neighbours(self, part: str) -> list[tuple[str, float]]:
        """Vocabulary tokens within the tolerated edits of `part`, whole or as a prefix."""
        edits = _latin_edits(part)
        vocab = self._vocab
        if not edits or not vocab:
            return []
        n = len(part)
        heads = [t[:n] for t in vocab]
        whole = process.cdist([part], vocab, scorer=OSA.distance, score_cutoff=edits)
        head = process.cdist([part], heads, scorer=OSA.distance, score_cutoff=edits)
        near = np.flatnonzero((whole[0] <= edits) | (head[0] <= edits)).tolist()
        # Similarity: the mean of fuzz.ratio with the token and with its first n letters, so a
        # word typed in full ranks above the longer words it begins ("deploy" > "deployment").
        found = [
            (vocab[j], (fuzz.ratio(part, vocab[j]) + fuzz.ratio(part, heads[j])) / 2) for j in near
        ]
        found.sort(key=lambda ts: (-ts[1], len(ts[0]), ts[0]))
        return found

    def _fuzzy_text(self, word: str, rows: list[int]) -> dict[int, float]:
        """CJK and other words: rapidfuzz partial_ratio, all but `edits` characters matching."""
        edits = _text_edits(word)
        if not edits:
            return {}
        pool = self._pool(word, rows, edits)
        # Slack below the exact bound: rapidfuzz rounds the cut-off it is given (scores of
        # words up to 64 characters differ by 0.7 at least).
        cutoff = 100.0 * (len(word) - edits) / len(word) - 0.01
        scores = _partial_ratios(word, [self._hays[i] for i in pool], cutoff)
        return {i: s for i, s in zip(pool, scores, strict=True) if s > 0}

    def _pool(self, word: str, rows: list[int], edits: int) -> list[int]:
        """Rows lacking at most `edits` of the word's characters: only they can reach the cut-off.

        Rarest characters first (counted in a sample), 8 at most: rows go from bucket to bucket
        by the number they lack, and those lacking too many are dropped early.
        """
        hays = self._hays
        buckets = [rows] + [[] for _ in range(edits)]
        for char in sorted(set(word), key=self._sample.count)[:8]:
            moved: list[list[int]] = [[] for _ in range(edits + 1)]
            for lacking, bucket in enumerate(buckets):
                has = [i for i in bucket if char in hays[i]]
                moved[lacking] += has
                if lacking < edits and len(has) < len(bucket):
                    held = set(has)
                    moved[lacking + 1] += [i for i in bucket if i not in held]
            buckets = moved
        return sorted(i for bucket in buckets for i in bucket)


def search(entries: Sequence[Entry], query: Query | str, *, today: date) -> list[str]:
    """One search without keeping an index (the command line); see SearchIndex.search."""
    q = parse_query(query) if isinstance(query, str) else query
    if q.is_empty:
        return [e.key for e in entries]
    return SearchIndex(entries).search(q, today)


# -- helpers ---------------------------------------------------------------------------------


def _partial_ratios(word: str, texts: list[str], cutoff: float) -> list[float]:
    """fuzz.partial_ratio of the word in each text (0 below the cut-off), in threads if many.

    cdist's own `workers` splits the queries, and here there is one: chunks of the texts run in
    threads instead (rapidfuzz releases the GIL), which halves the time on two cores.
    """
    chunks = min(os.cpu_count() or 1, 4, len(texts) // THREAD_CHUNK)
    if chunks < 2:
        return _cdist_row(word, texts, cutoff)
    size = -(-len(texts) // chunks)
    parts = [texts[k : k + size] for k in range(0, len(texts), size)]
    with ThreadPoolExecutor(max_workers=chunks) as pool:
        done = pool.map(_cdist_row, repeat(word), parts, repeat(cutoff))
        return [s for part in done for s in part]


def _cdist_row(word: str, texts: list[str], cutoff: float) -> list[float]:
    scores: list[float] = process.cdist(
        [word], texts, scorer=fuzz.partial_ratio, score_cutoff=cutoff
    )[0].tolist()
    return scores


def _haystack(entry: Entry) -> str:
    return f"{entry.id}\n{entry.category}\n{entry.content}".lower()


def _compare(column: FloatArray, op: Op, value: float) -> BoolArray:
    result: BoolArray = _COMPARE[op](column, value)
    return result


def _day_numbers(texts: Iterable[str]) -> list[float]:
    """Ordinal day of each YYYY-MM-DD text; NaN (matching no date filter) when it is none."""
    cache: dict[str, float] = {}
    out = []
    for text in texts:
        day = cache.get(text)
        if day is None:
            day = cache[text] = _day_number(text)
        out.append(day)
    return out


def _day_number(text: str) -> float:
    day = iso_day(text)
    return float("nan") if day is None else float(day.toordinal())


def _words(hay: str, id_: str) -> set[str]:
    """The typo fallback's words in a haystack: ASCII runs of 3+ characters, its id left out."""
    raw = hay[len(id_) + 1 :].encode("utf-8", "surrogatepass").translate(_TOKEN_BYTES).split()
    return {t.decode("ascii") for t in raw if len(t) >= 3}


def _postings(hays: Sequence[str], ids: Sequence[str]) -> dict[str, IntArray]:
    """The rows holding each word (as `_words` finds them), built in one pass."""
    rows: dict[bytes, list[int]] = {}
    for i, hay in enumerate(hays):
        text = hay[len(ids[i]) + 1 :].encode("utf-8", "surrogatepass").translate(_TOKEN_BYTES)
        for token in set(text.split()):
            found = rows.get(token)
            if found is None:
                rows[token] = [i]
            else:
                found.append(i)
    return {t.decode("ascii"): np.array(r, dtype=np.int32) for t, r in rows.items() if len(t) >= 3}
