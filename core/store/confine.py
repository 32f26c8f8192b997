"""Opening a file inside a folder without ever leaving it (SPEC 9, confinement).

A path that comes from elsewhere (an agent's memory_get argument, `memdesk chunks FILE`, a file
of the layout) is opened one name at a time, each relative to the folder opened before it, and
the system never follows a symbolic link on its own. A link is read and followed here, inside
the root: one that leads out of it ('..' above the root, or an absolute target elsewhere) is
refused. Another program swapping a folder for a link meanwhile meets the same rules, because
what was checked is the descriptor that is read: there is no check-then-open race.

MemDesk's own folder, `.memdesk/` (its journal, its backups, its profile), is stricter: no link
in it, nor the folder itself as a link, is ever followed, wherever it leads (`OWN_FOLDER`).

`core.store.files.open_confined` adds what is refused about the file itself (not a regular
file, more than one name) and reads it.
"""

from __future__ import annotations

import errno
import os
from collections import deque
from pathlib import Path

from core.messages import say
from core.store.atomic import fsync_folder_fd
from core.store.errors import EXIT_REFUSED, WorkspaceError

__all__ = [
    "MAX_LINKS",
    "OWN_FOLDER",
    "ConfinementError",
    "open_beneath",
    "open_folder",
    "own_link_refused",
]

MAX_LINKS = 40  # as the system counts: more links than this in one path is a loop
OWN_FOLDER = ".memdesk"  # MemDesk's folder in a workspace: no link in it is followed

# O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused right after).
_BASE = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
_FOLDER = _BASE | os.O_DIRECTORY


class ConfinementError(WorkspaceError):
    """A read refused: the path leads outside the folder it must stay in (the workspace, the
    scope), or to something that is no plain file with one name."""

    def __init__(self, message: str, *, exit_code: int = EXIT_REFUSED) -> None:
        super().__init__(message, exit_code=exit_code)


def open_beneath(root: Path, rel: str, shown: str) -> tuple[int, tuple[str, ...]]:
    """A descriptor of `rel` inside `root`, and the names that reach it from `root` once the
    links on the way are followed. The caller closes the descriptor.

    OSError as os.open raises it (FileNotFoundError: there is no such file); ConfinementError
    when the path leads outside `root`. `shown` names the path in messages."""
    if rel.startswith("/"):
        said = say(
            "{path}: an absolute path; give one inside the workspace {folder}",
            path=shown,
            folder=root,
        )
        raise ConfinementError(said)
    walk = _Walk(root, shown)
    try:
        return walk.open(_names(rel))
    finally:
        walk.close()


def open_folder(root: Path, rel: str, shown: str, *, create: bool = False) -> int:
    """A descriptor of the folder `rel` inside `root`, reached as `open_beneath` reaches a file;
    with `create`, missing folders on the way are made (each durable in its parent). The caller
    closes it. OSError as os.open raises it (FileNotFoundError, NotADirectoryError);
    ConfinementError for a path that leads outside `root` or through a link in `.memdesk/`."""
    walk = _Walk(root, shown, create=create)
    try:
        fd, _parts = walk.open(_names(rel), folder=True)
        return fd
    finally:
        walk.close()


def own_link_refused(path: Path) -> ConfinementError:
    """The refusal of a link met in MemDesk's own folder (or the folder as a link)."""
    said = say(
        "{path}: a symbolic link where MemDesk keeps its own files ({folder}/); refused (MemDesk "
        "never follows a link there: put a real folder or file in its place)",
        path=path,
        folder=OWN_FOLDER,
    )
    return ConfinementError(said)


def _names(path: str) -> list[str]:
    return [name for name in path.split("/") if name not in ("", ".")]


class _Walk:
    """The folders opened so far below the root, each with its descriptor."""

    def __init__(self, root: Path, shown: str, *, create: bool = False) -> None:
        self.root = root
        self.shown = shown
        self.create = create  # make missing folders
        self.root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        self.folders: list[tuple[str, int]] = []
        self.links: list[str] = []  # the targets of the links followed, in order

    def open(self, names: list[str], *, folder: bool = False) -> tuple[int, tuple[str, ...]]:
        pending = deque(names)
        while pending:
            name = pending.popleft()
            if name == "..":
                self._up()
                continue
            try:
                fd = self._open_here(name, _FOLDER if pending or folder else _BASE)
            except OSError as exc:
                target = self._link(name) if exc.errno in (errno.ELOOP, errno.ENOTDIR) else None
                if target is None:
                    raise  # a bare raise: the error holds no frame that holds the error
                pending.extendleft(reversed(self._follow(target)))
                continue
            if not pending:
                return fd, (*(n for n, _fd in self.folders), name)
            self.folders.append((name, fd))
        said = say(
            "{path}: names the folder {folder}, not a file in it", path=self.shown, folder=self.root
        )
        raise ConfinementError(said)

    def _link(self, name: str) -> str | None:
        """The target of the link `name` that os.open refused, None when it is no link."""
        try:
            target = os.readlink(name, dir_fd=self._here())
        except OSError:
            return None
        if self._own(name):
            raise own_link_refused(self.root.joinpath(*(n for n, _fd in self.folders), name))
        self.links.append(target)
        return target

    def _own(self, name: str) -> bool:
        """Whether `name`, in the current folder, is MemDesk's own folder or inside it."""
        first = self.folders[0][0] if self.folders else name
        return first == OWN_FOLDER

    def _open_here(self, name: str, flags: int) -> int:
        try:
            return os.open(name, flags, dir_fd=self._here())
        except FileNotFoundError:
            if not self.create or not flags & os.O_DIRECTORY:
                raise
        self._make(name)
        return os.open(name, flags, dir_fd=self._here())

    def _make(self, name: str) -> None:
        """Make the missing folder `name` here, durable in its parent (another process may
        have made it meanwhile)."""
        try:
            os.mkdir(name, 0o777, dir_fd=self._here())
        except FileExistsError:
            return
        fsync_folder_fd(self._here())

    def _follow(self, target: str) -> list[str]:
        """The names a link to `target` stands for, from the current folder (or the root)."""
        if len(self.links) > MAX_LINKS:
            raise ConfinementError(
                say("{path}: symbolic links in a loop; refused", path=self.shown)
            )
        if not target.startswith("/"):
            return _names(target)
        inside = _beneath(os.path.realpath(self.root), target)
        if inside is None:
            raise self._outside()
        self._close_folders()
        return _names(inside)

    def _up(self) -> None:
        if not self.folders:
            raise self._outside()
        os.close(self.folders.pop()[1])

    def _outside(self) -> ConfinementError:
        if self.links:
            said = say(
                "{path}: leads outside the workspace {folder} (through the link to {target_path}); "
                "refused",
                path=self.shown,
                folder=self.root,
                target_path=self.links[-1],
            )
        else:
            said = say(
                "{path}: leads outside the workspace {folder} (by '..'); refused",
                path=self.shown,
                folder=self.root,
            )
        return ConfinementError(said)

    def _here(self) -> int:
        return self.folders[-1][1] if self.folders else self.root_fd

    def _close_folders(self) -> None:
        while self.folders:
            os.close(self.folders.pop()[1])

    def close(self) -> None:
        self._close_folders()
        os.close(self.root_fd)


def _beneath(root: str, target: str) -> str | None:
    """`target`, an absolute path, relative to `root` (a real path); None when not below it."""
    if target == root:
        return ""
    prefix = root.rstrip("/") + "/"
    return target[len(prefix) :] if target.startswith(prefix) else None
