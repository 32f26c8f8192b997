"""The review queue (SPEC 4): a review run stores its proposals in the journal; the person approves
or rejects them; approved decisions are applied as one operation through the guarded commit.

One memory has at most one open proposal (waiting, stale or failed), carrying every trigger that
fired for it, and no memory is named by two open proposals (a pair's other side included): a run
reviews an open proposal again instead of adding another, and leaves a candidate that touches a
memory another waiting proposal names for a later run.

A proposal keeps every memory it read as it was reviewed (the memory and the ones it names): when
any of them changed since, the proposal is stale and is not applied until it is reviewed again.
Approving many is all or nothing: one stale, conflicting or failing proposal refuses the batch,
with each reason, and nothing is written.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.agent import Row
from core.capabilities import Archiving, Decaying
from core.formats.text import gc_paused
from core.messages import N_, say
from core.ops import ChangeSet, all_or_nothing
from core.review.apply import changesets_for
from core.review.model import (
    DECISIONS,
    Candidate,
    Deciding,
    Memory,
    Review,
    ReviewContext,
    Reviewer,
    digest_of,
    in_its_language,
)
from core.review.related import RelatedIndex
from core.review.triggers import ScanInput, find_candidates, memory_of_row
from core.scoring.policy import PolicyProfile
from core.session import AnySession
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.journal import Journal, Proposal

if TYPE_CHECKING:
    from core.agent import OpenWorkspace

__all__ = [
    "Decided",
    "Refused",
    "ReviewRun",
    "approve",
    "mark_stale",
    "memories_in",
    "pending",
    "queue_transitions",
    "reject",
    "review_now",
    "run_review",
    "scan",
    "stale_reason",
    "undo_decision",
    "waiting",
]

Progress = Callable[[int, int], None]
Key = tuple[str, str]  # (file, memory key)


# -- reading the workspace -------------------------------------------------------------------------
def memories_in(session: AnySession) -> tuple[list[Row], list[Memory]]:
    """Every memory of the session's workspace as listed, and as the reviewer sees it (what the
    agent keeps as history is context only: see Agent.reviewed)."""
    agent = session.agent
    rows = agent.rows_in(session.workspace)
    said = agent.removal_said
    return rows, [
        memory_of_row(r, reviewed=agent.reviewed(r), removal=agent.removal(r), removal_said=said)
        for r in rows
    ]


def scan(
    session: AnySession,
    memories: Sequence[Memory],
    today: date,
    *,
    decay: Mapping[Key, tuple[str, float]] | None = None,
    only: Iterable[Key] | None = None,
    pairs: bool = True,
) -> list[Candidate]:
    """The candidates of every trigger over the workspace, one per memory. `decay`: the
    archive/delete transitions of a decay run (else those of a run to `today`); `only`: the
    memories to propose for (their pairs are still looked for among all, unless `pairs` is
    False)."""
    profile = _profile(session.workspace)  # only scored workspaces
    transitions = dict(decay or {})
    if profile is not None and decay is None and isinstance(session.agent, Decaying):
        transitions = session.agent.decay_transitions(session.workspace, today)
    written = _agent_written(session, memories) if only is None else {}
    wanted = None if only is None else frozenset(only)
    decay_at = None if decay is None else today
    return find_candidates(
        ScanInput(memories, today, profile, transitions, written, wanted, decay_at, pairs)
    )


def _agent_written(session: AnySession, memories: Sequence[Memory]) -> dict[Key, str]:
    """Memories the agent wrote on its own since the last review run: new to that run, or with
    another text than it saw (a compression), and not written in MemDesk since. The first run
    of a file has nothing to compare with."""
    with session.reading() as journal:
        if journal is None:
            return {}
        since = journal.get_setting("last_review_at")
        if not isinstance(since, str):
            return {}
        out: dict[Key, str] = {}
        for file in sorted({m.file for m in memories}):
            seen = journal.seen_for_review(file)
            if not seen:
                continue
            ours = journal.written_in_memdesk(file, since)
            for m in memories:
                if m.file != file or m.key in ours:
                    continue
                day = since[:10]
                if m.key not in seen:
                    out[(m.file, m.key)] = in_its_language(
                        m, f"added since the review of {day}", f"在 {day} 的审核之后新增"
                    )
                elif seen[m.key] not in (None, text_digest(m)):
                    out[(m.file, m.key)] = in_its_language(
                        m, f"rewritten since the review of {day}", f"在 {day} 的审核之后被改写"
                    )
        return out


def text_digest(memory: Memory) -> str:
    return hashlib.sha256(memory.content.encode("utf-8")).hexdigest()


# -- a review run ----------------------------------------------------------------------------------
@dataclass
class ReviewRun:
    """What a run found and stored."""

    candidates: int = 0
    stored: list[int] = field(default_factory=list)  # new proposals
    updated: list[int] = field(default_factory=list)  # open proposals reviewed again
    skipped: int = 0  # already waiting, with the same memories and triggers
    deferred: int = 0  # they touch a memory a waiting proposal names: a later run
    failed: list[tuple[int, str]] = field(default_factory=list)  # (proposal, why no decision)
    cancelled: bool = False  # stopped before every candidate was reviewed

    def summary(self) -> str:
        """One line for the person (the CLI's and the window's)."""
        counts = {"candidates": self.candidates, "stored": len(self.stored),
                  "updated": len(self.updated), "skipped": self.skipped,
                  "deferred": self.deferred, "failed": len(self.failed)}  # fmt: skip
        said = (
            say(
                "{candidates} memories up for review: {stored} new proposals, {updated} reviewed "
                "again, {skipped} already waiting, {deferred} left for after the waiting ones "
                "are decided, {failed} failed",
                **counts,
            )
            if self.deferred
            else say(
                "{candidates} memories up for review: {stored} new proposals, {updated} reviewed "
                "again, {skipped} already waiting, {failed} failed",
                **counts,
            )
        )
        return say("{summary} (cancelled)", summary=said) if self.cancelled else said


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a run does with its candidates: review these (each new, or an open proposal's id)."""

    review: list[tuple[Candidate, int | None]]
    skipped: int
    deferred: int


