"""The text `memdesk` prints of what the agents and the journal give back (check, show, where,
context, retrieve, decay, activity), and the JSON of what has no `to_json` of its own. The agents return data
(core.agent); how it reads on a terminal is decided here, once."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from app.cli.output import first_line
from core.agent import CheckReport, Context, DecayReport, Retrieved, Shown, namesakes_line
from core.formats.problems import Problem
from core.ops.activity import ActivityItem
from core.ops.undo import describe
from core.ops.where import Where
from core.store.journal import FIRST_MEMORIES
from core.times import shown_time

CHECK_SHOWN = 20  # problems of one kind `check` prints before it only counts the rest
CONTEXT_UNSEEN_SHOWN = 20  # memories the model does not see that `context` names
DECAY_SHOWN = 50  # score changes, and proposals, `decay` names before it counts the rest
SCORED_METADATA = ("created_at", "source", "verified", "expires_at", "source_session")


def problem_json(problem: Problem) -> dict[str, Any]:
    """A problem or warning, as `memdesk check --json` reports it (a plain dict: a file can
    have a million warnings)."""
    return {
        "file": problem.file,
        "line": problem.line,
        "kind": problem.kind,
        "message": problem.message,
    }


def check_json(report: CheckReport) -> dict[str, Any]:
    return {
        "agent": report.agent,
        "layout": report.agent,
        "entries": report.entries,
        "sources": [asdict(s) for s in report.sources],
        "problems": [problem_json(p) for p in report.problems],
        "warnings": [problem_json(w) for w in report.warnings],
        **report.extra,
    }


def check_lines(report: CheckReport) -> list[str]:
    lines = [report.summary]
    if len(report.sources) > 1:
        lines += [f"  {s.kind:<22} {s.entries:>5}  {s.path}" for s in report.sources]
    lines += [f"  {figure}" for figure in report.figures]
    lines += _findings("problem", report.problems)
    lines += _findings("warning", report.warnings)
    if not report.problems:
        lines.append("  no problems")
    return lines


def _findings(label: str, found: Sequence[Problem]) -> list[str]:
    """One line per problem; past CHECK_SHOWN of one kind, a count (--json lists them all)."""
    lines, shown = [], Counter[str]()
    for p in found:
        shown[p.kind] += 1
        if shown[p.kind] <= CHECK_SHOWN:
            lines.append(f"  {label}  {p.file}:{p.line}: {p.message}")
    for kind, n in shown.items():
        if n > CHECK_SHOWN:
            lines.append(f"  {label}  … and {n - CHECK_SHOWN:,} more {kind} (--json lists all)")
    return lines


def shown_lines(shown: Shown, namesakes: Sequence[str] = ()) -> list[str]:
    """One memory in full; `namesakes` name the other memories with its id."""
    lines = _scored_lines(shown) if shown.scored else _plain_lines(shown)
    if namesakes:  # the person asked for one of several: say which others there are
        lines.insert(1, "  " + namesakes_line(shown.row.id, namesakes))
    return lines


def _plain_lines(shown: Shown) -> list[str]:
    """A memory that keeps no score: a heading, the file, its place, the text."""
    row, f = shown.row, shown.row.fields
    kind = f.get("section") or f.get("category") or ""
    lines = [f"[{row.id}] {kind} | {f.get('last_activated') or ''}"]
    lines.append(f"  file {f.get('file') or row.file}:{row.line}")
    lines += [f"  {shown.place}"] if shown.place else []
    lines += ["", _indented(str(f.get("content", "")))]
    return lines


def _scored_lines(shown: Shown) -> list[str]:
    """A memory with a score: score, hits and metadata, the text, the forecast, the history."""
    m = shown.data
    lines = [
        f"[{m['id']}] {m['category']} | score {m['score']:.4f} | {m['section']}",
        f"  file {m['file']}:{m['line']}, last activated {m['last_activated']}, "
        f"hits {m['activation_count']}",
    ]
    lines += [f"  {key}: {m[key]}" for key in SCORED_METADATA if m.get(key) is not None]
    for key, value in m.get("meta_extra", {}).items():
        lines.append(f"  meta {key}: {json.dumps(value, ensure_ascii=False)}")
    lines += ["", _indented(m["content"]), ""]
    for mark in shown.forecast:
        said = mark.at.isoformat() if mark.at else "never"
        if mark.overdue_days is not None:
            said += f" (overdue: {mark.overdue_days} days ago, decay has not run since)"
        lines.append(f"  {mark.mark.replace('_at', ''):<7} {said}")
    lines.append("  history:")
    for point in m["history"]:
        lines.append(
            f"    {shown_time(point['at'])}  {float(point['score']):.4f}  "
            f"{point['kind']:<8} {point['actor']}"
        )
    return lines


def _indented(content: str) -> str:
    return "  " + content.replace("\n", "\n  ")


def where_lines(found: Where, what: str) -> list[str]:
    subject = f"memory {found.memory}" if found.memory else repr(what)
    if not found.places:
        return [f"{subject}: no other place holds it"]
    return [f"{p.kind:<10} {p.file}:{p.line}  {first_line(p.text, 80)}" for p in found.places]


def context_lines(found: Context, title: str) -> list[str]:
    """Each file the agent injects (how much of it, what the model does not see), then the
    messages as the agent sends them; `title` when the context names none."""
    lines = [found.title or title, ""]
    for part in found.parts:
        cut = ", truncated" if part.truncated else ""
        lines.append(
            f"{part.label or part.file}: {part.injected_chars} of {part.chars} characters{cut}"
        )
        lines += [f"  {note}" for note in part.notes]
        if part.unseen:
            lines.append(f"  not seen by the model ({len(part.unseen)}):")
            lines += [f"    {u.label}" for u in part.unseen[:CONTEXT_UNSEEN_SHOWN]]
            more = len(part.unseen) - CONTEXT_UNSEEN_SHOWN
            lines += [f"    … and {more} more"] if more > 0 else []
    for n, message in enumerate(found.messages, start=1):
        lines += ["", f"--- message {n} as the agent sends it ---", message]
    return lines


def retrieved_text(found: Retrieved, title: str) -> str:
    """What the agent injects for the message, or why nothing (`title`: the agent's name)."""
    if not any(found.chunks):
        return f"(no chunk: {title} would inject nothing from its memory for this message)"
    return found.text


def decay_lines(report: DecayReport) -> list[str]:
    verb = "changed" if report.applied else "would change"
    changed, transitions = report.changed, report.transitions
    lines = [f"decay to {report.at.isoformat()} ({report.profile}): {len(changed)} scores {verb}"]
    lines += [f"  {c.id:<8} {c.before:.4f} -> {c.after:.4f}" for c in changed[:DECAY_SHOWN]]
    if len(changed) > DECAY_SHOWN:
        lines.append(f"  … and {len(changed) - DECAY_SHOWN} more")
    for t in transitions[:DECAY_SHOWN]:
        to = "archived" if t.to == "archive" else "deleted"
        lines.append(f"  {t.id:<8} would be {to} (score {t.score:.4f})")
    if transitions:
        waiting = (
            f"{report.queued} new in the review queue (`memdesk review PATH --list`)"
            if report.applied
            else "with --apply they go to the review queue"
        )
        lines.append(f"  {len(transitions)} archive/delete proposals: not applied; {waiting}")
    if report.wrote is not None:
        backup = f", backup {report.backup}" if report.backup else ""
        lines.append(f"wrote {report.wrote}{backup}")
    elif not report.applied:
        lines.append("preview only: run with --apply to write")
    return lines


def activity_line(item: ActivityItem) -> str:
    """An operation as `memdesk activity` lists it: its id, time and actor, what it did, the
    ids of the memories it changed ("…": more), and the undo that reverted it."""
    op = item.op
    more = len(op.memory_ids) == FIRST_MEMORIES and op.count > len(op.memory_ids)
    ids = ", ".join(op.memory_ids) + (", …" if more else "")
    named = f": {ids}" if ids else ""
    undone = f"  [undone by {item.undone_by[:12]}]" if item.undone_by else ""
    return f"{op.op_id[:12]}  {shown_time(item.at)}  {op.actor:<8} {describe(op)}{named}{undone}"
