"""Crash path: sys.excepthook / threading.excepthook open a crash dialog on the GUI thread."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

import app.crash
import core.secrets
from app.crash import CrashDialog, CrashHandler, RecentLog, build_report, install_crash_handler
from core import __version__
from core.secrets import API_KEY_ENV
from tests.core.test_secrets import FORMS, KEY, key_fragment

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


@pytest.fixture
def parent_window(qtbot: QtBot) -> QWidget:
    window = QWidget()
    qtbot.addWidget(window)
    return window


@pytest.fixture
def handler(qtbot: QtBot, parent_window: QWidget) -> Iterator[CrashHandler]:
    """An installed handler; afterwards the hooks are restored and its dialog is gone."""
    sys_hook, thread_hook = sys.excepthook, threading.excepthook
    crash = install_crash_handler(lambda: parent_window)
    assert sys.excepthook == crash.excepthook
    assert threading.excepthook == crash.thread_excepthook
    yield crash
    crash.uninstall()
    assert sys.excepthook == sys_hook
    assert threading.excepthook == thread_hook
    assert crash.recent_log not in logging.getLogger().handlers
    if crash.dialog is not None and shiboken6.isValid(crash.dialog):
        crash.dialog.close()
        crash.dialog.deleteLater()
    crash.deleteLater()


def _exc_info(exc: BaseException) -> ExcInfo:
    try:
        raise exc
    except BaseException as caught:  # any exception, to give it a real traceback
        return type(caught), caught, caught.__traceback__


def _fail_in_a_memdesk_function() -> None:
    raise ValueError("score out of range: 记忆 1.7")


def _open_dialog(qtbot: QtBot, crash: CrashHandler) -> CrashDialog:
    qtbot.waitUntil(lambda: crash.dialog is not None and crash.dialog.isVisible())
    assert crash.dialog is not None
    return crash.dialog


def test_excepthook_opens_the_dialog_with_the_traceback(
    qtbot: QtBot, handler: CrashHandler, parent_window: QWidget
) -> None:
    logging.getLogger("memdesk.test").warning("loaded workspace 工作区")
    try:
        _fail_in_a_memdesk_function()
    except ValueError:
        sys.excepthook(*sys.exc_info())

    dialog = _open_dialog(qtbot, handler)
    assert dialog.parent() is parent_window
    assert dialog.isModal()
    assert dialog.summary_label.text() == "ValueError: score out of range: 记忆 1.7"
    assert dialog.summary_label.textFormat() == Qt.TextFormat.PlainText
    assert dialog.details_edit.isReadOnly()
    details = dialog.details()
    assert "Traceback (most recent call last):" in details
    assert "_fail_in_a_memdesk_function" in details
    assert "ValueError: score out of range: 记忆 1.7" in details
    assert f"MemDesk: {__version__}" in details
    assert f"Python: {sys.version.split()[0]}" in details
    assert "Qt: 6." in details
    assert "Thread: MainThread" in details
    assert "loaded workspace 工作区" in details


def test_copy_details_puts_the_report_on_the_clipboard(qtbot: QtBot, handler: CrashHandler) -> None:
    handler.excepthook(*_exc_info(RuntimeError("boom")))
    dialog = _open_dialog(qtbot, handler)
    QApplication.clipboard().clear()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    copied = QApplication.clipboard().text()
    assert copied == dialog.details()
    assert "RuntimeError: boom" in copied


def test_close_button_closes_the_dialog(qtbot: QtBot, handler: CrashHandler) -> None:
    handler.excepthook(*_exc_info(RuntimeError("boom")))
    dialog = _open_dialog(qtbot, handler)
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_api_keys_are_scrubbed_from_report_log_and_clipboard(
    qtbot: QtBot,
    handler: CrashHandler,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    env_key = "local-llm-key-Zq93xTT"
    monkeypatch.setenv(API_KEY_ENV, env_key)
    logging.getLogger("memdesk.llm").warning("retrying with key %s", env_key)
    message = (
        "LLM request failed: Authorization: Bearer abcdEFGH12345678 "
        f"api_key=sk-proj-AbCdEf0123456789xyz env={env_key}"
    )
    with caplog.at_level(logging.ERROR, logger="app.crash"):
        handler.excepthook(*_exc_info(ConnectionError(message)))

    dialog = _open_dialog(qtbot, handler)
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name == "app.crash")
    for text in (dialog.summary_label.text(), dialog.details(), QApplication.clipboard().text()):
        assert "[REDACTED]" in text
        for secret in (env_key, "abcdEFGH12345678", "AbCdEf0123456789xyz"):
            assert secret not in text
    assert "LLM request failed" in dialog.details()
    assert logged and env_key not in logged and "AbCdEf0123456789xyz" not in logged


def test_exception_in_a_worker_thread_is_shown_on_the_gui_thread(
    qtbot: QtBot, handler: CrashHandler, qapp: QApplication
) -> None:
    shown_on: list[threading.Thread] = []
    handler.dialog_opened.connect(lambda _dialog: shown_on.append(threading.current_thread()))

    def work() -> None:
        raise KeyError("missing memory 甲乙")

    worker = threading.Thread(target=work, name="memdesk-worker")
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive()
    # The worker only emitted a queued signal: nothing is shown until the GUI loop runs.
    assert handler.dialog is None

    dialog = _open_dialog(qtbot, handler)
    assert shown_on == [threading.main_thread()]
    assert dialog.thread() is qapp.thread()
    assert "Thread: memdesk-worker" in dialog.details()
    assert "KeyError: 'missing memory 甲乙'" in dialog.details()
    assert "in work" in dialog.details()


def test_a_second_error_joins_the_open_dialog(qtbot: QtBot, handler: CrashHandler) -> None:
    handler.excepthook(*_exc_info(RuntimeError("first")))
    dialog = _open_dialog(qtbot, handler)
    handler.excepthook(*_exc_info(RuntimeError("second")))
    assert handler.dialog is dialog
    assert "RuntimeError: first" in dialog.details()
    assert "RuntimeError: second" in dialog.details()
    assert dialog.summary_label.text().startswith("2 unexpected errors")


def test_a_new_dialog_after_the_first_was_closed(qtbot: QtBot, handler: CrashHandler) -> None:
    handler.excepthook(*_exc_info(RuntimeError("first")))
    first = _open_dialog(qtbot, handler)
    first.reject()
    handler.excepthook(*_exc_info(RuntimeError("second")))
    second = _open_dialog(qtbot, handler)
    assert second is not first
    details = second.details()
    assert details.count("Traceback (most recent call last):") == 1
    assert "RuntimeError: second" in details
    # The earlier crash is in the recent log as one line, not as a nested report.
    assert "ERROR app.crash: Unexpected error in MainThread: RuntimeError: first" in details
    assert details.count("MemDesk crash report") == 1


def test_keyboard_interrupt_goes_to_the_default_hook(
    handler: CrashHandler, capsys: pytest.CaptureFixture[str]
) -> None:
    handler.excepthook(*_exc_info(KeyboardInterrupt()))
    assert handler.dialog is None
    assert "KeyboardInterrupt" in capsys.readouterr().err


def test_system_exit_in_a_thread_is_ignored(qtbot: QtBot, handler: CrashHandler) -> None:
    worker = threading.Thread(target=sys.exit, args=(3,))
    worker.start()
    worker.join(timeout=10)
    qtbot.wait(50)
    assert handler.dialog is None


def test_install_needs_no_dialog_until_a_crash(handler: CrashHandler, qapp: QApplication) -> None:
    assert handler.dialog is None
    assert handler.recent_log in logging.getLogger().handlers


def test_recent_log_keeps_the_last_lines() -> None:
    recent = RecentLog(capacity=3)
    logger = logging.getLogger("memdesk.test.recent")
    logger.addHandler(recent)
    try:
        for i in range(5):
            logger.warning("line %d", i)
        logger.warning("two\nlines")
    finally:
        logger.removeHandler(recent)
    lines = recent.lines()
    assert len(lines) == 3
    assert lines[0].endswith("line 4")
    assert lines[1:] == [lines[1], "lines"] and lines[1].endswith("two")


def test_the_crash_report_holds_the_key_in_no_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(API_KEY_ENV, KEY)
    recent = RecentLog()
    logger = logging.getLogger("memdesk.test.llm")
    logger.addHandler(recent)
    try:
        for name, form in FORMS.items():
            logger.warning("%s: %s", name, form)
    finally:
        logger.removeHandler(recent)
    error = ConnectionError("; ".join(FORMS.values()))
    report = build_report(*_exc_info(error), thread_name="worker", recent_log=recent.lines())
    assert report.summary.startswith("ConnectionError: [REDACTED]; ")
    assert "[REDACTED]" in report.details
    for name, form in FORMS.items():
        for text in (report.summary, report.details, *recent.lines()):
            assert key_fragment(form) not in text, name


def test_the_crash_report_uses_the_one_scrubber() -> None:
    assert app.crash.scrub_secrets is core.secrets.scrub_secrets
    source = Path(app.crash.__file__).read_text(encoding="utf-8")
    assert "re.compile" not in source and "REDACTED" not in source
