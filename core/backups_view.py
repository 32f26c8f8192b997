"""Every backup of a memory file MemDesk can find, and what changed between two versions of it.

An agent names its backups (`Agent.backups`) with `find_backups`: MemDesk's own in
`.memdesk/backups/`, the agent's in its own folder or beside the file. Each backup is read with
the agent's own `Format`, so `diff_versions` compares memories, whatever the agent.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from itertools import islice
from pathlib import Path
from typing import Any

from core.formats.text import InputError
from core.store.backups import list_backups, own_backup_dir
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_file, read_or_none
from core.store.journal import Journal, JournalError
from core.store.merge import Format

__all__ = [
    "BackupFile",
    "BackupHit",
    "BackupOnly",
    "MemoryDiff",
    "agent_folder_backups",
    "backup_only",
    "diff_versions",
    "find_backups",
    "matching",
    "own_backups",
    "pick_backup",
    "search_backups",
    "text_diff",
]

Origin = str  # "agent" or "memdesk"
AtSource = str  # "name" (the backup name's stamp), "last_updated" (the file's own line), "mtime",
# "agent_db" (the time the agent stored it in its database), "unreadable_name" (a name whose
# stamp is no time, 00010101_000000_MEMORY.md: the file's modification time)
UNREADABLE_NAME = "unreadable_name"


@dataclass(frozen=True, slots=True)
class BackupFile:
    """One backup of a live memory file, read with the agent's format."""

    path: Path  # absolute
    rel: str  # workspace-relative, "/" separated: how `memdesk backups` prints it
    live: str  # the workspace-relative file it backs up
    at: datetime  # the time the backup records (aware; a name's stamp is local time)
    at_source: AtSource
    origin: Origin
    size: int
    fmt: Any  # the agent's core.store.merge.Format for the live file
    root: Path  # the workspace
    data: bytes | None = None  # the backup's bytes when they are not a file (a database row)

    def raw(self) -> bytes:
        """The backup's bytes; WorkspaceError if it cannot be read."""
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
        """How many memories it holds (None when it cannot be read)."""
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
        }


def own_backups(root: Path, live: Path, fmt: Any) -> list[BackupFile]:
    """MemDesk's backups of `live` in `.memdesk/backups/`, oldest first."""
    return _named(root, live, fmt, own_backup_dir(root, live), lambda _rel: "memdesk")


def agent_folder_backups(root: Path, live: Path, fmt: Any, folder: Path) -> list[BackupFile]:
    """Backups named `YYYYMMDD_HHMMSS_<file>` in a folder the agent and MemDesk share: those
    MemDesk wrote are in its journal, the others are the agent's."""
    named = list_backups(folder, root=root, original_name=live.name)
    mine = _journal_backups(root, [i.path.relative_to(root).as_posix() for i in named])
    return _named(root, live, fmt, folder, lambda rel: "memdesk" if rel in mine else "agent")


def find_backups(groups: Iterable[list[BackupFile]]) -> list[BackupFile]:
    """Every backup of the groups, oldest first."""
    return _oldest_first(b for group in groups for b in group)


def _oldest_first(backups: Iterable[BackupFile]) -> list[BackupFile]:
    """Oldest first; a backup whose name is no time before all (never taken for the newest)."""
    return sorted(backups, key=lambda b: (b.at_source != UNREADABLE_NAME, b.at, b.rel))


def _named(
    root: Path, live: Path, fmt: Any, folder: Path, origin: Callable[[str], Origin]
) -> list[BackupFile]:
    live_rel = live.relative_to(root).as_posix()
    out = []
    for info in list_backups(folder, root=root, original_name=live.name):
        rel = info.path.relative_to(root).as_posix()
        source = "name" if info.at is not None else UNREADABLE_NAME
        out.append(
            BackupFile(
                info.path, rel, live_rel, info.time, source, origin(rel), info.size, fmt, root
            )
        )
    return _oldest_first(out)


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


def _changed_fields(old: dict[str, Any], new: dict[str, Any]) -> dict[str, list[Any]]:
    names = [*old, *(n for n in new if n not in old)]
    return {n: [old.get(n), new.get(n)] for n in names if old.get(n) != new.get(n)}


def _change(key: str, label: str, fields: dict[str, list[Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": label, "key": key, "fields": fields}
    score = fields.get("score")
    if score is not None and all(isinstance(v, (int, float)) for v in score):
        out["score_delta"] = round(score[1] - score[0], 6)
    return out


def only_in_backups(backups: list[BackupFile], memory_id: str) -> dict[str, Any] | None:
    """A memory the live file no longer holds, from the newest backup that does: its fields,
    the backup it is in (`only_in`) and that backup's time; None when no backup holds it."""
    for backup in reversed(backups):
        try:
            doc = backup.read()
        except (OSError, ValueError, WorkspaceError):
            continue  # an unreadable backup: the others may hold it
        entry = backup.fmt.find(doc, memory_id)
        if entry is not None:
            return {
                **_described(backup.fmt, memory_id, entry),
                "line": backup.fmt.line(entry),
                "only_in": backup.rel,
                "backup_at": backup.at.isoformat(),
                "history": [],
            }
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


def search_backups(backups: list[BackupFile], query: str, limit: int = 200) -> list[BackupHit]:
    """Memories found only in backups (not in their live file now) whose text holds every word
    of `query` (any case), each from the newest backup holding it."""
    if not query.split():
        return []
    return matching(backup_only(backups), query, limit)


# A memory only backups hold, with its text in the case searches compare.
BackupOnly = tuple[str, BackupHit]


def backup_only(backups: list[BackupFile]) -> list[BackupOnly]:
    """Every memory only backups hold (not in its live file now), each from the newest backup
    holding it. Backups mostly hold the live file's memories: what is left is small enough to
    keep while the person types (`matching`), where the backups themselves are not."""
    found: dict[tuple[str, str], BackupOnly] = {}
    live: dict[str, set[str]] = {}
    for backup in reversed(backups):
        fmt = backup.fmt
        try:
            data = backup.raw()
            if backup.live not in live:
                live_data = read_or_none(backup.root / backup.live, root=backup.root)
                live[backup.live] = _keys_in(fmt, live_data)
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
        raise WorkspaceError(f"{where}: no backups found", exit_code=EXIT_REFUSED)
    if name is None:
        return backups[-1]
    wanted = Path(name).as_posix().removeprefix("./")
    for backup in backups:
        if wanted in (backup.rel, str(backup.path)):
            return backup
    raise WorkspaceError(
        f"{where}: unknown backup {name} (`memdesk backups` lists them)", exit_code=EXIT_REFUSED
    )
