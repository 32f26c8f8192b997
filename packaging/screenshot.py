"""The window's pictures: every page of every agent's demo, in light and dark (`make screenshots`).

    xvfb-run -a -s "-screen 0 1440x900x24" .venv/bin/python packaging/screenshot.py OUT [--readme DIR]

writes OUT/<layout>-<page>-<theme>.png for each demo layout and sidebar page at 1440x900, and with
--readme copies the pictures the README shows into DIR under the names it uses (README_PICTURES).
Each demo is first reviewed, and an EverBot demo also decayed, so the review queue, the backups
and the activity have something to show.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path

from PySide6.QtWidgets import QApplication, QTableWidget, QTabWidget, QWidget

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's MemDesk

from app.cli import main as cli
from core.demo import write_demo
from ui.desk import Desk
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.theme import apply_theme

LAYOUTS = ("everbot", "picoclaw", "openclaw", "pomeloclaw", "codex", "hermes", "claude-code")
THEMES = ("light", "dark")
SIZE = (1440, 900)
TODAY = date.today() - timedelta(days=30)  # the demo was written a month ago

# README picture -> the shot it is (layout-page-theme[-extra]).
README_PICTURES = {
    "main-window.png": "everbot-active-light-search",
    "score-history.png": "everbot-active-light-history",
    "backups.png": "picoclaw-backups-light",
    "backups-text.png": "everbot-backups-light-text",
    "review-queue.png": "everbot-review-light",
    "main-window-dark.png": "everbot-active-dark-history",
    "review-queue-dark.png": "everbot-review-dark",
    "picoclaw.png": "picoclaw-longterm-light",
    "picoclaw-agent.png": "picoclaw-agent-light",
    "pomelobot.png": "pomeloclaw-scope-main-light",
    "openclaw.png": "openclaw-memory-light",
    "openclaw-context.png": "openclaw-context-light",
    "hermes-review.png": "hermes-review-light",
    "claude-code-context.png": "claude-code-context-light",
    "home.png": "hub-home-light",
    "inbox.png": "hub-inbox-light",
    "review-queue-zh.png": "zh_CN/everbot-review-light",
    "home-zh.png": "zh_CN/hub-home-light",
}
HUB_HOMES = {".hermes": "hermes", ".claude": "claude-code", ".openclaw/workspace": "openclaw"}


def settle(app: QApplication, until: Callable[[], bool] = lambda: True, wait: float = 0.4) -> None:
    deadline = time.monotonic() + 20
    while not until() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    end = time.monotonic() + wait
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def prepare(root: Path, layout: str) -> None:
    """A demo with a review queued and its first proposal approved (a backup and an operation
    in Activity); EverBot's is decayed to today first."""
    write_demo(root, layout=layout, today=TODAY)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        if layout == "everbot":  # decayed to today: the history ends where it is now
            cli(["decay", str(root), "--at", date.today().isoformat(), "--apply"])
        printed.seek(0)
        printed.truncate()
        cli(["review", str(root), "--json"])
        listed = json.loads(printed.getvalue())
        waiting = [p for p in listed if p["status"] == "pending" and p["kind"] == "proposal"]
        if waiting:
            cli(["approve", str(root), str(waiting[-1]["id"])])


def page_names(desk: Desk) -> list[str]:
    sidebar = desk.sidebar  # type: ignore[attr-defined]
    names = []
    for row in range(sidebar.count()):
        data = sidebar.item(row).data(256)  # Qt.UserRole: the page's name
        names.append(str(data) if data else f"page{row}")
    return names


