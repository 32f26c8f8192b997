"""What the next start opens again (`app.gui.reopen`): the workspaces open in the window, the
folders still being read to be opened, the pages of servers' workspaces, and the page shown.
Kept in the settings as it changes, through the window's one settings writer (atomic), so a
crash or a kill leaves the next start this session, not an older one."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ui.settings import Settings

if TYPE_CHECKING:
    from ui.main_window import MainWindow

__all__ = ["Reopens"]


class Reopens:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.pages: dict[str, str] = {}  # hub pages reopened (servers'): name -> their address
        self.opening: list[str] = []  # folders being read to be opened, in order
        self.on = False  # off until the window is built (the last session is still to reopen)

    def add_page(self, name: str, address: str) -> None:
        self.pages[name] = address
        self.keep()

    def reading(self, path: Path) -> str:
        """`path` is being read to be opened: in the session until `read`."""
        reading = os.path.abspath(path)
        self.opening.append(reading)
        return reading

    def read(self, reading: str, *, keep: bool = False) -> None:
        self.opening.remove(reading)
        if keep:
            self.keep()

    def keep(self) -> None:
        """The session saved when it changed."""
        window = self.window
        session = self.session()
        now = (session.open_workspaces, session.current_workspace)
        if self.on and now != (window.settings.open_workspaces, window.settings.current_workspace):
            window.settings = session
            window.keep_settings()

    def session(self) -> Settings:
        """The window's settings with the session as it is now."""
        window = self.window
        open_now = [*(str(t.root) for t in window.tabs()), *self.pages.values(), *self.opening]
        # while the last session's folders are being read, the one it showed stays the one shown
        shown = window.settings.current_workspace if self.opening else self._shown()
        return window.settings.with_session(open_now, shown)

    def stop(self) -> Settings:
        """The window closes: the session as it ends, kept no more after."""
        self.on = False
        return self.session()

    def _shown(self) -> str | None:
        """The session's entry for the page shown: a workspace's folder, a server's address."""
        if self.window.current_tab is not None:
            return str(self.window.current_tab.root)
        name = self._page_shown()
        return self.pages[name] if name is not None else None

    def _page_shown(self) -> str | None:
        shown = self.window.desks.currentWidget()
        return next((name for name in self.pages if self.window.hubs.get(name) is shown), None)

    def close_page(self) -> bool:
        """Close the page shown when it is one the session reopens (a server's workspace)."""
        window, name = self.window, self._page_shown()
        if name is None:
            return False
        del self.pages[name]
        page = window.hubs.pop(name)
        window.navigator.remove(page)
        window.desks.removeWidget(page)
        page.deleteLater()
        window.navigator.show_page(window.hubs["home"])
        self.keep()
        return True
