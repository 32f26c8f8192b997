"""An open PicoClaw or Pomeloclaw / Pomelobot workspace (SPEC 2.2-2.4, 5, 6 "what the agent sees"):
its documents, saving them each on its own, promotion, the profile and the retrieval preview."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw import retrieval as retrieval
from core.agents.picoclaw.profile import ProfileError, ProfileItem, render_profile
from core.agents.pomelobot import format as pomelobot
from core.agents.pomelobot.scopes import Scope
from core.demo import write_demo
from core.formats.whole_text import WHOLE_TEXT_KEY
from core.ops.entries import add_entry, edit_entry
from core.store.document import Document
from core.store.errors import WorkspaceError
from core.store.journal import Journal
from core.store.merge import Change, Conflict, ConflictError
from tests.helpers import dead_pid, open_workspace

TODAY = date(2026, 3, 3)
PICO_ENTRIES = (
    ("2026-02-01", "User prefers green tea over coffee."),
    ("2026-02-10", "Project Orion deploys on Fridays."),
    ("2026-02-20", "The user's dog is called Bob."),
)
LONGTERM = picoclaw.LONGTERM_TEMPLATE + "".join(f"\n\n## {d}\n\n{c}" for d, c in PICO_ENTRIES)
NOTES = {
    date(2026, 3, 3): "# 2026-03-03\n\nTalked about tea again.",
    date(2026, 3, 2): "# 2026-03-02\n\nOrion deploy done.\nBob was at the vet.",
    date(2026, 2, 28): "# 2026-02-28\n\nAn old note about tea.",
}
PROFILE = '{\n  "city": "Hangzhou",\n  "name": "Nora"\n}'
BACKUP_NAME = re.compile(r"\d{8}_\d{6}_(?:~\d{3}_)?MEMORY\.md")


def note_rel(day: date) -> str:
    return f"memory/{day:%Y%m}/{day:%Y%m%d}.md"


def append_note(ws: Any, day: date, content: str) -> None:
    """The person appends to a daily note as the agent's AppendToday does."""
    note = ws.note(day)
    current = note.item(WHOLE_TEXT_KEY)
    existing = None if current is None else current.content
    note.set_text(picoclaw.daily_append_text(existing, content, day))


def set_key(profile: Document[Any, Any], key: str, value: str) -> None:
    profile.apply([Change(key, profile.find(key), ProfileItem(key, value))])


def delete_key(profile: Document[Any, Any], key: str) -> None:
    profile.apply([Change(key, profile.find(key), None)])


@pytest.fixture
def pico(tmp_path: Path) -> Path:
    """A PicoClaw workspace as the agent leaves it: MEMORY.md, daily notes, a profile."""
    root = tmp_path / "home" / "workspace"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "MEMORY.md").write_bytes(LONGTERM.encode())
    for day, text in NOTES.items():
        path = root / note_rel(day)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())
    (root / "memory" / "profile.json").write_bytes(PROFILE.encode())
    return root


DAILY_BOB = "memory/scopes/direct_bob/2026-03-03.md"
DAILY_BOB_TEXT = (
    "# Daily Memory - 2026-03-03 (direct_bob)\n"
    "\n[09:10:11] Bob's build uses Bazel.\n"
    "\n[09:20:00] Bob is on call this week.\n"
)
LONG_BOB = "memory/scopes/direct_bob/MEMORY.md"
LONG_BOB_TEXT = "# Long-term Memory (direct_bob)\n\n\n[08:00:00] Bob prefers short answers.\n"
DAILY_GROUP = "memory/scopes/group_ops/2026-03-03.md"
DAILY_GROUP_TEXT = (
    "# Daily Memory - 2026-03-03 (group_ops)\n\n[10:00:00] The ops group meets at 10.\n"
)
MAIN_TEXT = "# Long-term Memory (main)\n\n\n[07:00:00] The main scope remembers this.\n"


