"""Issue 24, item 5: one copy of each shared piece, so that every page and command agrees."""

from __future__ import annotations

import math
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from core.agents.everbot.decay import _DateCache
from core.agents.everbot.search import _day_number
from core.registry import NAMES, agent_named
from core.times import iso_day

# Texts found in `last_activated` and `Last updated`; Python 3.11's date.fromisoformat reads
# the compact and week forms too, which MemDesk's search never did.
DATES = [
    ("2026-11-05", date(2026, 11, 5)),
    ("2026-11-05T08:00:00Z", date(2026, 11, 5)),
    ("2026-11-05 08:00", date(2026, 11, 5)),
    ("20261105", None),
    ("2026-W45-4", None),
    ("2026-13-01", None),
    ("", None),
    ("yesterday", None),
]


@pytest.mark.parametrize(("text", "day"), DATES)
def test_a_memory_date_is_read_alike_by_decay_and_search(text: str, day: date | None) -> None:
    """Tried as a user would: a memory whose last activation reads "20261105" decayed from
    5 November while the filter `last<2026-12-01` did not find it; now neither reads a date."""
    assert iso_day(text) == day
    assert _DateCache().get(text) == day
    searched = _day_number(text)
    assert (math.isnan(searched) and day is None) or searched == day.toordinal()  # type: ignore[union-attr]


def test_the_cli_and_the_window_make_their_reviewer_in_one_place(tmp_path: Path) -> None:
    """Tried as a user would: `memdesk review --reviewer llm` and the window's Review page each
    built the LLM reviewer their own way (the window never turned bad settings into a message);
    now both ask core.review.choice.reviewer_named and say what to set the same way."""
    from core.demo import write_demo
    from core.review.choice import reviewer_named
    from core.review.llm import LlmReviewer
    from core.review.rules import RulesReviewer
    from core.store.errors import WorkspaceError

    assert isinstance(reviewer_named("rules", set_up_by="-"), RulesReviewer)
    made = reviewer_named("llm", base_url="http://127.0.0.1:9/v1", model="m", set_up_by="-")
    assert isinstance(made, LlmReviewer)
    with pytest.raises(WorkspaceError, match="needs a base URL and a model: set them here"):
        reviewer_named("llm", model="m", set_up_by="set them here")
    with pytest.raises(WorkspaceError, match=r"LLM settings: .*greater than 0"):
        reviewer_named("llm", base_url="http://x/v1", model="m", timeout_s=0, set_up_by="-")
    write_demo(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "review", str(tmp_path), "--reviewer", "llm"],
        capture_output=True, text=True, check=False, cwd=Path(__file__).parents[2],
    )  # fmt: skip
    assert result.returncode == 2
    assert "The LLM reviewer needs a base URL and a model: --llm-base-url" in result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_an_open_workspace_knows_its_agent_from_one_place(tmp_path: Path, name: str) -> None:
    """Tried as a new agent's author would: the agent's name was spelled twice (`Agent.name`,
    the workspace's `agent` string) and five pages looked the plug-in up again by that string;
    now the workspace's `agent` is the plug-in that opened it, whose name is said once."""
    agent = agent_named(name)
    layout = agent.demo_layouts[0]
    made = agent.demo(tmp_path / "demo", layout=layout, entries=None, seed=1)

    ws = agent.open(made.workspace)

    assert ws.agent is agent and ws.agent.name == name
