"""Similar memories for the reviewer (SPEC 4): duplicates, contradictions and related memories.

Never all pairs: memories are indexed by their tokens (lower-case words; CJK character
bigrams, as Chinese has no spaces), each memory is blocked under its rarest tokens only, and
rapidfuzz compares the memories of a block. A crowded block (many near-copies) is compared by
sorted neighbourhood instead. Exact copies (same text after case and whitespace) are always
paired, whatever the blocks.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from itertools import islice

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process
from rapidfuzz.distance import DamerauLevenshtein, LCSseq, Postfix, Prefix

from core.review.detectors import find_important, find_temporary
from core.review.model import Memory
from core.review.reading import (
    Reading,
    clauses_of,
    code_keys,
    code_of,
    feature_of,
    forget_if_large,
    number_of,
    plain_codes,
    read,
)
from core.review.superseded import superseded

__all__ = [
    "Contradiction",
    "Pair",
    "RelatedIndex",
    "contradictions",
    "disagreement",
    "duplicates_and_contradictions",
    "names_in",
    "similar_pairs",
    "tokens",
]

_WORD = re.compile(r"[a-z0-9_]+")
_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "has",
        "have",
        "he",
        "her",
        "his",
        "i",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "they",
        "this",
        "to",
        "was",
        "we",
        "were",
        "will",
        "with",
        "user",
        "用户",
    ]
)
_BLOCK_TOKENS = 4  # each memory is blocked under its rarest tokens
_CROWDED = 64  # a larger block is compared by sorted neighbourhood
_WINDOW = 8

_NAME_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")
_NOT_NAMES = frozenset(  # capitalised, but a date's words: the same fact said on another day
    [
        "jan",
        "feb",
        "mar",
        "apr",
        "may",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "january",
        "february",
        "march",
        "april",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "today",
        "yesterday",
    ]
)
_WEEKDAY = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")
_RELATED_TOKENS = 8  # a memory's related ones are found by its rarest words
_REFERENCE = re.compile(r"\[([0-9A-Za-z_\-~]{3,64})\]")


@dataclass(frozen=True, slots=True)
class Pair:
    a: Memory
    b: Memory
    score: float  # 0..100


@dataclass(frozen=True, slots=True)
class Contradiction:
    a: Memory
    b: Memory
    score: float
    why: str


def tokens(text: str) -> set[str]:
    """The words of a text for blocking and relatedness (CJK as character bigrams)."""
    low = text.lower()
    found = {w for w in _WORD.findall(low) if len(w) > 1 and w not in _STOP}
    for run in _CJK_RUN.findall(low):
        if len(run) == 1:
            found.add(run)
        found.update(run[i : i + 2] for i in range(len(run) - 1))
    return found - _STOP


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _similarity(a: str, b: str) -> float:
    """How alike two normalised texts are: as written, or with their words sorted."""
    return max(fuzz.ratio(a, b), fuzz.ratio(_sorted_words(a), _sorted_words(b)))


def _sorted_words(text: str) -> str:
    return " ".join(sorted(text.split()))


def similar_pairs(
    memories: Sequence[Memory], *, threshold: float = 85.0, same_category: bool = True
) -> list[Pair]:
    """Memories whose texts are at least `threshold` similar (same category when both have one),
    each pair once, the earlier memory first, in the order of the first memory."""
    first, second, scores = _scored(memories, threshold, same_category)
    return [
        Pair(memories[i], memories[j], s) for i, j, s in zip(first, second, scores, strict=True)
    ]


def _scored(
    memories: Sequence[Memory],
    threshold: float,
    same_category: bool,
    among: Collection[int] | None = None,
) -> tuple[list[int], list[int], list[float]]:
    """similar_pairs as the two memories' places and the score (`among`: only the pairs with
    one of these places)."""
    texts = [_normal(m.content) for m in memories]
    first, second = _candidates(texts)
    if among is not None:
        wanted = np.fromiter(among, dtype=np.int64)
        keep = np.isin(first, wanted) | np.isin(second, wanted)
        first, second = first[keep], second[keep]
    if same_category:
        codes = _category_codes(memories)
        keep = (codes[first] == codes[second]) | (codes[first] < 0) | (codes[second] < 0)
        first, second = first[keep], second[keep]
    if not len(first):
        return [], [], []
    scores = _scores(texts, first, second, threshold)
    for_sorted = [_sorted_words(t) for t in texts]
    scores = np.maximum(scores, _scores(for_sorted, first, second, threshold))
    hits = scores >= threshold
    return first[hits].tolist(), second[hits].tolist(), scores[hits].tolist()


def _scores(
    texts: Sequence[str],
    first: npt.NDArray[np.int64],
    second: npt.NDArray[np.int64],
    threshold: float,
) -> npt.NDArray[np.float64]:
    """fuzz.ratio of each pair (0 below the threshold), the pairs in bulk on every core."""
    left, right = [texts[i] for i in first], [texts[j] for j in second]
    found = process.cpdist(left, right, scorer=fuzz.ratio, score_cutoff=threshold, workers=-1)
    return np.asarray(found, dtype=np.float64)


def _category_codes(memories: Sequence[Memory]) -> npt.NDArray[np.int64]:
    names: dict[str, int] = {}
    return np.array(
        [-1 if not m.category else names.setdefault(m.category, len(names)) for m in memories],
        dtype=np.int64,
    )


def _candidates(texts: Sequence[str]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Index pairs (i < j) worth comparing, each once, sorted: exact copies, and each memory with
    the memories holding one of its rarest tokens (a crowded token by sorted neighbourhood)."""
    parts = [_exact_pairs(texts)]
    rank = np.empty(len(texts), dtype=np.int64)
    rank[sorted(range(len(texts)), key=texts.__getitem__)] = np.arange(len(texts))
    for choosers, holders in _blocks(texts):
        if len(holders) > _CROWDED:
            members = np.array(holders, dtype=np.int64)
            parts.append(_neighbours(members[np.argsort(rank[members])]))
        else:
            i, j = np.meshgrid(choosers, holders, indexing="ij")
            parts.append(np.stack([i.ravel(), j.ravel()]))
    pairs = np.concatenate(parts, axis=1)
    keys = _distinct(pairs.min(axis=0) * len(texts) + pairs.max(axis=0))
    first, second = keys // max(1, len(texts)), keys % max(1, len(texts))
    distinct = first != second
    return first[distinct], second[distinct]


