"""Details of the agents' formats that could change without any other test noticing (found by
sampled mutation testing, tests/mutation/run.py): each test fails when its detail is gone."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.everbot import ops as ev_ops
from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import format as pc
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.profile import (
    ProfileDoc,
    ProfileError,
    ProfileFormat,
    ProfileItem,
    check_key,
    check_value,
    parse_profile,
)
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.agents.pomelobot import format as pb
from core.agents.pomelobot.access import read_memory_file, scope_of_path
from core.agents.pomelobot.chunks import index_chunks
from core.agents.pomelobot.scopes import AccessError, find_scope, list_scopes
from core.formats.whole_text import WHOLE_TEXT_KEY
from core.store.errors import WorkspaceError
from core.store.merge import OUTSIDE, ConflictError
from tests.core.agents.test_fuzz_parsers import finishes_within


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """A parser looping for ever fails its test instead of hanging the run."""
    with finishes_within(20):
        yield


# -- every parser finishes on the shapes that make its loops work ---------------------------------
_EVERBOT_HARD = """stray text before
<!-- Total entries: 2 -->
more stray

# Agent Memory
## Active Memories
  ## indented stray heading
### [a1a1a1] fact | 0.90 | 2026-01-01 | 3
text


### [a1a1a1] fact | 0.80 | 2026-01-01 | 3
#tag
### [b2b2b2] fact | 0.5.1 | 2026-01-01 | 1
## stray heading
under it


## Archived Memories
stray after heading

### [c3c3c3] fact | 0.10 | 2026-01-01 | 1
<!-- memory_meta: {"source": "user"} -->
last

"""
_PICOCLAW_HARD = (
    "intro\n## 2026-03-01\n\na\n\n## 2026-03-01\n\nb\n\n## 2026-03-01\n\nc\n\n## \n\n## "
)
_POMELOBOT_HARD = "# Daily\n\n\nintro\n\n[09:00:00] a\ncont\n\n[09:00:00] b\n[09:00:00] c\nx\n\n\nother\n\n[9:00:00]"


def _everbot(data: bytes) -> bytes:
    by_header = data.replace(b"  ## indented stray heading\n", b"")  # a shape it leaves alone
    for id_ in ("a1a1a1", "c3c3c3"):
        assert b"\r" in data or ev.entries_with_id(by_header, id_)
    return ev.parse(data).to_bytes()


def _pomelobot(data: bytes) -> bytes:
    chunks = index_chunks(data.decode(), max_chars=12, overlap_chars=5)
    assert chunks[-1].end_line == data.count(b"\n") + 1
    return pb.parse_memory_file(data, "memory/2026-03-01.md").to_bytes()


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (_everbot, _EVERBOT_HARD),
        (_everbot, _EVERBOT_HARD.replace("\n", "\r\n")),
        (lambda data: pc.parse_longterm(data).to_bytes(), _PICOCLAW_HARD),
        (_pomelobot, _POMELOBOT_HARD),
        (_pomelobot, _POMELOBOT_HARD.replace("\n", "\r")),
        (
            lambda data: ProfileFormat("p").render(ProfileFormat("p").parse(data)),
            '{"a": "1", "b": "2"}',
        ),
    ],
)
def test_every_parser_finishes_on_the_shapes_that_work_its_loops(
    parse: Callable[[bytes], bytes], text: str
) -> None:
    """Fixed inputs that take every loop of the parsers round: one that never ends fails here
    in seconds (the fuzz tests find it too, but shrink a hanging example slowly)."""
    data = text.encode()
    with finishes_within(5):
        again = parse(data)
    assert again == data or again == ProfileDoc({"a": "1", "b": "2"}).to_bytes()


# -- EverBot ---------------------------------------------------------------------------------------
TWO_ARCHIVES = """# Agent Memory

## Active Memories

### [a1a1a1] fact | 0.90 | 2026-01-01 | 3
active one

## Archived Memories

### [b2b2b2] fact | 0.10 | 2026-01-01 | 1
archived one

