"""The window's banner above the pages: one message, and how long it stays.

A banner belongs to the page shown when it was raised and to its cause: it goes when another
page is shown, when the same cause later succeeds on that page (`resolve`), or when a newer
banner replaces it. Each open workspace keeps its own (`Notes`); the window shows the current
one's.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel

from core.formats.text import InputError
from core.store.documents import Refreshed
from core.store.errors import WorkspaceError
from ui.i18n import core_text
from ui.untrusted import plain_label

__all__ = ["DISK", "PAGE", "SAVE", "Banner", "News", "Notes", "disk_news", "failure_message"]

# What a banner is about (its cause): a later success of the same cause resolves it.
translate = QCoreApplication.translate
PAGE = "page"  # what the page shown did or found (its writes, edits, searches)
SAVE = "save"  # saving the edits
DISK = "disk"  # another program's writes, reading the files anew


@dataclass(frozen=True)
class News:
    """A banner's message, whether it is an error, its cause and the page it was raised on."""

    message: str
    error: bool
    cause: str
    page: str


class Notes:
    """One workspace's banner (or the window's, while none is shown), kept while another
    workspace is shown: its news is there when the person comes back to it."""

    def __init__(self) -> None:
        self.news: News | None = None

    def show(self, message: str, *, error: bool, cause: str, page: str) -> None:
        self.news = News(message, error, cause, page)

    def resolve(self, cause: str, page: str) -> None:
        """`cause` succeeded on `page`: its banner goes."""
        if self.news is not None and (self.news.page, self.news.cause) == (page, cause):
            self.news = None

    def page_changed(self, page: str) -> None:
        if self.news is not None and self.news.page != page:
            self.news = None


class Banner(QLabel):
    """Plain text only: messages quote memory files (SPEC 9). Shows the `Notes` of the
    workspace shown."""

    def __init__(self) -> None:
        super().__init__()
        plain_label(name="banner", wrap=True, label=self)
        self.setAccessibleName(self.tr("Notice"))
        self.hide()

    def show_news(self, news: News | None) -> None:
        if news is None:
            self.hide()
            return
        self.setProperty("error", news.error)
        self.setText(core_text(news.message))
        self.setStyleSheet(
            "padding:6px; border-radius:4px; background:%s;"
            % ("#f8d7da" if news.error else "#fff3cd")
            + "color:#222;"
        )
        self.show()


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
        said = translate(
            "Banner",
            "Another program rewrote a file from a copy older than your last save and undid "
            "your changes ({lost}). The journal keeps them (before and after): apply them "
            "again and save.",
        )
        return said.format(lost=lost), True
    if what.kept:
        said = translate(
            "Banner",
            "{files} changed on disk. Your edits will be merged with it when you save; entries "
            "changed on both sides will be shown to you.",
        )
        return said.format(files=names), False
    if what.reloaded:
        said = translate("Banner", "Reloaded {files}: changed by another program.")
        return said.format(files=names), False
    return None
