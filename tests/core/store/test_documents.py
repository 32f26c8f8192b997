"""Documents of PicoClaw and Pomeloclaw / Pomelobot workspaces (SPEC 2.2-2.4 and 5), on real files.

Every save goes through the one guarded commit: read what is on disk, merge by entry, backup,
atomic replace, journal. "The agent" writing meanwhile is a real second process (a Python
subprocess appending in the agent's own format) or, where only the bytes matter, the test
writing the file directly.
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
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.picoclaw import format as picoclaw
from core.agents.pomelobot import format as pomelobot
from core.formats.whole_text import WHOLE_TEXT_KEY
from core.ops.entries import add_entry, delete_entry, edit_entry
from core.store.backups import own_backup_dir
from core.store.commit import Target
from core.store.document import Document, Item
from core.store.errors import WorkspaceError
from core.store.journal import Journal, RecordedEvent
from core.store.merge import OUTSIDE, Conflict, ConflictError

AnyDocument = Document[Any, Any]

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

    def document(self, root: Path) -> AnyDocument:
        if self.name == "picoclaw":
            backups = root / "memory" / "backups"
            fmt: Any = picoclaw.LongTermFormat(self.rel)
        else:
            backups = own_backup_dir(root, root / self.rel)
            fmt = pomelobot.MemoryFileFormat(self.rel, pomelobot.file_kind(self.rel))
        return Document.read(Target(root, self.rel, backups), fmt)

    def draft(self, content: str, stamp: str) -> Any:
        """A new entry as the agent writes it; `stamp` is a date (PicoClaw) or a time."""
        if self.name == "picoclaw":
            return picoclaw.draft_entry(content, date.fromisoformat(stamp))
        return pomelobot.draft_entry(content, stamp)

    def add(self, doc: AnyDocument, content: str, stamp: str) -> str:
        """Add an entry; returns the key it got."""
        (made,) = add_entry(doc, self.draft(content, stamp)).apply()
        return made.key


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


def open_note(root: Path, rel: str = NOTE_REL) -> AnyDocument:
    """A daily note as the workspace opens it (backups under .memdesk/)."""
    target = Target(root, rel, own_backup_dir(root, root / rel))
    return Document.read(target, picoclaw.NoteFormat(rel))


def append_note(note: AnyDocument, content: str, day: date) -> None:
    """The person appends to a daily note as the agent's AppendToday does."""
    current = note.item(WHOLE_TEXT_KEY)
    existing = None if current is None else current.content
    note.set_text(picoclaw.daily_append_text(existing, content, day))


def run_agent(script: str, *args: object) -> None:
    """The agent writing in a process of its own (returns when it has written)."""
    subprocess.run([sys.executable, "-c", script, *map(str, args)], check=True, timeout=60)


def backups_in(root: Path, rel_dir: str) -> list[Path]:
    folder = root / rel_dir
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def all_backups(root: Path) -> list[Path]:
    return backups_in(root, ".memdesk/backups") + backups_in(root, "memory/backups")


def events(root: Path) -> list[RecordedEvent]:
    """Every journal event, oldest first (none when there is no journal at all)."""
    if not Journal.db_path(root).exists():
        return []
    with Journal.open(root) as journal:
        return list(reversed(journal.recent_events(10_000)))


def has_journal(root: Path) -> bool:
    return Journal.db_path(root).exists()


def shown(items: Sequence[Item]) -> list[tuple[str, str]]:
    return [(i.label, i.content) for i in items]


def content_of(doc: AnyDocument, key: str) -> str:
    item = doc.item(key)
    assert item is not None, key
    return item.content


