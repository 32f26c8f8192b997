"""PicoClaw's daily notes page on a real workspace in tmp_path: browse by month, edit with a real
QUndoStack, save through core (backup, atomic replace) and promote passages in the agent's format."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor, QUndoStack
from PySide6.QtWidgets import QLabel, QPushButton, QTreeWidget
from pytestqt.qtbot import QtBot

from core.agents.picoclaw import format as pc
from core.agents.picoclaw.workspace import PicoClawWorkspace
from tests.helpers import open_workspace
from ui.agents.picoclaw.daily_notes_view import DailyNotesView

NOTES = {
    date(2026, 10, 30): "# 2026-10-30\n\n用户的狗叫豆豆，是一只柯基。\n",
    date(2026, 11, 20): "# 2026-11-20\n\n用户在准备周五的发布。\n",
    date(2026, 11, 24): "# 2026-11-24\n\n用户问了天气。\n",
    date(2026, 11, 25): (
        "# 2026-11-25\n\n今天和用户讨论了咖啡。\n用户现在只喝燕麦拿铁，不加糖。\n\n晚上聊了周报。\n"
    ),
}
PASSAGE = "用户现在只喝燕麦拿铁，不加糖。"
LONGTERM = pc.LONGTERM_TEMPLATE + "\n\n## 2026-11-01\n\n用户喜欢蓝色。"
NOON_2026_11_20 = 1795176000  # 2026-11-20 12:00 UTC: the same date from UTC-11 to UTC+11


def note_path(root: Path, day: date) -> Path:
    return root / "memory" / f"{day:%Y%m}" / f"{day:%Y%m%d}.md"


def write_note(root: Path, day: date, data: bytes) -> Path:
    path = note_path(root, day)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def size(day: date) -> int:
    return len(NOTES[day].encode("utf-8"))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    memory = tmp_path / "memory"
    memory.mkdir()
    (memory / "MEMORY.md").write_bytes(LONGTERM.encode("utf-8"))
    for day, text in NOTES.items():
        write_note(tmp_path, day, text.encode("utf-8"))
    return tmp_path


@pytest.fixture
def ws(root: Path) -> PicoClawWorkspace:
    opened = open_workspace(root)
    assert opened.agent.name == "picoclaw"
    return opened


@pytest.fixture
def view(
    qtbot: QtBot, ws: PicoClawWorkspace, stack: QUndoStack, failures: list[str]
) -> DailyNotesView:
    shown = DailyNotesView(stack.push)
    qtbot.addWidget(shown)
    shown.failed.connect(failures.append)
    shown.show_workspace(ws)
    return shown


def tree_of(view: DailyNotesView) -> list[tuple[str, bool, list[str]]]:
    """(month label, expanded, day labels) as the person sees the tree."""
    tree = view.findChild(QTreeWidget, "dailyTree")
    assert tree is not None
    out = []
    for row in range(tree.topLevelItemCount()):
        month = tree.topLevelItem(row)
        days = [month.child(n).text(0) for n in range(month.childCount())]
        out.append((month.text(0), month.isExpanded(), days))
    return out


def editor_text(view: DailyNotesView) -> str:
    return view.editor.toPlainText()


def select_passage(view: DailyNotesView, passage: str) -> None:
    start = editor_text(view).index(passage)
    cursor = view.editor.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(start + len(passage), QTextCursor.MoveMode.KeepAnchor)
    view.editor.setTextCursor(cursor)


def button(view: DailyNotesView, name: str) -> QPushButton:
    found = view.findChild(QPushButton, name)
    assert found is not None, name
    return found


def compress_label(view: DailyNotesView) -> str:
    label = view.findChild(QLabel, "compressLabel")
    assert label is not None
    return label.text()


# -- browsing ---------------------------------------------------------------------------------


def test_tree_lists_every_note_by_month_newest_first(view: DailyNotesView) -> None:
    assert view.editor.objectName() == "dailyEditor"
    assert tree_of(view) == [
        (
            "2026-11 (3)",
            True,
            [
                f"2026-11-25 · Wed · {size(date(2026, 11, 25))} bytes",
                f"2026-11-24 · Tue · {size(date(2026, 11, 24))} bytes",
                f"2026-11-20 · Fri · {size(date(2026, 11, 20))} bytes",
            ],
        ),
        ("2026-10 (1)", False, [f"2026-10-30 · Fri · {size(date(2026, 10, 30))} bytes"]),
    ]
    assert view.day == date(2026, 11, 25)  # the newest note is shown first
    assert editor_text(view) == NOTES[date(2026, 11, 25)]


def test_selecting_a_day_shows_its_text(view: DailyNotesView, ws: PicoClawWorkspace) -> None:
    for day, text in NOTES.items():
        view.select_day(day)
        assert editor_text(view) == text
        assert ws.note(day).rel in view.title.text()
    with pytest.raises(KeyError):
        view.select_day(date(2026, 11, 26))


def test_selection_shows_unsaved_edits_of_the_source(
    view: DailyNotesView, ws: PicoClawWorkspace
) -> None:
    day, edited = date(2026, 10, 30), "# 2026-10-30\n\n改过的内容。\n"
    ws.note(day).set_text(edited)  # e.g. by another page of the window
    view.refresh()
    view.select_day(day)
    assert editor_text(view) == edited
    assert tree_of(view)[1] == (
        "2026-10 (1) *",
        True,  # the selected day's month opens
        [f"2026-10-30 · Fri · {len(edited.encode())} bytes *"],
    )


def test_no_workspace_and_no_notes(qtbot: QtBot, stack: QUndoStack, tmp_path: Path) -> None:
    view = DailyNotesView(stack.push)
    qtbot.addWidget(view)
    view.show_workspace(None)
    assert tree_of(view) == []
    assert view.editor.isReadOnly()
    assert not button(view, "promoteButton").isEnabled()
    assert not button(view, "applyButton").isEnabled()
    assert view.apply() is False and view.promote_selection() is False
    (tmp_path / "memory" / "202611").mkdir(parents=True)
    view.show_workspace(open_workspace(tmp_path))
    assert tree_of(view) == []
    assert view.title.text() == "No daily notes"
    assert stack.count() == 0


def test_unreadable_note_is_reported_not_shown(
    view: DailyNotesView, root: Path, ws: PicoClawWorkspace, failures: list[str]
) -> None:
    write_note(root, date(2026, 11, 26), b"# 2026-11-26\n\n\xff\xfe broken\n")
    view.refresh()
    view.select_day(date(2026, 11, 26))
    assert failures and "UTF-8" in failures[-1]
    assert view.editor.isReadOnly() and editor_text(view) == ""


# -- editing ----------------------------------------------------------------------------------


def test_apply_edits_the_note_and_undo_restores_it(
    view: DailyNotesView, ws: PicoClawWorkspace, stack: QUndoStack, root: Path
) -> None:
    day = date(2026, 11, 24)
    view.select_day(day)
    assert view.apply() is False  # nothing typed: no command
    assert not button(view, "applyButton").isEnabled()
    edited = NOTES[day] + "下午用户说明天要下雨。\n"
    view.editor.setPlainText(edited)
    assert button(view, "applyButton").isEnabled()
    changed: list[object] = []
    view.changed.connect(changed.append)

    assert view.apply() is True
    note = ws.note(day)
    assert note.modified and note.text() == edited
    assert stack.count() == 1 and stack.undoText() == f"Edit daily note {day}"
    assert changed == [note]
    assert note_path(root, day).read_text(encoding="utf-8") == NOTES[day]  # not saved yet
    month = tree_of(view)[0]
    assert month[0] == "2026-11 (3) *"
    assert month[2][1] == f"2026-11-24 · Tue · {len(edited.encode())} bytes *"
    assert "unsaved edits" in view.title.text()
    assert view.apply() is False  # applied already

    stack.undo()
    assert editor_text(view) == NOTES[day]
    assert not note.modified
    assert tree_of(view)[0][0] == "2026-11 (3)"
    assert tree_of(view)[0][2][1] == f"2026-11-24 · Tue · {size(day)} bytes"
    stack.redo()
    assert editor_text(view) == edited and note.modified


def test_ctrl_return_applies(view: DailyNotesView, qtbot: QtBot, stack: QUndoStack) -> None:
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    view.editor.setFocus()
    qtbot.waitUntil(view.editor.hasFocus)
    view.editor.moveCursor(QTextCursor.MoveOperation.End)
    view.editor.insertPlainText("补充一句。\n")
    qtbot.keyClick(view.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert stack.count() == 1
    assert stack.undoText() == "Edit daily note 2026-11-25"


def test_a_refused_edit_changes_nothing(
    view: DailyNotesView, ws: PicoClawWorkspace, stack: QUndoStack, failures: list[str]
) -> None:
    view.editor.setPlainText("bad \0 text")
    assert view.apply() is False
    note = ws.note(date(2026, 11, 25))
    assert failures == [f"{note.rel}: the text cannot contain a NUL character"]
    assert note.rel == "memory/202611/20261125.md"
    assert stack.count() == 0 and not note.modified
    assert note.text() == NOTES[date(2026, 11, 25)]


def test_switching_days_applies_the_typed_text_first(
    view: DailyNotesView, ws: PicoClawWorkspace, stack: QUndoStack
) -> None:
    first, other = date(2026, 11, 25), date(2026, 10, 30)
    typed = NOTES[first] + "睡前用户说想学日语。\n"
    view.editor.setPlainText(typed)
    view.select_day(other)
    assert editor_text(view) == NOTES[other]
    assert ws.note(first).text() == typed
    assert stack.count() == 1 and stack.undoText() == f"Edit daily note {first}"
    assert len(tree_of(view)[0][2]) == 3 and tree_of(view)[0][2][0].endswith(" *")
    view.select_day(first)
    assert editor_text(view) == typed
    assert stack.count() == 1  # nothing new typed: no command


def test_switching_without_typing_keeps_bom_and_crlf(
    view: DailyNotesView, root: Path, ws: PicoClawWorkspace, stack: QUndoStack
) -> None:
    day = date(2026, 11, 26)
    raw = "\ufeff# 2026-11-26\r\n\r\n用户在 Windows 上写笔记。\r\n"
    write_note(root, day, raw.encode("utf-8"))
    view.refresh()
    view.select_day(day)
    view.select_day(date(2026, 11, 25))
    assert stack.count() == 0 and not ws.note(day).modified
    view.select_day(day)
    view.editor.setPlainText(editor_text(view) + "再加一行。\n")
    assert view.apply() is True
    assert ws.note(day).text() == raw + "再加一行。\r\n"


def test_refresh_keeps_selection_and_typed_text(
    view: DailyNotesView, ws: PicoClawWorkspace, root: Path, stack: QUndoStack
) -> None:
    day = date(2026, 11, 20)
    view.select_day(day)
    typed = NOTES[day] + "还没应用的文字。\n"
    view.editor.setPlainText(typed)
    grown = NOTES[date(2026, 11, 24)] + "代理追加的一行。\n"  # the agent writes another note
    note_path(root, date(2026, 11, 24)).write_text(grown, encoding="utf-8")
    view.refresh()
    view.show_workspace(ws)  # the desk shows the page again
    assert view.day == day and editor_text(view) == typed
    assert tree_of(view)[0][2][1] == f"2026-11-24 · Tue · {len(grown.encode())} bytes"
    assert stack.count() == 0
    view.apply_pending()
    assert ws.note(day).text() == typed


def test_save_writes_the_note_atomically_with_a_backup(
    view: DailyNotesView, ws: PicoClawWorkspace, root: Path
) -> None:
    day = date(2026, 11, 25)
    path = note_path(root, day)
    inode = path.stat().st_ino
    edited = NOTES[day].replace("晚上聊了周报。", "晚上聊了周报，用户想要更短的格式。")
    view.editor.setPlainText(edited)
    view.apply()

    saved = ws.save_all()
    view.refresh()
    assert [s.path for s in saved] == [path]
    assert path.read_bytes() == edited.encode("utf-8")
    assert path.stat().st_ino != inode  # replaced by a rename, not rewritten in place
    assert sorted(p.name for p in path.parent.iterdir()) == sorted(
        f"{d:%Y%m%d}.md" for d in NOTES if d.month == 11
    )  # no temporary file left behind
    backups = list((root / ".memdesk" / "backups" / "memory" / "202611").iterdir())
    assert [b.name.endswith("_20261125.md") for b in backups] == [True]
    assert backups[0].read_bytes() == NOTES[day].encode("utf-8")
    assert not ws.note(day).modified
    assert tree_of(view)[0][2][0] == f"2026-11-25 · Wed · {len(edited.encode())} bytes"
    assert editor_text(view) == edited


# -- promoting --------------------------------------------------------------------------------


def test_promote_selected_passage_in_the_agents_format(
    view: DailyNotesView, qtbot: QtBot, ws: PicoClawWorkspace, stack: QUndoStack, root: Path
) -> None:
    assert not button(view, "promoteButton").isEnabled()
    select_passage(view, PASSAGE)
    assert view.selected_text() == PASSAGE
    assert button(view, "promoteButton").isEnabled()
    today = date.today().isoformat()

    with qtbot.waitSignal(view.longterm_changed, timeout=1_000):
        assert view.promote_selection() is True
    assert stack.undoText() == "Promote passage from 2026-11-25"
    last = ws.longterm().items()[-1]
    assert (last.label, last.content) == (today, PASSAGE)
    assert not ws.note(date(2026, 11, 25)).modified  # the note keeps the passage

    ws.save_all()
    memory = (root / "memory" / "MEMORY.md").read_bytes().decode("utf-8")
    assert memory == f"{LONGTERM}\n\n## {today}\n\n{PASSAGE}"
    assert memory.endswith(f"\n\n## {today}\n\n{PASSAGE}")
    assert list((root / "memory" / "backups").glob("*_MEMORY.md"))  # the agent's backup folder


def test_undo_removes_the_promoted_entry(
    view: DailyNotesView, qtbot: QtBot, ws: PicoClawWorkspace, stack: QUndoStack
) -> None:
    multi = "今天和用户讨论了咖啡。\n用户现在只喝燕麦拿铁，不加糖。"
    select_passage(view, multi)
    assert view.selected_text() == multi
    view.promote_selection()
    assert ws.longterm().items()[-1].content == multi
    with qtbot.waitSignal(view.longterm_changed, timeout=1_000):
        stack.undo()
    assert [i.content for i in ws.longterm().items()] == ["用户喜欢蓝色。"]
    assert not ws.longterm().modified


def test_blank_selection_is_refused(
    view: DailyNotesView, ws: PicoClawWorkspace, stack: QUndoStack, failures: list[str]
) -> None:
    view.select_day(date(2026, 11, 25))
    select_passage(view, "\n\n")
    assert button(view, "promoteButton").isEnabled()
    assert view.promote_selection() is False
    assert failures and "Select some text" in failures[-1]
    assert stack.count() == 0 and not ws.longterm().modified


# -- new note and compress stamp --------------------------------------------------------------


def test_new_note_for_today(
    view: DailyNotesView, ws: PicoClawWorkspace, stack: QUndoStack, root: Path
) -> None:
    today = date(2026, 12, 1)
    view.new_note_for_today(today)
    heading = "# 2026-12-01\n\n"
    assert stack.undoText() == "New daily note 2026-12-01"
    assert tree_of(view)[0] == (
        "2026-12 (1) *",
        True,
        [f"2026-12-01 · Tue · {len(heading)} bytes *"],
    )
    assert view.day == today and editor_text(view) == heading
    assert "not written yet" in view.title.text()

    stack.undo()
    assert [m for m, _e, _d in tree_of(view)] == ["2026-11 (3)", "2026-10 (1)"]
    assert view.day is None and view.editor.isReadOnly()
    stack.redo()
    view.select_day(today)
    view.editor.setPlainText(heading + "用户说十二月要出差。\n")
    view.new_note_for_today(today)  # already started: nothing more than applying the text
    assert stack.count() == 2
    ws.save_all()
    assert note_path(root, today).read_text(encoding="utf-8") == heading + "用户说十二月要出差。\n"


def test_compress_label_shows_the_agents_stamp(
    view: DailyNotesView, ws: PicoClawWorkspace, root: Path
) -> None:
    assert compress_label(view) == "Long-term memory last compressed: never"
    (root / "memory" / ".last_longterm_compress").write_text(str(NOON_2026_11_20))
    view.refresh()
    local = datetime.fromtimestamp(NOON_2026_11_20, UTC).astimezone()
    shown = compress_label(view)
    assert shown == (f"Long-term memory last compressed: {local:%Y-%m-%d %H:%M} (local time)")
    assert re.fullmatch(
        r"Long-term memory last compressed: 2026-11-20 \d\d:\d\d \(local time\)", shown
    )


def test_search_box_keeps_only_the_days_that_mention_every_word(
    view: DailyNotesView, ws: PicoClawWorkspace
) -> None:
    view.select_day(date(2026, 11, 24))
    view.filter.setText("周五 发布")
    view.refresh()  # what the search delay does after typing stops
    shown = set(view._days)
    assert shown == {date(2026, 11, 20), date(2026, 11, 24)}  # the day being read stays
    view.select_day(date(2026, 11, 20))
    view.filter.setText("柯基")
    view.refresh()
    assert set(view._days) == {date(2026, 10, 30), date(2026, 11, 20)}
    ws.note(date(2026, 11, 24)).set_text("# 2026-11-24\n\n用户也有一只柯基。\n")  # unsaved
    view.refresh()
    assert date(2026, 11, 24) in view._days
    view.filter.clear()
    view.refresh()
    assert set(view._days) == set(NOTES)
