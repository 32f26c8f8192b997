"""The memory files of PicoClaw and Pomelobot/OpenClaw workspaces, each edited and saved on its own.

A workspace of these agents holds several sources (SPEC 2.6): PicoClaw's long-term MEMORY.md,
its daily notes and profile.json; a Pomelobot/OpenClaw workspace one long-term file and daily
files per scope. Each source here keeps the bytes it was read from and the person's edits:

- `EntrySource`: a file of entries (PicoClaw's `## date` sections, Pomelobot's `[HH:MM:SS]`
  lines). Saving compares the file with what was read; when another program wrote meanwhile the
  edits are merged by entry (three-way: as read, on disk, as edited here); an entry changed on
  both sides is a `SourceConflict` and nothing is written until the person settles it.
- `NoteSource`: a PicoClaw daily note, edited as a whole text. The agent only appends to a note,
  so an append made meanwhile is kept after the person's text; any other change is a conflict.

Every write is backed up first (PicoClaw's MEMORY.md into the agent's own `memory/backups/`,
everything else into `.memdesk/backups/`), replaced atomically and recorded in the journal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Literal, Protocol

from core.formats import picoclaw, pomelobot
from core.formats.text import BOM, decode, to_lf
from core.store import atomic
from core.store.backups import BackupStyle, make_backup
from core.store.journal import Event, Journal, JournalError
from core.store.retention import prune_own
from core.workspace import WorkspaceError

Resolution = Literal["mine", "theirs"]
NOTE_KEY = "note"  # the one "entry" of a NoteSource, for conflicts and resolutions
WHOLE_FILE = "(text outside memories)"  # an EntrySource's text edited as a whole, for conflicts


@dataclass(frozen=True, slots=True)
class Item:
    """One entry as the window lists it."""

    key: str
    label: str  # the heading (a date) or the time stamp
    content: str
    line: int  # 1-based line as read; 0 for an entry added since


@dataclass(frozen=True, slots=True)
class Edit:
    """One entry's net change since the file was read (`before`/`after` None: added/deleted)."""

    key: str
    before: Item | None
    after: Item | None

    @property
    def kind(self) -> str:
        if self.before is None:
            return "create"
        return "delete" if self.after is None else "edit"


@dataclass(frozen=True, slots=True)
class Clash:
    """An entry changed here and by another program: both versions, for the person to choose."""

    key: str
    mine: str | None  # None: deleted here
    theirs: str | None  # None: deleted there


class SourceConflict(WorkspaceError):
    def __init__(self, path: Path, clashes: list[Clash]) -> None:
        self.path = path
        self.clashes = clashes
        keys = ", ".join(c.key for c in clashes)
        super().__init__(
            f"{path}: changed here and by another program ({keys}): choose what to keep",
            exit_code=1,
        )


@dataclass(frozen=True, slots=True)
class SourceSave:
    path: Path
    backup: Path | None
    merged: bool  # another program had written meanwhile; its change is kept
    edits: tuple[Edit, ...]


class EntryFormat(Protocol):
    """What EntrySource needs of a file format."""

    read_only: bool

    def parse(self, data: bytes | None) -> object: ...
    def items(self, doc: object) -> list[Item]: ...
    def edit(self, doc: object, key: str, content: str) -> None: ...
    def delete(self, doc: object, key: str) -> None: ...
    def add(self, doc: object, content: str, stamp: str) -> str: ...
    def render(self, doc: object) -> bytes: ...
    def other(self, doc: object) -> list[str]: ...


class PicoLongTerm:
    """PicoClaw's memory/MEMORY.md: entries are `## ` sections; stamps are dates."""

    read_only = False

    def __init__(self, path: str) -> None:
        self.path = path

    def parse(self, data: bytes | None) -> picoclaw.LongTermDocument:
        return picoclaw.parse_longterm(data or b"", self.path)

    def items(self, doc: object) -> list[Item]:
        assert isinstance(doc, picoclaw.LongTermDocument)
        return [Item(e.key, e.title, e.content, e.line) for e in doc.entries()]

    def edit(self, doc: object, key: str, content: str) -> None:
        assert isinstance(doc, picoclaw.LongTermDocument)
        doc.replace_entry(key, _without_heading(content))

    def delete(self, doc: object, key: str) -> None:
        assert isinstance(doc, picoclaw.LongTermDocument)
        doc.delete_entry(key)

    def add(self, doc: object, content: str, stamp: str) -> str:
        assert isinstance(doc, picoclaw.LongTermDocument)
        return doc.append_entry(_without_heading(content), date.fromisoformat(stamp)).key

    def render(self, doc: object) -> bytes:
        assert isinstance(doc, picoclaw.LongTermDocument)
        return doc.to_bytes()

    def other(self, doc: object) -> list[str]:
        """Text that belongs to no entry: the preamble, and each entry's heading line."""
        assert isinstance(doc, picoclaw.LongTermDocument)
        return [doc.preamble.text] + [e.heading_line for e in doc.entries()]


