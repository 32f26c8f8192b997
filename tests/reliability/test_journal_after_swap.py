"""The journal fails after the file was swapped (a disk that fills at that moment): every command
that writes says the file was written and what was not recorded, in one line, never "failed:
JournalError … (MEMDESK_DEBUG=1 shows where)"; the next open records it, and undo works then.
The window says the same in its banner."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.agents.everbot import ops as operations
from core.demo import write_demo
from core.store import commit as commit_module
from core.store.journal import Journal
from core.store.journal.opening import _failure
from tests.cli.conftest import Cli
from tests.helpers import fill, oldest_demo_backup, small_disk

MEMORY_ID = "32911b"  # the demo's first memory (score 0.91)

# Each command that writes, as run on the EverBot demo (set up by `before` first, if any).
COMMANDS: dict[str, tuple[list[str], list[list[str]]]] = {
    "edit": (["edit", "{ws}", MEMORY_ID, "--score", "0.5"], []),
    "add": (["add", "{ws}", "a memory the test adds"], []),
    "delete": (["delete", "{ws}", MEMORY_ID], []),
    "archive": (["archive", "{ws}", MEMORY_ID], []),
    "decay-apply": (["decay", "{ws}", "--apply"], []),
    "restore": (["restore", "{ws}", "{oldest}"], []),
    "undo": (["undo", "{ws}"], [["edit", "{ws}", MEMORY_ID, "--score", "0.5"]]),
    "approve": (["approve", "{ws}", "1"], [["review", "{ws}"]]),
}


def _argv(args: list[str], ws: Path) -> list[str]:
    return [oldest_demo_backup(ws) if a == "{oldest}" else a.format(ws=ws) for a in args]


def fail_after_swap(monkeypatch: pytest.MonkeyPatch, fail: Callable[[Journal], None]) -> list[int]:
    """After the first swap of the memory file, `fail(journal)` makes the journal fail;
    returns the commits swapped so far (one element per swap)."""
    publish = commit_module._Commit._publish
    swaps: list[int] = []

    def publish_then_fail(self: commit_module._Commit[object], *args: object) -> object:
        outcome = publish(self, *args)  # type: ignore[arg-type]
        if not swaps:
            fail(self.journal)
        swaps.append(1)
        return outcome

    monkeypatch.setattr(commit_module._Commit, "_publish", publish_then_fail)
    return swaps


def journal_fails(journal: Journal) -> None:
    """The journal's next write meets a full disk (as SQLite reports one)."""

    def full(*_args: object, **_kwargs: object) -> None:
        raise _failure(journal.path, sqlite3.OperationalError("database or disk is full"))

    journal.finish_commit = full  # type: ignore[method-assign]


@pytest.fixture
def demo(cli: Cli, tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert cli("demo", ws).code == 0
    return ws


def check_said_written(err: str, ws: Path) -> None:
    assert "failed:" not in err and "MEMDESK_DEBUG" not in err and "Traceback" not in err, err
    [line] = err.splitlines()  # one line
    assert line.startswith(f"memdesk: {ws / 'MEMORY.md'}: written, but not recorded"), err
    assert "journal" in line and "the change is in the file" in line, err


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_journal_failing_after_the_swap_says_the_file_was_written(
    cli: Cli, demo: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    args, before = COMMANDS[command]
    for step in before:
        assert cli(*_argv(step, demo)).code == 0
    old = (demo / "MEMORY.md").read_bytes()
    swaps = fail_after_swap(monkeypatch, journal_fails)

    result = cli(*_argv(args, demo))

    assert swaps, "the command never swapped the file"
    assert result.code == 2, result
    check_said_written(result.err, demo)
    assert "disk is full" in result.err
    written = (demo / "MEMORY.md").read_bytes()
    assert written != old  # the file holds the change
    monkeypatch.undo()
    # Opened again with a journal that works: the change is recorded, and can be undone.
    ops = cli("activity", demo, "--json").json()
    assert ops[0]["memories"] > 0, ops[0]
    undone = cli("undo", demo, ops[0]["op_id"])
    assert undone.code == 0, undone.err
    assert (demo / "MEMORY.md").read_bytes() == old


def test_a_disk_that_fills_after_the_swap_says_the_scores_were_written(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As met: a real full disk (a small tmpfs) right after `decay --apply` swapped the file."""
    with small_disk(tmp_path / "disk", 1024) as disk:
        ws = disk / "ws"
        assert cli("demo", ws).code == 0
        old = (ws / "MEMORY.md").read_bytes()
        fail_after_swap(monkeypatch, lambda _journal: fill(disk, 0))

        result = cli("decay", ws, "--apply")

        assert result.code == 2, result
        check_said_written(result.err, ws)
        assert (ws / "MEMORY.md").read_bytes() != old
        scores = re.findall(rb"\| (0\.\d\d) \|", (ws / "MEMORY.md").read_bytes())
        assert scores != re.findall(rb"\| (0\.\d\d) \|", old)  # the decayed scores are there
        (disk / "filler").unlink()
        monkeypatch.undo()
        ops = cli("activity", ws, "--json").json()
        assert ops[0]["cause"].startswith("decay to"), ops[0]


def test_a_journal_failing_after_a_swap_is_named_in_the_window_banner(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.main_window import MainWindow
    from ui.settings import Settings

    ws = tmp_path / "ws"
    write_demo(ws)
    window = MainWindow(Settings(), settings_path=tmp_path / "settings.json")
    qtbot.addWidget(window)
    window.show()
    window.open_workspace(ws)
    qtbot.waitUntil(lambda: window.ws is not None and window.desk is not None, timeout=10_000)
    desk = window.desk
    desk.apply_changes(operations.edit(desk.ws, MEMORY_ID, score=0.5, label="lower"))  # type: ignore[union-attr]
    fail_after_swap(monkeypatch, journal_fails)
    window.save()
    qtbot.waitUntil(lambda: window.banner.isVisible() and not window.tasks.busy, timeout=10_000)
    assert "written, but not recorded in the journal" in window.banner.text()
    assert "| 0.50 |" in (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert window.ws is not None and not window.ws.modified  # the window knows it is written
    assert window.undo_stack.isClean()