def _distinct(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The keys sorted, each once (np.unique hashes, and takes seconds on millions)."""
    keys = np.sort(keys)
    return keys[np.r_[True, keys[1:] != keys[:-1]]] if len(keys) else keys


def _exact_pairs(texts: Sequence[str]) -> npt.NDArray[np.int64]:
    """Every copy with every other (with the first one only, in a crowded group)."""
    groups: dict[str, list[int]] = defaultdict(list)
    for i, text in enumerate(texts):
        if text:
            groups[text].append(i)
    pairs = [np.zeros((2, 0), dtype=np.int64)]
    for group in groups.values():
        if len(group) > _CROWDED:
            pairs.append(np.array([[group[0]] * (len(group) - 1), group[1:]], dtype=np.int64))
        elif len(group) > 1:
            upper_a, upper_b = np.triu_indices(len(group), 1)
            members = np.array(group, dtype=np.int64)
            pairs.append(np.stack([members[upper_a], members[upper_b]]))
    return np.concatenate(pairs, axis=1)


def _neighbours(members: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each memory with the next `_WINDOW` ones, in the given order."""
    a = np.repeat(np.arange(len(members)), _WINDOW)
    b = a + np.tile(np.arange(1, _WINDOW + 1), len(members))
    inside = b < len(members)
    return np.stack([members[a[inside]], members[b[inside]]])


def _blocks(texts: Sequence[str]) -> list[tuple[list[int], list[int]]]:
    """Per token some memory chose (one of its rarest tokens that another memory holds too):
    the memories that chose it, and every memory holding it."""
    token_sets = [tokens(t) for t in texts]
    holders: dict[str, list[int]] = defaultdict(list)
    for i, found in enumerate(token_sets):
        for token in found:
            holders[token].append(i)
    choosers: dict[str, list[int]] = defaultdict(list)
    for i, found in enumerate(token_sets):
        shared = [t for t in found if len(holders[t]) > 1]
        for token in sorted(shared, key=lambda t: (len(holders[t]), t))[:_BLOCK_TOKENS]:
            choosers[token].append(i)
    return [(chose, holders[token]) for token, chose in choosers.items()]


# -- contradictions --------------------------------------------------------------------------------
# (marker, what it negates): two texts alike but for the marker, put in place of what it negates
# in one of them, disagree. Longer markers first.
_NEGATIONS: tuple[tuple[str, str], ...] = (
    ("不喜欢", "喜欢"), ("讨厌", "喜欢"), ("不再", ""), ("没有", "有"), ("不", ""), ("别", ""),
    ("no longer ", ""), ("doesn't ", ""), ("does not ", ""), ("don't ", ""), ("do not ", ""),
    ("isn't ", "is "), ("is not ", "is "), ("dislikes", "likes"), ("hates", "likes"),
    ("stopped ", ""), ("never ", ""), ("not ", ""), ("no ", ""),
)  # fmt: skip
# Words after which two texts alike but for what follows say different things ("改成 vim").
_CHOICES = ("改成", "换成", "改为", "换为", "prefers ", "switched to ", "changed to ")
_LEFTOVER = 2  # characters two texts may still differ by once the negation is undone
_CHOICE_CHARS = 12  # at most this long, the one word that differs between two choices


def contradictions(memories: Sequence[Memory], *, threshold: float = 60.0) -> list[Contradiction]:
    """Similar memories (at least `threshold`) where one negates what the other says
    ("喜欢" / "不喜欢"), or names another choice ("改成 vim" / "改成 emacs")."""
    return duplicates_and_contradictions(memories, similar_at=threshold)[1]


def duplicates_and_contradictions(
    memories: Sequence[Memory],
    *,
    duplicate_at: float = 85.0,
    similar_at: float = 60.0,
    among: Collection[int] | None = None,
) -> tuple[list[Pair], list[Contradiction]]:
    """Both from one comparison. Duplicates: two memories that say the same thing, as written
    (at least `duplicate_at` similar) or in other words or the other language (they share most
    of their meaning: concepts, names and values, see core.review.reading) and name nothing the
    other does not. Contradictions: two memories about one subject where the newer one says the
    older stopped holding or changed (core.review.superseded), or two texts alike (at least
    `similar_at`) where one negates the other or names another value at the same place. A pair
    that disagrees is no duplicate. `among`: only the pairs holding one of the memories at these
    places. A todo is compared with todos only."""
    forget_if_large()
    scan = _Scan(memories)
    first, second = scan.candidates(among)
    if not len(first):
        return [], []
    meaning = scan.meaning_alike(first, second)
    near = meaning >= _LEXICAL_FLOOR
    lexical = np.zeros(len(first))
    if near.any():
        lexical[near] = _scores(scan.texts, first[near], second[near], 0.0)
    extra_a, extra_b = scan.unshared_things(first, second)
    same_things = (extra_a == 0) | (extra_b == 0)
    written_alike = (lexical >= duplicate_at) & (meaning >= _WRITTEN_MEANING)
    alike = written_alike | (meaning >= _MEANING_AT)
    # "Nora" / "nora@example.com" share one name, not one fact (two that share fewer things
    # than _SHARED_AT, each weighed at most thrice, are this alike only when both say little)
    by_meaning = alike & ~written_alike & same_things & scan.say_little(first, second)
    if by_meaning.any():
        alike[by_meaning] = scan.shared(first[by_meaning], second[by_meaning]) >= _SHARED_AT
    # one that says something stopped ("不再", "no longer") is no copy of one that does not
    duplicate = alike & same_things & (scan.stopped[first] == scan.stopped[second])
    # A few pairs get a closer look, in Python: a name written with a letter off ("Slrum");
    # a change or stop word in the newer one; two texts that differ in one short stretch.
    typo = (lexical >= duplicate_at) & (extra_a == 1) & (extra_b == 1)
    look = typo | (scan.newer_marked(first, second) & (meaning >= _RELATED_AT))
    written = lexical >= similar_at
    if written.any():
        stretch = np.full(len(first), 1 << 30, dtype=np.int64)
        inside = np.zeros(len(first), dtype=np.int64)
        stretch[written], inside[written] = scan.stretch(first[written], second[written])
        negated = scan.negations[first] != scan.negations[second]
        # one text that only adds to the other gives no other value; it may negate it
        look |= written & (stretch <= _VALUE_STRETCH) & ((inside > 0) | negated)
    # two that set one subject and go on differently: their first clauses are compared (not
    # their whole texts, unless looked at for the above)
    one_subject = scan.one_subject(first, second)
    as_written = np.where(look, lexical, 0.0)
    look |= one_subject
    disagree: list[Contradiction] = []
    weigh = scan.weigher()
    ks = np.flatnonzero(look)
    for k, written_k, subject_k in zip(
        ks.tolist(), as_written[ks].tolist(), one_subject[ks].tolist(), strict=True
    ):
        i, j = int(first[k]), int(second[k])
        if typo[k] and not same_things[k] and scan.same_things_but_typos(i, j):
            duplicate[k] = True
        found = scan.disagreement(i, j, written_k, similar_at, weigh, subject_k)
        if found is not None:
            duplicate[k] = False
            old, new, why = found
            if scan.passing(old) or scan.passing(new):
                continue  # a passing state is archived as such, not superseded
            score = max(float(lexical[k]), 100.0 * float(meaning[k]))
            disagree.append(Contradiction(memories[old], memories[new], score, why))
    duplicate &= ~scan.other_subjects(first, second, duplicate)
    duplicates = [
        Pair(memories[i], memories[j], max(float(x), 100.0 * float(y)))
        for i, j, x, y in zip(
            first[duplicate].tolist(),
            second[duplicate].tolist(),
            lexical[duplicate].tolist(),
            meaning[duplicate].tolist(),
            strict=True,
        )
        if not scan.important(_weaker(memories, i, j))  # an important fact is never the
        # copy deleted on a guess (core.review.triggers deletes the weaker of the two)
        and not scan.passing(i)
        and not scan.passing(j)
    ]
    return duplicates, disagree


_MEANING_AT = 0.5  # share this much of their meaning: the same fact
_WRITTEN_MEANING = 0.7  # alike as written and this much in meaning (not "绿茶" / "红茶")
_COPY = 0x50000  # a feature's second and third characters are this far after its first
_THRICE = 0.75  # a feature this particular (its weight against the most a shared one can
_TWICE = 0.45  # weigh) is written three times; this much, twice
_LEXICAL_FLOOR = 0.2  # below this much shared meaning, two texts are not compared as written
_RELATED_AT = 0.1  # below this, two memories are about different things
_SHARED_AT = 2  # two memories alike in meaning only say one fact when they share this many things
_EVERY_PAIR_UP_TO = 400  # so few memories: every pair is compared, no blocking
_MEANING_BLOCKS = 3  # each memory is blocked under its rarest features
_MEANING_WINDOW = 4  # under a crowded one, with this many neighbours each side
_TYPO_LETTERS = 5  # a name this long written with one letter off is the same name ("Slrum")
_TEMPLATE_TAIL = 4  # two texts ending alike for this many characters may be one template
_END_CHARS = 12  # and two that end apart in at most this many, a template's last word
_VALUE_STRETCH = 26  # two texts that differ in a longer stretch are not compared as written


def _subjects_of(
    memories: Sequence[Memory], firsts: list[object]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """What each memory's first clause says a subject is ("主要开发语言是", "每周二的发布由") and
    what it goes on to say, as hashes (0: no subject): two memories that set one subject say the
    same of it, or disagree. A first clause ends within the first clause core.review.reading
    reads (given, held, as `firsts`), and memories share theirs a lot: each is looked at once."""
    n = len(memories)
    subject = np.zeros(n, dtype=np.int64)
    said = np.zeros(n, dtype=np.int64)
    if not n:
        return subject, said
    ids = np.fromiter(map(id, firsts), dtype=np.uint64, count=n)
    _ids, at, inverse = np.unique(ids, return_index=True, return_inverse=True)
    heads = np.zeros(len(at), dtype=np.int64)
    rests = np.zeros(len(at), dtype=np.int64)
    for k, i in enumerate(at.tolist()):
        found = _subject_of(memories[i].content)
        if found is not None:
            heads[k], rests[k] = hash(found[0]), hash(found[1])
    inverse = inverse.reshape(-1)
    return heads[inverse], rests[inverse]


class _Scan:
    """The memories of one scan as the comparison needs them: their texts, and their meaning as
    strings of feature characters (core.review.reading.coded), sorted, so that rapidfuzz's
    similarity of two of them is twice what they share over their sizes (the Dice coefficient)."""

    def __init__(self, memories: Sequence[Memory]) -> None:
        self.memories = memories
        n = len(memories)
        self.texts = [_normal(m.content) for m in memories]
        self.meaning: list[str] = []  # concepts, names, values
        self.full: list[str] = []  # and, for Chinese, pairs of characters
        self.named: list[str] = []  # names and values
        self.todo = np.array([m.category == "todo" for m in memories], dtype=bool)
        dates = [m.last_activated or "" for m in memories]
        self.when = np.empty(n, dtype=np.int64)  # the order of their last activations
        distinct = sorted(set(dates))
        place = {d: k for k, d in enumerate(distinct)}
        self.when[:] = [place[d] for d in dates]
        self._readings: dict[int, Reading] = {}
        meanings, fulls, nameds = self.meaning, self.full, self.named
        zhs: list[bool] = []
        marks: list[bool] = []
        stops: list[bool] = []
        negations: list[int] = []
        firsts: list[object] = []  # each memory's first clause as read
        for m in memories:
            clauses = clauses_of(m.content)
            firsts.append(clauses[0] if clauses else None)
            if len(clauses) == 1:
                c = clauses[0]
                zh = c.cjk > 0 and c.cjk >= c.words
                meanings.append(c.meaning)
                fulls.append(c.full if zh else c.meaning)
                nameds.append(c.named)
                marks.append(c.marked)
                stops.append(c.stopped is not None)
                negations.append(hash(c.negations))
            else:
                cjk = words = 0
                for c in clauses:
                    cjk += c.cjk
                    words += c.words
                zh = cjk > 0 and cjk >= words
                meaning = "".join(sorted(set().union(*[c.meaning for c in clauses])))
                meanings.append(meaning)
                if zh:
                    fulls.append("".join(sorted(set().union(*[c.full for c in clauses]))))
                else:
                    fulls.append(meaning)
                nameds.append("".join(sorted(set().union(*[c.named for c in clauses]))))
                marks.append(any(c.marked for c in clauses))
                stops.append(any(c.stopped is not None for c in clauses))
                negations.append(hash("".join([c.negations for c in clauses])))
            zhs.append(zh)
        self.zh = np.array(zhs, dtype=bool)
        self.subject, self.subject_set = _subjects_of(memories, firsts)
        self.marked = np.array(marks, dtype=bool)
        self.stopped = np.array(stops, dtype=bool)
        self.negations = np.array(negations, dtype=np.int64)
        self._counts: npt.NDArray[np.int64] | None = None
        self._rows: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = None
        self._weighed: tuple[list[str], list[str]] | None = None
        self._sizes: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = None
        self._important: dict[int, bool] = {}
        self._passing: dict[int, bool] = {}

    # -- which pairs to compare ------------------------------------------------------------------
    def candidates(
        self, among: Collection[int] | None
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        n = len(self.texts)
        if n <= _EVERY_PAIR_UP_TO:
            first, second = np.triu_indices(n, 1)
            first, second = first.astype(np.int64), second.astype(np.int64)
        else:
            first, second = self._blocked()
        if among is not None:
            wanted = np.fromiter(among, dtype=np.int64)
            keep = np.isin(first, wanted) | np.isin(second, wanted)
            first, second = first[keep], second[keep]
        keep = self.todo[first] == self.todo[second]
        return first[keep], second[keep]

    def _features(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Every memory's features as (memory, feature number) rows."""
        if self._rows is not None:
            return self._rows
        joined = "".join(self.full)
        points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
        numbers = np.where(points < 0xD800, points - 0x100, points - 0x900)
        owners = np.repeat(np.arange(len(self.full)), [len(f) for f in self.full])
        self._rows = owners, numbers
        return owners, numbers

    def counts(self) -> npt.NDArray[np.int64]:
        """In how many memories each feature is (by its number)."""
        if self._counts is None:
            _owners, numbers = self._features()
            self._counts = np.bincount(numbers, minlength=len(code_keys()))
        return self._counts

    def _blocked(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Exact copies, and each memory with the memories holding one of its rarest features;
        under a crowded feature, with its neighbours among the holders in the order of their
        texts."""
        n = len(self.texts)
        owners, numbers = self._features()
        counts = self.counts()
        keys = np.asarray(code_keys(), dtype=np.int64)
        held = counts[numbers]
        shared = held > 1
        owners_s, numbers_s, held_s = owners[shared], numbers[shared], held[shared]
        if n < 1 << 19:  # one sort of one key: owner, then how few hold it, then a hash
            order = np.argsort((owners_s << 44) | (held_s << 24) | (keys[numbers_s] & 0xFFFFFF))
        else:
            order = np.lexsort((keys[numbers_s], held_s, owners_s))
        owners_s, numbers_s = owners_s[order], numbers_s[order]
        starts = np.flatnonzero(np.r_[True, owners_s[1:] != owners_s[:-1]])
        rank_in = np.arange(len(owners_s)) - np.repeat(
            starts, np.diff(np.r_[starts, len(owners_s)])
        )
        chosen = rank_in < _MEANING_BLOCKS
        choosers, features = owners_s[chosen], numbers_s[chosen]
        # the holders of every feature, grouped by feature, in the order of their texts
        rank = np.empty(n, dtype=np.int64)
        rank[sorted(range(n), key=self.texts.__getitem__)] = np.arange(n)
        if n < 1 << 20 and len(rank) and int(numbers.max(initial=0)) < 1 << 40:
            by_feature = np.argsort((numbers << 20) | rank[owners])
        else:
            by_feature = np.lexsort((rank[owners], numbers))
        holders, holder_numbers = owners[by_feature], numbers[by_feature]
        first_at = np.searchsorted(holder_numbers, features, side="left")
        sizes = counts[features]
        parts = [_exact_pairs(self.texts)]
        small = sizes <= _CROWDED
        if small.any():
            c, f0, sz = choosers[small], first_at[small], sizes[small]
            rows = np.repeat(np.arange(len(c)), sz)
            offsets = np.arange(int(sz.sum())) - np.repeat(np.cumsum(sz) - sz, sz)
            parts.append(np.stack([c[rows], holders[f0[rows] + offsets]]))
        crowded = ~small
        if crowded.any():  # the chooser's place among the holders, and its neighbours
            c, f0, sz = choosers[crowded], first_at[crowded], sizes[crowded]
            keyed = holder_numbers * n + rank[holders]
            at = np.searchsorted(keyed, features[crowded] * n + rank[c])
            for step in (*range(-_MEANING_WINDOW, 0), *range(1, _MEANING_WINDOW + 1)):
                other = at + step
                inside = (other >= f0) & (other < f0 + sz)
                parts.append(np.stack([c[inside], holders[other[inside]]]))
        pairs = np.concatenate(parts, axis=1)
        low, high = pairs.min(axis=0), pairs.max(axis=0)
        keys_ = _distinct((low * n + high)[low != high])
        return keys_ // n, keys_ % n

    # -- how alike ---------------------------------------------------------------------------------
    def meaning_alike(
        self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float64]:
        """The share of meaning two memories have in common (0..1): of their concepts, names and
        values, and, when both are Chinese, of their pairs of characters too), each weighed by
        how few memories say it: two texts alike but for one rare word ("绿茶" / "红茶") share
        their common words, not their meaning."""
        both = self.zh[first] & self.zh[second]
        out = np.zeros(len(first))
        if self._weighed is None:
            self._weigh_both()
        assert self._weighed is not None
        for mask, strings in ((both, self._weighed[0]), (~both, self._weighed[1])):
            if mask.any():
                left = [strings[i] for i in first[mask].tolist()]
                right = [strings[j] for j in second[mask].tolist()]
                found = process.cpdist(left, right, scorer=fuzz.ratio, workers=-1)
                out[mask] = np.asarray(found, dtype=np.float64) / 100.0
        return out

    def _weigh_both(self) -> None:
        """The meanings weighed (see _weigh), with and without pairs of characters."""
        full, full_sizes = self._weigh(self.full)
        meaning, meaning_sizes = self._weigh(self.meaning)
        self._weighed = full, meaning
        self._sizes = full_sizes, meaning_sizes

    def _weigh(self, strings: list[str]) -> tuple[list[str], npt.NDArray[np.int64]]:
        """The strings with each rare feature written two or three times (as other characters,
        _COPY apart), so that rapidfuzz's ratio of two of them weighs what they share; and
        their sizes."""
        counts = self.counts()
        n = len(strings)
        joined = "".join(strings)
        points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
        if not len(points) or int(points.max()) >= _COPY:  # too many features to weigh
            return strings, np.fromiter(map(len, strings), dtype=np.int64, count=n)
        numbers = np.where(points < 0xD800, points - 0x100, points - 0x900)
        owners = np.repeat(np.arange(n), [len(x) for x in strings])
        top = math.log((n + 1) / 2)
        weight = np.log((n + 1) / np.maximum(2, counts[numbers]))
        times = np.where(weight >= _THRICE * top, 3, np.where(weight >= _TWICE * top, 2, 1))
        plain = np.frombuffer(bytes(plain_codes()), dtype=np.uint8)
        times[plain[numbers] == 1] = 1
        parts_owner, parts_point, parts_key = [], [], []
        for k in range(3):  # a memory's copies after its features: still in order
            mask = times > k
            parts_owner.append(owners[mask])
            parts_point.append(points[mask] + k * _COPY)
            parts_key.append(owners[mask] * 3 + k)
        key = np.concatenate(parts_key)
        order = np.argsort(key, kind="stable")
        written = np.concatenate(parts_point)[order].astype(np.uint32)
        sizes = np.bincount(np.concatenate(parts_owner), minlength=n)
        text = written.tobytes().decode("utf-32-le")
        ends = np.cumsum(sizes).tolist()
        return [text[a:b] for a, b in zip([0, *ends[:-1]], ends, strict=True)], sizes

    def unshared_things(
        self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """How many of its names and values each of two memories states that the other does not
        say (as a name, a value or a word): two texts that each name something the other does
        not are two facts."""
        named = [self.named[i] for i in first.tolist()]
        said = [self.meaning[j] for j in second.tolist()]
        a_in_b = process.cpdist(named, said, scorer=LCSseq.similarity, workers=-1)
        named = [self.named[j] for j in second.tolist()]
        said = [self.meaning[i] for i in first.tolist()]
        b_in_a = process.cpdist(named, said, scorer=LCSseq.similarity, workers=-1)
        sizes = np.array([len(x) for x in self.named], dtype=np.int64)
        return sizes[first] - np.asarray(a_in_b, dtype=np.int64), sizes[second] - np.asarray(
            b_in_a, dtype=np.int64
        )

    def say_little(
        self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.bool_]:
        """Whether two memories say so little (their weighed meanings, see meaning_alike) that
        they may be _MEANING_AT alike while sharing fewer than _SHARED_AT things."""
        if self._sizes is None:
            self._weigh_both()
        assert self._sizes is not None
        both = self.zh[first] & self.zh[second]
        size = np.where(
            both,
            self._sizes[0][first] + self._sizes[0][second],
            self._sizes[1][first] + self._sizes[1][second],
        )
        most = 2 * 3 * (_SHARED_AT - 1) / _MEANING_AT  # 2 * shared weight / sizes >= _MEANING_AT
        return np.asarray(size <= most, dtype=bool)

    def shared(
        self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.int64]:
        """How many of their concepts, names and values two memories share (and, when both are
        Chinese, pairs of characters)."""
        both = self.zh[first] & self.zh[second]
        out = np.zeros(len(first), dtype=np.int64)
        for mask, strings in ((both, self.full), (~both, self.meaning)):
            if mask.any():
                left = [strings[i] for i in first[mask].tolist()]
                right = [strings[j] for j in second[mask].tolist()]
                found = process.cpdist(left, right, scorer=LCSseq.similarity, workers=-1)
                out[mask] = np.asarray(found, dtype=np.int64)
        return out

    def stretch(
        self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """How long the stretch is in which two texts differ, from their first difference to
        their last, on the longer side and on the shorter (0: the shorter one is all in the
        longer, which only adds to it)."""
        left = [self.texts[i] for i in first.tolist()]
        right = [self.texts[j] for j in second.tolist()]
        head = np.asarray(process.cpdist(left, right, scorer=Prefix.similarity, workers=-1))
        tail = np.asarray(process.cpdist(left, right, scorer=Postfix.similarity, workers=-1))
        sizes = np.array([len(t) for t in self.texts], dtype=np.int64)
        longer = np.maximum(sizes[first], sizes[second])
        shorter = np.minimum(sizes[first], sizes[second])
        same = np.minimum(head.astype(np.int64) + tail.astype(np.int64), shorter)
        return longer - same, shorter - same

    def other_subjects(
        self,
        first: npt.NDArray[np.int64],
        second: npt.NDArray[np.int64],
        among: npt.NDArray[np.bool_],
    ) -> npt.NDArray[np.bool_]:
        """Of the pairs `among` in one language: two texts from one template that differ only
        at their beginning or only at their end, where each names another thing ("数据库备份保留
        30 天" / "服务器日志保留 30 天", "用户喜欢喝绿茶" / "用户喜欢喝红茶"): two facts."""
        out = np.zeros(len(first), dtype=bool)
        same = among & (self.zh[first] == self.zh[second])
        if not same.any():
            return out
        ks = np.flatnonzero(same)
        left = [self.texts[i].rstrip("。.！!？?；; ") for i in first[ks].tolist()]
        right = [self.texts[j].rstrip("。.！!？?；; ") for j in second[ks].tolist()]
        head = np.asarray(process.cpdist(left, right, scorer=Prefix.similarity, workers=-1))
        tail = np.asarray(process.cpdist(left, right, scorer=Postfix.similarity, workers=-1))
        for k, a, b, h, t in zip(
            ks.tolist(), left, right, head.tolist(), tail.tolist(), strict=True
        ):
            if h <= 1 and _TEMPLATE_TAIL <= t < min(len(a), len(b)):
                mine, theirs = a[: len(a) - t], b[: len(b) - t]  # they begin apart
            elif h >= _TEMPLATE_TAIL and t <= 1:
                mine, theirs = a[h:], b[h:]  # they end apart: "喜欢喝绿茶" / "喜欢喝红茶"
                if max(len(mine), len(theirs)) > _END_CHARS:
                    continue
            else:
                continue
            said, other = read(mine), read(theirs)
            one, two = said.concepts | said.names, other.concepts | other.names
            if not one or not two:  # what no glossary word covers names a thing too: "机房断网"
                one, two = one | _unknown_pairs(said), two | _unknown_pairs(other)
            out[k] = bool(one) and bool(two) and not one & two
        return out

    def one_subject(
        self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.bool_]:
        """Whether each of two memories begins by saying what one subject is, and they go on
        differently ("主要开发语言是 Kotlin，…" / "主要开发语言是 Go，…"), one of them the newest
        to say what that subject is: it says what the subject is now, and each older one that
        says otherwise is superseded by it, not by another older one."""
        subject = self.subject[first]
        latest = self._latest_by_subject()
        return np.asarray(
            (subject != 0)
            & (subject == self.subject[second])
            & (self.subject_set[first] != self.subject_set[second])
            & ((latest[first] == second) | (latest[second] == first)),
            dtype=bool,
        )

    def _latest_by_subject(self) -> npt.NDArray[np.int64]:
        """Per memory, the newest memory whose first clause says what the same subject is (as
        _older_first orders two: by last activation, then the one that says something changed,
        then the later in the file); -1 for a memory that says no subject."""
        latest = np.full(len(self.texts), -1, dtype=np.int64)
        have = np.flatnonzero(self.subject != 0)
        if not len(have):
            return latest
        have = have[np.lexsort((have, self.marked[have], self.when[have], self.subject[have]))]
        subject = self.subject[have]
        starts = np.r_[True, subject[1:] != subject[:-1]]
        ends = np.r_[subject[1:] != subject[:-1], True]
        latest[have] = have[ends][np.cumsum(starts) - 1]
        return latest

    def newer_marked(
        self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.bool_]:
        """Whether the newer of each pair (by last activation) says something changed or
        stopped and the older does not (of two as old, whether just one says so)."""
        when_a, when_b = self.when[first], self.when[second]
        said_a, said_b = self.marked[first], self.marked[second]
        return np.asarray(
            np.where(
                when_a > when_b,
                said_a & ~said_b,
                np.where(when_a < when_b, said_b & ~said_a, said_a ^ said_b),
            ),
            dtype=bool,
        )

    def same_things_but_typos(self, i: int, j: int) -> bool:
        """The names and values agree once a name written with one letter off is taken as the
        same name (Vault / Vualt, Slurm / Slrum); numbers and identifiers must agree exactly."""
        only_a = set(self.named[i]) - set(self.meaning[j])
        only_b = set(self.named[j]) - set(self.meaning[i])
        if len(only_a) != 1 or len(only_b) != 1:
            return not only_a or not only_b
        return _typo(feature_of(only_a.pop()), feature_of(only_b.pop()))

    def reading(self, i: int) -> Reading:
        found = self._readings.get(i)
        if found is None:
            found = self._readings[i] = read(self.memories[i].content)
        return found

    # -- disagreement --------------------------------------------------------------------------------
    def weigher(self) -> tuple[Callable[[str], float], Callable[[str, bool], bool]]:
        """How particular a feature is among these memories (log of how few hold it), and
        whether it is rare (held by few: three of a small set, at most 0.1% of a large one; a
        name, eight or 1%)."""
        counts = self.counts()
        n = len(self.texts)
        rare_at = max(3, n // 1000)  # a word or concept
        rare_name = max(8, n // 100)  # a name

        def held(feature: str) -> int:
            code = code_of(feature)
            if code is None:
                return 1
            number = number_of(code)
            return int(counts[number]) if number < len(counts) else 1

        def weight(feature: str) -> float:
            return math.log((n + 1) / max(2, held(feature)))  # as if shared: at most two

        def rare(feature: str, name: bool = False) -> bool:
            return held(feature) <= (rare_name if name else rare_at)

        return weight, rare

    def disagreement(
        self,
        i: int,
        j: int,
        lexical: float,
        similar_at: float,
        weigh: tuple[Callable[[str], float], Callable[[str, bool], bool]],
        one_subject: bool = False,
    ) -> tuple[int, int, str] | None:
        """(older, newer, why) if the two disagree, else None (`one_subject`: both begin by
        saying what one subject is, and go on differently, see _Scan.one_subject)."""
        old, new = self._older_first(i, j)
        if self.marked[new] and not self.marked[old]:
            found = superseded(self.reading(old), self.reading(new), *weigh)
            if found is not None and (found.outright or not self.important(old)):
                return old, new, found.why  # an important fact goes only when told outright
        said = None
        a, b = self.texts[old], self.texts[new]
        if lexical >= similar_at:
            said = _negation(a, b) if self.negations[old] != self.negations[new] else None
            if said is None and any(c in a for c in _CHOICES):
                said = _other_choice(a, b)
        if said is None and one_subject:  # the value in the first clause, not what follows
            said = _subject_value(self.memories[old].content, self.memories[new].content)
        if said is None and lexical >= similar_at and _value_stretch(a, b) is not None:
            said = _other_value(
                " ".join(self.memories[old].content.split()),
                " ".join(self.memories[new].content.split()),
            )
        if said is not None and not self.important(old):
            return old, new, _why(*said, bool(self.zh[old]))
        return None

    def important(self, i: int) -> bool:
        """Whether the memory records what must not be deleted on a guess (a name, a birthday,
        an allergy, a promise: core.review.detectors.find_important)."""
        found = self._important.get(i)
        if found is None:
            found = self._important[i] = find_important(self.memories[i].content) is not None
        return found

    def passing(self, i: int) -> bool:
        """Whether the memory records a passing state ("今天很累", "on a trip this week": core.
        review.detectors.find_temporary): two of them at two times are no copies of each
        other, and the temporary trigger, not a pair, decides about each."""
        found = self._passing.get(i)
        if found is None:
            found = self._passing[i] = find_temporary(self.memories[i].content) is not None
        return found

    def _older_first(self, i: int, j: int) -> tuple[int, int]:
        """The older by last activation; of two as old, the one that says nothing changed."""
        a, b = self.memories[i].last_activated or "", self.memories[j].last_activated or ""
        if a != b:
            return (i, j) if a < b else (j, i)
        if self.marked[i] and not self.marked[j]:
            return j, i
        return i, j


def _unknown_pairs(reading: Reading) -> frozenset[str]:
    """The pairs of Chinese characters no glossary word covers, but for function words (of "的阿杰",
    阿杰): a name or a rare word the glossary does not know ("机房断网")."""
    return frozenset(
        p for p in reading.unknown if _CJK_RUN.fullmatch(p) and not _FUNCTION_CHARS & set(p)
    )


_FUNCTION_CHARS = frozenset("的了是在也都就和与及把被每这那个们")


def _weaker(memories: Sequence[Memory], i: int, j: int) -> int:
    """The one of two duplicates core.review.triggers proposes to delete: the lower score, then
    the older."""
    a, b = memories[i], memories[j]
    strength_a = (a.score if a.score is not None else 0.0, a.last_activated or "")
    strength_b = (b.score if b.score is not None else 0.0, b.last_activated or "")
    return j if strength_b <= strength_a else i


def names_in(text: str) -> frozenset[str]:
    """What a text names and states, in lower case: identifiers (notify-service, v1.18.2),
    capitalised words inside a sentence (Redis, Kibana), proper names the glossary knows (北京, as
    its concept), numbers, times, weekdays and dates (as core.review.reading writes them). Two
    alike texts that name other things are two facts."""
    reading = read(text)
    return reading.names | reading.values


def _typo(x: str, y: str) -> bool:
    """Whether two names are one name with a letter off (swapped, replaced, added or lost)."""
    x, y = x.removeprefix("w:"), y.removeprefix("w:")
    if (
        ":" in x
        or ":" in y
        or (x[0] == "c" and x[1:].isdigit())
        or (y[0] == "c" and y[1:].isdigit())
    ):
        return False
    if min(len(x), len(y)) < _TYPO_LETTERS or not (x.isalpha() and y.isalpha()):
        return False
    return DamerauLevenshtein.distance(x, y) <= 1


def disagreement(first: str, second: str, *, zh: bool | None = None) -> str | None:
    """Why two texts alike as written disagree, in a few words (in Chinese when the first text
    is, or as `zh` says), or None: one negates the other ("喜欢" / "不喜欢"), names another choice
    after the same word ("改成 vim" / "改成 emacs"), or another value at the same place after the
    same subject ("主力语言是 Kotlin" / "主力语言是 Go"; or in their first clauses, whatever
    follows: "主力语言是 Kotlin，常用 Spring" / "主力语言是 Go，常用 Gin")."""
    a, b = _normal(first), _normal(second)
    if a == b:
        return None
    chinese = bool(_CJK_RUN.search(first)) if zh is None else zh
    said = _negation(a, b) or _other_choice(a, b)
    if said is None and _same_subject(first, second):
        said = _subject_value(first, second)
    if said is None:
        said = _other_value(" ".join(first.split()), " ".join(second.split()))
    if said is None:
        return None
    kind, one, other = said
    return _why(kind, one, other, chinese)


def _why(kind: str, one: str, other: str, zh: bool) -> str:
    if kind == "only":
        return f"只有一条说“{one}”" if zh else f"only one says “{one}”"
    if zh:
        return f"一条说{kind}“{one}”，另一条说“{other}”"
    return f"one says {kind + ' ' if kind else ''}“{one}”, the other “{other}”"


def _negation(a: str, b: str) -> tuple[str, str, str] | None:
    for marker, plain in _NEGATIONS:
        in_a, in_b = len(_places(a, marker)), len(_places(b, marker))
        if in_a == in_b:
            continue
        neg, pos = (a, b) if in_a > in_b else (b, a)
        if any(_leftover(undone, pos) <= _LEFTOVER for undone in _undo(neg, marker, plain)):
            said, other = marker.strip(), plain.strip()
            return ("", said, other) if other else ("only", said, "")
    return None


def _undo(text: str, marker: str, plain: str) -> list[str]:
    """The text with one occurrence of `marker` replaced by `plain`, for each occurrence."""
    return [text[:s] + plain + text[s + len(marker) :] for s in _places(text, marker)]


def _places(text: str, marker: str) -> list[int]:
    """Where the marker starts in the text (an English one at the start of a word)."""
    if marker not in text:
        return []
    start = "" if not marker[0].isascii() else r"(?<![a-z0-9_'])"
    return [m.start() for m in re.finditer(start + re.escape(marker), text)]


def _leftover(a: str, b: str) -> int:
    """How many characters the one stretch where two texts differ spans (the longer side)."""
    prefix, suffix = _common_ends(a, b)
    return max(len(a), len(b)) - prefix - suffix


def _common_ends(a: str, b: str) -> tuple[int, int]:
    """How long the two texts' common beginning and (of the rest) common end are."""
    prefix = Prefix.similarity(a, b)
    suffix = min(Postfix.similarity(a, b), min(len(a), len(b)) - prefix)
    return prefix, suffix


def _one_word(text: str) -> bool:
    return 0 < len(text) <= _CHOICE_CHARS and " " not in text


def _other_choice(a: str, b: str) -> tuple[str, str, str] | None:
    prefix, suffix = _common_ends(a, b)
    for marker in _CHOICES:
        at = a.rfind(marker, 0, prefix)
        if at < 0 or at + len(marker) + 2 < prefix:
            continue
        start = at + len(marker)
        said, other = a[start : len(a) - suffix], b[start : len(b) - suffix]
        said, other = said.lstrip("了 "), other.lstrip("了 ")
        if _one_word(said) and _one_word(other):
            return marker.strip(), said, other
    return None


# What a subject is set to follows these words: "主力语言是 Kotlin", "找产品经理", "由架构组把关",
# "lives in Berlin".
_CUE = re.compile(
    r"(?:是|为|用|在|找|叫|(?<![自理缘经])由|住在|定在|设为|设的是|改成|换成|交给|"
    r"(?<![a-z])(?:is|are|was|were|uses?|in|at)(?:\s+(?:a|an|the))?)"
    r"(?:\s*一[个辆台只位家条部本款])?\s*$",
    re.IGNORECASE,
)
_DATE = re.compile(
    r"\d\s*[月日号]|(?i:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)"
)
_DATE_AROUND = re.compile(
    r"月\s*\||^\|\s*[日号]|(?i:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\|)"
)
_NOT = ("不", "没", "no ", "not ", "n't")
# A cue negated: "不是 Mac" and "不是 Windows" may both hold.
_NEGATED_CUE = re.compile(
    r"[不没非](?:是|为|用|在|找|叫|由|住在)\s*$|(?:\bnot|n't)(?:\s+(?:a|an|the|in|at|use|uses))?\s*$",
    re.IGNORECASE,
)
# A subject said to have more than one value: "也是", "之一", "one of", "also".
_ONE_OF = re.compile(r"[也另]|之一|其中|的一[个种项条]|(?<![a-z])(?:also|another|one of)(?![a-z])")
_SENTENCE = re.compile(r"[。.!?！？；;\n]\s*")  # the subject is in the value's own sentence
_VALUE_CHARS = 24  # at most this long, the value that differs between two alike texts
_HEAD_STOP = frozenset(
    ["user", "users", "the", "a", "an", "todo", "note", "lesson", "my", "his", "her", "their"]
)
_BARE_VALUE = re.compile(
    r"(?:周|星期|礼拜|第)?[\d一二三四五六七八九十日天两:.：点半]+[^\s，,。；;]{0,3}"
)


def _other_value(a: str, b: str) -> tuple[str, str, str] | None:
    """Two texts the same but for one short stretch after a subject they share, and after a word
    that sets it ("是", "用", "找", "is", "in"), or one that is a bare value (a weekday, a number):
    they give the subject two values. Decided on the texts in lower case, said as written."""
    low_a, low_b = a.lower(), b.lower()
    if len(low_a) != len(a) or len(low_b) != len(b):
        return None
    found = _value_stretch(low_a, low_b)
    if found is None:
        return None
    start, end_a, end_b = found
    return "", _with_unit(a, start, end_a), _with_unit(b, start, end_b)


def _value_stretch(a: str, b: str) -> tuple[int, int, int] | None:
    """Where the value two lower-case texts differ in starts, and where it ends in each."""
    prefix, suffix = _common_ends(a, b)
    while prefix and (_glued(a, prefix) or _glued(b, prefix)):
        prefix -= 1  # a whole word or number differs, not its last letters
    while suffix and (_glued(a, len(a) - suffix) or _glued(b, len(b) - suffix)):
        suffix -= 1
    said, other = a[prefix : len(a) - suffix].strip(), b[prefix : len(b) - suffix].strip()
    if not said or not other or max(len(said), len(other)) > _VALUE_CHARS:
        return None
    if _DATE.search(said) or _DATE.search(other):
        return None  # the same thing said on another day, or two things on two days
    if _DATE_AROUND.search(a[max(0, prefix - 4) : prefix] + "|" + a[len(a) - suffix :][:2]):
        return None
    if _typo(said, other) or any(n in x for x in (said, other) for n in _NOT):
        return None  # one name with a letter off; a negation is _negation's
    head = a[:prefix]
    if head.rstrip().endswith("由") and not any(c.isalnum() for c in a[len(a) - suffix :]):
        return None  # who does it ("由架构组把关"): the same is done after it
    unit = next((u for u in ("星期", "礼拜", "周", "第") if head.endswith(u)), "")
    head = head[: len(head) - len(unit)]
    bare = _BARE_VALUE.fullmatch(unit + said) and _BARE_VALUE.fullmatch(unit + other)
    subject = _SENTENCE.split(head)[-1]
    if not (bare or _CUE.search(head)) or not _has_subject(subject) or _ONE_OF.search(subject):
        return None  # no subject; or one of several ("之一", "one of", "也是")
    if _NEGATED_CUE.search(head):
        return None  # what it is not: "不是 Mac" / "不是 Windows"
    if _says_no_other(unit + said, unit + other):
        return None  # 五种 / 5种, "every editor" / "all editors", or an extra detail
    return len(head), len(a) - suffix, len(b) - suffix


def _says_no_other(said: str, other: str) -> bool:
    """Whether one stretch says nothing the other does not (the same in other words: 五 / 5,
    10pm / 22:00, "every editor" / "all editors"; or the other with a detail more)."""
    a, b = read(said), read(other)
    mine, theirs = a.concepts | a.values, b.concepts | b.values
    return mine <= theirs or theirs <= mine


def _with_unit(text: str, start: int, end: int) -> str:
    """The value as written (周二, not 二)."""
    return text[start:end].strip()


def _glued(text: str, at: int) -> bool:
    """Whether a cut at this place falls inside a Latin word or a number."""
    if at <= 0 or at >= len(text):
        return False
    left, right = text[at - 1], text[at]
    return ((left.isascii() and left.isalnum()) or left in "._-") and (
        (right.isascii() and right.isalnum()) or right in "._-"
    )


# Where a memory's first clause ends, and the words that say what its subject is ("是", "is"),
# but inside a longer word (但是, 因为, 自由).
_CLAUSE_ENDS = re.compile(r"[，。；！？：\n,;:.!?]")  # ",;:.!?" before a space or at the end
_COPULA = re.compile(
    r"(?<![但还就总于可要凡老只])是(?!否)|(?<![因作认成以称行])为(?![了什止])|叫"
    r"|(?<![自理缘经])由(?!于)|(?<![a-z'])(?:is|are|was|were)(?![a-z'])"
)
_subjects: dict[str, tuple[str, str] | None] = {}


def _first_clause(text: str) -> str:
    """A text's first clause, its spaces normalised (it ends where core.review.reading ends one,
    or at a comma or a colon)."""
    end = _CLAUSE_ENDS.search(text)
    while end is not None and end.group() in ",;:.!?" and text[end.end() : end.end() + 1].strip():
        end = _CLAUSE_ENDS.search(text, end.end())  # 9:30, v1.18, 4,500: inside a value
    return " ".join((text if end is None else text[: end.start()]).split())


def _same_subject(a: str, b: str) -> bool:
    """Whether two texts begin by saying what one subject is, and go on differently."""
    one, two = _subject_of(a), _subject_of(b)
    return one is not None and two is not None and one[0] == two[0] and one[1] != two[1]


def _subject_value(first: str, second: str) -> tuple[str, str, str] | None:
    """The two values two texts give one subject in their first clauses, whatever follows
    ("主要开发语言是 Kotlin，常用 Spring Boot" / "主要开发语言是 Go，常用 Gin"), as _other_value."""
    one, two = _first_clause(first), _first_clause(second)
    key = one + "\x00" + two
    if key not in _subject_values:  # memories an agent writes repeat their first clauses a lot
        if len(_subject_values) > 100_000:
            _subject_values.clear()
        said = _other_value(one, two)
        if said is not None and not (_names_something(said[1]) or _names_something(said[2])):
            said = None  # "习惯是早上跑步" / "习惯是睡前看书": two habits, maybe
        _subject_values[key] = said
    return _subject_values[key]


_subject_values: dict[str, tuple[str, str, str] | None] = {}


def _names_something(value: str) -> bool:
    """Whether a value names a thing (Kotlin, MacBook Pro, 阿杰, 70 公斤) rather than an activity
    or a kind the glossary knows ("早上跑步"): one subject set to two such things, in two memories
    that go on differently, is set twice."""
    reading = read(value)
    return bool(
        reading.names
        or reading.values
        or any(c.startswith("w:") for c in reading.concepts)
        or _unknown_pairs(reading)
    )


def _subject_of(text: str) -> tuple[str, str] | None:
    """What a text's first clause says its subject is, as (the words up to "是" / "is", the rest of
    the clause), when those words name a subject ("用户的主要开发语言是", "kotlin")."""
    clause = _first_clause(text).lower()
    if clause in _subjects:
        return _subjects[clause]
    found = None
    cue = _COPULA.search(clause)
    if cue is not None:
        head, rest = clause[: cue.end()].strip(), clause[cue.end() :].strip()
        negated = _NEGATED_CUE.search(head) or rest.startswith(("not ", "no ", "never "))
        if rest and not negated and _has_subject(head) and _ONE_OF.search(head) is None:
            found = head, rest
    if len(_subjects) > 300_000:
        _subjects.clear()
    _subjects[clause] = found
    return found


def _has_subject(head: str) -> bool:
    """Whether the shared beginning says what the texts are about (more than "用户" or "The
    user"): three Chinese characters that are not function words, or an English content word."""
    chinese = [
        c
        for c in "".join(_CJK_RUN.findall(head.replace("用户", "")))
        if c not in "的了是在也都就和与及把被每"
    ]
    words = [
        w for w in _WORD.findall(head) if len(w) > 2 and w not in _STOP and w not in _HEAD_STOP
    ]
    return len(chinese) >= 3 or bool(words)


# -- related memories -------------------------------------------------------------------------------
class RelatedIndex:
    """The memories of a review run, for a reviewer's questions (core.review.model.ReviewContext):
    related memories by the rare tokens they share, searched by keywords."""

    def __init__(self, memories: Sequence[Memory]) -> None:
        self.memories = list(memories)
        # Each index is made when first asked for: the rules reviewer asks only who refers to
        # a decaying memory, and 100,000 memories' tokens take a second and more.
        self._postings: dict[str, list[int]] | None = None
        self._idf: dict[str, float] = {}
        self._lower: list[str] | None = None  # the texts in lower case
        self._refs: dict[str, list[int]] | None = None  # "[id]" -> the memories naming it

    def _tokens_index(self) -> dict[str, list[int]]:
        if self._postings is None:
            postings: dict[str, list[int]] = defaultdict(list)
            for i, m in enumerate(self.memories):
                for token in tokens(m.content):
                    postings[token].append(i)
            total = max(1, len(self.memories))
            self._idf = {t: math.log(1 + total / len(p)) for t, p in postings.items()}
            self._postings = postings
        return self._postings

    def _references(self) -> dict[str, list[int]]:
        if self._refs is None:
            refs: dict[str, list[int]] = defaultdict(list)
            for i, m in enumerate(self.memories):
                if "[" in m.content:
                    for named in set(_REFERENCE.findall(m.content)):
                        refs[named].append(i)
            self._refs = refs
        return self._refs

    def referrers(self, memory: Memory) -> list[Memory]:
        """The other memories that name this one by its id ("see [a1b2c3]")."""
        return [
            self.memories[i]
            for i in self._references().get(memory.id, [])
            if (self.memories[i].file, self.memories[i].key) != (memory.file, memory.key)
        ]

    def related(self, memory: Memory, limit: int = 5) -> list[Memory]:
        mine = tokens(memory.content)  # its rarest words say what it is about
        postings = self._tokens_index()
        rarest = sorted(mine, key=lambda t: (len(postings.get(t, ())), t))[:_RELATED_TOKENS]
        ranked = self._ranked(set(rarest), limit + 1)
        return [m for m in ranked if (m.file, m.key) != (memory.file, memory.key)][:limit]

    def search(self, keywords: str, limit: int = 5) -> list[Memory]:
        wanted = tokens(keywords)
        ranked = self._ranked(wanted, limit)
        if ranked or not keywords.strip():
            return ranked
        needle = keywords.strip().lower()  # a short word no token covers (a 1-letter id part)
        if self._lower is None:
            self._lower = [m.content.lower() for m in self.memories]
        found = (m for m, text in zip(self.memories, self._lower, strict=True) if needle in text)
        return list(islice(found, limit))

    def _ranked(self, wanted: set[str], limit: int) -> list[Memory]:
        scores: dict[int, float] = defaultdict(float)
        postings = self._tokens_index()
        for token in wanted:
            posting = postings.get(token)
            if posting is None or len(posting) > 5000:  # too common to tell memories apart
                continue
            weight = self._idf[token]
            for i in posting:
                scores[i] += weight
        best = heapq.nsmallest(limit, scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return [self.memories[i] for i, _score in best]
