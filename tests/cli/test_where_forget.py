"""`memdesk where` and `memdesk forget`: every other place a memory's text lives, and forgetting it
everywhere the agent reads it as one undoable operation; backups pruned only when named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli

SECRET = "用户的门禁密码是 4711，放在玄关抽屉里。"


def _four_places(cli: Cli, tmp_path: Path) -> tuple[Path, str]:
    """A PicoClaw workspace holding SECRET in MEMORY.md (a memory of its own), inside a longer
    memory, in a daily note and in a backup."""
    assert cli("demo", tmp_path / "home", "--layout", "picoclaw").code == 0
    ws = tmp_path / "home" / "workspace"
    assert cli("add", ws, SECRET).code == 0
    with (ws / "memory" / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write(f"\n\n## 2026-11-20\n\n搬家清单：\n{SECRET}\n记得换锁。")
    note = next((ws / "memory").glob("2026*/*.md"))
    with note.open("a", encoding="utf-8") as f:
        f.write(f"\n- 聊到：{SECRET}\n")
    rows = cli("list", ws, "--json").json()
    memory_id = next(r["id"] for r in rows if r["content"] == SECRET)
    assert cli("edit", ws, rows[0]["id"], "--text", "另一条记忆").code == 0  # backs SECRET up
    return ws, memory_id


def test_where_lists_every_other_place(cli: Cli, tmp_path: Path) -> None:
    ws, memory_id = _four_places(cli, tmp_path)

    result = cli("where", ws, memory_id, "--json")

    assert result.code == 0, result.err
    places = result.json()
    kinds = [p["kind"] for p in places]
    assert kinds.count("live") == 2  # the longer memory and the daily note
    # MemDesk's backup from before the last edit holds it twice (its own memory, the longer one)
    assert len({p["file"] for p in places if p["kind"] == "backup"}) == 1
    assert {p["file"] for p in places if p["kind"] == "live"} == {
        "memory/MEMORY.md",
        next(p["file"] for p in places if p["file"].startswith("memory/2026")),
    }
    assert all(SECRET in p["text"] for p in places)
    by_text = cli("where", ws, "门禁密码是 4711", "--json").json()
    assert len(by_text) == len(places) + 1  # the memory itself is a place when searched by text


def test_forget_everywhere_then_undo(cli: Cli, tmp_path: Path) -> None:
    ws, memory_id = _four_places(cli, tmp_path)
    memory = ws / "memory" / "MEMORY.md"
    files = {p: p.read_bytes() for p in (ws / "memory").rglob("*.md")}
    backup = next(p["file"] for p in cli("where", ws, memory_id, "--json").json()
                  if p["kind"] == "backup")  # fmt: skip

    result = cli("forget", ws, memory_id)

    assert result.code == 0, result.err
    assert f"still in the backup {backup}" in result.out
    left = cli("where", ws, "门禁密码是 4711", "--json").json()
    assert {p["kind"] for p in left} == {"backup"}
    assert len({p["file"] for p in left}) == 3  # the edit's backup, and this save's two
    text = memory.read_text(encoding="utf-8")
    assert "搬家清单：\n记得换锁。" in text  # the longer memory kept its other lines
    [op] = cli("activity", ws, "--json").json()[:1]
    assert op["cause"].startswith("forgot everywhere") and len(op["files"]) == 2

    assert cli("undo", ws).code == 0

    assert {p: p.read_bytes() for p in files} == files


def test_forget_prunes_only_the_backups_named(cli: Cli, tmp_path: Path) -> None:
    ws, memory_id = _four_places(cli, tmp_path)
    backups = [p["file"] for p in cli("where", ws, memory_id, "--json").json()
               if p["kind"] == "backup"]  # fmt: skip

    refused = cli("forget", ws, memory_id, "--prune-backup", "memory/MEMORY.md")
    assert refused.code == 1 and "not a backup holding the text" in refused.err
    assert (ws / "memory" / "MEMORY.md").read_text(encoding="utf-8").count(SECRET) == 2

    assert cli("forget", ws, memory_id, "--prune-backup", backups[0]).code == 0
    assert not (ws / backups[0]).exists()


def test_where_with_nothing_elsewhere_and_bad_input(cli: Cli, tmp_path: Path) -> None:
    assert cli("demo", tmp_path / "home", "--layout", "picoclaw").code == 0
    ws = tmp_path / "home" / "workspace"

    assert cli("add", ws, "只在这一条记忆里的一句话").code == 0
    rows = cli("list", ws, "--json").json()
    alone = next(r["id"] for r in rows if r["content"] == "只在这一条记忆里的一句话")
    assert cli("where", ws, alone).out.endswith("no other place holds it\n")
    nowhere = cli("where", ws, "no such text anywhere")
    assert nowhere.code == 2 and "nothing in" in nowhere.err  # not an empty success
    short = cli("where", ws, "ab")
    assert short.code == 1 and "too short" in short.err


def test_the_window_and_the_cli_forget_through_one_function(cli: Cli, tmp_path: Path) -> None:
    """Tried as a user would: `memdesk forget` and the window's "Forget everywhere…" each had
    their own copy of the steps; now both call core.ops.where.forget_everywhere, which refuses a
    file that is not a listed backup before writing anything, then writes one operation."""
    from core.ops.where import forget_everywhere, where
    from core.registry import agent_named
    from core.store.errors import WorkspaceError

    ws_root, memory_id = _four_places(cli, tmp_path)
    files = {p: p.read_bytes() for p in ws_root.rglob("*") if p.is_file()}
    agent = agent_named("picoclaw")
    ws = agent.open(ws_root)
    found = where(agent, ws, memory_id)
    with pytest.raises(WorkspaceError, match="not a backup holding the text"):
        forget_everywhere(ws, found, ["memory/MEMORY.md"])
    assert {p: p.read_bytes() for p in ws_root.rglob("*") if p.is_file()} == files

    backup = next(p.file for p in found.of_kind("backup"))
    done = forget_everywhere(agent.open(ws_root), found, [backup])

    assert done.pruned == [backup] and not (ws_root / backup).exists()
    assert len(done.changesets) == 2 and not done.untouched
    left = where(agent, agent.open(ws_root), SECRET, by_text=True)
    assert {p.kind for p in left.places} == {"backup"}  # the backups this save made
    [op] = cli("activity", ws_root, "--json").json()[:1]
    assert op["cause"].startswith("forgot everywhere") and len(op["files"]) == 2
