"""Restoring a backup: the whole file, or only some of its memories, as one change set.

The change set goes through the one guarded commit like any edit, so the file as it is now is
backed up first and the restore is journaled (and undone) like any other operation.

A whole-file restore is checked first (`restore_risk`): one that would remove most of the
file's memories (more than half, and at least `FEW`), change the kind of file it is, bring
back a file of another agent, or one the agent would refuse to work with (Hermes's drift guard)
is refused unless the person confirmed it (`force`), with what it
would remove named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from core.formats.text import BOM, InputError, decode
from core.messages import N_, say
from core.ops import ChangeSet, apply_and_save
from core.store.backups_view import BackupFile, refuse_big
from core.store.document import Document, Saved
from core.store.documents import Editable
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_or_none
from core.store.merge import Change

__all__ = [
    "FileKind",
    "KindOf",
    "RestoreRefused",
    "RestoreRisk",
    "restore_and_save",
    "restore_backup",
    "restore_cause",
    "restore_risk",
]

FEW = 3  # a restore removing fewer memories than this is never "most of them"
SHOWN = 5  # memories a message names before it counts the rest
WORDS = 40  # characters of a memory's first words a message quotes


@dataclass(frozen=True, slots=True)
class FileKind:
    """What kind of memory file some bytes are, as a person names it ("EverBot's memory"), and
    whether it is one of the workspace's own agent (else: another agent's)."""

    name: str
    own: bool


class KindOf(Protocol):
    """What the workspace's agent says of bytes restored (the registry makes one)."""

    def kind(self, data: bytes) -> FileKind | None:
        """What kind of memory file `data` is; None: no agent's marks in it."""

    def cautions(self, root: Path, live: str, now: bytes, data: bytes) -> list[str]:
        """What the agent would refuse once `data` is restored over `live` (`now` as it is)."""


@dataclass(frozen=True, slots=True)
class Removed:
    """A memory a restore would remove: how it is named, and its first words."""

    label: str
    words: str

    def __str__(self) -> str:
        return f"{self.label} “{self.words}”"


@dataclass(frozen=True, slots=True)
class RestoreRisk:
    """What a whole-file restore would do that the person confirms first."""

    live: str
    total: int  # memories the file holds now
    removed: tuple[Removed, ...]  # those the backup does not hold
    reasons: tuple[str, ...]  # why it is asked besides what it removes: the kind of file

    def named(self, shown: int = SHOWN) -> str:
        """The memories it removes: the first `shown`, then how many more."""
        names = [str(r) for r in self.removed[:shown]]
        more = len(self.removed) - shown
        return ", ".join(names + ([say("… and {count} more", count=more)] if more > 0 else []))

    def removal(self) -> str:
        """How many memories it removes, of how many (empty when it removes none)."""
        if not self.removed:
            return ""
        return say(
            "it removes {count} of the {total} memories of {file}",
            count=len(self.removed),
            total=self.total,
            file=self.live,
        )

    def lines(self, shown: int = SHOWN) -> list[str]:
        """Each reason, then what it removes (none of it holds a line break)."""
        out = list(self.reasons)
        if self.removed:
            said = say(
                "it removes {count} of the {total} memories of {file}: {memories}",
                count=len(self.removed),
                total=self.total,
                file=self.live,
                memories=self.named(shown),
            )
            out.append(said)
        return out

    def message(self) -> str:
        return "; ".join(self.lines())


class RestoreRefused(WorkspaceError):
    """A whole-file restore `restore_risk` holds back: the person confirms it (`force`)."""

    def __init__(self, backup: BackupFile, risk: RestoreRisk) -> None:
        said = say(
            "{file}: not restored: {risks}; run again with --force to restore it anyway (the "
            "file as it is now is backed up first, and undo takes it back)",
            file=backup.rel,
            risks=risk.message(),
        )
        super().__init__(said, exit_code=EXIT_REFUSED)
        self.risk = risk


def restore_risk(
    backup: BackupFile, kind_of: KindOf | None = None, *, now: bytes | None = None
) -> RestoreRisk | None:
    """What restoring the whole `backup` over the file (`now`: its bytes as read; default: as
    on disk) would do that needs the person's word first; None when nothing does."""
    fmt, data = backup.fmt, backup.raw()
    if now is None:
        now = read_or_none(backup.root / backup.live, root=backup.root)
    current = list(fmt.entries(fmt.parse(now)))
    kept = {fmt.key(e) for e in fmt.entries(fmt.parse(data))}
    removed = tuple(
        Removed(fmt.label(e), _first_words(fmt.content(e)))
        for e in current
        if fmt.key(e) not in kept
    )
    most = len(removed) >= FEW and 2 * len(removed) > len(current)
    reasons = _kind_reasons(kind_of, now or b"", data)
    if kind_of is not None:
        reasons += kind_of.cautions(backup.root, backup.live, now or b"", data)
    if not (most or reasons):
        return None
    return RestoreRisk(backup.live, len(current), removed, tuple(reasons))


