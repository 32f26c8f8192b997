"""The structured MEMORY.md reader/writer against the real EverBot agent's outputs (fixtures/everbot)."""

from __future__ import annotations

import difflib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.everbot.scoring import agent_will_forget
from core.formats.text import InputError
from tests.conftest import FIXTURES

EVERBOT = FIXTURES / "everbot"
CASES = sorted(p.name.removesuffix(".input.md") for p in EVERBOT.glob("*.input.md"))
FROZEN = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
FIELDS = ("id", "category", "score", "last_activated", "activation_count")


def _load(case: str) -> tuple[bytes, dict[str, Any], bytes]:
    data = (EVERBOT / f"{case}.input.md").read_bytes()
    parsed = json.loads((EVERBOT / f"{case}.parsed.json").read_text(encoding="utf-8"))
    rendered = (EVERBOT / f"{case}.rendered.md").read_bytes()
    return data, parsed, rendered


def _agent_view(doc: evdoc.StructuredDocument) -> list[evdoc.Entry]:
    """The entries the agent keeps when loading (it drops those without text)."""
    return [e for e in doc.entries() if e.content]


def test_every_fixture_case_is_covered() -> None:
    assert len(CASES) >= 9, CASES


@pytest.mark.parametrize("case", CASES)
def test_unchanged_file_renders_byte_for_byte(case: str) -> None:
    data, _, _ = _load(case)
    assert ev.parse(data, case).to_bytes() == data


@pytest.mark.parametrize("case", CASES)
def test_entries_match_the_agent(case: str) -> None:
    data, expected, _ = _load(case)
    doc = ev.parse(data, case)
    assert doc.last_processed_count == expected["last_processed_count"]
    mine = _agent_view(doc)
    assert [e.id for e in mine] == [e["id"] for e in expected["entries"]]
    quarantined = "\n".join(p.text for p in doc.problems)
    for entry, agent in zip(mine, expected["entries"], strict=True):
        assert tuple(getattr(entry, f) for f in FIELDS) == tuple(agent[f] for f in FIELDS)
        if not doc.problems:
            assert entry.content == agent["content"]
            continue
        # Where the agent glued stray text onto a memory, MemDesk kept it apart as a problem.
        assert agent["content"].startswith(entry.content)
        absorbed = agent["content"][len(entry.content) :]
        for line in absorbed.splitlines():
            assert line.strip() in quarantined, (entry.id, line)


@pytest.mark.parametrize("case", CASES)
def test_agent_dropped_entries_are_kept_and_flagged(case: str) -> None:
    data, expected, _ = _load(case)
    doc = ev.parse(data, case)
    agent_ids = {e["id"] for e in expected["entries"]}
    flagged = {p.line for p in doc.problems if p.kind == "empty_entry"}
    for entry in doc.entries():
        if entry.id not in agent_ids:
            assert entry.line in flagged


def test_clean_fixtures_have_no_problems() -> None:
    for case in (
        "canonical",
        "bare_entries",
        "score_boundaries",
        "trailing_whitespace",
        "empty_sections",
    ):
        data, _, _ = _load(case)
        assert ev.parse(data, case).problems == [], case


@pytest.mark.parametrize(
    ("case", "kinds"),
    [
        ("stray_text", ["stray_text", "stray_heading", "stray_heading", "stray_text"]),
        ("malformed_header", ["bad_header"] * 10),
        ("no_headers", ["stray_text"]),
        ("empty_content", ["empty_entry"] * 3 + ["stray_heading"] * 2 + ["empty_entry"]),
    ],
)
def test_problems_are_reported_with_lines(case: str, kinds: list[str]) -> None:
    data, _, _ = _load(case)
    doc = ev.parse(data, case)
    assert [p.kind for p in doc.problems] == kinds
    lines = data.decode().splitlines()
    for problem in doc.problems:
        assert problem.message and problem.file == case
        if problem.text:
            assert problem.text.splitlines()[0] == lines[problem.line - 1]


# In stray_text and malformed_header the agent glues stray text onto memories, so its contents
# differ from MemDesk's by design (test_entries_match_the_agent checks that text is kept apart).
NORMALIZE_CASES = [c for c in CASES if c not in {"stray_text", "malformed_header"}]


