"""Where Codex keeps its memories (spec/codex.md 1.1), what MemDesk may write there, and what of
memory_summary.md reaches the model (3.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.store.files import list_folder

# The workspace is CODEX_HOME, not its memories/: MemDesk's own folder (.memdesk/: journal,
# backups) sits beside memories/, out of the git repository Codex keeps and regenerates there.
MEMORIES = "memories"
SUMMARY = f"{MEMORIES}/memory_summary.md"
HANDBOOK = f"{MEMORIES}/MEMORY.md"
RAW = f"{MEMORIES}/raw_memories.md"
ROLLOUTS = f"{MEMORIES}/rollout_summaries"
NOTES = f"{MEMORIES}/extensions/ad_hoc/notes"
EDITABLE = (SUMMARY, HANDBOOK)

REGENERATED = "read-only: Codex rebuilds it from its database before every consolidation; an edit here is lost"
REWRITTEN = (
    "the next consolidation may rewrite this file; a note (add) is the change Codex supports"
)
NOT_V1 = (
    "memory_summary.md does not start with the line v1: the next consolidation rewrites it whole"
)

FORGET = "Forget this; it is no longer true: "  # a forget request, as the person would ask it

SUMMARY_TOKENS = 2500  # MEMORY_TOOL_DEVELOPER_INSTRUCTIONS_SUMMARY_TOKEN_LIMIT
BYTES_PER_TOKEN = 4  # Codex's approximate token count: 4 bytes a token
NOTE_NAME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[a-z0-9][a-z0-9-]{0,79}\.md", re.ASCII)
_SLUG_WORD = re.compile(r"[a-z0-9]+")


def is_codex_home(home: Path) -> bool:
    """A CODEX_HOME whose memories/ holds files only Codex's pipeline makes (MEMORY.md alone is
    anyone's)."""
    return (
        (home / SUMMARY).is_file()
        or (home / RAW).is_file()
        or (home / ROLLOUTS).is_dir()
        or (home / MEMORIES / "extensions" / "ad_hoc").is_dir()
    )


def notes(root: Path) -> list[Path]:
    """The ad-hoc notes with a name the agent accepts, oldest first (symlinks left out)."""
    folder = root / NOTES
    if not folder.is_dir():
        return []
    found = [p for p in list_folder(folder) if NOTE_NAME.fullmatch(p.name)]
    return sorted(p for p in found if p.is_file() and not p.is_symlink())


def rollouts(root: Path) -> list[Path]:
    folder = root / ROLLOUTS
    if not folder.is_dir():
        return []
    return sorted(p for p in list_folder(folder) if p.suffix == ".md" and p.is_file())


def note_name(text: str, now: datetime, taken: set[str]) -> str:
    """A new note's file name as the agent requires it: the time, then a slug of the text's
    ASCII words (at most 80 bytes; "note" when it has none), made unique among `taken`."""
    slug = "-".join(_SLUG_WORD.findall(text.lower()))[:60].strip("-") or "note"
    stamp = now.strftime("%Y-%m-%dT%H-%M-%S")
    name, n = f"{stamp}-{slug}.md", 1
    while name in taken:
        n += 1
        name = f"{stamp}-{slug}-{n}.md"
    return name


@dataclass(frozen=True, slots=True)
class SummaryCut:
    """What of memory_summary.md the model reads: its trimmed text up to the token limit."""

    text: str  # trimmed, whole
    seen: str  # what is injected
    truncated: bool


def summary_cut(text: str) -> SummaryCut:
    trimmed = text.removeprefix("\ufeff").strip()
    budget = SUMMARY_TOKENS * BYTES_PER_TOKEN
    data = trimmed.encode("utf-8")
    if len(data) <= budget:
        return SummaryCut(trimmed, trimmed, False)
    return SummaryCut(trimmed, data[:budget].decode("utf-8", "ignore"), True)
