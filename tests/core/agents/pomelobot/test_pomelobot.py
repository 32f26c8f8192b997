"""Pomeloclaw / Pomelobot memory files against the real agent's outputs (fixtures/pomelobot)."""

from __future__ import annotations

import json
import os
import re
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.pomelobot import format as pb
from core.agents.pomelobot.access import MAX_GET_LINES, memory_get, parse_ref
from core.agents.pomelobot.chunks import index_chunks, index_chunks_of_file
from core.agents.pomelobot.scopes import (
    AccessError,
    Scope,
    daily_path,
    heartbeat_path,
    list_scopes,
    long_term_path,
    transcript_path,
)
from core.agents.pomelobot.search import search_scope
from core.formats.text import InputError
from core.store.confine import ConfinementError
from tests.conftest import FIXTURES, fixture_json

POMELO = FIXTURES / "pomelobot"
WORKSPACES = FIXTURES / "workspaces"
FILE_CASES = ("daily_main", "long_term")
EDGE_CASES = fixture_json("pomelobot/edge_cases.chunks.json")["cases"]
_ENTRY_LINE = re.compile(r"^\[(\d{2}:\d{2}:\d{2})\] (.*)$")
_STAMPED = re.compile(r"\[[0-9]{1,2}:[0-9]{2}:[0-9]{2}\]( |$)")


