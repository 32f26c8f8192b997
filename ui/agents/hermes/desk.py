"""Hermes' pages: one per profile (its MEMORY.md and USER.md, each with the characters it uses
of the agent's limit), then every desk's Review, Backups and Activity."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from core.agents.hermes import AGENT
from core.agents.hermes.format import MemoryFile
from core.agents.hermes.pending import pending_writes, waiting_line
from core.agents.hermes.workspace import LIMITS, HermesWorkspace, profiles
from core.store.documents import AnyDocument
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner

TITLE = "Hermes"


class HermesDesk(SidebarDesk[HermesWorkspace]):
    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(push, tasks, settings, parent)
        self.entries = EntriesView(push)
        self.add_page_widget(self.entries)
        self.entries.changed.connect(self.document_changed)
        self.entries.warn = budget_lines
        self.entries.caution = lambda changeset: AGENT.cautions(self.workspace, changeset)

    def pages_of(self, ws: HermesWorkspace) -> list[Page]:
        pages = [
            Page(f"memory:{name}", _title(name), self._profile_shower(name))
            for name, _ in profiles(ws.root)
        ]
        return [*pages, self.context_page(lambda: [p for p, _ in profiles(ws.root)], "Profile")]

    def header_text(self, ws: HermesWorkspace) -> str:
        waiting = waiting_line(pending_writes(ws.root)[0])
        return f"{TITLE} home {ws.root}" + (f" · {waiting}" if waiting else "")

    def _profile_shower(self, name: str) -> Callable[[], None]:
        def show() -> None:
            ws: HermesWorkspace = self.workspace
            refs = [r for r in ws.files() if r.profile == name]
            files = [FileRef(r.name, r.rel, _opener(ws, r.rel)) for r in refs]
            self.entries.ws = ws
            self.entries.show_files(files, title=_title(name)())
            self.stack.setCurrentWidget(self.entries)

        return show

    def status_text(self) -> str:
        return f"{TITLE} · {super().status_text()}"


def budget_lines(source: AnyDocument) -> list[str]:
    """The characters the file uses of the agent's limit, and what the agent will do past it."""
    doc = source.doc
    if not isinstance(doc, MemoryFile):
        return []
    name = source.rel.rsplit("/", 1)[-1]
    limit, used = LIMITS[name], doc.chars()
    lines = [f"{used:,} of {limit:,} characters used ({100 * used // limit}%)"]
    if used > limit:
        lines.append("over Hermes' limit: it refuses every add until entries are shortened")
    lines += [
        f"line {e.line}: repeats an earlier entry; Hermes drops it at its next write"
        for e in doc.entries()
        if e.duplicate
    ]
    return lines


def _title(name: str) -> Callable[[], str]:
    label = "Memory" if name == "default" else f"Profile {name}"
    return lambda: label


def _opener(ws: HermesWorkspace, rel: str) -> Callable[[], AnyDocument]:
    return lambda: ws.memory_file(rel)


DESK = HermesDesk