async def run_review(
    session: AnySession,
    reviewer: Reviewer,
    *,
    today: date,
    progress: Progress | None = None,
    cancel: asyncio.Event | None = None,
    max_in_flight: int | None = None,
    only: Iterable[Key] | None = None,
) -> ReviewRun:
    """Triggers, then the reviewer over each candidate; the proposals are stored at the end.
    `only`: review just these memories (a stale proposal reviewed again). The files and the
    journal are read and written in a worker thread: the loop (the window's, through qasync)
    only waits for the reviewer, so `cancel` stops the requests in flight at once."""
    from core.review.run import review_many

    run, plan, open_now, candidates, memories, context = await asyncio.to_thread(
        _prepared, session, today, only
    )
    fresh = [c for c, _old in plan.review]
    results = await review_many(
        reviewer, fresh, context, on_progress=progress, cancel=cancel, max_in_flight=max_in_flight
    )
    run.cancelled = len(results) < len(fresh)
    reviewed = [
        (candidate, old, _review_of(result))
        for (candidate, old), result in zip(plan.review, results, strict=False)
    ]
    withdrawn = [] if run.cancelled or only is not None else _moot(open_now, candidates)
    await asyncio.to_thread(
        _stored, session, reviewed, reviewer.name, run, withdrawn, memories, only
    )
    return run


def review_now(session: AnySession, reviewer: Deciding, *, today: date) -> ReviewRun:
    """`run_review` of a whole workspace for a reviewer that decides at once (the rules), in
    this thread and without an event loop: what a review of many workspaces runs for each."""
    run, plan, open_now, candidates, memories, context = _prepared(session, today, None)
    reviewed = [(c, old, _review_of(_decided(reviewer, c, context))) for c, old in plan.review]
    withdrawn = _moot(open_now, candidates)
    _stored(session, reviewed, reviewer.name, run, withdrawn, memories, None)
    return run


def _decided(reviewer: Deciding, c: Candidate, context: ReviewContext) -> Review | Exception:
    try:
        return reviewer.decide(c, context)
    except Exception as exc:  # as review_many takes a failed review: this one has no decision
        return exc


