"""Menu and keyboard actions, made the same way by the window and the desks."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from ui.icons import icon


def make_action(
    parent: QObject,
    text: str,
    shortcut: QKeySequence | QKeySequence.StandardKey | None,
    slot: Callable[[], object],
    icon_name: str | None = None,
) -> QAction:
    """An action that calls `slot` (its checked state is not passed on), with the icon
    `icon_name` of resources/icons (menus and the toolbar show it)."""
    action = QAction(text, parent)
    if icon_name is not None:
        action.setIcon(icon(icon_name))
    if shortcut is not None:
        action.setShortcut(shortcut)
    action.triggered.connect(lambda _checked=False: slot())
    return action
