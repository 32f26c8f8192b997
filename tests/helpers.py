"""Small pieces several test modules share."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from core.agents.registry import resolve

# Holds the agent's lock the way EverBot does (open + fcntl.flock) until its stdin is closed.
LOCK_HOLDER = """
import fcntl, sys
with open(sys.argv[1], "a") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    print("locked", flush=True)
    sys.stdin.read()
"""


def dead_pid() -> int:
    """The pid of a process that has already exited (for temp files of a crashed writer)."""
    finished = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(finished.stdout)


def open_workspace(root: Path) -> Any:
    """The workspace of the agent whose memory `root` holds (as the window opens it)."""
    agent, path = resolve(Path(root))
    return agent.open(path)
