"""Run core work off the UI thread and get the outcome back on it (Anki's taskman idea).

Widgets are never touched from a worker: the worker's result or exception travels to the GUI
thread through a queued signal, where the callbacks run. One relay per runner, made on the GUI
thread and living as long as the runner: no per-job QObject is deleted while a worker may still
hold it (a job's relay deleted that way crashed the process now and then in ~QObject).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Relay(QObject):
    ended = Signal(int, bool, object)  # job, whether it succeeded, its result or exception


class _Job(QRunnable):
    def __init__(self, number: int, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self.number = number
        self.work: Callable[[], Any] | None = work
        self.relay = relay

    def run(self) -> None:
        work, self.work = self.work, None  # the worker keeps nothing of the job once it ended
        assert work is not None
        try:
            result = work()
        except BaseException as exc:  # handed to the GUI thread, which decides
            self.relay.ended.emit(self.number, False, exc)
        else:
            self.relay.ended.emit(self.number, True, result)


class TaskRunner(QObject):
    """Starts jobs on a thread pool; `busy` tells whether one is still running."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)  # made first, so destroyed first: it waits for its jobs
        self.pool.setMaxThreadCount(1)  # file writes happen one after the other
        self._relay = _Relay(self)  # lives on the GUI thread: its slot runs there
        self._relay.ended.connect(self._ended)
        self._numbers = itertools.count()
        self._running: dict[int, tuple[Callable[[Any], None], Callable[[BaseException], None]]]
        self._running = {}

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

    def _ended(self, number: int, succeeded: bool, outcome: Any) -> None:
        on_done, on_error = self._running.pop(number)
        if succeeded:
            on_done(outcome)
        else:
            on_error(outcome)

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until running jobs end (on close and in tests)."""
        return self.pool.waitForDone(msecs)
