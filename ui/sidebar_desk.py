"""A desk made of pages listed in a sidebar (PicoClaw, Pomeloclaw, OpenClaw): each page a view of
some of the workspace's files. Subclasses say which pages there are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.activity_view import ActivityView
from ui.backups_view import BackupsView
from ui.context_view import ContextView, Scopes
from ui.desk import DESK_MARGINS, Desk, Push, W
from ui.review_view import ReviewView
from ui.settings import Settings
from ui.sidebar import fill_pages, page_list, set_titles
from ui.tasks import TaskRunner
from ui.untrusted import plain_label


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
        self.backups_view: BackupsView | None = None
        self.activity_view: ActivityView | None = None
        self.review_view: ReviewView | None = None
        self.sidebar = page_list("deskSidebar")
        self.sidebar.currentRowChanged.connect(self._page_selected)
        self.header = plain_label(name="deskHeader", wrap=True)
        self.stack = QStackedWidget()
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.header)
        column.addWidget(self.stack, 1)
        split = QSplitter()
        split.addWidget(self.sidebar)
        split.addWidget(right)
        split.setSizes([200, 1000])
        split.setStretchFactor(1, 1)  # a wider window widens the page, not the sidebar
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*DESK_MARGINS)
        layout.addWidget(split)

    def add_page_widget(self, widget: QWidget) -> None:
        self.stack.addWidget(widget)
        self.connect_page(widget)

    def context_page(
        self,
        scopes: Scopes = lambda: (),
        scope_name: str = "Scope",
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

        return Page("context", lambda: "At session start", show)

    def journal_pages(self) -> list[Page]:
        """The review queue, Backups and Activity: every agent's desk ends with them."""
        if self.backups_view is None or self.activity_view is None or self.review_view is None:
            self.backups_view, self.activity_view = BackupsView(), ActivityView()
            self.review_view = ReviewView(self.settings)
            for view in (self.review_view, self.backups_view, self.activity_view):
                self.add_page_widget(view)
            self.review_view.queue_changed.connect(self.update_titles)
            self.written.connect(lambda _message: self._recount())
            self.review_view.edit_requested.connect(self.reveal)
        backups, activity, review = self.backups_view, self.activity_view, self.review_view
        review.count(self.session)  # the sidebar says what waits

        def show(view: BackupsView | ActivityView) -> Callable[[], None]:
            def shown() -> None:
                view.show_workspace(self.workspace)
                self.stack.setCurrentWidget(view)

            return shown

        def show_review() -> None:
            review.show_session(self.session)
            self.stack.setCurrentWidget(review)

        return [
            Page("review", review.title, show_review),
            Page("backups", lambda: "Backups", show(backups)),
            Page("activity", lambda: "Activity", show(activity)),
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
        self.header.setText(self.header_text(ws))
        self.sidebar.blockSignals(True)
        fill_pages(self.sidebar, [(page.name, page.title()) for page in self.pages])
        self.sidebar.blockSignals(False)
        if self.pages:
            self.sidebar.setCurrentRow(0)
            self._page_selected(0)

    def _recount(self) -> None:
        if self.review_view is not None and self.ws is not None:
            self.review_view.count(self.session)

    def update_titles(self) -> None:
        set_titles(self.sidebar, [page.title() for page in self.pages])

    def _page_selected(self, row: int) -> None:
        if 0 <= row < len(self.pages):
            self.pages[row].show()
            self.page_changed.emit()
            self.changed.emit()  # the page may have read more files: the window watches them

    def select_page(self, name: str) -> None:
        rows = [r for r, p in enumerate(self.pages) if p.name == name]
        if not rows:
            raise KeyError(name)
        self.sidebar.setCurrentRow(rows[0])

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
