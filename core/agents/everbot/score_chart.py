"""What a memory's score chart shows (SPEC 6, issue 11): its history, the policy's marks, and how
its score would fall from now on without a new activation. Pure data: the window draws it.

The projection starts at the anchor (the day the score already holds decay up to) and follows
the memory's decay rule day by day, sampled at most `SAMPLES` times, until it has crossed every
mark or `HORIZON_DAYS` have passed. A forecast date before `today` is overdue: the memory has
crossed the mark and no decay run has said so yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from core.agents.everbot.scoring import Forecast, decay_with_rule, forecast
from core.messages import N_
from core.scoring.policy import PolicyProfile
from core.store.journal import HistoryPoint

HORIZON_DAYS = 730
SAMPLES = 120
FUTURE_MIN_DAYS = 30  # of the projection the chart shows, however short the history
LABELS = {"review_at": N_("review"), "archive_at": N_("archive"), "delete_at": N_("delete")}
# The kinds of change a history point has (the journal's), as the chart's legend names them.
HISTORY_KINDS = (N_("observe"), N_("decay"), N_("reinforce"), N_("edit"), N_("create"),
                 N_("restore"), N_("review"))  # fmt: skip


@dataclass(frozen=True, slots=True)
class ScoreChart:
    history: list[HistoryPoint]  # oldest first
    marks: dict[str, float]  # review_at, archive_at, delete_at: the score below which each is
    projection: list[tuple[date, float]]  # from the anchor on, without new activations
    forecast: dict[str, date | None]  # the day the score crosses each mark (same keys)
    overdue: list[str]  # marks whose day is before `today`
    today: date


def score_chart(
    history: list[HistoryPoint],
    *,
    score: float,
    category: str,
    last_activated: date,
    anchor: date,
    profile: PolicyProfile,
    today: date,
    archived: bool = False,
) -> ScoreChart:
    """`archived`: the memory is archived already; only what can still happen to it (its
    deletion) is forecast."""
    rule = profile.rule_for(category, score)
    marks = {
        "review_at": profile.decay_review_below,
        "archive_at": profile.archive_below,
        "delete_at": rule.delete_below,
    }
    outlook = forecast(
        score=score, category=category, last_activated=last_activated, anchor=anchor,
        profile=profile,
    )  # fmt: skip
    dates = _dates(outlook)
    if archived:
        marks = {"delete_at": marks["delete_at"]}
        dates = {"delete_at": dates["delete_at"]}
    end = _projection_end(anchor, today, dates)
    span = (end - anchor).days
    step = max(1, -(-span // SAMPLES))
    sampled = {anchor + timedelta(days=n) for n in range(0, span + 1, step)} | {end}
    sampled |= {d for d in dates.values() if d is not None and anchor <= d <= end}  # crossings
    projection = [
        (d, decay_with_rule(score, rule, last_activated, anchor, d)) for d in sorted(sampled)
    ]
    return ScoreChart(
        history=sorted(history, key=lambda p: p.at),
        marks={name: value for name, value in marks.items() if value is not None},
        projection=projection,
        forecast=dates,
        overdue=[name for name, day in dates.items() if day is not None and day < today],
        today=today,
    )


def _dates(outlook: Forecast) -> dict[str, date | None]:
    return {name: getattr(outlook, name) for name in outlook.__slots__}


def _projection_end(anchor: date, today: date, dates: dict[str, date | None]) -> date:
    """Far enough to show every crossing and today, at most HORIZON_DAYS after the anchor."""
    known = [d for d in dates.values() if d is not None]
    end = max([today + timedelta(days=30), *(d + timedelta(days=30) for d in known)])
    return min(end, anchor + timedelta(days=HORIZON_DAYS)) if end > anchor else anchor


def shown_span(chart: ScoreChart, *, whole: bool = False) -> tuple[datetime, datetime]:
    """The time the chart's x axis spans: the history up to today, then as much of the
    projection as the history spans (at least FUTURE_MIN_DAYS), so a month of history is not a
    sliver beside two years of forecast (the forecast line gives the days beyond); `whole`:
    the projection to its end."""
    times = [p.at for p in chart.history] + [_at(day) for day, _ in chart.projection[:1]]
    start = min(times, default=_at(chart.today))
    now = max([*times, _at(chart.today)])
    ends = [now, *(_at(day) for day, _ in chart.projection[-1:])]
    future = max(now - start, timedelta(days=FUTURE_MIN_DAYS))
    end = max(ends) if whole else min(max(ends), now + future)
    return start, max(end, start + timedelta(days=1))


def _at(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)
