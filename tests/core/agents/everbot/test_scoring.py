"""Scoring and decay: EverBot oracle numbers, SPEC reference values and decay's properties."""

from __future__ import annotations

import json
import math
import re
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot.policy import EVERBOT, TIERED
from core.agents.everbot.scoring import (
    Section,
    agent_decay,
    agent_will_forget,
    as_written,
    decay_score,
    decay_transition,
    forecast,
    initial_score,
    reinforce,
)
from core.scoring.policy import DecayRule, PolicyProfile
from tests.conftest import FIXTURES, fixture_json

EVERBOT_FIXTURES = FIXTURES / "everbot"
MERGER: dict[str, Any] = fixture_json("everbot/merger.json")
NOW = datetime.fromisoformat(MERGER["now"])
DAY0 = date(2026, 1, 1)


def days(n: int) -> timedelta:
    return timedelta(days=n)


def everbot_decay(score: float, elapsed: int, category: str = "fact") -> float:
    return decay_score(
        score=score,
        category=category,
        last_activated=DAY0,
        anchor=DAY0,
        at=DAY0 + days(elapsed),
        profile=EVERBOT,
    )


# --- the EverBot oracle (merger.json) ------------------------------------------------------------


@pytest.mark.parametrize("row", MERGER["initial_scores"], ids=lambda r: repr(r["importance"]))
def test_initial_score_matches_agent(row: dict[str, Any]) -> None:
    importance = None if row["importance"] == "(argument omitted)" else row["importance"]
    assert initial_score(EVERBOT, importance) == row["score"]


def test_initial_score_labels_are_case_sensitive_like_the_agent() -> None:
    assert initial_score(EVERBOT, "HIGH") == 0.6
    assert initial_score(EVERBOT, "high") == 0.8
    assert initial_score(TIERED, "high") == 1.0


@pytest.mark.parametrize("row", MERGER["reinforce"], ids=lambda r: str(r["score_in"]))
def test_reinforce_matches_agent(row: dict[str, Any]) -> None:
    out = reinforce(EVERBOT, row["score_in"], row["activation_count_in"], NOW)
    assert out.score == row["score_out"]
    assert format(out.score, ".2f") == row["score_out_2dp"]
    assert out.hits == row["activation_count_out"]
    assert out.last_activated == NOW


@pytest.mark.parametrize("chain", MERGER["reinforce_chain"], ids=lambda c: str(c["score_start"]))
def test_reinforce_chain_matches_agent(chain: dict[str, Any]) -> None:
    score, hits = chain["score_start"], chain["activation_count_start"]
    for step in chain["steps"]:
        score, hits, _ = reinforce(EVERBOT, score, hits, NOW)
        assert score == step["score"], step["step"]
        assert format(score, ".2f") == step["score_2dp"]
        assert hits == step["activation_count"]


@pytest.mark.parametrize(
    "row", MERGER["decay"], ids=lambda r: f"{r['score_in']}-{r['days_since_activation']}d"
)
def test_agent_decay_matches_agent(row: dict[str, Any]) -> None:
    out = agent_decay(row["score_in"], row["last_activated"], NOW)
    assert out == row["score_out"]
    assert format(out, ".2f") == row["score_out_2dp"]


@pytest.mark.parametrize("row", MERGER["decay_date_strings"], ids=lambda r: r["last_activated"])
def test_agent_decay_date_strings_match_agent(row: dict[str, Any]) -> None:
    out = agent_decay(row["score_in"], row["last_activated"], NOW)
    assert out == row["score_out"]
    assert format(out, ".2f") == row["score_out_2dp"]


@pytest.mark.parametrize(
    "row",
    [r for r in MERGER["decay"] if float(r["days_since_activation"]).is_integer()],
    ids=lambda r: f"{r['score_in']}-{r['days_since_activation']}d",
)
def test_decay_score_equals_agent_on_whole_days(row: dict[str, Any]) -> None:
    last = datetime.fromisoformat(row["last_activated"]).date()
    out = decay_score(
        score=row["score_in"],
        category="preference",
        last_activated=last,
        anchor=last,
        at=NOW.date(),
        profile=EVERBOT,
    )
    assert out == row["score_out"]


def test_agent_decay_edge_inputs() -> None:
    seventeen_days = MERGER["decay"][4]
    assert seventeen_days["days_since_activation"] == 17
    assert agent_decay(0.8, "2026-02-12T12:00:00Z", NOW) == seventeen_days["score_out"]
    assert (
        agent_decay(0.8, "2026-02-12T12:00:00", NOW.replace(tzinfo=None))
        == (seventeen_days["score_out"])
    )
    for unparseable in ("", "yesterday", "2026-13-01", "2026-2-3"):
        assert agent_decay(0.8, unparseable, NOW) == 0.8
    assert agent_decay(0.8, "2026-06-01", NOW) == 0.8  # in the future: negative days
    assert agent_decay(0.8, "2026-02-22T11:59:59+00:00", NOW) < 0.8  # just over 7 days


