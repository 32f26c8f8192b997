"""While Codex's Phase-2 consolidation holds its lease (`jobs` in memories_1.sqlite, spec/codex.md
2, 5.7), MemDesk writes nothing in memories/: Codex would commit the edit as its new baseline
without consolidating it. The database is read read-only, never written."""

from __future__ import annotations

import hashlib
import sqlite3
import time
from pathlib import Path

import pytest

from core.agents.codex import AGENT, layout
from core.agents.codex.lease import DATABASE
from core.demo import write_demo
from tests.cli.conftest import Cli

JOBS = """CREATE TABLE jobs (kind TEXT NOT NULL, job_key TEXT NOT NULL, status TEXT NOT NULL,
worker_id TEXT, ownership_token TEXT, started_at INTEGER, finished_at INTEGER,
lease_until INTEGER, retry_at INTEGER, retry_remaining INTEGER NOT NULL,
last_error TEXT, input_watermark INTEGER, last_success_watermark INTEGER,
PRIMARY KEY (kind, job_key))"""


def _job(home: Path, status: str, lease_until: int | None, kind: str) -> None:
    with sqlite3.connect(home / DATABASE) as db:
        db.execute(JOBS)
        db.execute(
            "INSERT INTO jobs VALUES (?, 'global', ?, 'w', 't', ?, NULL, ?, NULL, 3, NULL, 2, 1)",
            (kind, status, int(time.time()) - 60, lease_until),
        )
    db.close()


def _digest(home: Path) -> str:
    files = sorted(p for p in home.rglob("*") if p.is_file() and ".memdesk" not in p.parts)
    return hashlib.sha256(b"".join(p.read_bytes() for p in files)).hexdigest()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    write_demo(tmp_path / "codex", layout="codex")
    return tmp_path / "codex"


def test_nothing_is_written_while_a_consolidation_holds_the_lease(cli: Cli, home: Path) -> None:
    _job(home, "running", int(time.time()) + 3600, "memory_consolidate_global")
    before = _digest(home)
    first = cli("list", home, "--section", "summary", "--json").json()[0]["id"]

    for args in (
        ("add", home, "Use uv"),
        ("edit", home, first, "--text", "x"),
        ("delete", home, first),
    ):
        result = cli(*args)
        assert result.code == 1, args
        assert "Codex is consolidating this memory now" in result.err
        assert "nothing was written" in result.err
    assert _digest(home) == before  # memories/ and memories_1.sqlite, byte for byte
    assert any(w.kind == "consolidating" for w in AGENT.check(home).warnings)


@pytest.mark.parametrize(
    ("status", "lease", "kind"),
    [
        ("running", -10, "memory_consolidate_global"),  # the lease ran out: a crashed run
        ("done", None, "memory_consolidate_global"),
        ("running", 3600, "memory_stage1"),  # phase 1 writes only the database
    ],
)
def test_a_lease_no_consolidation_holds_lets_the_write_through(
    cli: Cli, home: Path, status: str, lease: int | None, kind: str
) -> None:
    _job(home, status, None if lease is None else int(time.time()) + lease, kind)
    database = (home / DATABASE).read_bytes()
    assert cli("add", home, "Use uv, not pip").code == 0
    assert len(layout.notes(home)) == 2
    assert (home / DATABASE).read_bytes() == database
    assert not any(w.kind == "consolidating" for w in AGENT.check(home).warnings)


def test_an_unreadable_database_is_not_a_lease(cli: Cli, home: Path) -> None:
    (home / DATABASE).write_bytes(b"not a database")
    assert cli("add", home, "Use uv, not pip").code == 0
    assert (home / DATABASE).read_bytes() == b"not a database"
