"""Help → About MemDesk shows the version the package says (core.__version__)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from core import __version__
from ui.main_window import MainWindow


def test_the_about_box_shows_the_version(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda _parent, _title, text: shown.append(text))
    about = next(
        action
        for menu in window.menuBar().actions()
        for action in menu.menu().actions()
        if "About" in action.text()
    )
    about.trigger()
    assert len(shown) == 1
    assert f"MemDesk {__version__}" in shown[0]
