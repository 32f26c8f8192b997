"""MemDesk's public data models (pydantic): what the CLI prints as JSON and the GUI edits.

The bulk store behind them is lighter (core.agents.everbot.format.Entry, slotted); models are built
where they serve: one memory shown or edited, JSON output, a file summary.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.agents.everbot.format import Entry
from core.formats.problems import Problem

# memory_meta keys MemDesk gives a meaning to; every other key is kept as found in `meta_extra`.
KNOWN_META_KEYS = ("created_at", "source", "verified", "expires_at", "source_session")


class Memory(BaseModel):
    """One memory with its place in the file and its extra metadata."""

    model_config = ConfigDict(extra="forbid")

    id: str
    key: str = Field(description="unique within the file: the id, or id~2 for a repeated id")
    category: str
    score: float
    last_activated: str
    activation_count: int = Field(ge=0)
    section: Literal["active", "archived"]
    content: str
    file: str
    line: int
    created_at: str | None = None
    source: str | None = None
    verified: bool | None = None
    expires_at: str | None = None
    source_session: str | None = None
    meta_extra: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def from_entry(cls, entry: Entry, file: str) -> Memory:
        return cls.model_validate(memory_fields(entry, file))


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


def problem_json(problem: Problem) -> dict[str, Any]:
    """A problem or warning, as `memdesk check --json` reports it (a plain dict: a file can
    have a million warnings)."""
    return {
        "file": problem.file,
        "line": problem.line,
        "kind": problem.kind,
        "message": problem.message,
    }


class ParsedFile(BaseModel):
    """Summary of one parsed memory file."""

    file: str
    entries: int
    active: int
    archived: int
    header_comments: dict[str, str]
    bom: bool
    newline: str
