"""One file of a workspace, as keyed entries: read, edited in memory, saved through the commit.

Every document kind of every agent is a `Document` over its `Format`: the structured MEMORY.md,
PicoClaw's long-term memory, daily notes and profile.json, Pomeloclaw and OpenClaw memory files.
Edits are change sets (`Change(key, before, after)`); the document keeps them until `save`, which
replays them onto the file as it is on disk then (the one merge, `core.store.merge`) and writes
through the one guarded commit (`core.store.commit`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from core.messages import N_, say
from core.store.commit import RECENT_COMMITS, Committed, NotRecorded, Planned, Target, commit
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_consistent, read_or_none, settled
from core.store.journal import DecayState, Event, Journal, RecordedEvent
from core.store.merge import Change, Format, Resolution, diff, fold, merge, net_changes
from core.store.settled import journal_for_reading, sha256

__all__ = ["DocState", "Document", "Item", "JournalPlan", "Saved", "agrees"]

D = TypeVar("D")
E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class JournalPlan:
    """What the journal records with a commit: events, and decay bookkeeping that moves with it."""

    events: Sequence[Event] = ()
    decay_states: Mapping[str, DecayState] = field(default_factory=dict)
    forget: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class Item:
    """One entry as the window lists it, whatever the file's format."""

    key: str
    label: str  # the id, heading date or time stamp
    content: str
    line: int  # 1-based line as read; 0 for an entry added since


@dataclass(frozen=True, slots=True)
class Saved(Generic[E]):
    """What a save did."""

    path: Path
    backup: Path | None
    merged: bool  # another program had written meanwhile; its change is kept
    changes: tuple[Change[E], ...]  # what the save changed in the file as it found it
    op_id: str
    notice: str = ""  # something worth telling although the save succeeded


@dataclass(frozen=True, slots=True)
class DocState:
    """A document's edits at one moment, to come back to (undo, redo)."""

    content: object
    pending: tuple[Change[Any], ...]
    whole_text: bool
    generation: int  # saves and reloads so far
    reads: int  # reloads and merged saves so far: a state from before one cannot come back
    doc: object  # the parsed document it belongs to


# A format's optional bulk edit: `changes` made at once where the format can take them so
# (each replacing, under its own key, the very entry object the document holds now); else
# nothing changes and the answer is False.
ReplaceCurrent = Callable[[D, Sequence[Change[E]]], bool]

# Another program's version of the file (what it changed, to what) that landed in a replaced file.
Lost = tuple[bytes | None, bytes]

# Builds the journal's record of the changes a save made: (changes, actor, cause, op_id).
JournalBuilder = Callable[[Sequence[Change[E]], str, str, str], JournalPlan]


@dataclass(frozen=True, slots=True)
class _Outcome(Generic[D, E]):
    doc: D
    changes: tuple[Change[E], ...]
    merged: bool


