"""How OpenClaw's deep sweep ranks short-term recall candidates (spec/openclaw.md §8.2) and the
gates a candidate must pass before dreaming promotes it. Works on stores normalised by
core.agents.openclaw.recall; numbers follow the agent's JavaScript."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from core.agents.openclaw.recall import (
    DAY_MS,
    JsonObject,
    clamp_score,
    is_finite,
    is_session_corpus_path,
    is_short_term_path,
    iso_from_ms,
    js_number_text,
    js_to_fixed,
    normalize_phase_signals,
    normalize_recall_store,
    parse_date_ms,
    retained_keys,
    signal_count,
    to_finite_nonneg_int,
    to_finite_positive,
    to_finite_score,
)
from core.agents.openclaw.snippets import is_contaminated_snippet
from core.messages import N_, say

# --- ranking ----------------------------------------------------------------------------------

DEFAULT_WEIGHTS: dict[str, float] = {
    "frequency": 0.24,
    "relevance": 0.3,
    "diversity": 0.15,
    "recency": 0.15,
    "consolidation": 0.1,
    "conceptual": 0.06,
}


@dataclass(frozen=True, slots=True)
class RankOptions:
    """rankShortTermPromotionCandidates' options; None means the agent's default."""

    min_score: float | None = None  # 0.75
    min_recall_count: int | None = None  # 3
    min_unique_queries: int | None = None  # 3
    max_age_days: int | None = None  # none
    include_promoted: bool = False
    recency_half_life_days: float | None = None  # 14
    weights: Mapping[str, float] = field(default_factory=dict)
    limit: int | None = None


NO_THRESHOLDS = RankOptions(min_score=0, min_recall_count=0, min_unique_queries=0)
DEEP_SWEEP = RankOptions(max_age_days=30, limit=10)
# A candidate's verdict when it passes every gate of a scheduled deep sweep.
PROMOTED = N_("would be promoted")


def normalize_weights(weights: Mapping[str, float]) -> dict[str, float]:
    merged = {name: max(0.0, float(weights.get(name, w))) for name, w in DEFAULT_WEIGHTS.items()}
    total = sum(merged.values())
    if total <= 0:
        return dict(DEFAULT_WEIGHTS)
    return {name: value / total for name, value in merged.items()}


def recency(age_days: float, half_life_days: float) -> float:
    if (
        not is_finite(age_days)
        or age_days < 0
        or not is_finite(half_life_days)
        or half_life_days <= 0
    ):
        return 1.0
    return math.exp(-(math.log(2) / half_life_days) * age_days)


def consolidation_component(recall_days: list[str]) -> float:
    if not recall_days:
        return 0.0
    if len(recall_days) == 1:
        return 0.2
    parsed = sorted(
        ms
        for ms in (parse_date_ms(f"{day}T00:00:00.000Z") for day in recall_days)
        if ms is not None
    )
    if len(parsed) <= 1:
        return 0.2
    span_days = max(0.0, (parsed[-1] - parsed[0]) / DAY_MS)
    spacing = clamp_score(math.log1p(len(parsed) - 1) / math.log1p(4))
    return clamp_score(0.55 * spacing + 0.45 * clamp_score(span_days / 7))


def _phase_age(stamp: Any, now_ms: float) -> float | None:
    parsed = parse_date_ms(stamp) if stamp else None
    return None if parsed is None else max(0.0, (now_ms - parsed) / DAY_MS)


def phase_boost(signal: Mapping[str, Any] | None, now_ms: float) -> float:
    """Up to 0.06 for light-sleep hits and 0.09 for REM hits, fading with a 14-day half-life."""
    if not signal:
        return 0.0
    light = clamp_score(math.log1p(max(0, signal["lightHits"])) / math.log1p(6))
    rem = clamp_score(math.log1p(max(0, signal["remHits"])) / math.log1p(6))
    light_age = _phase_age(signal.get("lastLightAt"), now_ms)
    rem_age = _phase_age(signal.get("lastRemAt"), now_ms)
    light_recency = 0.0 if light_age is None else clamp_score(recency(light_age, 14))
    rem_recency = 0.0 if rem_age is None else clamp_score(recency(rem_age, 14))
    return clamp_score(0.06 * light * light_recency + 0.09 * rem * rem_recency)


def is_origin_blocked(candidate: Mapping[str, Any]) -> bool:
    """untrusted or system origin: never promoted on any path."""
    provenance = candidate.get("provenance") or {}
    return provenance.get("originClass") in ("untrusted", "system")


def _collation_key(text: str) -> tuple[str, str]:
    # localeCompare approximated: case-insensitive first, then case.
    return (text.casefold(), text.swapcase())


def rank_candidates(
    store: Mapping[str, Any],
    phases: Mapping[str, Any] | None,
    now_ms: float,
    options: RankOptions = RankOptions(),
) -> list[JsonObject]:
    """rankShortTermPromotionCandidates over a store and its phase signals (raw or normalised:
    both are normalised first, as the agent reads them)."""
    now_iso = iso_from_ms(now_ms)
    normal = normalize_recall_store(store, now_iso)
    keep = retained_keys(normal)
    signals = normalize_phase_signals(phases, now_iso)["entries"]
    min_score = to_finite_score(options.min_score, 0.75)
    min_signals = to_finite_nonneg_int(options.min_recall_count, 3)
    min_queries = to_finite_nonneg_int(options.min_unique_queries, 3)
    max_age = to_finite_nonneg_int(options.max_age_days, -1)
    half_life = to_finite_positive(options.recency_half_life_days, 14)
    weights = normalize_weights(options.weights)
    found: list[JsonObject] = []
    for key in keep:
        entry = normal["entries"][key]
        candidate = _rank_entry(entry, signals.get(entry["key"]), now_ms, weights, half_life)
        if candidate is None or (entry.get("promotedAt") and not options.include_promoted):
            continue
        if candidate["signalCount"] < min_signals or candidate["uniqueQueries"] < min_queries:
            continue
        if max_age >= 0 and candidate["ageDays"] > max_age:
            continue
        if candidate.pop("_raw_score") < min_score:
            continue
        found.append(candidate)
    found.sort(key=lambda c: _collation_key(c["path"]))
    found.sort(key=lambda c: (-c["score"], -c["recallCount"]))
    limit = options.limit if options.limit is not None else len(found)
    return found[: max(0, limit)]


def _rank_entry(
    entry: JsonObject,
    signal: JsonObject | None,
    now_ms: float,
    weights: dict[str, float],
    half_life: float,
) -> JsonObject | None:
    if not is_short_term_path(entry["path"]) or is_origin_blocked(entry):
        return None
    if is_contaminated_snippet(
        entry["snippet"], allow_transcript_turn=is_session_corpus_path(entry["path"])
    ):
        return None
    signals = signal_count(entry)
    if signals <= 0:
        return None
    avg = clamp_score(entry["totalScore"] / max(1, signals))
    frequency = clamp_score(math.log1p(signals) / math.log1p(10))
    queries = len(entry.get("userQueryHashes") or [])
    last_ms = parse_date_ms(entry["lastRecalledAt"])
    age = max(0.0, (now_ms - last_ms) / DAY_MS) if last_ms is not None else 0.0
    components = {
        "frequency": frequency,
        "relevance": avg,
        "diversity": clamp_score(queries / 5),
        "recency": clamp_score(recency(age, half_life)),
        "consolidation": max(
            consolidation_component(entry["recallDays"]),
            clamp_score(entry["groundedCount"] / 3),
        ),
        "conceptual": clamp_score(len(entry["conceptTags"]) / 6),
    }
    score = sum(weights[name] * value for name, value in components.items())
    score += phase_boost(signal, now_ms)
    candidate: JsonObject = {
        name: entry[name] for name in ("key", "path", "startLine", "endLine", "source", "snippet")
    }
    candidate.update(
        recallCount=entry["recallCount"],
        dailyCount=entry["dailyCount"],
        groundedCount=entry["groundedCount"],
        signalCount=signals,
        avgScore=avg,
        maxScore=clamp_score(entry["maxScore"]),
        uniqueQueries=queries,
    )
    for optional in ("claimHash", "projectKey", "promotedAt"):
        if entry.get(optional):
            candidate[optional] = entry[optional]
    candidate.update(
        firstRecalledAt=entry["firstRecalledAt"],
        lastRecalledAt=entry["lastRecalledAt"],
        ageDays=age,
        score=clamp_score(score),
        recallDays=entry["recallDays"],
        conceptTags=entry["conceptTags"],
        components=components,
    )
    if entry.get("provenance"):
        candidate["provenance"] = entry["provenance"]
    candidate["_raw_score"] = score
    return candidate


# --- apply gates ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GateOptions:
    """applyShortTermPromotions' thresholds. `consolidation` is true for the scheduled deep
    sweep, which always passes a consolidation object (spec §4.3)."""

    min_score: float | None = None  # 0.75
    min_recall_count: int | None = None  # 3
    min_unique_queries: int | None = None  # 3
    max_age_days: int | None = None  # none
    limit: int | None = None
    consolidation: bool = False


DEEP_SWEEP_GATES = GateOptions(max_age_days=30, limit=10, consolidation=True)


@dataclass(frozen=True, slots=True)
class Gate:
    """One check of the agent's apply step; `category` is the agent's own word for a
    rejection (it appears in DREAMS.md), `reason` its message when the check fails."""

    category: str
    passed: bool
    reason: str


def is_consolidation_eligible(candidate: Mapping[str, Any]) -> bool:
    """owner or agent origin; session-derived text only from interactive sessions."""
    provenance = candidate.get("provenance") or {}
    path = str(candidate.get("path", "")).replace("\\", "/")
    session = is_session_corpus_path(path) or path.startswith("sessions/")
    trusted = provenance.get("originClass") in ("owner", "agent")
    return trusted and (not session or provenance.get("sessionKind") == "interactive")


def gates(candidate: Mapping[str, Any], options: GateOptions = GateOptions()) -> list[Gate]:
    """Every apply gate for one ranked candidate, in the agent's order; the agent rejects
    for the first that fails (`first_rejection`). Rehydration, source-change and budget
    checks need the workspace's files and are not part of this list."""
    min_score = to_finite_score(options.min_score, 0.75)
    min_signals = to_finite_nonneg_int(options.min_recall_count, 3)
    min_queries = to_finite_nonneg_int(options.min_unique_queries, 3)
    max_age = to_finite_nonneg_int(options.max_age_days, -1)
    provenance = candidate.get("provenance") or {}
    score = float(candidate.get("score", 0))
    signals = int(candidate.get("signalCount", 0))
    queries = int(candidate.get("uniqueQueries", 0))
    age = float(candidate.get("ageDays", 0))
    result = [
        Gate("origin", not is_origin_blocked(candidate), say("origin filter ({origin})", origin=provenance.get('originClass', 'undefined'))),
    ]  # fmt: skip
    if options.consolidation:
        eligible = is_consolidation_eligible(candidate)
        result.append(
            Gate(
                "consolidation origin/session", eligible, N_("consolidation origin/session filter")
            )
        )
    result += [
        Gate("contamination", not is_contaminated_snippet(str(candidate.get("snippet", ""))), N_("contamination filter")),
        Gate("already promoted", not candidate.get("promotedAt"), N_("already promoted")),
        Gate("score threshold", score >= min_score, say("score threshold ({score} < {least})", score=js_to_fixed(score, 3), least=js_number_text(min_score))),
        Gate("signal threshold", signals >= min_signals, say("signal threshold ({signals} < {least})", signals=signals, least=min_signals)),
        Gate("query threshold", queries >= min_queries, say("query threshold ({queries} < {least})", queries=queries, least=min_queries)),
        Gate("age threshold", not (max_age >= 0 and age > max_age), say("age threshold ({age}d > {most}d)", age=js_to_fixed(age, 1), most=max_age)),
    ]  # fmt: skip
    return result


