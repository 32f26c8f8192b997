"""EverBot's built-in scoring profiles, for its own MEMORY.md and the tiered memory (SPEC 3)."""

from __future__ import annotations

from core.demo import DEVELOPER_CATEGORIES
from core.messages import say
from core.scoring.policy import DecayRule, PolicyProfile

# The categories in the agents' documents (SPEC 2.1, 2.5); unknown ones are kept as found.
EVERBOT_CATEGORIES = DEVELOPER_CATEGORIES  # the demos' developer assistant is EverBot's seed 003
TIERED_CATEGORIES = ("system", "core", "fact", "episode")
KNOWN_CATEGORIES = tuple(dict.fromkeys(EVERBOT_CATEGORIES + TIERED_CATEGORIES))

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
        raise ValueError(
            say("unknown policy profile {name} (known: {names})", name=repr(name), names=known)
        ) from None
