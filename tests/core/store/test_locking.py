"""The agent's flock on MEMORY.md.lock, contended by a real second process."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.store.locking import LockTimeout, agent_lock, lock_path_for
from tests.helpers import LOCK_HOLDER

# Reports whether the lock is free right now, without waiting.
_PROBE = """
import fcntl, sys
with open(sys.argv[1], "a") as lock:
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print("busy")
    else:
        print("free")
"""


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """A separate process holding MEMORY.md.lock until the test closes its stdin."""
    with subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(tmp_path / "MEMORY.md.lock")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "locked\n"
        try:
            yield proc
        finally:
            proc.kill()


def _release(proc: subprocess.Popen[str]) -> None:
    assert proc.stdin is not None
    proc.stdin.close()
    assert proc.wait(timeout=10) == 0


def _probe(lock_path: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, str(lock_path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=10,
    )
    return result.stdout.strip()


def test_lock_path_is_beside_the_file(tmp_path: Path) -> None:
    assert lock_path_for(tmp_path / "MEMORY.md") == tmp_path / "MEMORY.md.lock"


def test_times_out_while_another_process_holds_the_lock(
    tmp_path: Path, holder: subprocess.Popen[str]
) -> None:
    target = tmp_path / "MEMORY.md"
    started = time.monotonic()
    with pytest.raises(LockTimeout) as info, agent_lock(target, timeout=0.3):
        pytest.fail("got a lock another process holds")
    waited = time.monotonic() - started
    assert 0.3 <= waited < 2.0
    message = str(info.value)
    assert str(tmp_path / "MEMORY.md.lock") in message
    assert "another program" in message

    _release(holder)
    with agent_lock(target, timeout=2.0) as lock_path:
        assert lock_path == tmp_path / "MEMORY.md.lock"
        assert _probe(lock_path) == "busy"
    assert lock_path.exists()


def test_waits_for_a_lock_released_within_the_timeout(
    tmp_path: Path, holder: subprocess.Popen[str]
) -> None:
    def release_soon() -> None:
        time.sleep(0.2)
        _release(holder)

    releaser = threading.Thread(target=release_soon)
    releaser.start()
    started = time.monotonic()
    try:
        with agent_lock(tmp_path / "MEMORY.md", timeout=5.0):
            waited = time.monotonic() - started
    finally:
        releaser.join()
    assert 0.15 <= waited < 5.0


def test_lock_is_created_held_released_and_kept(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    lock_path = tmp_path / "MEMORY.md.lock"
    assert not lock_path.exists()
    with agent_lock(target, timeout=1.0):
        assert lock_path.exists()
        assert _probe(lock_path) == "busy"
    assert _probe(lock_path) == "free"
    assert lock_path.exists()
    assert not target.exists()


def test_existing_lock_file_is_not_truncated(tmp_path: Path) -> None:
    lock_path = tmp_path / "MEMORY.md.lock"
    lock_path.write_bytes(b"12345\n")
    with agent_lock(tmp_path / "MEMORY.md", timeout=1.0):
        pass
    assert lock_path.read_bytes() == b"12345\n"


def test_lock_is_released_when_the_block_raises(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    with pytest.raises(RuntimeError), agent_lock(target, timeout=1.0):
        raise RuntimeError("boom")
    assert _probe(lock_path_for(target)) == "free"


def test_second_lock_in_the_same_process_waits_too(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    with (
        agent_lock(target, timeout=1.0),
        pytest.raises(LockTimeout),
        agent_lock(target, timeout=0.1),
    ):
        pytest.fail("flock is per open file: a nested lock must not be granted")