def kinds(changes: Sequence[Any]) -> list[str]:
    return [ch.kind for ch in changes]


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
    doc = case.document(root)
    assert not doc.modified

    result = doc.save()
    assert (result.backup, result.merged, result.changes) == (None, False, ())

    # An edit taken back is no change either.
    edit_entry(doc, case.keys[1], "something else").apply()
    assert doc.modified
    edit_entry(doc, case.keys[1], CONTENTS[1]).apply()
    assert not doc.modified
    assert doc.net_changes() == []
    assert doc.save().backup is None

    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == mtime
    assert all_backups(root) == []
    assert not has_journal(root)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_one_edit_changes_only_that_entry(root: Path, case: Case) -> None:
    path = root / case.rel
    before = path.read_bytes()
    doc = case.document(root)
    edit_entry(doc, case.keys[1], "Orion ships on Thursdays now.").apply()
    assert kinds(doc.net_changes()) == ["edit"]

    result = doc.save()

    expected = before.decode().replace(
        case.entry(case.keys[1], CONTENTS[1]),
        case.entry(case.keys[1], "Orion ships on Thursdays now."),
    )
    assert path.read_bytes() == expected.encode("utf-8")
    assert path.read_bytes() != before
    assert not result.merged
    assert [ch.key for ch in result.changes] == [case.keys[1]]
    # The backup: the exact old bytes, named like the agent's, in this layout's folder only.
    assert result.backup is not None
    assert result.backup.parent == root / case.backup_dir
    match = BACKUP_NAME.fullmatch(result.backup.name)
    assert match is not None and match["name"] == "MEMORY.md"
    assert result.backup.read_bytes() == before
    assert backups_in(root, case.backup_dir) == [result.backup]
    assert backups_in(root, case.other_backup_dir) == []
    assert not doc.modified
    assert content_of(doc, case.keys[1]) == "Orion ships on Thursdays now."


def test_delete_removes_only_that_entry(root: Path, case: Case) -> None:
    path = root / case.rel
    before = path.read_bytes().decode()
    doc = case.document(root)
    delete_entry(doc, case.keys[1]).apply()
    doc.save()
    assert path.read_bytes().decode() == before.replace(
        case.appended(case.keys[1], CONTENTS[1]), ""
    )

    # Deleting the entry the agent appended last gives the file back as it was before it.
    delete_entry(doc, case.keys[2]).apply()
    doc.save()
    assert path.read_bytes().decode() == case.header + case.appended(case.keys[0], CONTENTS[0])


def test_add_uses_the_agents_format(root: Path, case: Case) -> None:
    path = root / case.rel
    before = path.read_bytes()
    doc = case.document(root)
    key = case.add(doc, "Remember the milk.", case.stamp)
    assert key == case.stamp
    assert kinds(doc.net_changes()) == ["create"]
    doc.save()
    expected = before.decode() + case.appended(case.stamp, "Remember the milk.")
    assert path.read_bytes() == expected.encode("utf-8")
    assert case.document(root).item(case.stamp) is not None


def test_bad_edits_are_refused_with_a_message(root: Path, case: Case) -> None:
    doc = case.document(root)
    with pytest.raises(WorkspaceError, match="no entry"):
        edit_entry(doc, "nope", "text")
    with pytest.raises(WorkspaceError, match="no entry"):
        delete_entry(doc, "nope")
    with pytest.raises(ValueError, match=r"blank|needs some text"):
        edit_entry(doc, case.keys[0], "   ")
    with pytest.raises(ValueError):
        case.add(doc, "\n\n", case.stamp)
    assert not doc.modified


def test_picoclaw_refuses_text_that_would_start_another_entry(tmp_path: Path) -> None:
    root = make_root(tmp_path / "ws", PICO)
    doc = PICO.document(root)
    for content in ("first\n## 2026-03-01\n\nsecond", "## Not a memory", "a\r\n## b"):
        with pytest.raises(ValueError, match='starts with "## "'):
            edit_entry(doc, PICO.keys[0], content)
        with pytest.raises(ValueError, match='starts with "## "'):
            PICO.add(doc, content, PICO.stamp)
    assert not doc.modified
    # Not headings for the agent: kept as they are.
    edit_entry(doc, PICO.keys[0], "a\n### sub heading\n  ## indented\n##no space").apply()
    doc.save()
    assert [i.key for i in PICO.document(root).items()] == list(PICO.keys)


