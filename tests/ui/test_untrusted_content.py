"""Memory text is never rich text anywhere in the window (SPEC 9).

Tried as a tester would: a memory containing ``<img src="/some/path">`` made the window open that
file when its tooltip was shown (a FIFO there blocked the window for good). Here every agent's
workspace holds hostile text in its memories, ids, keys, categories, metadata, file and folder
names; the window shows every page, row, tab and tooltip of it, and the kernel (inotify, which
sees the opens of Qt's C++ code too) and a real HTTP server count what was fetched: nothing.
"""

from __future__ import annotations

import ctypes
import html
import json
import os
import re
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from pathlib import Path

import pytest
import shiboken6
from PySide6 import QtGui
from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer
from PySide6.QtGui import QHelpEvent, QImage
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QInputDialog,
    QLabel,
    QTabWidget,
    QToolTip,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from core.registry import demo_layouts
from core.store.merge import Conflict
from tests.ui.test_markdown_view import _CountingServer, _tags
from tests.ui.test_markdown_view import server as server  # the counting HTTP server fixture
from ui.conflict_dialog import ConflictDialog
from ui.main_window import MainWindow

TODAY = date(2026, 3, 3)
TRAP = "trap.png"
# Relative: resolved in the working directory, which is the trap's folder (no "/" in a file name).
RELATIVE_IMG = f"<img src='{TRAP}'>"
# What a rich text given to Qt may hold: layout tags around escaped text, nothing that loads.
_INERT_TAGS = frozenset({"qt", "p", "br", "b", "i", "span", "table", "tr", "td", "th"})
TOOLTIP_WARNING = "This plugin does not support raise"  # the offscreen platform, showing a tooltip
MAX_ROWS = 40  # rows of one list visited (more than the demo workspaces' lists hold)

# -- what is counted ------------------------------------------------------------------------------

_IN_ACCESS, _IN_OPEN = 0x1, 0x20
_IN_NONBLOCK, _IN_CLOEXEC = os.O_NONBLOCK, os.O_CLOEXEC
_EVENT = struct.Struct("iIII")  # struct inotify_event without its name


class FileOpens:
    """Opens and reads of files in one folder, as the kernel reports them."""

    def __init__(self, folder: Path) -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        self._fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
        if self._fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        watch = libc.inotify_add_watch(self._fd, os.fsencode(folder), _IN_OPEN | _IN_ACCESS)
        if watch < 0:
            raise OSError(ctypes.get_errno(), f"inotify_add_watch {folder}")
        self.names: list[str] = []

    def count(self) -> int:
        """How many opens or reads of a trap file there were so far."""
        while True:
            try:
                data = os.read(self._fd, 65536)
            except BlockingIOError:
                return sum(name.startswith("trap") for name in self.names)
            self._parse(data)

    def _parse(self, data: bytes) -> None:
        offset = 0
        while offset < len(data):
            _wd, _mask, _cookie, length = _EVENT.unpack_from(data, offset)
            start = offset + _EVENT.size
            self.names.append(os.fsdecode(data[start : start + length].rstrip(b"\0")))
            offset = start + length

    def close(self) -> None:
        os.close(self._fd)


@dataclass
class Trap:
    path: Path
    opens: FileOpens
    server: _CountingServer

    def hostile(self) -> list[str]:
        """Memory texts a tooltip or label must show literally (each starts with its tag, as
        Qt only looks at the first tag of the first line to guess rich text)."""
        base = f"http://127.0.0.1:{self.server.port}"
        return [
            f"<img src='{self.path}'> a local image",
            f"<img src='{base}/remote.png'> a remote image",
            "<a href='javascript:alert(1)'>x</a> a javascript: link",
            f"<script src='{base}/script.js'>alert(1)</script> a script",
            f"<iframe src='{base}/frame'></iframe> an iframe",
            "<b>bold</b> markup",
        ]

    def fetched(self) -> tuple[int, int]:
        """(opens or reads of the trap files, connections to the server)."""
        return self.opens.count(), self.server.connections


