"""The second error path: unexpected exceptions open a crash dialog with copyable details.

Expected failures are shown by the window itself (status bar, banner). Everything else reaches
``sys.excepthook`` or ``threading.excepthook``; :func:`install_crash_handler` routes both to a
:class:`CrashDialog` on the GUI thread. A worker thread only formats the report (plain strings)
and emits a queued signal; it never touches a widget. API keys are scrubbed from every report
and from the recent log it quotes (core.secrets).
"""

from __future__ import annotations

import collections
import logging
import platform
import sys
import threading
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType

import PySide6
from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot, qVersion
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core import __version__
from core.secrets import ScrubSecrets, scrub_secrets
from ui.accessible import make_accessible

__all__ = [
    "CrashDialog",
    "CrashHandler",
    "CrashReport",
    "RecentLog",
    "install_crash_handler",
]

log = logging.getLogger(__name__)

RECENT_LOG_LINES = 50
_SUMMARY_MAX = 200
# Set on the log record of a crash report; RecentLog keeps only this one-line summary of it.
_SUMMARY_ATTR = "memdesk_crash_summary"


class RecentLog(logging.Handler):
    """Keeps the last few formatted log records in memory for the crash report (scrubbed)."""

    def __init__(
        self,
        capacity: int = RECENT_LOG_LINES,
        *,
        extra_secrets: Callable[[], Iterable[str]] = tuple,
    ) -> None:
        super().__init__(logging.NOTSET)
        self._lines: collections.deque[str] = collections.deque(maxlen=capacity)
        self.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S")
        )
        self.addFilter(ScrubSecrets(extra_secrets))

    def emit(self, record: logging.LogRecord) -> None:
        summary = getattr(record, _SUMMARY_ATTR, None)
        if isinstance(summary, str):
            # An earlier crash report: one line, or every report would nest all the earlier ones.
            record = logging.makeLogRecord({**record.__dict__, "msg": summary, "args": None})
        try:
            text = self.format(record)
        except Exception:  # a bad format string must not break logging elsewhere
            self.handleError(record)
            return
        # Handler.handle() holds self.lock around emit(); the deque is safe across threads.
        self._lines.extend(text.splitlines() or [""])

    def lines(self) -> list[str]:
        self.acquire()
        try:
            return list(self._lines)
        finally:
            self.release()


@dataclass(frozen=True, slots=True)
class CrashReport:
    """What the dialog shows: plain, already scrubbed strings (safe to pass between threads)."""

    summary: str
    details: str


def build_report(
    exc_type: type[BaseException],
    exc_value: BaseException | None,
    exc_tb: TracebackType | None,
    *,
    thread_name: str,
    recent_log: list[str],
    extra_secrets: Iterable[str] = (),
) -> CrashReport:
    """Format an exception with versions and the recent log, scrubbed of secrets."""
    secrets = tuple(extra_secrets)
    # Scrubbed before it is cut short: a key cut in two would no longer be recognised.
    message = scrub_secrets(str(exc_value), extra=secrets) if exc_value is not None else ""
    first_line = message.strip().splitlines()[0] if message.strip() else ""
    summary = f"{exc_type.__name__}: {first_line}" if first_line else exc_type.__name__
    if len(summary) > _SUMMARY_MAX:
        summary = summary[: _SUMMARY_MAX - 1] + "…"
    trace = "".join(traceback.format_exception(exc_type, exc_value, exc_tb))
    details = "\n".join(
        [
            "MemDesk crash report",
            f"Time: {datetime.now(UTC).isoformat(timespec='seconds')}",
            f"Thread: {thread_name}",
            "",
            *_versions(),
            "",
            trace.rstrip("\n"),
            "",
            f"Recent log (last {len(recent_log)} lines):",
            *(recent_log or ["(empty)"]),
        ]
    )
    return CrashReport(
        summary=scrub_secrets(summary, extra=secrets),
        details=scrub_secrets(details, extra=secrets),
    )


def _versions() -> list[str]:
    return [
        f"MemDesk: {__version__}",
        f"Python: {platform.python_version()} ({platform.python_implementation()})",
        f"Qt: {qVersion()}, PySide6: {PySide6.__version__}",
        f"Platform: {platform.platform()}",
    ]


