"""The window's Where else and detail pane on an EverBot workspace, as a user meets them (issue
23 items 2 and 9): the agent's own MEMORY.md.bak is one of the places listed; a memory whose id
others share says so and names them."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.cli import main
from core.agents.everbot import format as ev
from tests.cli.test_show_shared_id import SHARED
from tests.ui.test_main_window import opened
from ui.main_window import MainWindow


def _demo(tmp_path: Path) -> Path:
    assert main(["demo", str(tmp_path / "ws"), "--layout", "everbot"]) == 0
    return tmp_path / "ws"


def test_where_else_lists_the_agents_bak(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    ws = _demo(tmp_path)
    bak = (ws / "MEMORY.md.bak").read_text(encoding="utf-8")
    live = ev.parse((ws / "MEMORY.md").read_bytes())
    entry = next(e for e in live.entries() if e.content in bak)
    desk = opened(qtbot, window, ws)
    desk.select_key(entry.key)

    window.menus.where_else()

    dialog = window.menus.where_dialog
    rows = [
        (dialog.table.item(r, 0).text(), dialog.table.item(r, 1).text())
        for r in range(dialog.table.rowCount())
    ]
    assert ("backup", "MEMORY.md.bak") in rows


def test_the_detail_pane_names_the_others_sharing_the_id(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ws = _demo(tmp_path)
    memory = ws / "MEMORY.md"
    text = memory.read_text(encoding="utf-8")
    memory.write_text(text.replace("## Active Memories\n\n", f"## Active Memories\n\n{SHARED}", 1))
    desk = opened(qtbot, window, ws)

    desk.select_key("dup001~3")

    label = desk.detail.namesakes
    assert label.text() == "2 other memories share the id dup001: dup001, dup001~2"
    assert label.isVisible()
    desk.select_key(next(e.key for e in desk.ws.entries() if e.id != "dup001"))
    assert label.text() == "" and not label.isVisible()