def _expected(chunks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    keys = ("chunk_index", "start_line", "end_line", "content", "hash")
    return [{k: c[k] for k in keys} for c in chunks]


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


# -- index chunks ------------------------------------------------------------------------------


@pytest.mark.parametrize("case", FILE_CASES)
def test_chunks_of_fixture_files_match_the_agent(case: str) -> None:
    oracle = json.loads((POMELO / f"{case}.chunks.json").read_text(encoding="utf-8"))
    text = (POMELO / oracle["input_file"]).read_bytes().decode("utf-8")
    assert _utf16_length(text) == oracle["input_length_utf16"]
    assert len(text.split("\n")) == oracle["input_line_count"]
    chunks = index_chunks(text)
    assert [c.to_json() for c in chunks] == _expected(oracle["chunks"])
    lengths = [_utf16_length(c.content) for c in chunks]
    assert lengths == [c["content_length_utf16"] for c in oracle["chunks"]]


@pytest.mark.parametrize("case", EDGE_CASES, ids=[c["name"] for c in EDGE_CASES])
def test_chunks_of_edge_cases_match_the_agent(case: dict[str, Any]) -> None:
    chunks = index_chunks(case["input"])
    assert [c.to_json() for c in chunks] == _expected(case["chunks"])


def test_every_chunk_fixture_is_covered() -> None:
    assert sorted(p.name for p in POMELO.glob("*.chunks.json")) == [
        "daily_main.chunks.json",
        "edge_cases.chunks.json",
        "long_term.chunks.json",
    ]
    assert len(EDGE_CASES) == 7


def test_long_term_chunks_overlap_and_repeat_as_the_readme_says() -> None:
    text = (POMELO / "long_term.input.md").read_text(encoding="utf-8")
    spans = [(c.start_line, c.end_line) for c in index_chunks(text)]
    assert spans == [(1, 7), (1, 8), (8, 8), (8, 19)]
    long_line = index_chunks(text)[2].content
    assert long_line.count("\n") == 1  # two slices of line 8, joined by a newline not in the file
    assert index_chunks(text)[3].content.startswith("s; step")  # starts mid-line


def test_a_cut_surrogate_pair_is_hashed_as_node_does() -> None:
    # Hashes from running the agent's chunkMarkdown in Node 20 on the same inputs.
    chunks = index_chunks("x" * 1199 + "😀y")
    assert [(c.start_line, c.end_line) for c in chunks] == [(1, 1), (1, 1)]
    assert chunks[0].content == "x" * 1199 + "\ud83d"  # the pair is cut after 1200 units
    assert chunks[1].content == chunks[0].content + "\n\ude00y"  # the whole slice overlaps
    assert [c.hash for c in chunks] == [
        "cda8c750e05c149755d16650aca966b67c52d57aa850a20989a91a297a6e2eb3",
        "a377db5f897e6aab35b438156caf6a966f6ec93bbbac2c7c7ecca0640d6fee0a",
    ]


def test_crlf_keeps_its_carriage_returns_in_chunks() -> None:
    (chunk,) = index_chunks("a\r\nb\r\n")
    assert (chunk.start_line, chunk.end_line, chunk.content) == (1, 3, "a\r\nb\r\n")
    assert chunk.hash == "58055bdcc73787eb88c78d36f0b4939e9c5dc1c3ad17e25cc85a6833cf1a0cab"


def test_chunks_of_file_bytes_keep_the_bom_as_node_reads_it() -> None:
    (chunk,) = index_chunks_of_file(b"\xef\xbb\xbfhi\n")
    assert chunk.content == "\ufeffhi\n"


# -- parsing and rendering ---------------------------------------------------------------------


def _fixture_files() -> list[Path]:
    files = [POMELO / f"{case}.input.md" for case in FILE_CASES]
    files += sorted(p for p in (WORKSPACES / "pomelobot").rglob("*.md"))
    return files


@pytest.mark.parametrize("path", _fixture_files(), ids=lambda p: p.name)
def test_fixture_files_render_byte_for_byte(path: Path) -> None:
    data = path.read_bytes()
    doc = pb.parse_memory_file(data, path.relative_to(FIXTURES))
    assert doc.to_bytes() == data


def test_daily_file_entries_are_its_time_stamped_lines() -> None:
    data = (POMELO / "daily_main.input.md").read_bytes()
    doc = pb.parse_memory_file(data, "memory/2026-03-01.md")
    expected = [m.groups() for m in map(_ENTRY_LINE.match, data.decode().splitlines()) if m]
    assert [(e.time, e.content) for e in doc.entries()] == expected
    assert len(expected) == 26
    assert doc.preamble() == "# Daily Memory - 2026-03-01 (main)\n"
    assert doc.kind == "daily" and not doc.other_text()
    first = doc.entries()[0]
    assert (first.key, first.line, first.separator) == ("09:15:40", 3, "\n")


def test_long_term_hand_written_section_stays_outside_the_entries() -> None:
    doc = pb.parse_memory_file((POMELO / "long_term.input.md").read_bytes(), "MEMORY.md")
    assert doc.kind == "long_term"
    assert doc.preamble() == "# Long-term Memory (main)\n\n"
    assert [e.time for e in doc.entries()] == [
        "08:12:45",
        "08:30:01",
        "09:02:33",
        "09:10:10",
        "10:45:59",
    ]
    assert len(doc.entries()[2].content) == 1958 - len("[09:02:33] ")
    (other,) = doc.other_text()
    assert other.text.startswith("\n## 手工整理\n") and other.line == 13
    assert doc.entries()[-1].content.startswith("Team glossary")


def test_the_agents_own_writes_rebuild_the_daily_fixture_exactly() -> None:
    data = (POMELO / "daily_main.input.md").read_bytes()
    rebuilt = pb.new_daily_file("2026-03-01", "main")
    for m in filter(None, map(_ENTRY_LINE.match, data.decode().splitlines())):
        rebuilt.append_entry(m.group(2), m.group(1))
    assert rebuilt.to_bytes() == data


def test_the_agents_own_writes_rebuild_the_long_term_entries_exactly() -> None:
    text = (POMELO / "long_term.input.md").read_text(encoding="utf-8")
    rebuilt = pb.new_long_term_file("main")
    for entry in pb.parse_memory_file(text).entries():
        rebuilt.append_entry(entry.content, entry.time)
    assert text.startswith(rebuilt.render())
    assert text[len(rebuilt.render()) :].startswith("\n## 手工整理")


def test_multi_line_entries_end_at_a_blank_line() -> None:
    text = "# Long-term Memory (main)\n\n\n[10:00:00] first line\nsecond line\n\nafter a blank\n"
    doc = pb.parse_memory_file(text)
    (entry,) = doc.entries()
    assert entry.content == "first line\nsecond line"
    assert (entry.line, entry.end_line) == (4, 5)
    assert [b.text for b in doc.other_text()] == ["\nafter a blank\n"]
    assert doc.entry_at_line(5) is entry and doc.entry_at_line(7) is None


def test_repeated_times_get_distinct_keys() -> None:
    doc = pb.parse_memory_file("[09:00:00] a\n\n[09:00:00] b\n\n[09:00:00] c\n")
    assert [e.key for e in doc.entries()] == ["09:00:00", "09:00:00~2", "09:00:00~3"]
    doc.delete_entry("09:00:00~2")
    assert doc.append_entry("d", "09:00:00").key == "09:00:00~2"


def test_transcripts_parse_read_only_with_roles() -> None:
    rel = "memory/scopes/group_cid8812/transcripts/2026-03-02.md"
    doc = pb.parse_memory_file((WORKSPACES / "pomelobot" / rel).read_bytes(), rel)
    assert doc.kind == "transcript" and doc.read_only
    assert [e.role for e in doc.entries()] == ["user", "assistant"]
    assert doc.entries()[0].content == "周五晚上做 Redis 切换演练可以吗？"
    with pytest.raises(pb.ReadOnlyError, match="read-only"):
        doc.append_entry("x", "12:00:00")
    with pytest.raises(pb.ReadOnlyError):
        doc.delete_entry(doc.entries()[0].key)
    with pytest.raises(pb.ReadOnlyError):
        doc.replace_entry(doc.entries()[0].key, "x")


def test_bad_input_is_refused_with_file_and_line() -> None:
    with pytest.raises(InputError, match=r"memory/x\.md:2: not valid UTF-8"):
        pb.parse_memory_file(b"# Daily\n[09:00:00] \xff\n", "memory/x.md")
    with pytest.raises(InputError, match="NUL"):
        pb.parse_memory_file(b"[09:00:00] a\x00b\n", "MEMORY.md")


# -- edits -------------------------------------------------------------------------------------


def test_append_to_a_new_daily_file_is_the_agents_format() -> None:
    doc = pb.new_daily_file(date(2026, 3, 1), "group_cid8812")
    doc.append_entry("讨论了切换演练", time(9, 5, 7))
    doc.append_entry("second", datetime(2026, 3, 1, 18, 0, 0))
    assert doc.path == "memory/scopes/group_cid8812/2026-03-01.md"
    assert (
        doc.to_bytes()
        == (
            "# Daily Memory - 2026-03-01 (group_cid8812)\n"
            "\n[09:05:07] 讨论了切换演练\n"
            "\n[18:00:00] second\n"
        ).encode()
    )


def test_append_to_a_new_long_term_file_is_the_agents_format() -> None:
    doc = pb.new_long_term_file("direct_u1001")
    assert doc.render() == "# Long-term Memory (direct_u1001)\n\n"
    doc.append_entry("likes tea", "16:00:00")
    assert doc.render() == "# Long-term Memory (direct_u1001)\n\n\n[16:00:00] likes tea\n"
    assert doc.path == "memory/scopes/direct_u1001/MEMORY.md"


def test_append_to_an_existing_file_adds_only_the_new_entry() -> None:
    data = (POMELO / "daily_main.input.md").read_bytes()
    doc = pb.parse_memory_file(data, "memory/2026-03-01.md")
    doc.append_entry("new fact", "15:10:00")
    assert doc.to_bytes() == data + b"\n[15:10:00] new fact\n"


def test_append_keeps_a_blank_line_when_the_file_lacks_a_final_newline() -> None:
    doc = pb.parse_memory_file("# Daily Memory - 2026-03-01 (main)\n\n[09:00:00] a")
    doc.append_entry("b", "10:00:00")
    assert doc.render() == "# Daily Memory - 2026-03-01 (main)\n\n[09:00:00] a\n\n[10:00:00] b\n"
    assert [e.content for e in pb.parse_memory_file(doc.render()).entries()] == ["a", "b"]


def test_crlf_and_bom_files_keep_their_line_ends() -> None:
    data = "\ufeff# Daily Memory - 2026-03-01 (main)\r\n\r\n[09:00:00] a\r\n".encode()
    doc = pb.parse_memory_file(data, "memory/2026-03-01.md")
    doc.replace_entry("09:00:00", "a1\na2")
    doc.append_entry("b", "10:00:00")
    assert (
        doc.to_bytes()
        == (
            "\ufeff# Daily Memory - 2026-03-01 (main)\r\n\r\n[09:00:00] a1\r\na2\r\n\r\n[10:00:00] b\r\n"
        ).encode()
    )


def test_replace_changes_only_that_entry_and_keeps_its_time() -> None:
    data = (POMELO / "daily_main.input.md").read_bytes()
    doc = pb.parse_memory_file(data, "memory/2026-03-01.md")
    old = "[10:22:16] Heartbeat check found disk usage at 87% on node k8s-worker-07.\n"
    new = "[10:22:16] Disk usage at 91% on k8s-worker-07.\n"
    entry = doc.replace_entry("10:22:16", "Disk usage at 91% on k8s-worker-07.\n")
    assert entry.content == "Disk usage at 91% on k8s-worker-07."
    assert doc.to_bytes() == data.replace(old.encode(), new.encode(), 1)
    assert doc.replace_entry("10:22:16", entry.content) is entry  # same text: nothing to do


def test_delete_removes_the_entry_and_the_blank_line_above_it() -> None:
    text = "# Daily Memory - 2026-03-01 (main)\n\n[09:00:00] a\n\n[10:00:00] b\n"
    doc = pb.parse_memory_file(text)
    assert doc.delete_entry("09:00:00").content == "a"
    assert doc.render() == "# Daily Memory - 2026-03-01 (main)\n\n[10:00:00] b\n"
    doc.delete_entry("10:00:00")
    assert doc.render() == "# Daily Memory - 2026-03-01 (main)\n"
    with pytest.raises(KeyError, match="no entry 10:00:00"):
        doc.delete_entry("10:00:00")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "needs some text"),
        ("  \n ", "needs some text"),
        ("a\n\nb", "line 2 of the memory is blank"),
        ("a\n[09:00:00] b", "line 2 of the memory starts with a time stamp"),
        ("a\x00", "NUL"),
    ],
)
def test_text_the_file_would_read_back_differently_is_refused(content: str, message: str) -> None:
    doc = pb.parse_memory_file("[09:00:00] a\n")
    with pytest.raises(ValueError, match=message):
        doc.append_entry(content, "10:00:00")
    with pytest.raises(ValueError, match=message):
        doc.replace_entry("09:00:00", content)
    assert doc.render() == "[09:00:00] a\n"


