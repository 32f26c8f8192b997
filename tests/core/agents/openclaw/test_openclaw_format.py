"""OpenClaw's curated files read losslessly and edited with minimal diffs (fixtures/openclaw)."""

from __future__ import annotations

import itertools
import json
from datetime import date
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from core.agents.openclaw import entries as oc_entries
from core.agents.openclaw import format as ocf
from core.formats.text import InputError
from core.store.backups import own_backup_dir
from core.store.commit import Target
from core.store.document import Document
from core.store.merge import Change, ConflictError
from tests.conftest import FIXTURES, fixture_json

OPENCLAW = FIXTURES / "openclaw"
SPLIT_INPUT: dict[str, str] = fixture_json("openclaw/curated-entry-split/input.json")
MANAGED_CASES = fixture_json("openclaw/managed-blocks/output.json")["results"]
DREAMS_FILES = fixture_json("openclaw/dreams-file/output.json")["files"]


def _parse(text: str, path: str = "MEMORY.md") -> ocf.CuratedFile:
    return ocf.parse_file(text.encode("utf-8"), path)


def _summary(entry: oc_entries.Entry) -> tuple[object, ...]:
    return (entry.line, entry.end_line, entry.text, entry.triggers, entry.importance, entry.project)


# -- the agent's promotion and consolidation output ----------------------------------------------


def test_promoted_entries_of_an_append() -> None:
    doc = ocf.parse_file((OPENCLAW / "promotion-append/after.MEMORY.md").read_bytes(), "MEMORY.md")
    hand, router, freeze, homelab = doc.entries()
    assert _summary(hand) == (3, 3, "Hand-written fact (no trailing newline)", (), None, None)
    assert hand.promotion is None and hand.section == ("Long-Term Memory",)
    promoted = ("Long-Term Memory", "Promoted From Short-Term Memory (2026-06-28)")
    assert _summary(router) == (
        9,
        10,
        "Home network: Router VLAN 20 is for IoT devices",
        ("network", "router", "vlan"),
        9,
        None,
    )
    assert router.section == (*promoted, "Global")
    assert router.promotion == oc_entries.Promotion(
        kind="promoted",
        date="2026-06-28",
        candidate_key="memory:memory/2026-06-27.md:4:4",
        score=0.888,
        signals=5,
        recalls=4,
        avg=0.78,
        source="memory/2026-06-27.md",
        start=4,
        end=4,
    )
    assert freeze.text == "Work: Deploy freeze starts July 1st; no prod deploys after that."
    assert (freeze.importance, freeze.triggers) == (7, ("freeze", "starts", "july"))
    assert freeze.promotion is not None
    assert (freeze.promotion.score, freeze.promotion.signals, freeze.promotion.avg) == (
        0.665,
        2,
        0.9,
    )
    assert (freeze.promotion.candidate_key, freeze.promotion.start) == (
        "memory:memory/2026-06-27.md:8:8",
        8,
    )
    assert _summary(homelab) == (
        16,
        17,
        "Home network: 路由器的管理口只允许从 VLAN 10 访问",
        ("network", "vlan", "路由器"),
        7,
        "github.com/acme/homelab",
    )
    assert homelab.section == (*promoted, "Project: github.com/acme/homelab")
    assert homelab.promotion is not None and homelab.promotion.recalls == 3


def test_promotion_sections_are_recognised_with_their_date() -> None:
    doc = ocf.parse_file((OPENCLAW / "promotion-append/after.MEMORY.md").read_bytes(), "MEMORY.md")
    assert [(s.level, s.title, s.line, s.kind, s.date) for s in doc.sections()] == [
        (1, "Long-Term Memory", 1, None, None),
        (2, "Promoted From Short-Term Memory (2026-06-28)", 5, "promoted", "2026-06-28"),
        (3, "Global", 7, None, None),
        (3, "Project: github.com/acme/homelab", 14, None, None),
    ]


def test_the_agent_groups_a_promotion_marker_with_the_entry_above() -> None:
    doc = ocf.parse_file((OPENCLAW / "promotion-append/after.MEMORY.md").read_bytes(), "MEMORY.md")
    router, freeze = doc.entries()[1:3]
    # MemDesk pairs marker and bullet; the agent indexes the next marker with this bullet.
    assert (router.line, router.bullet_line) == (9, 10)
    assert (router.agent_start, router.agent_end) == (10, 11)
    assert (freeze.agent_start, freeze.agent_end) == (12, 13)


