"""The `memdesk` commands over what MemDesk kept: backups, diff, restore; activity, undo."""

from __future__ import annotations

from app.cli.arguments import Commands, positive, with_path
from app.cli.history import cmd_activity, cmd_backups, cmd_diff, cmd_restore, cmd_undo

__all__ = ["add_activity_commands", "add_backup_commands"]


def add_backup_commands(sub: Commands) -> None:
    """backups, diff, restore."""
    with_path(
        sub.add_parser("backups", help="every backup of the memory file MemDesk can find"),
        profile=False,
    ).set_defaults(handler=cmd_backups)

    diff = with_path(
        sub.add_parser("diff", help="per-memory and text diff of a backup against the file"),
        profile=False,
    )
    diff.add_argument(
        "backup", nargs="?", default=None, help="a backup as `backups` prints it (default: newest)"
    )
    diff.set_defaults(handler=cmd_diff)

    restore = with_path(
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


def add_activity_commands(sub: Commands) -> None:
    """activity and undo."""
    activity = with_path(
        sub.add_parser("activity", help="the operations MemDesk saved, newest first"),
        profile=False,
        everywhere="every workspace `memdesk scan` lists, merged, instead of PATH",
    )
    activity.add_argument("--all", action="store_true", help=activity.get_default("everywhere"))
    activity.add_argument("--memory", default=None, help="only operations that changed this id")
    activity.add_argument("--actor", default=None, help="person, decay, reviewer, …")
    activity.add_argument("--kind", default=None, help="create, edit, delete, decay, …")
    activity.add_argument("--limit", type=positive, default=50, help="how many (default 50)")
    activity.set_defaults(handler=cmd_activity)

    undo = with_path(
        sub.add_parser("undo", help="undo a saved operation (default: the newest)"),
        profile=False,
    )
    undo.add_argument(
        "op", nargs="?", default=None, help="an operation id (or its start) as `activity` prints it"
    )
    undo.set_defaults(handler=cmd_undo)
