"""Scoring and decay as pure functions (SPEC section 3): no I/O, no clock, no state."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Literal, NamedTuple

from core.scoring.policy import DecayRule, PolicyProfile

Transition = Literal["archive", "delete"]
Section = Literal["active", "archived"]

_ONE_DAY = timedelta(days=1)

# The EverBot agent's own constants (MemoryMerger / MemoryStore, xforce-io/alfred 603d2cf).
_AGENT_GRACE_DAYS = 7
_AGENT_DAILY_FACTOR = 0.99
AGENT_MAX_ENTRIES = 30
AGENT_MAX_TRACE = 5  # superseded memories the newer agent keeps (ProfileStore, fd3a84a)
AGENT_FORGET_BELOW = 0.05


class Reinforced(NamedTuple):
    """A memory's score, hit count and activation time after it was really used."""

    score: float
    hits: int
    last_activated: datetime


@dataclass(frozen=True, slots=True)
class Forecast:
    """First dates (on or after the anchor) at which a memory, left alone, crosses each threshold.

    None means never. The anchor date itself means the memory is already past that threshold.
    """

    review_at: date | None
    archive_at: date | None
    delete_at: date | None


def initial_score(profile: PolicyProfile, importance: str | None) -> float:
    """Score of a new memory; labels match exactly, so "HIGH" gets the default, as in the agent."""
    if importance is None:
        return profile.initial_default
    return profile.initial_scores.get(importance, profile.initial_default)


def reinforce(profile: PolicyProfile, score: float, hits: int, now: datetime) -> Reinforced:
    """Score, hits and last_activated after a real use; never clamped (EverBot: 1.5 -> 1.4)."""
    if profile.reinforce == "toward_one":
        new_score = score + (1.0 - score) * profile.reinforce_rate
    else:
        new_score = score + profile.boost
    return Reinforced(new_score, hits + 1, now)


def agent_decay(score: float, last_activated: str, now: datetime) -> float:
    """The EverBot agent's `apply_decay` of a stored score at `now` (it compounds on every run)."""
    try:
        last = datetime.fromisoformat(last_activated)
    except (TypeError, ValueError):
        return score  # the agent skips dates it cannot parse
    if last.tzinfo is None:
        last = last.replace(tzinfo=UTC)
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    days = (now - last).total_seconds() / 86400.0
    if days > _AGENT_GRACE_DAYS:
        multiplier: float = _AGENT_DAILY_FACTOR ** (days - _AGENT_GRACE_DAYS)
        return score * multiplier
    return score


def decay_score(
    *,
    score: float,
    category: str,
    last_activated: date,
    anchor: date,
    at: date,
    profile: PolicyProfile,
) -> float:
    """The score at `at`, given that `score` already holds all decay up to `anchor` (idempotent)."""
    rule = profile.rule_for(category, score)
    return decay_with_rule(score, rule, last_activated, anchor, at)


def decay_transition(
    *,
    score_before: float,
    score_after: float,
    category: str,
    section: Section,
    last_activated: date,
    at: date,
    profile: PolicyProfile,
) -> Transition | None:
    """What a decay run at `at` proposes for a memory; the rule is chosen by `score_before`."""
    rule = profile.rule_for(category, score_before)
    return transition_with_rule(
        rule,
        profile,
        score_after=score_after,
        section=section,
        last_activated=last_activated,
        at=at,
    )


def transition_with_rule(
    rule: DecayRule,
    profile: PolicyProfile,
    *,
    score_after: float,
    section: Section,
    last_activated: date,
    at: date,
) -> Transition | None:
    """decay_transition with the rule already chosen (for loops over many memories).

    Thresholds are compared with the score as the file will say it (`as_written`): a memory
    the agent reads as 0.05 is not proposed for deletion below 0.05, whatever its fifth decimal.
    """
    score_after = as_written(score_after)
    if rule.delete_below is not None and score_after < rule.delete_below:
        return "delete"
    if rule.delete_after_days is not None and (at - last_activated).days >= rule.delete_after_days:
        return "delete"
    if section == "active" and profile.archive_below is not None:
        return "archive" if score_after < profile.archive_below else None
    return None


