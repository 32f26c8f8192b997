"""MemDesk's window: the shell around the open workspaces' desks.

Several workspaces are open at once, each a `WorkspaceTab` (`ui.open_tab`: its session, desk,
undo stack, file watch, worker, saving and reading anew). The navigator (`ui.navigator`) at the
far left lists the hub pages, then the open workspaces; the one chosen is shown, and the title,
status bar, banner, menus and Edit → Undo (a `QUndoGroup`) follow it. The shell opens folders
(off the UI thread, asking which agent's when several fit), and keeps the menus and toolbar
(`ui.menus`), the banner (`ui.banner`), reading a folder (`ui.opening`).

For the pages that work across workspaces:
- `add_hub_page(name, title, widget)`: a fixed page at the navigator's top; a name given again
  replaces its page ("home" is a placeholder listing the open workspaces).
- `open_workspace(path, agent=None, then=None)`: open the workspace at `path` (read as `agent`'s
  when named), or show it when it is open already; `then(tab)` once it is shown.
- `tab_for(path) -> WorkspaceTab | None`: the open workspace at `path`: lend its session
  (`tab.session`, `tab.desk.lending(work)`) instead of opening its journal a second time.
- `tabs()`: the open workspaces, in the navigator's order; `show_tab(tab)`, `close_workspace(tab)`.
`ws`, `session`, `desk`, `undo_stack`, `save()`, `reload()` are the current workspace's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QUndoGroup, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QMainWindow,
    QProgressBar,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.agent import OpenWorkspace
from core.registry import detect, remember_agent
from core.session import AnySession
from core.store.errors import WorkspaceError
from core.store.journal import JournalError
from ui import opening
from ui.banner import PAGE, Banner, Notes, failure_message
from ui.conflict_dialog import ConflictDialog
from ui.desk import AnyDesk
from ui.i18n import core_text, open_counted
from ui.menus import Menus
from ui.navigator import Navigator
from ui.open_tab import Resolutions, WorkspaceTab
from ui.opening import Ambiguous, Opened, ask_layout, keep_backups, open_any
from ui.reopens import Reopens
from ui.settings import Settings, saved
from ui.tasks import TaskRunner
from ui.theme import apply_theme
from ui.untrusted import plain_label
from ui.watcher import FileWatcher

log = logging.getLogger(__name__)

HOME = "home"
Then = Callable[[WorkspaceTab], None] | None


class MainWindow(QMainWindow):
    ready = Signal()  # a workspace opened is shown and its first page can be used

    def __init__(self, settings: Settings, *, settings_path: Path | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.settings_path = settings_path
        self._tabs: list[WorkspaceTab] = []
        self.current_tab: WorkspaceTab | None = None  # the workspace shown (None: a hub page)
        self.opener = TaskRunner(self)  # reads the folders being opened, one after the other
        self.notes = Notes()  # the banner while no workspace is shown
        self.hubs: dict[str, QWidget] = {}
        self.undo_group = QUndoGroup(self)
        self._no_undo = QUndoStack(self)  # `undo_stack` while no workspace is shown
        self._closing = False
        self.reopens = Reopens(self)
        self._build()
        self.menus = Menus(self, self.undo_group)
        self.toolbar, self.layout_action = self.menus.toolbar, self.menus.layout_action
        self.setAcceptDrops(True)
        self.navigator.show_page(self.placeholder)
        self.reopens.on = True

    # -- the current workspace's -------------------------------------------------------------------
    @property
    def ws(self) -> OpenWorkspace | None:
        return self.current_tab.ws if self.current_tab is not None else None

    @property
    def session(self) -> AnySession | None:
        return self.current_tab.session if self.current_tab is not None else None

    @property
    def desk(self) -> AnyDesk | None:
        return self.current_tab.desk if self.current_tab is not None else None

    @property
    def undo_stack(self) -> QUndoStack:
        return self.current_tab.undo_stack if self.current_tab is not None else self._no_undo

    @property
    def tasks(self) -> TaskRunner:
        """The current workspace's worker; the opener's while none is shown."""
        return self.current_tab.tasks if self.current_tab is not None else self.opener

    @property
    def watcher(self) -> FileWatcher:
        if self.current_tab is None:
            raise RuntimeError("no workspace is shown")
        return self.current_tab.watcher

    @property
    def conflict_dialog(self) -> ConflictDialog | None:
        return self.current_tab.conflict_dialog if self.current_tab is not None else None

    def tabs(self) -> list[WorkspaceTab]:
        return list(self._tabs)

    def tab_for(self, path: Path) -> WorkspaceTab | None:
        """The open workspace `path` names (its folder, or the path it was opened by)."""
        return next((tab for tab in self._tabs if tab.is_of(path)), None)

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.banner = Banner()
        self.placeholder = plain_label(self._none_open())  # the Home page until one is added
        self.placeholder.setObjectName("placeholder")
        self.desks = QStackedWidget()  # the hub pages and the open workspaces' desks
        self.navigator = Navigator()
        self.navigator.chosen.connect(self._chosen)
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.banner)
        column.addWidget(self.desks, 1)
        outer = QWidget()
        row = QHBoxLayout(outer)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.navigator)
        row.addWidget(page, 1)
        self.setCentralWidget(outer)
        self.add_hub_page(HOME, self.tr("Home"), self.placeholder)
        self.status = plain_label()
        self.statusBar().addPermanentWidget(self.status)
        self.progress = QProgressBar()
        self.progress.setObjectName("loading")
        self.progress.setRange(0, 0)  # busy: reading has no steps worth counting
        self.progress.setMaximumWidth(180)
        self.progress.setFormat(self.tr("Reading…"))
        self.progress.hide()
        self.statusBar().addPermanentWidget(self.progress)
        self.resize(1280, 800)

    def add_hub_page(self, name: str, title: str, widget: QWidget) -> None:
        """A page over every workspace (Home, Inbox, …), at the navigator's top."""
        old = self.hubs.get(name)
        self.hubs[name] = widget
        if old is None:
            self.desks.addWidget(widget)
            self.navigator.add_hub(name, title, widget)
            return
        shown = self.desks.currentWidget() is old
        self.desks.insertWidget(self.desks.indexOf(old), widget)
        self.desks.removeWidget(old)
        self.navigator.replace_hub(old, title, widget)
        if shown:
            self.desks.setCurrentWidget(widget)

    def _update_home(self) -> None:
        """The placeholder Home page: the open workspaces."""
        names = [f"{tab.ws.agent.title}: {tab.root}" for tab in self._tabs]
        listed = "\n".join([self.tr("Open workspaces:"), *names]) if names else self._none_open()
        self.placeholder.setText(listed)

    def _none_open(self) -> str:
        return self.tr("Open an agent's workspace folder: File → Open workspace…")

    # -- switching ---------------------------------------------------------------------------------
    def show_tab(self, tab: WorkspaceTab) -> None:
        self.navigator.show_page(tab)

    def _chosen(self, page: QObject) -> None:
        """Show the navigator's row chosen: a workspace's desk or a hub page."""
        tab = page if isinstance(page, WorkspaceTab) else None
        old = self.current_tab
        if old is not None and old is not tab:
            self.menus.remove_desk_actions(old.desk)
        self.current_tab = tab
        if tab is None:
            self.undo_group.setActiveStack(None)  # type: ignore[arg-type]
            assert isinstance(page, QWidget)
            self.desks.setCurrentWidget(page)
        else:
            if old is not tab:
                self.menus.add_desk_actions(tab.desk)
            self.undo_group.setActiveStack(tab.undo_stack)
            self.desks.setCurrentWidget(tab.desk)
            tab.unseen = False
            self.navigator.update_tab(tab)
        self.layout_action.setEnabled(tab is not None and tab.other_layouts)
        if old is not tab:  # the line spoke of the workspace shown before; this one's waits
            self.statusBar().showMessage(*(tab.take_unread() if tab is not None else ("", 0)))
        self._show_news()
        self._update_title()
        self.update_status()
        self.reopens.keep()

    def _tab_changed(self, tab: WorkspaceTab) -> None:
        self.navigator.update_tab(tab)
        if tab is self.current_tab:
            self._update_title()
            self.update_status()

    def _tab_news(self, tab: WorkspaceTab) -> None:
        if tab is self.current_tab:
            self._show_news()
        elif tab.notes.news is not None:  # shown when the person comes back to it
            tab.unseen = True
            self.navigator.update_tab(tab)

    def _tab_message(self, tab: WorkspaceTab, text: str, msecs: int) -> None:
        text = core_text(text)  # a save's or a write's line may be core's sentence
        if tab is self.current_tab:
            self.statusBar().showMessage(text, msecs)
        else:  # a save or a read in the background: said when the person comes back to it
            tab.unread = (text, msecs)

    # -- opening -----------------------------------------------------------------------------------
    def choose_workspace(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Open an agent's workspace folder"))
        if folder:
            self.open_workspace(Path(folder))

    def open_workspace(self, path: Path, agent: str | None = None, then: Then = None) -> None:
        """Read the workspace off the UI thread; the window shows it when it is ready (at once
        when it is open already)."""
        tab = self.tab_for(path) or self._showing(path)
        if tab is not None:
            self._shown(tab, then)
            return
        self.statusBar().showMessage(self.tr("Opening {path}…").format(path=path))
        self.progress.show()
        reading = self.reopens.reading(path)

        def failed(exc: BaseException) -> None:
            self.reopens.read(reading, keep=True)
            self.progress.setVisible(self.opener.busy)
            said = self.tr("Could not open {path}").format(path=path)
            self.show_error(failure_message(exc, said))

        self.opener.run(
            lambda: open_any(path, agent),
            on_done=partial(self._opened_any, path, then=then, reading=reading),
            on_error=failed,
        )

    def _showing(self, folder: Path) -> WorkspaceTab | None:
        """The open workspace showing `folder` on a page (a Hermes profile), that page shown."""
        return next((tab for tab in self._tabs if tab.desk.show_folder(folder)), None)

    def _opened_any(
        self, path: Path, result: Opened | Ambiguous | opening.Several, *, then: Then, reading: str
    ) -> None:
        self.reopens.read(reading)
        self.progress.setVisible(self.opener.busy)
        if isinstance(result, opening.Several):
            chosen = opening.ask_workspace(self, result)  # one of the folder's workspaces
            if chosen is not None:
                self.open_workspace(chosen, then=then)
        elif isinstance(result, Ambiguous):
            self._layout_chosen(result.root, self._ask_layout(result.root, result.candidates), then)
        else:
            self._opened(result.session, path, result.journal_problem, then)
        self.reopens.keep()  # a folder not opened (none chosen, one already open) is gone

    def _ask_layout(self, root: Path, candidates: tuple[str, ...]) -> str | None:
        return ask_layout(self, root, candidates)

    def _layout_chosen(self, root: Path, agent: str | None, then: Then = None) -> None:
        if agent is None:
            self.statusBar().showMessage(self.tr("Not opened: no agent chosen"), 5000)
            return
        try:
            remember_agent(root, agent)
        except (OSError, JournalError, WorkspaceError) as exc:
            said = self.tr("Could not remember the agent of {root}: {error}")
            self.show_error(said.format(root=root, error=exc))
            return
        self.open_workspace(root, then=then)

    def choose_layout(self) -> None:
        """Read the workspace shown as another agent's whose layout it fits too."""
        tab = self.current_tab
        if tab is None:
            return
        root = tab.root
        agent = self._ask_layout(root, detect(root).candidates)
        if agent is not None and not self.close_workspace(tab):
            return
        self._layout_chosen(root, agent)

    def _opened(
        self, session: AnySession, path: Path, journal_problem: str | None, then: Then
    ) -> None:
        """Show a workspace in its agent's desk, in a tab of its own."""
        open_already = self.tab_for(session.workspace.root) or self._showing(path)
        if self._closing or open_already is not None:  # a home holding an open one, say
            session.close()
            if open_already is not None:
                self._shown(open_already, then)
            return
        tab = WorkspaceTab(session, self.settings, self, path)
        with session.journal.lent():  # detecting reads the agent remembered there
            tab.other_layouts = len(detect(tab.root).candidates) > 1
        self._tabs.append(tab)
        self.undo_group.addStack(tab.undo_stack)
        self.desks.addWidget(tab.desk)
        tab.changed.connect(partial(self._tab_changed, tab))
        tab.news.connect(partial(self._tab_news, tab))
        tab.message.connect(partial(self._tab_message, tab))
        self.navigator.add_tab(tab)
        if not opening.fold_held(self, tab):
            return
        self._update_home()
        self.settings = self.settings.with_recent(str(tab.root))
        self.keep_settings()
        self.menus.fill_recent(self.settings.recent_workspaces)
        self.notes = Notes()  # what the window said of a folder it could not open is over
        self._shown(tab, then)
        said = self.tr("Opened {agent} workspace {path}")
        self.statusBar().showMessage(said.format(agent=tab.ws.agent.title, path=tab.root), 5000)
        if journal_problem is not None:  # read without it: history and undo are not there
            tab.show_error(journal_problem)

    def _shown(self, tab: WorkspaceTab, then: Then) -> None:
        """Show `tab`; once its first page has painted, `ready` and `then`."""
        self.show_tab(tab)

        def fire() -> None:
            self.ready.emit()
            if then is not None and tab in self._tabs:
                then(tab)

        # never once the window is gone (a deleted window's signal raised "Signal source has
        # been deleted" when MemDesk quit right after opening)
        QTimer.singleShot(0, self, fire)

    def choose_backups_to_keep(self) -> None:
        """How many of MemDesk's own backups of each file this workspace keeps (0: all)."""
        if self.ws is not None:
            keep_backups(self, self.ws.root)

    # -- the current workspace's saving and reading ------------------------------------------------
    def save(
        self, then: Callable[[], None] | None = None, *, resolutions: Resolutions | None = None
    ) -> None:
        """Write every edited file of the workspace shown, off the UI thread."""
        if self.current_tab is not None:
            self.current_tab.save(then, resolutions=resolutions)

    def reload(self, *, force: bool = False, note: str = "") -> None:
        if self.current_tab is not None:
            self.current_tab.reload(force=force, note=note)

    # -- messages, title, status -------------------------------------------------------------------
    def show_error(self, message: str, *, cause: str = PAGE) -> None:
        """An expected failure: shown in the window, not as a traceback."""
        if self.current_tab is not None:
            self.current_tab.show_error(message, cause=cause)
            return
        log.warning("%s", message)
        self.show_banner(message, error=True, cause=cause)
        self.statusBar().showMessage(core_text(message.splitlines()[0]), 8000)

    def show_banner(self, message: str, *, error: bool = False, cause: str = PAGE) -> None:
        """Show `message` above the pages until another page is shown, the same cause is
        resolved on this page (`resolve`) or a newer banner replaces it."""
        if self.current_tab is not None:
            self.current_tab.show_banner(message, error=error, cause=cause)
            return
        self.notes.show(message, error=error, cause=cause, page="")
        self._show_news()

    def resolve(self, cause: str, page: str | None = None) -> None:
        """`cause` succeeded on `page` (the page shown when None): its banner goes."""
        if self.current_tab is not None:
            self.current_tab.resolve(cause, page)
            return
        self.notes.resolve(cause, page or "")
        self._show_news()

    def _notes_shown(self) -> Notes:
        return self.current_tab.notes if self.current_tab is not None else self.notes

    def _show_news(self) -> None:
        self.banner.show_news(self._notes_shown().news)

    def modified(self) -> bool:
        return self.current_tab is not None and self.current_tab.modified()

    def _update_title(self) -> None:
        where = f" — {self.ws.root}" if self.ws is not None else ""
        self.setWindowTitle(f"MemDesk{where}[*]")
        self.setWindowModified(self.modified())

    def update_status(self) -> None:
        if self.current_tab is not None:
            self.status.setText(self.current_tab.status_text())
        else:
            self.status.setText(open_counted(len(self._tabs), len(self.reopens.pages)))

    def set_theme(self, name: str) -> None:
        """Light, dark, or the system's; remembered in the settings."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, name)
        self.keep_settings(theme=name)

    def set_language(self, name: str) -> None:
        """The window's language from the next start (its texts are made once, when built)."""
        self.keep_settings(language=name)
        self.statusBar().showMessage(self.tr("The language changes at the next start."), 8000)

    # -- closing, drag and drop --------------------------------------------------------------------
    def close_workspace(self, tab: WorkspaceTab | None = None) -> bool:
        """Close `tab` (the one shown when None), asking about its unsaved edits first; its
        session's journal let go. True when it is closed."""
        tab = tab or self.current_tab
        if tab is None:
            return self.reopens.close_page()
        if not tab.discard_ok():
            return False
        at = self._tabs.index(tab)
        self._tabs.remove(tab)
        if tab is self.current_tab:
            self.menus.remove_desk_actions(tab.desk)
            self.current_tab = None
        self.undo_group.removeStack(tab.undo_stack)
        self.navigator.remove(tab)
        self.desks.removeWidget(tab.desk)
        tab.close()
        self._update_home()
        rest = self._tabs
        self.navigator.show_page(rest[min(at, len(rest) - 1)] if rest else self.hubs[HOME])
        self.reopens.keep()
        self.update_status()  # the page shown may not have changed
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        for tab in self.tabs():  # asked once per workspace with unsaved edits
            tab.desk.apply_pending()
            if tab.modified():
                self.show_tab(tab)
            if not tab.discard_ok():
                event.ignore()
                return
        self._closing = True
        self.settings = self.reopens.stop()
        self.opener.wait()
        for tab in self._tabs:
            tab.tasks.wait()
            tab.session.close()
        geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self.keep_settings(window_geometry=geometry)
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile() and Path(urls[0].toLocalFile()).is_dir():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile():
            self.open_workspace(Path(urls[0].toLocalFile()))

    def keep_settings(self, **changes: object) -> None:
        """The settings with `changes`, saved (said in the status bar when they cannot be)."""
        try:
            self.settings = saved(self.settings.model_copy(update=changes), self.settings_path)
        except OSError as exc:
            said = self.tr("Settings not saved: {error}").format(error=exc.strerror or exc)
            self.statusBar().showMessage(said, 6000)
