"""A workspace with a structured MEMORY.md (EverBot, the tiered memory): the file, its policy,
the journal's full-precision scores and decay bookkeeping.

The workspace is a `DocumentSet` (core.store.documents) of two documents: the memory file and
the workspace's own scoring profile (.memdesk/profile.json), when it has one. Edits are change
sets kept until `save`, which merges them by memory id with what is on disk and writes through
the one guarded commit (lock, compare, merge, backup, atomic replace, journal). A decay run's
bookkeeping commits with it.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from itertools import compress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.everbot.fields import ParsedFile
from core.agents.everbot.policy import profile_by_name
from core.agents.everbot.profile_file import PROFILE_FILE, ProfileFileError, WorkspaceProfile
from core.agents.everbot.scoring import AGENT_FORGET_BELOW, agent_will_forget
from core.formats.problems import Problem
from core.formats.text import InputError, found_indented, gc_paused
from core.messages import N_, say
from core.ops import ChangeSet
from core.scoring.policy import PolicyProfile
from core.store.backups import own_backup_dir
from core.store.backups_view import BackupFile, find_backups, own_backups
from core.store.commit import Target
from core.store.document import DocState, Document, JournalPlan, Saved
from core.store.documents import AnyDocument, DocumentSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_head
from core.store.journal import (
    DecayState,
    Event,
    HistoryPoint,
    Journal,
    JournalError,
    JsonValue,
    Observation,
    ScoreEvents,
    utc_now,
)
from core.store.merge import Change, Resolution
from core.store.settled import journal_for_reading, journal_for_writing
from core.times import iso_day

if TYPE_CHECKING:
    from core.agent import AnyAgent

__all__ = ["Workspace", "change_kind", "history_backups", "memory_backups"]

MEMORY_FILE = "MEMORY.md"
# What tells the tiered memory's file from EverBot's: a memory of its own `system` category, or
# its `core`/`episode` categories beside a score on its importance scale (above EverBot's 1.0).
# An EverBot file may well use `episode`, `core` is what pinning a memory makes of its category,
# and a hand-edited score above 1 alone does not make a file tiered.
# Each from the header's '###': a leading `^[ \t]*` is tried at every byte (found_indented).
_HEADER = rb"###\s+\[\w+\]\s+"
_SYSTEM = re.compile(_HEADER + rb"system\s*\|")
_TIERED_CATEGORY = re.compile(_HEADER + rb"(?:core|episode)\s*\|")
_HIGH_SCORE = re.compile(
    _HEADER + rb"\w+\s*\|\s*(?:0*[1-9]\d+(?:\.\d*)?|0*[2-9](?:\.\d*)?|0*1\.\d*[1-9]\d*)\s*\|"
)

Actor = Literal["person", "agent", "reviewer", "decay", "import"]
log = logging.getLogger(__name__)
MemoryChange = Change[evdoc.Entry]


def change_kind(change: MemoryChange) -> str:
    """create, delete, archive, unarchive or edit: how the journal names a memory's change."""
    if change.before is None:
        return "create"
    if change.after is None:
        return "delete"
    if change.before.section != change.after.section:
        return "archive" if change.after.section == "archived" else "unarchive"
    return "edit"