def first_rejection(checks: list[Gate]) -> Gate | None:
    """The gate the agent reports, or None when all pass."""
    return next((gate for gate in checks if not gate.passed), None)


def gate_all(
    candidates: list[Mapping[str, Any]],
    options: GateOptions = GateOptions(),
) -> list[list[Gate]]:
    """`gates` for a list passed to the apply step, with the selection limit: eligible
    candidates past `limit` fail a final `selection limit` gate."""
    limit = options.limit if options.limit is not None else len(candidates)
    eligible = 0
    results = []
    for candidate in candidates:
        checks = gates(candidate, options)
        if first_rejection(checks) is None:
            eligible += 1
            checks.append(
                Gate(
                    "selection limit",
                    eligible <= max(0, limit),
                    say("selection limit ({limit})", limit=limit),
                )
            )
        results.append(checks)
    return results


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One entry of a legacy recall store as the window shows it: the agent's ranked candidate
    (score components included) and every gate of a scheduled deep sweep, passed or failed."""

    rank: int
    candidate: JsonObject
    gates: list[Gate]

    @property
    def verdict(self) -> str:
        failed = first_rejection(self.gates)
        return PROMOTED if failed is None else say("rejected: {reason}", reason=failed.reason)


def review_store(
    store: Mapping[str, Any], phases: Mapping[str, Any] | None, now_ms: float
) -> list[Reviewed]:
    """Every entry the agent ranks (no thresholds, promoted ones included), best first, with
    the gates of a scheduled deep sweep (DEEP_SWEEP_GATES)."""
    ranked = rank_candidates(
        store, phases, now_ms, replace(NO_THRESHOLDS, include_promoted=True, max_age_days=None)
    )
    checked = gate_all(list(ranked), DEEP_SWEEP_GATES)
    return [Reviewed(n, c, g) for n, (c, g) in enumerate(zip(ranked, checked, strict=True), 1)]
