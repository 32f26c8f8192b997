"""Hermes' memory writes waiting for approval (spec/hermes.md 6.3): `pending/memory/<id>.json`
in the home (and in each profile's home, `profiles/<name>/`), each a write the agent staged while
`memory.write_approval` was on. Read here without changing them; the agent lists them oldest
first by `created_at`, skipping a record it cannot read."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.agents.hermes.workspace import profiles
from core.messages import say
from core.store.errors import WorkspaceError
from core.store.files import list_folder, read_or_none

FOLDER = "pending/memory"


@dataclass(frozen=True, slots=True)
class PendingWrite:
    """One staged write, every field of its record."""

    id: str
    subsystem: str
    action: str  # add, replace, remove, batch
    summary: str
    origin: str  # foreground, background_review
    created_at: float  # Unix seconds
    payload: dict[str, Any]
    rel: str  # the record's path in the workspace
    profile: str = "default"
    fields: dict[str, Any] | None = None  # the whole record as the agent wrote it

    @property
    def since(self) -> datetime:
        return datetime.fromtimestamp(self.created_at, UTC)

    @property
    def key(self) -> str:
        """How MemDesk names it: the agent's id, `profile:id` in a named profile's home."""
        return self.id if self.profile == "default" else f"{self.profile}:{self.id}"

    @property
    def memories(self) -> str:
        """The memories folder of the home that staged it, workspace-relative."""
        home = self.rel.removesuffix(f"{FOLDER}/{self.rel.rsplit('/', 1)[-1]}")
        return f"{home}memories"


def pending_writes(root: Path) -> tuple[list[PendingWrite], list[str]]:
    """The staged writes of every profile, oldest first, and the records the agent would skip
    (unreadable)."""
    found: list[PendingWrite] = []
    skipped: list[str] = []
    for profile, memories in profiles(root):
        home = memories.removesuffix("memories")
        folder = root / home / FOLDER
        if not folder.is_dir():
            continue
        for path in sorted(list_folder(folder)):
            if path.suffix != ".json" or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            try:
                data = json.loads(read_or_none(path, root=root) or b"")
                found.append(_record(data, rel, profile))
            except (WorkspaceError, ValueError, KeyError, TypeError):
                skipped.append(rel)
    return sorted(found, key=lambda w: w.created_at), skipped


def _record(data: Any, rel: str, profile: str) -> PendingWrite:
    if not isinstance(data, dict) or not isinstance(data.get("payload"), dict):
        raise ValueError(rel)
    return PendingWrite(
        id=str(data["id"]),
        subsystem=str(data.get("subsystem", "memory")),
        action=str(data.get("action") or data["payload"].get("action")),
        summary=str(data.get("summary", "")),
        origin=str(data.get("origin", "foreground")),
        created_at=float(data["created_at"]),
        payload=data["payload"],
        rel=rel,
        profile=profile,
        fields=data,
    )


def waiting_line(writes: list[PendingWrite]) -> str:
    """How many writes wait and since when ("" for none)."""
    if not writes:
        return ""
    since = writes[0].since.strftime("%Y-%m-%d %H:%M UTC")
    if len(writes) == 1:
        return say(
            "1 memory write waits for approval in Hermes, the oldest since {since}: the review "
            "queue shows them",
            since=since,
        )
    return say(
        "{count} memory writes wait for approval in Hermes, the oldest since {since}: the review "
        "queue shows them",
        count=len(writes),
        since=since,
    )
