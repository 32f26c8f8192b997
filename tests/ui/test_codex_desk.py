"""Codex's desk as a person uses it: a first note added where there is none yet."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.agents.codex import layout
from core.demo import write_demo
from tests.ui.test_agent_desk import save
from ui.agents.codex.desk import CodexDesk
from ui.main_window import MainWindow


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
