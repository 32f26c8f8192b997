"""Restoring a backup: the whole file, or only some of its memories, as one change set.

The change set goes through the one guarded commit like any edit, so the file as it is now is
backed up first and the restore is journaled (and undone) like any other operation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.backups_view import BackupFile, refuse_big
from core.ops import ChangeSet, apply_and_save
from core.store.document import Document, Saved
from core.store.documents import Editable
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.merge import Change

__all__ = ["restore_and_save", "restore_backup", "restore_cause"]


def restore_cause(backup: BackupFile) -> str:
    """How the journal names a restore (the Activity view and `memdesk activity` show it)."""
    return f"restored from {backup.rel}"


def restore_backup(
    document: Document[Any, Any], backup: BackupFile, only: Sequence[str] = ()
) -> ChangeSet:
    """The change set that puts back `backup` into `document`: every byte of it, or (`only`)
    just those memories, each as the backup holds it (one absent from the backup is removed,
    one absent from the file is added back where the agent adds one)."""
    if document.read_only:
        raise WorkspaceError(f"{document.rel} is read-only in MemDesk", exit_code=EXIT_REFUSED)
    refuse_big(backup, "restore")
    if document.modified:
        raise WorkspaceError(
            f"{document.rel} has unsaved edits: save or discard them before restoring",
            exit_code=EXIT_REFUSED,
        )
    if not only:
        data = backup.raw()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise WorkspaceError(
                f"{backup.rel}: not UTF-8 text (byte {exc.start}); nothing was restored",
                exit_code=EXIT_REFUSED,
            ) from None
        return ChangeSet(document, f"Restore {document.rel} from {backup.rel}", text=text)
    old = backup.read()
    made = (_restored(document, old, memory_id, backup) for memory_id in dict.fromkeys(only))
    changes = [ch for ch in made if ch is not None]
    count = len(dict.fromkeys(only))
    label = f"Restore {count} {'memory' if count == 1 else 'memories'} of {document.rel}"
    return ChangeSet(document, f"{label} from {backup.rel}", changes)


def restore_and_save(
    ws: Editable, backup: BackupFile, only: Sequence[str] = ()
) -> tuple[ChangeSet, list[Saved[Any]]]:
    """Restore (`restore_backup`) and write it at once, as one operation: what the CLI and the
    Backups page do."""
    changeset = restore_backup(ws.document_at(backup.live), backup, only)
    return changeset, apply_and_save(ws, [changeset], restore_cause(backup))


def _restored(
    document: Document[Any, Any], old_doc: Any, memory_id: str, backup: BackupFile
) -> Change[Any] | None:
    fmt = document.fmt
    old = _named(fmt, old_doc, memory_id)
    now = _named(fmt, document.doc, memory_id)
    if old is None and now is None:
        raise WorkspaceError(
            f"{backup.rel}: no memory {memory_id} in the backup or in {document.rel}",
            exit_code=EXIT_REFUSED,
        )
    if old is None:
        return Change(fmt.key(now), now, None)
    if now is None:
        return Change("", None, old)
    if fmt.same(now, old):
        return None
    return Change(fmt.key(now), now, old)


def _named(fmt: Any, doc: Any, memory_id: str) -> Any:
    """The entry whose key is `memory_id`, else the one entry labelled so (an id, a heading)."""
    found = fmt.find(doc, memory_id)
    if found is not None:
        return found
    labelled = [e for e in fmt.entries(doc) if fmt.label(e) == memory_id]
    if len(labelled) > 1:
        raise WorkspaceError(
            f"{len(labelled)} memories are labelled {memory_id}; name one by its key: "
            + ", ".join(fmt.key(e) for e in labelled),
            exit_code=EXIT_REFUSED,
        )
    return labelled[0] if labelled else None
