"""The sources of PicoClaw and Pomelobot/OpenClaw workspaces (SPEC 2.2-2.4 and 5), on real files.

Every save goes compare-and-swap -> (three-way merge by entry) -> backup -> atomic replace ->
journal. "The agent" writing meanwhile is a real second process (a Python subprocess appending
in the agent's own format) or, where only the bytes matter, the test writing the file directly.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats import picoclaw, pomelobot
from core.sources import (
    NOTE_KEY,
    Clash,
    EntrySource,
    Item,
    NoteSource,
    PicoLongTerm,
    PomeloFile,
    SourceConflict,
)
from core.store.backups import BackupStyle
from core.store.journal import Journal, RecordedEvent
from core.workspace import WorkspaceError

CONTENTS = (
    "User prefers tea.",
    "Project Orion ships on Fridays.\nDeploys need a green CI.",
    "用户喜欢简洁的回答。",
)
BACKUP_NAME = re.compile(r"\d{8}_\d{6}_(?:~\d{3}_)?(?P<name>.+)")

# The agents' own appends, run as a separate process: argv = path, stamp, content.
# PicoClaw (memory.go): current + "\n\n" + "## date\n\n" + content, MEMORY.md.tmp then rename.
PICO_AGENT = """
import os, sys
path, stamp, content = sys.argv[1:]
current = open(path, encoding="utf-8").read()
entry = "## " + stamp + "\\n\\n" + content.strip()
data = current + "\\n\\n" + entry if current else entry
with open(path + ".tmp", "w", encoding="utf-8") as out:
    out.write(data)
os.replace(path + ".tmp", path)
"""
# Pomelobot: every saved memory is appended as "\n[HH:MM:SS] content\n".
POMELO_AGENT = """
import sys
path, stamp, content = sys.argv[1:]
with open(path, "a", encoding="utf-8") as out:
    out.write("\\n[" + stamp + "] " + content + "\\n")
"""
# PicoClaw's AppendToday on an existing note: "\n" + content at its end.
NOTE_AGENT = """
import sys
path, content = sys.argv[1:]
with open(path, "a", encoding="utf-8") as out:
    out.write("\\n" + content)
"""


@dataclass(frozen=True)
class Case:
    """One entry format: where its file lives, how entries look, where backups go."""

    name: str
    rel: str
    keys: tuple[str, ...]
    header: str
    backup_dir: str  # relative to the workspace
    other_backup_dir: str  # where this format's backups must NOT go
    stamp: str  # a stamp for a new entry
    agent: str  # the agent's append, as a script

    def entry(self, key: str, content: str) -> str:
        """The entry's own bytes in the file (as the agent wrote it)."""
        return f"## {key}\n\n{content}" if self.name == "picoclaw" else f"[{key}] {content}"

    def appended(self, stamp: str, content: str) -> str:
        """What the agent's append adds to the end of the file."""
        if self.name == "picoclaw":
            return f"\n\n## {stamp}\n\n{content}"
        return f"\n[{stamp}] {content}\n"

    def text(self) -> str:
        return self.header + "".join(
            self.appended(k, c) for k, c in zip(self.keys, CONTENTS, strict=True)
        )

    def source(self, root: Path) -> EntrySource:
        if self.name == "picoclaw":
            return EntrySource(root, self.rel, PicoLongTerm(self.rel), style=BackupStyle.PICOCLAW)
        return EntrySource(root, self.rel, PomeloFile(self.rel, pomelobot.file_kind(self.rel)))


PICO = Case(
    name="picoclaw",
    rel="memory/MEMORY.md",
    keys=("2026-02-01", "2026-02-10", "2026-02-20"),
    header=picoclaw.LONGTERM_TEMPLATE,
    backup_dir="memory/backups",
    other_backup_dir=".memdesk/backups",
    stamp="2026-03-03",
    agent=PICO_AGENT,
)
POMELO = Case(
    name="pomelobot",
    rel="MEMORY.md",
    keys=("09:15:40", "10:02:03", "11:30:00"),
    header="# Long-term Memory (main)\n\n",
    backup_dir=".memdesk/backups",
    other_backup_dir="memory/backups",
    stamp="13:14:15",
    agent=POMELO_AGENT,
)
CASES = [PICO, POMELO]
NOTE_REL = "memory/202602/20260220.md"
NOTE_DAY = date(2026, 2, 20)
NOTE_TEXT = "# 2026-02-20\n\nMorning: reviewed the Orion backlog.\nAfternoon: paired with Lin."


