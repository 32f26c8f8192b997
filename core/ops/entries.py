"""Operations on any agent's file of entries (PicoClaw's long-term memory and notes, Pomeloclaw
and OpenClaw memory files, profile keys), as change sets. Each raises ValueError or
WorkspaceError with a message for the person when the edit is refused."""

from __future__ import annotations

from typing import Any

from core.messages import say
from core.ops import ChangeSet
from core.store.document import Document
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.merge import Change


def edit_entry(document: Document[Any, Any], key: str, text: str) -> ChangeSet:
    """The entry `key` with new text (its heading, time or key stays)."""
    current = _entry(document, key)
    new = document.fmt.written(current, text)
    return ChangeSet(
        document,
        say("Edit {key} in {file}", key=key, file=document.rel),
        [Change(key, current, new)],
    )


def delete_entry(document: Document[Any, Any], key: str) -> ChangeSet:
    current = _entry(document, key)
    label = say("Delete {key} from {file}", key=key, file=document.rel)
    return ChangeSet(document, label, [Change(key, current, None)])


def add_entry(document: Document[Any, Any], draft: object, label: str = "") -> ChangeSet:
    """A new entry (`draft`, made by the format's `draft_entry`), added as the agent adds one."""
    return ChangeSet(
        document, label or say("Add memory to {file}", file=document.rel), [Change("", None, draft)]
    )


def set_text(
    document: Document[Any, Any], text: str, label: str = "", base: str | None = None
) -> ChangeSet:
    """The whole file as the person wrote it (over `base`: merged with what another program
    wrote since, see `Document.set_text`)."""
    return ChangeSet(
        document, label or say("Edit the text of {file}", file=document.rel), text=text, base=base
    )


def _entry(document: Document[Any, Any], key: str) -> Any:
    current = document.find(key)
    if current is None:
        raise WorkspaceError(
            say("{file}: no entry {key}", file=document.rel, key=key), exit_code=EXIT_REFUSED
        )
    return current
