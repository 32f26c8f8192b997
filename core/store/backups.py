"""Backups taken before every overwrite: exact bytes, on disk before we return, never overwritten.

Names follow PicoClaw's ``YYYYMMDD_HHMMSS_<file>`` (``20261126_063605_MEMORY.md``) in LOCAL
time with one-second resolution, exactly like the agent's own backups, for both layouts:

- PicoClaw: ``<workspace>/memory/backups/`` (shared with the agent, which writes there too);
- MemDesk: ``<workspace>/.memdesk/backups/<folder of the file>/`` for every other layout.

MemDesk's own backups use local time too, so every backup name in every layout reads the
same way as the agent's and as the clock on the user's wall. The price: names carry no
zone, and in the hour repeated when daylight saving time ends they may sort out of order.

A second backup of the same file in the same second gets ``YYYYMMDD_HHMMSS_~NNN_<file>``
(NNN = 002 … 999). ``~`` sorts after every ASCII letter and digit, so the name sorts after the
plain one (and zero-padding keeps 002 … 999 in order); it keeps the ``YYYYMMDD_HHMMSS_`` prefix
and the ``_MEMORY.md`` ending, so a reader globbing ``*_MEMORY.md`` or reading the time from
the first 15 characters still sees a backup of that second.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from core.messages import say
from core.store import atomic
from core.store.confine import OWN_FOLDER, ConfinementError, open_folder

__all__ = [
    "MAX_PER_SECOND",
    "OWN_BACKUPS",
    "backup_bytes",
    "backup_name",
    "backup_name_parts",
    "clean_backup_temps",
    "file_time",
    "make_backup",
    "open_backup_folder",
    "own_backup_dir",
    "parse_backup_name",
    "stamp_time",
]

TIME_FORMAT = "%Y%m%d_%H%M%S"
# More backups of one file in one second than this means something is looping; refuse.
MAX_PER_SECOND = 999
_NAME_RE = re.compile(
    r"(?P<stamp>[0-9]{8}_[0-9]{6})_(?:~(?P<seq>[0-9]{3})_)?(?P<name>.+)", re.DOTALL
)
# link() is unsupported on some file systems (FAT, some network shares): copy with O_EXCL there.
_NO_HARD_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS})


OWN_BACKUPS = Path(OWN_FOLDER) / "backups"


def own_backup_dir(workspace: Path, source: Path) -> Path:
    """MemDesk's backup folder for ``source``: it mirrors the file's folder to keep names apart.

    (An agent that keeps backups of its own, PicoClaw, gets MemDesk's there instead: its plug-in
    names that folder.)
    """
    return workspace / OWN_BACKUPS / source.parent.relative_to(workspace)


def stamp_time(stamp: str) -> datetime | None:
    """The moment a ``YYYYMMDD_HHMMSS`` stamp names (backup and snapshot names), in local time
    as the agent writes it, aware; None when it names none: no such date, or one local time or
    UTC cannot hold (``00010101_000000`` east of UTC, ``99991231_235959`` west of it)."""
    try:
        at = datetime.strptime(stamp, TIME_FORMAT).astimezone()
        at.astimezone(UTC), at.astimezone()  # what readers of it do: neither may overflow
    except (ValueError, OverflowError):
        return None
    return at


def file_time(mtime: float) -> datetime:
    """A file's modification time, aware local time (the epoch for one no date can hold)."""
    try:
        return datetime.fromtimestamp(mtime).astimezone()
    except (ValueError, OverflowError, OSError):
        return datetime.fromtimestamp(0, UTC).astimezone()


def backup_name(original_name: str, at: datetime, seq: int = 1) -> str:
    """File name of the ``seq``-th backup of ``original_name`` taken in the second ``at``."""
    if not 1 <= seq <= MAX_PER_SECOND:
        raise ValueError(f"backup sequence number out of range: {seq}")
    stamp = at.strftime(TIME_FORMAT)
    if seq == 1:
        return f"{stamp}_{original_name}"
    return f"{stamp}_~{seq:03d}_{original_name}"


def parse_backup_name(name: str) -> tuple[datetime, str] | None:
    """(local time, original file name) of a backup name of either layout, or None (also for
    a name whose stamp is no time)."""
    parsed = backup_name_parts(name)
    return None if parsed is None or parsed[0] is None else (parsed[0], parsed[1])


def backup_name_parts(name: str) -> tuple[datetime | None, str, int] | None:
    """(time, original name, sequence number) or None for a name that is not a backup; the
    time is None for a stamp that is no time."""
    match = _NAME_RE.fullmatch(name)
    if match is None:
        return None
    at = stamp_time(match["stamp"])
    seq_text = match["seq"]
    if seq_text is None or int(seq_text) < 2:
        # "~001_x" is never written by us: read it as a plain backup of a file named "~001_x".
        return at, name[len(match["stamp"]) + 1 :], 1
    return at, match["name"], int(seq_text)


