"""Opening the journal: `.memdesk/` reached without following a link, the journal's files
checked before SQLite opens them, a read-only copy in memory, and what an SQLite failure
means to the person.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import sqlite3
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from core.messages import say
from core.store.atomic import (
    create_temp,
    fsync_folder_fd,
    list_stale_temps,
    temp_target_name,
    write_all,
)
from core.store.confine import OWN_FOLDER, open_folder, own_link_refused
from core.store.errors import WorkspaceError
from core.store.journal import schema
from core.store.journal.records import JournalError, JournalReadOnlyError
from core.store.journal.schema import Migration, _migrate, _read_version

DB_DIR = OWN_FOLDER
DB_NAME = "memdesk.db"
# The files SQLite keeps beside the journal: each is checked like the journal before it opens.
_SIDE_FILES = ("-wal", "-shm", "-journal")
BUSY_TIMEOUT_S = 5.0
_SQLITE_READONLY = 8
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26
_LOW_SPACE = 1 << 20  # free bytes under which a failed write is put down to a full disk


def _failure(path: Path | None, exc: sqlite3.Error) -> JournalError:
    """What went wrong with the journal at `path`: not a journal at all, or the disk would not
    take it (full, or failing)."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code == _SQLITE_NOTADB:
        return _not_a_journal(path, say("not an SQLite database: {detail}", detail=exc))
    if code == _SQLITE_CORRUPT:
        return _not_a_journal(path, say("damaged: {detail}", detail=exc))
    return _not_written(path, exc, code)


def _not_written(path: Path | None, detail: object, code: int) -> JournalError:
    said = say("{path}: the journal could not be written ({detail})", path=path, detail=detail)
    return JournalError(said + _full_disk(path, code))


def _not_a_journal(path: Path | None, why: str) -> JournalError:
    """A journal that cannot be read at all: what it is, and how to go on without it."""
    return JournalError(
        say(
            "{path} is not a MemDesk journal ({why}): history and undo are unavailable; move it "
            "aside ({command}) and MemDesk starts a new one",
            path=path,
            why=why,
            command=f"mv {shlex.quote(str(path))} {shlex.quote(f'{path}.broken')}",
        )
    )


def _full_disk(path: Path | None, code: int) -> str:
    """The words "; the disk is full (16 KB free)" when it is, else nothing."""
    try:
        st = os.statvfs(path.parent if path is not None else ".")
    except OSError:
        return f"; {say('the disk is full')}" if code == _SQLITE_FULL else ""
    free = st.f_bavail * st.f_frsize
    if code != _SQLITE_FULL and free >= _LOW_SPACE:
        return ""
    return f"; {say('the disk is full ({size} KB free)', size=free // 1024)}"