class Document(Generic[D, E]):
    """One file of entries, edited in memory until `save`."""

    def __init__(self, target: Target, fmt: Format[D, E], data: bytes | None) -> None:
        self.target = target
        self.fmt = fmt
        self.base = data  # the bytes as read or last written: what a save compares with
        self._doc = fmt.parse(data)
        self._rendered: bytes | None = data
        self.pending: list[Change[E]] = []
        self.whole_text = False  # edited as a whole text: text outside entries may have changed
        self.removing = False  # the save removes the file if it still holds `base` (`remove`)
        self.generation = 0  # counts saves and reloads: what is pending is relative to the last
        self.revision = 0  # counts every change of what is open: edits, undo, saves, reloads
        self.reads = 0  # counts reloads and merged saves: undo cannot go back across one
        self._reported: set[tuple[int, str]] = set()  # overwritten changes already reported

    @classmethod
    def read(cls, target: Target, fmt: Format[D, E]) -> Document[D, E]:
        """The document as it is on disk now (under the agent's lock where it has one)."""
        return cls(target, fmt, _read(target))

    # -- reading --------------------------------------------------------------------------------
    @property
    def doc(self) -> D:
        return self._doc

    @property
    def rel(self) -> str:
        return self.target.rel

    @property
    def path(self) -> Path:
        return self.target.path

    @property
    def exists(self) -> bool:
        return self.base is not None

    @property
    def read_only(self) -> bool:
        return self.fmt.read_only

    @property
    def modified(self) -> bool:
        return self.whole_text or bool(self.net_changes())

    def net_changes(self) -> list[Change[E]]:
        """One change per entry since the file was read; edits undone by hand vanish."""
        fmt = self.fmt
        return net_changes(
            self.pending, lambda a, b: fmt.same(a, b) and fmt.fields(a) == fmt.fields(b)
        )

    def render(self) -> bytes:
        """The file's bytes as a save would write them now (before merging)."""
        if self._rendered is None:
            self._rendered = self.fmt.render(self._doc)
        return self._rendered

    def text(self) -> str:
        """The file's text as the agent reads it (a BOM stays, as U+FEFF)."""
        return self.render().decode("utf-8", "replace")

    def entries(self) -> list[E]:
        return list(self.fmt.entries(self._doc))

    def find(self, key: str) -> E | None:
        return self.fmt.find(self._doc, key)

    def items(self) -> list[Item]:
        fmt = self.fmt
        return [
            Item(fmt.key(e), fmt.label(e), fmt.content(e), fmt.line(e))
            for e in fmt.entries(self._doc)
        ]

    def item(self, key: str) -> Item | None:
        entry = self.find(key)
        if entry is None:
            return None
        fmt = self.fmt
        return Item(key, fmt.label(entry), fmt.content(entry), fmt.line(entry))

    def changed_on_disk(self) -> bool:
        """True when the file is no longer what was read (another program wrote it)."""
        try:
            return read_or_none(self.path) != self.base
        except WorkspaceError:
            return True

    # -- editing --------------------------------------------------------------------------------
    def apply(self, changes: Iterable[Change[E]]) -> list[Change[E]]:
        """Apply a change set to the open document (not yet written), all or none.

        Each change's `before` must match the entry as it is here (after the changes before it).
        Returns the changes as made: a created entry carries the key it was given.
        """
        self._check_editable()
        self.removing = False
        changes = list(changes)
        if self._replace_current(changes):
            made = changes
        else:
            self._check_expected(changes)
            made = [self._put(ch) for ch in changes]
        self._rendered = None
        self.revision += 1
        self.pending.extend(made)
        return made

    def set_text(self, text: str, *, base: str | None = None) -> list[Change[E]]:
        """The person edits the whole file as text. Raises InputError for text no agent could
        read back (a NUL character).

        `base`: the text the person's text was typed over. When another program changed the
        file since (the document was read anew), the person's change from `base` is merged into
        the document as it is now, so the other program's change stays (ConflictError where
        both changed the same entry differently).
        """
        self._check_editable()
        self.removing = False
        if "\0" in text:
            raise ValueError(say("{file}: the text cannot contain a NUL character", file=self.rel))
        new = self.fmt.parse(text.encode("utf-8", "surrogatepass"))
        if base is not None and base != self.text():
            new = self._rebased(self.fmt.parse(base.encode("utf-8", "surrogatepass")), new)
        changes = diff(self.fmt, self._doc, new)
        if self.fmt.outside(new) != self.fmt.outside(self._doc):
            self.whole_text = True
        self._doc = new
        self._rendered = None
        self.revision += 1
        self.pending.extend(changes)
        return changes

    def remove(self) -> list[Change[E]]:
        """Empty the document, and have the save remove its file if the file still holds what
        was read (the undo of the operation that created it). Another program's write since
        keeps the file: the save takes this side's entries out of it, as any edit."""
        empty = self.fmt.render(self.fmt.parse(None)).decode("utf-8", "surrogatepass")
        changes = self.set_text(empty)
        self.removing = self.base is not None
        return changes

    def _rebased(self, base: D, mine: D) -> D:
        """`mine` (typed over `base`) merged with the document as it is now."""
        theirs = self.fmt.parse(self.render())
        changes = diff(self.fmt, base, mine)
        return merge(self.fmt, mine=mine, changes=changes, theirs=theirs, base=base, path=self.path)

    def snapshot(self) -> DocState:
        return DocState(
            self.fmt.state(self._doc),
            tuple(self.pending),
            self.whole_text,
            self.generation,
            self.reads,
            self._doc,
        )

    def can_restore(self, state: DocState) -> bool:
        """False once the file was read anew (a reload, or a save that merged another writer's)."""
        return state.reads == self.reads

    def restore(self, state: DocState, *, changes: Sequence[Change[E]] = ()) -> None:
        """Go back (or forward) to a snapshot; `changes` lead from here to it.

        Before a save the snapshot's own unsaved changes come back. After a save what was saved
        stays saved: `changes` become new unsaved changes instead.
        """
        if not self.can_restore(state):
            said = say("{path}: that state is from before the file was read again", path=self.path)
            raise WorkspaceError(said)
        same_save = state.generation == self.generation
        outside = None if same_save else self.fmt.outside(self._doc)
        self._doc = state.doc  # type: ignore[assignment]  # made by this document's format
        self.fmt.set_state(self._doc, state.content)
        self._rendered = None
        self.revision += 1
        self.removing = False
        if same_save:
            self.pending = list(state.pending)
            self.whole_text = state.whole_text
        else:
            self.pending.extend(changes)
            self.whole_text = self.whole_text or self.fmt.outside(self._doc) != outside

    # -- saving ---------------------------------------------------------------------------------
    def save(
        self,
        *,
        actor: str = "person",
        cause: str = N_("edited in MemDesk"),
        resolutions: Mapping[str, Resolution] | None = None,
        merge_with_disk: bool = True,
        journal: JournalBuilder[E] | None = None,
        force: bool = False,
        op_id: str | None = None,
        finish: Callable[[D, Sequence[Change[E]]], D] | None = None,
    ) -> Saved[E]:
        """Write the edits: merged with another program's meanwhile, through the guarded commit.

        `resolutions` settles the keys a ConflictError named. `force` commits even without edits
        (a decay run that only moves its bookkeeping). `merge_with_disk=False` refuses to write
        when the file changed since it was read. `op_id` joins the save to an operation that
        writes several files (they are undone together). `finish` makes the document to write,
        after any merge, from the merged one and the changes it makes to the file on disk (a
        header the save keeps true); it returns a copy.
        """
        if self.read_only:
            said = say("{path}: read-only in MemDesk", path=self.path)
            raise WorkspaceError(said, exit_code=EXIT_REFUSED)
        op_id = op_id or Journal.new_op_id()
        net = self.net_changes()
        if not net and not self.whole_text and not force:
            self.pending = []
            return Saved(self.path, None, False, (), op_id)
        record = journal or self._journal_events

        def plan(
            disk: bytes | None, lost: Sequence[Lost] = (), written: bool = False
        ) -> Planned[_Outcome[D, E]]:
            if written:  # this side's changes are on disk: make the other writers' again
                outcome: _Outcome[D, E] = _Outcome(
                    self._folded(self.fmt.parse(disk), lost), (), True
                )
            else:
                outcome = self._merged(disk, net, resolutions, merge_with_disk, lost)
            if finish is not None:
                outcome = _Outcome(
                    finish(outcome.doc, outcome.changes), outcome.changes, outcome.merged
                )
            data: bytes | None = self.render()
            if outcome.doc is not self._doc:
                data = self.fmt.render(outcome.doc)
            if self.removing and disk == self.base and not (lost or written):
                data = None  # the file as read: it goes (else another program wrote it: it stays)
            entry = record(outcome.changes, actor, cause, op_id)
            return Planned(data, outcome, entry.events, entry.decay_states, tuple(entry.forget))

        try:
            done = commit(
                self.target, base=self.base, plan=plan, actor=actor, cause=cause, op_id=op_id
            )
        except NotRecorded as exc:  # written all the same: the document holds what the file does
            if exc.committed is None:
                self.reload()
            else:
                self._saved(cast(Committed[_Outcome[D, E]], exc.committed), op_id)
            raise
        return self._saved(done, op_id)

    def _merged(
        self,
        disk: bytes | None,
        net: list[Change[E]],
        resolutions: Mapping[str, Resolution] | None,
        merge_with_disk: bool,
        lost: Sequence[Lost] = (),
    ) -> _Outcome[D, E]:
        if disk == self.base and not lost:
            return _Outcome(self._doc, tuple(net), False)
        if disk is None:
            said = say(
                "{path}: the file is gone (deleted or renamed by another program); nothing was "
                "written",
                path=self.path,
            )
            raise WorkspaceError(said, exit_code=EXIT_REFUSED)
        if not merge_with_disk:
            said = say(
                "{path}: changed by another program meanwhile: reload, then try again",
                path=self.path,
            )
            raise WorkspaceError(said, exit_code=EXIT_REFUSED)
        theirs = self._folded(self.fmt.parse(disk), lost)  # other writers' lost versions too
        found = self.fmt.parse(disk)
        base = self.fmt.parse(self.base) if self.whole_text else None
        target = merge(
            self.fmt,
            mine=self._doc,
            changes=net,
            theirs=theirs,
            base=base,
            resolutions=resolutions,
            path=self.path,
        )
        return _Outcome(target, tuple(self._made(found, target, net, resolutions or {})), True)

    def _folded(self, target: D, lost: Sequence[Lost]) -> D:
        """`target` with the other writers' versions that are no longer on disk made again."""
        for lost_base, version in lost:
            target = fold(
                self.fmt, target, self.fmt.parse(lost_base), self.fmt.parse(version), path=self.path
            )
        return target

    def _made(
        self, found: D, target: D, net: list[Change[E]], settle: Mapping[str, Resolution]
    ) -> list[Change[E]]:
        """What a merged save changed in the file it found, and the changes made on both sides."""
        made = diff(self.fmt, found, target)
        seen = {ch.key for ch in made}
        for ch in net:
            if ch.key in seen or settle.get(ch.key) == "theirs":
                continue
            now = self.fmt.find(target, ch.key)
            if (now is None) == (ch.after is None) and (
                now is None or ch.after is None or self.fmt.same(now, ch.after)
            ):
                made.append(ch)
        return made

    def _saved(self, done: Committed[_Outcome[D, E]], op_id: str) -> Saved[E]:
        outcome = done.context
        if outcome.doc is not self._doc:
            self._doc = outcome.doc
        self._rendered = done.data
        self.revision += 1
        self.base = done.data
        self.pending = []
        self.whole_text = False
        self.removing = False
        self.generation += 1
        merged = done.merged or done.late_writes > 0
        if merged:
            self.reads += 1
        return Saved(self.path, done.backup, merged, outcome.changes, op_id, done.notice)

    def reload(self) -> None:
        """Read the file again, dropping unsaved edits (a file that just turned empty is read
        again a moment later: an agent writing in place passes through an empty file)."""
        data = settled(self.path, _read(self.target), self.base, root=self.target.root)
        self._doc = self.fmt.parse(data)
        self._rendered = data
        self.revision += 1
        self.base = data
        self.pending = []
        self.whole_text = False
        self.removing = False
        self.generation += 1
        self.reads += 1

    def overwritten(self, disk: bytes | None = None) -> list[str]:
        """Keys whose change MemDesk saved is no longer in the file: another program rewrote the
        file from a copy read before MemDesk's saves (an agent without a lock). `disk`: the file
        as it is now, when it is not what this document holds (it has unsaved edits).

        The journal still holds each change (before and after), so nothing is lost, only
        reverted; the window says so, once per change.
        """
        data = self.base if disk is None else disk
        with journal_for_reading(self.target.root) as journal:
            if journal is None:
                return []
            commits = journal.recent_commits(self.rel, RECENT_COMMITS)
            if not commits:
                return []
            if commits[0].new_sha256 == sha256(data) and not self._reported:
                return []  # MemDesk's last save, as it wrote it (and no loss to look at again)
            events = journal.commits_events([c.id for c in commits])
        shown = self.doc if disk is None else self.fmt.parse(disk)
        found = []
        for memory_id, history in _by_entry(events).items():
            reported = (history[0].id, memory_id)
            if not self._reverted(shown, memory_id, history):
                self._reported.discard(reported)  # back again: a new loss is reported anew
            elif reported not in self._reported:
                self._reported.add(reported)
                found.append(memory_id)
        return found

    def _reverted(self, doc: D, memory_id: str, history: list[RecordedEvent]) -> bool:
        """The file no longer shows the entry as MemDesk's newest change left it, but as one of
        the states before it (or without an entry MemDesk created)."""
        now = self.fmt.find(doc, memory_id)
        fields = None if now is None else self.fmt.fields(now)
        newest = history[0]
        if agrees(fields, newest.after):
            return False
        if fields is None:
            return newest.after is not None
        return any(agrees(fields, e.before) for e in history)

    def _journal_events(
        self, changes: Sequence[Change[E]], actor: str, cause: str, op_id: str
    ) -> JournalPlan:
        fields = self.fmt.fields
        events = [
            Event(
                file=self.rel,
                memory_id=self._key_after(ch),
                kind=ch.kind,
                actor=actor,
                cause=cause,
                op_id=op_id,
                before=None if ch.before is None else fields(ch.before),
                after=None if ch.after is None else fields(ch.after),
            )
            for ch in changes
        ]
        return JournalPlan(events)

    def _key_after(self, change: Change[E]) -> str:
        """The key an edited entry has once saved: a format that keys entries by their text
        (OpenClaw's bullets) gives an edited one a new key, and the next read finds it by that."""
        if change.before is None or change.after is None:
            return change.key
        return self.fmt.key(change.after) or change.key

    # -- helpers ----------------------------------------------------------------------------------
    def _check_editable(self) -> None:
        if self.read_only:
            said = say("{file} is read-only in MemDesk", file=self.rel)
            raise WorkspaceError(said, exit_code=EXIT_REFUSED)

    def _check_expected(self, changes: Sequence[Change[E]]) -> None:
        """Every change meets its entry as it expects (after the changes before it)."""
        fmt = self.fmt
        state: dict[str, E | None] = {}
        for ch in changes:
            if ch.before is None and not ch.key:
                continue  # a new entry without a key yet: it gets one when inserted
            current = state[ch.key] if ch.key in state else fmt.find(self._doc, ch.key)
            if ch.before is None:
                ok = current is None or fmt.rekeys
            else:
                ok = current is ch.before or (current is not None and fmt.same(current, ch.before))
            if not ok:
                name = ch.key or fmt.label(ch.before or ch.after)  # type: ignore[arg-type]
                said = say(
                    "{path}: memory {memory} is not as this change expects (the file changed "
                    "since it was read, probably by the agent); nothing was changed: reload it "
                    "and try again",
                    path=self.path,
                    memory=name,
                )
                raise WorkspaceError(said, exit_code=EXIT_REFUSED)
            state[ch.key] = ch.after

    def _replace_current(self, changes: list[Change[E]]) -> bool:
        """All changes at once, where the format can when each replaces the very entry the
        document holds (a decay run's 100,000 rescored memories); False: nothing was changed."""
        replace_current: ReplaceCurrent[D, E] | None = getattr(self.fmt, "replace_current", None)
        return replace_current is not None and replace_current(self._doc, changes)

    def _put(self, ch: Change[E]) -> Change[E]:
        fmt, doc = self.fmt, self._doc
        if ch.before is None:
            assert ch.after is not None
            key = fmt.insert(doc, ch.after)
            return Change(key, None, fmt.find(doc, key))
        if ch.after is None:
            fmt.remove(doc, ch.key)
        else:
            fmt.replace(doc, ch.key, ch.after)
        return ch


def _by_entry(events: Sequence[RecordedEvent]) -> dict[str, list[RecordedEvent]]:
    """Each entry's events, newest first (events come newest first)."""
    out: dict[str, list[RecordedEvent]] = {}
    for event in events:
        if event.memory_id:
            out.setdefault(event.memory_id, []).append(event)
    return out


def agrees(fields: Mapping[str, Any] | None, recorded: Mapping[str, Any] | None) -> bool:
    """Whether an entry's fields are what the journal recorded (scores at the file's precision)."""
    if fields is None or recorded is None:
        return fields is None and recorded is None
    for name, value in recorded.items():
        mine = fields.get(name)
        if name == "score" and isinstance(value, float) and isinstance(mine, float):
            if format(value, ".2f") != format(mine, ".2f"):
                return False
        elif mine != value:
            return False
    return True


def _read(target: Target) -> bytes | None:
    """The file's bytes, confined to the workspace (no link out of it, no FIFO, one name)."""
    if not target.agent_lock:
        return read_or_none(target.path, root=target.root)
    if not target.path.exists():
        return None
    return read_consistent(target.path, timeout=target.lock_timeout, root=target.root)