@pytest.mark.parametrize("case", NORMALIZE_CASES)
def test_normalize_equals_the_agent_writer(case: str) -> None:
    """What the agent keeps, MemDesk's normalize writes exactly as the agent does."""
    data, _, rendered = _load(case)
    doc = ev.parse(data, case)
    view = _agent_view(doc)
    forgotten = set(agent_will_forget([(e.id, e.score) for e in view]))
    kept = [e for i, e in enumerate(view) if i not in forgotten]
    written_ids = [
        line.split("]")[0][5:]
        for line in rendered.decode().splitlines()
        if line.startswith("### [")
    ]
    assert sorted(e.id for e in kept) == sorted(written_ids)
    out = evdoc.normalize(kept, last_processed_count=doc.last_processed_count, now=FROZEN)
    assert out.encode() == rendered


def test_forgotten_at_next_save_are_exactly_the_agents_drops() -> None:
    data, parsed, rendered = _load("score_boundaries")
    view = _agent_view(ev.parse(data))
    forgotten = {view[i].id for i in agent_will_forget([(e.id, e.score) for e in view])}
    written = {line[5:11] for line in rendered.decode().splitlines() if line.startswith("### [")}
    assert forgotten == {e["id"] for e in parsed["entries"]} - written
    assert forgotten == {"sb0008", "sb0009", "sb0013", "sb0018"}


def test_normalize_with_memory_meta_equals_the_newer_agent() -> None:
    data = (EVERBOT / "canonical.input.md").read_bytes()
    expected = (EVERBOT / "canonical.head.rendered.md").read_bytes()
    doc = ev.parse(data)
    out = evdoc.normalize(doc.entries(), last_processed_count=42, now=FROZEN, with_meta=True)
    assert out.encode() == expected


def test_normalize_keeps_what_the_agent_would_drop() -> None:
    data, _, _ = _load("score_boundaries")
    doc = ev.parse(data)
    out = evdoc.normalize(doc.entries(), now=FROZEN)
    assert out.count("\n### [") == 22
    assert "<!-- Total entries: 22 -->" in out


# -- minimal-diff writes ---------------------------------------------------------------------------


def _changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def test_editing_one_memory_changes_only_its_lines() -> None:
    data, _, _ = _load("canonical")
    doc = ev.parse(data)
    entry = doc.find("c0ffee")
    assert entry is not None
    doc.replace_entry("c0ffee", entry.edited(content="决定使用 SQLite。\n理由：零运维。"))
    after = doc.render()
    assert _changed_lines(data.decode(), after) == [
        "-决定使用 SQLite 作为本地缓存，而不是 Redis。",
        "+决定使用 SQLite。",
        "+理由：零运维。",
    ]
    again = ev.parse(after.encode())
    assert again.find("c0ffee").content == "决定使用 SQLite。\n理由：零运维。"  # type: ignore[union-attr]


def test_score_change_rewrites_only_the_header() -> None:
    data, _, _ = _load("canonical")
    doc = ev.parse(data)
    entry = doc.find("d4e5f6")
    assert entry is not None
    doc.replace_entry("d4e5f6", entry.edited(score=0.7234))
    assert _changed_lines(data.decode(), doc.render()) == [
        "-### [d4e5f6] fact | 0.80 | 2026-02-26 | 4",
        "+### [d4e5f6] fact | 0.72 | 2026-02-26 | 4",
    ]


def test_content_edit_keeps_an_odd_header_as_written() -> None:
    text = "###   [ab12cd]  fact|0.5|2026-01-01|3  \nold text\n"
    doc = ev.parse(text.encode())
    entry = doc.find("ab12cd")
    assert entry is not None
    doc.replace_entry("ab12cd", entry.edited(content="new text"))
    assert doc.render() == "###   [ab12cd]  fact|0.5|2026-01-01|3  \nnew text\n"


