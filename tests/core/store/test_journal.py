"""The workspace journal, on real SQLite files in tmp_path."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.store import atomic
from core.store.journal import (
    SCHEMA_VERSION,
    DecayState,
    DecayStates,
    Event,
    HistoryPoint,
    Journal,
    JournalError,
    JournalReadOnlyError,
    JsonValue,
    ScoreEvents,
    schema,
)
from core.store.journal import rows as journal_rows
from tests.conftest import PROJECT_ROOT

FILE = "MEMORY.md"
T0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "workspace"
    folder.mkdir()
    return folder


@pytest.fixture
def journal(workspace: Path) -> Iterator[Journal]:
    with Journal.open(workspace) as opened:
        yield opened


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection, to look at the file without the journal's code."""
    return sqlite3.connect(path, isolation_level=None)


def fields(score: float, *, content: str = "likes short code") -> dict[str, JsonValue]:
    return {"score": score, "category": "preference", "content": content, "section": "active"}


def event(
    memory_id: str,
    kind: str,
    *,
    at: datetime,
    op_id: str | None = None,
    before: dict[str, JsonValue] | None = None,
    after: dict[str, JsonValue] | None = None,
) -> Event:
    return Event(
        file=FILE,
        memory_id=memory_id,
        kind=kind,
        actor="person",
        op_id=op_id,
        before=before,
        after=after,
        at=at,
    )


Opener = Callable[[Path], Journal]


# --------------------------------------------------------------------------- opening


def test_new_journal_uses_wal_and_records_its_schema_version(
    journal: Journal, workspace: Path
) -> None:
    path = workspace / ".memdesk" / "memdesk.db"
    assert journal.path == path and path.is_file() and journal.persistent
    conn = raw(path)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    conn.close()


def test_a_new_journal_is_made_in_one_step_as_the_migrations_make_it_one_by_one(
    workspace: Path,
) -> None:
    """A fleet's review makes 10,000 new journals: each gets the tables, columns and indexes the
    migrations build in turn (a journal from an older MemDesk still gets those), at once."""
    one_by_one = sqlite3.connect(":memory:")
    for step in schema.MIGRATIONS:
        step(one_by_one)
    Journal.open(workspace).close()
    made = raw(Journal.db_path(workspace))
    assert _shape(made) == _shape(one_by_one)
    assert made.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    made.close()
    one_by_one.close()


def test_a_journal_made_by_several_processes_at_once_is_one(workspace: Path) -> None:
    """A new journal is linked in, never over one another process made meanwhile: each one's
    write is in it, and no temp file is left."""
    code = (
        "import sys; from pathlib import Path; from core.store.journal import Journal\n"
        "with Journal.open(Path(sys.argv[1])) as j: j.set_setting('by' + sys.argv[2], 1)"
    )
    env = dict(os.environ) | {"PYTHONPATH": str(PROJECT_ROOT)}
    runs = [
        subprocess.Popen([sys.executable, "-c", code, str(workspace), str(n)], env=env)
        for n in range(6)
    ]
    assert [run.wait(timeout=120) for run in runs] == [0] * 6
    with Journal.open(workspace) as journal:
        assert [journal.get_setting(f"by{n}") for n in range(6)] == [1] * 6
    assert sorted(os.listdir(Journal.db_path(workspace).parent)) == ["memdesk.db"]


def test_a_new_journal_s_copy_left_by_a_killed_memdesk_is_removed_at_the_next_open(
    workspace: Path,
) -> None:
    Journal.open(workspace).close()
    folder = Journal.db_path(workspace).parent
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], check=True,
                          capture_output=True, text=True).stdout.strip()  # fmt: skip
    left = folder / f".memdesk.db{atomic.TEMP_MARKER}{gone}.0123456789abcdef"
    left.write_bytes(b"SQLite format 3\x00")
    Journal.open(workspace).close()
    assert sorted(os.listdir(folder)) == ["memdesk.db"]


def _shape(conn: sqlite3.Connection) -> tuple[object, ...]:
    """Every table, index and column, with its type, default and constraints."""
    named = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name")
    listed = named.fetchall()
    tables = [name for kind, name, _t, _s in listed if kind == "table"]
    indexes = [name for kind, name, _t, _s in listed if kind == "index"]
    columns = {t: conn.execute(f"PRAGMA table_xinfo({t})").fetchall() for t in tables}
    keys = {i: conn.execute(f"PRAGMA index_xinfo({i})").fetchall() for i in indexes}
    return listed, columns, keys


def test_writes_in_a_batch_are_one_transaction_all_or_none(workspace: Path) -> None:
    with Journal.open(workspace) as journal:
        with journal.batch():
            journal.set_setting("a", 1)
            journal.add_proposals([proposal("m1"), proposal("m2")])
        assert journal.get_setting("a") == 1 and len(journal.proposals()) == 2
        with pytest.raises(RuntimeError), journal.batch():
            journal.set_setting("a", 2)
            journal.add_proposals([proposal("m3")])
            raise RuntimeError("the run stopped")
        assert journal.get_setting("a") == 1 and len(journal.proposals()) == 2


def proposal(memory_id: str) -> dict[str, str]:
    return {
        "file": FILE, "memory_id": memory_id, "trigger": "decay", "decision": "DELETE",
        "reasons": "faded", "reviewer": "rules", "memory_hash": "h",
    }  # fmt: skip


