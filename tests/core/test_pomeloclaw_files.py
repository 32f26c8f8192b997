"""Pomeloclaw's memory files as the agent writes them today (fixtures/pomeloclaw): the layout
of every scope under memory/scopes/, the older layout's files, memory_get's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.agents.pomelobot import format as pb
from core.agents.pomelobot.workspace import PomelobotWorkspace


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