def shots(app: QApplication, window: MainWindow, layout: str, theme: str) -> Iterator[str]:
    """Show each page of the open desk in turn; yield the name of each picture to take."""
    desk = window.desk
    assert desk is not None
    kinds: set[str] = set()
    for row, name in enumerate(page_names(desk)):
        kind, _, scope = name.partition(":")
        if kind in kinds and scope != "main":  # a scope page: the main one and one other
            continue
        kinds.add(kind)
        name = name.replace(":", "-")
        desk.sidebar.setCurrentRow(row)  # type: ignore[attr-defined]
        settle(app)
        base = f"{layout}-{name}-{theme}"
        if name == "backups":
            yield from _backups(app, window, base)
            continue
        if name == "review":
            _first_pair(app, window)
        if name == "activity":  # the newest operation, with what it changed
            table = _visible_table(window, "activityTable")
            if table is not None and table.rowCount():
                table.setCurrentCell(0, 0)
                settle(app)
        agent_view = getattr(desk, "agent", None)
        if name == "agent" and hasattr(agent_view, "set_message"):
            agent_view.set_message("咖啡")  # what the agent injects for this message
            settle(app)
        if name == "active" and layout == "everbot":
            yield from _active(app, desk, base)
            continue
        yield base


def _visible_table(window: QWidget, object_name: str) -> QTableWidget | None:
    for table in window.findChildren(QTableWidget, object_name):
        if table.isVisible():
            return table
    return None


def _backups(app: QApplication, window: MainWindow, base: str) -> Iterator[str]:
    table = _visible_table(window, "backupsTable")
    if table is not None and table.rowCount():
        table.setCurrentCell(0, 0)
        settle(app, wait=0.8)
    yield base
    tabs = [t for t in window.findChildren(QTabWidget) if t.isVisible()]
    if tabs and tabs[0].count() > 1:
        tabs[0].setCurrentIndex(1)
        settle(app)
        yield f"{base}-text"
        tabs[0].setCurrentIndex(0)


def _first_pair(app: QApplication, window: MainWindow) -> None:
    """The review card on the first proposal naming two memories (shown side by side)."""
    from ui.review_view import ReviewView

    views = [v for v in window.findChildren(ReviewView) if v.isVisible()]
    if not views:
        return
    view = views[0]
    pairs = [n for n, p in enumerate(view.proposals) if p.related_ids]
    if pairs:
        view.index = pairs[0]
        view.refresh()
        settle(app)


def _tab_titled(widget: QWidget, title: str) -> tuple[QTabWidget, int] | None:
    for tabs in widget.findChildren(QTabWidget):
        for index in range(tabs.count()):
            if tabs.tabText(index).replace("&", "") == title and tabs.isVisible():
                return tabs, index
    return None


def _active(app: QApplication, desk: Desk, base: str) -> Iterator[str]:
    """The table with a memory chosen (its detail and score history), then a search in Chinese."""
    keys = desk.ws.doc.iter_entries() if desk.ws is not None else []  # type: ignore[attr-defined]
    chosen = next((e.key for e in keys if e.section == "active"), None)
    desk.select_key(chosen)  # type: ignore[attr-defined]
    settle(app, wait=0.8)
    yield base
    history = _tab_titled(desk, "Score history")
    if history is not None:
        tabs, index = history
        previous = tabs.currentIndex()
        tabs.setCurrentIndex(index)
        settle(app, wait=0.8)
        yield f"{base}-history"
        tabs.setCurrentIndex(previous)
    desk.search.setText("咖啡")  # type: ignore[attr-defined]
    desk.run_search()  # type: ignore[attr-defined]
    settle(app, wait=0.8)
    yield f"{base}-search"
    desk.search.setText("")  # type: ignore[attr-defined]
    desk.run_search()  # type: ignore[attr-defined]


def take(app: QApplication, out: Path, root: Path, layout: str, theme: str, tmp: Path) -> list[str]:
    apply_theme(app, theme)
    window = MainWindow(Settings(theme=theme), settings_path=tmp / f"settings-{theme}.json")
    window.resize(*SIZE)
    window.show()
    window.open_workspace(root)
    settle(app, lambda: window.desk is not None and window.desk.ws is not None, wait=1.0)
    taken = []
    for name in shots(app, window, layout, theme):
        window.grab().save(str(out / f"{name}.png"))
        taken.append(name)
    window.close()
    window.deleteLater()
    settle(app, wait=0.1)
    return taken


