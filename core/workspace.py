"""A workspace: the agent's folder, its structured memory file, the journal, and the safe save.

Every write goes lock -> compare-and-swap -> backup -> atomic replace -> journal (SPEC 5).
Edits are kept as a list of changes (before/after per memory) since the file was loaded; when
the file changed on disk meanwhile, those changes are replayed onto what is on disk, which is a
three-way merge by memory id: a memory changed on both sides is a conflict, never overwritten.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Literal

from core.formats import everbot as ev
from core.formats.text import InputError, gc_paused
from core.layout import detect
from core.models import FileProblem, ParsedFile
from core.policy import PolicyProfile, profile_by_name
from core.scoring import AGENT_FORGET_BELOW, agent_will_forget
from core.store import atomic
from core.store.backups import BackupStyle, clean_backup_temps, list_backups, make_backup
from core.store.journal import DecayState, Event, Journal, JournalError, JsonValue
from core.store.locking import LockTimeout, agent_lock, lock_path_for
from core.store.retention import prune_own

MEMORY_FILE = "MEMORY.md"
TIERED_CATEGORIES = frozenset({"system", "core", "episode"})

Actor = Literal["person", "agent", "reviewer", "decay", "import"]
Resolution = Literal["theirs", "mine"] | ev.Entry


class WorkspaceError(Exception):
    """An expected failure, worded for the person: a missing file, no permission, a lock held.

    `exit_code` follows the CLI: 2 for an I/O or usage error, 1 for an action MemDesk refused.
    """

    def __init__(self, message: str, *, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class ConflictError(WorkspaceError):
    """The file changed on disk and some memory was changed on both sides; nothing was written."""

    def __init__(self, path: Path | str, conflicts: Sequence[Conflict]) -> None:
        keys = ", ".join(c.key for c in conflicts)
        super().__init__(
            f"{path}: changed by another program while you edited; "
            f"{len(conflicts)} memory(ies) changed on both sides: {keys}. Nothing was written.",
            exit_code=1,
        )
        self.conflicts = list(conflicts)


@dataclass(frozen=True, slots=True)
class Change:
    """One memory before and after an operation; None before = created, None after = deleted."""

    key: str
    before: ev.Entry | None
    after: ev.Entry | None

    @property
    def kind(self) -> str:
        if self.before is None:
            return "create"
        if self.after is None:
            return "delete"
        if self.before.section != self.after.section:
            return "archive" if self.after.section == "archived" else "unarchive"
        return "edit"


@dataclass(frozen=True, slots=True)
class Conflict:
    """A memory changed both here (mine) and on disk (theirs) since the file was loaded."""

    key: str
    base: ev.Entry | None
    mine: ev.Entry | None
    theirs: ev.Entry | None


@dataclass(frozen=True, slots=True)
class SaveResult:
    """What a save did: the backup it took, whether it merged another writer's change."""

    path: Path
    backup: Path | None
    merged: bool
    changes: tuple[Change, ...]
    op_id: str


@dataclass(frozen=True, slots=True)
class WorkspaceState:
    blocks: list[ev.Block]
    pending: tuple[Change, ...]
    doc: ev.StructuredDocument
    generation: int


@dataclass(frozen=True, slots=True)
class _Written:
    target: ev.StructuredDocument
    merged: bool
    backup: Path | None
    replaced_digest: str
    replaced_size: int
    applied: tuple[Change, ...]  # what was written (a conflict resolved as "theirs" is not)


