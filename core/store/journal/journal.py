"""The workspace journal: `.memdesk/memdesk.db`, an SQLite database in WAL mode.

It records every change to a memory (events, grouped by operation for undo), the decay
bookkeeping that makes decay idempotent, the commit records that tie a file's replacement to
its events (a commit is `pending` from before the file is replaced until it is `done`; the events
and decay bookkeeping of a pending commit are invisible until then, see `core.store.commit`), the full-precision scores behind the file's two
decimals, the backups already imported as observations, reviewer proposals and the workspace's
settings.

Threading: the connection is opened with ``check_same_thread=False`` so a worker thread may use
it, but it must be used by one thread at a time; the caller serialises (e.g. one executor).
Other processes (another MemDesk, a reader script) may open the same file: WAL lets them read
while this one writes, and writers wait up to five seconds for each other.

Read-only workspaces: `Journal.open` needs to write and raises `JournalReadOnlyError` when it
cannot. `Journal.open_readonly` copies the journal (if any) into memory, so a read-only folder
can still be inspected; its writes are kept in memory and lost at `close()` (`persistent` is
False). `Journal.open_for_inspection` tries the first and falls back to the second.
"""

from __future__ import annotations

import errno
import heapq
import json
import math
import os
import shlex
import sqlite3
import stat
import uuid
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from itertools import repeat
from operator import itemgetter
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TypeAlias, cast, get_args, overload

from core.formats.strict_json import dump_json
from core.secrets import scrub_secrets
from core.store.confine import OWN_FOLDER, open_folder, own_link_refused

__all__ = [
    "SCHEMA_VERSION",
    "CommitRecord",
    "CommitState",
    "DecayState",
    "DecayStates",
    "Event",
    "HistoryPoint",
    "Journal",
    "JournalError",
    "JournalReadOnlyError",
    "JsonValue",
    "Observation",
    "Operation",
    "Proposal",
    "ProposalStatus",
    "RecordedEvent",
    "ScoreEvents",
    "utc_now",
]

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None
# The memory's fields as stored in before/after: score (full precision), category, content,
# last_activated, activation_count, section; callers may add more keys.
Fields: TypeAlias = Mapping[str, JsonValue]
ProposalStatus: TypeAlias = Literal["pending", "approved", "rejected", "applied", "stale", "failed"]

DB_DIR = OWN_FOLDER
DB_NAME = "memdesk.db"
# The files SQLite keeps beside the journal: each is checked like the journal before it opens.
_SIDE_FILES = ("-wal", "-shm", "-journal")
BUSY_TIMEOUT_S = 5.0
_SQLITE_READONLY = 8
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26
_LOW_SPACE = 1 << 20  # free bytes under which a failed write is put down to a full disk


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


def _columns(fields: Fields | None) -> tuple[str | None, float | None]:
    """A memory's fields as stored: (JSON text, None), or (None, score) for the score alone
    (most events: a REAL column holds it exactly and costs no JSON), or (None, None)."""
    if fields is None:
        return None, None
    if len(fields) == 1 and type(fields.get("score")) is float:
        return None, _real(cast(float, fields["score"]))
    return _dumps_json(fields), None


def _real(score: float) -> float:
    """A finite score as SQLite stores it; ValueError for one it cannot hold (SQLite keeps a
    NaN as NULL: the score would be lost)."""
    if not math.isfinite(score):
        raise ValueError(f"score {score!r} cannot be recorded: not a finite number")
    return score


def _dumps_json(fields: Fields) -> str:
    # allow_nan=False: a NaN would make the stored JSON unreadable for SQLite's json_extract.
    return dump_json(dict(fields), separators=(",", ":"), allow_nan=False)


def _loads(text: str | None, score: float | None) -> dict[str, JsonValue] | None:
    if text is not None:
        return cast(dict[str, JsonValue], json.loads(text))
    return None if score is None else {"score": score}


# --------------------------------------------------------------------------- records


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


@dataclass(frozen=True, slots=True, kw_only=True)
class Proposal:
    """A reviewer's proposed decision about one memory, and what the person did with it."""

    id: int
    file: str
    memory_id: str
    trigger: str
    decision: str
    reasons: str
    transcript: str
    reviewer: str
    status: ProposalStatus
    memory_hash: str
    created_at: datetime
    decided_at: datetime | None
    why: str = ""  # why the trigger fired
    memory_json: str = "{}"  # the memory as reviewed
    related_json: str = "[]"  # the other memory of a pair, as reviewed
    merged_text: str | None = None
    decided_by: str | None = None
    op_id: str | None = None  # the operation that applied it
    findings_json: str = "[]"  # every trigger that fired: [{"trigger", "why", "related"}]

    @property
    def triggers(self) -> list[str]:
        """Every trigger that brought the memory up, the leading one first."""
        found = [str(f.get("trigger")) for f in json.loads(self.findings_json or "[]")]
        return found or [self.trigger]

    @property
    def related_ids(self) -> list[str]:
        """The ids of the other memories the proposal names."""
        return [str(m.get("id") or m.get("key")) for m in json.loads(self.related_json or "[]")]


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
    new_sha256: str
    actor: str
    cause: str
    pid: int  # the process that wrote it (a pending commit of a live process is in progress)
    state: CommitState
    created_at: datetime


# --------------------------------------------------------------------------- schema

Migration: TypeAlias = Callable[[sqlite3.Connection], None]

_V1_SCHEMA = (
    """CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        file TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        actor TEXT NOT NULL,
        cause TEXT NOT NULL DEFAULT '',
        op_id TEXT,
        before_json TEXT,
        after_json TEXT)""",
    "CREATE INDEX events_by_memory ON events (file, memory_id, at)",
    "CREATE INDEX events_by_op ON events (op_id) WHERE op_id IS NOT NULL",
    """CREATE TABLE decay_state (
        file TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        anchor TEXT NOT NULL,
        score REAL NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (file, memory_id)) WITHOUT ROWID""",
    """CREATE TABLE imported_backups (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        at TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        imported_at TEXT NOT NULL)""",
    """CREATE TABLE proposals (
        id INTEGER PRIMARY KEY,
        file TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        trigger TEXT NOT NULL,
        decision TEXT NOT NULL,
        reasons TEXT NOT NULL,
        transcript TEXT NOT NULL DEFAULT '',
        reviewer TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending'
            CHECK (status IN ('pending', 'approved', 'rejected', 'applied', 'stale')),
        memory_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        decided_at TEXT)""",
    "CREATE INDEX proposals_by_status ON proposals (status)",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value_json TEXT NOT NULL)",
)


def _running(statements: Sequence[str]) -> Migration:
    """A migration that runs these statements, in order."""

    def migrate(conn: sqlite3.Connection) -> None:
        for statement in statements:
            conn.execute(statement)

    return migrate


_migrate_to_v1 = _running(_V1_SCHEMA)


_V2_SCHEMA = (
    """CREATE TABLE commits (
        id INTEGER PRIMARY KEY,
        op_id TEXT NOT NULL,
        file TEXT NOT NULL,
        old_sha256 TEXT,
        new_sha256 TEXT NOT NULL,
        actor TEXT NOT NULL,
        cause TEXT NOT NULL DEFAULT '',
        pid INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending'
            CHECK (state IN ('pending', 'done', 'aborted', 'diverged')),
        created_at TEXT NOT NULL,
        settled_at TEXT)""",
    "CREATE INDEX commits_pending ON commits (file) WHERE state = 'pending'",
    "CREATE INDEX commits_by_file ON commits (file, id)",
    "ALTER TABLE events ADD COLUMN commit_id INTEGER",
    "CREATE INDEX events_by_commit ON events (commit_id) WHERE commit_id IS NOT NULL",
    """CREATE TABLE pending_decay (
        commit_id INTEGER NOT NULL,
        file TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        anchor TEXT,
        score REAL,
        updated_at TEXT NOT NULL)""",
    "CREATE INDEX pending_decay_by_commit ON pending_decay (commit_id)",
)


