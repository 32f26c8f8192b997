"""The agent's advisory lock: ``fcntl.flock`` on ``<file>.lock``, as EverBot takes it; and
MemDesk's own workspace lock, for what must be checked and written as one step (an undo).

EverBot (xforce-io/alfred, ``MemoryManager.review_lock``) opens ``MEMORY.md.lock`` and holds
``fcntl.flock(LOCK_EX)`` while it commits a review. flock and POSIX record locks (lockf/fcntl)
do not see each other on Linux, so MemDesk must use flock too. The lock file is never deleted:
the agent may have it open, and deleting it would let two writers lock two different files.
flock locks belong to an open file, so a second ``agent_lock`` on the same file in the same
process waits for the first like any other writer (the lock is not re-entrant).
"""

from __future__ import annotations

import errno
import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from core.messages import say
from core.store.confine import open_folder, own_link_refused

__all__ = ["LockTimeout", "agent_lock", "lock_path_for", "workspace_lock"]

_POLL_INTERVAL_S = 0.02
WORKSPACE_LOCK = ".memdesk/workspace.lock"
_held = threading.local()  # the workspace locks this thread holds (by folder)


class LockTimeout(TimeoutError):
    """Another program held the lock file for longer than we were willing to wait."""

    def __init__(self, lock_path: Path, timeout: float) -> None:
        message = say(
            "Could not lock {path} within {seconds} s: another program (probably the agent) "
            "holds it. Try again when it has finished writing.",
            path=lock_path,
            seconds=f"{timeout:g}",
        )
        super().__init__(errno.ETIMEDOUT, message, str(lock_path))

    def __str__(self) -> str:
        return str(self.strerror)


def lock_path_for(target: Path) -> Path:
    """The lock file guarding ``target``: ``MEMORY.md`` -> ``MEMORY.md.lock``."""
    return target.with_name(f"{target.name}.lock")


@contextmanager
def agent_lock(
    target: Path, *, timeout: float = 10.0, poll_interval: float = _POLL_INTERVAL_S
) -> Iterator[Path]:
    """Hold an exclusive flock on ``<target>.lock`` (created if missing) inside the block.

    Raises LockTimeout if the lock is not free within ``timeout`` seconds.
    """
    lock_path = lock_path_for(target)
    fd = _open_lock_file(lock_path)
    try:
        _acquire(fd, lock_path, timeout=timeout, poll_interval=poll_interval)
        try:
            yield lock_path
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _open_lock_file(lock_path: Path) -> int:
    """Open the lock file, creating it if needed and never truncating; read-only if need be."""
    try:
        return os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except PermissionError:
        # flock works on a read-only descriptor too: a lock file owned by the agent's user.
        return os.open(lock_path, os.O_RDONLY | os.O_CLOEXEC)


def _acquire(fd: int, lock_path: Path, *, timeout: float, poll_interval: float) -> None:
    """Poll a non-blocking flock until it succeeds or ``timeout`` has passed."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LockTimeout(lock_path, timeout) from None
            time.sleep(min(poll_interval, remaining))


@contextmanager
def workspace_lock(root: Path, *, timeout: float) -> Iterator[Path]:
    """Hold MemDesk's exclusive lock of the workspace (``.memdesk/workspace.lock``, never
    followed if it is a link) inside the block: other MemDesk processes and threads wait for it.
    A thread that holds it already goes on (an undo that puts back a failed undo's files).

    Raises LockTimeout if it is not free within ``timeout`` seconds.
    """
    lock_path = root / WORKSPACE_LOCK
    held: set[str] = _held.__dict__.setdefault("roots", set())
    key = os.path.abspath(root)
    if key in held:
        yield lock_path
        return
    fd = _own_lock_file(root, lock_path)
    try:
        _acquire(fd, lock_path, timeout=timeout, poll_interval=_POLL_INTERVAL_S)
        held.add(key)
        try:
            yield lock_path
        finally:
            held.discard(key)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _own_lock_file(root: Path, lock_path: Path) -> int:
    """The lock file, opened in `.memdesk/` reached without following a link (one rule with
    the journal and the backups: a link there is refused, naming it)."""
    folder_rel, _, name = WORKSPACE_LOCK.rpartition("/")
    folder = open_folder(root, folder_rel, str(lock_path.parent), create=True)
    try:
        return os.open(
            name, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=folder
        )
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            raise
        raise own_link_refused(lock_path) from None
    finally:
        os.close(folder)
