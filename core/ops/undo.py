"""Undoing an operation that was saved, from the journal: what the Activity view and
`memdesk undo` do.

An operation is one save (of one or several files, one `op_id`). Its commits name the bytes each
file had before (`old_sha256`), and the guarded commit backed those bytes up: undo reads them back
from that backup. When a file is still exactly as the operation left it, undo puts the old bytes
back whole (a file the operation created is removed); otherwise it puts back only the memories
the operation changed, each of which must still be as the operation left it (a later change
depends on it: undo that first).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.messages import say
from core.ops import ChangeSet, apply_and_save
from core.store.document import Document, Saved, agrees
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_or_none
from core.store.journal import CommitRecord, Journal, Operation, RecordedEvent
from core.store.locking import LockTimeout, workspace_lock
from core.store.merge import Change
from core.store.settled import HeldJournal, held_journal, sha256

if TYPE_CHECKING:
    from core.store.documents import Editable

__all__ = [
    "UNDO_PREFIX",
    "Undo",
    "describe",
    "find_operation",
    "plan_undo",
    "undo_and_save",
    "undo_links",
    "undone_by",
    "undone_op",
]

UNDO_PREFIX = "undo of "  # the journal's cause of an undo: "undo of <op_id>: <what it undid>"
UNDO_WAIT_S = 60.0  # how long an undo waits for another one in the same workspace


@dataclass(frozen=True, slots=True)
class Undo:
    """The change sets that undo one operation, and how the journal records the undo."""

    operation: Operation
    changesets: list[ChangeSet]
    cause: str

    @property
    def label(self) -> str:
        return f"Undo: {describe(self.operation)}"


def describe(operation: Operation) -> str:
    kinds = ", ".join(f"{kind} {n}" for kind, n in operation.kinds.items())
    return f"{operation.cause} ({', '.join(operation.files)}{'; ' + kinds if kinds else ''})"


def undone_op(cause: str) -> str | None:
    """The op_id an undo's cause names (None for any other cause)."""
    if not cause.startswith(UNDO_PREFIX):
        return None
    return cause.removeprefix(UNDO_PREFIX).split(":", 1)[0]