def test_reopening_keeps_everything(workspace: Path) -> None:
    with Journal.open(workspace) as first:
        first.record([event("a1b2c3", "create", at=T0, after=fields(0.6))])
        first.set_decay_state(FILE, {"a1b2c3": DecayState(date(2026, 2, 1), 0.6)})
        first.set_setting("layout", "everbot")
    with Journal.open(workspace) as second:
        assert [p.score for p in second.history(FILE, "a1b2c3")] == [0.6]
        assert second.decay_state(FILE)["a1b2c3"].score == 0.6
        assert second.get_setting("layout") == "everbot"


def test_an_empty_file_is_migrated_from_version_zero(workspace: Path) -> None:
    path = Journal.db_path(workspace)
    path.parent.mkdir()
    path.write_bytes(b"")
    with Journal.open(workspace) as opened:
        opened.set_setting("k", 1)
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    conn.close()


def test_a_new_migration_runs_once_on_an_existing_journal(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Journal.open(workspace) as opened:
        opened.set_setting("kept", True)
    calls: list[int] = []

    def to_v2(conn: sqlite3.Connection) -> None:
        calls.append(1)
        conn.execute("ALTER TABLE settings ADD COLUMN note TEXT")

    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, to_v2))
    monkeypatch.setattr(schema, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    for _ in range(2):
        with Journal.open(workspace) as upgraded:
            assert upgraded.get_setting("kept") is True
    assert calls == [1]
    conn = raw(Journal.db_path(workspace))
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)
    conn.close()


