"""Every backup of a memory file MemDesk can find, and what changed between two versions of it.

A backup is a `BackupFile`, whoever lists it. An agent names its backups (`Agent.backups`) with
`find_backups`: MemDesk's own in `.memdesk/backups/`, the agent's in its own folder or beside the
file. Each backup is read with the agent's own `Format`, so `diff_versions` compares memories,
whatever the agent. `list_backups` reads a backup folder by its names (`core.store.backups`
writes them), `prune_backups` keeps it to a number of backups per file.
"""

from __future__ import annotations

import difflib
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import islice
from pathlib import Path
from typing import Any

from core.formats.text import InputError
from core.messages import N_, say
from core.store.backups import (
    OWN_BACKUPS,
    backup_name_parts,
    file_time,
    open_backup_folder,
    own_backup_dir,
)
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import BIG_FILE_BYTES, read_file, read_lines, read_or_none
from core.store.journal import Journal, JournalError
from core.store.merge import Format

__all__ = [
    "BackupFile",
    "BackupHit",
    "BackupOnly",
    "MemoryDiff",
    "agent_folder_backups",
    "backup_only",
    "big_summary",
    "diff_versions",
    "find_backups",
    "holding",
    "list_backups",
    "matching",
    "own_backups",
    "own_backups_in",
    "pick_backup",
    "prune_backups",
    "refuse_big",
    "search_backups",
    "text_diff",
]

SUMMARY_SHOWN = 200  # memories of each kind (added, removed, changed) a big file's diff names

Origin = str  # "agent" or "memdesk"
# The agent's format for its file at a workspace-relative path; None for a file not its own.
FormatFor = Callable[[str], Any]
AtSource = str  # "name" (the backup name's stamp), "last_updated" (the file's own line), "mtime",
# "agent_db" (the time the agent stored it in its database), "unreadable_name" (a name whose
# stamp is no time, 00010101_000000_MEMORY.md: the file's modification time)
UNREADABLE_NAME = "unreadable_name"


@dataclass(frozen=True, slots=True)
class BackupFile:
    """One backup of a live memory file, read with the agent's format."""

    path: Path  # absolute
    rel: str  # workspace-relative, "/" separated: how `memdesk backups` prints it
    live: str  # the workspace-relative file it backs up (its name, listed without one)
    at: datetime  # the time the backup records (aware; a name's stamp is local time)
    at_source: AtSource
    origin: Origin
    size: int
    fmt: Any  # the agent's core.store.merge.Format for the live file
    root: Path  # the workspace
    data: bytes | None = None  # the backup's bytes when they are not a file (a database row)

    @property
    def big(self) -> bool:
        """Too big to read whole (BIG_FILE_BYTES): read a memory at a time, never restored."""
        return self.size > BIG_FILE_BYTES

    def raw(self) -> bytes:
        """The backup's bytes; WorkspaceError if it cannot be read."""
        refuse_big(self, "read whole")
        if self.data is not None:
            return self.data
        return read_file(self.path, root=self.root)

    def read(self) -> Any:
        """The backup parsed with the agent's format; WorkspaceError or InputError if it
        cannot be read, naming the backup (the format names the live file it reads for)."""
        try:
            return self.fmt.parse(self.raw())
        except InputError as exc:
            raise InputError(self.rel, exc.reason, line=exc.line) from None

    def read_live(self) -> Any:
        """The live file it backs up, parsed (a missing file reads as an empty one)."""
        return self.fmt.parse(read_or_none(self.root / self.live, root=self.root))

    def entries(self) -> int | None:
        """How many memories it holds (None when it cannot be read, or is too big to count
        while listing: `big`)."""
        if self.big:
            return None
        try:
            return sum(1 for _ in self.fmt.entries(self.read()))
        except (WorkspaceError, InputError, UnicodeDecodeError):
            return None

    @property
    def note(self) -> str:
        """What the listing says beside a backup whose time is not what its name says."""
        if self.at_source != UNREADABLE_NAME:
            return ""
        return "its name holds no time MemDesk can read: the file's time is shown"

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.rel,
            "at": self.at.isoformat(),
            "at_source": self.at_source,
            "entries": self.entries(),
            "size": self.size,
            "origin": self.origin,
            "file": self.live,
            "big": self.big,
        }

    def fits_whole(self) -> bool:
        """Whether it and the live file are small enough to read whole and compare as text."""
        try:
            live_size = (self.root / self.live).stat().st_size
        except OSError:
            live_size = 0
        return not self.big and live_size <= BIG_FILE_BYTES

    def pieces(self) -> Iterator[Piece]:
        """Its memories a piece at a time (`memory_pieces`), in bounded memory."""
        if self.data is not None:
            data = self.data
            return memory_pieces(self.fmt, lambda: data.splitlines(keepends=True))
        return memory_pieces(self.fmt, lambda: read_lines(self.path, root=self.root))


