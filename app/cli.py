"""The `memdesk` command line (SPEC 7). Exit 0 = success, 1 = problems found or action refused,
2 = usage or I/O error. Every command shares the core operations the window uses."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from core.decay import apply_decay, preview_decay
from core.formats.text import InputError
from core.layout import agent_root
from core.models import Memory, memory_fields
from core.workspace import ConflictError, Workspace, WorkspaceError

EXIT_OK, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return cmd_open(argparse.Namespace(path=None, demo=False))
    handler: Callable[[argparse.Namespace], int] = args.handler
    if args.command != "demo" and isinstance(getattr(args, "path", None), Path):
        args.path = agent_root(args.path)  # PicoClaw's home folder: its workspace/
    try:
        return handler(args)
    except ConflictError as exc:
        return _fail(str(exc), EXIT_PROBLEMS)
    except (WorkspaceError, InputError) as exc:
        return _fail(str(exc), getattr(exc, "exit_code", EXIT_ERROR))
    except BrokenPipeError:
        return EXIT_OK  # `memdesk list ... | head`


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memdesk",
        description="Audit and curate the file-based memory of LLM agents. "
        "Without a command, opens the window.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    open_ = sub.add_parser("open", help="open the window (default: last workspace, else the demo)")
    open_.add_argument("path", type=Path, nargs="?", default=None)
    open_.add_argument("--demo", action="store_true", help="open the demo workspace")
    open_.set_defaults(handler=cmd_open)

    demo = sub.add_parser("demo", help="write a demo workspace")
    demo.add_argument("dir", type=Path)
    demo.add_argument(
        "--layout",
        choices=["everbot", "tiered", "picoclaw", "pomelobot"],
        default="everbot",
        help="picoclaw makes DIR a PicoClaw home: its workspace is DIR/workspace",
    )
    demo.add_argument("--entries", type=_non_negative, default=None)
    demo.add_argument("--seed", type=int, default=0)
    demo.set_defaults(handler=cmd_demo)

    check = _with_path(sub.add_parser("check", help="parse everything, report counts and problems"))
    check.set_defaults(handler=cmd_check)

    lst = _with_path(sub.add_parser("list", help="list memories"))
    lst.add_argument("--section", choices=["active", "archived", "all"], default="all")
    lst.add_argument(
        "--query",
        default=None,
        help='search as in the window: words (typos tolerated), "phrase", -word, cat:fact, '
        "score<0.3, hits>=5, section:archived, activated:<30d, id:ab (matches best first)",
    )
    lst.set_defaults(handler=cmd_list)

    show = _with_path(sub.add_parser("show", help="one memory with its score history"))
    show.add_argument("id")
    show.set_defaults(handler=cmd_show)

    decay = _with_path(sub.add_parser("decay", help="preview (or --apply) decay up to a date"))
    decay.add_argument("--at", type=_iso_date, default=None, help="ISO date (default: today)")
    decay.add_argument("--apply", action="store_true", help="write the new scores")
    decay.set_defaults(handler=cmd_decay)

    retrieve = sub.add_parser("retrieve", help="what the agent would inject for a message")
    retrieve.add_argument("path", type=Path, help="workspace folder")
    retrieve.add_argument("query", help="the user's message")
    retrieve.add_argument("--limit", type=int, default=None, help="default: the effective policy")
    retrieve.add_argument("--json", action="store_true")
    retrieve.set_defaults(handler=cmd_retrieve)

    chunks = sub.add_parser("chunks", help="Pomelobot's index chunks of one memory file")
    chunks.add_argument("path", type=Path, help="workspace folder")
    chunks.add_argument("file", help="memory file, relative to the workspace")
    chunks.add_argument("--json", action="store_true")
    chunks.set_defaults(handler=cmd_chunks)

    bench = sub.add_parser("bench", help="performance figures beside their baselines (SPEC 8)")
    bench.add_argument("--entries", type=_positive, default=100_000)
    bench.add_argument("--repeat", type=_positive, default=3)
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(handler=cmd_bench)
    return parser


def _with_path(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("path", type=Path, help="workspace folder or memory file")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--profile",
        choices=["everbot", "tiered"],
        default=None,
        help="scoring policy (default: detected)",
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
    from core.layout import detect

    found = detect(args.path) if args.path.is_dir() else None
    if found is not None and found.chosen in ("picoclaw", "pomelobot"):
        return _check_other(args, found)
    ws = _open(args)
    summary = ws.summary()
    if args.json:
        _print_json({**summary.model_dump(), "profile": ws.profile.name})
    else:
        print(
            f"{ws.path}: {summary.entries} memories ({summary.active} active, "
            f"{summary.archived} archived), profile {ws.profile.name}"
        )
        for p in summary.problems:
            print(f"  problem  {p.file}:{p.line}: {p.message}")
        for w in summary.warnings:
            print(f"  warning  {w.file}:{w.line}: {w.message}")
        if not summary.problems:
            print("  no problems")
    return EXIT_PROBLEMS if summary.problems else EXIT_OK


def _check_other(args: argparse.Namespace, found: Any) -> int:
    """PicoClaw and Pomelobot/OpenClaw workspaces: every memory file read as the agent would."""
    from core.check import check_other
    from core.models import FileProblem

    report = check_other(args.path, found)
    problems = [FileProblem.from_problem(p) for p in report.problems]
    warnings = [FileProblem.from_problem(p) for p in report.warnings]
    if args.json:
        _print_json(
            {
                "layout": report.layout,
                "entries": report.entries,
                "sources": [vars(s) for s in report.sources],
                "problems": [p.model_dump() for p in problems],
                "warnings": [w.model_dump() for w in warnings],
            }
        )
    else:
        print(f"{args.path}: {report.layout} workspace, {report.entries} memories")
        for source in report.sources:
            print(f"  {source.kind:<22} {source.entries:>5}  {source.path}")
        for p in problems:
            print(f"  problem  {p.file}:{p.line}: {p.message}")
        for w in warnings:
            print(f"  warning  {w.file}:{w.line}: {w.message}")
    return EXIT_PROBLEMS if problems else EXIT_OK


def _list_other(args: argparse.Namespace, found: Any) -> int:
    from core.check import list_other

    listed = list_other(args.path, found)
    if args.query:
        words = args.query.lower().split()
        listed = [m for m in listed if all(w in m.content.lower() for w in words)]
    if args.json:
        _print_json([m.as_json() for m in listed])
        return EXIT_OK
    for m in listed:
        first = m.content.split("\n", 1)[0]
        print(f"{m.source:<24} {m.when:<12} {first[:70]}")
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    from core.layout import detect

    found = detect(args.path) if args.path.is_dir() else None
    if found is not None and found.chosen in ("picoclaw", "pomelobot"):
        return _list_other(args, found)
    ws = _open(args)
    entries = [e for e in ws.doc.iter_entries() if args.section in ("all", e.section)]
    if args.query:
        from core.search import QueryError, search

        try:
            keys = search(entries, args.query, today=date.today())
        except QueryError as exc:
            return _fail(f"--query: {exc} (at character {exc.position + 1})", EXIT_ERROR)
        by_key = {e.key: e for e in entries}
        entries = [by_key[key] for key in keys]
    if args.json:
        _print_json([memory_fields(e, str(ws.path)) for e in entries])
        return EXIT_OK
    out = [
        f"{'ID':<8} {'CATEGORY':<12} {'SCORE':>6}  {'ACTIVATED':<10} {'HITS':>4}  SECTION   CONTENT"
    ]
    for e in entries:
        first = e.content.split("\n", 1)[0]
        first = first if len(first) <= 60 else first[:59] + "…"
        out.append(
            f"{e.key:<8} {e.category:<12} {e.score:>6.2f}  {e.last_activated:<10} "
            f"{e.activation_count:>4}  {e.section:<9} {first}"
        )
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK


def _show_other(args: argparse.Namespace, found: Any) -> int:
    """`show` for PicoClaw and Pomelobot/OpenClaw: ID is a key of `list`, or FILE:KEY (FILE
    relative to the workspace) when the same key is in several files."""
    import re

    from core.check import list_other

    root = args.path

    def rel(m: Any) -> str:
        return Path(m.file).relative_to(root).as_posix()

    listed = list_other(root, found)
    matches = [m for m in listed if args.id in (m.id, f"{rel(m)}:{m.id}")]
    if not matches:
        return _fail(f"{root}: no memory with id {args.id}", EXIT_PROBLEMS)
    if len(matches) > 1:
        choices = "".join(f"\n  {rel(m)}:{m.id}  ({m.source}, line {m.line})" for m in matches)
        return _fail(
            f"{root}: {len(matches)} memories have the id {args.id}; name one as FILE:ID:{choices}",
            EXIT_ERROR,
        )
    m = matches[0]
    if args.json:
        _print_json({**m.as_json(), "history": []})  # these formats keep no scores
        return EXIT_OK
    day = re.search(r"\d{4}-\d{2}-\d{2}", Path(m.file).name)
    if found.chosen == "picoclaw":
        dated = re.fullmatch(r"\d{4}-\d{2}-\d{2}", m.when)
        when = f"date {m.when}" if dated else f"heading {m.when}"
    else:
        when = (f"date {day.group()}, " if day else "") + f"time {m.when}"
    print(f"[{m.id}] {m.source} | {m.when}")
    print(f"  file {m.file}:{m.line}")
    print(f"  {when}")
    print()
    print("  " + m.content.replace("\n", "\n  "))
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    from core.layout import detect
    from core.scoring import forecast

    found = detect(args.path) if args.path.is_dir() else None
    if found is not None and found.chosen in ("picoclaw", "pomelobot"):
        return _show_other(args, found)
    ws = _open(args)
    entry = ws.find(args.id)
    if entry is None:
        return _fail(f"{ws.path}: no memory with id {args.id}", EXIT_PROBLEMS)
    points, state = ws.history(entry.key)
    history = [h.as_json() for h in points]
    memory = Memory.from_entry(entry, str(ws.path))
    last = _date_or_none(entry.last_activated)
    outlook = None
    if last is not None:
        anchor = state.anchor if state is not None else max(ws.default_anchor(), last)
        outlook = forecast(
            score=entry.score,
            category=entry.category,
            last_activated=last,
            anchor=anchor,
            profile=ws.profile,
        )
    if args.json:
        data: dict[str, Any] = memory.model_dump(exclude_none=True)
        data["history"] = history
        if outlook is not None:
            data["forecast"] = {
                k: (v.isoformat() if v else None) for k, v in _slot_values(outlook).items()
            }
        _print_json(data)
        return EXIT_OK
    print(f"[{memory.id}] {memory.category} | score {memory.score:.4f} | {memory.section}")
    print(
        f"  file {memory.file}:{memory.line}, last activated {memory.last_activated}, hits {memory.activation_count}"
    )
    for key in ("created_at", "source", "verified", "expires_at", "source_session"):
        value = getattr(memory, key)
        if value is not None:
            print(f"  {key}: {value}")
    for key, value in memory.meta_extra.items():
        print(f"  meta {key}: {json.dumps(value, ensure_ascii=False)}")
    print()
    print("  " + memory.content.replace("\n", "\n  "))
    print()
    if outlook is not None:
        for label, when in _slot_values(outlook).items():
            print(f"  {label.replace('_at', ''):<7} {when.isoformat() if when else 'never'}")
    print("  history:")
    for point in history:
        print(
            f"    {point['at']}  {float(point['score']):.4f}  {point['kind']:<8} {point['actor']}"
        )
    return EXIT_OK


def cmd_decay(args: argparse.Namespace) -> int:
    ws = _open(args)
    at: date = args.at or date.today()
    preview = preview_decay(ws, at)
    result = apply_decay(ws, preview) if args.apply and preview.changed else None
    if args.json:
        _print_json(preview.as_json() | {"applied": bool(args.apply)})
        return EXIT_OK
    verb = "changed" if args.apply else "would change"
    print(f"decay to {at.isoformat()} ({ws.profile.name}): {len(preview.changed)} scores {verb}")
    for c in preview.changed[:50]:
        print(f"  {c.id:<8} {c.before:.4f} -> {c.after:.4f}")
    if len(preview.changed) > 50:
        print(f"  … and {len(preview.changed) - 50} more")
    for t in preview.transitions[:50]:
        print(
            f"  {t.id:<8} would be {'archived' if t.to == 'archive' else 'deleted'} (score {t.score:.4f})"
        )
    if preview.transitions:
        print(
            f"  {len(preview.transitions)} archive/delete proposals: not applied, they await review"
        )
    if result is not None:
        backup = f", backup {result.backup}" if result.backup else ""
        print(f"wrote {result.path}{backup}")
    elif not args.apply:
        print("preview only: run with --apply to write")
    return EXIT_OK


def cmd_retrieve(args: argparse.Namespace) -> int:
    """PicoClaw: the chunks its keyword retrieval picks; a structured file: EverBot's prompt."""
    from core.agents.everbot.prompt import everbot_prompt
    from core.agents.picoclaw import format as picoclaw
    from core.agents.picoclaw import retrieval
    from core.layout import detect

    found = detect(args.path) if args.path.is_dir() else None
    if found is None or found.chosen not in ("picoclaw", "structured"):
        what = "no PicoClaw or structured memory here" if found is None or not found.candidates else (
            "more than one layout fits; choose one in the window" if found.ambiguous
            else f"{found.chosen} workspaces have no retrieval preview yet"
        )  # fmt: skip
        return _fail(f"{args.path}: {what}", EXIT_ERROR)
    if found.chosen == "structured":
        ws = Workspace.open(args.path)
        chunks = [everbot_prompt(ws.entries())]
    else:
        try:
            policy = picoclaw.effective_policy(args.path)
        except picoclaw.PolicyFileError as exc:
            return _fail(str(exc), EXIT_PROBLEMS)
        limit = args.limit if args.limit is not None else int(policy["retrieve_limit"].value)
        memory = args.path / "memory" / "MEMORY.md"
        data = memory.read_bytes() if memory.is_file() else b""
        text = picoclaw.parse_longterm(data, memory).agent_text()
        chunks = retrieval.retrieve(text, args.query, limit)
    if args.json:
        _print_json(chunks)
    else:
        print(retrieval.SEPARATOR.join(chunks))
    return EXIT_OK


