"""The Qt binding MemDesk runs on must not corrupt Python's reference counts.

PySide6 6.12.0 (its abi3 wheel) returns None from every void method without taking a reference
on Python 3.11, where None is still reference-counted: a window used for a while then dies with
"Fatal Python error: none_dealloc". pyproject.toml keeps PySide6 below 6.12 on Python < 3.12 (from
3.12 on None is immortal and the slip is harmless). This test fails if such a binding is installed.
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem
from pytestqt.qtbot import QtBot

CALLS = 2_000


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12 on")
def test_void_methods_keep_none_alive(qtbot: QtBot) -> None:
    label = QLabel()
    table = QTableWidget(2, 2)
    qtbot.addWidget(label)
    qtbot.addWidget(table)
    before = sys.getrefcount(None)
    for _ in range(CALLS):
        label.setText("x")
        table.setItem(0, 0, QTableWidgetItem("x"))
    lost = before - sys.getrefcount(None)
    assert lost < CALLS // 2, f"the Qt binding dropped {lost} references to None"
