"""What the window's shell asks of an agent's pages: a `Desk`.

The shell (`ui.main_window`) owns the menus and the title; each open workspace's tab
(`ui.open_tab`) owns its undo stack, saving, reloading and the watch on its files. A desk shows
one agent's open workspace and turns the person's actions into core change sets on its undo
stack. Each agent's desk lives in `ui/agents/<agent>/desk.py`;
`ui.agents.desk_class` finds it by the agent's name.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QAction, QUndoCommand
from PySide6.QtWidgets import QWidget

from core.agent import OpenWorkspace
from core.formats.text import InputError
from core.session import Session
from core.store.documents import Refreshed
from core.store.errors import WorkspaceError
from ui.settings import Settings
from ui.tasks import TaskRunner

Push = Callable[[QUndoCommand], None]
translate = QCoreApplication.translate
W = TypeVar("W", bound=OpenWorkspace)  # the workspace its agent opens
T = TypeVar("T")
DESK_MARGINS = (6, 4, 6, 0)  # around every desk: the same air between the window and its pages


class Desk(QWidget, Generic[W]):
    """One agent's pages over its open workspace."""

    failed = Signal(str)  # an expected failure, worded for the person
    changed = Signal()  # an edit, undo or redo: the shell updates title, status and watches
    notice = Signal(str)  # something worth a banner (not an error)
    written = Signal(str)  # a page wrote at once (restore, undo, policy): what it did
    # A banner belongs to the page shown when it was raised (`page_name`):
    page_changed = Signal()  # another page is shown: the banner goes
    resolved = Signal(str)  # an action of this page (its name) succeeded: its banner goes

    def __init__(
        self,
        push: Push,
        tasks: TaskRunner,
        settings: Settings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.push = push
        self.tasks = tasks  # its workspace's worker: saves and reloads run there, one at a time
        self.settings = settings or Settings()
        self.ws: W | None = None
        self._session: Session[W] | None = None  # the window's, with the journal it holds

    @property
    def workspace(self) -> W:
        """The workspace shown (pages ask only once one is)."""
        if self.ws is None:
            raise RuntimeError("no workspace is shown yet")
        return self.ws

    @property
    def session(self) -> Session[W]:
        """The session of the workspace shown: what pages that work on the journal take."""
        if self._session is None:
            raise RuntimeError("no workspace is shown yet")
        return self._session

    def busy(self) -> bool:
        """True while a save or a reload runs: no edit may start."""
        return self.tasks.busy

    def show_session(self, session: Session[W]) -> None:
        """Show the workspace of a session the window opened (its first page)."""
        self._session = session
        self.show_workspace(session.workspace)

    def show_workspace(self, ws: W) -> None:
        """Show a newly opened workspace (its first page); a page that works on the journal
        has it through `session`."""
        if self._session is None or self._session.workspace is not ws:
            self._session = Session(ws.agent, ws)
        self.ws = ws

    def write_now(
        self,
        work: Callable[[], Any],
        message: str | Callable[[Any], str],
        then: Callable[[bool], None] | None = None,
    ) -> None:
        """A page's operation that writes at once through core (a restore, an undo from the
        journal, a policy change, a review decision, a fixed problem), off the UI thread;
        `message` says what it did (or makes that line from what `work` returned). `then` hears
        whether it was written, once it is over (or refused)."""
        finish = then or (lambda _written: None)
        page = self.page_name()
        if self.tasks.busy:
            self.failed.emit(
                translate("Desk", "MemDesk is still saving or reading files; try again in a moment")
            )
            finish(False)
            return
        self.apply_pending()  # text typed and not applied is an unsaved edit too
        if self.ws is not None and self.ws.modified:
            self.failed.emit(
                translate(
                    "Desk",
                    "Save (Ctrl+S) or undo your unsaved edits first: this writes at once, and "
                    "would write them too",
                )
            )
            finish(False)
            return

        def done(result: Any) -> None:
            self.resolved.emit(page)  # first: what the page shows anew may need a banner
            self.written.emit(message(result) if callable(message) else message)
            finish(True)

        def failed(exc: BaseException) -> None:
            if not isinstance(exc, (WorkspaceError, InputError, OSError)):
                finish(False)
                raise exc  # unexpected: the crash handler takes it
            self.refresh()
            self.failed.emit(str(exc))
            finish(False)

        self.tasks.run(self.lending(work), on_done=done, on_error=failed)

    def lending(self, work: Callable[[], T]) -> Callable[[], T]:
        """`work` run with the session's journal lent to the thread it runs on: what it reads
        or writes of the journal (the guarded commit, an agent's bookkeeping) goes through the
        one the window holds."""
        session = self._session

        def lent() -> T:
            if session is None:
                return work()
            with session.journal.lent():
                return work()

        return lent

    def connect_page(self, widget: QWidget) -> None:
        """Relay a page's failed / notice / resolved / write_requested signals to the desk's."""
        for name, relay in (("failed", self.failed), ("notice", self.notice)):
            signal = getattr(widget, name, None)
            if signal is not None:
                signal.connect(relay)
        resolved = getattr(widget, "resolved", None)
        if resolved is not None:
            resolved.connect(lambda: self.resolved.emit(self.page_name()))
        requested = getattr(widget, "write_requested", None)
        if requested is not None:
            requested.connect(self.write_now)

    def page_name(self) -> str:
        """The page shown (the banner raised now belongs to it); emit `page_changed` when
        another is shown."""
        return ""

    def refresh(self) -> None:
        """Show the workspace's state anew (after undo, redo, save or a reload)."""

    def refreshed(self, what: Refreshed) -> None:
        """Another program changed files: those without edits were read anew. Pages keep what
        the person typed and has not applied yet."""
        self.refresh()

    def apply_pending(self) -> None:
        """Text typed but not applied yet becomes an edit (before a save)."""

    def saved(self, results: list[Any]) -> None:
        """A save finished (its results, one per file written)."""
        self.refresh()

    def reveal(self, file: str, key: str) -> None:
        """Show the memory `key` of `file` for editing (the review queue's "Edit first")."""
        self.notice.emit(
            translate(
                "Desk", "[{key}] is in {file}: open its page in the sidebar to edit it"
            ).format(key=key, file=file)
        )

    def current_memory(self) -> str | None:
        """The text of the memory the person has selected (for Where else is it?), if any."""
        return None

    def show_folder(self, folder: Path) -> bool:
        """Show the page of `folder` when a page of this workspace shows it (a Hermes profile
        of the Hermes home open): True when one does."""
        return False

    def holds_folder(self, folder: Path) -> bool:
        """True when a page of this workspace shows `folder`'s files (`show_folder` shows it)."""
        return False

    def actions(self) -> list[QAction]:
        """The desk's own actions for the window's Edit menu (archive, delete, …)."""
        return []

    def status_text(self) -> str:
        """The right end of the status bar."""
        ws = self.ws
        if ws is None:
            return translate("Desk", "No workspace")
        edited = len(ws.modified_documents())
        if not edited:
            return translate("Desk", "saved")
        one = edited == 1
        files = (
            translate("Desk", "{count} file with unsaved edits")
            if one
            else translate("Desk", "{count} files with unsaved edits")
        )
        return files.format(count=edited)


AnyDesk = Desk[Any]  # the desk of whichever agent is open
