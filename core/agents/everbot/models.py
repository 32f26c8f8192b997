"""MemDesk's public data models (pydantic): what the CLI prints as JSON and the GUI edits.

The bulk store behind them is lighter (core.agents.everbot.document.Entry, slotted); models are built
where they serve: one memory shown or edited, JSON output, a file summary.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.agents.everbot.document import Entry
from core.agents.everbot.fields import memory_fields


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