def _prepared(
    session: AnySession, today: date, only: Iterable[Key] | None
) -> tuple[ReviewRun, _Plan, list[Proposal], list[Candidate], list[Memory], _Context]:
    """A run's start: the memories, the candidates the triggers find, and what to review. The
    memories are the saved ones: the session's workspace, unless it holds unsaved edits (then
    the saved files are read: `Session.as_saved`)."""
    # a whole workspace's memories and candidates, none in a cycle
    with gc_paused(), session.journal.lent():
        saved = session.as_saved()
        _rows, memories = memories_in(saved)
        mark_stale(session, memories)
        candidates = scan(saved, memories, today, only=only)
        open_now = listed(session)
        plan = _plan(candidates, open_now)
        context = _Context(memories, archives=isinstance(session.agent, Archiving))
    run = ReviewRun(len(candidates), skipped=plan.skipped, deferred=plan.deferred)
    return run, plan, open_now, candidates, memories, context


def _stored(
    session: AnySession,
    reviewed: Sequence[tuple[Candidate, int | None, Review]],
    reviewer: str,
    run: ReviewRun,
    withdrawn: Sequence[int],
    memories: Sequence[Memory],
    only: Iterable[Key] | None,
) -> None:
    """A run's end: its proposals stored; a full run also sets the next run's baseline."""
    with gc_paused(), session.writing() as journal, journal.batch():
        _store(journal, reviewed, reviewer, run)
        journal.set_proposals_status(withdrawn, "rejected", decided_by="review")
        if not run.cancelled and only is None:  # a partial run sets no new baseline
            seen: dict[str, list[tuple[str, str]]] = defaultdict(list)
            for m in memories:
                seen[m.file].append((m.key, text_digest(m)))
            for file in sorted(seen):
                journal.mark_seen_for_review(file, seen[file])
            journal.set_setting("last_review_at", _now_iso())


class _Context(RelatedIndex):
    """The memories of a run, and whether the agent can archive them (a ReviewContext)."""

    def __init__(self, memories: Sequence[Memory], *, archives: bool) -> None:
        super().__init__(memories)
        self.archives = archives


def _review_of(result: Review | BaseException) -> Review:
    if isinstance(result, BaseException):
        so_far = str(getattr(result, "transcript", ""))  # an LLM's conversation until then
        return Review(None, say("the reviewer failed: {error}", error=result), so_far)
    return result


def _store(
    journal: Journal,
    reviewed: Sequence[tuple[Candidate, int | None, Review]],
    reviewer: str,
    run: ReviewRun,
) -> None:
    """New proposals added, open ones reviewed again updated in place; failures noted."""
    new = [(c, r) for c, old, r in reviewed if old is None]
    again = [(old, c, r) for c, old, r in reviewed if old is not None]
    run.stored = list(journal.add_proposals([_row(c, r, reviewer) for c, r in new]))
    run.updated = journal.update_proposals([(old, _row(c, r, reviewer)) for old, c, r in again])
    reviews = {pid: r for pid, (_c, r) in zip(run.stored, new, strict=True)}
    updated = set(run.updated)
    reviews |= {old: r for old, _c, r in again if old in updated}
    run.failed = [(pid, r.reasons) for pid, r in reviews.items() if not r.decision]


def _plan(candidates: Sequence[Candidate], open_now: Sequence[Proposal]) -> _Plan:
    """Which candidates to review: a memory whose waiting proposal says the same is skipped; an
    open proposal about the same memory is reviewed again in place; a candidate touching a
    memory that another waiting proposal names waits for it to be decided."""
    subject: dict[Key, Proposal] = {}
    claimed: dict[Key, int] = {}  # memory -> the waiting proposal that names it
    for p in open_now:
        subject[(p.file, p.memory_id)] = p
        if p.status == "pending":
            for key in _touched(p):
                claimed[key] = p.id
    review: list[tuple[Candidate, int | None]] = []
    skipped = deferred = 0
    for c in candidates:
        own = subject.get((c.memory.file, c.memory.key))
        own_id = None if own is None else own.id
        if any(claimed.get(key, own_id) != own_id for key in c.touched()):
            deferred += 1
        elif own is not None and own.status == "pending" and _same(own, c):
            skipped += 1
        else:
            review.append((c, own_id))
    return _Plan(review, skipped, deferred)


def _moot(open_now: Sequence[Proposal], candidates: Sequence[Candidate]) -> list[int]:
    """Stale proposals no trigger fires for any more (the memory was changed or is gone): a
    full run withdraws them."""
    proposed = {(c.memory.file, c.memory.key) for c in candidates}
    return [p.id for p in open_now if p.status == "stale" and (p.file, p.memory_id) not in proposed]