@pytest.fixture
def trap(
    tmp_path: Path, server: _CountingServer, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Trap]:
    folder = tmp_path / "trap"
    folder.mkdir()
    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.red)
    assert image.save(str(folder / TRAP))
    monkeypatch.chdir(folder)
    opens = FileOpens(folder)
    try:
        yield Trap(folder / TRAP, opens, server)
    finally:
        opens.close()


# -- hostile workspaces, one writer per agent -----------------------------------------------------


def _everbot(root: Path, hostile: list[str]) -> None:
    """Memories with hostile text and metadata; hostile ids and categories are quarantined (they
    are no valid header) and reported on the Problems page."""
    path = root / "MEMORY.md"
    entries = "".join(
        f"### [h{n}] fact | 0.90 | 2026-03-01 | 3\n"
        f"<!-- memory_meta: {json.dumps({'source': text}, ensure_ascii=False)} -->\n"
        f"{text}\nsecond line {text}\n\n"
        for n, text in enumerate(hostile)
    )
    bad = f"### [{RELATIVE_IMG}] fact | 0.50 | 2026-03-01 | 1\nid\n\n"
    bad += f"### [b1] {hostile[-1]} | 0.50 | 2026-03-01 | 1\ncategory\n\n"
    text = path.read_text(encoding="utf-8")
    active = "## Active Memories\n\n"
    assert active in text
    path.write_text(text.replace(active, active + entries + bad, 1), encoding="utf-8")


def _picoclaw(home: Path, hostile: list[str]) -> None:
    memory = home / "workspace" / "memory"
    longterm = memory / "MEMORY.md"
    headed = "".join(f"\n\n## {text}\n\n{text}" for text in hostile)
    dated = "".join(f"\n\n## 2026-03-03\n\n{text}" for text in hostile)
    longterm.write_text(longterm.read_text(encoding="utf-8") + headed + dated, encoding="utf-8")
    newest = max(memory.glob("2*/2*.md"))
    newest.write_text(newest.read_text(encoding="utf-8") + "\n" + "\n".join(hostile) + "\n")
    profile_path = memory / "profile.json"
    profile = json.loads(profile_path.read_text(encoding="utf-8"))
    profile.update({text: text for text in hostile})
    profile_path.write_text(json.dumps(profile, indent=2, sort_keys=True, ensure_ascii=False))


def _pomelobot(root: Path, hostile: list[str]) -> None:
    """Hostile memories in every file (both layouts), the prompt's own files and a file of
    another program's beside the daily files."""
    lines = "".join(f"\n[12:00:{n:02d}] {text}\n" for n, text in enumerate(hostile))
    files = [*sorted(root.glob("*.md")), *sorted((root / "memory").glob("**/*.md"))]
    for path in files:
        path.write_text(path.read_text(encoding="utf-8") + lines, encoding="utf-8")
    stray = root / "memory" / f"2026-03-01-{RELATIVE_IMG}.md"
    stray.write_text(f"# Session 2026-03-01{lines}", encoding="utf-8")


