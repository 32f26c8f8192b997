"""Atomic file replacement: readers and crashes see the old bytes or the new bytes, never a mix.

A save writes a hidden temp file beside the target (``.<name>.memdesk-tmp.<pid>.<hex>``),
fsyncs it, renames it over the target and fsyncs the folder. A crash can leave such a temp
file behind; it never holds the only copy of anything (the target is untouched until the
rename), so :func:`clean_stale_temps` may delete it once its writer is gone. (The guarded
commit's swap is different: it leaves the file it displaced at the temp name until it has looked
at it; `core.store.commit.clean_leftovers` keeps such a file when it is the only copy.)
"""

from __future__ import annotations

import ctypes
import errno
import functools
import logging
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

from core.messages import N_, say

__all__ = [
    "TEMP_MARKER",
    "PreparedTemp",
    "WriteRefused",
    "atomic_write_bytes",
    "clean_stale_temps",
    "create_temp",
    "fsync_directory",
    "fsync_folder_fd",
    "is_memdesk_temp",
    "list_stale_temps",
    "pid_alive",
    "prepare",
    "put_back_taken",
    "take_away",
    "temp_target_name",
    "write_all",
]

log = logging.getLogger(__name__)

TEMP_MARKER = ".memdesk-tmp."
# Longest file name most file systems accept (bytes, NAME_MAX on Linux, macOS and Windows).
_NAME_MAX = 255
_TEMP_RE = re.compile(
    r"\.(?P<name>.+)\.memdesk-tmp\.(?P<pid>[1-9][0-9]{0,9})\.(?P<rand>[0-9a-f]{16})", re.DOTALL
)
_NO_FREE_NAME = N_("could not find a free temporary file name")
# A temp file this old is stale even if a process with its pid is running (the pid was reused).
STALE_AFTER_S = 3600.0
# Folders on some file systems cannot be fsynced; that is no reason to fail a save.
_DIR_FSYNC_UNSUPPORTED = frozenset({errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EBADF})


