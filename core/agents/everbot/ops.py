"""Operations on memories, as lists of changes: the same for the window, the CLI and the reviewer.

Each function only describes the change (before/after per memory); `Workspace.apply` applies it
to the open file and `Workspace.save` writes it. `inverse` gives the change that undoes one.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import UTC, datetime

from core.agents.everbot.document import Entry, Section, checked_content
from core.agents.everbot.scoring import reinforce
from core.agents.everbot.workspace import Workspace, WorkspaceError
from core.store.merge import Change


def edit(ws: Workspace, key: str, **fields: object) -> list[Change[Entry]]:
    """Change fields of one memory (content, category, score, ...); no-op fields are dropped."""
    entry = _entry(ws, key)
    if "content" in fields:
        fields["content"] = _checked_text(str(fields["content"]))
        if not fields["content"]:
            raise WorkspaceError("a memory needs some text (delete it instead)", exit_code=1)
    wanted = {k: v for k, v in fields.items() if getattr(entry, k) != v}
    if not wanted:
        return []
    if "category" in wanted:
        wanted["category"] = _checked_category(str(wanted["category"]))
    return [Change(key, entry, entry.edited(**wanted))]


def set_category(ws: Workspace, keys: Iterable[str], category: str) -> list[Change[Entry]]:
    return [c for key in keys for c in edit(ws, key, category=category)]


def _checked_category(name: str) -> str:
    """The agent's header allows letters, digits and _ only (\\w+): anything else breaks it."""
    name = name.strip()
    if not name or not name.replace("_", "").isalnum():
        raise WorkspaceError(
            f"category {name!r}: use letters, digits or _ only (the agent's format)", exit_code=1
        )
    return name


def move(ws: Workspace, keys: Iterable[str], section: Section) -> list[Change[Entry]]:
    """Archive (section archived) or unarchive (active) memories."""
    return [c for key in keys for c in edit(ws, key, section=section)]


def delete(ws: Workspace, keys: Iterable[str]) -> list[Change[Entry]]:
    return [Change(key, _entry(ws, key), None) for key in keys]


def reinforce_memory(
    ws: Workspace, key: str, *, now: datetime | None = None
) -> list[Change[Entry]]:
    """The memory was really used: score up by the profile's rule, one more hit, activated now."""
    entry = _entry(ws, key)
    score, hits, when = reinforce(ws.profile, entry.score, entry.activation_count, now or _now())
    fields = {"score": score, "activation_count": hits, "last_activated": when.date().isoformat()}
    return [Change(key, entry, entry.edited(**fields))]


def pin(ws: Workspace, key: str) -> list[Change[Entry]]:
    """Promote to `core`: pinned, never decays under the tiered profile."""
    return edit(ws, key, category="core")


def create(
    ws: Workspace,
    *,
    content: str,
    category: str,
    score: float,
    section: Section = "active",
    now: datetime | None = None,
) -> list[Change[Entry]]:
    """A new memory with a fresh 6-hex id, as the agent makes them."""
    text = _checked_text(content)
    if not text:
        raise WorkspaceError("a memory needs some text", exit_code=1)
    category = _checked_category(category)
    taken = {e.id for e in ws.entries()}
    new_id = uuid.uuid4().hex[:6]
    while new_id in taken:
        new_id = uuid.uuid4().hex[:6]
    when = (now or _now()).date().isoformat()
    entry = Entry(new_id, new_id, category, score, when, 1, text, section)
    return [Change(new_id, None, entry)]


def _checked_text(text: str) -> str:
    try:
        return checked_content(text)
    except ValueError as exc:
        raise WorkspaceError(str(exc), exit_code=1) from None


def _entry(ws: Workspace, key: str) -> Entry:
    entry = ws.find(key)
    if entry is None:
        raise WorkspaceError(f"{ws.path}: no memory {key}", exit_code=1)
    return entry


def _now() -> datetime:
    return datetime.now(UTC)
