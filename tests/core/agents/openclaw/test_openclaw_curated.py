"""OpenClaw's own reading of curated files, against the real agent's outputs (fixtures/openclaw)."""

from __future__ import annotations

import hashlib
import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.openclaw import curated as oc
from tests.conftest import fixture_json

SPLIT_INPUT: dict[str, str] = fixture_json("openclaw/curated-entry-split/input.json")
SPLIT_OUTPUT: dict[str, Any] = fixture_json("openclaw/curated-entry-split/output.json")
ANNOTATIONS: list[dict[str, Any]] = fixture_json("openclaw/curated-annotations/output.json")
MANAGED: dict[str, Any] = fixture_json("openclaw/managed-blocks/output.json")
SPLIT_CASES = sorted(SPLIT_INPUT)
ANNOTATION_IDS = [case["input"][:30] for case in ANNOTATIONS]


# -- splitCuratedMarkdownEntries / chunkMarkdown({perEntry: true}) -------------------------------


@pytest.mark.parametrize("name", SPLIT_CASES)
def test_split_matches_the_agent(name: str) -> None:
    blocks = oc.split_curated_entries(SPLIT_INPUT[name])
    assert [b.to_json() for b in blocks] == SPLIT_OUTPUT[name]["splitCuratedMarkdownEntries"]


@pytest.mark.parametrize("name", SPLIT_CASES)
def test_per_entry_chunks_match_the_agent(name: str) -> None:
    chunks = oc.chunk_per_entry(SPLIT_INPUT[name])
    assert [c.to_json() for c in chunks] == SPLIT_OUTPUT[name]["chunkMarkdown_perEntry_defaults"]


def test_every_split_case_is_covered() -> None:
    assert SPLIT_CASES == sorted(SPLIT_OUTPUT) == ["MEMORY.md", "USER.md", "USER.md (CRLF)"]


def test_a_bullet_on_line_one_is_an_entry() -> None:
    blocks = oc.split_curated_entries("- first\n- second")
    assert [(b.kind, b.start_line, b.end_line, b.text) for b in blocks] == [
        ("entry", 1, 1, "- first"),
        ("entry", 2, 2, "- second"),
    ]


def test_only_dash_space_and_atx_headings_start_blocks() -> None:
    text = "intro\n-x\n* star\n  - nested\n#tag\n####### seven\n#\n- real"
    blocks = oc.split_curated_entries(text)
    assert [(b.kind, b.start_line, b.end_line) for b in blocks] == [
        ("section", 1, 6),
        ("section", 7, 7),
        ("entry", 8, 8),
    ]


def test_empty_text_is_one_empty_section() -> None:
    assert [b.to_json() for b in oc.split_curated_entries("")] == [
        {"startLine": 1, "endLine": 1, "text": "", "kind": "section"}
    ]


@given(st.text(alphabet="- #\nab\r", max_size=60))
def test_blocks_cover_every_line_once(text: str) -> None:
    blocks = oc.split_curated_entries(text)
    lines = text.split("\n")
    assert blocks[0].start_line == 1 and blocks[-1].end_line == len(lines)
    for before, after in itertools.pairwise(blocks):
        assert after.start_line == before.end_line + 1
    assert "\n".join(b.text for b in blocks) == text


def test_a_long_entry_is_split_and_every_piece_names_the_whole_entry() -> None:
    long_line = "- " + "word " * 500  # 2502 characters: more than 1600
    text = f"# Title\n{long_line}\n  more\n- next"
    chunks = oc.chunk_per_entry(text)
    entry_chunks = [c for c in chunks if c.entry_start_line == 2]
    assert len(entry_chunks) >= 2
    assert all(c.entry_end_line == 3 for c in entry_chunks)
    assert all(len(c.text) <= 1600 for c in chunks)
    assert chunks[0].entry_start_line is None  # the heading is a section, not an entry
    assert chunks[-1].text == "- next" and chunks[-1].entry_start_line == 4
    first = entry_chunks[0]
    assert first.hash == hashlib.sha256(first.text.encode("utf-8")).hexdigest()


