"""The commands that read a workspace: check, list, show, where, context, chunks, retrieve."""

from __future__ import annotations

import argparse
import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.output import EXIT_OK, fail, first_line, print_json, write_lines
from app.cli.render import (
    check_json,
    check_lines,
    context_lines,
    retrieved_text,
    shown_lines,
    where_lines,
)
from app.cli.workspace import in_workspace, one_row, resolve
from core.formats.text import gc_paused
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.times import shown_time

if TYPE_CHECKING:
    from core.agent import AnyAgent

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # where the agent's chunker split an emoji


def cmd_check(args: argparse.Namespace) -> int:
    agent, path = resolve(args)
    with gc_paused():  # a million memories, a million warnings: see gc_paused
        report = agent.check(path, profile=getattr(args, "profile", None))
    if args.json:
        print_json(check_json(report))
    else:
        write_lines(check_lines(report))
    return EXIT_REFUSED if report.problems else EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """Every memory that can be read; a file that cannot is named on stderr (exit 1)."""
    if args.all is not None:
        from app.cli.inbox import cmd_list_all

        return cmd_list_all(args)
    agent, path = resolve(args)
    problems: list[Any] = []
    asked = {"section": args.section, "query": args.query, "profile": args.profile}
    with gc_paused():  # a million memories, a million rows: see gc_paused
        rows = agent.rows(path, **asked, problems=problems) if args.json else []
        lines = [] if args.json else agent.list_lines(path, **asked, problems=problems)
    hits = _backup_hits(agent, path, args.query) if args.backups else []
    if args.json:
        print_json([r.fields for r in rows] + [{**h.to_json(), "section": "backup"} for h in hits])
    else:
        header = getattr(agent, "list_header", None)
        if lines or header:
            write_lines(itertools.chain([header] if header else [], lines))
        for hit in hits:
            print(f"only in {hit.backup.rel}  [{hit.key}] {first_line(hit.content)}")
    for p in problems:
        fail(f"not listed: {p.message}", EXIT_REFUSED)
    return EXIT_REFUSED if problems else EXIT_OK


def _backup_hits(agent: AnyAgent, path: Path, query: str | None) -> list[Any]:
    from core.store.backups_view import search_backups

    if not query:
        raise WorkspaceError("list --backups: give the words to look for with --query")
    return search_backups(agent.backups(path), query)


def cmd_show(args: argparse.Namespace) -> int:
    from core.agent import named, namesakes

    agent, path = resolve(args)
    args.id = in_workspace(path, args.id)  # FILE:ID with the file's absolute path
    unread: list[Any] = []
    rows = agent.candidates(path, args.id, profile=args.profile, problems=unread)
    matches = named(rows, args.id, unread)
    if not matches:  # gone from the live files: the newest backup holding it, marked as such
        return _show_from_backup(agent, path, args)
    row = one_row(agent, path, matches, args.id)
    shown = agent.show(path, row, profile=args.profile)
    others = namesakes(rows, row)
    if args.json:
        print_json({**shown.data, "same_id": others} if others else shown.data)
    else:
        write_lines(shown_lines(shown, others))
    return EXIT_OK


def _show_from_backup(agent: AnyAgent, path: Path, args: argparse.Namespace) -> int:
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
    write_lines(where_lines(found, args.what))
    return EXIT_OK


def cmd_context(args: argparse.Namespace) -> int:
    from core.capabilities import SessionStart

    agent, path = resolve(args)
    starting = SessionStart.of(agent, path)
    found = starting.context(path, today=args.date, scope=args.scope, project=args.project)
    if args.json:
        print_json([part.to_json() for part in found.parts])
        return EXIT_OK
    write_lines(context_lines(found, agent.title))
    return EXIT_OK


def cmd_chunks(args: argparse.Namespace) -> int:
    from core.capabilities import Chunks
    from core.registry import indexer

    try:
        agent, path = resolve(args)
    except WorkspaceError:
        if not args.path.is_dir():
            raise
        agent, path = indexer(), args.path  # any folder: cut the file as the indexing agent does
    found = Chunks.of(agent, path).chunks(path, in_workspace(path, args.file))
    if args.json:
        print_json(found)
        return EXIT_OK
    for c in found:
        first = _LONE_SURROGATE.sub("\ufffd", str(c["content"]).split("\n", 1)[0][:70])
        print(f"{c['start_line']:>5}-{c['end_line']:<5} {str(c['hash'])[:12]}  {first}")
    return EXIT_OK


def cmd_retrieve(args: argparse.Namespace) -> int:
    from core.capabilities import Retrieval

    agent, path = resolve(args)
    found = Retrieval.of(agent, path).retrieve(path, args.query, args.limit)
    if args.json:
        print_json(found.chunks)
    else:
        print(retrieved_text(found, agent.title))
    return EXIT_OK