class Workspace(DocumentSet):
    """One open structured memory file and the changes made to it since it was read."""

    @property
    def agent(self) -> AnyAgent:
        """The plug-in that reads this workspace (its one name: `agent.name`)."""
        from core.agents.everbot import AGENT

        return AGENT

    LOCK_TIMEOUT = 10.0  # seconds to wait for the agent's lock

    def __init__(
        self,
        root: Path,
        document: Document[evdoc.StructuredDocument, evdoc.Entry],
        profile: PolicyProfile,
        *,
        remember_profile: bool = False,
        own_profile: WorkspaceProfile | None = None,
    ) -> None:
        super().__init__(root)
        self.document = document
        self._open[document.rel] = document
        self.profile = profile
        self.remember_profile = remember_profile  # chosen, or not kept yet: keep it at a save
        # .memdesk/profile.json: the values the person changed (None: a profile chosen by name,
        # or a file MemDesk cannot read: `unreadable_profile` says why)
        self.own_profile = own_profile
        if own_profile is not None:
            self._open[own_profile.document.rel] = own_profile.document
        self.unreadable_profile: ProfileFileError | None = None

    # -- opening -----------------------------------------------------------------------------------
    @classmethod
    def open(
        cls, target: Path, *, profile: str | None = None, precise_scores: bool = True
    ) -> Workspace:
        """Read a workspace. `profile` (everbot, tiered) overrides the one saved or detected.
        Without `precise_scores` the memories keep the file's scores (and are not made at
        opening): what shows them to two places, as `memdesk list` does, shows the same."""
        root, path = locate_memory_file(target)
        rel = path.relative_to(root).as_posix()
        store_target = Target(
            root, rel, own_backup_dir(root, path), agent_lock=True,
            lock_timeout=cls.LOCK_TIMEOUT,
        )  # fmt: skip
        with gc_paused():  # 100,000 memories: see gc_paused
            document = Document.read(store_target, ev.StructuredFormat(str(path)))
            saved, precise = _journal_facts(root, rel)
        chosen = profile or saved or detect_profile(document.base or b"")
        try:
            policy = profile_by_name(chosen)
        except ValueError as exc:
            raise WorkspaceError(str(exc)) from None
        own, unreadable = None, None
        memdesk_dir = root / PROFILE_FILE.partition("/")[0]
        # A profile named on the command line is used as built in; so is the built-in one while
        # MemDesk's folder is not a folder (saving reports that).
        if profile is None and (memdesk_dir.is_dir() or not memdesk_dir.exists()):
            try:
                own = WorkspaceProfile(root, chosen)
            except (ProfileFileError, WorkspaceError) as exc:
                # scored with the built-in profile meanwhile; `check` and its page say why
                unreadable = _as_profile_error(root / PROFILE_FILE, exc)
            else:
                policy = own.usable()
        # The first save keeps the detected profile: pinning a memory to core must not turn an
        # EverBot file into the tiered memory.
        remember = profile is not None or saved is None
        ws = cls(root, document, policy, remember_profile=remember, own_profile=own)
        ws.unreadable_profile = unreadable
        ws.clean_temps()
        ws.warn_about_profile()
        if precise_scores:
            with gc_paused():
                ws._use_precise_scores(precise)
        return ws

    @property
    def path(self) -> Path:
        return self.document.path

    @property
    def lock_timeout(self) -> float:
        return self.document.target.lock_timeout

    @lock_timeout.setter
    def lock_timeout(self, seconds: float) -> None:
        self.document.target = replace(self.document.target, lock_timeout=seconds)

    @property
    def doc(self) -> evdoc.StructuredDocument:
        return self.document.doc

    @property
    def base_data(self) -> bytes:
        return self.document.base or b""

    @property
    def pending(self) -> list[MemoryChange]:
        return self.document.pending

    @property
    def generation(self) -> int:
        return self.document.generation

    @property
    def revision(self) -> int:
        """Counts every change of the open file: edits, undo, saves, reloads."""
        return self.document.revision

    @property
    def file(self) -> str:
        """The memory file's path relative to the workspace (as the journal names it)."""
        return self.document.rel

    def entries(self) -> list[evdoc.Entry]:
        return self.doc.entries()

    def find(self, key: str) -> evdoc.Entry | None:
        return self.doc.find(key)

    def default_anchor(self) -> date:
        """The date up to which the file's scores already hold decay: the agent's last save,
        or MemDesk's last decay run if later."""
        return default_anchor(self.doc, self.path)

    def decayed_to(self) -> date | None:
        """The day MemDesk's last decay run decayed every score in the file to, as it says."""
        return decayed_to(self.doc)

    def summary(self) -> ParsedFile:
        """Counts and the header comments of the file (`memdesk check`)."""
        sections = self.doc.memories().sections
        active = sections.count("active")
        return ParsedFile(
            file=str(self.path),
            entries=len(sections),
            active=active,
            archived=len(sections) - active,
            header_comments=self.doc.header_comments(),
            bom=self.doc.bom,
            newline=self.doc.newline,
        )

    # -- what needs attention ----------------------------------------------------------------------
    def forgotten(self) -> list[evdoc.Entry]:
        """Memories the EverBot agent drops at its next save (below 0.05, beyond its cap of 30;
        the newer agent, whose files hold memory_meta, also superseded ones beyond its 5 latest)."""
        entries = self.entries()
        return [entries[i] for i, _why in self._forgotten(self.doc.memories())]

    def _forgotten(self, memories: evdoc.Memories) -> list[tuple[int, str]]:
        """`forgotten` (their places among `memories`), each with why the agent drops it."""
        if self.profile.name != "everbot":
            return []
        kept = list(compress(range(len(memories.ids)), memories.with_text))
        # The agent decides on the score it reads back from the file, not MemDesk's precise one.
        scores = [(memories.ids[i], memories.written_scores[i]) for i in kept]
        superseded: dict[int, str] = {}
        if self.doc.uses_meta:  # only the newer agent, which reads memory_meta, keeps them
            superseded = {
                n: memories.last_activated[i]
                for n, i in enumerate(kept)
                if memories.statuses[i] == "superseded"
            }
        out = []
        for n in agent_will_forget(scores, superseded=superseded):
            if n in superseded:
                why = N_("it keeps only its 5 latest superseded memories")
            elif scores[n][1] < AGENT_FORGET_BELOW:
                why = N_("it scores below 0.05")
            else:
                why = N_("it keeps only its 30 best-scored memories")
            out.append((kept[n], why))
        return out

    def warnings(self) -> list[Problem]:
        path, kind = self.doc.path, "forgotten_at_next_save"
        out = list(self.doc.warnings)
        problem = self.profile_problem()
        if problem is not None:
            what = f"{problem.reason}; {self._fallback()}"
            line = problem.line or 1
            out.append(Problem(problem.path, line, line, "profile_unusable", what, "", "warning"))
        memories = self.doc.memories()
        ids, lines = memories.ids, memories.lines
        for i, why in self._forgotten(memories):
            what = say("the agent will forget [{id}] at its next save ({why})", id=ids[i], why=why)
            out.append(Problem(path, lines[i], lines[i], kind, what, "", "warning"))
        return out

    # -- editing -----------------------------------------------------------------------------------
    def apply(self, changes: Iterable[MemoryChange]) -> list[MemoryChange]:
        """Apply changes to the open file (not yet written), all or none.

        Each change's `before` must match the memory as it is here (after the changes before it).
        """
        return self.document.apply(changes)

    def snapshot(self) -> DocState:
        """The open file's state and its unsaved changes, to come back to (undo, redo)."""
        return self.document.snapshot()

    def restore(self, state: DocState, *, changes: Sequence[MemoryChange]) -> None:
        """Go back (or forward) to a snapshot; `changes` lead from here to it (see Document)."""
        self.document.restore(state, changes=changes)

    def can_restore(self, state: DocState) -> bool:
        """False once the file was read anew (a reload, or a save that merged another writer's)."""
        return self.document.can_restore(state)

    def save(
        self,
        *,
        actor: Actor,
        cause: str,
        decay_states: Mapping[str, DecayState] | None = None,
        today: date | None = None,
        resolutions: Mapping[str, Resolution] | None = None,
        merge: bool = True,
        op_id: str | None = None,
        decayed: date | None = None,
    ) -> Saved[evdoc.Entry]:
        """Write the pending changes through the guarded commit (lock, merge, backup, replace,
        journal), the decay bookkeeping with them. `decayed`: a decay run to that day, which
        the file then says (its header), so that the run stays done without the journal.

        `resolutions` settles memories changed on both sides (after a ConflictError): "theirs"
        drops this side's change, "mine" writes it over theirs, a text writes that content.
        """
        saved = self.document.save(
            actor=actor,
            cause=cause,
            resolutions=resolutions,
            merge_with_disk=merge,
            journal=self._journal_plan(
                decay_states or {},
                today or date.today(),
                set() if decay_states else self._rescored(),  # a decay run names its own
            ),
            force=bool(decay_states),
            op_id=op_id,
            finish=_headers_kept_true(decayed),
        )
        if self.remember_profile and saved.changes:
            with journal_for_writing(self.root) as journal:
                journal.set_setting("profile", self.profile.name)
        if saved.merged:
            self._apply_precise_scores()  # the other memories were read anew, rounded, from disk
        return saved

    def fix_quarantine(
        self, line: int, text: str, *, cause: str = "fixed in MemDesk"
    ) -> Saved[evdoc.Entry]:
        """Replace the kept-aside text that starts at `line` with `text` and save at once.

        Typically the person turns stray text into a proper memory (a header line and its text).
        Only with no other unsaved edits, and only if the file is still as read: this rewrites
        text that belongs to no memory, which a merge by memory id could not carry over.
        """
        if self.pending:
            raise WorkspaceError(
                say("save or undo your other edits before fixing a problem"), exit_code=1
            )
        index = next(
            (i for i, b in enumerate(self.doc.blocks)
             if isinstance(b, evdoc.Raw) and b.kind == "quarantine" and b.line == line),
            None,
        )  # fmt: skip
        if index is None:
            raise WorkspaceError(
                say("{path}: no kept-aside text starts at line {line}", path=self.path, line=line),
                exit_code=1,
            )
        old = self.doc.blocks[index]
        assert isinstance(old, evdoc.Raw)
        nl = self.doc.newline
        body = nl.join(text.strip("\r\n").splitlines())
        tail = old.text[len(old.text.rstrip()) :]
        kept_blank = len(tail.splitlines()) >= 2  # the block ended with a blank line: keep it
        new = body + nl + (nl if kept_blank else "") if body.strip() else ""
        blocks = self.doc.snapshot()
        blocks[index] = evdoc.Raw("quarantine", new, old.line)
        fixed = evdoc.StructuredDocument(
            self.doc.path, self.doc.text, self.doc.bom, nl, blocks
        ).to_bytes()
        before = self.snapshot()
        self.document.set_text(fixed.decode("utf-8"))
        try:
            return self.save(actor="person", cause=cause, merge=False)
        except WorkspaceError:
            self.document.restore(before)
            raise

    def _reload(self, document: AnyDocument) -> None:
        """Read a document again: the memories with the journal's precise scores, the profile
        file set aside when it can no longer be read."""
        if document is self.document:
            document.reload()
            self._apply_precise_scores()
        else:
            self._reload_profile()

    def _reload_profile(self) -> None:
        own = self.own_profile
        if own is None:
            return
        try:
            own.document.reload()
        except (ProfileFileError, WorkspaceError) as exc:  # set aside, as at opening
            self.own_profile = None
            del self._open[own.document.rel]
            self.unreadable_profile = _as_profile_error(own.path, exc)
            self.profile = profile_by_name(own.chosen)
        else:
            self.profile = own.usable()
        self.warn_about_profile()

    def profile_problem(self) -> ProfileFileError | None:
        """Why .memdesk/profile.json is not scored with (None: it is, or there is none)."""
        if self.unreadable_profile is not None:
            return self.unreadable_profile
        return None if self.own_profile is None else self.own_profile.problem()

    def warn_about_profile(self) -> None:
        """Say on the log (the CLI's stderr) that the profile file is set aside: reading, undo
        and every command go on without it."""
        problem = self.profile_problem()
        if problem is not None:
            log.warning("memdesk: warning: %s; %s", problem, self._fallback())

    def _fallback(self) -> str:
        return say("scoring with the built-in {name} profile meanwhile", name=self.profile.name)

    # -- the workspace's own scoring profile (.memdesk/profile.json) ------------------------------
    def profile_values(self) -> WorkspaceProfile:
        """The workspace's profile file; WorkspaceError when a profile was named on opening,
        ProfileFileError when the file cannot be read (nothing is written over it)."""
        if self.unreadable_profile is not None:
            raise self.unreadable_profile
        if self.own_profile is None:
            raise WorkspaceError(
                say(
                    "{path}: opened with a built-in profile by name; open it without one "
                    "to change the workspace's own values",
                    path=self.root,
                ),
                exit_code=EXIT_REFUSED,
            )
        return self.own_profile

    def set_profile(self, values: Mapping[str, str | None]) -> ChangeSet:
        """The workspace's profile values as typed (None: the built-in value again)."""
        return self.profile_values().set_values(values)

    # -- as the window's shell drives every agent's workspace (core.store.documents.Editable) -----
    def _save(
        self,
        document: AnyDocument,
        resolutions: Mapping[str, Resolution] | None,
        cause: str,
        op_id: str,
    ) -> Saved[Any]:
        """The person's edits, saved (the window's Save): the memory file with its journal
        bookkeeping; the profile, then scored with."""
        if document is self.document:
            return self.save(actor="person", cause=cause, resolutions=resolutions, op_id=op_id)
        saved = document.save(resolutions=resolutions, cause=cause, op_id=op_id)
        if self.own_profile is not None:
            self.profile = self.own_profile.usable()
            self.warn_about_profile()  # an undo may put back values made by hand
        return saved

    def document_at(self, rel: str) -> AnyDocument:
        document = self._open.get(rel)
        if document is not None:
            return document
        if rel == PROFILE_FILE and self.unreadable_profile is not None:
            raise WorkspaceError(
                say("{error}; MemDesk writes nothing over it", error=self.unreadable_profile),
                exit_code=EXIT_REFUSED,
            )
        raise WorkspaceError(
            say("{path}: not the memory file of this workspace ({file})", path=rel, file=self.file)
        )

    # -- journal -----------------------------------------------------------------------------------
    def _apply_precise_scores(self) -> None:
        """Use the journal's full-precision score where the file still shows it rounded (SPEC 3)."""
        self._use_precise_scores(_journal_facts(self.root, self.file)[1])

    def _use_precise_scores(self, precise: Mapping[str, float]) -> None:
        if precise:  # else the memories need not be made yet
            use_precise_scores(self.doc.iter_entries(), precise)

    def _rescored(self) -> set[str]:
        """The memories this save gives a score of their own (new ones included), as edited
        here: a merged save's changes carry the file's rounded scores, which cannot tell."""
        return {
            ch.key
            for ch in self.document.net_changes()
            if ch.before is None or ch.after is None or ch.before.score != ch.after.score
        }

    def _journal_plan(
        self, decay_states: Mapping[str, DecayState], today: date, rescored: set[str]
    ) -> Callable[[Sequence[MemoryChange], str, str, str], JournalPlan]:
        """How a save is journaled: each memory's change, and its decay anchor moved with it."""
        file = self.file

        def plan(
            changes: Sequence[MemoryChange], actor: str, cause: str, op_id: str
        ) -> JournalPlan:
            now = utc_now()  # one time for the whole operation
            known = set(decay_states)  # a decay run's 100,000: one lookup each, none in Python
            moved = {  # a new score starts decaying today; an edit of the text alone moves nothing
                ch.key: DecayState(today, ch.after.score, now)
                for ch in changes
                if ch.after is not None and ch.key not in known and ch.key in rescored
            }
            states = {**decay_states, **moved} if moved else decay_states
            forget = [ch.key for ch in changes if ch.after is None]
            if actor == "decay":  # it changes only scores, of every memory: the scores alone
                decayed = ScoreEvents(
                    file, "decay", actor, cause, op_id, now,
                    [ch.key for ch in changes],
                    [None if (b := ch.before) is None else b.score for ch in changes],
                    [None if (a := ch.after) is None else a.score for ch in changes],
                )  # fmt: skip
                return JournalPlan(decayed, states, forget)
            events = [
                Event(
                    file=file,
                    memory_id=ch.key,
                    kind=change_kind(ch),
                    actor=actor,
                    cause=cause,
                    op_id=op_id,
                    before=entry_fields(ch.before),
                    after=entry_fields(ch.after),
                    at=now,
                )
                for ch in changes
            ]
            return JournalPlan(events, states, forget)

        return plan

    def history(self, key: str) -> tuple[list[HistoryPoint], DecayState | None]:
        """A memory's score history and decay bookkeeping, backups on disk included."""
        entry = self.find(key)
        if entry is None:
            return [], None
        return memory_history(self.root, self.path, self.file, entry, self.default_anchor())

    def sync_journal(self) -> int:
        """Import backups on disk as observations and note scores changed outside MemDesk.

        Returns the number of observations recorded. The first sync gives every memory its start.
        """
        try:
            with gc_paused(), journal_for_writing(self.root) as journal:
                imported = self._import_backups(journal)
                return imported + self._observe_current(journal)
        except JournalError as exc:
            raise WorkspaceError(str(exc)) from None

    def _import_backups(self, journal: Journal) -> int:
        count = 0
        read: dict[str, dict[str, float]] = {}  # by digest: backups often hold the same bytes
        for name, backup in history_backups(self.root, self.path).items():
            if journal.has_backup(name):
                continue
            try:
                data = backup.raw()
                digest = hashlib.sha256(data).hexdigest()
                scores = read.get(digest) or read.setdefault(digest, _scores_in(data, backup.path))
            except (WorkspaceError, InputError):
                continue  # an unreadable backup (or a FIFO in its place) is not history; skip it
            at = backup.at.astimezone(UTC)
            if journal.import_backup(
                path_rel=name, at=at, size=len(data), sha256=digest, scores=scores, file=self.file
            ):
                count += len(scores)
        return count

    def _observe_current(self, journal: Journal) -> int:
        known = journal.decay_state(self.file)
        at = datetime.fromtimestamp(self.path.stat().st_mtime, UTC)
        anchor = self.default_anchor()
        starts: dict[str, date] = {}  # by last activation: dates repeat a lot
        observed: list[Observation] = []
        for e in self.doc.iter_entries():
            state = known.get(e.key)
            if state is not None and format(state.score, ".2f") == format(e.score, ".2f"):
                continue
            last = e.last_activated
            start = starts.get(last) or starts.setdefault(last, max(anchor, _date_or(last, anchor)))
            observed.append((e.key, None if state is None else state.score, e.score, start))
        if observed:
            journal.record_observations(self.file, observed, at=at, cause="read from the file")
        return len(observed)


