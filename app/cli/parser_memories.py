"""The `memdesk` commands that read and change a workspace's memories: check, list, show, add,
edit, delete, archive, unarchive, pin, decay; where and forget."""

from __future__ import annotations

from app.cli.arguments import Commands, iso_date, score, with_force, with_path
from app.cli.reading import cmd_check, cmd_list, cmd_show, cmd_where
from app.cli.review import cmd_decay
from app.cli.writing import cmd_add, cmd_change, cmd_edit, cmd_forget

__all__ = ["add_memory_commands", "add_where_and_forget"]


def add_memory_commands(sub: Commands) -> None:
    """check, list, show, add, edit, delete, archive, unarchive, pin, decay."""
    check = with_path(sub.add_parser("check", help="parse everything, report counts and problems"))
    check.set_defaults(handler=cmd_check)

    lst = with_path(
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

    show = with_path(sub.add_parser("show", help="one memory with its score history"))
    show.add_argument("id", help="the memory's id, or FILE:ID when the id is in several files")
    show.set_defaults(handler=cmd_show)

    add = with_path(sub.add_parser("add", help="add a memory, written as the agent writes one"))
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
    add.add_argument("--score", type=score, default=None, help="EverBot: its score")
    with_force(add)
    add.set_defaults(handler=cmd_add)

    edit = with_path(sub.add_parser("edit", help="change one memory"))
    edit.add_argument("id", help="the memory's id, or FILE:ID")
    edit.add_argument("--text", default=None, help="its new text (- reads it from stdin)")
    edit.add_argument(
        "--category",
        default=None,
        help="EverBot: its new category; Pomeloclaw: a heartbeat entry's new category",
    )
    edit.add_argument("--score", type=score, default=None, help="EverBot: its new score")
    with_force(edit)
    edit.set_defaults(handler=cmd_edit)

    for name, what in (
        ("delete", "delete memories (backup first)"),
        ("archive", "move EverBot memories to Archived"),
        ("unarchive", "move EverBot memories back to Active"),
        ("pin", "promote EverBot memories to core (never decays)"),
    ):
        action = with_path(sub.add_parser(name, help=what))
        action.add_argument("ids", nargs="+", metavar="ID", help="ids, or FILE:ID")
        action.set_defaults(handler=cmd_change, action=name)

    decay = with_path(sub.add_parser("decay", help="preview (or --apply) decay up to a date"))
    decay.add_argument("--at", type=iso_date, default=None, help="ISO date (default: today)")
    decay.add_argument("--apply", action="store_true", help="write the new scores")
    decay.set_defaults(handler=cmd_decay)


def add_where_and_forget(sub: Commands) -> None:
    """where and forget: a memory's text in every file the agent reads."""
    where = with_path(
        sub.add_parser("where", help="every other place that holds a memory (or a text)"),
        profile=False,
    )
    where.add_argument("what", help="a memory id (as `list` prints it) or any text")
    where.set_defaults(handler=cmd_where)

    forget = with_path(
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