@pytest.mark.parametrize(
    "opener", [Journal.open, Journal.open_readonly, Journal.open_for_inspection]
)
def test_a_journal_from_a_newer_memdesk_is_refused_and_untouched(
    workspace: Path, opener: Opener
) -> None:
    path = Journal.db_path(workspace)
    path.parent.mkdir()
    conn = raw(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute("INSERT INTO future VALUES (1)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="newer MemDesk"):
        opener(workspace)
    assert path.read_bytes() == before


@pytest.mark.parametrize("opener", [Journal.open, Journal.open_readonly])
@pytest.mark.parametrize("garbage", [b"hello", b"# Agent Memory\n" * 200])
def test_a_file_that_is_not_sqlite_is_refused_by_name_and_kept(
    workspace: Path, opener: Opener, garbage: bytes
) -> None:
    path = Journal.db_path(workspace)
    path.parent.mkdir()
    path.write_bytes(garbage)
    with pytest.raises(JournalError, match="not an SQLite database") as raised:
        opener(workspace)
    assert str(path) in str(raised.value)
    assert path.read_bytes() == garbage


def test_a_missing_workspace_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="no such workspace"):
        Journal.open(tmp_path / "absent")


def test_close_ends_the_connection(workspace: Path) -> None:
    with Journal.open(workspace) as opened:
        pass
    with pytest.raises(sqlite3.ProgrammingError):
        opened.recent_events()
    opened.close()


# --------------------------------------------------------------------------- read-only


def test_readonly_snapshot_reads_the_journal_and_never_writes_it(workspace: Path) -> None:
    with Journal.open(workspace) as writer:
        writer.set_setting("profile", "everbot")
    path = Journal.db_path(workspace)
    before = path.read_bytes()
    with Journal.open_readonly(workspace) as snapshot:
        assert not snapshot.persistent
        assert snapshot.get_setting("profile") == "everbot"
        snapshot.set_setting("profile", "tiered")
        assert snapshot.get_setting("profile") == "tiered"
    assert path.read_bytes() == before
    with Journal.open(workspace) as again:
        assert again.get_setting("profile") == "everbot"


def test_readonly_without_a_journal_creates_nothing(workspace: Path) -> None:
    with Journal.open_readonly(workspace) as snapshot:
        assert snapshot.history(FILE, "a1b2c3") == []
    assert not (workspace / ".memdesk").exists()


def test_an_in_memory_journal_has_the_full_schema() -> None:
    with Journal.in_memory() as scratch:
        scratch.set_setting("k", [1])
        assert scratch.get_setting("k") == [1] and scratch.path is None


def test_inspection_falls_back_to_a_snapshot_when_the_journal_cannot_be_written(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Journal.open(workspace) as writer:
        writer.set_setting("k", "v")
    # Running as root ignores file modes, so the refusal is simulated at the permission check.
    monkeypatch.setattr(os, "access", lambda *_a, **_k: False)
    with pytest.raises(JournalReadOnlyError):
        Journal.open(workspace)
    with Journal.open_for_inspection(workspace) as inspected:
        assert not inspected.persistent and inspected.get_setting("k") == "v"


@pytest.mark.without_root_powers
def test_a_read_only_folder_can_still_be_inspected(workspace: Path) -> None:
    with Journal.open(workspace) as writer:
        writer.set_setting("k", "v")
    folders = [workspace / ".memdesk", workspace]
    for folder in folders:
        folder.chmod(0o555)
    try:
        with pytest.raises(JournalReadOnlyError):
            Journal.open(workspace)
        with Journal.open_for_inspection(workspace) as inspected:
            assert inspected.get_setting("k") == "v"
    finally:
        for folder in folders:
            folder.chmod(0o755)


# --------------------------------------------------------------------------- events


def test_history_is_ordered_by_time_and_takes_the_score_before_a_delete(journal: Journal) -> None:
    journal.record(
        [
            event(
                "a1b2c3",
                "reinforce",
                at=T0 + timedelta(days=2),
                before=fields(0.6),
                after=fields(0.68),
            ),
            event("a1b2c3", "create", at=T0, after=fields(0.6)),
            event("ffffff", "create", at=T0, after=fields(0.4)),
            event("a1b2c3", "delete", at=T0 + timedelta(days=9), before=fields(0.6712345678901)),
        ]
    )
    history = journal.history(FILE, "a1b2c3")
    assert [(p.kind, p.score) for p in history] == [
        ("create", 0.6),
        ("reinforce", 0.68),
        ("delete", 0.6712345678901),
    ]
    assert history[0] == HistoryPoint(at=T0, score=0.6, kind="create", actor="person")
    assert history[0].as_json() == {
        "at": "2026-02-01T09:00:00.000000+00:00",
        "score": 0.6,
        "kind": "create",
        "actor": "person",
    }
    assert journal.history("other.md", "a1b2c3") == []


def test_a_failing_batch_records_nothing(journal: Journal) -> None:
    good = event("a1b2c3", "create", at=T0, after=fields(0.6))
    with pytest.raises(ValueError):
        journal.record([good, event("a1b2c3", "edit", at=T0, after=fields(float("nan")))])
    with pytest.raises(ValueError, match="naive"):
        journal.record([good, event("a1b2c3", "edit", at=datetime(2026, 1, 1))])
    assert journal.recent_events() == []


def test_events_are_grouped_by_operation(journal: Journal) -> None:
    first, second = journal.new_op_id(), journal.new_op_id()
    assert first != second
    journal.record(
        [event("aaaaaa", "edit", at=T0, op_id=first, before=fields(0.5), after=fields(0.7))]
    )
    journal.record(
        [
            event("bbbbbb", "archive", at=T0, op_id=second, before=fields(0.19)),
            event("cccccc", "delete", at=T0, op_id=second, before=fields(0.04)),
        ]
    )
    journal.record(
        [Event(file="x.md", memory_id="dddddd", kind="observe", actor="agent", after={"score": 1})]
    )

    grouped = journal.events_of_op(second)
    assert [(e.memory_id, e.kind) for e in grouped] == [("bbbbbb", "archive"), ("cccccc", "delete")]
    assert grouped[0].before == fields(0.19) and grouped[0].after is None
    assert journal.last_op() == second
    assert journal.last_op(actors={"reviewer"}) is None
    assert journal.last_op(file="x.md") is None
    assert [e.memory_id for e in journal.recent_events(2)] == ["dddddd", "cccccc"]


# --------------------------------------------------------------------------- decay and precision


def test_decay_state_round_trips_ten_thousand_memories(journal: Journal) -> None:
    states = {
        f"{i:06x}": DecayState(date(2026, 1, 1) + timedelta(days=i % 60), 1 / (i + 3))
        for i in range(10_000)
    }
    journal.set_decay_state(FILE, states)
    journal.set_decay_state("other.md", {"000001": DecayState(date(2026, 1, 1), 0.5)})
    assert journal.decay_state(FILE) == states

    changed = {"000001": DecayState(date(2026, 3, 1), 0.123456789012345)}
    journal.set_decay_state(FILE, changed)
    journal.forget_decay_state(FILE, ["000002"])
    after = journal.decay_state(FILE)
    assert len(after) == 9_999 and after["000001"] == changed["000001"]
    assert journal.precise_scores("other.md") == {"000001": 0.5}


def test_reconcile_uses_precise_scores_only_where_the_file_agrees(journal: Journal) -> None:
    anchor = date(2026, 2, 1)
    journal.set_decay_state(
        FILE,
        {
            "same00": DecayState(anchor, 0.7234),
            "short0": DecayState(anchor, 0.9012),
            "edited": DecayState(anchor, 0.7234),
            "exact0": DecayState(anchor, 0.9251),
            "round0": DecayState(anchor, 0.199),
        },
    )
    file_scores = {
        "same00": "0.72",
        "short0": "0.9",  # a hand-written "0.9" is the same two-decimal value
        "edited": "0.75",
        "exact0": "0.925",  # more digits than the agent writes: a deliberate value
        "round0": "0.20",
        "new000": "0.60",
    }
    scores, disagreeing = journal.reconcile_scores(FILE, file_scores)
    assert scores == {
        "same00": 0.7234,
        "short0": 0.9012,
        "edited": 0.75,
        "exact0": 0.925,
        "round0": 0.199,
        "new000": 0.6,
    }
    assert disagreeing == ["edited", "exact0"]
    with pytest.raises(ValueError, match="bad000"):
        journal.reconcile_scores(FILE, {"bad000": "0..5"})


# --------------------------------------------------------------------------- backups, settings


def test_importing_a_backup_twice_is_a_no_op(journal: Journal) -> None:
    at = datetime(2026, 1, 15, 8, 30, tzinfo=UTC)
    path_rel = "memory/backups/20260115_083000_MEMORY.md"
    scores = {"a1b2c3": 0.8, "x1y2z3": 0.18}

    def import_it() -> bool:
        return journal.import_backup(
            path_rel=path_rel, at=at, size=120, sha256="ab" * 32, scores=scores, file=FILE
        )

    assert not journal.has_backup(path_rel)
    assert import_it()
    assert not import_it()
    assert journal.has_backup(path_rel)

    assert journal.history(FILE, "a1b2c3") == [HistoryPoint(at, 0.8, "observe", "import")]
    assert journal.history(FILE, "x1y2z3") == [HistoryPoint(at, 0.18, "observe", "import")]


def test_a_backup_observes_before_memdesks_first_change_so_no_replaced_score_is_added(
    journal: Journal,
) -> None:
    journal.import_backup(
        path_rel="MEMORY.md.bak#1", at=T0, size=1, sha256="ab" * 32, scores={"a1b2c3": 0.7},
        file=FILE,
    )  # fmt: skip
    edit = event(
        "a1b2c3", "edit", at=T0 + timedelta(hours=1), before=fields(0.7), after=fields(0.9)
    )
    journal.record([edit, event("x1y2z3", "edit", at=T0, before=fields(0.4), after=fields(0.5))])

    assert journal.first_before(FILE, "a1b2c3") is None
    assert journal.history(FILE, "a1b2c3") == [
        HistoryPoint(T0, 0.7, "observe", "import"),
        HistoryPoint(T0 + timedelta(hours=1), 0.9, "edit", "person"),
    ]
    assert journal.first_before(FILE, "x1y2z3") == HistoryPoint(T0, 0.4, "observe", "agent")
    assert journal.history("other.md", "a1b2c3") == []


@contextmanager
def _journal_at_version(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, version: int
) -> Iterator[Journal]:
    """A journal created as MemDesk created it at schema `version`, open while in the block."""
    with monkeypatch.context() as patched:
        patched.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:version])
        patched.setattr(schema, "SCHEMA_VERSION", version)
        with Journal.open(workspace) as old:
            yield old


