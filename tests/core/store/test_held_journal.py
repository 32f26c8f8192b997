"""A session's held journal in the window: a look from the UI thread while the worker holds the
journal for a save reads through a handle of its own at once, never waits for the save."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from core.store.journal import Journal
from core.store.settled import HeldJournal

SAVE_S = 2.0  # how long the "save" holds the journal: far longer than a look may take


def test_a_look_while_another_thread_writes_does_not_wait(tmp_path: Path) -> None:
    held = HeldJournal(tmp_path)
    with held.writing() as journal:
        journal.set_setting("layout", "everbot")
    writing, done = threading.Event(), threading.Event()

    def save() -> None:
        with held.writing():
            writing.set()
            done.wait(SAVE_S)

    worker = threading.Thread(target=save)
    worker.start()
    try:
        assert writing.wait(5)
        started = time.monotonic()
        with held.reading() as seen:
            assert seen is not None and seen.get_setting("layout") == "everbot"
        assert time.monotonic() - started < SAVE_S / 2
    finally:
        done.set()
        worker.join()
        held.close()


def test_the_same_thread_reads_through_the_held_handle(tmp_path: Path) -> None:
    with HeldJournal(tmp_path) as held:
        with held.writing() as journal, held.reading() as seen:
            assert seen is journal
        with held.reading() as first, held.reading() as again:
            assert isinstance(first, Journal) and again is first
