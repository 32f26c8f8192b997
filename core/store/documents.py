"""What the window needs of any agent's open workspace (`Editable`), and `DocumentSet`, the
open documents of a workspace: every agent's workspace is one.

Documents are read when first asked for and kept, so unsaved edits of every file live here until
`save_all` writes them, each file through the one guarded commit. An agent whose files need more
around a save or a read (journal bookkeeping, a profile scored with) adds it in `_save` and
`_reload`, not in a copy of `save_all`, `reload` or `refresh_from_disk`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, Self

from core.formats.text import InputError
from core.messages import N_, say
from core.store.backups import clean_backup_temps, own_backup_dir
from core.store.commit import Target, clean_leftovers
from core.store.document import Document, Saved
from core.store.errors import WorkspaceError
from core.store.files import read_or_none, settled
from core.store.journal import Journal
from core.store.journal.opening import clean_journal_temps
from core.store.merge import Format, Resolution

AnyDocument = Document[Any, Any]
EDITED = N_("edited in MemDesk")  # the journal's cause of the person's saves


@dataclass(frozen=True, slots=True)
class Refreshed:
    """What another program changed on disk: read anew (no edits here), or kept (edited here:
    merged at the next save)."""

    reloaded: list[AnyDocument] = field(default_factory=list)
    kept: list[AnyDocument] = field(default_factory=list)
    # Per document read anew: the keys whose last saved change another program's rewrite undid.
    overwritten: dict[str, list[str]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.reloaded or self.kept)


class Editable(Protocol):
    """An agent's open workspace, as the window's shell drives it (save, reload, watch)."""

    root: Path

    @property
    def modified(self) -> bool: ...
    def documents(self) -> list[AnyDocument]: ...
    def modified_documents(self) -> list[AnyDocument]: ...
    def save_all(
        self,
        resolutions: Mapping[str, Mapping[str, Resolution]] | None = None,
        *,
        cause: str = EDITED,
        op_id: str | None = None,
    ) -> list[Saved[Any]]: ...
    def document_at(self, rel: str) -> AnyDocument:
        """The editable document of the workspace-relative file `rel` (WorkspaceError if
        MemDesk does not edit that file)."""
        ...

    def reload(self) -> None: ...
    def refresh_from_disk(self) -> Refreshed: ...
    def folders(self) -> list[Path]: ...
    def searched(self) -> list[str]: ...
    def warm_up(self) -> None: ...


def overwritten_in(
    reloaded: list[AnyDocument],
    kept: list[AnyDocument] = (),  # type: ignore[assignment]
) -> dict[str, list[str]]:
    """The documents (by path) whose saves another program's rewrite undid, and the keys. A
    kept document (it holds edits) is checked against the file as it is on disk."""
    found = {d.rel: d.overwritten() for d in reloaded}
    for document in kept:
        try:
            disk = settled(document.path, read_or_none(document.path), document.base)
            found[document.rel] = document.overwritten(disk)
        except (InputError, WorkspaceError):  # half-written by the agent: looked at next time
            continue
    return {rel: keys for rel, keys in found.items() if keys}


class DocumentSet:
    """The files of one workspace that were read, and their unsaved edits."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._open: dict[str, AnyDocument] = {}

    @classmethod
    def open(cls, root: Path) -> Self:
        """The workspace at `root` (nothing is read yet), after cleaning MemDesk's leftovers."""
        root = Path(root)
        if not root.is_dir():
            raise WorkspaceError(say("{path}: not a folder", path=root))
        ws = cls(root.resolve())
        ws.clean_temps()
        return ws

    def warm_up(self) -> None:
        """Read what the first page shows (called off the UI thread when the window opens)."""

    def folders(self) -> list[Path]:
        """The folders where the agent creates memory files (to watch for new ones)."""
        return [self.root]

    def searched(self) -> list[str]:
        """The workspace-relative folders that hold the agent's text, which "where else"
        reads ("": the whole workspace; MemDesk's backups are always read)."""
        return [""]

    def agent_backup_folders(self) -> list[Path]:
        """Where the agent keeps backups of its own (MemDesk adds its backups there too)."""
        return []

    def clean_temps(self) -> None:
        """Remove what an interrupted MemDesk save left behind (MemDesk's temp names only)."""
        for folder in self.folders():
            clean_leftovers(self.root, folder)
        clean_backup_temps(self.root, self.agent_backup_folders())
        clean_journal_temps(self.root)

    def target(self, rel: str, *, backups: Path | None = None) -> Target:
        """Where `rel` is written, and where its backups go (MemDesk's folder unless given)."""
        folder = backups if backups is not None else own_backup_dir(self.root, self.root / rel)
        return Target(self.root, rel, folder)

    def open_document(
        self, rel: str, fmt: Format[Any, Any], *, backups: Path | None = None
    ) -> AnyDocument:
        """The document at `rel`, read the first time it is asked for."""
        return self._cached(rel, lambda: Document.read(self.target(rel, backups=backups), fmt))

    def _cached(self, rel: str, make: Callable[[], AnyDocument]) -> AnyDocument:
        document = self._open.get(rel)
        if document is None:
            document = make()
            self._open[rel] = document
        return document

    def documents(self) -> list[AnyDocument]:
        """Every document read so far (the only ones that can hold edits)."""
        return list(self._open.values())

    @property
    def modified(self) -> bool:
        return any(d.modified for d in self._open.values())

    def modified_documents(self) -> list[AnyDocument]:
        return [d for d in self._open.values() if d.modified]

    def save_all(
        self,
        resolutions: Mapping[str, Mapping[str, Resolution]] | None = None,
        *,
        cause: str = EDITED,
        op_id: str | None = None,
    ) -> list[Saved[Any]]:
        """Save every modified document, each on its own; stops at the first that fails.

        `resolutions` maps a document's relative path to how its conflicts are settled. The
        saves are one operation in the journal (`op_id`: undone together), recorded with `cause`.
        """
        saved = []
        op_id = op_id or Journal.new_op_id()
        for rel, document in list(self._open.items()):
            if document.modified:
                settle = (resolutions or {}).get(rel)
                saved.append(self._save(document, settle, cause, op_id))
        return saved

    def _save(
        self,
        document: AnyDocument,
        resolutions: Mapping[str, Resolution] | None,
        cause: str,
        op_id: str,
    ) -> Saved[Any]:
        """One document's save in `save_all` (an agent adds what its file's save needs)."""
        return document.save(resolutions=resolutions, cause=cause, op_id=op_id)

    def document_at(self, rel: str) -> AnyDocument:
        raise WorkspaceError(say("{file}: not a file MemDesk edits in this workspace", file=rel))

    def reload(self) -> None:
        """Read every open document anew (their unsaved edits are dropped)."""
        for document in list(self._open.values()):
            self._reload(document)

    def _reload(self, document: AnyDocument) -> None:
        """Read one document anew (an agent adds what its file's reading needs)."""
        document.reload()

    def changed_on_disk(self) -> list[AnyDocument]:
        """Open documents whose file is no longer what was read."""
        return [d for d in self._open.values() if d.changed_on_disk()]

    def refresh_from_disk(self) -> Refreshed:
        """Read anew the documents another program changed, unless they hold edits here."""
        changed = self.changed_on_disk()
        kept = [d for d in changed if d.modified]
        reloaded = []
        for document in changed:
            if document.modified:
                continue
            try:
                self._reload(document)
            except (InputError, WorkspaceError):
                continue  # the agent is half-way through writing it: read when it is done
            reloaded.append(document)
        return Refreshed(reloaded, kept, overwritten_in(reloaded, kept))
