"""What `memdesk check` and the window warn of in a Claude Code project (spec/claude-code.md 2,
3.1, 5): index lines the agent will not load, index lines to files that are not there, topic
files no index line points at, topic files past the 4 KB recall reads; and the ways the spec
names to lose a memory: the auto-dream's rewrites, team/ files shared with teammates, topic
files past the 200 the scan keeps, a folder shared by several projects, a folder the agent no
longer reads (autoMemoryDirectory)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from core.agents.claude_code.index import load_index, parse_index
from core.agents.claude_code.workspace import INDEX_FILE, MEMORY, topic_files
from core.formats.problems import Problem
from core.messages import say
from core.store.files import read_or_none

RECALL_BYTES = 4096  # recall shows only the first 4 KB of a topic file [B:n1e]
SCAN_FILES = 200  # the memory scan keeps the newest 200 topic files [B:A_t]


def index_warnings(root: Path) -> list[Problem]:
    data = read_or_none(root / INDEX_FILE, root=root)
    text = "" if data is None else data.decode("utf-8", "replace")
    index = str(root / INDEX_FILE)
    out: list[Problem] = []
    loaded = load_index(text)
    lines = parse_index(text).lines()
    skipped = len(text) - len(text.lstrip())
    first = text[:skipped].count("\n")
    for line in lines:
        if loaded.truncated and line.line - first > loaded.kept_lines:
            out.append(
                _warn(
                    index,
                    line.line,
                    "not_loaded",
                    say(
                        "line {line} is past what "
                        "Claude Code loads at session start (200 lines / 25,000 "
                        "characters): the agent never sees it",
                        line=line.line,
                    ),
                )
            )
    topics = set(topic_files(root))
    pointed = set()
    for line in lines:
        target = line.target
        if target is None or "://" in target:
            continue
        rel = (PurePosixPath(MEMORY) / target).as_posix()
        pointed.add(rel)
        if rel not in topics:
            out.append(
                _warn(
                    index,
                    line.line,
                    "missing_file",
                    say(
                        "line {line} points at {file}, which is not in the memory folder",
                        line=line.line,
                        file=target,
                    ),
                )
            )
    for rel in sorted(topics - pointed):
        out.append(
            _warn(
                str(root / rel),
                1,
                "not_indexed",
                say(
                    "{file}: no line of MEMORY.md points at it; the agent finds it only by "
                    "searching",
                    file=rel,
                ),
            )
        )
    for rel in sorted(topics):
        size = (root / rel).stat().st_size
        if size > RECALL_BYTES:
            out.append(
                _warn(
                    str(root / rel),
                    1,
                    "too_long",
                    say(
                        "{file}: {size} bytes; recall shows the agent only the first 4 KB",
                        file=rel,
                        size=size,
                    ),
                )
            )
    return out


def loss_warnings(root: Path) -> list[Problem]:
    """Where a memory of this folder can be lost or not reach the agent, though no file is wrong."""
    from datetime import UTC, datetime

    from core.agents.claude_code.discover import configured_memory
    from core.agents.claude_code.project import project_paths
    from core.agents.claude_code.workspace import LOCK

    index, out = str(root / INDEX_FILE), []
    lock = root / LOCK
    if lock.is_file():
        when = datetime.fromtimestamp(lock.stat().st_mtime, UTC).strftime("%Y-%m-%d %H:%M UTC")
        out.append(
            _warn(
                index,
                1,
                "auto_dream",
                say(
                    "Claude Code's auto-dream last rewrote this memory "
                    "on {when}; its next run may merge, rewrite or delete memories, edits made "
                    "here included (MemDesk keeps a backup of every file it writes)",
                    when=when,
                ),
            )
        )
    paths = project_paths(root)
    if len(paths) > 1:
        out.append(
            _warn(
                index,
                1,
                "shared_folder",
                say(
                    "projects {path} share this memory "
                    "folder (their paths give one folder name): each one's sessions load the "
                    "others' memories, and an edit here reaches all of them",
                    path=", ".join(paths),
                ),
            )
        )
    home = root.parent.parent
    configured = configured_memory(home) if root.parent.name == "projects" else None
    if configured is not None and configured.resolve() != (root / MEMORY).resolve():
        out.append(
            _warn(
                index,
                1,
                "not_read",
                say(
                    "{path}/settings sets autoMemoryDirectory to "
                    "{folder}: Claude Code reads and writes memory there, not in this folder",
                    path=home,
                    folder=configured,
                ),
            )
        )
    topics = topic_files(root)
    for rel in topics:
        if PurePosixPath(rel).parts[1] == "team":
            out.append(
                _warn(
                    str(root / rel),
                    1,
                    "shared_with_team",
                    say(
                        "{file}: team memory, synced to "
                        "your teammates' sessions: an edit or delete here reaches theirs too",
                        file=rel,
                    ),
                )
            )
    newest = sorted(topics, key=lambda rel: _mtime(root / rel), reverse=True)
    for rel in sorted(newest[SCAN_FILES:]):
        out.append(
            _warn(
                str(root / rel),
                1,
                "not_recalled",
                say(
                    "{file}: older than the {count} "
                    "newest topic files, the only ones Claude Code's memory scan lists: recall "
                    "never finds it",
                    file=rel,
                    count=SCAN_FILES,
                ),
            )
        )
    return out


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # gone since the folder was listed
        return 0.0


def _warn(path: str, line: int, kind: str, message: str) -> Problem:
    return Problem(path, line, line, kind, message, severity="warning")
