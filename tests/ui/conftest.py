"""Qt test guards: every test must close what it opened."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
import shiboken6
from PySide6.QtCore import QEvent, QThreadPool
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.crash import CrashHandler, install_crash_handler
from core.demo import write_demo
from ui.i18n import I18N_DIR, install_language, remove
from ui.main_window import MainWindow
from ui.settings import Settings


@pytest.fixture(autouse=True)
def _no_leftovers(qapp: QApplication) -> Iterator[None]:
    """Fail a test that leaves a top-level widget (shown or not) or a background job behind."""
    before = {shiboken6.getCppPointer(w)[0] for w in qapp.topLevelWidgets()}
    yield
    QThreadPool.globalInstance().waitForDone(5_000)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qapp.processEvents()
    # The test's Qt objects in reference cycles are freed now, while Qt is as the test left it,
    # not by a collection that happens to run during a later test (a crash there).
    gc.collect()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    left = [w for w in qapp.topLevelWidgets() if shiboken6.getCppPointer(w)[0] not in before]
    assert not left, f"top-level widgets left behind: {left}"


@pytest.fixture(scope="session")
def chinese_qm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed Simplified Chinese catalog built into a .qm once for the session."""
    qm = tmp_path_factory.mktemp("i18n") / "memdesk_zh_CN.qm"
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    source = I18N_DIR / "memdesk_zh_CN.ts"
    subprocess.run([str(lrelease), "-silent", str(source), "-qm", str(qm)], check=True)
    return qm


@pytest.fixture
def chinese(qapp: QApplication, chinese_qm: Path) -> Iterator[None]:
    """The window's language set to zh_CN (MemDesk's catalog and Qt's own), English after."""
    installed = install_language(qapp, "zh_CN", folder=chinese_qm.parent)
    assert len(installed) == 2, "MemDesk's translation and Qt's own"
    yield
    remove(qapp, installed)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """The main window, shown, with its settings in tmp_path."""
    win = MainWindow(Settings(search_debounce_ms=50), settings_path=tmp_path / "settings.json")
    qtbot.addWidget(win, before_close_func=_forget_edits)
    win.show()
    yield win


@pytest.fixture
def everbot(tmp_path: Path) -> Path:
    """The EverBot demo workspace, written in tmp_path."""
    write_demo(tmp_path / "everbot", layout="everbot")
    return tmp_path / "everbot"


@pytest.fixture
def hermes(tmp_path: Path) -> Path:
    """The Hermes demo home, written in tmp_path."""
    write_demo(tmp_path / "hermes", layout="hermes")
    return tmp_path / "hermes"


def _forget_edits(win: QWidget) -> None:
    """No "unsaved edits?" question (a modal dialog) while a test's window closes."""
    assert isinstance(win, MainWindow)
    win.opener.wait()
    for tab in win.tabs():  # every open workspace's, shown or not
        tab.tasks.wait()
        if tab.ws.modified:
            tab.ws.reload()


@pytest.fixture
def stack() -> QUndoStack:
    """An undo stack for a view's `push`, as the window gives it."""
    return QUndoStack()


@pytest.fixture
def failures() -> list[str]:
    """Collects a view's `failed` messages (connect `failures.append`)."""
    return []


@pytest.fixture
def crash(window: MainWindow) -> Iterator[CrashHandler]:
    """The window's crash handler, as the application installs it (its dialog: a crash)."""
    handler = install_crash_handler(lambda: window)
    yield handler
    handler.uninstall()
    if handler.dialog is not None and shiboken6.isValid(handler.dialog):
        handler.dialog.close()
        handler.dialog.deleteLater()
    handler.deleteLater()


@pytest.fixture
def qasync_loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """The window's asyncio loop as app.gui sets it up: qasync's, on the Qt event loop. Its
    tasks run while qtbot waits (waitSignal, waitUntil), as they run in the window."""
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        left = asyncio.all_tasks(loop)
        for task in left:
            task.cancel()
        deadline = 50
        while any(not task.done() for task in left) and deadline:
            qapp.processEvents()
            deadline -= 1
        qapp.aboutToQuit.disconnect(loop._after_run_forever)
        loop._QEventLoop__is_running = False  # stop() would quit the QApplication
        asyncio.events._set_running_loop(None)
        loop.close()
        asyncio.set_event_loop(None)
