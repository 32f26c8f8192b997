"""Remote workspaces over a real sshd on 127.0.0.1 (tests/sshd.py): the desk runs the server's
memdesk through OpenSSH. The same operations run on a local copy of the same demo workspace
leave the same bytes; a connection killed during a save leaves the file old or new, never
partial, and the save completes on the server; the error cases say one clear line."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from core import __version__
from core.remote.transport import CONNECT_SECONDS
from tests.cli.conftest import Result, run_process
from tests.conftest import PROJECT_ROOT
from tests.sshd import Server, free_port, stop_masters

pytestmark = pytest.mark.slow
HOSTILE = 'it\'s $(touch pwned); `id` ; rm -rf x "quoted"\n第二行 中文记忆 && echo *'


def _desk(server: Server, *args: object, memdesk: str | None = None) -> Result:
    env = {"MEMDESK_SSH": server.ssh, "MEMDESK_REMOTE": memdesk or server.memdesk}
    return run_process(*args, env_extra=env, timeout=120)


def _demo(folder: Path) -> Path:
    assert run_process("demo", folder, "--entries", "30").code == 0
    return folder


def _files(folder: Path) -> dict[str, bytes]:
    """Every memory file's bytes (MemDesk's own bookkeeping and backups aside: their names and
    times differ from run to run)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*.md"))
        if ".memdesk" not in p.parts and "backups" not in p.parts
    }


def _first_id(result: Result) -> str:
    return str(result.json()[0]["id"])


def test_open_edit_approve_undo_match_the_same_run_locally(sshd: Server, tmp_path: Path) -> None:
    remote, local = _demo(tmp_path / "server"), tmp_path / "desk"
    shutil.copytree(remote, local)
    address = sshd.address(remote)

    def both(*args: object, same_output: bool = False) -> Result:
        there = _desk(sshd, args[0], address, *args[1:])
        here = run_process(args[0], local, *args[1:])
        assert (there.code, there.err) == (here.code, here.err.replace(str(local), str(remote)))
        if same_output:  # a write's output names its backup, whose name has the time
            assert there.out == here.out.replace(str(local), str(remote))
        return there

    both("check", same_output=True)
    memory = _first_id(both("list", "--json", same_output=True))
    both("show", memory, same_output=True)
    both("edit", memory, "--text", HOSTILE)
    assert _files(remote) == _files(local)
    assert HOSTILE in _files(remote)["MEMORY.md"].decode()  # one argument, not shell syntax
    both("review", "--at", "2030-01-01")
    approved = both("approve", "--all")
    assert approved.out.startswith("applied #1")
    assert _files(remote) == _files(local)
    both("undo")  # the approval
    both("undo")  # the edit
    assert _files(remote) == _files(local)
    assert HOSTILE not in _files(remote)["MEMORY.md"].decode()
    assert not (Path.home() / "pwned").exists() and not (remote / "pwned").exists()


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _wait_until(done: Callable[[], bool], what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.05)


