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
    from core.review.queue import Refused
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

    run = None
    with open_session(args) as session:
        if not args.list:
            reviewer = _reviewer(args)
            run = asyncio.run(run_review(session, reviewer, today=args.at or date.today()))
            if not args.json:
                print(run.summary())
        proposals = listed(session)
    if args.json:
        print_json([_proposal_json(p) for p in proposals])
    else:
        for p in proposals:
            status = "" if p.status == "pending" else f" [{p.status}]"
            print(
                f"#{p.id:<5} {p.decision:<8} {p.trigger:<13} {p.memory_id:<10} "
                f"{first_line(p.reasons, 90)}{status}"
            )
        if not proposals:
            print("the review queue is empty")
    if run is not None and run.failed:
        for pid, why in run.failed:
            print(f"#{pid} failed: {first_line(why, 200)}", file=sys.stderr)
        return EXIT_REFUSED
    return EXIT_OK


def _reviewer(args: argparse.Namespace) -> Any:
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


def _proposal_json(p: Any) -> dict[str, Any]:
    return {
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


def _chosen_ids(args: argparse.Namespace, session: AnySession) -> list[int]:
    from core.review.queue import pending

    if args.all:
        return [p.id for p in pending(session)]
    if not args.ids:
        raise WorkspaceError("name the proposals (PROPOSAL_ID...) or --all", exit_code=EXIT_ERROR)
    return list(dict.fromkeys(args.ids))


def cmd_approve(args: argparse.Namespace) -> int:
    """All the proposals named, as one operation, or none (exit 1, each reason printed)."""
    from core.review.queue import Refused, approve

    with open_session(args) as session:
        ids = _chosen_ids(args, session)
        if not ids:
            print("the review queue is empty")
            return EXIT_OK
        try:
            decided = approve(session, ids)
        except Refused as refused:
            return _refused(refused, ids, args)
    if args.json:
        print_json({"applied": decided.applied, "refused": {}, "op": decided.op_id})
    elif decided.op_id is None:
        print(f"applied {_ids(decided.applied)}: no file needed to change")
    else:
        print(
            f"applied {_ids(decided.applied)} as one operation ({decided.op_id[:8]}; `undo` takes it back)"
        )
    return EXIT_OK


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

    with open_session(args) as session:
        rejected = reject(session, _chosen_ids(args, session))
    if args.json:
        print_json({"rejected": rejected})
    elif rejected:
        print(f"rejected {', '.join(f'#{i}' for i in rejected)}")
    else:
        print("the review queue is empty")
    return EXIT_OK
