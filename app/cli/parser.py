"""The `memdesk` argument parser: every command, its options and its handler. The commands'
arguments are added by group (`parser_memories`, `parser_agent`, `parser_history`,
`parser_review`), in the order `memdesk --help` lists them."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli.arguments import non_negative, positive
from app.cli.demo import cmd_bench, cmd_demo, cmd_open
from app.cli.parser_agent import add_agent_view_commands, add_policy_commands
from app.cli.parser_history import add_activity_commands, add_backup_commands
from app.cli.parser_memories import add_memory_commands, add_where_and_forget
from app.cli.parser_review import add_review_commands, add_scan_commands
from app.cli.remote import workspace_argument
from core import __version__
from core.registry import NAMES, all_agents, default_demo_layout, demo_layouts


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
        "--entries", type=non_negative, default=None, help="long-term memories to write"
    )
    demo.add_argument("--seed", type=int, default=0, help="the same seed writes the same files")
    demo.set_defaults(handler=cmd_demo)

    add_memory_commands(sub)
    add_agent_view_commands(sub)
    add_backup_commands(sub)
    add_policy_commands(sub)
    add_where_and_forget(sub)
    add_activity_commands(sub)
    add_review_commands(sub)
    add_scan_commands(sub)
    bench = sub.add_parser("bench", help="performance figures beside their baselines (SPEC 8)")
    bench.add_argument("--entries", type=positive, default=100_000, help="memories to measure")
    bench.add_argument("--repeat", type=positive, default=3, help="runs per figure (median)")
    bench.add_argument("--json", action="store_true", help="print JSON")
    bench.set_defaults(handler=cmd_bench)
    return parser


class _Version(argparse.Action):
    """Prints `memdesk 0.9.0` on stdout, where `$(memdesk --version)` reads it."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        print(f"memdesk {__version__}")
        parser.exit()
