"""What a memory says, in a form two languages share (for core.review.duplicates): its concepts
(glossary.py), the names it gives (order-service, Redis, 北京), the values it states (times,
weekdays, dates, numbers) and the words that say something changed or stopped ("改到", "no
longer"). "用户每天上午十点前先看一遍 Sentry" and "User checks Sentry every morning before 10am"
read alike: the concepts daily, morning, before, check, the name sentry and the time 10:00.

A text is read clause by clause, and a clause read once is remembered: memories an agent writes
repeat their clauses a lot, and 100,000 of them are read in a few seconds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from core.review.codes import coded, codes_met, forget_codes
from core.review.glossary import glossary
from core.review.kept import Kept, forget_kept
from core.review.markers import (
    CHANGE_PATTERN,
    CHANGE_WORDS_EN,
    CHANGED_FROM,
    NEGATION,
    NOW_VALUE,
    STOP_PATTERN,
    STOP_WORDS,
    STOP_WORDS_EN,
    changed_words,
    marked_glossary,
    stopped_words,
)
from core.review.values import EN_NUMBERS, UNITS, number_feature, unit_after, values_in

__all__ = [
    "Reading",
    "clauses_of",
    "forget_if_large",
    "light_features",
    "read",
]


@dataclass(frozen=True, slots=True)
class Reading:
    """One text, read. Features are short strings: "c12" a glossary concept, "w:redis" a word no
    concept covers (or a name), "t:10:00" a time (on a 12-hour clock), "d:2" a weekday, "m:9" a
    month, "md:9-24" a date, "y:2026" a year, "n:800" a number."""

    concepts: frozenset[str]  # glossary concepts and the words none covers, in both languages
    names: frozenset[str]  # what it names: identifiers and capitalised words ("w:redis"; in
    # Chinese, any Latin word no concept covers), proper concepts ("c12" for 北京)
    values: frozenset[str]  # times, weekdays, months, dates, years, numbers
    units: frozenset[str]  # what its numbers count, "n:4500 money" (those with a known unit)
    chinese: frozenset[str]  # pairs of Chinese characters, for two texts in Chinese
    unknown: frozenset[str]  # those of them no glossary word covers (阿强, 缬沙坦, 方格)
    lead: tuple[str, str] | None  # its first concept, where a sentence says what it is about,
    # and how it begins in Chinese ("健身" of 健身房) or ""
    stopped: str | None  # the words saying something no longer holds ("不再", "no longer")
    stopped_about: frozenset[str]  # what the clause with those words is about
    changed: str | None  # the words saying something changed ("改到", "moved", "现在")
    changed_about: frozenset[str]  # what the clauses with such words are about
    changed_values: frozenset[str]  # and the values they state
    changed_from: frozenset[str]  # what it changed from ("switched from vim": w:vim)
    zh: bool  # written in Chinese (more Chinese characters than Latin words)


_CLAUSE_END = re.compile(r"(?<=[，。；！？\n])|(?<=[.;!?])(?=\s)")
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+#'\-]*[A-Za-z0-9+#]|[A-Za-z0-9]")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)([a-z]{0,3}|%)")
_ID_CHARS = frozenset("0123456789_.+#-")  # a token with one of these is a name or a number
_COUNTED = re.compile(r"(\d+(?:\.\d+)?)-([a-z]+)")
_ABBREVIATIONS = frozenset(["e.g", "i.e", "etc"])
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "by",
        "from",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "it",
        "its",
        "he",
        "she",
        "they",
        "his",
        "her",
        "their",
        "them",
        "him",
        "this",
        "that",
        "these",
        "those",
        "as",
        "so",
        "than",
        "i",
        "me",
        "my",
        "we",
        "our",
        "you",
        "your",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "will",
        "would",
        "there",
        "here",
        "what",
        "which",
        "who",
        "whom",
        "when",
        "where",
        "into",
        "onto",
        "about",
        "up",
        "out",
        "via",
        "per",
        "s",
    ]
)
_NOT_NAMES = frozenset(
    [
        "i",
        "user",
        "the",
        "a",
        "an",
        "it",
        "he",
        "she",
        "they",
        "we",
        "you",
        "my",
        "his",
        "her",
        "their",
        "when",
        "if",
        "every",
        "each",
        "after",
        "before",
        "on",
        "in",
        "at",
        "for",
        "no",
        "not",
        "never",
        "also",
        "and",
        "but",
        "or",
        "todo",
        "note",
        "lesson",
        "ok",
    ]
)


@dataclass(frozen=True, slots=True)
class _Clause:
    concepts: tuple[str, ...]
    names: tuple[str, ...]
    values: tuple[str, ...]
    units: tuple[str, ...]
    chinese: tuple[str, ...]
    unknown: tuple[str, ...]
    stopped: str | None
    changed: str | None
    changed_from: tuple[str, ...]  # what the clause says a change is from
    cjk: int  # Chinese characters
    words: int  # Latin words
    lead: tuple[str, str] | None  # its first concept (or name), where a sentence says what it
    # is about, and the first two characters it is written with (Chinese) or ""
    # The same as characters, one per feature, sorted (see coded): concepts and values, Chinese
    # pairs, names and values.
    meaning: str
    pairs: str
    named: str
    full: str  # meaning and pairs
    marked: bool  # says something stopped or changed
    negations: str  # the negation words it says, in order ("不", "not")
    ends: bool  # ends a sentence


def forget_if_large(texts: int | None = None, codes: int = 1_000_000) -> None:
    """Start afresh when more than `codes` features were met, and each store of texts read
    holding more than `texts` (None: as many as each store holds). Only between two scans: the
    codes change. The defaults keep one large workspace's readings from one review to the next;
    a review of many workspaces keeps far fewer (core.review.fleet)."""
    if texts is not None:
        forget_kept(texts)
    if codes_met() > codes:
        _clauses.clear()
        forget_codes()


@cache
def _light_concepts() -> frozenset[int]:
    """Concepts too general to say what a sentence is about (use, make, do)."""
    g = glossary()
    return frozenset(c for c, label in enumerate(g.labels) if label in _LIGHT)


_LEAD_SKIP = _NOT_NAMES | {w for phrase in STOP_WORDS_EN + CHANGE_WORDS_EN for w in phrase.split()}
_LIGHT = frozenset(
    ["use", "make", "do", "have", "go", "come", "take", "give", "say", "can", "todo", "before",
     "after", "then", "first", "all", "also", "very", "only", "other", "new", "old", "want", "need",
     "daily", "weekly", "monthly", "yearly", "morning", "noon", "afternoon", "evening", "night",
     "always", "usually", "often", "sometimes", "never", "time", "day", "week", "month", "year",
     "recently", "today", "one", "two of", "don't", "still", "already", "unchanged", "any",
     "everything", "nothing", "something", "just now", "in progress", "mostly", "especially",
     "probably", "quite", "enough", "according to", "including", "help me", "put"]
)  # fmt: skip


@cache
def _concept_features(count: int) -> tuple[str, ...]:
    """Each of `count` concepts' feature ("c12"), one string for all the clauses saying it."""
    return tuple(f"c{c}" for c in range(count))


