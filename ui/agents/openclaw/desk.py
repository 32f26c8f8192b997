"""OpenClaw pages: MEMORY.md, USER.md, daily notes and session summaries as entries with their
annotations; DREAMS.md, dreaming reports and legacy recall stores read-only; what the agent
injects at session start."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from core.agents.openclaw import entries as oc_entries
from core.agents.openclaw import warnings
from core.agents.openclaw.layout import MemoryFile
from core.agents.openclaw.workspace import OpenClawWorkspace
from core.ops import ChangeSet
from core.store.documents import AnyDocument
from core.store.errors import WorkspaceError
from ui.agents.openclaw.annotations_bar import AnnotationsBar
from ui.agents.openclaw.read_only_view import ReadOnlyView
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef
from ui.i18n import core_text
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner

READ_ONLY_KINDS = ("dreams", "report", "recall")


class OpenClawDesk(SidebarDesk[OpenClawWorkspace]):
    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(push, tasks, settings, parent)
        self.entries = EntriesView(push)
        self.entries.model.headers = (self.tr("Where"), self.tr("Line"), self.tr("Memory"))
        self.entries.table.setColumnWidth(0, 170)
        self.read_only_view = ReadOnlyView()
        for page in (self.entries, self.read_only_view):
            self.add_page_widget(page)
        self.entries.changed.connect(self.document_changed)
        self.entries.warn = self._warnings
        self.entries.describe = self._describe
        self.annotations = AnnotationsBar()
        self.entries.add_below_editor(self.annotations)
        self.entries.table.selectionModel().currentRowChanged.connect(
            lambda *_: self._show_annotations()
        )
        self.annotations.applied.connect(self._apply_annotations)
        self.annotations.go_to_source.connect(self.go_to_source)
        self.supersede_button = self.entries.add_action(
            self.tr("Supersede with the text above"), self._supersede, _is_user_file
        )
        self.pin_button = self.entries.add_action(
            self.tr("Keep its section from the trimmer"), self._pin, _is_memory_file
        )

    # -- pages ----------------------------------------------------------------------------------
    def pages_of(self, ws: OpenClawWorkspace) -> list[Page]:
        files = ws.files()
        pages = [
            self._entries_page("memory", "MEMORY.md", lambda: [_ref(ws, "MEMORY.md")]),
            self._entries_page("user", "USER.md", lambda: self._refs(("user",))),
            self._entries_page(
                "notes", self.tr("Daily notes"), lambda: self._refs(("daily", "session"))
            ),
        ]
        if any(f.kind in ("dreams", "report") for f in files):
            pages.append(
                self._read_only_page(
                    "dreaming", self.tr("Dreaming (read-only)"), ("dreams", "report")
                )
            )
        if any(f.kind == "recall" for f in files):
            pages.append(
                self._read_only_page("recall", self.tr("Legacy recall store"), ("recall",))
            )
        profiles = [f.profile for f in files if f.profile]
        people = lambda: ["", *profiles] if profiles else []  # noqa: E731  "": the shared USER.md
        person = self.tr("Person (users/<id>)")
        return [*pages, self.context_page(people, person, self._projects)]

    def _projects(self) -> list[str]:
        """The projects MEMORY.md's memories are annotated with, for the session-start page."""
        try:
            entries = self.workspace.memory().doc.entries()
        except (ValueError, WorkspaceError):
            return []
        keys = {k for e in entries if e.project for k in e.project.split("; ")}
        return sorted(k for k in keys if not k.startswith("!"))

    def header_text(self, ws: OpenClawWorkspace) -> str:
        return self.tr("OpenClaw workspace {root}").format(root=ws.root)

    def _refs(self, kinds: tuple[str, ...]) -> list[FileRef]:
        ws: OpenClawWorkspace = self.workspace
        found = [f for f in ws.files() if f.kind in kinds]
        if kinds == ("daily", "session"):
            found.sort(key=lambda f: (f.day or "", f.path), reverse=True)  # newest first
        return [FileRef(_label(f), f.path, _opener(ws, f.path)) for f in found]

    def _entries_page(self, name: str, title: str, refs: Callable[[], list[FileRef]]) -> Page:
        def count() -> str:
            try:
                total = sum(len(self.workspace.curated(r.rel).doc.entries()) for r in refs())
            except (ValueError, WorkspaceError):
                return self.tr("{title} (unreadable!)").format(title=title)
            mark = " *" if any(self.workspace.curated(r.rel).modified for r in refs()) else ""
            return f"{title} ({total}){mark}"

        def show() -> None:
            self.entries.ws = self.workspace
            self.entries.show_files(refs(), title=title)
            self.stack.setCurrentWidget(self.entries)
            self._show_annotations()

        return Page(name, count, show)

    def _read_only_page(self, name: str, title: str, kinds: tuple[str, ...]) -> Page:
        def show() -> None:
            ws: OpenClawWorkspace = self.workspace
            files = [(core_text(f.label), f.path) for f in ws.files() if f.kind in kinds]
            self.read_only_view.show_files(ws, files, title=title)
            self.stack.setCurrentWidget(self.read_only_view)

        return Page(name, lambda: title, show)

    def refresh_page(self, row: int) -> None:
        if self.stack.currentWidget() is self.entries:
            self.pages[row].show()  # its file list too: the agent may have added a note
        else:
            super().refresh_page(row)

    def status_text(self) -> str:
        return f"OpenClaw · {super().status_text()}"

    # -- the selected entry ---------------------------------------------------------------------
    def _entry(self) -> oc_entries.Entry | None:
        key, source = self.entries.current_key(), self.entries.source
        if key is None or source is None:
            return None
        found = source.find(key)
        return found if isinstance(found, oc_entries.Entry) else None

    def _show_annotations(self) -> None:
        source = self.entries.source
        kind = oc_entries.file_kind(source.rel) if source is not None else None
        writable = source is not None and not source.read_only
        key = self.entries.current_key()
        owner = (source.rel, key) if source is not None else None
        self.annotations.show_entry(self._entry(), kind, writable, owner)

    def _apply_annotations(self, fields: dict[str, object]) -> None:
        source, key = self.entries.source, self.entries.current_key()
        if source is None or key is None:
            return
        ws: OpenClawWorkspace = self.workspace
        self._push(lambda: ws.set_fields(source, key, fields))

    def _supersede(self, source: AnyDocument, key: str, text: str) -> ChangeSet:
        ws: OpenClawWorkspace = self.workspace
        return ws.supersede(source, key, text)

    def _pin(self, source: AnyDocument, key: str, _text: str) -> ChangeSet:
        ws: OpenClawWorkspace = self.workspace
        return ws.pin_section(source, key)

    def _push(self, make: Callable[[], ChangeSet]) -> None:
        self.entries.push_change(make)
        self.annotations.forget_typed()
        self._show_annotations()

    def go_to_source(self, rel: str, line: int) -> None:
        """Show the daily note a promoted memory came from, at the entry holding `line`."""
        ws: OpenClawWorkspace = self.workspace
        if not any(f.path == rel for f in ws.files()):
            self.failed.emit(
                self.tr("{file}: the daily note this memory came from is no longer there").format(
                    file=rel
                )
            )
            return
        self.select_page("notes")
        self.entries.select_file(rel)
        entry = ws.curated(rel).doc.entry_at_line(line)
        if entry is None:
            self.notice.emit(
                self.tr(
                    "{file}: line {line} is no longer an entry; the note is shown whole"
                ).format(file=rel, line=line)
            )
            self.entries.tabs.setCurrentIndex(1)
            return
        self.entries.filter.clear()
        self.entries.select_key(entry.key)

    # -- what the agent will do -----------------------------------------------------------------
    def _warnings(self, source: AnyDocument) -> list[str]:
        kind = oc_entries.file_kind(source.rel)
        found = warnings.file_warnings(source.rel, kind, source.text())
        return [
            self.tr("line {line}: {message}").format(line=w.line, message=core_text(w.message))
            for w in found
        ]

    def _describe(self, source: AnyDocument, key: str) -> str:
        entry = source.find(key)
        if not isinstance(entry, oc_entries.Entry):
            return ""
        return describe_entry(entry)