# --- SPEC section 3 reference values -------------------------------------------------------------


def test_spec_reference_values() -> None:
    assert format(reinforce(EVERBOT, 0.6, 1, NOW).score, ".2f") == "0.68"
    assert format(reinforce(EVERBOT, 0.9, 1, NOW).score, ".2f") == "0.92"
    assert format(reinforce(EVERBOT, 0.2, 1, NOW).score, ".2f") == "0.36"
    assert everbot_decay(0.8, 17) == 0.8 * 0.99**10
    assert everbot_decay(0.8, 17) == pytest.approx(0.7234, abs=2e-4)
    assert everbot_decay(0.8, 7) == 0.8
    assert everbot_decay(0.8, 8) < 0.8
    assert everbot_decay(0.3, 200) < 0.05


def test_reinforce_is_not_clamped() -> None:
    assert reinforce(EVERBOT, 1.5, 3, NOW).score == pytest.approx(1.4)
    assert reinforce(TIERED, 2.9, 0, NOW) == (pytest.approx(3.2), 1, NOW)


def test_tiered_decay_rules() -> None:
    def tiered(score: float, category: str, elapsed: int) -> float:
        end = DAY0 + days(elapsed)
        return decay_score(
            score=score, category=category, last_activated=DAY0, anchor=DAY0, at=end, profile=TIERED
        )

    assert tiered(1.0, "episode", 7) == 1.0
    assert tiered(1.0, "episode", 10) == pytest.approx(0.8**3)
    assert tiered(1.0, "fact", 10) == pytest.approx(0.95**3)
    assert tiered(1.0, "opinion", 10) == tiered(1.0, "fact", 10)  # unknown behaves like fact
    for never in ("core", "system"):
        assert tiered(0.4, never, 400) == 0.4
    assert tiered(3.0, "episode", 400) == 3.0
    assert tiered(2.99, "episode", 8) == pytest.approx(2.99 * 0.8)


def test_fractional_grace_and_custom_rules() -> None:
    rule = DecayRule(grace_days=6.5, daily_factor=0.5, delete_below=0.1, delete_after_days=30.5)
    custom = EVERBOT.model_copy(update={"default_rule": rule})
    on_day_8 = decay_score(
        score=1.0, category="x", last_activated=DAY0, anchor=DAY0, at=DAY0 + days(8), profile=custom
    )
    assert on_day_8 == 0.5**1.5
    got = forecast(score=1.0, category="x", last_activated=DAY0, anchor=DAY0, profile=custom)
    # 0.5**x < 0.2 first for x = 2.5 (day 9); < 0.1 first for x = 3.5 (day 10).
    assert (got.archive_at, got.delete_at) == (DAY0 + days(9), DAY0 + days(10))
    late = forecast(
        score=1.0,
        category="x",
        last_activated=DAY0,
        anchor=DAY0,
        profile=custom.model_copy(
            update={"default_rule": rule.model_copy(update={"daily_factor": 0.99})}
        ),
    )
    assert late.delete_at == DAY0 + days(31)  # by age: 30.5 days means on day 31


def test_transition_rule_is_chosen_by_the_score_before_decay() -> None:
    # A tiered memory at 3.0 or more never decays and is never deleted, whatever it is now.
    def fact(before: float, after: float) -> str | None:
        return decay_transition(
            score_before=before,
            score_after=after,
            category="fact",
            section="active",
            last_activated=DAY0,
            at=DAY0 + days(30),
            profile=TIERED,
        )

    assert fact(3.0, 0.2) is None
    assert fact(2.9, 0.2) == "delete"


def test_decay_transitions() -> None:
    def everbot(before: float, after: float, section: Section) -> str | None:
        return decay_transition(
            score_before=before,
            score_after=after,
            category="fact",
            section=section,
            last_activated=DAY0,
            at=DAY0 + days(30),
            profile=EVERBOT,
        )

    assert everbot(0.25, 0.21, "active") is None
    assert everbot(0.25, 0.2, "active") is None
    assert everbot(0.25, 0.19, "active") == "archive"
    assert everbot(0.19, 0.15, "archived") is None
    assert everbot(0.06, 0.05, "archived") is None
    # Compared as the file will say it (two decimals), as the agent reads it back:
    assert everbot(0.06, 0.049, "archived") is None  # written 0.05: the agent keeps it
    assert everbot(0.06, 0.0449, "archived") == "delete"  # written 0.04
    assert everbot(0.25, 0.1951, "active") is None  # written 0.20
    assert everbot(0.3, 0.04, "active") == "delete"

    def tiered(before: float, category: str, elapsed: int) -> str | None:
        after = decay_score(
            score=before,
            category=category,
            last_activated=DAY0,
            anchor=DAY0,
            at=DAY0 + days(elapsed),
            profile=TIERED,
        )
        return decay_transition(
            score_before=before,
            score_after=after,
            category=category,
            section="active",
            last_activated=DAY0,
            at=DAY0 + days(elapsed),
            profile=TIERED,
        )

    assert tiered(1.0, "episode", 13) is None
    assert tiered(1.0, "episode", 14) == "delete"
    assert tiered(3.5, "episode", 60) is None  # >= 3.0 is never deleted
    assert tiered(0.31, "fact", 8) == "delete"  # 0.31 * 0.95 < 0.3
    assert tiered(0.4, "fact", 8) is None
    assert tiered(0.1, "core", 900) is None


