"""The Activity page on a real PicoClaw workspace and its real journal: operations listed newest
first and filtered by core, an operation's changes memory by memory, and undo through the work
the page hands to its desk (refused with core's reason when a later edit depends on it)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QTableWidget
from pytestqt.qtbot import QtBot

from app.cli import main
from core.ops.activity import operations
from core.registry import agent_named
from core.store.errors import WorkspaceError
from ui.activity_view import ActivityView, change_text, what_text

FIRST, SECOND = "first edit from the Activity test", "second edit from the Activity test"


def _demo(tmp_path: Path) -> Path:
    assert main(["demo", str(tmp_path / "home"), "--layout", "picoclaw"]) == 0
    return tmp_path / "home" / "workspace"


def _memories(ws: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert main(["list", str(ws), "--json"]) == 0
    rows: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return rows


def _edit(ws: Path, key: str, text: str) -> None:
    assert main(["edit", str(ws), key, "--text", text]) == 0


def _view(qtbot: QtBot, ws: Path) -> ActivityView:
    view = ActivityView()
    qtbot.addWidget(view)
    view.show_workspace(agent_named("picoclaw").open(ws))
    return view


def _table(view: ActivityView, name: str) -> list[list[str]]:
    table = view.findChild(QTableWidget, name)
    assert table is not None
    return [
        [table.item(row, col).text() for col in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


def _undo_work(
    qtbot: QtBot, view: ActivityView, row: int, asked: list[str] | None = None
) -> tuple[Callable[[], Any], str]:
    questions = [] if asked is None else asked
    view.confirm = lambda text: questions.append(text) is None  # type: ignore[method-assign]
    view.table.selectRow(row)
    button = view.findChild(QPushButton, "activityUndo")
    assert button is not None and button.isEnabled()
    with qtbot.waitSignal(view.write_requested, timeout=1000) as blocker:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    work, message = blocker.args
    return work, message


def test_lists_filters_shows_changes_and_undoes(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = _demo(tmp_path)
    live = ws / "memory" / "MEMORY.md"
    one, two = _memories(ws, capsys)[:2]
    _edit(ws, one["id"], FIRST)
    _edit(ws, two["id"], SECOND)
    newer, older = operations(ws)

    view = _view(qtbot, ws)

    rows = _table(view, "activityTable")
    assert [r[1:] for r in rows] == [
        ["person", what_text(item, {}), f"1: {key}", "memory/MEMORY.md", "", item.op_id[:12]]
        for item, key in ((newer, two["id"]), (older, one["id"]))
    ]
    assert rows[0][0] == f"{newer.at:%Y-%m-%d %H:%M:%S}"
    memory = view.findChild(QLineEdit, "activityMemory")
    assert memory is not None
    memory.setText(one["id"])
    memory.editingFinished.emit()
    assert [r[2] for r in _table(view, "activityTable")] == [what_text(older, {})]
    view.table.selectRow(0)
    assert _table(view, "activityEvents") == [
        [one["id"], "edit", f"content: {one['content']} -> {FIRST}"]
    ]
    memory.setText("")
    memory.editingFinished.emit()
    assert view.selected() is not None and view.selected().op_id == older.op_id  # type: ignore[union-attr]

    work, message = _undo_work(qtbot, view, 0)
    assert message == f"Undid: {newer.at:%Y-%m-%d %H:%M:%S} · {what_text(newer, {})}"
    assert SECOND in live.read_text(encoding="utf-8")  # nothing written before the desk runs it
    work()
    assert SECOND not in live.read_text(encoding="utf-8")
    assert FIRST in live.read_text(encoding="utf-8")
    view.refresh()

    undo, undone, kept = operations(ws)
    rows = _table(view, "activityTable")
    assert [r[5] for r in rows] == ["", f"undone at {undo.at:%Y-%m-%d %H:%M:%S}", ""]
    assert rows[0][2].startswith(f"undo of the {newer.at:%Y-%m-%d %H:%M:%S} operation: ")
    assert undone.op_id == newer.op_id and kept.op_id == older.op_id
    view.table.selectRow(1)
    assert not view.undo.isEnabled()  # undone already

    work, _message = _undo_work(qtbot, view, 2)
    work()
    text = live.read_text(encoding="utf-8")
    assert FIRST not in text and one["content"] in text and two["content"] in text


def test_undo_refused_when_a_later_edit_depends_on_it(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = _demo(tmp_path)
    live = ws / "memory" / "MEMORY.md"
    key = _memories(ws, capsys)[0]["id"]
    _edit(ws, key, FIRST)
    _edit(ws, key, SECOND)
    before = live.read_bytes()
    view = _view(qtbot, ws)
    asked: list[str] = []

    work, _message = _undo_work(qtbot, view, 1, asked)

    with pytest.raises(WorkspaceError, match="changed again later"):
        work()
    assert live.read_bytes() == before
    [question] = asked
    assert question.startswith("Undo this operation?") and "edited in MemDesk" in question


def test_nothing_saved_filters_and_a_refused_confirm(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = _demo(tmp_path)
    view = _view(qtbot, ws)
    status = view.findChild(QLabel, "activityStatus")
    assert status is not None
    assert _table(view, "activityTable") == []
    assert "MemDesk has saved nothing" in status.text()
    assert not view.undo.isEnabled()

    _edit(ws, _memories(ws, capsys)[0]["id"], FIRST)
    kind = view.findChild(QComboBox, "activityKind")
    actor = view.findChild(QComboBox, "activityActor")
    assert kind is not None and actor is not None
    kind.setCurrentText("delete")
    assert _table(view, "activityTable") == [] and "No saved operation matches" in status.text()
    kind.setCurrentText("edit")
    assert len(_table(view, "activityTable")) == 1 and status.text() == ""
    actor.setCurrentText("decay")
    assert _table(view, "activityTable") == []
    actor.setCurrentText("All")

    view.confirm = lambda _text: False  # type: ignore[method-assign]
    view.table.selectRow(0)
    with qtbot.assertNotEmitted(view.write_requested):
        qtbot.mouseClick(view.undo, Qt.MouseButton.LeftButton)


def test_change_text_names_each_field_that_differs() -> None:
    before = {"score": 0.8, "content": "old line\nmore", "section": "a"}
    after = {"score": 0.62, "content": "new line", "section": "a"}
    assert change_text(before, after) == "score: 0.80 -> 0.62; content: old line… -> new line"
    assert change_text(None, {"content": "made"}) == "content: — -> made"
    assert change_text({"content": "gone"}, None) == "content: gone -> —"


def test_activity_names_operations_in_words_not_hex_ids(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tried as a new user would: an undo's row read "undo of 586b586a1bd64e329a2b290063ef2ebd:
    edited in MemDesk …" and the row it undid "undone by 486c23f582ec"; the page now says which
    operation by its time and what it did, the ids in the tooltip and in a column one can show
    (for `memdesk undo`)."""
    ws = _demo(tmp_path)
    one, two = _memories(ws, capsys)[:2]
    _edit(ws, one["id"], FIRST)
    assert main(["delete", str(ws), two["id"]]) == 0
    assert main(["undo", str(ws)]) == 0
    assert main(["undo", str(ws)]) == 0  # undo of the undo
    view = _view(qtbot, ws)
    rows = _table(view, "activityTable")
    ids = [item.op_id for item in operations(ws)]
    shown = [
        cell
        for row in rows
        for column, cell in enumerate(row)
        if not view.table.isColumnHidden(column)
    ]
    hex_runs = {run for cell in shown for run in re.findall(r"[0-9a-f]{8,}", cell)}
    assert not {run for run in hex_runs if any(op_id.startswith(run) for op_id in ids)}
    assert view.table.isColumnHidden(6)
    view.show_ids.setChecked(True)
    assert not view.table.isColumnHidden(6)
    assert [row[6] for row in rows] == [op_id[:12] for op_id in ids]
    assert all(op_id[:12] in view.table.item(r, 2).toolTip() for r, op_id in enumerate(ids))
    assert rows[2][3] == f"1: {two['id']}"  # which memory, by its id
