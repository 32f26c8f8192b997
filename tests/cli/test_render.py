"""The agents return data and `memdesk` renders it (app/cli/render.py): what it prints of every
demo layout is, byte for byte, what it printed while the plug-ins wrote their own text (show,
decay, context, retrieve, where, check; text and JSON)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path
from typing import get_type_hints

import pytest

from core.agents.base import Agent, DecayReport, Retrieved, Shown
from tests.cli.render_transcript import ENTRIES, SEED, TODAY
from tests.conftest import FIXTURES, PROJECT_ROOT

PINNED = FIXTURES / "render"
LAYOUTS = sorted(path.stem for path in PINNED.glob("*.txt"))
RETURNS = {"show": Shown, "retrieve": Retrieved, "decay": DecayReport}


def test_the_agents_return_data_not_lines() -> None:
    returned = {name: get_type_hints(getattr(Agent, name))["return"] for name in RETURNS}
    assert returned == RETURNS
    assert "lines" not in {f.name for f in dataclasses.fields(DecayReport)}


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