@pytest.mark.parametrize("bad", ["9:00:00", "25:00:00", "09:00", "noon"])
def test_times_must_be_hh_mm_ss(bad: str) -> None:
    with pytest.raises(ValueError, match="HH:MM:SS"):
        pb.format_time(bad)


def test_names_and_dates_in_new_headers_are_checked() -> None:
    with pytest.raises(AccessError, match="not a scope name"):
        pb.daily_header("2026-03-01", "Group/../x")
    with pytest.raises(ValueError, match="not a date"):
        pb.daily_header("2026-02-30", "main")


def test_promote_appends_the_daily_entry_to_long_term_memory() -> None:
    daily = pb.parse_memory_file(
        (WORKSPACES / "pomelobot" / "memory" / "2026-03-01.md").read_bytes()
    )
    entry = daily.entries()[1]
    assert pb.promote(entry, None, "20:00:00", "main") == (
        "# Long-term Memory (main)\n\n\n[20:00:00] User prefers incident summaries as bullet lists.\n"
    )
    long_term = (WORKSPACES / "pomelobot" / "MEMORY.md").read_text(encoding="utf-8")
    promoted = pb.promote(entry, long_term, time(20, 0, 0), "main")
    assert promoted == long_term + "\n[20:00:00] User prefers incident summaries as bullet lists.\n"
    assert daily.to_bytes() == (WORKSPACES / "pomelobot" / "memory" / "2026-03-01.md").read_bytes()


