"""MemDesk's own writes are never taken for another program's (issue 23, item 6): applying an
edit with Ctrl+Return, saving, and the pages that write at once leave no "changed by another
program while you typed" behind, and text typed in the EverBot detail pane and not applied yet
is an unsaved edit like any other: Ctrl+S saves it, closing asks, a page that writes at once
asks for it to be saved first instead of writing under it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.cli import main
from tests.conftest import FIXTURES
from tests.ui.test_main_window import opened, type_text, wait_saved
from tests.ui.test_restore_window import ONLY_THERE, backups_page, memory_ids, tick
from ui.agents.everbot.desk import EverBotDesk
from ui.agents.picoclaw.desk import PicoClawDesk
from ui.main_window import MainWindow
from ui.watcher import SETTLE_MS

KEY = "855f3f"
ANOTHER = "another program"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    assert main(["demo", str(folder)]) == 0
    return folder


def type_at_end(desk: EverBotDesk, text: str) -> None:
    editor = desk.detail.content
    editor.setFocus()
    editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(editor, text)


def ctrl_return(qtbot: QtBot, desk: EverBotDesk) -> None:
    qtbot.keyClick(desk.detail.content, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def settle(qtbot: QtBot, window: MainWindow) -> None:
    """Long enough for the file watcher to report MemDesk's own write and the window to look."""
    qtbot.wait(SETTLE_MS * 3)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)


def memory_text(demo: Path) -> str:
    return (demo / "MEMORY.md").read_text(encoding="utf-8")


def test_apply_edits_then_save_tells_of_no_other_program(
    qtbot: QtBot, window: MainWindow, demo: Path
) -> None:
    """Tried as a user would: after every Apply edits (Ctrl+Return) the pane said
    "[855f3f] was changed by another program while you typed…" though nothing else wrote."""
    desk = opened(qtbot, window, demo)
    notices: list[str] = []
    desk.notice.connect(notices.append)
    desk.select_key(KEY)
    for word in ("一", "二", "三"):
        type_at_end(desk, word)
        ctrl_return(qtbot, desk)
        settle(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)
    settle(qtbot, window)
    type_at_end(desk, "四")
    ctrl_return(qtbot, desk)
    settle(qtbot, window)

    assert not [n for n in notices if ANOTHER in n]
    assert ANOTHER not in window.banner.text() or not window.banner.isVisible()
    assert desk.detail.content.toPlainText().endswith("一二三四")
    assert "一二三\n" in memory_text(demo)


def test_text_typed_after_an_apply_is_saved_by_ctrl_s(
    qtbot: QtBot, window: MainWindow, demo: Path
) -> None:
    """Tried as a user would: applied an edit, typed on, pressed Ctrl+S: the file got the applied
    text and the editor went back to it; what was typed after the apply was gone."""
    desk = opened(qtbot, window, demo)
    desk.select_key(KEY)
    type_at_end(desk, "applied")
    ctrl_return(qtbot, desk)
    type_at_end(desk, " and typed on")

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)

    assert "applied and typed on\n" in memory_text(demo)
    assert desk.detail.content.toPlainText().endswith("applied and typed on")
    assert not window.isWindowModified()