def _as_profile_error(path: Path, exc: Exception) -> ProfileFileError:
    if isinstance(exc, ProfileFileError):
        return exc
    return ProfileFileError(path, str(exc).removeprefix(f"{path}: "))


def last_save(doc: evdoc.StructuredDocument, path: Path) -> date:
    """The agent's last save: its `Last updated` comment, else the file's modification date."""
    stamp = iso_day(doc.header_comments().get("Last updated", ""))
    return stamp or datetime.fromtimestamp(path.stat().st_mtime, UTC).date()


def default_anchor(doc: evdoc.StructuredDocument, path: Path) -> date:
    """The date up to which the file's scores hold decay where the journal does not say: the
    agent's last save, or MemDesk's last decay run if later."""
    return max(last_save(doc, path), decayed_to(doc) or date.min)


def decayed_to(doc: evdoc.StructuredDocument) -> date | None:
    """The day the file says MemDesk's last decay run decayed its scores to (None: none)."""
    return iso_day(doc.header_comments().get(evdoc.DECAYED_TO, ""))


def _headers_kept_true(
    decayed: date | None,
) -> Callable[[evdoc.StructuredDocument, Sequence[MemoryChange]], evdoc.StructuredDocument]:
    """The file as a save writes it: the agent's `Total entries` comment, where it counted the
    memories before the save, counting them after it (one the agent or a person left wrong
    stays as it is); after a decay run to `decayed`, the header saying so (never an earlier
    day than it already says: the agent may have written meanwhile, an older run may come late)."""

    def finish(
        doc: evdoc.StructuredDocument, changes: Sequence[MemoryChange]
    ) -> evdoc.StructuredDocument:
        grown = sum((c.before is None) - (c.after is None) for c in changes)
        if grown:
            count = sum(1 for _ in doc.iter_entries())
            if doc.header_comments().get("Total entries") == str(count - grown):
                doc = doc.with_header_comment("Total entries", str(count))
        said = decayed_to(doc)
        if decayed is not None and (said is None or said < decayed):
            doc = doc.with_header_comment(evdoc.DECAYED_TO, decayed.isoformat())
        return doc

    return finish


