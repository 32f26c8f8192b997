"""A staged write replayed as Hermes' own `/memory approve` replays it (spec/hermes.md 3, 6.4):
`apply_memory_pending` calls the memory tool's add / replace / remove / batch on the file as it
is at approval, so every check runs again there (strip, threat scan, drift guard, the file's
character limit, the duplicate rule), and "Entry already exists" counts as a success that writes
nothing. A success rewrites the whole file as the tool does: its entries, de-duplicated, joined
by `"\\n§\\n"`, no trailing newline. A failure writes nothing and is said in the agent's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.agents.hermes.format import DELIMITER, agent_entries, as_agent_reads, chars, matching
from core.agents.hermes.risks import drift
from core.agents.hermes.threats import threats

TARGET_FILES = {"memory": "MEMORY.md", "user": "USER.md"}
ALREADY = "Entry already exists (no duplicate added)."
_ALL_OR_NOTHING = "No operations were applied (batch is all-or-nothing)."


@dataclass(frozen=True, slots=True)
class Replayed:
    """What approving does to one file: the text it writes (None: nothing to write), or why
    the agent refuses (`error`, in its words: the record stays)."""

    text: str | None = None
    error: str | None = None
    note: str = ""  # a success that writes nothing says why (ALREADY)


class _Refused(Exception):
    pass


def target_file(payload: Mapping[str, Any]) -> str:
    """MEMORY.md or USER.md (`target: null` is memory, as the tool reads it)."""
    return TARGET_FILES.get(str(payload.get("target") or "memory"), "MEMORY.md")


def replay(raw: str | None, payload: Mapping[str, Any], limit: int, name: str) -> Replayed:
    """The staged `payload` applied to the file whose text is `raw` (None: no file yet)."""
    action = str(payload.get("action"))
    text = as_agent_reads(raw or "")
    try:
        if action == "add":
            return _add(text, _content(payload), limit)
        if action in ("replace", "remove"):
            return _written(_single(text, payload, action, limit, name))
        if action == "batch":
            return _written(_batch(text, payload.get("operations") or [], limit, name))
    except _Refused as refused:
        return Replayed(error=str(refused))
    return Replayed(error=f"Unknown action '{action}'.")


def _written(entries: list[str]) -> Replayed:
    return Replayed(text=DELIMITER.join(entries))


def _content(op: Mapping[str, Any]) -> str:
    content = str(op.get("content") or "").strip()
    if not content:
        raise _Refused("Content cannot be empty.")
    _scan(content)
    return content


def _scan(content: str) -> None:
    for found in threats(content):
        if found.startswith("invisible_unicode_"):
            code = found.removeprefix("invisible_unicode_")
            raise _Refused(f"Blocked: content contains invisible unicode character {code}.")
        raise _Refused(
            f"Blocked: content matches threat pattern '{found}'. Content is injected into the "
            "system prompt and must not contain injection or exfiltration payloads."
        )


def _entries(text: str) -> list[str]:
    """The file's entries as the tool reloads them before a write: stripped, de-duplicated."""
    return list(dict.fromkeys(agent_entries(text)))


def _add(text: str, content: str, limit: int) -> Replayed:
    entries = _entries(text)
    if content in entries:
        return Replayed(note=ALREADY)
    if chars([*entries, content]) > limit:
        return Replayed(
            error=f"Memory at {chars(entries):,}/{limit:,} chars. Adding this entry "
            f"({len(content):,} chars) would exceed the limit. Consolidate now: use 'replace' "
            "to merge overlapping entries into shorter ones or 'remove' stale or less important "
            "entries (see current_entries below), then retry this add — all in this turn."
        )
    return _written([*entries, content])


def _checked_for_drift(text: str, limit: int, name: str) -> list[str]:
    """The entries, or the drift guard's refusal (replace, remove, batch) in the agent's words."""
    if drift(text, limit):
        raise _Refused(
            f"Refusing to write {name}: file on disk has content that wouldn't round-trip "
            "through the memory tool (likely added by the patch tool, a shell append, a manual "
            "edit, or a concurrent session). Resolve the drift first — either rewrite the file "
            "as a clean §-delimited list of entries, or move the extra content out — then retry."
        )
    return _entries(text)


def _single(text: str, payload: Mapping[str, Any], action: str, limit: int, name: str) -> list[str]:
    content = _content(payload) if action == "replace" else ""
    entries = _checked_for_drift(text, limit, name)
    old = str(payload.get("old_text") or "").strip()
    found = matching(entries, old)
    if not found:
        raise _Refused(
            f"No entry matched '{old}'. Check current_entries below and retry with the exact "
            f"text of the entry you want to {action}."
        )
    if len(found) > 1:
        raise _Refused(f"Multiple entries matched '{old}'. Be more specific.")
    at = entries.index(found[0])
    if action == "remove":
        return entries[:at] + entries[at + 1 :]
    changed = [*entries[:at], content, *entries[at + 1 :]]
    if chars(changed) > limit:
        raise _Refused(
            f"Replacement would put memory at {chars(changed):,}/{limit:,} chars. Shorten the "
            "new content, or 'remove' other stale or less important entries to make room (see "
            "current_entries below), then retry — all in this turn."
        )
    return changed


def _batch(text: str, operations: Sequence[Any], limit: int, name: str) -> list[str]:
    ops = [op for op in operations if isinstance(op, Mapping)]
    for op in ops:
        if op.get("action") in ("add", "replace"):
            _content(op)
    working = _checked_for_drift(text, limit, name)
    for n, op in enumerate(ops, start=1):
        action = str(op.get("action"))
        if action == "add":
            content = _content(op)
            if content not in working:
                working.append(content)
            continue
        old = str(op.get("old_text") or "").strip()
        found = matching(working, old)
        if len(found) != 1:
            how = "no entry matched" if not found else "multiple entries matched"
            raise _Refused(f"Operation {n} ({action}): {how} '{old}'. {_ALL_OR_NOTHING}")
        at = working.index(found[0])
        if action == "remove":
            del working[at]
        else:
            working[at] = _content(op)
    if chars(working) > limit:
        raise _Refused(
            f"After applying all {len(ops)} operations, memory would be at "
            f"{chars(working):,}/{limit:,} chars -- over the limit. Remove or shorten more "
            "entries in the same batch (see current_entries below), then retry."
        )
    return working
