"""Layout detection (SPEC 2.6) on the example workspaces, and the remembered choice."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from core.registry import NAMES, detect, remember_agent, resolve
from tests.conftest import FIXTURES

WORKSPACES = FIXTURES / "workspaces"


def _copy(src: Path, tmp_path: Path) -> Path:
    dst = tmp_path / src.name
    shutil.copytree(src, dst)
    return dst


@pytest.mark.parametrize(
    ("folder", "layout"),
    [
        (WORKSPACES / "tiered", "everbot"),
        (FIXTURES / "picoclaw" / "home" / "workspace", "picoclaw"),
        (WORKSPACES / "picoclaw_hybrid", "picoclaw"),
        (WORKSPACES / "picoclaw_hybrid_corrupt", "picoclaw"),
        (WORKSPACES / "pomelobot", "pomelobot"),
        (WORKSPACES / "openclaw", "openclaw"),
        (FIXTURES / "codex" / "examples" / "basic" / "codex_home", "codex"),
    ],
)
def test_each_example_workspace_is_recognised(folder: Path, layout: str) -> None:
    found = detect(folder)
    assert found.chosen == layout
    assert found.sources


def test_sources_of_a_picoclaw_hybrid_and_a_pomelobot_workspace() -> None:
    hybrid = detect(WORKSPACES / "picoclaw_hybrid")
    assert {s.kind for s in hybrid.sources} >= {"profile", "daily_notes"}
    pomelo = detect(WORKSPACES / "pomelobot")
    assert [s.name for s in pomelo.sources] == ["main", "direct_u1001", "group_cid8812"]


def test_an_empty_or_foreign_folder_fits_nothing(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    found = detect(tmp_path)
    assert found.candidates == () and found.chosen is None and not found.ambiguous


def test_two_layouts_in_one_folder_ask_and_the_choice_is_remembered(tmp_path: Path) -> None:
    ws = _copy(WORKSPACES / "pomelobot", tmp_path)
    shutil.copy(WORKSPACES / "tiered" / "MEMORY.md", ws / "MEMORY.md")  # structured entries too
    found = detect(ws)
    assert found.candidates == ("everbot", "pomelobot")
    assert found.ambiguous
    remember_agent(ws, "pomelobot")
    again = detect(ws)
    assert again.chosen == "pomelobot"
    assert all(s.kind == "scope" for s in again.sources)
    with pytest.raises(ValueError, match=f"known: {re.escape(', '.join(NAMES))}"):
        remember_agent(ws, "nonsense")  # type: ignore[arg-type]


def test_a_new_openclaw_workspace_without_memory_md_is_recognised(tmp_path: Path) -> None:
    """Tried as a new user would: OpenClaw writes memory/YYYY-MM-DD-<slug>.md before any MEMORY.md."""
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-03-01-weekly.md").write_text("# Session\n\n- 周报周五交\n")
    assert detect(tmp_path).chosen == "openclaw"
    pico = tmp_path / "pico"
    (pico / "memory").mkdir(parents=True)
    (pico / "memory" / "MEMORY.md").write_text("# Long-term Memory\n")
    (pico / "memory" / "backups").mkdir()
    (pico / "memory" / "2026-03-01.md").write_text("stray\n")  # not the agent's own daily layout
    assert detect(pico).candidates == ("picoclaw",)


CLAUDE_PROJECT = (
    FIXTURES / "claude_code/examples/basic-project/home/.claude/projects/-home-alice-code-web-shop"
)


def test_a_claude_code_memory_folder_is_claude_codes_not_openclaws(tmp_path: Path) -> None:
    """Tried as a new user would: opening ~/.claude/projects/<folder>/memory/ read MEMORY.md,
    Claude Code's index of `- [Title](file.md)` lines, as OpenClaw's curated memory; now it
    opens the project, as Claude Code's, and OpenClaw claims no Claude Code memory folder."""
    project = tmp_path / ".claude" / "projects" / CLAUDE_PROJECT.name
    shutil.copytree(CLAUDE_PROJECT, project)
    assert detect(project / "memory").candidates == ()
    agent, root = resolve(project / "memory")
    assert (agent.name, root) == ("claude_code", project)
    bare = tmp_path / "copied-memory"
    shutil.copytree(CLAUDE_PROJECT / "memory", bare)
    assert "openclaw" not in detect(bare).candidates


def test_an_openclaw_workspace_in_a_projects_folder_is_not_claude_codes(tmp_path: Path) -> None:
    """A new OpenClaw workspace (dated notes, no MEMORY.md yet) kept in ~/projects/bot/ was
    claimed by Claude Code too (its parent is named projects); a Claude Code project folder is
    named after a path (`-home-…`, `C--…`) or holds the agent's transcripts."""
    ws = tmp_path / "projects" / "bot"
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "2026-03-01-weekly.md").write_text("# Session\n\n- 周报周五交\n")
    assert detect(ws).candidates == ("openclaw",)
