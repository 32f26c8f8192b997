"""A real OpenSSH server on 127.0.0.1 for the remote-workspace tests: its own host key, an
authorized key made for the test, a free port, run as the current user (root needs /run/sshd).
`ssh_env` points MemDesk's ssh client (MEMDESK_SSH) and the server's memdesk (MEMDESK_REMOTE,
this checkout's command line) at it."""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

SSHD = Path("/usr/sbin/sshd")


@dataclass(frozen=True)
class Server:
    port: int
    ssh: str  # MEMDESK_SSH: the client with this server's key and known host
    memdesk: str  # MEMDESK_REMOTE: this checkout's command line, run on the "server"
    log: Path | None = None  # what sshd logs (a line per connection accepted)

    def address(self, path: Path) -> str:
        return f"ssh://127.0.0.1:{self.port}{path}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _keygen(path: Path) -> None:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)],
        check=True,
        capture_output=True,
    )


class Unavailable(Exception):
    """Why no sshd can run here (the tests skip with it)."""


@pytest.fixture(scope="session")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    try:
        with running_sshd(tmp_path_factory.mktemp("sshd")) as server:
            yield server
    except Unavailable as exc:
        pytest.skip(str(exc))


@contextmanager
def running_sshd(home: Path) -> Iterator[Server]:
    """An sshd on 127.0.0.1 with its keys and config in `home` (Unavailable: why not)."""
    if not SSHD.exists() or shutil.which("ssh") is None or shutil.which("ssh-keygen") is None:
        raise Unavailable(
            "no OpenSSH server here: `bash packaging/sysdeps.sh` installs openssh-server"
        )
    if os.geteuid() == 0:
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # sshd's privilege separation
    _keygen(home / "host_key")
    _keygen(home / "client_key")
    (home / "authorized_keys").write_text((home / "client_key.pub").read_text())
    port = free_port()
    (home / "sshd_config").write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {home / 'host_key'}\n"
        f"AuthorizedKeysFile {home / 'authorized_keys'}\nPidFile {home / 'sshd.pid'}\n"
        "StrictModes no\nUsePAM no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
        "PermitRootLogin prohibit-password\nSubsystem sftp internal-sftp\n"
    )
    host_key = (home / "host_key.pub").read_text().split()
    (home / "known_hosts").write_text(f"[127.0.0.1]:{port} {host_key[0]} {host_key[1]}\n")
    (home / "ssh_config").write_text(
        f"Host 127.0.0.1\n  IdentityFile {home / 'client_key'}\n  IdentitiesOnly yes\n"
        f"  UserKnownHostsFile {home / 'known_hosts'}\n  StrictHostKeyChecking yes\n"
        "  ConnectTimeout 10\n  LogLevel ERROR\n"
    )
    with (home / "sshd.log").open("wb") as log:
        server = subprocess.Popen(
            [str(SSHD), "-D", "-e", "-f", str(home / "sshd_config")],
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    ssh = f"ssh -F {shlex.quote(str(home / 'ssh_config'))}"
    try:
        _wait_listening(port, server, home / "sshd.log")
        yield Server(
            port=port,
            ssh=ssh,
            memdesk=f"env PYTHONPATH={shlex.quote(str(PROJECT_ROOT))} "
            f"{shlex.quote(sys.executable)} -m app.cli",
            log=home / "sshd.log",
        )
    finally:
        server.terminate()
        server.wait(timeout=10)


def stop_masters(folder: Path) -> None:
    """End the shared connections (ssh masters) whose sockets are in `folder`."""
    for master in folder.glob("*"):
        if master.is_socket():
            subprocess.run(
                ["ssh", "-S", str(master), "-O", "exit", "x"], check=False, capture_output=True
            )


def _wait_listening(port: int, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise Unavailable(f"sshd could not be started here: {log.read_text().strip()[-300:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise Unavailable("sshd did not listen on 127.0.0.1 within 10 s")
