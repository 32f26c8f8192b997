"""The Hermes desk, driven as a person would: an add or edit Hermes would refuse or fail at is
asked about before it is made; the budget is a bar per file; the list shows no made-up date."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

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