@dataclass
class Workspace:
    """One open structured memory file and the changes made to it since it was read."""

    root: Path
    path: Path
    doc: ev.StructuredDocument
    profile: PolicyProfile
    base_data: bytes  # the file as last read or written: compare-and-swap checks against it
    pending: list[Change] = field(default_factory=list)
    lock_timeout: float = 10.0
    remember_profile: bool = False  # the person chose the profile: keep it for this workspace
    generation: int = 0  # counts saves and reloads: what is pending is relative to the last one

    # -- opening -----------------------------------------------------------------------------------
    @classmethod
    def open(cls, target: Path, *, profile: str | None = None) -> Workspace:
        """Read a workspace. `profile` (everbot, tiered) overrides the one saved or detected."""
        root, path = locate_memory_file(target)
        data = read_consistent(path, timeout=cls.lock_timeout)
        with gc_paused():  # 100,000 memories: see gc_paused
            doc = ev.parse(data, path)
            saved, precise = _journal_facts(root, path.relative_to(root).as_posix())
        _clean_stale_temps(path.parent)
        clean_backup_temps(root)
        chosen = profile or saved or detect_profile(doc)
        try:
            policy = profile_by_name(chosen)
        except ValueError as exc:
            raise WorkspaceError(str(exc)) from None
        ws = cls(root, path, doc, policy, data, remember_profile=profile is not None)
        with gc_paused():
            ws._use_precise_scores(precise)
        return ws

    @property
    def file(self) -> str:
        """The memory file's path relative to the workspace (as the journal names it)."""
        return self.path.relative_to(self.root).as_posix()

    @property
    def modified(self) -> bool:
        return bool(self.pending)

    def entries(self) -> list[ev.Entry]:
        return self.doc.entries()

    def find(self, key: str) -> ev.Entry | None:
        return self.doc.find(key)

    def default_anchor(self) -> date:
        """The date up to which the file's scores already hold decay: the agent's last save."""
        stamp = self.doc.header_comments().get("Last updated", "")
        try:
            return date.fromisoformat(stamp[:10])
        except ValueError:
            return datetime.fromtimestamp(self.path.stat().st_mtime, UTC).date()

    def summary(self) -> ParsedFile:
        """Counts, problems, warnings and the header comments of the file (`memdesk check`)."""
        entries = self.entries()
        active = sum(1 for e in entries if e.section == "active")
        return ParsedFile(
            file=str(self.path),
            entries=len(entries),
            active=active,
            archived=len(entries) - active,
            problems=[FileProblem.from_problem(p) for p in self.doc.problems],
            warnings=[FileProblem.from_problem(p) for p in self.warnings()],
            header_comments=self.doc.header_comments(),
            bom=self.doc.bom,
            newline=self.doc.newline,
        )

    # -- what needs attention ----------------------------------------------------------------------
    def forgotten(self) -> list[ev.Entry]:
        """Memories the EverBot agent drops at its next save (below 0.05, beyond its cap of 30)."""
        if self.profile.name != "everbot":
            return []
        kept = [e for e in self.doc.iter_entries() if e.content]
        indexes = agent_will_forget([(e.id, e.score) for e in kept])
        return [kept[i] for i in indexes]

    def warnings(self) -> list[ev.Problem]:
        out = list(self.doc.warnings)
        for e in self.forgotten():
            why = (
                "it scores below 0.05"
                if e.score < AGENT_FORGET_BELOW
                else "it keeps only its 30 best-scored memories"
            )
            out.append(
                ev.Problem(
                    self.doc.path,
                    e.line,
                    e.line,
                    "forgotten_at_next_save",
                    f"the agent will forget [{e.id}] at its next save ({why})",
                    severity="warning",
                )
            )
        return out

    # -- editing -----------------------------------------------------------------------------------
    def apply(self, changes: Iterable[Change]) -> list[Change]:
        """Apply changes to the open file (not yet written), all or none.

        Each change's `before` must match the memory as it is here (after the changes before it).
        """
        changes = list(changes)
        state: dict[str, ev.Entry | None] = {}
        for change in changes:
            current = state[change.key] if change.key in state else self.doc.find(change.key)
            if _verdict(current, change) == "conflict":
                raise WorkspaceError(f"{self.doc.path}: memory {change.key} is not as expected")
            state[change.key] = change.after
        for change in changes:
            _replay(self.doc, change)
        self.pending.extend(changes)
        return changes

    def snapshot(self) -> WorkspaceState:
        """The open file's state and its unsaved changes, to come back to (undo, redo)."""
        return WorkspaceState(self.doc.snapshot(), tuple(self.pending), self.doc, self.generation)

    def restore(self, state: WorkspaceState, *, changes: Sequence[Change]) -> None:
        """Go back (or forward) to a snapshot; `changes` lead from here to it.

        Before a save the snapshot's own unsaved changes come back. After a save what was saved
        stays saved: `changes` become new unsaved changes instead.
        """
        if not self.can_restore(state):
            raise WorkspaceError(f"{self.path}: that state is from before the file was read again")
        self.doc.restore(state.blocks)
        if state.generation == self.generation:
            self.pending = list(state.pending)
        else:
            self.pending.extend(changes)

    def can_restore(self, state: WorkspaceState) -> bool:
        """False once the file was read anew (a reload, or a save that merged another writer's)."""
        return state.doc is self.doc

    def save(
        self,
        *,
        actor: Actor,
        cause: str,
        decay_states: Mapping[str, DecayState] | None = None,
        today: date | None = None,
        resolutions: Mapping[str, Resolution] | None = None,
        merge: bool = True,
    ) -> SaveResult:
        """Write the pending changes: lock, compare-and-swap (merge), backup, atomic replace, journal.

        `resolutions` settles memories changed on both sides (after a ConflictError): "theirs"
        drops this side's change, "mine" writes it over theirs, an Entry writes that version.
        """
        changes = net_changes(self.pending)
        op_id = Journal.new_op_id()
        if not changes and not decay_states and merge:
            self.pending = []
            return SaveResult(self.path, None, False, (), op_id)
        try:  # refuse a read-only file or a symlink before creating anything
            atomic.check_writable(self.path)
        except atomic.WriteRefused as exc:
            raise WorkspaceError(str(exc), exit_code=1) from None
        try:  # a journal that cannot record the change means no write at all
            journal = Journal.open(self.root)
        except JournalError as exc:
            raise WorkspaceError(f"{self.path}: not saved: {exc}") from None
        with journal:
            try:
                with agent_lock(self.path, timeout=self.lock_timeout):
                    written = self._write_locked(changes, resolutions or {}, merge=merge)
            except LockTimeout as exc:
                raise WorkspaceError(str(exc), exit_code=1) from None
            except atomic.WriteRefused as exc:
                raise WorkspaceError(str(exc), exit_code=1) from None
            except OSError as exc:
                raise WorkspaceError(
                    f"{self.path}: could not write: {exc.strerror or exc}"
                ) from None
            self.doc = written.target
            self.pending = []
            self.generation += 1
            self._journal_save(
                journal, written.applied, actor, cause, op_id, decay_states, today or date.today()
            )
            if self.remember_profile:
                journal.set_setting("profile", self.profile.name)
            if written.backup is not None:
                rel = written.backup.relative_to(self.root).as_posix()
                # MemDesk's own backups hold nothing the journal lacks: never import them as history.
                journal.import_backup(
                    path_rel=rel, at=datetime.now(UTC), size=written.replaced_size,
                    sha256=written.replaced_digest, scores={}, file=self.file,
                )  # fmt: skip
        if written.merged:
            self._apply_precise_scores()  # the other memories were read anew, rounded, from disk
        return SaveResult(self.path, written.backup, written.merged, written.applied, op_id)

    def _write_locked(
        self, changes: Sequence[Change], resolutions: Mapping[str, Resolution], *, merge: bool
    ) -> _Written:
        disk = read_file(self.path)
        merged = disk != self.base_data
        if merged and not merge:
            raise WorkspaceError(
                f"{self.path}: changed by another program meanwhile: reload, then try again",
                exit_code=1,
            )
        target = self.doc
        applied = list(changes)
        if merged:
            target = ev.parse(disk, self.path)
            applied = _merge(target, changes, resolutions)
        data = target.to_bytes()
        backup = None
        if data != disk:
            atomic.check_writable(self.path)  # again, under the lock: before taking a backup
            style = BackupStyle.MEMDESK
            backup = make_backup(self.path, style.directory(self.root, self.path))
            atomic.atomic_write_bytes(self.path, data)
            if backup is not None:
                prune_own(self.root, backup.parent)
        self.base_data = data
        digest = _digest(disk) if backup else ""
        return _Written(target, merged, backup, digest, len(disk), tuple(applied))

    def fix_quarantine(
        self, line: int, text: str, *, cause: str = "fixed in MemDesk"
    ) -> SaveResult:
        """Replace the kept-aside text that starts at `line` with `text` and save at once.

        Typically the person turns stray text into a proper memory (a header line and its text).
        Only with no other unsaved edits, and only if the file is still as read: this rewrites
        text that belongs to no memory, which a merge by memory id could not carry over.
        """
        if self.pending:
            raise WorkspaceError(
                "save or undo your other edits before fixing a problem", exit_code=1
            )
        index = next(
            (i for i, b in enumerate(self.doc.blocks)
             if isinstance(b, ev.Raw) and b.kind == "quarantine" and b.line == line),
            None,
        )  # fmt: skip
        if index is None:
            raise WorkspaceError(
                f"{self.path}: no kept-aside text starts at line {line}", exit_code=1
            )
        old = self.doc.blocks[index]
        assert isinstance(old, ev.Raw)
        nl = self.doc.newline
        body = nl.join(text.strip("\r\n").splitlines())
        tail = old.text[len(old.text.rstrip()) :]
        kept_blank = len(tail.splitlines()) >= 2  # the block ended with a blank line: keep it
        new = body + nl + (nl if kept_blank else "") if body.strip() else ""
        before_doc, before_pending = self.doc, self.pending
        blocks = self.doc.snapshot()
        blocks[index] = ev.Raw("quarantine", new, old.line)
        fixed = ev.StructuredDocument(
            self.doc.path, self.doc.text, self.doc.bom, nl, blocks
        ).to_bytes()
        self.doc = ev.parse(fixed, self.path)
        known = {e.key for e in before_doc.iter_entries()}
        self.pending = [
            Change(e.key, None, e) for e in self.doc.iter_entries() if e.key not in known
        ]
        try:
            return self.save(actor="person", cause=cause, merge=False)
        except WorkspaceError:
            self.doc, self.pending = before_doc, before_pending
            raise

    def reload(self) -> None:
        """Read the file again, dropping unsaved changes."""
        data = read_consistent(self.path, timeout=self.lock_timeout)
        self.doc = ev.parse(data, self.path)
        self.base_data = data
        self.pending = []
        self.generation += 1
        self._apply_precise_scores()

    # -- journal -----------------------------------------------------------------------------------
    def _apply_precise_scores(self) -> None:
        """Use the journal's full-precision score where the file still shows it rounded (SPEC 3)."""
        self._use_precise_scores(_journal_facts(self.root, self.file)[1])

    def _use_precise_scores(self, precise: Mapping[str, float]) -> None:
        if not precise:
            return
        get = precise.get
        for e in self.doc.entries():
            value = get(e.key)
            # round() and format(.2f) round the exact binary value alike; round() is faster.
            if value is not None and value != e.score and round(value, 2) == round(e.score, 2):
                e.score = value

    def _journal_save(
        self,
        journal: Journal,
        changes: Sequence[Change],
        actor: Actor,
        cause: str,
        op_id: str,
        decay_states: Mapping[str, DecayState] | None,
        today: date,
    ) -> None:
        states = dict(decay_states or {})
        for ch in changes:
            if ch.after is not None and ch.key not in states:
                states[ch.key] = DecayState(anchor=today, score=ch.after.score)
        file = self.file
        # A decay run records only the score (it changes nothing else, for up to every memory).
        fields = _score_fields if actor == "decay" else entry_fields
        events = [
            Event(
                file=file,
                memory_id=ch.key,
                kind="decay" if actor == "decay" else ch.kind,
                actor=actor,
                cause=cause,
                op_id=op_id,
                before=fields(ch.before),
                after=fields(ch.after),
            )
            for ch in changes
        ]
        try:
            journal.record(events)
            journal.set_decay_state(file, states)
            deleted = [ch.key for ch in changes if ch.after is None]
            if deleted:
                journal.forget_decay_state(file, deleted)
        except JournalError as exc:
            raise WorkspaceError(
                f"saved {self.path}, but the journal could not record it: {exc}"
            ) from None

    def sync_journal(self) -> int:
        """Import backups on disk as observations and note scores changed outside MemDesk.

        Returns the number of observations recorded. The first sync gives every memory its start.
        """
        try:
            with Journal.open(self.root) as journal:
                imported = self._import_backups(journal)
                return imported + self._observe_current(journal)
        except JournalError as exc:
            raise WorkspaceError(str(exc)) from None

    def _import_backups(self, journal: Journal) -> int:
        count = 0
        for path, at, name in self._backup_files():
            if journal.has_backup(name):
                continue
            try:
                data = path.read_bytes()
                doc = ev.parse(data, path)
            except (OSError, InputError):
                continue  # an unreadable backup is not history; skip it
            scores = {e.key: e.score for e in doc.iter_entries()}
            digest = hashlib.sha256(data).hexdigest()
            if journal.import_backup(
                path_rel=name, at=at, size=len(data), sha256=digest, scores=scores, file=self.file
            ):
                count += len(scores)
        return count

    def _backup_files(self) -> list[tuple[Path, datetime, str]]:
        """Backups of the file, oldest first: path, time, and the name the journal knows it by."""
        folder = BackupStyle.MEMDESK.directory(self.root, self.path)
        found = [
            (b.path, b.at.astimezone(UTC), b.path.relative_to(self.root).as_posix())
            for b in list_backups(folder)
            if b.original_name == self.path.name
        ]
        agent_bak = self.path.with_name(self.path.name + ".bak")
        with contextlib.suppress(OSError):
            # The agent rewrites its one .bak before every save: each content is its own backup.
            digest = hashlib.sha256(agent_bak.read_bytes()).hexdigest()[:16]
            at = datetime.fromtimestamp(agent_bak.stat().st_mtime, UTC)
            name = f"{agent_bak.relative_to(self.root).as_posix()}#{digest}"
            found.append((agent_bak, at, name))
        return sorted(found, key=lambda item: item[1])

    def _observe_current(self, journal: Journal) -> int:
        known = journal.decay_state(self.file)
        anchor = self.default_anchor()
        at = datetime.fromtimestamp(self.path.stat().st_mtime, UTC)
        events, states = [], {}
        for e in self.doc.iter_entries():
            state = known.get(e.key)
            if state is not None and format(state.score, ".2f") == format(e.score, ".2f"):
                continue
            fields = entry_fields(e)
            before = None if state is None else {"score": state.score}
            kind = "observe"
            events.append(
                Event(file=self.file, memory_id=e.key, kind=kind, actor="agent",
                      cause="read from the file", before=before, after=fields, at=at)
            )  # fmt: skip
            states[e.key] = DecayState(
                anchor=max(anchor, _date_or(e.last_activated, anchor)), score=e.score
            )
        if events:
            journal.record(events)
            journal.set_decay_state(self.file, states)
        return len(events)


