"""SPEC 9 crash safety: a saving process killed with SIGKILL leaves the old or the new file.

A separate process saves two 2 MB versions A and B alternately in a loop; the test kills it
at random moments, many times. After every kill the file must be exactly A or exactly B.
The same harness run on a naive ``open(path, "wb").write`` writer must catch a torn file,
which shows that the kills do land in the middle of writes.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.store.atomic import atomic_write_bytes, clean_stale_temps, is_memdesk_temp

pytestmark = pytest.mark.slow  # savers killed at random instants

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SIZE = 2 * 1024 * 1024
ROUNDS = 30
# On a slow machine fewer rounds run, so the file stays within a few seconds.
MIN_ROUNDS = 10
TIME_BUDGET_S = 6.0
# Shortest "longest wait before a kill"; it grows to three saves on a slow disk, so kills
# land in saves of both versions.
MIN_KILL_WINDOW_S = 0.06

_ATOMIC_SAVER = """
import sys
from pathlib import Path
from core.store.atomic import atomic_write_bytes

target, a, b = Path(sys.argv[1]), Path(sys.argv[2]).read_bytes(), Path(sys.argv[3]).read_bytes()
print("ready", flush=True)
while True:
    atomic_write_bytes(target, a)
    atomic_write_bytes(target, b)
"""

_NAIVE_SAVER = """
import sys
from pathlib import Path

target, a, b = Path(sys.argv[1]), Path(sys.argv[2]).read_bytes(), Path(sys.argv[3]).read_bytes()
print("ready", flush=True)
while True:
    for data in (a, b):
        with open(target, "wb") as handle:
            handle.write(data)
"""


def _versions(folder: Path) -> tuple[Path, Path]:
    """Two distinct 2 MB versions (with CRLF and a BOM in them), stored outside the workspace."""
    rng = random.Random(20260301)
    a = b"\xef\xbb\xbf# Agent Memory\r\n" + rng.randbytes(SIZE)
    b = b"# Agent Memory\n" + rng.randbytes(SIZE + 4096)
    folder.mkdir()
    (folder / "A").write_bytes(a)
    (folder / "B").write_bytes(b)
    return folder / "A", folder / "B"


def _kill_during_saves(
    script: str, target: Path, a: Path, b: Path, *, rng: random.Random, window: float
) -> None:
    """Start a saver, let it run for a random moment up to ``window``, SIGKILL it, reap it."""
    with subprocess.Popen(
        [sys.executable, "-c", script, str(target), str(a), str(b)],
        stdout=subprocess.PIPE,
        cwd=PROJECT_ROOT,
        text=True,
    ) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.0, window))
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=10) == -signal.SIGKILL


def test_killed_saver_always_leaves_the_old_or_the_new_version(tmp_path: Path) -> None:
    a_path, b_path = _versions(tmp_path / "versions")
    a, b = a_path.read_bytes(), b_path.read_bytes()
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    target = workspace / "MEMORY.md"
    save_started = time.monotonic()
    atomic_write_bytes(target, a)
    window = max(MIN_KILL_WINDOW_S, 3 * (time.monotonic() - save_started))
    rng = random.Random(9)
    seen = {"A": 0, "B": 0}
    rounds_with_leftover_temp = 0

    deadline = time.monotonic() + TIME_BUDGET_S
    for round_no in range(ROUNDS):
        if round_no >= MIN_ROUNDS and time.monotonic() > deadline:
            break
        _kill_during_saves(_ATOMIC_SAVER, target, a_path, b_path, rng=rng, window=window)
        data = target.read_bytes()
        assert data in (a, b), f"round {round_no}: torn file of {len(data)} bytes"
        seen["A" if data == a else "B"] += 1
        leftovers = [p for p in workspace.iterdir() if p != target]
        assert all(is_memdesk_temp(p.name) for p in leftovers), leftovers
        rounds_with_leftover_temp += bool(leftovers)
        if round_no % 10 == 9:
            assert sorted(clean_stale_temps(workspace)) == sorted(leftovers)

    clean_stale_temps(workspace)
    assert [p.name for p in workspace.iterdir()] == ["MEMORY.md"]
    assert target.read_bytes() in (a, b)
    # The kills must have hit both versions and the middle of saves, or this proved nothing.
    assert seen["A"] > 0 and seen["B"] > 0, seen
    assert rounds_with_leftover_temp > 0


def test_the_harness_catches_a_naive_writer(tmp_path: Path) -> None:
    a_path, b_path = _versions(tmp_path / "versions")
    a, b = a_path.read_bytes(), b_path.read_bytes()
    target = tmp_path / "MEMORY.md"
    target.write_bytes(a)
    rng = random.Random(11)
    torn = 0
    for _round in range(10):
        _kill_during_saves(_NAIVE_SAVER, target, a_path, b_path, rng=rng, window=MIN_KILL_WINDOW_S)
        torn += target.read_bytes() not in (a, b)
        if torn:
            break
    assert torn, "ten kills of a non-atomic writer never left a torn file"