def _openclaw(root: Path, hostile: list[str]) -> None:
    """Hostile bullets, annotations, headings and dreaming text in every kind of file."""
    bullets = "".join(
        f"\n## {text}\n\n- {text} <!-- trigger: {text[:20]} -->\n" for text in hostile
    )
    for name in ("MEMORY.md", "USER.md", "DREAMS.md"):
        path = root / name
        path.write_text(path.read_text(encoding="utf-8") + bullets, encoding="utf-8")
    for path in sorted((root / "memory").glob("*.md")):
        path.write_text(path.read_text(encoding="utf-8") + bullets, encoding="utf-8")
    store = root / "memory" / ".dreams" / "short-term-recall.json"
    data = json.loads(store.read_text(encoding="utf-8"))
    for entry in data["entries"].values():
        entry["snippet"] = hostile[0]
    store.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _codex(home: Path, hostile: list[str]) -> None:
    """Hostile bullets and headings in every file Codex writes, and a hostile ad-hoc note."""
    root = home / "memories"
    bullets = "".join(f"\n## {text}\n\n- {text}\n" for text in hostile)
    files = [root / "memory_summary.md", root / "MEMORY.md", root / "raw_memories.md"]
    for path in [*files, *sorted((root / "rollout_summaries").glob("*.md"))]:
        path.write_text(path.read_text(encoding="utf-8") + bullets, encoding="utf-8")
    note = root / "extensions" / "ad_hoc" / "notes" / "2026-03-01T12-00-00-hostile.md"
    note.write_text("\n".join(hostile) + "\n", encoding="utf-8")


def _hermes(home: Path, hostile: list[str]) -> None:
    """Hostile entries in every profile's MEMORY.md and USER.md."""
    for path in sorted(home.glob("**/memories/*.md")):
        entries = "".join(f"\n§\n{text}" for text in hostile)
        path.write_text(path.read_text(encoding="utf-8") + entries, encoding="utf-8")


def _claude_code(home: Path, hostile: list[str]) -> None:
    """Hostile index lines, a topic file of hostile frontmatter and body, and a topic file with a
    hostile name no line points at."""
    [memory] = sorted(home.glob("projects/*/memory"))
    index = memory / "MEMORY.md"
    lines = "".join(f"- [{text}](hostile_{n}.md) — {text}\n" for n, text in enumerate(hostile))
    index.write_text(index.read_text(encoding="utf-8") + lines, encoding="utf-8")
    for n, text in enumerate(hostile):
        front = f"---\nname: {text}\ndescription: {text}\nmetadata:\n  type: user\n---\n"
        (memory / f"hostile_{n}.md").write_text(f"{front}\n{text}\n", encoding="utf-8")
    (memory / f"{RELATIVE_IMG}.md").write_text("\n".join(hostile) + "\n", encoding="utf-8")


WRITERS: dict[str, Callable[[Path, list[str]], None]] = {
    "codex": _codex,
    "hermes": _hermes,
    "claude_code": _claude_code,
    "everbot": _everbot,
    "picoclaw": _picoclaw,
    "pomelobot": _pomelobot,
    "openclaw": _openclaw,
}


def hostile_workspace(tmp_path: Path, layout: str, hostile: list[str]) -> Path:
    """The layout's demo workspace, in a folder with a hostile name, with hostile text added."""
    root = tmp_path / f"{RELATIVE_IMG} {layout}"
    write_demo(root, layout=layout, entries=4, seed=3, today=TODAY)
    WRITERS[demo_layouts()[layout].name](root, hostile)
    return root


# -- what the person sees -------------------------------------------------------------------------


@dataclass
class Seen:
    """Texts as the person saw them, in labels and in the tooltips Qt showed, and any text Qt was
    given as markup that can fetch something."""

    labels: list[str] = field(default_factory=list)
    tooltips: list[str] = field(default_factory=list)
    markup: list[str] = field(default_factory=list)
    hovered: set[tuple[int, str]] = field(default_factory=set)

    def shown(self, text: str, text_format: Qt.TextFormat = Qt.TextFormat.AutoText) -> str:
        """What Qt shows for `text`."""
        rich = text_format == Qt.TextFormat.RichText or (
            text_format == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text)
        )
        if text_format == Qt.TextFormat.MarkdownText or (rich and not _inert(text)):
            self.markup.append(text)
        return html.unescape(re.sub(r"<[^>]*>", "", text)) if rich else text


def _inert(rich_text: str) -> bool:
    """Only layout tags, and no attribute but a style that names no URL."""
    return all(
        tag in _INERT_TAGS
        and all(name == "style" and "url(" not in (value or "") for name, value in attrs.items())
        for tag, attrs in _tags(rich_text)
    )


