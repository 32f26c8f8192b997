"""What `memdesk check` warns of in a Claude Code project (spec/claude-code.md 2, 3.1): index
lines the agent will not load, index lines to files that are not there, topic files no index
line points at, topic files past the 4 KB recall reads."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from core.agents.claude_code.index import load_index, parse_index
from core.agents.claude_code.workspace import INDEX_FILE, MEMORY, topic_files
from core.formats.problems import Problem
from core.store.files import read_or_none

RECALL_BYTES = 4096  # recall shows only the first 4 KB of a topic file [B:n1e]


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
                    f"line {line.line} is past what "
                    "Claude Code loads at session start (200 lines / 25,000 "
                    "characters): the agent never sees it",
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
                    f"line {line.line} points at {target}, which is not in the memory folder",
                )
            )
    for rel in sorted(topics - pointed):
        out.append(
            _warn(
                str(root / rel),
                1,
                "not_indexed",
                f"{rel}: no line of MEMORY.md points at it; the agent finds it only by searching",
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
                    f"{rel}: {size} bytes; recall shows the agent only the first 4 KB",
                )
            )
    return out


def _warn(path: str, line: int, kind: str, message: str) -> Problem:
    return Problem(path, line, line, kind, message, severity="warning")
