"""Opening a workspace: progress while it is read, an empty detail pane until rows exist, the
table usable before the search index exists, and an index built meanwhile never used stale."""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.agents.everbot import ops
from core.agents.everbot.document import Entry
from core.demo import write_demo
from ui.agents.everbot.desk import EverBotDesk
from ui.main_window import MainWindow


def _demo(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    write_demo(folder, entries=200, seed=3, today=date(2026, 3, 1))
    return folder


def test_progress_shows_while_reading_and_goes_when_ready(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    with qtbot.waitSignal(window.ready, timeout=10_000):
        window.open_workspace(_demo(tmp_path))
        assert window.progress.isVisible()
    assert not window.progress.isVisible()
    desk = window.desk
    assert isinstance(desk, EverBotDesk) and desk.model.rowCount() > 0


def test_progress_goes_when_opening_fails(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.open_workspace(tmp_path / "missing")
    qtbot.waitUntil(lambda: not window.progress.isVisible(), timeout=10_000)
    assert window.banner.isVisible()


def test_detail_pane_is_empty_until_a_memory_is_shown(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    with qtbot.waitSignal(window.ready, timeout=10_000):
        window.open_workspace(_demo(tmp_path))
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    desk.detail.show_memory(None, None)
    assert desk.detail.category.currentText() == ""
    assert desk.detail.score.text() == ""
    assert not desk.detail.content.toPlainText()


def test_search_index_is_built_after_the_table_and_dropped_if_stale(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    with qtbot.waitSignal(window.ready, timeout=10_000):
        window.open_workspace(_demo(tmp_path))
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    qtbot.waitUntil(lambda: desk.index is not None, timeout=10_000)
    assert len(desk.index or []) == len(desk.ws.entries())

    desk.index = None
    ws = desk.ws
    desk._index_in_background(ws)
    key = ws.entries()[0].key
    ops.edit(ws, key, content="edited while the index was built").apply()
    assert desk.indexer.wait()
    qtbot.wait(50)
    assert desk.index is None  # built from the entries before the edit: not used


def test_a_query_typed_while_the_index_is_built_waits_for_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not a second index of every memory beside the one being built (memory, and time)."""
    from core.agents.everbot import search

    built = []
    real_init = search.SearchIndex.__init__

    def slow_init(self: search.SearchIndex, entries: Sequence[Entry]) -> None:
        time.sleep(0.3)
        real_init(self, entries)
        built.append(self)

    monkeypatch.setattr(search.SearchIndex, "__init__", slow_init)
    with qtbot.waitSignal(window.ready, timeout=10_000):
        window.open_workspace(_demo(tmp_path))
    desk = window.desk
    assert isinstance(desk, EverBotDesk) and desk.indexer.busy
    desk.search.setText("咖啡")
    desk.run_search()
    assert len(built) == 1 and desk.index is built[0]
    assert desk.model.rowCount() > 0