def _without_heading(content: str) -> str:
    """The content, refused if a line of it would start a new `## ` entry once written."""
    text = to_lf(content).strip()
    if text.startswith("## ") or "\n## " in text:
        raise ValueError(
            'a line of the memory starts with "## ": the agent would read what follows '
            "as another entry"
        )
    return content


class PomeloFile:
    """A Pomelobot/OpenClaw memory file: `[HH:MM:SS] content` entries under the file's header."""

    def __init__(self, path: str, kind: pomelobot.FileKind, empty: str = "") -> None:
        self.path = path
        self.kind = kind
        self.empty = empty  # the header the agent writes into a new file
        self.read_only = kind == "transcript"

    def parse(self, data: bytes | None) -> pomelobot.MemoryFileDocument:
        raw: bytes | str = self.empty if data is None else data
        return pomelobot.parse_memory_file(raw, self.path, kind=self.kind)

    def items(self, doc: object) -> list[Item]:
        assert isinstance(doc, pomelobot.MemoryFileDocument)
        return [Item(e.key, e.time, e.content, e.line) for e in doc.entries()]

    def edit(self, doc: object, key: str, content: str) -> None:
        assert isinstance(doc, pomelobot.MemoryFileDocument)
        doc.replace_entry(key, content)

    def delete(self, doc: object, key: str) -> None:
        assert isinstance(doc, pomelobot.MemoryFileDocument)
        doc.delete_entry(key)

    def add(self, doc: object, content: str, stamp: str) -> str:
        assert isinstance(doc, pomelobot.MemoryFileDocument)
        return doc.append_entry(content, stamp).key

    def render(self, doc: object) -> bytes:
        assert isinstance(doc, pomelobot.MemoryFileDocument)
        return doc.to_bytes()

    def other(self, doc: object) -> list[str]:
        """Text that belongs to no entry: the header and any hand-written text, as found."""
        assert isinstance(doc, pomelobot.MemoryFileDocument)
        return [b.text for b in doc.blocks if isinstance(b, pomelobot.Raw)]


class _Saving:
    """What every source shares: the file, its bytes as read, and the guarded write."""

    def __init__(self, root: Path, rel: str, style: BackupStyle) -> None:
        self.root = root
        self.rel = rel
        self.path = root / rel
        self.style = style
        self.base = read_or_none(self.path)

    def _write(self, data: bytes, disk: bytes | None) -> Path | None:
        """Back up what is on disk, then replace it, unless it changed again since `disk`."""
        try:
            if disk is None:  # a new file (a note of a new month): its folder may not exist yet
                self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic.check_writable(self.path)
            backup = None
            if disk is not None:
                backup = make_backup(self.path, self.style.directory(self.root, self.path))
            if read_or_none(self.path) != disk:
                raise WorkspaceError(
                    f"{self.path}: changed by another program while saving; try again", exit_code=1
                )
            atomic.atomic_write_bytes(self.path, data)
            if backup is not None:
                prune_own(self.root, backup.parent)
        except atomic.WriteRefused as exc:
            raise WorkspaceError(str(exc), exit_code=1) from None
        except OSError as exc:
            raise WorkspaceError(f"{self.path}: could not write: {exc.strerror or exc}") from None
        self.base = data
        return backup

    def _journal(self, edits: tuple[Edit, ...], cause: str) -> None:
        journal_edits(self.root, self.rel, edits, cause)


def journal_edits(root: Path, rel: str, edits: tuple[Edit, ...], cause: str) -> None:
    """Record the person's saved edits of one file (WorkspaceError if the journal cannot)."""
    if not edits:
        return
    op_id = Journal.new_op_id()
    events = [
        Event(
            file=rel,
            memory_id=e.key,
            kind=e.kind,
            actor="person",
            cause=cause,
            op_id=op_id,
            before=None if e.before is None else {"content": e.before.content},
            after=None if e.after is None else {"content": e.after.content},
        )
        for e in edits
    ]
    try:
        with Journal.open(root) as journal:
            journal.record(events)
    except JournalError as exc:
        raise WorkspaceError(
            f"saved {root / rel}, but the journal could not record it: {exc}"
        ) from None