# -- property tests ----------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "# Daily Memory - 2026-03-01 (main)",
        "# Long-term Memory (main)",
        "[09:15:40] User prefers bullet lists.",
        "[09:15:40] ",
        "[09:15:40]",
        "[9:05:00] short hour",
        "[０９:００:００] full-width digits",
        "[09:15:40]no space",
        "[11:24:58] [user] 周五晚上做 Redis 切换演练可以吗？",
        "## 手工整理",
        "- 项目代号：Pomelo",
        "用户喜欢简洁的代码",
        "",
        "  ",
        "\t",
        "\ufeff",
        "\x0c",
        "\u2028",
    ]
)
_NEWLINES = st.sampled_from(["\n", "\n", "\r\n", "\r"])
_LINE_CHARS = st.characters(blacklist_characters="\r\n\x00", blacklist_categories=("Cs",))
_CONTENT = st.lists(
    st.text(_LINE_CHARS, max_size=20).map(lambda s: "m" + s), min_size=1, max_size=3
)


@st.composite
def memory_files(draw: st.DrawFn) -> str:
    pairs = draw(
        st.lists(st.tuples(_PIECES | st.text(_LINE_CHARS, max_size=12), _NEWLINES), max_size=30)
    )
    text = "".join(a + b for a, b in pairs)
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    return text


def _offsets(doc: pb.MemoryFileDocument, index: int) -> tuple[int, int]:
    texts = [b.text if isinstance(b, pb.Raw) else b.text(doc.newline) for b in doc.blocks]
    start = len(pb.BOM if doc.bom else "") + sum(map(len, texts[:index]))
    return start, start + len(texts[index])


def _entry_positions(doc: pb.MemoryFileDocument) -> list[int]:
    return [i for i, b in enumerate(doc.blocks) if isinstance(b, pb.MemoryEntry)]


@given(memory_files())
def test_any_text_renders_back_exactly(text: str) -> None:
    doc = pb.parse_memory_file(text.encode())
    assert doc.render() == text
    assert doc.to_bytes() == text.encode()


@given(memory_files())
def test_every_time_stamped_line_starts_an_entry(text: str) -> None:
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
    stamped = [n for n, line in enumerate(lines, 1) if _STAMPED.match(line)]
    assert [e.line for e in pb.parse_memory_file(text).entries()] == stamped


