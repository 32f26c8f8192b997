"""Every editor of the window, on every agent's demo: text typed with real key events and not
applied yet stays when the agent (a real process) writes the file meanwhile, and applying it
merges with the agent's write (the agent's line is kept)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from ui.agents.everbot.desk import EverBotDesk
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk

TODAY = date(2026, 11, 26)
NEWEST = date(2026, 11, 25)  # the newest daily note of the PicoClaw demo
TYPED = " typed by the person"
AGENT = "written by the agent meanwhile"

# How the agents write: appending in place, or replacing the file by a rename.
APPEND = "import sys; open(sys.argv[1], 'a', encoding='utf-8').write(sys.argv[2])"
REPLACE = (
    "import os, sys; p = sys.argv[1]; t = open(p, encoding='utf-8').read();"
    "t = t.replace(sys.argv[2], sys.argv[3], 1);"
    "open(p + '.tmp', 'w', encoding='utf-8').write(t); os.replace(p + '.tmp', p)"
)
ADD_KEY = (
    "import json, os, sys; p = sys.argv[1]; d = json.load(open(p, encoding='utf-8'));"
    "d[sys.argv[2]] = json.loads(sys.argv[3]);"
    "open(p + '.tmp', 'w', encoding='utf-8').write(json.dumps(d, indent=2, sort_keys=True));"
    "os.replace(p + '.tmp', p)"
)
EVERBOT_MEMORY = f"\n### [ffee01] fact | 0.90 | 2026-11-25 | 1\n{AGENT}\n\n## Archived Memories"
EVERBOT_PROFILE = ".memdesk/profile.json"


def agent(script: str, path: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-c", script, str(path), *args], check=True)


@dataclass(frozen=True)
class Editor:
    """One editor: how a person reaches it, what the agent writes meanwhile, how it is applied."""

    layout: str
    file: str  # the file the agent writes, relative to the workspace
    reach: Callable[[MainWindow], QWidget]  # the widget to type into, shown and selected
    write: Callable[[Path], None]  # the agent's write
    seen: Callable[[MainWindow], bool]  # the window shows the agent's write
    apply: Callable[[MainWindow, QWidget], None]  # what the person does to apply the text
    saved_with: str  # what the file holds once applied (and saved) besides the agent's write
    typed: str = TYPED  # what the person types (at the end of the text, or over a cell's)
    agent_wrote: str = AGENT  # what the file holds of the agent's write
    at_once: bool = False  # applying writes the file (no save)
    cell: Callable[[MainWindow], QAbstractItemView] | None = None  # a table's cell is edited


# -- reaching the editors ----------------------------------------------------------------------
def everbot_row(window: MainWindow, row: int = 0) -> EverBotDesk:
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    desk.table.setCurrentIndex(desk.model.index(row, 0))
    return desk


def detail_content(window: MainWindow) -> QWidget:
    return everbot_row(window).detail.content


def detail_category(window: MainWindow) -> QWidget:
    return everbot_row(window).detail.category


def edit_first(window: MainWindow) -> QWidget:
    """The review queue's "Edit first": the memory shown for editing."""
    desk = everbot_row(window, 3)
    key = desk.model.key_at(0)
    assert key is not None and desk.ws is not None
    desk.select_page("review")
    desk.review_view.edit_requested.emit(desk.ws.file, key)
    assert desk.current_key() == key
    return desk.detail.content


def table_cell(table: QAbstractItemView, row: int, column: int) -> QLineEdit:
    index = table.model().index(row, column)
    table.setCurrentIndex(index)
    table.edit(index)
    editor = table.indexWidget(index)
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    return editor


def everbot_profile(window: MainWindow) -> QWidget:
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    desk.select_page("profile")
    row = desk.profile.model.row_of("promotion_at")
    assert row is not None
    return table_cell(desk.profile.table, row, 4)


def page(window: MainWindow, name: str) -> SidebarDesk:
    desk = window.desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page(name)
    return desk


def entry_editor(name: str, rel: str, row: int = 0) -> Callable[[MainWindow], QWidget]:
    def reach(window: MainWindow) -> QWidget:
        entries = page(window, name).entries  # type: ignore[attr-defined]
        entries.select_file(rel)
        entries.tabs.setCurrentIndex(0)
        entries.select_row(row)
        return entries.editor  # type: ignore[no-any-return]

    return reach


def whole_file(window: MainWindow) -> QWidget:
    entries = page(window, "longterm").entries  # type: ignore[attr-defined]
    entries.tabs.setCurrentIndex(1)
    return entries.file_text  # type: ignore[no-any-return]


def daily_note(window: MainWindow) -> QWidget:
    notes = page(window, "daily").notes  # type: ignore[attr-defined]
    notes.select_day(NEWEST)
    return notes.editor  # type: ignore[no-any-return]


def pico_profile(window: MainWindow) -> QWidget:
    view = page(window, "profile").profile  # type: ignore[attr-defined]
    return table_cell(view.table, view.model.row_of("dog"), 1)


def pico_policy(window: MainWindow) -> QWidget:
    view = page(window, "policy").policy  # type: ignore[attr-defined]
    return table_cell(view.table, view.model.row_of("retrieve_limit"), 4)