class EntrySource(_Saving):
    """One memory file of entries, edited in memory and saved with compare-and-swap and merge."""

    def __init__(
        self, root: Path, rel: str, fmt: EntryFormat, *, style: BackupStyle = BackupStyle.MEMDESK
    ) -> None:
        super().__init__(root, rel, style)
        self.fmt = fmt
        self._rendered: bytes | None = None  # cache of render(doc); every change clears it
        self.doc = fmt.parse(self.base)
        self.text_edited = False  # set_text was used: text outside entries may have changed

    @property
    def doc(self) -> object:
        return self._doc

    @doc.setter
    def doc(self, doc: object) -> None:
        self._doc = doc
        self._rendered = None

    def render(self) -> bytes:
        """The file's bytes as they would be saved now."""
        if self._rendered is None:
            self._rendered = self.fmt.render(self._doc)
        return self._rendered

    @property
    def read_only(self) -> bool:
        return self.fmt.read_only

    @property
    def exists(self) -> bool:
        return self.base is not None

    def items(self) -> list[Item]:
        return self.fmt.items(self.doc)

    def find(self, key: str) -> Item | None:
        return next((i for i in self.items() if i.key == key), None)

    def text(self) -> str:
        return decode(self.render(), self.rel).text

    @property
    def modified(self) -> bool:
        return self.render() != self._base_render()

    def _base_render(self) -> bytes:
        return self.base if self.base is not None else self.fmt.render(self.fmt.parse(None))

    # -- edits (each raises ValueError/KeyError with a message for the person) -------------------
    def edit(self, key: str, content: str) -> None:
        self._rendered = None
        self.fmt.edit(self.doc, key, content)

    def delete(self, key: str) -> None:
        self._rendered = None
        self.fmt.delete(self.doc, key)

    def add(self, content: str, stamp: str) -> str:
        """Append an entry as the agent does; `stamp` is the date (PicoClaw) or time (Pomelobot)."""
        self._rendered = None
        return self.fmt.add(self.doc, content, stamp)

    def set_text(self, text: str) -> None:
        """The person edits the whole file as text (e.g. an OpenClaw session summary).

        Raises InputError for text no agent could read back (a NUL character)."""
        if self.read_only:
            raise ValueError(f"{self.rel} is read-only in MemDesk")
        self.doc = self.fmt.parse(text.encode("utf-8", "surrogatepass"))
        self.text_edited = True

    def snapshot(self) -> tuple[bytes, bool]:
        return self.render(), self.text_edited

    def restore(self, state: tuple[bytes, bool]) -> None:
        data, self.text_edited = state
        self.doc = self.fmt.parse(data)

    def edits(self) -> tuple[Edit, ...]:
        """The net change per entry since the file was read."""
        return _diff(self.fmt.items(self.fmt.parse(self.base)), self.items())

    # -- saving ---------------------------------------------------------------------------------
    def reload(self) -> None:
        self.base = read_or_none(self.path)
        self.doc = self.fmt.parse(self.base)
        self.text_edited = False

    def save(
        self,
        *,
        resolutions: Mapping[str, Resolution] | None = None,
        cause: str = "edited in MemDesk",
    ) -> SourceSave:
        """Write the edits: merged with another program's meanwhile, backup first, then journal."""
        if self.read_only:
            raise WorkspaceError(f"{self.path}: read-only in MemDesk", exit_code=1)
        edits = self.edits()
        if not self.modified:
            return SourceSave(self.path, None, False, ())
        disk = read_or_none(self.path)
        merged = disk != self.base
        target = self.doc
        choice = (resolutions or {}).get(WHOLE_FILE)
        if merged and self._other_text_edited():
            if choice == "theirs":
                self.reload()
                return SourceSave(self.path, None, True, ())
            if choice != "mine":
                mine = self.text()
                theirs = decode(disk, self.rel).text if disk is not None else None
                raise SourceConflict(self.path, [Clash(WHOLE_FILE, mine, theirs)])
        elif merged:
            target = self.fmt.parse(disk)
            self._replay(target, edits, resolutions or {})
            # An edit given up for the other program's version was not made: not journaled.
            edits = tuple(e for e in edits if (resolutions or {}).get(e.key) != "theirs")
        data = self.fmt.render(target)
        backup = None
        if data != disk:
            backup = self._write(data, disk)
        self.base = data
        self.doc = self.fmt.parse(data)
        self.text_edited = False
        self._journal(edits, cause)
        return SourceSave(self.path, backup, merged, edits)

    def _other_text_edited(self) -> bool:
        """True when text outside the entries changed here: only a whole-file edit does that."""
        if not self.text_edited:
            return False
        return self.fmt.other(self.doc) != self.fmt.other(self.fmt.parse(self.base))

    def _replay(
        self, target: object, edits: tuple[Edit, ...], resolutions: Mapping[str, Resolution]
    ) -> None:
        theirs = {i.key: i for i in self.fmt.items(target)}
        clashes: list[Clash] = []
        for edit in edits:
            current = theirs.get(edit.key)
            if edit.before is None:
                assert edit.after is not None
                self.fmt.add(target, edit.after.content, _stamp(edit.after))
                continue
            choice = resolutions.get(edit.key)
            now = current.content if current is not None else None
            wanted = edit.after.content if edit.after is not None else None
            if now == wanted or choice == "theirs":
                continue
            if now != edit.before.content and choice != "mine":
                clashes.append(Clash(edit.key, wanted, now))
                continue
            if wanted is None:
                self.fmt.delete(target, edit.key)
            elif current is None:
                self.fmt.add(target, wanted, _stamp(edit.before))
            else:
                self.fmt.edit(target, edit.key, wanted)
        if clashes:
            raise SourceConflict(self.path, clashes)


