"""Plain-text cells for reports read in a terminal: a value's first line, cut to a width, where a
CJK character takes two columns."""

from __future__ import annotations

import unicodedata
from typing import Any

__all__ = ["cell", "counted", "first_line"]


def first_line(value: Any, width: int = 70) -> str:
    """The first line of `value`, cut at `width` characters; "…" marks what was left out."""
    text = "" if value is None else str(value)
    first = text.split("\n", 1)[0]
    return first[:width] + ("…" if len(first) > width or "\n" in text else "")


def cell(text: str, width: int) -> str:
    """`text`'s first line in exactly `width` terminal columns: cut with "…", padded."""
    first = text.split("\n", 1)[0]
    sizes = [2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in first]
    if sum(sizes) > width or "\n" in text:
        used = kept = 0
        while kept < len(first) and used + sizes[kept] <= width - 1:
            used += sizes[kept]
            kept += 1
        first, sizes = first[:kept] + "…", [*sizes[:kept], 1]
    return first + " " * (width - sum(sizes))


def counted(count: int, noun: str, plural: str = "") -> str:
    """ "1 workspace", "3 workspaces" (`plural` when adding an s will not do)."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