## Archived Memories

### [c3c3c3] fact | 0.05 | 2026-01-01 | 1
archived two
"""


def _new(key: str, score: float, section: evdoc.Section) -> evdoc.Entry:
    return evdoc.Entry(key, key, "fact", score, "2026-03-01", 1, f"new {section}", section)


@pytest.mark.parametrize(("key", "section"), [("d4d4d4", "active"), ("e5e5e5", "archived")])
def test_a_new_memory_goes_to_the_end_of_the_first_heading_of_its_section(
    key: str, section: evdoc.Section
) -> None:
    """A hand-edited file with its Archived heading twice: the new memory lands in its own
    section, after that section's first heading's memories."""
    doc = ev.parse(TWO_ARCHIVES.encode())
    doc.insert_entry(_new(key, 0.5 if section == "active" else 0.1, section))
    again = ev.parse(doc.to_bytes())
    order = [(e.id, e.section) for e in again.entries()]
    after = {"active": "a1a1a1", "archived": "b2b2b2"}[section]
    assert order[order.index((after, section)) + 1] == (key, section)
    assert again.problems == []


def test_a_new_active_section_goes_before_the_first_archived_heading() -> None:
    archives_only = TWO_ARCHIVES.split("## Archived Memories", 1)[1]
    doc = ev.parse(("# Agent Memory\n\n## Archived Memories" + archives_only).encode())
    doc.insert_entry(_new("d4d4d4", 0.5, "active"))
    text = doc.render()
    assert text.index("## Active Memories") < text.index("## Archived Memories")
    again = ev.parse(text.encode())
    assert again.entries()[0].id == "d4d4d4"


def test_a_memory_cannot_be_replaced_by_one_with_another_key() -> None:
    doc = ev.parse(TWO_ARCHIVES.encode())
    with pytest.raises(ValueError, match="keys are fixed"):
        doc.replace_entry("a1a1a1", _new("d4d4d4", 0.5, "active"))


def test_deleting_the_last_memory_leaves_the_file_ending_with_the_one_before() -> None:
    doc = ev.parse(TWO_ARCHIVES.encode())
    doc.delete_entry("c3c3c3")
    assert doc.render() == TWO_ARCHIVES.split("### [c3c3c3]")[0]


def test_a_stray_heading_alone_is_explained_without_lines_below() -> None:
    text = "### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\ntext\n## stray heading\n"
    (problem,) = ev.parse(text.encode()).problems
    assert problem.message == (
        "a heading among the memories: the agent deletes this line at its next save"
    )


def test_an_edit_keeps_the_memory_meta_line_as_the_agent_wrote_it() -> None:
    meta = '<!-- memory_meta: {"source": "user", "status": "active"} -->'  # not MemDesk's spacing
    text = f"## Active Memories\n\n### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\n{meta}\nold text\n"
    doc = ev.parse(text.encode())
    entry = doc.find("a1a1a1")
    assert entry is not None
    doc.replace_entry("a1a1a1", entry.edited(content="new text"))
    assert doc.render() == text.replace("old text", "new text")


def test_a_new_memory_after_a_heading_that_ends_the_file_gets_its_own_lines() -> None:
    text = "## Active Memories\n\n### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\ntext\n\n## Archived Memories"
    doc = ev.parse(text.encode())
    doc.insert_entry(_new("b2b2b2", 0.1, "archived"))
    assert doc.render() == (text + "\n\n### [b2b2b2] fact | 0.10 | 2026-03-01 | 1\nnew archived\n")


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        ("#### [a1] fact | 0.5 | 2026-01-01 | 1", "starts with 4 '#' instead of 3"),
        ("###[a1] fact | 0.5 | 2026-01-01 | 1", "has no space after '###'"),
        ("### [a1] fact | 0.5 | 2026-01-01", "has 3 fields separated by '|' instead of 4"),
        ("### [a-1] fact | 0.5 | 2026-01-01 | 1", "needs '[id] category'"),
        ("### [a1] fact | -0.5 | 2026-01-01 | 1", "score '-0.5' is not a number from 0 up"),
        ("### [a1] fact | 0.5 | 2026/01/01 | 1", "date '2026/01/01' must be YYYY-MM-DD"),
        ("### [a1] fact | 0.5 | 2026-01-01 | x", "hits 'x' must be a whole number"),
    ],
)
def test_a_broken_header_is_explained(header: str, reason: str) -> None:
    doc = ev.parse(f"### [z9z9z9] fact | 0.90 | 2026-01-01 | 3\nok\n{header}\ntext\n".encode())
    (problem,) = doc.problems
    assert problem.kind == "bad_header" and problem.line == 3
    assert reason in problem.message


def test_memory_text_may_not_hold_a_memory_meta_comment() -> None:
    with pytest.raises(ValueError, match="line 2 of the memory is a memory_meta comment"):
        evdoc.checked_content('text\n<!-- memory_meta: {"source": "user"} -->')


def test_one_memory_by_its_header_ends_where_a_header_follows_a_hash_line() -> None:
    text = (
        "### [ab12cd] fact | 0.80 | 2026-02-01 | 3\nfirst line\n#tag\n"
        "### [ef34ab] fact | 0.70 | 2026-02-01 | 1\nthe next memory\n"
    )
    (found,) = ev.entries_with_id(text.encode(), "ab12cd") or []
    assert found.content == "first line\n#tag"


def test_a_new_memory_has_no_line_until_it_is_saved(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(TWO_ARCHIVES, encoding="utf-8")
    ws = Workspace.open(tmp_path)
    (change,) = ev_ops.create(ws, content="brand new", category="fact", score=0.5).apply()
    assert ws.document.item(change.key).line == 0  # type: ignore[union-attr]
    assert ws.document.item("a1a1a1").line == 5  # type: ignore[union-attr]


def test_header_comments_are_read_before_the_first_memory_only() -> None:
    text = (
        "# Agent Memory\n\n<!-- Total entries: 1 -->\n\n"
        "### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\ntext\n"
        "## Archived Memories\n<!-- Last updated: 2026-03-01T12:00:00 -->\n"
    )
    assert ev.parse(text.encode()).header_comments() == {"Total entries": "1"}


def test_an_edit_of_the_header_only_keeps_the_text_as_written() -> None:
    text = "### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\n  indented first line\nsecond  \n"
    doc = ev.parse(text.encode())
    entry = doc.find("a1a1a1")
    assert entry is not None
    doc.replace_entry("a1a1a1", entry.edited(score=0.5))
    assert doc.render() == text.replace("| 0.90 |", "| 0.50 |")


def test_the_text_of_a_crlf_memory_has_plain_line_ends() -> None:
    text = "### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\r\nfirst\r\nsecond\r\n"
    entry = ev.parse(text.encode()).find("a1a1a1")
    assert entry is not None and entry.content == "first\nsecond"


def test_stray_text_is_explained_by_where_it_is() -> None:
    text = (
        "stray before\n\n### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\ntext\n\n"
        "## Archived Memories\nstray after\n"
    )
    messages = [p.message for p in ev.parse(text.encode()).problems]
    assert messages == [
        "text before the first memory: the agent ignores it and drops it at its next save",
        "text outside any memory: the agent reads it as part of memory [a1a1a1]",
    ]


def test_a_processed_count_too_long_to_read_says_what_the_agent_does() -> None:
    text = f"<!-- last_processed_count: {'9' * 5000} -->\n### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\nt\n"
    (problem,) = ev.parse(text.encode()).problems
    assert problem.line == 1
    assert problem.message.endswith("is too long a number (the agent fails to load this file)")


def test_everbot_warnings_point_at_the_first_line() -> None:
    doc = ev.parse("\ufeff### [a1a1a1] fact | 0.90 | 2026-01-01 | 3\r\ntext\r\n".encode())
    assert [(w.kind, w.line, w.end_line) for w in doc.warnings] == [
        ("bom", 1, 1),
        ("line_endings", 1, 1),
    ]


def test_an_edit_of_the_text_outside_memories_is_saved_and_meets_the_agents(
    tmp_path: Path,
) -> None:
    (tmp_path / "MEMORY.md").write_text(TWO_ARCHIVES, encoding="utf-8")
    ws = Workspace.open(tmp_path)
    ws.document.set_text(TWO_ARCHIVES.replace("# Agent Memory", "# My Agent's Memory"))
    assert ws.document.modified
    agents = TWO_ARCHIVES.replace("## Active Memories\n", "## Active Memories\n<!-- x -->\n")
    (tmp_path / "MEMORY.md").write_text(agents, encoding="utf-8")
    with pytest.raises(ConflictError):
        ws.save(actor="person", cause="test")
    ws.save(actor="person", cause="test", resolutions={OUTSIDE: "mine"})
    assert (tmp_path / "MEMORY.md").read_text(encoding="utf-8").startswith("# My Agent's Memory")


def test_the_canonical_file_keeps_only_the_date_of_a_last_activation_with_a_time() -> None:
    entry = evdoc.Entry("a1a1a1", "a1a1a1", "fact", 0.5, "2026-02-01T10:00:00", 2, "text", "active")
    text = evdoc.normalize([entry], now=datetime(2026, 3, 1, tzinfo=UTC))
    assert "### [a1a1a1] fact | 0.50 | 2026-02-01 | 2\n" in text


# -- PicoClaw --------------------------------------------------------------------------------------
def test_a_daily_note_linking_beside_the_workspace_is_refused(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    folder = workspace / "memory" / "202603"
    folder.mkdir(parents=True)
    beside = tmp_path / "secret.md"  # in the workspace's parent folder, not in the workspace
    beside.write_text("not the agent's", encoding="utf-8")
    note = pc.DailyNote(folder / "20260301.md", date(2026, 3, 1), 0)
    os.symlink(beside, note.path)
    assert note.workspace == workspace
    with pytest.raises(WorkspaceError):
        pc.read_daily_note(note)


def test_a_stray_file_named_like_a_month_folder_is_passed_over(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "202602").write_text("not a folder", encoding="utf-8")
    note = pc.daily_note_path(tmp_path, date(2026, 3, 1))
    note.parent.mkdir()
    note.write_text("# 2026-03-01\n\nmorning", encoding="utf-8")
    assert [n.date for n in pc.list_daily_notes(tmp_path)] == [date(2026, 3, 1)]


def test_an_unreadable_note_file_does_not_hide_the_notes_after_it(tmp_path: Path) -> None:
    month = tmp_path / "memory" / "202602"
    month.mkdir(parents=True)
    for day in (0, 30, 31, 32, 99):  # no such days
        (month / f"202602{day:02d}.md").write_text("not a note", encoding="utf-8")
    for day in range(1, 11):
        (month / f"202602{day:02d}.md").write_text("# note", encoding="utf-8")
    found = [n.date.day for n in pc.list_daily_notes(tmp_path)]
    assert found == list(range(1, 11))


def test_only_the_overrides_file_is_said_to_be_ignored_by_the_agent(tmp_path: Path) -> None:
    (tmp_path / "workspace" / "memory").mkdir(parents=True)
    (tmp_path / "config.json").write_text("{broken", encoding="utf-8")
    with pytest.raises(pc_policy.PolicyFileError) as raised:
        pc_policy.effective_policy(tmp_path / "workspace")
    assert "corrupt JSON" in str(raised.value) and "ignores" not in str(raised.value)
    (tmp_path / "config.json").unlink()
    (tmp_path / "workspace" / pc_policy.OVERRIDES_FILE).write_text("{broken", encoding="utf-8")
    ignored = pc_policy.load_policy_layers(tmp_path / "workspace").ignored
    assert "(the agent ignores the whole file)" in str(ignored)


def test_a_blank_new_entry_is_refused() -> None:
    with pytest.raises(ValueError, match="blank"):
        pc.draft_entry(" \n\t", date(2026, 3, 1))


def test_long_term_warnings_point_at_the_first_line() -> None:
    doc = pc.parse_longterm("\ufeff## 2026-03-01\r\n\r\ntext".encode())
    assert [(w.kind, w.line, w.end_line) for w in doc.warnings] == [
        ("bom", 1, 1),
        ("line_endings", 1, 1),
    ]


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1])
def test_a_policy_number_beyond_the_agents_64_bits_is_refused(tmp_path: Path, value: int) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / pc_policy.OVERRIDES_FILE).write_text(
        f'{{"retrieve_limit": {value}}}', encoding="utf-8"
    )
    assert "retrieve_limit must be a whole number" in str(
        pc_policy.load_policy_layers(tmp_path).ignored
    )


@pytest.mark.parametrize("value", [2**63 - 1, -(2**63)])
def test_a_policy_number_within_64_bits_is_read(tmp_path: Path, value: int) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / pc_policy.OVERRIDES_FILE).write_text(
        f'{{"recent_days": {value}}}', encoding="utf-8"
    )
    found = pc_policy.effective_policy(tmp_path)["recent_days"]
    assert found == (pc_policy.PolicyValue(value, "override") if value > 0 else (3, "default"))


def test_a_policy_value_of_the_wrong_type_names_its_line(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / pc_policy.OVERRIDES_FILE).write_text('\n{"recent_days": "three"}', encoding="utf-8")
    ignored = pc_policy.load_policy_layers(tmp_path).ignored
    assert ignored is not None and ignored.line == 2


def test_a_policy_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / pc_policy.OVERRIDES_FILE).write_bytes(b'\n{"recent_days": "\xff"}')
    ignored = pc_policy.load_policy_layers(tmp_path).ignored
    assert ignored is not None and ignored.line == 2


def test_a_note_conflict_settled_with_a_nul_is_refused(tmp_path: Path) -> None:
    path = pc.daily_note_path(tmp_path, date(2026, 3, 1))
    path.parent.mkdir(parents=True)
    path.write_text("# 2026-03-01\n\nmorning", encoding="utf-8")
    ws = PicoClawWorkspace.open(tmp_path)
    note = ws.note(date(2026, 3, 1))
    note.set_text("# 2026-03-01\n\nevening")  # neither side only appends: a conflict
    path.write_text("# 2026-03-01\n\nMorning", encoding="utf-8")
    with pytest.raises(ConflictError):
        note.save()
    with pytest.raises(ValueError, match="NUL"):
        note.save(resolutions={WHOLE_TEXT_KEY: "both\0"})
    assert path.read_text(encoding="utf-8") == "# 2026-03-01\n\nMorning"


@pytest.mark.parametrize("key", ["", "\ud800"])
def test_a_profile_key_the_agent_cannot_store_is_refused(key: str) -> None:
    with pytest.raises(ValueError):
        check_key(key)


def test_a_profile_that_is_not_utf8_names_its_line_and_column() -> None:
    with pytest.raises(ProfileError) as raised:
        parse_profile(b'\n\xff{"a": "b"}', Path("memory/profile.json"))
    assert (raised.value.line, raised.value.column) == (2, 1)


def test_a_profile_value_the_agent_cannot_store_is_refused() -> None:
    check_value("")
    with pytest.raises(ValueError):
        check_value("\udfff")
    with pytest.raises(ValueError):
        ProfileDoc({"city": "\udfff"})
    with pytest.raises(ValueError):
        ProfileFormat("memory/profile.json").written(ProfileItem("city", "杭州"), "\udfff")


# -- Pomelobot -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "scope"),
    [
        ("memory/scopes/work/2026-03-01.md", "work"),
        ("memory/scopes/work/transcripts/2026-03-01.md", "work"),
        ("memory/scopes/2026-03-01.md", "main"),
        ("memory/2026-03-01.md", "main"),
        ("MEMORY.md", "main"),
    ],
)
def test_the_scope_of_a_path(path: str, scope: str) -> None:
    assert scope_of_path(path) == scope


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("memory/scopes/work/LONG_TERM.md", "long_term"),
        ("memory/scopes/work/MEMORY.md", "long_term"),
        ("MEMORY.md", "long_term"),
        ("memory/2026-03-01.md", "daily"),
        ("memory/scopes/work/transcripts/2026-03-01.md", "transcript"),
    ],
)
def test_the_kind_of_a_memory_file(path: str, kind: str) -> None:
    assert pb.file_kind(path) == kind


def test_a_scopes_folder_that_is_a_link_is_listed_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "work").mkdir(parents=True)
    (tmp_path / "workspace" / "memory").mkdir(parents=True)
    os.symlink(elsewhere, tmp_path / "workspace" / "memory" / "scopes")
    (main,) = list_scopes(tmp_path / "workspace")
    assert main.other_files == ("memory/scopes",)


def test_a_read_outside_the_scope_says_what_may_be_read(tmp_path: Path) -> None:
    with pytest.raises(
        AccessError, match=r"MEMORY\.md, memory/YYYY-MM-DD\.md or memory/scopes/main/"
    ):
        read_memory_file(tmp_path, "notes/x.md")


def test_a_scope_name_like_a_path_is_refused_before_looking(tmp_path: Path) -> None:
    with pytest.raises(AccessError, match="not a scope name"):
        find_scope(tmp_path, "../main")


def test_deleting_an_entry_between_a_lone_cr_and_an_lf_keeps_the_lines_apart() -> None:
    doc = pb.parse_memory_file(b"note\r[09:00:00] gone\n\nafter\n", "memory/2026-03-01.md")
    doc.delete_entry("09:00:00")
    assert doc.render() == "note\r\n\nafter\n"
    assert [b.text for b in pb.parse_memory_file(doc.render()).other_text()] == [
        "note\r\n\nafter\n"
    ]


def test_index_chunks_carry_whole_lines_over_and_count_each_line_end() -> None:
    """The agent's chunkMarkdown with 10 units a chunk and 4 of overlap: a line costs its
    length + 1; a chunk is flushed before a line that would pass 10, and its last lines worth
    at least 4 start the next one."""
    chunks = index_chunks("a\nbbb\ncccc\nd", max_chars=10, overlap_chars=4)
    assert [(c.start_line, c.end_line, c.content) for c in chunks] == [
        (1, 2, "a\nbbb"),
        (2, 3, "bbb\ncccc"),
        (3, 4, "cccc\nd"),
    ]
    empty_lines = index_chunks("aaaa\n\n\nbbbb", max_chars=10, overlap_chars=4)
    assert [(c.start_line, c.end_line) for c in empty_lines] == [(1, 3), (1, 4)]  # cost 1 each


def test_index_chunks_carry_over_the_agents_180_units() -> None:
    """Lines of 89 characters cost 90: a chunk holds 13 of them, and two (180 units, just
    enough) start the next one."""
    text = "\n".join(chr(ord("a") + n) * 89 for n in range(16))
    assert [(c.start_line, c.end_line) for c in index_chunks(text)] == [(1, 13), (12, 16)]


def test_only_a_scope_folder_named_transcripts_holds_transcripts(tmp_path: Path) -> None:
    scope = tmp_path / "memory" / "scopes" / "work"
    (scope / "archive").mkdir(parents=True)
    (scope / "archive" / "2026-03-01.md").write_text("[09:00:00] old\n", encoding="utf-8")
    (scope / "transcripts").mkdir()
    (scope / "transcripts" / "2026-03-02.md").write_text("[09:00:00] [user] hi\n", "utf-8")
    (work,) = [s for s in list_scopes(tmp_path) if s.name == "work"]
    assert [(f.path, f.kind) for f in work.files] == [
        ("memory/scopes/work/transcripts/2026-03-02.md", "transcript")
    ]
    assert "memory/scopes/work/archive/" in work.other_files
