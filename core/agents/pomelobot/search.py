"""Searching a Pomelobot scope's memory files for a keyword, line by line."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from core.agents.pomelobot.access import read_memory_file
from core.agents.pomelobot.scopes import FileKind, Scope, ScopeFile, find_scope
from core.formats.text import BOM


@dataclass(frozen=True, slots=True)
class Hit:
    file: str  # workspace-relative
    line: int  # 1-based, lines split on "\n" as the agent splits them
    text: str  # the whole line, without its line end
    kind: FileKind = "daily"
    read_only: bool = False  # transcripts
    legacy: bool = False  # a file of the older layout (see ScopeFile.legacy)


def search_scope(workspace: Path, scope: str | Scope, keyword: str) -> list[Hit]:
    """Every line of the scope's memory files holding `keyword`, ignoring case, file by file.

    Transcripts are searched too and their hits marked read-only. A blank keyword finds nothing.
    Undecodable bytes are read as U+FFFD here (search only reads; edits refuse such files).
    """
    found = scope if isinstance(scope, Scope) else find_scope(workspace, scope)
    if not keyword.strip():
        return []
    needle = keyword.casefold()
    return [hit for f in found.files for hit in _search_file(workspace, found.name, f, needle)]


def _search_file(workspace: Path, scope: str, file: ScopeFile, needle: str) -> Iterable[Hit]:
    data = read_memory_file(workspace, file.path, scope=scope)
    text = data.decode("utf-8", errors="replace")
    for number, line in enumerate(text.removeprefix(BOM).split("\n"), start=1):
        if needle in line.casefold():
            hit = line.rstrip("\r")
            yield Hit(file.path, number, hit, file.kind, file.read_only, file.legacy is not None)
