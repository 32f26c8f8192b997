"""Unsaved edits on the window's undo stack: one command type over core's change sets.

The state lives in core (the document's snapshots); a command only remembers the snapshots on
both sides of its change set, and the changes it made (their inverse undoes them after a save).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from core.ops import ChangeSet
from core.store.merge import Change, inverse_of
from ui.i18n import core_text


class OpCommand(QUndoCommand):
    """One change set, applied on creation (a refused one raises: no command exists)."""

    def __init__(self, changeset: ChangeSet, on_changed: Callable[[OpCommand], None]) -> None:
        super().__init__(core_text(changeset.label))
        self.changeset = changeset
        self.document = changeset.document
        self.on_changed = on_changed
        self.before = self.document.snapshot()
        self.changes: list[Change[Any]] = changeset.apply()
        self.after = self.document.snapshot()
        self._first = True

    @property
    def keys(self) -> list[str]:
        return [c.key for c in self.changes]

    def redo(self) -> None:
        if self._first:  # applied in __init__ already
            self._first = False
        else:
            self.document.restore(self.after, changes=self.changes)
        self.on_changed(self)

    def undo(self) -> None:
        self.document.restore(self.before, changes=inverse_of(self.changes))
        self.on_changed(self)

    def still_valid(self) -> bool:
        return self.document.can_restore(self.before)


def drop_stale(stack: QUndoStack) -> None:
    """Clear `stack` when a file was read anew under one of its steps: undoing that step would
    drop the other program's change."""
    for index in range(stack.count()):
        command = stack.command(index)
        if isinstance(command, OpCommand) and not command.still_valid():
            stack.clear()
            return