def use_precise_scores(entries: Iterable[evdoc.Entry], precise: Mapping[str, float]) -> None:
    """The journal's full-precision score where the file still shows it rounded (SPEC 3)."""
    if not precise:
        return
    get = precise.get
    for e in entries:
        value = get(e.key)
        # round() and format(.2f) round the exact binary value alike; round() is faster.
        if value is not None and value != e.score and round(value, 2) == round(e.score, 2):
            e.score = value


# ---------------------------------------------------------------------------------------------
# One memory's history (`memdesk show`, the detail pane): read only, whatever the file's size


def memory_history(
    root: Path, path: Path, file: str, entry: evdoc.Entry, anchor: date
) -> tuple[list[HistoryPoint], DecayState | None]:
    """The journal's points for the memory, each backup not yet imported as a point at its
    time, and the file's score now if the journal does not know it. Writes nothing: the
    journal grows with changes, not with what was read.

    A file's time is the one it records (the agent's `Last updated`; a MemDesk backup's name),
    not its modification time: a `.bak` touched after the file it was made before still sorts
    before it. The score MemDesk's first change of the memory replaced is a point too, so the
    history is the same whether that change or a first look came first."""
    points: list[HistoryPoint] = []
    state: DecayState | None = None
    try:
        backups = history_backups(root, path)
    except (OSError, WorkspaceError):
        backups = {}  # a backup folder it may not list: show the rest
    now_at = _recorded_at(root, path)
    with journal_for_reading(root) as journal:
        if journal is not None:
            points = journal.history(file, entry.key)
            state = journal.decay_state_of(file, entry.key)
            before = journal.first_before(file, entry.key)
            if before is not None:  # the agent's score that MemDesk's first change replaced
                points.insert(0, replace(before, at=_replaced_at(before.at, backups.values())))
            backups = {n: b for n, b in backups.items() if not journal.has_backup(n)}
    for backup in backups.values():
        score = _score_in_backup(backup, entry.key)
        if score is not None:
            at = min(backup.at.astimezone(UTC), now_at)
            points.append(HistoryPoint(at=at, score=score, kind="observe", actor="import"))
    if state is None or format(state.score, ".2f") != format(entry.score, ".2f"):
        seen = HistoryPoint(at=now_at, score=entry.score, kind="observe", actor="agent")
        if seen not in points:  # the agent's score a text-only edit kept is one point, not two
            points.append(seen)
        start = max(anchor, _date_or(entry.last_activated, anchor))
        state = DecayState(anchor=start, score=entry.score)
    points.sort(key=lambda p: p.at)
    return points, state