def annotations(window: MainWindow) -> QWidget:
    desk = page(window, "memory")
    entries = desk.entries  # type: ignore[attr-defined]
    for row in range(entries.row_count()):
        entries.select_row(row)
        if desk.annotations.project.isEnabled():  # type: ignore[attr-defined]
            return desk.annotations.project  # type: ignore[attr-defined,no-any-return]
    raise AssertionError("no entry with editable annotations")


# -- applying ----------------------------------------------------------------------------------
def click(button: str) -> Callable[[MainWindow, QWidget], None]:
    def apply(window: MainWindow, _editor: QWidget) -> None:
        target: object = window.desk
        for part in button.split("."):
            target = getattr(target, part)
        QtBot.mouseClick(target, Qt.MouseButton.LeftButton)  # type: ignore[arg-type]

    return apply


def enter(_window: MainWindow, editor: QWidget) -> None:
    """Enter in a cell: the table takes the text once the event loop runs."""
    QtBot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()


def enter_then_save_profile(window: MainWindow, editor: QWidget) -> None:
    enter(window, editor)
    click("profile.save_button")(window, editor)


# -- what the window shows of the agent's write --------------------------------------------------
def shows_text(rel: str, text: str = AGENT) -> Callable[[MainWindow], bool]:
    def seen(window: MainWindow) -> bool:
        ws = window.ws
        assert ws is not None
        return any(d.rel == rel and text in d.text() for d in ws.documents())

    return seen


def everbot_seen(window: MainWindow) -> bool:
    ws = window.ws
    return ws is not None and ws.find("ffee01") is not None  # type: ignore[attr-defined]


def everbot_profile_seen(window: MainWindow) -> bool:
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    row = desk.profile.model.row_of("boost")
    return row is not None and desk.profile.model.rows[row].source == "workspace"


def policy_seen(window: MainWindow) -> bool:
    view = window.desk.policy  # type: ignore[union-attr]
    row = view.model.row_of("recent_days")
    return row is not None and view.model.rows[row].override == 9


EDITORS = {
    "everbot memory text": Editor(
        "everbot",
        "MEMORY.md",
        detail_content,
        lambda ws: agent(REPLACE, ws / "MEMORY.md", "\n## Archived Memories", EVERBOT_MEMORY),
        everbot_seen,
        click("detail.apply_button"),
        TYPED,
    ),
    "everbot memory category": Editor(
        "everbot",
        "MEMORY.md",
        detail_category,
        lambda ws: agent(REPLACE, ws / "MEMORY.md", "\n## Archived Memories", EVERBOT_MEMORY),
        everbot_seen,
        click("detail.apply_button"),
        "_typed |",
        typed="_typed",
    ),
    "review queue edit first": Editor(
        "everbot",
        "MEMORY.md",
        edit_first,
        lambda ws: agent(REPLACE, ws / "MEMORY.md", "\n## Archived Memories", EVERBOT_MEMORY),
        everbot_seen,
        click("detail.apply_button"),
        TYPED,
    ),
    "everbot scoring profile value": Editor(
        "everbot",
        EVERBOT_PROFILE,
        everbot_profile,
        lambda ws: agent(ADD_KEY, ws / EVERBOT_PROFILE, "boost", "0.3"),
        everbot_profile_seen,
        enter_then_save_profile,
        '"promotion_at": 0.77',
        typed="0.77",
        agent_wrote='"boost": 0.3',
        at_once=True,
        cell=lambda window: window.desk.profile.table,  # type: ignore[union-attr]
    ),
    "picoclaw long-term memory": Editor(
        "picoclaw",
        "memory/MEMORY.md",
        entry_editor("longterm", "memory/MEMORY.md"),
        lambda ws: agent(APPEND, ws / "memory/MEMORY.md", f"\n\n## 2026-11-26\n\n{AGENT}"),
        shows_text("memory/MEMORY.md"),
        click("entries.apply_button"),
        TYPED,
    ),
    "picoclaw long-term whole file": Editor(
        "picoclaw",
        "memory/MEMORY.md",
        whole_file,
        lambda ws: agent(APPEND, ws / "memory/MEMORY.md", f"\n\n## 2026-11-26\n\n{AGENT}"),
        shows_text("memory/MEMORY.md"),
        click("entries.apply_text_button"),
        TYPED,
    ),
    "picoclaw daily note": Editor(
        "picoclaw",
        "memory/202611/20261125.md",
        daily_note,
        lambda ws: agent(APPEND, ws / "memory/202611/20261125.md", f"\n{AGENT}"),
        shows_text("memory/202611/20261125.md"),
        click("notes.apply_button"),
        TYPED,
    ),
    "picoclaw profile value": Editor(
        "picoclaw",
        "memory/profile.json",
        pico_profile,
        lambda ws: agent(ADD_KEY, ws / "memory/profile.json", "agent_note", json.dumps(AGENT)),
        shows_text("memory/profile.json"),
        enter,
        '"dog": "Rex the corgi"',
        typed="Rex the corgi",
        cell=lambda window: window.desk.profile.table,  # type: ignore[union-attr]
    ),
    "picoclaw policy override": Editor(
        "picoclaw",
        "memory/policy_overrides.json",
        pico_policy,
        lambda ws: agent(ADD_KEY, ws / "memory/policy_overrides.json", "recent_days", "9"),
        policy_seen,
        enter,
        '"retrieve_limit": 7',
        typed="7",
        agent_wrote='"recent_days": 9',
        at_once=True,
        cell=lambda window: window.desk.policy.table,  # type: ignore[union-attr]
    ),
    "openclaw memory": Editor(
        "openclaw",
        "MEMORY.md",
        entry_editor("memory", "MEMORY.md"),
        lambda ws: agent(APPEND, ws / "MEMORY.md", f"\n- {AGENT}\n"),
        shows_text("MEMORY.md"),
        click("entries.apply_button"),
        TYPED,
    ),
    "openclaw annotation": Editor(
        "openclaw",
        "MEMORY.md",
        annotations,
        lambda ws: agent(APPEND, ws / "MEMORY.md", f"\n- {AGENT}\n"),
        shows_text("MEMORY.md"),
        click("annotations.apply"),
        "typedproject",
        typed="typedproject",
    ),
    "pomelobot scope memory": Editor(
        "pomelobot",
        "MEMORY.md",
        entry_editor("scope:main", "MEMORY.md"),
        lambda ws: agent(APPEND, ws / "MEMORY.md", f"\n[12:00:00] {AGENT}\n"),
        shows_text("MEMORY.md"),
        click("entries.apply_button"),
        TYPED,
    ),
}


