"""Codex's desk as a person uses it: a first note added where there is none yet, Forget
everywhere asked in words that say what it writes, a secret in a note edited out from the
review queue."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.cli import main
from core.agents.codex import layout
from core.demo import write_demo
from core.review.secrets import REMOVED
from tests.ui.test_agent_desk import save
from ui.agents.codex.desk import CodexDesk
from ui.main_window import MainWindow

KEY = "sk-live-abc123DEF456ghi789JKL012"


def _opened(qtbot: QtBot, window: MainWindow, home: Path) -> CodexDesk:
    window.open_workspace(home)
    qtbot.waitUntil(lambda: isinstance(window.desk, CodexDesk), timeout=10_000)
    assert isinstance(window.desk, CodexDesk)
    return window.desk


def test_a_first_note_is_added_from_the_window_with_no_notes_folder_yet(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new Codex user would: a home with only memory_summary.md, the Ad-hoc notes
    page empty; typing a note and Add did nothing (no file to add it to)."""
    home = tmp_path / "codex"
    (home / "memories").mkdir(parents=True)
    (home / layout.SUMMARY).write_text("v1\n## User preferences\n- likes tea\n")
    desk = _opened(qtbot, window, home)
    desk.select_page("notes")
    entries = desk.entries
    entries.editor.setPlainText("Remember: deploys only on Tuesdays")
    assert entries.add_button.isEnabled()
    entries.add_entry()
    save(qtbot, window)
    [note] = layout.notes(home)
    assert note.read_text(encoding="utf-8") == "Remember: deploys only on Tuesdays\n"
    assert layout.NOTE_NAME.fullmatch(note.name)


def test_a_note_added_is_shown_and_selected_before_it_is_saved(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    write_demo(tmp_path / "codex", layout="codex")
    desk = _opened(qtbot, window, tmp_path / "codex")
    desk.select_page("notes")
    entries = desk.entries
    entries.editor.setPlainText("Remember: the staging database is read-only")
    entries.add_entry()
    assert len(entries.files) == 2
    assert entries.source is not None and entries.source.rel != entries.files[1].rel
    assert entries.current_content() == "Remember: the staging database is read-only\n"
    save(qtbot, window)
    assert len(layout.notes(tmp_path / "codex")) == 2


def test_the_ways_codex_loses_data_are_said_on_the_pages_they_concern(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    write_demo(tmp_path / "codex", layout="codex")
    desk = _opened(qtbot, window, tmp_path / "codex")
    desk.select_page("notes")
    assert any("deletes every note" in w for w in desk.entries.warnings.warnings)
    desk.select_page("summary")
    assert any("may rewrite this file" in w for w in desk.entries.warnings.warnings)
    desk.select_page("regenerated")
    why = desk.regenerated.why.text()
    assert "rebuilds it from its database" in why and "max_unused_days" in why


PNPM = "The user prefers pnpm over npm in every JavaScript repository"


def test_forget_everywhere_says_it_writes_a_note_and_where_the_text_stays(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Codex user would: Forget everywhere asked only "Remove … from 1 files?" and
    then also wrote a note; now the question names the note it writes and the regenerated
    files that still hold the text."""
    home = write_demo(tmp_path / "codex", layout="codex").workspace
    with (home / layout.RAW).open("a", encoding="utf-8") as raw:
        raw.write(f"\n{PNPM}.\n")
    desk = _opened(qtbot, window, home)
    desk.select_page("summary")
    entries = desk.entries
    entries.select_row(next(r for r, i in enumerate(entries.model.items) if i.content == PNPM))
    window.menus.where_else()
    dialog = window.menus.where_dialog
    asked: list[str] = []
    dialog.confirm = lambda text: asked.append(text) or False  # type: ignore[method-assign]

    dialog.forget.click()

    [question] = asked
    said = dialog.found.needle  # as searched: the window looks the text up
    assert f"And write a note in {layout.NOTES}/ asking Codex: “{layout.FORGET}{said}”" in question
    assert f"Still holding the text (MemDesk does not edit them):\n{layout.RAW}" in question
    assert len(layout.notes(home)) == 1  # the person said no: nothing written


def test_a_secret_in_a_note_is_edited_out_from_the_review_queue(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The review queue's proposal for a key in a note is one the window carries out."""
    home = write_demo(tmp_path / "codex", layout="codex").workspace
    before = set(layout.notes(home))
    assert main(["add", str(home), f"token is {KEY}"]) == 0
    [note] = set(layout.notes(home)) - before
    assert main(["review", str(home)]) == 0
    desk = _opened(qtbot, window, home)
    desk.select_page("review")
    page = desk.review_view
    assert page.current().decision == "REDACT"
    with qtbot.waitSignal(desk.written, timeout=10_000):
        page.card.setFocus()
        qtbot.keyClick(page.card, Qt.Key.Key_Space)
    window.tasks.wait()

    assert note.read_text(encoding="utf-8") == f"token is {REMOVED}\n"
    assert page.proposals == []


def test_junk_in_a_note_is_forgotten_from_the_review_queue_and_undone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The card says approving writes a note asking Codex to forget the junk note; Accept
    writes it, and the page's undo takes it back."""
    home = write_demo(tmp_path / "codex", layout="codex").workspace
    assert main(["add", str(home), "ls -la /tmp && rm -rf build"]) == 0
    before = {p: p.read_bytes() for p in layout.notes(home)}
    assert main(["review", str(home)]) == 0
    desk = _opened(qtbot, window, home)
    desk.select_page("review")
    page = desk.review_view
    assert page.current().decision == "DELETE"
    assert "writes a note asking Codex to forget it" in page.reasons.toPlainText()
    with qtbot.waitSignal(desk.written, timeout=10_000):
        page.card.setFocus()
        qtbot.keyClick(page.card, Qt.Key.Key_Space)
    window.tasks.wait()
    [request] = set(layout.notes(home)) - set(before)
    assert request.read_text(encoding="utf-8").startswith(layout.FORGET)

    with qtbot.waitSignal(desk.written, timeout=10_000):
        assert page.undo_last()
    window.tasks.wait()

    assert {p: p.read_bytes() for p in layout.notes(home)} == before


def test_a_notes_written_time_is_shown_whole(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Codex user would: the Ad-hoc notes list cut each note's written time to
    "2026-10-28 …", the hour lost."""
    write_demo(tmp_path / "codex", layout="codex")
    desk = _opened(qtbot, window, tmp_path / "codex")
    desk.select_page("notes")
    table = desk.entries.table
    written = table.model().index(0, 0).data()
    assert written.count(":") >= 1  # a time of day, not only the date
    needed = table.fontMetrics().horizontalAdvance(written)
    assert table.columnWidth(0) > needed
