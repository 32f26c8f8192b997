"""The scan's on-disk index (issue 26, item 3): what `core.scan` and `core.inbox.search` read of
each workspace, kept between runs so that a fleet of 10,000 users opens and searches in seconds.

One SQLite file per scanned folder in MemDesk's own cache folder (`cache_folder()`), never in the
user's or the agent's folders. It is only a cache: each workspace's entry is keyed by a digest of
every file and folder under it (name, type, size, mtime_ns, inode, ctime_ns: `Tree`), taken
before its figures are read and checked on every open, so an entry cannot outlive a change; a
tree changed within the last `SETTLE_NS` (a write in the same clock tick could keep every stat
figure) is read but not kept. When only MemDesk's own folder changed (`memdesk review` wrote the
journal), the digest of the rest (`Tree.memories`) still matches: only what waits is counted
again, the memory files are not read. A missing, corrupt or other-version file is rebuilt
without a word; one that cannot be written leaves the scan reading everything, as before the
index.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import stat
import threading
import time
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, pairwise
from pathlib import Path
from typing import Any, Final

import numpy as np

from core.agent import AnyAgent, Row
from core.registry import agent_named, first_fitting
from core.store.confine import OWN_FOLDER

__all__ = [
    "SCHEMA",
    "Entry",
    "Hay",
    "Index",
    "IndexedRows",
    "Tree",
    "cache_folder",
    "index_of",
    "located",
    "open_index",
    "tree",
    "tree_of",
]

log = logging.getLogger(__name__)

SCHEMA: Final = 2  # PRAGMA user_version; another one is rebuilt
SETTLE_NS: Final = 2_000_000_000  # a tree changed more recently is read, not kept
BUDGET: Final = 2_000  # entries under one folder the index stats; a bigger tree is not kept
FOLDER_BUDGET: Final = 200  # entries under a fleet's folder before it is deemed no user's
LINK: Final = " ->"  # a link's entry, then its target's figures under its path and this
PROFILE: Final = "profile.json"  # in MemDesk's own folder, yet scoring the memories: theirs
REJOIN: Final = 16  # the changed workspaces searched apart until more than 1 in REJOIN
_STAT = tuple[int, int, int, int, int]  # mode, size, mtime_ns, inode, ctime_ns


def cache_folder() -> Path:
    """MemDesk's cache: $XDG_CACHE_HOME/memdesk, else ~/.cache/memdesk (%LOCALAPPDATA% on
    Windows)."""
    given = os.environ.get("XDG_CACHE_HOME", "").strip()
    if given:
        return Path(given) / "memdesk"
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "memdesk" / "cache"
    return Path.home() / ".cache" / "memdesk"


# -- a folder's tree, as stat sees it ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tree:
    """Every file and folder under a folder with its stat figures; `settled` when none changed
    within `SETTLE_NS` and the tree fits `BUDGET` (only then may an index keep what was read)."""

    entries: tuple[tuple[str, _STAT], ...]
    settled: bool
    complete: bool = True  # every entry under the folder (within the budget, all readable)
    newest: int = 0  # the time (ns) after which a change is too recent to have settled
    digest: bytes = field(init=False)

    def __post_init__(self) -> None:
        digest = hashlib.blake2b(repr(self.entries).encode(), digest_size=16).digest()
        object.__setattr__(self, "digest", digest)

    def changed(self) -> bool:
        """Whether any entry's stat figures differ now (a new entry shows in its folder's)."""
        lstat = os.lstat
        for path, (mode, size, mtime, inode, ctime) in self.entries:
            if path.endswith(LINK):
                if _target(path.removesuffix(LINK)) != (mode, size, mtime, inode, ctime):
                    return True
                continue
            try:
                now = lstat(path)
            except OSError:
                return True
            if now.st_ctime_ns != ctime or now.st_mtime_ns != mtime or now.st_ino != inode:
                return True
            if now.st_size != size or now.st_mode != mode:
                return True
        return False

    def memories(self) -> tuple[bytes, bool]:
        """The digest of the tree but what only says what waits, and whether that part had
        settled: MemDesk's own folder is left out (its journal, lock and backups; its scoring
        profile stays in) and so are the folder's own times (changed when that one is made;
        an entry added or gone changes the list itself)."""
        if not self.complete or not self.entries:
            return b"", False
        (root, (mode, _, _, inode, _)), *rest = self.entries
        own = os.path.join(root, OWN_FOLDER)
        kept = [(p, f) for p, f in rest if not _own(p, own)]
        settled = all(f[4] < self.newest and f[2] < self.newest for _, f in kept)
        part = ((root, (mode, 0, 0, inode, 0)), *kept)
        return hashlib.blake2b(repr(part).encode(), digest_size=16).digest(), settled


def _own(path: str, own: str) -> bool:
    """Whether `path` is MemDesk's own folder `own` or in it, its scoring profile excepted."""
    if not path.startswith(own) or path.startswith(os.path.join(own, PROFILE)):
        return False
    return path[len(own) :] in ("", LINK) or path[len(own)] == os.sep


