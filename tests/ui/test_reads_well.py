"""Issue 23 "Reads well", part B: the window at 1440x900 as a new user reads it."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QListWidget, QPushButton, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from core.agents.pomelobot.scopes import long_term_path
from core.demo import write_demo
from tests.ui.test_agent_desk import opened as agent_opened
from tests.ui.test_banners import click_page
from tests.ui.test_main_window import opened
from ui.agents.pomelobot.desk import PomelobotDesk
from ui.icons import ICON_DIR, PAGE_ICONS, icon
from ui.main_window import MainWindow
from ui.theme import apply_theme, dark_palette, is_dark

MEMORY_PAGES = {"active", "archived"}
REVIEW_CARD_BUTTONS = {
    f"review{name}"
    for name in (
        "Accept",
        "Promote",
        "Keep",
        "Archive",
        "Delete",
        "Reject",
        "Skip",
        "Again",
        "Edit",
    )
}


def _at_1440x900(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1440, 900)
    qtbot.waitUntil(lambda: window.width() == 1440, timeout=2000)


def test_the_detail_pane_shows_only_beside_a_memory_list(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would: Backups, Review, Activity and Scoring profile kept showing
    the memory last selected in Active, unrelated to the page, under a memory search box that
    searched nothing there. Find (Ctrl+F) from such a page goes to Active's search."""
    write_demo(tmp_path / "ws")
    desk = opened(qtbot, window, tmp_path / "ws")
    _at_1440x900(qtbot, window)
    for row, page in enumerate(desk.pages):
        desk.sidebar.setCurrentRow(row)
        assert desk.detail.isVisible() == (page.name in MEMORY_PAGES), page.name
        assert desk.search.isVisible() == (page.name in MEMORY_PAGES), page.name
    desk.focus_search()
    assert desk.current_page() == "active" and desk.search.isVisible()


