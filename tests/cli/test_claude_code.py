"""Claude Code with `memdesk`, as a person meets it (tests/fixtures/claude_code/examples)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import Cli

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "claude_code" / "examples"
BASIC = EXAMPLES / "basic-project/home/.claude/projects/-home-alice-code-web-shop"


def _copy(tmp_path: Path, project: Path = BASIC) -> Path:
    target = tmp_path / ".claude" / "projects" / project.name
    shutil.copytree(project, target)
    return target


def test_add_writes_the_topic_file_and_its_index_line_in_one_operation(
    tmp_path: Path, cli: Cli
) -> None:
    """Tried as a new user would: `memdesk add` wrote a topic file but no line in MEMORY.md,
    so the agent found the memory only by searching; now the line comes with the file, the
    memory is listed once, and one undo takes both back."""
    project = _copy(tmp_path)
    index = project / "memory" / "MEMORY.md"
    before = index.read_bytes()
    added = cli("add", project, "Deploys go out on Tuesdays only")
    assert added.code == 0, added.err
    [topic] = [p for p in (project / "memory").glob("project_*deploys*.md")]
    line = index.read_text(encoding="utf-8").splitlines()[-1]
    assert (
        line
        == f"- [deploys-go-out-on-tuesdays-only]({topic.name}) — Deploys go out on Tuesdays only"
    )
    assert index.read_bytes().startswith(before)
    listed = cli("list", project, "--json", "--query", "Tuesdays").json()
    assert [m["id"] for m in listed] == [topic.stem]
    check = cli("check", project, "--json").json()
    assert not [w for w in check["warnings"] if topic.name in w["message"]]
    assert cli("undo", project).code == 0
    assert index.read_bytes() == before and not topic.exists()


def test_a_memory_is_listed_once_by_its_topics_name(tmp_path: Path, cli: Cli) -> None:
    """Index lines had ids like `feedback_terse.md` and each memory was listed twice (its line
    and its file); a memory's id is now its topic's name, listed once with its index line."""
    project = _copy(tmp_path)
    ids = [m["id"] for m in cli("list", project, "--json").json()]
    assert not [i for i in ids if i.endswith(".md")]
    assert ids.count("feedback_terse") == 1
    index_ids = [m["id"] for m in cli("list", project, "--json", "--section", "index").json()]
    assert "feedback_terse" in index_ids
    shown = cli("show", project, "feedback_terse", "--json")
    assert shown.code == 0, shown.err
    assert shown.json()["file"].endswith("feedback_terse.md")
    assert shown.json()["index_line"] == 3


def _home(tmp_path: Path, *projects: Path) -> Path:
    for project in projects:
        _copy(tmp_path, project)
    return tmp_path / ".claude"


LEGACY = EXAMPLES / "legacy-frontmatter/home/.claude/projects/-Users-bob-Projects-my-app-v2"


def test_a_config_home_of_several_projects_lists_each_by_its_path(tmp_path: Path, cli: Cli) -> None:
    """Tried as a new user would: `memdesk check ~/.claude` with two projects said "no agent
    memory here"; now it names each project (its path from a transcript, or that the folder
    name cannot be turned back) and the folder to open, and opens nothing."""
    home = _home(tmp_path, BASIC, LEGACY)
    (home / "projects" / BASIC.name / "s.jsonl").write_text(
        '{"type":"user","cwd":"/home/alice/code/web-shop"}\n', encoding="utf-8"
    )
    result = cli("check", home)
    assert result.code == 2 and result.out == ""
    lines = result.err.splitlines()
    assert "Claude Code memory of 2 projects; open one of them:" in lines[0]
    assert lines[1].strip() == (
        f"{home / 'projects' / LEGACY.name}  (its path cannot be recovered from the folder name)"
    )
    assert lines[2].strip() == f"{home / 'projects' / BASIC.name}  (/home/alice/code/web-shop)"
    opened = cli("check", home / "projects" / LEGACY.name)
    assert opened.code == 0, opened.err


def test_auto_memory_directory_in_the_users_settings_is_where_the_memory_is(
    tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`autoMemoryDirectory` (user settings; `~/` expanded as the agent does) sends every
    project's memory to one folder: the config home opens that one, not the old projects."""
    home = _home(tmp_path, BASIC, LEGACY)
    shared = Path.home() / "notes" / "memory"
    shutil.copytree(LEGACY / "memory", shared)
    (home / "settings.json").write_text('{"autoMemoryDirectory": "~/notes/memory"}')
    result = cli("check", home, "--json")
    assert result.code == 0, result.err
    assert str(shared) in result.json()["sources"][0]["path"]
    (home / "settings.json").write_text('{"autoMemoryDirectory": "notes/memory"}')  # refused
    assert cli("check", home).code == 2


def test_managed_settings_win_over_the_users_and_the_config_dir_is_a_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.agents.claude_code.discover import configured_memory, is_config_home

    home = tmp_path / "cc"
    home.mkdir()
    (home / "settings.json").write_text('{"autoMemoryDirectory": "/users/memory"}')
    managed = tmp_path / "managed-settings.json"
    assert configured_memory(home, managed) == Path("/users/memory")
    managed.write_text('{"autoMemoryDirectory": "/policy/memory"}')
    assert configured_memory(home, managed) == Path("/policy/memory")
    assert not is_config_home(home)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(home))
    assert is_config_home(home)
