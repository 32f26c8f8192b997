"""Remote workspaces over a real sshd on 127.0.0.1 (tests/sshd.py): the desk runs the server's
memdesk through OpenSSH. The same operations run on a local copy of the same demo workspace
leave the same bytes; a connection killed during a save leaves the file old or new, never
partial, and the save completes on the server; the error cases say one clear line."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.conftest import Result, run_process
from tests.conftest import PROJECT_ROOT
from tests.sshd import Server, sshd  # noqa: F401 (the server fixture)

pytestmark = pytest.mark.slow
HOSTILE = "it's $(touch pwned); `id` ; rm -rf x \"quoted\"\n第二行 中文记忆 && echo *"


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
