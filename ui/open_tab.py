"""One open workspace in the window, shown or not: its session (the journal, held), its agent's
desk, its undo stack, its watch on the files, its own worker (saves, reloads and reads of
another program's writes run there, one at a time), its queued save, its conflict dialog and its
banner (`notes`).

The window (`ui.main_window`) keeps one `WorkspaceTab` per open workspace and shows the current
one's desk, banner, title and status. A tab in the background keeps working: another program's
writes are read anew there and its banner news waits in `notes` (the navigator marks its row)
until the person comes back to it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from shiboken6 import isValid

from core.agent import OpenWorkspace
from core.session import AnySession
from core.store.commit import NotRecorded
from core.store.documents import Refreshed
from core.store.merge import ConflictError, Resolution
from ui.agents import desk_class
from ui.banner import DISK, PAGE, SAVE, Notes, disk_news, failure_message
from ui.conflict_dialog import ConflictDialog
from ui.desk import AnyDesk
from ui.i18n import core_text
from ui.settings import Settings
from ui.tasks import TaskRunner
from ui.undo import drop_stale
from ui.watcher import FileWatcher

__all__ = ["RETRY_MS", "Resolutions", "WorkspaceTab"]

log = logging.getLogger(__name__)

RETRY_MS = 500  # a file change met while a save runs is looked at again after this
UNDO_LIMIT = 200

Resolutions = Mapping[str, Mapping[str, Resolution]]


class WorkspaceTab(QObject):
    """One open workspace: what the window does to it (save, read anew, reload, close)."""

    changed = Signal()  # an edit, undo, save or read: its title, status and row follow
    news = Signal()  # its banner (`notes`) changed
    message = Signal(str, int)  # a status bar line and how long it shows (ms)

    def __init__(
        self, session: AnySession, settings: Settings, parent: QWidget, opened_as: Path
    ) -> None:
        super().__init__(parent)
        self.dialog_parent = parent
        self.session = session
        self.ws: OpenWorkspace = session.workspace
        self.opened_as = opened_as  # the path the person gave (a home holding the workspace)
        self.tasks = TaskRunner(self)
        self.notes = Notes()
        self.unseen = False  # news raised while another workspace was shown
        self.unread: tuple[str, int] | None = None  # its last status line said while not shown
        self.other_layouts = False  # its folder fits other agents' layouts too
        self.conflict_dialog: ConflictDialog | None = None
        self._save_queued: Callable[[], None] | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_LIMIT)
        self.undo_stack.indexChanged.connect(self._undo_moved)
        self.watcher = FileWatcher(self)
        self.watcher.changed.connect(self.check_external_change)
        self._retry = QTimer(self, singleShot=True, interval=RETRY_MS)
        self._retry.timeout.connect(self.check_external_change)
        self.desk: AnyDesk = desk_class(self.ws.agent.name)(
            self.undo_stack.push, self.tasks, settings
        )
        self._connect_desk()
        self.desk.show_session(session)
        self._watch()

    def _connect_desk(self) -> None:
        desk = self.desk
        desk.failed.connect(self.show_error)
        desk.notice.connect(self.show_banner)
        desk.page_changed.connect(self._page_changed)
        desk.resolved.connect(lambda page: self.resolve(PAGE, page))
        desk.changed.connect(self._desk_changed)
        desk.written.connect(self._written)

    # -- what the window shows of it ---------------------------------------------------------------
    @property
    def root(self) -> Path:
        return self.ws.root

    def modified(self) -> bool:
        return self.ws.modified

    def agent_title(self) -> str:
        """The agent's name alone ("EverBot", not its layout's "(structured MEMORY.md)")."""
        return self.ws.agent.title.split(" (")[0]

    def name(self) -> str:
        """Its row in the navigator: the folder's name, `*` with unsaved edits."""
        return f"{self.root.name or self.root}{' *' if self.modified() else ''}"

    def status_text(self) -> str:
        return self.desk.status_text()

    def take_unread(self) -> tuple[str, int]:
        """Its last status line (and how long it shows) said while another workspace was shown,
        to show now that it is shown ("" when none); forgotten once taken."""
        said, self.unread = self.unread or ("", 0), None
        return said

    def is_of(self, path: Path) -> bool:
        """True when `path` names this workspace (its folder, or the path it was opened by)."""
        given = path.absolute()
        return given in (self.root.absolute(), self.opened_as.absolute()) or (
            given.resolve() in (self.root.resolve(), self.opened_as.resolve())
        )

    # -- banner ------------------------------------------------------------------------------------
    def show_error(self, message: str, *, cause: str = PAGE) -> None:
        """An expected failure: shown in its banner, not as a traceback."""
        log.warning("%s", message)
        self.show_banner(message, error=True, cause=cause)
        self.message.emit(core_text(message).splitlines()[0], 8000)

    def show_banner(self, message: str, *, error: bool = False, cause: str = PAGE) -> None:
        self.notes.show(message, error=error, cause=cause, page=self.desk.page_name())
        self.news.emit()

    def resolve(self, cause: str, page: str | None = None) -> None:
        """`cause` succeeded on `page` (the page shown when None): its banner goes."""
        self.notes.resolve(cause, self.desk.page_name() if page is None else page)
        self.news.emit()

    def _page_changed(self) -> None:
        self.notes.page_changed(self.desk.page_name())
        self.news.emit()

    # -- edits -------------------------------------------------------------------------------------
    def _watch(self) -> None:
        """Watch every file the desk has read and the folders the agent creates files in."""
        self.watcher.watch([d.path for d in self.ws.documents()], self.ws.folders())

    def _undo_moved(self, _index: int) -> None:
        """An edit applied, undone or redone: what the page's banner said of an edit is over."""
        self.resolve(PAGE)
        self._desk_changed()

    def _written(self, message: str) -> None:
        """A page wrote at once: the undo steps of earlier edits no longer apply (the
        Activity page undoes saved operations)."""
        self.undo_stack.clear()
        self.desk.refresh()
        self._desk_changed()
        self.message.emit(message, 8000)

    def _desk_changed(self) -> None:
        self._watch()
        self.changed.emit()

    # -- saving ------------------------------------------------------------------------------------
    def save(
        self, then: Callable[[], None] | None = None, *, resolutions: Resolutions | None = None
    ) -> None:
        """Write every edited file off the UI thread, each through core's guarded commit."""
        ws, desk = self.ws, self.desk
        if self.tasks.busy:  # a save (or reload) is running: save again when it ends
            self._save_queued = then or (lambda: None)
            return
        desk.apply_pending()
        if not ws.modified:
            self.message.emit(self.tr("Nothing to save"), 3000)
            if then is not None:
                then()
            return
        self.message.emit(self.tr("Saving {folder}…").format(folder=ws.root), 0)
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
                self.tr("Saved, merged with changes another program made meanwhile.")
                + "".join(f"\n{s.notice}" for s in saved if s.notice),
                cause=SAVE,
            )
        names = ", ".join(s.path.name for s in saved)
        backups = sum(1 for s in saved if s.backup is not None)
        said = self.tr("Saved {files} ({count} backed up first)")
        self.message.emit(said.format(files=names, count=backups), 6000)
        self.desk.saved(saved)
        self._desk_changed()
        if then is not None:
            then()
        self._run_queued_save()

    def _save_failed(self, exc: BaseException) -> None:
        self.desk.refresh()
        self._desk_changed()
        if isinstance(exc, ConflictError):
            self._ask_conflicts(exc, Path(str(exc.path)).relative_to(self.ws.root).as_posix())
            return
        self._save_queued = None
        if isinstance(exc, NotRecorded):  # the files are written: nothing is left to save
            self.undo_stack.setClean()
        self.show_error(failure_message(exc, self.tr("Could not save")), cause=SAVE)

    def _ask_conflicts(self, exc: ConflictError, rel: str) -> None:
        """The entries changed on both sides, one choice each; saving again applies them."""
        self._save_queued = None
        self.show_banner(
            self.tr(
                "Not saved: entries were changed both here and by another program. "
                "Choose what to keep for each."
            ),
            cause=SAVE,
        )
        dialog = ConflictDialog(exc.conflicts, self.dialog_parent, file=rel)
        dialog.accepted.connect(lambda: self.save(resolutions={rel: dialog.resolutions()}))
        dialog.finished.connect(dialog.deleteLater)
        self.conflict_dialog = dialog
        dialog.open()

    def _run_queued_save(self) -> None:
        queued, self._save_queued = self._save_queued, None
        if queued is not None:
            self.save(queued)

    # -- another writer ----------------------------------------------------------------------------
    def check_external_change(self) -> None:
        """Files another program changed: read anew (off the UI thread) when unedited here."""
        if self.tasks.busy:
            self._retry.start()
            return
        self.tasks.run(
            self.desk.lending(self.ws.refresh_from_disk),
            on_done=self._refreshed,
            on_error=lambda exc: self.show_error(
                failure_message(exc, self.tr("Could not read the change")), cause=DISK
            ),
        )

    def _refreshed(self, what: Refreshed) -> None:
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
        """Read every file anew, dropping unsaved edits (asked first unless `force`)."""
        ws = self.ws
        if self.tasks.busy or (not force and not self.discard_ok()):
            return

        def done(_result: object) -> None:
            self.undo_stack.clear()
            self.resolve(DISK)
            self.resolve(SAVE)  # what was not saved is dropped: nothing is left to save
            self.desk.refreshed(Refreshed(reloaded=ws.documents()))
            self.desk.refresh()
            self._desk_changed()
            if note:
                self.show_banner(note, cause=DISK)

        self.tasks.run(
            self.desk.lending(ws.reload),
            on_done=done,
            on_error=lambda exc: self.show_error(
                failure_message(exc, self.tr("Could not reload")), cause=DISK
            ),
        )

    # -- closing -----------------------------------------------------------------------------------
    def discard_ok(self) -> bool:
        """Ask before this workspace's unsaved edits are dropped. True when it is fine to go on."""
        self.desk.apply_pending()  # text typed and not applied is an unsaved edit too
        if not self.modified():
            return True
        answer = QMessageBox.question(
            self.dialog_parent,
            self.tr("Unsaved edits"),
            self.tr(
                "You have unsaved edits in {agent}'s workspace {folder}. Save them first?"
            ).format(agent=self.ws.agent.title, folder=self.root),
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

    def close(self) -> None:
        """Its work ended, its journal let go, its desk and stack gone (asked first by the
        window: `discard_ok`)."""
        self._retry.stop()
        if self.conflict_dialog is not None and isValid(self.conflict_dialog):
            self.conflict_dialog.reject()  # its choices would be saved into a closed workspace
        self.watcher.clear()
        self.watcher.blockSignals(True)
        self.tasks.wait()
        QApplication.processEvents()  # the last job's result reaches the tab, not a dead one
        self.session.close()
        self.desk.deleteLater()
        self.deleteLater()