def _version_2_journal(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal as MemDesk wrote it at schema 2: a backup's scores as `observe` events by
    `import`, a first look at the file as `observe` events holding every field."""
    with _journal_at_version(workspace, monkeypatch, 2) as old:
        old.set_decay_state(FILE, {"a1b2c3": DecayState(date(2026, 2, 2), 0.8)})
    conn = raw(Journal.db_path(workspace))
    conn.executemany(  # as schema 2 stored them: every value as JSON
        "INSERT INTO events (at, file, memory_id, kind, actor, cause, after_json)"
        " VALUES (?, ?, 'a1b2c3', 'observe', ?, ?, ?)",
        [
            (T0.isoformat(timespec="microseconds"), FILE, "import", "backup MEMORY.md.bak#1",
             '{"score":0.7}'),
            ((T0 + timedelta(days=1)).isoformat(timespec="microseconds"), FILE, "agent",
             "read from the file", json.dumps(fields(0.8), separators=(",", ":"))),
        ],
    )  # fmt: skip
    conn.execute(
        "INSERT INTO imported_backups (path, at, size, sha256, imported_at)"
        " VALUES ('MEMORY.md.bak#1', ?, 1, ?, ?)",
        (T0.isoformat(timespec="microseconds"), "ab" * 32, T0.isoformat()),
    )
    assert conn.execute("PRAGMA user_version").fetchone() == (2,)
    conn.close()


def test_a_version_2_journal_is_migrated_and_its_history_survives(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _version_2_journal(workspace, monkeypatch)
    later = T0 + timedelta(days=2)
    with Journal.open(workspace) as migrated:
        assert migrated.has_backup("MEMORY.md.bak#1")
        assert migrated.import_backup(
            path_rel="MEMORY.md.bak#2", at=later, size=1, sha256="cd" * 32,
            scores={"a1b2c3": 0.75}, file=FILE,
        )  # fmt: skip
    with Journal.open(workspace) as reopened:
        assert reopened.history(FILE, "a1b2c3") == [
            HistoryPoint(T0, 0.7, "observe", "import"),
            HistoryPoint(T0 + timedelta(days=1), 0.8, "observe", "agent"),
            HistoryPoint(later, 0.75, "observe", "import"),
        ]
        assert reopened.first_before(FILE, "a1b2c3") is None
        assert reopened.decay_state(FILE)["a1b2c3"].score == 0.8
    conn = raw(Journal.db_path(workspace))
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    conn.close()


def _version_6_journal(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal as MemDesk wrote it at schema 6: two operations' commits with their events
    (a commit's events found through the operation's index), one event of no commit."""
    with _journal_at_version(workspace, monkeypatch, 6):
        pass
    conn = raw(Journal.db_path(workspace))
    at = T0.isoformat(timespec="microseconds")
    for commit_id, op_id, state in ((1, "op1", "done"), (2, "op2", "done"), (3, "op3", "pending")):
        conn.execute(
            "INSERT INTO commits (id, op_id, file, old_sha256, new_sha256, actor, cause, pid,"
            " state, created_at) VALUES (?, ?, ?, 'a', 'b', 'decay', 'decay to 2026-03-01', 1,"
            " ?, ?)",
            (commit_id, op_id, FILE, state, at),
        )
    conn.executemany(
        "INSERT INTO events (at, file, memory_id, kind, actor, cause, op_id, commit_id,"
        " before_score, after_score) VALUES (?, ?, ?, 'decay', 'decay', 'c', ?, ?, ?, ?)",
        [
            (at, FILE, "a1b2c3", "op1", 1, 0.8, 0.7),
            (at, FILE, "x1y2z3", "op1", 1, 0.5, 0.4),
            (at, FILE, "a1b2c3", "op2", 2, 0.7, 0.6),
            (at, FILE, "k1", "op4", None, None, 0.3),
            (at, FILE, "x1y2z3", "op3", 3, 0.4, 0.3),
        ],
    )
    assert conn.execute("PRAGMA user_version").fetchone() == (6,)
    conn.close()


def test_a_version_6_journal_finds_each_commits_events_by_their_place(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _version_6_journal(workspace, monkeypatch)
    with Journal.open(workspace) as migrated:
        assert [(e.memory_id, e.after) for e in migrated.events_of_op("op1")] == [
            ("a1b2c3", {"score": 0.7}), ("x1y2z3", {"score": 0.4}),
        ]  # fmt: skip
        assert [e.memory_id for e in migrated.events_of_op("op4")] == ["k1"]  # of no commit
        assert migrated.events_of_op("op3") == []  # pending: not history yet
        assert [e.memory_id for e in migrated.commit_events(2)] == ["a1b2c3"]
        assert [e.memory_id for e in migrated.commits_events([1, 2])] == [
            "a1b2c3", "x1y2z3", "a1b2c3",
        ]  # fmt: skip
        migrated.abort_commit(3)
        assert migrated.commit_events(3) == []
        again = migrated.begin_commit(  # takes the row id the aborted commit's event had
            op_id="op5", file=FILE, old_sha256=None, new_sha256="c" * 64, actor="person",
            cause="edited", events=[event("x1y2z3", "edit", at=T0, after=fields(0.9))],
        )  # fmt: skip
        assert [e.id for e in migrated.commit_events(again)] == [5]
        assert migrated.commit_events(3) == []
        assert [e.memory_id for e in migrated.events_of_op("op1")] == ["a1b2c3", "x1y2z3"]
        [newest, *_] = migrated.operations()
        assert (newest.op_id, newest.kinds) == ("op2", {"decay": 1})
    conn = raw(Journal.db_path(workspace))
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert conn.execute("SELECT id, first_event, last_event FROM commits ORDER BY id").fetchall() == [
        (1, 1, 2), (2, 3, 3), (3, 5, 5), (4, 5, 5),
    ]  # fmt: skip  # an aborted commit's place stays; its row ids went to another's events
    conn.close()


def test_a_commit_notes_the_place_of_its_events(journal: Journal) -> None:
    journal.record([event("k1", "edit", at=T0, op_id="op0", after=fields(0.5))])
    run = ScoreEvents.of_rows(
        FILE, "decay", "decay", "decay to 2026-03-01", "op1", T0,
        [("a1b2c3", 0.8, 0.7), ("x1y2z3", 0.5, 0.4)],
    )  # fmt: skip
    first = journal.begin_commit(
        op_id="op1", file=FILE, old_sha256=None, new_sha256="b" * 64, actor="decay",
        cause="decay to 2026-03-01", events=run,
    )  # fmt: skip
    empty = journal.begin_commit(
        op_id="op2", file=FILE, old_sha256=None, new_sha256="c" * 64, actor="decay",
        cause="decay to 2026-03-01",
    )  # fmt: skip
    assert journal.path is not None
    places = raw(journal.path).execute("SELECT first_event, last_event FROM commits ORDER BY id")
    assert places.fetchall() == [(2, 3), (None, None)]
    journal.finish_commit(first)
    journal.finish_commit(empty)
    assert [e.memory_id for e in journal.events_of_op("op1")] == ["a1b2c3", "x1y2z3"]
    assert [e.memory_id for e in journal.events_of_op("op0")] == ["k1"]


def test_an_operation_sums_up_its_events_of_every_commit_and_of_none(journal: Journal) -> None:
    for file, rows in (
        (FILE, [("a1b2c3", 0.8, 0.7), ("x1y2z3", 0.5, 0.4)]),
        ("other.md", [("a1b2c3", 0.6, 0.5)]),
    ):
        run = ScoreEvents.of_rows(file, "decay", "decay", "decay", "op1", T0, rows)
        commit_id = journal.begin_commit(
            op_id="op1", file=file, old_sha256=None, new_sha256="b" * 64, actor="decay",
            cause="decay", events=run,
        )  # fmt: skip
        journal.finish_commit(commit_id)
        if file == FILE:  # between the two commits, an event of no commit
            journal.record([event("k1", "edit", at=T0, op_id="op1", after=fields(0.5))])
    [op] = journal.operations()
    assert op.kinds == {"decay": 3, "edit": 1}
    assert op.memory_ids == ("a1b2c3", "x1y2z3", "k1")  # in the order they were recorded
    assert op.files == (FILE, "other.md")
    assert len(journal.events_of_op("op1")) == 4


def test_observations_record_the_score_and_start_the_decay_bookkeeping(journal: Journal) -> None:
    at = T0 + timedelta(days=3)
    journal.record_observations(
        FILE, [("x1y2z3", None, 0.5, date(2026, 1, 1))], at=T0, cause="read from the file"
    )
    observed = [
        ("a1b2c3", None, 0.8, date(2026, 2, 1)),
        ("x1y2z3", 0.5, 0.25, date(2026, 1, 2)),
    ]
    journal.record_observations(FILE, observed, at=at, cause="read from the file")

    # A memory the journal knew has an event (its score before and now), for undo to see.
    (rescored,) = journal.recent_events()
    assert (rescored.memory_id, rescored.kind, rescored.actor, rescored.at) == (
        "x1y2z3", "observe", "agent", at,
    )  # fmt: skip
    assert (rescored.before, rescored.after) == ({"score": 0.5}, {"score": 0.25})
    assert journal.history(FILE, "x1y2z3") == [
        HistoryPoint(T0, 0.5, "observe", "agent"),
        HistoryPoint(at, 0.25, "observe", "agent"),
    ]
    assert journal.history(FILE, "a1b2c3") == [HistoryPoint(at, 0.8, "observe", "agent")]
    assert journal.history("other.md", "a1b2c3") == []
    states = journal.decay_state(FILE)
    assert (states["a1b2c3"].anchor, states["a1b2c3"].score) == (date(2026, 2, 1), 0.8)
    assert (states["x1y2z3"].anchor, states["x1y2z3"].score) == (date(2026, 1, 2), 0.25)


def test_a_memory_first_observed_has_no_replaced_score_before_memdesks_change(
    journal: Journal,
) -> None:
    journal.record_observations(
        FILE, [("a1b2c3", None, 0.7, date(2026, 1, 1))], at=T0, cause="read from the file"
    )
    edit = event(
        "a1b2c3", "edit", at=T0 + timedelta(hours=1), before=fields(0.7), after=fields(0.9)
    )
    journal.record([edit])
    assert journal.first_before(FILE, "a1b2c3") is None
    assert [p.score for p in journal.history(FILE, "a1b2c3")] == [0.7, 0.9]


def test_backups_holding_the_same_bytes_share_their_scores_but_each_is_a_point(
    journal: Journal,
) -> None:
    later = T0 + timedelta(days=1)
    journal.import_backup(
        path_rel="own/1", at=T0 - timedelta(days=1), size=1, sha256="ab" * 32, scores={},
        file=FILE,
    )  # fmt: skip
    for name, at in (("MEMORY.md.bak#1", T0), ("own/2", later)):
        journal.import_backup(
            path_rel=name, at=at, size=1, sha256="ab" * 32, scores={"a1b2c3": 0.7}, file=FILE
        )
    journal.import_backup(
        path_rel="other/1", at=later, size=1, sha256="ab" * 32, scores={"a1b2c3": 0.1},
        file="other.md",
    )  # fmt: skip

    assert journal.history(FILE, "a1b2c3") == [
        HistoryPoint(T0, 0.7, "observe", "import"),
        HistoryPoint(later, 0.7, "observe", "import"),
    ]
    assert journal.history("other.md", "a1b2c3") == [HistoryPoint(later, 0.1, "observe", "import")]
    assert journal.backups_with_sha("ab" * 32) == ["other/1", "own/2", "MEMORY.md.bak#1", "own/1"]


@pytest.mark.parametrize("score", [0.1, 1 / 3, 0.30000000000000004, 1e-300, 2.5, 0.0])
def test_a_score_alone_is_stored_exactly(journal: Journal, score: float) -> None:
    journal.record([event("a1b2c3", "edit", at=T0, before={"score": 0.5}, after={"score": score})])
    assert journal.path is not None
    stored = raw(journal.path).execute("SELECT after_json, after_score FROM events").fetchone()
    assert stored == (None, score)
    assert journal.history(FILE, "a1b2c3")[0].score == score
    assert journal.recent_events()[0].after == {"score": score}


def test_a_score_among_other_fields_is_stored_as_the_json_encoder_writes_it(
    journal: Journal,
) -> None:
    journal.record([event("a1b2c3", "edit", at=T0, after=fields(1 / 3))])
    assert journal.path is not None
    stored = raw(journal.path).execute("SELECT after_json, after_score FROM events").fetchone()
    assert stored == (json.dumps(fields(1 / 3), separators=(",", ":")), None)
    assert journal.history(FILE, "a1b2c3")[0].score == 1 / 3


def test_a_score_json_cannot_hold_is_refused(journal: Journal) -> None:
    with pytest.raises(ValueError):
        journal.record([event("a1b2c3", "edit", at=T0, after={"score": float("nan")})])
    assert journal.recent_events() == []


def test_settings_round_trip(workspace: Path) -> None:
    values: dict[str, JsonValue] = {
        "layout": "picoclaw",
        "profile": {"name": "tiered", "archive_below": 0.2},
        "n": [1, None],
    }
    with Journal.open(workspace) as opened:
        assert opened.get_setting("layout", "auto") == "auto"
        opened.set_setting("layout", "everbot")
        for key, value in values.items():
            opened.set_setting(key, value)
    with Journal.open(workspace) as reopened:
        assert {key: reopened.get_setting(key) for key in values} == values


def test_proposals_move_through_their_statuses(journal: Journal) -> None:
    def propose(memory_id: str, decision: str) -> int:
        return journal.add_proposal(
            file=FILE,
            memory_id=memory_id,
            trigger="promotion",
            decision=decision,
            reasons="stable, used often",
            reviewer="rules",
            memory_hash="h",
        )

    first, second = propose("a1b2c3", "PROMOTE"), propose("x1y2z3", "DELETE")

    journal.set_proposal_status(first, "approved")
    assert [p.id for p in journal.proposals("pending")] == [second]
    approved = journal.proposals("approved")[0]
    assert approved.decision == "PROMOTE" and approved.decided_at is not None
    journal.set_proposal_status(first, "applied")
    assert journal.proposals("applied")[0].decided_at == approved.decided_at
    assert [p.status for p in journal.proposals()] == ["applied", "pending"]

    with pytest.raises(ValueError):
        journal.set_proposal_status(second, "maybe")  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        journal.set_proposal_status(999, "rejected")


# --------------------------------------------------------------------------- other processes

READER = """
import json, sqlite3, sys, time
path, target = sys.argv[1], int(sys.argv[2])
conn = sqlite3.connect(path, timeout=0)  # never wait: a blocked read fails at once
mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
print("ready", flush=True)
counts = []
deadline = time.monotonic() + 10
while time.monotonic() < deadline and (not counts or counts[-1] < target):
    counts.append(conn.execute("SELECT count(*) FROM events").fetchone()[0])
seen = {"mode": mode, "counts": sorted(set(counts)), "ordered": counts == sorted(counts)}
print(json.dumps(seen))
"""


def test_another_process_reads_while_this_one_writes(journal: Journal) -> None:
    journal.record([event("a1b2c3", "create", at=T0, after=fields(0.6))])
    batches, per_batch = 100, 5
    target = 1 + batches * per_batch
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(journal.path), str(target)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert reader.stdout is not None
    assert reader.stdout.readline().strip() == "ready"
    for batch in range(batches):
        at = T0 + timedelta(minutes=batch)
        journal.record(
            event(f"{i:06x}", "edit", at=at, after=fields(0.5)) for i in range(per_batch)
        )
        time.sleep(0.002)
    out, err = reader.communicate(timeout=15)
    assert reader.returncode == 0, err
    seen = json.loads(out)
    assert seen["mode"] == "wal" and seen["ordered"]
    assert seen["counts"][-1] == target
    assert len(seen["counts"]) > 10  # it saw the table grow, batch by batch, never blocked
    assert all((count - 1) % per_batch == 0 for count in seen["counts"])  # whole batches only


# --------------------------------------------------------------------------- score events

_scores = st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False), st.integers())