@pytest.fixture
def pomelo(tmp_path: Path) -> Path:
    """A Pomelobot workspace: main, a scope with a long-term file, a scope without one."""
    root = tmp_path / "ws"
    files = {
        "MEMORY.md": MAIN_TEXT,
        "memory/2026-03-03.md": "# Daily Memory - 2026-03-03 (main)\n\n[07:30:00] Main daily.\n",
        DAILY_BOB: DAILY_BOB_TEXT,
        LONG_BOB: LONG_BOB_TEXT,
        DAILY_GROUP: DAILY_GROUP_TEXT,
        "memory/scopes/direct_bob/transcripts/2026-03-03.md": (
            "# Session Transcript - 2026-03-03 (direct_bob)\n\n[09:00:00] [user] hi\n"
        ),
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())
    return root


def scope(ws: Any, name: str) -> Scope:
    return next(s for s in ws.scopes() if s.name == name)


def expected_context(root: Path, message: str, *, limit: int, recent_days: int) -> str:
    """core.agents.picoclaw.retrieval on the files as they are on disk."""
    content = (root / "memory" / "MEMORY.md").read_bytes().decode()
    notes = [(n.date, picoclaw.read_daily_note(n)) for n in picoclaw.list_daily_notes(root)]
    return retrieval.memory_context(
        content, message, limit=limit, recent_days=recent_days, daily_notes=notes, today=TODAY
    )


# -- opening and documents ------------------------------------------------------------------------


def test_open_detects_the_layout(tmp_path: Path, pico: Path, pomelo: Path) -> None:
    assert open_workspace(pico).agent.name == "picoclaw"
    assert open_workspace(pomelo).agent.name == "pomelobot"
    demo = write_demo(tmp_path / "demo", layout="picoclaw", today=TODAY)
    ws = open_workspace(demo.workspace)
    assert ws.agent.name == "picoclaw"
    assert len(ws.longterm().items()) == demo.entries


def test_open_refuses_other_folders(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="no such file or folder"):
        open_workspace(tmp_path / "missing")
    structured = tmp_path / "everbot"
    structured.mkdir()
    (structured / "MEMORY.md").write_text(
        "# Agent Memory\n\n## Active Memories\n\n### [a1b2c3] fact | 0.9 | 2026-02-20 | 1\nx\n"
    )
    assert open_workspace(structured).agent.name == "everbot"


def test_documents_are_read_once_and_keep_their_edits(pico: Path) -> None:
    ws = open_workspace(pico)
    assert ws.longterm() is ws.longterm()
    assert ws.note(TODAY) is ws.note(TODAY)
    assert ws.profile() is ws.profile()
    assert not ws.modified and ws.modified_documents() == []
    edit_entry(ws.longterm(), "2026-02-01", "User prefers oolong.").apply()
    assert ws.modified
    assert ws.modified_documents() == [ws.longterm()]
    assert ws.longterm().items()[0].content == "User prefers oolong."
    ws.reload()
    assert not ws.modified
    assert (pico / "memory" / "MEMORY.md").read_bytes() == LONGTERM.encode()


def test_daily_notes_and_note_text(pico: Path) -> None:
    ws = open_workspace(pico)
    assert [n.date for n in ws.daily_notes()] == sorted(NOTES)
    for day, text in NOTES.items():
        assert ws.note(day).text() == text
        assert ws.note(day).rel == note_rel(day)
    assert not ws.note(date(2026, 3, 4)).exists