def test_closing_with_text_typed_in_the_detail_pane_asks_first(
    qtbot: QtBot, window: MainWindow, demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = opened(qtbot, window, demo)
    desk.select_key(KEY)
    type_at_end(desk, " typed")
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", question)
    assert not window.close()
    assert asked and "unsaved edits" in asked[0]
    assert desk.detail.content.toPlainText().endswith(" typed")


def test_a_restore_with_text_typed_over_the_memory_asks_to_save_first(
    qtbot: QtBot, window: MainWindow, demo: Path
) -> None:
    """A page that writes at once (here Restore checked memories…) does not write under text
    typed and not applied: it says to save first, and the typed text is an unsaved edit."""
    desk, page = backups_page(qtbot, window, demo)
    desk.select_key(KEY)
    type_at_end(desk, " typed")
    failures: list[str] = []
    desk.failed.connect(failures.append)
    for key in ONLY_THERE:
        tick(qtbot, page.diff_table, key)

    qtbot.mouseClick(page.restore_checked, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)

    assert failures and failures[0].startswith("Save (Ctrl+S) or undo your unsaved edits first")
    assert window.isWindowModified() and memory_ids(demo).isdisjoint(ONLY_THERE)
    assert desk.detail.content.toPlainText().endswith(" typed")
    assert set(page.checked_keys()) == set(ONLY_THERE)


def test_changing_only_the_category_keeps_the_texts_no_break_spaces(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a user would: changed a memory's category and applied; its text's no-break
    spaces ("10\u00a0km") became plain spaces in the file, a change nobody asked for."""
    folder = tmp_path / "ws"
    folder.mkdir()
    text = "Runs 10\u00a0km on\u00a0Sundays"
    (folder / "MEMORY.md").write_text(
        "# Agent Memory\n\n## Active Memories\n\n"
        f"### [abc123] fact | 0.80 | 2026-11-01 | 3\n{text}\n",
        encoding="utf-8",
    )
    desk = opened(qtbot, window, folder)
    desk.select_key("abc123")
    line = desk.detail.category.lineEdit()
    assert line is not None
    line.setFocus()
    line.selectAll()
    type_text(line, "habit")
    qtbot.keyClick(line, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)

    saved = memory_text(folder)
    assert "] habit |" in saved
    assert f"\n{text}\n" in saved


@pytest.mark.parametrize("tab", ["entry", "whole file"])
def test_editing_picoclaw_long_term_memory_keeps_no_break_spaces(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, tab: str
) -> None:
    """The same in PicoClaw's Long-term memory page: an entry's text or the whole file, edited
    at its end, came back with every no-break space of the text turned into a space."""
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "picoclaw" / "home", home)
    longterm = home / "workspace" / "memory" / "MEMORY.md"
    spaced = "User has a dog named\u00a0Bob."
    longterm.write_text(
        longterm.read_text(encoding="utf-8").replace("User has a dog named Bob.", spaced),
        encoding="utf-8",
    )
    window.open_workspace(home)
    qtbot.waitUntil(lambda: isinstance(window.desk, PicoClawDesk), timeout=10_000)
    entries = window.desk.entries  # type: ignore[union-attr]
    if tab == "entry":
        entries.select_row(1)
        editor, apply = entries.editor, entries.apply_button
    else:
        entries.tabs.setCurrentIndex(1)
        editor, apply = entries.file_text, entries.apply_text_button
    editor.setFocus()
    editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(editor, " Woof")
    qtbot.mouseClick(apply, Qt.MouseButton.LeftButton)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)

    assert f"{spaced} Woof" in longterm.read_text(encoding="utf-8")


def test_picoclaw_entry_text_typed_then_another_page_is_saved_by_ctrl_s(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a user would: typed in a long-term memory entry, looked at the daily notes,
    pressed Ctrl+S: 'Nothing to save', and closing the window did not ask."""
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "picoclaw" / "home", home)
    window.open_workspace(home)
    qtbot.waitUntil(lambda: isinstance(window.desk, PicoClawDesk), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, PicoClawDesk)
    desk.entries.select_row(1)
    editor = desk.entries.editor
    editor.setFocus()
    editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(editor, " Woof")
    desk.select_page("daily")

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)

    longterm = home / "workspace" / "memory" / "MEMORY.md"
    assert "User has a dog named Bob. Woof" in longterm.read_text(encoding="utf-8")


@pytest.mark.parametrize("button", ["reinforce_button", "archive_button", "pin_button"])
def test_text_being_typed_stays_through_reinforce_archive_and_pin(
    qtbot: QtBot, window: MainWindow, demo: Path, button: str
) -> None:
    """Tried as a user would: typing a memory's new text, clicked Reinforce: the typed text was
    replaced by the memory's old text (Archive and Pin to core did the same)."""
    desk = opened(qtbot, window, demo)
    desk.select_key(KEY)
    type_at_end(desk, " typed")
    qtbot.mouseClick(getattr(desk.detail, button), Qt.MouseButton.LeftButton)
    assert window.isWindowModified()
    if desk.current_key() != KEY:  # archived: shown on the Archived page
        desk.sidebar.setCurrentRow(1)
        desk.select_key(KEY)

    assert desk.detail.content.toPlainText().endswith(" typed")
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)
    assert " typed\n" in memory_text(demo)
