"""`memdesk scan` (issue 26, discovery): every agent's workspace on this machine, found where each
agent keeps its memory and in the folders the person added, each once with its figures; folders
that only look like an agent's home are not listed; nothing is written while scanning."""

from __future__ import annotations

import io
import shutil
import sys
from pathlib import Path

import pytest

from app.cli.scan import Progress
from core.demo import write_demo
from core.registry import agent_named
from core.scan import COLUMNS, scan
from core.store.journal import Journal
from tests.benchmarks import fleet_bench
from tests.cli.conftest import Cli
from tests.helpers import every_agent_home, fingerprint, pending_at


def test_scan_finds_every_agent_s_workspace_once_with_its_figures(cli: Cli) -> None:
    """Tried as a person with every agent on one machine: MemDesk opened one workspace at a time
    and told nothing of the others. Now `memdesk scan` lists each (Claude Code's projects each),
    with the figures `check`, the review queue and Hermes's staged writes give."""
    expected = every_agent_home(cli)
    result = cli("scan", "--json")
    assert result.code == 0, result.err
    found = {Path(f["path"]): f for f in result.json()}
    assert {path: f["agent"] for path, f in found.items()} == expected
    assert len(result.json()) == len(expected)  # each once
    for path, f in found.items():
        report = agent_named(f["agent"]).check(path)
        assert (f["memories"], f["warnings"], f["problems"]) == (
            report.entries,
            len(report.warnings),
            len(report.problems),
        )
        assert f["size"] > 0 and f["changed"] and not f["error"]
    everbot = Path.home() / "bots" / "everbot"
    assert found[everbot]["waiting"] == len(pending_at(everbot)) > 0
    staged = list((Path.home() / ".hermes" / "pending" / "memory").glob("*.json"))
    assert found[Path.home() / ".hermes"]["staged"] == len(staged) > 0
    text = cli("scan").out.splitlines()
    assert text[0].split() == " ".join(COLUMNS).split()
    assert len(text) == 1 + len(expected)


def test_scanning_writes_nothing_not_even_a_journal(cli: Cli) -> None:
    """Every file and folder of the home (journals, settings, the agents' files), bytes and
    modification times, is the same after a scan, by the command and by the core."""
    every_agent_home(cli)
    before = fingerprint(Path.home())
    assert cli("scan").code == 0 and cli("scan", "--json").code == 0
    scan()
    assert fingerprint(Path.home()) == before
    assert not Journal.exists(Path.home() / ".hermes")  # none made where none was


def test_look_alikes_are_not_workspaces() -> None:
    """Folders named like an agent's home that hold none of its memory are not listed: a
    ~/.hermes without memories/, a ~/.claude with only settings.json, a ~/.codex whose memories/
    is a folder of notes, an empty ~/.picoclaw."""
    home = Path.home()
    (home / ".hermes" / "skills").mkdir(parents=True)
    (home / ".hermes" / "config.yaml").write_text("model: x\n", encoding="utf-8")
    (home / ".claude").mkdir()
    (home / ".claude" / "settings.json").write_text("{}\n", encoding="utf-8")
    (home / ".codex" / "memories").mkdir(parents=True)
    (home / ".codex" / "memories" / "groceries.md").write_text("- milk\n", encoding="utf-8")
    (home / ".picoclaw").mkdir()
    (home / ".openclaw").mkdir()
    assert scan() == []


def test_a_folder_added_is_refused_unless_it_holds_agent_memory(cli: Cli, tmp_path: Path) -> None:
    """`scan --add` of a folder with no agent memory, or none at all, says so in one line and
    keeps nothing; `--remove` of one never added says so too."""
    notes = tmp_path / "notes"
    notes.mkdir()
    for folder, says in ((notes, "no agent memory here"), (tmp_path / "gone", "no such folder")):
        result = cli("scan", "--add", folder)
        assert result.code == 1 and says in result.err and "nothing added" in result.err
        assert len(result.err.splitlines()) == 1
    assert cli("scan", "--json").json() == []
    result = cli("scan", "--remove", notes)
    assert result.code == 1 and "not among the folders added" in result.err