def refuse_big(backup: BackupFile, what: str) -> None:
    """WorkspaceError (exit 1) naming the limit when `backup` is too big to be `what`."""
    if backup.big:
        said = _TOO_BIG[what].format(
            file=backup.rel, size=_mb(backup.size), limit=_mb(BIG_FILE_BYTES)
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)


_TOO_BIG = {
    "restore": N_(
        "{file} is {size}, more than MemDesk will restore ({limit}); nothing was done with it"
    ),
    "read whole": N_(
        "{file} is {size}, more than MemDesk will read whole ({limit}); nothing was done with it"
    ),
}


def _mb(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB"


def own_backups(root: Path, live: Path, fmt: Any) -> list[BackupFile]:
    """MemDesk's backups of `live` in `.memdesk/backups/`, oldest first."""
    return list_backups(own_backup_dir(root, live), root, live=live, fmt=fmt)


def own_backups_in(root: Path, folder: str, fmt_for: FormatFor) -> list[BackupFile]:
    """MemDesk's backups in `.memdesk/backups/<folder>/` and its sub-folders (they mirror the
    workspace) of every file, there now or not: a file MemDesk deleted is found by its backups
    alone. Only those of a file `fmt_for` gives a format for (one of the agent's own, by its
    workspace-relative path) are listed, read with it; a link is never followed."""
    top = root / OWN_BACKUPS / folder
    out: list[BackupFile] = []
    for here, _subfolders, _files in os.walk(top, followlinks=False):
        mirrored = Path(here).relative_to(root / OWN_BACKUPS)
        for backup in list_backups(Path(here), root):
            live = (mirrored / backup.live).as_posix()
            fmt = fmt_for(live)
            if fmt is not None:
                out.append(replace(backup, live=live, fmt=fmt))
    return _oldest_first(out)


def agent_folder_backups(root: Path, live: Path, fmt: Any, folder: Path) -> list[BackupFile]:
    """Backups named `YYYYMMDD_HHMMSS_<file>` in a folder the agent and MemDesk share: those
    MemDesk wrote are in its journal, the others are the agent's."""
    named = list_backups(folder, root, live=live, fmt=fmt)
    mine = _journal_backups(root, [b.rel for b in named])
    return [replace(b, origin="memdesk" if b.rel in mine else "agent") for b in named]


def find_backups(groups: Iterable[list[BackupFile]]) -> list[BackupFile]:
    """Every backup of the groups, oldest first, each once (groups may overlap: a live file's
    backups are also among `own_backups_in`)."""
    unique = {b.rel: b for group in reversed(list(groups)) for b in group}
    return _oldest_first(unique.values())


def _oldest_first(backups: Iterable[BackupFile]) -> list[BackupFile]:
    """Oldest first; a backup whose name is no time before all (never taken for the newest)."""
    return sorted(backups, key=lambda b: (b.at_source != UNREADABLE_NAME, b.at, b.rel))


def list_backups(
    folder: Path, root: Path, *, live: Path | None = None, fmt: Any = None
) -> list[BackupFile]:
    """The backups in `folder` (MemDesk's unless its caller says otherwise), oldest first: of
    `live` only, read with its format `fmt`, when given; else of every file. Other files are
    skipped. The folder is reached from `root` (the workspace) as `backup_bytes` reaches it
    (ConfinementError for a link it may not follow)."""
    try:
        fd = open_backup_folder(folder, root)
    except (FileNotFoundError, NotADirectoryError):
        return []
    try:
        found = [(entry.name, _regular_size(entry)) for entry in os.scandir(fd)]
    finally:
        os.close(fd)
    live_rel = None if live is None else live.relative_to(root).as_posix()
    out = []
    for name, st in found:
        parts = backup_name_parts(name)
        if parts is None or st is None or (live is not None and parts[1] != live.name):
            continue
        at, original, _seq = parts
        path = folder / name
        rel = path.relative_to(root).as_posix()
        when, source = (at, "name") if at is not None else (file_time(st[1]), UNREADABLE_NAME)
        out.append(
            BackupFile(path, rel, live_rel or original, when, source, "memdesk", st[0], fmt, root)
        )
    return _oldest_first(out)


def _regular_size(entry: os.DirEntry[str]) -> tuple[int, float] | None:
    """A regular file's size and modification time (None for anything else)."""
    try:
        st = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    return (st.st_size, st.st_mtime) if stat.S_ISREG(st.st_mode) else None


def prune_backups(
    folder: Path, root: Path, *, keep: int, owned: Callable[[Path], bool]
) -> list[Path]:
    """Delete owned backups beyond the newest `keep` owned ones of each file; return them.

    Backups for which `owned` is false (the agent's), or whose name is no time, are never
    deleted and do not count towards `keep`.
    """
    if keep < 1:
        raise ValueError(f"keep must be at least 1, not {keep}")
    by_file: dict[str, list[BackupFile]] = {}
    for backup in list_backups(folder, root):
        by_file.setdefault(backup.live, []).append(backup)
    victims: list[BackupFile] = []
    for group in by_file.values():
        mine = [b for b in group if b.at_source != UNREADABLE_NAME and owned(b.path)]
        victims.extend(mine[:-keep])
    removed: list[Path] = []
    for backup in _oldest_first(victims):
        try:
            os.unlink(backup.path)
        except FileNotFoundError:
            continue
        removed.append(backup.path)
    return removed


def _journal_backups(root: Path, rels: list[str]) -> set[str]:
    """Those of the backups the journal knows (MemDesk records each of its own there)."""
    if not rels or not Journal.exists(root):
        return set()
    try:
        with Journal.open_for_inspection(root) as journal:
            return {rel for rel in rels if journal.has_backup(rel)}
    except (JournalError, OSError):
        return set()


@dataclass(frozen=True, slots=True)
class MemoryDiff:
    """What changed from one version of a file to another, per memory (SPEC 7 `diff --json`)."""

    added: list[dict[str, Any]]
    removed: list[dict[str, Any]]
    changed: list[dict[str, Any]]  # {"id", "fields": {name: [before, after]}, "score_delta"?}

    def to_json(self) -> dict[str, Any]:
        return {"added": self.added, "removed": self.removed, "changed": self.changed}

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)


