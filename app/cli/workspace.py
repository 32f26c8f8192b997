"""The workspace a command names: its agent and path, a file or memory the person named in it,
and the guarded save of what the command changed."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.output import EXIT_OK, print_written
from core.store.errors import EXIT_ERROR, EXIT_REFUSED, WorkspaceError

if TYPE_CHECKING:
    from core.agent import AnyAgent, OpenWorkspace, Row
    from core.session import AnySession


def resolve(args: argparse.Namespace) -> tuple[AnyAgent, Path]:
    """The agent and path `args` name; the workspace's journal is held for the command (from
    the start: finding the agent reads it)."""
    from core import registry

    if args.path is None:
        raise WorkspaceError(
            "give the workspace PATH (or --all for every workspace memdesk scan lists)",
            exit_code=EXIT_ERROR,
        )
    given = Path(args.path)
    args.journal.hold(given if given.is_dir() else given.parent)
    agent, path = registry.resolve(args.path, agent=args.agent)
    args.journal.hold(path if path.is_dir() else path.parent)  # a folder that holds it
    return agent, path


@contextmanager
def open_session(args: argparse.Namespace) -> Iterator[AnySession]:
    """The session of the workspace `args` names: its workspace read when first used, its
    journal the command's (`OpeningJournal`: closed when the command is over)."""
    from core.session import Session

    agent, path = resolve(args)
    yield Session(agent, path=path, journal=args.journal.held)


def in_workspace(path: Path, given: str) -> str:
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
        f"{given}: outside the workspace {root}; give a file inside it", exit_code=EXIT_REFUSED
    )


def one_row(agent: AnyAgent, path: Path, matches: list[Row], memory_id: str) -> Row:
    """The one row `memory_id` names (`Agent.lookup`); an unknown id exits 1, an id several
    memories share exits 2 listing them."""
    if not matches:
        raise WorkspaceError(
            f"{agent.where(path)}: no memory with id {memory_id}", exit_code=EXIT_REFUSED
        )
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


def given_text(value: str) -> str:
    """The text given, or stdin for `-`."""
    return sys.stdin.read() if value == "-" else value


def commit(
    ws: OpenWorkspace, changesets: list[Any], cause: str | None = None, *, as_json: bool = False
) -> int:
    """Apply the change sets to the open workspace and save it through the guarded commit, as
    one operation (`cause`: how the journal names it, else "edited in MemDesk")."""
    from core.ops import apply_and_save

    saved = apply_and_save(ws, changesets, cause)
    labels = [changeset.label for changeset in changesets]
    print_written(labels, saved, as_json=as_json, note=ws.agent.saved_note or "")
    return EXIT_OK
