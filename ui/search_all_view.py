"""Search across every workspace the Home page lists (issue 26, item 2): results appear as the
person types (debounced, read off the UI thread, a result for an older query dropped), each
naming its workspace and agent; Enter or a double-click asks the window to show the memory
there. A workspace that cannot be read is one line under the results, never a stop."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QTimer, Signal
from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from core.inbox import search, unlisted
from core.scan import Found
from ui.i18n import QT_TRANSLATE_NOOP, core_text, workspaces_counted
from ui.tables import RowsModel, row_of_view, sorted_table
from ui.tasks import TaskRunner
from ui.untrusted import literal_html, plain_label

__all__ = ["MOST_SHOWN", "Hit", "SearchAllView", "found_memories"]

HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "Agent"),
    QT_TRANSLATE_NOOP("core", "Workspace"),
    QT_TRANSLATE_NOOP("core", "File"),
    QT_TRANSLATE_NOOP("core", "Memory"),
    QT_TRANSLATE_NOOP("core", "Text"),
)
WIDEST = ("Pomeloclaw / Pomelobot", "~/.claude/projects/-home-me-code", "memory/scopes/main/MEMORY.md",
          "a1b2c3d4~2")  # fmt: skip
MOST_SHOWN = 1000  # results shown at most: a fleet matches a short query half a million times
TIP_CHARS = 2000


@dataclass(frozen=True, slots=True)
class Hit:
    """A memory found: where it is (`reveal(file, key)` shows it there) and its text."""

    found: Found
    file: str
    key: str
    id: str
    text: str


@dataclass(frozen=True, slots=True)
class Results:
    query: str
    over: int  # the generation of workspaces searched
    hits: list[Hit]
    total: int  # found in all, `hits` being the first MOST_SHOWN
    failed: list[Found]


def found_memories(workspaces: Sequence[Found], query: str, over: int = 0) -> Results:
    """The memories matching `query` in every workspace (`core.inbox.search`, read without
    writing), the first MOST_SHOWN made ready to show; the workspaces that could not be read."""
    found, failed = search(workspaces, query)
    failed += [unlisted(h) for h in found if h.problems]
    rows = [(h.found, row) for h in found for row in h.rows]
    hits = [
        Hit(f, row.file, row.key or row.id, row.id, str(row.fields.get("content") or row.text))
        for f, row in rows[:MOST_SHOWN]
    ]
    return Results(query, over, hits, len(rows), failed)


def _cells(h: Hit) -> tuple[str, ...]:
    return (h.found.title, h.found.name, h.file, h.id, h.text.split("\n", 1)[0])


def _tip(h: Hit, _column: int) -> str:
    return literal_html(f"{h.found.path} · {h.file} · {h.id}\n\n{h.text[:TIP_CHARS]}")


class SearchAllView(QWidget):
    # (workspace, agent, file, memory key): open that workspace and select the memory
    reveal_requested = Signal(Path, str, str, str)

    def __init__(self, debounce_ms: int = 150, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspaces: list[Found] = []
        self.generation = 0  # of `workspaces`: results over an older list are dropped
        self.runner = TaskRunner(self)
        self.field = QLineEdit()
        self.field.setObjectName("searchAllField")
        self.field.setPlaceholderText(self.tr("Search the memories of every workspace"))
        self.field.setClearButtonEnabled(True)
        self._debounce = QTimer(self, singleShot=True, interval=debounce_ms)
        self._debounce.timeout.connect(self.search_now)
        self.field.textChanged.connect(lambda _text: self._debounce.start())
        self.field.returnPressed.connect(self._open_first)
        self.model: RowsModel[Hit] = RowsModel(HEADERS, _cells, _cells, _tip, self)
        self.table = sorted_table("searchAllTable", self.model, WIDEST, stretch=(4,))
        self.table.activated.connect(self._activated)
        self.status = plain_label(name="searchAllStatus")
        self.failures = plain_label(name="searchAllFailures", wrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.field, self.status, self.table, self.failures):
            layout.addWidget(widget)

    def query(self) -> str:
        return self.field.text().strip()

    def set_workspaces(self, workspaces: Sequence[Found]) -> None:
        """The workspaces to search (a scan's); the search shown is run anew over them."""
        self.workspaces = list(workspaces)
        self.generation += 1
        self.search_now()

    def search_now(self) -> None:
        query = self.query()
        if not query:
            self._show(Results("", self.generation, [], 0, []))
            self.status.setText("")
            return
        if self.runner.busy:  # one search at a time: the one running ends, then this one
            return
        workspaces, over = list(self.workspaces), self.generation
        self.status.setText(
            self.tr("Searching {count} workspaces for {query}…").format(
                count=len(workspaces), query=query
            )
        )
        self.runner.run(
            lambda: found_memories(workspaces, query, over),
            on_done=self._arrived,
            on_error=lambda exc: self.status.setText(
                self.tr("The search stopped: {error}").format(error=exc)
            ),
        )

    def _arrived(self, results: Results) -> None:
        if (results.query, results.over) != (self.query(), self.generation):  # typed on since
            if not self._debounce.isActive():
                self.search_now()
            return
        self._show(results)

    def _show(self, results: Results) -> None:
        self.model.set_rows(results.hits)
        workspaces = len({h.found.path for h in results.hits})
        if not results.query:
            said = ""
        elif not results.total:
            said = self.tr("No memory matches {query} in {workspaces}.").format(
                query=results.query, workspaces=workspaces_counted(len(self.workspaces))
            )
        elif results.total > len(results.hits):
            said = self.tr("{total} found; the first {shown} shown: type more.").format(
                total=results.total, shown=len(results.hits)
            )
        else:
            said = self.tr("{total} found in {workspaces}: Enter opens one there.").format(
                total=results.total, workspaces=workspaces_counted(workspaces)
            )
        self.status.setText(said)
        self.failures.setText(
            "\n".join(f"{f.title or '?'} {f.name}: {core_text(f.error)}" for f in results.failed)
        )

    def _activated(self, index: QModelIndex | QPersistentModelIndex) -> None:
        hit = self.model.row_at(row_of_view(self.table, index))
        if hit is not None:
            self.reveal_requested.emit(hit.found.path, hit.found.agent, hit.file, hit.key)

    def _open_first(self) -> None:
        """Enter in the field: the result selected, else the first."""
        current = self.table.currentIndex()
        if not current.isValid():
            current = self.table.model().index(0, 0)
        if current.isValid():
            self._activated(current)
