"""A review-bench case (EverBot's MEMORY.md and its labels) written as another agent's workspace,
in that agent's exact format, each memory's text kept, and the labels' ids mapped to the rows
MemDesk shows for them (tests/benchmarks/review_quality.py --layout).

- hermes: a Hermes home; the person's preferences and the people in USER.md, the rest in
  MEMORY.md, each file's entries in the order the agent appended them (oldest first), joined by
  the agent's `\\n§\\n`, no trailing newline, mode 0600. Hermes keeps no dates, scores or hits.
- claude-code: a project folder `projects/<folder>/`; one topic file per memory in the agent's
  template (name, description, metadata.type), dated (mtime) when it was last touched as the
  agent dates them, and a MEMORY.md index line per topic file. No scores or hits.
- codex: a memory root; the person's preferences and the people as bullets of
  memory_summary.md (v1), the rest as bullets of the MEMORY.md handbook, and what was touched in
  the last week before "now" (or does not fit on one line) as ad-hoc notes not yet consolidated,
  named by their time. Only the notes have dates; no scores or hits.
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any, Final

from core.agent import Row
from core.agents.claude_code.format import new_topic
from core.agents.claude_code.index import folder_name
from core.agents.hermes.format import DELIMITER
from core.registry import agent_named, resolve

LAYOUTS: Final = ("everbot", "hermes", "claude-code", "codex")
AGENT_OF: Final = {
    "everbot": "everbot",
    "hermes": "hermes",
    "claude-code": "claude_code",
    "codex": "codex",
}
_ABOUT_THE_USER: Final = ("preference", "person")
_CLAUDE_TYPE: Final = {
    "preference": "feedback",
    "workflow": "feedback",
    "person": "user",
    "fact": "user",
    "core": "user",
    "project": "project",
    "todo": "project",
    "episode": "project",
}
_LAST_UPDATED: Final = re.compile(r"<!--\s*Last updated:\s*(\d{4}-\d{2}-\d{2})")

Place = tuple[str, str]  # (workspace-relative file, row key): a row as MemDesk shows it


@dataclass(frozen=True, slots=True)
class BenchMemory:
    id: str  # the label's id
    category: str
    day: date  # last activated
    text: str
    position: int  # in the case's MEMORY.md


@dataclass(frozen=True, slots=True)
class Converted:
    """A case written for `layout`: the folder a person points MemDesk at (`home`), the
    workspace MemDesk opens for it, and each row's bench id."""

    layout: str
    home: Path
    workspace: Path
    now: date  # the case's "now": its Last updated day
    bench_id: dict[Place, str]  # by the row's key and by its id


def now_of(case: Path) -> date:
    found = _LAST_UPDATED.search((case / "MEMORY.md").read_text(encoding="utf-8"))
    assert found is not None, f"{case}: no Last updated line"
    return date.fromisoformat(found.group(1))


def bench_memories(case: Path) -> list[BenchMemory]:
    """The case's memories as MemDesk reads its EverBot file."""
    rows = agent_named("everbot").rows(case)
    return [
        BenchMemory(
            r.id,
            str(r.fields["category"]),
            date.fromisoformat(str(r.fields["last_activated"])[:10]),
            str(r.fields["content"]),
            n,
        )
        for n, r in enumerate(rows)
    ]


def convert(case: Path, target: Path, layout: str) -> Converted:
    """Write `case` into the new folder `target` as `layout`'s workspace."""
    now = now_of(case)
    memories = bench_memories(case)
    if layout == "everbot":
        target.mkdir(parents=True)
        (target / "MEMORY.md").write_bytes((case / "MEMORY.md").read_bytes())
        placed = {m.id: ("MEMORY.md", m.text) for m in memories}
    elif layout == "hermes":
        placed = _hermes(target, memories)
    elif layout == "claude-code":
        placed = _claude_code(target, memories, case.name)
    elif layout == "codex":
        placed = _codex(target, memories, now)
    else:
        raise ValueError(f"no layout {layout!r} (one of {', '.join(LAYOUTS)})")
    agent, workspace = resolve(target, agent=AGENT_OF[layout])
    files = {m: os.path.realpath(target / rel) for m, (rel, _text) in placed.items()}
    where = {m: (files[m], text) for m, (_rel, text) in placed.items()}
    return Converted(layout, target, workspace, now, _mapped(where, agent.rows(workspace)))


def _mapped(placed: dict[str, tuple[str, str]], rows: list[Row]) -> dict[Place, str]:
    """Each bench memory's row, found by its file and its text (identical texts in file order)."""
    free: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for r in rows:
        free[(os.path.realpath(r.fields["file"]), str(r.fields["content"]).strip())].append(r)
    out: dict[Place, str] = {}
    for bench_id, (file, text) in placed.items():
        found = free[(file, text.strip())]
        assert found, f"memory {bench_id} ({file}) is not among the rows MemDesk shows"
        row = found.pop(0)
        out[(row.file, row.id)] = out[(row.file, row.key or row.id)] = bench_id
    return out


