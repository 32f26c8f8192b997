"""Where MemDesk finds each agent's memory on its own (`Agent.home`, `found_homes`): the folder
the agent itself uses when told nothing else, its environment variable first (spec 1 of each)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.gui import initial_workspace
from core.demo import write_demo
from core.registry import all_agents, found_homes
from ui.settings import Settings


def _found() -> list[tuple[str, Path]]:
    return [(agent.name, home) for agent, home in found_homes()]


def _demo(folder: Path, layout: str, changed: float | None = None) -> Path:
    write_demo(folder, layout=layout)
    if changed is not None:
        for path in folder.rglob("*"):
            os.utime(path, (changed, changed))
    return folder


@pytest.mark.parametrize(
    ("layout", "name", "default", "variable"),
    [
        ("claude-code", "claude_code", ".claude", "CLAUDE_CONFIG_DIR"),
        ("codex", "codex", ".codex", "CODEX_HOME"),
        ("picoclaw", "picoclaw", ".picoclaw", None),
        ("openclaw", "openclaw", ".openclaw/workspace", None),
    ],
)
def test_each_agent_s_home_is_found_where_the_agent_keeps_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    layout: str,
    name: str,
    default: str,
    variable: str | None,
) -> None:
    """Tried as a Claude Code or Codex user would: MemDesk opened its demo although the agent's
    memory was in ~/.claude (CLAUDE_CONFIG_DIR) or ~/.codex (CODEX_HOME). Now each is found,
    the agent's own variable first."""
    assert _found() == []
    home = _demo(Path.home() / default, layout)
    assert _found() == [(name, home)]
    assert initial_workspace(None, Settings()) == home
    if variable is not None:
        custom = _demo(tmp_path / "custom", layout)
        monkeypatch.setenv(variable, str(custom))
        assert _found() == [(name, custom)]
        monkeypatch.setenv(variable, str(tmp_path / "nothing-there"))
        assert _found() == []


def test_a_claude_code_home_with_several_projects_is_found_and_asks_which(
    tmp_path: Path,
) -> None:
    from ui.opening import Several, open_any

    home = _demo(Path.home() / ".claude", "claude-code")
    project = home / "projects" / "-home-demo-code-web-shop"
    (home / "projects" / "-home-demo-notes").mkdir()
    (home / "projects" / "-home-demo-notes" / "memory").symlink_to(project / "memory")
    assert _found() == [("claude_code", home)]
    opened = open_any(initial_workspace(None, Settings()))
    assert isinstance(opened, Several) and len(opened.choices) == 2


def test_several_agents_homes_the_most_recently_changed_first(tmp_path: Path) -> None:
    """Hermes and Claude Code both installed: the one whose memory changed last opens; the
    others are listed after it."""
    hermes = _demo(Path.home() / ".hermes", "hermes", changed=1_700_000_000)
    claude = _demo(Path.home() / ".claude", "claude-code", changed=1_800_000_000)
    codex = _demo(Path.home() / ".codex", "codex", changed=1_750_000_000)
    assert _found() == [("claude_code", claude), ("codex", codex), ("hermes", hermes)]
    assert initial_workspace(None, Settings()) == claude


def test_help_says_where_each_agent_s_home_is_looked_for() -> None:
    """`memdesk --help` and `memdesk open --help` said "else the demo"; the window opened an
    agent's home first. Now both name, for every agent with a home, where it is looked for."""
    from app.cli.parser import build_parser

    parser = build_parser()
    opening = parser._subparsers._group_actions[0].choices["open"]  # type: ignore[union-attr]
    for text in (parser.format_help(), opening.format_help()):
        flat = " ".join(text.split())
        for agent in all_agents():
            if agent.home() is not None:
                assert agent.home_hint and f"{agent.title}: {agent.home_hint}" in flat
