"""Where else is it? Every place in a workspace that holds a memory's text, and forgetting it
everywhere the agent reads it (`memdesk where`, `memdesk forget`, the window's Where else).

A memory's text travels: agents copy it into daily notes, other scopes, consolidations, DREAMS.md,
recall stores, and every backup keeps it. The search is by text, line by line, in every text file
of the workspace (never following a link out of it): the line of the memory that says the most
(its longest line), compared without case or runs of spaces.

Forgetting removes the text from the files MemDesk edits, as one operation through the guarded
commit (undone from Activity like any other): a memory that is only that text is deleted, a
longer one loses the lines holding it. Backups are only listed; pruning one is the person's
explicit choice (`prune_backups`), and cannot be undone.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.formats.text import InputError
from core.ops import ChangeSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import BIG_FILE_BYTES, read_lines, read_or_none
from core.store.merge import Change

__all__ = [
    "Place",
    "Where",
    "check_prunable",
    "forget_changes",
    "prune_backups",
    "where",
]

TEXT_SUFFIXES = (".md", ".json", ".jsonl", ".txt")
_SPACES = re.compile(r"\s+")
_SKIPPED_DIRS = {".git", "node_modules", "__pycache__"}


@dataclass(frozen=True, slots=True)
class Place:
    file: str  # workspace-relative
    line: int
    kind: str  # live, backup, snapshot, dreams, recall, transcript, journal-backup, other
    text: str  # the line that holds it

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "kind": self.kind, "text": self.text}


@dataclass(frozen=True, slots=True)
class Where:
    needle: str  # what was searched for (normalized)
    memory: str  # the memory's ref when an id was given, else ""
    places: list[Place] = field(default_factory=list)

    def of_kind(self, *kinds: str) -> list[Place]:
        return [p for p in self.places if p.kind in kinds]


def normalized(text: str) -> str:
    return _SPACES.sub(" ", text).strip().casefold()


def _needle(text: str) -> str:
    """The line of `text` that says the most, without a bullet or heading mark."""
    lines = [normalized(line).lstrip("-*#> ").strip() for line in text.splitlines()]
    best = max(lines, key=len, default="")
    if len(best) < 4:
        raise WorkspaceError(
            f"{text!r}: too short to look for (give at least 4 characters)", exit_code=EXIT_REFUSED
        )
    return best


def where(agent: Any, ws: Any, id_or_text: str, *, by_text: bool = False) -> Where:
    """Every place in the open workspace `ws` holding the memory `id_or_text` names (or, with
    `by_text` or when no memory has that id, that text); a memory named by its id is not a
    place of its own."""
    from core.agents.base import named

    root = ws.root
    matches = [] if by_text else named(agent.rows(root), id_or_text)
    if len(matches) == 1:
        origin = matches[0]
        content = str(origin.fields.get("content") or "")
        needle, ref = _needle(content), origin.ref
        own = (origin.file, origin.line, origin.line + content.count("\n") + 3)
    else:
        needle, ref, own = _needle(id_or_text), "", ("", 0, -1)
    kinds = _kinds(agent, ws)
    places = []
    for rel, path in _text_files(root):
        for number, line in _matching_lines(path, root, needle):
            if rel == own[0] and own[1] <= number <= own[2]:
                continue
            places.append(Place(rel, number, kinds(rel), line.strip()[:300]))
    order = {"live": 0, "dreams": 1, "recall": 2, "transcript": 3, "snapshot": 4, "backup": 5}
    places.sort(key=lambda p: (order.get(p.kind, 6), p.file, p.line))
    return Where(needle, ref, places)


def _kinds(agent: Any, ws: Any) -> Any:
    try:
        backups = {b.rel for b in agent.backups(ws.root)}
    except (WorkspaceError, InputError, OSError):
        backups = set()
    edited: dict[str, bool] = {}

    def editable(rel: str) -> bool:
        if rel not in edited:
            try:
                edited[rel] = not ws.document_at(rel).read_only
            except (WorkspaceError, InputError, ValueError):
                edited[rel] = False
        return edited[rel]

    def kind(rel: str) -> str:
        name = rel.rsplit("/", 1)[-1]
        if rel in backups or "/backups/" in f"/{rel}" or name.endswith(".bak"):
            return "backup"
        if "policy_snapshots/" in rel:
            return "snapshot"
        if editable(rel):
            return "live"
        if name == "DREAMS.md" or "memory/dreaming/" in rel:
            return "dreams"
        if "/.dreams/" in f"/{rel}":
            return "recall"
        if "/transcripts/" in f"/{rel}":
            return "transcript"
        return "other"

    return kind


def _text_files(root: Path) -> Iterator[tuple[str, Path]]:
    """Regular text files under `root`, links not followed, MemDesk's journal skipped."""
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS)
        for name in sorted(files):
            if not name.endswith(TEXT_SUFFIXES):
                continue
            path = Path(folder) / name
            if not path.is_symlink() and path.is_file():
                yield path.relative_to(root).as_posix(), path


