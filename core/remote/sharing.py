"""One SSH connection shared by every command to a server (OpenSSH multiplexing).

The first command starts a master connection that stays a minute after the last one
(ControlPersist); the next ones run over it without a new handshake. Its socket lives in a
private folder of MemDesk's (0700, checked to be ours), under a name short enough for the
socket path limit. When the person's MEMDESK_SSH options or ssh config already say how to share
connections (ControlMaster, ControlPath, -S), theirs is kept and nothing is added.

The server's version is checked once per master and server command: a note beside the socket
names the master (the socket's inode and change time), the command (MEMDESK_REMOTE) and the
version it answered, and is believed only while that same socket is there."""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from core.store.atomic import atomic_write_bytes

PERSIST_SECONDS = 60
SOCKET_PATH_LIMIT = 104  # sun_path: 104 bytes on macOS and the BSDs, 108 on Linux
_SOCKET_NAME_LENGTH = 40  # a SHA-1 in hex
_SHARING_WORDS = ("controlmaster", "controlpath", "controlpersist")


@dataclass(frozen=True)
class Sharing:
    """The options that make ssh share one master per server and client configuration, and
    the master's socket."""

    socket: Path

    def options(self) -> list[str]:
        return [
            "-o",
            "ControlMaster=auto",
            "-o",
            f"ControlPath={self.socket}",
            "-o",
            f"ControlPersist={PERSIST_SECONDS}",
        ]


def sharing_for(client: list[str], port: list[str], destination: str) -> Sharing | None:
    """How MemDesk shares connections to `destination`; None when the person's own options or
    ssh config decide (or no private folder can be made)."""
    if _person_decides(client, port, destination):
        return None
    folder = runtime_folder()
    if folder is None:
        return None
    name = hashlib.sha1("\0".join([*client, *port, destination]).encode()).hexdigest()
    return Sharing(folder / name)


def runtime_folder() -> Path | None:
    """MemDesk's private folder for sockets: $XDG_RUNTIME_DIR/memdesk when that path is short
    enough, else <tmp>/memdesk-<uid>; created 0700, refused unless it is a real folder of ours
    that no one else may enter."""
    candidates = []
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime):
        candidates.append(Path(runtime) / "memdesk")
    candidates.append(Path(tempfile.gettempdir()) / f"memdesk-{os.getuid()}")
    for folder in candidates:
        if len(str(folder)) + 1 + _SOCKET_NAME_LENGTH + 20 > SOCKET_PATH_LIMIT:
            continue  # ssh adds a random suffix of up to 17 bytes while it binds
        if _private(folder):
            return folder
    return None


def _private(folder: Path) -> bool:
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        found = folder.lstat()
    except OSError:
        return False
    return (
        stat.S_ISDIR(found.st_mode)
        and found.st_uid == os.getuid()
        and stat.S_IMODE(found.st_mode) & 0o077 == 0
    )


def _person_decides(client: list[str], port: list[str], destination: str) -> bool:
    """Whether the person's ssh options say anything of sharing, or ssh's config for
    `destination` (as `ssh -G` reads it) already shares connections or names a control socket.
    (A config's `ControlMaster no` reads as the default: MemDesk's options then win.)"""
    said = " ".join(client).lower()
    if any(word in said for word in _SHARING_WORDS) or {"-S", "-M"} & set(client):
        return True
    settings = _ssh_settings(client, port, destination)
    master = settings.get("controlmaster", "false")
    return master != "false" or settings.get("controlpath", "none") != "none"


def _ssh_settings(client: list[str], port: list[str], destination: str) -> dict[str, str]:
    """`ssh -G`: the configuration ssh would use for `destination`, without connecting."""
    try:
        done = subprocess.run(
            [*client, "-G", *port, "--", destination],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        return {}
    settings: dict[str, str] = {}
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        key, _, value = line.partition(" ")
        settings.setdefault(key.lower(), value)
    return settings


def checked_version(socket: Path, memdesk: str) -> str | None:
    """The version the server's `memdesk` answered over the master at `socket`, while that
    master lives."""
    try:
        noted = _note(socket).read_text(encoding="utf-8").split(" ", 1)
        now = _identity(socket, memdesk)
    except OSError:
        return None
    return noted[1] if len(noted) == 2 and noted[0] == now else None


def note_version(socket: Path, memdesk: str, version: str) -> None:
    """Remember that the server's `memdesk` answered `version` over the master at `socket`
    (nothing when it is gone)."""
    try:
        noted = f"{_identity(socket, memdesk)} {version}"
        atomic_write_bytes(_note(socket), noted.encode())  # the one writer that replaces files
    except OSError:
        return


def _note(socket: Path) -> Path:
    return socket.with_name(socket.name + ".version")


def _identity(socket: Path, memdesk: str) -> str:
    found = socket.stat()
    if not stat.S_ISSOCK(found.st_mode):
        raise FileNotFoundError(socket)
    command = hashlib.sha1(memdesk.encode()).hexdigest()
    return f"{found.st_ino}:{found.st_ctime_ns}:{command}"
