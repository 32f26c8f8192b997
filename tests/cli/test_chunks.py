"""`memdesk chunks`: Pomelobot's index chunks of a file, exactly as the agent computes them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.cli import main
from tests.conftest import FIXTURES

POMELOBOT = FIXTURES / "pomelobot"


@pytest.mark.parametrize("case", ["daily_main", "long_term"])
def test_chunks_json_equals_the_agents(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = json.loads((POMELOBOT / f"{case}.chunks.json").read_text(encoding="utf-8"))
    shutil.copy(POMELOBOT / expected["input_file"], tmp_path / "memory.md")
    assert main(["chunks", str(tmp_path), "memory.md", "--json"]) == 0
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