def cmd_chunks(args: argparse.Namespace) -> int:
    from core.agents.pomelobot import format as pomelobot

    path = _inside(args.path, args.file)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return _fail(f"{path}: cannot read: {exc.strerror or exc}", EXIT_ERROR)
    found = pomelobot.index_chunks_of_file(data)
    if args.json:
        _print_json([{k: v for k, v in c.to_json().items() if k != "chunk_index"} for c in found])
        return EXIT_OK
    for c in found:
        first = c.content.split("\n", 1)[0][:70]
        print(f"{c.start_line:>5}-{c.end_line:<5} {c.hash[:12]}  {first}")
    return EXIT_OK


def cmd_bench(args: argparse.Namespace) -> int:
    from core.bench import run_bench

    figures = run_bench(entries=args.entries, repeat=args.repeat)
    if args.json:
        _print_json(figures.as_json())
    else:
        print(figures.report())
    return EXIT_OK


# -- helpers -------------------------------------------------------------------------------------


def _inside(root: Path, relative: str) -> Path:
    """A file named relative to a workspace; one outside it is refused (symlinks resolved)."""
    if not root.is_dir():
        raise WorkspaceError(f"{root}: not a workspace folder")
    path = (root / relative).resolve()
    if not path.is_relative_to(root.resolve()):
        raise WorkspaceError(f"{relative}: outside the workspace {root}", exit_code=EXIT_PROBLEMS)
    return path


def _open(args: argparse.Namespace) -> Workspace:
    return Workspace.open(args.path, profile=args.profile)


def _slot_values(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__slots__}


def _date_or_none(text: str) -> date | None:
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


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


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


if __name__ == "__main__":
    sys.exit(main())