def make_backup(
    source: Path, backup_dir: Path, *, root: Path | None = None, now: datetime | None = None
) -> Path | None:
    """Copy ``source``'s exact bytes into ``backup_dir``; None if there is no source.

    The backup is written to a temp file, fsynced, then published under the first free
    name with link(), which fails instead of overwriting; so a backup is complete or absent,
    even after a crash, and concurrent callers never collide. Its mode is the source's.
    """
    read = _read_source(source)
    if read is None:
        return None
    data, perm = read
    return backup_bytes(data, source.name, backup_dir, root=root, perm=perm, now=now)


def backup_bytes(
    data: bytes,
    original_name: str,
    backup_dir: Path,
    *,
    root: Path | None,
    perm: int,
    now: datetime | None = None,
) -> Path:
    """Publish ``data`` as a backup of ``original_name`` in ``backup_dir`` (see make_backup).

    The folder is reached from ``root`` (the workspace) without leaving it, and without any
    link in ``.memdesk/`` (`core.store.confine`); every step then works in the folder held
    open, so a link put there meanwhile is never written through. ``root`` None: anywhere."""
    at = _local_time(now)
    folder = open_backup_folder(backup_dir, root, create=True)
    try:
        fd, tmp = atomic.create_temp(backup_dir / backup_name(original_name, at), dir_fd=folder)
        try:
            _fill(fd, data, perm)
            target = _publish(folder, tmp, data, perm, _candidates(backup_dir, original_name, at))
        finally:
            _unlink_if_present(tmp, folder)
        atomic.fsync_folder_fd(folder)
    finally:
        os.close(folder)
    return target


def open_backup_folder(folder: Path, root: Path | None, *, create: bool = False) -> int:
    """``folder`` open, reached from ``root`` as `core.store.confine.open_folder` does."""
    base = Path(folder.anchor) if root is None else root
    rel = folder.absolute().relative_to(base.absolute()).as_posix()
    return open_folder(base, rel, str(folder), create=create)


def _read_source(source: Path) -> tuple[bytes, int] | None:
    """The source's bytes and permission bits, or None if it does not exist."""
    try:
        with open(source, "rb") as handle:
            perm = stat.S_IMODE(os.fstat(handle.fileno()).st_mode) & 0o666
            return handle.read(), perm
    except FileNotFoundError:
        return None


def _local_time(now: datetime | None) -> datetime:
    """Naive local wall-clock time, like the agent's ``time.Now()`` in its backup names."""
    if now is None:
        return datetime.now()
    if now.tzinfo is not None:
        return now.astimezone().replace(tzinfo=None)
    return now


def _fill(fd: int, data: bytes, perm: int) -> None:
    """Write ``data`` to the temp file, set its mode, fsync it, and close ``fd``."""
    try:
        atomic.write_all(fd, data)
        os.fchmod(fd, perm)
        os.fsync(fd)
    finally:
        os.close(fd)


def _candidates(backup_dir: Path, original_name: str, at: datetime) -> Iterator[Path]:
    """Backup paths to try, in order: the plain name, then ``~002`` … ``~999``."""
    for seq in range(1, MAX_PER_SECOND + 1):
        yield backup_dir / backup_name(original_name, at, seq)


def _publish(folder: int, tmp: Path, data: bytes, perm: int, candidates: Iterator[Path]) -> Path:
    """Give the finished temp file the first free candidate name in ``folder`` (open); never
    replace a file."""
    target: Path | None = None
    for target in candidates:
        if _claim(folder, tmp, target, data, perm):
            return target
    raise FileExistsError(errno.EEXIST, say("too many backups in one second"), str(target))


def _claim(folder: int, tmp: Path, target: Path, data: bytes, perm: int) -> bool:
    """Publish ``tmp`` as ``target``; False if that name is taken."""
    try:
        os.link(tmp.name, target.name, src_dir_fd=folder, dst_dir_fd=folder)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        return _write_exclusive(folder, target, data, perm)
    return True


def _write_exclusive(folder: int, target: Path, data: bytes, perm: int) -> bool:
    """Fallback without hard links: create ``target`` with O_EXCL and write it; False if taken."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW
    try:
        fd = os.open(target.name, flags, 0o600, dir_fd=folder)
    except FileExistsError:
        return False
    try:
        _fill(fd, data, perm)
    except BaseException:
        _unlink_if_present(target, folder)
        raise
    return True


def _unlink_if_present(path: Path, folder: int | None = None) -> None:
    """Remove ``path`` (by name in ``folder``, when open); a missing file is fine."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path if folder is None else path.name, dir_fd=folder)


def clean_backup_temps(workspace: Path, also: Iterable[Path] = ()) -> list[Path]:
    """Remove temp files an interrupted backup left in MemDesk's backup folders and in `also`
    (an agent's own backup folder), MemDesk's temp names only."""
    folders = list(also)
    own = workspace / OWN_BACKUPS
    # A folder it may not look into, or reached through a link: nothing of its own to clean.
    with contextlib.suppress(OSError, ConfinementError):
        os.close(open_backup_folder(own, workspace))
        folders += [own, *(p for p in own.rglob("*") if p.is_dir() and not p.is_symlink())]
    removed: list[Path] = []
    for folder in folders:
        with contextlib.suppress(OSError):  # read-only: nothing of ours could be left there
            removed += atomic.clean_stale_temps(folder)
    return removed