class WriteRefused(OSError):
    """MemDesk declined to write a file (symlink, read-only file, unwritable folder, …)."""

    def __init__(self, path: Path, reason: str, *, code: int = errno.EACCES) -> None:
        said = say("Refusing to write {path}: {reason}", path=path, reason=reason)
        super().__init__(code, said, str(path))

    def __str__(self) -> str:
        return str(self.strerror)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically and durably, keeping the file's mode.

    On any error (including KeyboardInterrupt) the target is untouched, the temp file is
    removed and the error is re-raised, with ``filename`` set to ``path`` if it had none.
    A failure to fsync the folder after the rename is raised too, although the new
    content is then already in place.
    """
    prepare(Path(path), data).publish()


class PreparedTemp:
    """New content written and synced beside its target, waiting for `publish` or `discard`.

    The guarded commit takes its last look at the target between the two: the window in which
    another writer's change could be lost is only the rename itself.
    """

    def __init__(self, target: Path, tmp: Path, ident: tuple[int, int]) -> None:
        self.target = target
        self.tmp = tmp
        self.ident = ident  # the temp file's inode and device: ours, wherever it is renamed

    def publish(self) -> None:
        """Rename the temp file over the target and make the rename durable."""
        try:
            os.replace(self.tmp, self.target)
        except BaseException as exc:
            self.discard()
            _name_file(exc, self.target)
            raise
        fsync_directory(self.target.parent)

    def swap(self, *, new: bool = False, sync: bool = True) -> Path | None:
        """Put the temp file in the target's place and return where the file it displaced now is.

        On Linux the two are exchanged in one step (renameat2 RENAME_EXCHANGE), so whatever was
        at the target at that instant, even a file another program renamed there a moment ago,
        is kept at the temp name for the caller to look at and remove. A `new` target is created
        only if nothing appeared there meanwhile (FileExistsError then). Where the system cannot
        exchange, this is `publish` and returns None. `sync=False`: the caller makes the
        exchange durable (`fsync_directory`, or `put_back`, which does).
        """
        flags = _RENAME_NOREPLACE if new else _RENAME_EXCHANGE
        try:
            swapped = _renameat2(self.tmp, self.target, flags)
        except BaseException as exc:
            self.discard()
            _name_file(exc, self.target)
            raise
        if not swapped:
            self.publish()
            return None
        if sync:
            fsync_directory(self.target.parent)
        return None if new else self.tmp

    def put_back(self, displaced: Path) -> bool:
        """Undo a `swap`: the file it displaced goes back to the target, this one to `displaced`.

        True when the file now at `displaced` is this one (the caller removes it); False when
        it is another file still, which some program renamed to the target after the swap.
        """
        if not _renameat2(displaced, self.target, _RENAME_EXCHANGE):
            raise OSError(errno.ENOTSUP, "cannot exchange files here", str(self.target))
        fsync_directory(self.target.parent)
        st = os.lstat(displaced)
        return (st.st_ino, st.st_dev) == self.ident

    def discard(self) -> None:
        _unlink_quietly(self.tmp)


_RENAME_NOREPLACE = 1
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_NO_RENAMEAT2 = frozenset({errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP})


def _renameat2(source: Path, target: Path, flags: int) -> bool:
    """renameat2(2); False where the system does not have it (the caller renames instead)."""
    call = _libc_renameat2()
    if call is None:
        return False
    if call(_AT_FDCWD, os.fsencode(source), _AT_FDCWD, os.fsencode(target), flags) == 0:
        return True
    code = ctypes.get_errno()
    if code in _NO_RENAMEAT2:
        return False
    raise OSError(code, os.strerror(code), str(target))


@functools.cache
def _libc_renameat2() -> Callable[..., int] | None:
    if sys.platform != "linux":
        return None
    try:
        call = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    call.restype = ctypes.c_int
    return cast(Callable[..., int], call)


def prepare(path: Path, data: bytes, *, new_mode: int = 0o644) -> PreparedTemp:
    """Write ``data`` to a synced temp file beside ``path`` with the file's mode and owner
    (``new_mode`` when there is no file yet).

    Raises WriteRefused when MemDesk may not replace ``path``; on any error no temp is left.
    """
    existing = _check_target(path)
    mode = 0o600 if existing is not None else new_mode
    fd, tmp = create_temp(path, mode=mode)
    try:
        st = os.fstat(fd)
        _fill_temp(fd, data, existing)
    except BaseException as exc:
        _unlink_quietly(tmp)
        _name_file(exc, path)
        raise
    return PreparedTemp(path, tmp, (st.st_ino, st.st_dev))


def take_away(path: Path) -> Path:
    """Move ``path`` to a fresh temp name beside it and return that name: a removal that keeps
    the file on disk until the caller has looked at it (and can put it back). Not durable until
    the caller fsyncs the folder."""
    for _attempt in range(8):
        taken = path.with_name(_temp_name(path.name))
        if _renameat2(path, taken, _RENAME_NOREPLACE):
            return taken
        if not os.path.lexists(taken):  # no renameat2 here: the random name is free
            os.rename(path, taken)
            return taken
    raise WriteRefused(path, _NO_FREE_NAME, code=errno.EEXIST)


def put_back_taken(taken: Path, path: Path) -> bool:
    """Undo `take_away`; False when another file is at ``path`` now (``taken`` stays)."""
    try:
        if not _renameat2(taken, path, _RENAME_NOREPLACE):
            os.link(taken, path)  # fails when something is there; the unlink cannot lose it
            os.unlink(taken)
    except FileExistsError:
        return False
    fsync_directory(path.parent)
    return True


def move_into_folder(source: Path, folder_fd: int, name: str) -> bool:
    """Move `source` into the open folder `folder_fd` as `name`, never over what is there: a
    file is linked, the folder synced, then the old name unlinked; a folder is renamed while
    the name is free. False (`source` stays) when the name is taken."""
    if source.is_dir() and not source.is_symlink():
        try:
            os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
            return False
        except FileNotFoundError:
            os.rename(source, name, dst_dir_fd=folder_fd)
        fsync_folder_fd(folder_fd)
        return True
    try:
        os.link(source, name, dst_dir_fd=folder_fd, follow_symlinks=False)
    except FileExistsError:
        return False
    fsync_folder_fd(folder_fd)
    source.unlink()
    return True


def check_writable(path: Path) -> None:
    """Raise WriteRefused if MemDesk may not replace ``path`` (ask before taking a backup)."""
    _check_target(Path(path))


def _check_target(path: Path) -> os.stat_result | None:
    """The target's stat (None if new); WriteRefused if MemDesk may not replace it."""
    folder = path.parent
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except NotADirectoryError as exc:
        said = say("{folder} is not a folder", folder=folder)
        raise WriteRefused(path, said, code=errno.ENOTDIR) from exc
    if st is not None:
        _check_existing(path, st)
    if not folder.is_dir():
        said = say("the folder {folder} does not exist", folder=folder)
        raise WriteRefused(path, said, code=errno.ENOENT)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WriteRefused(path, say("the folder {folder} is not writable", folder=folder))
    return st


def _check_existing(path: Path, st: os.stat_result) -> None:
    """Refuse symlinks, non-regular files and read-only files."""
    if stat.S_ISLNK(st.st_mode):
        reason = say("it is a symbolic link (MemDesk never replaces a link with a file)")
        raise WriteRefused(path, reason, code=errno.ELOOP)
    if not stat.S_ISREG(st.st_mode):
        raise WriteRefused(path, say("it is not a regular file"), code=errno.EINVAL)
    # Mode bits are checked too because os.access() says "writable" to root for any file;
    # a file without write bits was made read-only by its owner on purpose.
    if not st.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise WriteRefused(path, say("the file is read-only"))