@given(
    st.lists(st.tuples(st.text(max_size=8), _scores, _scores), max_size=20),
    st.one_of(st.none(), st.integers(min_value=1)),
)
def test_score_events_store_the_rows_their_events_would(
    scores: list[tuple[str, float | None, float | None]], commit_id: int | None
) -> None:
    batch = ScoreEvents.of_rows(FILE, "decay", "decay", "decay to 2026-03-01", "op1", T0, scores)
    one_by_one = list(batch)
    assert len(one_by_one) == len(scores)
    assert journal_rows._event_rows(batch, commit_id) == journal_rows._event_rows(
        one_by_one, commit_id
    )
    assert batch[1:3] == one_by_one[1:3]


_finite = st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False))


@given(st.lists(st.tuples(st.sampled_from(["a1", "b2", "c3", "d4"]), _finite, _finite)))
def test_a_journal_stores_score_events_as_it_stores_them_one_by_one(
    scores: list[tuple[str, float | None, float | None]],
) -> None:
    """Each memory's events, in their order, whether the run binds only the scores (one event
    per memory, plain floats) or every column (a memory twice, or an integer score)."""

    def stored(events: list[Event] | ScoreEvents) -> list[tuple[str, object, object]]:
        with Journal.in_memory() as scratch:
            commit_id = scratch.begin_commit(
                op_id="op1", file=FILE, old_sha256=None, new_sha256="b" * 64, actor="decay",
                cause="decay to 2026-03-01", events=events,
            )  # fmt: skip
            scratch.finish_commit(commit_id)
            found = [(e.memory_id, e.before, e.after) for e in scratch.events_of_op("op1")]
        return sorted(found, key=lambda row: row[0])  # by memory, each memory's in order

    batch = ScoreEvents.of_rows(FILE, "decay", "decay", "decay to 2026-03-01", "op1", T0, scores)
    assert stored(batch) == stored(list(batch))


