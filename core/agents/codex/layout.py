"""Where Codex keeps its memories (spec/codex.md 1.1), what MemDesk may write there, and what of
memory_summary.md reaches the model (3.1)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.messages import N_, say
from core.store.files import list_folder

# The workspace is CODEX_HOME, not its memories/: MemDesk's own folder (.memdesk/: journal,
# backups) sits beside memories/, out of the git repository Codex keeps and regenerates there.
HOME_ENV = "CODEX_HOME"
MEMORIES = "memories"
SUMMARY = f"{MEMORIES}/memory_summary.md"
HANDBOOK = f"{MEMORIES}/MEMORY.md"
RAW = f"{MEMORIES}/raw_memories.md"
ROLLOUTS = f"{MEMORIES}/rollout_summaries"
NOTES = f"{MEMORIES}/extensions/ad_hoc/notes"
EDITABLE = (SUMMARY, HANDBOOK)

REGENERATED = N_(
    "read-only: Codex rebuilds it from its database before every consolidation; an edit here "
    "is lost"
)
REWRITTEN = N_(
    "the next consolidation may rewrite this file; a note (add) is the change Codex supports"
)
NOT_V1 = N_(
    "memory_summary.md does not start with the line v1: the next consolidation rewrites it whole"
)

PRUNED = N_(
    "Codex deletes a rollout summary whose memory went unused for max_unused_days ([memories] "
    "in config.toml), then removes from MEMORY.md what only it supported"
)
NOTE_KEPT = N_(
    "the next consolidation applies this note and Codex never deletes it, but its reset "
    "(codex debug clear-memories, Reset all memories) deletes every note"
)
CUT = N_(
    "memory_summary.md is past 2,500 tokens: Codex cuts out its middle, and the model does not "
    "see the memories there (see At session start)"
)
NOT_UTF8 = N_("memory_summary.md is not UTF-8: Codex cannot read it and injects no memory at all")

# What `codex debug clear-memories` (the app's "Reset all memories") empties: every file and
# folder inside them, the folders themselves kept (spec/codex.md 5.1, oracle/clear-memories).
RESET_EMPTIES = (MEMORIES, "memories_extensions", "memories_v2")


def reset_deletes(home: Path) -> list[Path]:
    """Every file and folder Codex's reset deletes (links are deleted, not followed)."""
    found: list[Path] = []
    for name in RESET_EMPTIES:
        top = home / name
        if top.is_dir() and not top.is_symlink():
            for folder, dirs, files in os.walk(top, followlinks=False):
                found += [Path(folder) / n for n in (*dirs, *files)]
    return sorted(found)


def reset_warning(notes: int, skills: int) -> str:
    """What Codex's reset takes that only the person made (spec/codex.md 5.1)."""
    return say(
        "Codex's reset (codex debug clear-memories, the app's Reset all memories) deletes all "
        "of memories/, your {notes} ad-hoc note(s) and {skills} skill(s) included; MemDesk's "
        "backups beside it survive, copy the notes elsewhere to keep them",
        notes=notes,
        skills=skills,
    )


def skills(home: Path) -> list[Path]:
    folder = home / MEMORIES / "skills"
    if not folder.is_dir():
        return []
    return sorted(p for p in list_folder(folder) if p.is_dir() and not p.is_symlink())


def consolidating(home: Path, until: int) -> str:
    """That Codex consolidates now, until when (spec/codex.md 5.7): MemDesk writes nothing."""
    return say(
        "{path}: Codex is consolidating this memory now (its lease runs until "
        "{ends}); MemDesk writes nothing here until it has finished",
        path=home / MEMORIES,
        ends=lease_ends(until),
    )


def lease_ends(until: int) -> str:
    """When Codex's consolidation lease runs out, as local hours and minutes."""
    return datetime.fromtimestamp(until).astimezone().strftime("%H:%M")


FORGET = "Forget this; it is no longer true: "  # a forget request, as the person would ask it


REPEAT = "Drop the ad-hoc note {name}: it only repeats this memory, which stays: "


def repeat_request(rel: str, kept: str) -> str:
    """A request to drop the note `rel` as a repeat of the memory `kept` (which stays)."""
    return REPEAT.format(name=rel.rsplit("/", 1)[-1]) + kept.strip()


def forget_asked(rel: str, text: str, requests: list[str]) -> bool:
    """Whether one of the notes' `requests` asks Codex to forget the note `rel` saying `text`."""
    repeat = REPEAT.format(name=rel.rsplit("/", 1)[-1])
    forget = (FORGET + text).strip()
    return any(r.strip() == forget or r.startswith(repeat) for r in requests)


def is_forget(text: str) -> bool:
    """Whether a note's text is a request to forget or drop a memory (as MemDesk writes them)."""
    start = text.lstrip()
    return start.startswith(FORGET.strip()) or start.startswith(REPEAT.split("{", 1)[0])


SUMMARY_TOKENS = 2500  # MEMORY_TOOL_DEVELOPER_INSTRUCTIONS_SUMMARY_TOKEN_LIMIT
BYTES_PER_TOKEN = 4  # Codex's approximate token count: 4 bytes a token
NOTE_NAME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[a-z0-9][a-z0-9-]{0,79}\.md", re.ASCII)
_SLUG_WORD = re.compile(r"[a-z0-9]+")