def take_hubs(app: QApplication, out: Path, tmp: Path, theme: str) -> list[str]:
    """Home (with a search) and the Inbox over a home holding Hermes, Claude Code and OpenClaw,
    one workspace open beside them."""
    from ui.hubs import add_hubs
    from ui.inbox_view import InboxView

    home = tmp / "home"
    for variable, where in (
        ("HOME", ""),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_CACHE_HOME", ".cache"),
    ):
        os.environ[variable] = str(home / where)
    if not home.exists():
        for folder, layout in HUB_HOMES.items():
            write_demo(home / folder, layout=layout)
        with contextlib.redirect_stdout(io.StringIO()):
            cli(["review", str(home / ".openclaw" / "workspace")])
    apply_theme(app, theme)
    window = MainWindow(Settings(theme=theme), settings_path=tmp / f"settings-hubs-{theme}.json")
    window.resize(*SIZE)
    home_view = add_hubs(window)
    window.show()
    window.open_workspace(home / ".hermes")
    settle(app, lambda: window.desk is not None and window.desk.ws is not None, wait=1.0)
    window.navigator.show_page(home_view)
    settle(app, lambda: home_view.model.rowCount() == len(HUB_HOMES), wait=1.0)
    home_view.search.field.setText("pnpm")
    settle(app, wait=1.5)
    window.grab().save(str(out / f"hub-home-{theme}.png"))
    inbox = window.hubs["inbox"]
    assert isinstance(inbox, InboxView)
    window.navigator.show_page(inbox)
    settle(app, lambda: not inbox.busy and bool(inbox.shown), wait=1.0)
    inbox.table.selectRow(0)
    settle(app, wait=0.3)
    window.grab().save(str(out / f"hub-inbox-{theme}.png"))
    window.close()
    window.deleteLater()
    settle(app, wait=0.1)
    return [f"hub-home-{theme}", f"hub-inbox-{theme}"]


def take_chinese(app: QApplication, out: Path, tmp: Path) -> list[str]:
    """EverBot's pages and Home with the window in Simplified Chinese (light), into `out`."""
    from ui.i18n import install_language, remove

    translators = install_language(app, "zh_CN")
    if not translators:
        print("no Chinese catalog: run `make` first (it builds the .qm)", file=sys.stderr)
        return []
    out.mkdir(parents=True, exist_ok=True)
    root = tmp / "demo-everbot-zh"
    prepare(root, "everbot")
    try:
        taken = take(app, out, root, "everbot", "light", tmp)
        return [f"zh_CN/{shot}" for shot in taken + take_hubs(app, out, tmp, "light")]
    finally:
        remove(app, translators)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--readme", type=Path, help="copy the README's pictures here")
    parser.add_argument("--layouts", nargs="+", default=list(LAYOUTS), choices=LAYOUTS)
    parser.add_argument("--themes", nargs="+", default=list(THEMES), choices=THEMES)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    taken: list[str] = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for layout in args.layouts:
            root = tmp / f"demo-{layout}"
            prepare(root, layout)
            for theme in args.themes:
                taken += take(app, args.out, root, layout, theme, tmp)
        for theme in args.themes:
            taken += take_hubs(app, args.out, tmp, theme)
        taken += take_chinese(app, args.out / "zh_CN", tmp)
    print(f"{len(taken)} pictures in {args.out}")
    if args.readme:
        args.readme.mkdir(parents=True, exist_ok=True)
        for picture, shot in README_PICTURES.items():
            source = args.out / f"{shot}.png"
            if not source.exists():
                print(f"missing for the README: {shot}", file=sys.stderr)
                return 1
            shutil.copyfile(source, args.readme / picture)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
