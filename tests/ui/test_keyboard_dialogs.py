"""The dialogs and the server page as a keyboard and screen-reader user meets them (issue 27):
every interactive widget named, Tab going round without being caught, Escape closing a dialog
and Enter pressing the right button; the same checks `test_keyboard.py` makes of the pages."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from app.crash import CrashDialog, build_report
from core.demo import write_demo
from core.store.merge import Conflict
from tests.ui.keyboard_walk import tab_round, unnamed
from tests.ui.test_main_window import select_rows
from tests.ui.test_several_workspaces import open_tab
from ui.agents.everbot.decay_dialog import DecayDialog
from ui.agents.everbot.desk import EverBotDesk
from ui.agents.picoclaw.profile_view import AddKeyDialog
from ui.conflict_dialog import ConflictDialog
from ui.hubs import add_hubs, ask_remote, open_remote_page
from ui.llm_settings import LlmSettingsDialog
from ui.main_window import MainWindow
from ui.pending_dialog import PendingDialog
from ui.remote_view import RemoteView
from ui.settings import Settings
from ui.shortcuts import ShortcutsDialog
from ui.welcome import WelcomeDialog

Make = Callable[[MainWindow], QDialog]


def _crash(window: MainWindow) -> QDialog:
    try:
        raise ValueError("记忆 1.7")
    except ValueError:
        report = build_report(*sys.exc_info(), thread_name="MainThread", recent_log=[])
        return CrashDialog(report, window)


def _where(window: MainWindow) -> QDialog:
    window.menus.where_else()
    dialog = window.menus.where_dialog
    assert dialog is not None
    return dialog


DIALOGS: dict[str, tuple[Make, str]] = {  # how each is made, the button Enter presses
    "conflict": (
        lambda w: ConflictDialog([Conflict("k1", "旧", "mine", "theirs")], w, file="MEMORY.md"),
        "Save",
    ),
    "llm settings": (lambda w: LlmSettingsDialog(Settings(), w), "OK"),
    "add key": (lambda w: AddKeyDialog(w), "OK"),
    "decay": (lambda w: DecayDialog(w.ws, w), "Cancel"),  # type: ignore[arg-type]
    "shortcuts": (lambda w: ShortcutsDialog(w), ""),  # a search field and the list
    "where else": (_where, "Close"),
    "welcome": (lambda w: WelcomeDialog(w), "Continue"),
    "pending": (lambda w: PendingDialog(w.ws, w), "Close"),  # type: ignore[arg-type]
    "crash": (_crash, "Close"),
}


@pytest.fixture
def everbot_open(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    write_demo(tmp_path / "ws", layout="everbot")
    tab = open_tab(qtbot, window, tmp_path / "ws")
    assert isinstance(tab.desk, EverBotDesk)
    select_rows(tab.desk, 0)
    yield window


def dialog_round(dialog: QWidget, most: int = 60) -> list[str]:
    """Tab from the widget with the focus until it comes back to it: those gone through (a
    date field's Tab goes through its day, month and year first, as Qt's do)."""
    start = QApplication.focusWidget()
    assert start is not None and dialog.isAncestorOf(start), "nothing in the dialog has focus"
    went: list[str] = []
    for _press in range(most):
        widget = QApplication.focusWidget()
        assert widget is not None
        QTest.keyClick(widget, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is start and went:
            return went
        if now is not start:
            went.append(f"{type(now).__name__} {now.objectName()!r}" if now else "")
    raise AssertionError(f"Tab never came back: {went[-5:] or 'stayed in ' + repr(start)}")


def default_button(dialog: QWidget) -> str:
    found = [b.text().replace("&", "") for b in dialog.findChildren(QPushButton) if b.isDefault()]
    return " / ".join(found)


def problems(dialog: QDialog, qtbot: QtBot, default: str) -> list[str]:
    dialog.show()
    qtbot.waitExposed(dialog)  # type: ignore[no-untyped-call]
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5000)
    found = [f"unnamed: {w}" for w in sorted(unnamed(dialog))]  # type: ignore[arg-type]
    if default_button(dialog) != default:
        found.append(f"Enter presses {default_button(dialog)!r}, not {default!r}")
    try:
        dialog_round(dialog)
    except AssertionError as exc:
        found.append(str(exc))
    QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
    if dialog.isVisible():
        found.append("Escape did not close it")
    dialog.close()
    return found


@pytest.mark.parametrize("name", sorted(DIALOGS))
def test_every_dialog_is_named_goes_round_and_closes_with_escape(
    everbot_open: MainWindow, qtbot: QtBot, name: str
) -> None:
    make, default = DIALOGS[name]
    dialog = make(everbot_open)
    qtbot.addWidget(dialog)
    found = problems(dialog, qtbot, default)
    assert not found, "\n".join(found)


def test_the_open_on_a_server_dialog_is_named_and_closes_with_escape(
    window: MainWindow, qtbot: QtBot
) -> None:
    """File → Open workspace on a server…: the address field is named, Enter opens, Escape
    closes the dialog and nothing is opened."""
    add_hubs(window)
    found: list[list[str]] = []

    def check() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        found.append(problems(dialog, qtbot, "OK"))

    QTimer.singleShot(0, check)
    ask_remote(window)
    assert found == [[]]
    assert not any(name.startswith("remote ") for name in window.hubs)


def test_the_server_page_is_named_and_tab_goes_round_it(window: MainWindow, qtbot: QtBot) -> None:
    """Tried with a screen reader on a server's page: its tables and text box were read out as
    "table" and "edit"; now each is named, and Tab goes round each of its tabs."""
    add_hubs(window)
    qtbot.waitActive(window)  # type: ignore[no-untyped-call]
    assert open_remote_page(window, "ssh://127.0.0.1:1/srv/agent")  # nobody answers there
    view = window.hubs["remote ssh://127.0.0.1:1/srv/agent"]
    assert isinstance(view, RemoteView)
    qtbot.waitUntil(lambda: not view.tasks.busy, timeout=30_000)
    for index in range(view.tabs.count()):
        view.tabs.setCurrentIndex(index)
        assert unnamed(window) == set(), view.tabs.tabText(index)
        assert "remoteReload" in tab_round(window)