# -- the agent writes meanwhile ------------------------------------------------------------------


def test_agent_append_in_another_process_is_merged(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[0], "User prefers green tea.").apply()
    case.add(doc, "Mine: the VPN moved.", case.stamp)

    agent_stamp = "2026-03-02" if case.name == "picoclaw" else "12:00:01"
    run_agent(case.agent, path, agent_stamp, "Agent: the build server moved.")
    theirs = path.read_bytes().decode()
    assert theirs.endswith(case.appended(agent_stamp, "Agent: the build server moved."))
    assert doc.changed_on_disk()

    result = doc.save()

    assert result.merged
    expected = theirs.replace(
        case.entry(case.keys[0], CONTENTS[0]), case.entry(case.keys[0], "User prefers green tea.")
    ) + case.appended(case.stamp, "Mine: the VPN moved.")
    assert path.read_bytes().decode() == expected
    assert result.backup is not None
    assert result.backup.read_bytes().decode() == theirs  # what was on disk, the agent's append
    reread = case.document(root)
    assert shown(reread.items()) == shown(doc.items())
    assert (agent_stamp, "Agent: the build server moved.") in shown(reread.items())
    assert not doc.modified
    assert not doc.changed_on_disk()


def test_same_entry_changed_on_both_sides_is_a_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[0], "Mine: green tea.").apply()  # no clash, but not written either
    edit_entry(doc, case.keys[1], "Mine: Thursdays.").apply()
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    with pytest.raises(ConflictError) as raised:
        doc.save()

    assert raised.value.conflicts == [
        Conflict(case.keys[1], CONTENTS[1], "Mine: Thursdays.", "Theirs: Mondays.")
    ]
    assert raised.value.exit_code == 1
    assert case.keys[1] in str(raised.value)
    assert path.read_bytes() == theirs
    assert all_backups(root) == []
    assert events(root) == []
    assert doc.modified  # the person's edits are still there to settle


def test_conflict_settled_with_mine(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[1], "Mine: Thursdays.").apply()
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    result = doc.save(resolutions={case.keys[1]: "mine"})

    expected = theirs.decode().replace(
        case.entry(case.keys[1], "Theirs: Mondays."), case.entry(case.keys[1], "Mine: Thursdays.")
    )
    assert path.read_bytes().decode() == expected
    assert result.merged
    assert result.backup is not None and result.backup.read_bytes() == theirs
    assert [(e.memory_id, e.after) for e in events(root)] == [
        (case.keys[1], {"content": "Mine: Thursdays."})
    ]


def test_conflict_settled_with_a_text_the_person_wrote(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[1], "Mine: Thursdays.").apply()
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    doc.save(resolutions={case.keys[1]: "Both: Mondays and Thursdays."})

    expected = theirs.decode().replace(
        case.entry(case.keys[1], "Theirs: Mondays."),
        case.entry(case.keys[1], "Both: Mondays and Thursdays."),
    )
    assert path.read_bytes().decode() == expected
    assert content_of(doc, case.keys[1]) == "Both: Mondays and Thursdays."
    assert [(e.memory_id, e.after) for e in events(root)] == [
        (case.keys[1], {"content": "Both: Mondays and Thursdays."})
    ]


def test_conflict_settled_with_theirs(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[0], "Mine: green tea.").apply()
    edit_entry(doc, case.keys[1], "Mine: Thursdays.").apply()
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    result = doc.save(resolutions={case.keys[1]: "theirs"})

    expected = theirs.decode().replace(
        case.entry(case.keys[0], CONTENTS[0]), case.entry(case.keys[0], "Mine: green tea.")
    )
    assert path.read_bytes().decode() == expected
    assert [ch.key for ch in result.changes] == [case.keys[0]]
    # Only the edit that was made is journaled, not the one given up.
    assert [e.memory_id for e in events(root)] == [case.keys[0]]
    assert content_of(doc, case.keys[1]) == "Theirs: Mondays."
    assert not doc.modified


