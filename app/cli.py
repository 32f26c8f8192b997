"""The `memdesk` command line (SPEC 7). Exit 0 = success, 1 = problems found or action refused,
2 = usage or I/O error. Every command asks the agent plug-in the folder belongs to
(`core.agents.registry`), through the same core operations the window uses."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import itertools
import json
import logging
import os
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from core.agents.registry import NAMES, demo_layouts
from core.formats.text import InputError, gc_paused
from core.secrets import scrubbed_stderr_handler
from core.store.errors import WorkspaceError
from core.times import shown_time

EXIT_OK, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # where the agent's chunker split an emoji
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # kept out of messages: one line, no escapes
_TERMINAL_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but \t and \n
# The window and the benchmark run as long as the person wants: they keep the collector.
_LONG_RUNNING = frozenset({"open", "bench"})
CHECK_SHOWN = 20  # problems of one kind `check` prints before it only counts the rest


def main(argv: Sequence[str] | None = None) -> int:
    _escape_what_cannot_be_written()
    stderr = scrubbed_stderr_handler()
    stderr.addFilter(_Once())
    logging.basicConfig(level=logging.WARNING, handlers=[stderr])
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return cmd_open(argparse.Namespace(path=None, demo=False))
    handler: Callable[[argparse.Namespace], int] = args.handler
    # A command lives for seconds and builds no reference cycles worth collecting; the collector
    # would walk a million memories several times over (a second and more).
    paused = gc_paused() if args.command not in _LONG_RUNNING else contextlib.nullcontext()
    with paused, _terminal_safe():
        return _run(handler, args)


class _Once(logging.Filter):
    """Each warning once per command, though a command may read a workspace twice."""

    def __init__(self) -> None:
        super().__init__()
        self.said: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message in self.said:
            return False
        self.said.add(message)
        return True


class _Escaped:
    """A terminal's stream that shows control characters from memory files as escapes: text
    from a file must not move the cursor, recolour or retitle the person's terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(_TERMINAL_CONTROL.sub(_shown, text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _shown(m: re.Match[str]) -> str:
    return f"\\x{ord(m.group()):02x}"


@contextlib.contextmanager
def _terminal_safe() -> Iterator[None]:
    """stdout and stderr escaped while they are terminals (a pipe gets the bytes as they are)."""
    saved = sys.stdout, sys.stderr
    if sys.stdout.isatty():
        sys.stdout = _Escaped(sys.stdout)
    if sys.stderr.isatty():
        sys.stderr = _Escaped(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        code = handler(args)
    except (WorkspaceError, InputError) as exc:
        return _fail(str(exc), getattr(exc, "exit_code", EXIT_ERROR))
    except BrokenPipeError:
        return EXIT_OK  # `memdesk list ... | head`
    except OSError as exc:  # met where no reader worded it: the file the system names
        from core.store.files import read_error

        where = Path(exc.filename) if exc.filename else getattr(args, "path", Path("."))
        return _fail(str(read_error(where, exc, "file or folder")), EXIT_ERROR)
    except Exception as exc:  # a bug of MemDesk's: one line; MEMDESK_DEBUG=1 shows where
        if os.environ.get("MEMDESK_DEBUG") == "1":
            raise
        where = getattr(args, "path", None) or "memdesk"
        what = _CONTROL.sub(lambda m: repr(m.group())[1:-1], f"{type(exc).__name__}: {exc}")
        return _fail(f"{where}: failed: {what} (MEMDESK_DEBUG=1 shows where)", EXIT_ERROR)
    _warn_unreadable_journal(args)
    return code


def _warn_unreadable_journal(args: argparse.Namespace) -> None:
    """A command that went on without the journal (it cannot be read) says so, in one line."""
    from core.store.commit import journal_unreadable

    root = getattr(args, "journal_root", None)
    problem = None if root is None else journal_unreadable(root)
    if problem is not None:
        print(f"memdesk: warning: {problem}", file=sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memdesk",
        description="Audit and curate the file-based memory of LLM agents "
        f"({', '.join(NAMES)}). Without a command, opens the window.",
        epilog="Exit codes: 0 success, 1 problems found or action refused, 2 usage or I/O error.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    open_ = sub.add_parser("open", help="open the window (default: last workspace, else the demo)")
    open_.add_argument("path", type=Path, nargs="?", default=None, help="workspace folder or file")
    open_.add_argument("--demo", action="store_true", help="open the demo workspace")
    open_.set_defaults(handler=cmd_open)

    demo = sub.add_parser("demo", help="write a demo workspace")
    demo.add_argument("dir", type=Path, help="an empty or new folder to write it into")
    demo.add_argument(
        "--layout",
        choices=sorted(demo_layouts()),
        default=NAMES[0],
        help="whose memory: picoclaw makes DIR a PicoClaw home (its workspace is DIR/workspace)",
    )
    demo.add_argument(
        "--entries", type=_non_negative, default=None, help="long-term memories to write"
    )
    demo.add_argument("--seed", type=int, default=0, help="the same seed writes the same files")
    demo.set_defaults(handler=cmd_demo)

    check = _with_path(sub.add_parser("check", help="parse everything, report counts and problems"))
    check.set_defaults(handler=cmd_check)

    lst = _with_path(sub.add_parser("list", help="every memory of every file"))
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

    backups = _with_path(
        sub.add_parser("backups", help="every backup of the memory file MemDesk can find"),
        profile=False,
    )
    backups.set_defaults(handler=cmd_backups)

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

    snapshots = _with_path(
        sub.add_parser("snapshots", help="the agent's policy snapshots, with what each holds"),
        profile=False,
    )
    snapshots.set_defaults(handler=cmd_snapshots)

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
    )
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
    )
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
        decide.add_argument("ids", nargs="*", type=int, metavar="PROPOSAL_ID")
        decide.add_argument("--all", action="store_true", help="every pending proposal")
        decide.set_defaults(handler=cmd_approve if verb == "approve" else cmd_reject)

    bench = sub.add_parser("bench", help="performance figures beside their baselines (SPEC 8)")
    bench.add_argument("--entries", type=_positive, default=100_000, help="memories to measure")
    bench.add_argument("--repeat", type=_positive, default=3, help="runs per figure (median)")
    bench.add_argument("--json", action="store_true", help="print JSON")
    bench.set_defaults(handler=cmd_bench)
    return parser


