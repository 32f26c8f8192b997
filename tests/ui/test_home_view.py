"""The window's Home page (issue 26, item 2): every workspace `memdesk scan` finds with its
figures, Enter opening one, a search across all of them, folders added and removed as the
command does, and nothing written while it looks."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from core.scan import COLUMNS, scan, shown
from core.store.journal import Journal
from tests.cli.conftest import Cli, cli  # noqa: F401 (a fixture)
from tests.helpers import every_agent_home, fingerprint
from ui.home_view import REASON, HomeView
from ui.settings import load_settings, settings_path
from ui.tables import row_of_view

CHINESE = "用户喜欢乌龙茶，不加糖"


@pytest.fixture
def home(qtbot: QtBot) -> Iterator[HomeView]:
    """The Home page, shown, its first scan done."""
    view = HomeView(settings_path())
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.scanned, timeout=30_000)
    yield view
    view.runner.wait()
    view.search.runner.wait()


@pytest.fixture
def every_agent(cli: Cli) -> dict[Path, str]:  # noqa: F811
    """A home with every agent's demo (see every_agent_home) and a Chinese memory in Hermes."""
    expected = every_agent_home(cli)
    assert cli("add", Path.home() / ".hermes", CHINESE).code == 0
    return expected


def rows(view: HomeView) -> list[tuple[str, ...]]:
    """The table's rows as shown, in the order shown."""
    model = view.table.model()
    return [
        tuple(model.index(r, c).data() for c in range(model.columnCount()))
        for r in range(model.rowCount())
    ]


def select(view: HomeView, path: Path) -> None:
    """The row of the workspace at `path` made current, wherever the sort put it."""
    table = view.table
    shown_at = [table.model().index(r, 0) for r in range(table.model().rowCount())]
    index = next(i for i in shown_at if view.model.rows[row_of_view(table, i)].path == path)
    table.setCurrentIndex(index)
    table.setFocus()


def search_for(qtbot: QtBot, view: HomeView, query: str) -> None:
    """`query` typed into the search field as a Chinese input method gives it: one character at
    a time, committed; the results are waited for."""
    field = view.search.field
    field.setFocus()
    for char in query:
        QApplication.sendEvent(field, QInputMethodEvent("", []))
        committed = QInputMethodEvent()
        committed.setCommitString(char)
        QApplication.sendEvent(field, committed)
    assert field.text() == query
    qtbot.waitUntil(lambda: "found" in view.search.status.text(), timeout=30_000)


def test_every_workspace_is_listed_with_the_figures_scan_gives(
    every_agent: dict[Path, str], home: HomeView
) -> None:
    """Tried as a person with every agent on one machine: the window showed one workspace and
    said nothing of the others. The Home page lists each, with `memdesk scan`'s figures, the
    most recently changed first."""
    expected = scan(extra=[Path(p) for p in load_settings()[0].scan_folders])
    assert {f.path: f.agent for f in home.model.rows} == every_agent
    assert rows(home) == [(*shown(f), "") for f in expected]
    waiting = {f.path: f.waiting + f.staged for f in expected}
    assert waiting[Path.home() / "bots" / "everbot"] > 0 and waiting[Path.home() / ".hermes"] > 0
    assert f"{len(expected)} workspaces, {sum(waiting.values())} waiting" in home.status.text()
    assert not home.progress.isVisible() and home.rescan_button.isEnabled()