def describe_entry(e: oc_entries.Entry) -> str:
    """One paragraph on an entry: where it sits, its annotations, where the agent got it."""
    bits = [
        QCoreApplication.translate("OpenClawDesk", "Lines {first}-{last}").format(
            first=e.line, last=e.end_line
        )
    ]
    if e.section:
        bits.append(
            QCoreApplication.translate("OpenClawDesk", "under “{section}”").format(
                section=" › ".join(e.section)
            )
        )
    if e.observed or e.status:
        bits.append(
            QCoreApplication.translate("OpenClawDesk", "observed {day}, {status}").format(
                day=e.observed or "?",
                status=e.status or QCoreApplication.translate("OpenClawDesk", "no status"),
            )
        )
    if e.promotion is not None:
        bits.append(_promotion(e.promotion))
    if (e.agent_start, e.agent_end) != (e.line, e.end_line) and e.agent_start:
        bits.append(
            QCoreApplication.translate(
                "OpenClawDesk", "OpenClaw indexes it as lines {first}-{last}"
            ).format(first=e.agent_start, last=e.agent_end)
        )
    if e.managed:
        bits.append(
            QCoreApplication.translate(
                "OpenClawDesk",
                "inside the {block} dreaming block: OpenClaw overwrites it at its next run",
            ).format(block=e.managed)
        )
    return " · ".join(bits)


