"""The agent contract: every agent of the registry, on every demo layout it writes, walks the
journey a person walks in the window or with `memdesk` (open, check, list, show, edit, add,
delete, backups, restore, undo, review and approve, context), through the same `Agent`
interface and `core.ops` the CLI and the window share. Each step checks the files on disk:
reading writes nothing; a write changes only the files it is about, each backed up first by
the guarded commit; undo gives back every byte. A new agent gets all of it by registering.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from core.agent import ChangeSet, NotApplicable, Row
from core.capabilities import Archiving, Editing, Pinning
from core.ops import apply_and_save
from core.ops.restore import restore_and_save
from core.ops.undo import undo_and_save
from core.registry import NAMES, file_kinds
from core.review.queue import Refused, approve, run_review
from core.review.rules import RulesReviewer
from core.store.backups_view import BackupFile
from core.store.document import Saved
from core.store.documents import DocumentSet
from core.store.errors import WorkspaceError
from core.store.journal import Proposal, ProposalStatus
from core.store.settled import journal_for_reading
from tests.agents_contract.conftest import (
    LAYOUTS,
    TODAY,
    Demo,
    Files,
    agents_part,
    changed,
    everything,
    memory_files,
)
from tests.cli.conftest import LIST_KEYS, Cli
from tests.helpers import pending_at, session_at

EDITED = "Contract edit: rotate the deploy key on the first of each month"
ADDED = "Contract add: the standup moved to half past nine"


# -- what every step checks on disk ------------------------------------------------------------


def assert_guarded_write(root: Path, before: Files, expected: set[str] | None = None) -> set[str]:
    """The agent's files an operation changed (`expected`, when given), each that existed
    backed up first: a new file holds exactly the bytes it had. Returns them."""
    after = everything(root)
    touched = changed(agents_part(before), agents_part(after))
    new = after.keys() - before.keys()
    rewritten = {rel for rel in touched if rel in before}
    for rel in rewritten:
        assert any(after[n] == before[rel] for n in new), f"{rel} was rewritten without a backup"
    backups = {n for n in new if any(after[n] == before[rel] for rel in rewritten)}
    if expected is not None:
        assert touched - backups == expected
    return touched - backups


@dataclass(frozen=True)
class Picture:
    """The workspace as the agent finds it: every file, and what it injects at session start."""

    files: Files
    injected: list[str]


def picture(demo: Demo) -> Picture:
    return Picture(everything(demo.root), demo.agent.context(demo.root, today=TODAY).messages)


def assert_as_before(demo: Demo, before: Picture) -> None:
    """Every file of the agent's holds its bytes from `before`, the only new ones are backups,
    and the agent injects what it did then."""
    now, was = memory_files(demo.root), agents_part(before.files)
    assert sorted(rel for rel in was if now.get(rel) != was[rel]) == []
    backups = {b.rel for b in demo.agent.backups(demo.root)}
    assert sorted(now.keys() - was.keys() - backups) == [], "files left that were not there"
    assert demo.agent.context(demo.root, today=TODAY).messages == before.injected


def save(demo: Demo, make: Callable[[Any], ChangeSet]) -> list[str]:
    """The change set `make` gives for the open workspace, applied and saved as the CLI does
    (one operation): the files written, each that existed backed up with the bytes it had."""
    before = memory_files(demo.root)
    ws = demo.agent.open(demo.root)
    saved = apply_and_save(ws, [make(ws)])
    written = []
    for result in saved:
        rel = result.path.relative_to(demo.root).as_posix()
        if rel in before:
            assert result.backup is not None, f"{rel}: saved without a backup"
            assert result.backup.read_bytes() == before[rel]
        written.append(rel)
    return written


def undo_newest(demo: Demo) -> None:
    undo_and_save(demo.agent.open(demo.root), None)


def contents(rows: list[Row]) -> Counter[tuple[str, str]]:
    return Counter((r.file, str(r.fields.get("content"))) for r in rows)


# -- the registry --------------------------------------------------------------------------------


def test_every_registered_agent_writes_a_demo_the_suite_walks() -> None:
    assert sorted({name for name, _layout in LAYOUTS}) == sorted(NAMES)
    layouts = [layout for _name, layout in LAYOUTS]
    assert len(layouts) == len(set(layouts)), "two agents claim one demo layout"


# -- reading -------------------------------------------------------------------------------------


def test_the_demo_opens_checks_clean_and_reading_writes_nothing(demo: Demo) -> None:
    before = everything(demo.root)
    report = demo.agent.check(demo.root)
    assert report.problems == [], report.problems
    assert report.agent == demo.agent.name
    mine = [r for r in demo.rows() if r.file == demo.memory_file]
    assert mine and report.entries >= len(mine)
    listed_backups = {b.path for b in demo.agent.backups(demo.root)}
    assert set(demo.written.backups) <= listed_backups, "a backup the demo wrote is not listed"
    demo.agent.context(demo.root, today=TODAY)
    assert everything(demo.root) == before


def test_every_row_has_the_list_keys_and_names_a_file_of_the_workspace(
    demo: Demo, cli: Cli
) -> None:
    rows = demo.rows()
    for row in rows:
        assert row.fields.keys() >= LIST_KEYS, f"{row.ref}: {LIST_KEYS - row.fields.keys()}"
        assert (demo.root / row.file).is_file(), row.ref
        assert row.text
    result = cli("list", demo.root, "--json")
    assert result.code == 0, result.err
    assert [m["id"] for m in result.json()] == [r.id for r in rows]


def test_show_gives_the_memory_asked_for(demo: Demo, cli: Cli) -> None:
    row = demo.memory()
    [found] = demo.agent.lookup(demo.root, row.ref)
    assert (found.file, found.key) == (row.file, row.key)
    shown = demo.agent.show(demo.root, found)
    assert shown.data["id"] == row.id and isinstance(shown.data["history"], list)
    result = cli("show", demo.root, row.ref)
    assert result.code == 0, result.err
    assert str(row.fields["content"]).split("\n", 1)[0] in result.out
    result = cli("show", demo.root, row.ref, "--json")
    assert result.code == 0, result.err
    assert result.json()["id"] == row.id


# -- writing -------------------------------------------------------------------------------------


def test_the_open_workspace_is_a_document_set_that_saves_what_an_operation_edits(
    demo: Demo,
) -> None:
    """Tried as the window drives every agent: EverBot's workspace was its own class beside the
    shared DocumentSet; now every agent's is one, and the window's Save is the same code."""
    ws = demo.agent.open(demo.root)
    assert isinstance(ws, DocumentSet)
    changeset = demo.agent.edit(ws, demo.memory(), text=EDITED)
    assert isinstance(changeset, ChangeSet)
    assert ws.document_at(demo.memory_file) is changeset.document
    changeset.apply()
    assert ws.modified and ws.modified_documents() == [changeset.document]
    [saved] = ws.save_all()
    assert isinstance(saved, Saved) and saved.path == demo.root / demo.memory_file
    assert not ws.modified
    backups = demo.agent.backups(demo.root)
    assert all(isinstance(b, BackupFile) for b in backups)
    assert saved.backup in {b.path for b in backups}


def test_an_edit_changes_that_memory_alone_and_undo_gives_back_every_byte(demo: Demo) -> None:
    before, rows, row = picture(demo), demo.rows(), demo.memory()
    assert save(demo, lambda ws: demo.agent.edit(ws, row, text=EDITED)) == [demo.memory_file]
    assert_guarded_write(demo.root, before.files, {demo.memory_file})
    gone = contents(rows) - contents(demo.rows())
    came = contents(demo.rows()) - contents(rows)
    assert gone == Counter({(row.file, str(row.fields["content"])): 1})
    [(file, text)] = came
    assert file == row.file and EDITED in text
    undo_newest(demo)
    assert_as_before(demo, before)


# An undo removes a file the operation created: in Pomelobot's older layout an empty
# memory/scopes/main/MEMORY.md left behind would hide the root MEMORY.md from the agent.
def test_add_writes_where_the_agent_reads_or_is_not_applicable(demo: Demo) -> None:
    before, rows = picture(demo), demo.rows()
    try:
        editing = Editing[Any].of(demo.agent, demo.root, "add")
    except NotApplicable:  # the agent adds no memories: it says so, writes nothing
        assert not isinstance(demo.agent, Editing)
        assert everything(demo.root) == before.files
        return
    written = save(demo, lambda ws: editing.add(ws, ADDED))
    assert_guarded_write(demo.root, before.files, set(written))
    [(file, text)] = contents(demo.rows()) - contents(rows)
    assert file in written and ADDED in text
    assert contents(rows) - contents(demo.rows()) == Counter()
    undo_newest(demo)
    assert_as_before(demo, before)


def test_a_delete_removes_that_memory_alone_and_undo_brings_it_back(demo: Demo) -> None:
    before, rows, row = picture(demo), demo.rows(), demo.memory()
    assert save(demo, lambda ws: demo.agent.delete(ws, row)) == [demo.memory_file]
    assert_guarded_write(demo.root, before.files, {demo.memory_file})
    assert contents(rows) - contents(demo.rows()) == Counter({(row.file, row.fields["content"]): 1})
    assert contents(demo.rows()) - contents(rows) == Counter()
    undo_newest(demo)
    assert_as_before(demo, before)
    assert contents(demo.rows()) == contents(rows)


# Text a person may type or paste: each reads back as typed (line endings and the spaces around
# lines aside) or is refused with nothing written, and none adds or removes a memory.
TYPED = [
    "one\r\ntwo",
    "  spaced  ",
    "tab\there, 中文 and 😀",
    "\ufeffstarts with a BOM",
    "one\u2028two",
    "one\n---\ntwo",
    "x\x00y",  # no agent reads a NUL: MemDesk could not open the file again to undo it
    "one\n### [abc123] fact | 0.5 | 2026-10-01 | 1",  # an entry's start, as each agent writes it
    "one\n## 2026-01-01",
    "one\n[10:00:00] two",
    "one\n- two",
    "one\n\ntwo",
]


def loosely(text: str) -> str:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").strip().split("\n")
    return "\n".join(line.strip() for line in lines)


@pytest.mark.parametrize("op", ["edit", "add"])
def test_typed_text_reads_back_as_typed_or_is_refused_with_nothing_written(
    demo: Demo, op: str
) -> None:
    for text in TYPED:
        type_in(demo, op, text)


def type_in(demo: Demo, op: str, text: str) -> None:
    """`text` as a memory's new text (`edit`) or a new memory (`add`); then undone."""
    before, rows, row = everything(demo.root), demo.rows(), demo.memory()
    try:
        if op == "edit":
            save(demo, lambda ws: demo.agent.edit(ws, row, text=text))
        else:
            save(demo, lambda ws: demo.agent.add(ws, text))
    except (WorkspaceError, ValueError) as refused:
        assert "\n" not in str(refused).strip(), "a refusal says why in one line"
        assert memory_files(demo.root) == agents_part(before), f"{text!r}: written all the same"
        return
    came = contents(demo.rows()) - contents(rows)
    gone = contents(rows) - contents(demo.rows())
    assert [loosely(t) for _file, t in came] == [loosely(text)], f"{text!r} read back otherwise"
    assert gone == (Counter([(row.file, str(row.fields["content"]))]) if op == "edit" else {})
    undo_newest(demo)
    now = memory_files(demo.root)
    assert {rel: now.get(rel) for rel in agents_part(before)} == agents_part(before)


