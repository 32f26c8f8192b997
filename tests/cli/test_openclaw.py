"""OpenClaw workspaces from the command line, tried as a new user would: the curated bullets of
MEMORY.md and USER.md are memories with their annotations, edits change only their lines, and
`check` warns before the agent's dreaming destroys something."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import LIST_KEYS, Cli
from tests.conftest import FIXTURES

MEMORY = """# Long-Term Memory

## Preferences

- 用户喜欢深色主题 <!-- trigger: theme, 主题 --> <!-- importance: 8 -->
- Prefers concise answers with code first.

## Work

- Deploys on Tuesdays only <!-- project: github.com/acme/shop -->
"""

USER = """# USER.md

## Directives

<!-- observed: 2026-10-01 | status: active -->
- Use vim keybindings in every editor tip.
"""


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "oc"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (root / "USER.md").write_text(USER, encoding="utf-8")
    (root / "memory" / "2026-11-25.md").write_text("# 2026-11-25\n\n- Met 小林.\n")
    return root


def test_a_curated_memory_md_lists_its_bullets_with_their_annotations(cli: Cli, ws: Path) -> None:
    rows = cli("list", ws, "--json").json()
    assert rows[0].keys() >= LIST_KEYS
    by_text = {r["content"]: r for r in rows}
    theme = by_text["用户喜欢深色主题"]
    assert theme["triggers"] == ["theme", "主题"] and theme["importance"] == 8
    assert theme["category"] == "Long-Term Memory › Preferences" and theme["line"] == 5
    assert by_text["Deploys on Tuesdays only"]["project"] == "github.com/acme/shop"
    user = by_text["Use vim keybindings in every editor tip."]
    assert (user["status"], user["observed"], user["line"]) == ("active", "2026-10-01", 5)
    assert by_text["Met 小林."]["section"] == "daily"


def test_the_example_workspace_is_openclaw_not_zero_memories(cli: Cli, tmp_path: Path) -> None:
    root = tmp_path / "ex"
    shutil.copytree(FIXTURES / "workspaces" / "openclaw", root)
    result = cli("check", root)
    assert result.code == 0, result.err
    assert "OpenClaw workspace, 6 memories" in result.out


def test_edit_changes_only_the_entry_line(cli: Cli, ws: Path) -> None:
    rows = cli("list", ws, "--json").json()
    key = next(r["id"] for r in rows if r["content"].startswith("Prefers concise"))
    result = cli("edit", ws, key, "--text", "Prefers answers in Chinese, code first.")
    assert result.code == 0, result.err
    after = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert after == MEMORY.replace(
        "- Prefers concise answers with code first.", "- Prefers answers in Chinese, code first."
    )
    assert list((ws / ".memdesk" / "backups").rglob("*MEMORY.md"))


def test_add_appends_a_bullet_and_refuses_a_heading_inside(cli: Cli, ws: Path) -> None:
    assert cli("add", ws, "Likes green tea.").code == 0
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == MEMORY + "- Likes green tea.\n"
    refused = cli("add", ws, "two\n## lines")
    assert refused.code != 0 and "heading" in refused.err
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == MEMORY + "- Likes green tea.\n"


def test_a_session_summary_is_read_only(cli: Cli, ws: Path) -> None:
    (ws / "memory" / "2026-11-25-1106.md").write_text(
        "# Session: 2026-11-25 11:06:00 UTC\n\n- **Session Key**: k\n", encoding="utf-8"
    )
    rows = cli("list", ws, "--section", "session", "--json").json()
    assert rows and all(r["read_only"] for r in rows)
    result = cli("delete", ws, f"memory/2026-11-25-1106.md:{rows[0]['id']}")
    assert result.code != 0 and "read-only" in result.err


def test_check_warns_of_an_edited_promotion_section_and_the_prompt_cut(cli: Cli, ws: Path) -> None:
    clean = cli("check", ws, "--json").json()
    assert [w for w in clean["warnings"] if w["kind"] == "promotion_trim"] == []
    promoted = (
        "\n## Promoted From Short-Term Memory (2026-06-28)\n\n"
        "<!-- openclaw-memory-promotion:memory:memory/2026-06-27.md:4:4 -->\n"
        "- I changed this bullet by hand\n"
    )
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write(promoted)
    warned = cli("check", ws, "--json").json()
    trims = [w for w in warned["warnings"] if w["kind"] == "promotion_trim"]
    assert len(trims) == 1 and "2026-06-28" in trims[0]["message"]
    assert "line 15" in trims[0]["message"]
    cut = [w for w in warned["warnings"] if w["kind"] == "not_in_prompt"]
    assert cut and "Deploys on Tuesdays" in cut[0]["message"]
    assert warned["problems"] == []


def test_context_json_has_the_spec_shape(cli: Cli, ws: Path) -> None:
    parts = cli("context", ws, "--date", "2026-11-26", "--json").json()
    files = [p["file"] for p in parts]
    assert files[:2] == ["USER.md", "MEMORY.md"]
    memory = parts[1]
    assert {"file", "chars", "injected_chars", "truncated", "text"} <= memory.keys()
    assert "Deploys on Tuesdays" not in memory["text"]
    assert "用户喜欢深色主题" in memory["text"]


def test_a_save_replaces_the_file_atomically_and_holds_nothing_open(cli: Cli, ws: Path) -> None:
    """OpenClaw checks a content hash before it replaces MEMORY.md: MemDesk's save must be a new
    file renamed over the old one (a new inode), leaving no temp file behind."""
    memory = ws / "MEMORY.md"
    inode = memory.stat().st_ino
    with memory.open("rb") as held:  # the agent's reader still sees what it opened
        assert cli("add", ws, "Likes green tea.").code == 0
        assert held.read() == MEMORY.encode("utf-8")
    assert memory.stat().st_ino != inode
    assert sorted(p.name for p in ws.iterdir()) == [".memdesk", "MEMORY.md", "USER.md", "memory"]


def test_an_edit_the_agent_keeps_is_not_reported_as_lost(ws: Path) -> None:
    """An OpenClaw memory's id is made of its text, so an edit gives it a new one: the agent's
    next append must not make MemDesk say the edit was undone (and a rewrite from an older copy
    must still say so)."""
    from core.agents.openclaw.workspace import OpenClawWorkspace
    from core.ops.entries import edit_entry

    workspace = OpenClawWorkspace.open(ws)
    memory = ws / "MEMORY.md"
    agents_copy = memory.read_text(encoding="utf-8")
    key = next(e.key for e in workspace.memory().doc.entries() if e.text.startswith("Prefers"))
    edit_entry(workspace.memory(), key, "Prefers answers in Chinese.").apply()
    workspace.save_all()
    with memory.open("a", encoding="utf-8") as f:
        f.write("- The agent's own append.\n")
    assert workspace.refresh_from_disk().overwritten == {}
    memory.write_text(agents_copy + "- The agent's own append.\n", encoding="utf-8")
    refreshed = workspace.refresh_from_disk().overwritten
    assert list(refreshed) == ["MEMORY.md"] and len(refreshed["MEMORY.md"]) == 1


def test_context_for_a_project_session_sees_that_projects_memories(cli: Cli, ws: Path) -> None:
    parts = cli(
        "context", ws, "--date", "2026-11-26", "--project", "github.com/acme/shop", "--json"
    )
    memory = next(p for p in parts.json() if p["file"] == "MEMORY.md")
    assert "Deploys on Tuesdays only" in memory["text"] and memory["unseen"] == []
    other = cli(
        "context", ws, "--date", "2026-11-26", "--project", "github.com/acme/blog", "--json"
    )
    memory = next(p for p in other.json() if p["file"] == "MEMORY.md")
    assert "Deploys on Tuesdays" not in memory["text"]
    assert [u.split(": ", 1)[1] for u in memory["unseen"]] == ["Deploys on Tuesdays only"]


def test_backups_and_diff_of_an_openclaw_workspace(cli: Cli, ws: Path) -> None:
    assert cli("add", ws, "Likes green tea.").code == 0
    (backup,) = cli("backups", ws, "--json").json()
    assert backup["file"] == "MEMORY.md" and backup["origin"] == "memdesk"
    assert backup["entries"] == 3
    diff = cli("diff", ws, "--json").json()
    assert [m["content"] for m in diff["added"]] == ["Likes green tea."]
    assert diff["removed"] == [] and diff["changed"] == []
    assert "+ [" in cli("diff", ws).out and "Likes green tea." in cli("diff", ws).out
