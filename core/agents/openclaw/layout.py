"""Which files of an OpenClaw workspace hold memory, and what kind each is (spec §1).

Paths are workspace-relative with "/". Links are never followed out of the workspace: a linked
file or folder is listed as "other" (shown, never read), as the agent's own scans skip them too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from core.formats.dated import dated_name
from core.messages import say
from core.store.files import list_folder, read_head

FileKind = Literal[
    "memory",  # MEMORY.md: curated long-term memory, the agent's dreaming appends to it
    "user",  # USER.md, users/<id>/USER.md: directives about the person
    "daily",  # memory/YYYY-MM-DD.md: the agent appends, dreaming may upsert managed blocks
    "session",  # memory/YYYY-MM-DD-<slug>.md: written once by the session-memory hook
    "dreams",  # DREAMS.md: the dreaming diary, Deep Sleep block, consolidation history
    "report",  # memory/dreaming/<phase>/YYYY-MM-DD.md: overwritten per run
    "recall",  # memory/.dreams/*.json: legacy recall stores (no effect on current releases)
    "bootstrap",  # AGENTS.md, SOUL.md, IDENTITY.md, BOOTSTRAP.md: injected, not memory
]

READ_ONLY: frozenset[FileKind] = frozenset({"session", "dreams", "report", "recall", "bootstrap"})
EDITABLE: frozenset[FileKind] = frozenset({"memory", "user", "daily"})  # MemDesk edits entries
ENTRY_KINDS: frozenset[FileKind] = EDITABLE | {"session"}  # read as entries
BOOTSTRAP_NAMES = ("AGENTS.md", "SOUL.md", "IDENTITY.md", "BOOTSTRAP.md")
PROFILE_ID = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9_-]{0,127}")
_PHASES = ("light", "rem", "deep")
RECALL_NAMES = (
    "short-term-recall.json",
    "phase-signals.json",
    "daily-ingestion.json",
    "session-ingestion.json",
)


@dataclass(frozen=True, slots=True)
class MemoryFile:
    path: str
    kind: FileKind
    day: str | None = None  # daily notes, session summaries, dreaming reports
    slug: str | None = None  # session summaries
    profile: str | None = None  # users/<id>/USER.md

    @property
    def read_only(self) -> bool:
        return self.kind in READ_ONLY

    @property
    def label(self) -> str:
        name = self.path.rsplit("/", 1)[-1]
        if self.kind == "user" and self.profile:
            return say("USER.md of {profile}", profile=self.profile)
        if self.kind == "daily":
            return say("Daily note {day}", day=self.day)
        if self.kind == "session":
            return say("Session {day} {name}", day=self.day, name=self.slug)
        if self.kind == "report":
            return say("Dreaming {phase} {day}", phase=self.path.split("/")[-2], day=self.day)
        if self.kind == "recall":
            return say("Legacy {file}", file=name)
        return name


def list_files(root: Path) -> list[MemoryFile]:
    """Every memory file of the workspace, in the order the window lists them."""
    names = _regular_files(root)
    # The agent reads MEMORY.md and USER.md whatever they are: one MemDesk cannot read (a
    # folder, a FIFO, a link out) is listed all the same, so that reading it says why.
    present = {p.name for p in list_folder(root)} if _real_dir(root) else set()
    found: list[MemoryFile] = []
    if "MEMORY.md" in present:
        found.append(MemoryFile("MEMORY.md", "memory"))
    if "USER.md" in present:
        found.append(MemoryFile("USER.md", "user"))
    found += _profiles(root)
    found += _notes(root)
    dreams = next((n for n in ("DREAMS.md", "dreams.md") if n in names), None)
    if dreams is not None:
        found.append(MemoryFile(dreams, "dreams"))
    found += _reports(root)
    dot = root / "memory" / ".dreams"
    found += [
        MemoryFile(f"memory/.dreams/{n}", "recall")
        for n in RECALL_NAMES
        if n in _regular_files(dot)
    ]
    found += [MemoryFile(n, "bootstrap") for n in BOOTSTRAP_NAMES if n in names]
    return found


def _regular_files(folder: Path) -> set[str]:
    if not _real_dir(folder):
        return set()
    return {p.name for p in list_folder(folder) if p.is_file() and not p.is_symlink()}


def _real_dir(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _profiles(root: Path) -> list[MemoryFile]:
    users = root / "users"
    if not _real_dir(users):
        return []
    return [
        MemoryFile(f"users/{p.name}/USER.md", "user", profile=p.name)
        for p in sorted(list_folder(users), key=lambda p: p.name)
        if PROFILE_ID.fullmatch(p.name) and "USER.md" in _regular_files(p)
    ]


def _notes(root: Path) -> list[MemoryFile]:
    found = []
    for name in sorted(_regular_files(root / "memory")):
        match = dated_name(name)
        if match is None:
            continue
        day, slug = match
        kind: FileKind = "daily" if slug is None else "session"
        found.append(MemoryFile(f"memory/{name}", kind, day, slug))
    return found


def _reports(root: Path) -> list[MemoryFile]:
    found = []
    for phase in _PHASES:
        for name in sorted(_regular_files(root / "memory" / "dreaming" / phase)):
            match = dated_name(name)
            if match is not None and match[1] is None:
                found.append(MemoryFile(f"memory/dreaming/{phase}/{name}", "report", match[0]))
    return found


_SIGNS = (b"<!-- openclaw-memory-", b"## Promoted From Short-Term Memory", b"<!-- openclaw:")


def looks_like_openclaw(root: Path) -> bool:
    """Files only OpenClaw writes: USER.md, DREAMS.md, its bootstrap files, its dreaming folders,
    or a MEMORY.md with its promotion markers."""
    names = _regular_files(root)
    if names & {"USER.md", "DREAMS.md", "dreams.md", *BOOTSTRAP_NAMES}:
        return True
    memory = root / "memory"
    if _real_dir(memory / "dreaming") or _real_dir(memory / ".dreams"):
        return True
    return "MEMORY.md" in names and _curated(root / "MEMORY.md") and not _index_of_topics(root)


_LINKED_MD = re.compile(rb"\]\(([^)\s/\\]+\.md)\)")


def _index_of_topics(root: Path) -> bool:
    """MEMORY.md as Claude Code keeps it in its memory folder: an index of `- [Title](file.md)`
    lines pointing at files beside it that open with YAML frontmatter."""
    head = read_head(root / "MEMORY.md", 1 << 16) or b""
    for name in _LINKED_MD.findall(head)[:20]:
        topic = read_head(root / name.decode("utf-8", "replace"), 8)
        if topic is not None and topic.removeprefix(b"\xef\xbb\xbf").startswith(b"---"):
            return True
    return False


_BULLET = re.compile(rb"(?:\A|(?<=[\r\n]))- ")
_OTHER_AGENTS = re.compile(
    # EverBot's structured entries; Pomelobot's headers and time-stamped entries (at a line's
    # start, whatever its line ends: CR alone too)
    rb"(?:\A|(?<=[\r\n]))"
    rb"(?:#{2,3} \[[^\]\r\n]*\]|# Long-term Memory \(|# Daily Memory - |\[\d{2}:\d{2}:\d{2}\] )"
)


def _curated(path: Path) -> bool:
    """MEMORY.md as OpenClaw keeps it: its promotion markers, or bullets and nothing another
    agent's format would show."""
    head = read_head(path, 1 << 16)
    if head is None:
        return False
    if any(sign in head for sign in _SIGNS):
        return True
    return _BULLET.search(head) is not None and _OTHER_AGENTS.search(head) is None


def written_by_another_agent(path: Path) -> bool:
    """A daily note with Pomelobot's header or time stamps (its main scope keeps memory/ too)."""
    head = read_head(path, 4096)
    return head is not None and _OTHER_AGENTS.search(head.removeprefix(b"\xef\xbb\xbf")) is not None


def editable_file(rel: str) -> MemoryFile | None:
    """The file MemDesk edits at `rel` (workspace-relative), there or not: MEMORY.md, USER.md,
    a profile's USER.md or a daily note; None for any other path."""
    parts = rel.split("/")
    if rel in ("MEMORY.md", "USER.md"):
        return MemoryFile(rel, "memory" if rel == "MEMORY.md" else "user")
    if len(parts) == 3 and parts[0] == "users" and parts[2] == "USER.md":
        profile = parts[1]
        return MemoryFile(rel, "user", profile=profile) if PROFILE_ID.fullmatch(profile) else None
    dated = dated_name(parts[1]) if len(parts) == 2 and parts[0] == "memory" else None
    if dated is None or dated[1] is not None:
        return None
    return MemoryFile(rel, "daily", dated[0])
