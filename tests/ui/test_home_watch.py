"""Home keeps its figures current: an agent writing into one workspace (a real second process)
is shown there without a Rescan, told by the system or found by polling where the system's
limit on watches is too small for every file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.agents.hermes.format import DELIMITER
from core.demo import write_demo
from ui.home_view import HomeView

APPEND = (
    "import sys, pathlib; p = pathlib.Path(sys.argv[1]); "
    "p.write_text(p.read_text(encoding='utf-8') + sys.argv[2], encoding='utf-8')"
)


@pytest.mark.parametrize("mode", ["notify", "poll"])
def test_an_agent_s_write_shows_on_home_without_a_rescan(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    """Tried as a person leaving Home open while Hermes worked: its memory count stayed what the
    first scan said until Rescan."""
    if mode == "poll":
        monkeypatch.setattr("core.watch.watch_limit", lambda: 0)
    hermes = Path.home() / ".hermes"
    write_demo(hermes, layout="hermes")
    write_demo(Path.home() / ".claude", layout="claude-code")
    view = HomeView()
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.model.rowCount() == 2 and view.watch.mode != "", timeout=20_000)
    assert view.watch.mode == mode
    before = {f.path: f.memories for f in view.found}
    memory = hermes / "memories" / "MEMORY.md"
    text = DELIMITER + "The deploy window moved to Thursday 18:00."
    subprocess.run([sys.executable, "-c", APPEND, str(memory), text], check=True)
    qtbot.waitUntil(
        lambda: {f.path: f.memories for f in view.found}.get(hermes) == before[hermes] + 1,
        timeout=10_000,
    )
    others = {p: n for p, n in before.items() if p != hermes}
    assert {f.path: f.memories for f in view.found if f.path != hermes} == others


def test_a_fleet_s_first_scan_shows_how_far_it_is(qtbot: QtBot) -> None:
    """Tried as a person adding a bot's folder of 250 users: the first scan (its index built)
    showed only a busy bar; now it counts the workspaces read."""
    from tests.benchmarks import fleet_bench
    from ui.settings import add_scan_folder

    fleet = Path.home() / "fleet"
    fleet_bench.write_fleet(fleet, "picoclaw", 250, 750, seed=2)
    add_scan_folder(fleet)
    view = HomeView()
    qtbot.addWidget(view)
    told: list[tuple[int, int]] = []
    view.scanning.connect(lambda done, total: told.append((done, total)))
    view.show()
    qtbot.waitUntil(lambda: view.model.rowCount() == 250, timeout=60_000)
    assert told and told[-1] == (250, 250)
    assert [d for d, _ in told] == sorted(d for d, _ in told)
    assert view.progress.isHidden()
