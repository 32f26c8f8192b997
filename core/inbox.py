"""One inbox over every workspace scanned (issue 26, item 2): what waits in each (review
proposals and the agent's staged writes), a search across them and one Activity (every
operation MemDesk saved in any of them), read without writing.

A workspace that cannot be read comes back with the reason (`Found.error`) beside the others;
deciding and undoing stay per workspace (`memdesk approve WS ID`, `decide`, `undo`), each through
that workspace's own session and journal: one refused or failing never stops the others.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from core.agent import Row
from core.capabilities import StagedWrite
from core.formats.text import gc_paused
from core.index import USING, Index, IndexedRows, located
from core.messages import say
from core.ops.activity import ActivityItem, operations
from core.ops.undo import undo_and_save
from core.registry import agent_named
from core.review.queue import approve, pending, reject
from core.review.staged import approve_staged, reject_staged, staged_writes
from core.scan import Found, reason
from core.session import AnySession, Session
from core.store.errors import WorkspaceError
from core.store.journal import JournalError, Proposal
from core.store.settled import only_looking

__all__ = [
    "UNREADABLE",
    "Done",
    "Hits",
    "Outcome",
    "Sessions",
    "Waiting",
    "activity",
    "approve_command",
    "decide",
    "fresh_session",
    "inbox",
    "search",
    "undo",
    "unlisted",
]

T = TypeVar("T")
# The session a workspace is decided through: the window lends an open tab's, else a fresh one
Sessions = Callable[[Found], AbstractContextManager[AnySession]]

# What stops one workspace (its files, its journal, its lock) and never the others
UNREADABLE = (OSError, WorkspaceError, JournalError)


@dataclass(frozen=True, slots=True)
class Waiting:
    """A review proposal or a staged write waiting in a workspace."""

    found: Found
    since: datetime  # UTC
    proposal: Proposal | None = None
    staged: StagedWrite | None = None

    @property
    def id(self) -> str:
        """As `memdesk approve WS ID` takes it."""
        if self.proposal is not None:
            return str(self.proposal.id)
        assert self.staged is not None
        return self.staged.id

    def approve(self) -> str:
        return approve_command(self.found, self.id)


@dataclass(frozen=True, slots=True)
class Hits:
    """The memories a search found in one workspace, and the files it could not read."""

    found: Found
    rows: Sequence[Row]  # made when looked at, when the scan's index found them
    problems: list[Any]


@dataclass(frozen=True, slots=True)
class Done:
    """An operation MemDesk saved in a workspace, as its Activity lists it."""

    found: Found
    item: ActivityItem


@dataclass(frozen=True, slots=True)
class Outcome:
    """What deciding (or undoing) did in one workspace: the items done, or why none was."""

    found: Found
    ids: list[str]
    error: str = ""


def fresh_session(f: Found) -> AnySession:
    """A session of its own for the workspace `f` (closed when its block ends)."""
    return Session(agent_named(f.agent), path=f.path)


def approve_command(found: Found, item_id: str) -> str:
    """The exact command that approves one item in its own workspace."""
    path, item = shlex.quote(str(found.path)), shlex.quote(item_id)
    return f"memdesk approve {path} {item} --agent {found.agent}"  # ids before the option


def inbox(found: Sequence[Found]) -> tuple[list[Waiting], list[Found]]:
    """Everything waiting in the workspaces `found`, oldest first, and the workspaces that could
    not be read (each with its reason); nothing is written."""
    items, failed = each_workspace(found, _waiting_in)
    items.sort(key=lambda w: w.since)
    return items, failed


def activity(
    found: Sequence[Found], *, limit: int = 500, actor: str | None = None, kind: str | None = None
) -> tuple[list[Done], list[Found]]:
    """The newest `limit` operations MemDesk saved in the workspaces `found` (of that `actor`,
    with a change of that `kind`), newest first, and the workspaces whose journal could not be
    read; nothing is written."""
    done, failed = each_workspace(found, lambda f: _done_in(f, limit, actor, kind))
    done.sort(key=lambda d: d.item.op.at, reverse=True)
    return done[:limit], failed


def decide(
    items: Sequence[Waiting], approving: bool, sessions: Sessions = fresh_session
) -> list[Outcome]:
    """Approve (or reject) the `items`, each in its own workspace through that workspace's
    session: per workspace its staged writes as one operation, then its proposals as one, each
    all or nothing as `memdesk approve` does; a workspace refused or failing is told in its
    Outcome and the others go on."""
    groups: dict[Path, list[Waiting]] = {}
    for w in items:
        groups.setdefault(w.found.path, []).append(w)
    return [_decided_in(group, approving, sessions) for group in groups.values()]


def _decided_in(group: list[Waiting], approving: bool, sessions: Sessions) -> Outcome:
    f = group[0].found
    staged = [w.id for w in group if w.staged is not None]
    proposals = [w.proposal.id for w in group if w.proposal is not None]
    done: list[str] = []  # the staged writes decided before the proposals were refused
    try:
        with sessions(f) as session, session.journal.lent():
            if staged:
                (approve_staged if approving else reject_staged)(session, staged)
                done += staged
            if proposals:
                (approve if approving else reject)(session, proposals)
                done += [str(i) for i in proposals]
    except UNREADABLE as exc:
        return Outcome(f, done, reason(exc))
    return Outcome(f, done)


def undo(done: Done, sessions: Sessions = fresh_session) -> Outcome:
    """Undo the operation `done` in its own workspace, through that workspace's session."""
    f = done.found
    try:
        with sessions(f) as session, session.journal.lent():
            undo_and_save(session.workspace, done.item.op_id, held=session.journal)
    except UNREADABLE as exc:
        return Outcome(f, [], reason(exc))
    return Outcome(f, [done.item.op_id])