def test_consolidated_entries() -> None:
    doc = ocf.parse_file((OPENCLAW / "consolidation/after.MEMORY.md").read_bytes(), "MEMORY.md")
    entries = doc.entries()
    assert [e.text for e in entries[:6]] == [
        f"Fact {n}." for n in ("one", "two", "three", "four", "five", "six")
    ]
    dark, helix = entries[6:]
    assert _summary(dark) == (
        11,
        12,
        "User prefers dark mode.",
        ("prefers", "dark", "mode"),
        8,
        None,
    )
    assert dark.promotion == oc_entries.Promotion(
        kind="consolidated",
        date="2026-06-28",
        candidate_key="memory:memory/2026-06-27.md:3:3",
        source="memory/2026-06-27.md",
        start=3,
        end=3,
    )
    assert _summary(helix) == (
        13,
        15,
        "Editor is now Helix, not vim.",
        ("editor", "now", "helix"),
        8,
        None,
    )
    assert helix.lines[:2] == (
        "<!-- openclaw-memory-lineage:pref-editor -->",
        "<!-- openclaw-memory-promotion:memory:memory/2026-06-27.md:4:4 -->",
    )
    assert helix.promotion is not None
    assert (helix.promotion.lineage_key, helix.promotion.start, helix.promotion.end) == (
        "pref-editor",
        4,
        4,
    )
    assert [(s.title, s.kind, s.date) for s in doc.sections()][1] == (
        "Consolidated Memory (2026-06-28)",
        "consolidated",
        "2026-06-28",
    )


def test_a_consolidated_entry_outside_a_consolidated_section() -> None:
    doc = ocf.parse_file((OPENCLAW / "consolidation/before.MEMORY.md").read_bytes(), "MEMORY.md")
    vim = doc.entries()[-1]
    assert vim.text == "Editor is vim"
    assert vim.promotion == oc_entries.Promotion(
        kind="consolidated",
        date=None,
        candidate_key="memory:memory/2026-06-01.md:3:3",
        lineage_key="pref-editor",
        source="memory/2026-06-01.md",
        start=3,
        end=3,
    )


def test_the_memory_a_deep_sweep_created() -> None:
    text = fixture_json("openclaw/promotion-deep-sweep-options/output.json")["memoryMd"]
    doc = _parse(text)
    router, homelab = doc.entries()
    assert (router.line, router.text, router.importance) == (
        8,
        "Home network: Router VLAN 20 is for IoT devices",
        9,
    )
    assert router.promotion is not None and router.promotion.kind == "promoted"
    assert (router.promotion.score, router.promotion.signals, router.promotion.recalls) == (
        0.888,
        5,
        4,
    )
    assert homelab.project == "github.com/acme/homelab"
    assert homelab.promotion is not None and homelab.promotion.date == "2026-06-28"
    assert doc.render() == text


def test_the_legacy_promotion_line_has_no_signals() -> None:
    text = (
        "## Promoted From Short-Term Memory (2026-04-01)\n\n"
        "<!-- openclaw-memory-promotion:memory:memory/2026-03-31.md:18:18 -->\n"
        "- Router VLAN 20 is for IoT [score=0.806 recalls=0 avg=0.620 "
        "source=memory/2026-03-31.md:18-18]\n"
    )
    (entry,) = _parse(text).entries()
    assert entry.text == "Router VLAN 20 is for IoT"
    assert entry.triggers == () and entry.importance is None
    assert entry.promotion == oc_entries.Promotion(
        kind="promoted",
        date="2026-04-01",
        candidate_key="memory:memory/2026-03-31.md:18:18",
        score=0.806,
        recalls=0,
        avg=0.62,
        source="memory/2026-03-31.md",
        start=18,
        end=18,
    )


# -- USER.md: metadata belongs to the bullet below -----------------------------------------------


@pytest.mark.parametrize("name", ["USER.md", "USER.md (CRLF)"])
def test_user_md_pairs_each_observation_with_the_bullet_below(name: str) -> None:
    doc = _parse(SPLIT_INPUT[name], "USER.md")
    detailed, concise, chinese = doc.entries()
    assert (detailed.line, detailed.bullet_line, detailed.observed, detailed.status) == (
        5,
        7,
        "2026-05-10",
        "superseded",
    )
    assert (detailed.agent_start, detailed.agent_end) == (7, 10)
    assert (concise.line, concise.bullet_line, concise.status) == (9, 11, "active")
    assert chinese.text == (
        "回复时使用简体中文。\n  (continuation line, indented)\n"
        "* star bullets are not entries\n-no-space dash is not an entry"
    )
    assert (chinese.triggers, chinese.importance, chinese.project) == (("中文",), 6, None)
    assert (chinese.observed, chinese.line, chinese.end_line) == ("2026-08-01", 13, 17)
    # The heading and the blank lines are no memory's.
    assert [s.rstrip("\r\n") for s in doc.outside()] == [
        "# USER.md - User Model",
        "",
        "## Directives",
        "",
        "",
        "",
    ]


