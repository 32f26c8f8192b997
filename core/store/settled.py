"""The journal, settled: `HeldJournal` (a workspace's journal opened once, held and lent to the
work a command or a window page runs), `journal_for_reading`/`journal_for_writing` (the one way
anything reaches a journal by path: the lent one, else one opened for that use), and
`settle_interrupted` (what a killed MemDesk left pending, finished or dropped at every open)."""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path

from core.messages import say
from core.store import atomic
from core.store.errors import WorkspaceError
from core.store.files import read_or_none
from core.store.journal import CommitRecord, Event, Journal, JournalError

__all__ = [
    "IN_FLIGHT",
    "HeldJournal",
    "held_journal",
    "journal_for_reading",
    "journal_for_writing",
    "only_looking",
    "settle_interrupted",
    "sha256",
]

log = logging.getLogger(__name__)

# The commits this process is making now (root, commit id): never settled from under it.
IN_FLIGHT: set[tuple[str, int]] = set()


def sha256(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


class HeldJournal:
    """A workspace's journal opened when first needed, settled then, and held until `close`:
    what a session (one command, one window's open workspace) reads and writes the journal
    through, instead of opening it again by path for each step.

    One thread at a time uses it (each `reading`/`writing` holds a lock; a look from another
    thread meanwhile reads through a handle of its own). A journal deleted or
    replaced meanwhile is opened anew; an in-memory copy of a workspace MemDesk cannot write is
    not held (it would not see later writes). `close` drops the handle; a later use opens it again.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self._journal: Journal | None = None
        self._settled = False  # every interrupted commit settled, not only one file's
        self._lock = threading.RLock()

    @contextmanager
    def reading(self, *, required: bool = False) -> Iterator[Journal | None]:
        """The journal as it stands, settled; None when the workspace has none (nothing is
        created), or when it cannot be read (`required`: WorkspaceError saying why).

        While another thread uses the held one (a save on the window's worker), this look reads
        through a handle of its own instead of waiting for it (the journal is SQLite in WAL:
        readers see the last finished transaction): the window never stalls on a long save."""
        if not self._lock.acquire(blocking=False):
            with HeldJournal(self.root) as own, own.reading(required=required) as journal:
                yield journal
            return
        try:
            journal = self._held() or self._open_for_reading(required)
            if journal is None:
                yield None
                return
            try:
                with _corrupt_pages(journal, required=required):
                    self._settle_all(journal)
                    yield journal
            finally:
                self._let_go(journal)
        finally:
            self._lock.release()

    @contextmanager
    def writing(self, *, file: str | None = None) -> Iterator[Journal]:
        """The journal, created if needed (a write is about to happen); the interrupted commits
        of `file` settled (and all of them, the first time)."""
        with self._lock:
            journal = self._held()
            if journal is None or not journal.persistent:
                journal = self._open_for_writing()
            if file is not None or not self._settled:
                settle_interrupted(journal, self.root, file=file)
                self._settled = self._settled or file is None
            with self.lent():
                yield journal

    @contextmanager
    def lent(self) -> Iterator[HeldJournal]:
        """While in this block, on this thread, whatever reads or writes this workspace's
        journal by path (`journal_for_reading`/`journal_for_writing`: the guarded commit, an
        agent's own bookkeeping) uses this one: a command or a page's work opens it once."""
        token = _LENT.set(self)
        try:
            yield self
        finally:
            _LENT.reset(token)

    def unreadable(self) -> str | None:
        """Why the journal cannot be read (corrupt, not a journal, a newer schema), or None:
        what a command that went on without it, and the window, tell the person."""
        try:
            with self.reading(required=True):
                return None
        except WorkspaceError as exc:
            return str(exc)

    def close(self) -> None:
        with self._lock:
            if self._journal is not None:
                self._journal.close()
            self._journal, self._settled = None, False

    def __enter__(self) -> HeldJournal:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _held(self) -> Journal | None:
        if self._journal is not None and self._journal.replaced():
            self.close()
        return self._journal

    def _open_for_reading(self, required: bool) -> Journal | None:
        if not Journal.exists(self.root):
            return None
        opening = Journal.open_readonly if _ONLY_LOOKING.get() else Journal.open_for_inspection
        try:
            journal = opening(self.root)
        except JournalError as exc:
            if required:
                raise WorkspaceError(str(exc)) from None
            return None
        self._hold(journal)
        return journal

    def _settle_all(self, journal: Journal) -> None:
        if self._settled or _ONLY_LOOKING.get():
            return
        try:
            settle_interrupted(journal, self.root)
        except JournalError as exc:
            log.warning("%s: interrupted saves could not be settled now (%s)", self.root, exc)
            return
        self._settled = True

    def _open_for_writing(self) -> Journal:
        try:
            journal = Journal.open(self.root)
        except JournalError as exc:
            raise WorkspaceError(
                say("{path}: not saved: {error}", path=self.root, error=exc)
            ) from None
        self._hold(journal)
        return journal

    def _hold(self, journal: Journal) -> None:
        self.close()
        self._journal = journal

    def _let_go(self, journal: Journal) -> None:
        """An in-memory copy serves one use only."""
        if not journal.persistent and journal is self._journal:
            self.close()


# The journal a session lends to this thread (`HeldJournal.lent`; `writing` lends it too).
_LENT: ContextVar[HeldJournal | None] = ContextVar("_LENT", default=None)
_ONLY_LOOKING: ContextVar[bool] = ContextVar("_ONLY_LOOKING", default=False)


@contextmanager
def only_looking() -> Iterator[None]:
    """While in this block, on this thread, a journal read by path is a read-only copy and no
    interrupted commit is settled: a look over many workspaces (`memdesk scan`) writes nothing,
    not even the journal's own side files."""
    token = _ONLY_LOOKING.set(True)
    try:
        yield
    finally:
        _ONLY_LOOKING.reset(token)


@contextmanager
def held_journal(root: Path, held: HeldJournal | None) -> Iterator[HeldJournal]:
    """`held` (a session's journal), else the one a session lends to this thread for `root`,
    else one held for this use alone (no session: a library call, a test) and closed after."""
    lent = _LENT.get()
    if held is None and lent is not None:
        held = lent if lent.root == root or lent.root.resolve() == root.resolve() else None
    if held is not None:
        yield held
        return
    with HeldJournal(root) as own:
        yield own


@contextmanager
def journal_for_writing(root: Path, *, file: str | None = None) -> Iterator[Journal]:
    """The workspace's journal, created if needed (a write is about to happen), settled: the
    one a session lends (`HeldJournal.lent`), else opened for this use and closed after."""
    with held_journal(root, None) as held, held.writing(file=file) as journal:
        yield journal


@contextmanager
def journal_for_reading(root: Path, *, required: bool = False) -> Iterator[Journal | None]:
    """The journal as it stands, settled; None when the workspace has none (nothing created),
    or when it cannot be read (`HeldJournal.unreadable` says why; `required`: WorkspaceError): the
    one a session lends (`HeldJournal.lent`), else opened for this use and closed after."""
    with held_journal(root, None) as held, held.reading(required=required) as journal:
        yield journal


@contextmanager
def _corrupt_pages(journal: Journal, *, required: bool) -> Iterator[None]:
    """A journal whose first pages open but a later one is not SQLite's: a JournalError that
    says so (`required`: a WorkspaceError), not SQLite's own error."""
    try:
        yield
    except sqlite3.DatabaseError as exc:
        error = journal.failed(exc)
        if required:
            raise WorkspaceError(str(error)) from None
        raise error from exc


def settle_interrupted(
    journal: Journal, root: Path, *, file: str | None = None
) -> list[CommitRecord]:
    """Finish or drop the commits a killed MemDesk left pending; returns the ones settled."""
    settled = []
    for record in journal.pending_commits(file):
        if (str(root), record.id) in IN_FLIGHT or _in_progress_elsewhere(record):
            continue
        try:
            now = sha256(read_or_none(root / record.file))
        except WorkspaceError:
            continue  # unreadable now: settle it when it can be read
        if now == record.new_sha256:
            journal.finish_commit(record.id)
        elif now == record.old_sha256:
            journal.abort_commit(record.id)
        else:
            journal.abort_commit(record.id, state="diverged", note=_diverged(record))
        settled.append(record)
    return settled


def _in_progress_elsewhere(record: CommitRecord) -> bool:
    """A pending commit of another live MemDesk that is still young: it is being written."""
    if record.pid == os.getpid():
        return False
    age = (datetime.now(UTC) - record.created_at).total_seconds()
    return atomic.pid_alive(record.pid) and age < atomic.STALE_AFTER_S


def _diverged(record: CommitRecord) -> Event:
    return Event(
        file=record.file,
        memory_id="",
        kind="observe",
        actor="agent",
        cause=say(
            "an interrupted MemDesk save ({cause}) was followed by another program's change; the "
            "file was read as it is",
            cause=record.cause,
        ),
    )
