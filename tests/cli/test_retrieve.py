"""`memdesk retrieve`: exactly the chunks PicoClaw injects (fixtures/picoclaw), and EverBot's prompt."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from tests.conftest import FIXTURES

PICOCLAW = FIXTURES / "picoclaw"
CASES = [
    (p.name.removesuffix(".retrieve.json"), case)
    for p in sorted(PICOCLAW.glob("*.retrieve.json"))
    for case in json.loads(p.read_text(encoding="utf-8"))["retrieve"]
]


def _workspace(tmp_path: Path, name: str) -> Path:
    memory = tmp_path / "ws" / "memory"
    (memory / "backups").mkdir(parents=True)  # a PicoClaw workspace has been written by the agent
    shutil.copy(PICOCLAW / f"{name}.input.md", memory / "MEMORY.md")
    return tmp_path / "ws"


@pytest.mark.parametrize(
    ("name", "case"), CASES, ids=[f"{n}:{c['query']!r}:{c['limit']}" for n, c in CASES]
)
def test_retrieve_json_equals_the_agent(
    name: str, case: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = _workspace(tmp_path, name)
    assert main(["retrieve", str(ws), case["query"], "--limit", str(case["limit"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == case["chunks"]
    assert main(["retrieve", str(ws), case["query"], "--limit", str(case["limit"])]) == 0
    assert capsys.readouterr().out == case["raw"] + "\n"


def test_structured_workspaces_show_everbots_prompt(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["retrieve", str(FIXTURES / "workspaces" / "tiered"), "anything", "--json"]) == 0
    (prompt,) = json.loads(capsys.readouterr().out)
    assert prompt.startswith("# 历史记忆")
    assert "- [fact] 主人喜欢拉面，尤其是豚骨拉面。" in prompt
    assert "主人今天很累" not in prompt  # 0.45 is below the agent's 0.5


def test_a_folder_without_agent_memory_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["retrieve", str(tmp_path), "q"]) == 2
    assert "no agent memory here" in capsys.readouterr().err