def test_only_theirs_writes_nothing(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[1], "Mine: Thursdays.").apply()
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")
    result = doc.save(resolutions={case.keys[1]: "theirs"})
    assert (result.backup, result.changes) == (None, ())
    assert path.read_bytes() == theirs
    assert all_backups(root) == []
    assert events(root) == []
    assert not doc.modified
    assert content_of(doc, case.keys[1]) == "Theirs: Mondays."


def test_delete_here_edit_there_is_a_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    delete_entry(doc, case.keys[1]).apply()
    theirs = edit_by_other(path, CONTENTS[1], "Theirs: Mondays.")

    with pytest.raises(ConflictError) as raised:
        doc.save()
    assert raised.value.conflicts == [Conflict(case.keys[1], CONTENTS[1], None, "Theirs: Mondays.")]
    assert path.read_bytes() == theirs

    doc.save(resolutions={case.keys[1]: "mine"})
    expected = theirs.decode().replace(case.appended(case.keys[1], "Theirs: Mondays."), "")
    assert path.read_bytes().decode() == expected


def test_edit_here_delete_there_is_a_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[1], "Mine: Thursdays.").apply()
    theirs = edit_by_other(path, case.appended(case.keys[1], CONTENTS[1]), "")

    with pytest.raises(ConflictError) as raised:
        doc.save()
    assert raised.value.conflicts == [Conflict(case.keys[1], CONTENTS[1], "Mine: Thursdays.", None)]
    assert path.read_bytes() == theirs

    # "mine" brings the entry back, appended with its own stamp.
    doc.save(resolutions={case.keys[1]: "mine"})
    assert path.read_bytes().decode() == theirs.decode() + case.appended(
        case.keys[1], "Mine: Thursdays."
    )