def _with_path(parser: argparse.ArgumentParser, *, profile: bool = True) -> argparse.ArgumentParser:
    parser.add_argument("path", type=Path, help="workspace folder (or a memory file)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--agent",
        choices=NAMES,
        default=None,
        help="read the folder as this agent's workspace (when more than one agent's layout fits)",
    )
    if profile:
        parser.add_argument(
            "--profile",
            choices=["everbot", "tiered"],
            default=None,
            help="EverBot's scoring policy (default: the one saved or detected)",
        )
    return parser


# -- commands ------------------------------------------------------------------------------------


def cmd_open(args: argparse.Namespace) -> int:
    from app.gui import demo_workspace, run_gui

    if args.path is not None and not args.path.exists():
        return _fail(f"{args.path}: no such file or folder", EXIT_ERROR)
    return run_gui(demo_workspace() if args.demo else args.path)


def cmd_demo(args: argparse.Namespace) -> int:
    from core.demo import DemoError, write_demo

    try:
        result = write_demo(args.dir, layout=args.layout, entries=args.entries, seed=args.seed)
    except DemoError as exc:
        return _fail(str(exc), EXIT_ERROR)
    except OSError as exc:
        return _fail(f"{args.dir}: cannot write the demo: {exc.strerror or exc}", EXIT_ERROR)
    print(
        f"wrote {result.entries} memories to {result.memory_file} ({len(result.backups)} backups)"
    )
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from core.agents.everbot.fields import problem_json

    agent, path = _resolve(args)
    report = agent.check(path, profile=getattr(args, "profile", None))
    problems, warnings = report.problems, report.warnings
    if args.json:
        _print_json(
            {
                "agent": report.agent,
                "layout": report.agent,
                "entries": report.entries,
                "sources": [asdict(s) for s in report.sources],
                "problems": [problem_json(p) for p in problems],
                "warnings": [problem_json(w) for w in warnings],
                **report.extra,
            }
        )
        return EXIT_PROBLEMS if problems else EXIT_OK
    lines = [report.summary]
    if len(report.sources) > 1:
        lines += [f"  {s.kind:<22} {s.entries:>5}  {s.path}" for s in report.sources]
    lines += _findings("problem", problems)
    lines += _findings("warning", warnings)
    if not problems:
        lines.append("  no problems")
    sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_PROBLEMS if problems else EXIT_OK


def _findings(label: str, found: Sequence[Any]) -> list[str]:
    """One line per problem; past CHECK_SHOWN of one kind, a count (--json lists them all)."""
    lines, shown = [], Counter[str]()
    for p in found:
        shown[p.kind] += 1
        if shown[p.kind] <= CHECK_SHOWN:
            lines.append(f"  {label}  {p.file}:{p.line}: {p.message}")
    for kind, n in shown.items():
        if n > CHECK_SHOWN:
            lines.append(f"  {label}  … and {n - CHECK_SHOWN:,} more {kind} (--json lists all)")
    return lines


