"""A session: one open workspace, as a command or the window works on it.

The CLI opens one per command (`app.cli.workspace.open_session`), the window one per open
workspace (`ui.opening.open_any`); operations take it instead of the agent, the path and a
workspace of their own, and read and write the journal it holds instead of opening it again by
path (`reading`, `writing`; see `core.store.commit.HeldJournal`). Code below them that reads
the journal by path (the guarded commit, an agent's own bookkeeping) gets the same one while the
session lends it to the thread (`journal.lent()`: a command for its whole run, through
`OpeningJournal`; the window for each piece of work it runs, `ui.desk.Desk.lending`).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Generic

from core.agent import Agent, W
from core.store.journal import Journal
from core.store.settled import HeldJournal

__all__ = ["AnySession", "OpeningJournal", "Session"]


class Session(Generic[W]):
    """The agent, the workspace it opened, and the workspace's journal (held until `close`)."""

    def __init__(
        self,
        agent: Agent[W],
        workspace: W | None = None,
        journal: HeldJournal | None = None,
        *,
        path: Path | None = None,
    ) -> None:
        """`workspace`: the one open (the window's); else the one at `path` (its folder, or the
        file that names it), read when first asked for: a command may need only the journal."""
        if workspace is None and path is None:
            raise TypeError("a session needs a workspace or its path")
        self.agent, self._workspace = agent, workspace
        self.path = workspace.root if workspace is not None else Path(str(path))
        self.root = self.path if self.path.is_dir() else self.path.parent
        self.journal = journal or HeldJournal(self.root)  # opened when first used

    @classmethod
    def open(cls, agent: Agent[W], path: Path) -> Session[W]:
        return cls(agent, path=path)

    @property
    def workspace(self) -> W:
        if self._workspace is None:
            with self.journal.lent():  # reading it reads the journal (EverBot's scores)
                self._workspace = self.agent.open(self.path)
        return self._workspace

    def as_saved(self) -> Session[W]:
        """This session when its workspace is what is saved (or is read only now), else one
        over the saved files with the same journal: the window's copy holds unsaved edits, or
        another program changed a file since it was read (the window reads it again soon)."""
        ws = self._workspace
        if ws is None or not (ws.modified or any(d.changed_on_disk() for d in ws.documents())):
            return self
        return Session(self.agent, path=self.path, journal=self.journal)

    def reading(self, *, required: bool = False) -> AbstractContextManager[Journal | None]:
        """The journal as it stands (None: the workspace has none yet, or it is unreadable)."""
        return self.journal.reading(required=required)

    def writing(self) -> AbstractContextManager[Journal]:
        """The journal, created if needed: a write is about to happen."""
        return self.journal.writing()

    def close(self) -> None:
        self.journal.close()

    def __enter__(self) -> Session[W]:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


AnySession = Session[Any]  # the session of whichever agent is open


class OpeningJournal:
    """The journal of the workspace a command (or the window) is opening, held from the start:
    finding the agent reads it (a choice remembered there), reading the workspace too. Held for
    the path named first (`hold`), then for the workspace found there when that is another
    folder; lent meanwhile to whatever reads or writes it by path on this thread, so that it is
    opened once. A command looks at it after it is over (`unreadable`); the window's session
    takes it (`release`)."""

    def __init__(self) -> None:
        self.held: HeldJournal | None = None
        self._lent: AbstractContextManager[HeldJournal] | None = None

    def hold(self, root: Path) -> HeldJournal:
        if self.held is None or self.held.root != root:
            self.close()
            self.held = HeldJournal(root)
            self._lent = self.held.lent()
            self._lent.__enter__()
        return self.held

    def unreadable(self) -> str | None:
        """Why the journal could not be read (None: it could, or nothing named a workspace)."""
        return None if self.held is None else self.held.unreadable()

    def release(self) -> HeldJournal | None:
        """The journal held, no longer lent (still open: its session holds it now)."""
        held = self.held
        if self._lent is not None:
            self._lent.__exit__(None, None, None)
        self.held = self._lent = None
        return held

    def close(self) -> None:
        held = self.release()
        if held is not None:
            held.close()

    def __enter__(self) -> OpeningJournal:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