@pytest.mark.parametrize("tty", [False, True], ids=["no-tty", "tty"])
def test_connection_killed_during_a_save_leaves_old_or_new_and_the_save_completes(
    sshd: Server, tmp_path: Path, tty: bool
) -> None:
    """A terminal on the server (ssh -tt, as RequestTTY in a person's ssh config asks) hangs
    up the remote memdesk when the connection drops: it must still finish its save."""
    workspace = _demo(tmp_path / "server")
    memory = _first_id(run_process("list", workspace, "--json"))
    old = (workspace / "MEMORY.md").read_bytes()
    local = tmp_path / "desk"
    shutil.copytree(workspace, local)
    assert run_process("edit", local, memory, "--text", "新的").code == 0
    new = (local / "MEMORY.md").read_bytes()
    marker = tmp_path / "in-commit"
    slow = (
        f"env PYTHONPATH={PROJECT_ROOT} MEMDESK_SLOW_MARKER={marker} MEMDESK_SLOW_SECONDS=2 "
        f"{sys.executable} -m tests.reliability.slow_memdesk"
    )
    env = dict(os.environ) | {
        "PYTHONPATH": str(PROJECT_ROOT),
        "MEMDESK_SSH": sshd.ssh + (" -tt" if tty else ""),
        "MEMDESK_REMOTE": slow,
    }
    desk = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "app.cli",
            "edit",
            sshd.address(workspace),
            memory,
            "--text",
            "新的",
        ],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_until(marker.exists, "the remote save started")
    server_pid = int(marker.read_text())
    for ssh in _children(desk.pid):
        os.kill(ssh, signal.SIGKILL)
    out, err = desk.communicate(timeout=60)
    assert desk.returncode == 2, (out, err)
    assert "connection lost: the change may or may not have been made" in err
    assert f"memdesk activity {sshd.address(workspace)}" in err

    def ended() -> bool:
        assert (workspace / "MEMORY.md").read_bytes() in (old, new), "a partial file"
        return not Path(f"/proc/{server_pid}").exists()

    _wait_until(ended, "the server's memdesk ended")
    assert (workspace / "MEMORY.md").read_bytes() == new, "the save on the server did not complete"
    told = _desk(sshd, "activity", sshd.address(workspace))
    assert told.code == 0 and memory in told.out
    assert run_process("check", workspace).code == 0


def test_memdesk_missing_on_the_server_says_to_install_it(sshd: Server, tmp_path: Path) -> None:
    told = _desk(sshd, "check", sshd.address(tmp_path), memdesk="/nonexistent/memdesk")
    assert told.code == 2 and told.out == ""
    assert told.err.count("\n") == 1 and "run `pipx install memdesk` on the server" in told.err


def test_another_version_on_the_server_is_refused_naming_both(sshd: Server, tmp_path: Path) -> None:
    workspace = _demo(tmp_path / "server")
    before = _files(workspace)
    told = _desk(sshd, "delete", sshd.address(workspace), "x", memdesk="echo memdesk 0.0.1 #")
    assert told.code == 2 and told.err.count("\n") == 1
    assert "the server runs memdesk 0.0.1, this desk " in told.err
    assert __version__ in told.err
    assert _files(workspace) == before


def test_host_unreachable_or_key_refused_says_what_ssh_said(sshd: Server, tmp_path: Path) -> None:
    nobody = free_port()
    unreachable = _desk(sshd, "check", f"ssh://127.0.0.1:{nobody}{tmp_path}")
    assert unreachable.code == 2 and unreachable.err.count("\n") == 1
    assert "ssh failed: ssh: connect to host 127.0.0.1 port" in unreachable.err
    assert "Connection refused" in unreachable.err
    stranger = "ssh -F /dev/null -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null"
    no_key = Server(sshd.port, stranger + " -o LogLevel=ERROR", "")  # a key the server lacks
    refused = _desk(no_key, "check", sshd.address(tmp_path), memdesk=sshd.memdesk)
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert "ssh failed: " in refused.err and "Permission denied" in refused.err


