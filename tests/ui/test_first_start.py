"""The window given no workspace and none remembered opens the demo, written once into the
user's data folder (never into the package) and found again on the next start."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.gui import demo_workspace, initial_workspace, open_first
from core.demo import write_demo
from core.registry import default_demo_layout, detect
from ui.hubs import add_hubs
from ui.main_window import MainWindow
from ui.settings import Settings


def test_the_first_start_writes_the_demo_once_and_opens_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = initial_workspace(None, Settings())
    assert folder == tmp_path / "memdesk" / f"demo-{default_demo_layout()}"
    assert detect(folder).candidates
    memory = next(p for p in folder.iterdir() if p.suffix == ".md")
    memory.write_text(memory.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert demo_workspace() == folder
    assert memory.read_text(encoding="utf-8").endswith("\n\n")  # found again, not rewritten


def test_given_nothing_it_opens_the_hermes_home_the_agent_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a Hermes user would, with HERMES_HOME set as the agent's docs say: MemDesk
    opened its demo; the agent's memory was in HERMES_HOME. Now that home is opened, and
    ~/.hermes when HERMES_HOME is not set."""
    default = Path.home() / ".hermes"
    custom = tmp_path / "custom-home"
    for home in (default, custom):
        (home / "memories").mkdir(parents=True)
        (home / "memories/MEMORY.md").write_text("an entry", encoding="utf-8")
    assert initial_workspace(None, Settings()) == default
    monkeypatch.setenv("HERMES_HOME", str(custom))
    assert initial_workspace(None, Settings()) == custom
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "nothing-there"))
    assert initial_workspace(None, Settings()).name.startswith("demo-")


def test_with_several_agents_installed_the_window_opens_on_the_home_page(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Tried as a person with Hermes and Claude Code both installed: the window opened one and
    nothing said the other was there. Now it opens on the Home page listing both with what
    waits in each; Enter opens one; File → Open agent home lists each too."""
    hermes, claude = Path.home() / ".hermes", Path.home() / ".claude"
    write_demo(hermes, layout="hermes")
    write_demo(claude, layout="claude-code")
    home = add_hubs(window)
    window.show()
    open_first(window, None, Settings())
    assert window.desks.currentWidget() is home and window.ws is None
    qtbot.waitUntil(lambda: home.model.rowCount() == 2, timeout=10_000)
    shown = {home.model.row_at(r).title: home.model.row_at(r) for r in range(2)}
    assert set(shown) == {"Hermes", "Claude Code"}
    assert shown["Hermes"].memories == 18 and shown["Hermes"].waiting + shown["Hermes"].staged == 3
    listed = [a.text() for a in window.menus.homes_menu.actions()]
    assert "Hermes: ~/.hermes (18 memories, 3 waiting)" in listed
    home.open_requested.emit(hermes, "hermes")
    qtbot.waitUntil(lambda: window.ws is not None and window.ws.root == hermes, timeout=10_000)


def test_with_several_homes_the_menu_lists_every_workspace_scanned_with_its_figures(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Tried as a person with Claude Code in two projects, Codex and a folder added to
    `memdesk scan`: File → Open agent home named only the homes. Now it lists each workspace the
    scan finds (each project, the added folder) with its memories and what waits, and opens it."""
    claude, codex = Path.home() / ".claude", Path.home() / ".codex"
    write_demo(claude, layout="claude-code")
    write_demo(codex, layout="codex")
    first = next((claude / "projects").iterdir())
    shutil.copytree(first, claude / "projects" / "-home-demo-other")
    added = write_demo(Path.home() / "bots" / "pomelo", layout="pomelobot").workspace
    settings = Settings(scan_folders=[str(Path.home() / "bots" / "pomelo")])
    open_first(window, None, settings)  # several homes: the Home page, no workspace opened
    listed = {a.text(): a for a in window.menus.homes_menu.actions()}
    assert len(listed) == 4
    named = {text.split(" (")[0]: text for text in listed}
    assert set(named) == {
        f"Claude Code: ~/.claude/projects/{first.name}",
        "Claude Code: ~/.claude/projects/-home-demo-other",
        "Codex: ~/.codex",
        "Pomeloclaw / Pomelobot: ~/bots/pomelo",
    }
    assert all(text.endswith(" waiting)") and " memories, " in text for text in listed)
    listed[named["Pomeloclaw / Pomelobot: ~/bots/pomelo"]].trigger()
    qtbot.waitUntil(lambda: window.ws is not None and window.ws.root == added)
