"""Reading the agent's files: whole, as they are, never from a FIFO or a device.

Every read of a memory file goes through here, so the messages and the refusals are the same
everywhere: a FIFO or device is never read (that could block for ever), a folder is named as
one, and an error names the file. Given the folder it must stay in (`root`), a read is confined
to it (`open_confined`): no link out of it is followed and no file with other names is read.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from core.messages import N_, say
from core.store.confine import ConfinementError, open_beneath
from core.store.errors import EXIT_ERROR, WorkspaceError
from core.store.locking import LockTimeout, agent_lock, lock_path_for

__all__ = [
    "BIG_FILE_BYTES",
    "UNSETTLED_PAUSE_S",
    "UNSETTLED_RETRIES",
    "ConfinedFile",
    "list_folder",
    "open_confined",
    "read_consistent",
    "read_error",
    "read_file",
    "read_head",
    "read_lines",
    "read_or_none",
    "settled",
]

# A file larger than this is never read whole (nor parsed, nor diffed as text): twice the
# 100,000-memory EverBot file (17 MB) every command is measured on. A backup this big is read
# a memory at a time instead (core.store.backups_view.memory_pieces).
BIG_FILE_BYTES = 32 * 1024 * 1024
UNSETTLED_RETRIES = 5  # a file another program is writing right now is read again …
UNSETTLED_PAUSE_S = 0.02  # … after this pause

# O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused right after).
_FLAGS = os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK


def read_or_none(path: Path, *, root: Path | None = None) -> bytes | None:
    """The file's bytes, None when there is no file; WorkspaceError when it cannot be read.

    With `root` (a folder `path` is in), the read is confined to it (see `open_confined`)."""
    if root is not None:
        try:
            with open_confined(root, path.relative_to(root).as_posix(), shown=str(path)) as file:
                return file.read()
        except FileNotFoundError:
            return None
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise read_error(path, exc) from None
    try:
        st = os.fstat(fd)
        _refuse_irregular(str(path), st)
        return _read_all(fd, st.st_size)
    except OSError as exc:
        raise read_error(path, exc) from None
    finally:
        os.close(fd)


def settled(
    path: Path, data: bytes | None, before: bytes | None, *, root: Path | None = None
) -> bytes | None:
    """`data`, just read from `path`, once a writer that truncated it has written it again.

    An agent that writes in place (truncate, then write) leaves the file empty for a moment: a
    file that turned empty (it held `before`) is read again after short pauses."""
    for _attempt in range(UNSETTLED_RETRIES):
        if data != b"" or not before:
            return data
        time.sleep(UNSETTLED_PAUSE_S)
        data = read_or_none(path, root=root)
    return data


def read_head(path: Path, size: int, *, root: Path | None = None) -> bytes | None:
    """Up to `size` bytes from the start of a regular file, for guessing what wrote it; None
    for anything else (missing, a folder, a FIFO: never waited on) or a file MemDesk may not
    read. Detection uses it before any workspace is known, unconfined; with `root`, the read is
    confined to it (`open_confined`)."""
    if root is not None:
        try:
            with open_confined(root, path.relative_to(root).as_posix()) as file:
                return os.pread(file.fd, size, 0)
        except (OSError, WorkspaceError):
            return None
    try:
        fd = os.open(path, _FLAGS)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, size)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_file(path: Path, *, root: Path | None = None) -> bytes:
    """The file's bytes; WorkspaceError when it is missing or cannot be read."""
    data = read_or_none(path, root=root)
    if data is None:
        raise _gone(path)
    return data


def read_consistent(path: Path, *, timeout: float, root: Path | None = None) -> bytes:
    """Read the file under the agent's lock when it has one, never half-way through its write.

    EverBot (603d2cf) overwrites MEMORY.md in place under its lock: read without the lock, the
    file may be empty or cut short, which would show as memories gone without any problem.
    """
    if not lock_path_for(path).exists():
        return read_file(path, root=root)
    try:
        with agent_lock(path, timeout=timeout):
            return read_file(path, root=root)
    except LockTimeout as exc:
        raise WorkspaceError(str(exc), exit_code=1) from None
    except OSError:
        return read_file(path, root=root)  # the lock file cannot be opened here (read-only)


