"""`memdesk check` on PicoClaw, Pomeloclaw / Pomelobot and Codex workspaces: read everything, write nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.cli import main
from tests.conftest import FIXTURES

WORKSPACES = FIXTURES / "workspaces"


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize(
    ("folder", "layout", "entries", "code"),
    [
        (WORKSPACES / "pomelobot", "pomelobot", 10, 0),
        (WORKSPACES / "openclaw", "openclaw", 6, 0),
        (WORKSPACES / "picoclaw_hybrid", "picoclaw", 5, 0),
        (WORKSPACES / "picoclaw_hybrid_corrupt", "picoclaw", 0, 1),
        (FIXTURES / "picoclaw" / "home" / "workspace", "picoclaw", 3, 0),
        (FIXTURES / "codex" / "examples" / "basic" / "codex_home", "codex", 14, 0),
    ],
)
def test_check_reads_every_memory_file(
    folder: Path,
    layout: str,
    entries: int,
    code: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    ws = tmp_path / "ws"
    shutil.copytree(folder, ws)
    before = _files(ws)
    assert main(["check", str(ws), "--json"]) == code
    report = json.loads(capsys.readouterr().out)
    assert report["layout"] == layout
    assert report["entries"] == entries
    assert bool(report["problems"]) == (code == 1)
    assert _files(ws) == before  # checking writes nothing


def test_a_corrupt_profile_is_a_problem_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(WORKSPACES / "picoclaw_hybrid_corrupt"), "--json"]) == 1
    (problem,) = json.loads(capsys.readouterr().out)["problems"]
    assert problem["kind"] == "corrupt_json"
    assert problem["file"].endswith("memory/profile.json")
    assert problem["line"] == 4


def test_list_shows_other_agents_memories(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", str(WORKSPACES / "pomelobot"), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == 10
    assert {m["section"] for m in listed} >= {"main:long_term", "group_cid8812:transcript"}
    first = listed[0]
    assert set(first) >= {"id", "category", "score", "last_activated", "content", "file", "line"}
    assert first["file"].endswith("MEMORY.md")
    home = FIXTURES / "picoclaw" / "home" / "workspace"
    assert main(["list", str(home), "--json"]) == 0
    pico = json.loads(capsys.readouterr().out)
    # Tried as a new user would: list left out the daily notes (list --query SSL missed one).
    assert [m["section"] for m in pico] == ["longterm", "longterm", "daily"]
    assert all(m["content"] for m in pico)


@pytest.mark.parametrize(
    "workspace", [WORKSPACES / "pomelobot", FIXTURES / "picoclaw" / "home" / "workspace"]
)
def test_list_query_finds_a_memory_by_its_words_and_its_time(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["list", str(workspace), "--json"]) == 0
    every = json.loads(capsys.readouterr().out)
    one = every[-1]
    words = f"{str(one['content']).split()[0].upper()} {one['last_activated']}"
    assert main(["list", str(workspace), "--query", words, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert one["id"] in {m["id"] for m in found}
    assert len(found) < len(every)
    assert main(["list", str(workspace), "--query", "zzqx-no-such-word", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_check_on_a_claude_code_memory_folder_checks_its_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tried as a new user would: `memdesk check ~/.claude/projects/<folder>/memory` said
    "OpenClaw workspace, 5 memories"; now it checks the project as Claude Code's."""
    example = FIXTURES / "claude_code/examples/basic-project/home/.claude/projects"
    project = tmp_path / ".claude" / "projects" / "-home-alice-code-web-shop"
    shutil.copytree(example / project.name, project)
    before = _files(tmp_path)
    assert main(["check", str(project / "memory"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["layout"], report["entries"]) == ("claude_code", 5)
    assert _files(tmp_path) == before
