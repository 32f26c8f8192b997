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

    def ask(_parent: object, several: Several) -> Path:
        asked.append(several)
        return several.choices[1][0]

    monkeypatch.setattr("ui.opening.ask_workspace", ask)
    window.open_workspace(home)
    qtbot.waitUntil(lambda: window.ws is not None, timeout=10_000)
    assert [path.name for path, _label in asked[0].choices] == [LEGACY.name, BASIC.name]
    assert window.ws is not None and window.ws.root == home / "projects" / BASIC.name


def test_the_claude_md_page_shows_each_file_as_plain_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The desk's "CLAUDE.md files" page: which files there are and their text, read-only and
    plain (markup in them is shown, never rendered)."""
    from core.agents.claude_code.index import folder_name
    from ui.agents.claude_code.desk import ClaudeCodeDesk

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "CLAUDE.md").write_text("# Rules\n\n<b>bold?</b> see @docs/a.md\n")
    project = tmp_path / ".claude" / "projects" / folder_name(str(repo))
    shutil.copytree(BASIC, project)
    (project / "s.jsonl").write_text(f'{{"cwd": "{repo}"}}\n')
    window.open_workspace(project)
    qtbot.waitUntil(lambda: isinstance(window.desk, ClaudeCodeDesk), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, ClaudeCodeDesk)
    desk.sidebar.setCurrentRow([p.name for p in desk.pages].index("instructions"))
    assert desk.stack.currentWidget() is desk.instructions
    shown = desk.instructions.toPlainText()
    assert "<b>bold?</b> see @docs/a.md" in shown and "imports @docs/a.md" in shown
    assert f"Local · {repo / 'CLAUDE.local.md'} (not there)" in shown
    assert desk.instructions.isReadOnly()