def test_show_finds_a_deleted_memory_in_the_backup_the_delete_made(demo: Demo, cli: Cli) -> None:
    row = demo.memory()
    save(demo, lambda ws: demo.agent.delete(ws, row))
    newest = demo.agent.backups(demo.root)[-1]
    for named in (row.ref, row.key):  # as `show` names it when its id is shared, and alone
        result = cli("show", demo.root, named, "--json")
        assert result.code == 0, result.err
        shown = result.json()
        assert (shown["id"], shown["only_in"]) == (row.id, newest.rel)
        assert shown["content"] == row.fields["content"]


def test_the_edits_backup_is_listed_restored_and_the_restore_undone(demo: Demo, cli: Cli) -> None:
    before = picture(demo)
    row = demo.memory()
    save(demo, lambda ws: demo.agent.edit(ws, row, text=EDITED))
    edited = picture(demo)
    backups = demo.agent.backups(demo.root)
    ours = backups[-1]  # oldest first: the one the edit made is the newest
    assert (ours.origin, ours.live) == ("memdesk", demo.memory_file)
    assert ours.raw() == before.files[demo.memory_file]
    result = cli("backups", demo.root, "--json")
    assert result.code == 0, result.err
    assert result.json()[-1]["path"] == ours.rel

    restore_and_save(demo.agent.open(demo.root), ours, kind_of=file_kinds(demo.agent))
    assert_guarded_write(demo.root, edited.files, {demo.memory_file})
    assert_as_before(demo, before)
    undo_newest(demo)  # the restore
    assert_as_before(demo, edited)


