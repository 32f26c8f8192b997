"""An agent's change to one workspace of many, seen without reading the others (issue 26, item 3).

`Watcher.poll` returns the workspaces changed since it last looked, each read again alone
(`core.scan.rescan`). Its first poll stats every file and folder (their trees as the scan's
index took them: `core.index.Tree`; 50,000 of them take 0.15 s); from then on, on Linux, it is
told by the system (inotify: a watch on each folder of the workspaces, which tells of its files'
writes too) within the system's limit on watches; else, and when the system's queue of events
overflowed, it stats them all again. A window may instead
be told by Qt (QFileSystemWatcher over `Plan.paths`) when `plan()` says they fit the system's
limit (Linux: /proc/sys/fs/inotify/max_user_watches, half of it left to other programs).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import stat
import struct
import sys
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from core.index import LINK, Tree, tree, tree_of
from core.scan import Found, rescan

__all__ = ["INOTIFY_LIMIT", "Inotify", "Plan", "Watcher", "watch_limit"]

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
    """The workspaces `found` watched: told by the system where it can (`notify`, from the
    first poll on), else by polling their trees' stat figures."""

    def __init__(self, found: Sequence[Found], *, notify: bool = True) -> None:
        self.found = {f.path: f for f in found if not f.error}
        self.trees: dict[Path, Tree] = {ws: _whole(ws) for ws in self.found}
        self.told: Inotify | None = None  # from the first poll on (a window told by Qt: never)
        self._notify = notify
        self._watched: dict[int, set[Path]] = {}  # by the system's watch: its workspaces

    def plan(self, limit: int | None = None) -> Plan:
        """ "notify" when every folder and file fits `limit` (default `watch_limit()`), else "poll"."""
        paths = [
            path for t in self.trees.values() for path, _ in t.entries if not path.endswith(" ->")
        ]
        allowed = watch_limit() if limit is None else limit
        return Plan("notify" if len(paths) <= allowed else "poll", paths, allowed)

    def changed(self) -> list[Path]:
        """The workspaces whose files or folders changed since last looked at."""
        told = None if self.told is None else self.told.events()
        if self._notify:  # the first look: the system tells from here on, what came before is
            self._notify = False  # found by the stat figures
            self.told = Inotify.opened()
            for ws in self.trees:
                self._watch(ws)
        elif told is not None:
            named = {ws for wd in told for ws in self._watched.get(wd, ())}
            return [ws for ws in self.trees if ws in named]
        # polling, the first look, or the system's queue overflowed: every file looked at
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
            self._watch(f.path)  # its new folders
        return again

    def _watch(self, ws: Path) -> None:
        """The system told of changes in each folder of the workspace (and each link's target);
        polling from here on when it will not take one more."""
        if self.told is None:
            return
        for path, (mode, *_) in self.trees[ws].entries:
            if not (stat.S_ISDIR(mode) or path.endswith(LINK)):
                continue
            try:
                self._watched.setdefault(self.told.watch(path.removesuffix(LINK)), set()).add(ws)
            except FileNotFoundError:  # gone since: its folder's change tells of it
                continue
            except OSError:  # the system's limit on watches
                self.told.close()
                self.told = None
                return


class Inotify:
    """Linux's notifications of changes: a watch on a folder tells of its entries' changes (an
    agent's write to a file in it included) and of its own."""

    MASK: Final = 0x2 | 0x4 | 0x8 | 0x40 | 0x80 | 0x100 | 0x200 | 0x400 | 0x800  # every change
    OVERFLOW: Final = 0x4000
    EVENT: Final = struct.Struct("iIII")  # wd, mask, cookie, length of the name that follows

    def __init__(self, libc: Any, fd: int) -> None:
        self.libc, self.fd = libc, fd
        self._closing = weakref.finalize(self, os.close, fd)

    @classmethod
    def opened(cls) -> Inotify | None:
        """None where the system has no inotify, or will not give this process another."""
        if not sys.platform.startswith("linux"):
            return None
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
            fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        except (OSError, AttributeError):
            return None
        return cls(libc, fd) if fd >= 0 else None

    def watch(self, path: str) -> int:
        """The watch on `path` (one already there for the same folder: that one)."""
        wd = int(self.libc.inotify_add_watch(self.fd, os.fsencode(path), self.MASK))
        if wd < 0:
            number = ctypes.get_errno()
            raise OSError(number, os.strerror(number), path)
        return wd

    def events(self) -> set[int] | None:
        """The watches told of a change since last asked; None when the system's queue
        overflowed (some changes were not told)."""
        told: set[int] = set()
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return told
            at = 0
            while at < len(data):
                wd, mask, _, length = self.EVENT.unpack_from(data, at)
                if mask & self.OVERFLOW:
                    return None
                told.add(wd)
                at += self.EVENT.size + length

    def close(self) -> None:
        self._closing()


def _whole(ws: Path) -> Tree:
    """The workspace's tree as the scan took it, or all of it when too big for the index."""
    kept = tree_of(ws)
    return kept if kept.complete else tree(ws, budget=sys.maxsize)