def tree(folder: Path, budget: int = BUDGET) -> Tree:
    """`folder` and everything under it (links not followed, but their target's figures kept)."""
    entries: list[tuple[str, _STAT]] = []
    settled = True
    newest = time.time_ns() - SETTLE_NS
    pending = [str(folder)]
    try:
        entries.append((str(folder), _figures(os.lstat(folder))))
        while pending:
            with os.scandir(pending.pop()) as listed:  # in the system's order: one that changes
                entries_here = list(listed)  # with no change only costs a read again
            for entry in entries_here:
                figures = _figures(entry.stat(follow_symlinks=False))
                entries.append((entry.path, figures))
                if stat.S_ISLNK(figures[0]):
                    entries.append((entry.path + LINK, _target(entry.path)))
                elif stat.S_ISDIR(figures[0]):
                    pending.append(entry.path)
            if len(entries) > budget:
                return Tree(tuple(entries), settled=False, complete=False)
    except OSError:
        return Tree(tuple(entries), settled=False, complete=False)
    settled = all(figures[4] < newest and figures[2] < newest for _, figures in entries)
    return Tree(tuple(entries), settled, newest=newest)


def _figures(info: os.stat_result) -> _STAT:
    return (info.st_mode, info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns)


def _target(path: str) -> _STAT:
    try:
        return _figures(os.stat(path))
    except OSError:
        return (0, 0, 0, 0, 0)


# -- the index of one scanned folder -----------------------------------------------------------
@dataclass(slots=True)
class Entry:
    """One workspace as the index holds it: its figures and, for search, its memories."""

    path: Path
    agent: str
    digest: bytes
    figures: dict[str, Any]
    hay: Hay | None = None  # what `Row.matches` looks in
    rows_json: str | None = (
        None  # [id, file, line, key, text, fields] a memory each; None: in the file
    )
    db: sqlite3.Connection | None = field(default=None, repr=False)
    _rows: list[Row] | None = field(default=None, repr=False)

    def rows(self) -> list[Row] | None:
        """Its memories as rows; None when the index file no longer holds them as they were
        (another MemDesk scanned the workspace changed since)."""
        if self._rows is None:
            stored = self.rows_json
            if stored is None and self.db is not None:
                got = self.db.execute(
                    "SELECT rows FROM workspaces WHERE path = ? AND digest = ?",
                    (str(self.path), self.digest),
                ).fetchone()
                stored = None if got is None else got[0]
            if stored is None:
                return None
            self._rows = [
                Row(i, f, line, fields, text, key=k)
                for i, f, line, k, text, fields in json.loads(stored)
            ]
        return self._rows


