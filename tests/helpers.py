"""Small pieces several test modules share."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from core.agent import AnyAgent
from core.demo import write_demo
from core.registry import resolve
from core.review.queue import listed, pending
from core.session import AnySession, Session
from core.store.journal import Proposal

if TYPE_CHECKING:
    from tests.cli.conftest import Cli

# Holds the agent's lock the way EverBot does (open + fcntl.flock) until its stdin is closed.
LOCK_HOLDER = """
import fcntl, sys
with open(sys.argv[1], "a") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    print("locked", flush=True)
    sys.stdin.read()
"""


# `python -c WITHOUT_ROOT_POWERS ARGS...` is `python ARGS...` without the powers that let root
# ignore file modes and signal other users' processes (it stays uid 0): run as root, file modes
# and another user's processes stop it as they stop an ordinary user. Exits CANNOT_DROP where
# the powers cannot be dropped (a container without CAP_SETPCAP).
WITHOUT_ROOT_POWERS = """
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
for cap in (1, 2, 5):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_KILL
    if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
        sys.exit(99)
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""
CANNOT_DROP = 99
_ROOT_POWERS = (1 << 1) | (1 << 2) | (1 << 5)


def has_root_powers() -> bool:
    """File modes and other users' processes do not stop this process (root, as it usually
    runs): tests marked `without_root_powers` are then run again without them
    (tests/test_without_root_powers.py)."""
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii")
    except OSError:
        return os.geteuid() == 0
    found = re.search(r"^CapEff:\s*([0-9a-f]+)$", status, re.MULTILINE)
    return found is not None and int(found[1], 16) & _ROOT_POWERS != 0


@contextlib.contextmanager
def another_users_process() -> Iterator[int]:
    """The pid of a running process of another user (as another user's MemDesk would be)."""
    if os.geteuid() != 0:
        if os.stat("/proc/1").st_uid == os.getuid():
            pytest.skip("no process of another user to ask about")
        yield 1
        return
    nobody = 65534
    process = subprocess.Popen(  # ends when its input closes: no signal is needed to stop it
        ["/bin/sh", "-c", "read line"],
        stdin=subprocess.PIPE,
        user=nobody,
        group=nobody,
        extra_groups=[],
    )
    try:
        yield process.pid
    finally:
        process.communicate(b"")


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


def session_at(root: Path, agent: AnyAgent | None = None) -> AnySession:
    """A session of the workspace at `root`, as a command opens it (its agent found unless
    given)."""
    if agent is None:
        agent, root = resolve(Path(root))
    return Session.open(agent, Path(root))


def pending_at(root: Path) -> list[Proposal]:
    """The proposals waiting in the workspace at `root`."""
    with session_at(root) as session:
        return pending(session)


def listed_at(root: Path) -> list[Proposal]:
    """The open proposals of the workspace at `root`."""
    with session_at(root) as session:
        return listed(session)


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


def oldest_demo_backup(workspace: Path) -> str:
    """The EverBot demo's oldest backup, relative to ``workspace``: its name holds the day the
    demo was made, so tests look it up rather than spell it."""
    names = sorted(p.name for p in (workspace / ".memdesk" / "backups").glob("*_MEMORY.md"))
    assert names, f"no backup in {workspace}"
    return f".memdesk/backups/{names[0]}"


STALE_WRITE = "0ddba11a"  # stage_a_stale_write's id


def stage_a_stale_write(home: Path) -> str:
    """Stage, as Hermes stages one (spec/hermes.md 6.3), a remove of text no entry of the demo
    holds, after every other demo write: the agent's approve refuses it."""
    record = {
        "id": STALE_WRITE,
        "subsystem": "memory",
        "action": "remove",
        "summary": "remove from memory: Jenkins",
        "origin": "background_review",
        "created_at": max(p.stat().st_mtime for p in (home / "pending/memory").iterdir()) + 3600,
        "payload": {"action": "remove", "target": "memory", "content": None, "old_text": "Jenkins"},
    }
    path = home / "pending/memory" / f"{STALE_WRITE}.json"
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False), encoding="utf-8")
    return STALE_WRITE


# agent -> where its demo goes under the home (the agents with a home of their own)
HOMES = {
    "claude-code": ".claude",
    "codex": ".codex",
    "hermes": ".hermes",
    "picoclaw": ".picoclaw",
    "openclaw": ".openclaw/workspace",
}
ADDED = ("everbot", "pomelobot")  # no home of their own: the person adds their folders


def fingerprint(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Every file and folder under `folder`, hidden ones and journals too: mode, mtime (ns) and
    the bytes' hash (a folder's: its names)."""
    out = {}
    for path in [folder, *sorted(folder.rglob("*"))]:
        st = path.lstat()
        if stat.S_ISDIR(st.st_mode):
            digest = "|".join(sorted(os.listdir(path)))
        elif stat.S_ISLNK(st.st_mode):
            digest = os.readlink(path)
        else:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        out[str(path.relative_to(folder))] = (st.st_mode, st.st_mtime_ns, digest)
    return out


def every_agent_home(cli: Cli) -> dict[Path, str]:
    """A home holding each agent's demo where it keeps its memory (Claude Code with two
    projects), EverBot and Pomelobot in folders added to the scan, and a journal with proposals
    waiting: the workspaces expected, each with its agent."""
    home = Path.home()
    for layout, where in HOMES.items():
        write_demo(home / where, layout=layout)
    projects = home / ".claude" / "projects"
    first = next(projects.iterdir())
    shutil.copytree(first, projects / "-home-demo-code-other")
    for layout in ADDED:
        write_demo(home / "bots" / layout, layout=layout)
        assert cli("scan", "--add", home / "bots" / layout).code == 0
    assert cli("review", home / "bots" / "everbot").code == 0
    expected = {
        home / ".codex": "codex",
        home / ".hermes": "hermes",
        home / ".picoclaw" / "workspace": "picoclaw",
        home / ".openclaw" / "workspace": "openclaw",
        first: "claude_code",
        projects / "-home-demo-code-other": "claude_code",
    }
    return expected | {home / "bots" / layout: layout for layout in ADDED}


# An agent writing its memory file in a loop until the stop file appears: by os.replace, and
# in place (truncate, then write) as a plain agent does; prints how many writes it made.
AGENT_WRITING = """
import os, sys, pathlib
memory, stop = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
base, n = memory.read_text(encoding="utf-8"), 0
while not stop.exists():
    text = base + f"\\n§\\nnote {n} written by the agent\\n" * (n % 7)
    if n % 2:
        memory.write_text(text, encoding="utf-8")
    else:
        memory.with_suffix(".tmp").write_text(text, encoding="utf-8")
        os.replace(memory.with_suffix(".tmp"), memory)
    n += 1
print(n)
"""


def two_everbots(cli: Cli) -> tuple[Path, Path]:
    """Two EverBot demos added to the scan."""
    a, b = Path.home() / "bots" / "a", Path.home() / "bots" / "b"
    for folder in (a, b):
        write_demo(folder, layout="everbot")
        assert cli("scan", "--add", folder).code == 0
    return a, b


# What a checkout holds that is not the project: version control, the venv, what builds leave.
NOT_THE_CHECKOUT = (".git", ".venv", "build", "dist", "*.egg-info", "*.qm", "__pycache__")
NOT_THE_CHECKOUT += (".mypy_cache", ".ruff_cache", ".hypothesis", "bench-out")


def copy_of_checkout(source: Path, dest: Path) -> Path:
    """`dest`: the project at `source` as a fresh clone has it (no .qm: `make` builds it)."""
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns(*NOT_THE_CHECKOUT))
    return dest
