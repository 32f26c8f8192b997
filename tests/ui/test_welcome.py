"""The first-run page: on the very first start, over Home, what MemDesk writes and never does;
its three choices; never shown again once put away; Help shows it again."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.gui import greet_or_open
from core.demo import write_demo
from tests.conftest import PROJECT_ROOT
from ui.hubs import add_hubs
from ui.main_window import MainWindow
from ui.settings import load_settings
from ui.welcome import CONTINUE, DEMO, FIND, WelcomeDialog


def _first_start(window: MainWindow, path: Path | None = None) -> WelcomeDialog:
    add_hubs(window)
    greet_or_open(window, path, window.settings)
    dialog = window.menus.welcome_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_first_start_says_what_memdesk_writes_and_continue_puts_it_away(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Tried as a new user: nothing said what MemDesk would write before it showed a workspace
    it could change. Now the first start says it plainly over the window; Continue starts as
    any start does (here: the demo), and the page is not shown again."""
    assert window.settings_path is not None and not window.settings_path.exists()
    dialog = _first_start(window)
    said = dialog.text.text()
    for words in (".memdesk/", "backed up first", "journal", "SSH", "Follow a path", "cache"):
        assert words in said, words
    assert window.ws is None  # nothing opened behind the page before a choice
    dialog.buttons[CONTINUE].click()
    qtbot.waitUntil(lambda: window.ws is not None, timeout=10_000)
    assert window.ws is not None and window.ws.root.name.startswith("demo-")
    settings, _ = load_settings(window.settings_path)
    assert settings.welcome_dismissed and window.settings.welcome_dismissed
    window.menus.welcome_dialog = None
    greet_or_open(window, None, settings)  # the next start
    assert window.menus.welcome_dialog is None


def test_open_the_demo_opens_it(window: MainWindow, qtbot: QtBot) -> None:
    write_demo(Path.home() / ".hermes", layout="hermes")  # a home found: still the demo
    _first_start(window).buttons[DEMO].click()
    qtbot.waitUntil(lambda: window.ws is not None, timeout=10_000)
    assert window.ws is not None and window.ws.root.name.startswith("demo-")


def test_find_my_agents_shows_home_with_the_agents_found(window: MainWindow, qtbot: QtBot) -> None:
    write_demo(Path.home() / ".hermes", layout="hermes")
    _first_start(window).buttons[FIND].click()
    home = window.hubs["home"]
    assert window.desks.currentWidget() is home and window.ws is None
    qtbot.waitUntil(lambda: home.model.rowCount() == 1, timeout=10_000)  # type: ignore[attr-defined]


def test_a_workspace_given_opens_under_the_page(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """`memdesk open PATH` on the very first start (a script waiting for the window too):
    the workspace opens at once, the page over it."""
    write_demo(tmp_path / "ws", layout="everbot")
    dialog = _first_start(window, tmp_path / "ws")
    qtbot.waitUntil(lambda: window.ws is not None, timeout=10_000)
    assert dialog.isVisible()
    dialog.buttons[CONTINUE].click()
    assert load_settings(window.settings_path)[0].welcome_dismissed


def test_help_shows_the_page_again(window: MainWindow) -> None:
    window.settings = window.settings.model_copy(update={"welcome_dismissed": True})
    help_menu = next(a.menu() for a in window.menuBar().actions() if "Help" in a.text())
    entry = next(a for a in help_menu.actions() if "What MemDesk writes" in a.text())  # type: ignore[union-attr]
    entry.trigger()
    dialog = window.menus.welcome_dialog
    assert dialog is not None and dialog.isVisible()
    assert not dialog.buttons[DEMO].isVisible() and not dialog.buttons[FIND].isVisible()
    assert dialog.buttons[CONTINUE].text().replace("&", "") == "Close"
    dialog.buttons[CONTINUE].click()
    assert not dialog.isVisible()


def test_the_new_words_read_in_chinese(chinese: None, window: MainWindow) -> None:
    """The Simplified Chinese catalog translates every word this page, the shortcuts list and the
    screen reader's names add, and the page reads in Chinese with it."""
    source = PROJECT_ROOT / "resources" / "i18n" / "memdesk_zh_CN.ts"
    assert 'type="unfinished"' not in source.read_text(encoding="utf-8")
    dialog = WelcomeDialog(window)
    assert dialog.windowTitle() == "欢迎使用 MemDesk"
    assert dialog.buttons[FIND].text() == "查找我的智能体(&F)"
    assert ".memdesk/" in dialog.text.text() and "备份" in dialog.text.text()
    dialog.deleteLater()
