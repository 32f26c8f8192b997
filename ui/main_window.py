"""MemDesk's window: the shell around one agent's desk.

The shell owns the menus, the undo stack, the title, the status bar and the banner, and does
for every agent alike what is not about its pages: opening a workspace (asking which agent's
when several fit), saving (off the UI thread, through core; changed-on-both-sides entries go
to one conflict dialog), reloading, and watching the files for another program's writes (read
off the UI thread). The pages of the open workspace are its agent's desk (`ui.agents`). Its
parts: the menus and toolbar (`ui.menus`), the banner (`ui.banner`), reading a folder
(`ui.opening`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.agent import OpenWorkspace
from core.formats.text import InputError
from core.registry import detect, remember_agent
from core.session import AnySession
from core.store.commit import NotRecorded
from core.store.documents import Refreshed
from core.store.errors import WorkspaceError
from core.store.journal import JournalError
from core.store.merge import ConflictError, Resolution
from core.store.retention import set_backups_to_keep
from ui import opening
from ui.agents import desk_class
from ui.banner import DISK, PAGE, SAVE, Banner, disk_news, failure_message
from ui.conflict_dialog import ConflictDialog
from ui.desk import AnyDesk
from ui.menus import Menus
from ui.opening import Ambiguous, Opened, ask_backups_to_keep, ask_layout, open_any
from ui.settings import Settings, save_settings, with_scan_folders_on_disk
from ui.tasks import TaskRunner
from ui.theme import apply_theme
from ui.undo import drop_stale
from ui.untrusted import plain_label
from ui.watcher import FileWatcher

log = logging.getLogger(__name__)

RETRY_MS = 500  # a file change met while a save runs is looked at again after this

Resolutions = Mapping[str, Mapping[str, Resolution]]


class MainWindow(QMainWindow):
    ready = Signal()  # a workspace is shown and its first page can be used

    def __init__(self, settings: Settings, *, settings_path: Path | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.settings_path = settings_path
        self.ws: OpenWorkspace | None = None
        self.session: AnySession | None = None  # of the workspace open: its journal, held
        self.desk: AnyDesk | None = None
        self.tasks = TaskRunner(self)
        self._save_queued: Callable[[], None] | None = None
        self.conflict_dialog: ConflictDialog | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(200)
        self.undo_stack.indexChanged.connect(self._undo_moved)
        self.watcher = FileWatcher(self)
        self.watcher.changed.connect(self._check_external_change)
        self._retry = QTimer(self, singleShot=True, interval=RETRY_MS)
        self._retry.timeout.connect(self._check_external_change)
        self._build()
        self.menus = Menus(self, self.undo_stack)
        self.toolbar, self.layout_action = self.menus.toolbar, self.menus.layout_action
        self.setAcceptDrops(True)
        self._update_title()

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.banner = Banner(self._page)
        self.placeholder = QLabel("Open an agent's workspace folder: File → Open workspace…")
        self.placeholder.setObjectName("placeholder")
        self.desks = QStackedWidget()
        self.desks.addWidget(self.placeholder)
        outer = QWidget()
        column = QVBoxLayout(outer)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.banner)
        column.addWidget(self.desks, 1)
        self.setCentralWidget(outer)
        self.status = plain_label()
        self.statusBar().addPermanentWidget(self.status)
        self.progress = QProgressBar()
        self.progress.setObjectName("loading")
        self.progress.setRange(0, 0)  # busy: reading has no steps worth counting
        self.progress.setMaximumWidth(180)
        self.progress.setFormat("Reading…")
        self.progress.hide()
        self.statusBar().addPermanentWidget(self.progress)
        self.resize(1280, 800)

    def show_pending(self) -> None:
        """What the next save will write, per memory and as text."""
        from ui.pending_dialog import open_pending

        if self.ws is None:
            return
        if self.desk is not None:
            self.desk.apply_pending()  # text typed but not applied is part of the save
        self.pending_dialog = open_pending(self, self.ws)

    def where_else(self) -> None:
        """Every other place holding the selected memory's text, and Forget everywhere."""
        from ui.where_dialog import open_where

        desk, ws = self.desk, self.ws
        text = desk.current_memory() if desk is not None else None
        if desk is None or ws is None or not text:
            self.statusBar().showMessage("Select a memory first", 4000)
            return
        try:
            self.where_dialog = open_where(self, ws, ws.agent, text, desk.write_now)
        except (WorkspaceError, InputError, OSError) as exc:
            self.show_error(failure_message(exc, "Could not search the workspace"))

    # -- opening -----------------------------------------------------------------------------------
    def choose_workspace(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open an agent's workspace folder")
        if folder:
            self.open_workspace(Path(folder))

    def open_workspace(self, path: Path) -> None:
        """Read the workspace off the UI thread; the window shows it when it is ready."""
        if not self._discard_ok():
            return
        self.statusBar().showMessage(f"Opening {path}…")
        self.progress.show()

        def failed(exc: BaseException) -> None:
            self.progress.hide()
            self.show_error(failure_message(exc, f"Could not open {path}"))

        self.tasks.run(lambda: open_any(path), on_done=self._opened_any, on_error=failed)

    def _opened_any(self, result: Opened | Ambiguous | opening.Several) -> None:
        self.progress.hide()
        if isinstance(result, opening.Several):
            chosen = opening.ask_workspace(self, result)  # one of the folder's workspaces
            if chosen is not None:
                self.open_workspace(chosen)
        elif isinstance(result, Ambiguous):
            self._layout_chosen(result.root, self._ask_layout(result.root, result.candidates))
        else:
            self._opened(result.session, result.journal_problem)

    def _ask_layout(self, root: Path, candidates: tuple[str, ...]) -> str | None:
        return ask_layout(self, root, candidates)

    def _layout_chosen(self, root: Path, agent: str | None) -> None:
        if agent is None:
            self.statusBar().showMessage("Not opened: no agent chosen", 5000)
            return
        try:
            remember_agent(root, agent)
        except (OSError, JournalError, WorkspaceError) as exc:
            self.show_error(f"Could not remember the agent of {root}: {exc}")
            return
        self.open_workspace(root)

    def choose_layout(self) -> None:
        """Read the open folder as another agent's whose layout it fits too."""
        root = self._root()
        if root is None or not self._discard_ok():
            return
        candidates = detect(root).candidates
        self._layout_chosen(root, self._ask_layout(root, candidates))

    def _opened(self, session: AnySession, journal_problem: str | None = None) -> None:
        """Show a workspace in its agent's desk."""
        ws = session.workspace
        self.watcher.clear()
        self.undo_stack.clear()
        self._set_desk(desk_class(ws.agent.name)(self.undo_stack.push, self.tasks, self.settings))
        if self.session is not None:  # the workspace no longer shown: its journal closed
            self.session.close()
        self.ws, self.session = ws, session
        assert self.desk is not None
        self.desk.show_session(session)
        self._watch()
        self.settings = self.settings.with_recent(str(ws.root))
        self._save_settings()
        self.menus.fill_recent(self.settings.recent_workspaces)
        self.hide_banner()
        self.statusBar().showMessage(f"Opened {ws.agent.title} workspace {ws.root}", 5000)
        if journal_problem is not None:  # read without it: history and undo are not there
            self.show_error(journal_problem)
        with session.journal.lent():  # detecting reads the agent remembered there
            self.layout_action.setEnabled(len(detect(ws.root).candidates) > 1)
        self._desk_changed()
        # once the first page has painted; never once the window is gone (a deleted window's
        # signal raised "Signal source has been deleted" when MemDesk quit right after opening)
        QTimer.singleShot(0, self, self.ready.emit)

    def _set_desk(self, desk: AnyDesk) -> None:
        old = self.desk
        if old is not None:
            self.menus.remove_desk_actions(old)
            self.desks.removeWidget(old)
            old.deleteLater()
        self.desk = desk
        desk.failed.connect(self.show_error)
        desk.notice.connect(self.show_banner)
        desk.page_changed.connect(self.banner.page_changed)
        desk.resolved.connect(lambda page: self.resolve(PAGE, page))
        desk.changed.connect(self._desk_changed)
        desk.written.connect(self._written)
        self.menus.add_desk_actions(desk)
        self.desks.addWidget(desk)
        self.desks.setCurrentWidget(desk)

    def _root(self) -> Path | None:
        return self.ws.root if self.ws is not None else None

    def _watch(self) -> None:
        """Watch every file the desk has read and the folders the agent creates files in."""
        if self.ws is not None:
            files = [d.path for d in self.ws.documents()]
            self.watcher.watch(files, self.ws.folders())

    def _undo_moved(self, _index: int) -> None:
        """An edit applied, undone or redone: what the page's banner said of an edit is over."""
        self.resolve(PAGE)
        self._desk_changed()

    def _written(self, message: str) -> None:
        """A page wrote at once: the undo steps of earlier edits no longer apply (the
        Activity page undoes saved operations)."""
        self.undo_stack.clear()
        if self.desk is not None:
            self.desk.refresh()
        self._desk_changed()
        self.statusBar().showMessage(message, 8000)

    def _desk_changed(self) -> None:
        self._watch()
        self._update_title()
        self._update_status()

    def choose_backups_to_keep(self) -> None:
        """How many of MemDesk's own backups of each file this workspace keeps (0: all)."""
        root = self._root()
        keep = None if root is None else ask_backups_to_keep(self, root)
        if root is None or keep is None:
            return
        try:
            set_backups_to_keep(root, keep)
        except (OSError, JournalError, ValueError) as exc:
            self.show_error(f"Could not change the setting: {exc}")
            return
        shown = "every backup" if keep == 0 else f"the newest {keep} backups of each file"
        self.statusBar().showMessage(f"MemDesk keeps {shown} in {root}", 6000)

    # -- saving ------------------------------------------------------------------------------------
    def save(
        self, then: Callable[[], None] | None = None, *, resolutions: Resolutions | None = None
    ) -> None:
        """Write every edited file off the UI thread, each through core's guarded commit."""
        ws, desk = self.ws, self.desk
        if ws is None or desk is None:
            return
        if self.tasks.busy:  # a save (or reload) is running: save again when it ends
            self._save_queued = then or (lambda: None)
            return
        desk.apply_pending()
        if not ws.modified:
            self.statusBar().showMessage("Nothing to save", 3000)
            if then is not None:
                then()
            return
        self.statusBar().showMessage(f"Saving {ws.root}…")
        self.tasks.run(
            desk.lending(lambda: ws.save_all(resolutions)),
            on_done=lambda saved: self._saved(saved, then),
            on_error=self._save_failed,
        )

    def _saved(self, saved: list[Any], then: Callable[[], None] | None) -> None:
        self.undo_stack.setClean()
        self.resolve(SAVE)
        if any(s.merged for s in saved):
            drop_stale(self.undo_stack)
            self.show_banner(
                "Saved, merged with changes another program made meanwhile."
                + "".join(f"\n{s.notice}" for s in saved if s.notice),
                cause=SAVE,
            )
        names = ", ".join(s.path.name for s in saved)
        backups = sum(1 for s in saved if s.backup is not None)
        self.statusBar().showMessage(f"Saved {names} ({backups} backed up first)", 6000)
        if self.desk is not None:
            self.desk.saved(saved)
        self._desk_changed()
        if then is not None:
            then()
        self._run_queued_save()

    def _save_failed(self, exc: BaseException) -> None:
        if self.desk is not None:
            self.desk.refresh()
        self._desk_changed()
        if isinstance(exc, ConflictError) and self.ws is not None:
            self._ask_conflicts(exc, Path(str(exc.path)).relative_to(self.ws.root).as_posix())
            return
        self._save_queued = None
        if isinstance(exc, NotRecorded):  # the files are written: nothing is left to save
            self.undo_stack.setClean()
        self.show_error(failure_message(exc, "Could not save"), cause=SAVE)

    def _ask_conflicts(self, exc: ConflictError, rel: str) -> None:
        """The entries changed on both sides, one choice each; saving again applies them."""
        self._save_queued = None
        self.show_banner(
            "Not saved: entries were changed both here and by another program. "
            "Choose what to keep for each.",
            cause=SAVE,
        )
        dialog = ConflictDialog(exc.conflicts, self, file=rel)
        dialog.accepted.connect(lambda: self.save(resolutions={rel: dialog.resolutions()}))
        dialog.finished.connect(dialog.deleteLater)
        self.conflict_dialog = dialog
        dialog.open()

    def _run_queued_save(self) -> None:
        queued, self._save_queued = self._save_queued, None
        if queued is not None:
            self.save(queued)

    # -- another writer ----------------------------------------------------------------------------
    def _check_external_change(self) -> None:
        """Files another program changed: read anew (off the UI thread) when unedited here."""
        ws, desk = self.ws, self.desk
        if ws is None or desk is None:
            return
        if self.tasks.busy:
            self._retry.start()
            return
        self.tasks.run(
            desk.lending(ws.refresh_from_disk),
            on_done=self._refreshed,
            on_error=lambda exc: self.show_error(
                failure_message(exc, "Could not read the change"), cause=DISK
            ),
        )

    def _refreshed(self, what: Refreshed) -> None:
        if self.desk is None:
            return
        if what.reloaded:
            drop_stale(self.undo_stack)
        self.desk.refreshed(what)
        if not what:  # a folder changed: files came or went
            self.desk.refresh()
        news = disk_news(what)
        if news is not None:
            message, error = news
            if error:
                self.show_error(message, cause=DISK)
            else:
                self.show_banner(message, cause=DISK)
        self._desk_changed()

    def reload(self, *, force: bool = False, note: str = "") -> None:
        ws = self.ws
        if ws is None or self.tasks.busy or (not force and not self._discard_ok()):
            return

        def done(_result: object) -> None:
            self.undo_stack.clear()
            self.resolve(DISK)
            self.resolve(SAVE)  # what was not saved is dropped: nothing is left to save
            if self.desk is not None:
                self.desk.refreshed(Refreshed(reloaded=ws.documents()))
                self.desk.refresh()
            self._desk_changed()
            if note:
                self.show_banner(note, cause=DISK)

        self.tasks.run(
            self.desk.lending(ws.reload) if self.desk is not None else ws.reload,
            on_done=done,
            on_error=lambda exc: self.show_error(
                failure_message(exc, "Could not reload"), cause=DISK
            ),
        )

    # -- messages, title, status -------------------------------------------------------------------
    def show_error(self, message: str, *, cause: str = PAGE) -> None:
        """An expected failure: shown in the window, not as a traceback."""
        log.warning("%s", message)
        self.show_banner(message, error=True, cause=cause)
        self.statusBar().showMessage(message.splitlines()[0], 8000)

    def show_banner(self, message: str, *, error: bool = False, cause: str = PAGE) -> None:
        """Show `message` above the pages until another page is shown, the same cause is
        resolved on this page (`resolve`) or a newer banner replaces it."""
        self.banner.show_message(message, error=error, cause=cause)

    def hide_banner(self) -> None:
        self.banner.hide()

    def resolve(self, cause: str, page: str | None = None) -> None:
        """`cause` succeeded on `page` (the page shown when None): its banner goes."""
        self.banner.resolve(cause, page)

    def _page(self) -> str:
        return self.desk.page_name() if self.desk is not None else ""

    def modified(self) -> bool:
        return self.ws is not None and self.ws.modified

    def _update_title(self) -> None:
        where = f" — {self.ws.root}" if self.ws is not None else ""
        self.setWindowTitle(f"MemDesk{where}[*]")
        self.setWindowModified(self.modified())

    def _update_status(self) -> None:
        self.status.setText(self.desk.status_text() if self.desk is not None else "No workspace")

    def set_theme(self, name: str) -> None:
        """Light, dark, or the system's; remembered in the settings."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, name)
        self.settings = self.settings.model_copy(update={"theme": name})
        self._save_settings()

    # -- closing, drag and drop --------------------------------------------------------------------
    def _discard_ok(self) -> bool:
        """Ask before unsaved edits are dropped. True when it is fine to go on."""
        if self.desk is not None:
            self.desk.apply_pending()  # text typed and not applied is an unsaved edit too
        if not self.modified():
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved edits",
            "You have unsaved edits. Save them first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            self.save()
            self.tasks.wait()
            QApplication.processEvents()  # the save's result reaches the window
            return not self.modified()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._discard_ok():
            event.ignore()
            return
        self.tasks.wait()
        if self.session is not None:
            self.session.close()
        geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self.settings = self.settings.model_copy(update={"window_geometry": geometry})
        self._save_settings()
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile() and Path(urls[0].toLocalFile()).is_dir():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile():
            self.open_workspace(Path(urls[0].toLocalFile()))

    def _save_settings(self) -> None:
        try:
            self.settings = with_scan_folders_on_disk(self.settings, self.settings_path)
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            self.statusBar().showMessage(f"Settings not saved: {exc.strerror or exc}", 6000)
