"""What the agent sees: PicoClaw's retrieval for a typed message (chunks in the agent's order and the
exact injected text, unsaved edits included) and EverBot's prompt block for a structured file
(`PromptView`, EverBot's own page)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from core.agents.everbot.prompt import everbot_prompt
from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.retrieval import memory_context
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.demo import write_demo
from core.ops.entries import edit_entry
from tests.helpers import open_workspace
from ui.agents.everbot.prompt_view import PromptView
from ui.agents.picoclaw.agent_view import AgentView


@pytest.fixture
def pico(tmp_path: Path) -> Path:
    """A PicoClaw workspace whose latest daily notes are recent (the agent injects them)."""
    return write_demo(tmp_path / "home", layout="picoclaw", seed=3, today=date.today()).workspace


@pytest.fixture
def ws(pico: Path) -> PicoClawWorkspace:
    return open_workspace(pico)


@pytest.fixture
def view(qtbot: QtBot, ws: PicoClawWorkspace) -> AgentView:
    widget = AgentView()
    qtbot.addWidget(widget)
    widget.show_agent(ws)
    return widget


def rows(table: QTableWidget) -> list[list[str]]:
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def expected_rows(ws: PicoClawWorkspace, message: str) -> list[list[str]]:
    return [
        [str(c.rank), str(c.score), "yes" if c.taken else "no", c.text.split("\n")[0]]
        for c in ws.agent_sees(message).chunks
    ]


def from_disk(workspace: Path, message: str) -> str:
    """memory_context over the files as the agent reads them, with the effective policy."""
    memory = workspace / "memory" / "MEMORY.md"
    text = picoclaw.parse_longterm(memory.read_bytes(), memory).agent_text()
    notes = [(n.date, picoclaw.read_daily_note(n)) for n in picoclaw.list_daily_notes(workspace)]
    policy = pc_policy.effective_policy(workspace)
    return memory_context(
        text,
        message,
        limit=int(policy["retrieve_limit"].value),
        recent_days=int(policy["recent_days"].value),
        daily_notes=notes,
        today=date.today(),
    )


def test_a_message_shows_the_agents_chunks_and_injected_text(
    view: AgentView, ws: PicoClawWorkspace, pico: Path
) -> None:
    view.set_message("咖啡")
    preview = ws.agent_sees("咖啡")
    assert view.text.toPlainText() == preview.injected == from_disk(pico, "咖啡")
    assert "## Recent Daily Notes" in preview.injected  # the notes of the last days follow
    table = view.findChild(QTableWidget, "agentChunks")
    assert table is view.chunks
    assert rows(table) == expected_rows(ws, "咖啡")
    taken = [r for r in rows(table) if r[2] == "yes"]
    assert len(taken) == preview.limit and [r[0] for r in taken] == [
        str(n) for n in range(1, preview.limit + 1)
    ]
    assert rows(table)[0][3].startswith("咖啡偏好更新")  # the correction ranks first
    explain = view.explain.text()
    assert (
        f"retrieve_limit = {preview.limit}" in explain
        and f"recent_days = {preview.recent_days}" in explain
    )
    assert "policy_overrides.json" in explain


def test_an_empty_message_injects_the_whole_file(
    view: AgentView, ws: PicoClawWorkspace, pico: Path
) -> None:
    view.set_message("咖啡")
    view.set_message("")
    memory = (pico / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert view.text.toPlainText() == from_disk(pico, "") == ws.agent_sees("").injected
    assert view.text.toPlainText().startswith("## Long-term Memory\n\n" + memory)
    assert view.chunks.rowCount() == 0  # nothing is ranked
    assert "skips retrieval" in view.explain.text()


def test_a_blank_message_is_a_query(view: AgentView, ws: PicoClawWorkspace) -> None:
    view.set_message("  ")
    assert view.text.toPlainText() == ws.agent_sees("  ").injected
    assert view.text.toPlainText().startswith("## Long-term Memory (relevant)")
    assert rows(view.chunks) == expected_rows(ws, "  ")


def test_typing_updates_after_a_pause_and_on_enter(
    qtbot: QtBot, view: AgentView, ws: PicoClawWorkspace
) -> None:
    before = view.text.toPlainText()
    view.message.setText("Bob")
    assert view.text.toPlainText() == before
    qtbot.waitUntil(lambda: view.text.toPlainText() == ws.agent_sees("Bob").injected, timeout=2_000)
    view.message.setText("PostgreSQL")
    qtbot.keyClick(view.message, Qt.Key.Key_Return)
    assert view.text.toPlainText() == ws.agent_sees("PostgreSQL").injected
    assert rows(view.chunks) == expected_rows(ws, "PostgreSQL")


def test_an_unsaved_edit_shows_after_refresh(
    view: AgentView, ws: PicoClawWorkspace, pico: Path
) -> None:
    memory = pico / "memory" / "MEMORY.md"
    on_disk = memory.read_bytes()
    view.set_message("咖啡")
    item = next(i for i in ws.longterm().items() if "Bob" in i.content)
    edit_entry(ws.longterm(), item.key, "新内容：用户改喝咖啡豆手冲了。").apply()
    assert "新内容" not in view.text.toPlainText()
    view.refresh()
    assert "新内容：用户改喝咖啡豆手冲了。" in view.text.toPlainText()
    assert view.text.toPlainText() == ws.agent_sees("咖啡").injected
    hits = [r[3] for r in rows(view.chunks) if r[1] != "0"]
    assert len(hits) == 3 and "新内容：用户改喝咖啡豆手冲了。" in hits
    assert memory.read_bytes() == on_disk  # shown, not saved


def test_showing_the_page_again_keeps_the_message(view: AgentView, ws: PicoClawWorkspace) -> None:
    view.set_message("咖啡")
    view.show_agent(ws)
    assert view.message.text() == "咖啡"
    assert view.text.toPlainText() == ws.agent_sees("咖啡").injected


def test_a_broken_config_is_a_message(view: AgentView, pico: Path) -> None:
    config = pico.parent / "config.json"
    config.write_text('{"memory": {"retrieve_limit": 5,\n  oops}}', encoding="utf-8")
    view.set_message("咖啡")
    assert not view.error.isHidden()
    assert "config.json" in view.error.text()
    assert view.text.toPlainText() == "" and view.chunks.rowCount() == 0
    config.write_text('{"memory": {"retrieve_limit": 2}}', encoding="utf-8")
    view.refresh()
    assert view.error.isHidden()


def test_corrupt_overrides_show_what_the_agent_sees_with_one_warning(
    view: AgentView, pico: Path
) -> None:
    """The agent ignores the file and runs with its defaults and config.json: the page showed
    only an error; it shows what the agent injects, and says once which file is ignored."""
    overrides = pico / "memory" / "policy_overrides.json"
    overrides.write_text('{"retrieve_limit": 5,\n  oops}', encoding="utf-8")
    view.set_message("咖啡")
    assert view.error.isHidden() and not view.warning.isHidden()
    assert view.warning.text().count(str(overrides)) == 1
    assert ":2: corrupt JSON" in view.warning.text()
    assert view.text.toPlainText() == from_disk(pico, "咖啡") != ""
    limit = int(pc_policy.effective_policy(pico)["retrieve_limit"].value)
    assert [r[2] for r in rows(view.chunks)].count("yes") == limit
    assert f"retrieve_limit = {limit} (" in view.explain.text()
    assert "policy_overrides.json" not in view.explain.text()
    overrides.write_text('{"retrieve_limit": 2}', encoding="utf-8")
    view.refresh()
    assert view.warning.isHidden()
    assert [r[2] for r in rows(view.chunks)].count("yes") == 2


def test_everbot_prompt_view_shows_the_everbot_block(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "everbot"
    write_demo(folder, entries=30, seed=1, today=date(2026, 3, 1))
    structured = Workspace.open(folder)
    view = PromptView()
    qtbot.addWidget(view)
    view.show_workspace(structured)
    assert view.text.toPlainText() == everbot_prompt(structured.entries())
    assert "EverBot" in view.explain.text()
    view.refresh()  # recomputes the structured block
    assert view.text.toPlainText() == everbot_prompt(structured.entries())


def test_the_picoclaw_message_row_and_chunks_are_always_shown(
    view: AgentView, ws: PicoClawWorkspace
) -> None:
    view.set_message("咖啡")
    view.show_agent(ws)
    assert not view.message_row.isHidden() and not view.chunks.isHidden()
    assert view.text.toPlainText() == ws.agent_sees("咖啡").injected


def test_nothing_open(qtbot: QtBot) -> None:
    widget = AgentView()
    qtbot.addWidget(widget)
    widget.show_agent(None)
    widget.set_message("咖啡")
    assert widget.text.toPlainText() == "" and widget.chunks.rowCount() == 0
    prompt = PromptView()
    qtbot.addWidget(prompt)
    prompt.show_workspace(None)
    assert prompt.text.toPlainText() == ""