def test_the_keys_of_a_file() -> None:
    doc = _parse("- same\n- other\n-  same \n- same\n")
    assert [e.key for e in doc.entries()] == ["ff3390", "d0941e", "ff3390~2", "ff3390~3"]
    edited = _parse("- same\n- changed\n-  same \n- same\n")
    assert [e.key for e in edited.entries()][2:] == ["ff3390~2", "ff3390~3"]


def test_project_annotations_are_ignored_in_user_md_and_read_in_daily_notes() -> None:
    line = "- a <!-- project: Acme/x --> <!-- trigger: t --> <!-- importance: 5 -->\n"
    (user,) = _parse(line, "USER.md").entries()
    (daily,) = _parse(line, "memory/2026-06-27.md").entries()
    assert (user.project, user.triggers, user.importance) == (None, ("t",), 5)
    assert (daily.project, daily.triggers, daily.importance) == ("acme/x", (), None)


def test_file_kinds() -> None:
    assert oc_entries.file_kind("MEMORY.md") == "memory"
    assert oc_entries.file_kind("USER.md") == "user"
    assert oc_entries.file_kind("users/alice/USER.md") == "user"
    assert oc_entries.file_kind("memory/2026-06-27.md") == "daily"
    assert oc_entries.file_kind("memory/2026-06-27-1430.md") == "session"
    assert not _parse("- a\n", "memory/2026-06-27.md").read_only
    assert _parse("- a\n", "memory/2026-06-27-fix-vpn.md").read_only


# -- managed dreaming blocks -------------------------------------------------------------------


def test_entries_inside_a_dreaming_block_are_managed() -> None:
    doc = _parse(DREAMS_FILES["memory/2026-06-27.md"], "memory/2026-06-27.md")
    texts = [(e.text, e.managed) for e in doc.entries()]
    assert texts == [
        ("Router VLAN 20 is for IoT devices", None),
        ("路由器的管理口只允许从 VLAN 10 访问", None),
        ("Deploy freeze starts July 1st; no prod deploys after that.", None),
        ("Candidate: router VLAN 20 is for IoT", "light"),
    ]
    assert doc.managed_ranges() == [("light", 10, 13)]


def test_a_managed_entry_cannot_be_edited_or_deleted() -> None:
    doc = _parse(MANAGED_CASES["existingBlock"]["original"], "memory/2026-06-27.md")
    staged = next(e for e in doc.entries() if e.managed)
    before = doc.render()
    message = (
        "OpenClaw overwrites the text between <!-- openclaw:dreaming:light:start --> and "
        "…end --> at its next dreaming run"
    )
    with pytest.raises(ValueError, match=message):
        doc.set_text(staged.key, "mine now")
    with pytest.raises(ValueError, match="OpenClaw overwrites"):
        doc.delete_entry(staged.key)
    assert doc.render() == before
    after_block = doc.entries()[-1]
    assert (after_block.text, after_block.managed) == ("user text after block", None)
    doc.set_text(after_block.key, "edited")
    assert doc.render() == before.replace("- user text after block", "- edited")


def test_a_fence_marker_line_ends_the_entry_above_it() -> None:
    text = (
        "- mine\n<!-- openclaw:dreaming:light:start -->\n- staged\n"
        "<!-- openclaw:dreaming:light:end -->\ntrailing words\n"
    )
    doc = _parse(text, "memory/2026-06-27.md")
    mine, staged = doc.entries()
    assert (mine.lines, mine.managed, mine.agent_end) == (("- mine",), None, 2)
    assert (staged.lines, staged.managed) == (("- staged",), "light")
    assert doc.outside()[-1] == "trailing words\n"
    doc.delete_entry(mine.key)
    assert doc.render() == text.removeprefix("- mine\n")


def test_a_fence_without_its_heading_is_explained_apart() -> None:
    doc = _parse(
        "<!-- openclaw:dreaming:light:start -->\n- old\n<!-- openclaw:dreaming:light:end -->\n"
    )
    (entry,) = doc.entries()
    with pytest.raises(ValueError, match="without the heading OpenClaw writes"):
        doc.set_text(entry.key, "new")


# -- lossless reading ----------------------------------------------------------------------------