def test_a_server_that_never_answers_fails_in_seconds_not_minutes(
    sshd: Server, tmp_path: Path
) -> None:
    """Tried as a user would: a server whose firewall drops packets held the page's read (and
    the window's quit) for two minutes or more; a port that accepts and never speaks stands in."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        port = silent.getsockname()[1]
        started = time.monotonic()
        told = _desk(sshd, "check", f"ssh://127.0.0.1:{port}{tmp_path}")
        took = time.monotonic() - started
    assert told.code == 2 and told.err.count("\n") == 1 and "ssh failed: " in told.err
    assert took < CONNECT_SECONDS + 20, f"{took:.0f} s"


def test_a_text_given_on_stdin_reaches_the_server(sshd: Server, tmp_path: Path) -> None:
    workspace = _demo(tmp_path / "server")
    env = dict(os.environ) | {
        "PYTHONPATH": str(PROJECT_ROOT),
        "MEMDESK_SSH": sshd.ssh,
        "MEMDESK_REMOTE": sshd.memdesk,
    }
    added = subprocess.run(
        [sys.executable, "-m", "app.cli", "add", sshd.address(workspace), "-"],
        input=HOSTILE.encode(),
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert added.returncode == 0, added.stderr
    assert HOSTILE in (workspace / "MEMORY.md").read_text(encoding="utf-8")


def _accepted(server: Server) -> int:
    assert server.log is not None
    return server.log.read_text().count("Accepted publickey")


def test_commands_to_one_server_share_one_connection_and_one_version_check(
    sshd: Server, tmp_path: Path
) -> None:
    workspace = _demo(tmp_path / "server")
    calls = tmp_path / "calls"
    runtime = Path(tempfile.mkdtemp(prefix="md-"))  # short: a socket path has ~104 bytes
    logged = sshd.memdesk.replace("-m app.cli", "-m tests.reliability.logged_memdesk")
    env = {
        "MEMDESK_SSH": sshd.ssh,
        "MEMDESK_REMOTE": f"env MEMDESK_CALLS={calls} {logged}",
        "XDG_RUNTIME_DIR": str(runtime),
    }
    before = _accepted(sshd)
    try:
        for args in (("check",), ("list", "--json"), ("activity",)):
            done = run_process(args[0], sshd.address(workspace), *args[1:], env_extra=env)
            assert done.code == 0, done.err
        assert _accepted(sshd) - before == 1, "each command opened its own connection"
        assert calls.read_text().splitlines()[0] == "--version"
        assert [c.split()[0] for c in calls.read_text().splitlines()[1:]] == [
            "check", "list", "activity"
        ]  # fmt: skip
        sockets = [p for p in (runtime / "memdesk").iterdir() if p.is_socket()]
        assert len(sockets) == 1
        assert (runtime / "memdesk").stat().st_mode & 0o777 == 0o700
    finally:
        stop_masters(runtime / "memdesk")
        shutil.rmtree(runtime, ignore_errors=True)


def test_the_persons_own_connection_sharing_is_kept(sshd: Server, tmp_path: Path) -> None:
    """ControlMaster / ControlPath in MEMDESK_SSH (or ssh's config) decide: MemDesk adds none."""
    runtime = Path(tempfile.mkdtemp(prefix="md-"))
    env = {
        "MEMDESK_SSH": sshd.ssh + " -o ControlMaster=no",
        "MEMDESK_REMOTE": sshd.memdesk,
        "XDG_RUNTIME_DIR": str(runtime),
    }
    before = _accepted(sshd)
    for _ in range(2):
        assert run_process("check", sshd.address(_demo(tmp_path / str(_))), env_extra=env).code == 0
    assert _accepted(sshd) - before == 4  # the version check and the command, twice
    assert not (runtime / "memdesk").exists() or not any((runtime / "memdesk").iterdir())
    shutil.rmtree(runtime, ignore_errors=True)


def test_a_dropped_write_is_settled_by_the_server_s_journal(
    sshd: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a write's connection dropped, the server is read again: a new operation in its
    journal says the save was made; none (within the wait) says it was not; a server that
    cannot be reached says it is unknown."""
    from core.remote.address import parse_address
    from core.remote.workspace import RemoteWorkspace

    monkeypatch.setenv("MEMDESK_SSH", sshd.ssh)
    monkeypatch.setenv("MEMDESK_REMOTE", sshd.memdesk)
    workspace = _demo(tmp_path / "server")
    address = parse_address(sshd.address(workspace))
    assert address is not None
    remote = RemoteWorkspace(address)
    before = remote.read()
    not_made = remote.settle(before, seconds=0)
    assert not_made.made is False and "the server did not make it" in not_made.message
    assert run_process("add", workspace, "written meanwhile").code == 0
    made = remote.settle(before, seconds=0)
    assert made.made is True and "the server completed it" in made.message
    assert made.snapshot is not None and len(made.snapshot.memories) == len(before.memories) + 1
    gone = parse_address(f"ssh://127.0.0.1:{free_port()}{workspace}")
    assert gone is not None
    unknown = RemoteWorkspace(gone).settle(before, seconds=0)
    assert unknown.made is None and "whether it was made is unknown" in unknown.message
