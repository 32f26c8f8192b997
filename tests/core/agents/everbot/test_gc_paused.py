"""Building 100,000 memories with the cyclic collector paused (core.formats.text.gc_paused)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from core.agents.everbot import ops
from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.workspace import Workspace
from core.demo import write_demo
from core.formats.text import gc_paused


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    gc.collect()
    yield
    if not was:
        gc.disable()


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


@pytest.mark.usefixtures("collector_on")
def test_what_a_pause_built_is_in_the_oldest_generation_at_once() -> None:
    with gc_paused():
        assert not gc.isenabled()
        built = [[n] for n in range(20_000)]  # lists: tracked by the collector
    assert gc.isenabled()
    assert gc.get_count()[0] < len(built)  # no young collection is due to walk them
    oldest = {id(obj) for obj in gc.get_objects(generation=2)}
    assert all(id(obj) in oldest for obj in built)


@pytest.mark.usefixtures("collector_on")
def test_a_nested_pause_leaves_the_collector_to_the_outer_one() -> None:
    with gc_paused():
        with gc_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with gc_paused():
        pass
    assert not gc.isenabled()  # it was off before: it stays off


@pytest.mark.usefixtures("collector_on")
def test_a_cycle_built_in_a_pause_is_still_collected() -> None:
    with gc_paused():
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
    del a, b
    assert gone() is not None  # a cycle: reference counts alone cannot free it
    gc.collect()
    assert gone() is None


@pytest.mark.usefixtures("collector_on")
def test_a_workspace_let_go_is_freed_without_the_cycle_collector(tmp_path: Path) -> None:
    """What a pause built goes to the oldest generation, collected in full only now and then:
    a workspace (100,000 memories) kept by a reference cycle would stay in memory long after
    the window let it go. Tried as a tester would: opening read a missing profile.json, and the
    error's traceback held the frames that held the new workspace."""
    root = tmp_path / "ws"
    write_demo(root, entries=50, seed=1)
    gc.disable()
    ws = Workspace.open(root)
    ws.sync_journal()
    apply_decay(ws, preview_decay(ws, date.today() + timedelta(days=30)))
    first = ws.entries()[0]
    ws.apply(ops.edit(ws, first.key, content="changed"))
    ws.save(actor="person", cause="edited in MemDesk")
    ws.history(first.key)
    document = weakref.ref(ws.document)
    del ws, first
    assert document() is None, "a reference cycle keeps the workspace alive"
