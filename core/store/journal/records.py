"""What the journal records: events, decay bookkeeping, commits and operations, and the errors
it raises.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Literal, TypeAlias, cast, overload

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None
# The memory's fields as stored in before/after: score (full precision), category, content,
# last_activated, activation_count, section; callers may add more keys.
Fields: TypeAlias = Mapping[str, JsonValue]


class JournalError(Exception):
    """The journal cannot be used: corrupt file, newer schema, or an SQLite failure."""


class JournalReadOnlyError(JournalError):
    """The workspace (or its `.memdesk` folder) cannot be written."""


def utc_now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    """Fixed-width UTC text, so text order is time order."""
    if moment.tzinfo is None:
        raise ValueError(f"naive datetime {moment!r}: the journal needs timezone-aware times")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One change (or observation) of one memory; `file` is relative to the workspace."""

    file: str
    memory_id: str
    kind: str  # create, edit, delete, archive, unarchive, reinforce, decay, observe, restore, …
    actor: str  # agent, person, reviewer, decay, import
    cause: str = ""
    op_id: str | None = None  # groups the events of one operation, for undo
    before: Fields | None = None  # None for create
    after: Fields | None = None  # None for delete
    at: datetime = field(default_factory=utc_now)


@dataclass(frozen=True, slots=True)
class ScoreEvents(Sequence[Event]):
    """The events of one operation that changes scores only (a decay run): each memory's score
    before and after, all of one file, kind, actor, cause, operation and time. Recorded without
    building an Event per memory, and held as columns: a run's checks go column by column."""

    file: str
    kind: str
    actor: str
    cause: str
    op_id: str | None
    at: datetime
    memory_ids: Sequence[str]
    befores: Sequence[float | None]
    afters: Sequence[float | None]

    def __post_init__(self) -> None:
        if not len(self.memory_ids) == len(self.befores) == len(self.afters):
            raise ValueError("score events need as many scores before and after as memories")

    @classmethod
    def of_rows(
        cls,
        file: str, kind: str, actor: str, cause: str, op_id: str | None, at: datetime,
        rows: Iterable[tuple[str, float | None, float | None]],
    ) -> ScoreEvents:  # fmt: skip
        """From (memory_id, before, after) rows."""
        listed = list(rows)
        ids = [memory_id for memory_id, _before, _after in listed]
        befores = [before for _memory_id, before, _after in listed]
        afters = [after for _memory_id, _before, after in listed]
        return cls(file, kind, actor, cause, op_id, at, ids, befores, afters)

    def rows(self) -> Iterator[tuple[str, float | None, float | None]]:
        return zip(self.memory_ids, self.befores, self.afters, strict=True)

    def __len__(self) -> int:
        return len(self.memory_ids)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return [self._event(*row) for row in list(self.rows())[index]]
        return self._event(self.memory_ids[index], self.befores[index], self.afters[index])

    def _event(self, memory_id: str, before: float | None, after: float | None) -> Event:
        return Event(
            file=self.file, memory_id=memory_id, kind=self.kind, actor=self.actor,
            cause=self.cause, op_id=self.op_id, at=self.at,
            before=None if before is None else {"score": before},
            after=None if after is None else {"score": after},
        )  # fmt: skip

    def plain(self) -> bool:
        """Whether each memory has one event and every score is a finite float (stored as is in
        the REAL columns) or None."""
        ids = self.memory_ids
        if len(set(ids)) < len(ids):
            return False
        values = [*self.befores, *self.afters]
        kinds = set(map(type, values))
        if kinds <= {float}:
            return all(map(math.isfinite, cast(list[float], values)))
        return kinds <= {float, type(None)} and all(v is None or math.isfinite(v) for v in values)


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordedEvent(Event):
    """An event as stored, with its row id (insertion order)."""

    id: int


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """One point of a memory's score history."""

    at: datetime
    score: float
    kind: str
    actor: str

    def as_json(self) -> dict[str, JsonValue]:
        """The shape of `memdesk show --json` history items."""
        return {"at": _iso(self.at), "score": self.score, "kind": self.kind, "actor": self.actor}


# One memory as read from the file: id, the journal's score before (None: first seen), the
# file's score, and the date its decay starts from.
Observation: TypeAlias = tuple[str, float | None, float, date]


@dataclass(frozen=True, slots=True)
class DecayState:
    """The precise score of a memory, decayed up to and including `anchor`."""

    anchor: date
    score: float
    updated_at: datetime = field(default_factory=utc_now)


@dataclass(frozen=True, slots=True)
class DecayStates(Mapping[str, DecayState]):
    """The decay bookkeeping of one run: each memory's precise score, all decayed up to one
    anchor and noted at one time. Recorded without building a DecayState per memory."""

    anchor: date
    updated_at: datetime
    scores: Mapping[str, float]  # memory_id -> score

    def __getitem__(self, memory_id: str) -> DecayState:
        return DecayState(self.anchor, self.scores[memory_id], self.updated_at)

    def __contains__(self, memory_id: object) -> bool:
        return memory_id in self.scores

    def __iter__(self) -> Iterator[str]:
        return iter(self.scores)

    def __len__(self) -> int:
        return len(self.scores)

    def without(self, memory_ids: Iterable[str]) -> DecayStates:
        """These states but those of these memories."""
        left = set(memory_ids)
        if left.issuperset(self.scores):
            return DecayStates(self.anchor, self.updated_at, {})
        rest = {m: s for m, s in self.scores.items() if m not in left}
        return DecayStates(self.anchor, self.updated_at, rest)

    def rows(self, file: str, *tail: object) -> list[tuple[object, ...]]:
        """The rows `_decay_rows` makes of them."""
        anchor, at, scores = self.anchor.isoformat(), _iso(self.updated_at), self.scores
        return [(file, m, anchor, scores[m], at, *tail) for m in sorted(scores)]


FIRST_MEMORIES = 6  # the memories an Operation names; past them, the count says how many


@dataclass(frozen=True, slots=True, kw_only=True)
class Operation:
    """One operation as the Activity view lists it: the files it wrote and what it changed."""

    op_id: str
    at: datetime
    actor: str
    cause: str
    files: tuple[str, ...]
    kinds: dict[str, int]  # kind of change -> how many memories
    memory_ids: tuple[str, ...]  # the first FIRST_MEMORIES memories it changed

    @property
    def count(self) -> int:
        return sum(self.kinds.values())


CommitState: TypeAlias = Literal["pending", "done", "aborted", "diverged"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CommitRecord:
    """One guarded write of one file: what was replaced by what, and whether it completed."""

    id: int
    op_id: str
    file: str
    old_sha256: str | None  # None: the file did not exist
    new_sha256: str | None  # None: the commit removes the file
    actor: str
    cause: str
    pid: int  # the process that wrote it (a pending commit of a live process is in progress)
    state: CommitState
    created_at: datetime