def memory_backups(root: Path, path: Path) -> list[BackupFile]:
    """MemDesk's backups of the memory file and the agent's one MEMORY.md.bak, oldest first."""
    fmt = ev.StructuredFormat(str(path))
    found = own_backups(root, path, fmt)
    bak = path.with_name(path.name + ".bak")
    with contextlib.suppress(OSError, WorkspaceError):
        at, source = _agent_bak_time(root, bak)
        rel, live = bak.relative_to(root).as_posix(), path.relative_to(root).as_posix()
        size = bak.stat().st_size
        found.append(BackupFile(bak, rel, live, at, source, "agent", size, fmt, root))
    return find_backups([found])


def history_backups(root: Path, path: Path) -> dict[str, BackupFile]:
    """The backups that are the file's score history, oldest first, by the name the journal
    knows each by. One too big to read whole (BIG_FILE_BYTES), or unreadable, is no history."""
    named = {}
    for backup in memory_backups(root, path):
        if not backup.big:
            with contextlib.suppress(OSError, WorkspaceError):
                named[_journal_name(backup)] = backup
    return named


def _journal_name(backup: BackupFile) -> str:
    """The agent rewrites its one .bak before every save: each content is a backup of its own,
    named by its digest. OSError or WorkspaceError if it cannot be read."""
    if backup.origin != "agent":
        return backup.rel
    return f"{backup.rel}#{hashlib.sha256(backup.raw()).hexdigest()[:16]}"