@pytest.mark.parametrize("op", ["archive", "pin"])
def test_archive_and_pin_are_undone_to_the_byte_or_refused(demo: Demo, op: str) -> None:
    before, row = picture(demo), demo.memory()
    capability = Archiving if op == "archive" else Pinning
    try:
        if op == "archive":
            archiving = Archiving[Any].of(demo.agent, demo.root)
            save(demo, lambda ws: archiving.archive(ws, row, archived=True))
        else:
            pinning = Pinning[Any].of(demo.agent, demo.root)
            save(demo, lambda ws: pinning.pin(ws, row))
    except WorkspaceError as refused:  # the agent has none (NotApplicable), or not for this one
        assert isinstance(refused, NotApplicable) or isinstance(demo.agent, capability)
        assert everything(demo.root) == before.files
        return
    assert_guarded_write(demo.root, before.files, {demo.memory_file})
    undo_newest(demo)
    assert_as_before(demo, before)


# -- review --------------------------------------------------------------------------------------


def review(demo: Demo) -> list[int]:
    """The rules review over the demo; the proposals it leaves waiting (a demo gives some)."""
    run = asyncio.run(run_review(session_at(demo.root, demo.agent), RulesReviewer(), today=TODAY))
    assert run.failed == []
    ids = [p.id for p in pending_at(demo.root)]
    assert ids, f"{demo.layout}: the rules reviewer proposes nothing on the demo"
    return ids