def test_delete_and_insert_keep_the_layout() -> None:
    data, _, _ = _load("canonical")
    doc = ev.parse(data)
    doc.delete_entry("5k1ll5")
    new = evdoc.Entry("n3w001", "n3w001", "fact", 0.12, "2026-02-28", 1, "新的记忆", "archived")
    doc.insert_entry(new)
    after = doc.render()
    changed = _changed_lines(data.decode(), after)
    assert changed == [
        "-### [5k1ll5] skill_usage | 0.40 | 2026-02-10 | 9",
        "-Uses the `web_search` skill mostly for API documentation lookups.",
        "-",
        "+",
        "+### [n3w001] fact | 0.12 | 2026-02-28 | 1",
        "+新的记忆",
    ]
    assert after.endswith("新的记忆\n")
    assert [e.id for e in ev.parse(after.encode()).entries() if e.section == "archived"] == [
        "01d001",
        "01d002",
        "n3w001",
    ]


def test_insert_creates_a_missing_section() -> None:
    text = "# Agent Memory\n\n## Active Memories\n\n### [aa0001] fact | 0.80 | 2026-02-01 | 1\nkeep me\n"
    doc = ev.parse(text.encode())
    doc.insert_entry(
        evdoc.Entry("bb0002", "bb0002", "fact", 0.1, "2026-02-02", 1, "old news", "archived")
    )
    assert (
        doc.render()
        == text + "\n## Archived Memories\n\n### [bb0002] fact | 0.10 | 2026-02-02 | 1\nold news\n"
    )
    doc.insert_entry(
        evdoc.Entry("cc0003", "cc0003", "fact", 0.9, "2026-02-03", 2, "fresh", "active")
    )
    again = ev.parse(doc.to_bytes())
    assert [(e.id, e.section) for e in again.entries()] == [
        ("aa0001", "active"),
        ("cc0003", "active"),
        ("bb0002", "archived"),
    ]
    assert again.problems == []


def test_archiving_moves_the_memory_to_its_section() -> None:
    data, _, _ = _load("canonical")
    doc = ev.parse(data)
    entry = doc.find("a1b2c3")
    assert entry is not None
    doc.replace_entry("a1b2c3", entry.edited(section="archived"))
    again = ev.parse(doc.to_bytes())
    assert [e.id for e in again.entries() if e.section == "archived"][-1] == "a1b2c3"
    assert again.problems == []
    assert len(again.entries()) == 9


def test_crlf_and_bom_survive_an_edit() -> None:
    text = "\ufeff# Agent Memory\r\n\r\n## Active Memories\r\n\r\n### [aa0001] fact | 0.80 | 2026-02-01 | 1\r\nold\r\n"
    doc = ev.parse(text.encode())
    assert {w.kind for w in doc.warnings} == {"bom", "line_endings"}
    assert doc.problems == []
    entry = doc.find("aa0001")
    assert entry is not None
    doc.replace_entry("aa0001", entry.edited(content="new\nlines"))
    assert doc.to_bytes().decode() == text.replace("old\r\n", "new\r\nlines\r\n")


def test_sections_follow_the_headings_not_the_scores() -> None:
    """A memory under "## Active Memories" stays active even below 0.2 (until archived)."""
    text = (
        "## Active Memories\n\n### [aa0001] fact | 0.12 | 2026-02-01 | 1\nlow but active\n\n"
        "## Archived Memories\n\n### [bb0002] fact | 0.90 | 2026-02-01 | 1\nhigh but archived\n"
    )
    doc = ev.parse(text.encode())
    assert [(e.id, e.section) for e in doc.entries()] == [
        ("aa0001", "active"),
        ("bb0002", "archived"),
    ]


def test_a_memory_under_no_section_heading_is_where_the_agent_writes_it() -> None:
    """Without headings the agent's score decides: below 0.2 it writes the memory under
    "## Archived Memories" (bare_entries' render), and MemDesk shows it archived too."""
    data, _, rendered = _load("bare_entries")
    agent = {e.id: e.section for e in ev.parse(rendered).entries()}
    assert sorted(agent.values()) == ["active", "active", "archived"]
    assert {e.id: e.section for e in ev.parse(data).entries()} == agent


