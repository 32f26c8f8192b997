"""`memdesk add|edit` on a Hermes home: what the agent would refuse or fail at is said before
anything is written (spec/hermes.md 2.4, 2.5, 4.4)."""

from __future__ import annotations

import shutil
from pathlib import Path

from core.agents.hermes import AGENT
from tests.cli.conftest import Cli
from tests.conftest import FIXTURES


def _home(tmp_path: Path, memory: str) -> Path:
    (tmp_path / "memories").mkdir(parents=True)
    (tmp_path / "memories/MEMORY.md").write_bytes(memory.encode("utf-8"))
    return tmp_path


def test_the_cli_refuses_such_an_add_saying_why_and_force_writes_it(
    tmp_path: Path, cli: Cli
) -> None:
    home = _home(tmp_path, "first")
    memory = home / "memories/MEMORY.md"
    refused = cli("add", home, "Backup key is at ~/.ssh/backup_ed25519")
    assert refused.code == 1
    assert "threat scan flags it (ssh_access)" in refused.err
    assert "--force" in refused.err
    assert memory.read_bytes() == b"first"
    forced = cli("add", home, "Backup key is at ~/.ssh/backup_ed25519", "--force")
    assert forced.code == 0 and "warning:" in forced.err
    assert "running Hermes session keeps the memory it read" in forced.out
    assert memory.read_text(encoding="utf-8") == "first\n§\nBackup key is at ~/.ssh/backup_ed25519"
    row = AGENT.rows(home)[0]
    refused = cli("edit", home, row.key, "--text", "z" * 2300)
    assert refused.code == 1 and "2,200 characters" in refused.err


DRIFT = FIXTURES / "hermes/drift-refusal-and-backup"


def _drifted_home(tmp_path: Path) -> Path:
    """The oracle case's home at its end: the file the person cleaned, the agent's drift copy
    of the hand-edited one beside it, and its config (a 200-character limit)."""
    home = _home(tmp_path, (DRIFT / "after.MEMORY.md").read_text(encoding="utf-8"))
    shutil.copy(
        DRIFT / "after.MEMORY.md.bak.1784563201", home / "memories/MEMORY.md.bak.1784563201"
    )
    shutil.copy(DRIFT / "input.config.yaml", home / "config.yaml")
    return home


def test_the_agents_drift_copies_are_backups_restored_like_memdesks_own(
    tmp_path: Path, cli: Cli
) -> None:
    """Tried as a Hermes user would: Hermes refused a write and said 'A snapshot was saved to
    MEMORY.md.bak.1784563201', but `memdesk backups` listed nothing. Now the copy is listed
    as the agent's and restored through the same restore."""
    home = _drifted_home(tmp_path)
    [backup] = cli("backups", home, "--json").json()
    assert (backup["path"], backup["origin"], backup["file"]) == (
        "memories/MEMORY.md.bak.1784563201",
        "agent",
        "memories/MEMORY.md",
    )
    assert backup["at"].startswith("2026-07-20T16:00:01") and backup["entries"] == 2
    restored = cli("restore", home, "memories/MEMORY.md.bak.1784563201", "--force")
    assert restored.code == 0, restored.err
    assert (home / "memories/MEMORY.md").read_bytes() == (
        DRIFT / "after.MEMORY.md.bak.1784563201"
    ).read_bytes()


def test_check_says_the_agent_would_refuse_its_next_replace_of_a_hand_edited_file(
    tmp_path: Path, cli: Cli
) -> None:
    home = _drifted_home(tmp_path)
    (home / "memories/MEMORY.md").write_bytes((DRIFT / "before.memories__MEMORY.md").read_bytes())
    warnings = cli("check", home, "--json").json()["warnings"]
    [drift] = [w for w in warnings if w["kind"] == "drift"]
    assert "longer than the whole file's 200" in drift["message"]
    assert "MEMORY.md.bak.<seconds>" in drift["message"]


def test_check_gives_each_files_characters_against_its_limit(tmp_path: Path, cli: Cli) -> None:
    home = _drifted_home(tmp_path)
    report = cli("check", home, "--json").json()
    assert report["budget"] == [
        {"file": "memories/MEMORY.md", "used": 44, "limit": 200},
        {"file": "memories/USER.md", "used": 0, "limit": 1375},
    ]
    assert "MEMORY.md: 44 of 200 characters" in cli("check", home).out
