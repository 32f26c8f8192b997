"""EverBot's pages on the shared sidebar desk: Active and Archived memories (a table with a
search box above it and a detail pane beside it), Problems, What the agent sees and the Scoring
profile, then every desk's Review queue, Backups and Activity. Searching words in Active also lists, after the memories,
those only backups hold (found off the UI thread); double-clicking one shows it on Backups.

Every edit is a core change set (`core.agents.everbot.ops`) on the window's undo stack; the
search runs in core (`core.agents.everbot.search`) and the table model only holds keys.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QInputDialog,
    QLineEdit,
    QTableView,
    QWidget,
)

from core.agents.everbot import ops as operations
from core.agents.everbot.decay import decay_and_queue
from core.agents.everbot.document import Entry, Section
from core.agents.everbot.history import chart_of
from core.agents.everbot.policy import EVERBOT
from core.agents.everbot.workspace import Workspace
from core.ops import ChangeSet
from core.store.document import Saved
from core.store.documents import Refreshed
from core.store.errors import WorkspaceError
from core.store.journal import Proposal
from ui.actions import make_action
from ui.agents.everbot.decay_dialog import DecayDialog
from ui.agents.everbot.detail_pane import DetailPane
from ui.agents.everbot.memory_table import MemoryTableModel, ScoreBarDelegate
from ui.agents.everbot.problems_view import ProblemsView
from ui.agents.everbot.profile_view import ProfileView
from ui.agents.everbot.prompt_view import PromptView
from ui.agents.everbot.score_chart_view import ScoreChartView
from ui.backups_view import BackupSearch
from ui.desk import Push
from ui.i18n import core_error
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner
from ui.undo import OpCommand
from ui.untrusted import plain_label

BACKUP_SEARCH_PAUSE_MS = 300  # the pause in typing after which the backups are searched
DETAIL_WIDTH = 410  # the detail pane's width at first, in pixels
REVIEW_CHART_MIN_HEIGHT = 160  # under the review card: the window still fits 1366x768

if TYPE_CHECKING:
    from core.agents.everbot.search import Query, SearchIndex
    from core.store.backups_view import BackupHit


MEMORY_LISTS = ("active", "archived")  # the pages that are a table of a section's memories


class EverBotDesk(SidebarDesk[Workspace]):
    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(push, tasks, settings, parent)
        self.ws: Workspace | None = None
        self.index: SearchIndex | None = None  # built after the table shows
        self.indexer = TaskRunner(self)  # reads only: never keeps a save waiting
        self._take_index_now: Callable[[], None] = lambda: None
        self.backup_finder = TaskRunner(self)  # memories only backups hold, off the UI thread
        self._backup_search: BackupSearch | None = None  # the backups, read once until a write
        self._backup_asked = 0  # the newest backup search: older results are dropped
        self._counted: tuple[tuple[int, int], dict[str, int]] | None = None  # of a file version
        delay = self.settings.search_debounce_ms
        self._debounce = QTimer(self, singleShot=True, interval=delay)
        self._debounce.timeout.connect(self.run_search)
        # The backups are searched once the person pauses: never while they type (their first
        # read takes the better part of a second with 100,000 memories).
        self._backup_pause = QTimer(self, singleShot=True, interval=BACKUP_SEARCH_PAUSE_MS)
        self._backup_pause.timeout.connect(self._search_backups_now)
        self._build()
        self._build_actions()

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.search = QLineEdit()
        self.search.setObjectName("search")
        self.search.setPlaceholderText(
            self.tr('Search: words, "phrase", -word, cat:fact, score<0.3, hits>=5, activated:<30d')
        )
        self.search.setMaxLength(500)
        self.search.setClearButtonEnabled(True)
        self.search.textEdited.connect(lambda _text: self._debounce.start())
        self.search.returnPressed.connect(self.run_search)
        self.search_error = plain_label(name="searchError")
        self.search_error.hide()
        self.model = MemoryTableModel(self._lookup, self)
        self.table = self._build_table()
        self.problems = ProblemsView()
        self.problems.fix_requested.connect(self.fix_problem)
        self.prompt = PromptView()
        self.profile = ProfileView()
        self.review_chart = ScoreChartView(min_height=REVIEW_CHART_MIN_HEIGHT)
        self.review_view.add_detail_tab(
            self.tr("Score history"), self.review_chart, self._chart_proposal
        )
        for page in (self.table, self.problems, self.prompt, self.profile):
            self.add_page_widget(page)
        self.written.connect(self._reindex)
        self.page_changed.connect(self._fit_to_page)
        self.add_above_pages(self.search)
        self.add_above_pages(self.search_error)
        self.detail = DetailPane()
        self.detail.changes_requested.connect(self.apply_changes)
        self.detail.failed.connect(self.failed)
        self.detail.notice.connect(self.notice)
        self.add_side_pane(self.detail, DETAIL_WIDTH)

    def _build_table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("memoryTable")
        table.setModel(self.model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # No sort column at first: rows come in core's order (file order, or search relevance).
        table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        table.setSortingEnabled(True)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(24)
        header = table.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in enumerate((80, 100, 130, 110, 50)):
            table.setColumnWidth(column, width)
        table.selectionModel().currentRowChanged.connect(lambda *_: self._show_current())
        table.activated.connect(self._open_backup_hit)
        self.score_bars = ScoreBarDelegate(EVERBOT, table)
        table.setItemDelegateForColumn(2, self.score_bars)
        return table

    def _build_actions(self) -> None:
        self._actions = [
            make_action(
                self, self.tr("&Find"), QKeySequence.StandardKey.Find, self.focus_search, "search"
            ),
            make_action(
                self,
                self.tr("&Archive / unarchive selected"),
                QKeySequence("Ctrl+E"),
                self.toggle_archive_selected,
                "archive",
            ),
            make_action(
                self,
                self.tr("Change &category of selected…"),
                None,
                self.change_category_selected,
                "category",
            ),
            make_action(
                self,
                self.tr("Run &decay…"),
                QKeySequence("Ctrl+Shift+D"),
                self.run_decay,
                "decay",
            ),
        ]
        delete = make_action(
            self,
            self.tr("&Delete selected"),
            QKeySequence.StandardKey.Delete,
            self.delete_selected,
            "delete",
        )
        delete.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.table.addAction(delete)
        self._actions.append(delete)

    def actions(self) -> list[QAction]:
        return list(self._actions)

    # -- pages -------------------------------------------------------------------------------------
    def pages_of(self, ws: Workspace) -> list[Page]:
        return [
            Page("active", self._count_title("active", self.tr("Active")), self._show_memories),
            Page(
                "archived", self._count_title("archived", self.tr("Archived")), self._show_memories
            ),
            Page(
                "problems", self._count_title("problems", self.tr("Problems")), self._show_problems
            ),
            Page("agent", lambda: self.tr("What the agent sees"), self._show_prompt),
            Page("profile", lambda: self.tr("Scoring profile"), self._show_profile),
        ]

    def show_workspace(self, ws: Workspace) -> None:
        self.ws = ws
        self.index = None
        self._backup_search = None
        self.score_bars.profile = ws.profile
        super().show_workspace(ws)
        self.detail.held = self.profile.held = self.session.journal
        self._index_in_background(ws)
        self._load_trend(ws)

    def _load_trend(self, ws: Workspace) -> None:
        """The scores of the newest backup, off the UI thread: the table's trend arrows."""
        from core.agents.everbot.trend import Previous, previous_scores

        def shown(previous: Previous) -> None:
            if self.ws is ws:
                self.model.set_previous(previous)

        self.indexer.run(
            lambda: previous_scores(ws.root, ws.path), on_done=shown, on_error=lambda _e: None
        )

    def _index_in_background(self, ws: Workspace) -> None:
        """Build the search index off the UI thread once the table shows; an edit meanwhile
        makes it stale: it is dropped."""
        entries, revision = ws.entries(), ws.revision
        made: list[SearchIndex] = []  # the worker's index, for a query that cannot wait

        def build() -> SearchIndex:
            # numpy, rapidfuzz: after the table shows
            from core.agents.everbot.search import SearchIndex

            made.append(SearchIndex(entries))
            return made[0]

        def fresh(index: SearchIndex) -> None:
            if self.ws is ws and ws.revision == revision and self.index is None:
                self.index = index

        def take_now() -> None:
            """A query typed while the index is built: wait for it rather than build another
            (two indexes of 100,000 memories at once cost 50 MB)."""
            self.indexer.wait()
            if made:
                fresh(made[0])

        self._take_index_now = take_now
        self.indexer.run(build, on_done=fresh, on_error=lambda _exc: None)

    def _on_memory_list(self) -> bool:
        return self.current_page() in MEMORY_LISTS

    def _fit_to_page(self) -> None:
        """The search box and the detail pane belong to the memory lists."""
        memory_list = self._on_memory_list()
        self.detail.setVisible(memory_list)
        self.search.setVisible(memory_list)
        if not memory_list:
            self.search_error.hide()

    def _show_memories(self) -> None:
        self.stack.setCurrentWidget(self.table)
        self.run_search()

    def _show_problems(self) -> None:
        self.stack.setCurrentWidget(self.problems)
        self.problems.show_problems(self.ws)

    def _show_prompt(self) -> None:
        self.stack.setCurrentWidget(self.prompt)
        self.prompt.show_workspace(self.ws)

    def _show_profile(self) -> None:
        self.stack.setCurrentWidget(self.profile)
        if self.ws is not None:
            self.profile.show_workspace(self.ws)

    def _show_page_again(self) -> None:
        """A page that is not a memory list, shown anew (the file changed under it)."""
        row = self.sidebar.currentRow()
        if 0 <= row < len(self.pages) and not self._on_memory_list():
            self.pages[row].show()

    def run_search(self) -> None:
        """Show the current view's memories matching the search box, in core's order."""
        keys = self._view_keys()
        if keys is None:
            return
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        current = self.current_key()
        self.model.set_keys(keys)
        self.select_key(current or (keys[0] if keys else None))
        self._find_in_backups()
        self.changed.emit()

    def _view_keys(self) -> list[str] | None:
        """The keys the table should show; None when the view or the query says nothing new."""
        self._debounce.stop()
        section = self.current_page()
        if self.ws is None or section not in MEMORY_LISTS:
            return None
        in_view = [e.key for e in self.ws.doc.iter_entries() if e.section == section]
        text = self.search.text().strip()
        if not text:
            self.search_error.hide()
            return in_view
        from core.agents.everbot.search import QueryError, SearchIndex

        if self.index is None and self.indexer.busy:
            self._take_index_now()
        if self.index is None:  # rebuilt on demand after edits
            self.index = SearchIndex(self.ws.entries())
        try:
            found = self.index.search(text, date.today())
        except QueryError as exc:
            self.search_error.setText(core_error(exc))
            self.search_error.show()
            return None
        self.search_error.hide()
        allowed = set(in_view)
        return [k for k in found if k in allowed]

    def _find_in_backups(self) -> None:
        """List after the memories those only backups hold with the words searched, found off
        the UI thread once the person pauses; a result for an older query is dropped."""
        self._backup_asked += 1
        self.model.set_backup_hits([])
        self._backup_pause.start()

    def _search_backups_now(self) -> None:
        asked, ws, query = self._backup_asked, self.ws, self._backup_query()
        words = " ".join((*query.words, *query.phrases)) if query is not None else ""
        if ws is None or query is None or not words:
            return
        if self._backup_search is None:
            self._backup_search = BackupSearch(ws)
        search = self._backup_search

        def found(hits: list[BackupHit]) -> None:
            if asked != self._backup_asked or self.ws is not ws:
                return
            excluded = query.excluded
            self.model.set_backup_hits(
                [
                    h
                    for h in hits
                    if ws.find(h.key) is None  # live again (an undo not saved yet)
                    and not any(word in h.content.casefold() for word in excluded)
                ]
            )
            self.changed.emit()

        def failed(exc: BaseException) -> None:
            if asked == self._backup_asked:
                self.failed.emit(self.tr("Cannot search the backups: {error}").format(error=exc))

        self.backup_finder.run(lambda: search.search(words), on_done=found, on_error=failed)

    def _backup_query(self) -> Query | None:
        """The search box's query when backups are searched too: in Active, with words."""
        if self.current_page() != "active":
            return None
        from core.agents.everbot.search import QueryError, parse_query

        try:
            return parse_query(self.search.text())
        except QueryError:
            return None

    def _open_backup_hit(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """A memory only a backup holds, opened: the Backups page shows it in that backup,
        ticked for restoring."""
        hit = self.model.hit_at(index.row())
        if hit is None:
            return
        self.select_page("backups")
        self.backups_view.show_backup_hit(hit)

    def focus_search(self) -> None:
        if not self._on_memory_list():  # a page without the search box: search Active
            self.select_page("active")
        self.search.setFocus()
        self.search.selectAll()

    def refresh(self) -> None:
        self._backup_search = None
        self._changed([])

    def _reindex(self, _message: str = "") -> None:
        """A page wrote the file at once (a restore, an undo): any memory may have changed."""
        self.index = None
        self._backup_search = None
        if self.ws is not None:
            self._index_in_background(self.ws)
            self._load_trend(self.ws)
            self._find_in_backups()

    def refreshed(self, what: Refreshed) -> None:
        """The file was read anew: search again, keeping the selection and the scroll."""
        if not what.reloaded:
            return
        current = self.current_key()
        scroll = self.table.verticalScrollBar().value()
        self.index = None
        self._backup_search = None
        self.run_search()
        self.select_key(current)
        self.table.verticalScrollBar().setValue(scroll)
        self._show_page_again()

    def saved(self, results: list[Saved[Any]]) -> None:
        self._backup_search = None  # the save backed the file up
        self._changed([c.key for r in results for c in r.changes])
        if self.ws is not None:
            self._load_trend(self.ws)

    # -- selection and detail ----------------------------------------------------------------------
    def _lookup(self, key: str) -> Entry | None:
        return self.ws.find(key) if self.ws is not None else None

    def current_key(self) -> str | None:
        return self.model.key_at(self.table.currentIndex().row())

    def current_memory(self) -> str | None:
        key = self.current_key()
        entry = self.ws.find(key) if key is not None and self.ws is not None else None
        return None if entry is None else entry.content

    def selected_keys(self) -> list[str]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        keys = [self.model.key_at(r) for r in rows]
        return [k for k in keys if k is not None] or [k for k in [self.current_key()] if k]

    def select_key(self, key: str | None) -> None:
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
        self.detail.show_memory(self.ws, self.current_key())

    def apply_pending(self) -> None:
        super().apply_pending()
        self.detail.apply_pending()

    # -- editing -----------------------------------------------------------------------------------
    def apply_changes(self, changeset: ChangeSet) -> None:
        """Apply a change set as one undoable step."""
        if self.ws is None or not changeset.changes:
            return
        if self.busy():
            self.failed.emit(self.tr("Saving: try again in a moment."))
            return
        try:
            command = OpCommand(changeset, lambda c: self._changed(c.keys))
        except WorkspaceError as exc:
            self.failed.emit(str(exc))
            return
        self.push(command)

    def _changed(self, keys: list[str]) -> None:
        """After an edit, undo or redo: the same rows get one dataChanged, else a new list."""
        if self.ws is None:
            return
        self.score_bars.profile = self.ws.profile  # a page may have saved a new profile
        self.detail.changed(keys)
        self._update_index(keys)
        current = self.current_key()
        wanted = self._view_keys()
        if wanted is not None and set(wanted) != set(self.model.keys()):  # else keep the order
            self.model.set_keys(wanted)
            self.select_key(
                current if current in wanted else next((k for k in keys if k in wanted), None)
            )
        else:
            self.model.refresh()
            self._show_current()
        self._find_in_backups()
        self._show_page_again()
        self._update_counts()
        self.changed.emit()

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
        self, build: Callable[[Workspace, list[str], str], ChangeSet], action: str
    ) -> None:
        self.apply_pending()  # the memory being typed in may be one of them
        keys = self.selected_keys()
        if self.ws is None or not keys:
            return
        if len(keys) > 1:
            label = self.tr("{action} ({count})").format(action=action, count=len(keys))
        else:
            label = self.tr("{action} {key}").format(action=action, key=keys[0])
        try:
            changeset = build(self.ws, keys, label)
        except WorkspaceError as exc:
            self.failed.emit(str(exc))
            return
        self.apply_changes(changeset)

    def delete_selected(self) -> None:
        self._with_selection(operations.delete, self.tr("Delete"))

    def toggle_archive_selected(self) -> None:
        target: Section = "active" if self.current_page() == "archived" else "archived"
        action = self.tr("Unarchive") if target == "active" else self.tr("Archive")
        self._with_selection(
            lambda ws, keys, label: operations.move(ws, keys, target, label), action
        )

    def change_category_selected(self) -> None:
        if not self.selected_keys():
            return
        name, ok = QInputDialog.getText(
            self, self.tr("Change category"), self.tr("New category for the selected memories:")
        )
        if ok and name.strip():
            self._with_selection(
                lambda ws, keys, label: operations.set_category(ws, keys, name, label),
                self.tr("Change category of"),
            )

    def fix_problem(self, line: int, text: str) -> None:
        """Write the person's text in place of kept-aside text (saved at once, backup first)."""
        ws = self.ws
        if ws is None:
            return

        def fixed(result: Saved[Entry]) -> str:
            if result.backup is None:
                return self.tr("Fixed line {line}").format(line=line)
            return self.tr("Fixed line {line} (backup {backup})").format(
                line=line, backup=result.backup.name
            )

        self.write_now(lambda: ws.fix_quarantine(line, text), fixed)

    # -- status ------------------------------------------------------------------------------------
    def _chart_proposal(self, proposal: Proposal) -> None:
        """The score chart of the memory a proposal is about (none once it is gone)."""
        ws = self.ws
        if ws is None or proposal.file != ws.file or ws.find(proposal.memory_id) is None:
            self.review_chart.show_chart(None)
            return
        try:
            with self.session.journal.lent():
                self.review_chart.show_chart(chart_of(ws, proposal.memory_id, date.today()))
        except (WorkspaceError, OSError) as exc:
            self.review_chart.show_chart(None)
            self.review_chart.summary.setText(
                self.tr("No score history: {error}").format(error=core_error(exc))
            )

    def run_decay(self) -> bool:
        """Preview a decay run; on Apply write the scores and queue its archive/delete proposals."""
        ws = self.ws
        if ws is None:
            return False
        dialog = self.decay_dialog = DecayDialog(ws, self)
        if not self.ask(dialog) or dialog.preview is None:
            return False
        preview = dialog.preview
        agent = ws.agent
        work: Callable[[], object] = lambda: decay_and_queue(agent, ws, preview)  # noqa: E731
        moves = len(preview.transitions)
        self.write_now(
            work,
            self.tr(
                "Decay to {day}: {changed} scores changed, "
                "{moves} archive/delete proposals in the Review queue"
            ).format(day=preview.at.isoformat(), changed=preview.changed_count, moves=moves),
        )
        return True

    def ask(self, dialog: QDialog) -> bool:
        """Show a dialog and say whether the person accepted it (tests replace this)."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def reveal(self, file: str, key: str) -> None:
        """The memory in the Active or Archived table, selected for editing."""
        entry = self.ws.find(key) if self.ws is not None and file == self.ws.file else None
        if entry is None:
            super().reveal(file, key)
            return
        self.search.clear()
        self.select_page(entry.section)
        self.select_key(key)
        self.detail.setFocus()

    def _count_title(self, name: str, title: str) -> Callable[[], str]:
        return lambda: self.tr("{title} ({count})").format(title=title, count=self._counts()[name])

    def _counts(self) -> dict[str, int]:
        """How many memories each section holds and how many problems, counted once per
        version of the file (100,000 memories take a while to count)."""
        ws = self.ws
        assert ws is not None
        version = (id(ws), ws.revision)
        if self._counted is None or self._counted[0] != version:
            entries = ws.entries()
            active = sum(1 for e in entries if e.section == "active")
            counts = {
                "active": active,
                "archived": len(entries) - active,
                "problems": len(ws.doc.problems),
            }
            self._counted = (version, counts)
        return self._counted[1]

    def _update_counts(self) -> None:
        """The sidebar's counts, when the file changed since they were counted."""
        ws = self.ws
        if ws is not None and (self._counted is None or self._counted[0] != (id(ws), ws.revision)):
            self.update_titles()

    def status_text(self) -> str:
        ws = self.ws
        if ws is None:
            return self.tr("No workspace")
        self._update_counts()
        state = self.tr("modified") if ws.modified else self.tr("saved")
        shown = ""
        if self._on_memory_list():  # another page shows no table of memories to count
            only = len(self.model.hits())
            backups = self.tr(" (+{count} only in backups)").format(count=only) if only else ""
            shown = self.tr(" · showing {count}{backups}").format(
                count=len(self.model.keys()), backups=backups
            )
        count = len(ws.entries())
        if count == 1:
            line = self.tr("{profile} · 1 memory{shown} · {state}")
        else:
            line = self.tr("{profile} · {count} memories{shown} · {state}")
        return line.format(profile=ws.profile.name, count=count, shown=shown, state=state)


DESK = EverBotDesk
