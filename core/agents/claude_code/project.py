"""Which project a `~/.claude/projects/<folder>/` is: the folder name cannot be turned back
into the path (every character but ASCII letters and digits became '-'), so the path is read
from the `cwd` the agent records in the project's session transcripts (spec/claude-code.md 1.2).
"""

from __future__ import annotations

import json
from pathlib import Path

from core.agents.claude_code.index import folder_name
from core.store.files import list_folder, read_head

_HEAD = 64 * 1024  # the first records of a transcript hold the session's cwd


def project_path(root: Path) -> str | None:
    """The project's path as a transcript records it, when it gives this folder's name (a path
    of another project that shares the folder is not taken); None when none says."""
    transcripts = sorted(p for p in list_folder(root) if p.suffix == ".jsonl" and p.is_file())
    for transcript in transcripts[:20]:
        head = read_head(transcript, _HEAD) or b""
        for line in head.splitlines()[:50]:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            cwd = record.get("cwd") if isinstance(record, dict) else None
            if isinstance(cwd, str) and folder_name(cwd) == root.name:
                return cwd
    return None


def project_label(root: Path) -> str:
    """How messages name the project: its path, or why it is not known."""
    path = project_path(root)
    if path is not None:
        return path
    return f"{root.name} (the project's path cannot be recovered from the folder name)"
