"""How the text of every command and page shows a moment (--json keeps ISO 8601) and a size,
and how a memory's date is read."""

from __future__ import annotations

import contextlib
import re
from datetime import date, datetime

_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def shown_time(at: datetime | str) -> str:
    """Local time to the second, as in "2026-11-13 23:12:24". A moment without an offset is
    taken as local already; one local time cannot hold (year 9999 east of UTC) is shown as
    it is written."""
    moment = datetime.fromisoformat(at) if isinstance(at, str) else at
    with contextlib.suppress(OverflowError, ValueError):
        moment = moment.astimezone()
    return f"{moment:%Y-%m-%d %H:%M:%S}"


def shown_size(count: int) -> str:
    """A byte count as a person reads it: 512 bytes, 64 KiB, 1 MiB, 30.5 MiB."""
    for unit, factor in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if count >= factor:
            return f"{count / factor:.1f}".removesuffix(".0") + f" {unit}"
    return f"{count} bytes"


def iso_day(text: str) -> date | None:
    """The day a text starts with, written YYYY-MM-DD ("2026-11-13", "2026-11-13T23:12:24Z");
    None for any other text: every page and command reads a memory's date alike."""
    if _ISO_DAY.match(text) is None:
        return None
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None