def forecast(
    *,
    score: float,
    category: str,
    last_activated: date,
    anchor: date,
    profile: PolicyProfile,
) -> Forecast:
    """When the memory, with no new activation, falls below the review, archive and delete marks."""
    rule = profile.rule_for(category, score)

    def first_below(threshold: float | None) -> date | None:
        return _first_below(score, threshold, rule, last_activated, anchor)

    delete_at = first_below(rule.delete_below)
    if rule.delete_after_days is not None:
        aged = _add_days(last_activated, math.ceil(rule.delete_after_days))
        if aged is not None:
            aged = max(aged, anchor)
            delete_at = aged if delete_at is None else min(delete_at, aged)
    return Forecast(
        review_at=first_below(profile.decay_review_below),
        archive_at=first_below(profile.archive_below),
        delete_at=delete_at,
    )


def as_written(score: float) -> float:
    """The score as the agent reads it back from the file, which keeps two decimals."""
    return float(format(score, ".2f"))


def agent_will_forget(
    entries: Sequence[tuple[str, float]],
    cap: int = AGENT_MAX_ENTRIES,
    floor: float = AGENT_FORGET_BELOW,
    *,
    superseded: Mapping[int, str] | None = None,
) -> list[int]:
    """Indexes (into `entries`, ascending) of what EverBot's next `MemoryStore.save` drops.

    Indexes rather than ids because the agent keeps duplicate ids. Drops scores below `floor`
    (exactly 0.05 stays), then all but the top `cap` by score (stable: ties keep file order).
    `superseded` (the newer agent, which writes memory_meta) maps the index of each superseded
    memory to its last_activated: these are kept whatever their score, the most recently
    activated `AGENT_MAX_TRACE` of them, beside the top `cap` of the others.
    """
    trace = superseded or {}
    scores = [score for _, score in entries]
    kept = [i for i, score in enumerate(scores) if score >= floor and i not in trace]
    if len(kept) > cap > 0:
        # only scores from the cap-th highest up can be among the top `cap` (a million
        # memories: the key function then runs on a few, not on all)
        least = heapq.nlargest(cap, [scores[i] for i in kept])[-1]
        kept = [i for i in kept if scores[i] >= least]
        kept = heapq.nlargest(cap, kept, key=scores.__getitem__)  # = sorted(...)[:cap]
    elif len(kept) > cap:
        kept = []
    latest = sorted(sorted(trace), key=trace.__getitem__, reverse=True)[:AGENT_MAX_TRACE]
    keep = set(kept) | set(latest)
    return [i for i in range(len(entries)) if i not in keep]


def _effective_days(day: date, last_activated: date, grace_days: float) -> float:
    return max(0.0, (day - last_activated).days - grace_days)


def decay_with_rule(
    score: float, rule: DecayRule, last_activated: date, anchor: date, at: date
) -> float:
    """decay_score with the rule already chosen (for loops over many memories)."""
    if at <= anchor or not rule.decays:
        return score
    exponent = _effective_days(at, last_activated, rule.grace_days) - _effective_days(
        anchor, last_activated, rule.grace_days
    )
    return score * rule.daily_factor**exponent if exponent > 0 else score


def _first_below(
    score: float,
    threshold: float | None,
    rule: DecayRule,
    last_activated: date,
    anchor: date,
) -> date | None:
    """First day >= anchor whose decayed score is below `threshold` (logs, then checked)."""
    if threshold is None:
        return None
    if as_written(score) < threshold:
        return anchor
    if not rule.decays or threshold <= 0:
        return None

    def below(day: date) -> bool:
        return as_written(decay_with_rule(score, rule, last_activated, anchor, day)) < threshold

    # score * f ** (eff(day) - eff(anchor)) < threshold  <=>  eff(day) > eff(anchor) + k
    k = math.log(threshold / score) / math.log(rule.daily_factor)
    anchor_eff = _effective_days(anchor, last_activated, rule.grace_days)
    guess = _add_days(last_activated, math.floor(rule.grace_days + anchor_eff + k) + 1)
    if guess is None:
        return None
    return _settle(max(guess, anchor + _ONE_DAY), anchor, below)


def _settle(day: date, anchor: date, below: Callable[[date], bool]) -> date | None:
    """Move a day or two either way to absorb float rounding in the analytic guess."""
    try:
        while not below(day):
            day += _ONE_DAY
        while day - _ONE_DAY > anchor and below(day - _ONE_DAY):
            day -= _ONE_DAY
    except OverflowError:
        return None
    return day


def _add_days(day: date, days: int) -> date | None:
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return None
