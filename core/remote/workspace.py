"""A workspace on a server, read and changed only through the server's memdesk and its JSON
(`Remote.run`): the memories, the review queue and the activity it lists, and the writes it
makes there (its guarded commit, lock and journal stay on the server). Nothing else is fetched.

A write whose connection drops is settled by re-reading the server's activity: the commit there
completes or does not happen, and a new operation in its journal tells which."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.messages import say
from core.remote.address import Address
from core.remote.transport import ConnectionLost, Remote, RemoteError

SETTLE_SECONDS = 20.0  # how long a dropped write may still take on the server
ACTIVITY_SHOWN = 20


class Refused(RemoteError):
    """The server's memdesk ran and refused (or failed): its own one-line message."""


@dataclass(frozen=True)
class Snapshot:
    """What the server's memdesk listed: memories, pending proposals, newest operations."""

    memories: list[dict[str, Any]] = field(default_factory=list)
    queue: list[dict[str, Any]] = field(default_factory=list)
    activity: list[dict[str, Any]] = field(default_factory=list)

    @property
    def op_ids(self) -> frozenset[str]:
        return frozenset(str(op.get("op_id")) for op in self.activity)

    def ref(self, memory: dict[str, Any]) -> str:
        """How the server's memdesk names `memory`: its id, or FILE:ID when others share it."""
        same = [m for m in self.memories if m.get("id") == memory.get("id")]
        return str(memory["id"]) if len(same) < 2 else f"{memory['file']}:{memory['id']}"


@dataclass(frozen=True)
class Dropped:
    """A write whose connection dropped, settled by re-reading the server."""

    made: bool | None  # None: the server could not be reached again to tell
    message: str
    snapshot: Snapshot | None


class RemoteWorkspace:
    """One workspace on a server, through its memdesk (every call runs it over SSH)."""

    def __init__(self, address: Address, remote: Remote | None = None) -> None:
        self.address = address
        self.remote = remote or Remote(address)

    def read(self) -> Snapshot:
        return Snapshot(
            memories=self._json("list"),
            queue=self._json("review", "--list"),
            activity=self._json("activity", "--limit", str(ACTIVITY_SHOWN)),
        )

    def edit(self, ref: str, text: str) -> Any:
        return self._json("edit", ref, "--text", "-", input=text.encode("utf-8"))

    def add(self, text: str) -> Any:
        return self._json("add", "-", input=text.encode("utf-8"))

    def delete(self, refs: list[str]) -> Any:
        return self._json("delete", *refs)

    def approve(self, ids: list[str] | None) -> Any:
        """The proposals `ids` (None: every pending one, all or nothing) applied."""
        return self._json("approve", *(ids if ids is not None else ["--all"]))

    def reject(self, ids: list[str]) -> Any:
        return self._json("reject", *ids)

    def undo(self) -> Any:
        return self._json("undo")

    def settle(
        self, before: Snapshot, seconds: float = SETTLE_SECONDS, step: float = 0.5
    ) -> Dropped:
        """After a write's connection dropped: whether the server made it (a new operation in
        its journal since `before`), waiting up to `seconds` for a save still under way."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                now = self.read()
            except RemoteError as exc:
                said = say(
                    "{host}: the connection dropped during the save and the server cannot be "
                    "reached now ({error}); whether it was made is unknown: reload when it is back",
                    host=self.address,
                    error=exc,
                )
                return Dropped(None, said, None)
            if now.op_ids - before.op_ids:
                said = say(
                    "{host}: the connection dropped during the save; the server completed it "
                    "(read again from the server)",
                    host=self.address,
                )
                return Dropped(True, said, now)
            if time.monotonic() >= deadline:
                said = say(
                    "{host}: the connection dropped during the save; the server did not make "
                    "it (its files are as before); try again",
                    host=self.address,
                )
                return Dropped(False, said, now)
            time.sleep(step)

    def _json(self, command: str, *args: str, input: bytes | None = None) -> Any:
        done = self.remote.run(
            [command, self.address.server_path, *args, "--json"], input=input or b""
        )
        if done.code != 0:
            said = " ".join(done.err.decode("utf-8", "replace").split())
            raise Refused(
                said.removeprefix("memdesk: ")
                or say("the server's memdesk exited {code}", code=done.code)
            )
        return json.loads(done.out.decode("utf-8", "replace") or "null")


def write_and_settle(
    workspace: RemoteWorkspace, before: Snapshot, write: Callable[[], object]
) -> Snapshot | Dropped:
    """`write`, then the workspace read again; a dropped connection settled (`settle`)."""
    try:
        write()
    except ConnectionLost:
        return workspace.settle(before)
    return workspace.read()
