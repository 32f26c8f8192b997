"""An agent's change to one workspace of many, seen without reading the others (issue 26, item 3).

`Watcher.poll` stats every file and folder of the scanned workspaces (their trees as the scan's
index took them: `core.index.Tree`) and returns the workspaces whose stat figures changed, each
read again alone (`core.scan.rescan`). A window may instead be told by the system
(QFileSystemWatcher over `Plan.paths`) when `plan()` says they fit the system's limit on watches
(Linux: /proc/sys/fs/inotify/max_user_watches, half of it left to other programs); else it polls.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from core.index import Tree, tree, tree_of
from core.scan import Found, rescan

__all__ = ["INOTIFY_LIMIT", "Plan", "Watcher", "watch_limit"]

INOTIFY_LIMIT: Final = Path("/proc/sys/fs/inotify/max_user_watches")
OTHER_SYSTEMS: Final = 1_000  # watches on a system whose limit cannot be read (kqueue: a fd each)


@dataclass(frozen=True, slots=True)
class Plan:
    """How to learn of changes: the system's notifications on `paths`, or polling."""

    mode: Literal["notify", "poll"]
    paths: list[str]  # every folder and file of the workspaces (what "notify" watches)
    limit: int  # watches this process may take


def watch_limit(limit_file: Path = INOTIFY_LIMIT) -> int:
    """Watches this process may take: half the system's inotify limit (the rest for others)."""
    try:
        return int(limit_file.read_text(encoding="ascii").strip()) // 2
    except (OSError, ValueError):
        return OTHER_SYSTEMS


class Watcher:
    """The workspaces `found` watched by polling their trees' stat figures."""

    def __init__(self, found: Sequence[Found]) -> None:
        self.found = {f.path: f for f in found if not f.error}
        self.trees: dict[Path, Tree] = {ws: _whole(ws) for ws in self.found}

    def plan(self, limit: int | None = None) -> Plan:
        """ "notify" when every folder and file fits `limit` (default `watch_limit()`), else "poll"."""
        paths = [
            path for t in self.trees.values() for path, _ in t.entries if not path.endswith(" ->")
        ]
        allowed = watch_limit() if limit is None else limit
        return Plan("notify" if len(paths) <= allowed else "poll", paths, allowed)

    def changed(self) -> list[Path]:
        """The workspaces whose files or folders changed since last looked at."""
        return [ws for ws, t in self.trees.items() if t.changed()]

    def poll(self) -> list[Found]:
        """The changed workspaces, each read again alone (through the scan's index)."""
        return self.refresh(self.changed())

    def refresh(self, folders: Sequence[Path]) -> list[Found]:
        """`folders` (workspaces watched, e.g. a system notification named) read again."""
        again = rescan([self.found[ws] for ws in folders if ws in self.found])
        for f in again:
            self.found[f.path] = f
            self.trees[f.path] = _whole(f.path)
        return again


def _whole(ws: Path) -> Tree:
    """The workspace's tree as the scan took it, or all of it when too big for the index."""
    kept = tree_of(ws)
    return kept if kept.complete else tree(ws, budget=sys.maxsize)