def cmd_list(args: argparse.Namespace) -> int:
    """Every memory that can be read; a file that cannot is named on stderr (exit 1)."""
    agent, path = _resolve(args)
    problems: list[Any] = []
    rows = agent.rows(
        path, section=args.section, query=args.query, profile=args.profile, problems=problems
    )
    hits = _backup_hits(agent, path, args.query) if args.backups else []
    if args.json:
        _print_json([r.fields for r in rows] + [{**h.to_json(), "section": "backup"} for h in hits])
    else:
        header = getattr(agent, "list_header", None)
        if rows or header:
            _write_lines(itertools.chain([header] if header else [], (r.text for r in rows)))
        for hit in hits:
            print(f"only in {hit.backup.rel}  [{hit.key}] {_first_line(hit.content)}")
    for p in problems:
        _fail(f"not listed: {p.message}", EXIT_PROBLEMS)
    return EXIT_PROBLEMS if problems else EXIT_OK


def _backup_hits(agent: Any, path: Path, query: str | None) -> list[Any]:
    from core.store.backups_view import search_backups

    if not query:
        raise WorkspaceError("list --backups: give the words to look for with --query")
    return search_backups(agent.backups(path), query)


def _write_lines(lines: Iterable[str], batch: int = 10_000) -> None:
    """Lines to stdout a batch at a time: a million memories never make one 100 MB string."""
    write = sys.stdout.write
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) == batch:
            write("\n".join(chunk) + "\n")
            chunk.clear()
    if chunk:
        write("\n".join(chunk) + "\n")


def cmd_show(args: argparse.Namespace) -> int:
    from core.agents.base import named, namesakes, namesakes_line

    agent, path = _resolve(args)
    args.id = _in_workspace(path, args.id)  # FILE:ID with the file's absolute path
    unread: list[Any] = []
    rows = agent.candidates(path, args.id, profile=args.profile, problems=unread)
    matches = named(rows, args.id, unread)
    if not matches:  # gone from the live files: the newest backup holding it, marked as such
        return _show_from_backup(agent, path, args)
    row = _one(agent, path, matches, args.id)
    data, lines = agent.show(path, row, profile=args.profile)
    others = namesakes(rows, row)
    if others:  # the person asked for one of several: say which others there are
        data["same_id"] = others
        lines.insert(1, "  " + namesakes_line(row.id, others))
    if args.json:
        _print_json(data)
    else:
        sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_OK


def _show_from_backup(agent: Any, path: Path, args: argparse.Namespace) -> int:
    from core.store.backups_view import only_in_backups

    found = only_in_backups(agent.backups(path), args.id)
    if found is None:
        _one(agent, path, [], args.id)  # says there is no such memory (exit 1)
    assert found is not None
    if args.json:
        _print_json(found)
        return EXIT_OK
    lines = [
        f"[{found['id']}] only in the backup {found['only_in']} ({shown_time(found['backup_at'])}), "
        "not in the live file",
        "",
        "  " + str(found.get("content", "")).replace("\n", "\n  "),
    ]
    _write_lines(lines)
    return EXIT_OK


