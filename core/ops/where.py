"""Where else is it? Every place in a workspace that holds a memory's text, and forgetting it
everywhere the agent reads it (`memdesk where`, `memdesk forget`, the window's Where else).

A memory's text travels: agents copy it into daily notes, other scopes, consolidations, DREAMS.md,
recall stores, and every backup keeps it. The search is by text, line by line, in every text file
of the workspace whatever its name (binary files skipped, never following a link out of it): the
line of the memory that says the most (its longest line), compared without case or runs of
spaces. An id no live memory has is looked for in every backup the agent names (its own, MemDesk's,
those in its database); the memory found there gives the text to look for.

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
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.formats.text import InputError
from core.messages import say
from core.ops import ChangeSet, apply_and_save
from core.store.backups_view import holding
from core.store.confine import OWN_FOLDER
from core.store.errors import EXIT_ERROR, EXIT_REFUSED, WorkspaceError
from core.store.files import BIG_FILE_BYTES, open_confined, read_or_none
from core.store.merge import Change

if TYPE_CHECKING:
    from core.store.documents import Editable

__all__ = [
    "ForgetPlan",
    "Forgotten",
    "Place",
    "Where",
    "check_prunable",
    "forget_changes",
    "forget_everywhere",
    "forget_plan",
    "prune_backups",
    "where",
]

_SPACES = re.compile(r"\s+")
_SKIPPED_DIRS = {".git", "node_modules", "__pycache__"}
_OWN_BACKUPS = f"{OWN_FOLDER}/backups/"
OWN_BACKUPS_DIR = f"{OWN_FOLDER}/backups"
_SNIFF_BYTES = 8192  # a NUL in these: a binary file, skipped
_LINE_BYTES = 1 << 20  # a big file's line longer than this is read in parts
# How places are listed: what the agent reads first, backups last.
_ORDER = {"live": 0, "dreams": 1, "recall": 2, "transcript": 3, "snapshot": 4, "backup": 5}


@dataclass(frozen=True, slots=True)
class Place:
    file: str  # workspace-relative
    line: int
    kind: str  # live, dreams, recall, transcript, snapshot, backup, agent-db (a backup in the
    # agent's database: listed, never pruned), other
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
        said = say("{text}: too short to look for (give at least 4 characters)", text=repr(text))
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
    return best


def where(agent: Any, ws: Editable, id_or_text: str, *, by_text: bool = False) -> Where:
    """Every place in the open workspace `ws` holding the memory `id_or_text` names (or, with
    `by_text` or when no memory has that id, that text); a memory named by its id is not a
    place of its own. A memory only backups hold is found by its id in each of them, then by
    its text everywhere. WorkspaceError (exit 2) when nothing holds it."""
    root = ws.root
    backups = _backups(agent, root)
    kinds = _kinds(ws, backups)
    matches = [] if by_text else agent.rows_named(root, id_or_text)
    held = [] if by_text or matches else list(holding(backups, id_or_text))
    places: list[Place] = []
    if len(matches) == 1:
        origin = matches[0]
        content = str(origin.fields.get("content") or "")
        needle, ref = _needle(content), origin.ref
        spans = [_span(origin.file, origin.line, content)]
    elif held:
        needle, ref = _needle(held[0][0].fmt.content(held[0][1])), ""
        parsed = [(b, e) for b, e in held if not b.big]  # a big one's lines are found by text
        places = [_held(b, e, id_or_text, kinds) for b, e in parsed]
        spans = [_span(b.rel, b.fmt.line(e), b.fmt.content(e)) for b, e in parsed]
    else:
        needle, ref, spans = _needle(id_or_text), "", []
    for rel, number, line in _lines_holding(root, ws.searched(), backups, needle):
        if not any(rel == file and first <= number <= last for file, first, last in spans):
            places.append(Place(rel, number, kinds(rel), line.strip()[:300]))
    if not places and not matches:
        said = say(
            "{text}: nothing in {folder} holds it (no memory or backup has this id, no file "
            "this text)",
            text=repr(id_or_text),
            folder=root,
        )
        raise WorkspaceError(said, exit_code=EXIT_ERROR)
    places.sort(key=lambda p: (_ORDER.get(p.kind, len(_ORDER)), p.file, p.line))
    return Where(needle, ref, places)


def _span(file: str, line: int, content: str) -> tuple[str, int, int]:
    """The lines a memory takes in its file (its heading, its text and what may sit around)."""
    return file, line, line + content.count("\n") + 3


def _held(backup: Any, entry: Any, memory_id: str, kinds: Any) -> Place:
    """The memory `memory_id` as a backup holds it: at its first line, by its id and text."""
    fmt = backup.fmt
    first = next((line for line in fmt.content(entry).splitlines() if line.strip()), "")
    text = f"[{memory_id}] {first.strip()}"[:300]
    return Place(backup.rel, fmt.line(entry), kinds(backup.rel), text)


def _backups(agent: Any, root: Path) -> list[Any]:
    try:
        return list(agent.backups(root))
    except (WorkspaceError, InputError, OSError):
        return []


def _kinds(ws: Editable, backups: list[Any]) -> Any:
    files = {b.rel for b in backups if b.data is None}
    unfiled = {b.rel for b in backups if b.data is not None}
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
        if rel in unfiled:
            return "agent-db"
        if rel in files or "/backups/" in f"/{rel}" or name.endswith(".bak"):
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


def _lines_holding(
    root: Path, searched: Sequence[str], backups: list[Any], needle: str
) -> Iterator[tuple[str, int, str]]:
    """(file, line number, line) of every line holding `needle`: in the files of the folders
    `searched` and MemDesk's backups, and in the backups that are no file (an agent's database
    keeps them)."""
    tops = [""] if "" in searched else [*searched, OWN_BACKUPS_DIR]
    for rel, path in (found for top in tops for found in _text_files(root, top)):
        for number, line in _matching_lines(path, root, needle):
            yield rel, number, line
    for backup in backups:
        if backup.data is not None:
            for number, line in _matching_text(backup.data, needle):
                yield backup.rel, number, line


def _text_files(root: Path, top: str = "") -> Iterator[tuple[str, Path]]:
    """Regular files under the folder `top` of `root` (whatever their name: MEMORY.md.bak is
    one), links not followed, MemDesk's own folder skipped but for its backups."""
    start = root / top
    if start.is_symlink():
        return
    for folder, dirs, files in os.walk(start, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS)
        for name in sorted(files):
            path = Path(folder) / name
            rel = path.relative_to(root).as_posix()
            if rel.startswith(f"{OWN_FOLDER}/") and not rel.startswith(_OWN_BACKUPS):
                continue  # the journal, the lock, the profile: no agent's text
            if not path.is_symlink() and path.is_file():
                yield rel, path


