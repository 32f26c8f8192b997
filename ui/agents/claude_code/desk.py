"""Claude Code pages: the project's auto memory (MEMORY.md, the index, and each topic file),
with the warnings of what the agent will not load, what it loads at session start, and the
CLAUDE.md files it loads before it (read-only)."""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit, QWidget

from core.agents.claude_code.warnings import index_warnings, loss_warnings
from core.agents.claude_code.workspace import INDEX_FILE, ClaudeCodeWorkspace, topic_files
from core.store.documents import AnyDocument
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef, Opener
from ui.i18n import core_text
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner

TITLE = "Claude Code"


class ClaudeCodeDesk(SidebarDesk[ClaudeCodeWorkspace]):
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
        self.entries.warn = self._warnings
        self.instructions = QPlainTextEdit()
        self.instructions.setObjectName("claudeMdFiles")
        self.instructions.setReadOnly(True)  # plain text: a file's markup is never rendered
        self.add_page_widget(self.instructions)

    def pages_of(self, ws: ClaudeCodeWorkspace) -> list[Page]:
        return [
            Page("memory", self._memory_title, self._show_memory),
            self.context_page(),
            Page(
                "instructions",
                lambda: self.tr("CLAUDE.md files (read-only)"),
                self._show_instructions,
            ),
        ]

    def header_text(self, ws: ClaudeCodeWorkspace) -> str:
        from core.agents.claude_code.project import project_label

        return self.tr("{agent} memory of the project {project} · {root}").format(
            agent=TITLE, project=core_text(project_label(ws.root)), root=ws.root
        )

    def _memory_title(self) -> str:
        count = len(topic_files(self.workspace.root))
        mark = " *" if self.workspace.modified else ""
        if count == 1:
            return self.tr("Auto memory (1 topic file){mark}").format(mark=mark)
        return self.tr("Auto memory ({count} topic files){mark}").format(count=count, mark=mark)

    def _show_memory(self) -> None:
        ws: ClaudeCodeWorkspace = self.workspace
        files = [
            FileRef(self.tr("Index · MEMORY.md (loaded at session start)"), INDEX_FILE, ws.index)
        ]
        files += [
            FileRef(
                self.tr("Topic · {file}").format(file=rel.removeprefix("memory/")),
                rel,
                _topic_opener(ws, rel),
            )
            for rel in topic_files(ws.root)
        ]
        self.entries.ws = ws
        self.entries.show_files(files, title=self.tr("Auto memory"))
        self.stack.setCurrentWidget(self.entries)

    def _show_instructions(self) -> None:
        from core.agents.claude_code.instructions import instruction_lines

        lines = instruction_lines(self.workspace.root, said=core_text)
        self.instructions.setPlainText("\n".join(lines))
        self.stack.setCurrentWidget(self.instructions)

    def refresh_page(self, row: int) -> None:
        if self.stack.currentWidget() is self.entries:
            self.pages[row].show()  # the agent may have added a topic file
        else:
            super().refresh_page(row)

    def status_text(self) -> str:
        return f"{TITLE} · {super().status_text()}"

    def _warnings(self, source: AnyDocument) -> list[str]:
        """What the agent will not see of the shown file, and the index out of step with it."""
        root = self.workspace.root
        shown = str(root / source.rel)
        found = index_warnings(root) + loss_warnings(root)
        return [core_text(w.message) for w in found if w.file == shown]


def _topic_opener(ws: ClaudeCodeWorkspace, rel: str) -> Opener:
    return lambda: ws.topic(rel)


DESK = ClaudeCodeDesk
