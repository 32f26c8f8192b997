"""Writes an agent's own approval gate staged (capability `StagedWrites`), decided in MemDesk's
review queue beside the reviewer's proposals: the CLI and the window call these, never the
agent's package.

Approving applies the writes and removes their records as one operation through the guarded
commit (every file backed up first; undo brings the records back with the files); all of them
or, when the agent would refuse one, none. Rejecting removes the records the same way. Both
refuse while the session's workspace holds unsaved edits, as approving a proposal does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.capabilities import StagedGate, StagedWrite, StagedWrites
from core.messages import say
from core.ops import ChangeSet, all_or_nothing
from core.session import AnySession
from core.store.errors import EXIT_REFUSED, WorkspaceError

__all__ = [
    "StagedDecided",
    "approve_staged",
    "gate",
    "gate_profiles",
    "reject_staged",
    "set_gate",
    "staged_writes",
]


@dataclass(frozen=True, slots=True)
class StagedDecided:
    ids: list[str]
    op_id: str | None


def staged_writes(session: AnySession) -> list[StagedWrite]:
    """The staged writes, oldest first ([] for an agent without a gate)."""
    if not isinstance(session.agent, StagedWrites):
        return []
    return _staging(session).staged(session.workspace)


def approve_staged(session: AnySession, ids: Sequence[str] | None = None) -> StagedDecided:
    """Apply the staged writes `ids` (None: every one) as one operation, or none
    (`StagedRefused` names each the agent would refuse)."""
    chosen = _chosen(session, ids)
    if not chosen:
        return StagedDecided([], None)
    sets = _staging(session).approve_staged(_ready(session), chosen)
    return StagedDecided(chosen, _write(session, sets, _cause("approved", chosen)))


def reject_staged(session: AnySession, ids: Sequence[str] | None = None) -> StagedDecided:
    """Drop the staged writes `ids` (None: every one); their records are backed up first."""
    chosen = _chosen(session, ids)
    if not chosen:
        return StagedDecided([], None)
    sets = _staging(session).reject_staged(_ready(session), chosen)
    return StagedDecided(chosen, _write(session, sets, _cause("rejected", chosen)))


def gate(session: AnySession, profile: str | None = None) -> StagedGate:
    """The gate of the workspace's own home, or of the agent's named `profile`."""
    return _staging(session).gate(session.root, profile)


def gate_profiles(session: AnySession) -> list[str]:
    """The named profiles with a gate of their own ([] for an agent without a gate)."""
    if not isinstance(session.agent, StagedWrites):
        return []
    return _staging(session).gate_profiles(session.root)


def set_gate(session: AnySession, on: bool, profile: str | None = None) -> StagedGate:
    """Switch the agent's gate in its config (`profile`'s own), through the guarded commit."""
    changeset = _staging(session).set_gate(_ready(session), on, profile)
    _write(session, [changeset], say("approval gate on") if on else say("approval gate off"))
    return gate(session, profile)


def _staging(session: AnySession) -> StagedWrites[Any]:
    return StagedWrites[Any].of(session.agent, session.root)


def _chosen(session: AnySession, ids: Sequence[str] | None) -> list[str]:
    if ids is not None:
        return list(dict.fromkeys(ids))
    return [w.id for w in staged_writes(session)]


def _ready(session: AnySession) -> Any:
    """The session's workspace, with what another program changed read anew."""
    ws = session.workspace
    if ws.modified:
        raise WorkspaceError(
            say(
                "{path}: save or undo the unsaved edits first: deciding writes at once",
                path=session.root,
            ),
            exit_code=EXIT_REFUSED,
        )
    ws.refresh_from_disk()
    return ws


def _write(session: AnySession, sets: Sequence[ChangeSet], cause: str) -> str | None:
    ws = session.workspace
    documents = [cs.document for cs in sets]
    with all_or_nothing(ws, documents) as op, session.writing():
        for changeset in sets:
            changeset.apply()
        if not any(d.modified for d in documents):
            return None
        ws.save_all(cause=cause, op_id=op)
    return op


def _cause(done: str, ids: Sequence[str]) -> str:
    """ "review: approved staged write 3f2a", "review: rejected staged writes 3f2a, 9c1d"."""
    names, many = ", ".join(ids), len(ids) > 1
    if done == "approved":
        return (
            say("review: approved staged writes {ids}", ids=names)
            if many
            else say("review: approved staged write {ids}", ids=names)
        )
    return (
        say("review: rejected staged writes {ids}", ids=names)
        if many
        else say("review: rejected staged write {ids}", ids=names)
    )
