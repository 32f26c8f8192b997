"""The agents return data and `memdesk` renders it (app/cli/render.py): what it prints of every
demo layout is, byte for byte, what it printed while the plug-ins wrote their own text (show,
decay, context, retrieve, where, check, activity; text and JSON)."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import get_type_hints

import pytest

from core.agent import Agent, DecayReport, Retrieved, Shown
from core.capabilities import Decaying, Retrieval
from core.ops.activity import ActivityItem
from core.registry import agent_named
from tests.cli.conftest import Cli
from tests.cli.render_transcript import ENTRIES, SEED, TODAY
from tests.conftest import FIXTURES, PROJECT_ROOT

PINNED = FIXTURES / "render"
LAYOUTS = sorted(path.stem for path in PINNED.glob("*.txt"))
EVERBOT = agent_named("everbot")
RETURNS = {
    (Agent, "show"): Shown,
    (Retrieval, "retrieve"): Retrieved,
    (Decaying, "decay"): DecayReport,
}


def test_the_agents_return_data_not_lines() -> None:
    returned = {
        (kind, name): get_type_hints(getattr(kind, name))["return"] for kind, name in RETURNS
    }
    assert returned == RETURNS
    assert "lines" not in {f.name for f in dataclasses.fields(DecayReport)}
    assert not {"memories", "summary"} & set(dir(ActivityItem))  # what `activity` prints


@pytest.mark.parametrize("layout", LAYOUTS)
def test_memdesk_prints_each_demo_as_before(layout: str, tmp_path: Path) -> None:
    env = dict(os.environ, TZ="UTC", PYTHONPATH=str(PROJECT_ROOT))
    script = PROJECT_ROOT / "tests" / "cli" / "render_transcript.py"
    said = subprocess.run(
        [sys.executable, str(script), layout, str(tmp_path / layout)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert said.returncode == 0, said.stderr
    expected = (PINNED / f"{layout}.txt").read_text(encoding="utf-8")
    assert said.stdout == expected, f"{layout} (seed {SEED}, {ENTRIES} memories, {TODAY})"


def test_activity_lists_each_operation_as_before(cli: Cli, tmp_path: Path) -> None:
    demo = EVERBOT.demo(tmp_path / "ws", layout="everbot", entries=ENTRIES, seed=SEED, today=TODAY)
    root = demo.workspace
    first, second, third = (m["id"] for m in cli("list", root, "--json").json()[:3])
    for args in (
        ("edit", first, "--text", "edited"),
        ("delete", second, third),
        ("decay", "--at", "2027-06-01", "--apply"),
        ("undo",),
    ):
        assert cli(args[0], root, *args[1:]).code == 0
    listed = cli("activity", root)
    assert listed.code == 0, listed.err
    said = _OP_ID.sub("OP", _TIME.sub("TIME", listed.out)).splitlines()
    assert said == [
        "OP  TIME  person   undo of OP: decay to 2027-06-01 (MEMORY.md; edit 10): "
        "4da172, 20c8ba, 519cde, 15e871, 9a3fc1, 0fe0c5, …",
        "OP  TIME  decay    decay to 2027-06-01 (MEMORY.md; decay 10): "
        "0fe0c5, 15e871, 20c8ba, 4da172, 519cde, 89f2f2, …  [undone by OP]",
        "OP  TIME  person   edited in MemDesk (MEMORY.md; delete 2): c7a5c9, 07c150",
        "OP  TIME  person   edited in MemDesk (MEMORY.md; edit 1): 4da172",
    ]


_OP_ID = re.compile(r"\b[0-9a-f]{12}(?:[0-9a-f]{20})?\b")
_TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
