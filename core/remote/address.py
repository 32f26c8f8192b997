"""Where a remote workspace is: `ssh://[user@]host[:port]/abs/path` or scp's `[user@]host:path`.
Pure: whether a local path of the same name exists is the caller's question (it wins)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.messages import say

# A host or user ssh takes as a name, never as an option (no leading "-") or a shell word.
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.%+~-]*")
_HOST = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*|\[[0-9A-Fa-f:.]+\]")
_SCP = re.compile(r"(?:(?P<user>[^@/:]+)@)?(?P<host>\[[^\]/]*\]|[^@/:]+):(?P<path>.*)", re.DOTALL)
_URL = re.compile(
    r"ssh://(?:(?P<user>[^@/]+)@)?(?P<host>\[[^\]/]*\]|[^@/:]+)(?::(?P<port>[0-9]+))?(?P<path>/.*)",
    re.DOTALL,
)


@dataclass(frozen=True)
class Address:
    host: str
    path: str
    user: str | None = None
    port: int | None = None

    @property
    def destination(self) -> str:
        """What ssh takes as the destination: [user@]host (an IPv6 host without brackets)."""
        host = self.host.strip("[]")
        return f"{self.user}@{host}" if self.user else host

    @property
    def server_path(self) -> str:
        """The path as an argument of the server's memdesk: never read as an option."""
        return self.path if not self.path.startswith("-") else f"./{self.path}"

    def __str__(self) -> str:
        user = f"{self.user}@" if self.user else ""
        if self.port is not None:
            return f"ssh://{user}{self.host}:{self.port}{self.path}"
        return f"{user}{self.host}:{self.path}"


def parse_address(text: str) -> Address | None:
    """The remote workspace `text` names, or None when it is a local path. A one-letter host is
    a Windows drive letter (C:\\x, c:notes), never a host."""
    url = text.startswith("ssh://")
    found = (_URL if url else _SCP).fullmatch(text)
    if found is None:
        if url:
            raise ValueError(
                say("{text}: not an ssh:// address; write ssh://[user@]host[:port]/path", text=text)
            )
        return None
    host, user, path = found["host"], found["user"], found["path"]
    if not url and len(host) == 1:
        return None
    if not _HOST.fullmatch(host) or (user is not None and not _NAME.fullmatch(user)):
        if url:
            raise ValueError(say("{text}: not a host ssh can reach by that name", text=text))
        return None
    port = int(found["port"]) if url and found["port"] else None
    if port is not None and not 0 < port < 65536:
        raise ValueError(
            say("{text}: port {port} is not between 1 and 65535", text=text, port=port)
        )
    return Address(host=host, path=path or ".", user=user, port=port)
