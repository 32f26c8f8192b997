"""The `memdesk` commands that show what the agent does with its memory and its policy:
retrieve, context, chunks, policy, snapshots, policy-diff, policy-restore."""

from __future__ import annotations

from app.cli.arguments import Commands, iso_date, positive, with_path
from app.cli.policy import cmd_policy, cmd_policy_diff, cmd_policy_restore, cmd_snapshots
from app.cli.reading import cmd_chunks, cmd_context, cmd_retrieve

__all__ = ["add_agent_view_commands", "add_policy_commands"]


def add_agent_view_commands(sub: Commands) -> None:
    """retrieve, context, chunks: what the agent reads of its memory."""
    retrieve = with_path(
        sub.add_parser("retrieve", help="what the agent would inject for a message"),
        profile=False,
    )
    retrieve.add_argument("query", help="the user's message")
    retrieve.add_argument(
        "--limit", type=positive, default=None, help="most chunks (default: the agent's policy)"
    )
    retrieve.set_defaults(handler=cmd_retrieve)

    context = with_path(
        sub.add_parser("context", help="what the agent injects when a session starts"),
        profile=False,
    )
    context.add_argument(
        "--date", type=iso_date, default=None, help="the day the session starts (default: today)"
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

    chunks = with_path(
        sub.add_parser("chunks", help="a memory file's index chunks, as the agent cuts them"),
        profile=False,
    )
    chunks.add_argument("file", help="memory file, relative to the workspace")
    chunks.set_defaults(handler=cmd_chunks)


def add_policy_commands(sub: Commands) -> None:
    """policy, snapshots, policy-diff, policy-restore."""
    policy = with_path(
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
        type=iso_date,
        default=None,
        help="with --what-if: decay up to this ISO date (PicoClaw: the day of the message)",
    )
    policy.set_defaults(handler=cmd_policy)

    with_path(
        sub.add_parser("snapshots", help="the agent's policy snapshots, with what each holds"),
        profile=False,
    ).set_defaults(handler=cmd_snapshots)

    policy_diff = with_path(
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

    policy_restore = with_path(
        sub.add_parser("policy-restore", help="write a policy snapshot back as the overrides"),
        profile=False,
    )
    policy_restore.add_argument("snapshot", help="a snapshot as `snapshots` prints it")
    policy_restore.set_defaults(handler=cmd_policy_restore)
