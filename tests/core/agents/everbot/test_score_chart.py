"""The score chart's data (issue 11): history in time order, the policy's marks, a projection
that falls as the decay rule says and crosses each mark on its forecast day, overdue marks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot.policy import profile_by_name
from core.agents.everbot.score_chart import HORIZON_DAYS, SAMPLES, score_chart, shown_span
from core.agents.everbot.scoring import as_written
from core.store.journal import HistoryPoint

EVERBOT = profile_by_name("everbot")
DAY = date(2026, 3, 1)


def _point(day: int, score: float, kind: str = "decay") -> HistoryPoint:
    return HistoryPoint(
        datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=day), score, kind, "memdesk"
    )


def test_history_marks_projection_and_forecast() -> None:
    history = [_point(30, 0.7), _point(0, 0.9, "observe"), _point(50, 0.8, "reinforce")]
    chart = score_chart(
        history, score=0.8, category="fact", last_activated=DAY, anchor=DAY, profile=EVERBOT,
        today=DAY,
    )  # fmt: skip
    assert [p.score for p in chart.history] == [0.9, 0.7, 0.8]  # oldest first
    assert chart.marks["archive_at"] == EVERBOT.archive_below
    assert chart.marks["review_at"] == EVERBOT.decay_review_below
    assert chart.projection[0] == (DAY, 0.8)
    scores = [s for _, s in chart.projection]
    assert scores == sorted(scores, reverse=True)  # no activation: it only falls
    assert len(chart.projection) <= SAMPLES + 5  # the samples, the end and each crossing
    assert {d for d in chart.forecast.values() if d} <= {d for d, _ in chart.projection}
    for name, day in chart.forecast.items():
        if day is None:
            continue
        before = [s for d, s in chart.projection if d < day]
        after = [s for d, s in chart.projection if d >= day]
        assert all(as_written(s) >= chart.marks[name] for s in before)
        assert after and as_written(after[0]) < chart.marks[name]
    assert chart.overdue == []


def test_a_crossing_before_today_is_overdue() -> None:
    chart = score_chart(
        [], score=0.4, category="fact", last_activated=DAY, anchor=DAY, profile=EVERBOT,
        today=DAY + timedelta(days=400),
    )  # fmt: skip
    assert set(chart.overdue) == {k for k, d in chart.forecast.items() if d is not None}
    assert chart.overdue
    assert chart.projection[-1][0] >= chart.today  # the chart reaches today


@given(
    st.floats(0.01, 1.0),
    st.integers(0, 400),
    st.sampled_from(["fact", "preference", "episode", "core", "workflow"]),
)
def test_the_projection_stays_within_the_horizon(score: float, ago: int, category: str) -> None:
    anchor = DAY
    chart = score_chart(
        [], score=score, category=category, last_activated=anchor - timedelta(days=ago),
        anchor=anchor, profile=profile_by_name("tiered"), today=anchor,
    )  # fmt: skip
    days = [d for d, _ in chart.projection]
    assert days == sorted(days) and days[0] == anchor
    assert days[-1] <= anchor + timedelta(days=HORIZON_DAYS)
    assert all(0 <= s <= score for _, s in chart.projection)


def test_a_young_history_gets_half_the_chart_not_a_sliver() -> None:
    """Issue 23: six weeks of history beside a forecast of a year and a half."""
    history = [_point(0, 0.1, "create"), _point(2, 0.8, "observe"), _point(40, 0.9, "observe")]
    today = date(2026, 2, 10)
    chart = score_chart(
        history, score=0.9, category="fact", last_activated=today, anchor=today,
        profile=EVERBOT, today=today,
    )  # fmt: skip
    start, end = shown_span(chart)
    assert start == history[0].at
    past = history[-1].at - start
    assert end - start <= 2 * past + timedelta(days=1)  # the history fills half the axis
    whole_start, whole_end = shown_span(chart, whole=True)
    assert whole_start == start
    assert whole_end.date() == chart.projection[-1][0] > end.date()


def test_an_old_history_shows_the_forecast_to_its_end() -> None:
    history = [_point(0, 0.9, "create"), _point(400, 0.8, "observe")]
    today = date(2027, 2, 5)
    chart = score_chart(
        history, score=0.8, category="fact", last_activated=today, anchor=today,
        profile=EVERBOT, today=today,
    )  # fmt: skip
    assert shown_span(chart)[1].date() == chart.projection[-1][0]
