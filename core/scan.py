"""`memdesk scan`: every agent workspace on this machine, with what waits in each (issue 26).

The agents' homes come from `registry.found_homes` (each plug-in's `home()`), the folders the
person added from the settings; each home is cut into its workspaces (`registry.home_workspaces`:
Claude Code's projects each; a fleet's user folders each, `registry.user_folders`). Nothing is
written while scanning: the figures come from the agent's own `check`, the journal's read-only
snapshot and the agent's staged writes as they are.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.agent import AnyAgent, Row
from core.capabilities import StagedWrites
from core.index import USING, Index, index_of, open_index
from core.messages import say
from core.registry import agent_named, all_agents, found_homes, home_workspaces, user_folders
from core.store.errors import WorkspaceError
from core.store.journal import JournalError
from core.store.settled import journal_for_reading, only_looking
from core.times import shown_size, shown_time

__all__ = [
    "COLUMNS",
    "Found",
    "added_workspaces",
    "display_name",
    "figures",
    "looked_in",
    "reason",
    "rescan",
    "scan",
    "shown",
]

log = logging.getLogger(__name__)

# The figures of a workspace as `memdesk scan` and the window's Home page show them
COLUMNS = ("agent", "workspace", "memories", "size", "waiting", "warnings", "last change")


@dataclass(frozen=True, slots=True)
class Found:
    """One workspace found, with its figures; `error` says why it could not be read."""

    agent: str
    title: str
    path: Path
    name: str
    memories: int = 0
    size: int = 0  # bytes of its memory files
    waiting: int = 0  # review proposals pending in its journal
    staged: int = 0  # the agent's own staged writes waiting (Hermes)
    warnings: int = 0
    problems: int = 0
    changed: float | None = None  # newest memory file's mtime
    error: str = ""

    def as_json(self) -> dict[str, Any]:
        """`memdesk scan --json`: the same fields, the path as text, the time ISO 8601 (UTC)."""
        changed = None if self.changed is None else datetime.fromtimestamp(self.changed, UTC)
        return {
            **asdict(self),
            "path": str(self.path),
            "changed": None if changed is None else changed.isoformat(),
        }


Progress = Callable[[int, int], None]
SAVE_EVERY = 200  # workspaces read before the index is written


def scan(
    homes: Sequence[tuple[AnyAgent, Path]] | None = None,
    extra: Sequence[Path] = (),
    *,
    progress: Progress | None = None,
) -> list[Found]:
    """Every workspace of the agents' homes (`found_homes()` when None) and of the folders in
    `extra`, each once, the most recently changed first. What the index of each folder
    (`core.index`) holds of a workspace as it still is is not read again; `progress(done, total)`
    follows the workspaces looked at."""
    with USING:
        return _scan(homes, extra, progress)


def _scan(
    homes: Sequence[tuple[AnyAgent, Path]] | None,
    extra: Sequence[Path],
    progress: Progress | None,
) -> list[Found]:
    pairs: list[tuple[AnyAgent, Path, Index | None]] = []
    begun: dict[Path, Index | None] = {}
    unreadable: list[Found] = []
    for agent, home in found_homes() if homes is None else homes:
        index = _opened(home, begun)
        try:
            fitting = None if index is None else index.fitting
            pairs += [(agent, ws, index) for ws in home_workspaces(agent, home, fitting=fitting)]
        except (OSError, WorkspaceError) as exc:  # changed since found_homes looked
            unreadable.append(
                Found(agent.name, agent.title, home, display_name(home), error=reason(exc))
            )
    for folder in extra:
        index = _opened(folder, begun)
        try:
            pairs += [(agent, ws, index) for agent, ws in added_workspaces(folder, index)]
        except (OSError, WorkspaceError) as exc:
            unreadable.append(Found("", "", folder, display_name(folder), error=reason(exc)))
    seen: dict[Path, tuple[AnyAgent, Path, Index | None]] = {}
    for agent, ws, index in pairs:
        seen.setdefault(ws.absolute(), (agent, ws, index))
    found = []
    home = Path.home()
    for done, (agent, ws, index) in enumerate(seen.values(), 1):
        found.append(figures(agent, ws, index, home))
        if index is not None and index.unsaved >= SAVE_EVERY:
            _save({index}, prune=False)  # what a first scan reads is not all held in memory
        if progress is not None:
            progress(done, len(seen))
    _save({index for _, _, index in seen.values() if index is not None})
    found.sort(key=lambda f: f.changed or 0.0, reverse=True)
    return found + unreadable


def _opened(folder: Path, begun: dict[Path, Index | None]) -> Index | None:
    """The folder's index, its trees to be taken again (once in a scan)."""
    if folder not in begun:
        begun[folder] = index = open_index(folder)
        if index is not None:
            index.begin()
    return begun[folder]