def _same(p: Proposal, c: Candidate) -> bool:
    """The waiting proposal already says what the candidate would: same memories as they are
    now, same triggers."""
    named = {(m.file, m.key): m.digest() for m in c.named()}
    return (
        p.memory_hash == c.memory.digest()
        and _named_digests(p) == named
        and p.triggers == list(c.triggers)
    )


def _named_digests(p: Proposal) -> dict[Key, str]:
    return {
        (m.file, m.key): m.digest()
        for m in (_memory(f) for f in json.loads(p.related_json or "[]"))
        if m is not None
    }


def _touched(p: Proposal) -> set[Key]:
    named = {(str(f.get("file")), str(f.get("key"))) for f in json.loads(p.related_json or "[]")}
    return {(p.file, p.memory_id)} | named


def _memory(fields: Mapping[str, Any]) -> Memory | None:
    """A memory as the journal kept it (None for a record from an older MemDesk without it)."""
    try:
        return Memory(**{k: v for k, v in fields.items() if k in Memory.__slots__})
    except TypeError:
        return None


def _row(c: Candidate, review: Review, reviewer: str) -> dict[str, Any]:
    findings = [
        {"trigger": f.trigger, "why": f.why, "related": [m.key for m in f.related]}
        for f in c.findings
    ]
    memory_json = c.memory.as_json()
    return {
        "file": c.memory.file,
        "memory_id": c.memory.key,
        "trigger": review.because or c.trigger,
        "decision": review.decision or "NONE",
        "reasons": review.reasons,
        "reviewer": reviewer,
        "memory_hash": digest_of(memory_json),
        "transcript": review.transcript,
        "why": c.why,
        "memory_json": memory_json,
        "related_json": _related_json(c.named()),
        "merged_text": review.merged_text,
        "status": "pending" if review.decision else "failed",
        "findings_json": json.dumps(findings, ensure_ascii=False),
    }


def _related_json(named: Sequence[Memory]) -> str:
    return json.dumps([m.fields() for m in named], ensure_ascii=False) if named else "[]"


def _profile(ws: OpenWorkspace) -> PolicyProfile | None:
    profile = getattr(ws, "profile", None)
    return profile if isinstance(profile, PolicyProfile) else None


def _now_iso() -> str:
    from core.store.journal import utc_now

    return utc_now().isoformat()


def queue_transitions(
    session: AnySession, transitions: Sequence[tuple[str, str, str, float]], at: date
) -> list[int]:
    """Put a decay run's archive/delete transitions ((file, key, "archive"|"delete", score))
    in the review queue as rules proposals, for the person to decide (with any other trigger
    of the memory's own text). Returns the new and the updated proposals.

    Pairs are not looked for here: a decay run may move every memory, and a scan of all pairs
    would cost the run many times its own time; the next review adds a newer memory that
    supersedes one to its proposal, in place."""
    from core.review.rules import RulesReviewer

    if not transitions:
        return []
    with gc_paused():  # 100,000 candidates and reviews, none in a cycle
        _rows, memories = memories_in(session)  # the decay run's workspace
        mark_stale(session, memories)
        moves = {(file, key): (to, score) for file, key, to, score in transitions}
        candidates = scan(session, memories, at, decay=moves, only=moves, pairs=False)
        plan = _plan(candidates, listed(session))
        archives = isinstance(session.agent, Archiving)
        reviewer, context = RulesReviewer(), _Context(memories, archives=archives)
        reviewed = [(c, old, reviewer.decide(c, context)) for c, old in plan.review]
    if not reviewed:
        return []
    run = ReviewRun()
    with session.writing() as journal:
        _store(journal, reviewed, reviewer.name, run)
    return [*run.stored, *run.updated]


# -- deciding --------------------------------------------------------------------------------------
def pending(session: AnySession, *, required: bool = False) -> list[Proposal]:
    """The proposals waiting (`required`: a journal that cannot be read is a WorkspaceError)."""
    with session.reading(required=required) as journal:
        return [] if journal is None else journal.proposals("pending")


def listed(session: AnySession) -> list[Proposal]:
    """The open proposals: waiting, stale and failed, in the order they came up."""
    with session.reading() as journal:
        return [] if journal is None else journal.open_proposals()