def proposals(demo: Demo, status: ProposalStatus) -> list[Proposal]:
    with journal_for_reading(demo.root) as journal:
        assert journal is not None
        return journal.proposals(status)


def test_approving_every_proposal_is_one_operation_undone_to_the_byte(demo: Demo) -> None:
    ids = review(demo)
    before = picture(demo)
    decided = approve(session_at(demo.root, demo.agent), ids)
    assert decided.applied == ids
    assert pending_at(demo.root) == []
    assert sorted(p.id for p in proposals(demo, "applied")) == ids
    if decided.op_id is None:  # nothing needed to change
        assert memory_files(demo.root) == agents_part(before.files)
        return
    assert assert_guarded_write(demo.root, before.files)
    undo_newest(demo)
    assert_as_before(demo, before)


def test_approving_all_applies_none_when_one_has_gone_stale(demo: Demo) -> None:
    ids = review(demo)
    first = pending_at(demo.root)[0]
    row = next(r for r in demo.rows() if r.file == first.file and first.memory_id in (r.key, r.id))
    save(demo, lambda ws: demo.agent.edit(ws, row, text=EDITED))  # the memory changed since
    before = everything(demo.root)
    with pytest.raises(Refused) as refused:
        approve(session_at(demo.root, demo.agent), ids)
    assert first.id in refused.value.reasons
    assert memory_files(demo.root) == agents_part(before)
    assert [p.id for p in pending_at(demo.root)] == ids


# -- context -------------------------------------------------------------------------------------


def test_context_names_workspace_files_and_shows_an_edit(demo: Demo) -> None:
    before = everything(demo.root)
    found = demo.agent.context(demo.root, today=TODAY)
    assert found.parts and found.messages
    for part in found.parts:
        if part.outside:  # a file the agent loads from elsewhere (Claude Code's CLAUDE.md)
            assert Path(part.file).is_file() and not Path(part.file).is_relative_to(demo.root)
            continue
        assert not Path(part.file).is_absolute() and ".." not in Path(part.file).parts
        assert part.chars == 0 or (demo.root / part.file).is_file(), part.file
    assert everything(demo.root) == before
    sent = "\n".join(found.messages)
    seen = [
        r
        for r in demo.rows()
        if r.file == demo.memory_file
        and demo.agent.reviewed(r)
        and str(r.fields["content"]).split("\n", 1)[0] in sent
    ]
    assert seen, f"{demo.layout}: no memory of {demo.memory_file} is in what the agent injects"
    save(demo, lambda ws: demo.agent.edit(ws, seen[0], text=EDITED))
    assert EDITED in "\n".join(demo.agent.context(demo.root, today=TODAY).messages)


# -- the CLI over the same workspace -------------------------------------------------------------


def test_the_cli_edits_and_undoes_to_the_byte(demo: Demo, cli: Cli) -> None:
    before = picture(demo)
    row = demo.memory()
    result = cli("edit", demo.root, row.ref, "--text", EDITED)
    assert result.code == 0, result.err
    assert_guarded_write(demo.root, before.files, {demo.memory_file})
    result = cli("undo", demo.root)
    assert result.code == 0, result.err
    assert_as_before(demo, before)


def test_every_command_works_or_says_in_one_line_why_not_and_writes_nothing(
    demo: Demo, cli: Cli
) -> None:
    """What an agent does not do (decay, pin, archive, policy, chunks...) is refused with one
    line naming why (exit 1); no command here writes, and undo with nothing saved refuses."""
    row = demo.memory()
    commands = [
        ("check",),
        ("context",),
        ("decay", "--at", "2026-11-20"),
        ("policy",),
        ("snapshots",),
        ("retrieve", "deploy"),
        ("chunks", demo.memory_file),
        ("where", row.ref),
        ("activity",),
        ("diff",),
        ("undo",),
    ]
    before = everything(demo.root)
    for command, *args in commands:
        result = cli(command, demo.root, *args)
        assert result.code in (0, 1), f"{command}: exit {result.code}: {result.err}"
        assert result.code == 0 or len(result.err.strip().splitlines()) == 1, result.err
        assert everything(demo.root) == before, f"{command} wrote"
