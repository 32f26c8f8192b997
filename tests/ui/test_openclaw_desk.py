"""The OpenClaw desk, driven as a person would on the demo workspace: annotations as fields,
USER.md supersede, refusals inside dreaming blocks, the jump to a promoted memory's source, the
read-only dreaming and recall pages, and the warnings banner."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.agents.openclaw import entries as oc_entries
from core.agents.openclaw import format as curated
from core.demo import write_demo
from tests.ui.test_agent_desk import opened, save
from ui.agents.openclaw.desk import OpenClawDesk
from ui.main_window import MainWindow


@pytest.fixture
def claw(tmp_path: Path) -> Path:
    write_demo(tmp_path / "claw", layout="openclaw", seed=5)  # type: ignore[arg-type]
    return tmp_path / "claw"


def _desk(window: MainWindow) -> OpenClawDesk:
    assert isinstance(window.desk, OpenClawDesk)
    return window.desk


def _select(desk: OpenClawDesk, match: str) -> oc_entries.Entry:
    entries = desk.entries
    for row in range(entries.row_count()):
        if match in entries.model.items[row].content:
            entries.select_row(row)
            found = desk._entry()
            assert found is not None
            return found
    raise AssertionError(f"no entry with {match!r}")


def _entries(path: Path) -> list[oc_entries.Entry]:
    return curated.parse_file(path.read_bytes(), path.name).entries()


def test_pages_and_the_warnings_banner(qtbot: QtBot, window: MainWindow, claw: Path) -> None:
    desk = _desk(opened(qtbot, window, claw))
    titles = [desk.sidebar.item(r).text() for r in range(desk.sidebar.count())]
    assert titles[0].startswith("MEMORY.md (") and titles[1].startswith("USER.md (")
    assert "Dreaming (read-only)" in titles
    assert titles[-4:] == ["At session start", "Review queue", "Backups", "Activity"]
    assert desk.entries.warnings.isVisible()
    assert "trimmer deletes the promotion section" in desk.entries.warnings.text()


def test_annotations_are_fields_and_an_edit_changes_only_that_line(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    memory = claw / "MEMORY.md"
    before = memory.read_text(encoding="utf-8").split("\n")
    entry = next(e for e in _entries(memory) if e.promotion is None and e.importance is None)
    _select(desk, entry.text)
    desk.annotations.importance.setValue(9)
    desk.annotations.triggers.setText("cat, 猫")
    desk.annotations.apply.click()
    save(qtbot, window)
    after = memory.read_text(encoding="utf-8").split("\n")
    changed = [n for n, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [entry.bullet_line - 1]
    assert after[changed[0]].endswith(" <!-- trigger: cat, 猫 --> <!-- importance: 9 -->")
    (now,) = [e for e in _entries(memory) if e.text == entry.text]
    assert (now.triggers, now.importance) == (("cat", "猫"), 9)


def test_user_md_supersede_the_documented_way(qtbot: QtBot, window: MainWindow, claw: Path) -> None:
    desk = _desk(opened(qtbot, window, claw))
    desk.select_page("user")
    desk.entries.select_file("USER.md")
    old = next(e for e in _entries(claw / "USER.md") if e.status == "active")
    _select(desk, old.text)
    desk.entries.editor.setPlainText("Answer in Chinese unless I write English.")
    assert desk.supersede_button.isVisible()
    desk.supersede_button.click()
    save(qtbot, window)
    entries = _entries(claw / "USER.md")
    flipped = next(e for e in entries if e.text == old.text)
    new = entries[entries.index(flipped) + 1]
    assert flipped.status == "superseded"
    assert (new.text, new.status) == ("Answer in Chinese unless I write English.", "active")


def test_an_edit_inside_a_dreaming_block_is_refused_with_the_reason(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    note = next(
        p for p in sorted((claw / "memory").glob("*.md")) if "openclaw:dreaming" in p.read_text()
    )
    before = note.read_bytes()
    desk.select_page("notes")
    desk.entries.select_file(f"memory/{note.name}")
    managed = next(e for e in _entries(note) if e.managed)
    _select(desk, managed.text)
    refusals: list[str] = []
    desk.failed.connect(refusals.append)
    desk.entries.editor.setPlainText("my own words")
    desk.entries.apply_edit()
    assert refusals and "overwrites" in refusals[0]
    assert not window.modified()
    assert note.read_bytes() == before


def test_go_to_the_lines_a_promoted_memory_came_from(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    promoted = next(
        e
        for e in _entries(claw / "MEMORY.md")
        if e.promotion and e.promotion.source and (claw / e.promotion.source).is_file()
    )
    _select(desk, promoted.text)
    assert desk.annotations.source.isVisible()
    desk.annotations.source.click()
    assert desk.current_page() == "notes"
    source = desk.entries.source
    assert source is not None and promoted.promotion is not None
    assert source.rel == promoted.promotion.source
    shown = desk._entry()
    assert shown is not None and shown.line <= promoted.promotion.start <= shown.end_line


def test_dreaming_and_the_legacy_recall_store_are_shown_read_only(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    desk.select_page("dreaming")
    view = desk.read_only_view
    assert view.text.isReadOnly()
    assert view.text.toPlainText() == (claw / "DREAMS.md").read_text(encoding="utf-8")
    assert "diary entries" in view.summary.text()
    desk.select_page("recall")
    assert "database" in view.why.text()
    assert view.candidates.rowCount() > 0
    verdicts = {view.candidates.item(r, 6).text() for r in range(view.candidates.rowCount())}
    assert any(v.startswith("rejected: ") for v in verdicts)


def test_session_start_page_lists_the_bootstrap_files(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    desk.select_page("context")
    view = desk.context_view
    assert view is not None
    files = [view.files.item(r, 0).text() for r in range(view.files.rowCount())]
    assert files[:4] == ["AGENTS.md", "SOUL.md", "USER.md", "MEMORY.md"]
    assert "用户" in view.messages.toPlainText()


def test_keep_a_promotion_section_from_the_trimmer(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    banner = desk.entries.warnings.text()
    assert "trimmer deletes the promotion section of" in banner
    day = banner.split("trimmer deletes the promotion section of ", 1)[1].split(" ", 1)[0]
    entry = next(
        e
        for e in _entries(claw / "MEMORY.md")
        if e.promotion and e.promotion.kind == "promoted" and e.promotion.date == day
    )
    _select(desk, entry.text)
    assert desk.pin_button.isVisible() and desk.pin_button.isEnabled()
    desk.pin_button.click()
    assert f"promotion section of {day}" not in desk.entries.warnings.text()
    save(qtbot, window)
    assert "Kept by hand (MemDesk)" in (claw / "MEMORY.md").read_text(encoding="utf-8")
    window.undo_stack.undo()
    assert f"promotion section of {day}" in desk.entries.warnings.text()


@pytest.mark.parametrize(
    ("page", "rel"),
    [("memory", "MEMORY.md"), ("user", "USER.md"), ("user", "users/alice/USER.md")],
)
def test_edit_an_entry_of_each_curated_kind_and_only_its_line_changes(
    qtbot: QtBot, window: MainWindow, claw: Path, page: str, rel: str
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    desk.select_page(page)
    desk.entries.select_file(rel)
    path = claw / rel
    before = path.read_text(encoding="utf-8").split("\n")
    entry = next(e for e in _entries(path) if len(e.text.split("\n")) == 1 and not e.managed)
    _select(desk, entry.text)
    desk.entries.editor.setPlainText("改过的记忆 edited by the person")
    desk.entries.apply_edit()
    save(qtbot, window)
    after = path.read_text(encoding="utf-8").split("\n")
    changed = [n for n, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [entry.bullet_line - 1]
    assert after[changed[0]].startswith("- 改过的记忆 edited by the person")


def test_session_start_for_a_project_shows_its_memories(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    desk = _desk(opened(qtbot, window, claw))
    desk.select_page("context")
    view = desk.context_view
    assert view is not None and view.project.isVisible()
    projects = [view.project.itemText(i) for i in range(view.project.count())]
    annotated = [e for e in _entries(claw / "MEMORY.md") if e.project in projects]
    assert projects[0] == "" and annotated
    row = [view.files.item(r, 0).text() for r in range(view.files.rowCount())].index("MEMORY.md")
    view.files.selectRow(row)
    assert any(annotated[0].first_line[:30] in u for u in view.unseen_items())
    view.project.setCurrentText(annotated[0].project or "")
    view.files.selectRow(row)
    assert all(annotated[0].first_line[:30] not in u for u in view.unseen_items())