@given(memory_files(), _CONTENT, st.data())
def test_an_edit_changes_only_its_entry(text: str, lines: list[str], data: st.DataObject) -> None:
    doc = pb.parse_memory_file(text)
    positions = _entry_positions(doc)
    if not positions:
        return
    index = data.draw(st.sampled_from(positions))
    start, end = _offsets(doc, index)
    entry = doc.blocks[index]
    assert isinstance(entry, pb.MemoryEntry)
    before = [(e.time, e.content) for e in doc.entries()]
    new = doc.replace_entry(entry.key, "\n".join(lines))
    assert doc.render() == text[:start] + new.text(doc.newline) + text[end:]
    again = pb.parse_memory_file(doc.render())
    k = positions.index(index)
    after = [(e.time, e.content) for e in again.entries()]
    assert after == [*before[:k], (entry.time, "\n".join(lines)), *before[k + 1 :]]


@given(memory_files(), st.data())
def test_a_delete_removes_only_its_entry(text: str, data: st.DataObject) -> None:
    doc = pb.parse_memory_file(text)
    positions = _entry_positions(doc)
    if not positions:
        return
    index = data.draw(st.sampled_from(positions))
    start, end = _offsets(doc, index)
    before = [(e.time, e.content) for e in doc.entries()]
    entry = doc.blocks[index]
    assert isinstance(entry, pb.MemoryEntry)
    doc.delete_entry(entry.key)
    head, tail = text[:start], text[end:]
    if head.endswith("\r") and tail.startswith("\n"):
        head += "\n"  # a lone CR line end and the LF after it must not merge into one CRLF
    assert doc.render() == head + tail
    k = positions.index(index)
    after = [(e.time, e.content) for e in pb.parse_memory_file(doc.render()).entries()]
    assert after == before[:k] + before[k + 1 :]


@given(memory_files(), _CONTENT)
def test_an_append_adds_one_entry_at_the_end(text: str, lines: list[str]) -> None:
    doc = pb.parse_memory_file(text)
    before = [(e.time, e.content) for e in doc.entries()]
    doc.append_entry("\n".join(lines), "23:59:59")
    assert doc.render().startswith(text)
    after = [(e.time, e.content) for e in pb.parse_memory_file(doc.render()).entries()]
    assert after == [*before, ("23:59:59", "\n".join(lines))]


# -- scopes ------------------------------------------------------------------------------------


def _summary(scopes: list[Scope]) -> dict[str, list[tuple[str, str]]]:
    return {s.name: [(f.path, f.kind) for f in s.files] for s in scopes}


def test_scopes_of_the_pomelobot_workspace() -> None:
    scopes = list_scopes(WORKSPACES / "pomelobot")
    assert _summary(scopes) == {
        "main": [
            ("MEMORY.md", "long_term"),
            ("memory/2026-03-01.md", "daily"),
            ("memory/2026-03-02.md", "daily"),
        ],
        "direct_u1001": [("memory/scopes/direct_u1001/LONG_TERM.md", "long_term")],
        "group_cid8812": [
            ("memory/scopes/group_cid8812/LONG_TERM.md", "long_term"),
            ("memory/scopes/group_cid8812/2026-03-02.md", "daily"),
            ("memory/scopes/group_cid8812/transcripts/2026-03-02.md", "transcript"),
        ],
    }
    assert all(not s.other_files for s in scopes)
    group = scopes[2]
    assert [f.read_only for f in group.files] == [False, False, True]
    assert group.of_kind("daily")[0].date == "2026-03-02"


def test_a_workspace_without_scopes_is_the_older_layouts_main_scope(tmp_path: Path) -> None:
    """Root MEMORY.md and memory/YYYY-MM-DD.md are legacy files of main, wherever they are; a
    lower-case memory.md and memory/YYYY-MM-DD-<slug>.md are no files of the agent's."""
    _write(tmp_path, "MEMORY.md", "# Long-term Memory (main)\n\n\n[09:00:00] x\n")
    _write(tmp_path, "memory.md")
    _write(tmp_path, "memory/2026-03-01.md", "[09:00:00] y\n")
    _write(tmp_path, "memory/2026-03-01-standup.md")
    (main,) = list_scopes(tmp_path)
    assert [(f.path, f.kind, f.date) for f in main.files] == [
        ("MEMORY.md", "long_term", None),
        ("memory/2026-03-01.md", "daily", "2026-03-01"),
    ]
    assert all(f.legacy is not None for f in main.files)
    assert "(it does not yet)" in (main.files[0].legacy or "")
    assert main.other_files == ("memory/2026-03-01-standup.md",)
    for rel in ("MEMORY.md", "memory/2026-03-01.md", "memory/2026-03-01-standup.md"):
        with pytest.raises(AccessError, match="not a memory file of scope 'main'"):
            memory_get(tmp_path, rel)


def _write(root: Path, rel: str, text: str = "# x\n") -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