def _is_readonly(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    return code in (_SQLITE_READONLY, _SQLITE_CANTOPEN)


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; writes use _transaction explicitly.
    return sqlite3.connect(
        target, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False, uri=uri
    )


def _configure(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    # Up to 64 MB of pages (2 MB by default): a decay run's 100,000 events go into an index of
    # as many, which a small cache writes out again and again.
    conn.execute("PRAGMA cache_size = -65536")
    # FULL: a commit record is on disk before the file it announces is replaced, power cut or not.
    conn.execute("PRAGMA synchronous = FULL")


@contextmanager
def _own_folder(workspace: Path, *, create: bool) -> Iterator[int | None]:
    """`.memdesk/` held open, reached without following a link (made when `create`; None when
    there is none), its journal files checked: a link among them, or anything but a file, is
    refused before SQLite opens them (SQLite would follow a link to the database)."""
    folder = workspace / DB_DIR
    if not workspace.is_dir():
        raise JournalError(say("{folder}: no such workspace folder", folder=workspace))
    try:
        fd = open_folder(workspace, DB_DIR, str(folder), create=create)
    except FileNotFoundError as exc:
        if create:
            said = say(
                "{folder}: cannot create the journal's folder: {detail}",
                folder=folder,
                detail=exc.strerror,
            )
            raise JournalError(said) from exc
        yield None
        return
    except OSError as exc:
        if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
            said = say("cannot create {folder}: {detail}", folder=folder, detail=exc.strerror)
            raise JournalReadOnlyError(said) from exc
        said = say(
            "{folder}: cannot open the journal's folder: {detail}",
            folder=folder,
            detail=exc.strerror,
        )
        raise JournalError(said) from exc
    try:
        for name in (DB_NAME, *(DB_NAME + side for side in _SIDE_FILES)):
            _refuse_odd(fd, name, folder / name)
        yield fd
    finally:
        os.close(fd)


def _refuse_odd(folder: int, name: str, shown: Path) -> None:
    """ConfinementError for `name` in `folder` when it is a link or no regular file."""
    try:
        st = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise own_link_refused(shown)
    if not stat.S_ISREG(st.st_mode):  # a folder, a FIFO, a device: no journal
        raise _not_a_journal(shown, say("not a file"))


def _connect_own(target: str, folder: int, path: Path, *, uri: bool = False) -> sqlite3.Connection:
    """`_connect` to the journal in `folder` (open): the file SQLite opened is checked to be the
    one there before anything is read or written (no link put in its place meanwhile)."""
    conn = _connect(target, uri=uri)
    opened = conn.execute("PRAGMA database_list").fetchone()[2]
    try:
        same = os.path.samestat(
            os.stat(opened), os.stat(DB_NAME, dir_fd=folder, follow_symlinks=False)
        )
    except OSError:
        same = False
    if not same:
        conn.close()
        raise own_link_refused(path)
    return conn


def _ensure_writable(folder: Path, path: Path) -> None:
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise JournalReadOnlyError(say("{path}: the workspace is read-only", path=path))


def _lay_new(path: Path, folder: int) -> None:
    """A new journal at `path` (in `folder`, open): an empty one's bytes, written under a temp
    name, synced, and linked in (never over one another process made meanwhile). SQLite would
    make it in a dozen syncs to disk (switching to WAL, then migrating); a fleet makes 10,000."""
    fd, tmp = create_temp(path, mode=0o644, dir_fd=folder)
    try:
        write_all(fd, _empty_journal(schema.MIGRATIONS))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp.name, DB_NAME, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
    except FileExistsError:
        pass  # another MemDesk made it first: that one is the journal
    finally:
        os.unlink(tmp.name, dir_fd=folder)
    fsync_folder_fd(folder)


def clean_journal_temps(workspace: Path) -> None:
    """Remove the copies of a new journal a killed MemDesk left in `.memdesk/` (a workspace
    opened after a crash: `Documents.clean_temps`)."""
    try:
        folder = open_folder(workspace, DB_DIR, str(workspace / DB_DIR), create=False)
    except (OSError, WorkspaceError):
        return
    try:
        _drop_stale_temps(workspace / DB_DIR / DB_NAME, folder)
    except OSError:
        pass  # the next open tries again
    finally:
        os.close(folder)


def _drop_stale_temps(path: Path, folder: int) -> None:
    """The copies of a new journal (`_lay_new`) a killed MemDesk left behind."""
    for temp in list_stale_temps(path.parent):
        if temp_target_name(temp.name) == DB_NAME:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp.name, dir_fd=folder)


@cache
def _empty_journal(_migrations: tuple[Migration, ...]) -> bytes:
    """The bytes of a journal as SQLite makes it (WAL, these migrations) and nothing in it."""
    with tempfile.TemporaryDirectory(prefix="memdesk-journal-") as tmp:
        made = Path(tmp) / DB_NAME
        conn = sqlite3.connect(str(made), isolation_level=None)
        try:
            _configure(conn)
            _migrate(conn, made)
        finally:
            conn.close()
        return made.read_bytes()


def _open_writable(path: Path, folder: int) -> sqlite3.Connection:
    conn: sqlite3.Connection | None = None
    _drop_stale_temps(path, folder)
    if not _holds(folder, DB_NAME):
        try:
            _lay_new(path, folder)
        except OSError as exc:  # a read-only disk, a full one: as SQLite's would say
            if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise _cannot_write(path, exc) from exc
            full = _SQLITE_FULL if exc.errno == errno.ENOSPC else 0
            raise _not_written(path, exc.strerror or exc, full) from exc
    try:
        conn = _connect_own(str(path), folder, path)
        _read_version(conn, path)  # before any pragma that could write to the file
        _configure(conn)
        _migrate(conn, path)
    except sqlite3.Error as exc:  # a file SQLite cannot open, a page that is not SQLite's
        if conn is not None:
            conn.close()
        if isinstance(exc, sqlite3.OperationalError) and _is_readonly(exc):
            raise _cannot_write(path, exc) from exc
        raise _failure(path, exc) from exc
    except BaseException:
        if conn is not None:
            conn.close()
        raise
    return conn


def _cannot_write(path: Path, exc: BaseException) -> JournalReadOnlyError:
    return JournalReadOnlyError(
        say("{path}: cannot write the journal ({detail})", path=path, detail=exc)
    )


def _cannot_read(path: Path, exc: BaseException) -> JournalError:
    return JournalError(say("{path}: cannot read the journal ({detail})", path=path, detail=exc))


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` now, the name itself (a link put there is another file; None:
    none)."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_dev, st.st_ino


@contextmanager
def _os_errors(path: Path) -> Iterator[None]:
    """A journal folder MemDesk may not look into (no permission) is a JournalError too."""
    try:
        yield
    except OSError as exc:
        said = say(
            "{path}: cannot open the journal: {detail}", path=path, detail=exc.strerror or exc
        )
        raise JournalError(said) from exc


def _snapshot(path: Path, folder: int) -> sqlite3.Connection:
    """Copy the journal at `path` (in `folder`, open) into memory, never changing it."""
    memory = _connect(":memory:")
    try:
        _copy_readonly(path, folder, memory)
    except BaseException:
        memory.close()
        raise
    return memory


def _copy_readonly(path: Path, folder: int, memory: sqlite3.Connection) -> None:
    # A WAL database opened with mode=ro needs its -wal and -shm files and creates them where
    # none exist (a clean close leaves neither): then immutable=1 reads it all without creating
    # anything. With a -wal there (a MemDesk at work), mode=ro reads what it holds; in a
    # read-only folder with no -shm, immutable=1 is the fallback (that -wal is not read).
    wal = _holds(folder, DB_NAME + "-wal")
    for options in ("mode=ro", "immutable=1") if wal else ("immutable=1",):
        try:
            source = _connect_own(f"{path.absolute().as_uri()}?{options}", folder, path, uri=True)
        except sqlite3.Error as exc:  # a file it may not read
            raise _cannot_read(path, exc) from exc
        try:
            _read_version(source, path)
            source.backup(memory)
            return
        except sqlite3.OperationalError as exc:
            if not _is_readonly(exc) or options == "immutable=1":
                raise _cannot_read(path, exc) from exc
        except sqlite3.DatabaseError as exc:  # a page past the first is not SQLite's
            raise _failure(path, exc) from exc
        finally:
            source.close()


def _holds(folder: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True