def test_a_memory_above_the_first_section_heading_is_placed_by_its_score() -> None:
    text = (
        "### [aa0001] fact | 0.19 | 2026-02-01 | 1\nlow, above the headings\n\n"
        "### [bb0002] fact | 0.20 | 2026-02-01 | 1\nat the mark, above the headings\n\n"
        "## Archived Memories\n\n### [cc0003] fact | 0.90 | 2026-02-01 | 1\nhigh but archived\n"
    )
    assert [(e.id, e.section) for e in ev.parse(text.encode()).entries()] == [
        ("aa0001", "archived"),
        ("bb0002", "active"),
        ("cc0003", "archived"),
    ]


def test_bom_before_first_header_is_not_lost() -> None:
    """The agent misses a header right after a BOM; MemDesk reads it and keeps the BOM."""
    text = "\ufeff### [aa0001] fact | 0.80 | 2026-02-01 | 1\nhello\n"
    doc = ev.parse(text.encode())
    assert [e.id for e in doc.entries()] == ["aa0001"]
    assert doc.to_bytes() == text.encode()


def test_duplicate_ids_are_all_kept_and_flagged() -> None:
    text = (
        "### [aa0001] fact | 0.80 | 2026-02-01 | 1\nfirst\n\n"
        "### [aa0001] fact | 0.70 | 2026-02-01 | 1\nsecond\n"
    )
    doc = ev.parse(text.encode())
    assert [e.key for e in doc.entries()] == ["aa0001", "aa0001~2"]
    assert [p.kind for p in doc.problems] == ["duplicate_id", "duplicate_id"]
    assert "lines 1, 4" in doc.problems[0].message


def test_unparseable_score_is_quarantined_not_a_crash() -> None:
    text = "### [aa0001] fact | 0.5.1 | 2026-02-01 | 1\nbroken\n\n### [bb0002] fact | 0.6 | 2026-02-01 | 1\nfine\n"
    doc = ev.parse(text.encode())
    assert [e.id for e in doc.entries()] == ["bb0002"]
    assert doc.problems[0].kind == "bad_header"
    assert "0.5.1" in doc.problems[0].message
    assert doc.render() == text


def test_memory_meta_is_read_and_unknown_keys_kept() -> None:
    text = (
        "### [aa0001] fact | 2.60 | 2026-02-01 | 9\n"
        '<!-- memory_meta: {"source":"user","verified":true,"x_custom":[1,2]} -->\n'
        "主人喜欢拉面\n"
    )
    doc = ev.parse(text.encode())
    entry = doc.find("aa0001")
    assert entry is not None
    assert entry.meta == {"source": "user", "verified": True, "x_custom": [1, 2]}
    assert entry.content == "主人喜欢拉面"
    assert doc.uses_meta
    doc.replace_entry("aa0001", entry.edited(meta={**entry.meta, "verified": False}))
    assert doc.render() == text.replace('"verified":true', '"verified":false')


def test_broken_memory_meta_is_kept_verbatim() -> None:
    text = "### [aa0001] fact | 0.60 | 2026-02-01 | 1\n<!-- memory_meta: {oops} -->\nbody\n"
    doc = ev.parse(text.encode())
    assert [p.kind for p in doc.problems] == ["bad_meta"]
    entry = doc.find("aa0001")
    assert entry is not None
    doc.replace_entry("aa0001", entry.edited(content="body 2"))
    assert doc.render() == text.replace("body\n", "body 2\n")


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"### [aa0001] fact | 0.5 | 2026-01-01 | 1\nok\n\xff\xfe bad\n", ":3: not valid UTF-8"),
        (b"line one\nline\x00two\n", ":2: contains a NUL byte"),
    ],
)
def test_undecodable_input_is_refused_with_its_line(data: bytes, needle: str) -> None:
    with pytest.raises(InputError) as info:
        ev.parse(data, Path("ws/MEMORY.md"))
    assert needle in str(info.value)
    assert str(info.value).startswith("ws/MEMORY.md:")


ALL_MARKDOWN = sorted(p for p in FIXTURES.rglob("*.md") if p.is_file())


@pytest.mark.parametrize("path", ALL_MARKDOWN, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_every_markdown_fixture_round_trips(path: Path) -> None:
    """Whatever the file (other agents' formats included), reading and writing loses nothing."""
    data = path.read_bytes()
    assert ev.parse(data, path).to_bytes() == data