class Index:
    """The index of one scanned folder: a workspace's figures when its tree is as it was, the
    decisions which agent fits which folder, and the memories to search."""

    def __init__(self, db: sqlite3.Connection, root: Path) -> None:
        self.db, self.root = db, root
        self.trees: dict[Path, Tree] = {}
        self.entries: dict[Path, Entry] = {}
        self.seen: set[str] = set()
        self._stored = {
            path: (agent, digest, figures, memories)
            for path, agent, digest, figures, memories in db.execute(
                "SELECT path, agent, digest, figures, memories FROM workspaces"
            )
        }
        self._fits = {
            path: (agents, digest, agent)
            for path, agents, digest, agent in db.execute(
                "SELECT path, agents, digest, agent FROM fits"
            )
        }
        self._writes: list[tuple[Any, ...]] = []
        self._waiting_writes: list[tuple[Any, ...]] = []
        self._fit_writes: list[tuple[Any, ...]] = []
        self._hays_loaded = False
        self._all: _Joined | None = None  # every workspace's memories, as searched
        self._apart: set[Path] = set()  # changed since joined in `_all`: searched in `_changes`
        self._changes: _Joined | None = None
        self._left_out: Any = None  # the places in `_all` of the workspaces in `_apart`

    def begin(self) -> None:
        """A new look: every tree is taken again (and the memories of the workspaces found as
        they were read from the index file when first searched)."""
        self.trees.clear()
        self.seen.clear()
        self._hays_loaded = False

    def tree(self, folder: Path, budget: int = BUDGET) -> Tree:
        """The folder's tree as taken in this look (within `budget` entries)."""
        taken = self.trees.get(folder)
        if taken is None:
            taken = tree(folder, budget)
            if taken.complete or budget >= BUDGET:
                self.trees[folder] = taken
        return taken

    # discovery: which agent fits a folder, remembered while its tree stays as it was
    def fitting(self, agents: Sequence[AnyAgent], folder: Path) -> AnyAgent | None:
        names = ",".join(a.name for a in agents)
        seen = self.tree(folder, FOLDER_BUDGET)  # a fleet's folder holding users: not kept
        was = self._fits.get(str(folder))
        if seen.settled and was is not None and was[:2] == (names, seen.digest):
            return agent_named(was[2]) if was[2] else None
        agent = first_fitting(agents, folder)
        if seen.settled:
            self._fit_writes.append((str(folder), names, seen.digest, agent.name if agent else ""))
        return agent

    # figures: as stored when the tree is as it was, else read (and kept when settled)
    def cached(self, agent: AnyAgent, ws: Path) -> dict[str, Any] | None:
        self.seen.add(str(ws))
        seen = self.tree(ws)
        was = self._stored.get(str(ws))
        if not seen.settled or was is None or was[:2] != (agent.name, seen.digest):
            return None
        held = self.entries.get(ws)
        if held is not None and (held.agent, held.digest) == (agent.name, seen.digest):
            return held.figures  # as this process holds it, memories and all
        figures: dict[str, Any] = json.loads(was[2])
        self.entries[ws] = Entry(ws, agent.name, seen.digest, figures, db=self.db)
        self._renewed(ws)
        return figures

    # only what waits changed (MemDesk's journal): the figures kept, but for the waiting count
    def memories_kept(self, agent: AnyAgent, ws: Path) -> dict[str, Any] | None:
        """The figures kept of `ws` when only MemDesk's own folder changed since (the tree's
        `memories` part as kept, and settled), else None: what waits is then all to read."""
        was = self._stored.get(str(ws))
        if was is None or was[0] != agent.name or was[3] is None or agent.reads_journal:
            return None
        memories, settled = self.tree(ws).memories()
        if not settled or memories != was[3]:
            return None
        figures: dict[str, Any] = json.loads(was[2])
        return None if figures.get("error") else figures

    def keep_waiting(self, agent: AnyAgent, ws: Path, figures: dict[str, Any]) -> None:
        """The figures of `ws` after `memories_kept`, what waits read again; its memories as
        searched stay (nothing to join again), kept when the whole tree had settled."""
        seen, was = self.tree(ws), self._stored[str(ws)]
        entry = self.entries.get(ws)
        if entry is None or (entry.agent, entry.digest) != (agent.name, was[1]):
            entry = self.entries[ws] = Entry(ws, agent.name, was[1], figures, db=self.db)
            self._renewed(ws)
        entry.figures = figures
        if seen.settled:  # the index file's row says the same, its memories left as they are
            entry.digest = seen.digest
            self._waiting_writes.append((seen.digest, json.dumps(figures), str(ws), was[1]))

    def keep(
        self, agent: AnyAgent, ws: Path, figures: dict[str, Any], rows: list[Row] | None
    ) -> None:
        """What was read of `ws` (its tree taken before), kept when the tree had settled."""
        seen = self.tree(ws)
        rows_json = _rows_json(rows)
        hays = None if rows is None or rows_json is None else [_hay(r) for r in rows]
        entry = Entry(
            ws, agent.name, seen.digest, figures, None if hays is None else Hay(hays), rows_json
        )
        self.entries[ws] = entry
        self._renewed(ws)
        if seen.settled:
            hays_json = None if hays is None else json.dumps(hays, ensure_ascii=False)
            memories = seen.memories()[0]
            self._writes.append(
                (
                    str(ws),
                    agent.name,
                    seen.digest,
                    json.dumps(figures),
                    hays_json,
                    rows_json,
                    memories,
                )
            )

    @property
    def unsaved(self) -> int:
        return len(self._writes) + len(self._waiting_writes)

    def forget_trees(self, folders: Sequence[Path] = ()) -> None:
        """Trees are taken again (all of them, or those of `folders`) on the next look."""
        if not folders:
            self.trees.clear()
        for folder in folders:
            self.trees.pop(folder, None)

    def save(self, *, prune: bool = False) -> None:
        """Write what was read; `prune`: forget the workspaces this scan did not find."""
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO workspaces VALUES (?, ?, ?, ?, ?, ?, ?)", self._writes
            )
            waited = [self._waiting_written(*write) for write in self._waiting_writes]
            self.db.executemany("INSERT OR REPLACE INTO fits VALUES (?, ?, ?, ?)", self._fit_writes)
            if prune:
                gone = [(p,) for p in self._stored.keys() - self.seen]
                self.db.executemany("DELETE FROM workspaces WHERE path = ?", gone)
        for path, agent, digest, figures, _, _, memories in self._writes:
            self._stored[path] = (agent, digest, figures, memories)
            entry = self.entries.get(Path(path))
            if entry is not None and entry.digest == digest:
                entry.rows_json, entry.db = None, self.db  # read back when shown
        for (digest, figures, path, _), done in zip(self._waiting_writes, waited, strict=True):
            if done:
                agent, _, _, memories = self._stored[path]
                self._stored[path] = (agent, digest, figures, memories)
        for path, names, digest, agent in self._fit_writes:
            self._fits[path] = (names, digest, agent)
        self._writes, self._waiting_writes, self._fit_writes = [], [], []

    def _waiting_written(self, digest: bytes, figures: str, path: str, was: bytes) -> bool:
        """The row of `path` given its new digest and figures, its memories left; False when
        it is no longer the row read (written again meanwhile: what it says stands)."""
        done = self.db.execute(
            "UPDATE workspaces SET digest = ?, figures = ? WHERE path = ? AND digest = ?",
            (digest, figures, path, was),
        )
        return done.rowcount == 1

    # search
    def searchable(self, ws: Path) -> Entry | None:
        """The workspace's memories to search, None when the index holds none for it."""
        entry = self.entries.get(ws)
        if entry is None:
            return None
        if entry.hay is None and not self._hays_loaded:
            self._load_hays()
        return entry if entry.hay is not None else None

    def _load_hays(self) -> None:
        self._hays_loaded = True
        for path, digest, hays in self.db.execute(
            "SELECT path, digest, hays FROM workspaces WHERE hays IS NOT NULL"
        ):
            entry = self.entries.get(Path(path))
            if entry is not None and entry.digest == digest and entry.hay is None:
                entry.hay = Hay(json.loads(hays))
        self._all = None

    def search(self, words: Sequence[str]) -> list[tuple[Entry, Sequence[int]]]:
        """The workspaces holding memories with every one of the casefolded `words`, and those
        memories (by number in each): one look through every workspace's text at once, those
        changed since it was joined looked through apart (joining all again takes longer than
        a keystroke may at 10,000 users), until more than 1 in REJOIN changed."""
        whole = self._all
        if whole is None or len(self._apart) * REJOIN > len(whole.entries):
            whole = self._all = _Joined(_searched(self.entries.values()))
            self._apart, self._changes = set(), None
        if not self._apart:
            return whole.search(words)
        if self._changes is None:
            self._changes = _Joined(_searched(self.entries.get(ws) for ws in self._apart))
            self._left_out = whole.places(self._apart)
        return whole.search(words, leaving=self._left_out) + self._changes.search(words)

    def _renewed(self, ws: Path) -> None:
        """The workspace's memories to search are no longer those joined."""
        self._apart.add(ws)
        self._changes = None