def test_the_score_text_lies_beside_its_bar_not_over_its_end(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would: "0.58" was drawn centred over the bar, its digits cut by the
    bar's green end; the text now has its own place left of the bar."""
    write_demo(tmp_path / "ws")
    desk = opened(qtbot, window, tmp_path / "ws")
    _at_1440x900(qtbot, window)
    index = desk.model.index(0, 2)
    option = QStyleOptionViewItem()
    desk.score_bars.initStyleOption(option, index)
    option.rect = desk.table.visualRect(index)
    text, bar, arrow = desk.score_bars.parts(option)
    assert not text.intersects(bar) and not bar.intersects(arrow)
    assert option.fontMetrics.horizontalAdvance("0.00") <= text.width()
    assert bar.width() >= 40  # still a bar one can compare by eye


def test_the_review_table_gives_memory_and_reasons_the_room(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would: the review table's seven columns were all 100 pixels wide,
    Memory and Reasons cut after a few words while "#" and "Status" stood half empty."""
    write_demo(tmp_path / "ws")
    desk = opened(qtbot, window, tmp_path / "ws")
    _at_1440x900(qtbot, window)
    desk.select_page("review")
    desk.review_view.tabs.setCurrentIndex(1)
    table = desk.review_view.table
    qtbot.waitUntil(table.isVisible, timeout=2000)
    qtbot.waitUntil(lambda: table.viewport().width() > 900, timeout=2000)  # the pane's width
    widths = [table.columnWidth(c) for c in range(desk.review_view.model.columnCount())]
    memory, reasons, short = widths[5], widths[6], widths[:5]
    assert len(set(widths)) > 2
    assert min(memory, reasons) > 2 * max(short)
    assert sum(widths) <= table.viewport().width() + 2  # no scrolling sideways to read them


def test_the_scoring_profile_shows_its_values_not_five_of_them(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would at 1440x900: the scoring profile's table showed about five of
    its nineteen values, each two lines high, the rest behind a scroll bar."""
    write_demo(tmp_path / "ws")
    desk = opened(qtbot, window, tmp_path / "ws")
    _at_1440x900(qtbot, window)
    desk.select_page("profile")
    table = desk.profile.table
    qtbot.waitUntil(lambda: table.model().rowCount() > 0 and table.isVisible(), timeout=2000)
    qtbot.wait(50)  # the splitter's layout
    rows = table.model().rowCount()
    fully_shown = sum(
        1
        for row in range(rows)
        if table.rowViewportPosition(row) >= 0
        and table.rowViewportPosition(row) + table.rowHeight(row) <= table.viewport().height()
    )
    assert fully_shown >= min(rows, 10)
    assert window.minimumSizeHint().height() <= 700  # a 1366x768 laptop screen still fits it
    assert desk.sidebar.width() < 300  # the room the detail pane left went to the page


def test_every_everbot_page_fits_a_laptop_screen(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a user would: after a look at the Review queue, back on Active, the window
    could no longer be made shorter than 728 pixels (the review card's score chart, under the
    search box): taller than a 1366x768 laptop screen leaves."""
    write_demo(tmp_path / "ws")
    desk = opened(qtbot, window, tmp_path / "ws")
    _at_1440x900(qtbot, window)
    for page in ("review", "active", "archived", "profile", "backups", "activity"):
        click_page(desk.sidebar, page)
        qtbot.wait(20)  # the layout's new minimum
        assert window.minimumSizeHint().height() <= 700, page


def test_the_pomeloclaw_banner_takes_a_line_and_the_scopes_read_in_the_sidebar(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would at 1440x900: the warnings banner of scope main's MEMORY.md
    took a third of the window (eight wrapped warnings, the rest cut off), and the sidebar cut
    "Scope group_cidrewjwoig5_nvlkprnc9d…" at its right edge with a scroll bar."""
    write_demo(tmp_path / "claw", layout="pomeloclaw", seed=3, today=date(2026, 3, 3))
    agent_opened(qtbot, window, tmp_path / "claw")
    _at_1440x900(qtbot, window)
    desk = window.desk
    assert isinstance(desk, PomelobotDesk)
    desk.entries.select_file(long_term_path("main"))
    banner = desk.entries.warnings
    found = banner.warnings
    assert len(found) > 8 and banner.isVisible()
    qtbot.wait(50)
    assert banner.height() <= window.height() // 10  # one line until asked
    banner.toggle.click()
    qtbot.waitUntil(banner.all.isVisible, timeout=2000)
    assert banner.height() <= window.height() // 4
    assert all(w in banner.all.toPlainText() for w in found)  # every one, not eight of them
    sidebar = desk.sidebar
    room = sidebar.viewport().width() - sidebar.iconSize().width() - 8
    for row in range(sidebar.count()):
        item, page = sidebar.item(row), desk.pages[row]
        assert sidebar.fontMetrics().horizontalAdvance(item.text()) <= room, item.text()
        assert page.title() in (item.text(), item.toolTip())  # whole, or whole in its tooltip


def _drawn(qicon: QIcon) -> set[str]:
    """The colours an icon's 20x20 picture paints (opaque pixels only)."""
    image = qicon.pixmap(20, 20).toImage()
    pixels = (image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height()))
    return {p.name() for p in pixels if p.alpha() == 255}


def test_every_icon_file_is_a_drawing_in_the_text_colour(qapp: QApplication) -> None:
    text = qapp.palette().color(QPalette.ColorRole.WindowText).name()
    names = sorted(p.stem for p in ICON_DIR.glob("*.svg"))
    assert set(PAGE_ICONS.values()) <= set(names)
    for name in names:
        assert QSvgRenderer(str(ICON_DIR / f"{name}.svg")).isValid(), name
        assert _drawn(icon(name)) == {text}, name


@pytest.mark.parametrize("layout", ["everbot", "picoclaw", "pomeloclaw", "openclaw"])
def test_every_sidebar_page_and_main_action_has_an_icon(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, layout: str
) -> None:
    """Tried as a new user would: the sidebar and the actions were words only; each page and
    each main action now has its icon (drawn in the theme's text colour)."""
    write_demo(tmp_path / "ws", layout=layout, today=date(2026, 3, 3))
    window.open_workspace(tmp_path / "ws")
    qtbot.waitUntil(lambda: window.desk is not None and window.desk.ws is not None, timeout=10_000)
    desk = window.desk
    sidebar = desk.findChild(QListWidget)
    assert sidebar is not None and sidebar.count() >= 6
    for row in range(sidebar.count()):
        assert _drawn(sidebar.item(row).icon()), sidebar.item(row).text()
    main = window.toolbar.actions()
    named = [a for a in main if not a.isSeparator()]
    assert len(named) >= 7 + len(desk.actions())  # open … pending, and the desk's own
    assert all(_drawn(a.icon()) for a in named), [a.text() for a in named if not _drawn(a.icon())]
    decisions = [b for b in desk.findChildren(QPushButton) if b.objectName().startswith("review")]
    card = [b for b in decisions if b.objectName() in REVIEW_CARD_BUTTONS]
    assert len(card) == len(REVIEW_CARD_BUTTONS)
    assert all(_drawn(b.icon()) for b in card), [b.text() for b in card if not _drawn(b.icon())]


def test_following_the_system_follows_its_change_and_icons_redraw(qapp: QApplication) -> None:
    """Tried as a new user would: with "Follow the system", turning the desktop dark left the
    window as it was until MemDesk started again. A change of the platform's scheme now applies
    the theme again (a chosen light or dark stays); icons draw in the new text colour."""
    before = QPalette(qapp.palette())
    try:
        apply_theme(qapp, "system")
        followed = is_dark(qapp)
        qapp.setPalette(dark_palette())
        assert is_dark(qapp) and _drawn(icon("save")) == {"#e6e6e6"}
        qapp.styleHints().colorSchemeChanged.emit(qapp.styleHints().colorScheme())
        assert is_dark(qapp) == followed  # the platform's scheme again
        apply_theme(qapp, "dark")
        qapp.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert is_dark(qapp)  # chosen: kept
    finally:
        apply_theme(qapp, "system")
        qapp.setPalette(before)


def test_a_missing_icon_file_leaves_the_action_without_an_icon(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed without resources/icons, MemDesk would not start: a drawing that is missing
    is now only an empty icon (and a page nobody named an icon for gets the folder's)."""
    import ui.icons

    monkeypatch.setattr(ui.icons, "ICON_DIR", tmp_path)
    ui.icons._svg.cache_clear()
    try:
        assert ui.icons.icon("memories").isNull()
    finally:
        monkeypatch.undo()
        ui.icons._svg.cache_clear()
    assert _drawn(ui.icons.page_icon("a-page-of-a-new-agent"))
