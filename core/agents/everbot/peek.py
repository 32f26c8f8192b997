"""One memory of a large structured file, read by its header alone.

`memdesk show` and `edit` name one memory; on a million memories parsing the whole file would take
seconds. A file of LARGE_FILE bytes or more is read once, checked as the parser checks it (UTF-8,
no NUL), and only the memory's own lines are parsed (`format.entries_with_id`). Smaller files,
and files whose shape needs the whole parse, take the usual way (`Workspace`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.everbot.policy import profile_by_name
from core.agents.everbot.workspace import (
    Workspace,
    decayed_to,
    default_anchor,
    detect_profile,
    locate_memory_file,
    memory_history,
    use_precise_scores,
)
from core.formats.text import decode
from core.scoring.policy import PolicyProfile
from core.store.errors import WorkspaceError
from core.store.files import read_consistent
from core.store.journal import DecayState, HistoryPoint, JournalError
from core.store.settled import journal_for_reading

LARGE_FILE = 8_000_000  # bytes, about 50,000 memories


@dataclass
class Peek:
    """What `show` needs of one memory: the file's entries with its id, profile and history."""

    root: Path
    path: Path
    file: str  # relative to the workspace, as the journal names it
    entries: list[evdoc.Entry]  # the memories with the id asked for, keys as the parse gives them
    profile: PolicyProfile
    head: bytes  # what comes before the first memory (the header comments)

    @classmethod
    def open(cls, target: Path, memory_id: str, *, profile: str | None = None) -> Peek | None:
        """The memories `memory_id` (an id, id~N or FILE:ID~N) may mean; None for a small file
        or one only the whole parse reads."""
        root, path = locate_memory_file(target)
        if path.stat().st_size < LARGE_FILE:
            return None
        data = _read_checked(root, path)
        id_ = memory_id.rpartition(":")[2].partition("~")[0]
        found = ev.entries_with_id(data, id_, str(path))
        if found is None:
            return None
        for n, entry in enumerate(found[1:], start=2):
            entry.key = f"{entry.id}~{n}"
        rel = path.relative_to(root).as_posix()
        peek = cls(
            root,
            path,
            rel,
            found,
            _profile(root, data, profile),
            data[: _first_memory(data)],
        )
        peek._use_precise_scores()
        return peek

    def find(self, key: str) -> evdoc.Entry | None:
        return next((e for e in self.entries if e.key == key), None)

    def default_anchor(self) -> date:
        """As `Workspace.default_anchor`: the agent's last save, or MemDesk's last decay run."""
        return default_anchor(ev.parse(self.head), self.path)

    def decayed_to(self) -> date | None:
        """As `Workspace.decayed_to`."""
        return decayed_to(ev.parse(self.head))

    def history(self, key: str) -> tuple[list[HistoryPoint], DecayState | None]:
        entry = self.find(key)
        if entry is None:
            return [], None
        return memory_history(self.root, self.path, self.file, entry, self.default_anchor())

    def _use_precise_scores(self) -> None:
        """As `Workspace._use_precise_scores`, for these memories only."""
        try:
            with journal_for_reading(self.root) as journal:
                if journal is None:
                    return
                states = {e.key: journal.decay_state_of(self.file, e.key) for e in self.entries}
        except JournalError:
            return
        use_precise_scores(self.entries, {k: s.score for k, s in states.items() if s is not None})


_last_read: tuple[tuple[str, int, int, int], bytes] | None = None


def _read_checked(root: Path, path: Path) -> bytes:
    """The file's bytes, refused as the whole parse refuses them (not UTF-8, a NUL). `show`
    finds the memory, then shows it: the second look reuses the first read while the file is
    the same (same inode, size and modification time)."""
    global _last_read
    st = path.stat()
    stamp = (str(path), st.st_ino, st.st_size, st.st_mtime_ns)
    if _last_read is not None and _last_read[0] == stamp:
        return _last_read[1]
    data = read_consistent(path, timeout=Workspace.LOCK_TIMEOUT, root=root)
    decode(data, path)
    _last_read = (stamp, data)
    return data


def _first_memory(data: bytes) -> int:
    """Where the first memory header starts (the header comments end there)."""
    at = data.find(b"\n###")
    return at + 1 if at >= 0 else min(len(data), 1 << 16)


def _profile(root: Path, data: bytes, chosen: str | None) -> PolicyProfile:
    """The profile chosen, saved for the workspace, or detected as `detect_profile` does."""
    name = chosen
    if name is None:
        try:
            with journal_for_reading(root) as journal:
                saved = None if journal is None else journal.get_setting("profile")
            name = saved if isinstance(saved, str) else None
        except JournalError:
            name = None
    if name is None:
        name = detect_profile(data)
    try:
        return profile_by_name(name)
    except ValueError as exc:
        raise WorkspaceError(str(exc)) from None
