"""A desk made of pages listed in a sidebar (every agent's): each page a view of some of the
workspace's files, and every desk ends with the review queue, Backups and Activity. Subclasses say
which pages there are; a desk may add a bar above the pages (EverBot's search) and a pane beside
them (EverBot's detail pane)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QSignalBlocker
from PySide6.QtWidgets import (
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.accessible import make_accessible
from ui.activity_view import ActivityView
from ui.backups_view import BackupsView
from ui.context_view import ContextView, Scopes
from ui.desk import DESK_MARGINS, Desk, Push, W
from ui.entries_view import EntriesView
from ui.i18n import QT_TRANSLATE_NOOP
from ui.review_view import ReviewView
from ui.settings import Settings
from ui.sidebar import fill_pages, page_list, set_titles
from ui.tasks import TaskRunner
from ui.untrusted import plain_label

translate = QCoreApplication.translate
JOURNAL_PAGES = ("review", "backups", "activity", "context")  # no page of memory files
SIZES = (200, 1000)  # the sidebar's and the page's share of the desk's width at first


@dataclass(frozen=True)
class Page:
    """One sidebar entry: its title and how to show it."""

    name: str
    title: Callable[[], str]
    show: Callable[[], None]


class SidebarDesk(Desk[W]):
    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(push, tasks, settings, parent)
        self.pages: list[Page] = []
        self.context_view: ContextView | None = None
        self.sidebar = page_list("deskSidebar")
        self.sidebar.currentRowChanged.connect(self._page_selected)
        self.header = plain_label(name="deskHeader", wrap=True)
        self.header.hide()  # until a desk has something to say there
        self.stack = QStackedWidget()
        right = QWidget()
        self.column = QVBoxLayout(right)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.addWidget(self.header)
        self.column.addWidget(self.stack, 1)
        self.split = QSplitter()
        self.split.addWidget(self.sidebar)
        self.split.addWidget(right)
        self.split.setSizes(list(SIZES))
        self.split.setStretchFactor(1, 1)  # a wider window widens the page, not the sidebar
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*DESK_MARGINS)
        layout.addWidget(self.split)
        self.review_view = ReviewView(self.settings)
        self.backups_view, self.activity_view = BackupsView(), ActivityView()
        for view in (self.review_view, self.backups_view, self.activity_view):
            self.add_page_widget(view)
        self.review_view.queue_changed.connect(self.update_titles)
        self.review_view.edit_requested.connect(self.reveal)
        self.written.connect(lambda _message: self._recount())

    def add_page_widget(self, widget: QWidget) -> None:
        self.stack.addWidget(widget)
        self.connect_page(widget)

    def add_above_pages(self, widget: QWidget) -> None:
        """A bar between the header and the pages (EverBot's search box); Tab reaches it
        between the sidebar and the page, as it is shown."""
        self.column.insertWidget(self.column.indexOf(self.stack), widget)
        QWidget.setTabOrder(self.sidebar, widget)

    def add_side_pane(self, pane: QWidget, width: int) -> None:
        """A pane at the right of the pages (EverBot's detail pane), `width` pixels of the
        page's room at first; the page still takes what a wider window adds."""
        self.split.addWidget(pane)
        sidebar, page = SIZES
        self.split.setSizes([sidebar, page - width, width])

    def context_page(
        self,
        scopes: Scopes = lambda: (),
        scope_name: str = QT_TRANSLATE_NOOP("ContextView", "Scope"),
        projects: Scopes = lambda: (),
    ) -> Page:
        """The "At session start" page: what the agent injects when a session starts."""
        if self.context_view is None:
            self.context_view = ContextView()
            self.add_page_widget(self.context_view)
        view = self.context_view

        def show() -> None:
            view.show_workspace(
                self.workspace.agent, self.workspace.root, scopes, scope_name, projects
            )
            self.stack.setCurrentWidget(view)

        return Page("context", lambda: translate("SidebarDesk", "At session start"), show)

    def journal_pages(self) -> list[Page]:
        """The review queue, Backups and Activity: every agent's desk ends with them."""
        backups, activity, review = self.backups_view, self.activity_view, self.review_view
        review.count(self.session)  # the sidebar says what waits

        def show(view: BackupsView | ActivityView) -> Callable[[], None]:
            def shown() -> None:
                if isinstance(view, ActivityView):
                    view.show_workspace(self.workspace, self.session.journal)
                else:  # the backups are files: the journal is not read to list them
                    view.show_workspace(self.workspace)
                self.stack.setCurrentWidget(view)

            return shown

        def show_review() -> None:
            review.show_session(self.session)
            self.stack.setCurrentWidget(review)

        return [
            Page("review", review.title, show_review),
            Page("backups", lambda: translate("SidebarDesk", "Backups"), show(backups)),
            Page("activity", lambda: translate("SidebarDesk", "Activity"), show(activity)),
        ]

    # -- subclasses -----------------------------------------------------------------------------
    def pages_of(self, ws: W) -> list[Page]:
        raise NotImplementedError

    def header_text(self, ws: W) -> str:
        return ""

    # -- showing --------------------------------------------------------------------------------
    def show_workspace(self, ws: W) -> None:
        super().show_workspace(ws)
        self.pages = [*self.pages_of(ws), *self.journal_pages()]
        header = self.header_text(ws)
        self.header.setText(header)
        self.header.setVisible(bool(header))
        with QSignalBlocker(self.sidebar):  # the first page is shown once, below
            fill_pages(self.sidebar, [(page.name, page.title()) for page in self.pages])
            self.sidebar.setCurrentRow(0)
        self._page_selected(0)

    def _recount(self) -> None:
        if self.ws is not None:
            self.review_view.count(self.session)

    def update_titles(self) -> None:
        set_titles(self.sidebar, [page.title() for page in self.pages])

    def _page_selected(self, row: int) -> None:
        if 0 <= row < len(self.pages):
            self.pages[row].show()
            make_accessible(self)
            self.page_changed.emit()
            self.changed.emit()  # the page may have read more files: the window watches them

    def select_page(self, name: str) -> None:
        rows = [r for r, p in enumerate(self.pages) if p.name == name]
        if not rows:
            raise KeyError(name)
        self.sidebar.setCurrentRow(rows[0])

    def reveal(self, file: str, key: str) -> None:
        """The page listing `file` shown, with the memory `key` selected for editing (a search
        across workspaces opens a memory there); said when no page lists it."""
        before = self.current_page()
        for page in self.pages:
            if page.name in JOURNAL_PAGES:
                continue
            self.select_page(page.name)
            view = self.stack.currentWidget()
            if isinstance(view, EntriesView) and any(f.rel == file for f in view.files):
                view.select_file(file)
                with contextlib.suppress(KeyError):  # changed on disk since it was found
                    view.select_key(key)
                view.table.setFocus()
                return
        if before is not None:
            self.select_page(before)
        super().reveal(file, key)

    def current_memory(self) -> str | None:
        current = getattr(self.stack.currentWidget(), "current_content", None)
        return current() if current is not None else None

    def current_page(self) -> str | None:
        row = self.sidebar.currentRow()
        return self.pages[row].name if 0 <= row < len(self.pages) else None

    def page_name(self) -> str:
        return self.current_page() or ""

    def document_changed(self, _document: object = None) -> None:
        self.update_titles()
        self.changed.emit()

    def apply_pending(self) -> None:
        """Every page's text typed and not applied yet becomes an edit (before a save or a
        write): the person may have typed on a page and gone to another."""
        for index in range(self.stack.count()):
            apply = getattr(self.stack.widget(index), "apply_pending", None)
            if apply is not None:
                apply()

    def refresh(self) -> None:
        """After undo, redo, save or reload: show the current page's state anew (a page of
        files shows its file list again: the agent may have added a file)."""
        row = self.sidebar.currentRow()
        if 0 <= row < len(self.pages):
            self.refresh_page(row)
        self.update_titles()

    def refresh_page(self, row: int) -> None:
        current = self.stack.currentWidget()
        refresh = getattr(current, "refresh", None)
        if refresh is not None:
            refresh()
