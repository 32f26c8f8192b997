"""What makes a whole-file restore ask first (`core.ops.restore.restore_risk`): the rule for
"most memories" and which agent's file some bytes are."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.agents.everbot.format import StructuredFormat
from core.demo import write_demo
from core.ops.restore import FEW, FileKind, restore_risk
from core.registry import agent_named, file_kinds
from core.store.backups_view import BackupFile
from tests.conftest import FIXTURES

SAMPLES = {
    "everbot": (FIXTURES / "workspaces" / "tiered" / "MEMORY.md").read_bytes(),
    "picoclaw": (
        FIXTURES / "picoclaw" / "home" / "workspace" / "memory" / "MEMORY.md"
    ).read_bytes(),
    "pomelobot": b"# Long-term Memory (main)\n\n\n[08:01:14] a memory\n",
    "openclaw": b"# Long-Term Memory\n\n## About Me\n- a memory\n",
}


def _memory_file(count: int) -> bytes:
    entries = "".join(f"### [{n:06x}] fact | 0.50 | 2026-01-01 | 1\nm{n}\n\n" for n in range(count))
    return f"# Agent Memory\n\n## Active Memories\n\n{entries}".encode()


def _backup(root: Path, data: bytes) -> BackupFile:
    path = root / "old.md"
    path.write_bytes(data)
    at = datetime.now(UTC)
    fmt = StructuredFormat("MEMORY.md")
    return BackupFile(path, "old.md", "MEMORY.md", at, "name", "memdesk", len(data), fmt, root)


@pytest.mark.parametrize(
    ("total", "removed", "asked"),
    [
        (2, 2, False),
        (FEW, FEW, True),
        (5, 3, True),
        (6, 3, False),
        (100, 51, True),
        (100, 50, False),
    ],
)
def test_more_than_half_and_at_least_a_few(
    tmp_path: Path, total: int, removed: int, asked: bool
) -> None:
    (tmp_path / "MEMORY.md").write_bytes(_memory_file(total))
    backup = _backup(tmp_path, _memory_file(total - removed))
    risk = restore_risk(backup, file_kinds(agent_named("everbot")))
    assert (risk is not None) == asked
    if risk is not None:
        assert len(risk.removed) == removed and risk.total == total
        assert risk.removed[0].label == f"{total - removed:06x}"


def test_what_it_removes_is_named_bounded_and_on_one_line(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_bytes(
        _memory_file(30).replace(b"\nm0\n", b"\n" + b"x" * 90 + b"\n")
    )
    risk = restore_risk(_backup(tmp_path, b""))
    assert risk is not None
    assert risk.named(3) == "000000 “" + "x" * 39 + "…”, 000001 “m1”, 000002 “m2”, … and 27 more"
    assert "\n" not in risk.message()


@pytest.mark.parametrize("name", list(SAMPLES))
def test_each_agent_tells_its_own_files_and_no_other_claims_them(name: str) -> None:
    kinds = file_kinds(agent_named(name))
    found = kinds.kind(SAMPLES[name])
    assert found is not None and found.own
    for other, theirs in SAMPLES.items():
        if other != name:
            assert kinds.kind(theirs) == FileKind(str(agent_named(other).file_kind(theirs)), False)
    assert kinds.kind(b"") is None and kinds.kind(b"just some notes\n") is None


def test_a_hermes_drift_copy_restored_is_asked_about(tmp_path: Path) -> None:
    """Tried as a Hermes user would: restoring the copy the drift guard left
    (`MEMORY.md.bak.<seconds>`) brought back the blank line around a `§` that made Hermes refuse
    every replace and remove, and nothing said so."""
    from core.agents.hermes.format import DELIMITER

    root = tmp_path / "hermes"
    write_demo(root, layout="hermes")
    agent = agent_named("hermes")
    live = root / "memories" / "MEMORY.md"
    entries = live.read_text(encoding="utf-8").split(DELIMITER)
    drifted = root / "memories" / "MEMORY.md.bak.1793482201"
    drifted.write_text(DELIMITER.join([entries[0] + "\n", *entries[1:]]), encoding="utf-8")
    clean = root / "memories" / "MEMORY.md.bak.1793482202"
    clean.write_text(DELIMITER.join(entries[1:]), encoding="utf-8")
    copies = {b.rel: b for b in agent.backups(root)}

    risk = restore_risk(copies[f"memories/{drifted.name}"], file_kinds(agent))
    assert risk is not None and not risk.removed
    assert risk.lines() == [
        "Hermes refuses its next replace or remove in MEMORY.md and copies the file to "
        "MEMORY.md.bak.<seconds>: blank lines or spaces around a '§' line, or an empty entry: "
        "remove them"
    ]
    assert restore_risk(copies[f"memories/{clean.name}"], file_kinds(agent)) is None