def _agent_bak_time(root: Path, bak: Path) -> tuple[datetime, str]:
    """When the agent wrote its MEMORY.md.bak: its `Last updated` line ("last_updated"), else
    its modification time ("mtime"); OSError or WorkspaceError if it cannot be read."""
    stamp = _stamp_in(read_head(bak, 4096, root=root) or b"")
    if stamp is not None:
        return stamp.astimezone(), "last_updated"
    return datetime.fromtimestamp(bak.stat().st_mtime).astimezone(), "mtime"


def _recorded_at(root: Path, path: Path) -> datetime:
    """The time the file records (its `Last updated`), else its modification time."""
    head = read_head(path, 4096) or b""
    return _stamp_in(head) or datetime.fromtimestamp(path.stat().st_mtime, UTC)


def _stamp_in(data: bytes) -> datetime | None:
    """The agent's `Last updated` stamp near the top of a file (UTC when it names no zone)."""
    found = _LAST_UPDATED.search(data[:4096])
    if found is None:
        return None
    try:
        stamp = datetime.fromisoformat(found.group(1).decode("ascii", "replace").strip())
    except ValueError:
        return None
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def _replaced_at(changed: datetime, backups: Iterable[BackupFile]) -> datetime:
    """When the replaced score was written: the time the newest backup from before the change
    records (MemDesk backs the file up before every write, and the copy keeps the agent's
    `Last updated`), else just before the change."""
    earlier = [(b.at.astimezone(UTC), b.path) for b in backups if b.at <= changed]
    if not earlier:
        return changed - timedelta(microseconds=1)
    at, path = max(earlier)
    try:
        return min(at, _stamp_in(read_head(path, 4096) or b"") or at)
    except OSError:
        return at


