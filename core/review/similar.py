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
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import islice

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process

from core.review.model import Memory

__all__ = [
    "Contradiction",
    "Pair",
    "RelatedIndex",
    "contradictions",
    "duplicates_and_contradictions",
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
    keys = np.unique(pairs.min(axis=0) * len(texts) + pairs.max(axis=0))
    first, second = keys // max(1, len(texts)), keys % max(1, len(texts))
    distinct = first != second
    return first[distinct], second[distinct]


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
    """Both from one comparison: the pairs at least `duplicate_at` similar that do not disagree,
    and the pairs at least `similar_at` similar that disagree (a pair that disagrees is no
    duplicate). `among`: only the pairs holding one of the memories at these places."""
    duplicates, disagree = [], []
    first, second, scores = _scored(memories, min(duplicate_at, similar_at), True, among)
    signs = _signatures(memories)
    names: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    for i, j, score in zip(first, second, scores, strict=True):
        why = None
        if signs[i] != signs[j] or signs[i] < 0:
            why = disagreement(memories[i].content, memories[j].content)
        if why is not None and score >= similar_at:
            disagree.append(Contradiction(memories[i], memories[j], score, why))
        elif why is None and score >= duplicate_at and _same_names(memories, names, i, j):
            duplicates.append(Pair(memories[i], memories[j], score))
    return duplicates, disagree


def _same_names(
    memories: Sequence[Memory],
    names: dict[int, tuple[frozenset[str], frozenset[str]]],
    i: int,
    j: int,
) -> bool:
    """Whether two alike texts name the same things (each name of one is a word of the other):
    "order-service keeps its data in Redis" and "notify-service keeps its data in Redis" are two
    facts from one template, not copies."""
    for n in (i, j):
        if n not in names:
            text = memories[n].content
            words = frozenset(w.strip(".-").lower() for w in _NAME_TOKEN.findall(text))
            names[n] = (names_in(text), words)
    return names[i][0] <= names[j][1] and names[j][0] <= names[i][1]


def names_in(text: str) -> frozenset[str]:
    """What a text names, in lower case: identifiers (notify-service, k8s-prod-01, v1.18.2),
    numbers and times (7 days, 20:00), capitalised words other than the one it starts with
    (Redis, Kibana) and weekdays (周二). Two alike texts that name other things are two facts."""
    found = {m.group() for m in _WEEKDAY.finditer(text)}
    start = text.lstrip()
    for word in _NAME_TOKEN.findall(text):
        low = word.strip(".-").lower()
        if not low:
            continue
        identifier = any(c.isdigit() for c in low) or "-" in low or "." in low
        capital = word[0].isupper() and len(low) > 1 and not start.startswith(word)
        if identifier or (capital and low not in _NOT_NAMES):
            found.add(low)
    return frozenset(found)


def _signatures(memories: Sequence[Memory]) -> list[int]:
    """Each memory's signature as a number, negative when it holds a choice word."""
    codes: dict[tuple[object, ...], int] = {}
    out = []
    for m in memories:
        sign = _signature(m.content)
        code = codes.setdefault(sign, len(codes) + 1)
        out.append(-code if any(sign[len(_NEGATIONS) :]) else code)
    return out


def _signature(text: str) -> tuple[object, ...]:
    """How often each negation marker, and whether each choice word, occurs: two texts with the
    same counts and no choice word cannot disagree."""
    low = _normal(text)
    return (*(len(_places(low, m)) for m, _plain in _NEGATIONS), *(c in low for c in _CHOICES))


def disagreement(first: str, second: str) -> str | None:
    """Why two texts disagree, in a few words, or None: they are alike but one negates the
    other, or names another choice after the same word."""
    a, b = _normal(first), _normal(second)
    if a == b:
        return None
    return _negation(a, b) or _other_choice(a, b)


def _negation(a: str, b: str) -> str | None:
    for marker, plain in _NEGATIONS:
        in_a, in_b = len(_places(a, marker)), len(_places(b, marker))
        if in_a == in_b:
            continue
        neg, pos = (a, b) if in_a > in_b else (b, a)
        if any(_leftover(undone, pos) <= _LEFTOVER for undone in _undo(neg, marker, plain)):
            said, other = marker.strip(), plain.strip()
            return f"one says “{said}”, the other “{other}”" if other else f"only one says “{said}”"
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
    prefix = 0
    shorter = min(len(a), len(b))
    while prefix < shorter and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < shorter - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    return prefix, suffix


def _one_word(text: str) -> bool:
    return 0 < len(text) <= _CHOICE_CHARS and " " not in text


def _other_choice(a: str, b: str) -> str | None:
    prefix, suffix = _common_ends(a, b)
    for marker in _CHOICES:
        at = a.rfind(marker, 0, prefix)
        if at < 0 or at + len(marker) + 2 < prefix:
            continue
        start = at + len(marker)
        said, other = a[start : len(a) - suffix], b[start : len(b) - suffix]
        said, other = said.lstrip("了 "), other.lstrip("了 ")
        if _one_word(said) and _one_word(other):
            return f"one says {marker.strip()} “{said}”, the other “{other}”"
    return None


# -- related memories -------------------------------------------------------------------------------
class RelatedIndex:
    """The memories of a review run, for a reviewer's questions (core.review.model.ReviewContext):
    related memories by the rare tokens they share, searched by keywords."""

    def __init__(self, memories: Sequence[Memory]) -> None:
        self.memories = list(memories)
        self._tokens = [tokens(m.content) for m in self.memories]
        postings: dict[str, list[int]] = defaultdict(list)
        for i, found in enumerate(self._tokens):
            for token in found:
                postings[token].append(i)
        self._postings = postings
        total = max(1, len(self.memories))
        self._idf = {t: math.log(1 + total / len(p)) for t, p in postings.items()}
        self._lower: list[str] | None = None  # the texts in lower case, made when first needed
        self._refs: dict[str, list[int]] = defaultdict(list)  # "[id]" -> the memories naming it
        for i, m in enumerate(self.memories):
            for named in set(_REFERENCE.findall(m.content)):
                self._refs[named].append(i)

    def referrers(self, memory: Memory) -> list[Memory]:
        """The other memories that name this one by its id ("see [a1b2c3]")."""
        return [
            self.memories[i]
            for i in self._refs.get(memory.id, [])
            if (self.memories[i].file, self.memories[i].key) != (memory.file, memory.key)
        ]

    def related(self, memory: Memory, limit: int = 5) -> list[Memory]:
        mine = tokens(memory.content)  # its rarest words say what it is about
        rarest = sorted(mine, key=lambda t: (len(self._postings.get(t, ())), t))[:_RELATED_TOKENS]
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
        for token in wanted:
            posting = self._postings.get(token)
            if posting is None or len(posting) > 5000:  # too common to tell memories apart
                continue
            weight = self._idf[token]
            for i in posting:
                scores[i] += weight
        best = heapq.nsmallest(limit, scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return [self.memories[i] for i, _score in best]
