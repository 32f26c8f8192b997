"""Home's figures kept current: an agent's change to one workspace of many is read again alone
(`core.watch.Watcher`), told by the system (QFileSystemWatcher) when every file and folder fits
its limit on watches, else found by polling their stat figures every POLL_MS."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from core.scan import Found
from core.watch import Plan, Watcher
from ui.tasks import TaskRunner

__all__ = ["POLL_MS", "HomeWatch"]

log = logging.getLogger(__name__)

POLL_MS = 1_000  # between two polls, when the system cannot tell
SETTLE_MS = 150  # a burst of writes is one change


class HomeWatch(QObject):
    refreshed = Signal(list)  # the workspaces read again (Found)
    planned = Signal(str)  # "notify" or "poll": how changes are learnt

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = TaskRunner(self)
        self.watcher: Watcher | None = None
        self.mode = ""
        self._touched: set[str] = set()
        self._system = QFileSystemWatcher(self)
        self._system.fileChanged.connect(self._told)
        self._system.directoryChanged.connect(self._told)
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self._read_touched)
        self._poll = QTimer(self, interval=POLL_MS)
        self._poll.timeout.connect(self._poll_now)

    def watch(self, found: Sequence[Found]) -> None:
        """Watch the workspaces `found` (those watched before are let go)."""
        self.stop()
        listed = list(found)

        def planned() -> tuple[Watcher, Plan]:
            watcher = Watcher(listed)
            return watcher, watcher.plan()

        self.runner.run(planned, on_done=self._planned, on_error=_not_read)

    def stop(self) -> None:
        self._poll.stop()
        self._settle.stop()
        watched = self._system.files() + self._system.directories()
        if watched:
            self._system.removePaths(watched)
        self.watcher, self.mode = None, ""

    def _planned(self, result: tuple[Watcher, Plan]) -> None:
        self.watcher, plan = result
        self.mode = plan.mode
        if plan.mode == "notify" and plan.paths:
            self._system.addPaths(plan.paths)
        else:
            self.mode = "poll"
            self._poll.start()
        self.planned.emit(self.mode)

    def _told(self, path: str) -> None:
        if path not in self._system.files() + self._system.directories() and Path(path).exists():
            self._system.addPath(path)  # a file replaced by a rename: watched again by its name
        self._touched.add(path)
        self._settle.start()

    def _read_touched(self) -> None:
        watcher, touched = self.watcher, self._touched
        if watcher is None or not touched:
            return
        if self.runner.busy:
            self._settle.start()
            return
        self._touched = set()
        folders = {ws for ws in watcher.found for p in touched if _inside(Path(p), ws)}
        self.runner.run(
            lambda: watcher.refresh(sorted(folders)),
            on_done=self._read,
            on_error=_not_read,
        )

    def _poll_now(self) -> None:
        watcher = self.watcher
        if watcher is not None and not self.runner.busy:
            self.runner.run(watcher.poll, on_done=self._read, on_error=_not_read)

    def _read(self, again: list[Found]) -> None:
        if again:
            self.refreshed.emit(again)


def _not_read(exc: BaseException) -> None:
    log.warning("a workspace's change was not read: %s", exc)  # the next scan reads it


def _inside(path: Path, ws: Path) -> bool:
    return path == ws or ws in path.parents