_migrate_to_v2 = _running(_V2_SCHEMA)


# A backup's scores, one row per memory, kept once for backups holding the same bytes
# (`scores_from`: the backup whose rows they are); those imported before v3 have events instead.
_V3_SCHEMA = (
    "ALTER TABLE imported_backups ADD COLUMN file TEXT",
    "ALTER TABLE imported_backups ADD COLUMN scores_from INTEGER",
    """CREATE TABLE backup_scores (
        memory_id TEXT NOT NULL,
        backup_id INTEGER NOT NULL,
        score REAL NOT NULL,
        PRIMARY KEY (memory_id, backup_id)) WITHOUT ROWID""",
    # The score of a memory the journal held none for, as first read from the file (an
    # `observe` by `agent` at the file's time): a first look at a file reads every memory.
    """CREATE TABLE first_scores (
        file TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        at TEXT NOT NULL,
        score REAL NOT NULL,
        PRIMARY KEY (file, memory_id, at)) WITHOUT ROWID""",
)


_migrate_to_v3 = _running(_V3_SCHEMA)


# The review queue (SPEC 4): a proposal keeps the memory as reviewed and why its trigger fired,
# the other memory of a pair, a merge's text, who decided and the operation that applied it; a
# reviewer that could not decide leaves a `failed` proposal. `review_seen`: the memories a review
# run saw, so the next one knows what the agent wrote on its own since.
_V4_SCHEMA = (
    """CREATE TABLE proposals_v4 (
        id INTEGER PRIMARY KEY,
        file TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        trigger TEXT NOT NULL,
        decision TEXT NOT NULL,
        reasons TEXT NOT NULL,
        transcript TEXT NOT NULL DEFAULT '',
        reviewer TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending'
            CHECK (status IN ('pending', 'approved', 'rejected', 'applied', 'stale', 'failed')),
        memory_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        decided_at TEXT,
        why TEXT NOT NULL DEFAULT '',
        memory_json TEXT NOT NULL DEFAULT '{}',
        related_json TEXT NOT NULL DEFAULT '[]',
        merged_text TEXT,
        decided_by TEXT,
        op_id TEXT)""",
    """INSERT INTO proposals_v4 (id, file, memory_id, trigger, decision, reasons, transcript,
        reviewer, status, memory_hash, created_at, decided_at)
        SELECT id, file, memory_id, trigger, decision, reasons, transcript, reviewer, status,
        memory_hash, created_at, decided_at FROM proposals""",
    "DROP TABLE proposals",
    "ALTER TABLE proposals_v4 RENAME TO proposals",
    "CREATE INDEX proposals_by_status ON proposals (status)",
    """CREATE TABLE review_seen (
        file TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        PRIMARY KEY (file, memory_id)) WITHOUT ROWID""",
)


_migrate_to_v4 = _running(_V4_SCHEMA)


# What a review run saw of each memory's text: the agent rewriting one (a compression) is news.
_migrate_to_v5 = _running(("ALTER TABLE review_seen ADD COLUMN text_sha256 TEXT",))


# A memory's score alone is kept in REAL columns, not as JSON; a commit that writes only scores
# (a decay run) keeps the decay anchor its score events move to once, not a row per memory.
# Events have two indexes, not three (a decay run writes an entry in each for every memory): a
# commit's events are found through its operation's, a memory's by its id alone.
_migrate_to_v6 = _running(
    (
        "ALTER TABLE events ADD COLUMN before_score REAL",
        "ALTER TABLE events ADD COLUMN after_score REAL",
        "ALTER TABLE commits ADD COLUMN decay_anchor TEXT",
        "ALTER TABLE commits ADD COLUMN decay_updated_at TEXT",
        "DROP INDEX events_by_commit",
        "DROP INDEX events_by_memory",
        "CREATE INDEX events_by_memory ON events (memory_id)",
    )
)


def _migrate_to_v7(conn: sqlite3.Connection) -> None:
    """A commit's events are found by their place: a commit records the first and last row id
    of its events (written in one transaction, so together), and only the events of no commit
    are indexed by operation (a decay run no longer writes an index entry per memory there)."""
    for statement in (
        "ALTER TABLE commits ADD COLUMN first_event INTEGER",
        "ALTER TABLE commits ADD COLUMN last_event INTEGER",
        """CREATE TEMP TABLE commit_ranges (commit_id INTEGER PRIMARY KEY, lo INTEGER, hi INTEGER)""",
        """INSERT INTO temp.commit_ranges SELECT commit_id, min(id), max(id) FROM events
            WHERE commit_id IS NOT NULL GROUP BY commit_id""",
        """UPDATE commits SET first_event = r.lo, last_event = r.hi
            FROM temp.commit_ranges r WHERE r.commit_id = commits.id""",
        "DROP TABLE temp.commit_ranges",
        "DROP INDEX events_by_op",
        "CREATE INDEX events_by_op ON events (op_id) WHERE op_id IS NOT NULL AND commit_id IS NULL",
        "CREATE INDEX commits_by_op ON commits (op_id)",
    ):
        conn.execute(statement)


# A proposal carries every trigger that fired for its memory (SPEC 4: one open proposal per
# memory): [{"trigger", "why", "related": [keys]}], the leading one first.
_migrate_to_v8 = _running(
    (
        "ALTER TABLE proposals ADD COLUMN findings_json TEXT NOT NULL DEFAULT '[]'",
        "CREATE INDEX proposals_by_memory ON proposals (file, memory_id)",
    )
)


# MIGRATIONS[n] takes a database from user_version n to n + 1. Append, never edit or reorder.
MIGRATIONS: tuple[Migration, ...] = (
    _migrate_to_v1,
    _migrate_to_v2,
    _migrate_to_v3,
    _migrate_to_v4,
    _migrate_to_v5,
    _migrate_to_v6,
    _migrate_to_v7,
    _migrate_to_v8,
)
SCHEMA_VERSION = len(MIGRATIONS)


def _user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _check_version(version: int, path: Path | None) -> None:
    if version > SCHEMA_VERSION:
        raise JournalError(
            f"{path}: this journal was written by a newer MemDesk (schema {version}, this "
            f"version knows up to {SCHEMA_VERSION}); it was left untouched. Update MemDesk."
        )


def _read_version(conn: sqlite3.Connection, path: Path | None) -> int:
    """The schema version; also the first read, so a non-SQLite file fails here (the opener
    says so: `_failure`)."""
    version = _user_version(conn)
    _check_version(version, path)
    return version