DAY = "memory/scopes/main/2026-03-01.md"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    _write(ws, "MEMORY.md", "# Long-term Memory (main)\n\n\n[09:00:00] Main secret\n")
    _write(ws, "AGENTS.md", "not memory\n")
    day = "".join(f"line {n}\n" for n in range(2, 501))
    _write(ws, DAY, "# Daily Memory - 2026-03-01 (main)\n" + day)
    _write(ws, "memory/2026-02-28.md", "[08:00:00] older main daily\n")
    _write(ws, "memory/notes.txt", "stray\n")
    _write(ws, "memory/2026-13-01.md")  # no such date
    _write(ws, "memory/scopes/main/transcripts/2026-03-01.md", "[09:00:00] [user] main talk\n")
    _write(ws, "memory/scopes/main/HEARTBEAT.md")
    _write(ws, "memory/scopes/group_a/MEMORY.md", "[10:00:00] Group A secret\n")
    _write(ws, "memory/scopes/group_a/LONG_TERM.md", "[10:00:00] older group a\n")
    _write(ws, "memory/scopes/group_a/2026-03-01.md", "[10:00:00] group a daily\n")
    _write(ws, "memory/scopes/group_a/2026-03-01-standup.md")  # not a daily file
    _write(
        ws,
        "memory/scopes/group_a/transcripts/2026-03-01.md",
        "[10:00:01] [assistant] SECRET reply\n",
    )
    _write(ws, "memory/scopes/group_a/transcripts/notes.md")
    _write(ws, "memory/scopes/direct_b/LONG_TERM.md", "[11:00:00] direct B secret\n")
    _write(ws, "memory/scopes/Bad Name/LONG_TERM.md")
    _write(ws, "memory/scopes/loose.md")
    _write(ws.parent, "outside.md", "outside secret\n")
    return ws


def test_list_scopes_sorts_files_and_lists_the_rest_untouched(workspace: Path) -> None:
    os.symlink(workspace.parent / "outside.md", workspace / "memory" / "2026-03-02.md")
    before = {p: p.read_bytes() for p in workspace.rglob("*") if p.is_file()}
    main, direct_b, group_a = list_scopes(workspace)
    assert [(f.path, f.kind, f.legacy is not None) for f in main.files] == [
        ("MEMORY.md", "long_term", True),
        (DAY, "daily", False),
        ("memory/2026-02-28.md", "daily", True),
        ("memory/scopes/main/HEARTBEAT.md", "heartbeat", False),
        ("memory/scopes/main/transcripts/2026-03-01.md", "transcript", False),
    ]
    assert main.other_files == (
        "memory/2026-03-02.md",  # a symlink: never followed
        "memory/2026-13-01.md",
        "memory/notes.txt",
        "memory/scopes/Bad Name/",
        "memory/scopes/loose.md",
    )
    assert direct_b.name == "direct_b" and [f.kind for f in direct_b.files] == ["long_term"]
    assert [
        (f.path.removeprefix("memory/scopes/group_a/"), f.legacy is not None) for f in group_a.files
    ] == [
        ("MEMORY.md", False),
        ("LONG_TERM.md", True),
        ("2026-03-01.md", False),
        ("transcripts/2026-03-01.md", False),
    ]
    assert group_a.other_files == (
        "memory/scopes/group_a/2026-03-01-standup.md",
        "memory/scopes/group_a/transcripts/notes.md",
    )
    assert {p: p.read_bytes() for p in workspace.rglob("*") if p.is_file()} == before


def test_a_workspace_without_memory_folder_has_an_empty_main_scope(tmp_path: Path) -> None:
    assert list_scopes(tmp_path) == [Scope("main", ())]


def test_agent_paths() -> None:
    assert daily_path("main", "2026-03-01") == "memory/scopes/main/2026-03-01.md"
    assert daily_path("group_a", date(2026, 3, 1)) == "memory/scopes/group_a/2026-03-01.md"
    assert long_term_path("main") == "memory/scopes/main/MEMORY.md"
    assert long_term_path("direct_b") == "memory/scopes/direct_b/MEMORY.md"
    assert heartbeat_path("group_a") == "memory/scopes/group_a/HEARTBEAT.md"
    assert transcript_path("main", "2026-03-01") == "memory/scopes/main/transcripts/2026-03-01.md"