def waiting(session: AnySession) -> tuple[int, datetime | None]:
    """How many proposals wait, and since when the oldest: without reading them."""
    with session.reading() as journal:
        return (0, None) if journal is None else journal.waiting()


def stale_reason(p: Proposal, now: Mapping[Key, Memory]) -> str | None:
    """Why the proposal is stale (a memory it read changed or is gone), else None."""
    if (mine := now.get((p.file, p.memory_id))) is None:
        return say("[{id}] is gone since the review", id=p.memory_id)
    if mine.digest() != p.memory_hash:
        return say("[{id}] changed since the review", id=mine.id)
    for key, digest in _named_digests(p).items():
        other = now.get(key)
        if other is None:
            return say("[{id}], which the proposal names, is gone since the review", id=key[1])
        if other.digest() != digest:
            return say("[{id}], which the proposal names, changed since the review", id=other.id)
    return None


def mark_stale(session: AnySession, memories: Sequence[Memory]) -> list[int]:
    """Waiting proposals any of whose memories changed (or is gone) since the review become
    stale: they are not applied until reviewed again."""
    now = {(m.file, m.key): m for m in memories}
    stale = [p.id for p in pending(session) if stale_reason(p, now) is not None]
    if stale:
        with session.writing() as journal:
            journal.set_proposals_status(stale, "stale")
    return stale


def undo_decision(session: AnySession, op_id: str | None = None) -> list[int]:
    """Undo the newest decision (or the one applied by the operation `op_id`): an applied one's
    operation is undone (the files as before), a rejected one or one that changed no file
    simply waits again. Returns the proposals back in the queue."""
    from core.ops.undo import undo_and_save

    path = session.root
    with session.reading() as journal:
        found = [] if journal is None else journal.proposals()
    decided = [
        p
        for p in found
        if p.status in ("applied", "rejected")
        and p.decided_by != "review"
        and (op_id is None or p.op_id == op_id)
    ]
    if not decided:
        raise WorkspaceError(
            say("{path}: no review decision to undo", path=path), exit_code=EXIT_REFUSED
        )
    last = max(decided, key=lambda p: (p.decided_at or p.created_at, p.id))
    if last.op_id is not None:
        undo_and_save(session.workspace, last.op_id)  # its proposals wait again
        return [p.id for p in decided if p.op_id == last.op_id]
    with session.writing() as journal:
        journal.set_proposal_status(last.id, "pending")
    return [last.id]


class Refused(WorkspaceError):
    """Approving was refused and nothing was written: `reasons` says why, per proposal."""

    def __init__(self, path: Path, reasons: Mapping[int, str]) -> None:
        self.reasons = dict(reasons)
        (first, why), *others = sorted(self.reasons.items())
        said = say("{path}: nothing was applied: #{id}: {reason}", path=path, id=first, reason=why)
        shown = "".join(f"; #{pid}: {why}" for pid, why in others)
        super().__init__(said + shown, exit_code=EXIT_REFUSED)


@dataclass(frozen=True, slots=True)
class Decided:
    applied: list[int]
    op_id: str | None


def approve(
    session: AnySession,
    ids: Sequence[int],
    *,
    decisions: dict[int, str] | None = None,
    by: str = "person",
) -> Decided:
    """Apply the proposals (with the person's own decision where `decisions` gives one) as one
    operation through the guarded commit: all of them, or, when one is stale, conflicts with
    another or cannot be carried out, none (Refused, with each reason; nothing is written and
    they all stay as they were). The session's workspace must hold no unsaved edits; what
    another program changed on disk since it was read is read first."""
    ws, path = session.workspace, session.root
    if ws.modified:
        raise WorkspaceError(
            say(
                "{path}: save or undo the unsaved edits first: approving writes at once", path=path
            ),
            exit_code=EXIT_REFUSED,
        )
    proposals = _wanted(session, ids)
    ws.refresh_from_disk()
    rows, memories = memories_in(session)
    by_key = {(r.file, r.key or r.id): r for r in rows}
    now = {(m.file, m.key): m for m in memories}
    refused = _conflicts(proposals)
    for p in proposals:
        why = refused.get(p.id) or stale_reason(p, now) or _not_a_decision(p, decisions)
        if why is not None:
            refused[p.id] = why
    if refused:
        raise Refused(path, refused)
    planned = _planned(session, proposals, by_key, decisions)
    documents = [cs.document for _p, sets in planned for cs in sets]
    op_id = None
    with all_or_nothing(ws, documents) as op, session.writing() as journal:  # the saves' too
        for p, sets in planned:
            try:
                for changeset in sets:
                    changeset.apply()
            except (WorkspaceError, ValueError) as exc:
                raise Refused(path, {p.id: str(exc)}) from None
        if any(d.modified for d in documents):
            applied = [p.id for p, _sets in planned]
            shown = ", ".join(f"#{i}" for i in applied)
            cause = (
                say("review: approved proposals {ids}", ids=shown)
                if len(applied) > 1
                else say("review: approved proposal {ids}", ids=shown)
            )
            ws.save_all(cause=cause, op_id=op)
            op_id = op
        ids = [p.id for p in proposals]
        journal.set_proposals_status(ids, "applied", decided_by=by, op_id=op_id)
    return Decided([p.id for p in proposals], op_id)


