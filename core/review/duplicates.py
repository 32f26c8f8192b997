"""Duplicates and contradictions among similar memories (SPEC 4): one comparison of the pairs
core.review.similar finds (and, on few memories, of every pair), as written and in meaning."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process
from rapidfuzz.distance import LCSseq, Postfix, Prefix

from core.review.codes import code_keys, code_of, feature_of, number_of, plain_codes
from core.review.disagreement import (
    CHOICES,
    negation_of,
    one_letter_off,
    other_choice,
    other_value,
    subject_of,
    subject_value,
    unknown_pairs,
    value_stretch,
    why_disagree,
)
from core.review.model import Memory
from core.review.reading import Reading, clauses_of, forget_if_large, read
from core.review.similar import (
    CROWDED_BLOCK,
    Contradiction,
    Pair,
    exact_pairs,
    in_bulk,
    normal_text,
    pair_scores,
    sorted_once,
)
from core.review.superseded import superseded
from core.review.temporary import find_important, find_temporary, is_todo

__all__ = [
    "contradictions",
    "duplicates_and_contradictions",
]


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
        lexical[near] = pair_scores(scan.texts, first[near], second[near], 0.0)
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
    numbers: dict[str, int] = {}
    for k, i in enumerate(at.tolist()):
        found = subject_of(memories[i].content)
        if found is not None:
            heads[k], rests[k] = _number(numbers, found[0]), _number(numbers, found[1])
    inverse = inverse.reshape(-1)
    return heads[inverse], rests[inverse]


def _number(numbers: dict[str, int], text: str) -> int:
    """The text's number among `numbers` (1, 2, ... as first met): the same for the same text, in
    every process (a str's hash() moves with PYTHONHASHSEED, and two texts may share one)."""
    return numbers.setdefault(text, len(numbers) + 1)


class _Scan:
    """The memories of one scan as the comparison needs them: their texts, and their meaning as
    strings of feature characters (core.review.reading.coded), sorted, so that rapidfuzz's
    similarity of two of them is twice what they share over their sizes (the Dice coefficient)."""

    def __init__(self, memories: Sequence[Memory]) -> None:
        self.memories = memories
        n = len(memories)
        self.texts = [normal_text(m.content) for m in memories]
        self.meaning: list[str] = []  # concepts, names, values
        self.full: list[str] = []  # and, for Chinese, pairs of characters
        self.named: list[str] = []  # names and values
        self.todo = np.array([is_todo(m) for m in memories], dtype=bool)
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
        negating: dict[str, int] = {}  # the negations each says, numbered
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
                negations.append(_number(negating, c.negations))
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
                negations.append(_number(negating, "".join([c.negations for c in clauses])))
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
        parts = [exact_pairs(self.texts)]
        small = sizes <= CROWDED_BLOCK
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
        keys_ = sorted_once((low * n + high)[low != high])
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
                found = process.cpdist(left, right, scorer=fuzz.ratio, workers=in_bulk(len(left)))
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
        a_in_b = process.cpdist(named, said, scorer=LCSseq.similarity, workers=in_bulk(len(named)))
        named = [self.named[j] for j in second.tolist()]
        said = [self.meaning[i] for i in first.tolist()]
        b_in_a = process.cpdist(named, said, scorer=LCSseq.similarity, workers=in_bulk(len(named)))
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
                found = process.cpdist(
                    left, right, scorer=LCSseq.similarity, workers=in_bulk(len(left))
                )
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
        head = np.asarray(
            process.cpdist(left, right, scorer=Prefix.similarity, workers=in_bulk(len(left)))
        )
        tail = np.asarray(
            process.cpdist(left, right, scorer=Postfix.similarity, workers=in_bulk(len(left)))
        )
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
        head = np.asarray(
            process.cpdist(left, right, scorer=Prefix.similarity, workers=in_bulk(len(left)))
        )
        tail = np.asarray(
            process.cpdist(left, right, scorer=Postfix.similarity, workers=in_bulk(len(left)))
        )
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
                one, two = one | unknown_pairs(said), two | unknown_pairs(other)
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
        return one_letter_off(feature_of(only_a.pop()), feature_of(only_b.pop()))

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
        counts = self.counts().tolist()
        n = len(self.texts)
        rare_at = max(3, n // 1000)  # a word or concept
        rare_name = max(8, n // 100)  # a name

        @cache  # the pairs compared share their features a lot
        def held(feature: str) -> int:
            code = code_of(feature)
            if code is None:
                return 1
            number = number_of(code)
            return counts[number] if number < len(counts) else 1

        @cache
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
            said = negation_of(a, b) if self.negations[old] != self.negations[new] else None
            if said is None and any(c in a for c in CHOICES):
                said = other_choice(a, b)
        if said is None and one_subject:  # the value in the first clause, not what follows
            said = subject_value(self.memories[old].content, self.memories[new].content)
        if said is None and lexical >= similar_at and value_stretch(a, b) is not None:
            said = other_value(
                " ".join(self.memories[old].content.split()),
                " ".join(self.memories[new].content.split()),
            )
        if said is not None and not self.important(old):
            return old, new, why_disagree(*said, bool(self.zh[old]))
        return None

    def important(self, i: int) -> bool:
        """Whether the memory records what must not be deleted on a guess (a name, a birthday,
        an allergy, a promise: core.review.temporary.find_important)."""
        found = self._important.get(i)
        if found is None:
            found = self._important[i] = find_important(self.memories[i].content) is not None
        return found

    def passing(self, i: int) -> bool:
        """Whether the memory records a passing state ("今天很累", "on a trip this week": core.
        review.temporary.find_temporary): two of them at two times are no copies of each
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


def _weaker(memories: Sequence[Memory], i: int, j: int) -> int:
    """The one of two duplicates core.review.triggers proposes to delete: the lower score, then
    the older."""
    a, b = memories[i], memories[j]
    strength_a = (a.score if a.score is not None else 0.0, a.last_activated or "")
    strength_b = (b.score if b.score is not None else 0.0, b.last_activated or "")
    return j if strength_b <= strength_a else i
