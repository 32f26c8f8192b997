"""Operations as data: a change set names the document, what it does and who does it.

The window, the CLI, decay runs, restores and approved review decisions all change files the
same way: they build a `ChangeSet` with the functions of `core.ops.entries` (any agent's file of
entries, a daily note, profile keys) or `core.agents.everbot.ops` (scored memories), apply it to the
open document, and save the document through the one guarded commit. Undo restores the
document's state from before the change set; `inverse_of` the changes it made undoes it after
a save.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.messages import say
from core.store.commit import NotRecorded
from core.store.document import DocState, Document
from core.store.merge import Change

if TYPE_CHECKING:
    from core.store.documents import Editable

__all__ = ["ChangeSet", "all_or_nothing", "apply_and_save", "preview"]


@dataclass(frozen=True, slots=True)
class ChangeSet:
    """One operation on one document: its changes, or a whole new text (`text`)."""

    document: Document[Any, Any]
    label: str  # what the person did, as the Edit menu's undo item names it
    changes: Sequence[Change[Any]] = ()
    text: str | None = None  # the person edited the whole file as text
    base: str | None = None  # the text they typed over (another program may have changed it)
    actor: str = "person"
    remove: bool = False  # the file goes (`Document.remove`)

    def apply(self) -> list[Change[Any]]:
        """Make the change in the open document (not yet written), all or none."""
        if self.remove:
            return self.document.remove()
        if self.text is not None:
            return self.document.set_text(self.text, base=self.base)
        return self.document.apply(self.changes)


def preview(changeset: ChangeSet) -> tuple[bytes, bytes]:
    """The document's bytes before and after `changeset`, which is left unapplied: what an
    agent looks at to warn before the change is made."""
    document = changeset.document
    before, state, removing = document.render(), document.snapshot(), document.removing
    try:
        changeset.apply()
        return before, document.render()
    finally:
        document.restore(state)
        document.removing = removing


def apply_and_save(
    ws: Editable, changesets: Sequence[ChangeSet], cause: str | None = None
) -> list[Any]:
    """Apply change sets to the open workspace (`core.store.documents.Editable`) and save it at
    once through the guarded commit, as one operation named by `cause` in the journal: what the
    CLI and the pages that write at once (restore, undo, policy) do. Returns the saves. All or
    nothing (see `all_or_nothing`)."""
    with all_or_nothing(ws, [cs.document for cs in changesets]) as op_id:
        for changeset in changesets:
            changeset.apply()
        if cause:
            return list(ws.save_all(cause=cause, op_id=op_id))
        return list(ws.save_all(op_id=op_id))


@contextmanager
def all_or_nothing(ws: Editable, documents: Sequence[Document[Any, Any]]) -> Iterator[str]:
    """Around applying changes to `documents` of the open workspace `ws` and saving them as one
    operation (the op_id it yields): when anything in it fails, every document is put back as it
    was (nothing half-applied or unsaved stays open) and the files the operation had already
    written are undone, so no file keeps part of it."""
    from core.store.journal import Journal

    before = [(d, d.snapshot()) for d in dict.fromkeys(documents)]
    op_id = Journal.new_op_id()
    try:
        yield op_id
    except Exception as exc:
        written = [d for d, state in before if d.generation != state.generation]
        _put_back(before)
        if isinstance(exc, NotRecorded):  # undo needs the journal that just failed
            _not_recorded(exc, [d for d, _state in before if d not in written])
        if written:
            _undo_part(ws, op_id, exc)
        raise


def _not_recorded(exc: NotRecorded, unwritten: Sequence[Document[Any, Any]]) -> None:
    """The operation stops at a file written but not recorded; it names what it did not write."""
    if unwritten:
        names = ", ".join(d.rel for d in unwritten)
        said = say("not written: {files}", files=names)
        raise NotRecorded(f"{exc}; {said}", exc.committed) from exc
    raise exc


def _put_back(before: Sequence[tuple[Document[Any, Any], DocState]]) -> None:
    """Each document not written as it was before (its unsaved edits gone), else read anew."""
    for document, state in before:
        if not document.modified:
            continue
        if document.can_restore(state) and state.generation == document.generation:
            document.restore(state)
        else:
            document.reload()


def _undo_part(ws: Editable, op_id: str, failure: Exception) -> None:
    """Undo the files an operation wrote before it failed."""
    from core.ops.undo import undo_and_save
    from core.store.errors import WorkspaceError

    try:
        undo_and_save(ws, op_id)
    except Exception as exc:
        said = say(
            "the files it had already written could not be put back ({error}): undo operation "
            "{id} from Activity",
            error=exc,
            id=op_id[:8],
        )
        raise WorkspaceError(f"{failure}; {said}") from failure