class NoteSource(_Saving):
    """A PicoClaw daily note (`memory/YYYYMM/YYYYMMDD.md`), edited as one text."""

    read_only = False

    def __init__(self, root: Path, rel: str, day: date) -> None:
        super().__init__(root, rel, BackupStyle.MEMDESK)
        self.day = day
        self._text = self._decode(self.base)

    def _decode(self, data: bytes | None) -> str:
        """The note's text as the agent reads it (a BOM stays). InputError for invalid UTF-8."""
        if data is None:
            return ""
        decoded = decode(data, self.path)
        return (BOM if decoded.bom else "") + decoded.text

    @property
    def exists(self) -> bool:
        return self.base is not None

    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        if "\0" in text:
            raise ValueError("a daily note cannot contain a NUL character")
        self._text = text

    def append(self, content: str) -> None:
        """Add to the note as the agent's AppendToday does."""
        self._text = picoclaw.daily_append_text(self._text or None, content, self.day)

    @property
    def modified(self) -> bool:
        return self._text != self._decode(self.base)

    def snapshot(self) -> str:
        return self._text

    def restore(self, state: str) -> None:
        self._text = state

    def reload(self) -> None:
        self.base = read_or_none(self.path)
        self._text = self._decode(self.base)

    def save(
        self,
        *,
        resolutions: Mapping[str, Resolution] | None = None,
        cause: str = "edited in MemDesk",
    ) -> SourceSave:
        if not self.modified:
            return SourceSave(self.path, None, False, ())
        before = self._decode(self.base)
        existed = self.base is not None
        disk = read_or_none(self.path)
        theirs = self._decode(disk)
        text = self._text
        merged = disk != self.base
        choice = (resolutions or {}).get(NOTE_KEY)
        if merged and choice != "mine":
            if choice == "theirs":  # the other program's note stays as it is: nothing to write
                self.reload()
                return SourceSave(self.path, None, True, ())
            if before and theirs.startswith(before):  # the agent appended: its lines after ours
                text = self._text + theirs[len(before) :]
            else:
                raise SourceConflict(self.path, [Clash(NOTE_KEY, self._text, theirs)])
        data = text.encode("utf-8")
        backup = self._write(data, disk) if data != disk else None
        self.base = data
        self._text = text
        edit = Edit(NOTE_KEY, _note_item(before, existed), _note_item(text, True))
        self._journal((edit,), cause)
        return SourceSave(self.path, backup, merged, (edit,))


def _note_item(text: str, exists: bool) -> Item | None:
    return Item(NOTE_KEY, "", text, 1) if exists else None


def _diff(before: list[Item], after: list[Item]) -> tuple[Edit, ...]:
    old = {i.key: i for i in before}
    new = {i.key: i for i in after}
    edits = [
        Edit(key, item, new.get(key))
        for key, item in old.items()
        if key not in new or new[key].content != item.content
    ]
    edits += [Edit(key, None, item) for key, item in new.items() if key not in old]
    return tuple(edits)


def _stamp(item: Item) -> str:
    """The stamp an entry re-added elsewhere gets: its own date/time, today for other headings."""
    label = item.label
    try:
        date.fromisoformat(label)
    except ValueError:
        try:
            pomelobot.format_time(label)
        except ValueError:
            return datetime.now().date().isoformat()
    return label


def read_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise WorkspaceError(f"{path}: cannot be read: {exc.strerror or exc}") from None