@dataclass(frozen=True, slots=True)
class ConfinedFile:
    """A regular file opened inside a root folder, and the names that reach it from there."""

    fd: int
    parts: tuple[str, ...]  # relative to the root, the links on the way followed
    shown: str  # how messages name it
    size: int

    def read(self) -> bytes:
        try:
            return _read_all(self.fd, self.size)
        except OSError as exc:
            raise read_error(Path(self.shown), exc) from None


@contextmanager
def open_confined(root: Path, rel: str, *, shown: str | None = None) -> Iterator[ConfinedFile]:
    """The file `rel` inside `root`, open for reading, for a path that comes from elsewhere.

    Each name is opened relative to the folder before it and a link is followed only inside
    `root` (core.store.confine); a FIFO, a device or a folder is refused before anything is
    read (it could block for ever), and so is a file with more than one name (a hard link: its
    other name may be outside `root`). FileNotFoundError when there is no such file;
    ConfinementError or WorkspaceError, naming `shown` (else root/rel), for a refusal."""
    name = shown if shown is not None else str(root / rel)
    try:
        fd, parts = open_beneath(root, rel, name)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise read_error(Path(name), exc) from None
    try:
        st = os.fstat(fd)
        _refuse_unconfined(name, st)
        yield ConfinedFile(fd, parts, name, st.st_size)
    finally:
        os.close(fd)


def read_lines(path: Path, *, root: Path) -> Iterator[bytes]:
    """The file's lines (with their ends) one at a time, confined to `root` like `read_or_none`:
    a file too big to hold whole is read in bounded memory. WorkspaceError when it is missing or
    cannot be read."""
    try:
        with open_confined(root, path.relative_to(root).as_posix(), shown=str(path)) as file:
            try:
                with open(file.fd, "rb", closefd=False) as handle:
                    yield from handle
            except OSError as exc:
                raise read_error(path, exc) from None
    except FileNotFoundError:
        raise _gone(path) from None


def hold_confined(root: Path, rel: str) -> int | None:
    """A read descriptor on `rel` inside `root` with `open_confined`'s checks, for a caller that
    keeps it open (and closes it); None when there is no such file."""
    name = str(root / rel)
    try:
        fd, _parts = open_beneath(root, rel, name)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise read_error(Path(name), exc) from None
    try:
        _refuse_unconfined(name, os.fstat(fd))
    except BaseException:
        os.close(fd)
        raise
    return fd


def _gone(path: Path) -> WorkspaceError:
    return WorkspaceError(
        say("{path}: the file is gone (deleted or renamed by another program)", path=path)
    )


def _refuse_unconfined(name: str, st: os.stat_result) -> None:
    _refuse_irregular(name, st)
    if st.st_nlink > 1:
        said = say(
            "{path}: has {count} names (hard links), and another one may be outside the "
            "workspace; refused (a copy of the file has one name)",
            path=name,
            count=st.st_nlink,
        )
        raise ConfinementError(said)


def list_folder(path: Path) -> list[Path]:
    """What the folder holds (in no order); WorkspaceError naming it when it cannot be listed."""
    try:
        return list(path.iterdir())
    except OSError as exc:
        raise read_error(path, exc, "folder") from None


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


def _refuse_irregular(name: str, st: os.stat_result) -> None:
    if not stat.S_ISREG(st.st_mode):
        said = (
            say("{path}: is a folder, not a memory file", path=name)
            if stat.S_ISDIR(st.st_mode)
            else say("{path}: is not a regular file, not a memory file", path=name)
        )
        raise ConfinementError(said, exit_code=EXIT_ERROR)


_NO_PERMISSION = {
    "file": N_("{path}: no permission to read this file"),
    "folder": N_("{path}: no permission to read this folder"),
    "file or folder": N_("{path}: no permission to read this file or folder"),
}


def read_error(path: Path, exc: OSError, what: str = "file") -> WorkspaceError:
    """What an error met reading `path` means, worded for the person and naming it."""
    if exc.errno == errno.ELOOP:
        return WorkspaceError(say("{path}: a symbolic link that leads nowhere (a loop)", path=path))
    if isinstance(exc, PermissionError):
        return WorkspaceError(_NO_PERMISSION[what].format(path=path))
    if isinstance(exc, IsADirectoryError):
        return WorkspaceError(say("{path}: is a folder, not a memory file", path=path))
    if isinstance(exc, NotADirectoryError):
        return WorkspaceError(say("{path}: a part of this path is not a folder", path=path))
    return WorkspaceError(
        say("{path}: cannot read: {detail}", path=path, detail=exc.strerror or exc)
    )