def test_a_run_naming_a_memory_twice_stores_both_events_in_order(journal: Journal) -> None:
    run = ScoreEvents.of_rows(
        FILE, "decay", "decay", "decay to 2026-03-01", "op1", T0,
        [("a1b2c3", 0.8, 0.7), ("x1y2z3", 0.5, 0.4), ("a1b2c3", 0.7, 0.6)],
    )  # fmt: skip
    assert not run.plain()
    commit_id = journal.begin_commit(
        op_id="op1", file=FILE, old_sha256=None, new_sha256="b" * 64, actor="decay",
        cause="decay to 2026-03-01", events=run,
    )  # fmt: skip
    journal.finish_commit(commit_id)
    assert [(e.memory_id, e.after) for e in journal.events_of_op("op1")] == [
        ("a1b2c3", {"score": 0.7}), ("x1y2z3", {"score": 0.4}), ("a1b2c3", {"score": 0.6}),
    ]  # fmt: skip


def test_score_events_refuse_columns_of_different_lengths() -> None:
    with pytest.raises(ValueError, match="as many"):
        ScoreEvents(FILE, "decay", "decay", "c", "op1", T0, ["a1", "b2"], [0.5, 0.4], [0.3])


def test_score_events_are_history_and_undoable_by_their_operation(journal: Journal) -> None:
    batch = ScoreEvents.of_rows(
        FILE, "decay", "decay", "decay to 2026-03-01", "op1", T0,
        [("a1b2c3", 0.8, 0.75), ("x1y2z3", 0.3, 0.25)],
    )  # fmt: skip
    commit_id = journal.begin_commit(
        op_id="op1", file=FILE, old_sha256="a" * 64, new_sha256="b" * 64, actor="decay",
        cause="decay to 2026-03-01", events=batch,
    )  # fmt: skip
    assert journal.history(FILE, "a1b2c3") == []  # pending: not history yet
    journal.finish_commit(commit_id)

    assert journal.history(FILE, "a1b2c3") == [HistoryPoint(T0, 0.75, "decay", "decay")]
    events = journal.events_of_op("op1")
    assert [(e.memory_id, e.before, e.after) for e in events] == [
        ("a1b2c3", {"score": 0.8}, {"score": 0.75}),
        ("x1y2z3", {"score": 0.3}, {"score": 0.25}),
    ]
    assert [e.id for e in journal.commit_events(commit_id)] == [e.id for e in events]