class CrashDialog(QDialog):
    """Modal dialog: one-line summary, read-only details, Copy details, Close."""

    def __init__(self, report: CrashReport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("MemDesk: unexpected error"))
        self.setModal(True)
        self.resize(720, 480)
        self._reports: list[CrashReport] = []

        intro = QLabel(
            self.tr(
                "MemDesk ran into an unexpected error. Your files were not changed by this dialog; copy the details below when you report the problem."
            )
        )
        intro.setWordWrap(True)
        # Exception messages may quote memory text written by an LLM: never rich text.
        intro.setTextFormat(Qt.TextFormat.PlainText)
        self.summary_label = QLabel()
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.summary_label.font()
        font.setBold(True)
        self.summary_label.setFont(font)

        self.details_edit = QPlainTextEdit()
        self.details_edit.setObjectName("crashDetails")
        self.details_edit.setReadOnly(True)
        self.details_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))

        buttons = QDialogButtonBox()
        self.copy_button = QPushButton(self.tr("Copy details"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.details_edit, 1)
        layout.addWidget(buttons)
        self.close_button.setDefault(True)  # once in the dialog: Qt ignores it before
        self.add_report(report)
        make_accessible(self)

    def add_report(self, report: CrashReport) -> None:
        """Show another error in the same dialog instead of stacking dialogs."""
        self._reports.append(report)
        if len(self._reports) == 1:
            self.summary_label.setText(report.summary)
        else:
            self.summary_label.setText(
                self.tr("{count} unexpected errors; the first: {summary}").format(
                    count=len(self._reports), summary=self._reports[0].summary
                )
            )
        separator = "\n\n" + "=" * 72 + "\n\n"
        self.details_edit.setPlainText(separator.join(r.details for r in self._reports))

    def details(self) -> str:
        return self.details_edit.toPlainText()

    @Slot()
    def copy_details(self) -> None:
        QApplication.clipboard().setText(self.details())


class CrashHandler(QObject):
    """Receives exceptions from any thread and shows them on the GUI thread.

    Lives in the GUI thread; ``_reported`` is emitted from whichever thread failed, so Qt
    delivers it queued when that is a worker and directly on the GUI thread.
    """

    _reported = Signal(object)
    dialog_opened = Signal(object)  # the CrashDialog, once it is shown

    def __init__(
        self,
        parent_getter: Callable[[], QWidget | None],
        *,
        recent_log: RecentLog,
        extra_secrets: Callable[[], Iterable[str]] = tuple,
    ) -> None:
        super().__init__()
        self._parent_getter = parent_getter
        self.recent_log = recent_log
        self._extra_secrets = extra_secrets
        self.dialog: CrashDialog | None = None
        self._showing = False
        self._prev_sys_hook: Callable[..., object] | None = None
        self._prev_thread_hook: Callable[[threading.ExceptHookArgs], object] | None = None
        self._reported.connect(self._show)

    def install(self) -> None:
        self._prev_sys_hook = sys.excepthook
        self._prev_thread_hook = threading.excepthook
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_excepthook
        logging.getLogger().addHandler(self.recent_log)

    def uninstall(self) -> None:
        """Restore the hooks found at install time and detach the log handler."""
        if self._prev_sys_hook is not None:
            sys.excepthook = self._prev_sys_hook
            self._prev_sys_hook = None
        if self._prev_thread_hook is not None:
            threading.excepthook = self._prev_thread_hook
            self._prev_thread_hook = None
        logging.getLogger().removeHandler(self.recent_log)

    def excepthook(
        self,
        exc_type: type[BaseException],
        exc_value: BaseException,
        exc_tb: TracebackType | None,
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc_value, exc_tb)
            return
        self.report(exc_type, exc_value, exc_tb, thread_name=threading.current_thread().name)

    def thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if issubclass(args.exc_type, SystemExit):  # threading ignores it too
            return
        name = args.thread.name if args.thread is not None else "unknown thread"
        self.report(args.exc_type, args.exc_value, args.exc_traceback, thread_name=name)

    def report(
        self,
        exc_type: type[BaseException],
        exc_value: BaseException | None,
        exc_tb: TracebackType | None,
        *,
        thread_name: str,
    ) -> None:
        """Format the error here (any thread) and hand the strings to the GUI thread."""
        try:
            report = build_report(
                exc_type,
                exc_value,
                exc_tb,
                thread_name=thread_name,
                recent_log=self.recent_log.lines(),
                extra_secrets=self._extra_secrets(),
            )
        except Exception:  # the crash path itself must not crash
            report = CrashReport(
                summary=scrub_secrets(exc_type.__name__),
                details=scrub_secrets(
                    "".join(traceback.format_exception_only(exc_type, exc_value))
                ),
            )
        # Logged after the recent-log snapshot so the report does not contain itself.
        log.error(
            "Unexpected error in %s:\n%s",
            thread_name,
            report.details,
            extra={_SUMMARY_ATTR: f"Unexpected error in {thread_name}: {report.summary}"},
        )
        if self._showing and QThread.currentThread() is self.thread():
            return  # showing the dialog failed: the log above is all that is left to do
        if QApplication.instance() is None:
            return  # shutting down: no dialog any more
        # Direct call on the GUI thread, queued from a worker (AutoConnection).
        self._reported.emit(report)

    @Slot(object)
    def _show(self, report: CrashReport) -> None:
        self._showing = True
        try:
            if self.dialog is not None and self.dialog.isVisible():
                self.dialog.add_report(report)
                return
            if self.dialog is not None:
                self.dialog.deleteLater()
            self.dialog = CrashDialog(report, self._parent_getter())
            self.dialog.open()  # non-blocking; exec() would spin a nested event loop
        finally:
            self._showing = False
        self.dialog_opened.emit(self.dialog)


def install_crash_handler(
    parent_getter: Callable[[], QWidget | None],
    *,
    extra_secrets: Callable[[], Iterable[str]] = tuple,
) -> CrashHandler:
    """Route unexpected exceptions from any thread to a crash dialog; needs a QApplication.

    ``parent_getter`` returns the window to parent the dialog to (or None) at crash time.
    ``extra_secrets`` returns further strings to scrub (e.g. a key named by the settings).
    Call ``uninstall()`` on the result to restore the previous hooks.
    """
    app = QApplication.instance()
    if app is None:
        raise RuntimeError("install_crash_handler() needs a QApplication")
    recent_log = RecentLog(extra_secrets=extra_secrets)
    handler = CrashHandler(parent_getter, recent_log=recent_log, extra_secrets=extra_secrets)
    if handler.thread() is not app.thread():
        raise RuntimeError("install_crash_handler() must be called on the GUI thread")
    handler.install()
    return handler
