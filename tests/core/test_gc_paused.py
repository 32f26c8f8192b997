"""Building 100,000 memories with the cyclic collector paused (core.formats.text.gc_paused)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

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
