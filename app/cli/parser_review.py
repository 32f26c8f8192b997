"""The `memdesk` commands over what waits for review: review, approve, reject, gate; scan and
inbox over every workspace on the machine."""

from __future__ import annotations

from pathlib import Path

from app.cli.arguments import Commands, iso_date, with_path
from app.cli.inbox import cmd_inbox
from app.cli.review import cmd_approve, cmd_gate, cmd_reject, cmd_review
from app.cli.scan import cmd_scan
from core.registry import NAMES

__all__ = ["add_review_commands", "add_scan_commands"]


def add_review_commands(sub: Commands) -> None:
    """review, approve, reject, gate."""
    review = with_path(
        sub.add_parser(
            "review",
            help="run the triggers and a reviewer; store its proposals in the queue and list "
            "the pending ones",
        ),
        profile=False,
        everywhere="review every workspace `memdesk scan` lists (each in its own journal) "
        "instead of PATH, then list what waits in all of them",
    )
    review.add_argument("--all", action="store_true", help=review.get_default("everywhere"))
    review.add_argument("--reviewer", choices=["rules", "llm"], default="rules")
    review.add_argument(
        "--llm-base-url", default=None, help="an OpenAI-compatible endpoint, e.g. http://host/v1"
    )
    review.add_argument("--llm-model", default=None, help="the model name the server knows")
    review.add_argument(
        "--llm-timeout", type=float, default=60.0, help="seconds to wait for each answer"
    )
    review.add_argument(
        "--at",
        type=iso_date,
        default=None,
        help="review as of this ISO date (decay, expired to-dos; default: today)",
    )
    review.add_argument(
        "--list", action="store_true", help="only list the open proposals (no new review)"
    )
    review.set_defaults(handler=cmd_review)
    for verb, what in (("approve", "apply"), ("reject", "drop")):
        decide = with_path(
            sub.add_parser(verb, help=f"{what} proposals of the review queue"), profile=False
        )
        decide.add_argument(
            "ids",
            nargs="*",
            metavar="ID",
            help="a proposal's number, or the id of a write the agent staged (as `review` lists)",
        )
        decide.add_argument(
            "--all", action="store_true", help="every pending proposal and staged write"
        )
        decide.set_defaults(handler=cmd_approve if verb == "approve" else cmd_reject)
    gate = with_path(
        sub.add_parser(
            "gate",
            help="the agent's approval gate (Hermes: memory.write_approval): show, or switch it",
        ),
        profile=False,
    )
    gate.add_argument("state", nargs="?", choices=["on", "off"], default=None)
    gate.add_argument(
        "--profile",
        default=None,
        help="Hermes: the named profile whose own gate (profiles/NAME/config.yaml) is shown or "
        "switched (default: the home's own)",
    )
    gate.set_defaults(handler=cmd_gate)


def add_scan_commands(sub: Commands) -> None:
    """scan and inbox: every workspace found on this machine."""
    scan = sub.add_parser(
        "scan",
        help="every agent's memory on this machine, with what waits in each",
        description="List every agent workspace found where the agents keep their memory, and in "
        "the folders added with --add: memories, size, review proposals and staged writes "
        "waiting, warnings, last change. Writes nothing.",
    )
    scan.add_argument("--json", action="store_true", help="print JSON")
    scan_folder = scan.add_mutually_exclusive_group()
    scan_folder.add_argument("--add", type=Path, metavar="DIR", help="scan this folder too")
    scan_folder.add_argument("--remove", type=Path, metavar="DIR", help="stop scanning it")
    scan.set_defaults(handler=cmd_scan)

    inbox = sub.add_parser(
        "inbox",
        help="what waits for review in every workspace scanned, with the command approving each",
        description="Every review proposal and staged write waiting in every workspace "
        "`memdesk scan` lists, oldest first, each with its workspace, agent and the exact "
        "`memdesk approve` command for it. Writes nothing.",
    )
    inbox.add_argument("--json", action="store_true", help="print JSON")
    inbox.add_argument("--agent", choices=NAMES, default=None, help="only this agent's workspaces")
    inbox.add_argument("--workspace", type=Path, default=None, help="only this workspace")
    inbox.set_defaults(handler=cmd_inbox)
