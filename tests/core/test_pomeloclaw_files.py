"""Pomeloclaw's memory files as the agent writes them today (fixtures/pomeloclaw): the layout
of every scope under memory/scopes/, the older layout's files, memory_get's rules."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.pomelobot import format as pb
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.agents.registry import agent_named
from core.ops.entries import edit_entry
from core.store.errors import WorkspaceError
from tests.conftest import fixture_json


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
    main, direct_b, group_a = pb.list_scopes(both)
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
    assert pb.long_term_path("main") == "memory/scopes/main/MEMORY.md"
    assert pb.daily_path("main", "2026-04-20") == "memory/scopes/main/2026-04-20.md"
    assert pb.heartbeat_path("group_web_s1") == "memory/scopes/group_web_s1/HEARTBEAT.md"
    assert pb.file_kind("memory/scopes/x/HEARTBEAT.md") == "heartbeat"


def test_a_new_long_term_save_goes_to_the_new_file_beside_a_legacy_one(both: Path) -> None:
    ws = PomelobotWorkspace.open(both)
    group_a = pb.find_scope(both, "group_a")
    document = ws.long_term_of(group_a)
    assert document.rel == "memory/scopes/group_a/MEMORY.md" and not document.exists
    assert ws.long_term_of(pb.find_scope(both, "main")).rel == "memory/scopes/main/MEMORY.md"
    ws.add_entry(document, "new fact").apply()
    ws.save_all()
    assert (
        (both / document.rel)
        .read_text(encoding="utf-8")
        .startswith("# Long-term Memory (group_a)\n\n\n[")
    )
    note = pb.find_scope(both, "group_a").files[1].legacy
    assert note is not None and "(it does: this file is no longer injected)" in note


def test_openclaw_layout_keeps_its_main_files_current(tmp_path: Path) -> None:
    _write(tmp_path, "MEMORY.md")
    _write(tmp_path, "memory/2026-03-01.md", "[09:00:00] x\n")
    (main,) = pb.list_scopes(tmp_path)
    assert [(f.path, f.legacy) for f in main.files] == [
        ("MEMORY.md", None),
        ("memory/2026-03-01.md", None),
    ]
    assert pb.memory_get(tmp_path, "memory/2026-03-01.md") == "[09:00:00] x\n"
    assert PomelobotWorkspace.open(tmp_path).long_term_of(main).rel == "MEMORY.md"


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
    assert pb.memory_get(both, rel) == f"[10:00:00] {rel}\n"


@pytest.mark.parametrize("rel", ["MEMORY.md", "memory/2026-03-01.md"])
def test_memory_get_refuses_the_older_layouts_main_files(both: Path, rel: str) -> None:
    with pytest.raises(pb.AccessError, match=r"not a memory file of scope 'main' \(memory/scopes"):
        pb.memory_get(both, rel)
    assert pb.read_memory_file(both, rel) == f"[10:00:00] {rel}\n".encode()  # MemDesk reads it
    with pytest.raises(pb.AccessError):
        pb.read_memory_file(both, rel, legacy=False)


@pytest.mark.parametrize(
    ("rel", "shared"),
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
def test_other_scopes_read_mains_shared_files(both: Path, rel: str, shared: bool) -> None:
    if shared:
        assert pb.memory_get(both, rel, scope="group_a") == f"[10:00:00] {rel}\n"
    else:
        with pytest.raises(pb.AccessError, match="not a memory file of scope 'group_a'"):
            pb.memory_get(both, rel, scope="group_a")
    with pytest.raises(pb.AccessError, match=r"\(memory/scopes/group_a/\)"):
        pb.memory_get(both, rel, scope="group_a", shared_main_scope_reads=False)


def test_search_marks_hits_in_legacy_files(both: Path) -> None:
    hits = pb.search_scope(both, "main", "10:00:00")
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
    chunks = pb.index_chunks(CHUNK_INPUT[name])
    assert [c.to_json() for c in chunks] == expected
    assert [len(c.content) for c in chunks] == [c["textLength"] for c in CHUNK_OUTPUT[name]]


def test_a_chunk_can_pass_1200_characters() -> None:
    sizes = [len(c.content) for c in pb.index_chunks(CHUNK_INPUT["longSingleLine"])]
    assert sizes == [1200, 2401, 1401]


# -- memory_save: daily and long-term files (store-save) ---------------------------------------

STORE_SAVE = fixture_json("pomeloclaw/store-save/output.json")["files"]
STORE_INPUT = fixture_json("pomeloclaw/store-save/input.json")


def _local(at: str) -> datetime:
    return datetime.fromisoformat(at).replace(tzinfo=None)  # the oracle's local time


def _target(save: dict[str, Any]) -> str:
    scope = save["scope"]["key"]
    if save["target"] == "daily":
        return pb.daily_path(scope, _local(save["at"]).date())
    return pb.long_term_path(scope)


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
