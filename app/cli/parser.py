"""The `memdesk` argument parser: every command, its options and its handler."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from app.cli.demo import cmd_bench, cmd_demo, cmd_open
from app.cli.history import cmd_activity, cmd_backups, cmd_diff, cmd_restore, cmd_undo
from app.cli.inbox import cmd_inbox
from app.cli.policy import cmd_policy, cmd_policy_diff, cmd_policy_restore, cmd_snapshots
from app.cli.reading import (
    cmd_check,
    cmd_chunks,
    cmd_context,
    cmd_list,
    cmd_retrieve,
    cmd_show,
    cmd_where,
)
from app.cli.remote import ADDRESS_HELP, workspace_argument
from app.cli.review import cmd_approve, cmd_decay, cmd_gate, cmd_reject, cmd_review
from app.cli.scan import cmd_scan
from app.cli.writing import cmd_add, cmd_change, cmd_edit, cmd_forget
from core.registry import NAMES, all_agents, default_demo_layout, demo_layouts, profile_names


def _homes_help() -> str:
    """Where the window looks for each agent's memory when given no path (`found_homes`)."""
    where = "; ".join(f"{a.title}: {a.home_hint}" for a in all_agents() if a.home_hint)
    return (
        "Given no path, the window opens the last workspace; else an agent's memory where the "
        f"agent keeps it, the most recently changed if several are found ({where}); else the "
        "demo."
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memdesk",
        description="Audit and curate the file-based memory of LLM agents "
        f"({', '.join(NAMES)}). Without a command, opens the window.",
        epilog=f"{_homes_help()} "
        "Exit codes: 0 success, 1 problems found or action refused, 2 usage or I/O error.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    open_ = sub.add_parser(
        "open",
        help="open the window (default: last workspace, else an agent's home, else the demo)",
        description=f"Open the window. {_homes_help()}",
    )
    open_.add_argument(
        "path", type=workspace_argument, nargs="?", default=None, help="workspace folder or file"
    )
    open_.add_argument("--demo", action="store_true", help="open the demo workspace")
    open_.set_defaults(handler=cmd_open)

    demo = sub.add_parser("demo", help="write a demo workspace")
    demo.add_argument("dir", type=Path, help="an empty or new folder to write it into")
    demo.add_argument(
        "--layout",
        choices=sorted(demo_layouts()),
        default=default_demo_layout(),
        help="whose memory: picoclaw makes DIR a PicoClaw home (its workspace is DIR/workspace)",
    )
    demo.add_argument(
        "--entries", type=_non_negative, default=None, help="long-term memories to write"
    )
    demo.add_argument("--seed", type=int, default=0, help="the same seed writes the same files")
    demo.set_defaults(handler=cmd_demo)

    check = _with_path(sub.add_parser("check", help="parse everything, report counts and problems"))
    check.set_defaults(handler=cmd_check)

    lst = _with_path(
        sub.add_parser("list", help="every memory of every file"),
        everywhere="search every workspace `memdesk scan` lists instead of PATH",
    )
    lst.add_argument("--all", metavar="QUERY", default=None, help=lst.get_default("everywhere"))
    lst.add_argument(
        "--section",
        default="all",
        help="EverBot: active, archived or all; PicoClaw: longterm, daily, profile or all; "
        "Pomeloclaw / Pomelobot: a scope (main), a kind (long_term, daily, heartbeat, "
        "transcript), SCOPE:KIND or all (default: all)",
    )
    lst.add_argument(
        "--query",
        default=None,
        help='EverBot: the window\'s search: words (typos tolerated), "phrase", -word, '
        "cat:fact, score<0.3, hits>=5, section:archived, activated:<30d, id:ab (best first); "
        "other agents: words that must all appear",
    )
    lst.add_argument(
        "--backups",
        action="store_true",
        help="with --query: also the memories only backups still hold whose text has every word",
    )
    lst.set_defaults(handler=cmd_list)

    show = _with_path(sub.add_parser("show", help="one memory with its score history"))
    show.add_argument("id", help="the memory's id, or FILE:ID when the id is in several files")
    show.set_defaults(handler=cmd_show)

    add = _with_path(sub.add_parser("add", help="add a memory, written as the agent writes one"))
    add.add_argument("text", help="the memory's text (- reads it from stdin)")
    add.add_argument(
        "--file",
        default=None,
        help="the file to add it to (PicoClaw: a daily note memory/YYYYMM/YYYYMMDD.md; "
        "Pomeloclaw / Pomelobot: a scope's file; default: the main long-term memory)",
    )
    add.add_argument(
        "--category",
        default=None,
        help="EverBot: its category (default: fact); Pomeloclaw: a heartbeat entry's (lesson)",
    )
    add.add_argument("--score", type=_score, default=None, help="EverBot: its score")
    _with_force(add)
    add.set_defaults(handler=cmd_add)

    edit = _with_path(sub.add_parser("edit", help="change one memory"))
    edit.add_argument("id", help="the memory's id, or FILE:ID")
    edit.add_argument("--text", default=None, help="its new text (- reads it from stdin)")
    edit.add_argument(
        "--category",
        default=None,
        help="EverBot: its new category; Pomeloclaw: a heartbeat entry's new category",
    )
    edit.add_argument("--score", type=_score, default=None, help="EverBot: its new score")
    _with_force(edit)
    edit.set_defaults(handler=cmd_edit)

    for name, what in (
        ("delete", "delete memories (backup first)"),
        ("archive", "move EverBot memories to Archived"),
        ("unarchive", "move EverBot memories back to Active"),
        ("pin", "promote EverBot memories to core (never decays)"),
    ):
        action = _with_path(sub.add_parser(name, help=what))
        action.add_argument("ids", nargs="+", metavar="ID", help="ids, or FILE:ID")
        action.set_defaults(handler=cmd_change, action=name)

    decay = _with_path(sub.add_parser("decay", help="preview (or --apply) decay up to a date"))
    decay.add_argument("--at", type=_iso_date, default=None, help="ISO date (default: today)")
    decay.add_argument("--apply", action="store_true", help="write the new scores")
    decay.set_defaults(handler=cmd_decay)

    retrieve = _with_path(
        sub.add_parser("retrieve", help="what the agent would inject for a message"),
        profile=False,
    )
    retrieve.add_argument("query", help="the user's message")
    retrieve.add_argument(
        "--limit", type=_positive, default=None, help="most chunks (default: the agent's policy)"
    )
    retrieve.set_defaults(handler=cmd_retrieve)

    context = _with_path(
        sub.add_parser("context", help="what the agent injects when a session starts"),
        profile=False,
    )
    context.add_argument(
        "--date", type=_iso_date, default=None, help="the day the session starts (default: today)"
    )
    context.add_argument(
        "--scope",
        default=None,
        help="Pomeloclaw / Pomelobot: the memory scope (default: main); OpenClaw: a users/<id> person",
    )
    context.add_argument(
        "--project",
        default=None,
        help="OpenClaw: the session's project (its project-annotated memories are then seen)",
    )
    context.set_defaults(handler=cmd_context)

    chunks = _with_path(
        sub.add_parser("chunks", help="a memory file's index chunks, as the agent cuts them"),
        profile=False,
    )
    chunks.add_argument("file", help="memory file, relative to the workspace")
    chunks.set_defaults(handler=cmd_chunks)

    _with_path(
        sub.add_parser("backups", help="every backup of the memory file MemDesk can find"),
        profile=False,
    ).set_defaults(handler=cmd_backups)

    diff = _with_path(
        sub.add_parser("diff", help="per-memory and text diff of a backup against the file"),
        profile=False,
    )
    diff.add_argument(
        "backup", nargs="?", default=None, help="a backup as `backups` prints it (default: newest)"
    )
    diff.set_defaults(handler=cmd_diff)

    restore = _with_path(
        sub.add_parser("restore", help="put back a backup: the whole file or some memories"),
        profile=False,
    )
    restore.add_argument("backup", help="a backup as `backups` prints it")
    restore.add_argument(
        "--only", nargs="+", metavar="ID", default=(), help="restore only these memories"
    )
    restore.add_argument(
        "--force",
        action="store_true",
        help="restore the whole file even when that removes most of its memories, changes "
        "the kind of file or brings back another agent's file (refused otherwise, naming what "
        "it would remove)",
    )
    restore.set_defaults(handler=cmd_restore)

    policy = _with_path(
        sub.add_parser(
            "policy",
            help="the agent's memory policy (EverBot: MemDesk's scoring profile of the "
            "workspace): each value and its source",
        ),
        profile=False,
    )
    policy.add_argument(
        "--set",
        action="append",
        metavar="KEY=VALUE",
        default=[],
        help="set a value (the previous file is kept first); repeat for more",
    )
    policy.add_argument(
        "--unset", action="append", metavar="KEY", default=[], help="back to the default value"
    )
    policy.add_argument(
        "--what-if",
        action="store_true",
        help="with --set/--unset (PicoClaw: or --snapshot): write nothing; list the memories "
        "whose score, section or review would change (PicoClaw: what retrieve injects for "
        "--query now and under the changed policy, side by side)",
    )
    policy.add_argument(
        "--snapshot",
        default=None,
        help="PicoClaw, with --what-if: try this policy snapshot (and --set/--unset over it)",
    )
    policy.add_argument(
        "--query", default=None, help="PicoClaw, with --what-if: the user's message"
    )
    policy.add_argument(
        "--at",
        type=_iso_date,
        default=None,
        help="with --what-if: decay up to this ISO date (PicoClaw: the day of the message)",
    )
    policy.set_defaults(handler=cmd_policy)

    _with_path(
        sub.add_parser("snapshots", help="the agent's policy snapshots, with what each holds"),
        profile=False,
    ).set_defaults(handler=cmd_snapshots)

    policy_diff = _with_path(
        sub.add_parser(
            "policy-diff",
            help="a policy snapshot against the policy now (or another snapshot): each key's "
            "override and the value the agent would use",
        ),
        profile=False,
    )
    policy_diff.add_argument("snapshot", help="a snapshot as `snapshots` prints it")
    policy_diff.add_argument(
        "other", nargs="?", default=None, help="another snapshot (default: the policy now)"
    )
    policy_diff.set_defaults(handler=cmd_policy_diff)

    policy_restore = _with_path(
        sub.add_parser("policy-restore", help="write a policy snapshot back as the overrides"),
        profile=False,
    )
    policy_restore.add_argument("snapshot", help="a snapshot as `snapshots` prints it")
    policy_restore.set_defaults(handler=cmd_policy_restore)

    where = _with_path(
        sub.add_parser("where", help="every other place that holds a memory (or a text)"),
        profile=False,
    )
    where.add_argument("what", help="a memory id (as `list` prints it) or any text")
    where.set_defaults(handler=cmd_where)

    forget = _with_path(
        sub.add_parser("forget", help="remove a memory's text from every file the agent reads"),
        profile=False,
    )
    forget.add_argument("what", help="a memory id (as `list` prints it) or any text")
    forget.add_argument(
        "--prune-backup",
        action="append",
        default=[],
        metavar="BACKUP",
        help="also delete this backup holding it (for good: backups cannot be undone)",
    )
    forget.set_defaults(handler=cmd_forget)

    activity = _with_path(
        sub.add_parser("activity", help="the operations MemDesk saved, newest first"),
        profile=False,
        everywhere="every workspace `memdesk scan` lists, merged, instead of PATH",
    )
    activity.add_argument("--all", action="store_true", help=activity.get_default("everywhere"))
    activity.add_argument("--memory", default=None, help="only operations that changed this id")
    activity.add_argument("--actor", default=None, help="person, decay, reviewer, …")
    activity.add_argument("--kind", default=None, help="create, edit, delete, decay, …")
    activity.add_argument("--limit", type=_positive, default=50, help="how many (default 50)")
    activity.set_defaults(handler=cmd_activity)

    undo = _with_path(
        sub.add_parser("undo", help="undo a saved operation (default: the newest)"),
        profile=False,
    )
    undo.add_argument(
        "op", nargs="?", default=None, help="an operation id (or its start) as `activity` prints it"
    )
    undo.set_defaults(handler=cmd_undo)

    review = _with_path(
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
        type=_iso_date,
        default=None,
        help="review as of this ISO date (decay, expired to-dos; default: today)",
    )
    review.add_argument(
        "--list", action="store_true", help="only list the open proposals (no new review)"
    )
    review.set_defaults(handler=cmd_review)
    for verb, what in (("approve", "apply"), ("reject", "drop")):
        decide = _with_path(
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
    gate = _with_path(
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

    bench = sub.add_parser("bench", help="performance figures beside their baselines (SPEC 8)")
    bench.add_argument("--entries", type=_positive, default=100_000, help="memories to measure")
    bench.add_argument("--repeat", type=_positive, default=3, help="runs per figure (median)")
    bench.add_argument("--json", action="store_true", help="print JSON")
    bench.set_defaults(handler=cmd_bench)
    return parser


def _with_force(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--force",
        action="store_true",
        help="write it even when the agent would refuse it or fail at its next write (Hermes; "
        "refused otherwise, saying why)",
    )


def _with_path(
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


class _Version(argparse.Action):
    """Prints the installed version (read only when asked: it costs start-up time)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        from core.remote.transport import local_version

        parser.exit(message=f"memdesk {local_version()}\n")


def _iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date (YYYY-MM-DD): {text!r}") from None


def _non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _score(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value < 1000:  # a finite score the journal and the file can hold
        raise argparse.ArgumentTypeError("must be a number from 0 up to 1000")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value
