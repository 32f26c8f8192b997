"""The window's Home page (issue 26, item 2): every agent workspace `memdesk scan` finds, with
its memories, size, what waits for review, warnings and last change, or why it could not be
read; Enter opens one. Folders are added to and removed from the scan as `memdesk scan --add`
and `--remove` do; below, a search across all of them. Scanning reads, never writes, and runs
off the UI thread."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.scan import COLUMNS, Found, looked_in, scan, shown
from core.store.errors import WorkspaceError
from ui.home_watch import HomeWatch
from ui.i18n import QT_TRANSLATE_NOOP, core_error, core_text
from ui.search_all_view import SearchAllView
from ui.settings import add_scan_folder, load_settings, remove_scan_folder
from ui.tables import RowsModel, row_of_view, sorted_table
from ui.tasks import TaskRunner
from ui.untrusted import literal_html, plain_label

__all__ = ["HomeView", "added_folder_of"]

translate = QCoreApplication.translate
HEADERS = (*(c.capitalize() for c in COLUMNS), QT_TRANSLATE_NOOP("core", "Could not be read"))
WIDEST = ("Pomeloclaw / Pomelobot", "~/.claude/projects/-home-me-code", "100000", "100.5 MiB",
          "100 (10 staged)", "10 + 10 problems", "2026-12-31 23:59:59")  # fmt: skip
REASON = len(COLUMNS)  # the column saying why a workspace could not be read


def _order(f: Found) -> tuple[Any, ...]:
    """Sort values per column: figures as numbers, a workspace not read after all others."""
    read = not f.error
    return (f.title, f.name, f.memories if read else -1, f.size if read else -1,
            f.waiting + f.staged if read else -1, f.warnings + f.problems if read else -1,
            f.changed or 0.0, f.error)  # fmt: skip


def _tip(f: Found, _column: int) -> str:
    return literal_html(f"{f.title}: {f.path}" + (f"\n{core_text(f.error)}" if f.error else ""))


def added_folder_of(workspace: Path, added: Sequence[str]) -> Path | None:
    """The folder added to the scan that holds `workspace` (the nearest), None when it was
    found where its agent keeps its memory."""
    holding = [Path(a) for a in added if workspace.absolute().is_relative_to(Path(a))]
    return max(holding, key=lambda p: len(p.parts), default=None)


PROGRESS_FROM = 200  # workspaces: a scan of fewer shows only that it is busy
PROGRESS_EVERY = 50


class HomeView(QWidget):
    open_requested = Signal(Path, str)  # (workspace, agent name)
    # (workspace, agent, file, memory key): open that workspace and select the memory
    reveal_requested = Signal(Path, str, str, str)
    scanning = Signal(int, int)  # workspaces read, of how many (a long scan)

    def __init__(self, settings_path: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings_path = settings_path
        self.found: list[Found] = []
        self.added: list[str] = []  # the folders added to the scan, as the last scan read them
        self.scanned = False
        self._again = False  # asked to rescan while scanning: scan again when it ends
        self.runner = TaskRunner(self)
        self.choose_folder: Callable[[], Path | None] = self._ask_folder  # tests replace it
        self.rescan_button = _button(self.tr("Rescan"), "homeRescan", self.rescan)
        self.add_button = _button(self.tr("Add folder…"), "homeAddFolder", self.add_folder)
        self.remove_button = _button(self.tr("Remove"), "homeRemoveFolder", self.remove_folder)
        self.progress = QProgressBar()
        self.progress.setObjectName("homeProgress")
        self.progress.setRange(0, 0)  # busy: a scan has no steps worth counting
        self.progress.setMaximumHeight(8)
        self.progress.setTextVisible(False)
        self.progress.hide()
        self.status = plain_label(name="homeStatus", wrap=True)
        self.model: RowsModel[Found] = RowsModel(HEADERS, _cells, _order, _tip, self)
        self.table = sorted_table("homeTable", self.model, WIDEST, stretch=(REASON,))
        self.table.sortByColumn(COLUMNS.index("last change"), Qt.SortOrder.DescendingOrder)
        self.table.activated.connect(self._activated)
        self.table.selectionModel().selectionChanged.connect(self._selected)
        self.search = SearchAllView(load_settings(settings_path)[0].search_debounce_ms)
        self.search.reveal_requested.connect(self.reveal_requested)
        self.scanning.connect(self._scanning)
        self.watch = HomeWatch(self)  # an agent's change: its workspace's figures read again
        self.watch.refreshed.connect(self._changed)
        self._layout()
        self._selected()

    def _layout(self) -> None:
        bar = QHBoxLayout()
        for button in (self.rescan_button, self.add_button, self.remove_button):
            bar.addWidget(button)
        bar.addWidget(self.progress, 1)
        bar.addStretch(1)
        top = QWidget()
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(bar)
        column.addWidget(self.status)
        column.addWidget(self.table)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.search)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.scanned and not self.runner.busy:
            self.rescan()

    def rescan(self) -> None:
        """Look again in the agents' homes and the folders added (off the UI thread)."""
        if self.runner.busy:
            self._again = True
            return
        self.added = load_settings(self.settings_path)[0].scan_folders
        extra = [Path(p) for p in self.added]
        self.progress.show()
        self.rescan_button.setEnabled(False)
        self.status.setText(self.tr("Looking for agent memory…"))
        self.progress.setRange(0, 0)
        told = self.scanning.emit  # from the scan's thread: queued to this one

        def progress(done: int, total: int) -> None:
            if total >= PROGRESS_FROM and (done % PROGRESS_EVERY == 0 or done == total):
                told(done, total)

        self.runner.run(
            lambda: (scan(extra=extra, progress=progress), looked_in(extra)),
            on_done=self._scanned,
            on_error=self._scan_failed,
        )

    def _scanning(self, done: int, total: int) -> None:
        """A long first scan (a fleet's index being built): how far it is."""
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.status.setText(
            self.tr("Reading {done} of {total} workspaces…").format(
                done=f"{done:,}", total=f"{total:,}"
            )
        )

    def _scanned(self, result: tuple[list[Found], list[str]]) -> None:
        found, where = result
        self.found = found
        self.model.set_rows(found)
        self.watch.watch(found)
        self.search.set_workspaces(found)
        self.status.setText(_summary(found, where))
        self._selected()
        self._idle()

    def _changed(self, again: list[Found]) -> None:
        """Workspaces an agent changed, read again alone: their rows anew."""
        fresh = {f.path: f for f in again}
        self.found = [fresh.get(f.path, f) for f in self.found]
        self.model.set_rows(self.found)
        self.search.set_workspaces(self.found)

    def _scan_failed(self, exc: BaseException) -> None:
        self.status.setText(
            self.tr("The scan stopped: {error}. Rescan to try again.").format(error=exc)
        )
        self._idle()

    def _idle(self) -> None:
        self.scanned = True
        self.progress.hide()
        self.rescan_button.setEnabled(True)
        if self._again:
            self._again = False
            self.rescan()

    def add_folder(self) -> None:
        folder = self.choose_folder()
        if folder is None:
            return
        try:
            kept, held = add_scan_folder(folder, self.settings_path)
        except WorkspaceError as exc:
            self.status.setText(core_error(exc))
            return
        self.status.setText(
            self.tr("Added {folder}: {count} workspace(s); looking again…").format(
                folder=kept, count=len(held)
            )
        )
        self.rescan()

    def remove_folder(self) -> None:
        f = self.current()
        folder = None if f is None else added_folder_of(f.path, self.added)
        if folder is None:
            return
        try:
            remove_scan_folder(folder, self.settings_path)
        except WorkspaceError as exc:
            self.status.setText(core_error(exc))
            return
        self.rescan()

    def current(self) -> Found | None:
        index = self.table.currentIndex()
        return self.model.row_at(row_of_view(self.table, index)) if index.isValid() else None

    def _selected(self, *_args: object) -> None:
        f = self.current()
        folder = None if f is None else added_folder_of(f.path, self.added)
        self.remove_button.setEnabled(folder is not None)
        self.remove_button.setToolTip(
            literal_html(
                self.tr("Stop scanning {folder} (its files are untouched)").format(folder=folder)
            )
            if folder is not None
            else self.tr("Select a workspace in a folder you added to stop scanning that folder")
        )

    def _activated(self, index: QModelIndex | QPersistentModelIndex) -> None:
        f = self.model.row_at(row_of_view(self.table, index))
        if f is None:
            return
        if f.agent:
            self.open_requested.emit(f.path, f.agent)
        else:
            self.status.setText(
                self.tr("{name} cannot be opened: {error}").format(
                    name=f.name, error=core_text(f.error)
                )
            )

    def _ask_folder(self) -> Path | None:
        chosen = QFileDialog.getExistingDirectory(
            self, self.tr("Add a folder holding agent memory")
        )
        return Path(chosen) if chosen else None