def test_deleted_on_both_sides_is_no_conflict(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    delete_entry(doc, case.keys[1]).apply()
    theirs = edit_by_other(path, case.appended(case.keys[1], CONTENTS[1]), "")
    result = doc.save()
    assert result.merged
    assert result.backup is None  # the file already is what the person wants
    assert path.read_bytes() == theirs
    assert not doc.modified


def test_a_file_deleted_while_edited_is_refused(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    edit_entry(doc, case.keys[1], "Mine: Thursdays.").apply()
    path.unlink()

    with pytest.raises(WorkspaceError, match="the file is gone") as raised:
        doc.save()

    assert raised.value.exit_code == 1
    assert not path.exists()
    assert all_backups(root) == []
    assert events(root) == []
    assert doc.modified


# -- the whole text edited ------------------------------------------------------------------------


def test_whole_text_edit_without_another_writer(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    text = doc.text().replace(CONTENTS[0], "Mine: green tea.")
    text = text.replace(case.header.strip(), case.header.strip() + " (edited)")
    doc.set_text(text)
    assert doc.modified and doc.whole_text

    result = doc.save()

    assert path.read_bytes().decode() == text
    assert not result.merged
    assert [(e.memory_id, e.kind) for e in events(root)] == [(case.keys[0], "edit")]
    assert not doc.modified and not doc.whole_text


AGENT_STAMP = {"picoclaw": "2026-03-02", "pomelobot": "12:00:01"}
AGENT_SAYS = "Agent: the build server moved."


def whole_text_edit(doc: AnyDocument, case: Case) -> str:
    """The person edits the file as a text: the header and one entry; returns the new text."""
    mine = doc.text().replace(case.header.strip(), case.header.strip() + " (edited)")
    mine = mine.replace(CONTENTS[2], "Mine: short answers.")
    doc.set_text(mine)
    return mine


def test_whole_text_edit_keeps_an_agent_append_made_meanwhile(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    mine = whole_text_edit(doc, case)
    run_agent(case.agent, path, AGENT_STAMP[case.name], AGENT_SAYS)

    doc.save(resolutions={OUTSIDE: "mine"})

    assert path.read_bytes().decode() == mine + case.appended(AGENT_STAMP[case.name], AGENT_SAYS)
    assert (AGENT_STAMP[case.name], AGENT_SAYS) in shown(doc.items())
    assert not doc.modified


@pytest.mark.parametrize(
    "which",
    [
        pytest.param(PICO, id="picoclaw"),
        pytest.param(POMELO, id="pomelobot"),
    ],
)
def test_an_agent_append_alone_does_not_conflict_with_a_whole_text_edit(
    tmp_path: Path, which: Case
) -> None:
    root = make_root(tmp_path / "ws", which)
    path = root / which.rel
    doc = which.document(root)
    mine = whole_text_edit(doc, which)
    run_agent(which.agent, path, AGENT_STAMP[which.name], AGENT_SAYS)

    result = doc.save()  # the other side changed no text outside entries: nothing to settle

    assert result.merged
    assert path.read_bytes().decode() == mine + which.appended(AGENT_STAMP[which.name], AGENT_SAYS)


def test_whole_text_edit_meeting_another_text_change_is_a_conflict_that_keeps_the_append(
    root: Path, case: Case
) -> None:
    path = root / case.rel
    doc = case.document(root)
    base = doc.text()
    mine = whole_text_edit(doc, case)
    edit_by_other(path, case.header.strip(), case.header.strip() + " (theirs)")
    run_agent(case.agent, path, AGENT_STAMP[case.name], AGENT_SAYS)
    theirs = path.read_bytes()

    with pytest.raises(ConflictError) as raised:
        doc.save()
    assert raised.value.conflicts == [Conflict(OUTSIDE, base, mine, theirs.decode())]
    assert path.read_bytes() == theirs
    assert all_backups(root) == []
    assert events(root) == []

    # The person's text wins, and the agent's entry, which clashes with nothing, survives.
    result = doc.save(resolutions={OUTSIDE: "mine"})
    assert path.read_bytes().decode() == mine + case.appended(AGENT_STAMP[case.name], AGENT_SAYS)
    assert result.backup is not None and result.backup.read_bytes() == theirs
    assert (AGENT_STAMP[case.name], AGENT_SAYS) in shown(doc.items())
    assert not doc.modified


def test_whole_text_conflict_settled_with_theirs_keeps_the_persons_entry_edits(
    root: Path, case: Case
) -> None:
    path = root / case.rel
    doc = case.document(root)
    whole_text_edit(doc, case)
    edit_by_other(path, case.header.strip(), case.header.strip() + " (theirs)")
    run_agent(case.agent, path, AGENT_STAMP[case.name], AGENT_SAYS)
    theirs = path.read_bytes().decode()

    doc.save(resolutions={OUTSIDE: "theirs"})

    # The other program's text outside entries, with the person's entry edit replayed onto it.
    assert path.read_bytes().decode() == theirs.replace(CONTENTS[2], "Mine: short answers.")
    assert (AGENT_STAMP[case.name], AGENT_SAYS) in shown(doc.items())
    assert [(e.memory_id, e.kind) for e in events(root)] == [(case.keys[2], "edit")]
    assert not doc.modified


def test_whole_text_conflict_settled_with_a_text_the_person_wrote(root: Path, case: Case) -> None:
    path = root / case.rel
    doc = case.document(root)
    whole_text_edit(doc, case)
    edit_by_other(path, case.header.strip(), case.header.strip() + " (theirs)")
    run_agent(case.agent, path, AGENT_STAMP[case.name], AGENT_SAYS)
    written = case.text().replace(case.header.strip(), case.header.strip() + " (both)")

    doc.save(resolutions={OUTSIDE: written})

    assert path.read_bytes().decode() == written + case.appended(AGENT_STAMP[case.name], AGENT_SAYS)
    assert not doc.modified


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
    target = Target(tmp_path, TRANSCRIPT_REL, tmp_path / ".memdesk" / "backups")
    doc = Document.read(target, pomelobot.MemoryFileFormat(TRANSCRIPT_REL, "transcript"))
    assert doc.read_only
    assert [i.content for i in doc.items()] == [
        "hi, remember my dog is called Bob",
        "Noted: your dog is Bob.",
    ]
    with pytest.raises(WorkspaceError, match="read-only"):
        edit_entry(doc, "09:00:00", "changed").apply()
    with pytest.raises(WorkspaceError, match="read-only"):
        delete_entry(doc, "09:00:00").apply()
    with pytest.raises(WorkspaceError, match="read-only"):
        add_entry(doc, pomelobot.draft_entry("new", "10:00:00")).apply()
    with pytest.raises(WorkspaceError, match="read-only"):
        doc.set_text("# Session Transcript\n")
    with pytest.raises(WorkspaceError, match="read-only") as raised:
        doc.save()
    assert raised.value.exit_code == 1
    assert not doc.modified
    assert path.read_text(encoding="utf-8") == TRANSCRIPT
    assert not (tmp_path / ".memdesk").exists()


def test_read_only_file_is_refused_and_nothing_written(root: Path, case: Case) -> None:
    # core.store.atomic refuses a file without write bits even for root, so this runs as root too.
    path = root / case.rel
    before = path.read_bytes()
    listing = sorted(p.name for p in path.parent.iterdir())
    path.chmod(0o444)
    doc = case.document(root)
    edit_entry(doc, case.keys[0], "Mine: green tea.").apply()

    with pytest.raises(WorkspaceError, match="read-only") as raised:
        doc.save()

    assert raised.value.exit_code == 1
    assert path.read_bytes() == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
    assert sorted(p.name for p in path.parent.iterdir()) == listing  # no temp file left
    assert all_backups(root) == []
    assert not has_journal(root)
    assert doc.modified


def test_read_only_note_is_refused(note_root: Path) -> None:
    path = note_root / NOTE_REL
    path.chmod(0o444)
    note = open_note(note_root)
    append_note(note, "Evening: more.", NOTE_DAY)
    with pytest.raises(WorkspaceError, match="read-only"):
        note.save()
    assert path.read_bytes() == NOTE_TEXT.encode()
    assert all_backups(note_root) == []


# -- daily notes ----------------------------------------------------------------------------------


def test_note_keeps_the_agents_append_after_the_persons_text(note_root: Path) -> None:
    path = note_root / NOTE_REL
    note = open_note(note_root)
    assert note.text() == NOTE_TEXT
    mine = NOTE_TEXT.replace("Orion backlog", "Orion and Vega backlogs")
    note.set_text(mine)
    run_agent(NOTE_AGENT, path, "Evening: deployed Vega.")
    theirs = path.read_bytes()

    result = note.save()

    assert result.merged
    assert path.read_bytes().decode() == mine + "\nEvening: deployed Vega."
    assert note.text() == mine + "\nEvening: deployed Vega."
    assert result.backup is not None
    assert result.backup.parent == note_root / ".memdesk" / "backups" / "memory" / "202602"
    assert result.backup.read_bytes() == theirs
    assert backups_in(note_root, "memory/backups") == []
    assert not note.modified


def test_note_appended_here_and_edited_there_keeps_both(note_root: Path) -> None:
    path = note_root / NOTE_REL
    note = open_note(note_root)
    note.set_text(NOTE_TEXT + "\nMine.")
    theirs = edit_by_other(path, "Morning", "Early morning")
    note.save()
    assert path.read_bytes().decode() == theirs.decode() + "\nMine."


def test_note_changed_otherwise_is_a_conflict(note_root: Path) -> None:
    path = note_root / NOTE_REL
    note = open_note(note_root)
    mine = NOTE_TEXT.replace("paired with Lin", "paired with Lin and Sam")  # not an append
    note.set_text(mine)
    theirs = edit_by_other(path, "Morning", "Early morning")

    with pytest.raises(ConflictError) as raised:
        note.save()
    assert raised.value.conflicts == [Conflict(WHOLE_TEXT_KEY, NOTE_TEXT, mine, theirs.decode())]
    assert path.read_bytes() == theirs
    assert all_backups(note_root) == []

    result = note.save(resolutions={WHOLE_TEXT_KEY: "mine"})
    assert path.read_bytes().decode() == mine
    assert result.backup is not None and result.backup.read_bytes() == theirs


def test_note_conflict_settled_with_theirs_writes_nothing(note_root: Path) -> None:
    path = note_root / NOTE_REL
    note = open_note(note_root)
    note.set_text(NOTE_TEXT.replace("paired with Lin", "paired with Lin and Sam"))
    theirs = edit_by_other(path, "Morning", "Early morning")
    result = note.save(resolutions={WHOLE_TEXT_KEY: "theirs"})
    assert (result.backup, result.changes) == (None, ())
    assert path.read_bytes() == theirs
    assert note.text() == theirs.decode()
    assert not note.modified
    assert all_backups(note_root) == []
    assert events(note_root) == []


def test_new_note_in_a_new_month_is_created_in_the_agents_format(note_root: Path) -> None:
    rel = "memory/202603/20260303.md"
    assert not (note_root / "memory" / "202603").exists()
    note = open_note(note_root, rel)
    assert not note.exists and note.text() == ""
    append_note(note, "First thing.", date(2026, 3, 3))
    append_note(note, "Second thing.", date(2026, 3, 3))

    result = note.save()

    assert (note_root / rel).read_bytes() == b"# 2026-03-03\n\nFirst thing.\nSecond thing."
    assert result.backup is None
    assert note.exists
    assert [(e.kind, e.before, e.after) for e in events(note_root)] == [
        ("create", None, {"content": "# 2026-03-03\n\nFirst thing.\nSecond thing."})
    ]


def test_note_created_by_both_sides_is_a_conflict(note_root: Path) -> None:
    rel = "memory/202603/20260303.md"
    note = open_note(note_root, rel)
    append_note(note, "Mine.", date(2026, 3, 3))
    (note_root / "memory" / "202603").mkdir()
    (note_root / rel).write_bytes(b"# 2026-03-03\n\nTheirs.")
    with pytest.raises(ConflictError) as raised:
        note.save()
    assert raised.value.conflicts == [
        Conflict(WHOLE_TEXT_KEY, None, "# 2026-03-03\n\nMine.", "# 2026-03-03\n\nTheirs.")
    ]
    assert (note_root / rel).read_bytes() == b"# 2026-03-03\n\nTheirs."


def test_note_refuses_nul(note_root: Path) -> None:
    note = open_note(note_root)
    with pytest.raises(ValueError, match="NUL"):
        note.set_text("a\0b")
    assert not note.modified


# -- snapshots, reload, journal ------------------------------------------------------------------


def test_entry_document_snapshot_and_restore(root: Path, case: Case) -> None:
    doc = case.document(root)
    first = doc.snapshot()
    items = doc.items()
    edit_entry(doc, case.keys[0], "Mine: green tea.").apply()
    delete_entry(doc, case.keys[2]).apply()
    case.add(doc, "New one.", case.stamp)
    second = doc.snapshot()
    rendered = doc.render()
    edited = shown(doc.items())
    assert edited != shown(items)

    doc.restore(first)
    assert doc.items() == items
    assert not doc.modified
    assert doc.net_changes() == []

    doc.restore(second)
    assert shown(doc.items()) == edited
    assert sorted(kinds(doc.net_changes())) == ["create", "delete", "edit"]
    doc.save()
    assert (root / case.rel).read_bytes() == rendered


def test_note_snapshot_and_restore(note_root: Path) -> None:
    note = open_note(note_root)
    first = note.snapshot()
    append_note(note, "Evening.", NOTE_DAY)
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
    doc = case.document(root)
    edit_entry(doc, case.keys[0], "Mine.").apply()
    theirs = edit_by_other(path, CONTENTS[2], "Theirs.")
    doc.reload()
    assert not doc.modified
    assert doc.base == theirs
    assert [i.content for i in doc.items()] == [CONTENTS[0], CONTENTS[1], "Theirs."]


def test_journal_records_each_change(root: Path, case: Case) -> None:
    doc = case.document(root)
    edit_entry(doc, case.keys[0], "Mine: green tea.").apply()
    delete_entry(doc, case.keys[1]).apply()
    key = case.add(doc, "New one.", case.stamp)
    doc.save(cause="test cause")

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
        doc = which.document(root)
        touched: set[str] = set()
        for op, index, content in ops:
            keys = [i.key for i in doc.items()]
            try:
                if op == "add":
                    which.add(doc, content, stamps.draw(stamp_strategy))
                elif keys:
                    key = keys[index % len(keys)]
                    if op == "edit":
                        edit_entry(doc, key, content).apply()
                    else:
                        delete_entry(doc, key).apply()
                    touched.add(key)
            except ValueError:
                continue  # refused with a message (blank, a heading or stamp line): no change
        expected = shown(doc.items())

        result = doc.save()

        after = path.read_bytes()
        reread = which.document(root)
        assert shown(reread.items()) == expected
        assert (after != before) == bool(result.changes)
        old, new = entry_bytes(which, before), entry_bytes(which, after)
        for key, text in old.items():
            if key not in touched:
                assert new[key] == text
        assert os.listdir(path.parent).count(path.name) == 1


# -- text typed over an older version of the file -----------------------------------------------


def test_text_typed_over_a_note_the_agent_appended_to_keeps_the_agents_line(
    note_root: Path,
) -> None:
    """Tried as a person would: typing in a daily note while the agent appends to it, then
    applying after the window read the note anew: the agent's line stays after the typed text."""
    note = open_note(note_root)
    run_agent(NOTE_AGENT, note_root / NOTE_REL, "Evening: the agent's line.")
    note.reload()
    typed = NOTE_TEXT + "\nTyped by the person."
    note.set_text(typed, base=NOTE_TEXT)
    assert note.text() == typed + "\nEvening: the agent's line."
    note.save()
    assert (note_root / NOTE_REL).read_text(encoding="utf-8") == note.text()


def test_whole_text_typed_over_an_older_file_keeps_the_agents_new_entry(
    root: Path, case: Case
) -> None:
    doc = case.document(root)
    base = doc.text()
    run_agent(case.agent, root / case.rel, case.stamp, "The agent's new memory.")
    doc.reload()
    typed = base.replace(CONTENTS[0], "User prefers green tea.")
    doc.set_text(typed, base=base)
    text = doc.text()
    assert "User prefers green tea." in text and CONTENTS[0] not in text
    assert "The agent's new memory." in text


def test_whole_text_typed_over_an_entry_the_agent_changed_is_a_conflict(
    root: Path, case: Case
) -> None:
    doc = case.document(root)
    base = doc.text()
    edit_by_other(root / case.rel, CONTENTS[0], "User prefers coffee.")
    doc.reload()
    with pytest.raises(ConflictError):
        doc.set_text(base.replace(CONTENTS[0], "User prefers green tea."), base=base)
    assert "User prefers coffee." in doc.text() and not doc.modified