def check_labels(root: QWidget, seen: Seen) -> None:
    for label in root.findChildren(QLabel):
        seen.labels.append(seen.shown(label.text(), label.textFormat()))


def check_item_views(root: QWidget, seen: Seen) -> None:
    for view in _visible(root, QAbstractItemView):
        if isinstance(view, QHeaderView):
            continue
        for index in _indexes(view):
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str) and "<" in seen.shown(tip):
                hover(view, index, seen)


def hover(view: QAbstractItemView, index: QModelIndex, seen: Seen) -> None:
    """Rest the mouse on the cell: Qt shows its tooltip (once per view and text)."""
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    key = (_address(view), tip)
    if key in seen.hovered:
        return
    seen.hovered.add(key)
    view.scrollTo(index)
    centre = view.visualRect(index).center()
    viewport = view.viewport()
    event = QHelpEvent(QEvent.Type.ToolTip, centre, viewport.mapToGlobal(centre))
    QApplication.sendEvent(viewport, event)
    QApplication.processEvents()
    assert QToolTip.isVisible() and QToolTip.text() == tip
    seen.tooltips.append(seen.shown(QToolTip.text()))


def check_window(window: QWidget, seen: Seen) -> None:
    QApplication.processEvents()  # layouts and paints: where Qt loads a rich text's images
    check_labels(window, seen)
    check_item_views(window, seen)


# -- driving every page ---------------------------------------------------------------------------


def _address(widget: QWidget) -> int:
    """The widget's identity (a Python wrapper's id() can be reused once it is collected)."""
    address: int = shiboken6.getCppPointer(widget)[0]
    return address


def _visible(root: QWidget, kind: type[QWidget]) -> list[QWidget]:
    return [w for w in root.findChildren(kind) if w.isVisible()]  # type: ignore[arg-type]


def _indexes(view: QAbstractItemView) -> list[QModelIndex]:
    """Every cell of the view (children of tree rows too), the first MAX_ROWS rows of each."""
    model, out = view.model(), []
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop(0)
        for row in range(min(model.rowCount(parent), MAX_ROWS)):
            column = 0
            while model.hasIndex(row, column, parent):  # a list model's columnCount is private
                out.append(model.index(row, column, parent))
                column += 1
            pending.append(model.index(row, 0, parent))
    return out


def choosers(root: QWidget) -> list[QWidget]:
    """What the person can pick to change what is shown: lists, tables, trees, tabs, combos."""
    out: list[QWidget] = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or isinstance(widget, QHeaderView):
            continue
        if isinstance(widget, QAbstractItemView | QTabWidget) or (
            isinstance(widget, QComboBox) and not widget.isEditable()
        ):
            out.append(widget)
    return out


def choices(widget: QWidget) -> list[Callable[[], None]]:
    if isinstance(widget, QAbstractItemView):
        rows = [i for i in _indexes(widget) if i.column() == 0]
        return [partial(widget.setCurrentIndex, i) for i in rows]
    assert isinstance(widget, QTabWidget | QComboBox)
    return [partial(widget.setCurrentIndex, i) for i in range(widget.count())]


def visit_pages(window: MainWindow, seen: Seen) -> None:
    """Every page of the desk's sidebar, each visited."""
    desk = window.desk
    sidebar = getattr(desk, "sidebar", None)
    assert desk is not None and isinstance(sidebar, QAbstractItemView)
    for row in range(sidebar.model().rowCount()):
        sidebar.setCurrentIndex(sidebar.model().index(row, 0))
        QApplication.processEvents()
        visit(window, desk, seen, frozenset({_address(sidebar)}))


def visit(window: QWidget, root: QWidget, seen: Seen, picked: frozenset[int] = frozenset()) -> None:
    """Every combination of the choices on a page (its scope, file, tab and row), each checked."""
    left = [w for w in choosers(root) if _address(w) not in picked]
    if not left:
        check_window(window, seen)
        return
    chooser = left[0]
    for choose in choices(chooser) or [lambda: None]:
        choose()
        QApplication.processEvents()
        visit(window, root, seen, picked | {_address(chooser)})


