"""Claude Code's consolidation lock, `memory/.consolidate-lock` (spec/claude-code.md 2): its
body is the holder's process id and its mtime the time of the last consolidation; the agent
takes it as stale after an hour. MemDesk never writes it."""

from __future__ import annotations

import os
import time
from pathlib import Path

STALE_AFTER = 3600.0  # seconds [B: y=3600000 ms]


def consolidation_holder(lock: Path, now: float | None = None) -> int | None:
    """The process id of a consolidation under way (None when none is): the lock names a
    process that is alive and was touched within the hour."""
    try:
        stat = lock.stat()
        body = lock.read_bytes()[:64]
    except OSError:
        return None
    try:
        pid = int(body.decode("ascii").strip())
    except ValueError:
        return None
    if pid <= 0 or (now if now is not None else time.time()) - stat.st_mtime > STALE_AFTER:
        return None
    return pid if _alive(pid) else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True
