"""Similar memories for the reviewer (SPEC 4): duplicates, contradictions and related memories.

Never all pairs: memories are indexed by their tokens (lower-case words; CJK character
bigrams, as Chinese has no spaces), each memory is blocked under its rarest tokens only, and
rapidfuzz compares the memories of a block. A crowded block (many near-copies) is compared by
sorted neighbourhood instead. Exact copies (same text after case and whitespace) are always
paired, whatever the blocks.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from rapidfuzz import fuzz

from core.review.model import Memory

__all__ = ["Contradiction", "Pair", "RelatedIndex", "contradictions", "similar_pairs", "tokens"]

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
    return max(fuzz.ratio(a, b), fuzz.token_sort_ratio(a, b))


def similar_pairs(
    memories: Sequence[Memory], *, threshold: float = 85.0, same_category: bool = True
) -> list[Pair]:
    """Memories whose texts are at least `threshold` similar (same category when both have one),
    each pair once, the earlier memory first, in the order of the first memory."""
    texts = [_normal(m.content) for m in memories]
    found: dict[tuple[int, int], float] = {}

    def consider(i: int, j: int) -> None:
        if i == j:
            return
        i, j = min(i, j), max(i, j)
        if (i, j) in found or not _comparable(memories[i], memories[j], same_category):
            return
        score = 100.0 if texts[i] == texts[j] else _similarity(texts[i], texts[j])
        if score >= threshold:
            found[(i, j)] = score

    for group in _exact_groups(texts):
        for i, j in combinations(group, 2):
            consider(i, j)
    for block in _blocks(texts):
        _compare_block(block, texts, consider)
    return [Pair(memories[i], memories[j], s) for (i, j), s in sorted(found.items())]


def _comparable(a: Memory, b: Memory, same_category: bool) -> bool:
    if a.file == b.file and a.key == b.key:
        return False
    return not (same_category and a.category and b.category and a.category != b.category)


def _exact_groups(texts: Sequence[str]) -> list[list[int]]:
    groups: dict[str, list[int]] = defaultdict(list)
    for i, text in enumerate(texts):
        if text:
            groups[text].append(i)
    return [g for g in groups.values() if len(g) > 1]


def _blocks(texts: Sequence[str]) -> Iterable[list[int]]:
    """Each memory's rarest tokens; the memories sharing one form a block."""
    token_sets = [tokens(t) for t in texts]
    frequency: dict[str, int] = defaultdict(int)
    for found in token_sets:
        for token in found:
            frequency[token] += 1
    blocks: dict[str, list[int]] = defaultdict(list)
    for i, found in enumerate(token_sets):
        rarest = sorted(found, key=lambda t: (frequency[t], t))[:_BLOCK_TOKENS]
        for token in rarest:
            if frequency[token] > 1:
                blocks[token].append(i)
    return (b for b in blocks.values() if len(b) > 1)


def _compare_block(block: list[int], texts: Sequence[str], consider: object) -> None:
    assert callable(consider)
    if len(block) <= _CROWDED:
        for i, j in combinations(block, 2):
            consider(i, j)
        return
    ordered = sorted(block, key=lambda i: texts[i])
    for n, i in enumerate(ordered):
        for j in ordered[n + 1 : n + 1 + _WINDOW]:
            consider(i, j)


# -- contradictions --------------------------------------------------------------------------------
# (marker, what it negates): the marker's presence in one text and absence from the other, with
# the texts otherwise alike, is a contradiction.
_NEGATIONS: tuple[tuple[str, str], ...] = (
    ("不再", ""), ("不喜欢", "喜欢"), ("讨厌", "喜欢"), ("没有", "有"), ("不", ""), ("别", ""),
    ("no longer ", ""), ("doesn't ", ""), ("does not ", ""), ("don't ", ""), ("do not ", ""),
    ("dislikes", "likes"), ("hates", "likes"), ("stopped ", ""), ("never ", ""), ("not ", ""),
)  # fmt: skip


def contradictions(memories: Sequence[Memory], *, threshold: float = 88.0) -> list[Contradiction]:
    """Similar memories where one negates what the other says ("喜欢" / "不喜欢")."""
    out = []
    for pair in similar_pairs(memories, threshold=60.0):
        why = _negated(_normal(pair.a.content), _normal(pair.b.content), threshold)
        if why is not None:
            out.append(Contradiction(pair.a, pair.b, pair.score, why))
    return out


def _negated(a: str, b: str, threshold: float) -> str | None:
    for marker, plain in _NEGATIONS:
        in_a, in_b = marker in a, marker in b
        if in_a == in_b:
            continue
        neg, pos = (a, b) if in_a else (b, a)
        if _similarity(neg.replace(marker, plain, 1), pos) >= threshold:
            said, other = marker.strip(), plain.strip()
            return f"one says “{said}”, the other “{other}”" if other else f"only one says “{said}”"
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

    def related(self, memory: Memory, limit: int = 5) -> list[Memory]:
        ranked = self._ranked(tokens(memory.content), limit + 1)
        return [m for m in ranked if (m.file, m.key) != (memory.file, memory.key)][:limit]

    def search(self, keywords: str, limit: int = 5) -> list[Memory]:
        wanted = tokens(keywords)
        ranked = self._ranked(wanted, limit)
        if ranked or not keywords.strip():
            return ranked
        needle = keywords.strip().lower()  # a short word no token covers (a 1-letter id part)
        return [m for m in self.memories if needle in m.content.lower()][:limit]

    def _ranked(self, wanted: set[str], limit: int) -> list[Memory]:
        scores: dict[int, float] = defaultdict(float)
        for token in wanted:
            posting = self._postings.get(token)
            if posting is None or len(posting) > 5000:  # too common to tell memories apart
                continue
            weight = self._idf[token]
            for i in posting:
                scores[i] += weight
        best = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
        return [self.memories[i] for i, _score in best]
