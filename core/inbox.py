"""One inbox over every workspace scanned (issue 26, item 2): what waits in each (review
proposals and the agent's staged writes) and a search across them, read without writing.

A workspace that cannot be read comes back with the reason (`Found.error`) beside the others;
deciding stays per workspace (`memdesk approve WS ID`), through its own session and journal.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from core.agent import Row
from core.capabilities import StagedWrite
from core.registry import agent_named
from core.review.queue import pending
from core.review.staged import staged_writes
from core.scan import Found, reason
from core.session import Session
from core.store.errors import WorkspaceError
from core.store.journal import JournalError, Proposal
from core.store.settled import only_looking

__all__ = ["UNREADABLE", "Hits", "Waiting", "approve_command", "inbox", "search", "unlisted"]

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
    rows: list[Row]
    problems: list[Any]


def approve_command(found: Found, item_id: str) -> str:
    """The exact command that approves one item in its own workspace."""
    path, item = shlex.quote(str(found.path)), shlex.quote(item_id)
    return f"memdesk approve {path} {item} --agent {found.agent}"  # ids before the option


def inbox(found: Sequence[Found]) -> tuple[list[Waiting], list[Found]]:
    """Everything waiting in the workspaces `found`, oldest first, and the workspaces that could
    not be read (each with its reason); nothing is written."""
    items: list[Waiting] = []
    failed: list[Found] = []
    for f in found:
        try:
            items += _waiting_in(f) if not f.error else []
        except UNREADABLE as exc:
            f = replace(f, error=reason(exc))
        if f.error:
            failed.append(f)
    items.sort(key=lambda w: w.since)
    return items, failed


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
    """The memories matching `query` in each workspace `found` (as `memdesk list --query`), and
    the workspaces that could not be read; nothing is written."""
    hits: list[Hits] = []
    failed: list[Found] = []
    for f in found:
        try:
            hits += [] if f.error else [_search_in(f, query, section, profile)]
        except UNREADABLE as exc:
            f = replace(f, error=reason(exc))
        if f.error:
            failed.append(f)
    return hits, failed


def unlisted(h: Hits) -> Found:
    """A workspace whose files the search could not all read, with the reason."""
    return replace(h.found, error="not listed: " + "; ".join(p.message for p in h.problems))


def _search_in(f: Found, query: str, section: str, profile: str | None) -> Hits:
    problems: list[Any] = []
    with only_looking():
        rows = agent_named(f.agent).rows(
            f.path, section=section, query=query, profile=profile, problems=problems
        )
    return Hits(f, list(rows), problems)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)
