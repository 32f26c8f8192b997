"""Viewing never writes into the agent's folder: read-only commands create nothing there, not even
`.memdesk/`, on every example workspace (SPEC 5: the journal appears at the first write)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, snapshot
from tests.conftest import FIXTURES

EXAMPLES = {
    "tiered": (FIXTURES / "workspaces" / "tiered", "f00001"),
    "everbot-demo": (None, None),
    "picoclaw": (FIXTURES / "picoclaw" / "home", None),
    "picoclaw_hybrid": (FIXTURES / "workspaces" / "picoclaw_hybrid", None),
    "pomelobot": (FIXTURES / "workspaces" / "pomelobot", None),
    "openclaw": (FIXTURES / "workspaces" / "openclaw", None),
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_read_only_commands_create_nothing(cli: Cli, tmp_path: Path, name: str) -> None:
    source, memory_id = EXAMPLES[name]
    root = tmp_path / name
    if source is None:
        assert cli("demo", root, "--entries", 40, "--seed", 3).code == 0
        memory_id = cli("list", root, "--json").json()[0]["id"]
    else:
        shutil.copytree(source, root)
    had_journal_folder = (root / ".memdesk").exists()  # the demo keeps its backups there
    before = snapshot(root)
    commands: list[tuple[object, ...]] = [
        ("check", root),
        ("check", root, "--json"),
        ("list", root, "--json"),
        ("list", root, "--query", "用户"),
        ("decay", root, "--json"),
        ("retrieve", root, "咖啡"),
    ]
    if memory_id is not None:
        commands.append(("show", root, memory_id, "--json"))
    for args in commands:
        result = cli(*args)
        assert "Traceback" not in result.err, (args, result.err)
        assert snapshot(root) == before, f"memdesk {' '.join(map(str, args))} wrote into {root}"
    assert (root / ".memdesk").exists() == had_journal_folder
