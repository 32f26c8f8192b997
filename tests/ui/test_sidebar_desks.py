"""Every agent's desk is a `SidebarDesk`: one way to list pages, switch between them, tie a
banner to its page, hold unsaved typing and end with the review queue, Backups and Activity."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from core.registry import NAMES, demo_layouts, resolve
from tests.conftest import FIXTURES
from tests.ui.test_main_window import opened
from ui.agents import desk_class
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk
from ui.tasks import TaskRunner


@pytest.mark.parametrize("agent", NAMES)
def test_every_agent_desk_is_a_sidebar_desk(agent: str) -> None:
    assert issubclass(desk_class(agent), SidebarDesk)


def test_a_fixed_problem_ends_the_undo_history_it_wrote_past(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Fixing kept-aside text writes the file at once: an edit saved before it can no longer
    be undone from the window (its snapshot is of the file before the fix)."""
    folder = tmp_path / "stray"
    folder.mkdir()
    (folder / "MEMORY.md").write_bytes((FIXTURES / "everbot" / "stray_text.input.md").read_bytes())
    desk = opened(qtbot, window, folder)
    desk.select_key(desk.model.key_at(0))
    desk.delete_selected()
    window.save()
    qtbot.waitUntil(lambda: not window.tasks.busy and not desk.ws.modified, timeout=10_000)  # type: ignore[union-attr]
    assert window.undo_stack.count() == 1
    desk.select_page("problems")
    problems = desk.problems.list
    before = problems.count()
    problems.setCurrentRow(
        next(r for r in range(before) if "stray_text" in problems.item(r).text())
    )
    desk.problems.text.setPlainText("### [ffff01] fact | 0.50 | 2026-02-26 | 1\nNow a memory.")
    desk.problems.fix_button.click()
    qtbot.waitUntil(
        lambda: not window.tasks.busy and problems.count() == before - 1, timeout=10_000
    )
    assert desk.ws.find("ffff01") is not None  # type: ignore[union-attr]
    assert window.undo_stack.count() == 0
    assert window.statusBar().currentMessage().startswith("Fixed line")


@pytest.mark.parametrize("layout", sorted(demo_layouts()))
def test_a_workspace_opens_on_its_first_page_read_once(
    qtbot: QtBot, tmp_path: Path, layout: str
) -> None:
    """Tried as a user would, opening PicoClaw's, OpenClaw's or Pomeloclaw's demo: the first
    page was shown twice (its files listed and read twice) before the window could be used."""
    write_demo(tmp_path / "ws", layout=layout)
    agent, target = resolve(tmp_path / "ws")
    ws = agent.open(target)
    desk = desk_class(agent.name)(lambda _command: None, TaskRunner())
    qtbot.addWidget(desk)
    assert isinstance(desk, SidebarDesk)
    shown: list[str | None] = []
    desk.page_changed.connect(lambda: shown.append(desk.current_page()))
    desk.show_workspace(ws)
    assert shown == [desk.pages[0].name]
    for runner in desk.findChildren(TaskRunner):  # EverBot's index and trend, read meanwhile
        runner.wait()
