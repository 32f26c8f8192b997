"""What Pomelobot's memory_get may read, and how: a scope's files, main's shared ones, and
`path:line` references.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from core.agents.pomelobot.scopes import (
    HEARTBEAT_NAME,
    MAIN,
    ROOT_LONG_TERM,
    AccessError,
    check_scope_name,
)
from core.formats.dated import day_of
from core.formats.text import decode
from core.messages import say
from core.store.files import open_confined

DEFAULT_GET_LINES = 40
MAX_GET_LINES = 300
_REF_RE = re.compile(r"(?P<path>.+?)(?::(?P<line>\d+)(?:-\d+)?|#L(?P<hash_line>\d+)(?:-L?\d+)?)?")

_SHARED_MAIN_RE = re.compile(r"\d{4}-\d{2}-\d{2}\.md", re.ASCII)  # main's daily files


def memory_get(
    workspace: Path,
    rel_path: str,
    from_line: int = 1,
    lines: int = DEFAULT_GET_LINES,
    *,
    scope: str = MAIN,
    shared_main_scope_reads: bool = True,
) -> str:
    """Lines `from_line`.. of a memory file, as the agent's memory_get returns them.

    `from_line` is 1-based (below 1 reads from 1); `lines` is clamped to 1..300. Lines are split
    on `\\n` as the agent splits them, so numbers agree with index chunks and search hits. A
    start beyond the end gives "". Refuses (ConfinementError) paths the agent refuses (see
    `read_memory_file`) and paths outside the workspace or the scope, by name or through a
    symlink; a file that is not UTF-8 text raises InputError.
    """
    data = read_memory_file(
        workspace,
        rel_path,
        scope=scope,
        shared_main_scope_reads=shared_main_scope_reads,
        legacy=False,
    )
    text = decode(data, rel_path).text
    start = max(1, from_line) - 1
    count = min(max(1, lines), MAX_GET_LINES)
    return "\n".join(text.split("\n")[start : start + count])


def read_memory_file(
    workspace: Path,
    rel_path: str,
    *,
    scope: str = MAIN,
    shared_main_scope_reads: bool = True,
    legacy: bool = True,
) -> bytes:
    """The bytes of a memory file `scope` may read (FileNotFoundError when there is none), read
    where the path leads: inside the workspace and the scope, links followed only inside them.

    The agent's memory_get rules: a scope reads `memory/scopes/<scope>/` (any `.md` file), and
    another scope also main's MEMORY.md, HEARTBEAT.md and YYYY-MM-DD.md when
    `shared_main_scope_reads` (the agent's default). The main scope's files of the older layout,
    root MEMORY.md and memory/YYYY-MM-DD.md, which memory_get refuses, are read only when `legacy`
    (MemDesk reading the scope's files). A FIFO, a device or a file with other names (a hard
    link) is refused too.
    """
    check_scope_name(scope)
    parts = _relative_parts(rel_path)
    access = _Access(scope, shared_main_scope_reads, legacy)
    if not access.allows(parts):
        raise AccessError(
            say(
                "{path}: not a memory file of scope '{scope}' ({allowed})",
                path=rel_path,
                scope=scope,
                allowed=access,
            )
        )
    try:
        with open_confined(workspace, "/".join(parts), shown=rel_path) as file:
            if not access.allows(file.parts):
                target = "/".join(file.parts)
                raise AccessError(
                    say(
                        "{path}: leads to {target_path}, outside scope '{scope}'; refused",
                        path=rel_path,
                        target_path=target,
                        scope=scope,
                    )
                )
            return file.read()
    except FileNotFoundError:
        raise FileNotFoundError(
            say("{path}: no such file in {folder}", path=rel_path, folder=workspace)
        ) from None


def scope_of_path(rel_path: str) -> str:
    """The scope whose memory file `rel_path` would be (main unless under memory/scopes/X/)."""
    parts = _relative_parts(rel_path)
    return parts[2] if len(parts) > 3 and parts[:2] == ("memory", "scopes") else MAIN


def _relative_parts(rel_path: str) -> tuple[str, ...]:
    path = rel_path.replace("\\", "/")
    if not path.strip() or "\0" in path:
        raise AccessError(say("{path}: not a file path", path=repr(rel_path)))
    if path.startswith("/") or re.match(r"[A-Za-z]:", path):
        raise AccessError(
            say("{path}: absolute paths are refused; give a workspace-relative path", path=rel_path)
        )
    parts = tuple(p for p in path.split("/") if p not in ("", "."))
    if ".." in parts:
        raise AccessError(
            say(
                "{path}: '..' is refused (it leads outside the workspace or the scope)",
                path=rel_path,
            )
        )
    return parts


@dataclass(frozen=True, slots=True)
class _Access:
    """Which workspace-relative paths a scope may read."""

    scope: str
    shared_main: bool
    old_main: bool  # root MEMORY.md and memory/YYYY-MM-DD.md, for the main scope

    def allows(self, parts: tuple[str, ...]) -> bool:
        if not parts or not parts[-1].lower().endswith(".md"):
            return False
        if len(parts) > 3 and parts[:3] == ("memory", "scopes", self.scope):
            return True
        if self.shared_main and self.scope != MAIN and _shared_main_file(parts):
            return True
        if self.old_main and self.scope == MAIN and len(parts) <= 2:
            return parts == (ROOT_LONG_TERM,) or (
                parts[0] == "memory" and day_of(parts[-1]) is not None
            )
        return False

    def __str__(self) -> str:
        allowed = [f"memory/scopes/{self.scope}/"]
        if self.shared_main and self.scope != MAIN:
            allowed.append("main's MEMORY.md, HEARTBEAT.md and YYYY-MM-DD.md")
        if self.old_main and self.scope == MAIN:
            allowed[:0] = ["MEMORY.md", "memory/YYYY-MM-DD.md"]
        return ", ".join(allowed[:-1]) + (" or " if len(allowed) > 1 else "") + allowed[-1]


def _shared_main_file(parts: tuple[str, ...]) -> bool:
    if len(parts) != 4 or parts[:3] != ("memory", "scopes", MAIN):
        return False
    return parts[3] in ("MEMORY.md", HEARTBEAT_NAME) or bool(_SHARED_MAIN_RE.fullmatch(parts[3]))


def parse_ref(ref: str) -> tuple[str, int]:
    """`memory/2026-03-01.md:12` (or `[...]`, `path#L12`, `path:12-20`) → (path, line); line 1 if absent."""
    text = ref.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1].strip()
    m = _REF_RE.fullmatch(text)
    if not text or m is None:
        raise ValueError(
            say("'{ref_text}' is not a reference like memory/2026-03-01.md:12", ref_text=ref)
        )
    line = int(m.group("line") or m.group("hash_line") or 1)
    if line < 1:
        raise ValueError(say("'{ref_text}': lines are counted from 1", ref_text=ref))
    return m.group("path"), line