# ---------------------------------------------------------------------------------------------
# Files


def locate_memory_file(target: Path) -> tuple[Path, Path]:
    """The workspace folder and its structured memory file, from a folder or a file path."""
    if not target.exists():
        raise WorkspaceError(f"{target}: no such file or folder")
    # Absolute, not resolved: a symlinked memory file stays a link, which the writer refuses.
    target = target.absolute()
    if target.is_file():
        return target.parent, target
    candidate = target / MEMORY_FILE
    found = detect(target)
    if candidate.is_file() and (found.chosen in (None, "structured") or found.ambiguous):
        return target, candidate  # a new agent's file may have no entries yet: still ours
    if found.chosen in ("picoclaw", "pomelobot"):
        pico = found.chosen == "picoclaw"
        name, tool = (
            ("PicoClaw", "`memdesk retrieve` shows what the agent injects")
            if pico
            else ("Pomelobot/OpenClaw", "`memdesk chunks` shows a file's index chunks")
        )
        raise WorkspaceError(
            f"{target}: a {name} workspace. The window and check/list read structured "
            f"MEMORY.md files so far; {tool}."
        )
    hint = ""
    if (target / "memory" / MEMORY_FILE).is_file():
        hint = f" (there is memory/{MEMORY_FILE}: a PicoClaw workspace, not read here yet)"
    raise WorkspaceError(f"{target}: no memory file here: expected {MEMORY_FILE}{hint}")


