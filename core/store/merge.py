"""Every agent's file as keyed entries, and the one three-way merge over them.

A file format (`Format`) reads bytes into a document of keyed entries plus the text outside
them (kept verbatim), writes it back, and edits it one key at a time. It does no I/O.

A change set is a list of `Change(key, before, after)`. Saving replays this side's change set
onto what is on disk now: a key unchanged there takes this side's change, a key changed the same
way on both sides is taken once, a key changed differently on both sides is a `Conflict`, and
nothing is written until the person settles every conflict with a `Resolution`: keep mine, keep
theirs, or a text they wrote. Whatever they choose, keys that clash with nothing keep both sides'
changes. A whole-text edit (a daily note, a file's text outside entries) is one key; entries
appended meanwhile are still separate keys and survive either choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeAlias, TypeVar

from core.messages import N_
from core.store.errors import EXIT_REFUSED, WorkspaceError

__all__ = [
    "OUTSIDE",
    "Change",
    "Conflict",
    "ConflictError",
    "Format",
    "Resolution",
    "diff",
    "fold",
    "inverse_of",
    "merge",
    "net_changes",
]

D = TypeVar("D")  # a parsed document
E = TypeVar("E")  # one entry of it (treated as immutable)
T = TypeVar("T")

# The key of a file's text outside its entries, when the person edited the file as a whole.
OUTSIDE = "(text outside memories)"

# How the person settles one conflict: this side's version, the other program's, or a text
# they wrote (the entry's new content; for OUTSIDE the whole file's text).
Resolution: TypeAlias = Literal["mine", "theirs"] | str


class Format(Protocol[D, E]):
    """How one kind of file is read, keyed, edited and written."""

    read_only: bool
    # True where an entry's key is its place (a date, a time): an entry created on both sides
    # under the same key is two entries, and the one replayed gets the next free key.
    rekeys: bool
    label_header: str  # what `label` gives, as a list's column header: "Id", "When", "File"

    def parse(self, data: bytes | None) -> D:
        """The document; None stands for a file that does not exist yet. InputError if unreadable."""
        ...

    def render(self, doc: D) -> bytes: ...
    def entries(self, doc: D) -> Iterable[E]: ...
    def key(self, entry: E) -> str: ...
    def label(self, entry: E) -> str:
        """How the person names the entry: its id, heading date or time stamp."""
        ...

    def line(self, entry: E) -> int:
        """Its 1-based first line as read (0 for an entry added since)."""
        ...

    def content(self, entry: E) -> str: ...
    def find(self, doc: D, key: str) -> E | None: ...
    def same(self, a: E, b: E) -> bool:
        """Equal as the file would show them."""
        ...

    def insert(self, doc: D, entry: E) -> str:
        """Add a new entry where the agent would; returns the key it got."""
        ...

    def replace(self, doc: D, key: str, entry: E) -> None: ...
    def remove(self, doc: D, key: str) -> None: ...
    def outside(self, doc: D) -> object:
        """The text outside entries, in a form that compares equal when unchanged."""
        ...

    def state(self, doc: D) -> object:
        """An immutable copy of the document's content, for undo (`set_state`)."""
        ...

    def set_state(self, doc: D, state: object) -> None: ...
    def describe(self, entry: E) -> str:
        """The entry as the person reads it in a conflict."""
        ...

    def written(self, like: E, text: str) -> E:
        """`like` with the text the person wrote as its content (ValueError if refused)."""
        ...

    def fields(self, entry: E) -> dict[str, Any]:
        """The entry's fields as the journal stores them."""
        ...

    def merge_entry(self, base: E, mine: E, theirs: E) -> E | None:
        """One entry changed on both sides, merged without the person (None: a conflict)."""
        ...


@dataclass(frozen=True, slots=True)
class Change(Generic[T]):
    """One entry before and after an edit; None before = created, None after = deleted."""

    key: str
    before: T | None
    after: T | None

    @property
    def kind(self) -> str:
        if self.before is None:
            return "create"
        return "delete" if self.after is None else "edit"

    def inverse(self) -> Change[T]:
        return Change(self.key, self.after, self.before)


def inverse_of(changes: Sequence[Change[T]]) -> list[Change[T]]:
    """The changes that undo `changes` once they were made (applied in this order)."""
    return [c.inverse() for c in reversed(changes)]


