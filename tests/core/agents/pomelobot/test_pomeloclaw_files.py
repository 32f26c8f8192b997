"""Pomeloclaw's memory files as the agent writes them today (fixtures/pomeloclaw): the layout
of every scope under memory/scopes/, the older layout's files, memory_get's rules."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.cli import main as cli_main
from core.agents.pomelobot import format as pb
from core.agents.pomelobot import team
from core.agents.pomelobot.access import memory_get, read_memory_file
from core.agents.pomelobot.chunks import index_chunks
from core.agents.pomelobot.scopes import (
    AccessError,
    daily_path,
    find_scope,
    heartbeat_path,
    list_scopes,
    long_term_path,
)
from core.agents.pomelobot.search import search_scope
from core.agents.pomelobot.team import TeamEntry
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.ops.entries import edit_entry
from core.registry import agent_named
from core.store.errors import WorkspaceError
from tests.conftest import FIXTURES, fixture_json


def _write(root: Path, rel: str, text: str = "# x\n") -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def both(tmp_path: Path) -> Path:
    """A workspace with files of both layouts, as an upgraded Pomelobot leaves it."""
    for rel in (
        "MEMORY.md",
        "memory/2026-03-01.md",
        "memory/scopes/main/MEMORY.md",
        "memory/scopes/main/2026-04-20.md",
        "memory/scopes/main/HEARTBEAT.md",
        "memory/scopes/main/transcripts/2026-04-20.md",
        "memory/scopes/main/notes.md",
        "memory/scopes/group_a/LONG_TERM.md",
        "memory/scopes/group_a/2026-04-20.md",
        "memory/scopes/group_a/HEARTBEAT.md",
        "memory/scopes/direct_b/MEMORY.md",
    ):
        _write(tmp_path, rel, f"[10:00:00] {rel}\n")
    return tmp_path


# -- layout ------------------------------------------------------------------------------------


def test_every_scope_keeps_its_files_in_its_own_folder(both: Path) -> None:
    main, direct_b, group_a = list_scopes(both)
    assert [(f.path, f.kind, f.legacy is not None) for f in main.files] == [
        ("memory/scopes/main/MEMORY.md", "long_term", False),
        ("MEMORY.md", "long_term", True),
        ("memory/scopes/main/2026-04-20.md", "daily", False),
        ("memory/2026-03-01.md", "daily", True),
        ("memory/scopes/main/HEARTBEAT.md", "heartbeat", False),
        ("memory/scopes/main/transcripts/2026-04-20.md", "transcript", False),
    ]
    assert [(f.kind, f.legacy is not None) for f in group_a.files] == [
        ("long_term", True),
        ("daily", False),
        ("heartbeat", False),
    ]
    assert [f.path for f in direct_b.files] == ["memory/scopes/direct_b/MEMORY.md"]
    assert main.other_files == ("memory/scopes/main/notes.md",)


def test_where_the_agent_writes_today() -> None:
    assert long_term_path("main") == "memory/scopes/main/MEMORY.md"
    assert daily_path("main", "2026-04-20") == "memory/scopes/main/2026-04-20.md"
    assert heartbeat_path("group_web_s1") == "memory/scopes/group_web_s1/HEARTBEAT.md"
    assert pb.file_kind("memory/scopes/x/HEARTBEAT.md") == "heartbeat"


def test_a_new_long_term_save_goes_to_the_new_file_beside_a_legacy_one(both: Path) -> None:
    ws = PomelobotWorkspace.open(both)
    group_a = find_scope(both, "group_a")
    document = ws.long_term_of(group_a)
    assert document.rel == "memory/scopes/group_a/MEMORY.md" and not document.exists
    assert ws.long_term_of(find_scope(both, "main")).rel == "memory/scopes/main/MEMORY.md"
    ws.add_entry(document, "new fact").apply()
    ws.save_all()
    assert (
        (both / document.rel)
        .read_text(encoding="utf-8")
        .startswith("# Long-term Memory (group_a)\n\n\n[")
    )
    note = find_scope(both, "group_a").files[1].legacy
    assert note is not None and "(it does: this file is no longer injected)" in note


def test_without_scopes_the_main_files_are_the_older_layouts(tmp_path: Path) -> None:
    """Spec 1.3: the agent never moved them; its next long-term save creates the new file."""
    _write(tmp_path, "MEMORY.md")
    _write(tmp_path, "memory/2026-03-01.md", "[09:00:00] x\n")
    (main,) = list_scopes(tmp_path)
    assert [f.path for f in main.files] == ["MEMORY.md", "memory/2026-03-01.md"]
    assert "no longer indexed" in (main.files[0].legacy or "")
    assert "memory_get refuses it" in (main.files[1].legacy or "")
    with pytest.raises(AccessError):
        memory_get(tmp_path, "memory/2026-03-01.md")
    assert read_memory_file(tmp_path, "memory/2026-03-01.md") == b"[09:00:00] x\n"
    long_term = PomelobotWorkspace.open(tmp_path).long_term_of(main)
    assert long_term.rel == "memory/scopes/main/MEMORY.md" and not long_term.exists


# -- memory_get --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rel",
    [
        "memory/scopes/main/MEMORY.md",
        "memory/scopes/main/2026-04-20.md",
        "memory/scopes/main/notes.md",  # any .md in its own folder
        "memory/scopes/main/transcripts/2026-04-20.md",
    ],
)
def test_main_reads_its_own_folder(both: Path, rel: str) -> None:
    assert memory_get(both, rel) == f"[10:00:00] {rel}\n"


@pytest.mark.parametrize("rel", ["MEMORY.md", "memory/2026-03-01.md"])
def test_memory_get_refuses_the_older_layouts_main_files(both: Path, rel: str) -> None:
    with pytest.raises(AccessError, match=r"not a memory file of scope 'main' \(memory/scopes"):
        memory_get(both, rel)
    assert read_memory_file(both, rel) == f"[10:00:00] {rel}\n".encode()  # MemDesk reads it
    with pytest.raises(AccessError):
        read_memory_file(both, rel, legacy=False)


@pytest.mark.parametrize(
    ("rel", "readable"),
    [
        ("memory/scopes/main/MEMORY.md", True),
        ("memory/scopes/main/HEARTBEAT.md", True),
        ("memory/scopes/main/2026-04-20.md", True),
        ("memory/scopes/main/transcripts/2026-04-20.md", False),
        ("memory/scopes/main/notes.md", False),
        ("memory/scopes/direct_b/MEMORY.md", False),
        ("MEMORY.md", False),
    ],
)
def test_other_scopes_read_mains_shared_files(both: Path, rel: str, readable: bool) -> None:
    if readable:
        assert memory_get(both, rel, scope="group_a") == f"[10:00:00] {rel}\n"
    else:
        with pytest.raises(AccessError, match="not a memory file of scope 'group_a'"):
            memory_get(both, rel, scope="group_a")
    with pytest.raises(AccessError, match=r"\(memory/scopes/group_a/\)"):
        memory_get(both, rel, scope="group_a", shared_main_scope_reads=False)


def test_search_marks_hits_in_legacy_files(both: Path) -> None:
    hits = search_scope(both, "main", "10:00:00")
    assert [(h.file, h.kind, h.legacy) for h in hits][:4] == [
        ("memory/scopes/main/MEMORY.md", "long_term", False),
        ("MEMORY.md", "long_term", True),
        ("memory/scopes/main/2026-04-20.md", "daily", False),
        ("memory/2026-03-01.md", "daily", True),
    ]


# -- index chunks (chunking) ------------------------------------------------------------------

CHUNK_INPUT = fixture_json("pomeloclaw/chunking/input.json")
CHUNK_OUTPUT = fixture_json("pomeloclaw/chunking/output.json")


@pytest.mark.parametrize("name", sorted(CHUNK_INPUT))
def test_index_chunks_are_the_agents(name: str) -> None:
    expected = [
        {
            "chunk_index": c["chunkIndex"],
            "start_line": c["startLine"],
            "end_line": c["endLine"],
            "content": c["text"],
            "hash": c["hash"],
        }
        for c in CHUNK_OUTPUT[name]
    ]
    chunks = index_chunks(CHUNK_INPUT[name])
    assert [c.to_json() for c in chunks] == expected
    assert [len(c.content) for c in chunks] == [c["textLength"] for c in CHUNK_OUTPUT[name]]


def test_a_chunk_can_pass_1200_characters() -> None:
    sizes = [len(c.content) for c in index_chunks(CHUNK_INPUT["longSingleLine"])]
    assert sizes == [1200, 2401, 1401]


# -- memory_save: daily and long-term files (store-save) ---------------------------------------

STORE_SAVE = fixture_json("pomeloclaw/store-save/output.json")["files"]
STORE_INPUT = fixture_json("pomeloclaw/store-save/input.json")


def _local(at: str) -> datetime:
    return datetime.fromisoformat(at).replace(tzinfo=None)  # the oracle's local time


def _target(save: dict[str, Any]) -> str:
    scope = save["scope"]["key"]
    if save["target"] == "daily":
        return daily_path(scope, _local(save["at"]).date())
    return long_term_path(scope)


def test_memdesks_add_writes_new_files_as_the_agent_does(tmp_path: Path) -> None:
    """Every save through MemDesk's add path (the agent's header on a new file, then the entry),
    but the one whose text has a blank line in it, which MemDesk refuses (see below)."""
    (tmp_path / "memory" / "scopes").mkdir(parents=True)
    ws = PomelobotWorkspace.open(tmp_path)
    for save in STORE_INPUT:
        document = ws.target_file(_target(save))
        if "\n\n" in save["content"]:
            with pytest.raises(ValueError, match="line 2 of the memory is blank"):
                ws.add_entry(document, save["content"], _local(save["at"]))
            continue
        ws.add_entry(document, save["content"], _local(save["at"])).apply()
        ws.save_all()
    for rel, text in STORE_SAVE.items():
        written = (tmp_path / rel).read_bytes().decode()
        if rel == "memory/scopes/main/2026-04-20.md":
            assert text.startswith(written) and written.count("[") == 1
        else:
            assert written == text


def test_the_agents_files_parse_into_its_saves() -> None:
    for save in STORE_INPUT:
        doc = pb.parse_memory_file(STORE_SAVE[_target(save)], _target(save))
        first = save["content"].split("\n\n")[0].replace("\r\n", "\n")
        stamp = _local(save["at"]).strftime("%H:%M:%S")
        assert (stamp, first) in [(e.time, e.content) for e in doc.entries()]
        assert doc.render() == STORE_SAVE[_target(save)]
    daily = pb.parse_memory_file(STORE_SAVE["memory/scopes/main/2026-04-20.md"])
    (after_blank,) = daily.other_text()  # a memory's text after a blank line is kept verbatim
    assert after_blank.text == "\n第二段（空行之后）\r\nCRLF line\tTAB\n"
    long_term = pb.parse_memory_file(STORE_SAVE["memory/scopes/direct_user_1/MEMORY.md"])
    assert long_term.entries()[0].content == "[12:00:00] 内容本身以时间戳开头"


# -- HEARTBEAT.md (heartbeat_save) and transcripts ---------------------------------------------

HEARTBEAT = fixture_json("pomeloclaw/heartbeat-and-transcript/output.json")
HEARTBEAT_FILE = "memory/scopes/group_web_s1/HEARTBEAT.md"
TRANSCRIPT_FILE = "memory/scopes/group_web_s1/transcripts/2026-04-20.md"
# What run-oracle.mts saved (input.json abbreviates the first text).
HEARTBEAT_SAVES = [
    (
        "09:00:00",
        "触发场景：用户纠正了日期\n纠正动作：先执行 date\n防回归：查询前确认日期",
        "process",
    ),
    ("09:01:00", "  no category given  ", None),
]


def test_memdesks_add_writes_heartbeat_md_as_the_agent_does(tmp_path: Path) -> None:
    (tmp_path / "memory" / "scopes").mkdir(parents=True)
    ws = PomelobotWorkspace.open(tmp_path)
    for stamp, text, category in HEARTBEAT_SAVES:
        document = ws.target_file(HEARTBEAT_FILE)
        at = datetime(2026, 4, 20, *map(int, stamp.split(":")))
        ws.add_entry(document, text, at, category).apply()
        ws.save_all()
    data = (tmp_path / HEARTBEAT_FILE).read_bytes()
    assert data == HEARTBEAT["files"][HEARTBEAT_FILE].encode()
    with pytest.raises(ValueError, match="needs some text"):
        ws.add_entry(ws.target_file(HEARTBEAT_FILE), "   ")
    assert HEARTBEAT["emptyHeartbeatError"] == "Error: heartbeat_save content is empty"


def test_the_agents_cli_add_takes_the_category(tmp_path: Path) -> None:
    (tmp_path / "memory" / "scopes" / "main").mkdir(parents=True)
    agent = agent_named("pomelobot")
    ws = agent.open(tmp_path)
    agent.add(ws, "先确认日期", file="memory/scopes/main/HEARTBEAT.md", category="style").apply()
    ws.save_all()
    text = (tmp_path / "memory/scopes/main/HEARTBEAT.md").read_text(encoding="utf-8")
    assert re.fullmatch(
        r"# Heartbeat \(main\)\n\n\n## \[\d\d:\d\d:\d\d\] style\n先确认日期\n", text
    )
    with pytest.raises(WorkspaceError, match="only heartbeat entries have a category"):
        agent.add(ws, "x", file="memory/scopes/main/2026-04-20.md", category="style")


def test_transcripts_are_written_as_the_agent_appends_them() -> None:
    doc = pb.new_transcript_file("2026-04-20", "group_web_s1")
    assert pb.append_transcript_message(doc, "user", "你好，帮我查一下昨天的告警", "09:02:00", 40)
    assert pb.append_transcript_message(doc, "assistant", "x" * 60, "09:02:00", 40)
    assert pb.append_transcript_message(doc, "user", "  \n ", "09:02:01") is None
    assert doc.path == TRANSCRIPT_FILE
    assert doc.render() == HEARTBEAT["files"][TRANSCRIPT_FILE]
    again = pb.parse_memory_file(doc.render(), TRANSCRIPT_FILE)
    assert [(e.role, len(e.content)) for e in again.entries()] == [("user", 13), ("assistant", 40)]


def test_heartbeat_entries_are_time_category_and_text() -> None:
    text = HEARTBEAT["files"][HEARTBEAT_FILE]
    doc = pb.parse_memory_file(text, HEARTBEAT_FILE)
    assert doc.kind == "heartbeat" and doc.preamble() == "# Heartbeat (group_web_s1)\n\n"
    assert [(e.key, e.category, e.content, e.line, e.end_line) for e in doc.entries()] == [
        ("09:00:00", "process", HEARTBEAT_SAVES[0][1], 4, 7),
        ("09:01:00", "lesson", "no category given", 9, 10),
    ]
    assert doc.render() == text and not doc.other_text()


def test_a_heartbeat_body_keeps_its_own_headings() -> None:
    text = (
        "# Heartbeat (main)\n\n\n## [09:00:00] incident\n## 背景\n原因\n\n## 教训 [x]\n做法\n\n\n"
    )
    doc = pb.parse_memory_file(text, "memory/scopes/main/HEARTBEAT.md")
    (entry,) = doc.entries()
    assert entry.content == "## 背景\n原因\n\n## 教训 [x]\n做法"
    assert [b.text for b in doc.blocks if isinstance(b, pb.Raw)][-1] == "\n\n"
    assert doc.render() == text


def test_editing_a_heartbeat_entry_changes_only_it() -> None:
    text = HEARTBEAT["files"][HEARTBEAT_FILE]
    doc = pb.parse_memory_file(text, HEARTBEAT_FILE)
    doc.replace_entry("09:01:00", "  new lesson\n\nsecond paragraph ", category=" safety ")
    assert doc.render() == text.replace(
        "## [09:01:00] lesson\nno category given\n",
        "## [09:01:00] safety\nnew lesson\n\nsecond paragraph\n",
    )
    doc.replace_entry("09:00:00", HEARTBEAT_SAVES[0][1])  # unchanged: the text as read stays
    assert doc.entries()[0].raw is not None
    doc.delete_entry("09:01:00")
    assert doc.render() == text[: text.index("\n## [09:01:00]")]
    with pytest.raises(ValueError, match="heartbeat header"):
        doc.replace_entry("09:00:00", "a\n## [10:00:00] b")
    with pytest.raises(ValueError, match="one line"):
        doc.replace_entry("09:00:00", "a", category="x\ny")


def test_a_heartbeat_entry_can_be_edited_through_the_store(tmp_path: Path) -> None:
    path = tmp_path / HEARTBEAT_FILE
    path.parent.mkdir(parents=True)
    path.write_text(HEARTBEAT["files"][HEARTBEAT_FILE], encoding="utf-8")
    ws = PomelobotWorkspace.open(tmp_path)
    document = ws.memory_file(HEARTBEAT_FILE)
    edit_entry(document, "09:01:00", "changed").apply()
    ws.save_all()
    assert path.read_text(encoding="utf-8").endswith("## [09:01:00] lesson\nchanged\n")


_HB_PIECES = st.sampled_from(
    [
        "# Heartbeat (main)",
        "## [09:00:00] process",
        "## [09:00:00] ",
        "## [09:00:00]",
        "## [9:01:00] short hour",
        "## 背景",
        "##[09:00:00] no space",
        "[09:00:00] a memory line",
        "触发场景：x",
        "",
        "  ",
        "\ufeff",
    ]
)
_NEWLINES = st.sampled_from(["\n", "\n", "\r\n", "\r"])
_LINE_CHARS = st.characters(blacklist_characters="\r\n\x00", blacklist_categories=("Cs",))


@st.composite
def heartbeat_files(draw: st.DrawFn) -> str:
    pairs = draw(
        st.lists(st.tuples(_HB_PIECES | st.text(_LINE_CHARS, max_size=8), _NEWLINES), max_size=25)
    )
    return "".join(a + b for a, b in pairs)


_HEADER = re.compile(r"## \[[0-9]{1,2}:[0-9]{2}:[0-9]{2}\]( |$)")


@given(heartbeat_files())
def test_any_heartbeat_file_renders_back_exactly(text: str) -> None:
    doc = pb.parse_memory_file(text.encode(), HEARTBEAT_FILE)
    assert doc.render() == text
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
    assert [e.line for e in doc.entries()] == [
        n for n, line in enumerate(lines, 1) if _HEADER.match(line)
    ]


@given(heartbeat_files(), st.data())
def test_a_heartbeat_edit_changes_only_its_entry(text: str, data: st.DataObject) -> None:
    doc = pb.parse_memory_file(text, HEARTBEAT_FILE)
    positions = [i for i, b in enumerate(doc.blocks) if isinstance(b, pb.MemoryEntry)]
    if not positions:
        return
    index = data.draw(st.sampled_from(positions))
    texts = [b.text if isinstance(b, pb.Raw) else b.text(doc.newline) for b in doc.blocks]
    start = len(pb.BOM if doc.bom else "") + sum(map(len, texts[:index]))
    end = start + len(texts[index])
    entry = doc.blocks[index]
    assert isinstance(entry, pb.MemoryEntry)
    before = [(e.time, e.category, e.content) for e in doc.entries()]
    new = doc.replace_entry(entry.key, "new text\n\nline 3", category="cat")
    assert doc.render() == text[:start] + new.text(doc.newline) + text[end:]
    again = pb.parse_memory_file(doc.render(), HEARTBEAT_FILE)
    k = positions.index(index)
    after = [(e.time, e.category, e.content) for e in again.entries()]
    assert after == [*before[:k], (entry.time, "cat", "new text\n\nline 3"), *before[k + 1 :]]


# -- team entries among the memories -----------------------------------------------------------

TEAM_CASES = [
    p.parent.name for p in sorted((FIXTURES / "pomeloclaw").glob("team-*/after.MEMORY.md"))
]
MAIN_LONG = "memory/scopes/main/MEMORY.md"


def _team_texts() -> list[str]:
    texts = list(fixture_json("pomeloclaw/team-parse/input.json").values())
    for name in TEAM_CASES:
        given_ = fixture_json(f"pomeloclaw/{name}/input.json")
        texts += [given_["initialMainMemory"] or ""]
        texts += fixture_json(f"pomeloclaw/{name}/output.json")["mainMemoryAfterEachCall"]
    return texts


@pytest.mark.parametrize("text", _team_texts())
def test_every_team_block_the_agent_finds_is_an_entry(text: str) -> None:
    doc = pb.parse_memory_file(text, MAIN_LONG)
    assert doc.render() == text
    entries = [e for e in doc.entries() if isinstance(e, TeamEntry)]
    assert [e.title for e in entries] == [b.record.title for b in team.parse_team_blocks(text)]
    for entry, block in zip(entries, team.parse_team_blocks(text), strict=True):
        assert block.raw.replace("\r\n", "\n").startswith(entry.body)
        assert entry.record == block.record or "\r" in text  # CRLF: the agent reads 无


def test_a_team_entry_ends_where_other_text_begins() -> None:
    text = (FIXTURES / "pomeloclaw/team-merge-trailing-content/before.MEMORY.md").read_text(
        encoding="utf-8"
    )
    doc = pb.parse_memory_file(text, MAIN_LONG)
    team_entry, memory = doc.entries()
    assert isinstance(team_entry, TeamEntry) and isinstance(memory, pb.MemoryEntry)
    assert (team_entry.key, team_entry.line, team_entry.end_line) == (
        "team:数据库慢查询排查",
        3,
        28,
    )
    assert (memory.key, memory.line) == ("10:01:02", 30)
    (other,) = doc.other_text()
    assert other.text == "\n## 我手写的小节\n- 手工笔记 A\n"


def test_a_team_entry_shows_its_fields_as_written() -> None:
    text = fixture_json("pomeloclaw/team-parse/input.json")["multiLineExisting"]
    (entry,) = pb.parse_memory_file(text, MAIN_LONG).entries()
    assert isinstance(entry, TeamEntry)
    assert entry.fields() == {
        "标题": "数据库慢查询排查",
        "来源scopes": "group_dba",
        "晋升原因": "通用排障经验",
        "更新时间": "2026-04-01 09:00:00",
        "标签": "数据库 / 慢查询",
        "摘要": "先看慢日志，再看执行计划。\n第二行摘要：注意锁等待。",
        "适用场景": "MySQL 慢查询告警",
        "操作步骤": "1. 打开慢日志\n2. EXPLAIN 可疑 SQL\n3. 检查索引",
        "边界与注意事项": "- 生产库禁止直接加索引\n- 需要审批",
        "证据与依据": "- 2026-03-30 故障复盘\n- 2026-03-31 DBA 确认",
    }
    assert entry.record.steps == ("打开慢日志",)  # what the agent reads of it


def test_editing_a_team_entry_changes_only_its_bytes() -> None:
    text = _case_after("team-merge-first-of-two")
    doc = pb.parse_memory_file(text, MAIN_LONG)
    a, b = doc.entries()
    assert (a.key, b.key) == ("team:条目A", "team:条目B")
    new_b = b.content.replace("B摘要", "B摘要\n第二行")
    doc.replace_entry("team:条目B", new_b + "\n\n")
    assert doc.render() == text.replace("B摘要", "B摘要\n第二行")
    doc.replace_team_entry(
        "team:条目A",
        team.TeamRecord(
            "条目A", "A", "无", ("x",), (), (), (), ("main",), (), "2026-05-01 08:00:00"
        ),
    )
    rendered = doc.render()
    assert rendered.endswith(
        text[text.index("## 团队记忆条目\n- 标题: 条目B") :].replace("B摘要", "B摘要\n第二行")
    )
    assert "### 摘要\nA\n\n### 适用场景\n无\n\n### 操作步骤\n1. x\n" in rendered
    assert "\n无\n## 团队记忆条目\n- 标题: 条目B" in rendered  # the agent's glued heading stays


def _case_after(name: str) -> str:
    return (FIXTURES / "pomeloclaw" / name / "after.MEMORY.md").read_bytes().decode()


def test_deleting_a_team_entry_takes_the_blank_line_above_it() -> None:
    text = _case("team-merge-first-of-two")["mainMemoryAfterEachCall"][1]
    doc = pb.parse_memory_file(text, MAIN_LONG)
    doc.delete_entry("team:条目B")
    assert doc.render() == _case("team-merge-first-of-two")["mainMemoryAfterEachCall"][0]


def _case(name: str) -> dict[str, Any]:
    output: dict[str, Any] = fixture_json(f"pomeloclaw/{name}/output.json")
    return output


def test_a_new_team_entry_is_added_as_the_agent_adds_a_new_title() -> None:
    first, second = _case("team-merge-first-of-two")["mainMemoryAfterEachCall"][:2]
    doc = pb.parse_memory_file(first, MAIN_LONG)
    body = second[len(first) + 1 :]
    doc.append_team_entry(body)
    assert doc.render() == second
    assert [e.key for e in doc.entries()] == ["team:条目A", "team:条目B"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- 标题: x", "starts with the line ## 团队记忆条目"),
        ("## 团队记忆条目\n- 标题: x\n\n[10:00:00] y", "line 4 of the team entry would start"),
        ("## 团队记忆条目\n## 团队记忆条目", "line 2 of the team entry would start"),
        ("## 团队记忆条目\n\n## 我的小节", "line 3"),
        ("## 团队记忆条目\nx\0", "NUL"),
    ],
)
def test_team_text_the_file_would_read_back_otherwise_is_refused(text: str, message: str) -> None:
    doc = pb.parse_memory_file(_case_after("team-save-new"), MAIN_LONG)
    (entry,) = doc.entries()
    with pytest.raises(ValueError, match=message):
        doc.replace_entry(entry.key, text)


def test_a_memory_cannot_hide_a_team_heading() -> None:
    doc = pb.parse_memory_file("[10:00:00] a\n", MAIN_LONG)
    with pytest.raises(ValueError, match="would read what follows as a team entry"):
        doc.replace_entry("10:00:00", "a\n## 团队记忆条目")


def test_a_team_entry_is_edited_and_saved_through_the_store(tmp_path: Path) -> None:
    path = tmp_path / MAIN_LONG
    path.parent.mkdir(parents=True)
    text = _case_after("team-merge-trailing-content")
    path.write_text(text + "\n[11:00:00] later\n", encoding="utf-8")
    ws = PomelobotWorkspace.open(tmp_path)
    document = ws.memory_file(MAIN_LONG)
    entry = document.find("team:数据库慢查询排查")
    assert entry is not None
    edit_entry(document, entry.key, entry.content.replace("补充一句。", "补充两句。")).apply()
    ws.save_all()
    assert path.read_text(encoding="utf-8") == text.replace("补充一句。", "补充两句。") + (
        "\n[11:00:00] later\n"
    )


_TEAM_PIECES = st.sampled_from(
    [
        "# Long-term Memory (main)",
        "## 团队记忆条目",
        "- 标题: A",
        "- 标题: ",
        "- 来源scopes: main / group_x",
        "### 摘要",
        "### 操作步骤",
        "1. step",
        "[10:00:00] a memory",
        "[10:00:00] ",
        "## 我的小节",
        "# title",
        "无",
        "",
        " ",
        "\ufeff",
    ]
)


@st.composite
def team_files(draw: st.DrawFn) -> str:
    pairs = draw(
        st.lists(st.tuples(_TEAM_PIECES | st.text(_LINE_CHARS, max_size=6), _NEWLINES), max_size=30)
    )
    return "".join(a + b for a, b in pairs)


@given(team_files())
def test_any_file_with_team_entries_renders_back_exactly(text: str) -> None:
    doc = pb.parse_memory_file(text.encode(), MAIN_LONG)
    assert doc.render() == text
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
    headings = [n for n, line in enumerate(lines, 1) if line == team.HEADING]
    assert [e.line for e in doc.entries() if isinstance(e, TeamEntry)] == headings


@given(team_files(), st.data())
def test_a_team_entry_edit_changes_only_its_bytes(text: str, data: st.DataObject) -> None:
    doc = pb.parse_memory_file(text, MAIN_LONG)
    positions = [i for i, b in enumerate(doc.blocks) if isinstance(b, TeamEntry)]
    if not positions:
        return
    index = data.draw(st.sampled_from(positions))
    texts = [b.text if isinstance(b, pb.Raw) else b.text(doc.newline) for b in doc.blocks]
    start = len(pb.BOM if doc.bom else "") + sum(map(len, texts[:index]))
    end = start + len(texts[index])
    entry = doc.blocks[index]
    assert isinstance(entry, TeamEntry)
    before = [e.content for e in doc.entries()]
    body = "## 团队记忆条目\n- 标题: 新\n\n### 摘要\n两行\n的摘要"
    new = doc.replace_entry(entry.key, body)
    assert doc.render() == text[:start] + new.text(doc.newline) + text[end:]
    after = [e.content for e in pb.parse_memory_file(doc.render(), MAIN_LONG).entries()]
    k = [i for i, b in enumerate(doc.blocks) if not isinstance(b, pb.Raw)].index(index)
    assert after == [*before[:k], body, *before[k + 1 :]]


# -- the plug-in: list, show, check, edit ------------------------------------------------------

POMELOBOT = agent_named("pomelobot")


@pytest.fixture
def claw(tmp_path: Path) -> Path:
    """A Pomeloclaw workspace: main's MEMORY.md with a team entry the next merge would cut, a
    HEARTBEAT.md and a daily file."""
    trailing = FIXTURES / "pomeloclaw/team-merge-trailing-content/before.MEMORY.md"
    _write(tmp_path, MAIN_LONG, trailing.read_text(encoding="utf-8"))
    _write(tmp_path, HEARTBEAT_FILE, HEARTBEAT["files"][HEARTBEAT_FILE])
    _write(
        tmp_path, "memory/scopes/main/2026-04-20.md", STORE_SAVE["memory/scopes/main/2026-04-20.md"]
    )
    return tmp_path


def test_list_shows_team_and_heartbeat_entries(claw: Path) -> None:
    rows = {r.id: r.fields for r in POMELOBOT.rows(claw)}
    team_row = rows["team:数据库慢查询排查"]
    assert (team_row["category"], team_row["section"], team_row["line"]) == (
        "team",
        "main:long_term",
        3,
    )
    assert team_row["last_activated"] == "2026-04-01 09:00:00"
    assert team_row["content"].startswith("## 团队记忆条目\n- 标题: 数据库慢查询排查\n")
    assert team_row["team"]["操作步骤"] == "1. 打开慢日志\n2. EXPLAIN 可疑 SQL\n3. 检查索引"
    assert rows["10:01:02"]["category"] == "main:long_term"
    beat = [f for f in rows.values() if f["section"] == "group_web_s1:heartbeat"]
    assert [(f["category"], f["last_activated"]) for f in beat] == [
        ("process", "09:00:00"),
        ("lesson", "09:01:00"),
    ]
    only = POMELOBOT.rows(claw, section="heartbeat")
    assert [r.id for r in only] == ["09:00:00", "09:01:00"]


def test_show_names_the_team_entry_and_the_heartbeat_category(claw: Path) -> None:
    (row,) = POMELOBOT.lookup(claw, "team:数据库慢查询排查")
    shown = POMELOBOT.show(claw, row)
    assert shown.data["category"] == "team"
    assert shown.place == "team entry '数据库慢查询排查', updated 2026-04-01 09:00:00"
    (beat,) = POMELOBOT.lookup(claw, f"{HEARTBEAT_FILE}:09:00:00")
    assert POMELOBOT.detail(beat) == "time 09:00:00, category process"


def test_check_warns_of_each_loss_the_next_merge_causes(claw: Path) -> None:
    report = POMELOBOT.check(claw)
    assert report.problems == []
    warnings = [(w.kind, w.line, w.end_line, w.severity) for w in report.warnings]
    assert warnings == [
        ("team_merge_loss", 12, 12, "warning"),
        ("team_merge_loss", 19, 20, "warning"),
        ("team_merge_loss", 24, 24, "warning"),
        ("team_merge_loss", 28, 28, "warning"),
        ("team_merge_loss", 30, 33, "warning"),
    ]
    assert all(w.message.startswith("team entry '数据库慢查询排查': ") for w in report.warnings)
    assert report.warnings[1].text == "2. EXPLAIN 可疑 SQL\n3. 检查索引"
    assert report.warnings[-1].file == MAIN_LONG


def test_team_blocks_outside_mains_team_files_are_never_merged(claw: Path) -> None:
    text = (claw / MAIN_LONG).read_text(encoding="utf-8")
    _write(claw, "memory/scopes/group_x/MEMORY.md", text)
    _write(claw, "memory/scopes/main/notes-2026.md", text)
    losses = [w for w in POMELOBOT.check(claw).warnings if w.kind == "team_merge_loss"]
    assert {w.file for w in losses} == {MAIN_LONG}


def test_edit_a_team_entry_and_a_heartbeat_category(claw: Path) -> None:
    (row,) = POMELOBOT.lookup(claw, "team:数据库慢查询排查")
    ws = POMELOBOT.open(claw)
    text = str(row.fields["content"]).replace("- 需要审批", "- 需要 DBA 审批")
    POMELOBOT.edit(ws, row, text=text).apply()
    (beat,) = POMELOBOT.lookup(claw, f"{HEARTBEAT_FILE}:09:01:00")
    POMELOBOT.edit(ws, beat, category="safety").apply()
    ws.save_all()
    before = (FIXTURES / "pomeloclaw/team-merge-trailing-content/before.MEMORY.md").read_text(
        encoding="utf-8"
    )
    assert (claw / MAIN_LONG).read_text(encoding="utf-8") == before.replace(
        "需要审批", "需要 DBA 审批"
    )
    assert (claw / HEARTBEAT_FILE).read_text(encoding="utf-8") == HEARTBEAT["files"][
        HEARTBEAT_FILE
    ].replace("] lesson\n", "] safety\n")
    with pytest.raises(WorkspaceError, match="only heartbeat entries have a category"):
        POMELOBOT.edit(ws, row, category="x")


def test_the_command_line_lists_checks_and_adds(
    claw: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["list", str(claw), "--agent", "pomelobot", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {r["category"] for r in listed} >= {"team", "process", "lesson"}
    assert cli_main(["check", str(claw), "--agent", "pomelobot", "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert [w["kind"] for w in checked["warnings"]] == ["team_merge_loss"] * 5
    argv = ["add", str(claw), "看日志先看时间", "--agent", "pomelobot"]
    assert cli_main([*argv, "--file", HEARTBEAT_FILE, "--category", "process"]) == 0
    assert (
        (claw / HEARTBEAT_FILE).read_text(encoding="utf-8").endswith("] process\n看日志先看时间\n")
    )