def _failure(path: Path | None, exc: sqlite3.Error) -> JournalError:
    """What went wrong with the journal at `path`: not a journal at all, or the disk would not
    take it (full, or failing)."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code == _SQLITE_NOTADB:
        return _not_a_journal(path, f"not an SQLite database: {exc}")
    if code == _SQLITE_CORRUPT:
        return _not_a_journal(path, f"damaged: {exc}")
    return JournalError(f"{path}: the journal could not be written ({exc}){_full_disk(path, code)}")


def _not_a_journal(path: Path | None, why: str) -> JournalError:
    """A journal that cannot be read at all: what it is, and how to go on without it."""
    return JournalError(
        f"{path} is not a MemDesk journal ({why}): history and undo are unavailable; "
        f"move it aside (mv {shlex.quote(str(path))} {shlex.quote(f'{path}.broken')}) and "
        "MemDesk starts a new one"
    )


def _full_disk(path: Path | None, code: int) -> str:
    """The words "; the disk is full (16 KB free)" when it is, else nothing."""
    try:
        st = os.statvfs(path.parent if path is not None else ".")
    except OSError:
        return "; the disk is full" if code == _SQLITE_FULL else ""
    free = st.f_bavail * st.f_frsize
    if code != _SQLITE_FULL and free >= _LOW_SPACE:
        return ""
    return f"; the disk is full ({free // 1024} KB free)"


def _is_readonly(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    return code in (_SQLITE_READONLY, _SQLITE_CANTOPEN)


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE … COMMIT: the write lock is taken up front, so no upgrade deadlock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _migrate(conn: sqlite3.Connection, path: Path | None) -> None:
    if _read_version(conn, path) == SCHEMA_VERSION:
        return
    with _transaction(conn):
        version = _read_version(conn, path)  # another process may have migrated meanwhile
        for target, step in enumerate(MIGRATIONS[version:], start=version + 1):
            step(conn)
            conn.execute(f"PRAGMA user_version = {target}")


# --------------------------------------------------------------------------- opening


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; writes use _transaction explicitly.
    return sqlite3.connect(
        target, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False, uri=uri
    )


def _configure(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    # Up to 64 MB of pages (2 MB by default): a decay run's 100,000 events go into an index of
    # as many, which a small cache writes out again and again.
    conn.execute("PRAGMA cache_size = -65536")
    # FULL: a commit record is on disk before the file it announces is replaced, power cut or not.
    conn.execute("PRAGMA synchronous = FULL")


@contextmanager
def _own_folder(workspace: Path, *, create: bool) -> Iterator[int | None]:
    """`.memdesk/` held open, reached without following a link (made when `create`; None when
    there is none), its journal files checked: a link among them, or anything but a file, is
    refused before SQLite opens them (SQLite would follow a link to the database)."""
    folder = workspace / DB_DIR
    if not workspace.is_dir():
        raise JournalError(f"{workspace}: no such workspace folder")
    try:
        fd = open_folder(workspace, DB_DIR, str(folder), create=create)
    except FileNotFoundError as exc:
        if create:
            raise JournalError(
                f"{folder}: cannot create the journal's folder: {exc.strerror}"
            ) from exc
        yield None
        return
    except OSError as exc:
        if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
            raise JournalReadOnlyError(f"cannot create {folder}: {exc.strerror}") from exc
        raise JournalError(f"{folder}: cannot open the journal's folder: {exc.strerror}") from exc
    try:
        for name in (DB_NAME, *(DB_NAME + side for side in _SIDE_FILES)):
            _refuse_odd(fd, name, folder / name)
        yield fd
    finally:
        os.close(fd)


def _refuse_odd(folder: int, name: str, shown: Path) -> None:
    """ConfinementError for `name` in `folder` when it is a link or no regular file."""
    try:
        st = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise own_link_refused(shown)
    if not stat.S_ISREG(st.st_mode):  # a folder, a FIFO, a device: no journal
        raise _not_a_journal(shown, "not a file")


def _connect_own(target: str, folder: int, path: Path, *, uri: bool = False) -> sqlite3.Connection:
    """`_connect` to the journal in `folder` (open): the file SQLite opened is checked to be the
    one there before anything is read or written (no link put in its place meanwhile)."""
    conn = _connect(target, uri=uri)
    opened = conn.execute("PRAGMA database_list").fetchone()[2]
    try:
        same = os.path.samestat(
            os.stat(opened), os.stat(DB_NAME, dir_fd=folder, follow_symlinks=False)
        )
    except OSError:
        same = False
    if not same:
        conn.close()
        raise own_link_refused(path)
    return conn


def _ensure_writable(folder: Path, path: Path) -> None:
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise JournalReadOnlyError(f"{path}: the workspace is read-only")


def _open_writable(path: Path, folder: int) -> sqlite3.Connection:
    conn: sqlite3.Connection | None = None
    try:
        conn = _connect_own(str(path), folder, path)
        _read_version(conn, path)  # before any pragma that could write to the file
        _configure(conn)
        _migrate(conn, path)
    except sqlite3.Error as exc:  # a file SQLite cannot open, a page that is not SQLite's
        if conn is not None:
            conn.close()
        if isinstance(exc, sqlite3.OperationalError) and _is_readonly(exc):
            raise JournalReadOnlyError(f"{path}: cannot write the journal ({exc})") from exc
        raise _failure(path, exc) from exc
    except BaseException:
        if conn is not None:
            conn.close()
        raise
    return conn


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` now, the name itself (a link put there is another file; None:
    none)."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_dev, st.st_ino


@contextmanager
def _os_errors(path: Path) -> Iterator[None]:
    """A journal folder MemDesk may not look into (no permission) is a JournalError too."""
    try:
        yield
    except OSError as exc:
        raise JournalError(f"{path}: cannot open the journal: {exc.strerror or exc}") from exc


def _snapshot(path: Path, folder: int) -> sqlite3.Connection:
    """Copy the journal at `path` (in `folder`, open) into memory, never changing it."""
    memory = _connect(":memory:")
    try:
        _copy_readonly(path, folder, memory)
    except BaseException:
        memory.close()
        raise
    return memory


def _copy_readonly(path: Path, folder: int, memory: sqlite3.Connection) -> None:
    # A WAL database opened with mode=ro still needs its -shm file; in a read-only folder
    # where none exists, fall back to immutable=1: no locking, and a -wal left without its
    # -shm is not read (a clean close leaves neither), acceptable for an inspection snapshot.
    for options in ("mode=ro", "immutable=1"):
        try:
            source = _connect_own(f"{path.absolute().as_uri()}?{options}", folder, path, uri=True)
        except sqlite3.Error as exc:  # a file it may not read
            raise JournalError(f"{path}: cannot read the journal ({exc})") from exc
        try:
            _read_version(source, path)
            source.backup(memory)
            return
        except sqlite3.OperationalError as exc:
            if not _is_readonly(exc) or options == "immutable=1":
                raise JournalError(f"{path}: cannot read the journal ({exc})") from exc
        except sqlite3.DatabaseError as exc:  # a page past the first is not SQLite's
            raise _failure(path, exc) from exc
        finally:
            source.close()


def _holds(folder: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


# --------------------------------------------------------------------------- the journal


class Journal:
    """One workspace's journal. Create with `open`, `open_readonly` or `open_for_inspection`."""

    def __init__(self, conn: sqlite3.Connection, *, path: Path | None, persistent: bool) -> None:
        self._conn = conn
        self.path = path
        self.persistent = persistent
        self._identity = _identity(path) if persistent and path is not None else None

    @staticmethod
    def db_path(workspace: Path) -> Path:
        """Where a workspace's journal lives."""
        return workspace / DB_DIR / DB_NAME

    @classmethod
    def exists(cls, workspace: Path) -> bool:
        """Whether the workspace has a journal (one MemDesk may not look at counts as one)."""
        try:  # a link counts: opening it is refused, clearly
            return os.path.lexists(cls.db_path(workspace))
        except OSError:
            return True

    @classmethod
    def open(cls, workspace: Path) -> Journal:
        """Open (creating and migrating if needed) the workspace's journal for writing."""
        path = cls.db_path(workspace)
        with _own_folder(workspace, create=True) as folder:
            assert folder is not None
            with _os_errors(path):
                _ensure_writable(path.parent, path)
            return cls(_open_writable(path, folder), path=path, persistent=True)

    @classmethod
    def open_readonly(cls, workspace: Path) -> Journal:
        """An in-memory copy of the journal (empty if there is none); writes are not saved."""
        path = cls.db_path(workspace)
        with _own_folder(workspace, create=False) as folder:
            there = folder is not None and _holds(folder, DB_NAME)
            conn = _snapshot(path, folder) if folder is not None and there else _connect(":memory:")
        try:
            _migrate(conn, path)
        except sqlite3.Error as exc:  # the copy holds pages that are not SQLite's
            conn.close()
            raise _failure(path, exc) from exc
        except BaseException:
            conn.close()
            raise
        return cls(conn, path=path, persistent=False)

    @classmethod
    def open_for_inspection(cls, workspace: Path) -> Journal:
        """`open`, or `open_readonly` when the workspace cannot be written (check, list, show)."""
        try:
            return cls.open(workspace)
        except JournalReadOnlyError:
            return cls.open_readonly(workspace)

    @classmethod
    def in_memory(cls) -> Journal:
        """A fresh journal that lives only in memory."""
        conn = _connect(":memory:")
        _migrate(conn, None)
        return cls(conn, path=None, persistent=False)

    def failed(self, exc: sqlite3.Error) -> JournalError:
        """What an SQLite failure met while reading the journal means (a page not SQLite's)."""
        return _failure(self.path, exc)

    def close(self) -> None:
        """Close the connection; safe to call twice."""
        self._conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction; an SQLite failure (a full disk) is a JournalError saying so."""
        try:
            with _transaction(self._conn) as conn:
                yield conn
        except sqlite3.Error as exc:
            raise _failure(self.path, exc) from exc
        self._check_still_there()

    def _check_still_there(self) -> None:
        """A journal file deleted or replaced while open takes what is written to it into a file
        nobody will read again: an error, never a quiet success."""
        if (
            self._identity is not None
            and self.path is not None
            and _identity(self.path) != self._identity
        ):
            raise JournalError(
                f"{self.path}: the journal was deleted or replaced while MemDesk was writing to "
                "it; what was just done is not recorded in it"
            )

    # ----------------------------------------------------------------------- events

    @staticmethod
    def new_op_id() -> str:
        """A fresh id that groups the events of one operation."""
        return uuid.uuid4().hex

    def record(self, events: Iterable[Event]) -> None:
        """Store events, all or none (one transaction)."""
        with self._write() as conn:
            _store_events(conn, events)

    def record_observations(
        self, file: str, observed: Iterable[Observation], *, at: datetime, cause: str
    ) -> None:
        """Scores read from the file that the journal did not hold, and the decay bookkeeping
        they start, all or none (one transaction): an `observe` event by `agent` for a memory
        the journal knew (its score before, and now), the score alone for one it did not."""
        now, when = _iso(utc_now()), _iso(at)
        firsts, events, decay = [], [], []
        anchors: dict[date, str] = {}
        for memory_id, before, score, anchor in sorted(observed, key=itemgetter(0)):
            if before is None:
                firsts.append((file, memory_id, when, score))
            else:
                events.append((when, file, memory_id, "observe", "agent", cause, None, None, None,
                               None, _real(before), _real(score)))  # fmt: skip
            day = anchors.get(anchor) or anchors.setdefault(anchor, anchor.isoformat())
            decay.append((file, memory_id, day, score, now))
        with self._write() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO first_scores (file, memory_id, at, score)"
                " VALUES (?, ?, ?, ?)",
                firsts,
            )
            conn.executemany(_INSERT_EVENT, events)
            conn.executemany(_UPSERT_DECAY, decay)

    # ----------------------------------------------------------------------- commits

    def begin_commit(
        self,
        *,
        op_id: str,
        file: str,
        old_sha256: str | None,
        new_sha256: str,
        actor: str,
        cause: str,
        events: Iterable[Event] = (),
        decay_states: Mapping[str, DecayState] | None = None,
        forget: Iterable[str] = (),
    ) -> int:
        """Record the intent to replace `file` (one transaction); returns the commit's id.

        Its events and decay bookkeeping stay invisible until `finish_commit`; `abort_commit`
        drops them. Raises JournalError when the journal cannot take it (disk full, a value JSON
        cannot hold): then the file must not be written.
        """
        now = _iso(utc_now())
        carried, rest = _carried_states(events, decay_states or {})
        anchor = None if carried is None else carried.anchor.isoformat()
        anchored_at = None if carried is None else _iso(carried.updated_at)
        try:
            with self._write() as conn:
                cursor = conn.execute(
                    "INSERT INTO commits (op_id, file, old_sha256, new_sha256, actor, cause, pid,"
                    " created_at, decay_anchor, decay_updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                    " ?, ?)",
                    (op_id, file, old_sha256, new_sha256, actor, cause, os.getpid(), now, anchor,
                     anchored_at),
                )  # fmt: skip
                commit_id = cursor.lastrowid
                assert commit_id is not None
                _store_commit_events(conn, events, commit_id)
                decay = _decay_rows(file, rest, commit_id)
                decay += [(file, m, None, None, now, commit_id) for m in forget]
                conn.executemany(_INSERT_PENDING_DECAY, decay)
        except (sqlite3.Error, ValueError, OverflowError) as exc:
            raise JournalError(
                f"{self.path}: the journal cannot record the change ({exc})"
            ) from exc
        return commit_id

    def finish_commit(self, commit_id: int) -> None:
        """The file was replaced: its events become history, its decay bookkeeping current."""
        with self._write() as conn:
            self._settle(conn, commit_id, "done")
            _apply_decay(conn, commit_id)
            conn.execute(
                "DELETE FROM decay_state WHERE (file, memory_id) IN (SELECT file, memory_id"
                " FROM pending_decay WHERE commit_id = ? AND anchor IS NULL)",
                (commit_id,),
            )
            conn.execute("DELETE FROM pending_decay WHERE commit_id = ?", (commit_id,))

    def abort_commit(
        self, commit_id: int, *, state: CommitState = "aborted", note: Event | None = None
    ) -> None:
        """The file was not replaced, or changed again since: drop the commit's events.

        A `diverged` commit (replaced, then changed by another program before MemDesk could
        confirm it) keeps its decay bookkeeping: each memory's anchor is used only while the
        file still shows the score recorded with it, so it is right for the memories the other
        program left alone and ignored for the others. `note` is recorded in the same
        transaction.
        """
        with self._write() as conn:
            self._settle(conn, commit_id, state)
            if state == "diverged":
                _apply_decay(conn, commit_id)
            conn.execute(f"DELETE FROM events WHERE {_OF_COMMIT}", {"commit": commit_id})
            conn.execute("DELETE FROM pending_decay WHERE commit_id = ?", (commit_id,))
            if note is not None:
                _store_events(conn, [note])

    def _settle(self, conn: sqlite3.Connection, commit_id: int, state: CommitState) -> None:
        cursor = conn.execute(
            "UPDATE commits SET state = ?, settled_at = ? WHERE id = ? AND state = 'pending'",
            (state, _iso(utc_now()), commit_id),
        )
        if cursor.rowcount == 0:
            raise JournalError(f"{self.path}: commit {commit_id} is not pending")

    def pending_commits(self, file: str | None = None) -> list[CommitRecord]:
        """Commits whose file replacement was announced but not confirmed, oldest first."""
        sql = f"{_SELECT_COMMITS} WHERE state = 'pending'"
        params: tuple[str, ...] = ()
        if file is not None:
            sql += " AND file = ?"
            params = (file,)
        return [_commit(row) for row in self._conn.execute(sql + " ORDER BY id", params)]

    def last_commit(self, file: str) -> CommitRecord | None:
        """The newest completed commit of `file`."""
        sql = f"{_SELECT_COMMITS} WHERE file = ? AND state = 'done' ORDER BY id DESC LIMIT 1"
        row = self._conn.execute(sql, (file,)).fetchone()
        return None if row is None else _commit(row)

    def recent_commits(self, file: str, limit: int) -> list[CommitRecord]:
        """The newest completed commits of `file`, newest first."""
        sql = f"{_SELECT_COMMITS} WHERE file = ? AND state = 'done' ORDER BY id DESC LIMIT ?"
        return [_commit(row) for row in self._conn.execute(sql, (file, limit))]

    def commits_events(self, commit_ids: Sequence[int]) -> list[RecordedEvent]:
        """The events of these commits, newest first."""
        marks = ", ".join("?" * len(commit_ids))
        sql = (
            f"{_SELECT_EVENTS} WHERE id IN (SELECT e.id FROM commits c JOIN events e"
            " ON e.id BETWEEN c.first_event AND c.last_event AND e.commit_id = c.id"
            f" WHERE c.id IN ({marks})) ORDER BY id DESC"
        )
        return [_recorded(row) for row in self._conn.execute(sql, tuple(commit_ids))]

    def commit_events(self, commit_id: int) -> list[RecordedEvent]:
        """The events of one commit, in the order they were recorded."""
        sql = f"{_SELECT_EVENTS} WHERE {_OF_COMMIT} ORDER BY id"
        return [_recorded(row) for row in self._conn.execute(sql, {"commit": commit_id})]

    def history(self, file: str, memory_id: str) -> list[HistoryPoint]:
        """The memory's score over time: `after` score, or `before` for a delete."""
        params = {"file": file, "memory_id": memory_id}
        rows = self._conn.execute(_SELECT_HISTORY, params).fetchall()
        return [
            HistoryPoint(at=datetime.fromisoformat(at), score=float(score), kind=kind, actor=actor)
            for at, score, kind, actor in rows
            if score is not None
        ]

    def first_before(self, file: str, memory_id: str) -> HistoryPoint | None:
        """The memory's score as the file held it before MemDesk's first change of it (the
        agent's score, which that change replaced), at the time of that change."""
        params = {"file": file, "memory_id": memory_id}
        row = self._conn.execute(_SELECT_FIRST_BEFORE, params).fetchone()
        if row is None or row[1] is None:
            return None
        if self._conn.execute(_OBSERVED_BY, {**params, "at": row[0]}).fetchone():
            return None  # the memory was observed first: that score is its first point
        return HistoryPoint(
            at=datetime.fromisoformat(row[0]), score=float(row[1]), kind="observe", actor="agent"
        )

    def events_of_op(self, op_id: str) -> list[RecordedEvent]:
        """The events of one operation, in the order they were recorded."""
        sql = f"{_SELECT_EVENTS} WHERE {_OF_OP} AND {_VISIBLE} ORDER BY id"
        return [_recorded(row) for row in self._conn.execute(sql, {"op": op_id})]

    def last_op(
        self, *, file: str | None = None, actors: Collection[str] | None = None
    ) -> str | None:
        """The op_id of the most recently recorded operation, optionally by file and actor."""
        where: list[str] = ["op_id IS NOT NULL", _VISIBLE]
        params: list[object] = []
        if file is not None:
            where.append("file = ?")
            params.append(file)
        if actors is not None:
            where.append(f"actor IN ({', '.join('?' * len(actors))})")
            params.extend(actors)
        sql = f"SELECT op_id FROM events WHERE {' AND '.join(where)} ORDER BY id DESC LIMIT 1"
        row = self._conn.execute(sql, params).fetchone()
        return None if row is None else str(row[0])

    def commits_of_op(self, op_id: str) -> list[CommitRecord]:
        """The completed commits of one operation (one per file it wrote), in order."""
        sql = f"{_SELECT_COMMITS} WHERE op_id = ? AND state = 'done' ORDER BY id"
        return [_commit(row) for row in self._conn.execute(sql, (op_id,))]

    def operations(
        self,
        limit: int = 500,
        *,
        memory_id: str | None = None,
        actor: str | None = None,
        kind: str | None = None,
        op_prefix: str | None = None,
    ) -> list[Operation]:
        """Completed operations (what wrote files), newest first; optionally only those that
        touched a memory, were made by an actor, include a kind of change, or whose id starts
        with `op_prefix`."""
        where, params = ["c.state = 'done'"], []
        if op_prefix:
            where.append("substr(c.op_id, 1, ?) = ?")
            params += [len(op_prefix), op_prefix]
        if actor:
            where.append("c.actor = ?")
            params.append(actor)
        for column, value in (("memory_id", memory_id), ("kind", kind)):
            if value:
                where.append(f"c.op_id IN (SELECT op_id FROM events WHERE {column} = ?)")
                params.append(value)
        sql = (
            "SELECT c.op_id, min(c.created_at), c.actor, c.cause, group_concat(c.file, char(10)),"
            " max(c.id) FROM commits c WHERE "
            + " AND ".join(where)
            + " GROUP BY c.op_id ORDER BY max(c.id) DESC LIMIT ?"
        )
        rows = self._conn.execute(sql, (*params, limit)).fetchall()
        return [self._operation(row) for row in rows]

    def _operation(self, row: Sequence[Any]) -> Operation:
        op_id, at, actor, cause, files, _last = row
        parts = self._op_parts(op_id)
        kinds: Counter[str] = Counter()
        for where, params in parts:
            sql = f"SELECT kind, count(*) FROM events WHERE {where} GROUP BY kind"
            kinds.update(dict(self._conn.execute(sql, params).fetchall()))
        in_order = heapq.merge(
            *(
                self._conn.execute(f"SELECT id, memory_id FROM events WHERE {where} ORDER BY id", p)
                for where, p in parts
            )
        )
        memories: dict[str, None] = {}
        for _id, memory_id in in_order:  # the first six, without reading all 100,000 of a run
            memories.setdefault(memory_id)
            if len(memories) == FIRST_MEMORIES:
                break
        return Operation(
            op_id=op_id,
            at=datetime.fromisoformat(at),
            actor=actor,
            cause=cause,
            files=tuple(dict.fromkeys(files.split("\n"))),
            kinds=dict(sorted(kinds.items())),
            memory_ids=tuple(memories),
        )

    def _op_parts(self, op_id: str) -> list[tuple[str, tuple[object, ...]]]:
        """Where the events of an operation are, each part in row order without a sort: those
        of no commit (by the index on op_id), then each commit's place."""
        parts: list[tuple[str, tuple[object, ...]]] = [
            ("op_id = ? AND commit_id IS NULL", (op_id,))
        ]
        sql = "SELECT id, first_event, last_event FROM commits WHERE op_id = ? ORDER BY id"
        for commit_id, first, last in self._conn.execute(sql, (op_id,)).fetchall():
            if first is not None:
                parts.append(("id BETWEEN ? AND ? AND commit_id = ?", (first, last, commit_id)))
        return parts

    def causes_starting(self, prefix: str) -> list[tuple[str, str]]:
        """(op_id, cause) of the completed operations whose cause starts with `prefix`, oldest
        first."""
        sql = (
            "SELECT op_id, cause FROM commits WHERE state = 'done' AND substr(cause, 1, ?) = ?"
            " GROUP BY op_id ORDER BY max(id)"
        )
        return [(r[0], r[1]) for r in self._conn.execute(sql, (len(prefix), prefix))]

    def events_after(self, file: str, memory_id: str, event_id: int) -> list[RecordedEvent]:
        """The memory's events recorded after `event_id` (changes made since), oldest first."""
        sql = (
            f"{_SELECT_EVENTS} WHERE file = ? AND memory_id = ? AND id > ? AND {_VISIBLE}"
            " ORDER BY id"
        )
        return [_recorded(row) for row in self._conn.execute(sql, (file, memory_id, event_id))]

    def backups_with_sha(self, sha256: str) -> list[str]:
        """Workspace-relative paths of the known backups holding exactly these bytes."""
        sql = "SELECT path FROM imported_backups WHERE sha256 = ? ORDER BY id DESC"
        return [row[0] for row in self._conn.execute(sql, (sha256,))]

    def recent_events(self, limit: int = 100) -> list[RecordedEvent]:
        """The last `limit` events recorded, newest first."""
        sql = f"{_SELECT_EVENTS} WHERE {_VISIBLE} ORDER BY id DESC LIMIT ?"
        return [_recorded(row) for row in self._conn.execute(sql, (limit,))]

    # ----------------------------------------------------------------------- decay and precision

    def decay_state(self, file: str) -> dict[str, DecayState]:
        """Every memory's decay bookkeeping for one file, in one query."""
        rows = self._conn.execute(
            "SELECT memory_id, anchor, score, updated_at FROM decay_state WHERE file = ?", (file,)
        )
        return {
            memory_id: DecayState(date.fromisoformat(anchor), score, datetime.fromisoformat(upd))
            for memory_id, anchor, score, upd in rows
        }

    def decay_state_of(self, file: str, memory_id: str) -> DecayState | None:
        """One memory's decay bookkeeping (None if the journal has none)."""
        row = self._conn.execute(
            "SELECT anchor, score, updated_at FROM decay_state WHERE file = ? AND memory_id = ?",
            (file, memory_id),
        ).fetchone()
        if row is None:
            return None
        anchor, score, updated = row
        return DecayState(date.fromisoformat(anchor), score, datetime.fromisoformat(updated))

    def set_decay_state(self, file: str, states: Mapping[str, DecayState]) -> None:
        """Insert or replace the bookkeeping of the given memories (one transaction)."""
        rows = _decay_rows(file, states)
        with self._write() as conn:
            conn.executemany(_UPSERT_DECAY, rows)

    def forget_decay_state(self, file: str, memory_ids: Iterable[str]) -> None:
        """Drop the bookkeeping of memories that no longer exist."""
        with self._write() as conn:
            conn.executemany(
                "DELETE FROM decay_state WHERE file = ? AND memory_id = ?",
                ((file, memory_id) for memory_id in memory_ids),
            )

    def precise_scores(self, file: str) -> dict[str, float]:
        """The full-precision score the journal holds for each memory of `file`."""
        rows = self._conn.execute(
            "SELECT memory_id, score FROM decay_state WHERE file = ?", (file,)
        )
        return dict(rows.fetchall())

    def reconcile_scores(
        self, file: str, file_scores: Mapping[str, str]
    ) -> tuple[dict[str, float], list[str]]:
        """The scores to use for the memories of `file`, and the ids whose file score disagrees.

        The file keeps two decimals, the journal the full value (SPEC 3, "Precision"). A file
        score (its text, e.g. "0.92") agrees when it equals the journal's value rounded to two
        decimals (compared as numbers, so "0.9" agrees with 0.9012); then the precise value is
        used. Otherwise the file was changed outside MemDesk: the file's value is used and the id
        is reported, for the caller to record as an observation. A memory the journal does not
        know takes the file's value and is not reported. Raises ValueError for a score that is
        not a number.
        """
        precise = self.precise_scores(file)
        scores: dict[str, float] = {}
        disagreeing: list[str] = []
        for memory_id, text in file_scores.items():
            value = _parse_score(memory_id, text)
            known = precise.get(memory_id)
            if known is not None and value == float(format(known, ".2f")):
                scores[memory_id] = known
                continue
            scores[memory_id] = value
            if known is not None:
                disagreeing.append(memory_id)
        return scores, disagreeing

    # ----------------------------------------------------------------------- backups

    def has_backup(self, path_rel: str) -> bool:
        """Whether the backup at this workspace-relative path was already imported."""
        sql = "SELECT 1 FROM imported_backups WHERE path = ?"
        return self._conn.execute(sql, (path_rel,)).fetchone() is not None

    def import_backup(
        self,
        *,
        path_rel: str,
        at: datetime,
        size: int,
        sha256: str,
        scores: Mapping[str, float],
        file: str,
    ) -> bool:
        """Record a backup's scores, history at the backup's time (observed by `import`);
        False if known."""
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT OR IGNORE INTO imported_backups (path, at, size, sha256, imported_at, file)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (path_rel, _iso(at), size, sha256, _iso(utc_now()), file),
            )
            if cursor.rowcount == 0:
                return False
            if scores:
                _keep_backup_scores(conn, cursor.lastrowid, sha256, file, scores)
        return True

    # ----------------------------------------------------------------------- settings

    def get_setting(self, key: str, default: JsonValue = None) -> JsonValue:
        """A workspace setting (any JSON value), or `default` when unset."""
        sql = "SELECT value_json FROM settings WHERE key = ?"
        row = self._conn.execute(sql, (key,)).fetchone()
        return default if row is None else cast(JsonValue, json.loads(row[0]))

    def set_setting(self, key: str, value: JsonValue) -> None:
        """Store a workspace setting as JSON."""
        text = dump_json(value, allow_nan=False)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO settings (key, value_json) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json",
                (key, text),
            )

    # ----------------------------------------------------------------------- proposals

    def add_proposal(self, **fields: Any) -> int:
        """Store one proposal (see `add_proposals`); returns its id."""
        return self.add_proposals([fields])[0]

    def add_proposals(self, proposals: Sequence[Mapping[str, Any]]) -> list[int]:
        """Store proposals in one transaction (pending, or failed when the reviewer could not
        decide); returns their ids. Each holds file, memory_id, trigger, decision, reasons,
        reviewer, memory_hash, and optionally transcript, why, memory_json, related_json,
        merged_text, status. The reviewer's words are scrubbed of the LLM's API key first (an
        LLM reviewer's transcript could hold it)."""
        now = _iso(utc_now())
        rows = [_proposal_row(p, now) for p in proposals]
        if not rows:
            return []
        with self._write() as conn:
            # One statement for all, in this transaction alone: their ids are the next ones.
            first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM proposals").fetchone()[0]
            conn.executemany(_INSERT_PROPOSAL, rows)
        return list(range(first, first + len(rows)))

    def proposals(self, status: ProposalStatus | None = None) -> list[Proposal]:
        """Proposals in the order they were made, all or those with one status."""
        if status is None:
            rows = self._conn.execute(f"{_SELECT_PROPOSALS} ORDER BY id")
        else:
            rows = self._conn.execute(
                f"{_SELECT_PROPOSALS} WHERE status = ? ORDER BY id", (status,)
            )
        return [_proposal(row) for row in rows]

    def waiting(self) -> tuple[int, datetime | None]:
        """How many proposals wait, and since when the oldest (one small query)."""
        sql = "SELECT count(*), min(created_at) FROM proposals WHERE status = 'pending'"
        count, oldest = self._conn.execute(sql).fetchone()
        return int(count), None if oldest is None else datetime.fromisoformat(oldest)

    def open_proposals(self) -> list[Proposal]:
        """The proposals not decided yet: waiting, stale (their memory changed) or failed."""
        sql = f"{_SELECT_PROPOSALS} WHERE status IN ('pending', 'stale', 'failed') ORDER BY id"
        return [_proposal(row) for row in self._conn.execute(sql)]

    def update_proposals(self, updates: Sequence[tuple[int, Mapping[str, Any]]]) -> list[int]:
        """Open proposals reviewed again, in one transaction: each (id, fields as for
        `add_proposals`) now says what the new review says, undecided (its id and the time it
        first came up are kept). One decided meanwhile stays decided: returns those updated."""
        now = _iso(utc_now())
        done = []
        with self._write() as conn:
            for proposal_id, fields in updates:
                row = _proposal_row(fields, now)
                values = (*row[:8], *row[9:])  # all but created_at, which stays
                if conn.execute(_UPDATE_PROPOSAL, (*values, proposal_id)).rowcount:
                    done.append(proposal_id)
        return done

    def set_proposal_status(
        self,
        proposal_id: int,
        status: ProposalStatus,
        *,
        decided_by: str | None = None,
        op_id: str | None = None,
    ) -> None:
        """Change a proposal's status, stamping who decided and when (applying keeps the time of
        an approval before it); back to pending clears both (an undone decision)."""
        self.set_proposals_status([proposal_id], status, decided_by=decided_by, op_id=op_id)

    def set_proposals_status(
        self,
        proposal_ids: Sequence[int],
        status: ProposalStatus,
        *,
        decided_by: str | None = None,
        op_id: str | None = None,
    ) -> None:
        """`set_proposal_status` for many, in one transaction (KeyError, nothing changed, when
        one is not there)."""
        if status not in get_args(ProposalStatus):
            raise ValueError(f"unknown proposal status {status!r}")
        now = None if status == "pending" else _iso(utc_now())
        keep = status == "applied"
        rows = [(status, keep, now, now, keep, decided_by, decided_by, op_id, pid)
                for pid in proposal_ids]  # fmt: skip
        if not rows:
            return
        with self._write() as conn:
            cursor = conn.executemany(_SET_STATUS, rows)
            if cursor.rowcount != len(rows):
                known = {r[0] for r in conn.execute("SELECT id FROM proposals")}
                missing = [pid for pid in proposal_ids if pid not in known]
                raise KeyError(f"no proposal {', '.join(map(str, missing))}")

    def reopen_proposals(self, op_id: str) -> list[int]:
        """The proposals the operation `op_id` applied wait again (it was undone)."""
        sql = "SELECT id FROM proposals WHERE op_id = ? AND status = 'applied'"
        ids = [row[0] for row in self._conn.execute(sql, (op_id,))]
        self.set_proposals_status(ids, "pending")
        return ids

    def seen_for_review(self, file: str) -> dict[str, str | None]:
        """The memories of `file` a review run has seen, with the hash of their text then (None
        for those a schema-4 journal saw)."""
        sql = "SELECT memory_id, text_sha256 FROM review_seen WHERE file = ?"
        return {row[0]: row[1] for row in self._conn.execute(sql, (file,))}

    def written_in_memdesk(self, file: str, since: str | None = None) -> set[str]:
        """The memories of `file` MemDesk created or changed (a person, a restore, a review, a
        decay run), not the agent; `since`: only events after that ISO time."""
        sql = (
            "SELECT DISTINCT memory_id FROM events WHERE file = ? AND kind != 'observe'"
            f" AND actor NOT IN ('agent', 'import') AND at > ? AND {_VISIBLE}"
        )
        return {row[0] for row in self._conn.execute(sql, (file, since or ""))}

    def mark_seen_for_review(self, file: str, seen: Iterable[tuple[str, str]]) -> None:
        """(memory, hash of its text) of each memory a review run saw."""
        with self._write() as conn:
            conn.executemany(
                "INSERT INTO review_seen (file, memory_id, text_sha256) VALUES (?, ?, ?)"
                " ON CONFLICT (file, memory_id) DO UPDATE SET text_sha256 = excluded.text_sha256",
                ((file, memory_id, digest) for memory_id, digest in seen),
            )