@dataclass(frozen=True, slots=True)
class Conflict:
    """One key changed here (mine) and by another program (theirs) since the file was read.

    The texts are as the person reads them (None: the entry does not exist on that side).
    """

    key: str
    base: str | None
    mine: str | None
    theirs: str | None


class ConflictError(WorkspaceError):
    """The file changed on disk and some entry changed on both sides; nothing was written."""

    def __init__(self, path: object, conflicts: Sequence[Conflict]) -> None:
        template = (
            N_(
                "{path}: changed by another program while you edited; {count} entry changed on "
                "both sides: {key}. Nothing was written."
            )
            if len(conflicts) == 1
            else N_(
                "{path}: changed by another program while you edited; {count} entries changed on "
                "both sides: {key}. Nothing was written."
            )
        )
        keys = ", ".join(c.key for c in conflicts)
        said = template.format(path=path, count=len(conflicts), key=keys)
        super().__init__(said, exit_code=EXIT_REFUSED)
        self.path = path
        self.conflicts = list(conflicts)


def net_changes(changes: Sequence[Change[T]], same: Callable[[T, T], bool]) -> list[Change[T]]:
    """One change per key, from its first `before` to its last `after`; undone ones vanish.

    `same(a, b)` compares two entries as the file shows them.
    """
    last = {ch.key: ch for ch in changes}
    heads: Iterable[Change[T]] = changes
    if len(last) < len(changes):  # some key changed more than once: from its first change
        first: dict[str, Change[T]] = {}
        for ch in changes:
            first.setdefault(ch.key, ch)
        heads = first.values()
    out: list[Change[T]] = []
    for head in heads:
        key = head.key
        tail = last[key]
        before, after = head.before, tail.after
        if before is None and after is None:
            continue
        if before is not None and after is not None and same(before, after):
            continue
        out.append(head if head is tail else Change(key, before, after))
    return out


def diff(fmt: Format[D, E], old: D, new: D) -> list[Change[E]]:
    """The change per key that turns `old` into `new` (deletions, edits, then creations)."""
    before = {fmt.key(e): e for e in fmt.entries(old)}
    after = {fmt.key(e): e for e in fmt.entries(new)}
    out: list[Change[E]] = []
    for key, entry in before.items():
        now = after.get(key)
        if now is None or not fmt.same(entry, now):
            out.append(Change(key, entry, now))
    out += [Change(key, None, entry) for key, entry in after.items() if key not in before]
    return out


def merge(
    fmt: Format[D, E],
    *,
    mine: D,
    changes: Sequence[Change[E]],
    theirs: D,
    base: D | None = None,
    resolutions: Mapping[str, Resolution] | None = None,
    path: object = "",
) -> D:
    """This side's changes merged with the other program's: the document to write.

    `theirs` (freshly parsed from disk) may be changed and returned. `base` (the file as this
    side read it) is needed only when the text outside entries was edited here; then this
    side's document is the starting point and the other program's entry changes are replayed
    onto it instead. Raises ConflictError (nothing to write) for unsettled conflicts.
    """
    settle = dict(resolutions or {})
    if base is None or fmt.outside(mine) == fmt.outside(base):
        return _replay(fmt, theirs, changes, settle, path, mine=True)
    if fmt.outside(theirs) != fmt.outside(base):
        choice = settle.get(OUTSIDE)
        if choice is None:
            whole = Conflict(OUTSIDE, _text(fmt, base), _text(fmt, mine), _text(fmt, theirs))
            raise ConflictError(path, [whole])
        if choice == "theirs":
            return _replay(fmt, theirs, changes, settle, path, mine=True)
        if choice != "mine":
            mine = fmt.parse(choice.encode("utf-8", "surrogatepass"))
    target = fmt.parse(fmt.render(mine))
    return _replay(fmt, target, diff(fmt, base, theirs), settle, path, mine=False)


def fold(fmt: Format[D, E], target: D, base: D, version: D, *, path: object = "") -> D:
    """`target` with another program's changes (from `base` to `version`) made to it too.

    For a version of the file that no longer is on disk (another program wrote it into a file
    the commit had just replaced). ConflictError where its change meets a different one.
    """
    return _replay(fmt, target, diff(fmt, base, version), {}, path, mine=False)


def _text(fmt: Format[D, E], doc: D) -> str:
    return fmt.render(doc).decode("utf-8", "replace")


