"""Operations as data: a change set names the document, what it does and who does it.

The window, the CLI, decay runs, restores and approved review decisions all change files the
same way: they build a `ChangeSet` with the functions of `core.ops.entries` (any agent's file of
entries, a daily note, profile keys) or `core.agents.everbot.ops` (scored memories), apply it to the
open document, and save the document through the one guarded commit. Undo restores the
document's state from before the change set; a change set's inverse undoes it after a save.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.store.document import Document
from core.store.merge import Change

__all__ = ["ChangeSet", "apply_and_save"]


@dataclass(frozen=True, slots=True)
class ChangeSet:
    """One operation on one document: its changes, or a whole new text (`text`)."""

    document: Document[Any, Any]
    label: str  # what the person did, as the Edit menu's undo item names it
    changes: Sequence[Change[Any]] = ()
    text: str | None = None  # the person edited the whole file as text
    actor: str = "person"

    def apply(self) -> list[Change[Any]]:
        """Make the change in the open document (not yet written), all or none."""
        if self.text is not None:
            return self.document.set_text(self.text)
        return self.document.apply(self.changes)

    def inverse(self) -> list[Change[Any]]:
        return [ch.inverse() for ch in reversed(self.changes)]


def apply_and_save(ws: Any, changesets: Sequence[ChangeSet], cause: str | None = None) -> list[Any]:
    """Apply change sets to the open workspace (`core.store.documents.Editable`) and save it at
    once through the guarded commit, as one operation named by `cause` in the journal: what the
    CLI and the pages that write at once (restore, undo, policy) do. Returns the saves."""
    for changeset in changesets:
        changeset.apply()
    return list(ws.save_all(cause=cause)) if cause else list(ws.save_all())