LINE_PARTS = [
    "- a",
    "- b <!-- trigger: x, y --> <!-- importance: 7 -->",
    "- c [score=0.5 signals=1 recalls=1 avg=0.5 source=memory/d.md:1-2] <!-- trigger: t -->",
    "- d Source: memory/d.md#L1-L2 <!-- importance: 3 -->",
    "  continued",
    "",
    "# Title",
    "## Section",
    "## Light Sleep",
    "<!-- observed: 2026-01-01 | status: active -->",
    "<!-- openclaw-memory-promotion:k -->",
    "<!-- openclaw-memory-lineage:l -->",
    "<!-- openclaw:dreaming:light:start -->",
    "<!-- openclaw:dreaming:light:end -->",
    "text",
    "* star",
    "-x",
    "- a",
]
_line = st.one_of(st.sampled_from(LINE_PARTS), st.text(alphabet="- #<!>\r\tab:", max_size=12))
_ending = st.sampled_from(["\n", "\n", "\r\n"])


@st.composite
def memory_files(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.tuples(_line, _ending), max_size=14))
    text = "".join(content + end for content, end in lines)
    return text[:-1] if text.endswith("\n") and draw(st.booleans()) else text


@given(st.booleans(), memory_files())
def test_render_gives_back_the_exact_bytes(bom: bool, text: str) -> None:
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    assert ocf.parse_file(data, "MEMORY.md").to_bytes() == data


@given(st.text())
def test_render_gives_back_any_text(text: str) -> None:
    assume("\0" not in text)
    data = text.encode("utf-8", "surrogatepass")
    try:
        doc = ocf.parse_file(data, "USER.md")
    except InputError:
        return  # lone surrogates are not UTF-8
    assert doc.to_bytes() == data


@given(memory_files())
def test_entries_are_disjoint_uniquely_keyed_and_read_again_alike(text: str) -> None:
    doc = _parse(text)
    entries = doc.entries()
    assert len({e.key for e in entries}) == len(entries)
    for before, after in itertools.pairwise(entries):
        assert before.end_line < after.line
    for entry in entries:
        assert entry.lines[entry.bullet].startswith("- ")
        assert entry.line <= entry.bullet_line <= entry.end_line
        assert entry.agent_start <= entry.bullet_line <= entry.agent_end
    assert _parse(doc.render()).entries() == entries


def test_invalid_utf8_and_nul_are_refused() -> None:
    with pytest.raises(InputError, match="not valid UTF-8"):
        ocf.parse_file(b"- a\n- \xff\n", "MEMORY.md")
    with pytest.raises(InputError, match="NUL"):
        ocf.parse_file(b"- a\0\n", "MEMORY.md")


def test_lone_cr_does_not_break_lines_as_the_agent_reads_them() -> None:
    doc = ocf.parse_file(b"- a\r- b\r", "MEMORY.md")
    (entry,) = doc.entries()
    assert entry.text == "a\r- b"
    assert doc.to_bytes() == b"- a\r- b\r"


# -- edits: minimal diffs ------------------------------------------------------------------------


@given(memory_files(), st.data())
def test_a_text_edit_changes_only_that_entry(text: str, data: st.DataObject) -> None:
    doc = _parse(text)
    editable = [e for e in doc.entries() if e.managed is None]
    assume(editable)
    entry = data.draw(st.sampled_from(editable))
    new_text = data.draw(st.text(alphabet="abc \n", min_size=1, max_size=20))
    old_lines = list(doc.lines)
    try:
        doc.set_text(entry.key, new_text)
    except ValueError:
        assert doc.lines == old_lines
        return
    start, stop = entry.line - 1, entry.end_line
    assert doc.lines[:start] == old_lines[:start]
    tail = len(old_lines) - stop
    assert doc.lines[len(doc.lines) - tail :] == old_lines[stop:]
    edited = doc.entry_at_line(entry.line)
    assert edited is not None and edited.text == oc_entries.clean_text(new_text)


@given(memory_files(), st.data())
def test_setting_annotations_changes_only_the_bullet_line(text: str, data: st.DataObject) -> None:
    doc = _parse(text)
    editable = [e for e in doc.entries() if e.managed is None]
    assume(editable)
    entry = data.draw(st.sampled_from(editable))
    old_lines = list(doc.lines)
    index = entry.bullet_line - 1
    try:
        if data.draw(st.booleans()):
            doc.set_triggers(entry.key, data.draw(st.lists(st.sampled_from(["a", "b c", "d"]))))
        else:
            doc.set_importance(entry.key, data.draw(st.none() | st.integers(1, 10)))
    except ValueError:
        assert doc.lines == old_lines
        return
    assert doc.lines[:index] == old_lines[:index]
    assert doc.lines[index + 1 :] == old_lines[index + 1 :]
    assert doc.lines[index].endswith(("\n", "\r\n")) == old_lines[index].endswith(("\n", "\r\n"))


