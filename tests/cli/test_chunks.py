"""`memdesk chunks`: Pomelobot's index chunks of a file, exactly as the agent computes them."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from app.cli import main
from tests.cli.conftest import run_process
from tests.conftest import FIXTURES

POMELOBOT = FIXTURES / "pomelobot"


@pytest.mark.parametrize("case", ["daily_main", "long_term"])
def test_chunks_json_equals_the_agents(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = json.loads((POMELOBOT / f"{case}.chunks.json").read_text(encoding="utf-8"))
    shutil.copy(POMELOBOT / expected["input_file"], tmp_path / "MEMORY.md")
    assert main(["chunks", str(tmp_path), "MEMORY.md", "--agent", "pomelobot", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    keys = ("start_line", "end_line", "content", "hash")
    assert got == [{k: c[k] for k in keys} for c in expected["chunks"]]


def test_a_file_outside_the_workspace_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ws").mkdir()
    (tmp_path / "secret.md").write_text("not yours", encoding="utf-8")
    assert main(["chunks", str(tmp_path / "ws"), "../secret.md"]) == 1
    assert "outside the workspace" in capsys.readouterr().err
    (tmp_path / "ws" / "link.md").symlink_to(tmp_path / "secret.md")
    assert main(["chunks", str(tmp_path / "ws"), "link.md"]) == 1


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """A real process: reading a FIFO would wait for a writer for ever."""
    (tmp_path / "memory" / "scopes" / "group_a").mkdir(parents=True)
    os.mkfifo(tmp_path / "memory" / "2026-03-01.md")
    result = run_process("chunks", tmp_path, "memory/2026-03-01.md", timeout=30)
    assert result.code == 2 and result.out == ""
    assert result.err == "memdesk: memory/2026-03-01.md: is not a regular file, not a memory file\n"


def test_chunks_stay_in_the_scope_of_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scopes = tmp_path / "memory" / "scopes"
    for scope in ("group_a", "direct_b"):
        (scopes / scope).mkdir(parents=True)
        (scopes / scope / "LONG_TERM.md").write_text(f"[10:00:00] {scope} memory\n")
    (scopes / "group_a" / "2026-03-01.md").symlink_to(Path("..", "direct_b", "LONG_TERM.md"))
    assert main(["chunks", str(tmp_path), "memory/scopes/group_a/LONG_TERM.md"]) == 0
    assert "group_a memory" in capsys.readouterr().out
    assert main(["chunks", str(tmp_path), "memory/scopes/group_a/2026-03-01.md"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "direct_b memory" not in err
    assert err.startswith("memdesk: ") and err.count("\n") == 1
    # direct_b's own file, named by its absolute path (issue 23 item 10): its own chunks
    assert main(["chunks", str(tmp_path), str(scopes / "direct_b" / "LONG_TERM.md")]) == 0
    assert "direct_b memory" in capsys.readouterr().out
    assert main(["chunks", str(tmp_path), "memory/scopes/group_a/2026-03-01.md"]) == 1
    assert "outside scope 'group_a'" in capsys.readouterr().err
