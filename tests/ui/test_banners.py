"""The window's banner belongs to the page that raised it and to its cause (issue 23, item 7):
it goes when another page is shown, when the same cause is resolved (a later success of the
same action, an undo of the action it reported), and a newer banner replaces it. Each case of
the issue, driven with clicks and keys as a person would."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QListWidget
from pytestqt.qtbot import QtBot

from app.cli import main
from tests.conftest import FIXTURES
from tests.ui.test_main_window import opened, type_text, wait_saved
from tests.ui.test_review_window import _press, _queue, _settled
from ui.agents.picoclaw.desk import PicoClawDesk
from ui.agents.picoclaw.policy_view import OVERRIDE
from ui.main_window import MainWindow

NO_HIT = "No memory only in backups holds"
IN_THE_OLDEST_BACKUP_ONLY = "Framework"  # c511c3: the demo's agent dropped it


def click_page(sidebar: QListWidget, name: str) -> None:
    """Click a page's entry in the sidebar, as a mouse would."""
    row = next(
        r for r in range(sidebar.count()) if sidebar.item(r).data(Qt.ItemDataRole.UserRole) == name
    )
    spot = sidebar.visualItemRect(sidebar.item(row)).center()
    QTest.mouseClick(sidebar.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert sidebar.currentRow() == row


def shown(window: MainWindow) -> str:
    """The banner's text while it is shown, else ''."""
    return window.banner.text() if window.banner.isVisible() else ""


@pytest.fixture
def everbot_demo(tmp_path: Path) -> Path:
    root = tmp_path / "demo"
    assert main(["demo", str(root)]) == 0
    return root


def test_no_backup_hit_banner_goes_when_the_table_shows_a_backup_hit(
    qtbot: QtBot, window: MainWindow, everbot_demo: Path
) -> None:
    """Tried as a user would: 'No memory only in backups holds…' (Backups page) stayed while
    the Active table listed a memory only a backup holds."""
    desk = opened(qtbot, window, everbot_demo)
    click_page(desk.sidebar, "backups")
    page = desk.backups_view
    page.tabs.setCurrentIndex(2)  # Find in backups
    page.search.setFocus()
    QTest.keyClicks(page.search, "nowhere to be found")
    QTest.keyClick(page.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: NO_HIT in shown(window), timeout=10_000)

    click_page(desk.sidebar, "active")
    desk.search.setFocus()
    type_text(desk.search, IN_THE_OLDEST_BACKUP_ONLY)
    qtbot.waitUntil(lambda: bool(desk.model.hits()), timeout=10_000)

    assert shown(window) == ""


def test_a_later_search_with_hits_resolves_the_no_hit_banner(
    qtbot: QtBot, window: MainWindow, everbot_demo: Path
) -> None:
    desk = opened(qtbot, window, everbot_demo)
    click_page(desk.sidebar, "backups")
    page = desk.backups_view
    page.tabs.setCurrentIndex(2)
    page.search.setFocus()
    QTest.keyClicks(page.search, "nowhere to be found")
    QTest.keyClick(page.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: NO_HIT in shown(window), timeout=10_000)

    page.search.selectAll()
    QTest.keyClicks(page.search, IN_THE_OLDEST_BACKUP_ONLY)
    with qtbot.waitSignal(page.searched, timeout=10_000):
        QTest.keyClick(page.search, Qt.Key.Key_Return)

    assert page.found_hits and shown(window) == ""


@pytest.fixture
def pico_home(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "picoclaw" / "home", tmp_path / "home")
    return tmp_path / "home"


def open_policy(qtbot: QtBot, window: MainWindow, home: Path) -> PicoClawDesk:
    window.open_workspace(home)
    qtbot.waitUntil(lambda: isinstance(window.desk, PicoClawDesk), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, PicoClawDesk)
    click_page(desk.sidebar, "policy")
    desk.policy.confirm = lambda _text: True  # type: ignore[method-assign]
    return desk


def type_override(qtbot: QtBot, desk: PicoClawDesk, key: str, text: str) -> None:
    """Type into the key's override cell and press Return."""
    view = desk.policy
    index = view.model.index(view.model.row_of(key) or 0, OVERRIDE)
    view.table.setCurrentIndex(index)
    view.table.edit(index)
    editor = view.table.indexWidget(index)
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)