def test_a_text_edit_keeps_the_entry_line_ends_and_its_tails() -> None:
    text = (OPENCLAW / "promotion-append/after.MEMORY.md").read_text(encoding="utf-8")
    crlf = text.replace("\n", "\r\n")
    doc = _parse(crlf)
    freeze = doc.entries()[2]
    edited = doc.set_text(freeze.key, "Work: the freeze moved to July 8th.\n  (announced Monday)")
    expected = crlf.replace(
        "- Work: Deploy freeze starts July 1st; no prod deploys after that. [score",
        "- Work: the freeze moved to July 8th. [score",
    ).replace(
        "<!-- importance: 7 -->\r\n\r\n### Project",
        "<!-- importance: 7 -->\r\n  (announced Monday)\r\n\r\n### Project",
    )
    assert doc.render() == expected
    assert edited.text == "Work: the freeze moved to July 8th.\n  (announced Monday)"
    assert edited.promotion is not None and edited.promotion.score == 0.665
    assert (edited.triggers, edited.importance) == (("freeze", "starts", "july"), 7)
    assert edited.key != freeze.key and doc.find(edited.key) == edited


def test_a_text_edit_at_the_end_of_a_file_without_a_final_newline() -> None:
    doc = _parse("# T\n\n- last")
    doc.set_text(doc.entries()[0].key, "first\n  second")
    assert doc.render() == "# T\n\n- first\n  second"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "needs some text"),
        (" \n\n ", "needs some text"),
        ("a\n- b", "line 2 starts with '- '"),
        ("a\n# b", "line 2 starts with '#'"),
        ("a\0b", "NUL"),
        ("a <!-- trigger: x -->", "would read this memory back as 'a'"),
        ("a [score=0.5 recalls=1 avg=0.5 source=m.md:1-1]", "promotion tail"),
        ("a\n<!-- observed: 2026-01-01 | status: active -->", "would not read"),
    ],
)
def test_text_that_would_read_back_otherwise_is_refused(text: str, message: str) -> None:
    doc = _parse("- a\n- b\n")
    before = doc.render()
    with pytest.raises(ValueError, match=message):
        doc.set_text(doc.entries()[0].key, text)
    assert doc.render() == before


def test_new_text_is_cleaned_as_it_will_be_read() -> None:
    doc = _parse("- a\n- b\n")
    doc.set_text(doc.entries()[0].key, "\u3000\r\nfirst  \r\n  second\t\r\n\u3000\n\r\n")
    assert doc.render() == "- first\n  second\n- b\n"


# -- annotations -----------------------------------------------------------------------------------


def test_annotations_are_written_as_the_agent_writes_them() -> None:
    doc = _parse("- Keep the gateway on loopback.\n- other\n")
    key = doc.entries()[0].key
    doc.set_importance(key, 7)
    doc.set_triggers(key, ["gateway", "network safety"])
    doc.set_project(key, "GitHub.com/OpenClaw/openclaw")
    assert doc.lines[0] == (
        "- Keep the gateway on loopback. <!-- trigger: gateway, network safety --> "
        "<!-- importance: 7 --> <!-- project: GitHub.com/OpenClaw/openclaw -->\n"
    )
    entry = doc.entries()[0]
    assert (entry.triggers, entry.importance, entry.project) == (
        ("gateway", "network safety"),
        7,
        "github.com/OpenClaw/openclaw",
    )
    assert entry.key == key  # annotations are not the text
    doc.set_triggers(key, [])
    doc.set_importance(key, None)
    doc.set_project(key, None)
    assert doc.render() == "- Keep the gateway on loopback.\n- other\n"


def test_an_annotation_is_replaced_where_it_is_and_other_comments_stay() -> None:
    doc = _parse("- a <!-- importance: 3 --> <!-- note --> <!--trigger:x-->\n")
    key = doc.entries()[0].key
    doc.set_importance(key, 9)
    doc.set_triggers(key, ["y"])
    assert doc.render() == "- a <!-- importance: 9 --> <!-- note --> <!-- trigger: y -->\n"


def test_annotations_of_a_promoted_entry_follow_its_promotion_tail() -> None:
    text = "- x [score=0.5 signals=1 recalls=1 avg=0.5 source=m.md:1-1] <!-- trigger: a -->\n"
    doc = _parse(text)
    doc.set_importance(doc.entries()[0].key, 4)
    assert doc.render() == text.replace("a -->", "a --> <!-- importance: 4 -->")


