"""Scoring policy profiles: the numbers behind scoring and decay, kept as data (SPEC section 3).

The shape of a profile, shared by every agent that keeps scores and by the review queue; the
built-in profiles are their agent's (EverBot's: `core.agents.everbot.policy`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError


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


def describe_error(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        where = ".".join(str(part) for part in err["loc"])
        parts.append(f"{where}: {err['msg']}" if where else err["msg"])
    return "; ".join(parts)