def _decay_run(
    journal: Journal, scores: list[tuple[str, float, float]], states: dict[str, float]
) -> int:
    run = ScoreEvents.of_rows(FILE, "decay", "decay", "decay to 2026-03-01", "op2", T0, scores)
    return journal.begin_commit(
        op_id="op2", file=FILE, old_sha256="a" * 64, new_sha256="b" * 64, actor="decay",
        cause="decay to 2026-03-01", events=run,
        decay_states=DecayStates(date(2026, 3, 1), T0, states),
    )  # fmt: skip


def _pending_rows(journal: Journal) -> int:
    assert journal.path is not None
    return int(raw(journal.path).execute("SELECT count(*) FROM pending_decay").fetchone()[0])


@pytest.mark.parametrize("ending", ["done", "aborted", "diverged"])
def test_a_decay_runs_events_carry_its_states_until_the_commit_settles(
    journal: Journal, ending: str
) -> None:
    old = DecayState(date(2026, 2, 1), 0.8, T0)
    journal.set_decay_state(FILE, {"a1b2c3": old, "x1y2z3": DecayState(date(2026, 2, 1), 0.3, T0)})
    commit_id = _decay_run(
        journal,
        [("a1b2c3", 0.8, 0.75)],
        {"a1b2c3": 0.75, "k1": 0.5},  # k1: no score change, its anchor moves all the same
    )
    assert _pending_rows(journal) == 1  # the one state no event carries
    assert journal.decay_state(FILE)["a1b2c3"] == old  # invisible while pending
    if ending == "done":
        journal.finish_commit(commit_id)
    else:
        journal.abort_commit(commit_id, state=ending)  # type: ignore[arg-type]

    states = journal.decay_state(FILE)
    if ending == "aborted":
        assert states["a1b2c3"] == old and "k1" not in states
    else:  # done, or replaced and then changed by another program: the anchors hold
        assert states["a1b2c3"] == DecayState(date(2026, 3, 1), 0.75, T0)
        assert states["k1"] == DecayState(date(2026, 3, 1), 0.5, T0)
    assert states["x1y2z3"].score == 0.3  # not in the run
    assert _pending_rows(journal) == 0