@pytest.mark.parametrize(
    ("path", "call", "message"),
    [
        ("memory/2026-06-27.md", ("set_triggers", ["a"]), "only in MEMORY.md and USER.md"),
        ("memory/2026-06-27.md", ("set_importance", 5), "only in MEMORY.md and USER.md"),
        ("USER.md", ("set_project", "a/b"), "ignores project annotations in USER.md"),
        ("MEMORY.md", ("set_importance", 11), "from 1 to 10"),
        ("MEMORY.md", ("set_importance", 0), "from 1 to 10"),
        ("MEMORY.md", ("set_importance", True), "from 1 to 10"),
        ("MEMORY.md", ("set_triggers", ["a,b"]), "',' is not allowed"),
        ("MEMORY.md", ("set_triggers", ["a-->"]), "'>' is not allowed"),
        ("MEMORY.md", ("set_triggers", [" "]), "needs some text"),
        ("MEMORY.md", ("set_project", "bad<key>"), "not a key OpenClaw accepts"),
    ],
)
def test_annotation_refusals(path: str, call: tuple[str, object], message: str) -> None:
    doc = _parse("- a\n", path)
    with pytest.raises(ValueError, match=message):
        getattr(doc, call[0])(doc.entries()[0].key, call[1])
    assert doc.render() == "- a\n"


def test_an_annotation_also_on_another_line_is_refused() -> None:
    doc = _parse("- a\n  more <!-- trigger: b -->\n")
    with pytest.raises(ValueError, match="another line or the text"):
        doc.set_triggers(doc.entries()[0].key, ["c"])


def test_an_annotation_that_would_wake_a_comment_in_the_text_is_refused() -> None:
    doc = _parse("- a <!-- importance: 2 --> said\n")
    assert doc.entries()[0].importance is None
    with pytest.raises(ValueError, match="would also change the importance"):
        doc.set_triggers(doc.entries()[0].key, ["c"])


# -- delete and add ------------------------------------------------------------------------------


def test_deleting_takes_the_metadata_lines_and_one_separation() -> None:
    doc = _parse(SPLIT_INPUT["USER.md"], "USER.md")
    doc.delete_entry(doc.entries()[0].key)
    assert doc.render() == SPLIT_INPUT["USER.md"].replace(
        "<!-- observed: 2026-05-10 | status: superseded -->\n\n"
        "- Prefer detailed explanations for every code change.\n\n",
        "",
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- a\n- b\n- c\n", "- a\n- c\n"),
        ("- a\n\n- b\n\n- c\n", "- a\n\n- c\n"),
        ("- a\n\n- b\n", "- a\n"),
        ("- a\n- b", "- a\n"),
        ("# T\n- b\n\n## U\n", "# T\n\n## U\n"),
        ("- b\n\n- c\n", "- c\n"),
        ("- a\n<!-- openclaw-memory-promotion:k -->\n- b\n  more\n- c\n", "- a\n- c\n"),
    ],
)
def test_deleting_the_second_entry(text: str, expected: str) -> None:
    doc = _parse(text)
    target = next(e for e in doc.entries() if e.first_line == "b")
    doc.delete_entry(target.key)
    assert doc.render() == expected


@pytest.mark.parametrize(
    ("text", "options", "expected"),
    [
        ("", {}, "- new\n"),
        ("# T\n\n- a\n\n", {}, "# T\n\n- a\n- new\n\n"),
        ("# T\r\n\r\n- a", {}, "# T\r\n\r\n- a\r\n- new"),
        ("# A\n- a\n\n## B\n- b\n", {"section": "A"}, "# A\n- a\n- new\n\n## B\n- b\n"),
        ("# A\n\n## B\n", {"section": ("A", "B")}, "# A\n\n## B\n- new\n"),
        (
            "- a\n<!-- observed: 2026-01-01 | status: active -->\n",
            {},
            "- a\n- new\n<!-- observed: 2026-01-01 | status: active -->\n",
        ),
        (
            "- a\n",
            {"importance": 5, "triggers": ["t"]},
            "- a\n- new <!-- trigger: t --> <!-- importance: 5 -->\n",
        ),
        (
            "- a\n",
            {"observed": date(2026, 7, 1)},
            "- a\n<!-- observed: 2026-07-01 | status: active -->\n- new\n",
        ),
    ],
)
def test_adding_an_entry(text: str, options: dict[str, object], expected: str) -> None:
    doc = _parse(text)
    added = doc.add_entry("new", **options)
    assert doc.render() == expected
    assert added.text == "new" and doc.find(added.key) == added


def test_adding_to_a_section_that_is_not_there_is_refused() -> None:
    doc = _parse("# A\n")
    with pytest.raises(ValueError, match="there is no section 'Nope'"):
        doc.add_entry("new", section="Nope")


# -- USER.md supersede ---------------------------------------------------------------------------


