"""MemDesk's own folder from before the workspace was CODEX_HOME: `memories/.memdesk/`.

An earlier MemDesk opened memories/ itself, so its journal and backups sat inside the git
repository Codex keeps there: Codex's diff saw them as the person's changes, and a
consolidation or `clear-memories` may delete them. `move_out` moves them beside memories/:
every backup into `.memdesk/backups/memories/` (the same folder the file's backups go to now),
never over another file; the rest (the old journal, a backup whose name was taken) whole into
`.memdesk/earlier/`. `earlier_backup_dirs` names where backups may still be: both are read.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from core.agents.codex import layout
from core.store.atomic import move_into_folder
from core.store.backups import OWN_BACKUPS
from core.store.confine import OWN_FOLDER, ConfinementError, open_folder

EARLIER = f"{layout.MEMORIES}/{OWN_FOLDER}"
MOVED_JOURNAL = f"{OWN_FOLDER}/earlier"  # the old journal, kept whole (its paths are memories/'s)

log = logging.getLogger(__name__)


def earlier_backup_dirs(home: Path, live: Path) -> list[Path]:
    """Where backups an earlier MemDesk took of `live` (a file under memories/) may still be:
    not moved yet, or moved whole with the old journal."""
    sub = live.parent.relative_to(home / layout.MEMORIES)
    return [home / EARLIER / "backups" / sub, home / MOVED_JOURNAL / "backups" / sub]


def move_out(home: Path) -> None:
    """Move `memories/.memdesk/` out of Codex's repository (nothing when there is none, or
    when it is a link: MemDesk never follows one there)."""
    old = home / EARLIER
    if old.is_symlink() or not old.is_dir():
        return
    try:
        _move_backups(home, old / "backups")
        _move_rest(home, old)
    except (OSError, ConfinementError) as exc:  # what stays is still read where it is
        log.warning("could not move %s out of memories/: %s", old, exc)


def _move_backups(home: Path, old: Path) -> None:
    for folder, dirs, files in os.walk(old, followlinks=False):
        sub = Path(folder).relative_to(old).as_posix()
        target = f"{OWN_BACKUPS.as_posix()}/{layout.MEMORIES}/{sub}"
        fd = open_folder(home, target, str(home / target), create=True)
        try:
            for name in files:
                _move_file(Path(folder) / name, fd)
        finally:
            os.close(fd)
        dirs[:] = [d for d in dirs if not (Path(folder) / d).is_symlink()]
    _remove_empty(old)


def _move_file(source: Path, target_fd: int) -> None:
    """`source` moved into the folder `target_fd` under its name; kept where it is when that
    name holds other bytes there (dropped when it holds the same)."""
    if source.is_symlink() or not source.is_file():
        return
    moved = move_into_folder(source, target_fd, source.name)
    if not moved and _read_at(target_fd, source.name) == source.read_bytes():
        source.unlink()


def _read_at(folder_fd: int, name: str) -> bytes:
    fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=folder_fd)
    with open(fd, "rb") as handle:
        return handle.read()


def _remove_empty(folder: Path) -> None:
    for sub, _dirs, _files in sorted(os.walk(folder, followlinks=False), reverse=True):
        with contextlib.suppress(OSError):  # not empty: a backup that stayed
            os.rmdir(sub)


def _move_rest(home: Path, old: Path) -> None:
    if not any(old.iterdir()):
        old.rmdir()
        return
    fd = open_folder(home, OWN_FOLDER, str(home / OWN_FOLDER), create=True)
    try:
        move_into_folder(old, fd, MOVED_JOURNAL.rpartition("/")[2])  # moved once: keep both
    finally:
        os.close(fd)