def opened(qtbot: QtBot, window: MainWindow, path: Path) -> None:
    window.open_workspace(path)
    qtbot.waitUntil(
        lambda: window.ws is not None and window.desk is not None and not window.tasks.busy,
        timeout=10_000,
    )


def type_queries(window: MainWindow) -> None:
    """Pages that show something only for a query: given one that finds the hostile lines."""
    desk = window.desk
    agent = getattr(desk, "agent", None)
    if agent is not None and hasattr(agent, "set_message"):
        agent.set_message("image script iframe markup link")
    tools = getattr(desk, "tools", None)
    if tools is not None:
        desk.select_page("tools")  # type: ignore[union-attr]
        tools.search("image")
        tools.open_ref(f"memory/2026-03-01-{RELATIVE_IMG}.md:1")


def close_tooltip(qtbot: QtBot) -> None:
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=5_000)


# -- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", sorted(demo_layouts()))
@pytest.mark.qt_log_ignore(TOOLTIP_WARNING)
def test_every_view_shows_hostile_memory_text_literally_and_fetches_nothing(
    qtbot: QtBot, window: MainWindow, trap: Trap, tmp_path: Path, layout: str
) -> None:
    hostile = trap.hostile()
    root = hostile_workspace(tmp_path, layout, hostile)
    seen = Seen()
    opened(qtbot, window, root)
    type_queries(window)
    visit_pages(window, seen)
    window.show_error(f"{root}: {hostile[0]}")  # the banner and status bar carry messages
    check_window(window, seen)
    close_tooltip(qtbot)

    assert trap.fetched() == (0, 0), trap.opens.names
    assert not seen.markup
    for text in hostile:
        assert any(text in tip for tip in seen.tooltips), f"no tooltip showed {text!r}"
    assert any(RELATIVE_IMG in label for label in seen.labels)
    assert any(hostile[0] in label for label in seen.labels)


@pytest.mark.qt_log_ignore(TOOLTIP_WARNING)
def test_dialogs_show_memory_text_literally_and_fetch_nothing(
    qtbot: QtBot, window: MainWindow, trap: Trap, tmp_path: Path
) -> None:
    hostile = trap.hostile()
    conflicts = [Conflict(text, text, f"mine: {text}", f"theirs: {text}") for text in hostile]
    dialog = ConflictDialog(conflicts, window, file=f"memory/{RELATIVE_IMG}.md")
    qtbot.addWidget(dialog)
    dialog.show()
    seen = Seen()
    check_window(dialog, seen)
    dialog.close()

    # A folder two agents' layouts fit: the window asks which agent's it is, naming the folder.
    root = tmp_path / RELATIVE_IMG
    write_demo(root, layout="everbot", entries=3, seed=1, today=TODAY)
    (root / "memory").mkdir()
    (root / "memory" / "2026-03-01.md").write_text("# Daily Memory - 2026-03-01 (main)\n")
    asked = Seen()
    QTimer.singleShot(0, partial(_answer_question, asked))
    window.open_workspace(root)
    qtbot.waitUntil(lambda: bool(asked.labels), timeout=10_000)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)

    assert trap.fetched() == (0, 0), trap.opens.names
    assert not seen.markup and not asked.markup
    assert any(RELATIVE_IMG in label for label in seen.labels)
    assert any(str(root) in label for label in asked.labels), asked.labels


def _answer_question(seen: Seen, tries: int = 500) -> None:
    """Checks the modal question once it is up (looking every 20 ms), then cancels it."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, QInputDialog):
        if tries > 0:
            QTimer.singleShot(20, partial(_answer_question, seen, tries - 1))
        return
    check_window(dialog, seen)
    dialog.reject()