def read_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise WorkspaceError(
            f"{path}: the file is gone (deleted or renamed by another program)"
        ) from None
    except PermissionError:
        raise WorkspaceError(f"{path}: no permission to read this file") from None
    except IsADirectoryError:
        raise WorkspaceError(f"{path}: is a folder, not a memory file") from None
    except OSError as exc:
        raise WorkspaceError(f"{path}: cannot read: {exc.strerror or exc}") from None


def read_consistent(path: Path, *, timeout: float) -> bytes:
    """Read the file under the agent's lock when it has one, never half-way through its write.

    EverBot (603d2cf) overwrites MEMORY.md in place under its lock: read without the lock, the
    file may be empty or cut short, which would show as memories gone without any problem.
    """
    if not lock_path_for(path).exists():
        return read_file(path)
    try:
        with agent_lock(path, timeout=timeout):
            return read_file(path)
    except LockTimeout as exc:
        raise WorkspaceError(str(exc), exit_code=1) from None
    except OSError:
        return read_file(path)  # the lock file cannot be opened here (read-only): read as is


def detect_profile(doc: ev.StructuredDocument) -> str:
    """`tiered` when the file uses the tiered categories (system, core, episode), else `everbot`."""
    categories = {e.category for e in doc.iter_entries()}
    return "tiered" if categories & TIERED_CATEGORIES else "everbot"