def diff_versions(fmt: Format[Any, Any], old: Any, new: Any) -> MemoryDiff:
    """Per memory, keyed as the format keys them: what `new` added, removed and changed."""
    before = {fmt.key(e): e for e in fmt.entries(old)}
    after = {fmt.key(e): e for e in fmt.entries(new)}
    added = [_described(fmt, key, e) for key, e in after.items() if key not in before]
    removed = [_described(fmt, key, e) for key, e in before.items() if key not in after]
    changed = []
    for key, entry in before.items():
        now = after.get(key)
        if now is None:
            continue
        fields = _changed_fields(fmt.fields(entry), fmt.fields(now))
        if fields:
            changed.append(_change(key, fmt.label(now), fields))
    return MemoryDiff(added, removed, changed)


def _described(fmt: Format[Any, Any], key: str, entry: Any) -> dict[str, Any]:
    return {"id": fmt.label(entry), "key": key, "content": fmt.content(entry), **fmt.fields(entry)}


@dataclass(frozen=True, slots=True)
class BigSummary:
    """What changed per memory between a file and a version too big to read whole, by the
    memories' text: how many were added, removed and changed, and the first SUMMARY_SHOWN of
    each (`diff`, keys and first lines only)."""

    diff: MemoryDiff
    counts: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {**self.diff.to_json(), "counts": self.counts, "big": True}


