"""Tried as a person would (issue 26): MemDesk closed with three workspaces open started again
with one of them (or the Home page). Now the workspaces open at closing are opened again, in
their order, the one shown then shown again; one gone since is skipped with one status-bar line;
a workspace given on the command line is opened too and shown."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.gui import open_first
from core.demo import write_demo
from tests.conftest import PROJECT_ROOT
from tests.ui.conftest import _forget_edits
from ui import main_window
from ui.main_window import MainWindow
from ui.settings import Settings, load_settings, saved, settings_path


@pytest.fixture
def three(tmp_path: Path) -> list[Path]:
    folders = [tmp_path / name for name in ("first", "second", "third")]
    for folder, layout in zip(folders, ("everbot", "hermes", "everbot"), strict=True):
        write_demo(folder, layout=layout)
    return folders


def start(qtbot: QtBot, settings_file: Path, given: Path | None, opened: int) -> MainWindow:
    """MemDesk started as `memdesk open [given]` would, once `opened` workspaces are open."""
    settings, warnings = load_settings(settings_file)
    assert warnings == []
    win = MainWindow(settings, settings_path=settings_file)
    qtbot.addWidget(win, before_close_func=_forget_edits)
    win.show()
    open_first(win, given, settings)
    qtbot.waitUntil(lambda: len(win.tabs()) == opened and not win.opener.busy, timeout=20_000)
    qtbot.wait(50)  # the last one's `then`
    return win


def roots(win: MainWindow) -> list[Path]:
    return [tab.root for tab in win.tabs()]


def test_the_workspaces_open_at_closing_open_again_with_the_same_one_shown(
    qtbot: QtBot, window: MainWindow, three: list[Path], tmp_path: Path
) -> None:
    for folder in three:
        window.open_workspace(folder)
    qtbot.waitUntil(lambda: len(window.tabs()) == 3, timeout=20_000)
    window.show_tab(window.tabs()[1])
    window.close()
    again = start(qtbot, tmp_path / "settings.json", None, opened=3)
    assert roots(again) == three
    assert again.current_tab is not None and again.current_tab.root == three[1]


def test_a_workspace_gone_since_is_skipped_with_one_status_line(
    qtbot: QtBot, three: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "critical", lambda *_a: pytest.fail("an error box"))
    settings_file = tmp_path / "settings.json"
    session = Settings().with_session([str(p) for p in three], str(three[2]))
    settings_file.write_text(session.model_dump_json(), encoding="utf-8")
    shutil.rmtree(three[1])
    win = start(qtbot, settings_file, None, opened=2)
    assert roots(win) == [three[0], three[2]]
    assert win.current_tab is not None and win.current_tab.root == three[2]
    said = win.statusBar().currentMessage()
    assert said == f"Not reopened, no longer there: {three[1]}"
    assert win.notes.news is None and win.current_tab.notes.news is None  # no banner either


def test_the_workspace_given_on_the_command_line_is_opened_too_and_shown(
    qtbot: QtBot, three: list[Path], tmp_path: Path
) -> None:
    settings_file = tmp_path / "settings.json"
    session = Settings().with_session([str(p) for p in three[:2]], str(three[0]))
    settings_file.write_text(session.model_dump_json(), encoding="utf-8")
    win = start(qtbot, settings_file, three[2], opened=3)
    assert roots(win) == three
    assert win.current_tab is not None and win.current_tab.root == three[2]


def test_a_settings_file_from_before_still_loads(tmp_path: Path) -> None:
    old = {"schema_version": 1, "theme": "dark", "last_workspace": "/somewhere"}
    (tmp_path / "settings.json").write_text(json.dumps(old), encoding="utf-8")
    settings, warnings = load_settings(tmp_path / "settings.json")
    assert warnings == [] and settings.theme == "dark"
    assert settings.open_workspaces == [] and settings.current_workspace is None


def on_disk(settings_file: Path) -> tuple[list[str], str | None]:
    """The session the settings file holds now (what a start after a kill reopens)."""
    settings, warnings = load_settings(settings_file)
    assert warnings == []
    return settings.open_workspaces, settings.current_workspace


def test_the_session_is_on_disk_as_workspaces_open_close_and_switch(
    qtbot: QtBot, window: MainWindow, everbot: Path, hermes: Path, tmp_path: Path
) -> None:
    """Tried as a person whose MemDesk was killed: the session saved only when the window
    closed, so the next start reopened the session before. Now it is saved as it changes."""
    settings_file = tmp_path / "settings.json"
    for folder in (everbot, hermes):
        window.open_workspace(folder)
    qtbot.waitUntil(lambda: len(window.tabs()) == 2 and not window.opener.busy, timeout=20_000)
    ev, he = (str(tab.root) for tab in window.tabs())
    qtbot.waitUntil(lambda: on_disk(settings_file) == ([ev, he], he))
    window.show_tab(window.tabs()[0])
    assert on_disk(settings_file) == ([ev, he], ev)
    window.navigator.show_page(window.hubs["home"])
    assert on_disk(settings_file) == ([ev, he], None)
    assert window.close_workspace(window.tabs()[0])
    assert on_disk(settings_file) == ([he], he)


def test_every_session_saved_while_the_last_one_reopens_holds_all_of_it(
    qtbot: QtBot, three: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kill while the last session's workspaces are being opened again loses none of them:
    the folders still being read are saved with those open already."""
    settings_file = tmp_path / "settings.json"
    session = Settings().with_session([str(p) for p in three], str(three[1]))
    settings_file.write_text(session.model_dump_json(), encoding="utf-8")
    written: list[list[str]] = []

    def recorded(settings: Settings, path: Path | None = None) -> Settings:
        written.append(settings.open_workspaces)
        return saved(settings, path)

    monkeypatch.setattr(main_window, "saved", recorded)
    win = start(qtbot, settings_file, None, opened=3)
    assert written and all(w == [str(p) for p in three] for w in written)
    assert on_disk(settings_file) == ([str(p) for p in three], str(three[1]))
    assert win.current_tab is not None and win.current_tab.root == three[1]


def started_then_killed(given: Path, until: tuple[list[str], str | None]) -> None:
    """`memdesk open GIVEN` started as a person starts it (offscreen), killed with SIGKILL once
    the settings file on disk holds the session `until`: nothing is written at closing."""
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "app.cli", "open", str(given)]
    window = subprocess.Popen(command, cwd=PROJECT_ROOT, env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while on_disk(settings_path()) != until:
            assert window.poll() is None, f"memdesk open ended with {window.returncode}"
            assert time.monotonic() < deadline, f"the session on disk: {on_disk(settings_path())}"
            time.sleep(0.1)
    finally:
        window.send_signal(signal.SIGKILL)
        window.wait()


@pytest.mark.slow
def test_a_window_killed_after_opening_a_second_workspace_reopens_both(
    qtbot: QtBot, everbot: Path, hermes: Path
) -> None:
    """Tried as a person whose MemDesk was killed (SIGKILL, a crash, the power): the next start
    reopened the session of the last clean close. Now it reopens both workspaces open then."""
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(Settings(welcome_dismissed=True).model_dump_json(), "utf-8")
    started_then_killed(everbot, until=([str(everbot)], str(everbot)))
    started_then_killed(hermes, until=([str(everbot), str(hermes)], str(hermes)))
    win = start(qtbot, settings_path(), None, opened=2)
    assert roots(win) == [everbot, hermes]
    assert win.current_tab is not None and win.current_tab.root == hermes
