"""An open PicoClaw or Pomelobot/OpenClaw workspace: its documents, their edits, saving, retrieval.

The window and the CLI ask this for everything about these layouts. Documents are read when first
asked for and kept, so unsaved edits of every file live here until `save` writes them, each file
through the one guarded commit (compare, merge by entry, backup, atomic replace, journal).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial
from pathlib import Path
from typing import Any

from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw import profile as profile_json
from core.agents.picoclaw import retrieval as retrieval
from core.agents.pomelobot import format as pomelobot
from core.formats.text import InputError
from core.layout import Layout, detect
from core.ops import ChangeSet
from core.ops.entries import add_entry
from core.store import atomic
from core.store.backups import BackupStyle, clean_backup_temps
from core.store.commit import Target
from core.store.document import Document, Saved
from core.store.errors import WorkspaceError
from core.store.merge import Resolution

LONGTERM = "memory/MEMORY.md"
PROFILE = "memory/profile.json"

AnyDocument = Document[Any, Any]
LongTerm = Document[picoclaw.LongTermDocument, picoclaw.Entry]
Note = Document[picoclaw.NoteDocument, picoclaw.NoteText]
Profile = Document[profile_json.ProfileDoc, profile_json.ProfileItem]
MemoryFile = Document[pomelobot.MemoryFileDocument, pomelobot.MemoryEntry]


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
        self._open: dict[str, AnyDocument] = {}

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

    # -- documents --------------------------------------------------------------------------------
    def documents(self) -> list[AnyDocument]:
        """Every document read so far (the only ones that can hold edits)."""
        return list(self._open.values())

    @property
    def modified(self) -> bool:
        return any(d.modified for d in self._open.values())

    def modified_documents(self) -> list[AnyDocument]:
        return [d for d in self._open.values() if d.modified]

    def _target(self, rel: str, *, agent_backups: bool = False) -> Target:
        style = BackupStyle.PICOCLAW if agent_backups else BackupStyle.MEMDESK
        return Target(self.root, rel, style.directory(self.root, self.root / rel))

    def _cached(self, rel: str, make: Callable[[], AnyDocument]) -> AnyDocument:
        document = self._open.get(rel)
        if document is None:
            document = make()
            self._open[rel] = document
        return document

    def longterm(self) -> LongTerm:
        """PicoClaw's memory/MEMORY.md (empty if the agent has not written it yet)."""
        return self._cached(
            LONGTERM,
            lambda: Document.read(
                self._target(LONGTERM, agent_backups=True), picoclaw.LongTermFormat(LONGTERM)
            ),
        )

    def daily_notes(self) -> list[picoclaw.DailyNote]:
        return picoclaw.list_daily_notes(self.root)

    def note(self, day: date) -> Note:
        rel = picoclaw.daily_note_path(self.root, day).relative_to(self.root).as_posix()
        return self._cached(rel, lambda: Document.read(self._target(rel), picoclaw.NoteFormat(rel)))

    def note_day(self, document: AnyDocument) -> date | None:
        """The day of a daily note's document (None for any other document)."""
        if not isinstance(document.fmt, picoclaw.NoteFormat):
            return None
        stem = Path(document.rel).stem
        return date(int(stem[:4]), int(stem[4:6]), int(stem[6:8]))

    def open_notes(self) -> list[tuple[date, Note]]:
        """The daily notes read so far, with their days (they may hold unsaved text)."""
        out = []
        for document in self._open.values():
            day = self.note_day(document)
            if day is not None:
                out.append((day, document))
        return out

    def notes_matching(self, query: str) -> set[date]:
        """Days whose note holds every word of `query` (any case), unsaved notes included."""
        words = query.casefold().split()
        texts: dict[date, Callable[[], str]] = {
            n.date: partial(_read_text, n.path) for n in self.daily_notes()
        }
        for day, document in self.open_notes():
            texts[day] = document.text
        return {day for day, text in texts.items() if all(w in text().casefold() for w in words)}

    def profile(self) -> Profile:
        """memory/profile.json; ProfileError (the file untouched) when it is not a readable one."""
        return self._cached(
            PROFILE,
            lambda: Document.read(
                self._target(PROFILE), profile_json.ProfileFormat(self.root / PROFILE)
            ),
        )

    def last_compress(self) -> datetime | None:
        return picoclaw.read_last_compress(self.root)

    def policy(self) -> dict[str, picoclaw.PolicyValue]:
        """The effective PicoClaw policy; InputError (file and line) for a broken file."""
        return picoclaw.effective_policy(self.root)

    def scopes(self) -> list[pomelobot.Scope]:
        return pomelobot.list_scopes(self.root)

    def memory_file(self, rel: str, kind: pomelobot.FileKind | None = None) -> MemoryFile:
        """A Pomelobot/OpenClaw memory file of any scope (read-only for transcripts)."""
        fmt = pomelobot.MemoryFileFormat(rel, kind)
        return self._cached(rel, lambda: Document.read(self._target(rel), fmt))

    def long_term_of(self, scope: pomelobot.Scope) -> MemoryFile:
        """The scope's long-term file; where the agent would create it when there is none."""
        existing = scope.of_kind("long_term")
        if existing:
            return self.memory_file(existing[0].path, "long_term")
        rel = pomelobot.long_term_path(scope.name)
        header = pomelobot.long_term_header(scope.name)
        fmt = pomelobot.MemoryFileFormat(rel, "long_term", empty=header)
        return self._cached(rel, lambda: Document.read(self._target(rel), fmt))

    def scope_of(self, rel: str) -> pomelobot.Scope:
        for scope in self.scopes():
            if any(f.path == rel for f in scope.files):
                return scope
        raise WorkspaceError(f"{rel}: not a memory file of any scope")

    # -- operations -------------------------------------------------------------------------------
    def add_entry(self, document: AnyDocument, text: str, now: datetime | None = None) -> ChangeSet:
        """A new memory in `document`, written as the agent appends one (dated or timed now)."""
        when = now or datetime.now()
        if isinstance(document.fmt, picoclaw.LongTermFormat):
            return add_entry(document, picoclaw.draft_entry(text, when.date()))
        return add_entry(document, pomelobot.draft_entry(text, when))

    def promote_passage(self, passage: str, today: date | None = None) -> ChangeSet:
        """PicoClaw: a daily-note passage appended to long-term memory in the agent's format."""
        draft = picoclaw.draft_entry(passage, today or date.today())
        return add_entry(self.longterm(), draft, "Promote a passage to long-term memory")

    def promote_entry(self, rel: str, key: str, now: datetime | None = None) -> ChangeSet:
        """Pomelobot: a daily entry appended to its scope's long-term file (the daily file keeps it)."""
        entry = self.memory_file(rel).find(key)
        if entry is None:
            raise WorkspaceError(f"{rel}: no entry {key}")
        target = self.long_term_of(self.scope_of(rel))
        draft = pomelobot.draft_entry(entry.content, now or datetime.now())
        return add_entry(target, draft, f"Promote {entry.time} from {rel} to {target.rel}")

    def save(
        self, resolutions: Mapping[str, Mapping[str, Resolution]] | None = None
    ) -> list[Saved[Any]]:
        """Save every modified document, each on its own; stops at the first that fails.

        `resolutions` maps a document's relative path to how its conflicts are settled.
        """
        saved = []
        for rel, document in list(self._open.items()):
            if document.modified:
                saved.append(document.save(resolutions=(resolutions or {}).get(rel)))
        return saved

    def reload(self) -> None:
        """Read every open document anew (their unsaved edits are dropped)."""
        for document in self._open.values():
            document.reload()

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

    def changed_on_disk(self) -> list[AnyDocument]:
        """Open documents whose file is no longer what was read."""
        return [d for d in self._open.values() if d.changed_on_disk()]

    # -- what the agent sees ----------------------------------------------------------------------
    def agent_sees(self, message: str, today: date | None = None) -> AgentPreview:
        """PicoClaw's retrieval for `message` and the memory text it injects, edits included."""
        policy = self.policy()
        limit = int(policy["retrieve_limit"].value)
        recent = int(policy["recent_days"].value)
        content = self.longterm().doc.agent_text()
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
        days |= {d for d, document in self.open_notes() if document.text()}
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
        try:
            return self.profile().doc.markdown()
        except InputError:
            return ""


def _read_text(path: Path) -> str:
    """A file's text for searching only (undecodable bytes read as U+FFFD)."""
    return path.read_bytes().decode("utf-8", errors="replace")


def open_error(exc: BaseException) -> str | None:
    """A message for the person when a document cannot be read, else None."""
    if isinstance(exc, (InputError, WorkspaceError)):
        return str(exc)
    if isinstance(exc, OSError):
        return f"{exc.filename or ''}: {exc.strerror or exc}"
    return None