def entry_fields(entry: ev.Entry | None) -> dict[str, JsonValue] | None:
    """A memory's fields as the journal stores them (score at full precision)."""
    return None if entry is None else entry.fields()


def net_changes(changes: Sequence[Change]) -> tuple[Change, ...]:
    """One change per memory, from its first `before` to its last `after`; undone ones vanish.

    Edit-then-undo or two edits of one memory then merge with the agent's writes as one change.
    """
    first: dict[str, ev.Entry | None] = {}
    last: dict[str, ev.Entry | None] = {}
    for ch in changes:
        first.setdefault(ch.key, ch.before)
        last[ch.key] = ch.after
    out = []
    for key, before in first.items():
        after = last[key]
        if before is None and after is None:
            continue
        if before is not None and after is not None and _identical(before, after):
            continue
        out.append(Change(key, before, after))
    return tuple(out)


def _identical(a: ev.Entry, b: ev.Entry) -> bool:
    return a.same_memory(b) and a.score == b.score


def _score_fields(entry: ev.Entry | None) -> dict[str, JsonValue] | None:
    return None if entry is None else {"score": entry.score}


def _merge(
    target: ev.StructuredDocument, changes: Sequence[Change], resolutions: Mapping[str, Resolution]
) -> list[Change]:
    """Replay this side's changes onto what is on disk; unresolved conflicts stop everything."""
    applied, conflicts = [], []
    for ch in changes:
        resolution = resolutions.get(ch.key)
        if resolution == "theirs":
            continue
        if resolution is not None:
            wanted = ch.after if resolution == "mine" else resolution
            assert not isinstance(wanted, str)
            applied.append(_force(target, Change(ch.key, target.find(ch.key), wanted)))
            continue
        conflict = _replay(target, ch)
        if conflict is not None:
            conflicts.append(conflict)
        applied.append(ch)
    if conflicts:
        raise ConflictError(target.path, _dedupe(conflicts))
    return applied


