"""GUI start-up: QApplication on a qasync event loop, settings, theme, crash handler, window."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from core.secrets import API_KEY_ENV, scrubbed_stderr_handler
from ui.settings import Settings, data_dir, load_settings, settings_path

if TYPE_CHECKING:
    from core.agent import AnyAgent
    from core.scan import Found
    from ui.main_window import MainWindow

log = logging.getLogger(__name__)

READY_ENV = "MEMDESK_QUIT_WHEN_READY"
SMOKE_ENV = "MEMDESK_SMOKE"  # app.smoke drives the window
DESKTOP_ID = "io.memdesk.MemDesk"  # resources/linux/io.memdesk.MemDesk.desktop


def demo_workspace() -> Path:
    """The demo workspace in the user's data folder, written on first use (never in the package)."""
    from core.demo import write_demo
    from core.registry import default_demo_layout, demo_layouts

    layout = default_demo_layout()
    folder = data_dir() / f"demo-{layout}"
    if not demo_layouts()[layout].detect(folder):  # its own agent alone: no journal read at start
        folder.parent.mkdir(parents=True, exist_ok=True)
        write_demo(folder, layout=layout)
    return folder


def initial_workspace(
    path: Path | None, settings: Settings, homes: Sequence[tuple[AnyAgent, Path]] | None = None
) -> Path:
    """The path given, else the last workspace (if it still exists), else the agent's memory
    found where the agent keeps it (`found_homes`: the most recently changed), else the demo."""
    from core.registry import found_homes

    if path is not None:
        return path
    last = settings.last_workspace or next(iter(settings.recent_workspaces), None)
    if last and Path(last).exists():
        return Path(last)
    found = found_homes() if homes is None else homes
    return found[0][1] if found else demo_workspace()


def greet_or_open(window: MainWindow, path: Path | str | None, settings: Settings) -> None:
    """On the very first start the first-run page over the window: a workspace given opens
    under it; given none, what the person chooses there (the demo, the Home page finding their
    agents, or Continue: as any start). Later starts `open_first`."""
    from ui.welcome import DEMO, FIND, show_welcome

    if settings.welcome_dismissed or path is not None:
        open_first(window, path, settings)
    if settings.welcome_dismissed:
        return

    def chosen(choice: str) -> None:
        if choice == DEMO:
            open_first(window, demo_workspace(), settings)
        elif choice == FIND:
            open_first(window, None, settings, show_home=True)
        elif path is None:
            open_first(window, None, settings)

    window.menus.welcome_dialog = show_welcome(window, first_run=True)
    window.menus.welcome_dialog.chosen.connect(chosen)


def open_first(
    window: MainWindow, path: Path | str | None, settings: Settings, *, show_home: bool = False
) -> None:
    """Open the workspaces open when the window last closed (`reopen`), and the workspace given
    (a folder, or a server's `ssh://host/path`), shown. Given none and none to reopen: with
    several agents' homes found (or folders added to the scan, or `show_home`), the Home page
    lists every workspace with what waits in it; else the one home, the last workspace or the
    demo opens. File → Open agent home lists every workspace found either way."""
    from core.registry import found_homes
    from ui.hubs import open_remote_page

    homes = found_homes()
    window.menus.fill_homes(home_entries(homes, settings) if path is None else _plain(homes))
    gone = [p for p in settings.open_workspaces if not _on_server(p) and not Path(p).exists()]
    if reopen(window, settings, path, gone):
        return
    if isinstance(path, str):  # a server's address
        open_remote_page(window, path)
        return
    if path is None and (show_home or len(homes) > 1 or settings.scan_folders):
        window.navigator.show_page(window.hubs["home"])
        _say_gone(window, gone)
        return
    first = initial_workspace(path, settings, homes)
    window.open_workspace(first, then=lambda _tab: _say_gone(window, gone))


def reopen(
    window: MainWindow, settings: Settings, given: Path | str | None, gone: list[str]
) -> bool:
    """Open again, in their order, the workspaces open when the window last closed (those
    `gone` since skipped; a server's page connects once shown), then `given`; once all are
    open, `given` is shown, else the one shown then (the Home page when a page over every
    workspace was). False when none is left."""
    from ui.hubs import open_remote_page

    left: list[Path | str] = [p for p in settings.open_workspaces if p not in gone]
    if not left:
        return False
    entries = [*left, *([given] if given is not None else [])]
    shown = given if given is not None else settings.current_workspace

    def show(_tab: object = None) -> None:
        _show_entry(window, shown)
        _say_gone(window, gone)

    servers = [e for e in entries if isinstance(e, str) and _on_server(e)]
    folders = [Path(e) for e in entries if e not in servers]
    for path in folders[:-1]:
        window.open_workspace(path)
    if folders:  # being read first: the session saved as each page is added still holds them
        window.open_workspace(folders[-1], then=show)
    for server in servers:
        open_remote_page(window, server, show=False)
    if not folders:
        show()
    return True