# --- forecast: concrete values -------------------------------------------------------------------


def test_forecast_everbot_concrete() -> None:
    # Written with two decimals, 0.8 * 0.99**x shows below 0.20 once below 0.195: first for
    # x = 141 (ln 0.24375 / ln 0.99 = 140.45), plus 7 days' grace.
    got = forecast(score=0.8, category="fact", last_activated=DAY0, anchor=DAY0, profile=EVERBOT)
    assert got.archive_at == DAY0 + days(148)
    assert got.review_at == got.archive_at
    # Below 0.05 as written once below 0.045: x = 287 (ln 0.05625 / ln 0.99 = 286.35).
    assert got.delete_at == DAY0 + days(294)


def test_forecast_tiered_concrete() -> None:
    episode = forecast(
        score=1.0, category="episode", last_activated=DAY0, anchor=DAY0, profile=TIERED
    )
    # 0.8**x < 0.5 first for x = 4; deleted 14 days after activation whatever the score.
    assert episode == type(episode)(
        review_at=DAY0 + days(11), archive_at=None, delete_at=DAY0 + days(14)
    )
    core = forecast(score=0.1, category="core", last_activated=DAY0, anchor=DAY0, profile=TIERED)
    assert (core.archive_at, core.delete_at) == (None, None)
    assert core.review_at == DAY0  # already below the review mark


def test_forecast_already_past_is_the_anchor() -> None:
    anchor = DAY0 + days(40)
    got = forecast(
        score=0.1, category="episode", last_activated=DAY0, anchor=anchor, profile=TIERED
    )
    assert got.review_at == anchor
    assert got.delete_at == anchor


# --- agent_will_forget ---------------------------------------------------------------------------


def _score_boundaries() -> tuple[list[tuple[str, float]], list[str]]:
    parsed = json.loads((EVERBOT_FIXTURES / "score_boundaries.parsed.json").read_text("utf-8"))
    entries = [(e["id"], e["score"]) for e in parsed["entries"]]
    rendered = (EVERBOT_FIXTURES / "score_boundaries.rendered.md").read_text("utf-8")
    return entries, re.findall(r"^### \[(\w+)\]", rendered, flags=re.MULTILINE)


def test_agent_will_forget_matches_the_agents_save() -> None:
    entries, written = _score_boundaries()
    forgotten = agent_will_forget(entries)
    assert {entries[i][0] for i in forgotten} == {id_ for id_, _ in entries} - set(written)
    assert forgotten == sorted(forgotten)
    assert [entries[i][1] for i in forgotten] == [0.049, 0.0, 0.005, 0.0499999]


@pytest.mark.parametrize("cap", range(13))
def test_agent_will_forget_cap_keeps_the_top_in_stable_order(cap: int) -> None:
    # The agent writes Active (>= 0.2) first, sorted the same stable way as its cap: so the first
    # `cap` ids of its render are exactly the ones a cap of `cap` would keep (12 are Active).
    entries, written = _score_boundaries()
    kept = [i for i in range(len(entries)) if i not in agent_will_forget(entries, cap=cap)]
    assert sorted(entries[i][0] for i in kept) == sorted(written[:cap])


def test_agent_will_forget_duplicate_ids_by_index() -> None:
    entries = [("a", 0.5), ("a", 0.3), ("b", 0.5), ("a", 0.01)]
    assert agent_will_forget(entries, cap=2) == [1, 3]
    assert agent_will_forget([]) == []
    assert agent_will_forget([("x", 0.05)] * 31) == [30]


# --- properties ----------------------------------------------------------------------------------

CATEGORIES = st.sampled_from(["fact", "episode", "core", "system", "preference", "ünknown"])
SCORES = st.floats(min_value=0.0, max_value=5.0, allow_nan=False)
OFFSETS = st.integers(min_value=0, max_value=1000)
LAST_ACTIVATED = st.dates(min_value=date(2024, 1, 1), max_value=date(2026, 12, 31))


