"""An open PicoClaw workspace: long-term memory, daily notes, the hybrid profile, its policy, and
what the agent injects for a message (SPEC 2.2, 2.3). Edits of every file live here until saved."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw import policy as pico_policy
from core.agents.picoclaw import profile as profile_json
from core.agents.picoclaw import retrieval
from core.formats.text import InputError
from core.formats.whole_text import WholeText, WholeTextDocument
from core.messages import say
from core.ops import ChangeSet
from core.ops.entries import add_entry
from core.store.document import Document, Saved
from core.store.documents import EDITED, AnyDocument, DocumentSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_file, read_or_none
from core.store.merge import Change, Resolution

if TYPE_CHECKING:
    from core.agent import AnyAgent

LONGTERM = "memory/MEMORY.md"
PROFILE = "memory/profile.json"
BACKUPS = "memory/backups"  # the agent's own backups of MEMORY.md; MemDesk's go there too

LongTerm = Document[picoclaw.LongTermDocument, picoclaw.Entry]
Note = Document[WholeTextDocument, WholeText]
Profile = Document[profile_json.ProfileDoc, profile_json.ProfileItem]
Overrides = Document[pico_policy.PolicyDoc, pico_policy.PolicyItem]


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
    ignored: InputError | None = None  # why the agent ignores its policy overrides (corrupt)


class PicoClawWorkspace(DocumentSet):
    @property
    def agent(self) -> AnyAgent:
        """The plug-in that reads this workspace (its one name: `agent.name`)."""
        from core.agents.picoclaw import AGENT

        return AGENT

    def warm_up(self) -> None:
        with contextlib.suppress(InputError, WorkspaceError):  # its page says why
            self.longterm()

    # -- documents --------------------------------------------------------------------------------
    def longterm(self) -> LongTerm:
        """memory/MEMORY.md (empty if the agent has not written it yet); backups go to the
        agent's own memory/backups/."""
        fmt = picoclaw.LongTermFormat(LONGTERM)
        return self.open_document(LONGTERM, fmt, backups=self.root / BACKUPS)

    def agent_backup_folders(self) -> list[Path]:
        return [self.root / BACKUPS]

    def overrides(self) -> Overrides:
        """memory/policy_overrides.json; PolicyFileError (the file untouched) when corrupt."""
        fmt = pico_policy.PolicyOverridesFormat(self.root / pico_policy.OVERRIDES)
        return self.open_document(pico_policy.OVERRIDES, fmt)

    def document_at(self, rel: str) -> AnyDocument:
        if rel == LONGTERM:
            return self.longterm()
        if rel == PROFILE:
            return self.profile()
        if rel == pico_policy.OVERRIDES:
            return self.overrides()
        day = picoclaw.daily_note_day(rel)  # one MemDesk deleted too: it may be restored
        if day is not None:
            return self.note(day)
        return super().document_at(rel)

    def daily_notes(self) -> list[picoclaw.DailyNote]:
        return picoclaw.list_daily_notes(self.root)

    def note(self, day: date) -> Note:
        rel = picoclaw.daily_note_path(self.root, day).relative_to(self.root).as_posix()
        return self.open_document(rel, picoclaw.NoteFormat(rel))

    def note_day(self, document: AnyDocument) -> date | None:
        """The day of a daily note's document (None for any other document)."""
        if not isinstance(document.fmt, picoclaw.NoteFormat):
            return None
        stem = Path(document.rel).stem
        return date(int(stem[:4]), int(stem[4:6]), int(stem[6:8]))

    def open_notes(self) -> list[tuple[date, Note]]:
        """The daily notes read so far, with their days (they may hold unsaved text)."""
        out = []
        for document in self.documents():
            day = self.note_day(document)
            if day is not None:
                out.append((day, document))
        return out

    def notes_matching(self, query: str) -> set[date]:
        """Days whose note holds every word of `query` (any case), unsaved notes included."""
        words = query.casefold().split()
        texts: dict[date, Callable[[], str]] = {
            n.date: partial(_read_text, n.path, self.root) for n in self.daily_notes()
        }
        for day, document in self.open_notes():
            texts[day] = document.text
        return {day for day, text in texts.items() if all(w in text().casefold() for w in words)}

    def profile(self) -> Profile:
        """memory/profile.json; ProfileError (the file untouched) when it is not a readable one."""
        return self.open_document(PROFILE, profile_json.ProfileFormat(self.root / PROFILE))

    def last_compress(self) -> datetime | None:
        return picoclaw.read_last_compress(self.root)

    def policy(self) -> dict[str, pc_policy.PolicyValue]:
        """The effective policy; InputError (file and line) for a broken config.json."""
        return pc_policy.resolve_policy(self.policy_layers())

    def policy_layers(self) -> pc_policy.PolicyLayers:
        """What each file sets (`ignored`: why the agent ignores the overrides)."""
        return pc_policy.load_policy_layers(self.root)

    def folders(self) -> list[Path]:
        memory = self.root / "memory"
        found = [self.root, memory, *sorted({n.path.parent for n in self.daily_notes()})]
        return [f for f in found if f.is_dir() and not f.is_symlink()]

    def save_all(
        self,
        resolutions: Mapping[str, Mapping[str, Resolution]] | None = None,
        *,
        cause: str = EDITED,
        op_id: str | None = None,
    ) -> list[Saved[Any]]:
        """As every workspace saves, but the policy overrides as the agent updates them: their
        previous content saved as a snapshot first (when the file exists and is not empty)."""
        document = self._open.get(pico_policy.OVERRIDES)
        if document is not None and document.modified:
            current = read_or_none(document.path, root=self.root)
            if current and current.strip():
                pico_policy.write_snapshot(self.root, current)
        return super().save_all(resolutions, cause=cause, op_id=op_id)

    # -- operations -------------------------------------------------------------------------------
    def set_policy(self, values: Mapping[str, pc_policy.PolicyScalar | None]) -> ChangeSet:
        """Overrides set (None: unset, the config or default value applies again)."""
        document = self.overrides()
        corrupt = document.doc.corrupt
        if corrupt is not None:
            raise WorkspaceError(f"{corrupt}; {pico_policy.NO_VALUE_SET}", exit_code=EXIT_REFUSED)
        changes = []
        for key, value in values.items():
            if key not in pico_policy.MEANINGS:
                raise WorkspaceError(
                    say("{key}: not a MemoryPolicy key", key=key), exit_code=EXIT_REFUSED
                )
            now = document.find(key)
            new = None if value is None else pico_policy.PolicyItem(key, value)
            if now != new:
                changes.append(Change(key, now, new))
        shown = ", ".join(
            f"{k}={'unset' if v is None else json.dumps(v)}" for k, v in values.items()
        )
        return ChangeSet(document, say("Policy: {values}", values=shown), changes)

    def restore_snapshot(self, snapshot: pico_policy.Snapshot) -> ChangeSet:
        """The overrides as the snapshot holds them, each value checked as a value set is
        (PolicyFileError naming the file and line otherwise), before anything is written."""
        data = snapshot.read(self.root)
        pico_policy.checked_snapshot(snapshot.path, data)
        text = data.decode("utf-8")
        return ChangeSet(
            self.overrides(), say("Restore policy snapshot {file}", file=snapshot.rel), text=text
        )

    def add_entry(self, document: AnyDocument, text: str, now: datetime | None = None) -> ChangeSet:
        """A new long-term memory, appended as the agent appends one (under today's date)."""
        return add_entry(document, picoclaw.draft_entry(text, (now or datetime.now()).date()))

    def promote_passage(self, passage: str, today: date | None = None) -> ChangeSet:
        """A daily-note passage appended to long-term memory in the agent's format."""
        draft = picoclaw.draft_entry(passage, today or date.today())
        return add_entry(self.longterm(), draft, "Promote a passage to long-term memory")

    # -- what the agent sees ----------------------------------------------------------------------
    def agent_sees(
        self, message: str, today: date | None = None, layers: pc_policy.PolicyLayers | None = None
    ) -> AgentPreview:
        """The retrieval for `message` and the memory text the agent injects, edits included,
        under the policy files as they are (or `layers`: a policy being tried)."""
        layers = layers or self.policy_layers()
        policy = pc_policy.resolve_policy(layers)
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
        return AgentPreview(chunks, injected, limit, recent, self._profile_block(), layers.ignored)

    def _profile_block(self) -> str:
        """What the hybrid fork adds from memory/profile.json ("" without a readable profile)."""
        if not (self.root / PROFILE).exists() and PROFILE not in self._open:
            return ""
        try:
            return self.profile().doc.markdown()
        except InputError:
            return ""


def _read_text(path: Path, root: Path) -> str:
    """A file's text for searching only (undecodable bytes read as U+FFFD), confined to `root`."""
    return read_file(path, root=root).decode("utf-8", errors="replace")