def _matching_lines(path: Path, root: Path, needle: str) -> list[tuple[int, str]]:
    """The lines of a text file holding `needle`; none for a binary or unreadable file."""
    try:
        if path.stat().st_size > BIG_FILE_BYTES:  # a backup of 100 MB: a line at a time
            return list(_matching_big(path, root, needle))
        data = read_or_none(path, root=root)
    except (OSError, WorkspaceError):
        return []
    return [] if data is None else list(_matching_text(data, needle))


def _matching_text(data: bytes, needle: str) -> Iterator[tuple[int, str]]:
    if _binary(data[:_SNIFF_BYTES]):
        return
    text = data.decode("utf-8", "replace")
    if needle not in normalized(text):
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in normalized(line):
            yield number, line


def _matching_big(path: Path, root: Path, needle: str) -> Iterator[tuple[int, str]]:
    rel = path.relative_to(root).as_posix()
    with open_confined(root, rel, shown=str(path)) as file:
        if _binary(os.pread(file.fd, _SNIFF_BYTES, 0)):
            return
        with open(file.fd, "rb", closefd=False) as handle:
            lines = iter(partial(handle.readline, _LINE_BYTES), b"")
            for number, raw in enumerate(lines, start=1):
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                if needle in normalized(line):
                    yield number, line


def _binary(head: bytes) -> bool:
    """A file whose first bytes hold a NUL is no text (an image, a database)."""
    return b"\0" in head


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What "forget everywhere" did: the change sets written as one operation, their saves, the
    live files it could not edit and the backups it deleted."""

    changesets: list[ChangeSet]
    saved: list[Any]
    untouched: list[str]
    pruned: list[str]


def forget_everywhere(ws: Editable, found: Where, prune: Sequence[str] = ()) -> Forgotten:
    """Remove the text from every live file MemDesk edits, as one operation the journal can
    undo, then delete the backups in `prune` (only backups this search listed: a file that is
    not one is refused before anything is written)."""
    check_prunable(found, prune)
    changesets, untouched = forget_changes(ws, found)
    saved = []
    if changesets:
        saved = apply_and_save(
            ws, changesets, say("forgot everywhere: {text}", text=found.needle[:60])
        )
    return Forgotten(changesets, saved, untouched, prune_backups(ws.root, found, prune))


def forget_changes(ws: Editable, found: Where) -> tuple[list[ChangeSet], list[str]]:
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
            changesets.append(ChangeSet(document, say("Forget in {file}", file=rel), changes))
    if found.memory:
        rel, _sep, key = found.memory.rpartition(":")
        document = ws.document_at(rel)
        entry = document.find(key)
        if entry is not None and all(ch.key != key for c in changesets for ch in c.changes):
            changesets.append(
                ChangeSet(document, say("Forget {key}", key=key), [Change(key, entry, None)])
            )
    # An agent that rebuilds memory from files MemDesk does not edit forgets only when asked
    # in its own channel (Codex: an ad-hoc note): its workspace makes that request.
    request = getattr(ws, "forget_request", None)
    if request is not None and found.of_kind("other"):
        changesets.append(request(_said(ws, found)))
    return changesets, untouched


@dataclass(frozen=True, slots=True)
class ForgetPlan:
    """What "forget everywhere" will do, for the person to confirm: the live files it removes
    the text from, the request it writes in the agent's own channel (None: none), and the files
    that still hold the text afterwards (MemDesk does not edit them)."""

    files: list[str]
    request: str | None
    kept: list[str]


def forget_plan(ws: Editable, found: Where) -> ForgetPlan:
    """What `forget_everywhere` will do with `found`, said before anything is written."""
    files = list(dict.fromkeys(p.file for p in found.of_kind("live")))
    said = getattr(ws, "forget_request_said", None)  # what its `forget_request` writes
    request = said(_said(ws, found)) if said is not None and found.of_kind("other") else None
    kept = list(dict.fromkeys(p.file for p in found.of_kind("other")))
    return ForgetPlan(files, request, kept)


def _said(ws: Editable, found: Where) -> str:
    """The memory's own text when it was named by its id, else the text searched for."""
    if found.memory:
        rel, _sep, key = found.memory.rpartition(":")
        document = ws.document_at(rel)
        entry = document.find(key)
        if entry is not None:
            return str(document.fmt.content(entry)).strip()
    return found.needle


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
        said = say("not a backup holding the text: {files}", files=", ".join(unknown))
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)


def prune_backups(root: Path, found: Where, ticked: Sequence[str]) -> list[str]:
    """Delete the backups the person ticked (only backups this search listed): gone for good."""
    check_prunable(found, ticked)
    for rel in ticked:
        (root / rel).unlink(missing_ok=True)
    return list(ticked)
