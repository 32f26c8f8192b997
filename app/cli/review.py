"""The commands that curate over time: decay, review, approve, reject."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from app.cli.output import EXIT_OK, first_line, print_json, write_lines
from app.cli.render import decay_lines
from app.cli.workspace import open_session, resolve
from core.store.errors import EXIT_ERROR, EXIT_REFUSED, WorkspaceError

if TYPE_CHECKING:
    from core.capabilities import StagedGate, StagedRefused, StagedWrite
    from core.review.queue import Refused
    from core.review.staged import StagedDecided
    from core.session import AnySession


def cmd_decay(args: argparse.Namespace) -> int:
    from core.capabilities import Decaying

    agent, path = resolve(args)
    decaying = Decaying[Any].of(agent, path)
    report = decaying.decay(
        path, at=args.at or date.today(), apply=args.apply, profile=args.profile
    )
    if args.json:
        print_json(report.to_json())
    else:
        write_lines(decay_lines(report))
    return EXIT_OK


def cmd_review(args: argparse.Namespace) -> int:
    """Review, then list the open proposals; exit 1 when the reviewer could not decide one."""
    import asyncio

    from core.review.queue import listed, run_review
    from core.review.staged import staged_writes

    if args.all:
        from app.cli.inbox import cmd_review_all

        return cmd_review_all(args)
    run = None
    with open_session(args) as session:
        if not args.list:
            reviewer = reviewer_of(args)
            run = asyncio.run(run_review(session, reviewer, today=args.at or date.today()))
            if not args.json:
                print(run.summary())
        proposals = listed(session)
        staged = staged_writes(session)
    if args.json:
        print_json(
            [proposal_json(p) for p in proposals]
            + [{"kind": "staged_write", "status": "pending"} | w.to_json() for w in staged]
        )
    else:
        for p in proposals:
            status = "" if p.status == "pending" else f" [{p.status}]"
            print(
                f"#{p.id:<5} {p.decision:<8} {p.trigger:<13} {p.memory_id:<10} "
                f"{first_line(p.reasons, 90)}{status}"
            )
        write_lines(staged_lines(staged, session.agent.title))
        if not proposals and not staged:
            print("the review queue is empty")
    if run is not None and run.failed:
        for pid, why in run.failed:
            print(f"#{pid} failed: {first_line(why, 200)}", file=sys.stderr)
        return EXIT_REFUSED
    return EXIT_OK


def reviewer_of(args: argparse.Namespace) -> Any:
    from core.review.choice import reviewer_named

    return reviewer_named(
        args.reviewer,
        base_url=args.llm_base_url or "",
        model=args.llm_model or "",
        timeout_s=args.llm_timeout,
        on_wait=_say_wait,
        set_up_by="--llm-base-url and --llm-model set them (the API key is read from "
        "$MEMDESK_LLM_API_KEY)",
    )


def _say_wait(_seconds: float, why: str) -> None:
    """The LLM reviewer waits before a retry: say so, and why (Ctrl+C stops it)."""
    print(f"memdesk: {why}", file=sys.stderr, flush=True)


def staged_lines(staged: Sequence[StagedWrite], title: str) -> list[str]:
    """Each write the agent staged: id, origin, age, summary, the change and its warnings."""
    from core.times import shown_time

    if not staged:
        return []
    lines = [
        f"{len(staged)} {'write' if len(staged) == 1 else 'writes'} staged by {title} "
        "(`memdesk approve|reject PATH ID`):"
    ]
    for w in staged:
        lines.append(
            f"{w.id}  {w.action:<7} {w.origin:<17} {shown_time(w.since)}  "
            f"{first_line(w.summary, 90)}"
        )
        lines += [f"    {line}" for line in w.diff()]
        if w.failure:
            lines.append(f"    ! {title} refuses it now: {first_line(w.failure, 160)}")
        lines += [f"    ! {warning}" for warning in w.warnings]
    return lines


def proposal_json(p: Any) -> dict[str, Any]:
    return {
        "kind": "proposal",
        "id": p.id,
        "memory_id": p.memory_id,
        "file": p.file,
        "trigger": p.trigger,
        "why": p.why,
        "decision": p.decision,
        "reasons": p.reasons,
        "status": p.status,
        "reviewer": p.reviewer,
        "created_at": p.created_at.isoformat(),
        "transcript": p.transcript,
        "related": p.related_ids,
        "related_memories": json.loads(p.related_json or "[]"),
        "triggers": p.triggers,
        "merged_text": p.merged_text,
    }


def _chosen_ids(args: argparse.Namespace, session: AnySession) -> tuple[list[int], list[str]]:
    """The proposals and the staged writes named (--all: every waiting one of both). A name
    that is a staged write's id is that write; else it is a proposal's number."""
    from core.review.queue import pending
    from core.review.staged import staged_writes

    staged = [w.id for w in staged_writes(session)]
    if args.all:
        return [p.id for p in pending(session)], staged
    if not args.ids:
        raise WorkspaceError("name the proposals (PROPOSAL_ID...) or --all", exit_code=EXIT_ERROR)
    proposals: list[int] = []
    writes: list[str] = []
    for given in dict.fromkeys(args.ids):
        if given in staged:
            writes.append(given)
        elif given.lstrip("#").isdigit():
            proposals.append(int(given.lstrip("#")))
        else:
            raise WorkspaceError(
                f"{session.root}: no proposal or staged write {given} (`memdesk review --list` "
                "lists them)",
                exit_code=EXIT_REFUSED,
            )
    return proposals, writes


def cmd_approve(args: argparse.Namespace) -> int:
    """All the proposals named, as one operation, or none (exit 1, each reason printed). Staged
    writes named go first, all or none, as one operation of their own."""
    from core.capabilities import StagedRefused
    from core.review.queue import Decided, Refused, approve
    from core.review.staged import StagedDecided, approve_staged

    with open_session(args) as session:
        ids, writes = _chosen_ids(args, session)
        if not ids and not writes:
            print("the review queue is empty")
            return EXIT_OK
        staged = StagedDecided([], None)
        if writes:
            try:
                staged = approve_staged(session, writes)
            except StagedRefused as refused:
                return _staged_refused(refused, writes, args)
            if not args.json:
                print(_staged_applied(staged))
        decided = Decided([], None)
        if ids:
            try:
                decided = approve(session, ids)
            except Refused as refused:
                return _refused(refused, ids, args)
    if args.json:
        print_json(
            {"applied": decided.applied, "refused": {}, "op": decided.op_id}
            | {"staged": {"applied": staged.ids, "refused": {}, "op": staged.op_id}}
        )
    elif ids and decided.op_id is None:
        print(f"applied {_ids(decided.applied)}: no file needed to change")
    elif ids and decided.op_id is not None:
        print(
            f"applied {_ids(decided.applied)} as one operation ({decided.op_id[:8]}; `undo` takes it back)"
        )
    return EXIT_OK


def _staged_applied(decided: StagedDecided) -> str:
    named = ", ".join(decided.ids)
    if decided.op_id is None:
        return f"approved {named}: no file needed to change"
    return f"approved {named} as one operation ({decided.op_id[:8]}; `undo` takes it back)"


def _staged_refused(refused: StagedRefused, ids: Sequence[str], args: argparse.Namespace) -> int:
    if args.json:
        print_json(
            {"applied": [], "refused": {}, "op": None}
            | {"staged": {"applied": [], "refused": refused.reasons, "op": None}}
        )
    print(f"nothing was applied ({len(ids)} staged writes named):", file=sys.stderr)
    for pid, why in refused.reasons.items():
        print(f"  {pid}: {why}", file=sys.stderr)
    return EXIT_REFUSED


def _refused(refused: Refused, ids: Sequence[int], args: argparse.Namespace) -> int:
    if args.json:
        print_json({"applied": [], "refused": refused.reasons, "op": None})
    print(f"nothing was applied ({len(ids)} proposals named):", file=sys.stderr)
    for pid, why in sorted(refused.reasons.items()):
        print(f"  #{pid}: {why}", file=sys.stderr)
    return EXIT_REFUSED


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(f"#{i}" for i in ids)


def cmd_reject(args: argparse.Namespace) -> int:
    from core.review.queue import reject
    from core.review.staged import reject_staged

    with open_session(args) as session:
        ids, writes = _chosen_ids(args, session)
        staged = reject_staged(session, writes).ids if writes else []
        rejected = reject(session, ids) if ids else []
    if args.json:
        print_json({"rejected": rejected, "staged": staged})
    elif rejected or staged:
        print(f"rejected {', '.join([*staged, *(f'#{i}' for i in rejected)])}")
    else:
        print("the review queue is empty")
    return EXIT_OK


def cmd_gate(args: argparse.Namespace) -> int:
    """The agent's approval gate (its writes staged for the person), switched with on|off."""
    from core.review.staged import gate, set_gate

    with open_session(args) as session:
        if args.state is None:
            shown = gate(session, args.profile)
        else:
            shown = set_gate(session, args.state == "on", args.profile)
    if args.json:
        print_json(shown.to_json())
        return EXIT_OK
    write_lines(gate_lines(shown))
    return EXIT_OK


def gate_lines(shown: StagedGate) -> list[str]:
    value = f" ({shown.key}: {shown.value} in {shown.file})" if shown.value else ""
    unset = "" if shown.value else f" ({shown.key} is not set in {shown.file})"
    return [
        f"approval gate: {shown.state()}{value}{unset}",
        f"  turned on by {shown.key}: {', '.join(shown.turns_on)}",
        *(f"  ! {note}" for note in shown.notes),
    ]
