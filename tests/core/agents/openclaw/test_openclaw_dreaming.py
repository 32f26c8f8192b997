"""OpenClaw's dreaming rewrites predicted against the real agent's output (fixtures/openclaw)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.agents.openclaw import dreaming as dr
from core.agents.openclaw import dreams_file as df
from core.agents.openclaw import snippets as sn
from tests.conftest import FIXTURES, fixture_json

BLOCKS = fixture_json("openclaw/managed-blocks/output.json")
BUDGET_IN = fixture_json("openclaw/budget-compaction/input.json")
BUDGET_OUT = fixture_json("openclaw/budget-compaction/output.json")
APPEND = fixture_json("openclaw/promotion-append/output.json")
SWEEP = fixture_json("openclaw/promotion-deep-sweep-options/output.json")
DREAMS = fixture_json("openclaw/dreams-file/output.json")
CONSOLIDATION = fixture_json("openclaw/consolidation/output.json")
LIGHT = BLOCKS["block"]
# The CRLF daily note run-oracle.mjs seeds (DAILY_0627) before the inline Light Sleep write.
DAILY_0627 = "\r\n".join(
    [
        "# 2026-06-27",
        "",
        "## Home network",
        "- Router VLAN 20 is for IoT devices",
        "- 路由器的管理口只允许从 VLAN 10 访问",
        "",
        "## Work",
        "- Deploy freeze starts July 1st; no prod deploys after that.",
        "",
    ]
)


def _text(relative: str) -> str:
    return (FIXTURES / relative).read_bytes().decode("utf-8")


def _light(original: str, body: str = BLOCKS["body"]) -> str:
    updated = dr.replace_managed_block(
        original, LIGHT["heading"], LIGHT["startMarker"], LIGHT["endMarker"], body
    )
    return dr.with_trailing_newline(updated)


# -- managed blocks ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(BLOCKS["results"]))
def test_managed_block_matches_the_agent(case: str) -> None:
    result = BLOCKS["results"][case]
    assert _light(result["original"]) == result["updated"]


def test_daily_note_inline_block_and_separate_report() -> None:
    files = DREAMS["files"]
    body = ["- Candidate: router VLAN 20 is for IoT"]
    assert dr.daily_phase_block(DAILY_0627, "light", body) == files["memory/2026-06-27.md"]
    assert dr.phase_report("light", body) == files["memory/dreaming/light/2026-06-27.md"]


def test_empty_phase_bodies_use_the_agent_placeholders() -> None:
    assert "- No notable updates." in dr.daily_phase_block("", "rem", [])
    assert dr.phase_report("deep", []) == "# Deep Sleep\n\n- No durable changes.\n"
    assert dr.phase_report("rem", ["- x"]) == "# REM Sleep\n\n- x\n"


def test_unterminated_fence_swallows_text_on_the_second_write() -> None:
    # A start marker without its end: the first write appends a block, the second one's
    # lazy match runs from the old heading to the new end marker and deletes what lay between.
    original = f"{LIGHT['heading']}\n{LIGHT['startMarker']}\nMY NOTE\n"
    once = _light(original)
    assert "MY NOTE" in once
    assert "MY NOTE" not in _light(once)


_PIECES = st.sampled_from(
    [
        LIGHT["heading"],
        LIGHT["startMarker"],
        LIGHT["endMarker"],
        f"{LIGHT['heading']}\n{LIGHT['startMarker']}\nold\n{LIGHT['endMarker']}",
        "user text",
        "",
        "  ",
        "\t",
        "路由器",
    ]
)


def _only_agent_blocks(text: str) -> bool:
    heading, start, end = dr.PHASE_BLOCKS["light"]
    risky = (df.ORPHAN_MARKER, df.UNTERMINATED_FENCE)
    return not any(r.kind in risky for r in df.fence_risks(text, heading, start, end))


@settings(max_examples=300)
@given(st.lists(st.tuples(_PIECES, st.sampled_from(["\n", "\r\n", "\n\n", "\r", ""]))))
def test_managed_block_write_is_idempotent(parts: list[tuple[str, str]]) -> None:
    # Idempotent unless a marker stands without its heading or its end: those are reported,
    # and a later write may then delete text (see the test above).
    original = "".join(piece + sep for piece, sep in parts)
    once = _light(original)
    if _only_agent_blocks(original):
        assert _light(once) == once
    assert once.count(LIGHT["endMarker"]) >= 1


# -- promotion section -------------------------------------------------------------------------


def test_promotion_append_matches_the_agent() -> None:
    before = _text("openclaw/promotion-append/before.MEMORY.md")
    section = dr.build_promotion_section(APPEND["result"]["appliedCandidates"], "2026-06-28")
    result = dr.append_promotion(before, section)
    assert result.content == _text("openclaw/promotion-append/after.MEMORY.md")
    assert result.content == APPEND["memoryMdAfter"]
    assert (result.dropped_dates, result.fits) == ([], True)


def test_second_run_finds_every_key_already_written() -> None:
    keys = dr.promotion_keys(APPEND["memoryMdAfter"])
    assert keys == [
        "memory:memory/2026-06-27.md:4:4",
        "memory:memory/2026-06-27.md:8:8",
        "memory:memory/2026-06-27.md:5:5",
    ]
    rejected = {r["key"] for r in APPEND["secondRunNextDay"]["rejected"]}
    assert rejected <= set(keys)


def test_deep_sweep_creates_memory_from_scratch() -> None:
    rejected = {r["key"] for r in SWEEP["result"]["rejected"]}
    applied = [c for c in APPEND["result"]["appliedCandidates"] if c["key"] not in rejected]
    section = dr.build_promotion_section(applied, "2026-06-28")
    result = dr.append_promotion("", section, budget=10_000, max_loss_fraction=0.25)
    assert result.content == SWEEP["memoryMd"]
    assert result.content.startswith("# Long-Term Memory\n\n\n## Promoted")


def _candidate(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "key": "memory:memory/2026-06-27.md:4:4",
        "path": "memory/2026-06-27.md",
        "startLine": 4,
        "endLine": 4,
        "snippet": "fact",
        "score": 0.8,
        "signalCount": 3,
        "recallCount": 3,
        "avgScore": 0.7,
        "conceptTags": [],
    }
    return base | fields


def test_one_group_has_no_subheadings_and_empty_triggers_stay() -> None:
    section = dr.build_promotion_section([_candidate()], "2026-06-28")
    assert section == (
        "\n## Promoted From Short-Term Memory (2026-06-28)\n\n"
        "<!-- openclaw-memory-promotion:memory:memory/2026-06-27.md:4:4 -->\n"
        "- fact [score=0.800 signals=3 recalls=3 avg=0.700 source=memory/2026-06-27.md:4-4]"
        " <!-- trigger:  --> <!-- importance: 8 -->\n"
    )


def test_importance_and_scores_round_halves_up_like_javascript() -> None:
    assert dr.importance_for(0.65) == 7  # Math.round(6.5); Python's round gives 6
    assert dr.importance_for(0.1) == 3
    assert dr.importance_for(1.0) == 10
    line = dr.promotion_line(_candidate(score=0.0625, avgScore=1.0005))
    assert "[score=0.063 " in line  # toFixed picks the larger neighbour on a tie
    assert " avg=1.000 " in line  # 1.0005 is stored just below the half


def test_triggers_are_cleaned_and_capped() -> None:
    tags = ["a<!--b-->c", "x,y;z\r\nw", "é" * 70, "fourth"]
    annotations = dr.recall_annotations(_candidate(conceptTags=tags, projectKey="bad<key>"))
    assert annotations == f"<!-- trigger: a b c, x y z w, {'é' * 64} --> <!-- importance: 8 -->"


def test_project_groups_global_first_then_by_key() -> None:
    candidates = [
        _candidate(key="k1", projectKey="github.com/z/z"),
        _candidate(key="k2"),
        _candidate(key="k3", projectKey="github.com/a/a"),
    ]
    section = dr.build_promotion_section(candidates, "2026-06-28")
    headings = [line for line in section.split("\n") if line.startswith("###")]
    assert headings == ["### Global", "### Project: github.com/a/a", "### Project: github.com/z/z"]
    assert section.endswith("-->\n\n")


def test_snippet_is_normalised_and_cut_at_a_sentence() -> None:
    text = "- " + "A" * 400 + ".  " + "b" * 300
    assert dr.promoted_snippet(text) == "A" * 400 + "...."
    assert dr.promoted_snippet("  * short\n text ") == "short text"
    assert dr.promoted_snippet("") == "(no snippet captured)"


def test_snippet_is_cut_at_a_word_or_hard_at_the_limit() -> None:
    words = "word " * 200
    cut = dr.promoted_snippet(words)
    assert cut.endswith("word...") and dr.utf16_len(cut) <= 643
    assert dr.promoted_snippet("a" * 700) == "a" * 640 + "..."
    # 639 units then an emoji: the pair is never split, so the cut keeps 639 units.
    assert dr.promoted_snippet("a" * 639 + "😀" + "b" * 10) == "a" * 639 + "..."
    assert dr.promoted_snippet("x" * 700, max_tokens=0) == "x" * 700


# -- budget compaction -------------------------------------------------------------------------

_EXISTING = BUDGET_IN["existingMemory"]
_NEW = BUDGET_IN["newSection"]
_BUDGETS = {
    "fitsAlready": (10_000, 1.0),
    "tight_lossFraction_0_25": (len(_EXISTING) + len(_NEW) - 100, 0.25),
    "tight_lossFraction_1": (600, 1.0),
}


@pytest.mark.parametrize("case", sorted(BUDGET_OUT))
def test_compaction_matches_the_agent(case: str) -> None:
    budget, fraction = _BUDGETS[case]
    compacted, dropped = dr.compact_for_budget(_EXISTING, _NEW, budget, fraction)
    assert compacted == BUDGET_OUT[case]["compacted"]
    assert dropped == BUDGET_OUT[case]["droppedDates"]


def test_budget_report_names_what_goes_next() -> None:
    report = dr.budget_report(_EXISTING, budget=600, max_loss_fraction=1.0)
    assert [s.date for s in report.drop_order] == ["2026-05-01", "2026-05-03", "2026-05-04"]
    assert [(s.first_line, s.last_line) for s in report.drop_order] == [(5, 11), (18, 24), (28, 38)]
    assert all(s.within_loss_bound for s in report.drop_order)
    assert not report.promotions_blocked  # everything droppable may go: 364 units free
    assert dr.append_promotion(_EXISTING, "x" * report.room, 600, 1.0).fits
    assert not dr.append_promotion(_EXISTING, "x" * (report.room + 1), 600, 1.0).fits
    strict = dr.budget_report(_EXISTING, budget=600, max_loss_fraction=0.25)
    assert strict.promotions_blocked and strict.room == 0
    kept = {s.date: s for s in report.sections if not s.droppable}
    assert kept["2026-05-02"].pinned_by == 16  # "I added a free-text line here"
    assert kept["2026-05-02"].edited_lines == [15]


def test_budget_report_at_the_default_budget() -> None:
    report = dr.budget_report(_EXISTING)
    assert not report.promotions_blocked and not report.over_budget
    assert [s.within_loss_bound for s in report.drop_order] == [True, False, False]
    appended = dr.append_promotion(_EXISTING, "x" * report.room)
    assert appended.fits
    assert not dr.append_promotion(_EXISTING, "x" * (report.room + 1)).fits


def test_an_edited_bullet_is_reported_and_still_droppable() -> None:
    text = _EXISTING.replace("- fact 2026-05-03 #2 [score", "- my words [score").replace(
        "- fact 2026-05-04 #1 [score=0.800 signals=3 recalls=3 avg=0.700 source=memory/2026-05-04.md:1-1]",
        "- I rewrote this",
    )
    by_date = {s.date: s for s in dr.budget_report(text).drop_order}
    assert by_date["2026-05-03"].edited_lines == []  # still the agent's form
    assert by_date["2026-05-04"].edited_lines == [31]
    assert by_date["2026-05-04"].droppable


def test_a_hand_written_memory_over_budget_blocks_promotions() -> None:
    text = "# Long-Term Memory\n\n" + "- a fact I keep\n" * 700
    report = dr.budget_report(text)
    assert report.over_budget and report.promotions_blocked and report.room == 0
    section = dr.build_promotion_section([_candidate()], "2026-06-28")
    assert not dr.append_promotion(text, section).fits


def test_pinning_keeps_a_section_the_documented_way() -> None:
    pinned = dr.pin_section(_EXISTING, "2026-05-03")
    assert [b.date for b in dr.memory_blocks(pinned) if b.generated] == ["2026-05-01", "2026-05-04"]
    compacted, dropped = dr.compact_for_budget(pinned, _NEW, 600, 1.0)
    assert dropped == ["2026-05-01", "2026-05-04"]
    assert "fact 2026-05-03 #2" in compacted
    with pytest.raises(KeyError):
        dr.pin_section(_EXISTING, "2026-05-02")  # already preserved
    with pytest.raises(ValueError):
        dr.pin_section(_EXISTING, "2026-05-03", "## heading")


def test_pinning_keeps_crlf_and_a_missing_final_newline() -> None:
    text = "# M\r\n\r\n## Promoted From Short-Term Memory (2026-01-01)\r\n\r\n<!-- openclaw-memory-promotion:k -->\r\n- x"
    assert dr.pin_section(text, "2026-01-01", "keep") == f"{text}\r\nkeep"
    lf = "## Promoted From Short-Term Memory (2026-01-01)\n<!-- openclaw-memory-promotion:k -->\n- x\n\n# Next\n"
    assert dr.pin_section(lf, "2026-01-01", "keep") == lf.replace("- x\n", "- x\nkeep\n")


_SECTION_DATES = st.sampled_from(["2026-01-01", "2026-02-01", "2026-03-01", "2025-12-31"])


@st.composite
def _memory_files(draw: st.DrawFn) -> str:
    parts = ["# Long-Term Memory", ""]
    for kind in draw(st.lists(st.sampled_from(["user", "generated", "pinned", "edited"]))):
        if kind == "user":
            parts += ["## Notes", "- " + draw(st.text("abc ", min_size=1, max_size=30)), ""]
            continue
        date = draw(_SECTION_DATES)
        parts += [f"## Promoted From Short-Term Memory ({date})", ""]
        for n in range(draw(st.integers(1, 3))):
            parts.append(f"<!-- openclaw-memory-promotion:memory:memory/{date}.md:{n}:{n} -->")
            if kind == "edited":
                parts.append("- changed by hand")
            else:
                parts.append(
                    f"- fact [score=0.800 signals=3 recalls=3 avg=0.700 source=memory/{date}.md:{n}-{n}]"
                )
        if kind == "pinned":
            parts.append("keep this")
        parts.append("")
    return "\n".join(parts)


@settings(max_examples=200)
@given(_memory_files(), st.integers(0, 3000), st.floats(0, 1))
def test_compaction_never_drops_preserved_text(text: str, budget: int, fraction: float) -> None:
    compacted, dropped = dr.compact_for_budget(text, _NEW, budget, fraction)
    blocks = dr.memory_blocks(text)
    for block in blocks:
        if not block.generated:
            assert block.text in compacted
    assert dropped == sorted(dropped)
    if not dropped:
        assert compacted == text
    report = dr.budget_report(text, budget=max(budget, 1), max_loss_fraction=fraction)
    assert all(s.droppable for s in report.drop_order)
    generated = sum(b.entry_count for b in blocks if b.generated)
    marker = "openclaw-memory-promotion:"
    lost = text.count(marker) - compacted.count(marker)
    assert generated == 0 or lost / generated <= max(0.0, min(1.0, fraction)) + 1e-12


# -- consolidation -----------------------------------------------------------------------------


def test_the_line_the_agent_deleted_was_predicted() -> None:
    before = _text("openclaw/consolidation/before.MEMORY.md")
    after = _text("openclaw/consolidation/after.MEMORY.md")
    deleted = set(dr.memory_entry_lines(before)) - set(dr.memory_entry_lines(after))
    hand = {line.text for line in dr.rewritable_lines(before)}
    every = {line.text for line in dr.rewritable_lines(before, include_generated=True)}
    assert "- User prefers dark mode." in deleted & hand
    assert deleted <= every
    assert len(deleted) == dr.max_lines_removed_per_sweep(before) == 2


def test_merged_entries_compare_equal_after_normalisation() -> None:
    prompt = CONSOLIDATION["consolidationPromptSentToModel"][0]["message"]["candidates"]
    for candidate in prompt:
        assert dr.normalize_comparable_fact(candidate["text"]) == dr.normalize_comparable_fact(
            candidate["resultEntry"]
        )
    assert (
        dr.normalize_comparable_fact(
            "- Editor is vim Source: memory/2026-06-01.md#L3-L3 <!-- trigger: editor --> <!-- importance: 8 -->"
        )
        == "editor is vim"
    )
    assert (
        dr.normalize_comparable_fact(
            "* Fact  X [score=0.8 signals=1 recalls=1 avg=0.5 source=m:1-1] "
        )
        == "fact x"
    )


def test_lines_that_consolidation_cannot_touch() -> None:
    text = "\n".join(
        [
            "# T",
            "- dup",
            "- dup",
            "- has continuation",
            "  more",
            "- scoped <!-- project: GitHub.com/A/b -->",
            "- broken <!-- project: bad<key> -->",
            "<!-- openclaw-memory-promotion:k -->",
            "- generated",
            "```",
        ]
    )
    lines = dr.rewritable_lines(text)
    assert [(line.line, line.text, line.project) for line in lines] == [
        (5, "more", ""),
        (6, "- scoped <!-- project: GitHub.com/A/b -->", "github.com/A/b"),
    ]
    assert [line.line for line in dr.rewritable_lines(text, include_generated=True)][-1] == 9


# -- DREAMS.md ---------------------------------------------------------------------------------

# DREAMS.md as run-oracle.mjs seeds it before two deep sweeps and two diary entries.
DREAMS_BEFORE = "# My own DREAMS notes\r\n\r\nhand-written intro\r\n"
NOW_MS = 1_782_615_600_000.0  # 2026-06-28T03:00:00Z, the oracle's clock


def test_dreams_file_rewrites_match_the_agent() -> None:
    text = df.with_deep_block(DREAMS_BEFORE, ["- Promoted 2 candidate(s) into MEMORY.md.", "- x"])
    text = df.with_deep_block(text, ["- second sweep replaces the block"])
    assert df.with_deep_block(text, []) == text  # no body lines: not written
    text = df.with_diary_entry(text, "I dreamt of VLANs and 路由器.", df.narrative_date(NOW_MS))
    text = df.with_diary_entry(text, "Second diary entry.", df.narrative_date(NOW_MS + 3_600_000))
    assert text == DREAMS["files"]["DREAMS.md"]


def test_dreams_file_is_read_back() -> None:
    dreams = df.read_dreams(DREAMS["files"]["DREAMS.md"])
    assert dreams.diary is not None
    assert [(e.first_line, e.date, e.narrative, e.agent_form) for e in dreams.diary] == [
        (6, "June 28, 2026 at 3:00 AM UTC", "I dreamt of VLANs and 路由器.", True),
        (13, "June 28, 2026 at 4:00 AM UTC", "Second diary entry.", True),
    ]
    assert dreams.deep_sleep == "- second sweep replaces the block"
    assert dreams.history == []
    assert dreams.user_text == [
        df.UserText(19, "# My own DREAMS notes\r\n\r\nhand-written intro\n\n")
    ]


def test_what_the_agent_does_to_a_crlf_dreams_file_is_predicted() -> None:
    kinds = {risk.kind: risk for risk in df.dreams_risks(DREAMS_BEFORE)}
    assert set(kinds) == {df.DIARY_ABOVE, df.MIXED_LINE_ENDS, df.TRAILING_SPACE}
    assert kinds[df.TRAILING_SPACE].text == "\r\n"
    after = DREAMS["files"]["DREAMS.md"]
    assert "hand-written intro\r\n" not in after and "\r\n" in after and "intro\n" in after


def test_consolidation_history_matches_the_agent() -> None:
    prompt = CONSOLIDATION["consolidationPromptSentToModel"][0]["message"]["candidates"]
    results = {c["key"]: c["resultEntry"] for c in prompt}
    operations = [
        (op["candidateKey"], results[op["candidateKey"]], op["priorEntries"])
        for op in CONSOLIDATION["modelPlanReturnedByStub"]["operations"]
    ]
    highlights = df.consolidation_highlights(operations)
    text = df.with_consolidation_summary("", "2026-06-28T03:00:00.000Z", (0, 1, 1), highlights)
    assert text == CONSOLIDATION["files"]["DREAMS.md"]
    (entry,) = df.read_dreams(text).history
    assert (entry.time, entry.added, entry.merged, entry.superseded) == (
        "2026-06-28T03:00:00.000Z",
        0,
        1,
        1,
    )
    assert [h.text[:2] for h in entry.highlights] == ["+ ", "- ", "+ ", "- "]
    assert entry.highlights[1] == df.Highlight(
        "memory:memory/2026-06-27.md:3:3", "- - User prefers dark mode."
    )


def test_a_skipped_consolidation_and_long_highlights() -> None:
    text = df.with_skipped_summary("# Mine\n\n", "T1", "MEMORY.md changed")
    assert text == (
        "# Mine\n\n## Memory Consolidation History\n\n### T1\n\n"
        "- Rewrite skipped: MEMORY.md changed.\n- Fallback: append-only promotion.\n"
    )
    (entry,) = df.read_dreams(text).history
    assert entry.skipped_reason == "MEMORY.md changed" and entry.added is None
    (line,) = df.consolidation_highlights([("k", "`x`" + "y" * 300, [])])
    assert line == "<!-- openclaw-memory-promotion:k -->\n- `+ 'x'" + "y" * 175 + "`"
    assert len(df.consolidation_highlights([("k", "r", ["a"] * 9)])) == 8


def test_text_typed_inside_the_diary_and_duplicates_are_flagged() -> None:
    text = df.with_diary_entry("", "dream", "June 1, 2026 at 1:00 AM UTC")
    text = df.with_diary_entry(text, "dream", "June 1, 2026 at 1:00 AM UTC")
    text = text.replace(df.DIARY_END, "---\n\nmy own note\n" + df.DIARY_END)
    backfill = "*May 2, 2026*\n\n<!-- openclaw:dreaming:backfill-entry day=2026-05-02 source=memory/2026-05-02.md -->\n\nold day"
    text = text.replace(df.DIARY_START, f"{df.DIARY_START}\n---\n\n{backfill}\n")
    dreams = df.read_dreams(text)
    assert dreams.diary is not None
    entries = dreams.diary
    assert (entries[0].backfill_day, entries[0].backfill_source) == (
        "2026-05-02",
        "memory/2026-05-02.md",
    )
    assert entries[0].narrative == "old day" and entries[0].agent_form
    kinds = [(r.kind, r.first_line) for r in df.dreams_risks(text)]
    assert (df.DUPLICATE_DIARY_ENTRY, entries[2].first_line) in kinds
    typed = [r for r in df.dreams_risks(text) if r.kind == df.INSIDE_DIARY]
    assert [r.text for r in typed] == [entries[3].text] == ["my own note"]


def test_fence_risks_in_a_daily_note() -> None:
    heading, start, end = dr.PHASE_BLOCKS["light"]
    note = f"# d\n{heading}\n{start}\n- staged\nMY NOTE\n{end}\n\n{heading}\n{start}\nB\n{end}\n{start}\n"
    kinds = [(r.kind, r.first_line, r.text) for r in df.daily_note_risks(note)]
    assert (df.INSIDE_FENCE, 5, "MY NOTE") in kinds
    assert (df.DUPLICATE_BLOCK, 8, f"{heading}\n{start}\nB\n{end}") in kinds
    assert (df.UNTERMINATED_FENCE, 12, f"{start}\n") in kinds
    assert (df.ORPHAN_MARKER, 12, start) in kinds


def test_separate_reports_are_read() -> None:
    report = df.read_phase_report(DREAMS["files"]["memory/dreaming/light/2026-06-27.md"])
    assert report == df.PhaseReport("light", "- Candidate: router VLAN 20 is for IoT", True)
    assert df.read_phase_report(dr.phase_report("deep", ["- a", "- b"])).body == "- a\n- b"
    assert df.read_phase_report("# Notes\n").phase is None
    assert not df.read_phase_report("# REM Sleep\nx\n").agent_form


def test_narrative_dates_in_other_zones() -> None:
    assert df.narrative_date(NOW_MS, "America/Los_Angeles") == "June 27, 2026 at 8:00 PM PDT"
    assert df.narrative_date(NOW_MS, "Asia/Kolkata") == "June 28, 2026 at 8:30 AM GMT+5:30"


_DREAM_PIECES = st.sampled_from(
    ["# Mine", "text", "", "---", df.DIARY_START, df.DIARY_END, "## Deep Sleep", "*June 1*", "\r"]
)


@settings(max_examples=200)
@given(st.lists(_DREAM_PIECES), st.text("ab \n", min_size=1, max_size=12))
def test_dreams_reading_keeps_every_user_line(pieces: list[str], narrative: str) -> None:
    text = "\n".join(pieces)
    dreams = df.read_dreams(text)
    for part in dreams.user_text:
        assert part.text in text
    end, start = text.find(df.DIARY_END), text.find(df.DIARY_START)
    if 0 <= end < start or (end >= 0 > start) or text.count(df.DIARY_END) > 1:
        assert df.DIARY_OUT_OF_ORDER in {r.kind for r in df.dreams_risks(text)}
        return
    if not narrative.strip() or "\n---\n" in f"\n{narrative}\n":
        return
    written = df.with_diary_entry(text, narrative, "June 1, 2026 at 1:00 AM UTC")
    entries = df.read_dreams(written).diary
    assert entries is not None
    assert any(e.narrative == narrative.strip() for e in entries)


# -- consolidation rewrite ---------------------------------------------------------------------

_SNIPPETS = {  # the daily note run-oracle.mjs seeds for the consolidation case
    "memory:memory/2026-06-27.md:3:3": "- User prefers dark mode.",
    "memory:memory/2026-06-27.md:4:4": "- Editor is now Helix, not vim.",
}


def _consolidation_candidates() -> dict[str, dict[str, Any]]:
    found = {}
    for ranked in CONSOLIDATION["candidates"]:
        key, line = ranked["key"], int(ranked["key"].rsplit(":", 1)[1])
        snippet = _SNIPPETS[key]
        tags = sn.derive_concept_tags("memory/2026-06-27.md", snippet).tags
        found[key] = ranked | {
            "path": "memory/2026-06-27.md",
            "startLine": line,
            "endLine": line,
            "snippet": snippet,
            "conceptTags": tags,
        }
    return found


def _plan() -> list[dr.ConsolidationOp]:
    candidates = _consolidation_candidates()
    return [
        dr.ConsolidationOp(
            op["candidateKey"],
            op["action"],
            dr.consolidation_result_entry(candidates[op["candidateKey"]]),
            [entry.strip() for entry in op["priorEntries"]],
            candidates[op["candidateKey"]]["provenance"].get("supersedesKey"),
        )
        for op in CONSOLIDATION["modelPlanReturnedByStub"]["operations"]
    ]


def test_result_entries_match_the_prompt() -> None:
    prompt = CONSOLIDATION["consolidationPromptSentToModel"][0]["message"]["candidates"]
    candidates = _consolidation_candidates()
    for sent in prompt:
        assert dr.consolidation_result_entry(candidates[sent["key"]]) == sent["resultEntry"]


def test_consolidation_rewrite_matches_the_agent() -> None:
    before = _text("openclaw/consolidation/before.MEMORY.md")
    result = dr.apply_consolidation_plan(before, _plan(), "2026-06-28")
    assert result is not None
    assert result.content == _text("openclaw/consolidation/after.MEMORY.md")
    assert (result.added, result.merged, result.superseded) == (0, 1, 1)


def test_consolidation_plans_the_agent_refuses() -> None:
    before = _text("openclaw/consolidation/before.MEMORY.md")
    assert dr.apply_consolidation_plan(before, _plan(), "d", max_loss_fraction=0.2) is None
    assert dr.apply_consolidation_plan(before, _plan(), "d", budget=300) is None
    missing = _plan()
    missing[0].prior_entries = ["- not in the file"]
    assert dr.apply_consolidation_plan(before, missing, "d") is None
    unlinked = _plan()
    unlinked[1].lineage_key = "other"
    assert dr.apply_consolidation_plan(before, unlinked, "d") is None
    written = dr.apply_consolidation_plan(before, _plan(), "d")
    assert written is not None
    assert dr.apply_consolidation_plan(written.content, _plan(), "d") is None  # keys present