def test_a_refused_override_banner_goes_after_a_snapshot_restore(
    qtbot: QtBot, window: MainWindow, pico_home: Path
) -> None:
    """Tried as a user would: 'recent_days must be a whole number' stayed after a successful
    snapshot restore on the same page."""
    desk = open_policy(qtbot, window, pico_home)
    type_override(qtbot, desk, "recent_days", "abc")
    qtbot.waitUntil(lambda: "recent_days must be a whole number" in shown(window), timeout=5_000)

    versions = desk.policy.versions
    versions.table.setCurrentCell(0, 1)
    assert "whole number" in shown(window)  # choosing a snapshot resolves nothing
    QTest.mouseClick(versions.restore_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)

    overrides = pico_home / "workspace" / "memory" / "policy_overrides.json"
    assert '"retrieve_limit": 8' in overrides.read_text(encoding="utf-8")
    assert shown(window) == ""


def test_a_banner_goes_when_another_page_is_shown_and_comes_back_for_a_new_cause(
    qtbot: QtBot, window: MainWindow, pico_home: Path
) -> None:
    desk = open_policy(qtbot, window, pico_home)
    type_override(qtbot, desk, "recent_days", "abc")
    qtbot.waitUntil(lambda: "whole number" in shown(window), timeout=5_000)

    click_page(desk.sidebar, "daily")
    assert shown(window) == ""

    click_page(desk.sidebar, "policy")
    assert shown(window) == ""  # gone for good: its page was left
    type_override(qtbot, desk, "retrieve_limit", "0")
    qtbot.waitUntil(lambda: "retrieve_limit must be at least 1" in shown(window), timeout=5_000)
    type_override(qtbot, desk, "recent_days", "x")  # a newer banner replaces it
    qtbot.waitUntil(lambda: "recent_days must be a whole number" in shown(window), timeout=5_000)
    assert "retrieve_limit" not in shown(window)


def test_the_rejected_banner_goes_when_ctrl_z_undoes_the_rejection(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a user would: 'Rejected #3' stayed after Ctrl+Z put the proposal back."""
    _root, view = _queue(qtbot, window, tmp_path)
    waiting = len(view.proposals)
    _press(qtbot, view, Qt.Key.Key_R)
    _settled(qtbot, window, view)
    assert shown(window).startswith("Rejected #")
    assert len(view.proposals) == waiting - 1

    view.card.setFocus()
    qtbot.keyClick(view.card, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    _settled(qtbot, window, view)

    assert len(view.proposals) == waiting
    assert shown(window) == ""


def test_a_refused_edit_banner_goes_when_the_edit_is_applied(
    qtbot: QtBot, window: MainWindow, everbot_demo: Path
) -> None:
    desk = opened(qtbot, window, everbot_demo)
    desk.table.setCurrentIndex(desk.model.index(0, 0))
    line = desk.detail.category.lineEdit()
    assert line is not None
    line.setFocus()
    line.selectAll()
    QTest.keyClicks(line, "two words")
    QTest.keyClick(line, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "letters, digits or _ only" in shown(window)

    line.selectAll()
    QTest.keyClicks(line, "two_words")
    QTest.keyClick(line, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    assert window.isWindowModified() and shown(window) == ""


def test_a_save_that_failed_is_resolved_by_the_next_save(
    qtbot: QtBot, window: MainWindow, everbot_demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = opened(qtbot, window, everbot_demo)
    ws = window.ws
    assert ws is not None
    desk.table.setCurrentIndex(desk.model.index(0, 0))
    desk.detail.content.setFocus()
    type_text(desk.detail.content, "x")
    QTest.keyClick(desk.detail.content, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    save_all = ws.save_all

    def disk_full(*_args: object, **_kwargs: object) -> object:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ws, "save_all", disk_full)
    QTest.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "No space left on device" in shown(window), timeout=10_000)

    monkeypatch.setattr(ws, "save_all", save_all)
    QTest.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)

    assert shown(window) == ""
