"""The window's pages over every workspace (issue 26): Home (every workspace `memdesk scan`
finds, and a search across them), the Inbox (every proposal and staged write), one Activity,
and the workspaces opened on a server over SSH. Each is a hub page at the top of the
navigator; what a page asks of a workspace (open it, show a memory, refresh it after a write
there) goes to that workspace's tab.

The pages decide through a session of their own for each workspace (`core.inbox.fresh_session`):
a write there reaches an open tab as another program's would, read anew and merged with what
was typed there, never overwritten.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QLineEdit

from ui.accessible import make_accessible
from ui.all_activity_view import AllActivityView
from ui.home_view import HomeView
from ui.i18n import core_error
from ui.inbox_view import InboxView

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.open_tab import WorkspaceTab

__all__ = ["REMOTE_HINT", "add_hubs", "ask_remote", "open_remote_page"]

REMOTE_HINT = "ssh://host/path/to/workspace, or user@host:path"


def add_hubs(window: MainWindow) -> HomeView:
    """Home, Inbox and Activity at the navigator's top; Home shown (it scans when shown)."""
    home = HomeView(window.settings_path)
    home.open_requested.connect(lambda path, agent: _open(window, path, agent))
    home.reveal_requested.connect(
        lambda path, agent, file, key: _open(window, path, agent, file, key)
    )
    window.add_hub_page("home", QCoreApplication.translate("hubs", "Home"), home)
    inbox, activity = InboxView(), AllActivityView()
    for page in (inbox, activity):
        page.written.connect(lambda path: _written(window, path))
        page.failed.connect(window.show_error)
    window.add_hub_page("inbox", QCoreApplication.translate("hubs", "Inbox"), inbox)
    window.add_hub_page("activity", QCoreApplication.translate("hubs", "Activity (all)"), activity)
    for shown in (home, inbox, activity):
        make_accessible(shown)
    return home


def _open(
    window: MainWindow, path: Path, agent: str, file: str | None = None, key: str = ""
) -> None:
    """Open (or show) the workspace; with `file`, the memory `key` of it selected there."""

    def shown(tab: WorkspaceTab) -> None:
        if file is not None and tab.desk is not None:
            tab.desk.reveal(file, key)

    window.open_workspace(Path(path), agent or None, then=shown)


def _written(window: MainWindow, path: Path) -> None:
    """A hub page wrote in the workspace at `path`: its open tab reads it anew."""
    tab = window.tab_for(Path(path))
    if tab is not None:
        tab.check_external_change()


def ask_remote(window: MainWindow) -> None:
    """File → Open remote workspace…: the address typed, opened as a page of its own."""
    text, ok = QInputDialog.getText(
        window,
        QCoreApplication.translate("hubs", "Open a workspace on a server"),
        QCoreApplication.translate("hubs", "Address ({example}):").format(example=REMOTE_HINT),
        QLineEdit.EchoMode.Normal,
    )
    if ok and text.strip():
        open_remote_page(window, text.strip())


def open_remote_page(window: MainWindow, text: str, *, show: bool = True) -> bool:
    """The server workspace `text` names, as a page of the navigator (shown again when open),
    kept in the session; it connects when first shown. False, said in the window, when `text`
    names no server."""
    from ui.remote_view import open_remote

    name = f"remote {text}"
    if name in window.hubs:
        if show:
            window.navigator.show_page(window.hubs[name])
        return True
    try:
        view = open_remote(text, window)
    except ValueError as exc:
        window.show_error(
            QCoreApplication.translate("hubs", "Not opened: {reason}").format(
                reason=core_error(exc)
            )
        )
        return False
    if view is None:
        window.show_error(
            QCoreApplication.translate(
                "hubs", "Not opened: {address} names no server ({example})"
            ).format(address=text, example=REMOTE_HINT)
        )
        return False
    window.add_hub_page(name, f"⇄ {view.address}", view)
    window.reopens.add_page(name, text)  # File → Close workspace closes it
    make_accessible(view)
    if show:
        window.navigator.show_page(view)
    window.update_status()
    return True
