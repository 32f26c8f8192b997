"""`memdesk context`: what each agent puts into its prompt when a session starts, per file (SPEC 7
JSON shape) and as the exact message, with the memories the model will not see."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from app.cli import main

MEMORY = """# Agent Memory

## Active Memories

### [aaa111] preference | 0.92 | 2026-02-20 | 12
用户喜欢简洁的代码风格

### [bbb222] fact | 0.49 | 2026-02-20 | 1
Low score, not in the prompt

### [ccc333] fact | 0.50 | 2026-02-20 | 1
Just at the threshold

## Archived Memories
"""


def test_everbot_context_is_the_prompt_block_and_names_what_is_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    assert main(["context", str(tmp_path), "--json"]) == 0
    (part,) = json.loads(capsys.readouterr().out)
    assert part["text"] == (
        "# 历史记忆\n\n关于用户的关键信息：\n\n- [preference] 用户喜欢简洁的代码风格\n"
        "- [fact] Just at the threshold"
    )
    assert part["file"] == "MEMORY.md"
    assert part["injected_chars"] == len(part["text"])
    assert part["unseen"] == ["line 8: [bbb222] Low score, not in the prompt"]
    assert {"file", "chars", "injected_chars", "truncated", "text"} <= part.keys()


def _picoclaw(tmp_path: Path) -> Path:
    memory = tmp_path / "memory"
    (memory / "202611").mkdir(parents=True)
    (memory / "backups").mkdir()
    (memory / "MEMORY.md").write_text("# Long-term Memory\n\n## 2026-11-01\n\nLikes tea.\n")
    for day in ("20261126", "20261124", "20261120"):
        (memory / "202611" / f"{day}.md").write_text(f"# {day}\n\nnote {day}\n")
    return tmp_path


def test_picoclaw_context_is_memory_and_the_recent_notes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = _picoclaw(tmp_path)
    assert main(["context", str(ws), "--date", "2026-11-26", "--json"]) == 0
    parts = {p["file"]: p for p in json.loads(capsys.readouterr().out)}
    assert parts["memory/MEMORY.md"]["text"].endswith("Likes tea.\n")
    assert parts["memory/202611/20261124.md"]["injected_chars"] > 0
    old = parts["memory/202611/20261120.md"]
    assert old["injected_chars"] == 0 and "recent_days" in old["notes"][0]

    assert main(["context", str(ws), "--date", "2026-11-26"]) == 0
    out = capsys.readouterr().out
    from core.agents.picoclaw.retrieval import memory_context

    message = memory_context(
        (ws / "memory" / "MEMORY.md").read_text(),
        "",
        daily_notes=[
            (date(2026, 11, 26), "# 20261126\n\nnote 20261126\n"),
            (date(2026, 11, 24), "# 20261124\n\nnote 20261124\n"),
        ],
        today=date(2026, 11, 26),
    )
    assert out.endswith("--- message 1 as the agent sends it ---\n" + message + "\n")
    assert "note 20261120" not in out.split("--- message 1")[1]
