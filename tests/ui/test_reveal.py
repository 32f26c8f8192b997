"""A memory found by a search across workspaces opens there: every agent's desk shows the page
listing its file with the memory selected (`Desk.reveal`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from ui.entries_view import EntriesView
from ui.main_window import MainWindow


@pytest.mark.parametrize(
    "layout", ["picoclaw", "openclaw", "pomelobot", "hermes", "claude-code", "codex"]
)
def test_a_memory_found_is_shown_selected_on_its_page(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, layout: str
) -> None:
    """Tried as a person searching every workspace: Enter on a result in a PicoClaw workspace
    said "open its page in the sidebar to edit it" instead of showing the memory."""
    root = tmp_path / layout
    write_demo(root, layout=layout)
    window.open_workspace(root)
    qtbot.waitUntil(lambda: window.desk is not None and window.ws is not None, timeout=10_000)
    assert window.desk is not None and window.ws is not None
    rows = [r for r in window.ws.agent.rows(window.ws.root) if r.key and _listed(r.file)]
    last = rows[-1]  # not the page's first row, which is selected anyway
    window.desk.reveal(last.file, last.key)
    view = window.desk.stack.currentWidget()  # type: ignore[attr-defined]
    assert isinstance(view, EntriesView)
    assert view.source is not None and view.source.rel == last.file
    # a note that is one memory (Codex's) is listed under its own key
    assert view.current_key() == last.key or len(view.model.items) == 1


def _listed(file: str) -> bool:
    """A file a page lists as memories to edit; PicoClaw's profile.json and daily notes and
    Codex's regenerated files have pages of their own, where the memory is not selected."""
    others = ("profile.json", "memory/2", "rollout_summaries/", "raw_memories.md")
    return not any(part in file for part in others)