def test_enter_or_a_double_click_on_a_row_opens_that_workspace(
    every_agent: dict[Path, str], home: HomeView, qtbot: QtBot
) -> None:
    hermes = Path.home() / ".hermes"
    home.table.sortByColumn(COLUMNS.index("memories"), Qt.SortOrder.AscendingOrder)
    select(home, hermes)
    with qtbot.waitSignal(home.open_requested, timeout=2000) as opened:
        qtbot.keyClick(home.table, Qt.Key.Key_Return)
    assert opened.args == [hermes, "hermes"]
    codex = Path.home() / ".codex"
    select(home, codex)
    where = home.table.visualRect(home.table.currentIndex()).center()
    with qtbot.waitSignal(home.open_requested, timeout=2000) as opened:
        qtbot.mouseClick(home.table.viewport(), Qt.MouseButton.LeftButton, pos=where)
        qtbot.mouseDClick(home.table.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert opened.args == [codex, "codex"]


def test_search_finds_a_chinese_memory_in_its_workspace(
    every_agent: dict[Path, str], home: HomeView, qtbot: QtBot
) -> None:
    """Typed as the person types: results appear without Enter, each naming its workspace and
    agent; Enter asks the window to show that memory there."""
    search_for(qtbot, home, "乌龙茶")
    hits = home.search.model.rows
    assert [(h.found.path, h.found.agent) for h in hits] == [(Path.home() / ".hermes", "hermes")]
    assert CHINESE in hits[0].text
    shown_row = [home.search.table.model().index(0, c).data() for c in range(2)]
    assert shown_row == ["Hermes", "~/.hermes"]
    home.search.table.setCurrentIndex(home.search.table.model().index(0, 0))
    with qtbot.waitSignal(home.reveal_requested, timeout=2000) as revealed:
        qtbot.keyClick(home.search.table, Qt.Key.Key_Return)
    assert revealed.args == [Path.home() / ".hermes", "hermes", hits[0].file, hits[0].key]
    assert (Path.home() / ".hermes" / hits[0].file).is_file()


def test_a_result_for_an_older_query_is_dropped(
    every_agent: dict[Path, str], home: HomeView, qtbot: QtBot
) -> None:
    """A search still running when the person typed on never shows its results."""
    home.search.field.setText("the")
    home.search.search_now()  # running now, over every workspace
    home.search.field.setText("乌龙茶")
    qtbot.waitUntil(lambda: "found" in home.search.status.text(), timeout=30_000)
    assert [CHINESE in h.text for h in home.search.model.rows] == [True]


def test_looking_and_searching_write_nothing(
    every_agent: dict[Path, str],
    qtbot: QtBot,
    cli: Cli,  # noqa: F811
) -> None:
    """Every file of the home (journals, settings, the agents' files), bytes and times, is the
    same after the Home page scanned, rescanned and searched."""
    before = fingerprint(Path.home())
    view = HomeView(settings_path())
    qtbot.addWidget(view)
    view.show()
    assert view.progress.isVisible() and not view.rescan_button.isEnabled()  # scanning
    qtbot.waitUntil(lambda: view.scanned, timeout=30_000)
    assert not view.progress.isVisible()
    view.rescan()
    qtbot.waitUntil(lambda: view.rescan_button.isEnabled(), timeout=30_000)
    search_for(qtbot, view, "乌龙茶")
    view.search.runner.wait()
    assert fingerprint(Path.home()) == before


def test_a_workspace_that_cannot_be_read_shows_why_beside_the_others(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
    qtbot: QtBot,
) -> None:
    """A workspace whose journal is not SQLite's, and an added folder since removed, are rows
    saying why; the others are listed and searched all the same."""
    spoiled, gone, fine = tmp_path / "spoiled", tmp_path / "gone", tmp_path / "fine"
    for folder in (spoiled, gone, fine):
        write_demo(folder, layout="pomelobot")
        assert cli("scan", "--add", folder).code == 0
    assert cli("add", spoiled, "a memory MemDesk wrote").code == 0
    assert cli("add", fine, CHINESE).code == 0
    Journal.db_path(spoiled).write_bytes(b"this is not SQLite\n" * 200)
    shutil.rmtree(gone)
    view = HomeView(settings_path())
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.scanned, timeout=30_000)
    reasons = {f.path: view.model.index(r, REASON).data() for r, f in enumerate(view.model.rows)}
    assert reasons[fine] == ""
    assert "not a MemDesk journal" in reasons[spoiled]
    assert "no such folder" in reasons[gone]
    assert "2 could not be read" in view.status.text()
    search_for(qtbot, view, "乌龙茶")
    assert [h.found.path for h in view.search.model.rows] == [fine]
    lines = view.search.failures.text().splitlines()
    assert len(lines) == 2 and any("not a MemDesk journal" in line for line in lines)
    view.search.runner.wait()