def _appended(memories: list[BenchMemory]) -> list[BenchMemory]:
    """In the order an agent that appends would have written them: oldest first."""
    return sorted(memories, key=lambda m: (m.day, m.position))


def _hermes(target: Path, memories: list[BenchMemory]) -> tuple[Path, dict[str, tuple[str, str]]]:
    placed: dict[str, tuple[str, str]] = {}
    files: dict[str, list[str]] = {"memories/MEMORY.md": [], "memories/USER.md": []}
    for m in _appended(memories):
        rel = "memories/USER.md" if m.category in _ABOUT_THE_USER else "memories/MEMORY.md"
        text = m.text.strip()
        files[rel].append(text)
        placed[m.id] = (rel, text)
    for rel, texts in files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(DELIMITER.join(texts).encode("utf-8"))
        path.chmod(0o600)
    return placed


def _claude_code(
    target: Path, memories: list[BenchMemory], case: str
) -> dict[str, tuple[str, str]]:
    project = f"/home/bench/{case}"
    home = f"projects/{folder_name(project)}"
    root = target / home
    placed: dict[str, tuple[str, str]] = {}
    index = ["# Memory index", ""]
    for m in _appended(memories):
        kind = _CLAUDE_TYPE[m.category]
        stem = f"{kind}_{m.id}"
        hook = _one_line(m.text, 80)
        topic = new_topic(stem.replace("_", "-"), _yaml_text(hook), kind, m.text)
        rel = f"memory/{stem}.md"
        _dated(root / rel, topic.front + topic.body, m.day)
        placed[m.id] = (f"{home}/{rel}", topic.content)
        index.append(f"- [{_one_line(m.text, 40)}]({stem}.md) — {hook}")
    _dated(root / "memory/MEMORY.md", "\n".join(index) + "\n", max(m.day for m in memories))
    session = {"type": "user", "cwd": project, "sessionId": "bench", "message": {"role": "user"}}
    _dated(root / "0b1e7c2a-bench.jsonl", json.dumps(session) + "\n", memories[0].day)
    return placed


def _codex(target: Path, memories: list[BenchMemory], now: date) -> dict[str, tuple[str, str]]:
    root = target / "memories"
    placed: dict[str, tuple[str, str]] = {}
    summary: dict[str, list[str]] = {"## User Profile": [], "## User preferences": []}
    handbook: list[str] = []
    notes = root / "extensions/ad_hoc/notes"
    notes.mkdir(parents=True)
    recent = now - timedelta(days=7)
    for n, m in enumerate(_appended(memories)):
        text = m.text.strip()
        if m.day > recent or "\n" in text:
            at = datetime.combine(m.day, time(9, 0)) + timedelta(minutes=n)
            name = f"{at:%Y-%m-%dT%H-%M-%S}-{m.category}-{m.id}.md"
            (notes / name).write_bytes((text + "\n").encode("utf-8"))
            placed[m.id] = (f"memories/extensions/ad_hoc/notes/{name}", text)
        elif m.category in _ABOUT_THE_USER:
            heading = "## User preferences" if m.category == "preference" else "## User Profile"
            summary[heading].append(f"- {text}")
            placed[m.id] = ("memories/memory_summary.md", text)
        else:
            handbook.append(f"- {text}")
            placed[m.id] = ("memories/MEMORY.md", text)
    lines = ["v1", ""]
    for heading, bullets in summary.items():
        lines += [heading, "", *bullets, ""]
    (root / "memory_summary.md").write_bytes("\n".join(lines).encode("utf-8"))
    book = ["# Task Group: what the user told Codex", "", "## Reusable knowledge", "", *handbook]
    (root / "MEMORY.md").write_bytes(("\n".join(book) + "\n").encode("utf-8"))
    return placed


def _one_line(text: str, width: int) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


def _yaml_text(text: str) -> str:
    """A YAML scalar: quoted when plain YAML would read it otherwise (a `: ` inside)."""
    plain = ": " not in text and not text.endswith(":") and text[:1] not in "\"'[]{}#&*!|>%@`-?"
    return text if plain else json.dumps(text, ensure_ascii=False)


def _dated(path: Path, text: str, day: date) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    stamp = datetime.combine(day, time(9, 0), tzinfo=UTC).timestamp()
    os.utime(path, (stamp, stamp))


def as_bench(proposal: dict[str, Any], converted: Converted, case: str) -> dict[str, Any] | None:
    """A `memdesk review --json` proposal in the bench's ids (None: about no bench memory)."""
    ids = converted.bench_id
    subject = ids.get((proposal["file"], proposal["memory_id"]))
    if subject is None:
        return None
    related = [ids.get((r["file"], r["id"])) for r in proposal["related_memories"]]
    return {
        "case": case,
        "memory_id": subject,
        "decision": proposal["decision"],
        "trigger": proposal["trigger"],
        "related": [r for r in related if r is not None],
        "reasons": proposal["reasons"],
    }
