"""Pomelobot / OpenClaw pages: one per scope (long-term, daily files, transcripts), and
Search & read as the agent does."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from core.agents.pomelobot import format as pomelobot
from core.agents.pomelobot.workspace import PomelobotWorkspace
from ui.agents.pomelobot.scope_tools_view import ScopeToolsView
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef, Opener
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner

SCOPES = "memory/scopes/"


class PomelobotDesk(SidebarDesk):
    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(push, tasks, settings, parent)
        self.entries = EntriesView(push)
        self.tools = ScopeToolsView()
        for page in (self.entries, self.tools):
            self.add_page_widget(page)
        self.entries.changed.connect(self.document_changed)

    def pages_of(self, ws: PomelobotWorkspace) -> list[Page]:
        pages = [
            Page(f"scope:{s.name}", self._scope_title(s.name), self._scope_shower(s.name))
            for s in ws.scopes()
        ]
        return [*pages, Page("tools", lambda: "Search & read (as the agent)", self._show_tools)]

    def header_text(self, ws: PomelobotWorkspace) -> str:
        return f"Pomelobot / OpenClaw workspace {ws.root}"

    def _scope_title(self, name: str) -> Callable[[], str]:
        def title() -> str:
            scope = next((s for s in self.ws.scopes() if s.name == name), None)
            files = len(scope.files) if scope is not None else 0
            mark = " *" if self._scope_modified(name) else ""
            return f"Scope {name} ({files} files){mark}"

        return title

    def _scope_modified(self, name: str) -> bool:
        return any(
            d.rel.startswith(f"{SCOPES}{name}/")
            or (name == pomelobot.MAIN and not d.rel.startswith(SCOPES))
            for d in self.ws.modified_documents()
        )

    def _scope_shower(self, name: str) -> Callable[[], None]:
        def show() -> None:
            ws: PomelobotWorkspace = self.ws
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

    def _show_tools(self) -> None:
        self.tools.show_workspace(self.ws)
        self.stack.setCurrentWidget(self.tools)

    def refresh_page(self, row: int) -> None:
        if self.stack.currentWidget() is self.entries:
            self.pages[row].show()  # its file list too: the agent may have added a file
        else:
            super().refresh_page(row)

    def status_text(self) -> str:
        return f"Pomelobot / OpenClaw · {super().status_text()}"


def _file_label(file: pomelobot.ScopeFile) -> str:
    name = file.path.rsplit("/", 1)[-1]
    if file.kind == "long_term":
        return f"Long-term · {name}"
    if file.kind == "transcript":
        return f"Transcript · {name} (read-only)"
    return f"Daily · {name}"


def _opener(ws: PomelobotWorkspace, file: pomelobot.ScopeFile) -> Opener:
    return lambda: ws.memory_file(file.path, file.kind)


DESK = PomelobotDesk
