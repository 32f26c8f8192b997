"""Run core work off the UI thread and get the outcome back on it (Anki's taskman idea).

Widgets are never touched from a worker: the worker's result or exception travels to the GUI
thread through a queued signal, where the callbacks run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Relay(QObject):
    done = Signal(object)
    failed = Signal(object)


class _Job(QRunnable):
    def __init__(self, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self.work = work
        self.relay = relay

    def run(self) -> None:
        try:
            result = self.work()
        except BaseException as exc:  # handed to the GUI thread, which decides
            self.relay.failed.emit(exc)
        else:
            self.relay.done.emit(result)


class TaskRunner(QObject):
    """Starts jobs on a thread pool; `busy` tells whether one is still running."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)  # file writes happen one after the other
        self._running: set[_Relay] = set()

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def run(
        self,
        work: Callable[[], Any],
        *,
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        relay = _Relay(self)  # lives on the GUI thread: its slots run there
        self._running.add(relay)

        def finished() -> None:
            self._running.discard(relay)
            relay.deleteLater()

        def done(result: Any) -> None:
            finished()
            on_done(result)

        def failed(exc: BaseException) -> None:
            finished()
            on_error(exc)

        relay.done.connect(done)
        relay.failed.connect(failed)
        self.pool.start(_Job(work, relay))

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until running jobs end (on close and in tests)."""
        return self.pool.waitForDone(msecs)
