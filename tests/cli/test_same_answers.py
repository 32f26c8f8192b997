"""Every agent's workspace gets the same kind of answer from the same command (issue 23 item 10):
`list` shows the ids `show`/`edit` take, `retrieve`'s "not per message" answer exits 1, history
and activity times read as the rest of the text, `activity` names the memories each operation
changed, and a file of the workspace may be named by its absolute path."""

from __future__ import annotations

import re
import time
from datetime import datetime
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, snapshot

LAYOUTS = ["everbot", "picoclaw", "openclaw", "pomelobot", "pomeloclaw"]
SHOWN_TIME = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"


def demo(cli: Cli, tmp_path: Path, layout: str) -> Path:
    result = cli("demo", tmp_path / layout, "--layout", layout, "--seed", 3)
    assert result.code == 0, result.err
    home = tmp_path / layout
    return home / "workspace" if layout == "picoclaw" else home


@pytest.mark.parametrize("layout", LAYOUTS)
def test_list_shows_the_id_show_takes_first_on_every_line(
    cli: Cli, tmp_path: Path, layout: str
) -> None:
    root = demo(cli, tmp_path, layout)
    rows = cli("list", root, "--json").json()
    lines = cli("list", root).out.splitlines()
    assert lines[0].startswith("ID ")
    assert len(lines) == len(rows) + 1
    for line, row in zip(lines[1:], rows, strict=True):
        assert line.startswith(row["id"] + " ")


def test_a_picoclaw_id_of_a_repeated_day_is_listed_as_show_takes_it(
    cli: Cli, tmp_path: Path
) -> None:
    root = demo(cli, tmp_path, "picoclaw")
    repeated = [line.split()[0] for line in cli("list", root).out.splitlines() if "~" in line]
    assert repeated, "the demo has two memories under one day's heading"
    shown = cli("show", root, repeated[0])
    assert shown.code == 0 and shown.out.startswith(f"[{repeated[0]}]")


@pytest.mark.parametrize("layout", ["openclaw", "pomelobot", "pomeloclaw"])
def test_not_per_message_is_the_same_answer_on_every_agent(
    cli: Cli, tmp_path: Path, layout: str
) -> None:
    result = cli("retrieve", demo(cli, tmp_path, layout), "coffee")
    assert result.code == 1  # what the agent does not do is refused, as `pin` on PicoClaw is
    assert result.out == ""
    assert "chooses no memory by the message" in result.err
    assert result.err.count("\n") == 1


def test_history_times_read_as_the_rest_of_the_text(cli: Cli, tmp_path: Path) -> None:
    root = demo(cli, tmp_path, "everbot")
    memory = cli("list", root, "--json").json()[0]["id"]
    history = cli("show", root, memory, "--json").json()["history"]
    text = cli("show", root, memory).out
    lines = text[text.index("history:") :].splitlines()[1:]
    assert len(lines) == len(history) > 0
    for line, point in zip(lines, history, strict=True):
        local = datetime.fromisoformat(point["at"]).astimezone()
        assert line.split("  ")[2] == f"{local:%Y-%m-%d %H:%M:%S}"
    backups = cli("backups", root).out.splitlines()
    assert all(re.match(SHOWN_TIME + "  ", line) for line in backups)


@pytest.mark.parametrize("layout", ["everbot", "picoclaw"])
def test_activity_names_the_memories_each_operation_changed(
    cli: Cli, tmp_path: Path, layout: str
) -> None:
    root = demo(cli, tmp_path, layout)
    added = cli("add", root, "the user likes green tea")
    assert added.code == 0, added.err
    operation = cli("activity", root, "--json").json()[0]
    assert operation["memory_ids"]
    line = cli("activity", root).out.splitlines()[0]
    assert re.match(r"[0-9a-f]{12}  " + SHOWN_TIME + "  person ", line)
    assert line.endswith(": " + ", ".join(operation["memory_ids"]))


def test_activity_says_when_an_operation_changed_more_memories_than_it_names(
    cli: Cli, tmp_path: Path
) -> None:
    root = demo(cli, tmp_path, "everbot")
    assert cli("decay", root, "--at", "2027-06-01", "--apply").code == 0
    operation = cli("activity", root, "--json").json()[0]
    assert operation["memories"] > len(operation["memory_ids"])
    assert cli("activity", root).out.splitlines()[0].endswith(", …")


def test_chunks_takes_an_absolute_path_inside_the_workspace(cli: Cli, tmp_path: Path) -> None:
    root = demo(cli, tmp_path, "pomelobot")
    relative = cli("chunks", root, "MEMORY.md", "--json")
    absolute = cli("chunks", root, (root / "MEMORY.md").absolute(), "--json")
    assert relative.code == absolute.code == 0, absolute.err
    assert absolute.json() == relative.json()


@pytest.mark.parametrize("outside", ["elsewhere/MEMORY.md", "pomelobot/../elsewhere/MEMORY.md"])
def test_an_absolute_path_outside_the_workspace_is_refused(
    cli: Cli, tmp_path: Path, outside: str
) -> None:
    root = demo(cli, tmp_path, "pomelobot")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "MEMORY.md").write_text("# Long-term Memory (main)\n", "utf-8")
    result = cli("chunks", root, f"{tmp_path}/{outside}")
    assert result.code == 1
    assert f"outside the workspace {root}" in result.err


def test_add_file_diff_and_restore_take_absolute_paths_inside(cli: Cli, tmp_path: Path) -> None:
    root = demo(cli, tmp_path, "picoclaw")
    note = root / "memory" / "202611" / "20261130.md"
    added = cli("add", root, "the user likes green tea", "--file", note)
    assert added.code == 0, added.err
    assert "the user likes green tea" in note.read_text("utf-8")
    backup = root / cli("backups", root, "--json").json()[-1]["path"]
    assert cli("diff", root, backup).code == 0
    before = snapshot(root)
    outside = cli("restore", root, tmp_path / "MEMORY.md")
    assert outside.code == 1 and "outside the workspace" in outside.err
    assert snapshot(root) == before
    restored = cli("restore", root, backup)
    assert restored.code == 0, restored.err


def test_a_time_local_time_cannot_hold_is_shown_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.times import shown_time

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert shown_time("9999-12-31T23:59:59+00:00") == "9999-12-31 23:59:59"
        assert shown_time("2026-11-13T23:12:24.000000+00:00") == "2026-11-14 08:12:24"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_file_id_takes_the_files_absolute_path(cli: Cli, tmp_path: Path) -> None:
    root = demo(cli, tmp_path, "pomelobot")
    row = cli("list", root, "--json").json()[0]
    relative = f"{Path(row['file']).relative_to(root).as_posix()}:{row['id']}"
    absolute = f"{(root / relative).absolute()}"
    assert cli("show", root, absolute).out == cli("show", root, relative).out
    edited = cli("edit", root, absolute, "--text", "the user likes green tea")
    assert edited.code == 0, edited.err
    assert cli("delete", root, absolute).code == 0
