"""How the text of every command and page shows a moment (--json keeps ISO 8601)."""

from __future__ import annotations

import contextlib
from datetime import datetime


def shown_time(at: datetime | str) -> str:
    """Local time to the second, as in "2026-11-13 23:12:24". A moment without an offset is
    taken as local already; one local time cannot hold (year 9999 east of UTC) is shown as
    it is written."""
    moment = datetime.fromisoformat(at) if isinstance(at, str) else at
    with contextlib.suppress(OverflowError, ValueError):
        moment = moment.astimezone()
    return f"{moment:%Y-%m-%d %H:%M:%S}"
