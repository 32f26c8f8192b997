"""The main window driven like a person would: open, search, select, edit, save, undo, bulk edit,
another program writing the file. Files on disk are checked after every save."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from core.agents.everbot import format as ev
from core.demo import write_demo
from tests.conftest import FIXTURES
from ui.agents.everbot.desk import EverBotDesk
from ui.agents.everbot.memory_table import MemoryTableModel
from ui.main_window import MainWindow

TODAY = date(2026, 3, 1)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    write_demo(folder, entries=60, seed=7, today=TODAY)
    return folder


def opened(qtbot: QtBot, window: MainWindow, path: Path) -> EverBotDesk:
    """Open an EverBot workspace; its desk once the table shows its memories."""
    window.open_workspace(path)
    qtbot.waitUntil(
        lambda: (
            window.ws is not None
            and isinstance(window.desk, EverBotDesk)
            and window.desk.model.rowCount() > 0
        ),
        timeout=10_000,
    )
    assert isinstance(window.desk, EverBotDesk)
    return window.desk


def type_text(widget: QWidget, text: str) -> None:
    """Type like a keyboard (QTest.keyClicks only knows ASCII; memories are often Chinese)."""
    for ch in text:
        for kind in (QKeyEvent.Type.KeyPress, QKeyEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))


def select_rows(desk: EverBotDesk, *rows: int) -> None:
    """Select rows as a click and shift-clicks would (QTableView.selectRow follows whatever
    modifier keys Qt believes are held, which a previous test's Ctrl+Z can leave behind)."""
    model, selection = desk.model, desk.table.selectionModel()
    flags = selection.SelectionFlag
    selection.setCurrentIndex(model.index(rows[0], 0), flags.ClearAndSelect | flags.Rows)
    for row in rows[1:]:
        selection.select(model.index(row, 0), flags.Select | flags.Rows)


def wait_saved(qtbot: QtBot, window: MainWindow) -> None:
    """Wait until the save running off the UI thread has finished and reported back."""
    qtbot.waitUntil(lambda: not window.tasks.busy and not window.ws.modified, timeout=10_000)  # type: ignore[union-attr]


def memory_file(path: Path) -> str:
    return (path / "MEMORY.md").read_text(encoding="utf-8")


def test_the_table_model_is_a_valid_qt_model(qtmodeltester: ModelTester) -> None:
    doc = ev.parse((FIXTURES / "everbot" / "canonical.input.md").read_bytes())
    model = MemoryTableModel(doc.find)
    model.set_keys([e.key for e in doc.entries()])
    qtmodeltester.check(model)
    assert model.rowCount() == 9
    assert model.index(0, 0).data() == "a1b2c3"
    assert model.index(0, 5).data() == "用户喜欢简洁的代码风格，偏好使用类型注解"
    model.sort(2, Qt.SortOrder.AscendingOrder)
    assert model.index(0, 0).data() == "01d002"
    qtmodeltester.check(model)


def test_opening_shows_the_active_memories_and_counts(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    desk = opened(qtbot, window, workspace)
    ws = desk.ws
    assert ws is not None and ws is window.ws
    active = [e for e in ws.entries() if e.section == "active"]
    assert desk.model.rowCount() == len(active)
    assert window.desks.currentWidget() is desk
    assert desk.sidebar.item(0).text() == f"Active ({len(active)})"
    assert desk.sidebar.item(1).text().startswith("Archived (")
    assert str(ws.root) in window.windowTitle()
    assert not window.isWindowModified()
    assert window.status.text().endswith(
        f"{len(ws.entries())} memories · showing {len(active)} · saved"
    )
    desk.select_page("review")  # a page with no table of memories counts none
    qtbot.waitUntil(lambda: "showing" not in window.status.text())
    assert window.status.text().endswith(f"{len(ws.entries())} memories · saved")


def test_find_edit_save_undo_by_keyboard(qtbot: QtBot, window: MainWindow, workspace: Path) -> None:
    desk = opened(qtbot, window, workspace)
    original = memory_file(workspace)
    desk.search.setFocus()
    type_text(desk.search, "黑咖啡")
    qtbot.waitUntil(lambda: 0 < desk.model.rowCount() < 5, timeout=5_000)
    key = desk.model.key_at(0)
    assert key is not None
    entry = desk.ws.find(key)  # type: ignore[union-attr]
    assert entry is not None and "黑咖啡" in entry.content

    desk.table.setFocus()
    desk.detail.content.setFocus()
    desk.detail.content.selectAll()
    type_text(desk.detail.content, "用户只喝美式咖啡")
    qtbot.keyClick(desk.detail.content, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.isWindowModified()
    assert "[*]" in window.windowTitle()

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)
    saved = memory_file(workspace)
    assert "用户只喝美式咖啡" in saved
    assert entry.content not in saved.split("用户只喝美式咖啡")[0][-200:]
    backups = list((workspace / ".memdesk" / "backups").glob("*_MEMORY.md"))
    assert any(b.read_text(encoding="utf-8") == original for b in backups)
    _only_that_memory_changed(original, saved, key)

    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.isWindowModified()
    assert desk.detail.content.toPlainText() == entry.content
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    wait_saved(qtbot, window)
    assert memory_file(workspace) == original


def _only_that_memory_changed(before: str, after: str, key: str) -> None:
    old, new = before.splitlines(), after.splitlines()
    assert len(old) == len(new)
    changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    assert len(changed) == 1
    assert old[changed[0] - 1].startswith(f"### [{key}]")


def test_bulk_archive_is_one_undoable_step(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    desk = opened(qtbot, window, workspace)
    rows = desk.model.rowCount()
    keys = [desk.model.key_at(r) for r in range(3)]
    select_rows(desk, 0, 1, 2)
    assert desk.selected_keys() == keys
    desk.table.setFocus()
    qtbot.keyClick(desk.table, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert desk.model.rowCount() == rows - 3
    assert all(desk.ws.find(k).section == "archived" for k in keys)  # type: ignore[union-attr]
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert desk.model.rowCount() == rows
    assert all(desk.ws.find(k).section == "active" for k in keys)  # type: ignore[union-attr]
    assert not window.ws.modified  # type: ignore[union-attr]


def test_delete_then_undo_restores_the_memory_in_place(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    desk = opened(qtbot, window, workspace)
    before = desk.ws.doc.to_bytes()  # type: ignore[union-attr]
    select_rows(desk, 1)
    desk.table.setFocus()
    qtbot.keyClick(desk.table, Qt.Key.Key_Delete)
    assert desk.ws.doc.to_bytes() != before  # type: ignore[union-attr]
    window.undo_stack.undo()
    assert desk.ws.doc.to_bytes() == before  # type: ignore[union-attr]


def test_an_invalid_query_says_why_inline(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    desk = opened(qtbot, window, workspace)
    rows = desk.model.rowCount()
    desk.search.setText("score<abc")
    desk.run_search()
    assert desk.search_error.isVisible()
    assert "score" in desk.search_error.text()
    assert desk.model.rowCount() == rows  # the table keeps the last good result


def test_another_program_writing_reloads_in_place(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    desk = opened(qtbot, window, workspace)
    ws = desk.ws
    assert ws is not None
    select_rows(desk, 2)
    key = desk.model.key_at(2)
    path = workspace / "MEMORY.md"
    script = (
        "import os, sys; p = sys.argv[1]; t = open(p, encoding='utf-8').read();"
        "t = t.replace('\\n## Archived Memories', '\\n### [ffee01] fact | 0.90 | 2026-02-28 | 1\\n"
        "written by the agent\\n\\n## Archived Memories', 1);"
        "open(p + '.tmp', 'w', encoding='utf-8').write(t); os.replace(p + '.tmp', p)"
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True)
    qtbot.waitUntil(lambda: ws.find("ffee01") is not None, timeout=10_000)
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=5_000)
    assert "another program" in window.banner.text()
    assert desk.current_key() == key
    # The watch is re-armed after the rename: a second change is seen too.
    subprocess.run(
        [sys.executable, "-c", script.replace("ffee01", "ffee02"), str(path)], check=True
    )
    qtbot.waitUntil(lambda: ws.find("ffee02") is not None, timeout=10_000)


@pytest.mark.parametrize("choice", ["theirs", "mine", "edit"])
def test_a_conflict_is_shown_and_settled_as_chosen(
    qtbot: QtBot, window: MainWindow, workspace: Path, choice: str
) -> None:
    desk = opened(qtbot, window, workspace)
    ws = desk.ws
    assert ws is not None
    key = desk.model.key_at(0)
    assert key is not None
    select_rows(desk, 0)
    old = ws.find(key).content  # type: ignore[union-attr]
    desk.detail.content.setPlainText("my version")
    desk.detail.apply_edits()
    path = workspace / "MEMORY.md"
    original = ws.base_data.decode()
    theirs = original.replace(f"{old}\n", "their version\n", 1)
    assert theirs != original
    window.watcher.blockSignals(True)  # keep this test about the save, not the reload
    agent = "import sys, pathlib; pathlib.Path(sys.argv[1]).write_text(sys.stdin.read(), encoding='utf-8')"
    subprocess.run([sys.executable, "-c", agent, str(path)], input=theirs, text=True, check=True)
    window.save()
    qtbot.waitUntil(
        lambda: window.conflict_dialog is not None and window.conflict_dialog.isVisible(),
        timeout=10_000,
    )
    assert memory_file(workspace) == theirs  # nothing overwritten before the person chooses
    dialog = window.conflict_dialog
    assert dialog is not None
    assert [box.conflict.key for box in dialog.boxes] == [key]
    box = dialog.boxes[0]
    if choice == "mine":
        box.keep_mine.setChecked(True)
    elif choice == "edit":
        box.write_own.setChecked(True)
        box.edited.setPlainText("a version of both")
    dialog.accept()
    wait_saved(qtbot, window)
    expected = {"theirs": "their version", "mine": "my version", "edit": "a version of both"}[
        choice
    ]
    assert f"\n{expected}\n" in memory_file(workspace)
    assert ws.find(key).content == expected  # type: ignore[union-attr]


def test_closing_leaves_no_window_dialog_or_running_job(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    opened(qtbot, window, workspace)
    window.close()
    assert not window.isVisible()
    assert not window.tasks.busy
    visible = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    assert visible == []


def test_the_theme_choice_applies_and_is_remembered(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from ui.settings import load_settings
    from ui.theme import is_dark

    window.set_theme("dark")
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert is_dark(app)
    assert load_settings(tmp_path / "settings.json")[0].theme == "dark"
    window.set_theme("light")
    assert not is_dark(app)
    window.set_theme("system")


def test_a_folder_added_to_scan_while_the_window_runs_is_kept(
    window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a person who ran `memdesk scan --add DIR` while the window was open: the window
    saved its own settings over it when the theme changed (or at close), and the folder was gone
    from the scan. Now the window keeps the folders added meanwhile."""
    from ui.settings import load_settings, save_settings

    path = tmp_path / "settings.json"
    added = str(tmp_path / "bots")
    save_settings(load_settings(path)[0].model_copy(update={"scan_folders": [added]}), path)
    window.set_theme("dark")
    window.set_theme("system")
    assert load_settings(path)[0].scan_folders == [added]


def test_problems_view_shows_each_quarantined_block_with_its_lines(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "stray"
    folder.mkdir()
    data = (FIXTURES / "everbot" / "stray_text.input.md").read_bytes()
    (folder / "MEMORY.md").write_bytes(data)
    desk = opened(qtbot, window, folder)
    assert desk.sidebar.item(2).text() == "Problems (4)"
    desk.sidebar.setCurrentRow(2)
    assert desk.stack.currentWidget() is desk.problems
    assert desk.problems.list.count() == 4
    desk.problems.list.setCurrentRow(2)
    assert "stray_heading" in desk.problems.list.item(2).text()
    assert desk.problems.why.text().endswith("as part of memory [aa0001]")
    assert desk.problems.text.toPlainText().startswith("## Some subsection")
    assert (folder / "MEMORY.md").read_bytes() == data  # looking writes nothing


def test_a_problem_is_fixed_into_a_memory_from_the_problems_view(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "stray"
    folder.mkdir()
    (folder / "MEMORY.md").write_bytes((FIXTURES / "everbot" / "stray_text.input.md").read_bytes())
    desk = opened(qtbot, window, folder)
    desk.sidebar.setCurrentRow(2)
    desk.problems.list.setCurrentRow(3)  # "Stray text right after the archived section header."
    assert desk.problems.fix_button.isEnabled()
    desk.problems.text.setPlainText(
        "### [aa0009] fact | 0.15 | 2026-02-26 | 1\nStray text right after the archived section header."
    )
    desk.problems.fix_button.click()
    qtbot.waitUntil(
        lambda: not window.tasks.busy and desk.problems.list.count() == 3, timeout=10_000
    )
    assert desk.ws.find("aa0009") is not None  # type: ignore[union-attr]
    assert "### [aa0009] fact | 0.15" in memory_file(folder)
    assert desk.sidebar.item(2).text() == "Problems (3)"


def test_an_unreadable_workspace_is_explained_in_the_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    window.open_workspace(empty)
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=10_000)
    assert "no agent memory here (looked for" in window.banner.text()
    assert window.ws is None and window.desk is None
    assert window.desks.currentWidget() is window.placeholder
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "MEMORY.md").write_bytes(b"### [aa0001] fact | 0.5 | 2026-01-01 | 1\n\xff\xfe\n")
    window.open_workspace(bad)
    qtbot.waitUntil(lambda: "not valid UTF-8" in window.banner.text(), timeout=10_000)
    assert ":2:" in window.banner.text()


def test_a_note_opened_in_the_window_is_refused_not_shown_empty(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Issue 23 item 5: a plain note opened as "0 memories"; now a banner says what MemDesk
    looked for, and nothing is created beside the note."""
    folder = tmp_path / "notes"
    folder.mkdir()
    note = folder / "notes.txt"
    note.write_bytes(b"my shopping list\n- milk\n")
    window.open_workspace(note)
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=10_000)
    assert "not an agent's memory file (MemDesk looked for" in window.banner.text()
    assert window.ws is None and window.desk is None
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_dropping_a_folder_opens_it(qtbot: QtBot, window: MainWindow, workspace: Path) -> None:
    from PySide6.QtCore import QMimeData, QPoint, QUrl
    from PySide6.QtGui import QDropEvent

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(workspace))])
    event = QDropEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    qtbot.waitUntil(lambda: window.ws is not None, timeout=10_000)
    assert window.ws.root == workspace  # type: ignore[union-attr]
    assert window.settings.recent_workspaces[0] == str(workspace)


def test_closing_with_unsaved_edits_asks_first(
    qtbot: QtBot, window: MainWindow, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    desk = opened(qtbot, window, workspace)
    select_rows(desk, 0)
    desk.detail.content.setPlainText("unsaved")
    desk.detail.apply_edits()
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard]
    asked: list[str] = []

    def question(
        _parent: object, _title: str, text: str, *args: object
    ) -> QMessageBox.StandardButton:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    window.close()
    assert window.isVisible()  # Cancel keeps the window and the edits
    assert window.ws.modified  # type: ignore[union-attr]
    window.close()
    assert not window.isVisible()  # Discard closes
    assert len(asked) == 2
    assert "unsaved" not in memory_file(workspace)


def test_an_edit_keeps_the_order_the_person_sorted_by(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    desk = opened(qtbot, window, workspace)
    desk.table.sortByColumn(4, Qt.SortOrder.DescendingOrder)  # by hits
    order = desk.model.keys()
    select_rows(desk, 3)
    key = desk.model.key_at(3)
    desk.detail.content.setPlainText("edited while sorted by hits")
    desk.detail.apply_edits()
    assert desk.model.keys() == order
    assert desk.current_key() == key


def test_what_the_agent_sees_follows_unsaved_edits(
    qtbot: QtBot, window: MainWindow, workspace: Path
) -> None:
    desk = opened(qtbot, window, workspace)
    select_rows(desk, 0)
    key = desk.model.key_at(0)
    assert key is not None
    desk.sidebar.setCurrentRow(3)
    assert desk.stack.currentWidget() is desk.prompt
    shown = desk.prompt.text.toPlainText()
    assert shown.startswith("# 历史记忆")
    entry = desk.ws.find(key)  # type: ignore[union-attr]
    assert f"- [{entry.category}] {entry.content}" in shown  # type: ignore[union-attr]
    from core.agents.everbot import ops as operations

    desk.apply_changes(operations.edit(desk.ws, key, score=0.1, label="lower"))  # type: ignore[arg-type]
    assert entry.content not in desk.prompt.text.toPlainText()  # type: ignore[union-attr]


def test_destroying_the_window_after_edits_is_quiet(
    qtbot: QtBot, tmp_path: Path, workspace: Path
) -> None:
    """As when MemDesk quits after the person edited (run_gui drops the window on return)."""
    import shiboken6

    from ui.settings import Settings

    win = MainWindow(Settings(search_debounce_ms=50), settings_path=tmp_path / "settings.json")
    win.show()
    try:
        desk = opened(qtbot, win, workspace)
        select_rows(desk, 0)
        desk.detail.content.setPlainText("an edit, then undone")
        desk.detail.apply_edits()
        win.undo_stack.undo()  # nothing unsaved: closing asks nothing; the steps stay
        assert win.undo_stack.count() == 1 and not win.modified()
        win.close()
        win.tasks.wait()
    finally:
        with qtbot.captureExceptions() as exceptions:
            shiboken6.delete(win)
    assert [str(e[1]) for e in exceptions] == []


@pytest.mark.parametrize("name", ["tiered", "picoclaw_hybrid", "pomelobot", "openclaw"])
def test_opening_a_workspace_writes_nothing_into_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, name: str
) -> None:
    """Tried as a new user would: merely opening a workspace created .memdesk/memdesk.db."""
    import shutil

    root = Path(shutil.copytree(FIXTURES / "workspaces" / name, tmp_path / name))
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    window.open_workspace(root)
    qtbot.waitUntil(lambda: window.ws is not None and not window.tasks.busy, timeout=10_000)
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
