"""A command, or a page of the window, opens the workspace's journal at most once: every step
of it (finding the memory, the guarded commit, the backups' retention, the agent's own
bookkeeping, the warning about an unreadable journal) reads and writes through that one handle,
where each used to open it again by path."""

from __future__ import annotations

import asyncio
import os
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from core.capabilities import Editing
from core.ops.activity import operations
from core.ops.undo import undo_and_save
from core.registry import agent_named
from core.review.queue import run_review
from core.review.rules import RulesReviewer
from core.session import Session
from core.store.journal import Journal

EVERBOT = agent_named("everbot")


def opens_counted(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every time the journal is opened from now on (`open_for_inspection` opens it too)."""
    opened: list[Path] = []
    real = Journal.open.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Journal], workspace: Path) -> Journal:
        opened.append(workspace)
        return real(cls, workspace)  # type: ignore[no-any-return]

    monkeypatch.setattr(Journal, "open", classmethod(counting))
    return opened


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    assert main(["edit", str(root), first_id(root), "--score", "0.5"]) == 0  # a journal, a backup
    return root


def first_id(root: Path) -> str:
    return next(r.id for r in EVERBOT.rows(root))


def newest_backup(root: Path) -> str:
    """MemDesk's backup of the last edit (the file before it)."""
    return f".memdesk/backups/{sorted(os.listdir(root / '.memdesk' / 'backups'))[-1]}"


@pytest.mark.parametrize(
    "command",
    [
        lambda root: ["edit", str(root), first_id(root), "--score", "0.25"],
        lambda root: ["restore", str(root), newest_backup(root)],
        lambda root: ["undo", str(root)],
    ],
    ids=["edit", "restore", "undo"],
)
def test_a_write_command_opens_the_journal_once(
    demo: Path, monkeypatch: pytest.MonkeyPatch, command: object
) -> None:
    args = command(demo)  # type: ignore[operator]
    before = (demo / "MEMORY.md").read_bytes()
    opened = opens_counted(monkeypatch)

    assert main(args) == 0

    assert (demo / "MEMORY.md").read_bytes() != before
    assert len(opened) == 1, f"memdesk {args[0]} opened the journal {len(opened)} times"


def test_the_windows_undo_and_activity_page_open_no_journal_of_their_own(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window holds the session's journal: its Activity page lists and shows through it,
    and undoing an operation there reads and writes through it too."""
    with Session(EVERBOT, EVERBOT.open(demo)) as session:
        opened = opens_counted(monkeypatch)
        [op] = operations(demo, held=session.journal)[:1]
        undo, saved = undo_and_save(session.workspace, op.op_id, held=session.journal)
        assert saved and undo.operation.op_id == op.op_id
        assert operations(demo, held=session.journal)[0].undoes == op.op_id
        assert len(opened) == 1, f"the journal was opened {len(opened)} times"


def test_review_now_reads_the_sessions_workspace_unless_it_holds_unsaved_edits(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Review now" in the window reviews the workspace the window holds, through its journal;
    when that copy holds unsaved edits, it reviews the saved files (read anew), as before."""
    read_anew: list[Path] = []
    real_open = type(EVERBOT).open

    def counting_open(agent: Any, path: Path) -> Any:
        read_anew.append(path)
        return real_open(agent, path)

    with Session(EVERBOT, EVERBOT.open(demo)) as session:
        monkeypatch.setattr(type(EVERBOT), "open", counting_open)
        opened = opens_counted(monkeypatch)

        asyncio.run(run_review(session, RulesReviewer(), today=date.today()))

        assert read_anew == [] and len(opened) == 1
        row = EVERBOT.rows_in(session.workspace)[0]
        Editing[Any].of(EVERBOT, demo, "edit").edit(session.workspace, row, score=0.1).apply()
        assert session.workspace.modified

        asyncio.run(run_review(session, RulesReviewer(), today=date.today()))

        assert read_anew == [demo] and len(opened) == 1
        assert session.workspace.modified  # the person's edit is still there, unsaved
