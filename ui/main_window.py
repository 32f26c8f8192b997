"""MemDesk's window: the shell around one agent's desk.

The shell owns the menus, the undo stack, the title, the status bar and the banner, and does
for every agent alike what is not about its pages: opening a workspace (asking which agent's
when several fit), saving (off the UI thread, through core; changed-on-both-sides entries go
to one conflict dialog), reloading, and watching the files for another program's writes (read
off the UI thread). The pages of the open workspace are its agent's desk (`ui.agents`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.agents.base import OpenWorkspace
from core.agents.registry import agent_named, detect, remember_agent, resolve, workspace_root
from core.formats.text import InputError
from core.store.commit import NotRecorded, journal_unreadable
from core.store.documents import Refreshed
from core.store.errors import WorkspaceError
from core.store.journal import JournalError
from core.store.merge import ConflictError, Resolution
from core.store.retention import backups_to_keep, set_backups_to_keep
from ui.actions import make_action
from ui.agents import desk_class
from ui.conflict_dialog import ConflictDialog
from ui.desk import Desk
from ui.icons import icon
from ui.settings import Settings, save_settings
from ui.tasks import TaskRunner
from ui.theme import apply_theme
from ui.undo import OpCommand
from ui.untrusted import literal_html, plain_label
from ui.watcher import FileWatcher

log = logging.getLogger(__name__)

SHORTCUTS = (
    ("Ctrl+O", "Open a workspace folder"),
    ("Ctrl+S", "Save (backup first, merged with the agent's changes)"),
    ("Ctrl+Z / Ctrl+Shift+Z", "Undo / redo unsaved edits"),
    ("Ctrl+F", "Search memories"),
    ("Ctrl+Return", "Apply the edited memory"),
    ("Delete", "Delete the selected memories (undoable)"),
    ("Ctrl+E", "Archive or unarchive the selected memories"),
    ("Ctrl+Shift+D", "Run decay: a preview, then scores written and proposals queued"),
    ("Ctrl+Shift+P", "Pending changes: what the next save writes"),
    ("Ctrl+Shift+F", "Where else is the selected memory?"),
    (
        "Review queue",
        "Space/Enter accept · P promote · K keep · A archive · D delete · "
        "R reject · S skip · E edit first · Ctrl+Z undo the last decision",
    ),
    ("F5", "Reload from disk"),
    ("Ctrl+Q", "Quit"),
)
RETRY_MS = 500  # a file change met while a save runs is looked at again after this

# What a banner is about (its cause): a later success of the same cause resolves it.
PAGE = "page"  # what the page shown did or found (its writes, edits, searches)
SAVE = "save"  # saving the edits
DISK = "disk"  # another program's writes, reading the files anew

Resolutions = Mapping[str, Mapping[str, Resolution]]


class MainWindow(QMainWindow):
    ready = Signal()  # a workspace is shown and its first page can be used

    def __init__(self, settings: Settings, *, settings_path: Path | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.settings_path = settings_path
        self.ws: OpenWorkspace | None = None
        self.desk: Desk | None = None
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
        self._build_menus()
        self.setAcceptDrops(True)
        self._update_title()

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.banner = plain_label(name="banner", wrap=True)
        self.banner.hide()
        self._banner_of: tuple[str, str] = ("", PAGE)  # the page it was raised on, its cause
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

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = self._action(
            file_menu,
            "&Open workspace…",
            QKeySequence.StandardKey.Open,
            self.choose_workspace,
            "open",
        )
        self.recent_menu = file_menu.addMenu("Open &recent")
        self._fill_recent()
        self.save_action = self._action(
            file_menu, "&Save", QKeySequence.StandardKey.Save, self.save, "save"
        )
        self.reload_action = self._action(
            file_menu, "&Reload from disk", QKeySequence("F5"), self.reload, "reload"
        )
        self.layout_action = self._action(
            file_menu, "Read as another &agent's…", None, self.choose_layout
        )
        self.layout_action.setEnabled(False)
        self._action(file_menu, "&Backups to keep…", None, self.choose_backups_to_keep)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        self.edit_menu = self.menuBar().addMenu("&Edit")
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        undo.setIcon(icon("undo"))
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setIcon(icon("redo"))
        redo.setShortcuts(
            [QKeySequence("Ctrl+Shift+Z"), QKeySequence(QKeySequence.StandardKey.Redo)]
        )
        self.edit_menu.addAction(undo)
        self.edit_menu.addAction(redo)
        self.edit_menu.addSeparator()
        where = self._action(
            self.edit_menu,
            "&Where else is it?…",
            QKeySequence("Ctrl+Shift+F"),
            self.where_else,
            "where",
        )
        self.edit_menu.addSeparator()
        view_menu = self.menuBar().addMenu("&View")
        pending = self._action(
            view_menu,
            "&Pending changes…",
            QKeySequence("Ctrl+Shift+P"),
            self.show_pending,
            "pending",
        )
        files = [self.open_action, self.save_action, self.reload_action]
        self._build_toolbar([*files, None, undo, redo, None, where, pending, None])
        theme_menu = view_menu.addMenu("&Theme")
        self.theme_actions = QActionGroup(self)
        for name, title in (
            ("system", "Follow the &system"),
            ("light", "&Light"),
            ("dark", "&Dark"),
        ):
            action = self._action(theme_menu, title, None, partial(self.set_theme, name))
            action.setCheckable(True)
            action.setChecked(self.settings.theme == name)
            action.setData(name)
            self.theme_actions.addAction(action)
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&Keyboard shortcuts", None, self.show_shortcuts)
        self._action(help_menu, "&About MemDesk", None, self.show_about)

    def _action(
        self,
        menu: QMenu,
        text: str,
        shortcut: QKeySequence | QKeySequence.StandardKey | None,
        slot: Callable[[], object],
        icon_name: str | None = None,
    ) -> QAction:
        action = make_action(self, text, shortcut, slot, icon_name)
        menu.addAction(action)
        return action

    def _build_toolbar(self, actions: list[QAction | None]) -> None:
        """The main actions under the menus, by icon (None: a separator)."""
        self.toolbar = self.addToolBar("Main")
        self.toolbar.setObjectName("mainToolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setIconSize(QSize(20, 20))
        for action in actions:
            if action is None:
                self.toolbar.addSeparator()
            else:
                self.toolbar.addAction(action)

    def show_pending(self) -> None:
        """What the next save will write, per memory and as text."""
        from ui.pending_dialog import PendingDialog

        if self.ws is None:
            return
        if self.desk is not None:
            self.desk.apply_pending()  # text typed but not applied is part of the save
        dialog = PendingDialog(self.ws, self)
        dialog.finished.connect(dialog.deleteLater)
        self.pending_dialog = dialog
        dialog.open()

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
            self.show_error(_message(exc, "Could not search the workspace"))

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
            self.show_error(_message(exc, f"Could not open {path}"))

        self.tasks.run(lambda: _open_any(path), on_done=self._opened_any, on_error=failed)

    def _opened_any(self, result: _Opened | _Ambiguous) -> None:
        self.progress.hide()
        if isinstance(result, _Ambiguous):
            self._layout_chosen(result.root, self._ask_layout(result.root, result.candidates))
        else:
            self._opened(result.ws, result.journal_problem)

    def _ask_layout(self, root: Path, candidates: tuple[str, ...]) -> str | None:
        """The person chooses how to read a folder that fits several agents' layouts."""
        names = [agent_named(c).title for c in candidates]
        choice, ok = QInputDialog.getItem(
            self,
            "Which agent's memory is this?",
            literal_html(
                f"{root} fits more than one agent's layout. Read it as (remembered for this folder):"
            ),
            names,
            0,
            False,
        )
        return candidates[names.index(choice)] if ok and choice in names else None

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

    def _opened(self, ws: OpenWorkspace, journal_problem: str | None = None) -> None:
        """Show a workspace in its agent's desk."""
        self.watcher.clear()
        self.undo_stack.clear()
        self._set_desk(desk_class(ws.agent.name)(self.undo_stack.push, self.tasks, self.settings))
        self.ws = ws
        assert self.desk is not None
        self.desk.show_workspace(ws)
        self._watch()
        self.settings = self.settings.with_recent(str(ws.root))
        self._save_settings()
        self._fill_recent()
        self.hide_banner()
        self.statusBar().showMessage(f"Opened {ws.agent.title} workspace {ws.root}", 5000)
        if journal_problem is not None:  # read without it: history and undo are not there
            self.show_error(journal_problem)
        self.layout_action.setEnabled(len(detect(ws.root).candidates) > 1)
        self._desk_changed()
        # once the first page has painted; never once the window is gone (a deleted window's
        # signal raised "Signal source has been deleted" when MemDesk quit right after opening)
        QTimer.singleShot(0, self, self.ready.emit)

    def _set_desk(self, desk: Desk) -> None:
        old = self.desk
        if old is not None:
            for action in old.actions():
                self.edit_menu.removeAction(action)
                self.toolbar.removeAction(action)
            self.desks.removeWidget(old)
            old.deleteLater()
        self.desk = desk
        desk.failed.connect(self.show_error)
        desk.notice.connect(self.show_banner)
        desk.page_changed.connect(self._page_changed)
        desk.resolved.connect(lambda page: self.resolve(PAGE, page))
        desk.changed.connect(self._desk_changed)
        desk.written.connect(self._written)
        reread = getattr(desk, "reread", None)
        if reread is not None:
            reread.connect(self.undo_stack.clear)
        for action in desk.actions():
            self.edit_menu.addAction(action)
            if not action.icon().isNull():
                self.toolbar.addAction(action)
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

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for folder in self.settings.recent_workspaces:
            self._action(self.recent_menu, folder, None, partial(self.open_workspace, Path(folder)))
        self.recent_menu.setEnabled(bool(self.settings.recent_workspaces))

    def choose_backups_to_keep(self) -> None:
        """How many of MemDesk's own backups of each file this workspace keeps (0: all)."""
        root = self._root()
        if root is None:
            return
        keep, ok = QInputDialog.getInt(
            self,
            "Backups to keep",
            "MemDesk backs a file up before every write, into .memdesk/backups/. How many of\n"
            "those backups of each file should this workspace keep? (0 keeps them all; the\n"
            "agent's own backups are never deleted.)",
            backups_to_keep(root),
            0,
            1_000_000,
        )
        if not ok:
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
            lambda: ws.save_all(resolutions),
            on_done=lambda saved: self._saved(saved, then),
            on_error=self._save_failed,
        )

    def _saved(self, saved: list[Any], then: Callable[[], None] | None) -> None:
        self.undo_stack.setClean()
        self.resolve(SAVE)
        if any(s.merged for s in saved):
            self._drop_stale_undo()
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
        self.show_error(_message(exc, "Could not save"), cause=SAVE)

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

    def _drop_stale_undo(self) -> None:
        """Undo steps from before a file was read anew would drop the other program's change."""
        for index in range(self.undo_stack.count()):
            command = self.undo_stack.command(index)
            if isinstance(command, OpCommand) and not command.still_valid():
                self.undo_stack.clear()
                return

    # -- another writer ----------------------------------------------------------------------------
    def _check_external_change(self) -> None:
        """Files another program changed: read anew (off the UI thread) when unedited here."""
        ws = self.ws
        if ws is None:
            return
        if self.tasks.busy:
            self._retry.start()
            return
        self.tasks.run(
            ws.refresh_from_disk,
            on_done=self._refreshed,
            on_error=lambda exc: self.show_error(
                _message(exc, "Could not read the change"), cause=DISK
            ),
        )

    def _refreshed(self, what: Refreshed) -> None:
        if self.desk is None:
            return
        if what.reloaded:
            self._drop_stale_undo()
        self.desk.refreshed(what)
        if not what:  # a folder changed: files came or went
            self.desk.refresh()
        names = ", ".join(d.path.name for d in what.kept + what.reloaded)
        if what.overwritten:
            lost = "; ".join(f"{rel}: {', '.join(keys)}" for rel, keys in what.overwritten.items())
            self.show_error(
                "Another program rewrote a file from a copy older than your last save and "
                f"undid your changes ({lost}). The journal keeps them (before and after): "
                "apply them again and save.",
                cause=DISK,
            )
        elif what.kept:
            self.show_banner(
                f"{names} changed on disk. Your edits will be merged with it when you save; "
                "entries changed on both sides will be shown to you.",
                cause=DISK,
            )
        elif what.reloaded:
            self.show_banner(f"Reloaded {names}: changed by another program.", cause=DISK)
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
            ws.reload,
            on_done=done,
            on_error=lambda exc: self.show_error(_message(exc, "Could not reload"), cause=DISK),
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
        self._banner_of = (self._page(), cause)
        self.banner.setProperty("error", error)
        self.banner.setText(message)
        self.banner.setStyleSheet(
            "padding:6px; border-radius:4px; background:%s;" % ("#f8d7da" if error else "#fff3cd")
            + "color:#222;"
        )
        self.banner.show()

    def hide_banner(self) -> None:
        self.banner.hide()

    def resolve(self, cause: str, page: str | None = None) -> None:
        """`cause` succeeded on `page` (the page shown when None): its banner goes."""
        if self._banner_of == (self._page() if page is None else page, cause):
            self.hide_banner()

    def _page_changed(self) -> None:
        if self._banner_of[0] != self._page():
            self.hide_banner()

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

    def show_shortcuts(self) -> None:
        rows = "".join(f"<tr><td><b>{k}</b></td><td>{what}</td></tr>" for k, what in SHORTCUTS)
        QMessageBox.information(self, "Keyboard shortcuts", f"<table cellspacing=6>{rows}</table>")

    def show_about(self) -> None:
        from importlib.metadata import version

        QMessageBox.about(
            self,
            "About MemDesk",
            f"<b>MemDesk {version('memdesk')}</b><p>See and curate what your LLM agent remembers. "
            "Files are written atomically, backed up first, and merged with the agent's own writes.</p>",
        )

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
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            self.statusBar().showMessage(f"Settings not saved: {exc.strerror or exc}", 6000)


@dataclass(frozen=True)
class _Opened:
    ws: OpenWorkspace
    journal_problem: str | None = None  # why its journal cannot be read


@dataclass(frozen=True)
class _Ambiguous:
    """A folder that fits several agents' layouts and has no remembered choice."""

    root: Path
    candidates: tuple[str, ...]


def _open_any(path: Path) -> _Opened | _Ambiguous:
    """The workspace at `path`, read off the UI thread with what its first page shows. A folder
    holding a workspace (PicoClaw's home) opens that one."""
    root = workspace_root(path)
    if root.is_dir():
        found = detect(root)
        if found.ambiguous:
            return _Ambiguous(root.absolute(), found.candidates)
    agent, target = resolve(root)
    ws = agent.open(target)
    ws.warm_up()
    return _Opened(ws, journal_unreadable(ws.root))


def _message(exc: BaseException, context: str) -> str:
    if isinstance(exc, (WorkspaceError, InputError)):
        return str(exc)
    if isinstance(exc, OSError):
        return f"{context}: {exc.strerror or exc}"
    raise exc  # unexpected: the crash handler takes it
