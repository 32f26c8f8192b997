"""The memory table's trend arrows: each score against the newest backup of the file, loaded
off the UI thread, moving with a save."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from core.agents.everbot.trend import previous_scores
from core.agents.everbot.workspace import Workspace
from core.demo import write_demo
from tests.ui.test_main_window import opened
from ui.agents.everbot.memory_table import TREND_ROLE
from ui.main_window import MainWindow


def test_trend_against_the_newest_backup(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    folder = tmp_path / "ws"
    write_demo(folder, entries=60, seed=7)
    ws = Workspace.open(folder)
    previous = previous_scores(ws.root, ws.path)
    moved = {e.key: previous.delta(e.key, e.score) for e in ws.entries()}
    assert previous.name and any(d for d in moved.values())  # the demo's backups differ
    desk = opened(qtbot, window, folder)
    qtbot.waitUntil(lambda: bool(desk.model.previous.scores), timeout=10_000)

    shown = {
        desk.model.key_at(row): desk.model.index(row, 2).data(TREND_ROLE)
        for row in range(desk.model.rowCount())
    }

    assert shown == {k: moved[k] for k in shown}
    key, delta = next((k, d) for k, d in shown.items() if d)
    tip = desk.model.index(desk.model.row_of(key), 2).data(Qt.ItemDataRole.ToolTipRole)
    assert f"{delta:+.2f} since" in tip
