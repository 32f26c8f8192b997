"""Codex's Phase-2 consolidation lease (spec/codex.md 2, 3.6, 5.7): the `jobs` row of kind
`memory_consolidate_global` in `<CODEX_HOME>/memories_1.sqlite`. While it is `running` with a
`lease_until` (Unix seconds) still ahead, a consolidation agent is rewriting memories/ and
Codex will commit what it finds as the new baseline: an edit made then is never consolidated.
The database is only ever opened read-only; MemDesk never writes it."""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path
from urllib.parse import quote

DATABASE = "memories_1.sqlite"
_HELD = """
SELECT lease_until FROM jobs
WHERE kind = 'memory_consolidate_global' AND job_key = 'global'
  AND status = 'running' AND lease_until > ?
"""

log = logging.getLogger(__name__)


def consolidation_lease(home: Path, now: float | None = None) -> int | None:
    """Until when (Unix seconds) a Phase-2 consolidation holds the memory folder; None when
    none does, or when the database is missing or unreadable (logged)."""
    database = home / DATABASE
    if not database.is_file():
        return None
    at = int(now if now is not None else time.time())
    try:
        connection = sqlite3.connect(f"file:{quote(str(database))}?mode=ro", uri=True, timeout=2)
        try:
            row = connection.execute(_HELD, (at,)).fetchone()
        finally:
            connection.close()
    except sqlite3.Error as exc:
        log.warning("%s: could not read Codex's consolidation lease: %s", database, exc)
        return None
    return None if row is None else int(row[0])
