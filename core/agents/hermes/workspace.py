"""An open Hermes home (HERMES_HOME, `~/.hermes`): the default profile's and every named
profile's MEMORY.md and USER.md (spec/hermes.md 1). Edits live here until saved; each save takes
the agent's own lock (`<file>.lock`, flock) and replaces the file by a temp file and a rename,
keeping its mode."""

from __future__ import annotations

import contextlib
import re
import stat
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from core.agents.hermes.config import LIMITS, ConfigShapeError, char_limits, config_of
from core.agents.hermes.format import Entry, MemoryFile, MemoryFileFormat, checked_text
from core.formats.text import InputError
from core.formats.whole_text import WholeTextFormat
from core.messages import say
from core.ops import ChangeSet
from core.ops.entries import add_entry
from core.store.backups_view import BackupFile
from core.store.commit import Target
from core.store.document import Document
from core.store.documents import AnyDocument, DocumentSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import list_folder

if TYPE_CHECKING:
    from core.agent import AnyAgent

FILES = ("MEMORY.md", "USER.md")
TARGETS = {"MEMORY.md": "memory", "USER.md": "user"}
_PROFILE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")

MemoryDocument = Document[MemoryFile, Entry]


@dataclass(frozen=True, slots=True)
class MemoryFileRef:
    profile: str  # "default" for HERMES_HOME itself
    rel: str  # workspace-relative, "/" separated

    @property
    def name(self) -> str:
        return self.rel.rsplit("/", 1)[-1]

    @property
    def home(self) -> str:
        """The profile's home relative to the Hermes home ("" for the default profile)."""
        return _home_of(self.profile)

    @property
    def section(self) -> str:
        """How `list` names it: MEMORY.md, or work:USER.md for profile work's."""
        return self.name if self.profile == "default" else f"{self.profile}:{self.name}"


def char_limit(root: Path, ref: MemoryFileRef) -> int:
    """The characters the agent allows the file, as its profile's config.yaml sets them
    (`config.char_limits`); the agent's defaults when MemDesk cannot read that file."""
    try:
        return char_limits(config_of(root, ref.home))[ref.name]
    except ConfigShapeError:
        return LIMITS[ref.name]


def drift_backups(root: Path, ref: MemoryFileRef, fmt: MemoryFileFormat) -> list[BackupFile]:
    """The copies the agent's drift guard made of the file (`MEMORY.md.bak.<seconds>`, beside
    it, never deleted by the agent), timed by their names."""
    live = root / ref.rel
    stamp = re.compile(rf"{re.escape(ref.name)}\.bak\.(\d{{1,12}})")
    found = []
    with contextlib.suppress(WorkspaceError):
        for path in list_folder(live.parent):
            named = stamp.fullmatch(path.name)
            with contextlib.suppress(OSError):
                st = path.lstat()
                if named and stat.S_ISREG(st.st_mode):
                    at = datetime.fromtimestamp(int(named.group(1)), UTC)
                    rel = path.relative_to(root).as_posix()
                    found.append(
                        BackupFile(path, rel, ref.rel, at, "name", "agent", st.st_size, fmt, root)
                    )
    return found


def profile_home(root: Path, profile: str | None) -> str:
    """The home of `profile` relative to the Hermes home ("" for the default profile or None);
    WorkspaceError naming the profiles when there is no such profile."""
    known = [name for name, _ in profiles(root)]
    if (profile or "default") not in known:
        raise WorkspaceError(
            say(
                "{path}: no Hermes profile '{profile}' (profiles: {profiles})",
                path=root,
                profile=profile,
                profiles=", ".join(known),
            ),
            exit_code=EXIT_REFUSED,
        )
    return _home_of(profile or "default")


def _home_of(profile: str) -> str:
    return "" if profile == "default" else f"profiles/{profile}/"


def profiles(root: Path) -> list[tuple[str, str]]:
    """(profile, its memories folder relative to the home): default first, then named ones."""
    found = [("default", "memories")]
    folder = root / "profiles"
    if folder.is_dir():
        for p in sorted(list_folder(folder)):
            if _PROFILE.match(p.name) and p.is_dir() and not p.is_symlink():
                found.append((p.name, f"profiles/{p.name}/memories"))
    return found


def _is_record(rel: str, home: str) -> bool:
    """A staged write's record in `home` (`pending/memory/<id>.json`)."""
    name = rel.removeprefix(f"{home}pending/memory/")
    return name != rel and "/" not in name and name.endswith(".json")


def memory_files(root: Path) -> list[MemoryFileRef]:
    """Every MEMORY.md and USER.md a profile holds (the default profile's even when absent)."""
    refs = []
    for profile, folder in profiles(root):
        for name in FILES:
            rel = f"{folder}/{name}"
            if profile == "default" or (root / rel).is_file():
                refs.append(MemoryFileRef(profile, rel))
    return refs


class HermesWorkspace(DocumentSet):
    @property
    def agent(self) -> AnyAgent:
        from core.agents.hermes import AGENT

        return AGENT

    def files(self) -> list[MemoryFileRef]:
        return memory_files(self.root)

    def memory_file(self, rel: str) -> MemoryDocument:
        return self.open_document(rel, MemoryFileFormat(rel))

    def text_file(self, rel: str) -> AnyDocument:
        """A file the agent keeps beside its memory, written whole: a staged write's record
        (`pending/memory/<id>.json`), `config.yaml`."""
        return self.open_document(rel, WholeTextFormat(rel))

    def document_at(self, rel: str) -> AnyDocument:
        homes = [folder.removesuffix("memories") for _, folder in profiles(self.root)]
        if any(rel in (f"{home}memories/MEMORY.md", f"{home}memories/USER.md") for home in homes):
            return self.memory_file(rel)
        if any(rel == f"{home}config.yaml" or _is_record(rel, home) for home in homes):
            return self.text_file(rel)
        return super().document_at(rel)

    def target(self, rel: str, *, backups: Path | None = None) -> Target:
        """Written under the agent's own flock on `<file>.lock`, as its memory tool writes; a
        file MemDesk creates is private (0600), as the agent creates its own. The agent takes no
        lock on its other files (a staged write's record, config.yaml)."""
        target = super().target(rel, backups=backups)
        if rel.rsplit("/", 1)[-1] not in FILES:
            return target
        return replace(target, agent_lock=True, new_file_mode=0o600)

    def folders(self) -> list[Path]:
        """Each profile's memories folder, and its folder of staged writes once there is one."""
        homes = [self.root / folder.removesuffix("memories") for _, folder in profiles(self.root)]
        staged = [home / "pending/memory" for home in homes if (home / "pending/memory").is_dir()]
        return [home / "memories" for home in homes] + staged

    def warm_up(self) -> None:
        with contextlib.suppress(InputError, WorkspaceError):  # its page says why
            self.memory_file(self.files()[0].rel)

    def add_entry(self, document: AnyDocument, text: str) -> ChangeSet:
        """`text` appended to `document` as the agent's memory tool appends an entry."""
        return add_entry(document, Entry("", checked_text(text)))
