"""Scoring policy profiles: the numbers behind scoring and decay, kept as data (SPEC section 3)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

# The categories in the agents' documents (SPEC 2.1, 2.5); unknown ones are kept as found.
EVERBOT_CATEGORIES = (
    "preference",
    "fact",
    "experience",
    "workflow",
    "decision",
    "skill_usage",
    "todo",
)
TIERED_CATEGORIES = ("system", "core", "fact", "episode")
KNOWN_CATEGORIES = tuple(dict.fromkeys(EVERBOT_CATEGORIES + TIERED_CATEGORIES))


class PolicyError(ValueError):
    """A policy profile file that cannot be read as a valid profile."""


class DecayRule(BaseModel):
    """How one category loses score over time; the defaults describe a memory that never decays."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    grace_days: float = Field(default=0.0, ge=0)
    daily_factor: float = Field(default=1.0, gt=0, le=1)
    delete_below: float | None = Field(default=None, ge=0)
    delete_after_days: float | None = Field(default=None, ge=0)
    never_below: float | None = None

    @property
    def decays(self) -> bool:
        """Whether a score under this rule can go down at all."""
        return self.daily_factor < 1.0


NEVER_DECAYS = DecayRule()


class PolicyProfile(BaseModel):
    """One complete scoring policy, saved per workspace as JSON."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    version: Literal[1] = 1
    name: str = Field(min_length=1)
    scale_max: float | None = Field(gt=0)
    initial_scores: dict[str, float]
    initial_default: float = Field(ge=0)
    reinforce: Literal["toward_one", "boost"]
    reinforce_rate: float = Field(ge=0, le=1)
    boost: float = Field(ge=0)
    decay_rules: dict[str, DecayRule]
    default_rule: DecayRule
    never_decay_categories: tuple[str, ...]
    archive_below: float | None = Field(ge=0)
    delete_below: float | None = Field(ge=0)
    promotion_at: float = Field(ge=0)
    promotion_min_hits: int = Field(ge=0)
    decay_review_below: float = Field(ge=0)
    keep_reset_to: float = Field(ge=0)

    def rule_for(self, category: str, score: float) -> DecayRule:
        """The effective rule for a memory: never-decay cases resolved, profile deletion filled in.

        `score` is the score before decaying; at or above the rule's `never_below` nothing decays
        and nothing is deleted (seed 004: "core / importance >= 3.0: never decays, never deleted").
        """
        if category in self.never_decay_categories:
            return NEVER_DECAYS
        rule = self.decay_rules.get(category, self.default_rule)
        if rule.never_below is not None and score >= rule.never_below:
            return NEVER_DECAYS
        if rule.delete_below is None and self.delete_below is not None:
            return rule.model_copy(update={"delete_below": self.delete_below})
        return rule


EVERBOT = PolicyProfile(
    name="everbot",
    scale_max=1.0,
    # MemoryMerger._IMPORTANCE_SCORES at xforce-io/alfred 603d2cf; anything else gets 0.6.
    initial_scores={"high": 0.8, "medium": 0.6, "low": 0.4},
    initial_default=0.6,
    reinforce="toward_one",
    reinforce_rate=0.2,
    boost=0.3,
    decay_rules={},
    default_rule=DecayRule(grace_days=7, daily_factor=0.99),
    never_decay_categories=(),
    archive_below=0.2,
    delete_below=0.05,
    promotion_at=0.9,
    promotion_min_hits=5,
    decay_review_below=0.2,
    keep_reset_to=0.5,
)

_TIERED_FACT = DecayRule(grace_days=7, daily_factor=0.95, delete_below=0.3, never_below=3.0)

TIERED = PolicyProfile(
    name="tiered",
    scale_max=None,
    # Seed 004: the extractor gives the importance itself, typically 1.0.
    initial_scores={},
    initial_default=1.0,
    reinforce="boost",
    reinforce_rate=0.2,
    boost=0.3,
    decay_rules={
        "episode": DecayRule(grace_days=7, daily_factor=0.8, delete_after_days=14, never_below=3.0),
        "fact": _TIERED_FACT,
    },
    default_rule=_TIERED_FACT,
    never_decay_categories=("core", "system"),
    archive_below=None,
    delete_below=None,
    promotion_at=2.5,
    promotion_min_hits=0,
    decay_review_below=0.5,
    keep_reset_to=0.5,
)

BUILTIN_PROFILES: dict[str, PolicyProfile] = {p.name: p for p in (EVERBOT, TIERED)}


def profile_by_name(name: str) -> PolicyProfile:
    """A fresh copy of a built-in profile; ValueError names the known ones."""
    try:
        return BUILTIN_PROFILES[name].model_copy(deep=True)
    except KeyError:
        known = ", ".join(sorted(BUILTIN_PROFILES))
        raise ValueError(f"unknown policy profile {name!r} (known: {known})") from None


def describe_error(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        where = ".".join(str(part) for part in err["loc"])
        parts.append(f"{where}: {err['msg']}" if where else err["msg"])
    return "; ".join(parts)
