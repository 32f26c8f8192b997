"""The JSON shapes of `memdesk list`, `show` and `check` as plain dicts and dataclasses: built for
every memory of a file, so without pydantic (models.py validates one memory where it serves).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.agents.everbot.document import Entry

# memory_meta keys MemDesk gives a meaning to; every other key is kept as found in `meta_extra`.
KNOWN_META_KEYS = ("created_at", "source", "verified", "expires_at", "source_session")


def memory_fields(entry: Entry, file: str) -> dict[str, Any]:
    """The JSON fields of a memory (`memdesk list --json`), without building a model."""
    meta = entry.meta or {}
    fields = {**entry.fields(), "key": entry.key, "file": file, "line": entry.line}
    for key in KNOWN_META_KEYS:
        if key in meta:
            fields[key] = meta[key]
    extra = {k: v for k, v in meta.items() if k not in KNOWN_META_KEYS}
    if extra:
        fields["meta_extra"] = extra
    return fields


@dataclass(frozen=True, slots=True)
class ParsedFile:
    """Summary of one parsed memory file."""

    file: str
    entries: int
    active: int
    archived: int
    header_comments: dict[str, str]
    bom: bool
    newline: str
