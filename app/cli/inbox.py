"""The commands over every workspace scanned (issue 26): `inbox`, `review --all`, `list --all`,
`activity --all`.
Each workspace is read (and reviewed) on its own: one that fails is named on its line, with the
reason, and the others go on (exit 1); deciding stays per workspace (`memdesk approve WS ID`)."""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.output import EXIT_OK, first_line, print_json, write_lines
from app.cli.scan import scanned
from core.columns import counted
from core.store.errors import EXIT_ERROR, EXIT_REFUSED, WorkspaceError

if TYPE_CHECKING:
    from core.inbox import Done, Hits, Waiting
    from core.scan import Found


def cmd_inbox(args: argparse.Namespace) -> int:
    """Every proposal and staged write waiting in every workspace scanned, oldest first."""
    from core.inbox import inbox

    items, failed = inbox(chosen(scanned(), args.agent, args.workspace))
    if args.json:
        print_json({"items": [item_json(w) for w in items], "failed": failed_json(failed)})
    else:
        write_lines(inbox_lines(items) + failed_lines(failed))
    return EXIT_REFUSED if failed else EXIT_OK


def chosen(found: Sequence[Found], agent: str | None, workspace: Path | None) -> list[Found]:
    """The workspaces of that agent, or that one workspace (None: every one)."""
    where = None if workspace is None else Path(os.path.abspath(workspace.expanduser()))
    return [
        f
        for f in found
        if (agent is None or f.agent == agent) and (where is None or f.path.absolute() == where)
    ]


def inbox_lines(items: Sequence[Waiting]) -> list[str]:
    from core.times import shown_time

    if not items:
        return ["nothing waits for review in the workspaces scanned"]
    lines = []
    for w in items:
        what = _proposal_line(w) if w.proposal is not None else _staged_line(w)
        lines.append(f"{shown_time(w.since)}  {w.found.title}  {w.found.name}  {what}")
        lines.append(f"    {w.approve()}")
    return lines


def _proposal_line(w: Waiting) -> str:
    p = w.proposal
    assert p is not None
    return f"#{p.id} {p.decision} {p.trigger} {p.memory_id}: {first_line(p.reasons, 80)}"


def _staged_line(w: Waiting) -> str:
    s = w.staged
    assert s is not None
    return f"{s.id} staged {s.action} ({s.origin}): {first_line(s.summary, 80)}"


def item_json(w: Waiting) -> dict[str, Any]:
    from app.cli.review import proposal_json

    shown = (
        proposal_json(w.proposal)
        if w.proposal is not None
        else {"kind": "staged_write", "status": "pending"}
        | (w.staged.to_json() if w.staged else {})
    )
    return (
        _where(w.found) | shown | {"id": w.id, "since": w.since.isoformat(), "approve": w.approve()}
    )


def _where(f: Found) -> dict[str, Any]:
    return {"workspace": str(f.path), "name": f.name, "agent": f.agent}


def failed_json(failed: Sequence[Found]) -> list[dict[str, Any]]:
    return [_where(f) | {"error": f.error} for f in failed]


def failed_lines(failed: Sequence[Found]) -> list[str]:
    return [f"{f.title or '?'}  {f.name}: {f.error}" for f in failed]


