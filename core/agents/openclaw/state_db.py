"""OpenClaw's own pre-images of MEMORY.md, kept in its state database (spec/openclaw.md 8.1).

Before its dreaming rewrites MEMORY.md the agent stores the old content as a row of
`plugin_state_entries` (plugin `memory-core`, namespace `dreaming-memory-backups`, the last 8 kept)
in `<stateDir>/state/openclaw.sqlite`, where stateDir is `$OPENCLAW_STATE_DIR` or `~/.openclaw`
(the workspace is usually `~/.openclaw/workspace`). Each row's `value_json` is
`{"version": 1, "workspaceKey", "workspaceDir", "key", "value": {"createdAt", "content",
"contentHash"}}`.

MemDesk only reads the database, through a read-only connection: a write would bypass the
agent's lock and compare-and-swap protocol.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["DB_NAME", "PreImage", "find_state_db", "pre_images"]

DB_NAME = Path("state") / "openclaw.sqlite"
NAMESPACE = "dreaming-memory-backups"
_QUERY = (
    "SELECT entry_key, value_json, created_at FROM plugin_state_entries"
    " WHERE plugin_id = 'memory-core' AND namespace = ?"
)


@dataclass(frozen=True, slots=True)
class PreImage:
    key: str  # the row's entry_key
    at: datetime
    content: bytes


def find_state_db(workspace: Path) -> Path | None:
    """The agent's state database for this workspace: `$OPENCLAW_STATE_DIR`, then the folder
    the workspace is in (`~/.openclaw/workspace`), then `~/.openclaw`."""
    folders = []
    if os.environ.get("OPENCLAW_STATE_DIR"):
        folders.append(Path(os.environ["OPENCLAW_STATE_DIR"]).expanduser())
    folders += [workspace.resolve().parent, Path.home() / ".openclaw"]
    for folder in folders:
        db = folder / DB_NAME
        if db.is_file() and not db.is_symlink():
            return db
    return None


def pre_images(workspace: Path, db: Path) -> list[PreImage]:
    """The pre-images of this workspace's MEMORY.md, oldest first; [] when the database cannot
    be read (locked, another schema, not SQLite)."""
    workspace_key = hashlib.sha256(str(workspace.resolve()).encode()).hexdigest()
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
    except sqlite3.Error:
        return []
    try:
        rows = conn.execute(_QUERY, (NAMESPACE,)).fetchall()
    except sqlite3.Error:
        return []
    finally:
        conn.close()
    found = [image for row in rows if (image := _pre_image(row, workspace, workspace_key))]
    return sorted(found, key=lambda i: (i.at, i.key))


def _pre_image(row: tuple[Any, ...], workspace: Path, workspace_key: str) -> PreImage | None:
    entry_key, value_json, created_at = row
    try:
        record = json.loads(value_json)
    except (TypeError, ValueError):
        return None
    if not isinstance(record, dict):
        return None
    mine = str(entry_key).startswith(f"{workspace_key}:") or record.get("workspaceKey") == (
        workspace_key
    )
    if not mine and record.get("workspaceDir") != str(workspace.resolve()):
        return None
    value = record.get("value")
    if not isinstance(value, dict) or not isinstance(value.get("content"), str):
        return None
    at = _moment(value.get("createdAt")) or _moment(created_at)
    if at is None:
        return None
    return PreImage(str(entry_key), at, value["content"].encode("utf-8", "surrogatepass"))


def _moment(value: Any) -> datetime | None:
    """A time as the agent stores it: milliseconds since the epoch, or ISO 8601 text."""
    try:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return datetime.fromtimestamp(value / 1000, UTC)
        if isinstance(value, str):
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
            return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    except (ValueError, OverflowError, OSError):
        return None
    return None
