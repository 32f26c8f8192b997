"""What the review keeps of the texts it read, to read each text once (memories an agent writes
repeat their clauses a lot): a clause's reading, what a first clause says its subject is. Each
store keeps two generations: past its bound, what it holds becomes the older generation and the
oldest is forgotten; a text met again in the older one is kept anew. So the texts met again and
again (a bot's users repeat one another's clauses) stay read while the store stays bounded;
between two workspaces of a fleet far less is kept (core.review.reading.forget_if_large)."""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["Kept", "forget_kept"]

V = TypeVar("V")

_every: list[Kept[Any]] = []


class Kept(dict[str, V]):
    """Texts and what was read of them: `store[text]` (KeyError when not kept), `keep`. At most
    `most` in each of two generations."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most
        self.older: dict[str, V] = {}
        _every.append(self)

    def __missing__(self, text: str) -> V:
        value = self.older.pop(text)  # KeyError: not kept
        self[text] = value
        return value

    def keep(self, text: str, value: V) -> V:
        if len(self) >= self.most:
            self.age()
        self[text] = value
        return value

    def age(self) -> None:
        """What it holds becomes the older generation; the older one is forgotten."""
        self.older = dict(self)
        super().clear()

    def clear(self) -> None:
        super().clear()
        self.older = {}


def forget_kept(most: int) -> None:
    """Each store holding more than `most` texts aged (see Kept.age)."""
    for kept in _every:
        if len(kept) > most:
            kept.age()
