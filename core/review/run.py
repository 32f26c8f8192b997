"""Running a reviewer over many candidates: several reviews in flight (an LLM answers slowly),
in input order, cancellable, with progress."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence

from core.messages import say
from core.review.model import Candidate, Review, ReviewContext, Reviewer

__all__ = ["DEFAULT_IN_FLIGHT", "FAILURES_IN_A_ROW", "NotReviewed", "review_many"]

DEFAULT_IN_FLIGHT = 4  # for a reviewer that does not say how many of its reviews may run at once
FAILURES_IN_A_ROW = 5  # then the reviewer is taken to be down: the rest are not tried


class NotReviewed(Exception):
    """A candidate not sent to the reviewer because it had failed too often in a row."""


async def review_many(
    reviewer: Reviewer,
    candidates: Sequence[Candidate],
    context: ReviewContext,
    *,
    on_progress: Callable[[int, int], None] | None = None,
    cancel: asyncio.Event | None = None,
    max_in_flight: int | None = None,
) -> list[Review | Exception]:
    """Each candidate's review (or the exception that stopped it, such as an LlmError), in input
    order, at most `max_in_flight` at once (None: the reviewer's own `max_in_flight`, else 4).
    Once `cancel` is set the reviews still running are cancelled and none is started: the list
    then holds the reviews up to the first that did not finish. After FAILURES_IN_A_ROW failures
    in a row (an endpoint that is down) no more is started either, and every candidate left is
    a NotReviewed that says why: a dead server costs a few requests, not one per memory."""
    if max_in_flight is None:
        max_in_flight = int(getattr(reviewer, "max_in_flight", DEFAULT_IN_FLIGHT))
    stopped = cancel or asyncio.Event()
    results: list[Review | Exception | None] = [None] * len(candidates)
    upcoming = iter(range(len(candidates)))
    done = in_a_row = 0
    down: list[Exception] = []  # the failure that made the reviewer count as down

    async def worker() -> None:  # a few workers take the candidates in turn: no task per one
        nonlocal done, in_a_row
        for n in upcoming:
            if stopped.is_set():
                return
            try:
                results[n] = await reviewer.review(candidates[n], context)
                in_a_row = 0
            except Exception as exc:  # one failed review must not stop the others
                results[n] = exc
                in_a_row += 1
                if in_a_row >= FAILURES_IN_A_ROW and not down:
                    down.append(exc)
                    stopped.set()
            done += 1
            if on_progress is not None:
                on_progress(done, len(candidates))

    workers = [asyncio.ensure_future(worker()) for _ in range(max(1, max_in_flight))]

    async def stop_when_asked() -> None:
        await stopped.wait()
        for task in workers:
            task.cancel()

    stopper = asyncio.ensure_future(stop_when_asked())
    try:
        await asyncio.gather(*workers, return_exceptions=True)
    finally:
        stopper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await stopper
    if down:
        why = NotReviewed(
            say(
                "not reviewed: the reviewer failed {count} times in a row, last with: {error}",
                count=FAILURES_IN_A_ROW,
                error=down[0],
            )
        )
        return [why if result is None else result for result in results]
    finished: list[Review | Exception] = []
    for result in results:
        if result is None:
            break
        finished.append(result)
    return finished