def test_nothing_found_says_where_it_looked_and_how_to_add_a_folder(home: HomeView) -> None:
    assert home.model.rows == []
    text = home.status.text()
    assert "\n" not in text
    for where in ("~/.hermes", "~/.claude", "~/.codex", "~/.picoclaw", "~/.openclaw/workspace"):
        assert where in text
    assert "Add folder…" in text


def test_folders_are_added_and_removed_as_memdesk_scan_does(
    home: HomeView,
    tmp_path: Path,
    qtbot: QtBot,
    cli: Cli,  # noqa: F811
) -> None:
    """Add folder… keeps the folder in the settings `memdesk scan` reads (refusing one without
    agent memory, in one line); Remove stops scanning it and leaves its files alone."""
    notes, bot = tmp_path / "notes", tmp_path / "bot"
    notes.mkdir()
    write_demo(bot, layout="everbot")
    before = fingerprint(bot)
    home.choose_folder = lambda: notes
    home.add_folder()
    assert "no agent memory here" in home.status.text() and "nothing added" in home.status.text()
    assert load_settings()[0].scan_folders == []
    home.choose_folder = lambda: bot
    home.add_folder()
    qtbot.waitUntil(lambda: [f.path for f in home.model.rows] == [bot], timeout=30_000)
    assert load_settings()[0].scan_folders == [str(bot)]
    assert [f["path"] for f in cli("scan", "--json").json()] == [str(bot)]
    assert not home.remove_button.isEnabled()
    select(home, bot)
    assert home.remove_button.isEnabled()
    home.remove_button.click()
    qtbot.waitUntil(lambda: home.model.rows == [], timeout=30_000)
    assert load_settings()[0].scan_folders == []
    assert fingerprint(bot) == before


def test_memory_text_and_paths_are_never_rich_text(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
    qtbot: QtBot,
) -> None:
    """A memory holding an <img> tag and a folder named like markup are shown as written: the
    cells are plain text, the tooltips escaped (Qt loads what a rich tooltip's <img> names)."""
    bot = tmp_path / "<b>bot</b>"
    write_demo(bot, layout="everbot")
    assert cli("scan", "--add", bot).code == 0
    hostile = "乌龙茶 <img src='trap.png'>"
    assert cli("add", bot, hostile).code == 0
    view = HomeView(settings_path())
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.scanned, timeout=30_000)
    tip = view.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "&lt;b&gt;bot&lt;/b&gt;" in tip and "<b>" not in tip
    search_for(qtbot, view, "乌龙茶")
    results = view.search.model
    assert results.index(0, 4).data() == hostile
    tip = results.index(0, 4).data(Qt.ItemDataRole.ToolTipRole)
    assert "&lt;img src=&#x27;trap.png&#x27;&gt;" in tip and "<img" not in tip
    assert view.status.textFormat() == view.search.failures.textFormat() == Qt.TextFormat.PlainText
    view.search.runner.wait()


def test_a_folder_added_while_scanning_is_in_the_next_scan(tmp_path: Path, qtbot: QtBot) -> None:
    """Add folder… while the first scan still ran: that scan had read the folders before, so the
    folder added was missing until the person pressed Rescan; now a scan follows it."""
    bot = tmp_path / "bot"
    write_demo(bot, layout="everbot")
    view = HomeView(settings_path())
    qtbot.addWidget(view)
    view.show()
    assert view.runner.busy
    view.choose_folder = lambda: bot
    view.add_folder()
    qtbot.waitUntil(lambda: [f.path for f in view.model.rows] == [bot], timeout=30_000)
    qtbot.waitUntil(lambda: not view.runner.busy, timeout=30_000)
