"""What Hermes puts into its system prompt when a session starts (spec/hermes.md 2.5, 5): a
MEMORY block and a USER PROFILE block of the profile's files, de-duplicated, each entry the
strict threat scan flags replaced by a `[BLOCKED: …]` line the model sees instead.

The scan here is the part of the agent's strict set the spec lists exactly: invisible unicode
characters and paths into `~/.ssh`; its other patterns are not reproduced yet.
"""

from __future__ import annotations

import re
from pathlib import Path

from core.agent import Context, Injected, Unseen
from core.agents.hermes.format import DELIMITER, agent_entries
from core.agents.hermes.workspace import LIMITS, MemoryFileRef, memory_files
from core.store.files import read_or_none

RULE = "═" * 46
HEADERS = {"MEMORY.md": "MEMORY (your personal notes)", "USER.md": "USER PROFILE (who the user is)"}
INVISIBLE = "\u200b\u200c\u200d\u2060\u2062\u2063\u2064\ufeff\u202a\u202b\u202c\u202d\u202e"
INVISIBLE += "\u2066\u2067\u2068\u2069"
_SSH = re.compile(r"(?:~|\$HOME)/\.ssh")


def threats(entry: str) -> list[str]:
    """The ids of the strict threat patterns `entry` matches (those reproduced)."""
    found = [f"invisible_unicode_U+{ord(c):04X}" for c in INVISIBLE if c in entry]
    if _SSH.search(entry):
        found.append("ssh_access")
    return found


def blocked(name: str, entry: str) -> str | None:
    """The line the model sees instead of a flagged entry; None for an entry it sees."""
    ids = threats(entry)
    if not ids:
        return None
    return (
        f"[BLOCKED: {name} entry contained threat pattern(s): {', '.join(ids)}. Removed from "
        "system prompt; use memory(action=remove) to delete the original.]"
    )


def block(name: str, entries: list[str], limit: int) -> str:
    """The prompt block of one file (empty for a file without entries)."""
    shown = [blocked(name, e) or e for e in dict.fromkeys(entries)]
    if not shown:
        return ""
    body = DELIMITER.join(shown)
    used = len(body)
    pct = min(100, int(used / limit * 100))
    header = f"{HEADERS[name]} [{pct}% — {used:,}/{limit:,} chars]"
    return f"{RULE}\n{header}\n{RULE}\n{body}"


def injected(root: Path, ref: MemoryFileRef) -> Injected:
    raw = (read_or_none(root / ref.rel, root=root) or b"").decode("utf-8", "replace")
    entries = agent_entries(raw)
    text = block(ref.name, entries, LIMITS[ref.name])
    unique = list(dict.fromkeys(entries))
    hidden = tuple(Unseen(0, e[:60]) for e in unique if threats(e))
    notes = tuple(f"hidden from the model (threat scan): {u.words}" for u in hidden)
    stored = len(DELIMITER.join(unique))  # what the agent counts against its limit
    seen = len(DELIMITER.join(e for e in unique if not threats(e)))
    return Injected(ref.rel, stored, seen, bool(hidden), text, ref.section, notes, hidden)


def context(root: Path, profile: str) -> Context:
    """A new session of `profile`: its MEMORY block, then its USER PROFILE block."""
    parts = [injected(root, ref) for ref in memory_files(root) if ref.profile == profile]
    messages = ["\n\n".join(p.text for p in parts if p.text)]
    return Context(parts, messages, f"Hermes session start, profile {profile}")
