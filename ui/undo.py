"""Unsaved edits as QUndoStack commands. The state lives in core (workspace snapshots); a command
only remembers the snapshots on both sides of its changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand

from core.ops import memories as operations
from core.workspace import Change, Workspace


class ChangeCommand(QUndoCommand):
    """One operation (possibly on many memories): applied on creation, undone by snapshot."""

    def __init__(
        self,
        ws: Workspace,
        changes: Sequence[Change],
        label: str,
        on_changed: Callable[[list[str]], None],
    ) -> None:
        super().__init__(label)
        self.ws = ws
        self.changes = list(changes)
        self.keys = [c.key for c in self.changes]
        self.on_changed = on_changed
        self.before = ws.snapshot()
        ws.apply(self.changes)  # raises before the command exists if a change is stale
        self.after = ws.snapshot()
        self._first = True

    def redo(self) -> None:
        if self._first:  # applied in __init__ already
            self._first = False
        else:
            self.ws.restore(self.after, changes=self.changes)
        self.on_changed(self.keys)

    def undo(self) -> None:
        self.ws.restore(self.before, changes=operations.inverse(self.changes))
        self.on_changed(self.keys)

    def still_valid(self) -> bool:
        return self.ws.can_restore(self.before)


class Restorable(Protocol):
    def snapshot(self) -> Any: ...
    def restore(self, state: Any) -> None: ...


class SourceCommand(QUndoCommand):
    """One edit of a PicoClaw or Pomelobot source, undone by restoring the state before it.

    `edit` runs on creation: if it raises (a refused edit), no command exists and nothing changed.
    `on_changed(source)` runs after every redo and undo so the window can show the new state.
    """

    def __init__(
        self,
        source: Restorable,
        label: str,
        edit: Callable[[], object],
        on_changed: Callable[[Restorable], None],
    ) -> None:
        super().__init__(label)
        self.source = source
        self.on_changed = on_changed
        self.before = source.snapshot()
        try:
            edit()
        except BaseException:
            source.restore(self.before)
            raise
        self.after = source.snapshot()
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._first = False
        else:
            self.source.restore(self.after)
        self.on_changed(self.source)

    def undo(self) -> None:
        self.source.restore(self.before)
        self.on_changed(self.source)