# --------------------------------------------------------------------------- rows

_EVENT_COLUMNS = "at, file, memory_id, kind, actor, cause, op_id, before_json, after_json"
# Events of a commit whose file replacement is not confirmed yet are not history.
_VISIBLE = (
    "(commit_id IS NULL OR commit_id NOT IN (SELECT id FROM commits WHERE state = 'pending'))"
)
# A commit's events: the rows between its first and last event (`:commit`).
_OF_COMMIT = (
    "id BETWEEN (SELECT first_event FROM commits WHERE id = :commit)"
    " AND (SELECT last_event FROM commits WHERE id = :commit) AND commit_id = :commit"
)
# The events of operation `:op`: those of no commit by the index on op_id, those of its
# commits by their place.
_OF_OP = """id IN (
    SELECT id FROM events WHERE op_id = :op AND commit_id IS NULL
    UNION ALL
    SELECT e.id FROM commits c JOIN events e
        ON e.id BETWEEN c.first_event AND c.last_event AND e.commit_id = c.id
    WHERE c.op_id = :op)"""
_COMMIT_COLUMNS = "id, op_id, file, old_sha256, new_sha256, actor, cause, pid, state, created_at"
_SELECT_COMMITS = f"SELECT {_COMMIT_COLUMNS} FROM commits"
_APPLY_PENDING_DECAY = """
    INSERT INTO decay_state (file, memory_id, anchor, score, updated_at)
    SELECT file, memory_id, anchor, score, updated_at FROM pending_decay
    WHERE commit_id = ? AND anchor IS NOT NULL ORDER BY rowid
    ON CONFLICT (file, memory_id) DO UPDATE SET
        anchor = excluded.anchor, score = excluded.score, updated_at = excluded.updated_at"""