def _searched(entries: Iterable[Entry | None]) -> list[Entry]:
    return [e for e in entries if e is not None and e.hay and e.hay.starts]


class _Joined:
    """Every workspace's memories as UTF-8 in one array, searched by numpy: a word is found as
    the same bytes (UTF-8 keeps a substring of code points a substring of bytes), each found
    place's memory by its starting byte, each memory's workspace by its first memory's number."""

    __slots__ = ("bytes_seen", "data", "entries", "firsts", "starts")

    def __init__(self, entries: list[Entry]) -> None:
        hays = [e.hay for e in entries if e.hay is not None]
        self.entries = entries
        self.data = np.frombuffer(Hay.SEPARATOR.encode().join(h.encoded() for h in hays), np.uint8)
        counts = [len(h.starts) for h in hays]
        self.firsts = np.fromiter(accumulate(counts[:-1], initial=0), int, len(counts))
        self.starts = _byte_starts(self.data, hays, sum(counts))
        self.bytes_seen = np.bincount(self.data[::64], minlength=256)  # which is rarest: a guide

    def search(
        self, words: Sequence[str], leaving: Any = None
    ) -> list[tuple[Entry, Sequence[int]]]:
        """The entries holding memories with every one of `words`, and those memories (by
        number in each); those at the `leaving` places left out."""
        found = None
        for word in sorted(words, key=len, reverse=True):
            holding = self._holding(word)
            found = holding if found is None else np.intersect1d(found, holding)
        if found is None:
            found = np.arange(len(self.starts))
        places = np.searchsorted(self.firsts, found, side="right") - 1
        if leaving is not None and len(leaving):
            kept = ~np.isin(places, leaving)
            found, places = found[kept], places[kept]
        numbers = array("q", (found - self.firsts[places]).astype(np.int64).tobytes())
        cuts = [0, *(np.flatnonzero(np.diff(places)) + 1).tolist(), len(numbers)]
        return [(self.entries[places[lo]], numbers[lo:hi]) for lo, hi in pairwise(cuts) if hi > lo]

    def places(self, paths: set[Path]) -> Any:
        """Where the workspaces at `paths` are among the entries."""
        return np.array([i for i, e in enumerate(self.entries) if e.path in paths], int)

    def _holding(self, word: str) -> Any:
        """The memories (by number, ascending) holding `word`."""
        wanted = word.encode("utf-8", "surrogatepass")
        if Hay.SEPARATOR.encode() in wanted:  # would match across two memories
            return np.array([n for n, hay in enumerate(self._memories()) if word in hay], int)
        if not wanted:
            return np.arange(len(self.starts))
        rarest = min(range(len(wanted)), key=lambda i: self.bytes_seen[wanted[i]])
        at = np.flatnonzero(self.data == wanted[rarest]) - rarest
        at = at[(at >= 0) & (at <= len(self.data) - len(wanted))]
        for i, byte in enumerate(wanted):
            if i != rarest and len(at):
                at = at[self.data[at + i] == byte]
        memories = np.searchsorted(self.starts, at, side="right") - 1  # ascending, as `at`
        return memories[np.r_[True, memories[1:] != memories[:-1]]] if len(memories) else memories

    def _memories(self) -> Iterator[str]:
        for e in self.entries:
            if e.hay is not None:
                yield from (e.hay.memory(n) for n in range(len(e.hay.starts)))