def big_summary(backup: BackupFile) -> BigSummary:
    """`diff_versions` for a backup (or live file) too big to read whole, a memory at a time:
    only the live file's memories' fingerprints and the memories named are kept."""
    fmt, live_path = backup.fmt, backup.root / backup.live

    def live() -> Iterable[bytes]:
        return read_lines(live_path, root=backup.root) if live_path.exists() else ()

    now = {piece.key: _fingerprint(piece) for piece in memory_pieces(fmt, live)}
    counts = {"added": 0, "removed": 0, "changed": 0}
    removed: list[dict[str, Any]] = []
    changed_from: dict[str, Piece] = {}
    for piece in backup.pieces():
        fingerprint = now.pop(piece.key, None)
        if fingerprint is None:
            counts["removed"] += 1
            if len(removed) < SUMMARY_SHOWN:
                removed.append(_piece_described(piece))
        elif fingerprint != _fingerprint(piece):
            counts["changed"] += 1
            if len(changed_from) < SUMMARY_SHOWN:
                changed_from[piece.key] = piece
    counts["added"] = len(now)
    added: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    for piece in memory_pieces(fmt, live):  # again, for the text of those named
        if piece.key in now and len(added) < SUMMARY_SHOWN:
            added.append(_piece_described(piece))
        elif piece.key in changed_from:
            changed.append(_piece_change(fmt, changed_from[piece.key], piece))
    return BigSummary(MemoryDiff(added, removed, changed), counts)


def _fingerprint(piece: Piece) -> int:
    return hash((piece.section, piece.text))


def _piece_described(piece: Piece) -> dict[str, Any]:
    return {"id": piece.key, "key": piece.key, "content": piece.body()}


def _piece_change(fmt: Any, old: Piece, new: Piece) -> dict[str, Any]:
    """`diff_versions`' change of one memory, from its two pieces parsed alone."""
    before, after = old.entry(fmt), new.entry(fmt)
    if before is None or after is None:
        change = _change(new.key, new.key, {"text": [old.body(), new.body()]})
    else:
        fields = _changed_fields(fmt.fields(before), fmt.fields(after))
        change = _change(new.key, fmt.label(after), fields)
    return {**change, "content": old.body()}


def _changed_fields(old: dict[str, Any], new: dict[str, Any]) -> dict[str, list[Any]]:
    names = [*old, *(n for n in new if n not in old)]
    return {n: [old.get(n), new.get(n)] for n in names if old.get(n) != new.get(n)}


