"""`memdesk show` and `edit` on a large file read one memory by its header (core.agents.everbot
.peek) and show exactly what the whole parse shows; showing never writes the journal."""

from __future__ import annotations

import hashlib
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