def test_save_writes_each_modified_file_only(pico: Path) -> None:
    ws = open_workspace(pico)
    untouched = {p: p.read_bytes() for p in (pico / "memory").rglob("*") if p.is_file()}
    edit_entry(ws.longterm(), "2026-02-10", "Project Orion deploys on Thursdays.").apply()
    append_note(ws, TODAY, "Evening: tea tasting.")
    ws.note(date(2026, 3, 2))  # read, not changed

    saved = ws.save_all()

    assert {s.path for s in saved} == {pico / "memory/MEMORY.md", pico / note_rel(TODAY)}
    assert (pico / "memory/MEMORY.md").read_bytes() == LONGTERM.replace(
        "on Fridays", "on Thursdays"
    ).encode()
    assert (pico / note_rel(TODAY)).read_bytes() == (
        NOTES[TODAY] + "\nEvening: tea tasting."
    ).encode()
    for path, data in untouched.items():
        if path not in (pico / "memory/MEMORY.md", pico / note_rel(TODAY)):
            assert path.read_bytes() == data, path
    # MEMORY.md is backed up where the agent keeps its own backups; the note under .memdesk.
    longterm_backups = list((pico / "memory" / "backups").iterdir())
    assert len(longterm_backups) == 1 and BACKUP_NAME.fullmatch(longterm_backups[0].name)
    assert longterm_backups[0].read_bytes() == LONGTERM.encode()
    note_backups = list((pico / ".memdesk" / "backups" / "memory" / "202603").iterdir())
    assert [p.read_bytes() for p in note_backups] == [NOTES[TODAY].encode()]
    assert not ws.modified
    assert ws.save_all() == []


def test_save_settles_conflicts_file_by_file(pico: Path) -> None:
    ws = open_workspace(pico)
    memory = pico / "memory" / "MEMORY.md"
    edit_entry(ws.longterm(), "2026-02-20", "Mine: the dog is Bobby.").apply()
    theirs = LONGTERM.replace("called Bob.", "called Rex.")
    memory.write_bytes(theirs.encode())
    assert ws.changed_on_disk() == [ws.longterm()]

    with pytest.raises(ConflictError) as raised:
        ws.save_all()
    assert raised.value.conflicts == [
        Conflict(
            "2026-02-20",
            "The user's dog is called Bob.",
            "Mine: the dog is Bobby.",
            "The user's dog is called Rex.",
        )
    ]
    assert memory.read_bytes() == theirs.encode()

    ws.save_all(resolutions={"memory/MEMORY.md": {"2026-02-20": "mine"}})
    expected = LONGTERM.replace("The user's dog is called Bob.", "Mine: the dog is Bobby.")
    assert memory.read_bytes() == expected.encode()
    assert ws.changed_on_disk() == []


def test_changed_on_disk_lists_only_changed_files(pico: Path) -> None:
    ws = open_workspace(pico)
    ws.longterm()
    ws.note(TODAY)
    ws.profile()
    assert ws.changed_on_disk() == []
    with open(pico / note_rel(TODAY), "a", encoding="utf-8") as out:
        out.write("\nagent was here")
    (pico / "memory" / "profile.json").write_bytes(PROFILE.replace("Nora", "Nina").encode())
    assert ws.changed_on_disk() == [ws.note(TODAY), ws.profile()]
    ws.reload()
    assert ws.changed_on_disk() == []
    assert ws.note(TODAY).text().endswith("agent was here")
    assert ws.profile().doc.get("name") == "Nina"


# -- what the agent sees --------------------------------------------------------------------------


@pytest.mark.parametrize("message", ["what tea does the user like", "Orion", "", "   ", "狗"])
def test_agent_sees_what_retrieval_gives_for_the_saved_files(pico: Path, message: str) -> None:
    preview = open_workspace(pico).agent_sees(message, today=TODAY)
    assert (preview.limit, preview.recent_days) == (10, 3)
    assert preview.injected == expected_context(pico, message, limit=10, recent_days=3)
    content = LONGTERM
    if message == "":  # no message: the whole file is injected, nothing ranked
        assert preview.chunks == []
        assert LONGTERM in preview.injected
        return
    taken = [c.text for c in preview.chunks if c.taken]
    assert taken == retrieval.retrieve(content, message, 10)
    assert [c.rank for c in preview.chunks] == list(range(1, len(preview.chunks) + 1))
    assert [c.text for c in preview.chunks] == [c.text for c in retrieval.ranked(content, message)]


