"""What Hermes puts into its system prompt when a session starts (spec/hermes.md 2.5, 5): a
MEMORY block and a USER PROFILE block of the profile's files, de-duplicated, each entry the
strict threat scan flags replaced by a `[BLOCKED: …]` line the model sees instead.
"""

from __future__ import annotations

from pathlib import Path

from core.agent import Context, Injected, Unseen
from core.agents.hermes.format import DELIMITER, chars, parse_memory_file
from core.agents.hermes.threats import blocked, threats
from core.agents.hermes.workspace import MemoryFileRef, char_limit, memory_files
from core.formats.text import InputError
from core.messages import say
from core.store.files import read_or_none

RULE = "═" * 46
HEADERS = {"MEMORY.md": "MEMORY (your personal notes)", "USER.md": "USER PROFILE (who the user is)"}


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
    try:
        doc = parse_memory_file(read_or_none(root / ref.rel, root=root) or b"", ref.rel)
    except InputError:  # not UTF-8: the agent reads it as no entries
        doc = parse_memory_file(b"", ref.rel)
    entries = doc.texts()
    text = block(ref.name, entries, char_limit(root, ref))
    unique = {e.text: e for e in reversed(doc.entries())}  # the first of each text
    hidden = [e for t, e in reversed(unique.items()) if blocked(ref.name, t)]
    unseen = tuple(Unseen(e.line, e.text[:60]) for e in hidden)
    notes = tuple(
        say(
            "hidden from the model (threat scan: {threats}): line {line}",
            threats=", ".join(threats(e.text)),
            line=e.line,
        )
        for e in hidden
    )
    stored = doc.chars()  # what the agent counts against its limit
    seen = chars(t for t in dict.fromkeys(entries) if not blocked(ref.name, t))
    return Injected(ref.rel, stored, seen, bool(hidden), text, ref.section, notes, unseen)


def context(root: Path, profile: str) -> Context:
    """A new session of `profile`: its MEMORY block, then its USER PROFILE block."""
    parts = [injected(root, ref) for ref in memory_files(root) if ref.profile == profile]
    messages = ["\n\n".join(p.text for p in parts if p.text)]
    return Context(parts, messages, say("Hermes session start, profile {profile}", profile=profile))