def test_legacy_files_say_what_the_agent_does_with_them(workspace: Path) -> None:
    main, direct_b, group_a = list_scopes(workspace)
    notes = {f.path: f.legacy for f in main.files + direct_b.files + group_a.files if f.legacy}
    assert (
        "only while memory/scopes/main/MEMORY.md does not exist (it does not yet)"
        in (notes["MEMORY.md"])
    )
    assert "no longer indexed" in notes["MEMORY.md"]
    assert "memory_get refuses it" in notes["memory/2026-02-28.md"]
    assert (
        "(it does: this file is no longer injected)"
        in (notes["memory/scopes/group_a/LONG_TERM.md"])
    )
    assert "(it does not yet)" in notes["memory/scopes/direct_b/LONG_TERM.md"]
    _write(workspace, "memory/scopes/main/MEMORY.md")
    assert "(it does: this file is no longer injected)" in list_scopes(workspace)[0].files[1].legacy


# -- memory_get --------------------------------------------------------------------------------


def test_memory_get_defaults_to_forty_lines_from_line_one(workspace: Path) -> None:
    got = memory_get(workspace, DAY)
    lines = got.split("\n")
    assert len(lines) == 40
    assert lines[0] == "# Daily Memory - 2026-03-01 (main)" and lines[-1] == "line 40"


def test_memory_get_from_and_lines(workspace: Path) -> None:
    assert memory_get(workspace, DAY, 12, 3) == "line 12\nline 13\nline 14"
    assert memory_get(workspace, DAY, 0, 1) == "# Daily Memory - 2026-03-01 (main)"
    assert memory_get(workspace, DAY, 5, 0) == "line 5"  # at least one line
    assert memory_get(workspace, DAY, 9999) == ""
    assert memory_get(workspace, "memory/scopes/group_a/MEMORY.md", 1, 5, scope="group_a") == (
        "[10:00:00] Group A secret\n"
    )


def test_memory_get_reads_at_most_300_lines(workspace: Path) -> None:
    got = memory_get(workspace, DAY, 1, 1000).split("\n")
    assert len(got) == MAX_GET_LINES == 300
    assert got[-1] == "line 300"


def test_memory_get_and_parse_ref_work_together(workspace: Path) -> None:
    path, line = parse_ref(DAY + ":12")
    assert memory_get(workspace, path, line, 1) == "line 12"


@pytest.mark.parametrize(
    ("rel", "message"),
    [
        ("../outside.md", r"'\.\.' is refused"),
        ("memory/../../outside.md", r"'\.\.' is refused"),
        ("memory/..\\..\\outside.md", r"'\.\.' is refused"),
        ("/etc/passwd", "absolute paths are refused"),
        ("C:\\Windows\\win.ini", "absolute paths are refused"),
        ("", "not a file path"),
        ("AGENTS.md", "not a memory file of scope 'main'"),
        ("MEMORY.md", "not a memory file of scope 'main'"),  # the older layout's files
        ("memory/2026-02-28.md", r"scope 'main' \(memory/scopes/main/\)"),
        ("memory/notes.txt", "not a memory file of scope 'main'"),
        ("memory/scopes/group_a/MEMORY.md", "not a memory file of scope 'main'"),
        ("memory/scopes/group_a/transcripts/2026-03-01.md", "not a memory file of scope 'main'"),
    ],
)
def test_memory_get_refuses_paths_outside_the_main_scope(
    workspace: Path, rel: str, message: str
) -> None:
    with pytest.raises(AccessError, match=message):
        memory_get(workspace, rel)


def test_memory_get_refuses_reads_outside_the_callers_scope(workspace: Path) -> None:
    assert memory_get(workspace, "memory/scopes/group_a/MEMORY.md", scope="group_a") == (
        "[10:00:00] Group A secret\n"
    )
    assert "SECRET" in memory_get(
        workspace, "memory/scopes/group_a/transcripts/2026-03-01.md", scope="group_a"
    )
    for rel in ("MEMORY.md", DAY, "memory/scopes/direct_b/LONG_TERM.md"):
        with pytest.raises(AccessError, match="not a memory file of scope 'group_a'"):
            memory_get(workspace, rel, scope="group_a", shared_main_scope_reads=False)
    for rel in (
        "MEMORY.md",
        "memory/2026-02-28.md",
        "memory/scopes/main/transcripts/2026-03-01.md",
    ):
        with pytest.raises(AccessError, match="not a memory file of scope 'group_a'"):
            memory_get(workspace, rel, scope="group_a")
    assert "main talk" in memory_get(workspace, "memory/scopes/main/transcripts/2026-03-01.md")
    with pytest.raises(AccessError, match="not a scope name"):
        memory_get(workspace, "memory/scopes/group_a/MEMORY.md", scope="../group_a")


def test_memory_get_refuses_symlinks_leading_out_of_the_workspace(workspace: Path) -> None:
    os.symlink(workspace.parent / "outside.md", workspace / "memory/scopes/main/2026-03-02.md")
    with pytest.raises(ConfinementError, match="leads outside the workspace"):
        memory_get(workspace, "memory/scopes/main/2026-03-02.md")
    os.symlink(workspace.parent, workspace / "memory" / "scopes" / "group_a" / "up")
    with pytest.raises(ConfinementError, match="leads outside the workspace"):
        memory_get(workspace, "memory/scopes/group_a/up/outside.md", scope="group_a")