def _byte_starts(data: Any, hays: list[Hay], memories: int) -> Any:
    """Where each memory begins in `data`: after each separator, unless a memory holds one."""
    if not memories:
        return np.zeros(0, int)
    separators = np.flatnonzero(data == ord(Hay.SEPARATOR))
    if len(separators) == memories - 1:
        return np.concatenate(([0], separators + 1))
    lengths = [
        len(h.memory(n).encode("utf-8", "surrogatepass")) + 1
        for h in hays
        for n in range(len(h.starts))
    ]
    return np.fromiter(accumulate(lengths[:-1], initial=0), int)


def _hay(row: Row) -> str:
    """What `Row.matches` looks for a query's words in."""
    return f"{row.fields.get('last_activated')} {row.fields.get('content')}".casefold()


def _rows_json(rows: list[Row] | None) -> str | None:
    if rows is None:
        return None
    try:
        return json.dumps(
            [[r.id, r.file, r.line, r.key, r.text, r.fields] for r in rows], ensure_ascii=False
        )
    except (TypeError, ValueError):  # fields JSON cannot hold: searched by reading the files
        return None


class IndexedRows(Sequence[Row]):
    """The memories a search found in one indexed workspace, made into rows when looked at."""

    __slots__ = ("_rows", "entry", "numbers", "words")

    def __init__(self, entry: Entry, numbers: Sequence[int], words: Sequence[str]) -> None:
        self.entry, self.numbers, self.words = entry, numbers, words
        self._rows: list[Row] | None = None

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, i: Any) -> Any:
        rows = self.rows()
        if isinstance(i, slice):
            return [rows[n] for n in self.numbers[i]]
        return rows[self.numbers[i]]

    def __iter__(self) -> Iterator[Row]:
        rows = self.rows()
        return (rows[n] for n in self.numbers)

    def rows(self) -> list[Row]:
        if self._rows is None:
            self._rows = self.entry.rows()
        if self._rows is None:  # changed under this search: the files read and searched again
            self._rows = agent_named(self.entry.agent).rows(self.entry.path)
            query = " ".join(self.words)
            self.numbers = [n for n, r in enumerate(self._rows) if r.matches(query)]
        return self._rows