def cmd_review_all(args: argparse.Namespace) -> int:
    """The reviewer over every workspace scanned, each in its own session and journal; then the
    merged inbox. A workspace it could not review is named with the reason (exit 1)."""
    import asyncio
    from dataclasses import replace
    from datetime import date

    from app.cli.review import reviewer_of
    from core.inbox import UNREADABLE, inbox
    from core.registry import agent_named
    from core.review.queue import run_review
    from core.scan import reason
    from core.session import Session

    no_path(args)
    reviewer = reviewer_of(args)
    reviewed: list[tuple[Found, str]] = []
    failed: list[Found] = []
    for f in scanned():
        try:
            if not f.error:
                with Session(agent_named(f.agent), path=f.path) as session:
                    run = asyncio.run(run_review(session, reviewer, today=args.at or date.today()))
                reviewed.append((f, run.summary()))
                failed += [replace(f, error=f"#{pid} failed: {why}") for pid, why in run.failed]
        except UNREADABLE as exc:
            f = replace(f, error=reason(exc))
        if f.error:
            failed.append(f)
    items, unread = inbox([f for f, _ in reviewed])
    failed += unread
    if args.json:
        print_json(
            {
                "reviewed": [_where(f) | {"summary": summary} for f, summary in reviewed],
                "items": [item_json(w) for w in items],
                "failed": failed_json(failed),
            }
        )
    else:
        lines = [f"{f.title}  {f.name}: {summary}" for f, summary in reviewed]
        write_lines([*lines, *inbox_lines(items), *failed_lines(failed)])
    return EXIT_REFUSED if failed else EXIT_OK


def cmd_activity_all(args: argparse.Namespace) -> int:
    """The operations MemDesk saved in every workspace scanned, newest first, each naming its
    workspace and the command that undoes it there."""
    from app.cli.render import activity_line
    from core.inbox import activity

    no_path(args)
    if args.memory is not None:
        raise WorkspaceError(
            "--memory names one workspace's memory: give PATH", exit_code=EXIT_ERROR
        )
    done, failed = activity(scanned(), limit=args.limit, actor=args.actor, kind=args.kind)
    if args.json:
        print_json(
            {
                "operations": [
                    _where(d.found) | d.item.to_json() | {"undo": _undo(d)} for d in done
                ],
                "failed": failed_json(failed),
            }
        )
    else:
        lines = [f"{d.found.title}  {d.found.name}  {activity_line(d.item)}" for d in done]
        lines = lines or ["MemDesk has saved nothing yet in the workspaces scanned"]
        write_lines(lines + failed_lines(failed))
    return EXIT_REFUSED if failed else EXIT_OK


def _undo(d: Done) -> str:
    f = d.found
    return f"memdesk undo {shlex.quote(str(f.path))} {d.item.op_id} --agent {f.agent}"


def cmd_list_all(args: argparse.Namespace) -> int:
    """The memories matching the query in every workspace scanned, grouped by workspace, each
    group with the command that shows one of its memories there."""
    from core.inbox import search, unlisted

    no_path(args)
    workspaces = scanned()
    hits, failed = search(workspaces, args.all, section=args.section, profile=args.profile)
    hits = [h for h in hits if h.rows or h.problems]
    failed += [unlisted(h) for h in hits if h.problems]
    if args.json:
        print_json(
            {
                "results": [
                    _where(h.found) | r.fields | {"open": _show(h.found, r.ref)}
                    for h in hits
                    for r in h.rows
                ],
                "failed": failed_json(failed),
            }
        )
    else:
        found = [line for h in hits if h.rows for line in _hit_lines(h)]
        write_lines(found or [_nothing_found(args.all, len(workspaces))])
        write_lines(failed_lines(failed))
    return EXIT_REFUSED if failed else EXIT_OK


def _nothing_found(query: str, workspaces: int) -> str:
    return f"no memory matches {query!r} in the {counted(workspaces, 'workspace')} `memdesk scan` lists"


def _hit_lines(h: Hits) -> list[str]:
    f = h.found
    head = f"{f.title}  {f.name}: {len(h.rows)} found ({_show(f, 'ID')} shows one)"
    return [head, *(f"    {r.ref}  {first_line(r.fields.get('content'), 90)}" for r in h.rows)]


def _show(f: Found, ref: str) -> str:
    return f"memdesk show {shlex.quote(str(f.path))} {shlex.quote(ref)} --agent {f.agent}"


def no_path(args: argparse.Namespace) -> None:
    if args.path is not None:
        raise WorkspaceError(
            f"{args.path}: --all reads every workspace `memdesk scan` lists; give no PATH",
            exit_code=EXIT_ERROR,
        )
