"""OpenClaw's pre-images of MEMORY.md in its state database (spec/openclaw.md 8.1): listed as
backups, diffed and restored from, and the database never written."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import Cli

OLD = "# Memory\n\n- 用户住在杭州。\n- Prefers short answers.\n"


def _state_db(state: Path, workspace: Path, rows: list[tuple[str, object, object]]) -> Path:
    """A database shaped as the agent's: `plugin_state_entries` rows for its pre-images."""
    db = state / "state" / "openclaw.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.execute(
        "CREATE TABLE plugin_state_entries (plugin_id TEXT, namespace TEXT, entry_key TEXT,"
        " value_json TEXT, created_at INTEGER, expires_at INTEGER)"
    )
    key = hashlib.sha256(str(workspace.resolve()).encode()).hexdigest()
    for n, (content, created, namespace) in enumerate(rows):
        value = {"createdAt": created, "content": content, "contentHash": "x"}
        record = {"version": 1, "workspaceKey": key, "workspaceDir": str(workspace.resolve()),
                  "key": f"pre-{n}", "value": value}  # fmt: skip
        conn.execute(
            "INSERT INTO plugin_state_entries VALUES ('memory-core', ?, ?, ?, 0, NULL)",
            (namespace, f"{key}:{n}", json.dumps(record)),
        )
    conn.commit()
    conn.close()
    return db


@pytest.fixture
def claw(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    workspace = tmp_path / "ws"
    assert cli("demo", workspace, "--layout", "openclaw").code == 0
    state = tmp_path / "state-dir"
    rows: list[tuple[str, object, object]] = [
        (OLD, 1_790_000_000_000, "dreaming-memory-backups"),
        (OLD + "- newer\n", "2026-11-20T08:00:00.000Z", "dreaming-memory-backups"),
        ("not a pre-image", 1_790_000_000_000, "short-term-recall"),
    ]
    db = _state_db(state, workspace, rows)
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    return workspace, db


def test_pre_images_are_listed_diffed_and_restored(cli: Cli, claw: tuple[Path, Path]) -> None:
    workspace, db = claw
    db_bytes = db.read_bytes()

    rows = [r for r in cli("backups", workspace, "--json").json() if r["at_source"] == "agent_db"]

    assert [r["entries"] for r in rows] == [2, 3]
    assert all(r["origin"] == "agent" and r["file"] == "MEMORY.md" for r in rows)
    assert rows[1]["at"].startswith("2026-11-20T08:00:00")
    diff = cli("diff", workspace, rows[0]["path"], "--json").json()
    assert {m["content"] for m in diff["removed"]} >= {"用户住在杭州。"}
    refused = cli("restore", workspace, rows[0]["path"])
    assert refused.code == 1 and "--force" in refused.err, refused.err
    assert cli("restore", workspace, rows[0]["path"], "--force").code == 0
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == OLD
    assert db.read_bytes() == db_bytes  # read-only
    assert not Path(f"{db}-wal").exists() and not Path(f"{db}-journal").exists()


def test_a_database_that_is_not_the_agents_is_ignored(
    cli: Cli, claw: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace, db = claw
    db.write_bytes(b"not sqlite at all")

    result = cli("backups", workspace, "--json")

    assert result.code == 0
    assert not [r for r in result.json() if r["at_source"] == "agent_db"]


def test_where_lists_the_pre_images_holding_the_text(cli: Cli, claw: tuple[Path, Path]) -> None:
    workspace, db = claw
    db_bytes = db.read_bytes()

    places = cli("where", workspace, "用户住在杭州", "--json").json()

    held = [p for p in places if p["kind"] == "agent-db"]
    assert len(held) == 2 and all(p["file"].startswith("state-db:") for p in held)
    assert all(p["text"] == "- 用户住在杭州。" for p in held)
    forget = cli("forget", workspace, "用户住在杭州")
    assert forget.code == 0 and "still in the agent's database: state-db:" in forget.out
    assert db.read_bytes() == db_bytes