class Hay:
    """A workspace's memories as `Row.matches` reads them (`_hay`), in one text to search."""

    __slots__ = ("_encoded", "starts", "text")
    SEPARATOR: Final = "\x00"

    def __init__(self, hays: list[str]) -> None:
        self.text = self.SEPARATOR.join(hays)
        lengths = (len(h) + 1 for h in hays[:-1])
        # an array, not a list: a garbage collection would visit each of a fleet's numbers
        self.starts = array("q", accumulate(lengths, initial=0) if hays else ())
        self._encoded: bytes | None = None

    def encoded(self) -> bytes:
        """The text in UTF-8 (kept: a fleet's are joined again after each user's change)."""
        if self._encoded is None:
            self._encoded = self.text.encode("utf-8", "surrogatepass")
        return self._encoded

    def memory(self, n: int) -> str:
        end = self.starts[n + 1] - 1 if n + 1 < len(self.starts) else len(self.text)
        return self.text[self.starts[n] : end]


# -- opening -------------------------------------------------------------------------------------
_OPEN: dict[Path, Index] = {}
# Held while a scan, a search or a rescan uses the indexes: the window's pages scan and search
# on threads of their own, and an index (its connection, its entries) serves one at a time.
USING = threading.RLock()


def open_index(root: Path) -> Index | None:
    """The index of the scanned folder `root` (this process keeps it open), made or rebuilt when
    missing, corrupt or of another version; None, with a note in the log, when it cannot be."""
    root = root.absolute()
    path = cache_folder() / f"{root.name[:40] or 'root'}-{_hash(str(root))}.sqlite"
    with USING:
        return _OPEN.get(path) or _open_new(path, root)


def _open_new(path: Path, root: Path) -> Index | None:
    if path not in _OPEN:
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            _OPEN[path] = _opened(path, root)
        except (OSError, sqlite3.Error) as exc:
            log.warning("no scan index for %s (%s): every file is read", root, exc)
            return None
    return _OPEN[path]


def _opened(path: Path, root: Path) -> Index:
    try:
        return _made(path, root)
    except sqlite3.OperationalError:  # locked by another MemDesk, or a disk error: not ours to drop
        raise
    except sqlite3.DatabaseError:  # not SQLite, truncated, damaged: made again
        for side in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{side}").unlink(missing_ok=True)
        return _made(path, root)


def _made(path: Path, root: Path) -> Index:
    db = sqlite3.connect(path, timeout=5, check_same_thread=False)
    try:
        return Index(_schema(db), root)
    except sqlite3.Error:
        db.close()
        raise


def index_of(ws: Path) -> Index | None:
    """The open index that scanned the workspace `ws` last."""
    return next((index for index in _OPEN.values() if ws in index.entries), None)


def tree_of(ws: Path) -> Tree:
    """The workspace's tree as its index last took it, else taken now."""
    index = index_of(ws)
    return index.tree(ws) if index is not None else tree(ws)


def located(ws: Path) -> tuple[Index, Entry] | None:
    """The index that scanned the workspace `ws` and its entry there, when it holds the
    workspace's memories to search."""
    for index in _OPEN.values():
        entry = index.entries.get(ws)
        if entry is not None:
            entry = entry if entry.hay is not None else index.searchable(ws)
            return None if entry is None else (index, entry)
    return None


def close_all() -> None:
    """Close every index this process opened (tests; a scan of other settings)."""
    for index in _OPEN.values():
        index.db.close()
    _OPEN.clear()


def _hash(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _schema(db: sqlite3.Connection) -> sqlite3.Connection:
    if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
        db.execute("PRAGMA journal_mode=WAL")
        with db:  # another MemDesk making it at the same time waits, then finds it made
            db.execute("BEGIN IMMEDIATE")
            if db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA:
                return _tuned(db)
            db.execute("DROP TABLE IF EXISTS workspaces")
            db.execute("DROP TABLE IF EXISTS fits")
            db.execute(
                "CREATE TABLE workspaces (path TEXT PRIMARY KEY, agent TEXT, digest BLOB,"
                " figures TEXT, hays TEXT, rows TEXT, memories BLOB)"
            )
            db.execute(
                "CREATE TABLE fits (path TEXT PRIMARY KEY, agents TEXT, digest BLOB, agent TEXT)"
            )
            db.execute(f"PRAGMA user_version = {SCHEMA}")
    return _tuned(db)


def _tuned(db: sqlite3.Connection) -> sqlite3.Connection:
    db.execute("PRAGMA synchronous=NORMAL")
    return db
