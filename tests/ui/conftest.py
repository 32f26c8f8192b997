"""Qt test guards: every test must close what it opened."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication


@pytest.fixture(autouse=True)
def _no_leftovers(qapp: QApplication) -> Iterator[None]:
    """Fail a test that leaves a visible window or dialog, or a background job, behind."""
    yield
    QThreadPool.globalInstance().waitForDone(5_000)
    QApplication.processEvents()
    visible = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    assert visible == [], f"left open: {visible}"
