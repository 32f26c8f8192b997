"""Codex's pages: the memory summary, MEMORY.md, the ad-hoc notes, the files Codex regenerates
(read-only, with the reason) and what every new session reads (then every desk's Backups and
Activity)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QListWidget, QPlainTextEdit, QSplitter, QVBoxLayout, QWidget

from core.agents.codex import AGENT, layout
from core.agents.codex.workspace import CodexWorkspace
from core.ops import ChangeSet
from core.store.documents import AnyDocument
from core.store.files import read_or_none
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef
from ui.i18n import core_text
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner
from ui.untrusted import plain_label

NEW_NOTE = "new-note.md"  # no name Codex accepts: never listed as a note, never written


class RegeneratedView(QWidget):
    """raw_memories.md and rollout_summaries/: shown as saved, never edited."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.why = plain_label(name="regeneratedWhy", wrap=True)
        why = f"{core_text(layout.REGENERATED)}. {core_text(layout.PRUNED)}."
        self.why.setText(_capitalised(why))
        self.files = QListWidget()
        self.files.setObjectName("regeneratedFiles")
        self.text = QPlainTextEdit()
        self.text.setObjectName("regeneratedText")
        self.text.setReadOnly(True)
        split = QSplitter()
        split.addWidget(self.files)
        split.addWidget(self.text)
        split.setSizes([260, 640])
        box = QVBoxLayout(self)
        box.addWidget(self.why)
        box.addWidget(split, 1)
        self.paths: list[tuple[str, bytes]] = []
        self.files.currentRowChanged.connect(self._show)

    def show_workspace(self, ws: CodexWorkspace) -> None:
        found = [ws.root / layout.RAW, *layout.rollouts(ws.root)]
        self.paths = []
        for path in found:
            data = read_or_none(path, root=ws.root)
            if data is not None:
                self.paths.append((path.relative_to(ws.root).as_posix(), data))
        self.files.clear()
        self.files.addItems([rel.removeprefix(f"{layout.MEMORIES}/") for rel, _ in self.paths])
        if self.paths:
            self.files.setCurrentRow(0)
        else:
            self.text.setPlainText("")

    def _show(self, row: int) -> None:
        if 0 <= row < len(self.paths):
            self.text.setPlainText(self.paths[row][1].decode("utf-8", "replace"))


class CodexDesk(SidebarDesk[CodexWorkspace]):
    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(push, tasks, settings, parent)
        self.entries = EntriesView(push)
        self.regenerated = RegeneratedView()
        for page in (self.entries, self.regenerated):
            self.add_page_widget(page)
        self.entries.changed.connect(self.document_changed)
        self.entries.changed.connect(self._show_new_note)
        self.entries.warn = _warnings
        self.entries.add_action(
            self.tr("Ask Codex to forget it (a note)"),
            self._forget,
            lambda d: d.rel in layout.EDITABLE,
        )

    def _show_new_note(self, document: AnyDocument) -> None:
        """A note Add (or forget) made is shown at once, before it is saved."""
        listed = {f.rel for f in self.entries.files}
        if self.current_page() == "notes" and _is_note(document.rel) and document.rel not in listed:
            self.pages[self.sidebar.currentRow()].show()
            self.entries.select_file(document.rel)

    def _forget(self, source: AnyDocument, key: str, _text: str) -> ChangeSet:
        ws: CodexWorkspace = self.workspace
        return ws.forget(source, key)

    def pages_of(self, ws: CodexWorkspace) -> list[Page]:
        return [
            self._entries_page("summary", self.tr("Memory summary"), lambda: [_summary(ws)]),
            self._entries_page("handbook", "MEMORY.md", lambda: [_handbook(ws)]),
            self._entries_page("notes", self.tr("Ad-hoc notes"), lambda: _notes(ws)),
            Page("regenerated", lambda: self.tr("Regenerated (read-only)"), self._show_regenerated),
            self.context_page(),
        ]

    def _entries_page(self, name: str, title: str, refs: Callable[[], list[FileRef]]) -> Page:

        def show() -> None:
            self.entries.ws = self.workspace
            self.entries.show_files(refs(), title=title)
            self.stack.setCurrentWidget(self.entries)

        return Page(name, lambda: title, show)

    def _show_regenerated(self) -> None:
        self.regenerated.show_workspace(self.workspace)
        self.stack.setCurrentWidget(self.regenerated)

    def header_text(self, ws: CodexWorkspace) -> str:
        return self.tr("Codex memories {root} · add a note to change what Codex remembers").format(
            root=ws.root
        )

    def refresh_page(self, row: int) -> None:
        if self.stack.currentWidget() is self.entries:
            self.pages[row].show()
        else:
            super().refresh_page(row)

    def status_text(self) -> str:
        return f"{AGENT.title} · {super().status_text()}"


def _summary(ws: CodexWorkspace) -> FileRef:
    return FileRef("memory_summary.md", layout.SUMMARY, ws.summary)


def _handbook(ws: CodexWorkspace) -> FileRef:
    return FileRef("MEMORY.md", layout.HANDBOOK, ws.handbook)


def _notes(ws: CodexWorkspace) -> list[FileRef]:
    """The notes, newest first, those added and not saved yet included; none yet: a new one
    to add the first to (Add names its file)."""
    rels = {p.relative_to(ws.root).as_posix() for p in layout.notes(ws.root)}
    rels |= {d.rel for d in ws.documents() if _is_note(d.rel) and d.entries()}
    refs = [FileRef(rel.rsplit("/", 1)[1], rel, partial(ws.note, rel)) for rel in rels]
    refs.sort(key=lambda ref: ref.label, reverse=True)
    new = f"{layout.NOTES}/{NEW_NOTE}"
    label = QCoreApplication.translate("CodexDesk", "New note")
    return refs or [FileRef(label, new, partial(ws.note, new))]


def _is_note(rel: str) -> bool:
    folder, _, name = rel.rpartition("/")
    return folder == layout.NOTES and bool(layout.NOTE_NAME.fullmatch(name))


def _warnings(source: AnyDocument) -> list[str]:
    if _is_note(source.rel) or source.rel.endswith(f"/{NEW_NOTE}"):
        return [_capitalised(core_text(layout.NOTE_KEPT))]
    if source.rel not in layout.EDITABLE:
        return []
    found = [core_text(layout.REWRITTEN)]
    text = source.text()
    if source.rel == layout.SUMMARY and text.strip():
        if text.removeprefix("\ufeff").split("\n", 1)[0].rstrip("\r") != "v1":
            found.append(core_text(layout.NOT_V1))
        if layout.summary_cut(text.encode("utf-8")).truncated:
            found.append(core_text(layout.CUT))
    return found


def _capitalised(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


DESK = CodexDesk
