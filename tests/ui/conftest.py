"""Qt test guards: every test must close what it opened."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QThreadPool
from PySide6.QtWidgets import QApplication


@pytest.fixture(autouse=True)
def _no_leftovers(qapp: QApplication) -> Iterator[None]:
    """Fail a test that leaves a top-level widget (shown or not) or a background job behind."""
    before = {shiboken6.getCppPointer(w)[0] for w in qapp.topLevelWidgets()}
    yield
    QThreadPool.globalInstance().waitForDone(5_000)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qapp.processEvents()
    left = [w for w in qapp.topLevelWidgets() if shiboken6.getCppPointer(w)[0] not in before]
    assert not left, f"top-level widgets left behind: {left}"