def test_agent_sees_the_notes_of_the_recent_days_only(pico: Path) -> None:
    injected = open_workspace(pico).agent_sees("tea", today=TODAY).injected
    assert NOTES[TODAY] in injected and NOTES[date(2026, 3, 2)] in injected
    assert NOTES[date(2026, 2, 28)] not in injected
    assert injected.index(NOTES[TODAY]) < injected.index(NOTES[date(2026, 3, 2)])


def test_agent_sees_unsaved_edits(pico: Path) -> None:
    ws = open_workspace(pico)
    edit_entry(ws.longterm(), "2026-02-01", "User prefers jasmine tea now.").apply()
    draft = picoclaw.draft_entry("Tea tasting every Sunday.", date(2026, 3, 3))
    add_entry(ws.longterm(), draft).apply()
    ws.note(date(2026, 3, 2)).set_text("# 2026-03-02\n\nRewritten note.")
    append_note(ws, date(2026, 3, 1), "A note written in MemDesk, not saved yet.")

    injected = ws.agent_sees("tea", today=TODAY).injected

    assert "User prefers jasmine tea now." in injected
    assert "User prefers green tea over coffee." not in injected
    assert "Tea tasting every Sunday." in injected
    assert "Rewritten note." in injected and "Orion deploy done." not in injected
    assert "A note written in MemDesk, not saved yet." in injected
    assert (pico / "memory" / "MEMORY.md").read_bytes() == LONGTERM.encode()
    # Once saved, the files give exactly the same text.
    ws.save_all()
    assert injected == expected_context(pico, "tea", limit=10, recent_days=3)


def test_limit_and_recent_days_come_from_the_policy(pico: Path) -> None:
    (pico.parent / "config.json").write_text(
        json.dumps({"memory": {"retrieve_limit": 5, "recent_days": 7}})
    )
    ws = open_workspace(pico)
    preview = ws.agent_sees("tea Orion dog", today=TODAY)
    assert (preview.limit, preview.recent_days) == (5, 7)
    assert preview.injected == expected_context(pico, "tea Orion dog", limit=5, recent_days=7)
    assert NOTES[date(2026, 2, 28)] in preview.injected

    overrides = pico / "memory" / "policy_overrides.json"
    overrides.write_text(json.dumps({"retrieve_limit": 2, "recent_days": 1}, indent=2))
    preview = ws.agent_sees("tea Orion dog", today=TODAY)
    assert (preview.limit, preview.recent_days) == (2, 1)
    assert sum(c.taken for c in preview.chunks) == 2 < len(preview.chunks)
    assert preview.injected == expected_context(pico, "tea Orion dog", limit=2, recent_days=1)
    assert NOTES[TODAY] in preview.injected
    assert NOTES[date(2026, 3, 2)] not in preview.injected


# -- promotion ------------------------------------------------------------------------------------


def test_promote_passage_appends_to_long_term_memory(pico: Path) -> None:
    ws = open_workspace(pico)
    changes = ws.promote_passage("  Bob was at the vet.\n", today=TODAY)
    assert changes.document is ws.longterm()
    assert not ws.modified  # a change set: nothing changes until it is applied
    (made,) = changes.apply()
    assert made.key == "2026-03-03"
    assert ws.modified_documents() == [ws.longterm()]
    ws.save_all()
    assert (pico / "memory" / "MEMORY.md").read_bytes() == (
        LONGTERM + "\n\n## 2026-03-03\n\nBob was at the vet."
    ).encode()
    assert (pico / note_rel(date(2026, 3, 2))).read_bytes() == NOTES[date(2026, 3, 2)].encode()


