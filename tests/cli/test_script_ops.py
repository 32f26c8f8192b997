"""`memdesk add|edit|delete|archive|unarchive|pin`: the window's actions for scripts, on every
agent's workspace, each through the one guarded commit (backup first)."""

from __future__ import annotations

import io
import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.conftest import FIXTURES

WORKSPACES = FIXTURES / "workspaces"


def _copy(name: str, tmp_path: Path) -> Path:
    return Path(shutil.copytree(WORKSPACES / name, tmp_path / name))


def _listed(cli: Cli, root: Path) -> dict[str, dict[str, object]]:
    result = cli("list", root, "--json")
    assert result.code == 0, result.err
    return {str(m["id"]): m for m in result.json()}


def test_everbot_add_edit_archive_pin_delete(cli: Cli, tmp_path: Path) -> None:
    root = _copy("tiered", tmp_path)
    added = cli("add", root, "主人喜欢乌龙茶", "--category", "fact", "--score", "1.2")
    assert added.code == 0, added.err
    new_id = added.out.split("[", 1)[1].split("]", 1)[0]
    memory = _listed(cli, root)[new_id]
    assert (memory["content"], memory["category"], memory["score"]) == (
        "主人喜欢乌龙茶",
        "fact",
        1.2,
    )
    assert cli("edit", root, new_id, "--text", "主人喜欢冻顶乌龙", "--score", "0.9").code == 0
    assert _listed(cli, root)[new_id]["content"] == "主人喜欢冻顶乌龙"
    assert cli("archive", root, new_id, "f00002").code == 0
    listed = _listed(cli, root)
    assert listed[new_id]["section"] == listed["f00002"]["section"] == "archived"
    assert cli("unarchive", root, "f00002").code == 0
    assert _listed(cli, root)["f00002"]["section"] == "active"
    assert cli("pin", root, "f00001").code == 0
    assert _listed(cli, root)["f00001"]["category"] == "core"
    deleted = cli("delete", root, new_id)
    assert deleted.code == 0 and "backup" in deleted.out
    assert new_id not in _listed(cli, root)
    assert len(list((root / ".memdesk" / "backups").iterdir())) == 6  # one per write


def test_text_from_stdin(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _copy("tiered", tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("多行\n的记忆"))
    assert cli("edit", root, "f00002", "--text", "-").code == 0
    assert _listed(cli, root)["f00002"]["content"] == "多行\n的记忆"


def test_unknown_and_refused(cli: Cli, tmp_path: Path) -> None:
    root = _copy("tiered", tmp_path)
    before = (root / "MEMORY.md").read_bytes()
    missing = cli("delete", root, "nope42")
    assert missing.code == 1 and "no memory with id nope42" in missing.err
    assert cli("edit", root, "f00002").code == 2  # nothing to change
    assert cli("add", root, "x", "--score", "inf").code == 2
    assert (root / "MEMORY.md").read_bytes() == before
    assert not (root / ".memdesk").exists()


def test_picoclaw_long_term_notes_and_profile(cli: Cli, tmp_path: Path) -> None:
    root = Path(shutil.copytree(FIXTURES / "picoclaw" / "home", tmp_path / "home"))
    memory = root / "workspace" / "memory"
    assert cli("add", root, "用户喜欢手冲咖啡").code == 0
    today = date.today().isoformat()
    assert (
        (memory / "MEMORY.md")
        .read_text(encoding="utf-8")
        .endswith(f"\n\n## {today}\n\n用户喜欢手冲咖啡")
    )
    note = "memory/202602/20260222.md"
    before = (root / "workspace" / note).read_text(encoding="utf-8")
    assert cli("add", root, "补充一句", "--file", note).code == 0
    assert (root / "workspace" / note).read_text(encoding="utf-8") == before + "\n补充一句"
    refused = cli("delete", root, "20260222")
    assert refused.code == 1 and "does not delete daily notes" in refused.err
    no_archive = cli("archive", root, "2026-02-21")
    assert no_archive.code == 1 and "PicoClaw has no archive" in no_archive.err
    assert cli("delete", root, "2026-02-21").code == 0
    assert "2026-02-21" not in _listed(cli, root)


def test_picoclaw_profile_keys(cli: Cli, tmp_path: Path) -> None:
    root = _copy("picoclaw_hybrid", tmp_path)
    assert cli("edit", root, "user_name", "--text", "Michael").code == 0
    assert cli("delete", root, "咖啡偏好").code == 0
    profile = json.loads((root / "memory" / "profile.json").read_text(encoding="utf-8"))
    assert profile["user_name"] == "Michael" and "咖啡偏好" not in profile
    corrupt = _copy("picoclaw_hybrid_corrupt", tmp_path)
    before = (corrupt / "memory" / "profile.json").read_bytes()
    assert cli("edit", corrupt, "user_name", "--text", "x").code == 1
    assert (corrupt / "memory" / "profile.json").read_bytes() == before


def test_pomelobot_add_edit_delete(cli: Cli, tmp_path: Path) -> None:
    root = _copy("pomelobot", tmp_path)
    assert cli("add", root, "用户想要周报").code == 0  # where the agent saves today
    new = (root / "memory" / "scopes" / "main" / "MEMORY.md").read_text(encoding="utf-8")
    assert new.startswith("# Long-term Memory (main)\n\n\n[") and new.endswith("] 用户想要周报\n")
    assert "用户想要周报" not in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert cli("add", root, "今天的一条", "--file", "memory/2026-03-02.md").code == 0
    assert "] 今天的一条" in (root / "memory" / "2026-03-02.md").read_text(encoding="utf-8")
    assert cli("edit", root, "09:00:12", "--text", "用户是 SRE 负责人。").code == 0
    assert "用户是 SRE 负责人。" in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert cli("delete", root, "09:05:40").code == 0
    assert "09:05:40" not in (root / "MEMORY.md").read_text(encoding="utf-8")
    outside = cli("add", root, "x", "--file", "../elsewhere.md")
    assert outside.code == 2 and "not a memory file of any scope" in outside.err
