"""Pomeloclaw / Pomelobot's memory scopes (SPEC 2.4, spec/pomeloclaw.md): which files each scope
holds, and where the agent writes them.

Layout, relative to the workspace, as Pomeloclaw writes it today (every scope, main included)::

    memory/scopes/<scope>/MEMORY.md               long-term memory
    memory/scopes/<scope>/YYYY-MM-DD.md           daily memory
    memory/scopes/<scope>/HEARTBEAT.md            corrections and lessons (`## [HH:MM:SS] category`)
    memory/scopes/<scope>/transcripts/DATE.md     session transcripts (read-only here)

Files of the older Pomelobot layout stay readable and editable, marked legacy with what the agent
does with them today (it never moved them, spec/pomeloclaw.md 1.3): root `MEMORY.md` and
`memory/YYYY-MM-DD.md` (main), and `memory/scopes/<scope>/LONG_TERM.md`. A workspace without
`memory/scopes/` is simply the older layout: its root `MEMORY.md` and `memory/YYYY-MM-DD.md` are
legacy files of the main scope, like any other. Other files in `memory/` are listed, never read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Literal

from core.formats.dated import day_of
from core.messages import N_, say
from core.store.confine import ConfinementError
from core.store.files import list_folder

MAIN = "main"
SCOPE_NAME_RE = re.compile(r"[a-z0-9_-]+")
LONG_TERM_NAMES = ("MEMORY.md", "LONG_TERM.md")  # in a scope folder; MEMORY.md is the newer name
ROOT_LONG_TERM = "MEMORY.md"  # the older layout's main long-term file, at the workspace root

FileKind = Literal["long_term", "daily", "heartbeat", "transcript"]
HEARTBEAT_NAME = "HEARTBEAT.md"


class AccessError(ConfinementError, ValueError):
    """A read MemDesk refuses: outside the scope, or not a memory file (a ConfinementError,
    like the refusals of a path that leads outside the workspace)."""


@dataclass(frozen=True, slots=True)
class ScopeFile:
    """One memory file of a scope; `path` is relative to the workspace, with '/'."""

    path: str
    kind: FileKind
    date: str | None = None
    # A file of the older Pomelobot layout: what the agent does with it today (None if current).
    legacy: str | None = None

    @property
    def read_only(self) -> bool:
        return self.kind == "transcript"


@dataclass(frozen=True, slots=True)
class Scope:
    """A memory scope: its files, and whatever else lies in its folders (listed, never touched)."""

    name: str
    files: tuple[ScopeFile, ...]
    other_files: tuple[str, ...] = ()  # workspace-relative; folders end with '/'

    def of_kind(self, kind: FileKind) -> list[ScopeFile]:
        return [f for f in self.files if f.kind == kind]


def list_scopes(workspace: Path) -> list[Scope]:
    """`main` first, then every `memory/scopes/<scope>/` by name.

    Symlinks are never followed (the agent's own walk skips them too): they are listed as other
    files, as is anything in `memory/` or `memory/scopes/` that is no memory file or scope.
    """
    files, other = _main_files(workspace)
    scopes: list[Scope] = []
    scopes_dir = workspace / "memory" / "scopes"
    if scopes_dir.is_symlink():
        other.append("memory/scopes")
    elif _real_dir(scopes_dir):
        for child in sorted(list_folder(scopes_dir), key=lambda p: p.name):
            rel = f"memory/scopes/{child.name}"
            if not (_real_dir(child) and SCOPE_NAME_RE.fullmatch(child.name)):
                other.append(rel + ("/" if child.is_dir() else ""))
                continue
            found, extra = _scope_folder(child, rel)
            if child.name == MAIN:
                files += found
                other += extra
            else:
                scopes.append(Scope(child.name, _ordered(_marked(found)), tuple(sorted(extra))))
    return [Scope(MAIN, _ordered(_marked(files)), tuple(sorted(other))), *scopes]


_KIND_ORDER: dict[FileKind, int] = {"long_term": 0, "daily": 1, "heartbeat": 2, "transcript": 3}


def _ordered(files: list[ScopeFile]) -> tuple[ScopeFile, ...]:
    """Long-term memory first, then daily files, the heartbeat and transcripts, each by name (so
    by date), the current file of a kind before legacy ones."""
    return tuple(sorted(files, key=lambda f: (_KIND_ORDER[f.kind], f.legacy is not None, f.path)))


def _marked(files: list[ScopeFile]) -> list[ScopeFile]:
    """The files, those of the older Pomelobot layout marked with what the agent does with them."""
    injected = injected_long_term(files)
    return [replace(f, legacy=_legacy_note(f, injected)) for f in files]


def injected_long_term(files: Iterable[ScopeFile]) -> str | None:
    """The long-term file of a scope the agent injects at session start: its folder's MEMORY.md,
    else its LONG_TERM.md, else (main) root MEMORY.md; None when it has none."""
    found = [f.path for f in files if f.kind == "long_term"]
    return min(found, key=_injection_rank, default=None)


def _injection_rank(path: str) -> int:
    if "/" not in path:
        return 2
    return 1 if path.endswith("/LONG_TERM.md") else 0


def superseded(scope: Scope) -> list[tuple[ScopeFile, str]]:
    """The scope's long-term files of the older layout the agent no longer injects at session
    start, each with the newer file it injects instead."""
    injected = injected_long_term(scope.files)
    return [
        (f, injected)
        for f in scope.of_kind("long_term")
        if f.legacy is not None and injected is not None and f.path != injected
    ]


def _legacy_note(file: ScopeFile, injected: str | None) -> str | None:
    parts = file.path.split("/")
    instead = injected if injected != file.path else None
    if len(parts) == 1:
        return _long_term_note(long_term_path(MAIN), instead, indexed=False)
    if len(parts) == 2:
        return say(
            "A daily file of the older layout (the agent now writes memory/scopes/main/): "
            "indexed for memory_search in scope main, but memory_get refuses it and it is "
            "never injected at session start."
        )
    if len(parts) == 4 and parts[-1] == "LONG_TERM.md":
        return _long_term_note(f"{'/'.join(parts[:3])}/MEMORY.md", instead)
    return None


def _long_term_note(new: str, instead: str | None, *, indexed: bool = True) -> str:
    if instead is None:
        now = N_("it does not yet")
    elif instead == new:
        now = N_("it does: this file is no longer injected")
    else:
        now = say("{file} is injected instead: this file is no longer injected", file=instead)
    if indexed:
        return say(
            "Long-term memory of the older layout: the agent injects it at session start only "
            "while {new} does not exist ({now}); its next long-term save creates {new}.",
            new=new,
            now=now,
        )
    return say(
        "Long-term memory of the older layout: the agent injects it at session start only "
        "while {new} does not exist ({now}); its next long-term save creates {new}. It is no "
        "longer indexed: memory_search does not find it and memory_get refuses it.",
        new=new,
        now=now,
    )


def find_scope(workspace: Path, name: str) -> Scope:
    check_scope_name(name)
    for scope in list_scopes(workspace):
        if scope.name == name:
            return scope
    raise ValueError(say("{path}: no memory scope '{name}'", path=workspace, name=name))


def check_scope_name(name: str) -> None:
    if not SCOPE_NAME_RE.fullmatch(name):
        raise AccessError(
            say("'{name}' is not a scope name (letters a-z, digits, '_' and '-' only)", name=name)
        )


def _real_dir(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _real_file(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


def _main_files(workspace: Path) -> tuple[list[ScopeFile], list[str]]:
    names = _names_in(workspace)
    # The agent reads its MEMORY.md whatever it is: one MemDesk cannot read (a folder, a FIFO, a
    # link out) is listed all the same, so that reading it reports why.
    files = [ScopeFile(ROOT_LONG_TERM, "long_term")] if ROOT_LONG_TERM in names else []
    other: list[str] = []
    memory = workspace / "memory"
    if not _real_dir(memory):
        return files, other
    for child in sorted(list_folder(memory), key=lambda p: p.name):
        if child.name == "scopes" and child.is_dir():
            continue  # scopes are listed on their own
        day = day_of(child.name) if _real_file(child) else None
        if day is not None:
            files.append(ScopeFile(f"memory/{child.name}", "daily", day))
        else:
            other.append(f"memory/{child.name}" + ("/" if child.is_dir() else ""))
    return files, other


def _names_in(folder: Path) -> set[str]:
    """Names as stored (on a case-insensitive disk, a memory.md is no MEMORY.md)."""
    return {p.name for p in list_folder(folder)}


def _scope_folder(folder: Path, rel: str) -> tuple[list[ScopeFile], list[str]]:
    files: list[ScopeFile] = []
    other: list[str] = []
    for child in sorted(list_folder(folder), key=lambda p: p.name):
        path = f"{rel}/{child.name}"
        day = day_of(child.name)
        # The agent reads these whatever they are (as root MEMORY.md): listed all the same, so
        # that reading one MemDesk cannot read reports why.
        if child.name in LONG_TERM_NAMES:
            files.append(ScopeFile(path, "long_term"))
        elif child.name == HEARTBEAT_NAME:
            files.append(ScopeFile(path, "heartbeat"))
        elif _real_file(child) and day is not None:
            files.append(ScopeFile(path, "daily", day))
        elif _real_dir(child) and child.name == "transcripts":
            found, extra = _transcripts(child, path)
            files += found
            other += extra
        else:
            other.append(path + ("/" if child.is_dir() else ""))
    return files, other


def _transcripts(folder: Path, rel: str) -> tuple[list[ScopeFile], list[str]]:
    files: list[ScopeFile] = []
    other: list[str] = []
    for child in sorted(list_folder(folder), key=lambda p: p.name):
        day = day_of(child.name)
        path = f"{rel}/{child.name}"
        if _real_file(child) and day is not None:
            files.append(ScopeFile(path, "transcript", day))
        else:
            other.append(path + ("/" if child.is_dir() else ""))
    return files, other


def daily_path(scope: str, day: date | str) -> str:
    """Where the agent writes a scope's daily memory for `day` (workspace-relative)."""
    return f"{scope_folder(scope)}/{day_text(day)}.md"


def long_term_path(scope: str) -> str:
    """Where the agent writes a scope's long-term memory."""
    return f"{scope_folder(scope)}/MEMORY.md"


def heartbeat_path(scope: str) -> str:
    return f"{scope_folder(scope)}/{HEARTBEAT_NAME}"


def transcript_path(scope: str, day: date | str) -> str:
    return f"{scope_folder(scope)}/transcripts/{day_text(day)}.md"


def scope_folder(scope: str) -> str:
    check_scope_name(scope)
    return f"memory/scopes/{scope}"


def day_text(day: date | str) -> str:
    text = day.isoformat() if isinstance(day, date) else day
    if day_of(f"{text}.md") is None:
        raise ValueError(f"'{text}' is not a date as YYYY-MM-DD")
    return text


def editable_file(rel: str) -> ScopeFile | None:
    """The scope file MemDesk edits at `rel` (workspace-relative), there or not, as
    `list_scopes` names it; None for any other path (a transcript is read-only)."""
    parts = rel.split("/")
    if rel == ROOT_LONG_TERM:
        return ScopeFile(rel, "long_term")
    if len(parts) == 2 and parts[0] == "memory":
        day = day_of(parts[1])
        return None if day is None else ScopeFile(rel, "daily", day)
    if len(parts) != 4 or parts[:2] != ["memory", "scopes"]:
        return None
    if not SCOPE_NAME_RE.fullmatch(parts[2]):
        return None
    name = parts[3]
    if name in LONG_TERM_NAMES:
        return ScopeFile(rel, "long_term")
    if name == HEARTBEAT_NAME:
        return ScopeFile(rel, "heartbeat")
    day = day_of(name)
    return None if day is None else ScopeFile(rel, "daily", day)