def find_operation(journal: Journal, op_id: str | None) -> Operation:
    """The operation `op_id` (or a unique start of it) names; None: the newest one."""
    if op_id is None:
        found = journal.operations(1)
        if not found:
            said = say("the journal holds no operation to undo")
            raise WorkspaceError(said, exit_code=EXIT_REFUSED)
        return found[0]
    matches = journal.operations(2, op_prefix=op_id)  # two: enough to tell it is not unique
    if len(matches) != 1:
        said = (
            say("no operation with id {id} (`memdesk activity` lists them)", id=op_id)
            if not matches
            else say(
                "more than one operation with id {id} (`memdesk activity` lists them)", id=op_id
            )
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
    return matches[0]


def plan_undo(ws: Editable, op_id: str | None = None, *, held: HeldJournal | None = None) -> Undo:
    """The change sets that undo the operation (not applied yet). WorkspaceError (exit 1) with
    the reason when it cannot be undone. `held`: the session's journal (else opened for this)."""
    with (
        held_journal(ws.root, held) as journal_held,
        journal_held.reading(required=True) as journal,
    ):
        if journal is None:
            raise _nothing_changed(ws.root)
        operation = find_operation(journal, op_id)
        _check_not_undone(journal, operation)
        changesets = [
            _undo_commit(ws, journal, commit, operation)
            for commit in journal.commits_of_op(operation.op_id)
        ]
    cause = say("undo of {id}: {cause}", id=operation.op_id, cause=operation.cause)
    return Undo(operation, [c for c in changesets if c is not None], cause)


def undo_links(journal: Journal) -> dict[str, str]:
    """op_id -> the op_id of the newest undo of it."""
    links: dict[str, str] = {}
    for op_id, cause in journal.causes_starting(UNDO_PREFIX):
        target = undone_op(cause)
        if target is not None:
            links[target] = op_id
    return links


def undone_by(op_id: str, links: dict[str, str]) -> str | None:
    """The undo that reverted `op_id` and still stands (an undo undone in turn does not)."""
    undo = links.get(op_id)
    if undo is None or undo == op_id or undone_by(undo, links) is not None:
        return None
    return undo


def undo_and_save(
    ws: Editable, op_id: str | None = None, *, held: HeldJournal | None = None
) -> tuple[Undo, list[Saved[Any]]]:
    """Undo the operation (the newest without `op_id`) and write it at once, as one operation
    the journal links to the one it undid: what the CLI and the Activity page do.

    An operation is undone at most once: the check that it is not undone yet and the writes
    that undo it are one step, under the workspace lock (another MemDesk undoing at the same
    moment waits, then finds it undone). The newest operation is the one when the undo began.
    `held`: the session's journal, which every step reads and writes (else one opened for this
    undo alone: a caller with no session)."""
    with held_journal(ws.root, held) as journal:
        return _undo_and_save(ws, op_id, journal)


def _undo_and_save(
    ws: Editable, op_id: str | None, held: HeldJournal
) -> tuple[Undo, list[Saved[Any]]]:
    target = _named_operation(ws.root, op_id, held)
    try:
        with workspace_lock(ws.root, timeout=UNDO_WAIT_S), held.lent():
            undo = plan_undo(ws, target, held=held)
            saved = apply_and_save(ws, undo.changesets, undo.cause) if undo.changesets else []
            if saved:
                with held.writing() as journal:
                    journal.reopen_proposals(undo.operation.op_id)  # an undone decision waits
    except LockTimeout:
        said = say(
            "{folder}: another MemDesk has been undoing here for {seconds} s; nothing was "
            "undone: try again when it has finished",
            folder=ws.root,
            seconds=f"{UNDO_WAIT_S:g}",
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED) from None
    return undo, saved


def _named_operation(root: Path, op_id: str | None, held: HeldJournal) -> str:
    """The full id of the operation `op_id` names (the newest one without it)."""
    with held.reading(required=True) as journal:
        if journal is None:
            raise _nothing_changed(root)
        return find_operation(journal, op_id).op_id


def _nothing_changed(root: Path) -> WorkspaceError:
    said = say("{folder}: MemDesk has not changed anything here", folder=root)
    return WorkspaceError(said, exit_code=EXIT_REFUSED)


def _check_not_undone(journal: Journal, operation: Operation) -> None:
    undo = undone_by(operation.op_id, undo_links(journal))
    if undo is not None:
        said = say(
            "operation {id} was undone already (by {undo_id}); undo that undo to make it again",
            id=operation.op_id[:12],
            undo_id=undo[:12],
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)


def _undo_commit(
    ws: Editable, journal: Journal, commit: CommitRecord, operation: Operation
) -> ChangeSet | None:
    document = ws.document_at(commit.file)
    if document.modified:
        said = say("{file} has unsaved edits: save or discard them first", file=commit.file)
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
    label = say("Undo: {cause} in {file}", cause=operation.cause, file=commit.file)
    if sha256(document.base) == commit.new_sha256:  # as the operation left it: all of it back
        data = _before_bytes(ws.root, journal, commit)
        if data is None:  # the operation created the file: it goes (if no one wrote it since)
            return ChangeSet(document, label, remove=True)
        try:
            return ChangeSet(document, label, text=data.decode("utf-8"))
        except UnicodeDecodeError:
            pass  # a backup MemDesk cannot write back as text: memory by memory instead
    events = journal.commit_events(commit.id)
    old_doc: list[Any] = []  # the file before the commit, read once when first needed

    def before() -> Any:
        if not old_doc:
            old_doc.append(document.fmt.parse(_before_bytes(ws.root, journal, commit)))
        return old_doc[0]

    made = (_undo_event(document, journal, e, before) for e in events if e.memory_id)
    changes = [ch for ch in made if ch is not None]
    return ChangeSet(document, label, changes) if changes else None


def _undo_event(
    document: Document[Any, Any], journal: Journal, event: RecordedEvent, before: Any
) -> Change[Any] | None:
    fmt = document.fmt
    now = document.find(event.memory_id)
    if not agrees(None if now is None else fmt.fields(now), event.after):
        raise WorkspaceError(_changed_since(journal, event), exit_code=EXIT_REFUSED)
    if event.before is None:  # the operation created it
        return None if now is None else Change(fmt.key(now), now, None)
    old = _old_entry(fmt, before(), event)
    if now is None:
        return Change("", None, old)
    return None if fmt.same(now, old) else Change(fmt.key(now), now, old)


def _changed_since(journal: Journal, event: RecordedEvent) -> str:
    later = journal.events_after(event.file, event.memory_id, event.id)
    if later:
        last = later[-1]
        return say(
            "memory {memory} in {file} was changed again later ({kind} by {actor}, {when}: "
            "{cause}); undo that first",
            memory=event.memory_id,
            file=event.file,
            kind=last.kind,
            actor=last.actor,
            when=f"{last.at.astimezone():%Y-%m-%d %H:%M}",
            cause=last.cause,
        )
    return say(
        "memory {memory} in {file} is no longer as this operation left it (another program "
        "changed it since); nothing was undone",
        memory=event.memory_id,
        file=event.file,
    )


def _old_entry(fmt: Any, old_doc: Any, event: RecordedEvent) -> Any:
    """The entry as the event's `before` recorded it, in the file as it was before."""
    candidates = [e for e in fmt.entries(old_doc) if agrees(fmt.fields(e), event.before)]
    keyed = [e for e in candidates if fmt.key(e) == event.memory_id]
    if keyed or candidates:
        return (keyed or candidates)[0]
    said = say(
        "memory {memory}: the backup of {file} from before this operation does not hold it as "
        "the journal recorded it; nothing was undone",
        memory=event.memory_id,
        file=event.file,
    )
    raise WorkspaceError(said, exit_code=EXIT_REFUSED)


def _before_bytes(root: Any, journal: Journal, commit: CommitRecord) -> bytes | None:
    """The file's bytes before the commit (None: it did not exist), from MemDesk's backup."""
    if commit.old_sha256 is None:
        return None
    for rel in journal.backups_with_sha(commit.old_sha256):
        data = read_or_none(root / rel, root=root)
        if data is not None and sha256(data) == commit.old_sha256:
            return data
    said = say(
        "{file}: the backup of the file from before this operation is no longer kept "
        "(File > Backups to keep…); restore an older backup from Backups instead",
        file=commit.file,
    )
    raise WorkspaceError(said, exit_code=EXIT_REFUSED)
