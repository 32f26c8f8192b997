"""PicoClaw's pages: Long-term memory, Daily notes, Profile, What the agent sees, Policy &
snapshots (then every desk's Backups and Activity)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from core.agents.picoclaw.profile import ProfileError
from core.agents.picoclaw.workspace import LONGTERM, PicoClawWorkspace
from core.store.errors import WorkspaceError
from ui.agents.picoclaw.agent_view import AgentView
from ui.agents.picoclaw.daily_notes_view import DailyNotesView
from ui.agents.picoclaw.policy_view import PolicyView
from ui.agents.picoclaw.profile_view import ProfileView
from ui.desk import Push
from ui.entries_view import EntriesView, FileRef
from ui.i18n import core_error
from ui.settings import Settings
from ui.sidebar_desk import Page, SidebarDesk
from ui.tasks import TaskRunner


class PicoClawDesk(SidebarDesk[PicoClawWorkspace]):
    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(push, tasks, settings, parent)
        self.entries = EntriesView(push)
        self.notes = DailyNotesView(push)
        self.profile = ProfileView(push)
        self.agent = AgentView()
        self.policy = PolicyView()
        for page in (self.entries, self.notes, self.profile, self.agent, self.policy):
            self.add_page_widget(page)
        self.entries.changed.connect(self.document_changed)
        self.profile.changed.connect(self.document_changed)
        self.notes.changed.connect(self.document_changed)
        self.notes.longterm_changed.connect(self.document_changed)

    def pages_of(self, ws: PicoClawWorkspace) -> list[Page]:
        return [
            Page("longterm", self._longterm_title, self._show_longterm),
            Page("daily", lambda: self._notes_title(ws), self._show_notes),
            Page("profile", self._profile_title, self._show_profile),
            Page("agent", lambda: self.tr("What the agent sees"), self._show_agent),
            Page("policy", lambda: self.tr("Policy & snapshots"), self._show_policy),
            self.context_page(),
        ]

    def header_text(self, ws: PicoClawWorkspace) -> str:
        stamp = ws.last_compress()
        when = stamp.astimezone().strftime("%Y-%m-%d %H:%M") if stamp else self.tr("never")
        return self.tr(
            "PicoClaw workspace {root} · long-term memory last compressed by the agent: {when}"
        ).format(root=ws.root, when=when)

    # -- titles ---------------------------------------------------------------------------------
    def _longterm_title(self) -> str:
        try:
            document = self.workspace.longterm()
        except (ValueError, WorkspaceError):  # InputError: the page shows the reason
            return self.tr("Long-term memory (unreadable!)")
        mark = " *" if document.modified else ""
        return self.tr("Long-term memory ({count}){mark}").format(
            count=len(document.items()), mark=mark
        )

    def _notes_title(self, ws: PicoClawWorkspace) -> str:
        return self.tr("Daily notes ({count})").format(count=len(ws.daily_notes()))

    def _profile_title(self) -> str:
        try:
            profile = self.workspace.profile()
        except (ValueError, WorkspaceError):  # ProfileError: the page shows the reason
            return self.tr("Profile (unreadable!)")
        mark = " *" if profile.modified else ""
        return self.tr("Profile ({count}){mark}").format(count=len(profile.doc), mark=mark)

    # -- pages ----------------------------------------------------------------------------------
    def _show_longterm(self) -> None:
        ws: PicoClawWorkspace = self.workspace
        self.entries.ws, self.entries.promote = ws, None
        self.entries.show_files(
            [FileRef("memory/MEMORY.md", LONGTERM, ws.longterm)], title=self.tr("Long-term memory")
        )
        self.stack.setCurrentWidget(self.entries)

    def _show_notes(self) -> None:
        self.notes.show_workspace(self.workspace)
        self.stack.setCurrentWidget(self.notes)

    def _show_profile(self) -> None:
        try:
            self.profile.show_source(self.workspace.profile())
        except ProfileError as exc:  # shown with its raw text; never written over
            self.profile.show_source(None, exc)
        except (ValueError, WorkspaceError) as exc:
            self.profile.show_source(None)
            self.failed.emit(core_error(exc))
        self.stack.setCurrentWidget(self.profile)

    def _show_policy(self) -> None:
        self.policy.show_workspace(self.workspace)
        self.stack.setCurrentWidget(self.policy)

    def _show_agent(self) -> None:
        self.agent.show_agent(self.workspace)
        self.stack.setCurrentWidget(self.agent)

    def refresh_page(self, row: int) -> None:
        if self.stack.currentWidget() is self.entries:
            self.pages[row].show()
        else:
            super().refresh_page(row)

    def status_text(self) -> str:
        return f"PicoClaw · {super().status_text()}"


DESK = PicoClawDesk
