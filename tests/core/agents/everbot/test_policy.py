"""Policy profiles: the SPEC section 3 numbers, rule lookup, and and their values checked."""

from __future__ import annotations

import pytest

from core.agents.everbot.policy import EVERBOT, TIERED, profile_by_name
from core.agents.everbot.profile_file import effective_profile
from core.scoring.policy import DecayRule, PolicyError


def test_everbot_numbers() -> None:
    assert EVERBOT.scale_max == 1.0
    assert EVERBOT.initial_scores == {"high": 0.8, "medium": 0.6, "low": 0.4}
    assert EVERBOT.initial_default == 0.6
    assert (EVERBOT.reinforce, EVERBOT.reinforce_rate) == ("toward_one", 0.2)
    assert (EVERBOT.archive_below, EVERBOT.delete_below) == (0.2, 0.05)
    assert (EVERBOT.promotion_at, EVERBOT.promotion_min_hits) == (0.9, 5)
    assert (EVERBOT.decay_review_below, EVERBOT.keep_reset_to) == (0.2, 0.5)
    for category in ("preference", "fact", "episode", "core", "system", "anything"):
        assert EVERBOT.rule_for(category, 0.5) == DecayRule(
            grace_days=7, daily_factor=0.99, delete_below=0.05
        )


def test_tiered_numbers() -> None:
    assert TIERED.scale_max is None
    assert (TIERED.reinforce, TIERED.boost) == ("boost", 0.3)
    assert (TIERED.archive_below, TIERED.delete_below) == (None, None)
    assert (TIERED.promotion_at, TIERED.promotion_min_hits) == (2.5, 0)
    assert (TIERED.decay_review_below, TIERED.keep_reset_to) == (0.5, 0.5)
    episode = TIERED.rule_for("episode", 1.0)
    assert (episode.grace_days, episode.daily_factor) == (7, 0.8)
    assert (episode.delete_after_days, episode.delete_below) == (14, None)
    fact = TIERED.rule_for("fact", 1.0)
    assert (fact.grace_days, fact.daily_factor, fact.delete_below) == (7, 0.95, 0.3)
    assert fact.delete_after_days is None


def test_tiered_rule_lookup() -> None:
    assert TIERED.rule_for("opinion", 1.0) == TIERED.rule_for("fact", 1.0)
    for never in ("core", "system"):
        assert not TIERED.rule_for(never, 0.1).decays
        assert TIERED.rule_for(never, 0.1).delete_below is None
    for category in ("episode", "fact", "opinion"):
        assert TIERED.rule_for(category, 2.99).decays
        never = TIERED.rule_for(category, 3.0)
        assert not never.decays
        assert (never.delete_below, never.delete_after_days) == (None, None)


def test_profile_by_name() -> None:
    assert profile_by_name("everbot") == EVERBOT
    assert profile_by_name("tiered") == TIERED
    copy = profile_by_name("everbot")
    copy.initial_scores["high"] = 0.1
    assert EVERBOT.initial_scores["high"] == 0.8
    with pytest.raises(ValueError, match="everbot, tiered"):
        profile_by_name("EverBot")


@pytest.mark.parametrize(
    ("override", "complaint"),
    [
        ({"archive_below": -0.1}, "archive_below"),
        ({"reinforce": "double"}, "reinforce"),
        ({"decay.default.daily_factor": 1.5}, "decay.default.daily_factor"),
        ({"promotion_min_hits": "many"}, "promotion_min_hits"),
        ({"surprise": 1}, "surprise"),
        ({"keep_reset_to": float("inf")}, "keep_reset_to"),
    ],
)
def test_invalid_values_raise_policy_error_naming_the_field(
    override: dict[str, object], complaint: str
) -> None:
    """A workspace's profile file is where a profile is read from (core.agents.everbot.profile_file)."""
    with pytest.raises(PolicyError, match=complaint) as info:
        effective_profile("everbot", override)
    assert isinstance(info.value, ValueError)
