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

import heapq
import json
import os
import sqlite3
import uuid
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from operator import itemgetter
from pathlib import Path
from types import TracebackType
from typing import Any, cast

from core.formats.strict_json import dump_json
from core.messages import say
from core.store.journal.opening import (
    DB_DIR,
    DB_NAME,
    _connect,
    _ensure_writable,
    _failure,
    _holds,
    _identity,
    _open_writable,
    _os_errors,
    _own_folder,
    _snapshot,
)
from core.store.journal.records import (
    FIRST_MEMORIES,
    CommitRecord,
    CommitState,
    DecayState,
    Event,
    HistoryPoint,
    JournalError,
    JournalReadOnlyError,
    JsonValue,
    Observation,
    Operation,
    RecordedEvent,
    _iso,
    utc_now,
)
from core.store.journal.review import ReviewStorage
from core.store.journal.rows import (
    _INSERT_EVENT,
    _INSERT_PENDING_DECAY,
    _OBSERVED_BY,
    _OF_COMMIT,
    _OF_OP,
    _SELECT_COMMITS,
    _SELECT_EVENTS,
    _SELECT_FIRST_BEFORE,
    _SELECT_HISTORY,
    _UPSERT_DECAY,
    _VISIBLE,
    REMOVED,
    _apply_decay,
    _carried_states,
    _commit,
    _decay_rows,
    _keep_backup_scores,
    _parse_score,
    _real,
    _recorded,
    _store_commit_events,
    _store_events,
)
from core.store.journal.schema import _migrate, _savepoint, _transaction


class Journal(ReviewStorage):
    """One workspace's journal. Create with `open`, `open_readonly` or `open_for_inspection`."""

    def __init__(self, conn: sqlite3.Connection, *, path: Path | None, persistent: bool) -> None:
        self._conn = conn
        self.path = path
        self.persistent = persistent
        self._identity = _identity(path) if persistent and path is not None else None
        self._batching = False  # inside `batch`: each write is a savepoint of its transaction

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
        """One transaction (inside `batch`: a part of its one); an SQLite failure (a full disk)
        is a JournalError saying so."""
        try:
            with _savepoint(self._conn) if self._batching else _transaction(self._conn) as conn:
                yield conn
        except sqlite3.Error as exc:
            raise _failure(self.path, exc) from exc
        if not self._batching:
            self._check_still_there()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """The writes in this block as one transaction, all or none: one commit, one sync
        (a review run stores its proposals and its baseline at once)."""
        if self._batching:
            yield
            return
        try:
            with _transaction(self._conn):
                self._batching = True
                try:
                    yield
                finally:
                    self._batching = False
        except sqlite3.Error as exc:
            raise _failure(self.path, exc) from exc
        self._check_still_there()

    def replaced(self) -> bool:
        """Whether the journal file was deleted or replaced since it was opened."""
        return (
            self._identity is not None
            and self.path is not None
            and _identity(self.path) != self._identity
        )

    def _check_still_there(self) -> None:
        """A journal file deleted or replaced while open takes what is written to it into a file
        nobody will read again: an error, never a quiet success."""
        if self.replaced():
            said = say(
                "{path}: the journal was deleted or replaced while MemDesk was writing to it; "
                "what was just done is not recorded in it",
                path=self.path,
            )
            raise JournalError(said)

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
        new_sha256: str | None,
        actor: str,
        cause: str,
        events: Iterable[Event] = (),
        decay_states: Mapping[str, DecayState] | None = None,
        forget: Iterable[str] = (),
    ) -> int:
        """Record the intent to replace `file` (one transaction); returns the commit's id.
        `new_sha256` None: the intent to remove it.

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
                    (op_id, file, old_sha256, REMOVED if new_sha256 is None else new_sha256,
                     actor, cause, os.getpid(), now, anchor, anchored_at),
                )  # fmt: skip
                commit_id = cursor.lastrowid
                assert commit_id is not None
                _store_commit_events(conn, events, commit_id)
                decay = _decay_rows(file, rest, commit_id)
                decay += [(file, m, None, None, now, commit_id) for m in forget]
                conn.executemany(_INSERT_PENDING_DECAY, decay)
        except (sqlite3.Error, ValueError, OverflowError) as exc:
            said = say(
                "{path}: the journal cannot record the change ({detail})",
                path=self.path,
                detail=exc,
            )
            raise JournalError(said) from exc
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
