"""MemDesk's main window: sidebar of views, memory table with search, detail pane, save and undo.

The window asks core for everything: opening (Workspace.open), searching (core.search),
changing (core.operations through undo commands) and saving (Workspace.save, off the UI thread).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QItemSelectionModel, Qt, QTimer
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
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from core.agents.everbot import ops as operations
from core.agents.everbot.format import Entry
from core.agents.everbot.workspace import SaveResult, Workspace, WorkspaceError
from core.agents.registry import Detection, agent_named, detect, remember_agent, workspace_root
from core.formats.text import InputError
from core.ops import ChangeSet
from core.policy import EVERBOT
from core.search import QueryError, SearchIndex
from core.store.document import Saved
from core.store.documents import DocumentSet
from core.store.journal import JournalError
from core.store.merge import Change, ConflictError, Resolution
from core.store.retention import backups_to_keep, set_backups_to_keep
from ui.agent_desk import AgentDesk
from ui.agent_view import AgentView
from ui.conflict_dialog import ConflictDialog
from ui.detail_pane import DetailPane
from ui.memory_table import MemoryTableModel, ScoreBarDelegate
from ui.problems_view import ProblemsView
from ui.settings import Settings, save_settings
from ui.tasks import TaskRunner
from ui.theme import apply_theme
from ui.undo import OpCommand

log = logging.getLogger(__name__)


SHORTCUTS = (
    ("Ctrl+O", "Open a workspace folder"),
    ("Ctrl+S", "Save (backup first, merged with the agent's changes)"),
    ("Ctrl+Z / Ctrl+Shift+Z", "Undo / redo unsaved edits"),
    ("Ctrl+F", "Search memories"),
    ("Ctrl+Return", "Apply the edited memory"),
    ("Delete", "Delete the selected memories (undoable)"),
    ("Ctrl+E", "Archive or unarchive the selected memories"),
    ("F5", "Reload from disk"),
    ("Ctrl+Q", "Quit"),
)


@dataclass(frozen=True)
class SidebarView:
    """One entry of the sidebar: what it shows and how many."""

    name: str
    title: str
    keys: Callable[[Workspace], list[str]] | None  # None: not a memory list (own page)


def _section_keys(section: str) -> Callable[[Workspace], list[str]]:
    return lambda ws: [e.key for e in ws.doc.iter_entries() if e.section == section]


VIEWS = (
    SidebarView("active", "Active", _section_keys("active")),
    SidebarView("archived", "Archived", _section_keys("archived")),
    SidebarView("problems", "Problems", None),
    SidebarView("agent", "What the agent sees", None),
)


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, *, settings_path: Path | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.settings_path = settings_path
        self.ws: Workspace | None = None
        self.aws: DocumentSet | None = None  # a workspace of many files (PicoClaw, Pomelobot, …)
        self.index: SearchIndex | None = None
        self.view = VIEWS[0]
        self.tasks = TaskRunner(self)
        self._save_queued: Callable[[], None] | None = None
        self.conflict_dialog: ConflictDialog | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(200)
        self.undo_stack.indexChanged.connect(self._undo_moved)
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.watcher.directoryChanged.connect(lambda _path: self._external.start())
        self._external = QTimer(self, singleShot=True, interval=300)
        self._external.timeout.connect(self._check_external_change)
        self._debounce = QTimer(self, singleShot=True, interval=settings.search_debounce_ms)
        self._debounce.timeout.connect(self.run_search)
        self._build()
        self._build_menus()
        self.setAcceptDrops(True)
        self._update_title()

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        for view in VIEWS:
            item = QListWidgetItem(view.title)
            item.setData(Qt.ItemDataRole.UserRole, view.name)
            self.sidebar.addItem(item)
        self.sidebar.currentRowChanged.connect(self._view_selected)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)
        self.banner.hide()
        self.search = QLineEdit()
        self.search.setObjectName("search")
        self.search.setPlaceholderText(
            'Search: words, "phrase", -word, cat:fact, score<0.3, hits>=5, activated:<30d'
        )
        self.search.setMaxLength(500)
        self.search.setClearButtonEnabled(True)
        self.search.textEdited.connect(lambda _text: self._debounce.start())
        self.search.returnPressed.connect(self.run_search)
        self.search_error = QLabel()
        self.search_error.setObjectName("searchError")
        self.search_error.hide()
        self.model = MemoryTableModel(self._lookup, self)
        self.table = QTableView()
        self.table.setObjectName("memoryTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # No sort column at first: rows come in core's order (file order, or search relevance).
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in enumerate((80, 100, 110, 110, 50)):
            self.table.setColumnWidth(column, width)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_current())
        self.score_bars = ScoreBarDelegate(EVERBOT, self.table)
        self.table.setItemDelegateForColumn(2, self.score_bars)
        self.problems = ProblemsView()
        self.problems.fix_requested.connect(self.fix_problem)
        self.agent_view = AgentView()
        self.pages = QStackedWidget()
        self.pages.addWidget(self.table)
        self.pages.addWidget(self.problems)
        self.pages.addWidget(self.agent_view)
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(self.search_error)
        column.addWidget(self.pages, 1)
        self.detail = DetailPane()
        self.detail.changes_requested.connect(self.apply_changes)
        self.detail.failed.connect(self.show_error)
        split = QSplitter()
        split.addWidget(self.sidebar)
        split.addWidget(middle)
        split.addWidget(self.detail)
        split.setSizes([160, 700, 420])
        self.structured = split
        self.desk = AgentDesk(self.undo_stack.push)
        self.desk.failed.connect(self.show_error)
        self.desk.changed.connect(self._desk_changed)
        self.modes = QStackedWidget()
        self.modes.addWidget(split)
        self.modes.addWidget(self.desk)
        outer = QWidget()
        outer_column = QVBoxLayout(outer)
        outer_column.setContentsMargins(0, 0, 0, 0)
        outer_column.addWidget(self.banner)
        outer_column.addWidget(self.modes, 1)
        self.setCentralWidget(outer)
        self.status = QLabel()
        self.statusBar().addPermanentWidget(self.status)
        self.resize(1280, 800)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self._action(
            file_menu, "&Open workspace…", QKeySequence.StandardKey.Open, self.choose_workspace
        )
        self.recent_menu = file_menu.addMenu("Open &recent")
        self._fill_recent()
        self.save_action = self._action(
            file_menu, "&Save", QKeySequence.StandardKey.Save, self.save
        )
        self._action(file_menu, "&Reload from disk", QKeySequence("F5"), self.reload)
        self.layout_action = self._action(
            file_menu, "Read as another &layout…", None, self.choose_layout
        )
        self.layout_action.setEnabled(False)
        self._action(file_menu, "&Backups to keep…", None, self.choose_backups_to_keep)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        edit_menu = self.menuBar().addMenu("&Edit")
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence.StandardKey.Redo])
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        edit_menu.addSeparator()
        self._action(edit_menu, "&Find", QKeySequence.StandardKey.Find, self._focus_search)
        self._action(
            edit_menu,
            "&Archive / unarchive selected",
            QKeySequence("Ctrl+E"),
            self.toggle_archive_selected,
        )
        self._action(
            edit_menu, "Change &category of selected…", None, self.change_category_selected
        )
        delete = self._action(
            edit_menu, "&Delete selected", QKeySequence.StandardKey.Delete, self.delete_selected
        )
        delete.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.table.addAction(delete)
        view_menu = self.menuBar().addMenu("&View")
        theme_menu = view_menu.addMenu("&Theme")
        self.theme_actions = QActionGroup(self)
        for name, title in (
            ("system", "Follow the &system"),
            ("light", "&Light"),
            ("dark", "&Dark"),
        ):
            action = self._action(theme_menu, title, None, lambda n=name: self.set_theme(n))
            action.setCheckable(True)
            action.setChecked(self.settings.theme == name)
            action.setData(name)
            self.theme_actions.addAction(action)
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&Keyboard shortcuts", None, self.show_shortcuts)
        self._action(help_menu, "&About MemDesk", None, self.show_about)

    def _action(
        self,
        menu: object,
        text: str,
        shortcut: QKeySequence | QKeySequence.StandardKey | None,
        slot: Callable[[], object],
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)  # type: ignore[attr-defined]
        return action

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
        self.tasks.run(
            lambda: _open_any(path),
            on_done=lambda result: self._opened_any(path, result),
            on_error=lambda exc: self.show_error(_message(exc, f"Could not open {path}")),
        )

    def _opened_any(self, path: Path, result: object) -> None:
        if isinstance(result, _Ambiguous):
            self._layout_chosen(result.root, self._ask_layout(result.root, result.candidates))
        elif isinstance(result, DocumentSet):
            self._opened_agent(result)
        else:
            assert isinstance(result, tuple)
            self._opened(path, *result)

    def _ask_layout(self, root: Path, candidates: tuple[str, ...]) -> str | None:
        """The person chooses how to read a folder that fits several agents' layouts."""
        names = [agent_named(c).title for c in candidates]
        choice, ok = QInputDialog.getItem(
            self,
            "Which agent's memory is this?",
            f"{root} fits more than one layout. Read it as (remembered for this folder):",
            names,
            0,
            False,
        )
        return candidates[names.index(choice)] if ok and choice in names else None

    def _layout_chosen(self, root: Path, layout: str | None) -> None:
        if layout is None:
            self.statusBar().showMessage("Not opened: no layout chosen", 5000)
            return
        try:
            remember_agent(root, layout)
        except (OSError, JournalError) as exc:
            self.show_error(f"Could not remember the layout of {root}: {exc}")
            return
        self.open_workspace(root)

    def choose_layout(self) -> None:
        """Read the open folder as another layout it fits (PicoClaw vs structured, …)."""
        root = self._root()
        if root is None or not self._discard_ok():
            return
        candidates = detect(root).candidates
        self._layout_chosen(root, self._ask_layout(root, candidates))

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

    def _root(self) -> Path | None:
        if self.aws is not None:
            return self.aws.root
        return self.ws.root if self.ws is not None else None

    def _update_layout_action(self) -> None:
        root = self._root()
        self.layout_action.setEnabled(root is not None and len(detect(root).candidates) > 1)

    def _unwatch_all(self) -> None:
        watched = self.watcher.files() + self.watcher.directories()
        if watched:
            self.watcher.removePaths(watched)

    def _opened_agent(self, aws: DocumentSet) -> None:
        """Show a PicoClaw or Pomelobot/OpenClaw workspace: its sources in the desk's sidebar."""
        self._unwatch_all()
        self.ws, self.index, self.aws = None, None, aws
        self.undo_stack.clear()
        self.modes.setCurrentWidget(self.desk)
        self.desk.show_workspace(aws)
        self._watch_sources()
        self.settings = self.settings.with_recent(str(aws.root))
        self._save_settings()
        self._fill_recent()
        self.hide_banner()
        name = agent_named(getattr(aws, "agent", "")).title
        self.statusBar().showMessage(f"Opened {name} workspace {aws.root}", 5000)
        self._update_layout_action()
        self._update_title()
        self._update_status()

    def _watch_sources(self) -> None:
        """Watch every file the desk has read (edits live in those; others are read when shown)."""
        if self.aws is None:
            return
        wanted = {str(d.path) for d in self.aws.documents() if d.path.exists()}
        missing = wanted - set(self.watcher.files())
        if missing:
            self.watcher.addPaths(sorted(missing))
        folders = {str(f) for f in self.aws.folders()} - set(self.watcher.directories())
        if folders:  # new files (a daily note, a scope) show up when they are created
            self.watcher.addPaths(sorted(folders))

    def _desk_changed(self) -> None:
        self._watch_sources()
        self._update_title()
        self._update_status()

    def _opened(self, path: Path, ws: Workspace, index: SearchIndex) -> None:
        self._unwatch_all()
        self.aws = None
        self.modes.setCurrentWidget(self.structured)
        self.ws, self.index = ws, index
        self.score_bars.profile = ws.profile
        self.undo_stack.clear()
        self.watcher.addPath(str(ws.path))
        self.settings = self.settings.with_recent(str(ws.root))
        self._save_settings()
        self._fill_recent()
        self.hide_banner()
        self.statusBar().showMessage(f"Opened {ws.path}", 5000)
        self._update_layout_action()
        self.sidebar.setCurrentRow(0)
        self._view_selected(0)
        self._update_title()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for folder in self.settings.recent_workspaces:
            self._action(
                self.recent_menu, folder, None, lambda f=folder: self.open_workspace(Path(f))
            )
        self.recent_menu.setEnabled(bool(self.settings.recent_workspaces))

    # -- views and search --------------------------------------------------------------------------
    def _view_selected(self, row: int) -> None:
        if not 0 <= row < len(VIEWS):
            return
        self.view = VIEWS[row]
        if self.view.keys is None:
            self._show_page()
        else:
            self.pages.setCurrentWidget(self.table)
            self.run_search()

    def _show_page(self) -> None:
        """A view that is not a memory list: Problems, What the agent sees."""
        if self.view.name == "problems":
            self.pages.setCurrentWidget(self.problems)
            self.problems.show_problems(self.ws)
        else:
            self.pages.setCurrentWidget(self.agent_view)
            self.agent_view.show_workspace(self.ws)

    def run_search(self) -> None:
        """Show the current view's memories matching the search box, in core's order."""
        keys = self._view_keys()
        if keys is None:
            return
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        current = self._current_key()
        self.model.set_keys(keys)
        self._select_key(current or (keys[0] if keys else None))
        self._update_status()

    def _view_keys(self) -> list[str] | None:
        """The keys the table should show; None when the view or the query says nothing new."""
        self._debounce.stop()
        if self.ws is None or self.view.keys is None:
            return None
        in_view = self.view.keys(self.ws)
        text = self.search.text().strip()
        if not text:
            self.search_error.hide()
            return in_view
        if self.index is None:  # rebuilt on demand after edits
            self.index = SearchIndex(self.ws.entries())
        try:
            found = self.index.search(text, date.today())
        except QueryError as exc:
            self.search_error.setText(str(exc))
            self.search_error.show()
            return None
        self.search_error.hide()
        allowed = set(in_view)
        return [k for k in found if k in allowed]

    def _focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    # -- selection and detail ----------------------------------------------------------------------
    def _lookup(self, key: str) -> Entry | None:
        return self.ws.find(key) if self.ws is not None else None

    def _current_key(self) -> str | None:
        return self.model.key_at(self.table.currentIndex().row())

    def _selected_keys(self) -> list[str]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        keys = [self.model.key_at(r) for r in rows]
        return [k for k in keys if k is not None] or [k for k in [self._current_key()] if k]

    def _select_key(self, key: str | None) -> None:
        row = self.model.row_of(key) if key is not None else -1
        if row < 0:
            self.detail.show_memory(self.ws, None)
            return
        index = self.model.index(row, 0)
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        self.table.selectionModel().setCurrentIndex(index, flags)
        self.table.scrollTo(index)
        self._show_current()

    def _show_current(self) -> None:
        self.detail.show_memory(self.ws, self._current_key())

    # -- editing -----------------------------------------------------------------------------------
    def apply_changes(self, changes: list[Change[Entry]], label: str) -> None:
        """Apply changes as one undoable step."""
        if self.ws is None or not changes:
            return
        if self.tasks.busy:
            self.show_error("Saving: try again in a moment.")
            return
        try:
            changeset = ChangeSet(self.ws.document, label, changes)
            command = OpCommand(changeset, lambda c: self._changed(c.keys))
        except WorkspaceError as exc:
            self.show_error(str(exc))
            return
        self.undo_stack.push(command)

    def _changed(self, keys: list[str]) -> None:
        """After an edit, undo or redo: the same rows get one dataChanged, else a new list."""
        if self.ws is None:
            return
        self._update_index(keys)
        current = self._current_key()
        wanted = self._view_keys()
        if wanted is not None and set(wanted) != set(self.model.keys()):  # else keep the order
            self.model.set_keys(wanted)
            self._select_key(
                current if current in wanted else next((k for k in keys if k in wanted), None)
            )
        else:
            self.model.refresh()
            self._show_current()
        if self.view.keys is None:
            self._show_page()
        self._update_title()
        self._update_status()

    def _update_index(self, keys: list[str]) -> None:
        """Patch the search index for edited memories; rebuild it (when next needed) otherwise."""
        if self.index is None or self.ws is None:
            return
        entries = [self.ws.find(k) for k in keys]
        try:
            self.index.update([e for e in entries if e is not None])
        except KeyError:  # a memory the index has not seen (created, or back from undo)
            self.index = None
        if any(e is None for e in entries):  # deleted: drop it from the index too
            self.index = None

    def _with_selection(
        self, build: Callable[[Workspace, list[str]], list[Change[Entry]]], label: str
    ) -> None:
        keys = self._selected_keys()
        if self.ws is None or not keys:
            return
        try:
            changes = build(self.ws, keys)
        except WorkspaceError as exc:
            self.show_error(str(exc))
            return
        self.apply_changes(
            changes, f"{label} ({len(keys)})" if len(keys) > 1 else f"{label} {keys[0]}"
        )

    def delete_selected(self) -> None:
        self._with_selection(operations.delete, "Delete")

    def toggle_archive_selected(self) -> None:
        target = "active" if self.view.name == "archived" else "archived"
        label = "Unarchive" if target == "active" else "Archive"
        self._with_selection(lambda ws, keys: operations.move(ws, keys, target), label)

    def change_category_selected(self) -> None:
        if not self._selected_keys():
            return
        name, ok = QInputDialog.getText(
            self, "Change category", "New category for the selected memories:"
        )
        if ok and name.strip():
            self._with_selection(
                lambda ws, keys: operations.set_category(ws, keys, name), "Change category of"
            )

    # -- saving ------------------------------------------------------------------------------------
    def save(
        self,
        then: Callable[[], None] | None = None,
        *,
        resolutions: dict[str, Resolution] | None = None,
    ) -> None:
        """Write the edits off the UI thread (lock, compare, merge, backup, atomic replace)."""
        if self.aws is not None:
            self._save_agent(then)
            return
        ws = self.ws
        if ws is None:
            return
        if self.tasks.busy:  # a save (or reload) is running: save again when it ends
            self._save_queued = then or (lambda: None)
            return
        if not ws.modified:
            self.statusBar().showMessage("Nothing to save", 3000)
            if then is not None:
                then()
            return
        self.statusBar().showMessage(f"Saving {ws.path}…")
        self.tasks.run(
            lambda: ws.save(actor="person", cause="edited in MemDesk", resolutions=resolutions),
            on_done=lambda result: self._saved(result, then),
            on_error=self._save_failed,
        )

    def _saved(self, result: SaveResult, then: Callable[[], None] | None) -> None:
        self.undo_stack.setClean()
        if result.merged:
            self._drop_stale_undo()
            self.show_banner(
                "Saved, merged with changes another program made to the file meanwhile."
            )
        backup = f" (backup {result.backup.name})" if result.backup else ""
        self.statusBar().showMessage(f"Saved {result.path}{backup}", 6000)
        self._changed([c.key for c in result.changes])
        if then is not None:
            then()
        self._run_queued_save()

    def _save_agent(
        self,
        then: Callable[[], None] | None = None,
        resolutions: dict[str, dict[str, Resolution]] | None = None,
    ) -> None:
        """Save every edited file of a PicoClaw or Pomelobot workspace, each on its own."""
        aws = self.aws
        if aws is None or self.tasks.busy:
            return
        self.desk.apply_pending()
        if not aws.modified:
            self.statusBar().showMessage("Nothing to save", 3000)
            if then is not None:
                then()
            return
        self.statusBar().showMessage(f"Saving {aws.root}…")
        self.tasks.run(
            lambda: aws.save_all(resolutions),
            on_done=lambda saved: self._saved_agent(saved, then),
            on_error=self._save_agent_failed,
        )

    def _saved_agent(self, saved: list[Saved[object]], then: Callable[[], None] | None) -> None:
        self.undo_stack.setClean()
        if any(s.merged for s in saved):
            # Older undo steps do not know the other program's change: undoing one would drop it.
            self.undo_stack.clear()
            self.show_banner(
                "Saved, merged with changes another program made meanwhile "
                "(earlier steps can no longer be undone)."
            )
        names = ", ".join(s.path.name for s in saved)
        backups = sum(1 for s in saved if s.backup is not None)
        self.statusBar().showMessage(f"Saved {names} ({backups} backed up first)", 6000)
        self.desk.refresh()
        self._desk_changed()
        if then is not None:
            then()

    def _save_agent_failed(self, exc: BaseException) -> None:
        self.desk.refresh()
        self._desk_changed()
        if not isinstance(exc, ConflictError) or self.aws is None:
            self.show_error(_message(exc, "Could not save"))
            return
        rel = Path(str(exc.path)).relative_to(self.aws.root).as_posix()
        self._ask_conflicts(exc, rel)

    def _ask_conflicts(self, exc: ConflictError, rel: str = "") -> None:
        """The entries changed on both sides, one choice each; saving again applies them."""
        self._save_queued = None
        self.show_banner(
            "Not saved: entries were changed both here and by another program. "
            "Choose what to keep for each."
        )
        dialog = ConflictDialog(exc.conflicts, self, file=rel)
        if self.aws is not None:
            dialog.accepted.connect(
                lambda: self._save_agent(resolutions={rel: dialog.resolutions()})
            )
        else:
            dialog.accepted.connect(lambda: self.save(resolutions=dialog.resolutions()))
        dialog.finished.connect(dialog.deleteLater)
        self.conflict_dialog = dialog
        dialog.open()

    def _run_queued_save(self) -> None:
        queued, self._save_queued = self._save_queued, None
        if queued is not None:
            self.save(queued)

    def _save_failed(self, exc: BaseException) -> None:
        if isinstance(exc, ConflictError):
            self._ask_conflicts(exc)
            return
        self._save_queued = None
        self.show_error(_message(exc, "Could not save"))

    def fix_problem(self, line: int, text: str) -> None:
        """Write the person's text in place of kept-aside text (saved at once, backup first)."""
        ws = self.ws
        if ws is None or self.tasks.busy:
            return

        def done(result: SaveResult) -> None:
            self.undo_stack.clear()  # the file was read anew: older snapshots no longer apply
            self.index = None
            backup = f" (backup {result.backup.name})" if result.backup else ""
            self.statusBar().showMessage(f"Fixed line {line}{backup}", 6000)
            self.problems.show_problems(ws)
            self._update_title()
            self._update_status()

        self.tasks.run(
            lambda: ws.fix_quarantine(line, text),
            on_done=done,
            on_error=lambda exc: self.show_error(_message(exc, "Could not fix")),
        )

    # -- another writer ----------------------------------------------------------------------------
    def _file_changed(self, path: str) -> None:
        # An atomic rename replaces the file: the watch goes with the old one; watch the new one.
        open_ = self.ws is not None or self.aws is not None
        if open_ and path not in self.watcher.files() and Path(path).exists():
            self.watcher.addPath(path)
        self._external.start()

    def _check_external_change(self) -> None:
        if self.aws is not None:
            self._check_agent_change()
            return
        ws = self.ws
        if ws is None or self.tasks.busy:
            return
        try:
            disk = ws.path.read_bytes()
        except OSError as exc:
            self.show_banner(f"{ws.path} cannot be read any more: {exc.strerror or exc}")
            return
        if disk == ws.base_data:
            return  # our own save
        if ws.modified:
            self.show_banner(
                "The file was changed by another program. Your edits will be merged with it "
                "when you save; memories changed on both sides will be shown to you."
            )
            return
        self.reload(force=True, note="Reloaded: the file was changed by another program.")

    def _check_agent_change(self) -> None:
        """Files another program changed: read anew when unedited, else merged at save."""
        aws = self.aws
        if aws is None or self.tasks.busy:
            return
        changed = aws.changed_on_disk()
        if not changed:  # a folder changed: files came or went
            self.desk.refresh()
            self._watch_sources()
            return
        edited = [s for s in changed if s.modified]
        for source in changed:
            if not source.modified:
                source.reload()
        if len(edited) < len(changed):
            # Undo steps of a file read anew would put back its old text over the new.
            self.undo_stack.clear()
        self.desk.refresh()
        names = ", ".join(s.path.name for s in changed)
        if edited:
            self.show_banner(
                f"{names} changed on disk. Your edits will be merged with it when you save; "
                "memories changed on both sides will be shown to you."
            )
        else:
            self.show_banner(f"Reloaded {names}: changed by another program.")
        self._watch_sources()

    def reload(self, *, force: bool = False, note: str = "") -> None:
        if self.aws is not None:
            if force or self._discard_ok():
                self.aws.reload()
                self.undo_stack.clear()
                self.desk.refresh()
                self._desk_changed()
            return
        ws = self.ws
        if ws is None or self.tasks.busy or (not force and not self._discard_ok()):
            return
        current = self._current_key()
        scroll = self.table.verticalScrollBar().value()

        def done(_result: object) -> None:
            self.undo_stack.clear()
            self.index = None
            self.run_search()
            self._select_key(current)
            self.table.verticalScrollBar().setValue(scroll)
            self._update_title()
            if note:
                self.show_banner(note)

        self.tasks.run(
            ws.reload,
            on_done=done,
            on_error=lambda exc: self.show_error(_message(exc, "Could not reload")),
        )

    def _drop_stale_undo(self) -> None:
        command = self.undo_stack.command(0)
        if isinstance(command, OpCommand) and not command.still_valid():
            self.undo_stack.clear()

    # -- messages, title, status -------------------------------------------------------------------
    def show_error(self, message: str) -> None:
        """An expected failure: shown in the window, not as a traceback."""
        log.warning("%s", message)
        self.show_banner(message, error=True)
        self.statusBar().showMessage(message.splitlines()[0], 8000)

    def show_banner(self, message: str, *, error: bool = False) -> None:
        self.banner.setProperty("error", error)
        self.banner.setText(message)
        self.banner.setStyleSheet(
            "padding:6px; border-radius:4px; background:%s;" % ("#f8d7da" if error else "#fff3cd")
            + "color:#222;"
        )
        self.banner.show()

    def hide_banner(self) -> None:
        self.banner.hide()

    def _undo_moved(self, _index: int) -> None:
        if self.aws is not None:
            self.desk.update_titles()
        self._update_title()

    def modified(self) -> bool:
        if self.aws is not None:
            return self.aws.modified
        return self.ws is not None and self.ws.modified

    def _update_title(self) -> None:
        where = f" — {self.ws.path}" if self.ws is not None else ""
        if self.aws is not None:
            where = f" — {self.aws.root}"
        self.setWindowTitle(f"MemDesk{where}[*]")
        self.setWindowModified(self.modified())

    def _update_status(self) -> None:
        if self.aws is not None:
            edited = len(self.aws.modified_documents())
            state = f"{edited} files with unsaved edits" if edited else "saved"
            self.status.setText(f"{agent_named(getattr(self.aws, 'agent', '')).title} · {state}")
            return
        ws = self.ws
        if ws is None:
            self.status.setText("No workspace")
            return
        entries = ws.entries()
        active = sum(1 for e in entries if e.section == "active")
        problems = len(ws.doc.problems)
        counts = {"active": active, "archived": len(entries) - active, "problems": problems}
        for row, view in enumerate(VIEWS):
            if view.name in counts:
                self.sidebar.item(row).setText(f"{view.title} ({counts[view.name]})")
        state = "modified" if ws.modified else "saved"
        self.status.setText(
            f"{ws.profile.name} · {len(entries)} memories · showing {self.model.rowCount()} · {state}"
        )

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
        self.settings = self.settings.model_copy(
            update={"window_geometry": bytes(self.saveGeometry().toBase64()).decode()}
        )
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


def _open_and_index(path: Path) -> tuple[Workspace, SearchIndex]:
    ws = Workspace.open(path)
    return ws, SearchIndex(ws.entries())


@dataclass(frozen=True)
class _Ambiguous:
    """A folder that fits several layouts and has no remembered choice: the person chooses."""

    root: Path
    candidates: tuple[str, ...]


def _open_any(path: Path) -> tuple[Workspace, SearchIndex] | DocumentSet | _Ambiguous:
    """A workspace, read off the UI thread with what its first page shows. A folder holding a
    workspace (PicoClaw's home) opens that one."""
    path = workspace_root(path)
    if path.is_dir():
        found: Detection = detect(path)
        if found.ambiguous:
            return _Ambiguous(path.absolute(), found.candidates)
        agent = found.agent
        if agent is not None and not agent.scored:
            ws = agent.open(path)
            assert isinstance(ws, DocumentSet)
            ws.warm_up()
            return ws
    return _open_and_index(path)


def _message(exc: BaseException, context: str) -> str:
    if isinstance(exc, (WorkspaceError, InputError)):
        return str(exc)
    if isinstance(exc, OSError):
        return f"{context}: {exc.strerror or exc}"
    raise exc  # unexpected: the crash handler takes it
