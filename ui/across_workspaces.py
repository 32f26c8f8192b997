"""What the pages over every workspace scanned share (issue 26, item 2: the Inbox and the one
Activity): the filters (workspace, agent, text), reading every workspace off the UI thread, and
the banner naming each workspace that could not be read or refused what was asked there; one
workspace failing never hides the others.

Work that writes goes to a workspace through `sessions(found)` (the window lends an open tab's
session; else a fresh one). `tasks`: the window's runner, so that these writes and the tabs'
run one after the other (else the page runs its own)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from core.inbox import UNREADABLE, Outcome, Sessions
from core.scan import Found
from ui.i18n import QT_TRANSLATE_NOOP
from ui.tasks import TaskRunner
from ui.theme import error_style
from ui.untrusted import plain_label

__all__ = ["EVERY", "AcrossWorkspaces", "Scanner", "WorkspaceFilters"]

Scanner = Callable[[], Sequence[Found]]  # the workspaces to look in (`memdesk scan`'s)
translate = QCoreApplication.translate
EVERY = QT_TRANSLATE_NOOP("AcrossWorkspaces", "All")


class WorkspaceFilters(QWidget):
    """Which workspace, which agent, and a text."""

    changed = Signal()

    def __init__(self, name: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = _combo(f"{name}Workspace")
        self.agent = _combo(f"{name}Agent")
        self.text = QLineEdit()
        self.text.setObjectName(f"{name}Text")
        self.text.setPlaceholderText(placeholder)
        self.text.setClearButtonEnabled(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for label, widget in (
            (self.tr("Workspace"), self.workspace),
            (self.tr("Agent"), self.agent),
        ):
            row.addWidget(QLabel(label))
            row.addWidget(widget)
        row.addWidget(self.text, 1)
        self.workspace.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.agent.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.text.textChanged.connect(lambda _t: self.changed.emit())

    def offer(self, found: Sequence[Found]) -> None:
        """The workspaces and agents to choose from (the choice kept when still offered)."""
        _refill(self.workspace, sorted({(f.name, str(f.path)) for f in found}))
        _refill(self.agent, sorted({(f.title or f.agent, f.agent) for f in found}))

    def keeps(self, found: Found, *texts: str) -> bool:
        """Whether a row of `found`, showing `texts`, passes the filters."""
        workspace, agent = self.workspace.currentData(), self.agent.currentData()
        wanted = self.text.text().strip().casefold()
        return (
            workspace in (None, str(found.path))
            and agent in (None, found.agent)
            and (not wanted or any(wanted in t.casefold() for t in (found.name, *texts)))
        )


class AcrossWorkspaces(QWidget):
    """A page listing rows of every workspace scanned: `read` gives them (and the workspaces
    it could not read) off the UI thread; the page shows them in `show_rows`."""

    written = Signal(object)  # a workspace's path: something was written there
    failed = Signal(str)
    notice = Signal(str)

    def __init__(
        self,
        name: str,
        placeholder: str,
        sessions: Sessions,
        scanner: Scanner,
        tasks: TaskRunner | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.sessions, self.scanner = sessions, scanner
        self.runner = tasks or TaskRunner(self)
        self.unread: dict[Path, str] = {}  # a workspace's path -> why it could not be read
        self.refused: dict[Path, str] = {}  # ... why what was asked there was not written
        self.names: dict[Path, str] = {}
        self.reading = False
        self.writing = False
        self._again = False  # asked to read anew while reading
        self.filters = WorkspaceFilters(name, placeholder)
        self.filters.changed.connect(self.fill)
        self.status = plain_label(name=f"{name}Status", wrap=True)
        self.banner = plain_label(name=f"{name}Problems", wrap=True)
        self.banner.setStyleSheet(error_style())
        self.banner.hide()

    # -- what a page says -----------------------------------------------------------------------
    def read(self, found: Sequence[Found]) -> tuple[list[Any], list[Found]]:
        raise NotImplementedError

    def show_rows(self, rows: list[Any]) -> None:
        raise NotImplementedError

    def fill(self) -> None:
        """Show the rows as the filters ask."""
        raise NotImplementedError

    def enable(self) -> None:
        """Enable the page's buttons as its state allows (`busy` tells whether it works)."""

    # -- reading --------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.reading or self.writing

    def showEvent(self, event: QShowEvent) -> None:
        """Shown: read anew (what waits changes with every decision and every agent's run)."""
        super().showEvent(event)
        self.refresh()

    def refresh(self) -> None:
        """Read every workspace anew, off the UI thread."""
        if self.reading:
            self._again = True
            return
        self.reading = True
        self.status.setText(translate("AcrossWorkspaces", "Reading every workspace…"))
        self.enable()
        scanner, read = self.scanner, self.read
        self.runner.run(lambda: read(scanner()), on_done=self._was_read, on_error=self._not_read)

    def _was_read(self, result: tuple[list[Any], list[Found]]) -> None:
        rows, unread = result
        self.reading = False
        self.unread = {f.path: f.error for f in unread}
        found = [row.found for row in rows] + unread
        self.names |= {f.path: f.name for f in found}
        self.filters.offer(found)
        self.show_rows(rows)
        self.fill()
        self._fill_banner()
        self._next()

    def _not_read(self, exc: BaseException) -> None:
        self.reading = False
        self._said(exc)
        self.status.setText(translate("AcrossWorkspaces", "Not read: {error}").format(error=exc))
        self._next()

    def _said(self, exc: BaseException) -> None:
        if not isinstance(exc, UNREADABLE):
            raise exc  # unexpected: the crash handler takes it
        self.failed.emit(str(exc))

    def _next(self) -> None:
        if self._again:
            self._again = False
            self.refresh()
        else:
            self.enable()

    # -- writing --------------------------------------------------------------------------------
    def write(
        self, work: Callable[[], list[Outcome]], message: Callable[[list[Outcome]], str]
    ) -> bool:
        """Run `work` (each workspace through its session) off the UI thread; then tell which
        workspaces were written, name those that refused, and read every workspace anew."""
        if self.writing:
            return False
        self.writing = True
        self.enable()

        def done(outcomes: list[Outcome]) -> None:
            self.writing = False
            self._told(outcomes)
            if any(o.ids for o in outcomes):
                self.notice.emit(message(outcomes))
            self.refresh()

        def not_done(exc: BaseException) -> None:
            self.writing = False
            self.enable()
            self._said(exc)

        self.runner.run(work, on_done=done, on_error=not_done)
        return True

    def _told(self, outcomes: list[Outcome]) -> None:
        for o in outcomes:
            path = o.found.path
            self.names[path] = o.found.name
            if o.error:
                self.refused[path] = o.error
                self.failed.emit(f"{o.found.name}: {o.error}")
            else:
                self.refused.pop(path, None)
            if o.ids:
                self.written.emit(path)
        self._fill_banner()

    def problems(self) -> dict[Path, str]:
        """Each workspace not read, or that refused what was asked there last, and why."""
        return self.unread | self.refused

    def _fill_banner(self) -> None:
        lines = [
            f"{self.names.get(path, str(path))}: {why}" for path, why in self.problems().items()
        ]
        self.banner.setText("\n".join(lines))
        self.banner.setVisible(bool(lines))

    def wait(self) -> bool:
        """Block until reading or writing is over (on close and in tests)."""
        return self.runner.wait()


def _combo(name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.addItem(translate("AcrossWorkspaces", EVERY), None)
    return combo


def _refill(combo: QComboBox, choices: Sequence[tuple[str, str]]) -> None:
    """`combo` offering All, then each (text, data), the current choice kept when offered."""
    kept = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(translate("AcrossWorkspaces", EVERY), None)
    for text, data in choices:
        combo.addItem(text, data)
    combo.setCurrentIndex(max(combo.findData(kept), 0))
    combo.blockSignals(False)
