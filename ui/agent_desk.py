"""The window's page for a PicoClaw or Pomelobot/OpenClaw workspace: every source in a sidebar.

PicoClaw: Long-term memory, Daily notes, Profile, What the agent sees.
Pomelobot/OpenClaw: one entry per scope (long-term, daily files, transcripts), Search & read.
The desk asks the agent's workspace (core.agents.<agent>.workspace) for everything; edits go on the window's undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.agents.picoclaw.profile import ProfileError
from core.agents.picoclaw.workspace import LONGTERM, PicoClawWorkspace
from core.agents.pomelobot import format as pomelobot
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.store.errors import WorkspaceError
from ui.agent_view import AgentView
from ui.daily_notes_view import DailyNotesView
from ui.entries_view import EntriesView, FileRef, Opener
from ui.profile_view import ProfileView
from ui.scope_tools_view import ScopeToolsView

DeskWorkspace = PicoClawWorkspace | PomelobotWorkspace


@dataclass(frozen=True)
class Page:
    """One sidebar entry: its title and how to show it."""

    name: str
    title: Callable[[], str]
    show: Callable[[], None]


class AgentDesk(QWidget):
    failed = Signal(str)
    changed = Signal()  # some source changed: the window updates its title and watches

    def __init__(self, push: Callable[[QUndoCommand], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.push = push
        self.ws: DeskWorkspace | None = None
        self.pages: list[Page] = []
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("deskSidebar")
        self.sidebar.currentRowChanged.connect(self._page_selected)
        self.header = QLabel()
        self.header.setObjectName("deskHeader")
        self.header.setWordWrap(True)
        self.entries = EntriesView(push)
        self.notes = DailyNotesView(push)
        self.profile = ProfileView(push)
        self.agent = AgentView()
        self.tools = ScopeToolsView()
        self.stack = QStackedWidget()
        for page in (self.entries, self.notes, self.profile, self.agent, self.tools):
            self.stack.addWidget(page)
            if hasattr(page, "failed"):
                page.failed.connect(self.failed)
        self.entries.changed.connect(self._source_changed)
        self.profile.changed.connect(self._source_changed)
        self.notes.changed.connect(self._source_changed)
        self.notes.longterm_changed.connect(self._source_changed)
        self._layout()

    def _layout(self) -> None:
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.header)
        column.addWidget(self.stack, 1)
        split = QSplitter()
        split.addWidget(self.sidebar)
        split.addWidget(right)
        split.setSizes([200, 1000])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

    # -- opening --------------------------------------------------------------------------------
    def show_workspace(self, ws: DeskWorkspace | None) -> None:
        self.ws = ws
        self.pages = [] if ws is None else self._pages_of(ws)
        self.header.setText(self._header_text(ws))
        self.sidebar.blockSignals(True)
        self.sidebar.clear()
        for page in self.pages:
            item = QListWidgetItem(page.title())
            item.setData(Qt.ItemDataRole.UserRole, page.name)
            self.sidebar.addItem(item)
        self.sidebar.blockSignals(False)
        if self.pages:
            self.sidebar.setCurrentRow(0)
            self._page_selected(0)

    def _header_text(self, ws: DeskWorkspace | None) -> str:
        if ws is None:
            return ""
        if isinstance(ws, PomelobotWorkspace):
            return f"Pomelobot / OpenClaw workspace <b>{ws.root}</b>"
        stamp = ws.last_compress()
        when = stamp.astimezone().strftime("%Y-%m-%d %H:%M") if stamp else "never"
        return (
            f"PicoClaw workspace <b>{ws.root}</b> · long-term memory last compressed by the "
            f"agent: {when}"
        )

    def _pages_of(self, ws: DeskWorkspace) -> list[Page]:
        if isinstance(ws, PicoClawWorkspace):
            return [
                Page("longterm", self._longterm_title, self._show_longterm),
                Page("daily", lambda: f"Daily notes ({len(ws.daily_notes())})", self._show_notes),
                Page("profile", self._profile_title, self._show_profile),
                Page("agent", lambda: "What the agent sees", self._show_agent),
            ]
        pages = [
            Page(f"scope:{s.name}", self._scope_title(s.name), self._scope_shower(s.name))
            for s in ws.scopes()
        ]
        return [*pages, Page("tools", lambda: "Search & read (as the agent)", self._show_tools)]

    # -- titles ---------------------------------------------------------------------------------
    def _longterm_title(self) -> str:
        assert self.ws is not None
        try:
            source = self.ws.longterm()
        except (ValueError, WorkspaceError):  # InputError: the page shows the reason
            return "Long-term memory (unreadable!)"
        mark = " *" if source.modified else ""
        return f"Long-term memory ({len(source.items())}){mark}"

    def _profile_title(self) -> str:
        assert self.ws is not None
        try:
            profile = self.ws.profile()
        except (ValueError, WorkspaceError):  # ProfileError: the page shows the reason
            return "Profile (unreadable!)"
        mark = " *" if profile.modified else ""
        return f"Profile ({len(profile.doc)}){mark}"

    def _scope_title(self, name: str) -> Callable[[], str]:
        def title() -> str:
            assert self.ws is not None
            scope = next((s for s in self.ws.scopes() if s.name == name), None)
            files = len(scope.files) if scope is not None else 0
            mark = " *" if any(self._scope_modified(name)) else ""
            return f"Scope {name} ({files} files){mark}"

        return title

    def _scope_modified(self, name: str) -> list[bool]:
        assert self.ws is not None
        prefix = "memory/scopes/"
        out = []
        for source in self.ws.modified_documents():
            in_scope = source.rel.startswith(f"{prefix}{name}/") or (
                name == pomelobot.MAIN and not source.rel.startswith(prefix)
            )
            out.append(in_scope)
        return out

    def update_titles(self) -> None:
        for row, page in enumerate(self.pages):
            self.sidebar.item(row).setText(page.title())

    # -- pages ----------------------------------------------------------------------------------
    def _page_selected(self, row: int) -> None:
        if 0 <= row < len(self.pages):
            self.pages[row].show()
            self.changed.emit()  # the page may have read more files: the window watches them

    def select_page(self, name: str) -> None:
        rows = [r for r, p in enumerate(self.pages) if p.name == name]
        if not rows:
            raise KeyError(name)
        self.sidebar.setCurrentRow(rows[0])

    def current_page(self) -> str | None:
        row = self.sidebar.currentRow()
        return self.pages[row].name if 0 <= row < len(self.pages) else None

    def _show_longterm(self) -> None:
        assert self.ws is not None
        ws = self.ws
        self.entries.ws, self.entries.promote = ws, None
        self.entries.show_files(
            [FileRef("memory/MEMORY.md", LONGTERM, ws.longterm)], title="Long-term memory"
        )
        self.stack.setCurrentWidget(self.entries)

    def _show_notes(self) -> None:
        self.notes.show_workspace(self.ws)
        self.stack.setCurrentWidget(self.notes)

    def _show_profile(self) -> None:
        assert self.ws is not None
        try:
            self.profile.show_source(self.ws.profile())
        except ProfileError as exc:  # shown with its raw text; never written over
            self.profile.show_source(None, exc)
        except (ValueError, WorkspaceError) as exc:
            self.profile.show_source(None)
            self.failed.emit(str(exc))
        self.stack.setCurrentWidget(self.profile)

    def _show_agent(self) -> None:
        self.agent.show_agent(self.ws)
        self.stack.setCurrentWidget(self.agent)

    def _show_tools(self) -> None:
        self.tools.show_workspace(self.ws)
        self.stack.setCurrentWidget(self.tools)

    def _scope_shower(self, name: str) -> Callable[[], None]:
        def show() -> None:
            assert self.ws is not None
            ws = self.ws
            scope = next(s for s in ws.scopes() if s.name == name)
            files = [FileRef(_file_label(f), f.path, _opener(ws, f)) for f in scope.files]
            if not scope.of_kind("long_term"):
                rel = pomelobot.long_term_path(scope.name)
                opener = lambda: ws.long_term_of(scope)  # noqa: E731
                files.insert(0, FileRef("Long-term (not written yet)", rel, opener))
            self.entries.ws = ws
            self.entries.promote = lambda doc, key: ws.promote_entry(doc.rel, key)
            self.entries.show_files(files, title=f"Scope {name}")
            self.stack.setCurrentWidget(self.entries)

        return show

    # -- changes --------------------------------------------------------------------------------
    def _source_changed(self, _source: object = None) -> None:
        self.update_titles()
        self.changed.emit()

    def apply_pending(self) -> None:
        """Text typed into a daily note but not applied yet becomes an edit (before a save)."""
        if self.stack.currentWidget() is self.notes:
            self.notes.apply_pending()

    def refresh(self) -> None:
        """After undo, redo, save or reload: show the current page's state anew."""
        row = self.sidebar.currentRow()
        if not 0 <= row < len(self.pages):
            return
        current = self.stack.currentWidget()
        if current is self.entries:
            self.pages[row].show()  # its file list too: the agent may have added a file
        elif isinstance(current, (DailyNotesView, ProfileView, AgentView, ScopeToolsView)):
            current.refresh()
        self.update_titles()


def _file_label(file: pomelobot.ScopeFile) -> str:
    name = file.path.rsplit("/", 1)[-1]
    if file.kind == "long_term":
        return f"Long-term · {name}"
    if file.kind == "transcript":
        return f"Transcript · {name} (read-only)"
    return f"Daily · {name}"


def _opener(ws: PomelobotWorkspace, file: pomelobot.ScopeFile) -> Opener:
    return lambda: ws.memory_file(file.path, file.kind)