_LAST_UPDATED = re.compile(rb"<!--\s*Last updated:\s*([^>]*?)\s*-->", re.IGNORECASE)


def _score_in_backup(backup: BackupFile, key: str) -> float | None:
    """The memory's score in a backup (None if absent or unreadable: not history)."""
    id_, _, nth = key.partition("~")
    try:
        data = backup.raw()
        found = ev.entries_with_id(data, id_)
        if found is None:
            found = [e for e in ev.parse(data, backup.path).iter_entries() if e.id == id_]
    except (OSError, InputError, UnicodeDecodeError, WorkspaceError):
        return None
    index = int(nth) - 1 if nth.isdigit() else 0
    return found[index].score if index < len(found) else None


# ---------------------------------------------------------------------------------------------
# Files


def locate_memory_file(target: Path) -> tuple[Path, Path]:
    """The workspace folder and its structured memory file, from a folder or a file path."""
    if not target.exists():
        raise WorkspaceError(say("{path}: no such file or folder", path=target))
    # Absolute, not resolved: a symlinked memory file stays a link, which the writer refuses.
    target = target.absolute()
    if target.is_file():
        return target.parent, target
    candidate = target / MEMORY_FILE
    if candidate.is_file():
        return target, candidate
    raise WorkspaceError(
        say("{path}: no memory file here: expected {file}", path=target, file=MEMORY_FILE)
    )