def test_a_folder_that_cannot_be_read_is_listed_with_the_reason(cli: Cli, tmp_path: Path) -> None:
    """A workspace whose journal is not SQLite's, and an added folder since removed, are listed
    with why, beside the others; the scan does not stop at them."""
    spoiled, gone, fine = tmp_path / "spoiled", tmp_path / "gone", tmp_path / "fine"
    for folder in (spoiled, gone, fine):
        write_demo(folder, layout="pomelobot")
        assert cli("scan", "--add", folder).code == 0
    assert cli("add", spoiled, "a memory MemDesk wrote").code == 0
    Journal.db_path(spoiled).write_bytes(b"this is not SQLite\n" * 200)
    shutil.rmtree(gone)
    result = cli("scan", "--json")
    assert result.code == 0, result.err
    errors = {Path(f["path"]): f["error"] for f in result.json()}
    assert errors[fine] == ""
    assert "not a MemDesk journal" in errors[spoiled]
    assert "no such folder" in errors[gone]
    text = cli("scan").out
    assert f"{gone}: {errors[gone]}" in text


@pytest.mark.parametrize("variable", ["HERMES_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME"])
def test_an_agent_s_own_variable_is_where_scan_looks(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    layout = {"HERMES_HOME": "hermes", "CLAUDE_CONFIG_DIR": "claude-code", "CODEX_HOME": "codex"}
    write_demo(tmp_path / "custom", layout=layout[variable])
    monkeypatch.setenv(variable, str(tmp_path / "custom"))
    found = cli("scan", "--json").json()
    assert len(found) == 1 and Path(found[0]["path"]).is_relative_to(tmp_path / "custom")


def test_a_home_memdesk_cannot_open_is_listed_with_the_reason(tmp_path: Path) -> None:
    """A Claude Code home whose autoMemoryDirectory names a folder MemDesk cannot open (given to
    `scan` as a home) is listed with why, not a crash of the whole scan."""
    home, notes = Path.home() / ".claude", tmp_path / "notes"
    notes.mkdir()
    home.mkdir()
    (home / "settings.json").write_text(f'{{"autoMemoryDirectory": "{notes}"}}', encoding="utf-8")
    claude = agent_named("claude_code")
    found = scan([(claude, home)])
    assert [(f.path, f.agent) for f in found] == [(home, "claude_code")]
    assert "autoMemoryDirectory" in found[0].error


def test_a_long_scan_says_how_far_it_got_on_a_terminal_only(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first scan of a fleet builds its index for minutes: on a terminal, `memdesk scan` says
    every second how many workspaces it has read; piped, or done within the second, nothing."""
    fleet = tmp_path / "fleet"
    fleet_bench.write_fleet(fleet, "hermes", 30, 60, seed=1)
    assert cli("scan", "--add", fleet).code == 0
    monkeypatch.setattr(Progress, "EVERY", 0.0)
    assert "indexed" not in cli("scan").err  # stderr a pipe or a file
    monkeypatch.setattr(type(sys.stderr), "isatty", lambda _: True)
    result = cli("scan")
    assert result.code == 0 and len(result.out.splitlines()) == 31
    assert result.err.splitlines() == [f"indexed {n:,} of 30 workspaces" for n in range(1, 30)]


def test_a_scan_done_within_the_second_says_nothing_of_its_progress() -> None:
    now = [0.0]
    shown = io.StringIO()
    progress = Progress(shown, clock=lambda: now[0])
    for moment, done in ((0.5, 1000), (0.9, 2000), (1.2, 3000), (1.9, 4000), (2.3, 9000)):
        now[0] = moment
        progress(done, 10_000)
    now[0] = 9.0
    progress(10_000, 10_000)  # the table follows at once
    assert shown.getvalue().splitlines() == [
        "indexed 3,000 of 10,000 workspaces",
        "indexed 9,000 of 10,000 workspaces",
    ]
