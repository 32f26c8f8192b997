"""Which agent's layout a workspace folder has (SPEC 2.6), and which memory sources it holds.

Detection looks only at names and, for MEMORY.md, at whether it holds structured entries. When
more than one layout fits, the person chooses; the choice is remembered in the journal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from core.store.journal import Journal, JournalError

Layout = Literal["structured", "picoclaw", "pomelobot"]
LAYOUTS: tuple[Layout, ...] = ("structured", "picoclaw", "pomelobot")

_STRUCTURED_HEADER = re.compile(rb"^[ \t]*###\s+\[\w+\]", re.MULTILINE)
_PICO_DAILY_DIR = re.compile(r"^\d{6}$")
_POMELO_DAILY = re.compile(r"^\d{4}-\d{2}-\d{2}(-[\w-]+)?\.md$")
_SNIFF_BYTES = 256 * 1024  # enough to see entry headers; a 50 MB file is not read whole here
SETTING = "layout"


@dataclass(frozen=True, slots=True)
class Source:
    """One memory source in a workspace: what it is and where."""

    kind: str  # structured, longterm, daily_notes, profile, policy, backups, scope
    path: Path
    name: str = ""


@dataclass(frozen=True, slots=True)
class Detection:
    candidates: tuple[Layout, ...]  # every layout that fits, most specific first
    sources: tuple[Source, ...]
    chosen: Layout | None  # None when nothing fits or the person must choose

    @property
    def ambiguous(self) -> bool:
        return self.chosen is None and len(self.candidates) > 1


def detect(root: Path) -> Detection:
    """The layouts `root` fits and its sources; a choice remembered in the journal wins."""
    probes: tuple[tuple[Layout, Callable[[Path], list[Source]]], ...] = (
        ("structured", _structured),
        ("picoclaw", _picoclaw),
        ("pomelobot", _pomelobot),
    )
    found = [(layout, sources) for layout, probe in probes if (sources := probe(root))]
    candidates = tuple(layout for layout, _ in found)
    remembered = remembered_layout(root)
    if remembered in candidates:
        chosen: Layout | None = remembered
    else:
        chosen = candidates[0] if len(candidates) == 1 else None
    kept = tuple(s for layout, group in found if chosen in (None, layout) for s in group)
    return Detection(candidates, kept, chosen)


def agent_root(path: Path) -> Path:
    """The workspace to read for `path`: PicoClaw's home folder (config.json and workspace/)
    stands for its workspace/; any other path is itself."""
    if not path.is_dir() or detect(path).candidates:
        return path
    inner = path / "workspace"
    if inner.is_dir() and detect(inner).chosen == "picoclaw":
        return inner
    return path


def remembered_layout(root: Path) -> Layout | None:
    if not Journal.db_path(root).exists():
        return None
    try:
        with Journal.open_for_inspection(root) as journal:
            value = journal.get_setting(SETTING)
    except JournalError:
        return None
    return next((layout for layout in LAYOUTS if layout == value), None)


def remember_layout(root: Path, layout: Layout) -> None:
    """Keep the person's choice for this workspace (in its journal)."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")
    with Journal.open(root) as journal:
        journal.set_setting(SETTING, layout)


def _structured(root: Path) -> list[Source]:
    path = root / "MEMORY.md"
    if not path.is_file() or not _has_structured_entries(path):
        return []
    return [Source("structured", path)]


def _has_structured_entries(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError:
        return False
    return _STRUCTURED_HEADER.search(head.lstrip(b"\xef\xbb\xbf")) is not None


def _picoclaw(root: Path) -> list[Source]:
    memory = root / "memory"
    if not memory.is_dir():
        return []
    sources: list[Source] = []
    longterm = memory / "MEMORY.md"
    daily = sorted(p for p in memory.iterdir() if p.is_dir() and _PICO_DAILY_DIR.match(p.name))
    backups = memory / "backups"
    policy = [p for p in memory.iterdir() if p.name.startswith("policy_")]
    profile = memory / "profile.json"
    if not (daily or backups.is_dir() or policy or profile.is_file()):
        return []  # memory/MEMORY.md alone could be anyone's
    if longterm.is_file():
        sources.append(Source("longterm", longterm))
    sources += [Source("daily_notes", p, p.name) for p in daily]
    if profile.is_file():
        sources.append(Source("profile", profile))
    sources += [Source("policy", p, p.name) for p in sorted(policy)]
    if backups.is_dir():
        sources.append(Source("backups", backups))
    return sources


def _pomelobot(root: Path) -> list[Source]:
    memory = root / "memory"
    longterm = root / "MEMORY.md"
    scopes = memory / "scopes"
    daily = (
        sorted(p for p in memory.iterdir() if p.is_file() and _POMELO_DAILY.match(p.name))
        if memory.is_dir()
        else []
    )
    # A new OpenClaw workspace has dated files before any MEMORY.md; PicoClaw's is memory/MEMORY.md.
    beside = longterm.is_file() or not (memory / "MEMORY.md").is_file()
    if not (scopes.is_dir() or (daily and beside)):
        return []
    sources = [Source("scope", longterm if longterm.is_file() else memory, "main")]
    if scopes.is_dir():
        # memory/scopes/main/ (transcripts, newer long-term files) belongs to the main scope.
        sources += [
            Source("scope", p, p.name)
            for p in sorted(scopes.iterdir())
            if p.is_dir() and p.name != "main"
        ]
    return sources