def each_workspace(
    found: Sequence[Found], read: Callable[[Found], list[T]]
) -> tuple[list[T], list[Found]]:
    """What `read` gives for each workspace, and those it could not read (or that `scan` could
    not), each with its reason: one that fails never stops the others."""
    out: list[T] = []
    failed: list[Found] = []
    for f in found:
        try:
            out += [] if f.error else read(f)
        except UNREADABLE as exc:
            f = replace(f, error=reason(exc))
        if f.error:
            failed.append(f)
    return out, failed


def _waiting_in(f: Found) -> list[Waiting]:
    with only_looking(), Session(agent_named(f.agent), path=f.path) as session:
        proposals = pending(session, required=True)
        staged = staged_writes(session)
    return [Waiting(f, _utc(p.created_at), proposal=p) for p in proposals] + [
        Waiting(f, _utc(w.since), staged=w) for w in staged
    ]


def search(
    found: Sequence[Found], query: str, *, section: str = "all", profile: str | None = None
) -> tuple[list[Hits], list[Found]]:
    """The memories matching `query` in the workspaces `found` (as `memdesk list --query`; from
    the scan's index where it holds the workspace's memories), each workspace with any or with
    files it could not list, and the workspaces that could not be read; nothing is written."""
    words = query.casefold().split()
    with USING:
        plain = (section, profile) != ("all", None)
        looked, indexed = ({}, {}) if plain else _indexed(found, words)
    hits: list[Hits] = []
    failed: list[Found] = []
    for i, f in enumerate(found):
        try:
            if i in looked:
                hits += [indexed[i]] if i in indexed else []
            elif not f.error:
                hits += [
                    h for h in [_search_in(f, query, section, profile)] if h.rows or h.problems
                ]
        except UNREADABLE as exc:
            f = replace(f, error=reason(exc))
        if f.error:
            failed.append(f)
    return hits, failed


def _done_in(f: Found, limit: int, actor: str | None, kind: str | None) -> list[Done]:
    with only_looking(), Session(agent_named(f.agent), path=f.path) as session:
        items = operations(session.root, limit=limit, actor=actor, kind=kind, held=session.journal)
    return [Done(f, item) for item in items]


def _indexed(found: Sequence[Found], words: list[str]) -> tuple[set[int], dict[int, Hits]]:
    """Which of `found` (by position) the scan's index holds the memories of, and the hits it
    finds in them (a few objects for each of thousands of workspaces, built with the collector
    paused: left young, they would have it walk the whole fleet every other keystroke)."""
    with gc_paused():
        return _indexed_hits(found, words)


def _indexed_hits(found: Sequence[Found], words: list[str]) -> tuple[set[int], dict[int, Hits]]:
    looked: set[int] = set()
    held: dict[int, tuple[int, Found]] = {}  # by id of the index's entry
    indexes: set[Index] = set()
    words_only = {a: agent_named(a).query_is_words for a in {f.agent for f in found if not f.error}}
    for i, f in enumerate(found):
        where = None if f.error or not words_only[f.agent] else located(f.path)
        if where is not None:
            looked.add(i)
            held[id(where[1])] = (i, f)
            indexes.add(where[0])
    hits = {}
    for index in indexes:
        for entry, numbers in index.search(words):
            if id(entry) in held:
                i, f = held[id(entry)]
                hits[i] = Hits(f, IndexedRows(entry, numbers, words), [])
    return looked, hits


def unlisted(h: Hits) -> Found:
    """A workspace whose files the search could not all read, with the reason."""
    said = say("not listed: {problems}", problems="; ".join(p.message for p in h.problems))
    return replace(h.found, error=said)


def _search_in(f: Found, query: str, section: str, profile: str | None) -> Hits:
    problems: list[Any] = []
    with only_looking():
        rows = agent_named(f.agent).rows(
            f.path, section=section, query=query, profile=profile, problems=problems
        )
    return Hits(f, list(rows), problems)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)