def create_temp(target: Path, *, mode: int = 0o600, dir_fd: int | None = None) -> tuple[int, Path]:
    """Create a new MemDesk temp file beside ``target`` (O_EXCL) and return its fd and path;
    with ``dir_fd`` (the target's folder, open), the file is made in that folder by name."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW
    for _attempt in range(8):
        tmp = target.with_name(_temp_name(target.name))
        try:
            where = tmp if dir_fd is None else tmp.name
            return os.open(where, flags, mode, dir_fd=dir_fd), tmp
        except FileExistsError:
            continue
        except OSError as exc:
            reason = say(
                "cannot create a temporary file in {folder}: {detail}",
                folder=target.parent,
                detail=exc.strerror,
            )
            raise WriteRefused(target, reason, code=exc.errno or errno.EIO) from exc
    raise WriteRefused(target, _NO_FREE_NAME, code=errno.EEXIST)


def _temp_name(name: str) -> str:
    """Hidden temp name for ``name``, shortened if needed to fit the file system's limit."""
    suffix = f"{TEMP_MARKER}{os.getpid()}.{secrets.token_hex(8)}"
    stem = name
    while len(stem) > 1 and len(os.fsencode(f".{stem}{suffix}")) > _NAME_MAX:
        stem = stem[:-1]
    return f".{stem}{suffix}"


def _fill_temp(fd: int, data: bytes, existing: os.stat_result | None) -> None:
    """Write ``data``, give the temp the old file's owner and mode, fsync, and close ``fd``."""
    try:
        write_all(fd, data)
        if existing is not None:
            _copy_owner(fd, existing)
            os.fchmod(fd, stat.S_IMODE(existing.st_mode))
        os.fsync(fd)
    finally:
        os.close(fd)


def _copy_owner(fd: int, existing: os.stat_result) -> None:
    """Best effort: keep the old file's owner and group (only root or the owner may do this)."""
    st = os.fstat(fd)
    if (st.st_uid, st.st_gid) == (existing.st_uid, existing.st_gid):
        return
    try:
        os.fchown(fd, existing.st_uid, existing.st_gid)
    except PermissionError:
        log.debug("could not keep owner %s:%s", existing.st_uid, existing.st_gid)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (os.write may write less than asked)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def fsync_directory(folder: Path) -> None:
    """Make a rename or new file in ``folder`` durable (a no-op where folders cannot be fsynced)."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fsync_folder_fd(fd)
    finally:
        os.close(fd)


def fsync_folder_fd(fd: int) -> None:
    """`fsync_directory` of a folder already open."""
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in _DIR_FSYNC_UNSUPPORTED:
            raise


def _unlink_quietly(path: Path) -> None:
    """Remove ``path`` if it still exists; cleanup must not hide the original error."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError:
        log.warning("could not remove temporary file %s", path, exc_info=True)


def _name_file(exc: BaseException, path: Path) -> None:
    """Let an OSError without a file name say which file it was about."""
    if isinstance(exc, OSError) and exc.filename is None:
        exc.filename = str(path)


def is_memdesk_temp(name: str) -> bool:
    """True if ``name`` is a temp file name made by :func:`create_temp`."""
    return _TEMP_RE.fullmatch(name) is not None


def temp_target_name(name: str) -> str | None:
    """The name of the file a temp file named ``name`` was made for (shortened if it was)."""
    match = _TEMP_RE.fullmatch(name)
    return None if match is None else match["name"]


def list_stale_temps(folder: Path, *, max_age_s: float = STALE_AFTER_S) -> list[Path]:
    """MemDesk temp files in ``folder`` whose writer is gone or older than ``max_age_s``."""
    stale: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return stale
    for entry in entries:
        match = _TEMP_RE.fullmatch(entry.name)
        if match is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        if not pid_alive(int(match["pid"])) or now - st.st_mtime > max_age_s:
            stale.append(Path(entry.path))
    return sorted(stale)


def clean_stale_temps(folder: Path, *, max_age_s: float = STALE_AFTER_S) -> list[Path]:
    """Delete the stale MemDesk temp files in ``folder`` and return the ones removed."""
    removed: list[Path] = []
    for path in list_stale_temps(folder, max_age_s=max_age_s):
        try:
            os.unlink(path)
        except FileNotFoundError:
            continue
        except OSError:
            log.warning("could not remove stale temporary file %s", path, exc_info=True)
            continue
        removed.append(path)
    return removed


def pid_alive(pid: int) -> bool:
    """True if a process with ``pid`` exists (ours included; another user's counts as alive)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OverflowError, ValueError):
        return False
    return True