def _matching_lines(path: Path, root: Path, needle: str) -> Iterator[tuple[int, str]]:
    try:
        if path.stat().st_size > BIG_FILE_BYTES:  # a backup of 100 MB: a line at a time
            yield from _matching_big(path, root, needle)
            return
        data = read_or_none(path, root=root)
    except (OSError, WorkspaceError):
        return
    if data is None:
        return
    text = data.decode("utf-8", "replace")
    if needle not in normalized(text):
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in normalized(line):
            yield number, line


def _matching_big(path: Path, root: Path, needle: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(read_lines(path, root=root), start=1):
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if needle in normalized(line):
            yield number, line


def forget_changes(ws: Any, found: Where) -> tuple[list[ChangeSet], list[str]]:
    """The change sets that remove the text from every live file MemDesk edits, and the live
    files it cannot edit (read-only to MemDesk: listed for the person)."""
    changesets, untouched = [], []
    for rel in dict.fromkeys(p.file for p in found.of_kind("live")):
        try:
            document = ws.document_at(rel)
        except WorkspaceError:
            untouched.append(rel)
            continue
        changes = _forgotten(document, found.needle)
        if changes:
            changesets.append(ChangeSet(document, f"Forget in {rel}", changes))
    if found.memory:
        rel, _sep, key = found.memory.rpartition(":")
        document = ws.document_at(rel)
        entry = document.find(key)
        if entry is not None and all(ch.key != key for c in changesets for ch in c.changes):
            changesets.append(ChangeSet(document, f"Forget {key}", [Change(key, entry, None)]))
    return changesets, untouched


def _forgotten(document: Any, needle: str) -> list[Change[Any]]:
    fmt, changes = document.fmt, []
    for entry in document.entries():
        content = fmt.content(entry)
        if needle not in normalized(content):
            continue
        kept = [line for line in content.splitlines() if needle not in normalized(line)]
        if not normalized("\n".join(kept)).strip("-*#> "):
            changes.append(Change(fmt.key(entry), entry, None))
        else:
            changes.append(Change(fmt.key(entry), entry, fmt.written(entry, "\n".join(kept))))
    return changes


def check_prunable(found: Where, ticked: Sequence[str]) -> None:
    """Refuse (before anything is written) a file that is not a backup this search listed."""
    listed = {p.file for p in found.of_kind("backup")}
    unknown = [rel for rel in ticked if rel not in listed]
    if unknown:
        raise WorkspaceError(
            f"not a backup holding the text: {', '.join(unknown)}", exit_code=EXIT_REFUSED
        )


def prune_backups(root: Path, found: Where, ticked: Sequence[str]) -> list[str]:
    """Delete the backups the person ticked (only backups this search listed): gone for good."""
    check_prunable(found, ticked)
    for rel in ticked:
        (root / rel).unlink(missing_ok=True)
    return list(ticked)
