"""`memdesk add|edit` on a Hermes home: what the agent would refuse or fail at is said before
anything is written (spec/hermes.md 2.4, 2.5, 4.4)."""

from __future__ import annotations

from pathlib import Path

from core.agents.hermes import AGENT
from tests.cli.conftest import Cli


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
    assert memory.read_text(encoding="utf-8") == "first\n§\nBackup key is at ~/.ssh/backup_ed25519"
    row = AGENT.rows(home)[0]
    refused = cli("edit", home, row.key, "--text", "z" * 2300)
    assert refused.code == 1 and "2,200 characters" in refused.err
