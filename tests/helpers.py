"""Small pieces several test modules share."""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from core.agents.registry import resolve

# Holds the agent's lock the way EverBot does (open + fcntl.flock) until its stdin is closed.
LOCK_HOLDER = """
import fcntl, sys
with open(sys.argv[1], "a") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    print("locked", flush=True)
    sys.stdin.read()
"""


def dead_pid() -> int:
    """The pid of a process that has already exited (for temp files of a crashed writer)."""
    finished = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(finished.stdout)


def open_workspace(root: Path) -> Any:
    """The workspace of the agent whose memory `root` holds (as the window opens it)."""
    agent, path = resolve(Path(root))
    return agent.open(path)


@contextlib.contextmanager
def small_disk(folder: Path, kilobytes: int) -> Iterator[Path]:
    """A tmpfs of `kilobytes` mounted on `folder` (root only), unmounted afterwards."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"no small disk to fill (mount: {mounted.stderr.decode().strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path, leave: int) -> None:
    """Take all but `leave` bytes of the disk holding `folder`."""
    free = shutil.disk_usage(folder).free
    (folder / "filler").write_bytes(b"\0" * max(free - leave, 0))


_Server = TypeVar("_Server")


@contextlib.contextmanager
def serving(server: _Server) -> Iterator[_Server]:
    """A test's HTTP server on 127.0.0.1 (a ThreadingHTTPServer with a `stop` event that its
    handlers wait on) serving on a thread until the test ends."""
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)  # type: ignore[attr-defined]
    thread.start()
    try:
        yield server
    finally:
        server.stop.set()  # type: ignore[attr-defined]
        server.shutdown()  # type: ignore[attr-defined]
        server.server_close()  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Measured:
    """A `memdesk` command run as its own process: exit code, output, wall time, peak RSS."""

    code: int
    out: str
    err: str
    seconds: float
    peak_mb: float


# Runs argv[2:] and writes its peak RSS (kilobytes) to argv[1]. The command is started from
# this small process, not from the caller: a child's peak counts the memory of the process it
# was forked from (a test process of 100 MB would count as the command's).
_PEAK_OF = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
_pid, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_measured(*args: object, cwd: Path) -> Measured:
    """`python -m app.cli ARGS` in `cwd` (a checkout), with its wall time and its own peak
    resident memory."""
    with tempfile.TemporaryDirectory() as tmp:
        peak = Path(tmp) / "peak"
        start = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                _PEAK_OF,
                peak,
                sys.executable,
                "-m",
                "app.cli",
                *map(str, args),
            ],
            cwd=cwd,
            capture_output=True,
            check=False,
        )
        seconds = time.perf_counter() - start
        kilobytes = int(peak.read_text())
    return Measured(
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
        seconds,
        kilobytes / 1024,
    )


_DECAY_MARK = re.compile(rb"<!-- memdesk_decayed_to: (\d{4}-\d\d-\d\d) -->(\r\n|\n)")


def without_decay_mark(data: bytes, day: str) -> bytes:
    """A MEMORY.md a decay run wrote, without the one header line it adds (saying `day`)."""
    found = _DECAY_MARK.findall(data)
    assert [d.decode() for d, _nl in found] == [day], found
    return _DECAY_MARK.sub(b"", data)
