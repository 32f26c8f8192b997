"""An open PicoClaw or Pomelobot/OpenClaw workspace: its sources, their edits, saving, retrieval.

The window and the CLI ask this for everything about these layouts. Sources are read when first
asked for and kept, so unsaved edits of every file live here until `save` writes them, each file
on its own (compare-and-swap, merge, backup, atomic replace, journal).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial
from pathlib import Path

from core import retrieval
from core.formats import picoclaw, pomelobot, profile_json
from core.formats.text import InputError
from core.layout import Layout, detect
from core.sources import (
    Clash,
    Edit,
    EntrySource,
    Item,
    NoteSource,
    PicoLongTerm,
    PomeloFile,
    Resolution,
    SourceConflict,
    SourceSave,
    journal_edits,
    read_or_none,
)
from core.store import atomic
from core.store.backups import BackupStyle, clean_backup_temps
from core.store.retention import prune_own
from core.workspace import WorkspaceError

LONGTERM = "memory/MEMORY.md"
PROFILE = "memory/profile.json"


class ProfileSource:
    """memory/profile.json: its items, or the error that keeps it read-only (file untouched)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.rel = PROFILE
        self.path = root / PROFILE
        self.reload()

    def reload(self) -> None:
        self.raw = read_or_none(self.path)
        self.error: profile_json.ProfileError | None = None
        try:
            if self.raw is None:
                self.doc = profile_json.ProfileDoc(path=self.path)
            else:
                self.doc = profile_json.parse_profile(self.raw, self.path)
        except profile_json.ProfileError as exc:
            self.error = exc
            self.doc = profile_json.ProfileDoc(path=self.path)

    @property
    def exists(self) -> bool:
        return self.raw is not None

    @property
    def read_only(self) -> bool:
        return self.error is not None

    @property
    def modified(self) -> bool:
        return self.error is None and self.doc.changed

    def snapshot(self) -> list[tuple[str, str]]:
        return self.doc.items()

    def restore(self, state: list[tuple[str, str]]) -> None:
        self.doc.restore(state)

    def check_writable(self) -> None:
        if self.error is not None:
            raise WorkspaceError(
                f"MemDesk does not change {self.path} until it is fixed: {self.error}",
                exit_code=1,
            )

    def save(
        self,
        *,
        resolutions: Mapping[str, Resolution] | None = None,
        cause: str = "edited in MemDesk",
    ) -> SourceSave:
        """Compare-and-swap merged by key, backup, atomic write (profile_json.save_profile)."""
        self.check_writable()
        base = self._items_of(self.raw)
        mine = self.doc.as_dict()
        try:
            backup = profile_json.save_profile(
                self.path,
                self.doc,
                expected=self.doc.data,
                workspace=self.root,
                resolutions=resolutions,
            )
        except profile_json.ProfileError as exc:
            raise WorkspaceError(str(exc), exit_code=1) from None
        except profile_json.ProfileConflict as exc:  # settled like any source's conflict
            clashes = [Clash(c.key, c.mine, c.theirs) for c in exc.conflicts]
            raise SourceConflict(self.path, clashes) from None
        except OSError as exc:
            raise WorkspaceError(f"{self.path}: could not write: {exc.strerror or exc}") from None
        self.raw = self.doc.data
        if backup is not None:
            prune_own(self.root, backup.parent)
        merged = self.doc.as_dict() != mine  # another program's keys came in with the save
        edits = _key_edits(base, {k: v for k, v in mine.items() if self.doc.get(k) == v})
        journal_edits(self.root, self.rel, edits, cause)
        return SourceSave(self.path, backup, merged, edits)

    def _items_of(self, data: bytes | None) -> dict[str, str]:
        return {} if data is None else profile_json.parse_profile(data, self.path).as_dict()


def _key_edits(before: Mapping[str, str], after: Mapping[str, str]) -> tuple[Edit, ...]:
    """The saved change per profile key (a rename is a delete and a create)."""
    edits = [
        Edit(k, Item(k, k, v, 0), Item(k, k, after[k], 0) if k in after else None)
        for k, v in before.items()
        if after.get(k) != v
    ]
    edits += [Edit(k, None, Item(k, k, v, 0)) for k, v in after.items() if k not in before]
    return tuple(edits)


Source = EntrySource | NoteSource | ProfileSource


@dataclass(frozen=True, slots=True)
class RankedChunk:
    rank: int  # 1-based order in which the agent takes it
    text: str
    score: int
    taken: bool  # within the retrieve limit: the agent injects it


