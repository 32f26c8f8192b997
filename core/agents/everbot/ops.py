"""Operations on memories, as change sets: the same for the window, the CLI and the reviewer.

Each function only describes the change (before/after per memory) as a `ChangeSet` on the
workspace's memory file, named by `label` (what the Edit menu's undo item says; a default
otherwise); applying it changes the open file and `Workspace.save` writes it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import UTC, datetime

from core.agents.everbot.document import Entry, Section, checked_content
from core.agents.everbot.scoring import reinforce
from core.agents.everbot.workspace import Workspace
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.merge import Change


def edit(ws: Workspace, key: str, *, label: str = "", **fields: object) -> ChangeSet:
    """Change fields of one memory (content, category, score, ...); no-op fields are dropped."""
    entry = _entry(ws, key)
    return _changeset(ws, label or say("Edit [{id}]", id=entry.id), _edited(entry, fields))


def _edited(entry: Entry, fields: dict[str, object]) -> list[Change[Entry]]:
    if "content" in fields:
        fields["content"] = _checked_text(str(fields["content"]))
        if not fields["content"]:
            raise WorkspaceError(say("a memory needs some text (delete it instead)"), exit_code=1)
    wanted = {k: v for k, v in fields.items() if getattr(entry, k) != v}
    if not wanted:
        return []
    if "category" in wanted:
        wanted["category"] = _checked_category(str(wanted["category"]))
    return [Change(entry.key, entry, entry.edited(**wanted))]


def set_category(ws: Workspace, keys: Iterable[str], category: str, label: str = "") -> ChangeSet:
    changes = [c for key in keys for c in _edited(_entry(ws, key), {"category": category})]
    return _changeset(
        ws, label or say("Change category to {category_name}", category_name=category), changes
    )


def _checked_category(name: str) -> str:
    """The agent's header allows letters, digits and _ only (\\w+): anything else breaks it."""
    name = name.strip()
    if not name or not name.replace("_", "").isalnum():
        raise WorkspaceError(
            say(
                "category {name}: use letters, digits or _ only (the agent's format)",
                name=repr(name),
            ),
            exit_code=1,
        )
    return name


def move(ws: Workspace, keys: Iterable[str], section: Section, label: str = "") -> ChangeSet:
    """Archive (section archived) or unarchive (active) memories."""
    changes = [c for key in keys for c in _edited(_entry(ws, key), {"section": section})]
    if section == "archived":
        named = _named(changes, N_("Archive [{id}]"), N_("Archive ({count})"))
    else:
        named = _named(changes, N_("Unarchive [{id}]"), N_("Unarchive ({count})"))
    return _changeset(ws, label or named, changes)


def delete(ws: Workspace, keys: Iterable[str], label: str = "") -> ChangeSet:
    changes = [Change(key, _entry(ws, key), None) for key in keys]
    return _changeset(
        ws, label or _named(changes, N_("Delete [{id}]"), N_("Delete ({count})")), changes
    )


def merge(ws: Workspace, keep: str, drop: str, text: str, label: str = "") -> ChangeSet:
    """One memory of two: `keep` with the merged text, the higher score and the hits summed;
    `drop` deleted."""
    kept, dropped = ws.find(keep), ws.find(drop)
    if kept is None or dropped is None:
        raise WorkspaceError(
            say("{path}: a memory to merge is gone", path=ws.path), exit_code=EXIT_REFUSED
        )
    fields = {
        "content": text,
        "score": max(kept.score, dropped.score),
        "activation_count": kept.activation_count + dropped.activation_count,
    }
    changes = [*_edited(kept, fields), Change(drop, dropped, None)]
    return _changeset(
        ws, label or say("Merge [{id}] into [{into_id}]", id=dropped.id, into_id=kept.id), changes
    )


def reinforce_memory(
    ws: Workspace, key: str, *, now: datetime | None = None, label: str = ""
) -> ChangeSet:
    """The memory was really used: score up by the profile's rule, one more hit, activated now."""
    entry = _entry(ws, key)
    score, hits, when = reinforce(ws.profile, entry.score, entry.activation_count, now or _now())
    fields = {"score": score, "activation_count": hits, "last_activated": when.date().isoformat()}
    changes = [Change(key, entry, entry.edited(**fields))]
    return _changeset(ws, label or say("Reinforce [{id}]", id=entry.id), changes)


def pin(ws: Workspace, key: str, label: str = "") -> ChangeSet:
    """Promote to `core`: pinned, never decays under the tiered profile."""
    entry = _entry(ws, key)
    changes = _edited(entry, {"category": "core"})
    return _changeset(ws, label or say("Pin [{id}] to core", id=entry.id), changes)


def create(
    ws: Workspace,
    *,
    content: str,
    category: str,
    score: float,
    section: Section = "active",
    now: datetime | None = None,
    label: str = "",
) -> ChangeSet:
    """A new memory with a fresh 6-hex id, as the agent makes them."""
    text = _checked_text(content)
    if not text:
        raise WorkspaceError(say("a memory needs some text"), exit_code=1)
    category = _checked_category(category)
    taken = {e.id for e in ws.entries()}
    new_id = uuid.uuid4().hex[:6]
    while new_id in taken:
        new_id = uuid.uuid4().hex[:6]
    when = (now or _now()).date().isoformat()
    entry = Entry(new_id, new_id, category, score, when, 1, text, section)
    return _changeset(ws, label or say("Add [{id}]", id=new_id), [Change(new_id, None, entry)])


def _changeset(ws: Workspace, label: str, changes: list[Change[Entry]]) -> ChangeSet:
    return ChangeSet(ws.document, label, changes)


def _named(changes: list[Change[Entry]], one: str, several: str) -> str:
    """`one` filled with the memory's id for one memory, `several` with the count else."""
    if len(changes) == 1:
        entry = changes[0].before or changes[0].after
        return one.format(id=entry.id if entry is not None else changes[0].key)
    return several.format(count=len(changes))


def _checked_text(text: str) -> str:
    try:
        return checked_content(text)
    except ValueError as exc:
        raise WorkspaceError(str(exc), exit_code=1) from None


def _entry(ws: Workspace, key: str) -> Entry:
    entry = ws.find(key)
    if entry is None:
        raise WorkspaceError(say("{path}: no memory {key}", path=ws.path, key=key), exit_code=1)
    return entry


def _now() -> datetime:
    return datetime.now(UTC)
