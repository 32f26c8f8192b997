"""Claude Code with `memdesk`, as a person meets it (tests/fixtures/claude_code/examples)."""

from __future__ import annotations

import shutil
from pathlib import Path

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