def _describe(fmt: Format[D, E], entry: E | None) -> str | None:
    return None if entry is None else fmt.describe(entry)


def _replay(
    fmt: Format[D, E],
    target: D,
    changes: Sequence[Change[E]],
    settle: Mapping[str, Resolution],
    path: object,
    *,
    mine: bool,
) -> D:
    """Apply one side's changes to the other side's document.

    `mine`: the changes are this side's and `target` is what is on disk; otherwise the changes
    are the other program's and `target` is this side's whole-text edit.
    """
    take, keep = ("mine", "theirs") if mine else ("theirs", "mine")
    conflicts: list[Conflict] = []
    for ch in changes:
        if ch.before is None:
            assert ch.after is not None
            current = fmt.find(target, ch.key)
            if current is None or fmt.rekeys:
                if not (fmt.rekeys and _present(fmt, target, ch.after)):
                    fmt.insert(target, ch.after)
                continue
        else:
            ch, current = _located(fmt, target, ch)
        wanted = _wanted(fmt, ch.before, ch.after, current)
        if wanted is _UNCHANGED:
            continue
        if wanted is not _CLASH:
            _put(fmt, target, ch.key, current, wanted)
            continue
        choice = settle.get(ch.key)
        if choice is None:
            changed, found = _describe(fmt, ch.after), _describe(fmt, current)
            base = _describe(fmt, ch.before)
            conflicts.append(
                Conflict(ch.key, base, changed, found)
                if mine
                else Conflict(ch.key, base, found, changed)
            )
        elif choice == take:
            _put(fmt, target, ch.key, current, ch.after)
        elif choice != keep:
            like = ch.after if ch.after is not None else current
            assert like is not None  # deleted on both sides is never a clash
            _put(fmt, target, ch.key, current, fmt.written(like, choice))
    if conflicts:
        raise ConflictError(path, conflicts)
    return target


def _located(fmt: Format[D, E], target: D, ch: Change[E]) -> tuple[Change[E], E | None]:
    """The change keyed as its entry is keyed in `target`, and the entry there.

    Where a key is an entry's place (a date and its ordinal: "2026-03-03~2"), another program's
    entries added or removed under the same date shift the keys: the entry the change was made
    to is found by its text under another key. Found nowhere, the entry now at the key is taken
    as the one the other program changed (a conflict shows the person both texts).
    """
    current = fmt.find(target, ch.key)
    if not fmt.rekeys or ch.before is None or current is None:
        return ch, current
    before = ch.before
    if fmt.same(current, before) or (ch.after is not None and fmt.same(current, ch.after)):
        return ch, current
    label = fmt.label(before)
    for entry in fmt.entries(target):
        if fmt.label(entry) == label and fmt.same(entry, before):
            return Change(fmt.key(entry), ch.before, ch.after), entry
    return ch, current


def _present(fmt: Format[D, E], target: D, entry: E) -> bool:
    """An entry like this one is in `target` already (a create replayed after it was written)."""
    label = fmt.label(entry)
    return any(fmt.label(e) == label and fmt.same(e, entry) for e in fmt.entries(target))


class _Marker:
    pass


_UNCHANGED: Any = _Marker()  # the change is already there (or made the same way on both sides)
_CLASH: Any = _Marker()  # changed differently on both sides


def _wanted(fmt: Format[D, E], before: E | None, after: E | None, current: E | None) -> Any:
    """What the entry becomes when a change from `before` to `after` meets `current`."""
    if after is None:
        if current is None:
            return _UNCHANGED  # deleted on both sides
        return None if before is not None and fmt.same(current, before) else _CLASH
    if current is not None and fmt.same(current, after):
        return _UNCHANGED  # made on both sides, or replayed twice
    if current is None:
        return _CLASH if before is not None else after  # they deleted what was edited here
    if before is not None and fmt.same(current, before):
        return after
    if before is not None:
        auto = fmt.merge_entry(before, after, current)
        if auto is not None:
            return auto
    return _CLASH


def _put(fmt: Format[D, E], doc: D, key: str, current: E | None, wanted: E | None) -> None:
    """Make the entry `key` be `wanted`, whatever it is now."""
    if wanted is None:
        if current is not None:
            fmt.remove(doc, key)
    elif current is None:
        fmt.insert(doc, wanted)
    else:
        fmt.replace(doc, key, wanted)