def test_a_long_entry_carries_an_overlap_into_its_next_chunk() -> None:
    lines = [f"line {n:03d} " + "x" * 90 for n in range(30)]  # 99 characters each
    text = "- start\n" + "\n".join(lines)
    chunks = oc.chunk_per_entry(text)
    # Each chunk after the first starts with the whole lines of the one before that fit in
    # 80 tokens (320 characters, a line costing its length + 1): three lines of 100.
    assert [(c.start_line, c.end_line) for c in chunks] == [(1, 16), (14, 29), (27, 31)]
    assert all((c.entry_start_line, c.entry_end_line) == (1, 31) for c in chunks)


def test_cjk_counts_four_characters_each_for_the_chunk_budget() -> None:
    text = "- " + "中" * 500  # 500 ideographs weigh 2000 > 1600
    chunks = oc.chunk_per_entry(text)
    # 2 + 399 * 4 = 1598 fit; the next chunk carries the tail worth 319 (79 ideographs).
    assert [c.text for c in chunks] == ["- " + "中" * 399, "中" * 79 + "\n" + "中" * 101]
    assert all(c.start_line == 1 and c.entry_start_line == 1 for c in chunks)


def test_estimated_characters() -> None:
    assert oc.estimate_chars("") == 0
    assert oc.estimate_chars("abc") == 3
    assert oc.estimate_chars("中文") == 8
    assert oc.estimate_chars("😀") == 2  # two UTF-16 units, not CJK
    assert oc.estimate_chars("\U00020000") == 4  # CJK extension B: one character of weight 4
    assert oc.estimate_chars("，") == 4  # full-width punctuation counts as CJK


# -- annotations ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", ANNOTATIONS, ids=ANNOTATION_IDS)
def test_recall_metadata_matches_the_agent(case: dict[str, Any]) -> None:
    text = case["input"]
    memory = oc.recall_metadata(text, curated_root=True)
    user = oc.recall_metadata(text, curated_root=True, project_scope=False)
    daily = oc.recall_metadata(text, curated_root=False)
    assert memory.to_json() == case["recallMetadata_curatedRoot_MEMORY"]
    assert user.to_json() == case["recallMetadata_curatedRoot_USER"]
    assert daily.to_json() == case["recallMetadata_dailyNote"]


@pytest.mark.parametrize("case", ANNOTATIONS, ids=ANNOTATION_IDS)
def test_project_keys_match_the_agent(case: dict[str, Any]) -> None:
    assert oc.project_keys(case["input"]).to_json() == case["projectKeys"]


@pytest.mark.parametrize("case", ANNOTATIONS, ids=ANNOTATION_IDS)
def test_stripping_matches_the_agent(case: dict[str, Any]) -> None:
    assert oc.strip_annotations(case["input"]) == case["strippedForIndexing"]


def test_the_fixture_covers_every_documented_annotation_case() -> None:
    assert len(ANNOTATIONS) == 12


def test_metadata_from_crlf_text_reads_as_from_lf_text() -> None:
    text = "- a <!-- trigger: x -->\r\n  b <!-- importance: 4 -->\r\n"
    assert oc.recall_metadata(text, curated_root=True) == oc.recall_metadata(
        text.replace("\r\n", "\n"), curated_root=True
    )
    assert oc.recall_metadata(text, curated_root=True).to_json() == {
        "importance": 4,
        "triggers": "x",
        "projectKey": None,
    }


def test_trigger_phrases_are_deduplicated_across_lines() -> None:
    text = "- a <!-- trigger: x; y -->\n  b <!-- trigger: y,z -->"
    assert oc.recall_metadata(text, curated_root=True).triggers == "x; y; z"


def test_only_ascii_letters_spell_a_kind_and_only_ascii_digits_an_importance() -> None:
    assert oc.recall_metadata("- a <!-- TRIGGER: x -->", curated_root=True).triggers == "x"
    assert oc.recall_metadata("- a <!-- trıgger: x -->", curated_root=True).triggers is None
    assert oc.recall_metadata("- a <!-- importance: ٧ -->", curated_root=True).importance is None


def test_an_unterminated_carrier_is_kept_when_stripping() -> None:
    assert oc.strip_annotations("- a <!-- trigger: x\n- b") == "- a <!-- trigger: x\n- b"
    assert oc.strip_annotations("a \t<!--trigger: x -->\r\nb \tX") == "a\r\nb \tX"
    assert oc.strip_annotations("text <!--note: visible -->") == "text <!--note: visible -->"
    assert oc.strip_annotations("<!--trigger:\n<!--importance: 7 -->") == "<!--trigger:\n"