def rescan(found: Sequence[Found]) -> list[Found]:
    """The workspaces `found` read again (an agent changed them), the others left as they are;
    through the index that scanned each, which keeps what was read."""
    with USING:
        return _rescan(found)


def _rescan(found: Sequence[Found]) -> list[Found]:
    again = []
    indexes = set()
    for f in found:
        index = index_of(f.path)
        if index is not None:
            index.forget_trees([f.path])
            indexes.add(index)
        again.append(figures(agent_named(f.agent), f.path, index))
        if index is not None and index.unsaved >= SAVE_EVERY:
            _save({index}, prune=False)  # as a scan does: what was read is not all held
    _save(indexes, prune=False)
    return again


def _save(indexes: set[Index], *, prune: bool = True) -> None:
    for index in indexes:
        try:
            index.save(prune=prune)
        except sqlite3.Error as exc:  # a cache: the scan stands without it
            log.warning("scan index for %s not saved (%s)", index.root, exc)


def shown(f: Found) -> tuple[str, ...]:
    """The COLUMNS of a workspace read (one that could not be: its agent and name only)."""
    if f.error:
        return (f.title or "?", f.name, "", "", "", "", "")
    waiting = f"{f.waiting + f.staged}" + (f" ({f.staged} staged)" if f.staged else "")
    changed = "" if f.changed is None else shown_time(datetime.fromtimestamp(f.changed))
    warnings = f"{f.warnings}" + (f" + {f.problems} problems" if f.problems else "")
    return (f.title, f.name, str(f.memories), shown_size(f.size), waiting, warnings, changed)


def looked_in(extra: Sequence[Path] = ()) -> list[str]:
    """Where `scan` looks: each agent's home (as `found_homes` asks it) and the folders added."""
    homes = [home for agent in all_agents() if (home := agent.home()) is not None]
    return [display_name(folder) for folder in dict.fromkeys([*homes, *extra])]


def added_workspaces(folder: Path, index: Index | None = None) -> list[tuple[AnyAgent, Path]]:
    """The workspaces in a folder the person adds: the folder itself when an agent's layout fits
    it (the most specific agent), else those it holds as a home; WorkspaceError for none."""
    if not folder.is_dir():
        raise WorkspaceError(say("{folder}: no such folder", folder=folder))
    agents = all_agents()
    fitting = next((a for a in agents if a.detect(folder)), None)
    if fitting is not None:
        return [(fitting, folder)]
    held = [(agent, ws) for agent in agents for ws in home_workspaces(agent, folder, fleet=False)]
    held = held or user_folders(agents, folder, fitting=None if index is None else index.fitting)
    if not held:
        titles = ", ".join(a.title for a in agents)
        raise WorkspaceError(
            say(
                "{folder}: no agent memory here (looked for {agents})", folder=folder, agents=titles
            )
        )
    return held