def _cells(f: Found) -> tuple[str, ...]:
    """`memdesk scan`'s columns, their words in the window's language."""
    title, name, memories, size, waiting, warnings, changed = shown(f)
    if not f.error and f.staged:
        waiting = translate("HomeView", "{count} ({staged} staged)").format(
            count=f.waiting + f.staged, staged=f.staged
        )
    if not f.error and f.problems:
        warnings = translate("HomeView", "{count} + {problems} problems").format(
            count=f.warnings, problems=f.problems
        )
    return (title, name, memories, size, waiting, warnings, changed, core_text(f.error))


def _summary(found: Sequence[Found], where: Sequence[str]) -> str:
    if not found:
        return translate(
            "HomeView",
            "No agent memory found in {where}: add the folder that holds it with Add folder…",
        ).format(where=", ".join(where))
    read = [f for f in found if not f.error]
    waiting = sum(f.waiting + f.staged for f in read)
    said = translate(
        "HomeView", "{count} workspaces, {waiting} waiting for review: Enter opens one."
    ).format(count=len(read), waiting=waiting)
    unread = len(found) - len(read)
    if not unread:
        return said
    return said + translate(
        "HomeView", " {count} could not be read: see why in the last column."
    ).format(count=unread)


def _button(text: str, name: str, clicked: Callable[[], None]) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.clicked.connect(clicked)
    return button