def test_promote_entry_appends_to_the_scopes_long_term_file(pomelo: Path) -> None:
    ws = open_workspace(pomelo)
    changes = ws.promote_entry(DAILY_BOB, "09:20:00", datetime(2026, 3, 3, 18, 5, 6))
    assert changes.document.rel == LONG_BOB
    assert "09:20:00" in changes.label
    changes.apply()
    assert ws.modified_documents() == [changes.document]
    ws.save_all()
    assert (pomelo / LONG_BOB).read_bytes() == (
        LONG_BOB_TEXT + "\n[18:05:06] Bob is on call this week.\n"
    ).encode()
    assert (pomelo / DAILY_BOB).read_bytes() == DAILY_BOB_TEXT.encode()  # the daily file keeps it
    assert (pomelo / "MEMORY.md").read_bytes() == MAIN_TEXT.encode()
    backups = list((pomelo / ".memdesk" / "backups" / "memory" / "scopes" / "direct_bob").iterdir())
    assert [p.read_bytes() for p in backups] == [LONG_BOB_TEXT.encode()]
    with Journal.open(pomelo) as journal:
        assert [(e.file, e.kind) for e in journal.recent_events()] == [(LONG_BOB, "create")]


def test_promote_entry_creates_a_missing_long_term_file_with_the_agents_header(
    pomelo: Path,
) -> None:
    ws = open_workspace(pomelo)
    group = scope(ws, "group_ops")
    assert group.of_kind("long_term") == []
    long_term = ws.long_term_of(group)
    assert long_term.rel == "memory/scopes/group_ops/MEMORY.md"
    assert not long_term.exists and not long_term.modified
    assert long_term.items() == []

    changes = ws.promote_entry(DAILY_GROUP, "10:00:00", datetime(2026, 3, 3, 11, 0, 0))
    assert changes.document is long_term
    changes.apply()
    ws.save_all()

    path = pomelo / "memory" / "scopes" / "group_ops" / "MEMORY.md"
    assert path.read_bytes() == (
        b"# Long-term Memory (group_ops)\n\n\n[11:00:00] The ops group meets at 10.\n"
    )
    assert (pomelo / DAILY_GROUP).read_bytes() == DAILY_GROUP_TEXT.encode()
    assert not (pomelo / ".memdesk" / "backups").exists()  # nothing was overwritten
    assert [f.path for f in scope(ws, "group_ops").of_kind("long_term")] == [long_term.rel]
    assert ws.long_term_of(scope(ws, "group_ops")) is long_term


def test_promote_entry_refuses_an_unknown_entry(pomelo: Path) -> None:
    ws = open_workspace(pomelo)
    with pytest.raises(WorkspaceError, match="no entry 23:59:59"):
        ws.promote_entry(DAILY_BOB, "23:59:59")
    with pytest.raises(WorkspaceError, match="not a memory file"):
        ws.scope_of("memory/scopes/direct_bob/nothing.md")
    assert not ws.modified


def test_transcripts_are_read_only_through_the_workspace(pomelo: Path) -> None:
    ws = open_workspace(pomelo)
    transcript = scope(ws, "direct_bob").of_kind("transcript")[0]
    document = ws.memory_file(transcript.path)
    assert isinstance(document, Document) and document.read_only
    with pytest.raises(WorkspaceError, match="read-only"):
        add_entry(document, pomelobot.draft_entry("no", "10:00:00")).apply()
    assert not ws.modified


# -- the profile ----------------------------------------------------------------------------------


def test_profile_edit_saves_in_the_agents_form(pico: Path) -> None:
    ws = open_workspace(pico)
    profile = ws.profile()
    assert isinstance(profile, Document)
    assert profile.exists and not profile.read_only
    assert profile.doc.items() == [("city", "Hangzhou"), ("name", "Nora")]
    set_key(profile, "coffee", "无糖拿铁")
    assert ws.modified_documents() == [profile]
    ws.save_all()
    path = pico / "memory" / "profile.json"
    assert path.read_text(encoding="utf-8") == render_profile(
        {"city": "Hangzhou", "coffee": "无糖拿铁", "name": "Nora"}
    )
    backups = list((pico / ".memdesk" / "backups" / "memory").iterdir())
    assert [p.read_bytes() for p in backups] == [PROFILE.encode()]