@st.composite
def profiles(draw: st.DrawFn) -> PolicyProfile:
    """The built-ins and EverBot with a random rule (fractional grace, any factor)."""
    rule = DecayRule(
        grace_days=draw(st.floats(min_value=0, max_value=30)),
        daily_factor=draw(st.floats(min_value=0.5, max_value=0.999)),
        delete_after_days=draw(st.none() | st.floats(min_value=0, max_value=400)),
        never_below=draw(st.none() | st.floats(min_value=0.5, max_value=4)),
    )
    custom = EVERBOT.model_copy(update={"name": "custom", "default_rule": rule})
    return draw(st.sampled_from([EVERBOT, TIERED, custom]))


def _decay(
    profile: PolicyProfile, score: float, category: str, last: date, anchor: date, at: date
) -> float:
    return decay_score(
        score=score, category=category, last_activated=last, anchor=anchor, at=at, profile=profile
    )


@given(profiles(), SCORES, CATEGORIES, LAST_ACTIVATED, OFFSETS, OFFSETS, OFFSETS)
def test_decay_in_two_steps_equals_one_step(
    profile: PolicyProfile, score: float, category: str, last: date, a: int, b: int, c: int
) -> None:
    anchor, t1, t2 = (last + days(n) for n in sorted((a, b, c)))
    via_t1 = _decay(
        profile, _decay(profile, score, category, last, anchor, t1), category, last, t1, t2
    )
    direct = _decay(profile, score, category, last, anchor, t2)
    assert math.isclose(via_t1, direct, rel_tol=1e-12, abs_tol=1e-300)


@given(profiles(), SCORES, CATEGORIES, LAST_ACTIVATED, OFFSETS, OFFSETS)
def test_decaying_to_the_same_date_twice_changes_nothing(
    profile: PolicyProfile, score: float, category: str, last: date, a: int, b: int
) -> None:
    anchor, at = last + days(min(a, b)), last + days(max(a, b))
    once = _decay(profile, score, category, last, anchor, at)
    assert _decay(profile, once, category, last, at, at) == once


@given(profiles(), SCORES, CATEGORIES, LAST_ACTIVATED, OFFSETS, OFFSETS, OFFSETS)
def test_decay_never_increases_and_is_monotone_in_time(
    profile: PolicyProfile, score: float, category: str, last: date, a: int, b: int, c: int
) -> None:
    anchor = last + days(a)
    early, late = last + days(min(b, c)), last + days(max(b, c))
    at_early = _decay(profile, score, category, last, anchor, early)
    at_late = _decay(profile, score, category, last, anchor, late)
    assert at_late <= at_early <= score


@given(profiles(), SCORES, CATEGORIES, LAST_ACTIVATED, OFFSETS, OFFSETS)
def test_only_exempt_memories_keep_their_score(
    profile: PolicyProfile, score: float, category: str, last: date, a: int, b: int
) -> None:
    anchor, at = last + days(min(a, b)), last + days(max(a, b))
    rule = profile.decay_rules.get(category, profile.default_rule)
    exempt = category in profile.never_decay_categories or (
        rule.never_below is not None and score >= rule.never_below
    )
    decayed = _decay(profile, score, category, last, anchor, at)
    if exempt:
        assert decayed == score
        return
    decay_days = max(0, (at - last).days - rule.grace_days) - max(
        0, (anchor - last).days - rule.grace_days
    )
    if decay_days >= 1 and score >= 1e-6:
        assert decayed < score
    elif decay_days == 0:
        assert decayed == score


@given(profiles(), SCORES, CATEGORIES, LAST_ACTIVATED, st.integers(min_value=0, max_value=60))
def test_forecast_dates_are_the_first_crossings(
    profile: PolicyProfile, score: float, category: str, last: date, offset: int
) -> None:
    anchor = last + days(offset)
    got = forecast(
        score=score, category=category, last_activated=last, anchor=anchor, profile=profile
    )

    def value(day: date) -> float:
        return _decay(profile, score, category, last, anchor, day)

    for when, threshold in (
        (got.review_at, profile.decay_review_below),
        (got.archive_at, profile.archive_below),
    ):
        if threshold is None:
            assert when is None
            continue
        # Crossings of the score as the file says it (two decimals), as the agent reads it.
        if not profile.rule_for(category, score).decays:
            assert when == (anchor if as_written(score) < threshold else None)
            continue
        assert when is not None
        assert when >= anchor
        assert as_written(value(when)) < threshold
        assert when == anchor or as_written(value(when - days(1))) >= threshold

    def deleted(day: date) -> bool:
        transition = decay_transition(
            score_before=score,
            score_after=value(day),
            category=category,
            section="archived",
            last_activated=last,
            at=day,
            profile=profile,
        )
        return transition == "delete"

    if got.delete_at is None:
        assert not deleted(anchor + days(20_000))
    else:
        assert deleted(got.delete_at)
        assert got.delete_at == anchor or not deleted(got.delete_at - days(1))
