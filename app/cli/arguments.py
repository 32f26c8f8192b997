"""What several `memdesk` commands take: the workspace argument and its options, --force, and
the checked values (dates, counts, scores)."""

from __future__ import annotations

import argparse
from datetime import date
from typing import TypeAlias

from app.cli.remote import ADDRESS_HELP, workspace_argument
from core.registry import NAMES, profile_names

__all__ = ["Commands", "iso_date", "non_negative", "positive", "score", "with_force", "with_path"]

# where a group of commands is added (`ArgumentParser.add_subparsers()`)
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def with_force(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--force",
        action="store_true",
        help="write it even when the agent would refuse it or fail at its next write (Hermes; "
        "refused otherwise, saying why)",
    )


def with_path(
    parser: argparse.ArgumentParser, *, profile: bool = True, everywhere: str = ""
) -> argparse.ArgumentParser:
    """The workspace argument and the options every workspace command takes; `everywhere`:
    the command's `--all` help, when it also runs over every workspace scanned (no PATH)."""
    if everywhere:
        parser.add_argument("path", type=workspace_argument, nargs="?", help=ADDRESS_HELP)
    else:
        parser.add_argument("path", type=workspace_argument, help=ADDRESS_HELP)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--remote-memdesk",
        default=None,
        metavar="COMMAND",
        help="for a workspace on a server: the memdesk command there (default: $MEMDESK_REMOTE, "
        "else memdesk)",
    )
    parser.add_argument(
        "--agent",
        choices=NAMES,
        default=None,
        help="read the folder as this agent's workspace (when more than one agent's layout fits)",
    )
    parser.set_defaults(everywhere=everywhere)
    if profile:
        parser.add_argument(
            "--profile",
            choices=profile_names(),
            default=None,
            help="EverBot's scoring policy (default: the one saved or detected)",
        )
    return parser


def iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date (YYYY-MM-DD): {text!r}") from None


def non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def score(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value < 1000:  # a finite score the journal and the file can hold
        raise argparse.ArgumentTypeError("must be a number from 0 up to 1000")
    return value


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value
