"""The commands that change memories: add, edit, delete, archive, unarchive, pin, forget."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.cli.output import EXIT_OK, fail, print_saved
from app.cli.workspace import commit, given_text, in_workspace, one_row, resolve
from core.store.errors import EXIT_ERROR, EXIT_REFUSED, WorkspaceError

if TYPE_CHECKING:
    from pathlib import Path

    from core.agent import AnyAgent, Row
    from core.capabilities import Editing
    from core.ops import ChangeSet


def cmd_add(args: argparse.Namespace) -> int:
    from core.capabilities import Editing

    agent, path = resolve(args)
    ws = agent.open(path)
    file = None if args.file is None else in_workspace(path, args.file)
    editing = Editing[Any].of(agent, ws.root, "add")
    text = given_text(args.text)
    changeset = editing.add(ws, text, file=file, category=args.category, score=args.score)
    _refuse_cautions(editing, ws, changeset, force=args.force)
    return commit(ws, [changeset], as_json=args.json)


def cmd_edit(args: argparse.Namespace) -> int:
    from core.capabilities import Editing

    if args.text is None and args.category is None and args.score is None:
        return fail("edit: give --text, --category or --score", EXIT_ERROR)
    agent, path = resolve(args)
    args.id = in_workspace(path, args.id)
    row = one_row(agent, path, agent.lookup(path, args.id, profile=args.profile), args.id)
    ws = agent.open(path)
    text = None if args.text is None else given_text(args.text)
    editing = Editing[Any].of(agent, ws.root, "edit")
    changeset = editing.edit(ws, row, text=text, category=args.category, score=args.score)
    _refuse_cautions(editing, ws, changeset, force=args.force)
    return commit(ws, [changeset], as_json=args.json)


def _refuse_cautions(editing: Editing[Any], ws: Any, changeset: ChangeSet, *, force: bool) -> None:
    """What the agent would refuse or fail at because of the change (`Editing.cautions`):
    refused, nothing written, unless --force; with it, said and written."""
    cautions = editing.cautions(ws, changeset)
    if cautions and not force:
        raise WorkspaceError(
            f"{'; '.join(cautions)}. Nothing was written: --force writes it all the same",
            exit_code=EXIT_REFUSED,
        )
    for caution in cautions:
        print(f"warning: {caution}", file=sys.stderr)


def cmd_change(args: argparse.Namespace) -> int:
    """delete, archive, unarchive, pin: one change set per memory, saved together."""
    agent, path = resolve(args)
    unread: list[Any] = []
    rows = agent.rows(path, profile=args.profile, problems=unread)
    from core.agent import named

    ids = dict.fromkeys(in_workspace(path, i) for i in args.ids)
    chosen = [one_row(agent, path, named(rows, i, unread), i) for i in ids]
    ws = agent.open(path)
    make = _change(agent, args.action, ws.root)
    return commit(ws, [make(ws, row) for row in chosen], as_json=args.json)


def _change(agent: AnyAgent, action: str, root: Path) -> Callable[[Any, Row], ChangeSet]:
    """What `action` makes of a memory, by the agent's capability that does it."""
    from core.capabilities import Archiving, Editing, Pinning

    if action == "delete":
        return Editing[Any].of(agent, root, "delete").delete
    if action == "pin":
        return Pinning[Any].of(agent, root).pin
    archiving = Archiving[Any].of(agent, root)
    archived = action == "archive"
    return lambda ws, row: archiving.archive(ws, row, archived=archived)


def cmd_forget(args: argparse.Namespace) -> int:
    from core.ops.where import forget_everywhere, where

    agent, path = resolve(args)
    args.prune_backup = [in_workspace(path, rel) for rel in args.prune_backup]
    ws = agent.open(path)
    found = where(agent, ws, args.what)
    done = forget_everywhere(ws, found, args.prune_backup)
    if not done.changesets and not args.prune_backup:
        print("nothing to forget: no file MemDesk edits holds it")
    if done.changesets:
        for changeset in done.changesets:
            print(changeset.label)
        print_saved(done.saved)
    for rel in done.untouched:
        print(f"not changed (read-only in MemDesk): {rel}")
    for rel in dict.fromkeys(p.file for p in found.of_kind("other")):
        print(f"still in {rel} (MemDesk does not edit it)")
    for rel in done.pruned:
        print(f"deleted the backup {rel}")
    kept = [p.file for p in found.of_kind("backup") if p.file not in args.prune_backup]
    for rel in dict.fromkeys(kept):
        print(f"still in the backup {rel} (--prune-backup {rel} deletes it)")
    for rel in dict.fromkeys(p.file for p in found.of_kind("agent-db")):
        print(f"still in the agent's database: {rel} (MemDesk never writes there)")
    return EXIT_OK