def test_supersede_flips_the_old_status_and_adds_the_new_directive_after_it() -> None:
    doc = _parse(SPLIT_INPUT["USER.md"], "USER.md")
    concise = doc.entries()[1]
    added = doc.supersede(concise.key, "Prefer bullet-point summaries.", date(2026, 9, 1))
    assert doc.render() == SPLIT_INPUT["USER.md"].replace(
        "<!-- observed: 2026-07-27 | status: active -->\n\n"
        "- Prefer concise implementation summaries unless more detail is requested.\n",
        "<!-- observed: 2026-07-27 | status: superseded -->\n\n"
        "- Prefer concise implementation summaries unless more detail is requested.\n\n"
        "<!-- observed: 2026-09-01 | status: active -->\n\n"
        "- Prefer bullet-point summaries.\n",
    )
    assert (added.observed, added.status, added.text) == (
        "2026-09-01",
        "active",
        "Prefer bullet-point summaries.",
    )
    old = doc.find(concise.key)
    assert old is not None and old.status == "superseded"


def test_supersede_adds_a_status_where_the_observation_has_none() -> None:
    doc = _parse("<!-- observed: 2026-01-01 -->\n- old\n- next\n", "USER.md")
    doc.supersede(doc.entries()[0].key, "new", "2026-02-02")
    assert doc.render() == (
        "<!-- observed: 2026-01-01 | status: superseded -->\n- old\n"
        "<!-- observed: 2026-02-02 | status: active -->\n- new\n- next\n"
    )


@pytest.mark.parametrize(
    ("path", "text", "message"),
    [
        ("MEMORY.md", "<!-- observed: 2026-01-01 -->\n- old\n", "USER.md's convention"),
        ("USER.md", "- old\n", "no '<!-- observed"),
    ],
)
def test_supersede_refusals(path: str, text: str, message: str) -> None:
    doc = _parse(text, path)
    with pytest.raises(ValueError, match=message):
        doc.supersede(doc.entries()[0].key, "new", "2026-02-02")
    assert doc.render() == text


def test_a_bad_day_is_refused_and_nothing_changes() -> None:
    doc = _parse("<!-- observed: 2026-01-01 | status: active -->\n- old\n", "USER.md")
    with pytest.raises(ValueError, match="not a date"):
        doc.supersede(doc.entries()[0].key, "new", "2026-13-01")
    assert doc.entries()[0].status == "active"


# -- read-only session summaries ----------------------------------------------------------------


def test_a_session_summary_cannot_be_edited() -> None:
    text = "# Session: 2026-06-27 14:30:00 UTC\n\n- **Session Key**: k\n- **Source**: new\n"
    doc = _parse(text, "memory/2026-06-27-1430.md")
    key = doc.entries()[0].key
    for action in (
        lambda: doc.set_text(key, "x"),
        lambda: doc.delete_entry(key),
        lambda: doc.add_entry("x"),
        lambda: doc.set_project(key, "a"),
    ):
        with pytest.raises(ValueError, match="read-only"):
            action()
    assert doc.render() == text


# -- through the store -------------------------------------------------------------------------


def _open(root: Path, rel: str) -> Document[ocf.CuratedFile, oc_entries.Entry]:
    target = Target(root, rel, own_backup_dir(root, root / rel))
    return Document.read(target, ocf.CuratedFileFormat(rel))


def test_a_document_saves_an_edit_merged_with_the_agents_promotion(tmp_path: Path) -> None:
    before = (OPENCLAW / "promotion-append/before.MEMORY.md").read_bytes()
    (tmp_path / "MEMORY.md").write_bytes(before)
    doc = _open(tmp_path, "MEMORY.md")
    fmt = doc.fmt
    hand = doc.entries()[0]
    assert isinstance(fmt, ocf.CuratedFileFormat)
    doc.apply([Change(hand.key, hand, ocf.with_importance(hand, 8, "memory"))])
    doc.apply(
        [Change("", None, fmt.draft("Deploys happen on Fridays.", section="Long-Term Memory"))]
    )
    # Meanwhile the agent's dreaming appends its promotion section.
    after = (OPENCLAW / "promotion-append/after.MEMORY.md").read_bytes()
    (tmp_path / "MEMORY.md").write_bytes(after)
    saved = doc.save()
    assert saved.merged
    expected = after.replace(
        b"- Hand-written fact (no trailing newline)\n",
        b"- Hand-written fact (no trailing newline) <!-- importance: 8 -->\n"
        b"- Deploys happen on Fridays.\n",
    )
    assert (tmp_path / "MEMORY.md").read_bytes() == expected
    assert _open(tmp_path, "MEMORY.md").render() == expected


