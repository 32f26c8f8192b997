"""Reading the agent's files: whole, as they are, never from a FIFO or a device.

Every read of a memory file goes through here, so the messages and the refusals are the same
everywhere: a FIFO or device is never read (that could block for ever), a folder is named as
one, and an error names the file.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

from core.store.errors import WorkspaceError
from core.store.locking import LockTimeout, agent_lock, lock_path_for

__all__ = [
    "UNSETTLED_PAUSE_S",
    "UNSETTLED_RETRIES",
    "read_consistent",
    "read_file",
    "read_or_none",
    "settled",
]

UNSETTLED_RETRIES = 5  # a file another program is writing right now is read again …
UNSETTLED_PAUSE_S = 0.02  # … after this pause

# O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused right after).
_FLAGS = os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK


def read_or_none(path: Path) -> bytes | None:
    """The file's bytes, None when there is no file; WorkspaceError when it cannot be read."""
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _read_error(path, exc) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise WorkspaceError(f"{path}: is {kind}, not a memory file")
        return _read_all(fd, st.st_size)
    except OSError as exc:
        raise _read_error(path, exc) from None
    finally:
        os.close(fd)


def settled(path: Path, data: bytes | None, before: bytes | None) -> bytes | None:
    """`data`, just read from `path`, once a writer that truncated it has written it again.

    An agent that writes in place (truncate, then write) leaves the file empty for a moment: a
    file that turned empty (it held `before`) is read again after short pauses."""
    for _attempt in range(UNSETTLED_RETRIES):
        if data != b"" or not before:
            return data
        time.sleep(UNSETTLED_PAUSE_S)
        data = read_or_none(path)
    return data


def read_file(path: Path) -> bytes:
    """The file's bytes; WorkspaceError when it is missing or cannot be read."""
    data = read_or_none(path)
    if data is None:
        raise WorkspaceError(f"{path}: the file is gone (deleted or renamed by another program)")
    return data


def read_consistent(path: Path, *, timeout: float) -> bytes:
    """Read the file under the agent's lock when it has one, never half-way through its write.

    EverBot (603d2cf) overwrites MEMORY.md in place under its lock: read without the lock, the
    file may be empty or cut short, which would show as memories gone without any problem.
    """
    if not lock_path_for(path).exists():
        return read_file(path)
    try:
        with agent_lock(path, timeout=timeout):
            return read_file(path)
    except LockTimeout as exc:
        raise WorkspaceError(str(exc), exit_code=1) from None
    except OSError:
        return read_file(path)  # the lock file cannot be opened here (read-only): read as is


def read_fd(fd: int) -> bytes:
    """Everything in an open file, from its start (whatever its size is now)."""
    return _read_all(fd, os.fstat(fd).st_size, start=0)


def _read_all(fd: int, size_hint: int, start: int = 0) -> bytes:
    chunks: list[bytes] = []
    offset = start
    step = max(size_hint, 1 << 16)
    while True:
        chunk = os.pread(fd, step, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


def _read_error(path: Path, exc: OSError) -> WorkspaceError:
    if exc.errno == errno.ELOOP:
        return WorkspaceError(f"{path}: a symbolic link that leads nowhere (a loop)")
    if isinstance(exc, PermissionError):
        return WorkspaceError(f"{path}: no permission to read this file")
    if isinstance(exc, IsADirectoryError):
        return WorkspaceError(f"{path}: is a folder, not a memory file")
    if isinstance(exc, NotADirectoryError):
        return WorkspaceError(f"{path}: a part of this path is not a folder")
    return WorkspaceError(f"{path}: cannot read: {exc.strerror or exc}")
