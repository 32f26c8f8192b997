"""The journal's rows: the SQL that reads and writes events, commits, decay bookkeeping and
backups' scores, and the mappers between rows and records.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from itertools import repeat
from typing import Any, cast

from core.formats.strict_json import dump_json
from core.store.journal.records import (
    CommitRecord,
    DecayState,
    DecayStates,
    Event,
    Fields,
    JsonValue,
    RecordedEvent,
    ScoreEvents,
    _iso,
)


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
# A commit that removes its file has no new hash: stored as this (the column is NOT NULL since
# schema 2, and the table is not rebuilt for it); read back as None.
REMOVED = ""
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
        new_sha256=None if new == REMOVED else new,
        actor=actor,
        cause=cause,
        pid=pid,
        state=state,
        created_at=datetime.fromisoformat(created_at),
    )


def _parse_score(memory_id: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"memory {memory_id}: score {text!r} is not a number") from None