def figures(
    agent: AnyAgent, ws: Path, index: Index | None = None, home: Path | None = None
) -> Found:
    """The workspace's figures, read without writing (as `index` holds them while its files are
    as they were); the reason when it cannot be read."""
    name = display_name(ws, home)
    kept = None if index is None else index.cached(agent, ws)
    if kept is not None:
        return Found(agent.name, agent.title, ws, name, **kept)
    if index is not None:
        index.tree(ws)  # taken before reading: a change while reading shows next time
        kept = _waiting_again(agent, ws, index)
        if kept is not None:
            return Found(agent.name, agent.title, ws, name, **kept)
    rows: list[Row] | None = None
    try:
        with only_looking():
            found = _figures(agent, ws, name)
            rows = None if index is None else _rows(agent, ws)
    except (OSError, WorkspaceError, JournalError) as exc:
        found = Found(agent.name, agent.title, ws, name, error=reason(exc))
    if index is not None:
        index.keep(agent, ws, {k: getattr(found, k) for k in _KEPT}, rows)
    return found


_KEPT = ("memories", "size", "waiting", "staged", "warnings", "problems", "changed", "error")


def _waiting_again(agent: AnyAgent, ws: Path, index: Index) -> dict[str, Any] | None:
    """The figures the index keeps, the proposals waiting counted again, when only MemDesk's
    own folder changed (`memdesk review` wrote the journal): the memory files are not read.
    None when they changed, or the journal cannot be read (then everything is read)."""
    kept = index.memories_kept(agent, ws)
    if kept is None:
        return None
    try:
        with only_looking():
            kept = {**kept, "waiting": _waiting(ws)}
    except (OSError, WorkspaceError, JournalError):
        return None
    index.keep_waiting(agent, ws, kept)
    return kept


def _rows(agent: AnyAgent, ws: Path) -> list[Row] | None:
    """Every memory, for the index to search; None when a file could not be listed."""
    problems: list[Any] = []
    rows = agent.rows(ws, problems=problems)
    return None if problems else rows


def _figures(agent: AnyAgent, ws: Path, name: str) -> Found:
    report = agent.check(ws)
    sizes, changed = _files(source.path for source in agent.detect(ws))
    return Found(
        agent.name,
        agent.title,
        ws,
        name,
        memories=report.entries,
        size=sizes,
        waiting=_waiting(ws),
        staged=_staged(agent, ws),
        warnings=len(report.warnings),
        problems=len(report.problems),
        changed=changed,
    )


def display_name(path: Path, home: Path | None = None) -> str:
    """The path as a person reads it: under their `home` (default `Path.home()`) as ~/..."""
    full, under = str(path.absolute()), str(home or Path.home()).rstrip(os.sep) + os.sep
    if full + os.sep == under:
        return "~/."
    return "~/" + full.removeprefix(under) if full.startswith(under) else str(path)


def _waiting(ws: Path) -> int:
    """Proposals pending in the journal (one that cannot be read: WorkspaceError saying why)."""
    with journal_for_reading(ws, required=True) as journal:
        return 0 if journal is None else journal.waiting()[0]


def _staged(agent: AnyAgent, ws: Path) -> int:
    if not isinstance(agent, StagedWrites):
        return 0
    return len(agent.staged(agent.open(ws)))


def _files(paths: Iterable[Path]) -> tuple[int, float | None]:
    """Bytes and newest mtime of the memory files at `paths` (a folder: the files directly in
    it; backups are not memory)."""
    size, newest = 0, None
    for path in dict.fromkeys(paths):
        for entry in _regular_files(path):
            size += entry.st_size
            newest = max(newest or 0.0, entry.st_mtime)
    return size, newest


def _regular_files(path: Path) -> list[os.stat_result]:
    try:
        info = path.lstat()
    except FileNotFoundError:  # removed by the agent since it was listed
        return []
    if stat.S_ISREG(info.st_mode):
        return [info]
    if not stat.S_ISDIR(info.st_mode) or path.name == "backups":
        return []
    with os.scandir(path) as entries:
        return [e.stat(follow_symlinks=False) for e in entries if e.is_file(follow_symlinks=False)]


def reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return say("cannot read it ({detail})", detail=exc.strerror or exc)
    return str(exc)
