"""A review of many workspaces (`memdesk review --all`, a fleet of users, issue 26): each in its
own session and journal, one after another, or, for a reviewer that decides at once (the rules),
in a pool of two processes per CPU; a workspace that fails is reported with the reason and the
others go on."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import date

from core.messages import say
from core.registry import agent_named
from core.review.model import Deciding, Reviewer
from core.review.queue import ReviewRun, review_now, run_review
from core.review.reading import forget_if_large
from core.scan import Found, reason
from core.session import Session
from core.store.errors import WorkspaceError
from core.store.journal import JournalError

__all__ = ["Reviewed", "pool_size", "review_each"]

Progress = Callable[[int, int], None]  # (workspaces reviewed, of how many)
_CHUNK = 25  # workspaces a worker takes at a time: few messages, and progress as it goes
_POOL_FROM = 2 * _CHUNK  # fewer are reviewed here sooner than a pool of processes starts
# A user's journal is synced to disk several times (made, written, closed): while one process
# waits for the disk, another uses the CPU.
_PER_CPU = 2
# What a process keeps of the texts it read (core.review.kept): users of one bot repeat one
# another's clauses, but kept for every user it reviewed each process grew (137 MB at 2,500
# users, 10,000 in 4 processes; 87 MB kept so): between two users at most this many texts in
# each of a store's two generations (the clauses met again stay read), and features.
_KEPT_TEXTS = 10_000
_KEPT_CODES = 50_000


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A workspace reviewed (its run), or why it could not be (`error`)."""

    found: Found
    run: ReviewRun | None = None
    error: str = ""


def review_each(
    found: Sequence[Found],
    reviewer: Reviewer,
    *,
    today: date,
    progress: Progress | None = None,
    processes: int | None = None,
) -> list[Reviewed]:
    """Each workspace of `found` reviewed, in order. `processes`: how many at once for a
    reviewer that decides at once (None: two per CPU)."""
    workers = processes or pool_size()
    if isinstance(reviewer, Deciding) and workers > 1 and len(found) >= _POOL_FROM:
        return _in_pool(found, reviewer, today, workers, progress)
    out = []
    for n, f in enumerate(found, start=1):
        out.append(_review_one(f, reviewer, today))
        if progress is not None:
            progress(n, len(found))
    return out


def pool_size() -> int:
    """How many workspaces a reviewer that decides at once reviews at a time: two per CPU."""
    return _PER_CPU * (os.cpu_count() or 1)


def _review_one(f: Found, reviewer: Reviewer, today: date) -> Reviewed:
    try:
        return _reviewed(f, reviewer, today)
    finally:
        forget_if_large(texts=_KEPT_TEXTS, codes=_KEPT_CODES)


def _reviewed(f: Found, reviewer: Reviewer, today: date) -> Reviewed:
    if f.error:
        return Reviewed(f, error=f.error)
    try:
        with Session(agent_named(f.agent), path=f.path) as session:
            if isinstance(reviewer, Deciding):
                return Reviewed(f, review_now(session, reviewer, today=today))
            return Reviewed(f, asyncio.run(run_review(session, reviewer, today=today)))
    except (OSError, WorkspaceError, JournalError) as exc:  # its files, its journal, its lock
        return Reviewed(f, error=reason(exc))
    except Exception as exc:  # a fault in one workspace's review stops no other's
        said = say("the review failed: {kind}: {detail}", kind=type(exc).__name__, detail=exc)
        return Reviewed(f, error=said)


def _review_chunk(found: Sequence[Found], reviewer: Deciding, today: date) -> list[Reviewed]:
    """In a worker process: each of these workspaces reviewed."""
    return [_review_one(f, reviewer, today) for f in found]


def _in_pool(
    found: Sequence[Found], reviewer: Deciding, today: date, workers: int, progress: Progress | None
) -> list[Reviewed]:
    """The workspaces in chunks over `workers` processes (spawned: nothing of this process's
    threads or open files is inherited), each result in its place."""
    chunks = [found[at : at + _CHUNK] for at in range(0, len(found), _CHUNK)]
    results: list[list[Reviewed] | None] = [None] * len(chunks)
    done = 0
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=spawn) as pool:
        futures: dict[Future[list[Reviewed]], int] = {
            pool.submit(_review_chunk, chunk, reviewer, today): k for k, chunk in enumerate(chunks)
        }
        for future in as_completed(futures):
            k = futures[future]
            results[k] = _chunk_result(future, chunks[k])
            done += len(chunks[k])
            if progress is not None:
                progress(done, len(found))
    return [r for chunk in results if chunk is not None for r in chunk]


def _chunk_result(future: Future[list[Reviewed]], chunk: Sequence[Found]) -> list[Reviewed]:
    """A chunk's reviews, or each of its workspaces failed with why (its process died)."""
    try:
        return future.result()
    except (BrokenProcessPool, OSError) as exc:
        why = say(
            "not reviewed: the review process stopped ({detail})",
            detail=exc or type(exc).__name__,
        )
        return [Reviewed(f, error=why) for f in chunk]
