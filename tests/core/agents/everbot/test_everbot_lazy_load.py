"""SPEC 8: opening the usual EverBot file reads it by its headers and makes no object per memory
until the memories are asked for (load within 4x the raw read at 100,000 memories); its profile
is told by its headers without a regex tried at every byte."""

from __future__ import annotations

import gc
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot import format as ev
from core.agents.everbot.document import ARCHIVE_BELOW, Entry
from core.agents.everbot.workspace import Workspace, detect_profile
from core.demo import write_demo
from core.formats.text import decode


def _entries_alive() -> int:
    return sum(1 for o in gc.get_objects() if isinstance(o, Entry))


def test_opening_a_workspace_makes_no_memory_until_asked(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write_demo(root, entries=2_000, seed=1)
    gc.collect()
    before = _entries_alive()
    ws = Workspace.open(root)
    assert _entries_alive() - before < 10  # the few of another shape, read line by line
    entries = ws.entries()
    assert len(entries) == 2_000
    assert _entries_alive() - before >= 2_000


def test_the_memories_made_when_asked_are_the_line_by_line_parse(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    path = write_demo(root, entries=2_000, seed=1).memory_file
    data = path.read_bytes()
    decoded = decode(data, path)
    doc = ev.parse(data, path)
    parsed = ev._Parser(decoded, str(path), ARCHIVE_BELOW).run()
    assert doc.problems == parsed.problems
    assert doc.blocks == parsed.blocks
    assert doc.to_bytes() == data


def test_two_threads_asking_for_the_memories_get_the_same_ones(tmp_path: Path) -> None:
    path = write_demo(tmp_path / "ws", entries=20_000, seed=1).memory_file
    for _ in range(3):
        doc = ev.parse(path.read_bytes(), path)
        with ThreadPoolExecutor(2) as pool:
            first, second = pool.map(ev.StructuredDocument.entries, [doc, doc])
        assert all(a is b for a, b in zip(first, second, strict=True))


_PIECES = st.sampled_from(
    [
        b"### [a] system |", b"### [b] core | 2 |", b"###  [c] episode|1.5|", b"| 1.01 |",
        b"| 1.0 |", b"x", b" ", b"\t", b"\n", b"\r", b"###", b"[a]", b" system |", b"\x0b",
    ]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=12))
def test_the_profile_is_detected_as_by_headers_anchored_at_line_starts(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    header = rb"^[ \t]*###\s+\[\w+\]\s+"
    system, tiered_category = header + rb"system\s*\|", header + rb"(?:core|episode)\s*\|"
    high = header + rb"\w+\s*\|\s*(?:0*[1-9]\d+(?:\.\d*)?|0*[2-9](?:\.\d*)?|0*1\.\d*[1-9]\d*)\s*\|"
    found = [re.search(p, data, re.MULTILINE) is not None for p in (system, tiered_category, high)]
    tiered = found[0] or (found[1] and found[2])
    assert detect_profile(data) == ("tiered" if tiered else "everbot")
