"""Issue 24, item 5: one copy of each shared piece, so that every page and command agrees."""

from __future__ import annotations

import math
from datetime import date

import pytest

from core.decay import _DateCache
from core.search import _day_number
from core.times import iso_day

# Texts found in `last_activated` and `Last updated`; Python 3.11's date.fromisoformat reads
# the compact and week forms too, which MemDesk's search never did.
DATES = [
    ("2026-11-05", date(2026, 11, 5)),
    ("2026-11-05T08:00:00Z", date(2026, 11, 5)),
    ("2026-11-05 08:00", date(2026, 11, 5)),
    ("20261105", None),
    ("2026-W45-4", None),
    ("2026-13-01", None),
    ("", None),
    ("yesterday", None),
]


@pytest.mark.parametrize(("text", "day"), DATES)
def test_a_memory_date_is_read_alike_by_decay_and_search(text: str, day: date | None) -> None:
    """Tried as a user would: a memory whose last activation reads "20261105" decayed from
    5 November while the filter `last<2026-12-01` did not find it; now neither reads a date."""
    assert iso_day(text) == day
    assert _DateCache().get(text) == day
    searched = _day_number(text)
    assert (math.isnan(searched) and day is None) or searched == day.toordinal()  # type: ignore[union-attr]