def _kind_reasons(kind_of: KindOf | None, now: bytes, data: bytes) -> list[str]:
    if kind_of is None:
        return []
    then = kind_of.kind(data)
    if then is None:
        return []
    if not then.own:
        return [say("the backup is {kind_name}, a file of another agent", kind_name=then.name)]
    was = kind_of.kind(now)
    if was is not None and was.own and was.name != then.name:
        said = say(
            "it turns the file from {was_name} into {kind_name}",
            was_name=was.name,
            kind_name=then.name,
        )
        return [said]
    return []


def _first_words(text: str) -> str:
    words = " ".join(text.split())
    return words if len(words) <= WORDS else words[: WORDS - 1] + "…"


def restore_cause(backup: BackupFile) -> str:
    """How the journal names a restore (the Activity view and `memdesk activity` show it)."""
    return say("restored from {backup_file}", backup_file=backup.rel)


def restore_backup(
    document: Document[Any, Any],
    backup: BackupFile,
    only: Sequence[str] = (),
    *,
    force: bool = False,
    kind_of: KindOf | None = None,
) -> ChangeSet:
    """The change set that puts back `backup` into `document`: every byte of it, or (`only`)
    just those memories, each as the backup holds it (one absent from the backup is removed,
    one absent from the file is added back where the agent adds one). A whole-file restore
    `restore_risk` holds back raises RestoreRefused unless `force`."""
    if document.read_only:
        said = say("{file} is read-only in MemDesk", file=document.rel)
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
    refuse_big(backup, "restore")
    if document.modified:
        said = say(
            "{file} has unsaved edits: save or discard them before restoring", file=document.rel
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
    if not only:
        text = _text(backup)  # refused first: bytes that are not text are no memory file
        risk = None if force else restore_risk(backup, kind_of, now=document.base)
        if risk is not None:
            raise RestoreRefused(backup, risk)
        label = say("Restore {file} from {backup_file}", file=document.rel, backup_file=backup.rel)
        return ChangeSet(document, label, text=text)
    old = backup.read()
    made = (_restored(document, old, memory_id, backup) for memory_id in dict.fromkeys(only))
    changes = [ch for ch in made if ch is not None]
    count = len(dict.fromkeys(only))
    template = (
        N_("Restore {count} memory of {file} from {backup_file}")
        if count == 1
        else N_("Restore {count} memories of {file} from {backup_file}")
    )
    label = template.format(count=count, file=document.rel, backup_file=backup.rel)
    return ChangeSet(document, label, changes)


def restore_and_save(
    ws: Editable,
    backup: BackupFile,
    only: Sequence[str] = (),
    *,
    force: bool = False,
    kind_of: KindOf | None = None,
) -> tuple[ChangeSet, list[Saved[Any]]]:
    """Restore (`restore_backup`) and write it at once, as one operation: what the CLI and the
    Backups page do."""
    document = ws.document_at(backup.live)
    changeset = restore_backup(document, backup, only, force=force, kind_of=kind_of)
    return changeset, apply_and_save(ws, [changeset], restore_cause(backup))


def _text(backup: BackupFile) -> str:
    """The backup's whole text; InputError naming it (and its line) for bytes no agent reads as
    text: invalid UTF-8, a NUL byte."""
    try:
        decoded = decode(backup.raw(), backup.rel)
    except InputError as exc:
        reason = f"{exc.reason}; {say('nothing was restored')}"
        raise InputError(backup.rel, reason, line=exc.line) from None
    return BOM + decoded.text if decoded.bom else decoded.text


def _restored(
    document: Document[Any, Any], old_doc: Any, memory_id: str, backup: BackupFile
) -> Change[Any] | None:
    fmt = document.fmt
    old = _named(fmt, old_doc, memory_id)
    now = _named(fmt, document.doc, memory_id)
    if old is None and now is None:
        said = say(
            "{backup_file}: no memory {memory} in the backup or in {file}",
            backup_file=backup.rel,
            memory=memory_id,
            file=document.rel,
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
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
        said = say(
            "{count} memories are labelled {memory}; name one by its key: {key}",
            count=len(labelled),
            memory=memory_id,
            key=", ".join(fmt.key(e) for e in labelled),
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
    return labelled[0] if labelled else None
