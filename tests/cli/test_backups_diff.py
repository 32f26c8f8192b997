"""`memdesk backups` and `memdesk diff` on demo workspaces and the PicoClaw home fixture."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

from tests.cli.conftest import Cli, snapshot
from tests.conftest import FIXTURES

PICO_HOME = FIXTURES / "picoclaw" / "home"
PICO_BACKUP = "memory/backups/20260221_120000_MEMORY.md"


def _demo(cli: Cli, folder: Path, layout: str) -> Path:
    assert cli("demo", folder, "--layout", layout).code == 0
    return folder


def test_backups_of_the_picoclaw_home_fixture(cli: Cli) -> None:
    result = cli("backups", PICO_HOME, "--json")

    assert result.code == 0
    [row] = result.json()
    at = datetime.fromisoformat(row.pop("at"))
    assert at.replace(tzinfo=None) == datetime(2026, 2, 21, 12, 0, 0)
    assert row == {
        "path": PICO_BACKUP,
        "at_source": "name",
        "entries": 1,
        "size": (PICO_HOME / "workspace" / PICO_BACKUP).stat().st_size,
        "origin": "agent",
        "file": "memory/MEMORY.md",
        "big": False,
    }


def test_diff_of_the_picoclaw_home_fixture(cli: Cli) -> None:
    result = cli("diff", PICO_HOME, "--json")

    assert result.code == 0
    assert result.json() == {
        "added": [
            {"id": "2026-02-22", "key": "2026-02-22", "content": "User has a dog named Bob."}
        ],
        "removed": [],
        "changed": [],
        "backup": PICO_BACKUP,
        "file": "memory/MEMORY.md",
    }
    text = cli("diff", PICO_HOME, PICO_BACKUP)
    assert text.code == 0
    assert "+ [2026-02-22] User has a dog named Bob.\n" in text.out
    assert f"--- {PICO_BACKUP}\n+++ memory/MEMORY.md\n" in text.out
    assert "\n+User has a dog named Bob.\n" in text.out


def test_everbot_demo_backups_and_their_diffs(cli: Cli, tmp_path: Path) -> None:
    folder = _demo(cli, tmp_path / "ws", "everbot")

    rows = cli("backups", folder, "--json").json()

    assert {r["origin"] for r in rows} == {"agent", "memdesk"}
    stamps = [datetime.fromisoformat(r["at"]) for r in rows]
    assert stamps == sorted(stamps)
    bak = next(r for r in rows if r["path"] == "MEMORY.md.bak")
    assert bak["at_source"] == "last_updated"
    own = [r for r in rows if r["origin"] == "memdesk"]
    assert all(r["path"].startswith(".memdesk/backups/") and r["at_source"] == "name" for r in own)
    for row in rows:
        assert row["size"] == (folder / row["path"]).stat().st_size
        assert row["entries"] > 0
    newest = cli("diff", folder, "--json").json()
    assert newest["backup"] == rows[-1]["path"]
    assert newest == cli("diff", folder, rows[-1]["path"], "--json").json()
    changed = [c for c in newest["changed"] if "score" in c["fields"]]
    assert changed
    for change in changed:
        before, after = change["fields"]["score"]
        assert change["score_delta"] == round(after - before, 6)


def test_diff_against_itself_is_empty(cli: Cli, tmp_path: Path) -> None:
    folder = _demo(cli, tmp_path / "ws", "everbot")
    shutil.copyfile(folder / "MEMORY.md", folder / "MEMORY.md.bak")

    result = cli("diff", folder, "MEMORY.md.bak")

    assert result.code == 0
    assert "no memory changed" in result.out
    assert cli("diff", folder, "MEMORY.md.bak", "--json").json()["changed"] == []


def test_picoclaw_demo_lists_the_agents_backups(cli: Cli, tmp_path: Path) -> None:
    folder = _demo(cli, tmp_path / "home", "picoclaw")

    rows = cli("backups", folder, "--json").json()

    backups = folder / "workspace" / "memory" / "backups"
    assert sorted(r["path"] for r in rows) == sorted(
        f"memory/backups/{p.name}" for p in backups.iterdir()
    )
    assert {r["origin"] for r in rows} == {"agent"}
    text = cli("backups", folder)
    assert text.out.count(" agent ") == len(rows)


def test_a_memdesk_save_is_listed_as_memdesks(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "home"
    shutil.copytree(PICO_HOME, folder)
    assert cli("add", folder, "User likes tea.").code == 0

    rows = cli("backups", folder, "--json").json()

    assert [r["origin"] for r in rows] == ["agent", "memdesk"]
    diff = cli("diff", folder, "--json").json()
    assert diff["backup"] == rows[-1]["path"]
    assert [a["content"] for a in diff["added"]] == ["User likes tea."]


def test_unknown_backup_is_one_line_and_exit_1(cli: Cli) -> None:
    result = cli("diff", PICO_HOME, "memory/backups/nope.md")

    assert result.code == 1
    assert result.out == ""
    assert result.err.count("\n") == 1
    assert "unknown backup memory/backups/nope.md" in result.err


def test_no_backups_is_exit_1(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "home"
    shutil.copytree(PICO_HOME, folder)
    shutil.rmtree(folder / "workspace" / "memory" / "backups")
    (folder / "workspace" / "memory" / "backups").mkdir()

    assert cli("backups", folder, "--json").json() == []
    result = cli("diff", folder)
    assert result.code == 1
    assert "no backups found" in result.err


def test_unreadable_live_file_is_exit_2(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "home"
    shutil.copytree(PICO_HOME, folder)
    live = folder / "workspace" / "memory" / "MEMORY.md"
    live.unlink()
    live.mkdir()

    result = cli("diff", folder, PICO_BACKUP)

    assert result.code == 2
    assert result.err.startswith("memdesk: ")
    assert result.err.count("\n") == 1


def test_pomeloclaw_lists_memdesks_backups_of_any_scope_file(cli: Cli, tmp_path: Path) -> None:
    folder = _demo(cli, tmp_path / "ws", "pomeloclaw")
    assert cli("backups", folder, "--json").json() == []
    assert cli("add", folder, "User likes green tea.").code == 0

    [row] = cli("backups", folder, "--json").json()

    assert row["origin"] == "memdesk"
    assert row["path"].startswith(".memdesk/backups/memory/scopes/main/")
    assert row["file"] == "memory/scopes/main/MEMORY.md"
    diff = cli("diff", folder, "--json").json()
    assert [a["content"] for a in diff["added"]] == ["User likes green tea."]
    assert diff["removed"] == diff["changed"] == []


def test_listing_and_diffing_write_nothing(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "home"
    shutil.copytree(PICO_HOME, folder)
    assert cli("add", folder, "User likes tea.").code == 0  # a journal, and a backup of MemDesk's
    before = snapshot(folder)

    for args in [("backups",), ("backups", "--json"), ("diff",), ("diff", "--json")]:
        assert cli(args[0], folder, *args[1:]).code == 0
    assert cli("diff", folder, PICO_BACKUP).code == 0

    assert snapshot(folder) == before