def detect_profile(data: bytes) -> str:
    """`tiered` when the file's memories are the tiered memory's (see _SYSTEM), else `everbot`."""
    tiered = found_indented(_SYSTEM, data) or (
        found_indented(_TIERED_CATEGORY, data) and found_indented(_HIGH_SCORE, data)
    )
    return "tiered" if tiered else "everbot"


def entry_fields(entry: evdoc.Entry | None) -> dict[str, JsonValue] | None:
    """A memory's fields as the journal stores them (score at full precision)."""
    return None if entry is None else entry.fields()


def _score(entry: evdoc.Entry | None) -> float | None:
    return None if entry is None else entry.score


def _scores_in(data: bytes, path: Path) -> dict[str, float]:
    """Each memory's score in a version of the file, by its headers when they suffice."""
    scores = ev.scores_by_key(data)
    if scores is None:
        scores = {e.key: e.score for e in ev.parse(data, path).iter_entries()}
    return scores


def _date_or(text: str, default: date) -> date:
    return iso_day(text) or default


def _journal_facts(root: Path, file: str) -> tuple[str | None, dict[str, float]]:
    """The profile saved for this workspace and the full-precision scores, in one journal read."""
    try:
        with journal_for_reading(root) as journal:
            if journal is None:
                return None, {}
            profile = journal.get_setting("profile")
            precise = journal.precise_scores(file)
    except JournalError:
        return None, {}
    return (profile if isinstance(profile, str) else None), precise