def _conflicts(proposals: Sequence[Proposal]) -> dict[int, str]:
    """Proposals of one batch that touch the same memory: neither can be applied with the other."""
    owner: dict[Key, int] = {}
    out: dict[int, str] = {}
    for p in proposals:
        for key in sorted(_touched(p)):
            first = owner.setdefault(key, p.id)
            if first != p.id:
                out[p.id] = say(
                    "#{first} is about [{id}] too: decide one of the two first",
                    first=first,
                    id=key[1],
                )
    return out


def _not_a_decision(p: Proposal, decisions: dict[int, str] | None) -> str | None:
    decision = (decisions or {}).get(p.id, p.decision)
    return None if decision in DECISIONS else say("{decision} is not a decision", decision=decision)


def _planned(
    session: AnySession,
    proposals: Sequence[Proposal],
    by_key: Mapping[Key, Row],
    decisions: dict[int, str] | None,
) -> list[tuple[Proposal, list[ChangeSet]]]:
    """Each proposal's change sets (Refused, nothing applied, when one cannot be carried out)."""
    planned = []
    for p in proposals:
        decision = (decisions or {}).get(p.id, p.decision)
        try:
            sets = changesets_for(
                session.agent, session.workspace, decision=decision, trigger=p.trigger,
                row=by_key[(p.file, p.memory_id)], other=_related_row(p, by_key),
                merged_text=p.merged_text, profile=_profile(session.workspace),
            )  # fmt: skip
        except (WorkspaceError, ValueError) as exc:
            raise Refused(session.root, {p.id: str(exc)}) from None
        planned.append((p, sets))
    return planned


def reject(session: AnySession, ids: Sequence[int], *, by: str = "person") -> list[int]:
    proposals = _wanted(session, ids, also=("stale", "failed"))
    with session.writing() as journal:
        journal.set_proposals_status([p.id for p in proposals], "rejected", decided_by=by)
    return [p.id for p in proposals]


_WHY_NOT: dict[str, str] = {
    "stale": N_("its memory changed since it was reviewed: `memdesk review` reviews it again"),
    "failed": N_("the reviewer could not decide: `memdesk review` tries again, or reject it"),
    "applied": N_("it was applied already"),
    "rejected": N_("it was rejected already"),
}


def _wanted(session: AnySession, ids: Sequence[int], also: Sequence[str] = ()) -> list[Proposal]:
    """The proposals `ids` names, each waiting (or of a status in `also`); Refused otherwise."""
    path = session.root
    with session.reading() as journal:
        found = {} if journal is None else {p.id: p for p in journal.proposals()}
    missing = [i for i in ids if i not in found]
    if missing:
        raise WorkspaceError(
            say(
                "{path}: no proposal {ids} (`memdesk review` lists them)",
                path=path,
                ids=", ".join(map(str, missing)),
            ),
            exit_code=EXIT_REFUSED,
        )
    allowed = ("pending", "approved", *also)
    refused = {
        i: _WHY_NOT.get(found[i].status, found[i].status)
        for i in ids
        if found[i].status not in allowed
    }
    if refused:
        raise Refused(path, refused)
    return [found[i] for i in ids]


def _related_row(p: Proposal, by_key: Mapping[Key, Row]) -> Row | None:
    related = json.loads(p.related_json or "[]")
    if not related:
        return None
    first = related[0]
    return by_key.get((first["file"], first["key"]))