@pytest.fixture(params=CASES, ids=[c.name for c in CASES])
def case(request: pytest.FixtureRequest) -> Case:
    result: Case = request.param
    return result


def make_root(folder: Path, case: Case) -> Path:
    """A workspace holding the case's memory file, as its agent wrote it."""
    path = folder / case.rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(case.text().encode("utf-8"))
    return folder


@pytest.fixture
def root(tmp_path: Path, case: Case) -> Path:
    return make_root(tmp_path / "ws", case)


@pytest.fixture
def note_root(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    note = folder / NOTE_REL
    note.parent.mkdir(parents=True)
    note.write_bytes(NOTE_TEXT.encode("utf-8"))
    return folder


# -- helpers --------------------------------------------------------------------------------------


def run_agent(script: str, *args: object) -> None:
    """The agent writing in a process of its own (returns when it has written)."""
    subprocess.run([sys.executable, "-c", script, *map(str, args)], check=True, timeout=60)


def backups_in(root: Path, rel_dir: str) -> list[Path]:
    folder = root / rel_dir
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def all_backups(root: Path) -> list[Path]:
    return backups_in(root, ".memdesk/backups") + backups_in(root, "memory/backups")


def events(root: Path) -> list[RecordedEvent]:
    """Every journal event, oldest first."""
    with Journal.open(root) as journal:
        return list(reversed(journal.recent_events(10_000)))


def has_journal(root: Path) -> bool:
    return Journal.db_path(root).exists()


def shown(items: Sequence[Item]) -> list[tuple[str, str]]:
    return [(i.label, i.content) for i in items]


def content_of(source: EntrySource, key: str) -> str:
    item = source.find(key)
    assert item is not None, key
    return item.content


def edit_by_other(path: Path, old: str, new: str) -> bytes:
    """Another program changes the file behind MemDesk's back; returns the new bytes."""
    text = path.read_bytes().decode("utf-8")
    assert text.count(old) == 1, old
    data = text.replace(old, new).encode("utf-8")
    path.write_bytes(data)
    return data


# -- saving without another writer ---------------------------------------------------------------


def test_unchanged_save_writes_nothing(root: Path, case: Case) -> None:
    path = root / case.rel
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    source = case.source(root)
    assert not source.modified

    result = source.save()
    assert (result.backup, result.merged, result.edits) == (None, False, ())

    # An edit taken back is no change either.
    source.edit(case.keys[1], "something else")
    assert source.modified
    source.edit(case.keys[1], CONTENTS[1])
    assert not source.modified
    assert source.edits() == ()
    assert source.save().backup is None

    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == mtime
    assert all_backups(root) == []
    assert not has_journal(root)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_one_edit_changes_only_that_entry(root: Path, case: Case) -> None:
    path = root / case.rel
    before = path.read_bytes()
    source = case.source(root)
    source.edit(case.keys[1], "Orion ships on Thursdays now.")
    assert [e.kind for e in source.edits()] == ["edit"]

    result = source.save()

    expected = before.decode().replace(
        case.entry(case.keys[1], CONTENTS[1]),
        case.entry(case.keys[1], "Orion ships on Thursdays now."),
    )
    assert path.read_bytes() == expected.encode("utf-8")
    assert path.read_bytes() != before
    assert not result.merged
    assert [e.key for e in result.edits] == [case.keys[1]]
    # The backup: the exact old bytes, named like the agent's, in this layout's folder only.
    assert result.backup is not None
    assert result.backup.parent == root / case.backup_dir
    match = BACKUP_NAME.fullmatch(result.backup.name)
    assert match is not None and match["name"] == "MEMORY.md"
    assert result.backup.read_bytes() == before
    assert backups_in(root, case.backup_dir) == [result.backup]
    assert backups_in(root, case.other_backup_dir) == []
    assert not source.modified
    assert content_of(source, case.keys[1]) == "Orion ships on Thursdays now."


def test_delete_removes_only_that_entry(root: Path, case: Case) -> None:
    path = root / case.rel
    before = path.read_bytes().decode()
    source = case.source(root)
    source.delete(case.keys[1])
    source.save()
    assert path.read_bytes().decode() == before.replace(
        case.appended(case.keys[1], CONTENTS[1]), ""
    )

    # Deleting the entry the agent appended last gives the file back as it was before it.
    source.delete(case.keys[2])
    source.save()
    assert path.read_bytes().decode() == case.header + case.appended(case.keys[0], CONTENTS[0])


def test_add_uses_the_agents_format(root: Path, case: Case) -> None:
    path = root / case.rel
    before = path.read_bytes()
    source = case.source(root)
    key = source.add("Remember the milk.", case.stamp)
    assert key == case.stamp
    assert [e.kind for e in source.edits()] == ["create"]
    source.save()
    expected = before.decode() + case.appended(case.stamp, "Remember the milk.")
    assert path.read_bytes() == expected.encode("utf-8")
    assert case.source(root).find(case.stamp) is not None


def test_bad_edits_are_refused_with_a_message(root: Path, case: Case) -> None:
    source = case.source(root)
    with pytest.raises(KeyError, match="no entry"):
        source.edit("nope", "text")
    with pytest.raises(ValueError, match=r"blank|needs some text"):
        source.edit(case.keys[0], "   ")
    with pytest.raises(ValueError):
        source.add("\n\n", case.stamp)
    assert not source.modified


def test_picoclaw_refuses_text_that_would_start_another_entry(tmp_path: Path) -> None:
    root = make_root(tmp_path / "ws", PICO)
    source = PICO.source(root)
    for content in ("first\n## 2026-03-01\n\nsecond", "## Not a memory", "a\r\n## b"):
        with pytest.raises(ValueError, match='starts with "## "'):
            source.edit(PICO.keys[0], content)
        with pytest.raises(ValueError, match='starts with "## "'):
            source.add(content, PICO.stamp)
    assert not source.modified
    # Not headings for the agent: kept as they are.
    source.edit(PICO.keys[0], "a\n### sub heading\n  ## indented\n##no space")
    source.save()
    assert [i.key for i in PICO.source(root).items()] == list(PICO.keys)


# -- the agent writes meanwhile ------------------------------------------------------------------


def test_agent_append_in_another_process_is_merged(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.edit(case.keys[0], "User prefers green tea.")
    source.add("Mine: the VPN moved.", case.stamp)

    agent_stamp = "2026-03-02" if case.name == "picoclaw" else "12:00:01"
    run_agent(case.agent, path, agent_stamp, "Agent: the build server moved.")
    theirs = path.read_bytes().decode()
    assert theirs.endswith(case.appended(agent_stamp, "Agent: the build server moved."))

    result = source.save()

    assert result.merged
    expected = theirs.replace(
        case.entry(case.keys[0], CONTENTS[0]), case.entry(case.keys[0], "User prefers green tea.")
    ) + case.appended(case.stamp, "Mine: the VPN moved.")
    assert path.read_bytes().decode() == expected
    assert result.backup is not None
    assert result.backup.read_bytes().decode() == theirs  # what was on disk, the agent's append
    reread = case.source(root)
    assert shown(reread.items()) == shown(source.items())
    assert (agent_stamp, "Agent: the build server moved.") in shown(reread.items())
    assert not source.modified


def test_same_entry_changed_on_both_sides_is_a_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.edit(case.keys[0], "Mine: green tea.")  # no clash, but not written either
    source.edit(case.keys[1], "Mine: Thursdays.")
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    with pytest.raises(SourceConflict) as raised:
        source.save()

    assert raised.value.clashes == [Clash(case.keys[1], "Mine: Thursdays.", "Theirs: Mondays.")]
    assert raised.value.exit_code == 1
    assert case.keys[1] in str(raised.value)
    assert path.read_bytes() == theirs
    assert all_backups(root) == []
    assert not has_journal(root)
    assert source.modified  # the person's edits are still there to settle


def test_conflict_settled_with_mine(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.edit(case.keys[1], "Mine: Thursdays.")
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    result = source.save(resolutions={case.keys[1]: "mine"})

    expected = theirs.decode().replace(
        case.entry(case.keys[1], "Theirs: Mondays."), case.entry(case.keys[1], "Mine: Thursdays.")
    )
    assert path.read_bytes().decode() == expected
    assert result.merged
    assert result.backup is not None and result.backup.read_bytes() == theirs
    assert [(e.memory_id, e.after) for e in events(root)] == [
        (case.keys[1], {"content": "Mine: Thursdays."})
    ]


def test_conflict_settled_with_theirs(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.edit(case.keys[0], "Mine: green tea.")
    source.edit(case.keys[1], "Mine: Thursdays.")
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    result = source.save(resolutions={case.keys[1]: "theirs"})

    expected = theirs.decode().replace(
        case.entry(case.keys[0], CONTENTS[0]), case.entry(case.keys[0], "Mine: green tea.")
    )
    assert path.read_bytes().decode() == expected
    assert [e.key for e in result.edits] == [case.keys[0]]
    # Only the edit that was made is journaled, not the one given up.
    assert [e.memory_id for e in events(root)] == [case.keys[0]]
    assert content_of(source, case.keys[1]) == "Theirs: Mondays."
    assert not source.modified


def test_only_theirs_writes_nothing(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.edit(case.keys[1], "Mine: Thursdays.")
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")
    result = source.save(resolutions={case.keys[1]: "theirs"})
    assert (result.backup, result.edits) == (None, ())
    assert path.read_bytes() == theirs
    assert all_backups(root) == []
    assert not has_journal(root)
    assert not source.modified


def test_delete_here_edit_there_is_a_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.delete(case.keys[1])
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    with pytest.raises(SourceConflict) as raised:
        source.save()
    assert raised.value.clashes == [Clash(case.keys[1], None, "Theirs: Mondays.")]
    assert path.read_bytes() == theirs

    source.save(resolutions={case.keys[1]: "mine"})
    expected = theirs.decode().replace(case.appended(case.keys[1], "Theirs: Mondays."), "")
    assert path.read_bytes().decode() == expected


def test_edit_here_delete_there_is_a_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.edit(case.keys[1], "Mine: Thursdays.")
    theirs = edit_by_other(path, case.appended(case.keys[1], CONTENTS[1]), "")

    with pytest.raises(SourceConflict) as raised:
        source.save()
    assert raised.value.clashes == [Clash(case.keys[1], "Mine: Thursdays.", None)]
    assert path.read_bytes() == theirs

    # "mine" brings the entry back, appended with its own stamp.
    source.save(resolutions={case.keys[1]: "mine"})
    assert path.read_bytes().decode() == theirs.decode() + case.appended(
        case.keys[1], "Mine: Thursdays."
    )


def test_deleted_on_both_sides_is_no_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.delete(case.keys[1])
    theirs = edit_by_other(path, case.appended(case.keys[1], CONTENTS[1]), "")
    result = source.save()
    assert result.merged
    assert result.backup is None  # the file already is what the person wants
    assert path.read_bytes() == theirs


# -- read-only files ------------------------------------------------------------------------------


TRANSCRIPT_REL = "memory/scopes/direct_bob/transcripts/2026-03-03.md"
TRANSCRIPT = (
    "# Session Transcript - 2026-03-03 (direct_bob)\n"
    "\n[09:00:00] [user] hi, remember my dog is called Bob\n"
    "\n[09:00:05] [assistant] Noted: your dog is Bob.\n"
)


def test_transcripts_are_read_only(tmp_path: Path) -> None:
    path = tmp_path / TRANSCRIPT_REL
    path.parent.mkdir(parents=True)
    path.write_text(TRANSCRIPT, encoding="utf-8")
    source = EntrySource(tmp_path, TRANSCRIPT_REL, PomeloFile(TRANSCRIPT_REL, "transcript"))
    assert source.read_only
    assert [i.content for i in source.items()] == [
        "hi, remember my dog is called Bob",
        "Noted: your dog is Bob.",
    ]
    with pytest.raises(pomelobot.ReadOnlyError):
        source.edit("09:00:00", "changed")
    with pytest.raises(pomelobot.ReadOnlyError):
        source.delete("09:00:00")
    with pytest.raises(pomelobot.ReadOnlyError):
        source.add("new", "10:00:00")
    with pytest.raises(WorkspaceError, match="read-only") as raised:
        source.save()
    assert raised.value.exit_code == 1
    assert path.read_text(encoding="utf-8") == TRANSCRIPT
    assert not (tmp_path / ".memdesk").exists()


def test_read_only_file_is_refused_and_nothing_written(root: Path, case: Case) -> None:
    # core.store.atomic refuses a file without write bits even for root, so this runs as root too.
    path = root / case.rel
    before = path.read_bytes()
    listing = sorted(p.name for p in path.parent.iterdir())
    path.chmod(0o444)
    source = case.source(root)
    source.edit(case.keys[0], "Mine: green tea.")

    with pytest.raises(WorkspaceError, match="read-only") as raised:
        source.save()

    assert raised.value.exit_code == 1
    assert path.read_bytes() == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
    assert sorted(p.name for p in path.parent.iterdir()) == listing  # no temp file left
    assert all_backups(root) == []
    assert not has_journal(root)
    assert source.modified


def test_read_only_note_is_refused(note_root: Path) -> None:
    path = note_root / NOTE_REL
    path.chmod(0o444)
    note = NoteSource(note_root, NOTE_REL, NOTE_DAY)
    note.append("Evening: more.")
    with pytest.raises(WorkspaceError, match="read-only"):
        note.save()
    assert path.read_bytes() == NOTE_TEXT.encode()
    assert all_backups(note_root) == []


# -- daily notes ----------------------------------------------------------------------------------


def test_note_keeps_the_agents_append_after_the_persons_text(note_root: Path) -> None:
    path = note_root / NOTE_REL
    note = NoteSource(note_root, NOTE_REL, NOTE_DAY)
    assert note.text() == NOTE_TEXT
    mine = NOTE_TEXT.replace("Orion backlog", "Orion and Vega backlogs")
    note.set_text(mine)
    run_agent(NOTE_AGENT, path, "Evening: deployed Vega.")
    theirs = path.read_bytes()

    result = note.save()

    assert result.merged
    assert path.read_bytes().decode() == mine + "\nEvening: deployed Vega."
    assert result.backup is not None
    assert result.backup.parent == note_root / ".memdesk" / "backups" / "memory" / "202602"
    assert result.backup.read_bytes() == theirs
    assert backups_in(note_root, "memory/backups") == []
    assert not note.modified


def test_note_changed_otherwise_is_a_conflict(note_root: Path) -> None:
    path = note_root / NOTE_REL
    note = NoteSource(note_root, NOTE_REL, NOTE_DAY)
    mine = NOTE_TEXT + "\nMine."
    note.set_text(mine)
    theirs = edit_by_other(path, "Morning", "Early morning")

    with pytest.raises(SourceConflict) as raised:
        note.save()
    assert raised.value.clashes == [Clash(NOTE_KEY, mine, theirs.decode())]
    assert path.read_bytes() == theirs
    assert all_backups(note_root) == []

    result = note.save(resolutions={NOTE_KEY: "mine"})
    assert path.read_bytes().decode() == mine
    assert result.backup is not None and result.backup.read_bytes() == theirs


def test_note_conflict_settled_with_theirs_writes_nothing(note_root: Path) -> None:
    path = note_root / NOTE_REL
    note = NoteSource(note_root, NOTE_REL, NOTE_DAY)
    note.set_text(NOTE_TEXT + "\nMine.")
    theirs = edit_by_other(path, "Morning", "Early morning")
    result = note.save(resolutions={NOTE_KEY: "theirs"})
    assert (result.backup, result.edits) == (None, ())
    assert path.read_bytes() == theirs
    assert note.text() == theirs.decode()
    assert not note.modified
    assert all_backups(note_root) == []
    assert not has_journal(note_root)


def test_new_note_in_a_new_month_is_created_in_the_agents_format(note_root: Path) -> None:
    rel = "memory/202603/20260303.md"
    assert not (note_root / "memory" / "202603").exists()
    note = NoteSource(note_root, rel, date(2026, 3, 3))
    assert not note.exists and note.text() == ""
    note.append("First thing.")
    note.append("Second thing.")

    result = note.save()

    assert (note_root / rel).read_bytes() == b"# 2026-03-03\n\nFirst thing.\nSecond thing."
    assert result.backup is None
    assert [(e.kind, e.before, e.after) for e in events(note_root)] == [
        ("create", None, {"content": "# 2026-03-03\n\nFirst thing.\nSecond thing."})
    ]


def test_note_created_by_both_sides_is_a_conflict(note_root: Path) -> None:
    rel = "memory/202603/20260303.md"
    note = NoteSource(note_root, rel, date(2026, 3, 3))
    note.append("Mine.")
    (note_root / "memory" / "202603").mkdir()
    (note_root / rel).write_bytes(b"# 2026-03-03\n\nTheirs.")
    with pytest.raises(SourceConflict):
        note.save()
    assert (note_root / rel).read_bytes() == b"# 2026-03-03\n\nTheirs."


def test_note_refuses_nul(note_root: Path) -> None:
    note = NoteSource(note_root, NOTE_REL, NOTE_DAY)
    with pytest.raises(ValueError, match="NUL"):
        note.set_text("a\0b")
    assert not note.modified


# -- snapshots, reload, journal ------------------------------------------------------------------


def test_entry_source_snapshot_and_restore(root: Path, case: Case) -> None:
    source = case.source(root)
    first = source.snapshot()
    items = source.items()
    source.edit(case.keys[0], "Mine: green tea.")
    source.delete(case.keys[2])
    source.add("New one.", case.stamp)
    second = source.snapshot()
    edited = shown(source.items())
    assert edited != shown(items)

    source.restore(first)
    assert source.items() == items
    assert not source.modified
    assert source.edits() == ()

    source.restore(second)
    assert shown(source.items()) == edited
    assert sorted(e.kind for e in source.edits()) == ["create", "delete", "edit"]
    source.save()
    assert (root / case.rel).read_bytes() == second[0]


def test_note_snapshot_and_restore(note_root: Path) -> None:
    note = NoteSource(note_root, NOTE_REL, NOTE_DAY)
    first = note.snapshot()
    note.append("Evening.")
    second = note.snapshot()
    note.set_text("something else")
    note.restore(first)
    assert note.text() == NOTE_TEXT and not note.modified
    note.restore(second)
    assert note.text() == NOTE_TEXT + "\nEvening."
    note.save()
    assert (note_root / NOTE_REL).read_bytes().decode() == NOTE_TEXT + "\nEvening."


def test_reload_drops_edits_and_reads_the_file_anew(root: Path, case: Case) -> None:
    path = root / case.rel
    source = case.source(root)
    source.edit(case.keys[0], "Mine.")
    theirs = edit_by_other(path, CONTENTS[2], "Theirs.")
    source.reload()
    assert not source.modified
    assert source.base == theirs
    assert [i.content for i in source.items()] == [CONTENTS[0], CONTENTS[1], "Theirs."]


def test_journal_records_each_change(root: Path, case: Case) -> None:
    source = case.source(root)
    source.edit(case.keys[0], "Mine: green tea.")
    source.delete(case.keys[1])
    key = source.add("New one.", case.stamp)
    source.save(cause="test cause")

    recorded = events(root)
    assert {(e.file, e.memory_id, e.kind, e.actor, e.cause) for e in recorded} == {
        (case.rel, case.keys[0], "edit", "person", "test cause"),
        (case.rel, case.keys[1], "delete", "person", "test cause"),
        (case.rel, key, "create", "person", "test cause"),
    }
    by_kind = {e.kind: e for e in recorded}
    assert by_kind["edit"].before == {"content": CONTENTS[0]}
    assert by_kind["edit"].after == {"content": "Mine: green tea."}
    assert (by_kind["delete"].before, by_kind["delete"].after) == ({"content": CONTENTS[1]}, None)
    assert (by_kind["create"].before, by_kind["create"].after) == (None, {"content": "New one."})
    assert len({e.op_id for e in recorded}) == 1  # one operation, undone as one


# -- property: whatever the person does, the file reads back as shown, untouched bytes stay -------

# Lines that are headings, time stamps, blank or odd breaks to one format or the other.
_TRICKY = [
    "## 2026-01-01",
    "[12:00:00] stamp",
    "",
    "  ",
    "  ## indented",
    "###",
    "\r",
    "a\r\nb",
    "\u2028",
    "\x85",
]
_LINE = st.one_of(
    st.sampled_from(_TRICKY),
    st.text(
        alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"),
        min_size=1,
        max_size=25,
    ),
)
_CONTENT = st.lists(_LINE, min_size=1, max_size=3).map("\n".join)
_PICO_STAMP = st.dates(date(2026, 1, 1), date(2026, 12, 31)).map(date.isoformat)
_POMELO_STAMP = st.times().map(lambda t: t.strftime("%H:%M:%S"))
_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("edit"), st.integers(0, 5), _CONTENT),
        st.tuples(st.just("delete"), st.integers(0, 5), st.just("")),
        st.tuples(st.just("add"), st.integers(0, 0), _CONTENT),
    ),
    max_size=8,
)


def entry_bytes(case: Case, data: bytes) -> dict[str, str]:
    """Each entry's own text in the file (PicoClaw: heading to text; Pomelobot: as read)."""
    if case.name == "picoclaw":
        doc = picoclaw.parse_longterm(data)
        return {e.key: e.heading_line + e.lead + (e.body or "") for e in doc.entries()}
    pdoc = pomelobot.parse_memory_file(data, case.rel)
    return {e.key: e.raw or "" for e in pdoc.entries()}


@given(
    which=st.sampled_from(CASES),
    ops=_OPS,
    stamps=st.data(),
)
def test_random_edits_read_back_as_shown(
    which: Case, ops: list[tuple[str, int, str]], stamps: st.DataObject
) -> None:
    stamp_strategy = _PICO_STAMP if which.name == "picoclaw" else _POMELO_STAMP
    with tempfile.TemporaryDirectory() as folder:
        root = make_root(Path(folder), which)
        path = root / which.rel
        before = path.read_bytes()
        source = which.source(root)
        touched: set[str] = set()
        for op, index, content in ops:
            keys = [i.key for i in source.items()]
            try:
                if op == "add":
                    source.add(content, stamps.draw(stamp_strategy))
                elif keys:
                    key = keys[index % len(keys)]
                    if op == "edit":
                        source.edit(key, content)
                    else:
                        source.delete(key)
                    touched.add(key)
            except ValueError:
                continue  # refused with a message (blank, a heading or stamp line): no change
        expected = shown(source.items())

        result = source.save()

        after = path.read_bytes()
        reread = which.source(root)
        assert shown(reread.items()) == expected
        assert (after != before) == bool(result.edits)
        old, new = entry_bytes(which, before), entry_bytes(which, after)
        for key, text in old.items():
            if key not in touched:
                assert new[key] == text
        assert os.listdir(path.parent).count(path.name) == 1
