"""Which project a `~/.claude/projects/<folder>/` is: the folder name cannot be turned back
into the path (every character but ASCII letters and digits became '-'), so the path is read
from the `cwd` the agent records in the project's session transcripts (spec/claude-code.md 1.2).
"""

from __future__ import annotations

import json
from pathlib import Path

from core.agents.claude_code.index import folder_name
from core.messages import say
from core.store.files import list_folder, read_head

_HEAD = 64 * 1024  # the first records of a transcript hold the session's cwd


def project_path(root: Path) -> str | None:
    """The project's path as a transcript records it, when it gives this folder's name (a path
    of another project that shares the folder is not taken); None when none says."""
    found = project_paths(root)
    return found[0] if found else None


def project_paths(root: Path) -> list[str]:
    """Every project path the transcripts record that gives this folder's name: more than one
    when projects whose paths differ only in other characters share the folder (a-b, a_b)."""
    transcripts = sorted(p for p in list_folder(root) if p.suffix == ".jsonl" and p.is_file())
    found: list[str] = []
    for transcript in transcripts[:20]:
        head = read_head(transcript, _HEAD) or b""
        for line in head.splitlines()[:50]:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            cwd = record.get("cwd") if isinstance(record, dict) else None
            if isinstance(cwd, str) and folder_name(cwd) == root.name and cwd not in found:
                found.append(cwd)
    return found


def project_label(root: Path) -> str:
    """How messages name the project: its path, or why it is not known."""
    path = project_path(root)
    if path is not None:
        return path
    return say(
        "{folder} (the project's path cannot be recovered from the folder name)", folder=root.name
    )
