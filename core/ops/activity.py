"""The Activity view's data: every operation MemDesk saved in a workspace, from its journal.

One operation is one save (of one or several files): who made it, why, what kinds of change it
made to which memories, and whether it was undone since (`core.ops.undo`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from core.ops.undo import undo_links, undone_by, undone_op
from core.store.journal import Operation, RecordedEvent
from core.store.settled import HeldJournal, held_journal

__all__ = ["ActivityItem", "events_of", "operations"]


@dataclass(frozen=True, slots=True)
class ActivityItem:
    op: Operation
    undone_by: str | None  # the op_id of the undo that reverted it
    undoes: str | None  # the op_id this operation undid

    @property
    def op_id(self) -> str:
        return self.op.op_id

    @property
    def at(self) -> datetime:
        return self.op.at.astimezone()

    @property
    def actor(self) -> str:
        return self.op.actor

    def to_json(self) -> dict[str, Any]:
        return {
            "op_id": self.op.op_id,
            "at": self.op.at.isoformat(),
            "actor": self.op.actor,
            "cause": self.op.cause,
            "files": list(self.op.files),
            "kinds": dict(self.op.kinds),
            "memories": self.op.count,
            "memory_ids": list(self.op.memory_ids),
            "undone_by": self.undone_by,
            "undoes": self.undoes,
        }


def operations(
    root: Path,
    *,
    memory_id: str | None = None,
    actor: str | None = None,
    kind: str | None = None,
    limit: int = 500,
    held: HeldJournal | None = None,
) -> list[ActivityItem]:
    """Saved operations, newest first (none before MemDesk's first save here); WorkspaceError
    when the journal cannot be read. `held`: the session's journal (else opened for this)."""
    with held_journal(root, held) as journal_held, journal_held.reading(required=True) as journal:
        if journal is None:
            return []
        found = journal.operations(limit, memory_id=memory_id, actor=actor, kind=kind)
        links = undo_links(journal)
    return [ActivityItem(op, undone_by(op.op_id, links), undone_op(op.cause)) for op in found]


def events_of(root: Path, op_id: str, *, held: HeldJournal | None = None) -> list[RecordedEvent]:
    """What one operation changed, memory by memory (before and after)."""
    with held_journal(root, held) as journal_held, journal_held.reading(required=True) as journal:
        return [] if journal is None else journal.events_of_op(op_id)
