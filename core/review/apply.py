"""An approved decision as change sets (SPEC 4's table), made with the agent's own operations, so
it is written like any edit: one operation through the guarded commit, backed up, undoable.

| decision | effect |
|---|---|
| PROMOTE | the agent's promotion: category core (scored memories), pinned (OpenClaw), a daily-note passage added to long-term memory (PicoClaw) |
| KEEP | a decay review resets the score to the profile's keep value; otherwise nothing changes |
| ARCHIVE | moved to Archived |
| DELETE | deleted; where the agent never deletes it but forgets when asked, that request written (Codex: a note) |
| MERGE | the stronger memory gets the merged text (scored: the higher score, hits summed); the other is deleted |
| REDACT | the memory's secrets edited out (a memory its agent never deletes) |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.agent import AnyAgent, Row
from core.capabilities import Archiving, Editing
from core.messages import say
from core.ops import ChangeSet
from core.review.model import merge_limit
from core.review.secrets import without_secrets
from core.scoring.policy import PolicyProfile
from core.store.errors import EXIT_REFUSED, WorkspaceError

if TYPE_CHECKING:
    from core.agent import OpenWorkspace

__all__ = ["changesets_for"]


def changesets_for(
    agent: AnyAgent,
    ws: OpenWorkspace,
    *,
    decision: str,
    trigger: str,
    row: Row,
    other: Row | None = None,
    merged_text: str | None = None,
    profile: PolicyProfile | None = None,
) -> list[ChangeSet]:
    """The change sets that carry out `decision` on the memory `row` (`other`: the second memory
    of a duplicate). An empty list: the decision changes nothing in the files."""
    if decision == "ARCHIVE":
        return [Archiving[Any].of(agent, ws.root).archive(ws, row, archived=True)]
    editing = Editing[Any].of(agent, ws.root)
    if decision == "PROMOTE":
        return [editing.promote(ws, row)]
    if decision == "KEEP":
        if trigger == "decay" and profile is not None and row.fields.get("score") is not None:
            return [editing.edit(ws, row, score=profile.keep_reset_to)]
        return []
    if decision == "DELETE":
        if agent.removal(row) == "request":  # the agent forgets it when asked, never deletes it
            return agent.removal_request(ws, row, other if trigger == "duplicate" else None)
        return [editing.delete(ws, row)]
    if decision == "REDACT":
        return [editing.edit(ws, row, text=without_secrets(_text(row)))]
    if decision == "MERGE":
        if other is None or not (merged_text or "").strip():
            raise WorkspaceError(
                say("a merge needs the two memories and the merged text"),
                exit_code=EXIT_REFUSED,
            )
        text = merged_text or ""
        limit = merge_limit(_text(row), _text(other))
        if len(text) > limit:  # whatever the reviewer said: the one memory two become
            raise WorkspaceError(
                say(
                    "the merged text has {count} characters, more than the two memories make "
                    "sensible ({limit}): reject it, or edit the memories yourself",
                    count=f"{len(text):,}",
                    limit=f"{limit:,}",
                ),
                exit_code=EXIT_REFUSED,
            )
        return editing.merge(ws, keep=other, drop=row, text=text)
    raise WorkspaceError(
        say("unknown decision {decision}", decision=repr(decision)), exit_code=EXIT_REFUSED
    )


def _text(row: Row) -> str:
    return str(row.fields.get("content") or "")