# A decay run's states, carried by its score events (see `_carried_states`), in the order they
# were stored: by memory (see `_CREATE_SCORE_RUN`).
_APPLY_CARRIED_DECAY = """
    INSERT INTO decay_state (file, memory_id, anchor, score, updated_at)
    SELECT e.file, e.memory_id, c.decay_anchor, e.after_score, c.decay_updated_at
    FROM commits c JOIN events e
        ON e.id BETWEEN c.first_event AND c.last_event AND e.commit_id = c.id
    WHERE c.id = ? AND c.decay_anchor IS NOT NULL AND e.after_score IS NOT NULL
    ORDER BY e.id
    ON CONFLICT (file, memory_id) DO UPDATE SET
        anchor = excluded.anchor, score = excluded.score, updated_at = excluded.updated_at"""
_INSERT_EVENT = (
    f"INSERT INTO events ({_EVENT_COLUMNS}, commit_id, before_score, after_score)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_PENDING_DECAY = (
    "INSERT INTO pending_decay (file, memory_id, anchor, score, updated_at, commit_id)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
# Keyed by memory: a run's events go in in key order, and making their states current at
# `finish_commit` then walks `decay_state` in its own order (one event per memory: `plain`).
_CREATE_SCORE_RUN = """
    CREATE TEMP TABLE score_run (memory_id TEXT PRIMARY KEY, before_score REAL, after_score REAL)
    WITHOUT ROWID"""
_INSERT_SCORE_RUN = f"""
    INSERT INTO events ({_EVENT_COLUMNS}, commit_id, before_score, after_score)
    SELECT ?, ?, memory_id, ?, ?, ?, ?, NULL, NULL, ?, before_score, after_score
    FROM temp.score_run ORDER BY memory_id"""
_SELECT_EVENTS = f"SELECT id, {_EVENT_COLUMNS}, before_score, after_score FROM events"
# Scores read without an event: a backup's (observed by `import` at the backup's time), then
# the file's when the journal first saw the memory (by `agent`), then the events of the same
# time.
_OBSERVED_POINTS = """
    SELECT b.at AS at, s.score AS score, 'observe' AS kind, 'import' AS actor, 0 AS tie,
           b.id AS id
    FROM backup_scores s JOIN imported_backups b ON b.scores_from = s.backup_id
    WHERE s.memory_id = :memory_id AND b.file = :file
    UNION ALL
    SELECT at, score, 'observe', 'agent', 1, 0
    FROM first_scores WHERE file = :file AND memory_id = :memory_id"""
_SELECT_HISTORY = f"""
    SELECT at, score, kind, actor FROM (
        SELECT at,
               coalesce(after_score, json_extract(after_json, '$.score'), before_score,
                        json_extract(before_json, '$.score')) AS score,
               kind, actor, 2 AS tie, id
        FROM events WHERE file = :file AND memory_id = :memory_id AND {_VISIBLE}
        UNION ALL {_OBSERVED_POINTS})
    ORDER BY at, tie, id"""
_SELECT_FIRST_BEFORE = f"""
    SELECT at, coalesce(before_score, json_extract(before_json, '$.score'))
    FROM events WHERE file = :file AND memory_id = :memory_id AND {_VISIBLE}
    ORDER BY at, id LIMIT 1"""
_OBSERVED_BY = f"SELECT 1 FROM ({_OBSERVED_POINTS}) WHERE at <= :at LIMIT 1"
_UPSERT_DECAY = """
    INSERT INTO decay_state (file, memory_id, anchor, score, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (file, memory_id) DO UPDATE SET
        anchor = excluded.anchor, score = excluded.score, updated_at = excluded.updated_at"""
_PROPOSAL_COLUMNS = (
    "file, memory_id, trigger, decision, reasons, transcript, reviewer, memory_hash, created_at,"
    " why, memory_json, related_json, merged_text, status, findings_json"
)
_SET_STATUS = """UPDATE proposals SET status = ?,
    decided_at = CASE WHEN ? THEN coalesce(decided_at, ?) ELSE ? END,
    decided_by = CASE WHEN ? THEN coalesce(?, decided_by) ELSE ? END, op_id = ? WHERE id = ?"""
_INSERT_PROPOSAL = f"INSERT INTO proposals ({_PROPOSAL_COLUMNS}) VALUES ({', '.join('?' * 15)})"
# A proposal reviewed again: what the review says now; it waits (or failed) again, undecided.
_UPDATE_PROPOSAL = """UPDATE proposals SET file = ?, memory_id = ?, trigger = ?, decision = ?,
    reasons = ?, transcript = ?, reviewer = ?, memory_hash = ?,
    why = ?, memory_json = ?, related_json = ?, merged_text = ?, status = ?, findings_json = ?,
    decided_at = NULL, decided_by = NULL, op_id = NULL
    WHERE id = ? AND status IN ('pending', 'stale', 'failed')"""
_SELECT_PROPOSALS = f"SELECT id, decided_at, decided_by, op_id, {_PROPOSAL_COLUMNS} FROM proposals"


def _store_events(
    conn: sqlite3.Connection, events: Iterable[Event], commit_id: int | None = None
) -> None:
    """Insert events (of one commit, if any). The score events of one operation bind only each
    memory's id and scores (a decay run's 100,000 rows: binding all twelve columns of each
    costs more than SQLite storing them); the columns they share are bound once."""
    if isinstance(events, ScoreEvents) and events.plain():
        conn.execute(_CREATE_SCORE_RUN)
        conn.executemany("INSERT INTO temp.score_run VALUES (?, ?, ?)", events.rows())
        shared = (_iso(events.at), events.file, events.kind, events.actor, events.cause)
        conn.execute(_INSERT_SCORE_RUN, (*shared, events.op_id, commit_id))
        conn.execute("DROP TABLE temp.score_run")
    else:
        conn.executemany(_INSERT_EVENT, _event_rows(events, commit_id))


def _store_commit_events(conn: sqlite3.Connection, events: Iterable[Event], commit_id: int) -> None:
    """Insert a commit's events and note their place on it (`_OF_COMMIT`): in one transaction
    each new row's id is one more than the last."""
    (last,) = conn.execute("SELECT coalesce(max(id), 0) FROM events").fetchone()
    _store_events(conn, events, commit_id)
    conn.execute(
        "UPDATE commits SET (first_event, last_event) ="
        " (SELECT min(id), max(id) FROM events WHERE id > ?) WHERE id = ?",
        (last, commit_id),
    )


def _event_rows(events: Iterable[Event], commit_id: int | None = None) -> list[tuple[object, ...]]:
    """The rows of `events` (of one commit, if any); the events of one operation share one
    time, written out once."""
    rows: list[tuple[object, ...]] = []
    last_at: datetime | None = None
    at = ""
    for event in events:
        if event.at is not last_at:
            last_at, at = event.at, _iso(event.at)
        before, before_score = _columns(event.before)
        after, after_score = _columns(event.after)
        rows.append(
            (at, event.file, event.memory_id, event.kind, event.actor, event.cause, event.op_id,
             before, after, commit_id, before_score, after_score)
        )  # fmt: skip
    return rows


def _apply_decay(conn: sqlite3.Connection, commit_id: int) -> None:
    """The commit's decay bookkeeping becomes current: its pending rows, and the states its
    score events carry."""
    conn.execute(_APPLY_PENDING_DECAY, (commit_id,))
    conn.execute(_APPLY_CARRIED_DECAY, (commit_id,))


def _carried_states(
    events: Iterable[Event], states: Mapping[str, DecayState]
) -> tuple[DecayStates | None, Mapping[str, DecayState]]:
    """The decay states a commit's score events carry, and the others (each a row of its own).

    The events of a decay run carry its states when each ends on its memory's new state (the
    event's after score, at the run's one anchor): a run over 100,000 memories then stores its
    anchor once instead of a row per memory. Otherwise no event carries one."""
    if not isinstance(events, ScoreEvents) or not isinstance(states, DecayStates):
        return None, states
    afters = list(events.afters)  # each a float, stored as is in its REAL column
    if (
        set(map(type, afters)) != {float}
        or list(map(states.scores.get, events.memory_ids)) != afters
    ):
        return None, states
    return states, states.without(events.memory_ids)


def _keep_backup_scores(
    conn: sqlite3.Connection,
    backup_id: int | None,
    sha256: str,
    file: str,
    scores: Mapping[str, float],
) -> None:
    """Store a backup's scores, or point it at those of a backup holding the same bytes."""
    same = conn.execute(
        "SELECT scores_from FROM imported_backups WHERE sha256 = ? AND file = ?"
        " AND scores_from IS NOT NULL LIMIT 1",
        (sha256, file),
    ).fetchone()
    if same is None:
        keys = sorted(scores)  # the table's order: each page is written once
        rows = zip(keys, repeat(backup_id), map(scores.__getitem__, keys))
        conn.executemany(
            "INSERT INTO backup_scores (memory_id, backup_id, score) VALUES (?, ?, ?)", rows
        )
    source = backup_id if same is None else same[0]
    conn.execute("UPDATE imported_backups SET scores_from = ? WHERE id = ?", (source, backup_id))


def _decay_rows(
    file: str, states: Mapping[str, DecayState], *tail: object
) -> list[tuple[object, ...]]:
    """(file, memory_id, anchor, score, updated_at, *tail) in key order (the table's order: a
    bulk insert in order touches each page once)."""
    if isinstance(states, DecayStates):
        return states.rows(file, *tail)
    anchors: dict[date, str] = {}
    updated: dict[datetime, str] = {}
    rows: list[tuple[object, ...]] = []
    for memory_id in sorted(states):
        s = states[memory_id]
        anchor = anchors.get(s.anchor) or anchors.setdefault(s.anchor, s.anchor.isoformat())
        at = updated.get(s.updated_at) or updated.setdefault(s.updated_at, _iso(s.updated_at))
        rows.append((file, memory_id, anchor, s.score, at, *tail))
    return rows


def _recorded(row: Sequence[Any]) -> RecordedEvent:
    row_id, at, file, memory_id, kind, actor, cause, op_id, before, after, *scores = row
    return RecordedEvent(
        id=row_id,
        at=datetime.fromisoformat(at),
        file=file,
        memory_id=memory_id,
        kind=kind,
        actor=actor,
        cause=cause,
        op_id=op_id,
        before=_loads(before, scores[0]),
        after=_loads(after, scores[1]),
    )


def _commit(row: Sequence[Any]) -> CommitRecord:
    row_id, op_id, file, old, new, actor, cause, pid, state, created_at = row
    return CommitRecord(
        id=row_id,
        op_id=op_id,
        file=file,
        old_sha256=old,
        new_sha256=new,
        actor=actor,
        cause=cause,
        pid=pid,
        state=state,
        created_at=datetime.fromisoformat(created_at),
    )


def _proposal_row(p: Mapping[str, Any], now: str) -> tuple[Any, ...]:
    status = p.get("status", "pending")
    if status not in get_args(ProposalStatus):
        raise ValueError(f"unknown proposal status {status!r}")
    merged = p.get("merged_text")
    return (
        p["file"], p["memory_id"], p["trigger"], p["decision"], scrub_secrets(p["reasons"]),
        scrub_secrets(p.get("transcript", "")), p["reviewer"], p["memory_hash"], now,
        p.get("why", ""), p.get("memory_json", "{}"), p.get("related_json", "[]"),
        None if merged is None else scrub_secrets(merged), status,
        p.get("findings_json", "[]"),
    )  # fmt: skip


def _proposal(row: Sequence[Any]) -> Proposal:
    row_id, decided_at, decided_by, op_id, *values = row
    file, memory_id, trigger, decision, reasons, transcript, reviewer, memory_hash = values[:8]
    created_at, why, memory_json, related_json, merged_text, status, findings_json = values[8:]
    return Proposal(
        id=row_id,
        file=file,
        memory_id=memory_id,
        trigger=trigger,
        decision=decision,
        reasons=reasons,
        transcript=transcript,
        reviewer=reviewer,
        status=status,
        memory_hash=memory_hash,
        created_at=datetime.fromisoformat(created_at),
        decided_at=None if decided_at is None else datetime.fromisoformat(decided_at),
        why=why,
        memory_json=memory_json,
        related_json=related_json,
        merged_text=merged_text,
        decided_by=decided_by,
        op_id=op_id,
        findings_json=findings_json,
    )


def _parse_score(memory_id: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"memory {memory_id}: score {text!r} is not a number") from None
