"""Menu and keyboard actions, made the same way by the window and the desks."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence


def make_action(
    parent: QObject,
    text: str,
    shortcut: QKeySequence | QKeySequence.StandardKey | None,
    slot: Callable[[], object],
) -> QAction:
    """An action that calls `slot` (its checked state is not passed on)."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(shortcut)
    action.triggered.connect(lambda _checked=False: slot())
    return action