def cmd_add(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    ws = agent.open(path)
    file = None if args.file is None else _in_workspace(path, args.file)
    changeset = agent.add(ws, _text(args.text), file=file, category=args.category, score=args.score)
    return _commit(ws, [changeset])


def cmd_edit(args: argparse.Namespace) -> int:
    if args.text is None and args.category is None and args.score is None:
        return _fail("edit: give --text, --category or --score", EXIT_ERROR)
    agent, path = _resolve(args)
    args.id = _in_workspace(path, args.id)
    row = _one(agent, path, agent.lookup(path, args.id, profile=args.profile), args.id)
    ws = agent.open(path)
    text = None if args.text is None else _text(args.text)
    changeset = agent.edit(ws, row, text=text, category=args.category, score=args.score)
    return _commit(ws, [changeset])


def cmd_change(args: argparse.Namespace) -> int:
    """delete, archive, unarchive, pin: one change set per memory, saved together."""
    agent, path = _resolve(args)
    unread: list[Any] = []
    rows = agent.rows(path, profile=args.profile, problems=unread)
    from core.agents.base import named

    ids = dict.fromkeys(_in_workspace(path, i) for i in args.ids)
    chosen = [_one(agent, path, named(rows, i, unread), i) for i in ids]
    ws = agent.open(path)
    make: dict[str, Callable[[Any, Any], Any]] = {
        "delete": agent.delete,
        "archive": lambda ws, row: agent.archive(ws, row, archived=True),
        "unarchive": lambda ws, row: agent.archive(ws, row, archived=False),
        "pin": agent.pin,
    }
    return _commit(ws, [make[args.action](ws, row) for row in chosen])


def _commit(ws: Any, changesets: list[Any], cause: str | None = None) -> int:
    """Apply the change sets to the open workspace and save it through the guarded commit, as
    one operation (`cause`: how the journal names it, else "edited in MemDesk")."""
    from core.ops import apply_and_save

    saved = apply_and_save(ws, changesets, cause)
    for changeset in changesets:
        print(changeset.label)
    _print_saved(saved)
    return EXIT_OK


def _print_saved(saved: list[Any]) -> None:
    for result in saved:
        backup = f", backup {result.backup}" if result.backup else ""
        print(f"wrote {result.path}{backup}")
        if result.notice:
            print(f"  {result.notice}")
    if not saved:
        print("nothing changed")


def cmd_decay(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    report = agent.decay(path, at=args.at or date.today(), apply=args.apply, profile=args.profile)
    if args.json:
        _print_json(report.json)
    else:
        sys.stdout.write("\n".join(report.lines) + "\n")
    return EXIT_OK


def cmd_retrieve(args: argparse.Namespace) -> int:
    from core.agents.picoclaw.retrieval import SEPARATOR

    agent, path = _resolve(args)
    chunks = agent.retrieve(path, args.query, args.limit)
    if args.json:
        _print_json(chunks)
    elif not any(chunks):
        print(f"(no chunk: {agent.title} would inject nothing from its memory for this message)")
    else:
        print(SEPARATOR.join(chunks))
    return EXIT_OK


def cmd_context(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    found = agent.context(path, today=args.date, scope=args.scope, project=args.project)
    if args.json:
        _print_json([part.to_json() for part in found.parts])
        return EXIT_OK
    lines = [found.title or agent.title, ""]
    for part in found.parts:
        cut = ", truncated" if part.truncated else ""
        lines.append(
            f"{part.label or part.file}: {part.injected_chars} of {part.chars} characters{cut}"
        )
        lines += [f"  {note}" for note in part.notes]
        if part.unseen:
            lines.append(f"  not seen by the model ({len(part.unseen)}):")
            lines += [f"    {item}" for item in part.unseen[:20]]
            more = len(part.unseen) - 20
            lines += [f"    … and {more} more"] if more > 0 else []
    for n, message in enumerate(found.messages, start=1):
        lines += ["", f"--- message {n} as the agent sends it ---", message]
    _write_lines(lines)
    return EXIT_OK


def cmd_chunks(args: argparse.Namespace) -> int:
    from core.agents.registry import indexer

    try:
        agent, path = _resolve(args)
    except WorkspaceError:
        if not args.path.is_dir():
            raise
        agent, path = indexer(), args.path  # any folder: cut the file as the indexing agent does
    found = agent.chunks(path, _in_workspace(path, args.file))
    if args.json:
        _print_json(found)
        return EXIT_OK
    for c in found:
        first = _LONE_SURROGATE.sub("\ufffd", str(c["content"]).split("\n", 1)[0][:70])
        print(f"{c['start_line']:>5}-{c['end_line']:<5} {str(c['hash'])[:12]}  {first}")
    return EXIT_OK


def cmd_bench(args: argparse.Namespace) -> int:
    from core.agents.everbot.bench import run_bench

    figures = run_bench(entries=args.entries, repeat=args.repeat)
    if args.json:
        _print_json(figures.as_json())
    else:
        print(figures.report())
    return EXIT_OK


def cmd_backups(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    found = agent.backups(path)
    rows = [b.to_json() for b in found]
    if args.json:
        _print_json(rows)
        return EXIT_OK
    if not rows:
        print(f"{agent.where(path)}: no backups found")
    for row, backup in zip(rows, found, strict=True):
        entries = "?" if row["entries"] is None else row["entries"]
        notes = [n for n in (backup.note, "too big to count" if backup.big else "") if n]
        note = f"  ({'; '.join(notes)})" if notes else ""
        print(
            f"{shown_time(backup.at)}  {row['origin']:<7} {entries:>6} entries {row['size']:>9} bytes  "
            f"{row['path']}{note}"
        )
    return EXIT_OK


def cmd_diff(args: argparse.Namespace) -> int:
    from core.store.backups_view import diff_versions, pick_backup, text_diff

    agent, path = _resolve(args)
    name = None if args.backup is None else _in_workspace(path, args.backup)
    backup = pick_backup(agent.backups(path), name, agent.where(path))
    if not backup.fits_whole():
        return _diff_big(backup, args)
    old, new = backup.read(), backup.read_live()
    result = diff_versions(backup.fmt, old, new)
    if args.json:
        _print_json({**result.to_json(), "backup": backup.rel, "file": backup.live})
        return EXIT_OK
    lines = [f"{backup.live} now against {backup.rel} ({shown_time(backup.at)}, {backup.origin})"]
    lines += _diff_lines(result)
    old_text = backup.fmt.render(old).decode("utf-8", "replace")
    new_text = backup.fmt.render(new).decode("utf-8", "replace")
    lines += ["", *text_diff(old_text, new_text, backup.rel, backup.live)]
    _write_lines(lines)
    return EXIT_OK


def _diff_big(backup: Any, args: argparse.Namespace) -> int:
    """A version too big to compare whole: one line saying so, then what changed per memory
    (read a memory at a time), never the text diff."""
    from core.store.backups_view import big_summary
    from core.store.files import BIG_FILE_BYTES

    summary = big_summary(backup)
    if args.json:
        _print_json({**summary.to_json(), "backup": backup.rel, "file": backup.live})
        return EXIT_OK
    mb = BIG_FILE_BYTES // (1024 * 1024)
    lines = [
        f"{backup.live} now against {backup.rel}: over {mb} MB, so no text diff; "
        f"what changed per memory ({_counted(summary.counts)}):"
    ]
    lines += _diff_lines(summary.diff)
    shown = len(summary.diff.added) + len(summary.diff.removed) + len(summary.diff.changed)
    if shown < sum(summary.counts.values()):
        lines.append(f"… the first {shown:,} shown (--json names as many, with the counts)")
    _write_lines(lines)
    return EXIT_OK


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(f"{n:,} {kind}" for kind, n in counts.items())


def _diff_lines(result: Any) -> list[str]:
    """The per-memory part of `diff`: + added, - removed, ~ changed with its fields."""
    lines = [f"+ [{m['key']}] {_first_line(m.get('content'))}" for m in result.added]
    lines += [f"- [{m['key']}] {_first_line(m.get('content'))}" for m in result.removed]
    for change in result.changed:
        lines.append(f"~ [{change['key']}]")
        for name, (before, after) in change["fields"].items():
            lines.append(f"    {name}: {_first_line(before)} -> {_first_line(after)}")
        if "score_delta" in change:
            lines.append(f"    score delta: {change['score_delta']:+.2f}")
    if result.empty:
        lines.append("no memory changed")
    return lines


def cmd_restore(args: argparse.Namespace) -> int:
    from core.agents.registry import file_kinds
    from core.ops.restore import restore_and_save
    from core.store.backups_view import pick_backup

    agent, path = _resolve(args)
    backup = pick_backup(agent.backups(path), _in_workspace(path, args.backup), agent.where(path))
    changeset, saved = restore_and_save(
        agent.open(path), backup, args.only, force=args.force, kind_of=file_kinds(agent)
    )
    print(changeset.label)
    _print_saved(saved)
    return EXIT_OK


def cmd_policy(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    values: dict[str, str | None] = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep:
            return _fail(f"policy: --set takes KEY=VALUE, not {item!r}", EXIT_ERROR)
        values[key.strip()] = value
    values |= dict.fromkeys(args.unset)
    if args.what_if:
        if not values and args.snapshot is None:
            return _fail(
                "policy: --what-if needs the values to try (--set, --unset; PicoClaw: --snapshot)",
                EXIT_ERROR,
            )
        found = agent.what_if(
            agent.open(path),
            values,
            args.at or date.today(),
            query=args.query,
            snapshot=args.snapshot,
        )
        return _print_what_if(found, args)
    if args.snapshot is not None or args.query is not None:
        return _fail("policy: --snapshot and --query go with --what-if", EXIT_ERROR)
    if values:
        ws = agent.open(path)
        _commit(ws, [agent.set_policy(ws, values)], cause="policy changed in MemDesk")
    rows = agent.policy(path)
    if args.json:
        _print_json({row.key: row.to_json() for row in rows})
        return EXIT_OK
    for row in rows:
        print(f"{row.key:<36} {json.dumps(row.value):>7}  {row.source:<9} {row.meaning}")
    return EXIT_OK


def _print_what_if(found: Any, args: argparse.Namespace) -> int:
    from core.agents.picoclaw.what_if import RetrieveWhatIf

    if args.json:
        _print_json(found.to_json())
        return EXIT_OK
    if isinstance(found, RetrieveWhatIf):
        _print_retrieve_what_if(found)
        return EXIT_OK
    print(found.summary())
    for row in found.rows:
        now, new = row.now, row.new
        parts = [f"score {now.score:.2f} -> {new.score:.2f}"]
        if now.fate != new.fate:
            parts.append(f"{now.fate} -> {new.fate}")
        if now.review != new.review:
            parts.append(f"review {now.review or 'none'} -> {new.review or 'none'}")
        print(f"  {row.id:<8} {'; '.join(parts):<52} {_first_line(row.content, 50)}")
    print("nothing written: run without --what-if to save the values")
    return EXIT_OK


def _print_retrieve_what_if(found: Any) -> None:
    """PicoClaw's what-if: the policy values that differ, then the chunks side by side."""
    print(found.summary())
    _print_policy_differences(found.differences, "now", "new")
    rows = found.side_by_side()
    if rows:
        print(f"  {'#':>3}  {'now':<48} | new")
    for rank, (now, new) in enumerate(rows, start=1):
        print(f"  {rank:>3}  {_chunk_cell(now, 48)} | {_chunk_cell(new, 48).rstrip()}")
    print("nothing written: run without --what-if to save the values")


def _chunk_cell(chunk: str | None, width: int) -> str:
    """A chunk's first line in `width` terminal columns (a CJK character takes two), padded."""
    text = "(not injected)" if chunk is None else chunk
    first = text.split("\n", 1)[0]
    sizes = [2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in first]
    if sum(sizes) > width or "\n" in text:
        used = kept = 0
        while kept < len(first) and used + sizes[kept] <= width - 1:
            used += sizes[kept]
            kept += 1
        first, sizes = first[:kept] + "…", [*sizes[:kept], 1]
    return first + " " * (width - sum(sizes))


def _print_policy_differences(differences: Sequence[Any], a: str, b: str) -> None:
    from core.agents.picoclaw.what_if import shown

    if differences:
        print(f"  {'key':<36} {a:<36} {b}")
    for d in differences:
        print(f"  {d.key:<36} {shown(d.a):<36} {shown(d.b)}")


def cmd_policy_diff(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    found = agent.policy_diff(path, args.snapshot, args.other)
    if args.json:
        _print_json(found.to_json())
        return EXIT_OK
    print(found.summary())
    _print_policy_differences(found.differences, "snapshot", args.other or "now")
    return EXIT_OK


def cmd_review(args: argparse.Namespace) -> int:
    """Review, then list the open proposals; exit 1 when the reviewer could not decide one."""
    import asyncio

    from core.review.queue import listed, run_review

    agent, path = _resolve(args)
    run = None
    if not args.list:
        reviewer = _reviewer(args)
        run = asyncio.run(run_review(agent, path, reviewer, today=args.at or date.today()))
        if not args.json:
            print(run.summary())
    proposals = listed(path)
    if args.json:
        _print_json([_proposal_json(p) for p in proposals])
    else:
        for p in proposals:
            status = "" if p.status == "pending" else f" [{p.status}]"
            print(
                f"#{p.id:<5} {p.decision:<8} {p.trigger:<13} {p.memory_id:<10} "
                f"{_first_line(p.reasons, 90)}{status}"
            )
        if not proposals:
            print("the review queue is empty")
    if run is not None and run.failed:
        for pid, why in run.failed:
            print(f"#{pid} failed: {_first_line(why, 200)}", file=sys.stderr)
        return EXIT_PROBLEMS
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


def _chosen_ids(args: argparse.Namespace) -> list[int]:
    from core.review.queue import pending

    if args.all:
        return [p.id for p in pending(args.path)]
    if not args.ids:
        raise WorkspaceError("name the proposals (PROPOSAL_ID...) or --all", exit_code=EXIT_ERROR)
    return list(dict.fromkeys(args.ids))


def cmd_approve(args: argparse.Namespace) -> int:
    """All the proposals named, as one operation, or none (exit 1, each reason printed)."""
    from core.review.queue import Refused, approve

    agent, path = _resolve(args)
    args.path = path
    ids = _chosen_ids(args)
    if not ids:
        print("the review queue is empty")
        return EXIT_OK
    try:
        decided = approve(agent, path, ids)
    except Refused as refused:
        if args.json:
            _print_json({"applied": [], "refused": refused.reasons, "op": None})
        print(f"nothing was applied ({len(ids)} proposals named):", file=sys.stderr)
        for pid, why in sorted(refused.reasons.items()):
            print(f"  #{pid}: {why}", file=sys.stderr)
        return EXIT_PROBLEMS
    if args.json:
        _print_json({"applied": decided.applied, "refused": {}, "op": decided.op_id})
    elif decided.op_id is None:
        print(f"applied {_ids(decided.applied)}: no file needed to change")
    else:
        print(
            f"applied {_ids(decided.applied)} as one operation ({decided.op_id[:8]}; `undo` takes it back)"
        )
    return EXIT_OK


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(f"#{i}" for i in ids)


def cmd_reject(args: argparse.Namespace) -> int:
    from core.review.queue import reject

    _agent, path = _resolve(args)
    args.path = path
    ids = _chosen_ids(args)
    rejected = reject(path, ids)
    if args.json:
        _print_json({"rejected": rejected})
    elif rejected:
        print(f"rejected {', '.join(f'#{i}' for i in rejected)}")
    else:
        print("the review queue is empty")
    return EXIT_OK


def cmd_snapshots(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    found = agent.snapshots(path)
    if args.json:
        _print_json([s.to_json(path) for s in found])
        return EXIT_OK
    if not found:
        print(f"{agent.where(path)}: no policy snapshots")
    for snapshot in found:
        row = snapshot.to_json(path)
        held = row["error"] or json.dumps(row["values"], ensure_ascii=False, sort_keys=True)
        print(f"{shown_time(row['at'])}  {row['path']}  {held}")
    return EXIT_OK


def cmd_policy_restore(args: argparse.Namespace) -> int:
    agent, path = _resolve(args)
    ws = agent.open(path)
    changeset = agent.restore_snapshot(ws, _in_workspace(path, args.snapshot))
    return _commit(ws, [changeset], cause=f"policy snapshot {args.snapshot} restored")


def cmd_where(args: argparse.Namespace) -> int:
    from core.ops.where import where

    agent, path = _resolve(args)
    found = where(agent, agent.open(path), args.what)
    if args.json:
        _print_json([p.to_json() for p in found.places])
        return EXIT_OK
    subject = f"memory {found.memory}" if found.memory else repr(args.what)
    if not found.places:
        print(f"{subject}: no other place holds it")
    for place in found.places:
        print(f"{place.kind:<10} {place.file}:{place.line}  {_first_line(place.text, 80)}")
    return EXIT_OK


def cmd_forget(args: argparse.Namespace) -> int:
    from core.ops.where import forget_everywhere, where

    agent, path = _resolve(args)
    args.prune_backup = [_in_workspace(path, rel) for rel in args.prune_backup]
    ws = agent.open(path)
    found = where(agent, ws, args.what)
    done = forget_everywhere(ws, found, args.prune_backup)
    if not done.changesets and not args.prune_backup:
        print("nothing to forget: no file MemDesk edits holds it")
    if done.changesets:
        for changeset in done.changesets:
            print(changeset.label)
        _print_saved(done.saved)
    for rel in done.untouched:
        print(f"not changed (read-only in MemDesk): {rel}")
    for rel in done.pruned:
        print(f"deleted the backup {rel}")
    kept = [p.file for p in found.of_kind("backup") if p.file not in args.prune_backup]
    for rel in dict.fromkeys(kept):
        print(f"still in the backup {rel} (--prune-backup {rel} deletes it)")
    for rel in dict.fromkeys(p.file for p in found.of_kind("agent-db")):
        print(f"still in the agent's database: {rel} (MemDesk never writes there)")
    return EXIT_OK


def cmd_activity(args: argparse.Namespace) -> int:
    from core.ops.activity import operations

    agent, path = _resolve(args)
    ops = operations(
        agent.open(path).root,
        memory_id=args.memory,
        actor=args.actor,
        kind=args.kind,
        limit=args.limit,
    )
    if args.json:
        _print_json([op.to_json() for op in ops])
        return EXIT_OK
    if not ops:
        print(f"{agent.where(path)}: MemDesk has saved nothing here yet")
    for op in ops:
        undone = f"  [undone by {op.undone_by[:12]}]" if op.undone_by else ""
        ids = f": {op.memories}" if op.memories else ""
        print(f"{op.op_id[:12]}  {shown_time(op.at)}  {op.actor:<8} {op.summary}{ids}{undone}")
    return EXIT_OK


def cmd_undo(args: argparse.Namespace) -> int:
    from core.ops.undo import undo_and_save

    agent, path = _resolve(args)
    undo, saved = undo_and_save(agent.open(path), args.op)
    print(undo.label)
    if not undo.changesets:
        print("nothing to undo: the files already hold what was there before")
    _print_saved(saved)
    return EXIT_OK


def _first_line(value: Any, width: int = 70) -> str:
    text = "" if value is None else str(value)
    first = text.split("\n", 1)[0]
    return first[:width] + ("…" if len(first) > width or "\n" in text else "")


# -- helpers -------------------------------------------------------------------------------------


def _one(agent: Any, path: Path, matches: list[Any], memory_id: str) -> Any:
    """The one row `memory_id` names (`Agent.lookup`); an unknown id exits 1, an id several
    memories share exits 2 listing them."""
    if not matches:
        raise WorkspaceError(f"{agent.where(path)}: no memory with id {memory_id}", exit_code=1)
    if len(matches) > 1:
        choices = "".join(
            f"\n  {m.ref}  ({m.fields.get('section')}, line {m.line})" for m in matches
        )
        raise WorkspaceError(
            f"{agent.where(path)}: {len(matches)} memories have the id {memory_id}; "
            f"name one as FILE:ID:{choices}",
            exit_code=EXIT_ERROR,
        )
    return matches[0]


def _text(value: str) -> str:
    """The text given, or stdin for `-`."""
    return sys.stdin.read() if value == "-" else value


def _resolve(args: argparse.Namespace) -> tuple[Any, Path]:
    """The agent and path `args` name; the workspace's journal is looked at after the command."""
    from core.agents.registry import resolve

    agent, path = resolve(args.path, agent=args.agent)
    args.journal_root = path if path.is_dir() else path.parent
    return agent, path


def _in_workspace(path: Path, given: str) -> str:
    """A file of the workspace at `path` (or FILE:ID) as the person named it, as the commands
    take it, relative to the workspace: an absolute path inside the workspace becomes relative
    to it (as it is written, else once links are followed); one outside it is refused."""
    if not os.path.isabs(given):
        return given
    root = path if path.is_dir() else path.parent
    written = (root.absolute(), Path(os.path.abspath(given)))
    for base, target in (written, (root.resolve(), Path(given).resolve())):
        if target.is_relative_to(base) and target != base:
            return target.relative_to(base).as_posix()
    raise WorkspaceError(
        f"{given}: outside the workspace {root}; give a file inside it", exit_code=EXIT_PROBLEMS
    )


class _Version(argparse.Action):
    """Prints the installed version (read only when asked: it costs start-up time)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("memdesk")
        except PackageNotFoundError:
            found = "(not installed)"
        parser.exit(message=f"memdesk {found}\n")


def _escape_what_cannot_be_written() -> None:
    """stdout and stderr write a lone surrogate as JavaScript's JSON.stringify writes it,
    \\udxxx (so is any character the terminal's encoding lacks): valid JSON, and text that shows
    what the file holds. It comes from a \\udxxx escape in JSON the agent wrote, or from the
    agent's chunker cutting an emoji in two (it cuts text in UTF-16 units)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=_JSON_ESCAPE)


def _print_json(data: Any) -> None:
    """JSON on stdout (see `_escape_what_cannot_be_written`)."""
    write = sys.stdout.write
    for piece in _json_lines(data):
        write(piece)
    write("\n")


def _json_lines(data: Any, pad: str = "") -> Iterator[str]:
    """JSON laid out for reading and fast at a million memories: the outer object one key per
    line, each list one item per line, every item compact (json's C encoder; `indent` would
    send all of it through the pure-Python one, 26 s for `list --json` of 1,000,000)."""
    inner = pad + "  "
    if isinstance(data, dict) and data and not pad:
        yield "{"
        for n, (key, value) in enumerate(data.items()):
            yield f"{',' if n else ''}\n{inner}{json.dumps(key, ensure_ascii=False)}: "
            yield from _json_lines(value, inner)
        yield "\n}"
    elif isinstance(data, list) and data:
        yield "["
        for n, item in enumerate(data):
            yield f"{',' if n else ''}\n{inner}{json.dumps(item, ensure_ascii=False)}"
        yield f"\n{pad}]"
    else:
        yield json.dumps(data, ensure_ascii=False)


def _json_escape(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    units = exc.object[exc.start : exc.end].encode("utf-16-be", "surrogatepass")
    escaped = [f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2)]
    return "".join(escaped), exc.end


_JSON_ESCAPE = "memdesk.json"
codecs.register_error(_JSON_ESCAPE, _json_escape)


def _fail(message: str, code: int) -> int:
    print(f"memdesk: {message}", file=sys.stderr)
    return code


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


if __name__ == "__main__":
    sys.exit(main())
