"""Files named by their day, as the agents name daily notes: `YYYY-MM-DD.md`, and OpenClaw's
session summaries `YYYY-MM-DD-<slug>.md`. Only real calendar dates count (2026-02-30 is not)."""

from __future__ import annotations

import re
from datetime import date

_DATED = re.compile(r"(\d{4}-\d{2}-\d{2})(?:-(.+))?\.md", re.ASCII)


def dated_name(name: str) -> tuple[str, str | None] | None:
    """(the day, the slug after it or None) of a file name, None for any other name."""
    m = _DATED.fullmatch(name)
    if m is None:
        return None
    try:
        date.fromisoformat(m.group(1))
    except ValueError:
        return None
    return m.group(1), m.group(2)


def day_of(name: str) -> str | None:
    """The day of `YYYY-MM-DD.md` (no slug), else None."""
    found = dated_name(name)
    return found[0] if found is not None and found[1] is None else None