def test_a_document_saves_a_supersede_and_a_delete(tmp_path: Path) -> None:
    text = SPLIT_INPUT["USER.md (CRLF)"]
    (tmp_path / "USER.md").write_bytes(text.encode("utf-8"))
    doc = _open(tmp_path, "USER.md")
    first, concise = doc.entries()[:2]
    old = ocf.superseded(concise, "user")
    new = ocf.draft_entry(
        "Prefer bullet-point summaries.",
        kind="user",
        observed="2026-09-01",
        after=concise.key,
        spaced=True,
    )
    doc.apply([Change(concise.key, concise, old), Change("", None, new)])
    doc.apply([Change(first.key, first, None)])
    doc.save()
    written = (tmp_path / "USER.md").read_bytes().decode("utf-8")
    assert written == (
        "# USER.md - User Model\r\n\r\n## Directives\r\n\r\n"
        "<!-- observed: 2026-07-27 | status: superseded -->\r\n\r\n"
        "- Prefer concise implementation summaries unless more detail is requested.\r\n\r\n"
        "<!-- observed: 2026-09-01 | status: active -->\r\n"
        "- Prefer bullet-point summaries.\r\n\r\n"
        "<!-- observed: 2026-08-01 | status: active -->\r\n"
        "- 回复时使用简体中文。 <!-- trigger: 中文 --> <!-- importance: 6 -->\r\n"
        "  (continuation line, indented)\r\n* star bullets are not entries\r\n"
        "-no-space dash is not an entry\r\n"
    )


def test_an_entry_added_on_both_sides_is_written_once(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_bytes(b"# Long-Term Memory\n\n- a\n")
    doc = _open(tmp_path, "MEMORY.md")
    assert isinstance(doc.fmt, ocf.CuratedFileFormat)
    doc.apply([Change("", None, doc.fmt.draft("b"))])
    (tmp_path / "MEMORY.md").write_bytes(b"# Long-Term Memory\n\n- a\n- b\n- c\n")
    doc.save()
    assert (tmp_path / "MEMORY.md").read_bytes() == b"# Long-Term Memory\n\n- a\n- b\n- c\n"


def test_the_format_describes_and_takes_back_a_whole_entry() -> None:
    fmt = ocf.CuratedFileFormat("USER.md")
    doc = fmt.parse(SPLIT_INPUT["USER.md"].encode("utf-8"))
    concise = fmt.entries(doc)[1]
    shown = fmt.describe(concise)
    assert shown == (
        "<!-- observed: 2026-07-27 | status: active -->\n\n"
        "- Prefer concise implementation summaries unless more detail is requested."
    )
    assert fmt.same(fmt.written(concise, shown), concise)
    only_text = fmt.written(concise, "Prefer short answers.")
    assert only_text.lines[0] == concise.lines[0] and only_text.text == "Prefer short answers."
    assert fmt.fields(concise) == {
        "text": "Prefer concise implementation summaries unless more detail is requested.",
        "triggers": [],
        "importance": None,
        "project": None,
        "observed": "2026-07-27",
        "status": "active",
    }
    assert fmt.label(concise) == "active 2026-07-27"
    assert not fmt.read_only and not fmt.rekeys
    assert fmt.render(fmt.parse(None)) == b""


def test_undo_restores_the_lines() -> None:
    fmt = ocf.CuratedFileFormat("MEMORY.md")
    doc = fmt.parse(b"- a\n- b\n")
    state = fmt.state(doc)
    fmt.remove(doc, fmt.entries(doc)[0].key)
    assert fmt.outside(doc) == ()
    fmt.set_state(doc, state)
    assert fmt.render(doc) == b"- a\n- b\n" and len(fmt.entries(doc)) == 2


def test_json_fields_are_plain() -> None:
    doc = _parse("- a <!-- trigger: x -->\n")
    assert json.dumps(ocf.CuratedFileFormat("MEMORY.md").fields(doc.entries()[0]))


def test_an_entry_edited_on_both_sides_is_a_conflict_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    (tmp_path / "MEMORY.md").write_bytes(b"- a\n- b\n")
    doc = _open(tmp_path, "MEMORY.md")
    entry = doc.entries()[0]
    doc.apply([Change(entry.key, entry, ocf.edit_text(entry, "mine"))])
    (tmp_path / "MEMORY.md").write_bytes(b"- theirs\n- b\n")
    with pytest.raises(ConflictError) as caught:
        doc.save()
    assert [c.key for c in caught.value.conflicts] == [entry.key]
    assert (caught.value.conflicts[0].mine, caught.value.conflicts[0].theirs) == ("- mine", None)
    assert (tmp_path / "MEMORY.md").read_bytes() == b"- theirs\n- b\n"
    doc.save(resolutions={entry.key: "mine"})
    assert (tmp_path / "MEMORY.md").read_bytes() == b"- theirs\n- b\n- mine\n"
