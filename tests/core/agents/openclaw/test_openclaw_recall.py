"""OpenClaw's legacy recall store, ranking and apply gates against the real agent's output."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.openclaw import ranking as rk
from core.agents.openclaw import recall as rc
from core.agents.openclaw import snippets as sn
from tests.conftest import fixture_json

RANKING = fixture_json("openclaw/deep-ranking/output.json")
RAW_STORE = fixture_json("openclaw/deep-ranking/input.short-term-recall.json")
RAW_PHASES = fixture_json("openclaw/deep-ranking/input.phase-signals.json")
APPEND = fixture_json("openclaw/promotion-append/output.json")
SWEEP = fixture_json("openclaw/promotion-deep-sweep-options/output.json")
NOW_ISO = RANKING["nowIso"]
NOW_MS = rc.parse_date_ms(NOW_ISO) or 0.0
STORE = RANKING["normalizedRecallStore_asMigratedByDoctor"]
PHASES = RANKING["normalizedPhaseSignals_asMigratedByDoctor"]
CJK_KEY = "memory:memory/2026-06-27.md:5:5"
RANKINGS = {
    "ranked_noThresholds_includePromoted": rk.RankOptions(
        min_score=0, min_recall_count=0, min_unique_queries=0, include_promoted=True
    ),
    "ranked_defaultThresholds": rk.RankOptions(),
    "ranked_deepDreamingDefaults": rk.DEEP_SWEEP,
}


def _assert_same(got: Any, expected: Any, where: str = "") -> None:
    if isinstance(expected, float) or isinstance(got, float):
        assert math.isclose(got, expected, rel_tol=0, abs_tol=1e-9), where
    elif isinstance(expected, dict):
        assert list(got) == list(expected), where
        for key in expected:
            _assert_same(got[key], expected[key], f"{where}.{key}")
    else:
        assert got == expected, where


# -- normalisation -----------------------------------------------------------------------------


def test_doctor_normalisation_matches_the_agent() -> None:
    got = rc.normalize_recall_store(RAW_STORE, NOW_ISO)
    expected = STORE
    assert "bad-entry-without-source" not in got["entries"]
    assert list(got["entries"]) == list(expected["entries"])
    for key, entry in expected["entries"].items():
        if key == CJK_KEY:
            # ICU cuts Han text with a dictionary; MemDesk keeps the run whole (documented).
            entry = entry | {"conceptTags": got["entries"][key]["conceptTags"]}
        _assert_same(got["entries"][key], entry, key)
    assert (got["version"], got["updatedAt"]) == (1, expected["updatedAt"])


def test_concept_tags_exact_except_dictionary_scripts() -> None:
    for key, raw in RAW_STORE["entries"].items():
        if key not in STORE["entries"]:
            continue
        tags = sn.derive_concept_tags(raw["path"], raw["snippet"])
        expected = STORE["entries"][key]["conceptTags"]
        if key == CJK_KEY:
            assert not tags.exact
            assert tags.tags[:4] == expected[:4]  # glossary hits and Latin words are exact
        else:
            assert tags.exact and tags.tags == expected


def test_stored_tags_are_kept_and_lower_cased() -> None:
    raw = RAW_STORE["entries"]["memory:memory/2026-06-27.md:8:8"] | {
        "conceptTags": [" Freeze ", "freeze", 3, ""]
    }
    entry = rc.normalize_recall_entry("k", raw, NOW_ISO)
    assert entry is not None and entry["conceptTags"] == ["freeze"]


def test_phase_signals_match_the_agent() -> None:
    assert rc.normalize_phase_signals(RAW_PHASES, NOW_ISO) == PHASES


def test_entries_the_doctor_drops_or_fills() -> None:
    base = {"source": "memory", "path": ".\\memory\\2026-06-01.md", "startLine": 1, "endLine": "2"}
    entry = rc.normalize_recall_entry("", base | {"dailyCount": 1}, NOW_ISO)
    assert entry is not None
    assert entry["key"] == "memory:memory/2026-06-01.md:1:2"
    assert (entry["firstRecalledAt"], entry["lastRecalledAt"]) == (NOW_ISO, NOW_ISO)
    assert "userQueryHashes" not in entry  # a daily signal: unique queries stay 0
    assert rc.normalize_recall_entry("k", base | {"startLine": 1.5}, NOW_ISO) is None
    assert rc.normalize_recall_entry("k", base | {"source": "sessions"}, NOW_ISO) is None
    promoted = "Tip [score=0.8 recalls=3 avg=0.7 source=memory/2026-06-01.md:1-1]"
    assert rc.normalize_recall_entry("k", base | {"snippet": promoted}, NOW_ISO) is None
    odd = {"provenance": {"originClass": "root", "observedAt": "x"}, "projectKey": "A.com/x; <b>"}
    entry = rc.normalize_recall_entry("k", base | odd, NOW_ISO)
    assert entry is not None
    assert entry["provenance"] == {
        "originClass": "untrusted",
        "sessionKind": "unknown",
        "observedAt": NOW_MS,
    }
    assert entry["projectKey"] == "a.com/x"


def test_long_snippets_are_cut_to_800_units() -> None:
    raw = {"source": "memory", "path": "memory/2026-06-01.md", "startLine": 1, "endLine": 1}
    entry = rc.normalize_recall_entry("k", raw | {"snippet": "😀" * 500}, NOW_ISO)
    assert entry is not None and entry["snippet"] == "😀" * 400


# -- ranking -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(RANKINGS))
def test_ranking_matches_the_agent(case: str) -> None:
    got = rk.rank_candidates(STORE, PHASES, NOW_MS, RANKINGS[case])
    expected = RANKING[case]
    assert [c["key"] for c in got] == [c["key"] for c in expected]
    for candidate, wanted in zip(got, expected, strict=True):
        _assert_same(candidate, wanted, candidate["key"])


def test_ranking_straight_from_the_legacy_files() -> None:
    got = rk.rank_candidates(
        RAW_STORE, RAW_PHASES, NOW_MS, RANKINGS["ranked_noThresholds_includePromoted"]
    )
    expected = RANKING["ranked_noThresholds_includePromoted"]
    assert [(c["key"], round(c["score"], 9)) for c in got] == [
        (c["key"], round(c["score"], 9)) for c in expected
    ]


def test_worked_example_of_the_spec() -> None:
    top = rk.rank_candidates(STORE, PHASES, NOW_MS)[0]
    assert rc.js_to_fixed(top["score"], 3) == "0.888"
    assert rk.phase_boost(PHASES["entries"][top["key"]], NOW_MS) == pytest.approx(0.0628, abs=1e-4)


def test_custom_weights_are_normalised() -> None:
    weights = rk.normalize_weights({"frequency": 1, "relevance": 1})
    assert math.isclose(sum(weights.values()), 1.0)
    assert rk.normalize_weights({name: 0 for name in rk.DEFAULT_WEIGHTS}) == rk.DEFAULT_WEIGHTS


# -- gates -------------------------------------------------------------------------------------


def _ranked(case: str = "ranked_noThresholds_includePromoted") -> dict[str, Any]:
    return {c["key"]: c for c in RANKING[case]}


def test_default_gates_reject_as_the_agent_reports() -> None:
    ranked = _ranked()
    reasons = {
        key: gate.reason if (gate := rk.first_rejection(rk.gates(c))) else None
        for key, c in ranked.items()
    }
    assert reasons == {
        "memory:memory/2026-06-27.md:4:4": None,
        "memory:memory/2026-06-20.md:4:4": "already promoted",
        CJK_KEY: "score threshold (0.737 < 0.75)",
        "memory:memory/2026-06-27.md:8:8": "score threshold (0.665 < 0.75)",
    }


def test_second_run_rejects_already_promoted() -> None:
    options = rk.GateOptions(min_score=0.5, min_recall_count=1, min_unique_queries=1)
    for applied in APPEND["result"]["appliedCandidates"]:
        promoted = applied | {"promotedAt": APPEND["storeEntriesPromotedAt"][applied["key"]]}
        gate = rk.first_rejection(rk.gates(promoted, options))
        assert gate is not None
        wanted = next(
            r for r in APPEND["secondRunNextDay"]["rejected"] if r["key"] == applied["key"]
        )
        assert (gate.category, gate.reason) == (wanted["category"], wanted["reason"])


def test_deep_sweep_rejects_entries_without_provenance() -> None:
    options = rk.GateOptions(
        min_score=0.5, min_recall_count=1, min_unique_queries=1, consolidation=True
    )
    ranked = _ranked()
    verdicts = {
        key: rk.first_rejection(rk.gates(ranked[key], options))
        for key in ("memory:memory/2026-06-27.md:4:4", CJK_KEY, "memory:memory/2026-06-27.md:8:8")
    }
    wanted = SWEEP["result"]["rejected"][0]
    gate = verdicts.pop(wanted["key"])
    assert gate is not None and (gate.category, gate.reason) == (
        wanted["category"],
        wanted["reason"],
    )
    assert set(verdicts.values()) == {None}
    assert len(verdicts) == SWEEP["result"]["applied"]


def test_every_gate_is_listed_for_display() -> None:
    untrusted = {"provenance": {"originClass": "untrusted"}, "score": 0.1, "ageDays": 40.25}
    checks = rk.gates(untrusted, rk.DEEP_SWEEP_GATES)
    assert [g.category for g in checks] == [
        "origin",
        "consolidation origin/session",
        "contamination",
        "already promoted",
        "score threshold",
        "signal threshold",
        "query threshold",
        "age threshold",
    ]
    failed = {g.category: g.reason for g in checks if not g.passed}
    assert failed["origin"] == "origin filter (untrusted)"
    assert failed["age threshold"] == "age threshold (40.3d > 30d)"
    assert failed["signal threshold"] == "signal threshold (0 < 3)"


def test_selection_limit_applies_to_eligible_candidates_only() -> None:
    ranked = list(_ranked().values())
    options = rk.GateOptions(min_score=0, min_recall_count=0, min_unique_queries=0, limit=1)
    results = rk.gate_all(ranked, options)
    final = [rk.first_rejection(checks) for checks in results]
    assert [g.category if g else None for g in final] == [
        None,
        "already promoted",
        "selection limit",
        "selection limit",
    ]
    assert final[2] is not None and final[2].reason == "selection limit (1)"


def test_session_corpus_needs_an_interactive_session() -> None:
    path = "memory/.dreams/session-corpus/2026-06-27.txt"
    owner = {"originClass": "owner", "sessionKind": "cron"}
    assert not rk.is_consolidation_eligible({"path": path, "provenance": owner})
    owner["sessionKind"] = "interactive"
    assert rk.is_consolidation_eligible({"path": path, "provenance": owner})
    assert rc.is_short_term_path(path) and not rc.is_short_term_path(
        "memory/dreaming/light/2026-06-27.md"
    )


# -- JavaScript semantics ----------------------------------------------------------------------


def test_javascript_number_text() -> None:
    assert rc.js_to_fixed(0.0625, 3) == "0.063"
    assert rc.js_to_fixed(1.005, 2) == "1.00"
    assert rc.js_to_fixed(-0.0004, 3) == "0.000"
    assert rc.js_number_text(0.75) == "0.75" and rc.js_number_text(1.0) == "1"
    assert rc.js_number_text(1e-7) == "1e-7" and rc.js_number_text(1e21) == "1e+21"
    assert rc.js_number(" 0x1f ") == 31 and rc.js_number([]) == 0 and math.isnan(rc.js_number("a"))
    assert rc.iso_from_ms(NOW_MS) == NOW_ISO
    assert rc.parse_date_ms("2026-06-28") == rc.parse_date_ms("2026-06-28T00:00:00.000Z")
    assert rc.parse_date_ms("2026-06-28T05:00:00+02:00") == rc.parse_date_ms("2026-06-28T03:00Z")
    assert rc.parse_date_ms("yesterday") is None


@given(st.text())
def test_utf16_truncation_never_splits_a_pair(text: str) -> None:
    for limit in (0, 1, 5, 17):
        cut = rc.truncate_utf16(text, limit)
        assert text.startswith(cut) and rc.utf16_len(cut) <= limit
        assert rc.utf16_len(cut) >= min(limit, rc.utf16_len(text)) - 1


@given(st.text(), st.text(max_size=20))
def test_derived_tags_are_unique_lower_case_and_bounded(snippet: str, name: str) -> None:
    tags = sn.derive_concept_tags(f"memory/{name}.md", snippet).tags
    assert len(tags) <= 8 and len(set(tags)) == len(tags)
    assert all(tag == rc.js_trim(tag) and tag for tag in tags)
