"""Claude Code in the window, as a person meets it (tests/fixtures/claude_code/examples)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ui.main_window import MainWindow
from ui.opening import Several

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "claude_code" / "examples"
BASIC = EXAMPLES / "basic-project/home/.claude/projects/-home-alice-code-web-shop"
LEGACY = EXAMPLES / "legacy-frontmatter/home/.claude/projects/-Users-bob-Projects-my-app-v2"


def test_opening_a_config_home_of_several_projects_asks_which(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a new user would: File > Open on ~/.claude with two projects said there was no
    agent memory; now the window asks which project and opens that one."""
    home = tmp_path / ".claude"
    for project in (BASIC, LEGACY):
        shutil.copytree(project, home / "projects" / project.name)
    asked: list[Several] = []

    def ask(several: Several) -> Path:
        asked.append(several)
        return several.choices[1][0]

    monkeypatch.setattr(window, "_ask_workspace", ask)
    window.open_workspace(home)
    qtbot.waitUntil(lambda: window.ws is not None, timeout=10_000)
    assert [path.name for path, _label in asked[0].choices] == [LEGACY.name, BASIC.name]
    assert window.ws is not None and window.ws.root == home / "projects" / BASIC.name
