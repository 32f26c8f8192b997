"""Hermes' pages: one per profile (its MEMORY.md and USER.md, each with a bar of the characters
it uses of the agent's limit), then every desk's Review, Backups and Activity."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QHBoxLayout, QProgressBar, QPushButton, QWidget

from core.agents.hermes import AGENT
from core.agents.hermes.format import MemoryFile, MemoryFileFormat
from core.agents.hermes.pending import pending_writes, waiting_line
from core.agents.hermes.risks import as_agent_writes, copies_line, file_risks
from core.agents.hermes.threats import threats
from core.agents.hermes.workspace import (
    HermesWorkspace,
    MemoryFileRef,
    char_limit,
    drift_backups,
    profiles,
)
from core.ops import ChangeSet
from core.store.document import Item
from core.store.documents import AnyDocument
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef
from ui.i18n import core_text
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner
from ui.theme import themed

TITLE = "Hermes"
NEAR = 0.9  # the share of the limit from which the bar is coloured


class BudgetBar(QProgressBar):
    """The characters a file uses of the agent's limit; coloured only near or over it."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("hermesBudget")
        self.setMaximumHeight(18)
        self.hide()

    def show_budget(self, name: str, used: int, limit: int) -> None:
        self.setRange(0, limit)
        self.setValue(min(used, limit))
        shown = self.tr("{file}: {used} of {limit} characters ({share}%)").format(
            file=name, used=f"{used:,}", limit=f"{limit:,}", share=100 * used // limit
        )
        self.setFormat(shown)
        palette = QApplication.palette(self)  # the theme's, coloured only near or over
        if used > limit:
            palette.setColor(QPalette.ColorRole.Highlight, themed("#c0392b", "#e57373"))
        elif used >= NEAR * limit:
            palette.setColor(QPalette.ColorRole.Highlight, themed("#d68910", "#f0b34a"))
        self.setPalette(palette)
        self.show()


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
        self.budget = BudgetBar()
        self.rewrite = QPushButton(self.tr("Write it as Hermes writes it"))
        self.rewrite.setObjectName("hermesRewrite")
        self.rewrite.setToolTip(
            self.tr(
                "Saves the file as Hermes' next add would leave it (each entry once, stripped, "
                "LF, between '§' lines), so its drift guard does not refuse its next replace or "
                "remove"
            )
        )
        self.rewrite.clicked.connect(lambda _checked=False: self._rewrite())
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.budget, 1)
        line.addWidget(self.rewrite)
        self.entries.add_below_title(row)
        self.entries.warn = self._warnings
        self.entries.caution = lambda changeset: [
            core_text(c) for c in AGENT.cautions(self.workspace, changeset)
        ]
        self.entries.model.headers = ("Hermes", self.tr("Line"), self.tr("Memory"))
        self.entries.model.first_cell = flag
        self.entries.table.setColumnWidth(0, 70)

    def pages_of(self, ws: HermesWorkspace) -> list[Page]:
        pages = [
            Page(f"memory:{name}", _title(name), self._profile_shower(name))
            for name, _ in profiles(ws.root)
        ]
        names = lambda: [p for p, _ in profiles(ws.root)]  # noqa: E731
        return [*pages, self.context_page(names, self.tr("Profile"))]

    def show_folder(self, folder: Path) -> bool:
        """A profile's own folder (`profiles/<name>`, opened on its own): its page shown."""
        name = self._profile_of(folder)
        if name is not None:
            self.select_page(f"memory:{name}")
        return name is not None

    def holds_folder(self, folder: Path) -> bool:
        return self._profile_of(folder) is not None

    def _profile_of(self, folder: Path) -> str | None:
        root, given = self.workspace.root, folder.resolve()
        named = [n for n, _ in profiles(root)[1:] if (root / "profiles" / n).resolve() == given]
        return named[0] if named else None

    def header_text(self, ws: HermesWorkspace) -> str:
        waiting = core_text(waiting_line(pending_writes(ws.root)[0]))
        home = self.tr("{agent} home {root}").format(agent=TITLE, root=ws.root)
        return home + (f" · {waiting}" if waiting else "")

    def _profile_shower(self, name: str) -> Callable[[], None]:
        def show() -> None:
            ws: HermesWorkspace = self.workspace
            refs = [r for r in ws.files() if r.profile == name]
            files = [FileRef(r.name, r.rel, _opener(ws, r.rel)) for r in refs]
            self.entries.ws = ws
            self.entries.show_files(files, title=_title(name)())
            self.stack.setCurrentWidget(self.entries)

        return show

    def _warnings(self, source: AnyDocument) -> list[str]:
        """The bar of the file shown, and what the agent will refuse, hide or drop in it."""
        doc = source.doc
        ref = next((r for r in self.workspace.files() if r.rel == source.rel), None)
        if not isinstance(doc, MemoryFile) or ref is None:
            self.budget.hide()
            self.rewrite.hide()
            return []
        limit = char_limit(self.workspace.root, ref)
        self.budget.show_budget(ref.name, doc.chars(), limit)
        self.rewrite.setVisible(as_agent_writes(doc) != doc.raw and not source.read_only)
        copies = len(drift_backups(self.workspace.root, ref, MemoryFileFormat(ref.rel)))
        found = budget_lines(ref, doc, limit, modified=source.modified)
        return [*found, core_text(copies_line(ref.name, copies))] if copies else found

    def _rewrite(self) -> None:
        source = self.entries.source
        if source is None or not isinstance(source.doc, MemoryFile):
            return
        text = as_agent_writes(source.doc)
        label = self.tr("Wrote {file} as Hermes writes it").format(file=source.rel)
        self.entries.push_change(lambda: ChangeSet(source, label, text=text, base=source.text()))

    def status_text(self) -> str:
        return f"{TITLE} · {super().status_text()}"


def budget_lines(ref: MemoryFileRef, doc: MemoryFile, limit: int, *, modified: bool) -> list[str]:
    """What the agent will refuse, hide or drop in the file (`risks.file_risks`), and, once it
    holds unsaved edits, that a running session will not see them."""
    at_line = QCoreApplication.translate("HermesDesk", "line {line}: {message}")
    lines = [
        at_line.format(line=r.line, message=core_text(r.message))
        if r.kind in ("duplicate", "blocked")
        else core_text(r.message)
        for r in file_risks(doc, ref.name, limit)
    ]
    return [*lines, core_text(AGENT.saved_note)] if modified else lines


def flag(item: Item) -> str:
    """What the list says of an entry in its first column: Hermes keeps no time for one."""
    if "~" in item.key:
        # a later copy of an earlier entry's text: the agent drops it
        return QCoreApplication.translate("HermesDesk", "repeat")
    return QCoreApplication.translate("HermesDesk", "hidden") if threats(item.content) else ""


def _title(name: str) -> Callable[[], str]:
    def title() -> str:
        if name == "default":
            return QCoreApplication.translate("HermesDesk", "Memory")
        return QCoreApplication.translate("HermesDesk", "Profile {name}").format(name=name)

    return title


def _opener(ws: HermesWorkspace, rel: str) -> Callable[[], AnyDocument]:
    return lambda: ws.memory_file(rel)


DESK = HermesDesk