def test_a_project_marker_without_its_end_makes_the_keys_invalid() -> None:
    result = oc.project_keys("- a <!-- project: a/b -->\n- b <!-- project: c")
    assert result.to_json() == {
        "annotated": True,
        "valid": False,
        "keys": ["a/b"],
        "rawCount": 1,
        "validCount": 1,
    }
    assert oc.recall_metadata("- a <!-- project: -->", curated_root=True).project_key == (
        oc.INVALID_PROJECT_KEY
    )


def test_project_key_normalisation() -> None:
    assert oc.normalize_project_key("  GitHub.com/OpenClaw/X ") == "github.com/OpenClaw/X"
    assert oc.normalize_project_key("path:/Home/Me") == "path:/Home/Me"
    assert oc.normalize_project_key("MyRepo") == "MyRepo"
    assert oc.normalize_project_key("/Abs/Path") == "/Abs/Path"
    assert oc.normalize_project_key("bad<key>") is None
    assert oc.normalize_project_key("   ") is None


# -- managed dreaming blocks ---------------------------------------------------------------------


def _ranges(name: str) -> list[tuple[str, int, int]]:
    return [tuple(r) for r in oc.managed_ranges(MANAGED["results"][name]["original"])]


def test_managed_ranges_of_the_agent_blocks() -> None:
    assert _ranges("empty") == []
    assert _ranges("noBlockNoTrailingNewline") == []
    assert _ranges("existingBlock") == [("light", 5, 8)]
    assert _ranges("headingSeparatedByBlankLines") == [("light", 1, 6)]
    assert _ranges("duplicateBlocks") == [("light", 1, 4), ("light", 6, 9)]
    assert _ranges("userTextBetweenDuplicates") == [("light", 1, 4), ("light", 6, 9)]
    assert _ranges("userTextInsideBlock") == [("light", 1, 5)]
    assert _ranges("crlf") == [("light", 3, 6)]
    assert _ranges("markerWithoutHeading") == [("light", 1, 3)]


def test_the_agent_rewrites_exactly_the_headed_ranges() -> None:
    """What the agent replaced in each fixture case lies within the headed ranges found."""
    for name, case in MANAGED["results"].items():
        original, updated = case["original"], case["updated"]
        spans = [s for s in oc.managed_spans(original) if s.headed]
        kept = _outside(original, spans)
        assert all(part.strip() in updated for part in kept if part.strip()), name


def _outside(text: str, spans: list[oc.ManagedSpan]) -> list[str]:
    parts, cursor = [], 0
    for span in spans:
        parts.append(text[cursor : span.start])
        cursor = span.end
    return [*parts, text[cursor:]]


def test_a_headless_pair_is_managed_but_not_headed() -> None:
    spans = oc.managed_spans(MANAGED["results"]["markerWithoutHeading"]["original"])
    assert [(s.phase, s.headed) for s in spans] == [("light", False)]


def test_every_phase_heading_is_recognised() -> None:
    text = (
        "## REM Sleep\n<!-- openclaw:dreaming:rem:start -->\nx\n<!-- openclaw:dreaming:rem:end -->\n"
        "## Deep Sleep\n<!-- openclaw:dreaming:deep:start -->\n<!-- openclaw:dreaming:deep:end -->\n"
        "<!-- openclaw:dreaming:diary:start -->\n---\n<!-- openclaw:dreaming:diary:end -->\n"
    )
    spans = oc.managed_spans(text)
    assert [(s.phase, s.headed) for s in spans] == [
        ("rem", True),
        ("deep", True),
        ("diary", False),
    ]
    assert [tuple(r) for r in oc.managed_ranges(text)] == [
        ("rem", 1, 4),
        ("deep", 5, 7),
        ("diary", 8, 10),
    ]


def test_a_start_without_its_end_is_no_range() -> None:
    assert oc.managed_ranges("## Light Sleep\n<!-- openclaw:dreaming:light:start -->\nx\n") == []
    wrong = "<!-- openclaw:dreaming:light:start -->\n<!-- openclaw:dreaming:rem:end -->"
    assert oc.managed_ranges(wrong) == []


def test_a_heading_of_another_phase_does_not_extend_a_range() -> None:
    text = (
        "## REM Sleep\n<!-- openclaw:dreaming:light:start -->\n<!-- openclaw:dreaming:light:end -->"
    )
    assert [tuple(r) for r in oc.managed_ranges(text)] == [("light", 2, 3)]