def codex_home() -> Path:
    """`CODEX_HOME` when set and not empty, else `~/.codex`, as Codex finds its home (spec 1)."""
    given = os.environ.get(HOME_ENV, "").strip()
    return Path(given).expanduser() if given else Path.home() / ".codex"


def is_codex_home(home: Path) -> bool:
    """A CODEX_HOME whose memories/ holds files only Codex's pipeline makes (MEMORY.md alone is
    anyone's)."""
    if not (home / MEMORIES).is_dir():
        return False
    # After Codex's reset memories/ is empty: its database and other folders still say whose
    # it is, and so do MemDesk's backups of Codex's files beside it (still to be restored).
    marks = [SUMMARY, RAW, ROLLOUTS, f"{MEMORIES}/extensions/ad_hoc", *RESET_EMPTIES[1:]]
    marks += ["memories_1.sqlite", f".memdesk/backups/{MEMORIES}/extensions/ad_hoc"]
    if any(os.path.lexists(home / mark) for mark in marks):
        return True
    backups = home / ".memdesk" / "backups" / MEMORIES
    return backups.is_dir() and any(backups.glob("*_memory_summary.md"))


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


def is_note(name: str) -> bool:
    """Whether a file name is one of a note's, as the agent names them."""
    return NOTE_NAME.fullmatch(name) is not None


def note_name(text: str, now: datetime, taken: set[str]) -> str:
    """A new note's file name as the agent requires it: the time, then a slug of the text's
    ASCII words but its secrets (at most 80 bytes; "note" when it has none), made unique among
    `taken`: a file name shows in listings, logs and git."""
    from core.review.secrets import without_secrets

    words = _SLUG_WORD.findall(without_secrets(text, " ").lower())
    slug = "-".join(words)[:60].strip("-") or "note"
    stamp = now.strftime("%Y-%m-%dT%H-%M-%S")
    name, n = f"{stamp}-{slug}.md", 1
    while name in taken:
        n += 1
        name = f"{stamp}-{slug}-{n}.md"
    return name


# What Rust's str::trim() takes off (Unicode White_Space; Python's strip() also takes \x1c-\x1f).
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
WHITE_SPACE += "\u2028\u2029\u202f\u205f\u3000"


@dataclass(frozen=True, slots=True)
class SummaryCut:
    """What of memory_summary.md the model reads (spec/codex.md 3.1): the file read as UTF-8
    (not UTF-8: nothing is injected), trimmed, and past 2,500 tokens (4 bytes each) cut in its
    middle as Codex's truncate_middle_with_token_budget cuts it: the first half of the byte
    budget and the last half kept, "…N tokens truncated…" between them."""

    text: str  # trimmed, whole ("" when the file is not UTF-8)
    head: str  # kept from the start
    tail: str  # kept from the end ("" when nothing is cut)
    marker: str = ""  # what stands for the dropped middle
    utf8: bool = True

    @property
    def truncated(self) -> bool:
        return bool(self.marker)

    @property
    def seen(self) -> str:
        """Exactly what is injected."""
        return f"{self.head}{self.marker}{self.tail}"

    @property
    def dropped(self) -> tuple[int, int]:
        """The dropped middle as character offsets in `text`."""
        return len(self.head), len(self.text) - len(self.tail)


def summary_cut(data: bytes) -> SummaryCut:
    try:
        whole = data.decode("utf-8")
    except UnicodeDecodeError:  # read_to_string fails: Codex injects no memory at all
        return SummaryCut("", "", "", utf8=False)
    trimmed = whole.strip(WHITE_SPACE)
    return SummaryCut(trimmed, *middle_cut(trimmed, SUMMARY_TOKENS))


def middle_cut(text: str, max_tokens: int) -> tuple[str, str, str]:
    """(head, tail, marker) of `text` cut to `max_tokens` as Codex's
    truncate_middle_with_token_budget cuts it (head == text, no marker: it fits)."""
    budget = max_tokens * BYTES_PER_TOKEN
    size = len(text.encode("utf-8"))
    if size <= budget:
        return text, "", ""
    head, tail = _split(text, budget // 2, budget - budget // 2)
    removed = -(-(size - budget) // BYTES_PER_TOKEN)
    return head, tail, f"…{removed} tokens truncated…"


def _split(text: str, head_bytes: int, tail_bytes: int) -> tuple[str, str]:
    """The longest start of `text` within `head_bytes` and the end that starts at or after
    `tail_bytes` from its end, on character boundaries (Codex's split_string)."""
    tail_from = len(text.encode("utf-8")) - tail_bytes
    head_end = tail_start = None
    offset = 0
    for index, char in enumerate(text):
        end = offset + len(char.encode("utf-8"))
        if end <= head_bytes:
            head_end = index + 1
        elif tail_start is None and offset >= tail_from:
            tail_start = index
        offset = end
    kept = head_end or 0
    start = len(text) if tail_start is None else max(tail_start, kept)
    return text[:kept], text[start:]
