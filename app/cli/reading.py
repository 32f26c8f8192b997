"""The commands that read a workspace: check, list, show, where, context, chunks, retrieve."""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from app.cli.output import EXIT_OK, fail, first_line, print_json, write_lines
from app.cli.workspace import in_workspace, one_row, resolve
from core.formats.text import gc_paused
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.times import shown_time

CHECK_SHOWN = 20  # problems of one kind `check` prints before it only counts the rest
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # where the agent's chunker split an emoji


def cmd_check(args: argparse.Namespace) -> int:
    from core.agents.everbot.fields import problem_json

    agent, path = resolve(args)
    with gc_paused():  # a million memories, a million warnings: see gc_paused
        report = agent.check(path, profile=getattr(args, "profile", None))
    problems, warnings = report.problems, report.warnings
    if args.json:
        print_json(
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
        return EXIT_REFUSED if problems else EXIT_OK
    lines = [report.summary]
    if len(report.sources) > 1:
        lines += [f"  {s.kind:<22} {s.entries:>5}  {s.path}" for s in report.sources]
    lines += _findings("problem", problems)
    lines += _findings("warning", warnings)
    if not problems:
        lines.append("  no problems")
    sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_REFUSED if problems else EXIT_OK


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
    agent, path = resolve(args)
    problems: list[Any] = []
    with gc_paused():  # a million memories, a million rows: see gc_paused
        rows = agent.rows(
            path, section=args.section, query=args.query, profile=args.profile, problems=problems
        )
    hits = _backup_hits(agent, path, args.query) if args.backups else []
    if args.json:
        print_json([r.fields for r in rows] + [{**h.to_json(), "section": "backup"} for h in hits])
    else:
        header = getattr(agent, "list_header", None)
        if rows or header:
            write_lines(itertools.chain([header] if header else [], (r.text for r in rows)))
        for hit in hits:
            print(f"only in {hit.backup.rel}  [{hit.key}] {first_line(hit.content)}")
    for p in problems:
        fail(f"not listed: {p.message}", EXIT_REFUSED)
    return EXIT_REFUSED if problems else EXIT_OK


def _backup_hits(agent: Any, path: Path, query: str | None) -> list[Any]:
    from core.store.backups_view import search_backups

    if not query:
        raise WorkspaceError("list --backups: give the words to look for with --query")
    return search_backups(agent.backups(path), query)


def cmd_show(args: argparse.Namespace) -> int:
    from core.agents.base import named, namesakes, namesakes_line

    agent, path = resolve(args)
    args.id = in_workspace(path, args.id)  # FILE:ID with the file's absolute path
    unread: list[Any] = []
    rows = agent.candidates(path, args.id, profile=args.profile, problems=unread)
    matches = named(rows, args.id, unread)
    if not matches:  # gone from the live files: the newest backup holding it, marked as such
        return _show_from_backup(agent, path, args)
    row = one_row(agent, path, matches, args.id)
    data, lines = agent.show(path, row, profile=args.profile)
    others = namesakes(rows, row)
    if others:  # the person asked for one of several: say which others there are
        data["same_id"] = others
        lines.insert(1, "  " + namesakes_line(row.id, others))
    if args.json:
        print_json(data)
    else:
        sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_OK


def _show_from_backup(agent: Any, path: Path, args: argparse.Namespace) -> int:
    from core.store.backups_view import only_in_backups

    found = only_in_backups(agent.backups(path), args.id)
    if found is None:
        one_row(agent, path, [], args.id)  # says there is no such memory (exit 1)
    assert found is not None
    if args.json:
        print_json(found)
        return EXIT_OK
    lines = [
        f"[{found['id']}] only in the backup {found['only_in']} ({shown_time(found['backup_at'])}), "
        "not in the live file",
        "",
        "  " + str(found.get("content", "")).replace("\n", "\n  "),
    ]
    write_lines(lines)
    return EXIT_OK


def cmd_where(args: argparse.Namespace) -> int:
    from core.ops.where import where

    agent, path = resolve(args)
    found = where(agent, agent.open(path), args.what)
    if args.json:
        print_json([p.to_json() for p in found.places])
        return EXIT_OK
    subject = f"memory {found.memory}" if found.memory else repr(args.what)
    if not found.places:
        print(f"{subject}: no other place holds it")
    for place in found.places:
        print(f"{place.kind:<10} {place.file}:{place.line}  {first_line(place.text, 80)}")
    return EXIT_OK


def cmd_context(args: argparse.Namespace) -> int:
    agent, path = resolve(args)
    found = agent.context(path, today=args.date, scope=args.scope, project=args.project)
    if args.json:
        print_json([part.to_json() for part in found.parts])
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
    write_lines(lines)
    return EXIT_OK


def cmd_chunks(args: argparse.Namespace) -> int:
    from core.agents.registry import indexer

    try:
        agent, path = resolve(args)
    except WorkspaceError:
        if not args.path.is_dir():
            raise
        agent, path = indexer(), args.path  # any folder: cut the file as the indexing agent does
    found = agent.chunks(path, in_workspace(path, args.file))
    if args.json:
        print_json(found)
        return EXIT_OK
    for c in found:
        first = _LONE_SURROGATE.sub("\ufffd", str(c["content"]).split("\n", 1)[0][:70])
        print(f"{c['start_line']:>5}-{c['end_line']:<5} {str(c['hash'])[:12]}  {first}")
    return EXIT_OK


def cmd_retrieve(args: argparse.Namespace) -> int:
    from core.agents.picoclaw.retrieval import SEPARATOR

    agent, path = resolve(args)
    chunks = agent.retrieve(path, args.query, args.limit)
    if args.json:
        print_json(chunks)
    elif not any(chunks):
        print(f"(no chunk: {agent.title} would inject nothing from its memory for this message)")
    else:
        print(SEPARATOR.join(chunks))
    return EXIT_OK
