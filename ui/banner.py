"""The window's banner above the pages: one message, and how long it stays.

A banner belongs to the page shown when it was raised and to its cause: it goes when another
page is shown, when the same cause later succeeds on that page (`resolve`), or when a newer
banner replaces it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel

from core.formats.text import InputError
from core.store.documents import Refreshed
from core.store.errors import WorkspaceError
from ui.untrusted import plain_label

__all__ = ["DISK", "PAGE", "SAVE", "Banner", "disk_news", "failure_message"]

# What a banner is about (its cause): a later success of the same cause resolves it.
PAGE = "page"  # what the page shown did or found (its writes, edits, searches)
SAVE = "save"  # saving the edits
DISK = "disk"  # another program's writes, reading the files anew


class Banner(QLabel):
    """Plain text only: messages quote memory files (SPEC 9)."""

    def __init__(self, page: Callable[[], str]) -> None:
        super().__init__()
        plain_label(name="banner", wrap=True, label=self)
        self._page = page  # the name of the page shown
        self._of: tuple[str, str] = ("", PAGE)  # the page it was raised on, its cause
        self.hide()

    def show_message(self, message: str, *, error: bool = False, cause: str = PAGE) -> None:
        self._of = (self._page(), cause)
        self.setProperty("error", error)
        self.setText(message)
        self.setStyleSheet(
            "padding:6px; border-radius:4px; background:%s;" % ("#f8d7da" if error else "#fff3cd")
            + "color:#222;"
        )
        self.show()

    def resolve(self, cause: str, page: str | None = None) -> None:
        """`cause` succeeded on `page` (the page shown when None): its banner goes."""
        if self._of == (self._page() if page is None else page, cause):
            self.hide()

    def page_changed(self) -> None:
        if self._of[0] != self._page():
            self.hide()


def failure_message(exc: BaseException, context: str) -> str:
    """What the banner says of an expected failure; an unexpected one is raised again (the
    crash handler takes it)."""
    if isinstance(exc, (WorkspaceError, InputError)):
        return str(exc)
    if isinstance(exc, OSError):
        return f"{context}: {exc.strerror or exc}"
    raise exc


def disk_news(what: Refreshed) -> tuple[str, bool] | None:
    """What the banner says of files another program changed, and whether it is an error."""
    names = ", ".join(d.path.name for d in what.kept + what.reloaded)
    if what.overwritten:
        lost = "; ".join(f"{rel}: {', '.join(keys)}" for rel, keys in what.overwritten.items())
        return (
            "Another program rewrote a file from a copy older than your last save and "
            f"undid your changes ({lost}). The journal keeps them (before and after): "
            "apply them again and save.",
            True,
        )
    if what.kept:
        return (
            f"{names} changed on disk. Your edits will be merged with it when you save; "
            "entries changed on both sides will be shown to you.",
            False,
        )
    if what.reloaded:
        return f"Reloaded {names}: changed by another program.", False
    return None
