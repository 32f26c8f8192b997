"""Policy profiles: the SPEC section 3 numbers, rule lookup, and saving and loading as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.agents.everbot.policy import EVERBOT, TIERED, profile_by_name
from core.scoring.policy import DecayRule, PolicyError, PolicyProfile, load_profile, save_profile


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


@pytest.mark.parametrize("profile", [EVERBOT, TIERED], ids=lambda p: p.name)
def test_save_then_load_round_trips(tmp_path: Path, profile: PolicyProfile) -> None:
    path = tmp_path / "policy.json"
    save_profile(path, profile)
    assert load_profile(path) == profile
    assert json.loads(path.read_text("utf-8"))["name"] == profile.name
    assert [p.name for p in tmp_path.iterdir()] == ["policy.json"]


def test_save_replaces_an_existing_profile(tmp_path: Path) -> None:
    path = tmp_path / ".memdesk" / "policy.json"
    save_profile(path, EVERBOT)
    changed = EVERBOT.model_copy(update={"name": "mine", "archive_below": 0.25})
    save_profile(path, changed)
    loaded = load_profile(path)
    assert loaded is not None
    assert (loaded.name, loaded.archive_below) == ("mine", 0.25)
    assert sorted(p.name for p in path.parent.iterdir()) == ["policy.json"]


def test_missing_file_loads_as_none(tmp_path: Path) -> None:
    assert load_profile(tmp_path / "absent.json") is None


def _saved_everbot(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    path = tmp_path / "policy.json"
    save_profile(path, EVERBOT)
    return path, json.loads(path.read_text("utf-8"))


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"archive_below": -0.1}, "archive_below"),
        ({"reinforce": "double"}, "reinforce"),
        ({"default_rule": {"grace_days": 7, "daily_factor": 1.5}}, "default_rule.daily_factor"),
        ({"promotion_min_hits": "many"}, "promotion_min_hits"),
        ({"surprise": 1}, "surprise"),
        ({"version": 2}, "version"),
    ],
)
def test_invalid_values_raise_policy_error_naming_file_and_field(
    tmp_path: Path, change: dict[str, object], complaint: str
) -> None:
    path, data = _saved_everbot(tmp_path)
    path.write_text(json.dumps(data | change), encoding="utf-8")
    with pytest.raises(PolicyError) as info:
        load_profile(path)
    assert str(path) in str(info.value)
    assert complaint in str(info.value)


def test_a_missing_field_is_an_error(tmp_path: Path) -> None:
    path, data = _saved_everbot(tmp_path)
    del data["delete_below"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PolicyError, match="delete_below"):
        load_profile(path)


@pytest.mark.parametrize(
    "content", [b"", b"{", b'{"name": "x",}', b"\xff\xfe not utf-8", b"[]", b"NaN"]
)
def test_corrupt_file_raises_policy_error_naming_the_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "policy.json"
    path.write_bytes(content)
    with pytest.raises(PolicyError) as info:
        load_profile(path)
    assert str(path) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_non_finite_numbers_are_rejected(tmp_path: Path) -> None:
    path, data = _saved_everbot(tmp_path)
    text = json.dumps(data | {"keep_reset_to": float("inf")})
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PolicyError, match="keep_reset_to"):
        load_profile(path)
