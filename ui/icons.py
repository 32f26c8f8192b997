"""MemDesk's icons: the line drawings of resources/icons/, drawn in the palette's text colour when
shown (they follow a change of theme, light or dark, without being made again).

`icon(name)` is the one way in; `page_icon(page)` names the icon of a sidebar page;
`app_icon()` is MemDesk's own (resources/memdesk.svg, in its own colours: the window's, the
desktop entry's and the bundle's).
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QIconEngine, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

__all__ = ["APP_ICON", "ICON_DIR", "PAGE_ICONS", "app_icon", "icon", "page_icon"]

log = logging.getLogger(__name__)

ICON_DIR = Path(__file__).resolve().parent.parent / "resources" / "icons"
APP_ICON = ICON_DIR.parent / "memdesk.svg"
APP_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)

# A sidebar page's name (before any ":") -> its icon, for every agent's desk.
PAGE_ICONS = {
    "home": "open",  # the window's hub pages (ui.hubs)
    "inbox": "review",
    "remote": "database",
    "active": "memories",
    "archived": "archive",
    "problems": "problems",
    "agent": "eye",
    "review": "review",
    "backups": "backups",
    "profile": "sliders",
    "activity": "activity",
    "longterm": "memories",
    "daily": "calendar",
    "policy": "sliders",
    "context": "session",
    "scope": "folder",
    "tools": "search",
    "memory": "memories",
    "user": "person",
    "notes": "calendar",
    "dreaming": "moon",
    "recall": "database",
    "summary": "memories",
    "handbook": "memories",
    "regenerated": "database",
}


def icon(name: str) -> QIcon:
    """The icon `name` (a file of resources/icons/); none (an empty icon, logged once) when the
    file is missing: a missing drawing never keeps the window from starting."""
    svg = _svg(name)
    return QIcon(_LineIcon(svg)) if svg else QIcon()


def page_icon(page: str) -> QIcon:
    """The icon of the sidebar page named `page` ("scope:main" is a scope's); a page no icon
    is named for gets the folder's."""
    return icon(PAGE_ICONS.get(page.split(":", 1)[0], "folder"))


def app_icon() -> QIcon:
    """MemDesk's icon, drawn at the sizes a desktop asks for; an empty icon (logged) when the
    file is missing or unreadable."""
    svg = _read(APP_ICON, "the application icon")
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8"))) if svg else None
    if renderer is None or not renderer.isValid():
        return QIcon()
    drawn = QIcon()
    for size in APP_ICON_SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        drawn.addPixmap(pixmap)
    return drawn


@cache
def _svg(name: str) -> str:
    return _read(ICON_DIR / f"{name}.svg", f"icon {name}")


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("%s not shown: %s", what, exc)
        return ""


@cache
def _renderer(svg: str, colour: str) -> QSvgRenderer:
    return QSvgRenderer(QByteArray(svg.replace("currentColor", colour).encode("utf-8")))


class _LineIcon(QIconEngine):
    """Draws one SVG in the colour the palette gives text in the icon's mode."""

    def __init__(self, svg: str) -> None:
        super().__init__()
        self.svg = svg

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        _renderer(self.svg, _colour(mode)).render(painter, QRectF(rect))

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        pixmap = QPixmap(size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QRect(0, 0, size.width(), size.height()), mode, state)
        painter.end()
        return pixmap

    def clone(self) -> QIconEngine:
        return _LineIcon(self.svg)


def _colour(mode: QIcon.Mode) -> str:
    palette = QGuiApplication.palette()
    if mode == QIcon.Mode.Disabled:
        return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText).name()
    if mode == QIcon.Mode.Selected:
        return palette.color(QPalette.ColorRole.HighlightedText).name()
    return palette.color(QPalette.ColorRole.WindowText).name()
