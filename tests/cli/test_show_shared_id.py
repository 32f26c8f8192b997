"""`memdesk show` of a memory whose id others share (issue 23 item 9): it says how many other
memories carry the id and names each as `show` takes it (`dup001~2`), in text and --json, also
when a big file is read a memory at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli

SHARED = "".join(
    f"### [dup001] fact | 0.7{n} | 2026-11-2{n} | {n}\n第 {n} 条共用 id 的记忆\n\n"
    for n in (1, 2, 3)
)


def with_shared_id(cli: Cli, tmp_path: Path) -> Path:
    """EverBot's demo with three memories carrying [dup001] (the agent kept all three)."""
    ws = tmp_path / "ws"
    assert cli("demo", ws, "--layout", "everbot").code == 0
    memory = ws / "MEMORY.md"
    text = memory.read_text(encoding="utf-8")
    memory.write_text(text.replace("## Active Memories\n\n", f"## Active Memories\n\n{SHARED}", 1))
    return ws


@pytest.mark.parametrize("big", [False, True])
def test_show_names_the_others_sharing_the_id(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, big: bool
) -> None:
    ws = with_shared_id(cli, tmp_path)
    if big:  # read as a file too big to parse whole is: only the memories with the id
        monkeypatch.setattr("core.agents.everbot.peek.LARGE_FILE", 0)

    shown = cli("show", ws, "dup001")

    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert lines[0].startswith("[dup001] fact | score 0.7100")
    assert lines[1] == "  2 other memories share the id dup001: dup001~2, dup001~3"
    assert cli("show", ws, "dup001", "--json").json()["same_id"] == ["dup001~2", "dup001~3"]
    second = cli("show", ws, "dup001~2", "--json").json()
    assert second["content"] == "第 2 条共用 id 的记忆"
    assert second["same_id"] == ["dup001", "dup001~3"]


def test_a_memory_with_its_own_id_says_nothing_of_others(cli: Cli, tmp_path: Path) -> None:
    ws = with_shared_id(cli, tmp_path)
    key = next(r["id"] for r in cli("list", ws, "--json").json() if r["id"] != "dup001")

    shown = cli("show", ws, key)

    assert shown.code == 0 and "share the id" not in shown.out
    assert "same_id" not in cli("show", ws, key, "--json").json()
