"""`memdesk list` on EverBot prints its lines from the document's columns (a million memories
without a row or an `Entry` for each): the same lines, byte for byte, as the rows print."""

from __future__ import annotations

import tempfile
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.agents.everbot import AGENT
from core.agents.everbot import format as ev
from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.document import Block
from core.agents.everbot.workspace import Workspace
from core.demo import write_demo
from tests.core.agents.everbot.test_everbot_properties import usual_memory_files

_SECTIONS = st.sampled_from(["all", "active", "archived"])


def _lines_of_rows(root: Path, section: str) -> list[str]:
    return [row.text for row in AGENT.rows(root, section=section)]


@settings(max_examples=max(200, settings().max_examples), deadline=None)
@given(usual_memory_files(), _SECTIONS)
def test_list_lines_are_the_rows_lines(text: str, section: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "MEMORY.md").write_text(text, encoding="utf-8", newline="")
        assert AGENT.list_lines(root, section=section) == _lines_of_rows(root, section)


def test_list_lines_of_a_demo_with_odd_memories_are_the_rows_lines(tmp_path: Path) -> None:
    root = write_demo(tmp_path / "ws", entries=3_000, seed=2).workspace
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    odd = "\n\n### [zz0001] fact | 0.50 | 2026-01-01 | 1\n#tag first\n  second  \n"
    (root / "MEMORY.md").write_text(text + odd, encoding="utf-8")
    for section in ("all", "active", "archived"):
        assert AGENT.list_lines(root, section=section) == _lines_of_rows(root, section)


def _made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times a document read by its headers made its memories (`Entry` objects)."""
    made: list[int] = []
    blocks = ev._ByHeaders.blocks

    def counted(self: ev._ByHeaders) -> list[Block]:
        made.append(1)
        return blocks(self)

    monkeypatch.setattr(ev._ByHeaders, "blocks", counted)
    return made


def test_listing_makes_no_memory_object(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_demo(tmp_path / "ws", entries=2_000, seed=1).workspace
    made = _made(monkeypatch)
    assert len(AGENT.list_lines(root)) == 2_000
    assert not made
    assert len(AGENT.rows(root)) == 2_000
    assert made  # the rows are made of memories


def test_listing_after_a_decay_run_shows_the_rows_lines_without_making_memories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = write_demo(tmp_path / "ws", entries=2_000, seed=1).workspace
    ws = Workspace.open(root)
    ws.sync_journal()
    apply_decay(ws, preview_decay(ws, date(2027, 3, 1)))  # the journal keeps precise scores
    made = _made(monkeypatch)
    lines = AGENT.list_lines(root)
    assert not made
    assert lines == _lines_of_rows(root, "all")
