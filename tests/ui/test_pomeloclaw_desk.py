"""A Pomeloclaw workspace in the main window, driven as a person would: open the `pomeloclaw`
demo, edit one entry of each kind (a [HH:MM:SS] memory, a heartbeat entry, a team entry), save,
and find only that entry's bytes changed; the banner says what the agent is about to lose, the
line under the table what an entry is, and the last page what the agent injects per scope."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.agents.pomelobot import format as pb
from core.agents.pomelobot.scopes import heartbeat_path, list_scopes, long_term_path
from core.agents.pomelobot.team import TeamEntry
from core.demo import write_demo
from tests.cli.conftest import snapshot
from tests.ui.test_agent_desk import edit_selected, opened, save
from ui.agents.pomelobot.desk import PomelobotDesk
from ui.main_window import MainWindow

TODAY = date(2026, 3, 3)
MAIN_MEMORY = long_term_path("main")
MAIN_HEARTBEAT = heartbeat_path("main")


@pytest.fixture
def claw(tmp_path: Path) -> Path:
    root = tmp_path / "claw"
    write_demo(root, layout="pomeloclaw", seed=3, today=TODAY)
    return root


def _desk(window: MainWindow) -> PomelobotDesk:
    assert isinstance(window.desk, PomelobotDesk)
    return window.desk


def _row(window: MainWindow, team: bool) -> int:
    """The first row of the shown file holding a team entry (or a memory)."""
    items = _desk(window).entries.model.items
    return next(r for r, i in enumerate(items) if i.key.startswith("team:") == team)


def _files(root: Path) -> dict[str, bytes]:
    """The workspace's files and their bytes (MemDesk's own backups and journal left out)."""
    return {
        rel: data
        for rel, (kind, _mode, data) in snapshot(root).items()
        if kind == "file" and not rel.startswith(".memdesk/") and isinstance(data, bytes)
    }


def _edited_alone(
    qtbot: QtBot, window: MainWindow, root: Path, rel: str, row: int, text: str
) -> pb.Entry:
    """Edit the entry at `row` of `rel` to `text` and save: the file is the one read with only
    that entry replaced as the document replaces it; no other file changed."""
    before = _files(root)
    original = pb.parse_memory_file(before[rel], rel)
    _desk(window).entries.select_file(rel)
    key = edit_selected(window, row, text)
    save(qtbot, window)
    original.replace_entry(key, text)
    after = _files(root)
    assert after[rel] == original.to_bytes()
    assert {k: v for k, v in after.items() if k != rel} == {
        k: v for k, v in before.items() if k != rel
    }
    entry = pb.parse_memory_file((root / rel).read_bytes(), rel).find(key)
    assert entry is not None
    return entry


def test_a_memory_edited_changes_only_its_line(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    opened(qtbot, window, claw)
    row = _row(window, team=False)
    entry = _edited_alone(qtbot, window, claw, MAIN_MEMORY, row, "用户改用飞书通知值班。")
    assert isinstance(entry, pb.MemoryEntry) and entry.content == "用户改用飞书通知值班。"


def test_a_heartbeat_entry_edited_keeps_its_time_and_category(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    opened(qtbot, window, claw)
    before = pb.parse_memory_file((claw / MAIN_HEARTBEAT).read_bytes(), MAIN_HEARTBEAT)
    first = before.entries()[0]
    assert isinstance(first, pb.MemoryEntry) and first.category is not None
    text = "先看告警时间线，\n再看变更记录。"
    entry = _edited_alone(qtbot, window, claw, MAIN_HEARTBEAT, 0, text)
    assert isinstance(entry, pb.MemoryEntry)
    assert (entry.time, entry.category, entry.content) == (first.time, first.category, text)


def test_a_team_entry_edited_is_written_verbatim(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    opened(qtbot, window, claw)
    _desk(window).entries.select_file(MAIN_MEMORY)
    row = _row(window, team=True)
    body = _desk(window).entries.model.items[row].content
    text = body.replace("- 标签: ", "- 标签: 已复核 / ", 1)
    assert text != body
    entry = _edited_alone(qtbot, window, claw, MAIN_MEMORY, row, text)
    assert isinstance(entry, TeamEntry) and entry.body == text
    assert entry.fields()["标签"].startswith("已复核 / ")


def test_the_banner_says_what_the_next_team_merge_and_the_prompt_lose(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    opened(qtbot, window, claw)
    entries = _desk(window).entries
    entries.select_file(MAIN_MEMORY)
    shown = entries.warnings.text()
    assert entries.warnings.isVisible()
    assert (
        "⚠ line 33: team entry '生产发布前检查清单': the agent reads only the first line" in shown
    )
    assert "memories are not in the prompt at session start" in shown
    entries.select_file(MAIN_HEARTBEAT)
    assert not entries.warnings.isVisible()


def test_the_line_under_the_table_says_what_an_entry_is(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    opened(qtbot, window, claw)
    entries = _desk(window).entries
    entries.select_file(MAIN_MEMORY)
    entries.select_key("team:生产发布前检查清单")
    about = entries.about.text()
    assert about.startswith("Team entry “生产发布前检查清单” · 来源scopes group_")
    assert "更新时间 20" in about and "sections: 摘要, 适用场景, 操作步骤" in about
    entries.select_row(0)
    assert entries.about.text().startswith("Memory saved at ")
    entries.select_file(MAIN_HEARTBEAT)
    assert entries.about.text().startswith("Heartbeat entry · category ")


def test_the_older_layouts_files_say_what_the_agent_does_with_them(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root = tmp_path / "pomelo"
    write_demo(root, layout="pomelobot", seed=3, today=TODAY)
    opened(qtbot, window, root)
    entries = _desk(window).entries
    entries.select_file("MEMORY.md")
    assert "⚠ older layout: Long-term memory of the older layout" in entries.warnings.text()
    assert "older layout: " in entries.about.text()
    labels = [entries.file_list.item(r).text() for r in range(entries.file_list.count())]
    assert labels[0] == "Long-term · MEMORY.md (older layout)"


def test_the_session_start_page_shows_what_the_agent_injects_per_scope(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    opened(qtbot, window, claw)
    desk = _desk(window)
    assert [p.name for p in desk.pages[-4:]] == ["context", "review", "backups", "activity"]
    desk.select_page("context")
    view = desk.context_view
    assert view is not None and desk.stack.currentWidget() is view
    scopes = [view.scope.itemText(i) for i in range(view.scope.count())]
    assert scopes == [s.name for s in list_scopes(claw)]


def test_a_team_entry_row_shows_its_title_not_its_heading(
    qtbot: QtBot, window: MainWindow, claw: Path
) -> None:
    opened(qtbot, window, claw)
    entries = _desk(window).entries
    row = _row(window, team=True)
    shown = entries.model.data(entries.model.index(row, 2))
    assert isinstance(shown, str) and shown.startswith("- 标题: ")
    assert entries.model.items[row].content.startswith("## 团队记忆条目\n")
