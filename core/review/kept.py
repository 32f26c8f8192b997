"""What the review keeps of the texts it read, to read each text once (memories an agent writes
repeat their clauses a lot): a clause's reading, what a first clause says its subject is. Each
store starts afresh past its bound; between two workspaces of a fleet far less is kept
(core.review.reading.forget_if_large)."""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["Kept", "forget_kept"]

V = TypeVar("V")

_every: list[Kept[Any]] = []


class Kept(dict[str, V]):
    """Texts and what was read of them, at most `most` (then started afresh)."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most
        _every.append(self)

    def keep(self, text: str, value: V) -> V:
        if len(self) >= self.most:
            self.clear()
        self[text] = value
        return value


def forget_kept(most: int) -> None:
    """Each store holding more than `most` texts started afresh."""
    for kept in _every:
        if len(kept) > most:
            kept.clear()
