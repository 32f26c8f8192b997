"""Similar memories for the reviewer (SPEC 4): duplicates, contradictions and related memories.

Never all pairs: memories are indexed by their tokens (lower-case words; CJK character
bigrams, as Chinese has no spaces), each memory is blocked under its rarest tokens only, and
rapidfuzz compares the memories of a block. A crowded block (many near-copies) is compared by
sorted neighbourhood instead. Exact copies (same text after case and whitespace) are always
paired, whatever the blocks.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process

from core.review.model import Memory

__all__ = [
    "Contradiction",
    "Pair",
    "similar_pairs",
    "tokens",
]


WORD = re.compile(r"[a-z0-9_]+")
CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
STOP_WORDS = frozenset(
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
CROWDED_BLOCK = 64  # a larger block is compared by sorted neighbourhood
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
RELATED_TOKENS = 8  # a memory's related ones are found by its rarest words
REFERENCE = re.compile(r"\[([0-9A-Za-z_\-~]{3,64})\]")


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
    found = {w for w in WORD.findall(low) if len(w) > 1 and w not in STOP_WORDS}
    for run in CJK_RUN.findall(low):
        if len(run) == 1:
            found.add(run)
        found.update(run[i : i + 2] for i in range(len(run) - 1))
    return found - STOP_WORDS


def normal_text(text: str) -> str:
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
    texts = [normal_text(m.content) for m in memories]
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
    scores = pair_scores(texts, first, second, threshold)
    for_sorted = [_sorted_words(t) for t in texts]
    scores = np.maximum(scores, pair_scores(for_sorted, first, second, threshold))
    hits = scores >= threshold
    return first[hits].tolist(), second[hits].tolist(), scores[hits].tolist()


def pair_scores(
    texts: Sequence[str],
    first: npt.NDArray[np.int64],
    second: npt.NDArray[np.int64],
    threshold: float,
) -> npt.NDArray[np.float64]:
    """fuzz.ratio of each pair (0 below the threshold), the pairs in bulk on every core."""
    left, right = [texts[i] for i in first], [texts[j] for j in second]
    found = process.cpdist(
        left, right, scorer=fuzz.ratio, score_cutoff=threshold, workers=in_bulk(len(left))
    )
    return np.asarray(found, dtype=np.float64)


_BULK_PAIRS = 50_000  # fewer pairs are compared sooner by one thread than by starting one per core


def in_bulk(pairs: int) -> int:
    """rapidfuzz's `workers` for comparing this many pairs: every core for many, else this
    thread alone (a fleet's users have a few dozen memories each, and are reviewed in a pool
    of processes already)."""
    return -1 if pairs >= _BULK_PAIRS else 1


def _category_codes(memories: Sequence[Memory]) -> npt.NDArray[np.int64]:
    names: dict[str, int] = {}
    return np.array(
        [-1 if not m.category else names.setdefault(m.category, len(names)) for m in memories],
        dtype=np.int64,
    )


def _candidates(texts: Sequence[str]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Index pairs (i < j) worth comparing, each once, sorted: exact copies, and each memory with
    the memories holding one of its rarest tokens (a crowded token by sorted neighbourhood)."""
    parts = [exact_pairs(texts)]
    rank = np.empty(len(texts), dtype=np.int64)
    rank[sorted(range(len(texts)), key=texts.__getitem__)] = np.arange(len(texts))
    for choosers, holders in _blocks(texts):
        if len(holders) > CROWDED_BLOCK:
            members = np.array(holders, dtype=np.int64)
            parts.append(_neighbours(members[np.argsort(rank[members])]))
        else:
            i, j = np.meshgrid(choosers, holders, indexing="ij")
            parts.append(np.stack([i.ravel(), j.ravel()]))
    pairs = np.concatenate(parts, axis=1)
    keys = sorted_once(pairs.min(axis=0) * len(texts) + pairs.max(axis=0))
    first, second = keys // max(1, len(texts)), keys % max(1, len(texts))
    distinct = first != second
    return first[distinct], second[distinct]


def sorted_once(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The keys sorted, each once (np.unique hashes, and takes seconds on millions)."""
    keys = np.sort(keys)
    return keys[np.r_[True, keys[1:] != keys[:-1]]] if len(keys) else keys


def exact_pairs(texts: Sequence[str]) -> npt.NDArray[np.int64]:
    """Every copy with every other (with the first one only, in a crowded group)."""
    groups: dict[str, list[int]] = defaultdict(list)
    for i, text in enumerate(texts):
        if text:
            groups[text].append(i)
    pairs = [np.zeros((2, 0), dtype=np.int64)]
    for group in groups.values():
        if len(group) > CROWDED_BLOCK:
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
NEGATIONS: tuple[tuple[str, str], ...] = (
    ("不喜欢", "喜欢"), ("讨厌", "喜欢"), ("不再", ""), ("没有", "有"), ("不", ""), ("别", ""),
    ("no longer ", ""), ("doesn't ", ""), ("does not ", ""), ("don't ", ""), ("do not ", ""),
    ("isn't ", "is "), ("is not ", "is "), ("dislikes", "likes"), ("hates", "likes"),
    ("stopped ", ""), ("never ", ""), ("not ", ""), ("no ", ""),
)  # fmt: skip