def test_memory_get_refuses_symlinks_leading_out_of_the_scope(workspace: Path) -> None:
    target = workspace / "memory" / "scopes" / "direct_b" / "LONG_TERM.md"
    os.symlink(target, workspace / "memory" / "scopes" / "group_a" / "2026-03-02.md")
    with pytest.raises(AccessError, match="outside scope 'group_a'"):
        memory_get(workspace, "memory/scopes/group_a/2026-03-02.md", scope="group_a")
    os.symlink(workspace / "AGENTS.md", workspace / "memory/scopes/main/2026-03-03.md")
    with pytest.raises(AccessError, match=r"leads to AGENTS\.md, outside scope 'main'"):
        memory_get(workspace, "memory/scopes/main/2026-03-03.md")
    os.symlink(workspace / "MEMORY.md", workspace / "memory/scopes/main/2026-03-04.md")
    with pytest.raises(AccessError, match=r"leads to MEMORY\.md, outside scope 'main'"):
        memory_get(workspace, "memory/scopes/main/2026-03-04.md")


def test_memory_get_follows_symlinks_that_stay_in_the_scope(workspace: Path) -> None:
    os.symlink(workspace / DAY, workspace / "memory/scopes/main/2026-03-04.md")
    assert memory_get(workspace, "memory/scopes/main/2026-03-04.md", 2, 1) == "line 2"
    linked = workspace.parent / "linked_ws"
    os.symlink(workspace, linked)
    assert memory_get(linked, "./memory/scopes//main/2026-03-01.md", 2, 1) == "line 2"


def test_memory_get_of_a_missing_file_or_a_loop(workspace: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"main/2026-01-01\.md: no such file"):
        memory_get(workspace, "memory/scopes/main/2026-01-01.md")
    loop = workspace / "memory/scopes/main/2026-03-05.md"
    os.symlink(loop, loop)
    with pytest.raises(ConfinementError, match="symbolic links in a loop"):
        memory_get(workspace, "memory/scopes/main/2026-03-05.md")


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("memory/2026-03-01.md:12", ("memory/2026-03-01.md", 12)),
        ("[memory/2026-03-01.md:12]", ("memory/2026-03-01.md", 12)),
        ("memory/2026-03-01.md:12-20", ("memory/2026-03-01.md", 12)),
        ("memory/2026-03-01.md#L7-L9", ("memory/2026-03-01.md", 7)),
        ("MEMORY.md", ("MEMORY.md", 1)),
    ],
)
def test_parse_ref(ref: str, expected: tuple[str, int]) -> None:
    assert parse_ref(ref) == expected


@pytest.mark.parametrize("ref", ["", "  ", "MEMORY.md:0"])
def test_parse_ref_refuses_what_is_no_reference(ref: str) -> None:
    with pytest.raises(ValueError):
        parse_ref(ref)


# -- search ------------------------------------------------------------------------------------


def test_search_is_case_insensitive_and_marks_transcripts_read_only(workspace: Path) -> None:
    hits = search_scope(workspace, "group_a", "secret")
    assert [(h.file, h.line, h.read_only) for h in hits] == [
        ("memory/scopes/group_a/MEMORY.md", 1, False),
        ("memory/scopes/group_a/transcripts/2026-03-01.md", 1, True),
    ]
    assert hits[1].text == "[10:00:01] [assistant] SECRET reply" and hits[1].kind == "transcript"


def test_search_stays_in_its_scope(workspace: Path) -> None:
    assert [h.file for h in search_scope(workspace, "main", "SECRET")] == ["MEMORY.md"]
    assert search_scope(workspace, "direct_b", "group") == []
    assert search_scope(workspace, "main", "  ") == []
    with pytest.raises(ValueError, match="no memory scope 'group_z'"):
        search_scope(workspace, "group_z", "x")


def test_search_the_example_workspace() -> None:
    ws = WORKSPACES / "pomelobot"
    hits = search_scope(ws, "group_cid8812", "REDIS")
    assert [(h.file.rsplit("/", 2)[-2:], h.line, h.read_only) for h in hits] == [
        (["group_cid8812", "2026-03-02.md"], 3, False),
        (["transcripts", "2026-03-02.md"], 3, True),
        (["transcripts", "2026-03-02.md"], 5, True),
    ]
    main_hits = search_scope(ws, list_scopes(ws)[0], "bullet")
    assert [(h.file, h.line) for h in main_hits] == [("memory/2026-03-01.md", 5)]