def _change(key: str, label: str, fields: dict[str, list[Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": label, "key": key, "fields": fields}
    score = fields.get("score")
    if score is not None and all(isinstance(v, (int, float)) for v in score):
        out["score_delta"] = round(score[1] - score[0], 6)
    return out


@dataclass(frozen=True, slots=True)
class Piece:
    """One memory of a file read a memory at a time: its key, its text as the file holds it
    (its heading line first), and the section heading it is under ("" for none)."""

    key: str
    text: str
    section: str

    def entry(self, fmt: Any) -> Any:
        """The memory parsed alone (under its section), or None when it does not parse."""
        try:
            doc = fmt.parse((self.section + self.text).encode())
        except (InputError, ValueError):
            return None
        return next(iter(fmt.entries(doc)), None)

    def body(self) -> str:
        return self.text.partition("\n")[2].strip()


def memory_pieces(fmt: Any, read: Callable[[], Iterable[bytes]]) -> Iterator[Piece]:
    """The memories in a file's lines (`read` gives them, each time from the start), one at a
    time, keyed as the format keys them (a key met again gets `~2`, `~3`, …); WorkspaceError
    when the format cannot be read this way. Memory holds a piece, not one entry per memory:
    a first read finds the keys that may repeat, and only those are counted. The format's
    `entry_heading(line)` gives the key a line starts, "" for a section heading (which ends
    the memory before it), None for any other line."""
    heading = _entry_heading(fmt)
    repeated = _maybe_repeated(heading, read())
    counts: dict[str, int] = {}
    key, section = "", ""
    body: list[str] = []
    for line in _decoded(read()):
        base = heading(line)
        if base is None:
            if key:  # text before the first memory is no memory's
                body.append(line)
            continue
        if key:
            yield Piece(key, "".join(body), section)
        key, body = "", [line]
        if not base:
            section, body = line, []
        elif base in repeated:
            count = counts[base] = counts.get(base, 0) + 1
            key = base if count == 1 else f"{base}~{count}"
        else:
            key = base
    if key:
        yield Piece(key, "".join(body), section)


def _entry_heading(fmt: Any) -> Callable[[str], str | None]:
    heading: Callable[[str], str | None] | None = getattr(fmt, "entry_heading", None)
    if heading is None:
        said = say(
            "{path}: MemDesk cannot read this kind of file a memory at a time", path=fmt.path
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)
    return heading


def _decoded(lines: Iterable[bytes]) -> Iterator[str]:
    return (raw.decode("utf-8", "replace") for raw in lines)


BLOOM_BITS = 1 << 24  # 2 MB: under 1 % of a million keys taken for repeated when they are not


def _maybe_repeated(heading: Callable[[str], str | None], lines: Iterable[bytes]) -> set[str]:
    """The keys that may be met more than once (every one that is, and a few that are not), by a
    Bloom filter: a set of every key would hold as much memory as the file."""
    bits = bytearray(BLOOM_BITS // 8)
    maybe: set[str] = set()
    for line in _decoded(lines):
        base = heading(line)
        if not base:
            continue
        mixed = hash(base) & 0xFFFF_FFFF_FFFF_FFFF
        places = (mixed & 0xFFFFFF, (mixed >> 24) & 0xFFFFFF, (mixed >> 40) & 0xFFFFFF)
        if all(bits[p >> 3] & (1 << (p & 7)) for p in places):
            maybe.add(base)
        for p in places:
            bits[p >> 3] |= 1 << (p & 7)
    return maybe


def only_in_backups(backups: list[BackupFile], memory_id: str) -> dict[str, Any] | None:
    """A memory the live file no longer holds, named as `show` takes it (its key, or FILE:KEY
    as `Row.ref` names it), from the newest backup that does: its fields with the key as its
    id, the backup it is in (`only_in`) and that backup's time; None when no backup holds it."""
    file = next((b.live for b in backups if memory_id.startswith(f"{b.live}:")), None)
    if file is not None:
        backups = [b for b in backups if b.live == file]
        memory_id = memory_id.removeprefix(f"{file}:")
    for backup, entry in holding(backups, memory_id):
        return {
            **_described(backup.fmt, memory_id, entry),
            "id": memory_id,  # as the live memory's row named it (a format's label may not)
            "line": backup.fmt.line(entry),
            "only_in": backup.rel,
            "backup_at": backup.at.isoformat(),
            "history": [],
        }
    return None


def holding(backups: list[BackupFile], key: str) -> Iterator[tuple[BackupFile, Any]]:
    """Each backup holding the memory `key`, newest first, with the memory as it holds it (a big
    backup's is parsed alone: its `line` is not the backup's)."""
    for backup in reversed(backups):
        try:
            entry = _big_entry(backup, key) if backup.big else _entry(backup, key)
        except (OSError, ValueError, WorkspaceError):
            continue  # an unreadable backup: the others may hold it
        if entry is not None:
            yield backup, entry


def _entry(backup: BackupFile, key: str) -> Any:
    return backup.fmt.find(backup.read(), key)


def _big_entry(backup: BackupFile, key: str) -> Any:
    """The memory `key` of a backup too big to parse whole, read a memory at a time."""
    for piece in backup.pieces():
        if piece.key == key:
            return piece.entry(backup.fmt)
    return None


@dataclass(frozen=True, slots=True)
class BackupHit:
    """A memory a backup holds that the live file no longer does, matching a search."""

    key: str
    label: str
    content: str
    backup: BackupFile

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.label,
            "key": self.key,
            "content": self.content,
            "only_in": self.backup.rel,
            "backup_at": self.backup.at.isoformat(),
            "file": self.backup.live,
        }


def search_backups(
    backups: list[BackupFile],
    query: str,
    limit: int = 200,
    candidates: list[BackupOnly] | None = None,
) -> list[BackupHit]:
    """Memories found only in backups (not in their live file now) whose text holds every word
    of `query` (any case), each from the newest backup holding it. `candidates`: `backup_only`
    of the backups, kept by a caller that searches them again."""
    if not query.split():
        return []
    if candidates is None:
        candidates = backup_only(backups)
    hits = matching(candidates, query, limit)
    if not any(b.big for b in backups):
        return hits
    found = {(hit.backup.live, hit.key) for _text, hit in candidates}
    return hits + search_big(backups, query, limit - len(hits), found)


def search_big(
    backups: list[BackupFile], query: str, limit: int, found: set[tuple[str, str]]
) -> list[BackupHit]:
    """`search_backups` in the backups too big to read whole (`backup_only` leaves them out),
    a memory at a time: none of their memories is kept but those that match."""
    words = query.casefold().split()
    hits: list[BackupHit] = []
    live: dict[str, set[str]] = {}
    for backup in reversed([b for b in backups if b.big]):
        try:
            if backup.live not in live:
                live[backup.live] = _live_keys(backup)
            for piece in backup.pieces():
                if len(hits) >= limit:
                    return hits
                mark = (backup.live, piece.key)
                if piece.key in live[backup.live] or mark in found:
                    continue
                text = piece.body().casefold()
                if all(word in text for word in words):
                    found.add(mark)
                    hits.append(_piece_hit(backup, piece))
        except (OSError, ValueError, WorkspaceError):
            continue  # an unreadable backup (or live file): the others may hold it
    return hits


def _live_keys(backup: BackupFile) -> set[str]:
    return _keys_in(backup.fmt, read_or_none(backup.root / backup.live, root=backup.root))


def _piece_hit(backup: BackupFile, piece: Piece) -> BackupHit:
    entry = piece.entry(backup.fmt)
    if entry is None:
        return BackupHit(piece.key, piece.key, piece.body(), backup)
    return BackupHit(piece.key, backup.fmt.label(entry), backup.fmt.content(entry), backup)


# A memory only backups hold, with its text in the case searches compare.
BackupOnly = tuple[str, BackupHit]


def backup_only(backups: list[BackupFile]) -> list[BackupOnly]:
    """Every memory only backups hold (not in its live file now), each from the newest backup
    holding it. Backups mostly hold the live file's memories: what is left is small enough to
    keep while the person types (`matching`), where the backups themselves are not."""
    found: dict[tuple[str, str], BackupOnly] = {}
    live: dict[str, set[str]] = {}
    for backup in reversed([b for b in backups if not b.big]):
        fmt = backup.fmt
        try:
            data = backup.raw()
            if backup.live not in live:
                live[backup.live] = _live_keys(backup)
            known = live[backup.live] | {key for file, key in found if file == backup.live}
            if _keys_in(fmt, data) <= known:
                continue  # nothing only this backup holds: no need to read its memories
            doc = fmt.parse(data)
        except (OSError, ValueError, WorkspaceError):
            continue  # an unreadable backup (or live file): the others may hold it
        for entry in fmt.entries(doc):
            key = fmt.key(entry)
            if key in live[backup.live] or (backup.live, key) in found:
                continue
            content = fmt.content(entry)
            found[(backup.live, key)] = (
                content.casefold(),
                BackupHit(key, fmt.label(entry), content, backup),
            )
    return list(found.values())


def _keys_in(fmt: Any, data: bytes | None) -> set[str]:
    """The keys of the memories in a version of a file: by the format's quick look where it
    has one (EverBot's headers), else by reading it whole."""
    quick = getattr(fmt, "keys_in", None)
    keys: set[str] | None = quick(data) if quick is not None and data is not None else None
    if keys is None:
        keys = {fmt.key(e) for e in fmt.entries(fmt.parse(data))}
    return keys


def matching(candidates: list[BackupOnly], query: str, limit: int = 200) -> list[BackupHit]:
    """The memories whose text holds every word of `query` (any case)."""
    words = query.casefold().split()
    if not words:
        return []
    hits = (hit for text, hit in candidates if all(word in text for word in words))
    return list(islice(hits, limit))


def text_diff(old: str, new: str, old_name: str, new_name: str) -> list[str]:
    """The unified text diff of two versions (lines without their ends)."""
    return list(
        difflib.unified_diff(old.splitlines(), new.splitlines(), old_name, new_name, lineterm="")
    )


def pick_backup(backups: list[BackupFile], name: str | None, where: str) -> BackupFile:
    """The backup `name` names (workspace-relative, as `memdesk backups` prints it), else the
    newest one; WorkspaceError (exit 1) for a name that is none of them or when there is none."""
    if not backups:
        raise WorkspaceError(say("{path}: no backups found", path=where), exit_code=EXIT_REFUSED)
    if name is None:
        return backups[-1]
    wanted = Path(name).as_posix().removeprefix("./")
    for backup in backups:
        if wanted in (backup.rel, str(backup.path)):
            return backup
    said = say(
        "{path}: unknown backup {name} (`memdesk backups` lists them)", path=where, name=name
    )
    raise WorkspaceError(said, exit_code=EXIT_REFUSED)
