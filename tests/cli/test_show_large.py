"""`memdesk show` and `edit` on a large file read one memory by its header (core.agents.everbot
.peek) and show exactly what the whole parse shows; showing never writes the journal."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from core.agents.everbot import peek
from tests.cli.conftest import Cli


def _digests(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _ids(cli: Cli, root: Path) -> list[str]:
    rows = cli("list", root, "--json").json()
    return [r["id"] for r in rows[:: max(1, len(rows) // 12)]]


def test_show_by_header_equals_show_by_whole_parse(
    cli: Cli, demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli("decay", demo, "--at", "2027-06-01", "--apply")  # a journal with decay events
    ids = _ids(cli, demo)
    whole = [cli("show", demo, i, "--json").json() for i in ids]
    monkeypatch.setattr(peek, "LARGE_FILE", 0)
    opened = []
    real_open = peek.Peek.open.__func__  # type: ignore[attr-defined]

    def counting_open(cls: type[peek.Peek], *args: object, **kwargs: object) -> object:
        found = real_open(cls, *args, **kwargs)
        opened.append(found is not None)
        return found

    monkeypatch.setattr(peek.Peek, "open", classmethod(counting_open))
    by_header = [cli("show", demo, i, "--json").json() for i in ids]
    assert opened and all(opened)
    assert by_header == whole


def test_show_writes_nothing(cli: Cli, demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cli("decay", demo, "--at", "2027-06-01", "--apply")
    before = _digests(demo)
    for large in (10**12, 0):
        monkeypatch.setattr(peek, "LARGE_FILE", large)
        for memory_id in _ids(cli, demo):
            cli("show", demo, memory_id)
    assert _digests(demo) == before


THREE_DECIMALS = """# Agent Memory

<!-- Last updated: 2026-03-01T09:00:00 -->
<!-- Total entries: 2 -->
<!-- last_processed_count: 0 -->

## Active Memories

### [a00001] fact | 0.054 | 2026-01-01 | 1
A fact whose score was written with three decimals.

### [a00002] fact | 0.912 | 2026-02-27 | 3
Another.
"""


def test_what_memdesk_says_of_a_score_is_what_the_agent_reads(cli: Cli, tmp_path: Path) -> None:
    """Tried as a tester would: after a decay run, the file said 0.05 (the agent keeps it)
    while MemDesk warned that the agent would forget it and proposed deleting it (0.0493)."""
    (tmp_path / "MEMORY.md").write_text(THREE_DECIMALS, encoding="utf-8")
    decay = cli("decay", tmp_path, "--at", "2026-03-10", "--apply", "--json").json()
    shown = {r["id"]: r["score"] for r in cli("list", tmp_path, "--json").json()}
    written = dict(re.findall(r"### \[(\w+)\] fact \| ([\d.]+) ", _read(tmp_path)))
    assert {k: f"{v:.2f}" for k, v in shown.items()} == written
    assert (
        shown["a00001"] < 0.05 <= float(written["a00001"])
    )  # precise in MemDesk, 0.05 in the file
    proposed = {(t["id"], t["to"]) for t in decay["transitions"]}
    assert ("a00001", "archive") in proposed and ("a00001", "delete") not in proposed
    warnings = cli("check", tmp_path, "--json").json()["warnings"]
    assert not [w for w in warnings if "a00001" in w["message"]]


def _read(root: Path) -> str:
    return (root / "MEMORY.md").read_text(encoding="utf-8")
