"""Text side by side (issue 23): row n is line n of both boxes at the same height, scrolled
together; changed words are marked (an unchanged id is not), unchanged runs folded; the
per-memory table keeps its Changed fields column readable in a narrow window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit
from pytestqt.qtbot import QtBot

from app.cli import main
from core.registry import agent_named
from core.text_diff import compare_lines
from ui.backups_view import BackupsView
from ui.side_by_side import SideBySide

MEMORY = [
    "# Memory",
    "",
    *(f"## 2026-01-{day:02d}\n\n用户第{day}条记忆，不加糖。" for day in range(1, 12)),
    "## 2026-02-01",
    "",
    "User lived in Shanghai [a253f6] and moved last spring.",
    *(f"## 2026-03-{day:02d}\n\nplain line {day}" for day in range(1, 12)),
]


@pytest.fixture
def sides(qtbot: QtBot) -> Iterator[SideBySide]:
    widget = SideBySide("Backup", "File now", ("old", "new"))
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    yield widget


def _versions() -> tuple[str, str]:
    old = "\n".join(MEMORY)
    new = old.replace("Shanghai [a253f6]", "Suzhou [a253f6]").replace(
        "## 2026-01-05\n\n用户第5条记忆，不加糖。\n", ""
    )
    return old, new


def _words(box: QPlainTextEdit) -> list[str]:
    """The text of each mark that is not a whole line: the changed words."""
    return [
        s.cursor.selectedText()
        for s in box.extraSelections()
        if not s.format.boolProperty(QTextFormat.Property.FullWidthSelection)
    ]


def test_rows_line_up_with_folds_and_marked_words(qtbot: QtBot, sides: SideBySide) -> None:
    sides.show_versions(compare_lines(*_versions()))
    old, new = sides.old_text, sides.new_text
    assert old.blockCount() == new.blockCount()
    rows = old.toPlainText().split("\n")
    assert any(row.startswith("⋯ ") and "unchanged lines" in row for row in rows)
    assert _words(old) == ["Shanghai"] and _words(new) == ["Suzhou"]  # not the id, not letters
    removed = rows.index("用户第5条记忆，不加糖。")
    assert new.toPlainText().split("\n")[removed] == ""  # the file now has no line there
    assert len(old.numbers) == len(new.numbers) == old.blockCount()  # a line number a row
    assert old.numbers[removed] is not None and new.numbers[removed] is None
    assert old.gutter.width() > 0 and old.viewportMargins().left() == old.gutter.width()
    for n in range(old.blockCount()):  # each row at the same height on both sides
        a, b = old.document().findBlockByNumber(n), new.document().findBlockByNumber(n)
        assert old.blockBoundingGeometry(a).top() == new.blockBoundingGeometry(b).top(), n
    sides.whole.setChecked(True)
    assert not any(row.startswith("⋯ ") for row in old.toPlainText().split("\n"))
    assert old.blockCount() == new.blockCount() == len("\n".join(MEMORY).split("\n"))


def test_the_two_sides_scroll_together(qtbot: QtBot, sides: SideBySide) -> None:
    sides.whole.setChecked(True)
    sides.show_versions(compare_lines(*_versions()))
    sides.old_text.verticalScrollBar().setValue(20)
    assert sides.new_text.verticalScrollBar().value() == 20
    sides.new_text.verticalScrollBar().setValue(5)
    assert sides.old_text.verticalScrollBar().value() == 5


@pytest.fixture
def view(qtbot: QtBot, tmp_path: Path) -> Iterator[BackupsView]:
    home = tmp_path / "home"
    assert main(["demo", str(home), "--layout", "picoclaw"]) == 0
    page = BackupsView()
    qtbot.addWidget(page)
    page.show_workspace(agent_named("picoclaw").open(home / "workspace"))
    yield page


def test_changed_fields_stay_readable_in_a_narrow_window(qtbot: QtBot, view: BackupsView) -> None:
    view.resize(760, 700)  # the Backups page of a window about 1000 px wide
    view.show()
    view.table.setCurrentCell(view.table.rowCount() - 1, 0)
    header = view.diff_table.horizontalHeader()
    qtbot.waitUntil(lambda: header.sectionSize(3) > 0)
    label = view.diff_table.horizontalHeaderItem(3)
    assert label is not None and label.text() == "Changed fields"
    wide = QFontMetrics(header.font()).horizontalAdvance(label.text())
    assert header.sectionSize(3) >= wide + 8
    assert header.sectionSize(2) >= wide + 8  # and the memory's text keeps its share


def test_only_the_marks_in_view_are_coloured(qtbot: QtBot, sides: SideBySide) -> None:
    """A decay run that changed every memory's score: Qt took minutes to colour 100,000
    marks at once; the rows in view are coloured, and those scrolled to."""
    old = [f"### [{n:06x}] fact | 0.5{n % 10} | 2026-02-01 | 3\nmemory {n}" for n in range(3000)]
    new = [line.replace("| 0.5", "| 0.4") for line in old]
    sides.show_versions(compare_lines("\n".join(old), "\n".join(new)))
    box = sides.new_text
    assert 0 < len(_words(box)) < 200
    assert _words(box)[0] == "0.40"
    box.verticalScrollBar().setValue(box.verticalScrollBar().maximum())
    assert _words(box)[-1] == "0.49" and len(_words(box)) < 200
    assert _words(sides.old_text)[-1] == "0.59"  # the other side scrolled with it
