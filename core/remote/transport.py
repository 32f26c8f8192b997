"""MemDesk's command line run on a server through the system's OpenSSH client.

`ssh -o BatchMode=yes [sharing] [-p PORT] -- [user@]host <remote memdesk> <args>`, every argument
quoted for the remote shell: a memory's text reaches the server's memdesk as one argument, never
as shell syntax. Commands to one server share one connection (`sharing`); the server's
`memdesk --version` is checked once per connection."""

from __future__ import annotations

import functools
import os
import re
import shlex
import subprocess
from dataclasses import dataclass
from typing import IO

from core import __version__
from core.messages import say
from core.remote.address import Address
from core.remote.sharing import Sharing, checked_version, note_version, sharing_for

REMOTE_ENV = "MEMDESK_REMOTE"  # the server's memdesk command (default: memdesk)
SSH_ENV = "MEMDESK_SSH"  # the ssh client and any options of its own (default: ssh)
SSH_FAILED = 255  # what ssh exits with when the connection (not the command) failed
NOT_FOUND = 127  # what a POSIX shell exits with for a command it cannot find
# A server that never answers (packets dropped) fails after this long instead of ssh's two
# minutes or more, and a connection that dies mid-command within a minute; the person's own
# options (MEMDESK_SSH, given first) win over these.
CONNECT_SECONDS = 15
ALIVE = ["-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=4"]
_VERSION = re.compile(r"memdesk (\S+)")


class RemoteError(Exception):
    """A remote call that did not run the command; the message is one line for the person."""


class ConnectionLost(RemoteError):
    def __init__(self, address: Address) -> None:
        super().__init__(
            say(
                "{host}: connection lost: the change may or may not have been made; "
                "`memdesk activity {host}` tells",
                host=address,
            )
        )


@dataclass(frozen=True)
class Finished:
    code: int
    out: bytes
    err: bytes


def remote_command_line(memdesk: str, args: list[str]) -> str:
    """The one line the remote shell runs: `memdesk` as configured (it may be several words),
    then every argument quoted."""
    return " ".join([memdesk, *(shlex.quote(a) for a in args)])


def ssh_client(ssh: str | None = None) -> list[str]:
    """The ssh client and the person's own options (MEMDESK_SSH)."""
    return shlex.split(ssh or os.environ.get(SSH_ENV) or "ssh")


def port_options(address: Address) -> list[str]:
    return ["-p", str(address.port)] if address.port is not None else []


def ssh_argv(
    address: Address, line: str, ssh: str | None = None, sharing: Sharing | None = None
) -> list[str]:
    options = ["-o", "BatchMode=yes", "-o", f"ConnectTimeout={CONNECT_SECONDS}", *ALIVE]
    options += sharing.options() if sharing else []
    return [*ssh_client(ssh), *options, *port_options(address), "--", address.destination, line]


class Remote:
    """One server's memdesk, for a run of the desk's command line or a view of the window."""

    def __init__(self, address: Address, memdesk: str | None = None) -> None:
        self.address = address
        self.memdesk = memdesk or os.environ.get(REMOTE_ENV) or "memdesk"
        self._checked = False

    def run(
        self,
        args: list[str],
        stdin: IO[bytes] | int | None = None,
        *,
        input: bytes | None = None,
    ) -> Finished:
        """The server's `memdesk ARGS`, its output as it printed it (checks the version first,
        once per connection); `input`: bytes given to its stdin."""
        if not self._version_checked():
            self.check_version()
        done = self._ssh(args, stdin, input)
        if done.code == SSH_FAILED or done.code < 0:
            raise ConnectionLost(self.address)
        return done

    @functools.cached_property
    def sharing(self) -> Sharing | None:
        """How commands share one connection (None: the person's ssh options or config say);
        asked of `ssh -G` on the first call, off the window's thread."""
        return sharing_for(ssh_client(), port_options(self.address), self.address.destination)

    def _version_checked(self) -> bool:
        if self.sharing is None:
            return self._checked
        return checked_version(self.sharing.socket, self.memdesk) == __version__

    def check_version(self) -> None:
        done = self._ssh(["--version"], subprocess.DEVNULL, None)
        said = (done.out + done.err).decode("utf-8", "replace")
        if done.code == SSH_FAILED:
            raise RemoteError(
                say("{host}: ssh failed: {error}", host=self.address, error=_last_line(said))
            )
        if done.code == NOT_FOUND or (done.code != 0 and "not found" in said):
            raise RemoteError(
                say(
                    "{host}: memdesk is not installed there (`{command}` not found); run "
                    "`pipx install memdesk` on the server, or set MEMDESK_REMOTE",
                    host=self.address.host,
                    command=self.memdesk,
                )
            )
        found = _VERSION.search(said)
        theirs = found[1] if found and done.code == 0 else None
        ours = __version__
        if theirs != ours:
            raise RemoteError(
                say(
                    "{host}: the server runs memdesk {theirs}, this desk {ours}; install the "
                    "same version on both",
                    host=self.address.host,
                    theirs=theirs or say("(unknown)"),
                    ours=ours,
                )
            )
        self._checked = True
        if self.sharing is not None:
            note_version(self.sharing.socket, self.memdesk, ours)

    def _ssh(
        self,
        args: list[str],
        stdin: IO[bytes] | int | None,
        input: bytes | None,
    ) -> Finished:
        line = remote_command_line(self.memdesk, args)
        argv = ssh_argv(self.address, line, sharing=self.sharing)
        try:
            done = subprocess.run(
                argv,
                stdin=None if input is not None else stdin,
                input=input,
                capture_output=True,
                check=False,
            )
        except FileNotFoundError:
            raise RemoteError(
                say(
                    "{command}: no OpenSSH client on this machine; install it (or set {name})",
                    command=argv[0],
                    name=SSH_ENV,
                )
            ) from None
        return Finished(done.returncode, done.stdout, done.stderr)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else say("no message")