@cache
def light_features() -> frozenset[str]:
    """The features of concepts too general to pin a subject or begin one ("c12" for "use",
    "daily", "morning")."""
    return frozenset(f"c{c}" for c in _light_concepts())


_clauses: Kept[_Clause] = Kept(most=300_000)


def clauses_of(text: str) -> list[_Clause]:
    """The text's clauses, each read once (a clause ends at Chinese punctuation, or at '.', ';',
    '!', '?' before a space: a capital after it starts a sentence)."""
    out = []
    for piece in _CLAUSE_END.split(text):
        if not piece:
            continue
        try:
            clause = _clauses[piece]
        except KeyError:
            clause = _clauses.keep(piece, _read_clause(piece))
        out.append(clause)
    return out


def read(text: str) -> Reading:
    """The concepts, names, values and change words of a text."""
    concepts: list[str] = []
    names: list[str] = []
    values: list[str] = []
    units: list[str] = []
    chinese: list[str] = []
    unknown: list[str] = []
    stopped = changed = lead = None
    about: frozenset[str] = frozenset()
    changed_about: list[str] = []
    changed_values: list[str] = []
    changed_from: list[str] = []
    in_change = False
    said: set[str] = set()
    cjk = words = 0
    for clause in clauses_of(text):
        concepts += clause.concepts
        names += clause.names
        values += clause.values
        units += clause.units
        chinese += clause.chinese
        unknown += clause.unknown
        cjk += clause.cjk
        words += clause.words
        if clause.stopped and stopped is None:
            stopped = clause.stopped
            word = stopped if stopped in STOP_WORDS else stopped[:2]  # "不在方格了": 不在
            said = {word[i : i + 2] for i in range(len(word) - 1)}
            about = frozenset(
                f
                for f in (*clause.concepts, *clause.chinese, *clause.names)
                if f not in said and (len(f) != 2 or not said & {f})
            )
        if clause.changed:
            changed = changed or clause.changed
            word = clause.changed
            said = {word[i : i + 2] for i in range(len(word) - 1)}
        if clause.changed or in_change:  # the rest of the sentence says what changed too
            changed_about.extend(
                f for f in (*clause.concepts, *clause.chinese, *clause.names) if f not in said
            )
            changed_values.extend(clause.values)
            changed_from.extend(clause.changed_from)
            in_change = not clause.ends
        lead = lead or clause.lead
    return Reading(
        concepts=frozenset(concepts),
        names=frozenset(names),
        values=frozenset(values),
        units=frozenset(units),
        chinese=frozenset(chinese),
        unknown=frozenset(unknown),
        lead=lead,
        stopped=stopped,
        stopped_about=about,
        changed=changed,
        changed_about=frozenset(changed_about),
        changed_values=frozenset(changed_values),
        changed_from=frozenset(changed_from),
        zh=cjk > 0 and cjk >= words,
    )


