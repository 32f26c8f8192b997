"""Pomeloclaw / Pomelobot pages: one per scope (long-term, daily, heartbeat and transcript files,
team entries among main's memories), Search & read as the agent does, and what the agent injects
at session start."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from core.agents.pomelobot import format as pomelobot
from core.agents.pomelobot import warnings
from core.agents.pomelobot.scopes import MAIN, ScopeFile, long_term_path
from core.agents.pomelobot.team import SECTIONS, TeamEntry
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.store.documents import AnyDocument
from ui.agents.pomelobot.scope_tools_view import ScopeToolsView
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef, Opener
from ui.i18n import core_text
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner

SCOPES = "memory/scopes/"
TITLE = "Pomeloclaw / Pomelobot"


class PomelobotDesk(SidebarDesk[PomelobotWorkspace]):
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
        self.entries.warn = self._warnings
        self.entries.describe = self._describe

    def pages_of(self, ws: PomelobotWorkspace) -> list[Page]:
        pages = [
            Page(f"scope:{s.name}", self._scope_title(s.name), self._scope_shower(s.name))
            for s in ws.scopes()
        ]
        scope_names = lambda: [s.name for s in ws.scopes()]  # noqa: E731
        return [
            *pages,
            Page("tools", lambda: self.tr("Search & read (as the agent)"), self._show_tools),
            self.context_page(scope_names, self.tr("Scope")),
        ]

    def header_text(self, ws: PomelobotWorkspace) -> str:
        return self.tr("{agent} workspace {root}").format(agent=TITLE, root=ws.root)

    def _scope_title(self, name: str) -> Callable[[], str]:
        def title() -> str:
            scope = next((s for s in self.workspace.scopes() if s.name == name), None)
            files = len(scope.files) if scope is not None else 0
            mark = " *" if self._scope_modified(name) else ""
            if files == 1:
                return self.tr("Scope {name} (1 file){mark}").format(name=name, mark=mark)
            return self.tr("Scope {name} ({count} files){mark}").format(
                name=name, count=files, mark=mark
            )

        return title

    def _scope_modified(self, name: str) -> bool:
        return any(
            d.rel.startswith(f"{SCOPES}{name}/") or (name == MAIN and not d.rel.startswith(SCOPES))
            for d in self.workspace.modified_documents()
        )

    def _scope_shower(self, name: str) -> Callable[[], None]:
        def show() -> None:
            ws: PomelobotWorkspace = self.workspace
            scope = next(s for s in ws.scopes() if s.name == name)
            files = [FileRef(_file_label(f), f.path, _opener(ws, f)) for f in scope.files]
            if not scope.of_kind("long_term"):
                rel = long_term_path(scope.name)
                opener = lambda: ws.long_term_of(scope)  # noqa: E731
                files.insert(0, FileRef(self.tr("Long-term (not written yet)"), rel, opener))
            self.entries.ws = ws
            self.entries.promote = lambda doc, key: ws.promote_entry(doc.rel, key)
            self.entries.show_files(files, title=self.tr("Scope {name}").format(name=name))
            self.stack.setCurrentWidget(self.entries)

        return show

    def _show_tools(self) -> None:
        self.tools.show_workspace(self.workspace)
        self.stack.setCurrentWidget(self.tools)

    def refresh_page(self, row: int) -> None:
        if self.stack.currentWidget() is self.entries:
            self.pages[row].show()  # its file list too: the agent may have added a file
        else:
            super().refresh_page(row)

    def status_text(self) -> str:
        return f"{TITLE} · {super().status_text()}"

    # -- what the agent will do -----------------------------------------------------------------
    def _scope_file(self, rel: str) -> ScopeFile | None:
        ws: PomelobotWorkspace = self.workspace
        return next((f for s in ws.scopes() for f in s.files if f.path == rel), None)

    def _warnings(self, source: AnyDocument) -> list[str]:
        """For a file of the older layout, what the agent does with it; the shown file's
        memories beyond the prompt at session start (today); its team merge losses."""
        text = source.text()
        found = warnings.unseen_in(self.workspace.root, source.rel, text, date.today())
        found += warnings.team_merge_losses(source.rel, text)
        file = self._scope_file(source.rel)
        notes = warnings.legacy_note(file) if file is not None else []
        line = self.tr("line {line}: {message}")
        said = [line.format(line=w.line, message=core_text(w.message)) for w in found]
        return [core_text(note) for note in notes] + said

    def _describe(self, source: AnyDocument, key: str) -> str:
        entry = source.find(key)
        if entry is None:
            return ""
        about = describe_entry(entry)
        file = self._scope_file(source.rel)
        if file is not None and file.legacy:
            about += self.tr(" · older layout: {layout}").format(layout=core_text(file.legacy))
        return about


def describe_entry(entry: pomelobot.Entry) -> str:
    """One line on an entry: a team entry's metadata and sections, a heartbeat entry's category
    and time, a memory's time and lines."""
    if entry.line:
        lines = QCoreApplication.translate("PomelobotDesk", "lines {first}-{last}").format(
            first=entry.line, last=entry.end_line
        )
    else:
        lines = QCoreApplication.translate("PomelobotDesk", "new")
    if isinstance(entry, TeamEntry):
        fields = entry.fields()
        bits = [
            QCoreApplication.translate("PomelobotDesk", "Team entry “{title}”").format(
                title=entry.title
            )
        ]
        bits += [f"{label} {fields[label]}" for label in ("来源scopes", "更新时间", "标签")]
        present = ", ".join(
            name for name in SECTIONS if fields[name]
        ) or QCoreApplication.translate("PomelobotDesk", "none")
        bits.append(
            QCoreApplication.translate("PomelobotDesk", "sections: {sections}").format(
                sections=present
            )
        )
        return " · ".join([*bits, lines])
    if entry.category is not None:
        return QCoreApplication.translate(
            "PomelobotDesk", "Heartbeat entry · category {category} · saved at {time} · {lines}"
        ).format(category=entry.category, time=entry.time, lines=lines)
    return QCoreApplication.translate("PomelobotDesk", "Memory saved at {time} · {lines}").format(
        time=entry.time, lines=lines
    )


def _file_label(file: ScopeFile) -> str:
    name = file.path.rsplit("/", 1)[-1]
    older = QCoreApplication.translate("PomelobotDesk", " (older layout)") if file.legacy else ""
    if file.kind == "long_term":
        return QCoreApplication.translate("PomelobotDesk", "Long-term · {file}{older}").format(
            file=name, older=older
        )
    if file.kind == "heartbeat":
        return QCoreApplication.translate("PomelobotDesk", "Heartbeat · {file}").format(file=name)
    if file.kind == "transcript":
        return QCoreApplication.translate(
            "PomelobotDesk", "Transcript · {file} (read-only)"
        ).format(file=name)
    return QCoreApplication.translate("PomelobotDesk", "Daily · {file}{older}").format(
        file=name, older=older
    )


def _opener(ws: PomelobotWorkspace, file: ScopeFile) -> Opener:
    return lambda: ws.memory_file(file.path, file.kind)


DESK = PomelobotDesk
