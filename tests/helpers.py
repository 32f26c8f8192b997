"""Small pieces several test modules share."""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
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


_DECAY_MARK = re.compile(rb"<!-- memdesk_decayed_to: (\d{4}-\d\d-\d\d) -->(\r\n|\n)")


def without_decay_mark(data: bytes, day: str) -> bytes:
    """A MEMORY.md a decay run wrote, without the one header line it adds (saying `day`)."""
    found = _DECAY_MARK.findall(data)
    assert [d.decode() for d, _nl in found] == [day], found
    return _DECAY_MARK.sub(b"", data)
