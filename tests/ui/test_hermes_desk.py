"""The Hermes desk, driven as a person would: an add or edit Hermes would refuse or fail at is
asked about before it is made; the budget is a bar per file; the list shows no made-up date."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.conftest import FIXTURES
from tests.ui.test_agent_desk import opened, save
from ui.agents.hermes.desk import HermesDesk
from ui.main_window import MainWindow


def _home(tmp_path: Path, memory: str) -> Path:
    (tmp_path / "home/memories").mkdir(parents=True)
    (tmp_path / "home/memories/MEMORY.md").write_bytes(memory.encode("utf-8"))
    return tmp_path / "home"


def _desk(qtbot: QtBot, window: MainWindow, home: Path) -> HermesDesk:
    desk = opened(qtbot, window, home).desk
    assert isinstance(desk, HermesDesk)
    return desk


def test_an_add_hermes_would_refuse_is_asked_about_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Hermes user would: adding 'Key is at ~/.ssh/…' went in without a word, and
    Hermes then hid it from the model as [BLOCKED]. Now the window says so and asks first."""
    home = _home(tmp_path, "first")
    desk = _desk(qtbot, window, home)
    asked: list[str] = []
    desk.entries.confirm = lambda question: asked.append(question) is not None  # answers no
    desk.entries.editor.setPlainText("Key is at ~/.ssh/staging_ed25519")
    desk.entries.add_entry()
    assert len(asked) == 1 and "threat scan flags it (ssh_access)" in asked[0]
    assert not window.modified()
    desk.entries.confirm = lambda question: True
    desk.entries.add_entry()
    save(qtbot, window)
    assert (home / "memories/MEMORY.md").read_text(encoding="utf-8").endswith("ed25519")
    desk.entries.editor.setPlainText("a plain fact")
    desk.entries.confirm = lambda question: False
    desk.entries.add_entry()  # nothing to ask about
    assert window.modified()


def test_the_budget_is_a_bar_coloured_only_near_the_limit_and_the_list_shows_no_key(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Hermes user would: a yellow warning banner said '637 of 2,200 characters used
    (28%)', and the list's When column showed each entry's key (9bc632), no time at all. Now
    the budget is a bar, coloured only near or over the limit, the banner holds only what Hermes
    will refuse, hide or drop, and the first column flags the entries Hermes hides or drops."""
    home = _home(tmp_path, "first\n§\nKey is at ~/.ssh/id\n§\nfirst")
    desk = _desk(qtbot, window, home)
    bar = desk.budget
    assert bar.isVisible() and bar.maximum() == 2200
    assert bar.text().startswith("MEMORY.md: 27 of 2,200 characters")  # the repeat not counted
    plain = bar.palette().color(bar.palette().ColorRole.Highlight)
    warnings = desk.entries.warnings.warnings
    assert not any("characters" in w for w in warnings)
    assert any("line 3: hidden from the model" in w for w in warnings)
    model = desk.entries.model
    assert [model.data(model.index(r, 0)) for r in range(3)] == ["", "hidden", "repeat"]
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Hermes"
    desk.entries.confirm = lambda question: True
    desk.entries.editor.setPlainText("x" * 2150)
    desk.entries.add_entry()
    assert bar.text().startswith("MEMORY.md: 2,180 of 2,200")
    assert bar.palette().color(bar.palette().ColorRole.Highlight) != plain
    assert any("running Hermes session" in w for w in desk.entries.warnings.warnings)


def test_a_file_hermes_would_refuse_to_replace_in_is_written_as_hermes_writes_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Hermes user would: a MEMORY.md written in a Windows editor made Hermes refuse
    every replace ('file on disk has content that wouldn't round-trip'), and MemDesk offered no
    way out but hand-editing. Now one button writes it as Hermes' own next write would (oracle
    crlf-bom-whitespace-read: the file its add leaves, less the added entry)."""
    case = tmp_path / "case"
    oracle = FIXTURES / "hermes/crlf-bom-whitespace-read"
    home = _home(case, "")
    memory = home / "memories/MEMORY.md"
    memory.write_bytes((oracle / "before.memories__MEMORY.md").read_bytes())
    desk = _desk(qtbot, window, home)
    assert desk.rewrite.isVisible()
    desk.rewrite.click()
    save(qtbot, window)
    added = json.loads((oracle / "output.json").read_text(encoding="utf-8"))["steps"][3]
    expected = added["MEMORY.md"].removesuffix("\n§\nFourth entry added by the tool")
    assert memory.read_text(encoding="utf-8") == expected
    assert not desk.rewrite.isVisible()