def _read_clause(piece: str) -> _Clause:
    g, stop, change = marked_glossary()
    light = _light_concepts()
    named = _concept_features(len(g.labels))
    values, units, spans = values_in(piece)
    plain = piece
    if spans:
        parts: list[str] = []
        last = 0
        for start, end in sorted(spans):
            if start >= last:
                parts += (piece[last:start], " \x00 ")
                last = end
        plain = "".join(parts) + piece[last:]
    plain = plain.replace("×", "x")
    runs = _CJK.findall(plain)
    tokens = list(_TOKEN.finditer(plain))
    cjk = sum(map(len, runs))
    in_chinese = cjk > 0
    found: list[int] = []
    concepts: list[str] = []
    names: list[str] = []
    chinese: list[str] = []
    unknown: list[str] = []  # pairs of Chinese characters no glossary word covers
    latin: list[str] = []  # plain English words, in order
    capital: set[str] = set()  # those written with a capital inside a sentence
    leads: list[tuple[int, str, str]] = []  # (where, what, as written): each script's first
    for m in tokens:
        token = m.group()
        low = token.lower()
        number = _NUMBER.fullmatch(low)
        if number is not None:
            value = number_feature(number.group(1))
            values.append(value)
            unit = UNITS.get(number.group(2)) if number.group(2) else unit_after(plain, m.end())
            unit = unit or UNITS.get(plain[m.start() - 1 : m.start()])  # $49, ¥3000
            if unit:
                units.append(f"{value} {unit}")
        elif low in _ABBREVIATIONS:
            continue
        elif not _ID_CHARS.isdisjoint(low):
            counted = _COUNTED.fullmatch(low)
            parts = low.split("-")
            if g.word(low):  # k8s, node.js, e-commerce
                latin.append(low)
            elif len(parts) > 1 and all(p.isalpha() for p in parts) and _wordy(parts):
                for part in parts:  # three-year-old, day-to-day: words, not a name
                    latin.append(part)
                    if part in EN_NUMBERS:
                        values.append(number_feature(str(EN_NUMBERS[part])))
            elif counted is not None:  # 27-inch, 3-day
                values.append(number_feature(counted.group(1)))
                if counted.group(2) in UNITS:
                    units.append(f"{number_feature(counted.group(1))} {UNITS[counted.group(2)]}")
                latin.append(counted.group(2))
            else:
                names.append("w:" + low.strip(".-'"))
                if not leads:
                    leads.append((m.start(), "w:" + low.strip(".-'"), ""))
        elif plain[m.start() - 1 : m.start()] in ("#", "@") and m.start():  # #deploys, @lin
            names.append("w:" + low)
        else:
            latin.append(low)
            if not leads and low not in _STOPWORDS and low not in _LEAD_SKIP:
                senses = g.word(low)
                known_word = [c for c in senses if c not in stop and c not in change]
                known_word = [c for c in known_word if c not in g.skip]
                if known_word:  # "user's", "use", "now": read past
                    if known_word[0] not in light:
                        leads.append((m.start(), named[known_word[0]], ""))
                elif not senses and low not in EN_NUMBERS:
                    leads.append((m.start(), "w:" + low, ""))
            if low in EN_NUMBERS:
                values.append(number_feature(str(EN_NUMBERS[low])))
                unit = unit_after(plain, m.end())
                if unit:
                    units.append(f"{number_feature(str(EN_NUMBERS[low]))} {unit}")
            elif (
                token[0].isupper()
                and len(low) > 1
                and (in_chinese or m.start() != _first_word(plain))  # not a sentence's capital
            ):
                capital.add(low)
    if latin:
        known, unknown = g.english(latin)
        found += known
        for w in unknown:
            if w in _STOPWORDS or len(w) < 2:
                continue
            concepts.append("w:" + w)
            if (in_chinese or w in capital) and w not in _NOT_NAMES:
                names.append("w:" + w)
    for run_match in _CJK.finditer(plain):
        run = run_match.group()
        cut = g.chinese(run)
        found += cut.concepts
        first = next(
            (
                (c, word)
                for word, senses in cut.words
                for c in senses[:1]
                if c not in stop and c not in change and c not in light and c not in g.skip
            ),
            None,
        )
        opens = not plain[: run_match.start()].strip(" \t《「『“\"'(（[【")
        if opens and cut.rest and len(run) > 1 and run.startswith(cut.rest[0]):
            leads.append((run_match.start(), run[:2], run[:2]))  # 阿强…, 雾港小镇…: a name first
        elif first is not None:
            leads.append((run_match.start(), named[first[0]], first[1][:2]))
        chinese += [run[i : i + 2] for i in range(len(run) - 1)]
        for stretch in cut.rest:  # what no glossary word covers: names, rare words
            unknown += [stretch[i : i + 2] for i in range(len(stretch) - 1)]
        if len(run) == 1:
            chinese.append(run)
    stopped = changed = None
    for c in found:
        if c in stop:
            stopped = stopped or "stop"
        elif c in change:
            changed = changed or "change"
        else:
            concepts.append(named[c])
            if c in g.proper:
                names.append(named[c])
    if stopped is None and "不" in piece and "了" in piece:
        hit = STOP_PATTERN.search(piece)
        stopped = None if hit is None else hit.group()
    if changed is None and ("起" in piece or "开始" in piece or "from" in piece.lower()):
        hit = CHANGE_PATTERN.search(piece)
        changed = None if hit is None else hit.group()
    if changed is None and "了" in piece and values:
        hit = NOW_VALUE.search(piece)  # "只留 7 天了": a value that holds now
        changed = None if hit is None else hit.group().strip()
    if stopped == "stop":
        stopped = stopped_words(piece)
    if changed == "change":
        changed = changed_words(piece)
    changed_from: tuple[str, ...] = ()
    if changed and ("从" in piece or "from" in piece.lower()):
        changed_from = _changed_from(piece)
    concepts += (n for n in names if n[0] == "w")
    concepts_, names_ = tuple(dict.fromkeys(concepts)), tuple(dict.fromkeys(names))
    values_, chinese_ = tuple(dict.fromkeys(values)), tuple(dict.fromkeys(chinese))
    meaning = "".join(sorted(coded(concepts_ + values_)))
    pairs = "".join(sorted(coded(chinese_)))
    return _Clause(
        concepts=concepts_,
        names=names_,
        values=values_,
        units=tuple(dict.fromkeys(units)),
        chinese=chinese_,
        unknown=tuple(dict.fromkeys(unknown)),
        stopped=stopped,
        changed=changed,
        changed_from=changed_from,
        cjk=cjk,
        words=len(tokens),
        lead=min(leads)[1:] if leads else None,
        meaning=meaning,
        pairs=pairs,
        named="".join(sorted(coded(names_ + values_))),
        full="".join(sorted(meaning + pairs)),
        marked=bool(stopped or changed),
        negations="".join(NEGATION.findall(piece.lower())),
        ends=piece.rstrip(" \t")[-1:] in "。！？.!?；;\n" or piece.endswith("\n"),
    )


def _changed_from(piece: str) -> tuple[str, ...]:
    """What a clause says a change is from, as the reader reads it ("switched from vim": w:vim)."""
    found = CHANGED_FROM.search(piece)
    if found is None:
        return ()
    said = _read_clause(found.group(1) or found.group(2))
    return tuple(dict.fromkeys((*said.concepts, *said.names, *said.chinese)))


def _wordy(parts: list[str]) -> bool:
    """Whether a hyphenated word is made of words (a number, "to", "old"), not a name."""
    return any(p in EN_NUMBERS or p in _STOPWORDS or p in _COMPOUND_WORDS for p in parts)


_COMPOUND_WORDS = frozenset(["old", "day", "days", "year", "years", "week", "month", "time", "one"])


def _first_word(text: str) -> int:
    """Where the first letter or digit of a clause is."""
    for at, ch in enumerate(text):
        if ch.isalnum():
            return at
    return -1