def workspace_of(layout: str, tmp_path: Path) -> tuple[Path, Path]:
    """The demo's folder to open and the folder its files are in."""
    home = tmp_path / layout
    write_demo(home, layout=layout, seed=3, today=TODAY)
    if layout == "picoclaw":
        return home, home / "workspace"
    if layout == "everbot":  # a scoring profile of its own, so the window watches it
        (home / EVERBOT_PROFILE).write_text('{"initial_default": 0.5}\n', encoding="utf-8")
    return home, home


def type_into(qtbot: QtBot, editor: QWidget, text: str) -> None:
    """Real key events at the end of what the editor shows."""
    if isinstance(editor, QPlainTextEdit):
        editor.moveCursor(QTextCursor.MoveOperation.End)
    elif isinstance(editor, QComboBox):
        line = editor.lineEdit()
        assert line is not None
        line.end(False)
        editor = line
    elif isinstance(editor, QLineEdit) and not editor.hasSelectedText():
        editor.end(False)
    editor.setFocus()
    qtbot.keyClicks(editor, text)


def shown(editor: QWidget) -> str:
    if isinstance(editor, QPlainTextEdit):
        return editor.toPlainText()
    if isinstance(editor, QComboBox):
        return editor.currentText()
    assert isinstance(editor, QLineEdit)
    return editor.text()


@pytest.mark.parametrize("name", list(EDITORS))
def test_typed_text_survives_the_agent_writing_and_merges_with_it(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
) -> None:
    case = EDITORS[name]
    home, files = workspace_of(case.layout, tmp_path)
    window.open_workspace(home)
    qtbot.waitUntil(lambda: window.ws is not None and window.desk is not None, timeout=10_000)
    for view in ("profile", "policy"):  # the pages that write at once ask first
        page_view = getattr(window.desk, view, None)
        if page_view is not None and hasattr(page_view, "confirm"):
            monkeypatch.setattr(page_view, "confirm", lambda _text: True)
    editor = case.reach(window)
    type_into(qtbot, editor, case.typed)
    before = shown(editor)
    assert before.endswith(case.typed)

    case.write(files)
    qtbot.waitUntil(lambda: case.seen(window), timeout=10_000)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)

    if case.cell is not None:  # the cell being edited is still open
        table = case.cell(window)
        editor = table.indexWidget(table.currentIndex())
        assert isinstance(editor, QLineEdit), f"{name}: the cell being edited was closed"
    assert shown(editor) == before, f"{name}: the typed text was dropped"
    case.apply(window, editor)
    if not case.at_once:
        assert window.isWindowModified()
        window.save()
    disk = files / case.file
    qtbot.waitUntil(lambda: case.saved_with in disk.read_text(encoding="utf-8"), timeout=10_000)
    qtbot.waitUntil(lambda: not window.tasks.busy and not window.modified(), timeout=10_000)
    assert case.agent_wrote in disk.read_text(encoding="utf-8"), (
        f"{name}: the agent's write was lost"
    )


def test_closing_with_daily_note_text_typed_but_not_applied_asks_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a user would: typed into today's note, closed the window: nothing asked, the
    text was gone."""
    home, _files = workspace_of("picoclaw", tmp_path)
    window.open_workspace(home)
    qtbot.waitUntil(lambda: window.ws is not None and window.desk is not None, timeout=10_000)
    type_into(qtbot, daily_note(window), TYPED)
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", question)
    assert not window.close()  # cancelled: the window stays, with the text
    assert asked and "unsaved edits" in asked[0]
    assert shown(daily_note(window)).endswith(TYPED)
