"""One watch on every file and folder of the open workspace, whatever the agent.

Qt reports a change (the agent wrote a file, created one in a watched folder); after a short
pause, so a burst of writes is one change, `changed` is emitted. A file replaced by a rename
(every atomic writer does that) is watched again under its name.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

SETTLE_MS = 300


class FileWatcher(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self.changed)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._file_changed)
        self._watcher.directoryChanged.connect(lambda _path: self._settle.start())

    def watch(self, files: Iterable[Path], folders: Iterable[Path]) -> None:
        """Watch these too (what is watched already stays watched)."""
        new_files = {str(f) for f in files if f.exists()} - set(self._watcher.files())
        new_folders = {str(f) for f in folders} - set(self._watcher.directories())
        if new_files or new_folders:
            self._watcher.addPaths(sorted(new_files | new_folders))

    def clear(self) -> None:
        watched = self._watcher.files() + self._watcher.directories()
        if watched:
            self._watcher.removePaths(watched)
        self._settle.stop()

    def files(self) -> list[str]:
        return self._watcher.files()

    def _file_changed(self, path: str) -> None:
        # An atomic rename replaces the file: the watch went with the old one; watch the new one.
        if path not in self._watcher.files() and Path(path).exists():
            self._watcher.addPath(path)
        self._settle.start()