def _force(doc: ev.StructuredDocument, change: Change) -> Change:
    """Make the memory `change.key` be `change.after`, whatever it is now (a settled conflict)."""
    current, wanted = change.before, change.after
    if wanted is None:
        if current is not None:
            doc.delete_entry(change.key)
    elif current is None:
        doc.insert_entry(wanted)
    else:
        doc.replace_entry(change.key, wanted.edited())
    return change


def _verdict(current: ev.Entry | None, change: Change) -> Literal["apply", "skip", "conflict"]:
    """Whether a change applies to the memory as it is now, is already there, or conflicts."""
    before, after = change.before, change.after
    if after is not None and current is not None and current.same_memory(after):
        return "skip"  # already as wanted (made on both sides, or replayed twice)
    if current is None:
        if before is None:
            return "apply"  # create
        return "skip" if after is None else "conflict"  # deleted on both sides / they deleted
    if before is not None and current.same_memory(before):
        return "apply"
    return "conflict"


def _replay(doc: ev.StructuredDocument, change: Change) -> Conflict | None:
    """Apply one change if the memory is as it was; already-applied changes are a no-op."""
    current = doc.find(change.key)
    verdict = _verdict(current, change)
    if verdict == "conflict":
        return Conflict(change.key, change.before, change.after, current)
    if verdict == "apply":
        if change.before is None and change.after is not None:
            doc.insert_entry(change.after)
        elif change.after is None:
            doc.delete_entry(change.key)
        else:
            doc.replace_entry(change.key, change.after)
    return None


def _dedupe(conflicts: Sequence[Conflict]) -> list[Conflict]:
    seen: dict[str, Conflict] = {}
    for c in conflicts:
        seen[c.key] = (
            c if c.key not in seen else Conflict(c.key, seen[c.key].base, c.mine, c.theirs)
        )
    return list(seen.values())


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _date_or(text: str, default: date) -> date:
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return default


def _journal_facts(root: Path, file: str) -> tuple[str | None, dict[str, float]]:
    """The profile saved for this workspace and the full-precision scores, in one journal read."""
    if not Journal.db_path(root).exists():
        return None, {}
    try:
        with Journal.open_for_inspection(root) as journal:
            profile = journal.get_setting("profile")
            precise = journal.precise_scores(file)
    except JournalError:
        return None, {}
    return (profile if isinstance(profile, str) else None), precise


def _clean_stale_temps(folder: Path) -> None:
    with contextlib.suppress(OSError):  # a read-only folder: nothing of ours to clean there
        atomic.clean_stale_temps(folder)