def _promotion(p: oc_entries.Promotion) -> str:
    """How the agent got the memory: consolidated or promoted, when, from where, its numbers."""
    how = (
        QCoreApplication.translate("OpenClawDesk", "consolidated")
        if p.kind == "consolidated"
        else QCoreApplication.translate("OpenClawDesk", "promoted by dreaming")
    )
    where = ""
    if p.source:
        where = QCoreApplication.translate(
            "OpenClawDesk", " from {file} lines {first}-{last}"
        ).format(file=p.source, first=p.start, last=p.end)
    numbers = [
        QCoreApplication.translate("OpenClawDesk", "score {score}").format(score=f"{p.score:.3f}")
        if p.score is not None
        else "",
        _counted(
            p.signals,
            QCoreApplication.translate("OpenClawDesk", "1 signal"),
            QCoreApplication.translate("OpenClawDesk", "{count} signals"),
        ),
        _counted(
            p.recalls,
            QCoreApplication.translate("OpenClawDesk", "1 recall"),
            QCoreApplication.translate("OpenClawDesk", "{count} recalls"),
        ),
    ]
    return f"{how} {p.date or ''}{where} ({', '.join(n for n in numbers if n)})"


def _counted(count: int | None, one: str, many: str) -> str:
    """`one` or `many` said of `count` (nothing when there is no count)."""
    if count is None:
        return ""
    return (one if count == 1 else many).format(count=count)


def _is_memory_file(source: AnyDocument) -> bool:
    return source.rel == "MEMORY.md"


def _is_user_file(source: AnyDocument) -> bool:
    return oc_entries.file_kind(source.rel) == "user" and not source.read_only


def _ref(ws: OpenClawWorkspace, rel: str) -> FileRef:
    return FileRef(rel, rel, _opener(ws, rel))


def _opener(ws: OpenClawWorkspace, rel: str) -> Callable[[], AnyDocument]:
    return lambda: ws.curated(rel)


def _label(file: MemoryFile) -> str:
    label = core_text(file.label)
    if not file.read_only:
        return label
    return QCoreApplication.translate("OpenClawDesk", "{file} (read-only)").format(file=label)


DESK = OpenClawDesk
