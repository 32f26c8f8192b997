"""Related memories for the reviewer's questions (core.review.model.ReviewContext): who shares a
memory's rarest tokens, who refers to it, and a keyword search."""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Sequence
from itertools import islice

from core.review.model import Memory
from core.review.similar import REFERENCE, RELATED_TOKENS, tokens

__all__ = [
    "RelatedIndex",
]


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
                    for named in set(REFERENCE.findall(m.content)):
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
        rarest = sorted(mine, key=lambda t: (len(postings.get(t, ())), t))[:RELATED_TOKENS]
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
        for token in sorted(wanted):  # each score summed in one order in every process
            posting = postings.get(token)
            if posting is None or len(posting) > 5000:  # too common to tell memories apart
                continue
            weight = self._idf[token]
            for i in posting:
                scores[i] += weight
        best = heapq.nsmallest(limit, scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return [self.memories[i] for i, _score in best]
