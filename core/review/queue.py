"""The review queue (SPEC 4): a review run stores its proposals in the journal; the person approves
or rejects them; an approved decision is applied as one operation through the guarded commit.

A proposal keeps the memory as it was reviewed (its fields and their hash): when the memory has
changed since, the proposal is stale and is not applied until it is reviewed again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from core.agents.base import Agent, Row
from core.ops import apply_and_save
from core.policy import PolicyProfile
from core.review.apply import changesets_for
from core.review.model import DECISIONS, Candidate, Memory, Review, Reviewer
from core.review.similar import RelatedIndex
from core.review.triggers import ScanInput, find_candidates, memory_of_row
from core.store.commit import journal_for_reading, journal_for_writing
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.journal import Proposal

__all__ = [
    "DecayDone",
    "Decided",
    "ReviewRun",
    "approve",
    "decay_and_queue",
    "mark_stale",
    "memories_in",
    "pending",
    "queue_transitions",
    "reject",
    "run_review",
    "scan",
    "undo_decision",
    "waiting",
]

Progress = Callable[[int, int], None]


# -- reading the workspace -------------------------------------------------------------------------
def memories_in(agent: Agent, path: Path) -> tuple[list[Row], list[Memory]]:
    """Every memory of the workspace as listed, and as the reviewer sees it."""
    rows = agent.rows(path)
    return rows, [memory_of_row(r) for r in rows]


def scan(path: Path, ws: Any, memories: Sequence[Memory], today: date) -> list[Candidate]:
    """The candidates of every trigger over the workspace."""
    profile = _profile(ws)  # only scored workspaces
    transitions: dict[tuple[str, str], tuple[str, float]] = {}
    if profile is not None:
        from core.decay import preview_decay

        preview = preview_decay(ws, today)
        transitions = {(ws.file, t.key): (t.to, t.score) for t in preview.transitions}
    written = _agent_written(path, memories)
    return find_candidates(ScanInput(memories, today, profile, transitions, written))


def _agent_written(path: Path, memories: Sequence[Memory]) -> dict[tuple[str, str], str]:
    """Memories the agent wrote on its own since the last review run: new to that run, or with
    another text than it saw (a compression), and not written in MemDesk since. The first run
    of a file has nothing to compare with."""
    with journal_for_reading(path) as journal:
        if journal is None:
            return {}
        since = journal.get_setting("last_review_at")
        if not isinstance(since, str):
            return {}
        out: dict[tuple[str, str], str] = {}
        for file in sorted({m.file for m in memories}):
            seen = journal.seen_for_review(file)
            if not seen:
                continue
            ours = journal.written_in_memdesk(file, since)
            for m in memories:
                if m.file != file or m.key in ours:
                    continue
                if m.key not in seen:
                    out[(m.file, m.key)] = f"added since the review of {since[:10]}"
                elif seen[m.key] not in (None, text_digest(m)):
                    out[(m.file, m.key)] = f"rewritten since the review of {since[:10]}"
        return out


def text_digest(memory: Memory) -> str:
    return hashlib.sha256(memory.content.encode("utf-8")).hexdigest()


# -- a review run ----------------------------------------------------------------------------------
@dataclass
class ReviewRun:
    """What a run found and stored."""

    candidates: int = 0
    stored: list[int] = field(default_factory=list)
    skipped: int = 0  # already pending with the same memory and trigger
    failed: int = 0  # the reviewer could not decide (stored as failed, with why)
    cancelled: bool = False  # stopped before every candidate was reviewed


async def run_review(
    agent: Agent,
    path: Path,
    reviewer: Reviewer,
    *,
    today: date,
    progress: Progress | None = None,
    cancel: asyncio.Event | None = None,
    max_in_flight: int | None = None,
) -> ReviewRun:
    """Triggers, then the reviewer over each candidate; every proposal is stored as it comes."""
    from core.review.run import review_many

    ws = agent.open(path)
    _rows, memories = memories_in(agent, path)
    mark_stale(path, memories)
    candidates = scan(path, ws, memories, today)
    run = ReviewRun(len(candidates))
    with journal_for_reading(path) as journal:
        waiting = set() if journal is None else journal.pending_proposal_keys()
    fresh = [c for c in candidates if (c.memory.file, c.memory.key, c.trigger) not in waiting]
    run.skipped = len(candidates) - len(fresh)
    context = RelatedIndex(memories)
    results = await review_many(
        reviewer, fresh, context, on_progress=progress, cancel=cancel, max_in_flight=max_in_flight
    )
    rows = []
    for candidate, result in zip(fresh, results, strict=False):
        if isinstance(result, BaseException):
            so_far = str(getattr(result, "transcript", ""))  # an LLM's conversation until then
            review, status = Review(None, f"the reviewer failed: {result}", so_far), "failed"
        else:
            review = result
            status = "pending" if review.decision is not None else "failed"
        run.failed += status == "failed"
        rows.append(_row(candidate, review, reviewer.name, status))
    run.cancelled = len(results) < len(fresh)
    with journal_for_writing(path) as journal:
        run.stored = journal.add_proposals(rows)
        if not run.cancelled:  # a cancelled run has not looked at everything: no new baseline
            for file in sorted({m.file for m in memories}):
                seen = [(m.key, text_digest(m)) for m in memories if m.file == file]
                journal.mark_seen_for_review(file, seen)
            journal.set_setting("last_review_at", _now_iso())
    return run


def _row(c: Candidate, review: Review, reviewer: str, status: str) -> dict[str, Any]:
    return {
        "file": c.memory.file,
        "memory_id": c.memory.key,
        "trigger": c.trigger,
        "decision": review.decision or "NONE",
        "reasons": review.reasons,
        "reviewer": reviewer,
        "memory_hash": c.memory.digest(),
        "transcript": review.transcript,
        "why": c.why,
        "memory_json": json.dumps(c.memory.fields(), ensure_ascii=False),
        "related_json": json.dumps([m.fields() for m in c.related], ensure_ascii=False),
        "merged_text": review.merged_text,
        "status": status,
    }


def _profile(ws: Any) -> PolicyProfile | None:
    profile = getattr(ws, "profile", None)
    return profile if isinstance(profile, PolicyProfile) else None


def _now_iso() -> str:
    from core.store.journal import utc_now

    return utc_now().isoformat()


def queue_transitions(
    agent: Agent, path: Path, transitions: Sequence[tuple[str, str, str]], at: date
) -> list[int]:
    """Store a decay run's archive/delete transitions ((file, key, "archive"|"delete")) as rules
    proposals in the review queue, for the person to decide; those already waiting are not
    proposed twice. Returns the new proposals."""
    from core.review.rules import RulesReviewer

    if not transitions:
        return []
    _rows, memories = memories_in(agent, path)
    by_key = {(m.file, m.key): m for m in memories}
    with journal_for_reading(path) as journal:
        waiting = set() if journal is None else journal.pending_proposal_keys()
    reviewer, context = RulesReviewer(), RelatedIndex(memories)
    rows = []
    for file, key, to in transitions:
        memory = by_key.get((file, key))
        if memory is None or (file, key, "decay") in waiting:
            continue
        verb = "archive" if to == "archive" else "delete"
        why = f"the decay run to {at.isoformat()} would {verb} it (score {memory.score:.2f})"
        candidate = Candidate(
            memory, "decay", why, suggested="ARCHIVE" if verb == "archive" else "DELETE"
        )
        rows.append(_row(candidate, reviewer.decide(candidate, context), reviewer.name, "pending"))
    if not rows:
        return []
    with journal_for_writing(path) as journal:
        return list(journal.add_proposals(rows))


@dataclass(frozen=True, slots=True)
class DecayDone:
    saved: Any  # the save (None when no score changed)
    proposals: list[int]  # the archive/delete transitions now waiting in the queue


def decay_and_queue(agent: Agent, ws: Any, preview: Any) -> DecayDone:
    """Apply a decay preview's scores and put its archive/delete transitions in the review queue
    (SPEC 3: a decay run never archives or deletes by itself): the CLI's and the window's run."""
    from core.decay import apply_decay

    saved = apply_decay(ws, preview) if preview.changed_count else None
    moves = [(ws.file, t.key, t.to) for t in preview.transitions]
    return DecayDone(saved, queue_transitions(agent, ws.root, moves, preview.at))


# -- deciding --------------------------------------------------------------------------------------
def pending(path: Path) -> list[Proposal]:
    with journal_for_reading(path) as journal:
        return [] if journal is None else journal.proposals("pending")


def waiting(path: Path) -> tuple[int, datetime | None]:
    """How many proposals wait, and since when the oldest: without reading them."""
    with journal_for_reading(path) as journal:
        return (0, None) if journal is None else journal.waiting()


def mark_stale(path: Path, memories: Sequence[Memory]) -> list[int]:
    """Pending proposals whose memory changed (or is gone) since its review become stale."""
    now = {(m.file, m.key): m.digest() for m in memories}
    with journal_for_reading(path) as journal:
        waiting = [] if journal is None else journal.proposals("pending")
    stale = [p.id for p in waiting if now.get((p.file, p.memory_id)) != p.memory_hash]
    if stale:
        with journal_for_writing(path) as journal:
            for pid in stale:
                journal.set_proposal_status(pid, "stale")
    return stale


def undo_decision(
    agent: Agent, path: Path, op_id: str | None = None, *, ws: Any = None
) -> list[int]:
    """Undo the newest decision (or the one applied by the operation `op_id`): an applied one's
    operation is undone (the files as before), a rejected one or one that changed no file
    simply waits again. Returns the proposals back in the queue. `ws`: the open workspace to
    write through (the window's), else the workspace is opened."""
    from core.ops.undo import undo_and_save

    with journal_for_reading(path) as journal:
        found = [] if journal is None else journal.proposals()
    decided = [
        p
        for p in found
        if p.status in ("applied", "rejected") and (op_id is None or p.op_id == op_id)
    ]
    if not decided:
        raise WorkspaceError(f"{path}: no review decision to undo", exit_code=EXIT_REFUSED)
    last = max(decided, key=lambda p: (p.decided_at or p.created_at, p.id))
    if last.op_id is not None:
        undo_and_save(ws or agent.open(path), last.op_id)  # its proposals wait again
        return [p.id for p in decided if p.op_id == last.op_id]
    with journal_for_writing(path) as journal:
        journal.set_proposal_status(last.id, "pending")
    return [last.id]


@dataclass(frozen=True, slots=True)
class Decided:
    applied: list[int]
    stale: list[int]
    op_id: str | None


def approve(
    agent: Agent,
    path: Path,
    ids: Sequence[int],
    *,
    decisions: dict[int, str] | None = None,
    by: str = "person",
    ws: Any = None,
) -> Decided:
    """Apply the proposals (with the person's own decision where `decisions` gives one) as one
    operation. A proposal whose memory changed since its review is marked stale, not applied."""
    ws = ws or agent.open(path)  # the window's open workspace, else the files read anew
    rows, _memories = memories_in(agent, path)
    by_key = {(r.file, r.key or r.id): r for r in rows}
    proposals = _wanted(path, ids)
    changesets, applied, stale = [], [], []
    for p in proposals:
        row = by_key.get((p.file, p.memory_id))
        if row is None or memory_of_row(row).digest() != p.memory_hash:
            stale.append(p.id)
            continue
        decision = (decisions or {}).get(p.id, p.decision)
        if decision not in DECISIONS:
            raise WorkspaceError(
                f"proposal {p.id}: {decision} is not a decision", exit_code=EXIT_REFUSED
            )
        other = _related_row(p, by_key)
        changesets += changesets_for(
            agent, ws, decision=decision, trigger=p.trigger, row=row, other=other,
            merged_text=p.merged_text, profile=_profile(ws),
        )  # fmt: skip
        applied.append(p.id)
    op_id = None
    if changesets:
        cause = f"review: approved proposal{'s' if len(applied) > 1 else ''} " + ", ".join(
            f"#{i}" for i in applied
        )
        saved = apply_and_save(ws, changesets, cause)
        op_id = saved[0].op_id if saved else None
    with journal_for_writing(path) as journal:
        for pid in applied:
            journal.set_proposal_status(pid, "applied", decided_by=by, op_id=op_id)
        for pid in stale:
            journal.set_proposal_status(pid, "stale", decided_by=by)
    if applied:
        mark_stale(path, memories_in(agent, path)[1])  # others about the memories it changed
    return Decided(applied, stale, op_id)


def reject(path: Path, ids: Sequence[int], *, by: str = "person") -> list[int]:
    proposals = _wanted(path, ids)
    with journal_for_writing(path) as journal:
        for p in proposals:
            journal.set_proposal_status(p.id, "rejected", decided_by=by)
    return [p.id for p in proposals]


def _wanted(path: Path, ids: Sequence[int]) -> list[Proposal]:
    with journal_for_reading(path) as journal:
        found = {} if journal is None else {p.id: p for p in journal.proposals()}
    missing = [i for i in ids if i not in found]
    if missing:
        raise WorkspaceError(
            f"{path}: no proposal {', '.join(map(str, missing))} (`memdesk review` lists them)",
            exit_code=EXIT_REFUSED,
        )
    done = [i for i in ids if found[i].status not in ("pending", "approved")]
    if done:
        shown = ", ".join(f"#{i} is {found[i].status}" for i in done)
        raise WorkspaceError(f"{path}: {shown}", exit_code=EXIT_REFUSED)
    return [found[i] for i in ids]


def _related_row(p: Proposal, by_key: dict[tuple[str, str], Row]) -> Row | None:
    related = json.loads(p.related_json or "[]")
    if not related:
        return None
    first = related[0]
    return by_key.get((first["file"], first["key"]))