@dataclass(frozen=True, slots=True)
class AgentPreview:
    """What PicoClaw puts in its prompt for one message (unsaved edits included)."""

    chunks: list[RankedChunk]
    injected: str
    limit: int
    recent_days: int
    profile: str = ""  # the hybrid fork's profile block (memory/profile.json), edits included


class AgentWorkspace:
    def __init__(self, root: Path, layout: Layout) -> None:
        self.root = root
        self.layout = layout
        self._open: dict[str, Source] = {}

    @classmethod
    def open(cls, root: Path) -> AgentWorkspace:
        """A PicoClaw or Pomelobot/OpenClaw workspace; WorkspaceError for anything else."""
        root = Path(root)
        if not root.is_dir():
            raise WorkspaceError(f"{root}: not a folder")
        found = detect(root)
        if found.chosen not in ("picoclaw", "pomelobot"):
            raise WorkspaceError(f"{root}: not a PicoClaw or Pomelobot/OpenClaw workspace")
        ws = cls(root.resolve(), found.chosen)
        ws.clean_temps()
        return ws

    def clean_temps(self) -> None:
        """Remove what an interrupted MemDesk save left behind (MemDesk's temp names only)."""
        for folder in self.folders():
            with contextlib.suppress(OSError):
                atomic.clean_stale_temps(folder)
        clean_backup_temps(self.root)

    # -- sources --------------------------------------------------------------------------------
    def sources(self) -> list[Source]:
        """Every source read so far (the only ones that can hold edits)."""
        return list(self._open.values())

    @property
    def modified(self) -> bool:
        return any(s.modified for s in self._open.values())

    def modified_sources(self) -> list[Source]:
        return [s for s in self._open.values() if s.modified]

    def _cached(self, rel: str, make: Callable[[], Source]) -> Source:
        source = self._open.get(rel)
        if source is None:
            source = make()
            self._open[rel] = source
        return source

    def longterm(self) -> EntrySource:
        """PicoClaw's memory/MEMORY.md (empty if the agent has not written it yet)."""
        source = self._cached(
            LONGTERM,
            lambda: EntrySource(
                self.root, LONGTERM, PicoLongTerm(LONGTERM), style=BackupStyle.PICOCLAW
            ),
        )
        assert isinstance(source, EntrySource)
        return source

    def daily_notes(self) -> list[picoclaw.DailyNote]:
        return picoclaw.list_daily_notes(self.root)

    def note(self, day: date) -> NoteSource:
        rel = picoclaw.daily_note_path(self.root, day).relative_to(self.root).as_posix()
        source = self._cached(rel, lambda: NoteSource(self.root, rel, day))
        assert isinstance(source, NoteSource)
        return source

    def notes_matching(self, query: str) -> set[date]:
        """Days whose note holds every word of `query` (any case), unsaved notes included."""
        words = query.casefold().split()
        texts: dict[date, Callable[[], str]] = {
            n.date: partial(_read_text, n.path) for n in self.daily_notes()
        }
        for source in self._open.values():
            if isinstance(source, NoteSource):
                texts[source.day] = source.text
        return {day for day, text in texts.items() if all(w in text().casefold() for w in words)}

    def profile(self) -> ProfileSource:
        source = self._cached(PROFILE, lambda: ProfileSource(self.root))
        assert isinstance(source, ProfileSource)
        return source

    def last_compress(self) -> datetime | None:
        return picoclaw.read_last_compress(self.root)

    def policy(self) -> dict[str, picoclaw.PolicyValue]:
        """The effective PicoClaw policy; InputError (file and line) for a broken file."""
        return picoclaw.effective_policy(self.root)

    def scopes(self) -> list[pomelobot.Scope]:
        return pomelobot.list_scopes(self.root)

    def memory_file(self, rel: str, kind: pomelobot.FileKind | None = None) -> EntrySource:
        """A Pomelobot/OpenClaw memory file of any scope (read-only for transcripts)."""
        kind = kind or pomelobot.file_kind(rel)
        source = self._cached(rel, lambda: EntrySource(self.root, rel, PomeloFile(rel, kind)))
        assert isinstance(source, EntrySource)
        return source

    def long_term_of(self, scope: pomelobot.Scope) -> EntrySource:
        """The scope's long-term file; where the agent would create it when there is none."""
        existing = scope.of_kind("long_term")
        if existing:
            return self.memory_file(existing[0].path, "long_term")
        rel = pomelobot.long_term_path(scope.name)
        header = pomelobot.long_term_header(scope.name)
        source = self._cached(
            rel, lambda: EntrySource(self.root, rel, PomeloFile(rel, "long_term", header))
        )
        assert isinstance(source, EntrySource)
        return source

    def scope_of(self, rel: str) -> pomelobot.Scope:
        for scope in self.scopes():
            if any(f.path == rel for f in scope.files):
                return scope
        raise WorkspaceError(f"{rel}: not a memory file of any scope")

    # -- operations -----------------------------------------------------------------------------
    def promote_passage(self, passage: str, today: date | None = None) -> str:
        """PicoClaw: a daily-note passage appended to long-term memory in the agent's format."""
        return self.longterm().add(passage, (today or date.today()).isoformat())

    def promote_entry(self, rel: str, key: str, now: datetime | None = None) -> EntrySource:
        """Pomelobot: a daily entry appended to its scope's long-term file (the daily file keeps it)."""
        item = self.memory_file(rel).find(key)
        if item is None:
            raise WorkspaceError(f"{rel}: no entry {key}")
        target = self.long_term_of(self.scope_of(rel))
        target.add(item.content, pomelobot.format_time(now or datetime.now()))
        return target

    def save(
        self, resolutions: Mapping[str, Mapping[str, Resolution]] | None = None
    ) -> list[SourceSave]:
        """Save every modified source, each on its own; stops at the first that fails.

        `resolutions` maps a source's relative path to how its conflicts are settled.
        """
        saved = []
        for rel, source in list(self._open.items()):
            if source.modified:
                saved.append(source.save(resolutions=(resolutions or {}).get(rel)))
        return saved

    def reload(self) -> None:
        """Read every open source anew (their unsaved edits are dropped)."""
        for source in self._open.values():
            source.reload()

    def folders(self) -> list[Path]:
        """The folders where the agent creates memory files (to watch for new ones)."""
        memory = self.root / "memory"
        found = [self.root, memory]
        if self.layout == "picoclaw":
            found += sorted({n.path.parent for n in self.daily_notes()})
        else:
            scopes = memory / "scopes"
            found.append(scopes)
            if scopes.is_dir():
                for scope in sorted(p for p in scopes.iterdir() if p.is_dir()):
                    found += [scope, scope / "transcripts"]
        return [f for f in found if f.is_dir() and not f.is_symlink()]

    def changed_on_disk(self) -> list[Source]:
        """Open sources whose file is no longer what was read."""
        out = []
        for source in self._open.values():
            base = source.raw if isinstance(source, ProfileSource) else source.base
            if read_or_none(source.path) != base:
                out.append(source)
        return out

    # -- what the agent sees --------------------------------------------------------------------
    def agent_sees(self, message: str, today: date | None = None) -> AgentPreview:
        """PicoClaw's retrieval for `message` and the memory text it injects, edits included."""
        policy = self.policy()
        limit = int(policy["retrieve_limit"].value)
        recent = int(policy["recent_days"].value)
        doc = self.longterm().doc
        assert isinstance(doc, picoclaw.LongTermDocument)
        content = doc.agent_text()
        chunks = []
        if message != "":  # no message: the agent injects the whole file, nothing is ranked
            taken = len(retrieval.retrieve(content, message, limit))
            chunks = [
                RankedChunk(n, c.text, c.score, n <= taken)
                for n, c in enumerate(retrieval.ranked(content, message), start=1)
            ]
        day = today or date.today()
        days = {n.date for n in self.daily_notes()}
        # A note written here but not saved yet is part of the preview too.
        days |= {s.day for s in self._open.values() if isinstance(s, NoteSource) and s.text()}
        recent_days = sorted(d for d in days if 0 <= (day - d).days < recent)
        notes = [(d, self.note(d).text()) for d in recent_days]
        injected = retrieval.memory_context(
            content, message, limit=limit, recent_days=recent, daily_notes=notes, today=day
        )
        return AgentPreview(chunks, injected, limit, recent, self._profile_block())

    def _profile_block(self) -> str:
        """What the hybrid fork adds from memory/profile.json ("" without a readable profile)."""
        if not (self.root / PROFILE).exists() and PROFILE not in self._open:
            return ""
        profile = self.profile()
        return "" if profile.error is not None else profile.doc.markdown()


def _read_text(path: Path) -> str:
    """A file's text for searching only (undecodable bytes read as U+FFFD)."""
    return path.read_bytes().decode("utf-8", errors="replace")


def open_error(exc: BaseException) -> str | None:
    """A message for the person when a source cannot be read, else None."""
    if isinstance(exc, (InputError, WorkspaceError)):
        return str(exc)
    if isinstance(exc, OSError):
        return f"{exc.filename or ''}: {exc.strerror or exc}"
    return None