def _on_server(entry: str) -> bool:
    """True when a session's entry names a server's workspace (a folder of that name wins)."""
    from core.remote.address import parse_address

    try:
        return not Path(entry).exists() and parse_address(entry) is not None
    except ValueError:
        return False


def _show_entry(window: MainWindow, entry: Path | str | None) -> None:
    """Show the session's entry: a workspace open, a server's page, else the Home page."""
    from ui.hubs import open_remote_page

    tab = window.tab_for(Path(entry)) if entry is not None else None
    if tab is not None:
        window.show_tab(tab)
    elif isinstance(entry, str) and _on_server(entry):
        open_remote_page(window, entry)
    elif entry is None:
        window.navigator.show_page(window.hubs["home"])


def _say_gone(window: MainWindow, gone: list[str]) -> None:
    """One status-bar line naming the workspaces of the last session that are gone."""
    from PySide6.QtCore import QCoreApplication

    if gone:
        said = QCoreApplication.translate("gui", "Not reopened, no longer there: {paths}")
        window.statusBar().showMessage(said.format(paths=", ".join(gone)), 10_000)


def home_entries(
    homes: Sequence[tuple[AnyAgent, Path]], settings: Settings
) -> list[tuple[str, Path]]:
    """File → Open agent home: with more than one home, every workspace `memdesk scan` finds in
    them and in the folders added to it, with its memories and what waits; else the homes."""
    from core.scan import scan

    if len(homes) < 2:
        return _plain(homes)
    return [(_scanned(f), f.path) for f in scan(homes, [Path(p) for p in settings.scan_folders])]


def _plain(homes: Sequence[tuple[AnyAgent, Path]]) -> list[tuple[str, Path]]:
    return [(f"{agent.title}: {home}", home) for agent, home in homes]


def _scanned(found: Found) -> str:
    named = f"{found.title}: {found.name}" if found.title else found.name
    if found.error:
        return f"{named} ({found.error})"
    from PySide6.QtCore import QCoreApplication

    counts = QCoreApplication.translate("gui", "{memories} memories, {waiting} waiting")
    return (
        f"{named} ({counts.format(memories=found.memories, waiting=found.waiting + found.staged)})"
    )


def run_gui(path: Path | str | None = None) -> int:
    """Start the window on `path` (a folder, a server's address as text, or None: see
    `open_first`); returns the exit code."""
    import qasync
    from PySide6.QtCore import QByteArray
    from PySide6.QtWidgets import QApplication

    from app.crash import install_crash_handler
    from app.smoke import Smoke
    from ui.hubs import add_hubs
    from ui.i18n import install_language
    from ui.icons import app_icon
    from ui.main_window import MainWindow
    from ui.theme import apply_theme

    log_format = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    stderr = scrubbed_stderr_handler(log_format)
    logging.basicConfig(level=logging.INFO, handlers=[stderr], force=True)  # not the CLI's
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    loop = qasync.QEventLoop(app)  # asyncio on the Qt event loop: the LLM reviewer's requests
    asyncio.set_event_loop(loop)
    app.setApplicationName("MemDesk")
    app.setOrganizationName("MemDesk")
    app.setDesktopFileName(DESKTOP_ID)  # Wayland matches the window to its .desktop entry
    app.setWindowIcon(app_icon())
    settings, warnings = load_settings()
    for warning in warnings:
        log.warning("%s", warning)
    install_language(app, settings.language)  # before any window is built
    apply_theme(app, settings.theme)
    window = MainWindow(settings, settings_path=settings_path())
    add_hubs(window)
    handler = install_crash_handler(
        lambda: window, extra_secrets=lambda: [os.environ.get(API_KEY_ENV, "")]
    )
    if settings.window_geometry:
        window.restoreGeometry(QByteArray.fromBase64(settings.window_geometry.encode()))
    window.show()
    if os.environ.get(READY_ENV):
        # For tests/benchmarks/open_bench.py: the time the table became usable, then quit.
        window.ready.connect(
            lambda: (print(f"ready {time.monotonic():.6f}", flush=True), app.quit())
        )
    # `make dist-smoke` (packaging/smoke.py): one memory edited, saved, the window closed
    driver = Smoke(window, loop.stop) if os.environ.get(SMOKE_ENV) else None
    greet_or_open(window, path, settings)
    app.lastWindowClosed.connect(loop.stop)
    try:
        with loop:
            loop.run_forever()
    finally:
        handler.uninstall()
    return driver.exit_code if driver is not None else 0
