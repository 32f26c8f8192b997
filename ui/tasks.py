"""Run core work off the UI thread and get the outcome back on it (Anki's taskman idea).

Widgets are never touched from a worker: the worker's result or exception travels to the GUI
thread through a queued signal, where the callbacks run.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

_Callbacks = tuple[Callable[[Any], None], Callable[[BaseException], None]]


class _Relay(QObject):
    done = Signal(int, object)
    failed = Signal(int, object)


class _Job(QRunnable):
    def __init__(self, number: int, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self.number = number
        self.work = work
        self.relay = relay

    def run(self) -> None:
        try:
            result = self.work()
        except BaseException as exc:  # handed to the GUI thread, which decides
            self.relay.failed.emit(self.number, exc)
        else:
            self.relay.done.emit(self.number, result)


class TaskRunner(QObject):
    """Starts jobs on a thread pool; `busy` tells whether one is still running.

    One relay carries every job's outcome and lives as long as the runner: a relay made and
    deleted per job could be deleted on the GUI thread while its worker was still emitting
    from it (a crash now and then when jobs followed one another)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)  # made first, so destroyed first: it waits for its jobs
        self.pool.setMaxThreadCount(1)  # file writes happen one after the other
        self._relay = _Relay(self)
        self._relay.done.connect(self._done)
        self._relay.failed.connect(self._failed)
        self._running: dict[int, _Callbacks] = {}
        self._numbers = itertools.count()

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
        number = next(self._numbers)
        self._running[number] = (on_done, on_error)
        self.pool.start(_Job(number, work, self._relay))

    def _done(self, number: int, result: Any) -> None:
        on_done, _ = self._running.pop(number)
        on_done(result)

    def _failed(self, number: int, exc: BaseException) -> None:
        _, on_error = self._running.pop(number)
        on_error(exc)

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until running jobs end (on close and in tests)."""
        return self.pool.waitForDone(msecs)
