"""The journal's schema: the migrations that take a database from one version to the next, and
the transaction they (and every write) run in.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TypeAlias

from core.messages import say
from core.store.journal.records import JournalError

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
        said = say(
            "{path}: this journal was written by a newer MemDesk (schema {version}, this version "
            "knows up to {known}); it was left untouched. Update MemDesk.",
            path=path,
            version=version,
            known=SCHEMA_VERSION,
        )
        raise JournalError(said)


def _read_version(conn: sqlite3.Connection, path: Path | None) -> int:
    """The schema version; also the first read, so a non-SQLite file fails here (the opener
    says so: `opening._failure`)."""
    version = _user_version(conn)
    _check_version(version, path)
    return version


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


@contextmanager
def _savepoint(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A part of the transaction open on `conn`: undone alone when it fails."""
    conn.execute("SAVEPOINT part")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK TO part")
        conn.execute("RELEASE part")
        raise
    conn.execute("RELEASE part")


def _migrate(conn: sqlite3.Connection, path: Path | None) -> None:
    if _read_version(conn, path) == SCHEMA_VERSION:
        return
    with _transaction(conn):
        version = _read_version(conn, path)  # another process may have migrated meanwhile
        if version == 0 and _is_empty(conn):  # a new journal: the tables as migrated, at once
            for statement in _migrated_schema(MIGRATIONS):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            return
        for target, step in enumerate(MIGRATIONS[version:], start=version + 1):
            step(conn)
            conn.execute(f"PRAGMA user_version = {target}")


def _is_empty(conn: sqlite3.Connection) -> bool:
    return int(conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]) == 0


@cache
def _migrated_schema(migrations: tuple[Migration, ...]) -> tuple[str, ...]:
    """The statements that create what every migration in turn creates (SQLite keeps each
    table's statement as altered since): a new journal made in one step, not sixty."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in migrations:
            step(conn)
        rows = conn.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
        ).fetchall()
    finally:
        conn.close()
    return tuple(sql for (sql,) in rows)