def test_a_run_whose_scores_are_not_floats_keeps_a_row_per_state(journal: Journal) -> None:
    commit_id = _decay_run(journal, [("a1b2c3", 1, 1)], {"a1b2c3": 1})
    assert _pending_rows(journal) == 1
    journal.finish_commit(commit_id)
    assert journal.decay_state(FILE)["a1b2c3"].score == 1


def test_a_run_whose_events_do_not_end_on_its_states_keeps_a_row_per_state(
    journal: Journal,
) -> None:
    commit_id = _decay_run(journal, [("a1b2c3", 0.8, 0.75)], {"a1b2c3": 0.7})
    assert _pending_rows(journal) == 1
    journal.finish_commit(commit_id)
    assert journal.decay_state(FILE)["a1b2c3"] == DecayState(date(2026, 3, 1), 0.7, T0)


def test_a_version_3_journal_keeps_its_proposals_and_learns_the_new_fields(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _journal_at_version(workspace, monkeypatch, 3):
        pass
    conn = raw(Journal.db_path(workspace))
    conn.execute(
        "INSERT INTO proposals (file, memory_id, trigger, decision, reasons, reviewer,"
        " status, memory_hash, created_at) VALUES (?, 'a1b2c3', 'decay', 'KEEP', 'still used',"
        " 'rules', 'pending', 'h', ?)",
        (FILE, T0.isoformat()),
    )
    conn.close()
    with Journal.open(workspace) as migrated:
        [old] = migrated.proposals("pending")
        assert (old.memory_id, old.decision, old.why, old.merged_text) == (
            "a1b2c3", "KEEP", "", None,
        )  # fmt: skip
        new = migrated.add_proposal(
            file=FILE, memory_id="x1y2z3", trigger="duplicate", decision="NONE",
            reasons="no decision", reviewer="llm", memory_hash="h2", why="93% similar",
            related_json='[{"key": "a1b2c3"}]', status="failed",
        )  # fmt: skip
        migrated.set_proposal_status(old.id, "rejected", decided_by="person")
        assert [p.id for p in migrated.open_proposals()] == [new]
        [failed] = migrated.proposals("failed")
        assert (failed.triggers, failed.related_ids) == (["duplicate"], ["a1b2c3"])
        assert (failed.id, failed.why, failed.related_json) == (
            new,
            "93% similar",
            '[{"key": "a1b2c3"}]',
        )
        [rejected] = migrated.proposals("rejected")
        assert rejected.decided_by == "person" and rejected.decided_at is not None
        migrated.set_proposal_status(old.id, "pending")
        assert migrated.proposals("pending")[0].decided_by is None
        migrated.mark_seen_for_review(FILE, [("a1b2c3", "h1"), ("x1y2z3", "h2")])
        migrated.mark_seen_for_review(FILE, [("a1b2c3", "h3")])
        assert migrated.seen_for_review(FILE) == {"a1b2c3": "h3", "x1y2z3": "h2"}