def test_profile_snapshot_and_restore(pico: Path) -> None:
    profile = open_workspace(pico).profile()
    first = profile.snapshot()
    set_key(profile, "coffee", "black")
    delete_key(profile, "city")
    second = profile.snapshot()
    assert profile.modified
    profile.restore(first)
    assert profile.doc.items() == [("city", "Hangzhou"), ("name", "Nora")]
    assert not profile.modified
    profile.restore(second)
    assert profile.doc.items() == [("coffee", "black"), ("name", "Nora")]
    assert profile.modified


@pytest.mark.parametrize(
    "data",
    [b'{\n  "name": "Nora",\n  "city": ', b"[1, 2]", b'{"name": 5}', b"\xef\xbb\xbf{}"],
    ids=["truncated", "list", "number", "bom"],
)
def test_corrupt_profile_is_an_error_and_never_written(pico: Path, data: bytes) -> None:
    path = pico / "memory" / "profile.json"
    path.write_bytes(data)
    ws = open_workspace(pico)
    with pytest.raises(ProfileError) as raised:
        ws.profile()
    assert str(path) in str(raised.value)
    assert raised.value.raw_bytes == data
    with pytest.raises(ProfileError):
        ws.profile()  # asked again, still refused: never an empty profile
    assert ws.agent_sees("tea", today=TODAY).profile == ""
    assert not ws.modified

    # Saving the workspace (other files changed) leaves the profile alone: never "{}".
    edit_entry(ws.longterm(), "2026-02-01", "User prefers oolong.").apply()
    ws.save_all()
    assert path.read_bytes() == data
    assert not (pico / ".memdesk" / "backups" / "memory").exists()


def test_profile_changed_on_both_sides_is_a_conflict(pico: Path) -> None:
    path = pico / "memory" / "profile.json"
    ws = open_workspace(pico)
    set_key(ws.profile(), "name", "Nora Li")
    theirs = PROFILE.replace("Nora", "Nina").encode()
    path.write_bytes(theirs)
    with pytest.raises(ConflictError) as raised:
        ws.save_all()
    assert raised.value.conflicts == [Conflict("name", "Nora", "Nora Li", "Nina")]
    assert path.read_bytes() == theirs
    ws.save_all(resolutions={"memory/profile.json": {"name": "mine"}})
    assert json.loads(path.read_bytes()) == {"city": "Hangzhou", "name": "Nora Li"}


def test_profile_save_is_journaled_and_reports_a_merge(pico: Path) -> None:
    path = pico / "memory" / "profile.json"
    ws = open_workspace(pico)
    profile = ws.profile()
    set_key(profile, "coffee", "无糖拿铁")
    delete_key(profile, "city")
    path.write_text(render_profile({"city": "Hangzhou", "name": "Nora", "pet": "Bob"}))
    result = profile.save()
    assert result.merged  # the other program's "pet" came in with the save
    assert sorted((ch.key, ch.kind) for ch in result.changes) == [
        ("city", "delete"),
        ("coffee", "create"),
    ]
    assert json.loads(path.read_text()) == {"coffee": "无糖拿铁", "name": "Nora", "pet": "Bob"}
    with Journal.open(pico) as journal:
        events = [(e.file, e.memory_id, e.kind) for e in journal.recent_events()]
    assert ("memory/profile.json", "coffee", "create") in events
    assert ("memory/profile.json", "city", "delete") in events
    again = profile.save()  # nothing left to save: no second journal entry
    assert again.changes == () and not again.merged


def test_open_cleans_temps_of_an_interrupted_save(pico: Path) -> None:
    name = f".MEMORY.md.memdesk-tmp.{dead_pid()}.0123456789abcdef"
    (pico / "memory" / "backups").mkdir(exist_ok=True)
    left = [pico / "memory" / name, pico / "memory" / "backups" / f".20260301_101010_{name[1:]}"]
    for path in left:
        path.write_bytes(b"half")
    agents = pico / "memory" / "MEMORY.md.tmp"  # not a MemDesk name: never touched
    agents.write_bytes(b"the agent's")
    open_workspace(pico)
    assert not any(p.exists() for p in left)
    assert agents.read_bytes() == b"the agent's"
