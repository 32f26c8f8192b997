"""A journal that cannot be read (garbage, truncated, another kind of file, a folder in its
place) is named, with where it is and how to move it aside: `undo` and `activity` exit 2 saying
so (before: "MemDesk has not changed anything here", and an empty activity), read commands still
work and warn in one line on stderr (before: nothing), and the window shows it in its banner."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.store.journal import Journal
from tests.cli.conftest import Cli

SPOILED: dict[str, Callable[[Path], None]] = {
    "garbage": lambda p: p.write_bytes(b"this is not SQLite\n" * 200),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
    "another file": lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40),
    "a folder": lambda p: (p.unlink(), p.mkdir()),  # type: ignore[func-returns-value]
}
# layout -> (the folder demo writes, the workspace in it, a read that names a memory)
LAYOUTS = {"everbot": ("", ["show", "{ws}", "32911b"]), "picoclaw": ("workspace", [])}
READS = [["list", "{ws}"], ["backups", "{ws}"], ["check", "{ws}"]]


def spoiled_workspace(cli: Cli, folder: Path, layout: str, kind: str) -> Path:
    """A workspace MemDesk has written (so it has a journal), whose journal is then spoiled."""
    assert cli("demo", folder, "--layout", layout).code == 0
    ws = folder / LAYOUTS[layout][0]
    ops_before = cli("activity", ws, "--json").json()
    if not ops_before:  # the demo wrote none: one write of MemDesk's
        assert cli("add", ws, "a memory MemDesk wrote").code == 0
    SPOILED[kind](Journal.db_path(ws))
    return ws


def says_unreadable(text: str, ws: Path) -> bool:
    path = Journal.db_path(ws)
    return f"{path} is not a MemDesk journal" in text and f"mv {path} {path}.broken" in text


@pytest.mark.parametrize("kind", list(SPOILED))
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_an_unreadable_journal_is_named_by_undo_activity_and_every_read(
    cli: Cli, tmp_path: Path, layout: str, kind: str
) -> None:
    ws = spoiled_workspace(cli, tmp_path / "home", layout, kind)

    for command in ("undo", "activity"):
        result = cli(command, ws)
        assert result.code == 2, (command, result)
        assert says_unreadable(result.err, ws), (command, result.err)
        assert "has not changed anything" not in result.err + result.out

    extra = LAYOUTS[layout][1]
    for args in [*READS, *([extra] if extra else [])]:
        filled = [a.format(ws=ws) for a in args]
        result = cli(*filled)
        assert result.code == 0, (filled, result)
        [warning] = result.err.splitlines()  # one line, the command's own output untouched
        assert warning.startswith("memdesk: warning: "), (filled, result.err)
        assert says_unreadable(warning, ws), (filled, result.err)


def test_a_journal_damaged_past_its_first_page_is_named_by_undo_and_activity(
    cli: Cli, tmp_path: Path
) -> None:
    ws = tmp_path / "ws"
    assert cli("demo", ws).code == 0
    assert cli("edit", ws, "32911b", "--score", "0.5").code == 0
    assert cli("decay", ws, "--apply").code == 0
    path = Journal.db_path(ws)
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xa5" * 4096  # its second page
    path.write_bytes(bytes(data))

    for command in ("undo", "activity"):
        result = cli(command, ws)
        assert result.code == 2, (command, result)
        assert says_unreadable(result.err, ws) and "damaged" in result.err, (command, result.err)
    assert cli("list", ws).code == 0


def test_a_read_of_a_sound_journal_warns_of_nothing(cli: Cli, tmp_path: Path) -> None:
    assert cli("demo", tmp_path / "ws").code == 0
    for args in READS:
        result = cli(*[a.format(ws=tmp_path / "ws") for a in args])
        assert (result.code, result.err) == (0, ""), (args, result)


def test_the_window_names_an_unreadable_journal_in_its_banner(
    qtbot: QtBot, cli: Cli, tmp_path: Path
) -> None:
    from ui.main_window import MainWindow
    from ui.settings import Settings

    ws = spoiled_workspace(cli, tmp_path / "ws", "everbot", "garbage")
    window = MainWindow(Settings(), settings_path=tmp_path / "settings.json")
    qtbot.addWidget(window)
    window.show()
    window.open_workspace(ws)
    qtbot.waitUntil(lambda: window.ws is not None and window.banner.isVisible(), timeout=10_000)
    assert says_unreadable(re.sub(r"\s+", " ", window.banner.text()), ws), window.banner.text()
    assert window.desk is not None  # the memories are shown all the same
