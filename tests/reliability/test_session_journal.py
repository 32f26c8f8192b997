"""A session opens the workspace's journal once and holds it: approving a proposal reads and
writes through that one handle (the queue, the guarded commit, the backups' retention), where
it used to open the journal again by path at each step (seven times for one proposal)."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from core.registry import agent_named
from core.review.queue import approve, pending, run_review
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


def test_approving_one_proposal_opens_the_journal_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    with Session.open(EVERBOT, root) as session:
        asyncio.run(run_review(session, RulesReviewer(), today=date.today()))
    with Session(EVERBOT, EVERBOT.open(root)) as session:  # as the window holds it
        before = (root / "MEMORY.md").read_bytes()
        opened = opens_counted(monkeypatch)
        proposal = next(p for p in pending(session) if p.trigger == "promotion")

        decided = approve(session, [proposal.id])

        assert decided.applied == [proposal.id] and decided.op_id is not None
        assert (root / "MEMORY.md").read_bytes() != before
        assert len(opened) == 1, f"the journal was opened {len(opened)} times"
        assert proposal.id not in {p.id for p in pending(session)}
    assert len(opened) == 1


def test_a_journal_replaced_while_held_is_opened_anew(tmp_path: Path) -> None:
    """The window holds the journal for as long as the workspace is open: one deleted meanwhile
    (the person cleared .memdesk/) is not written into unseen; the next use opens it anew."""
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    with Session(EVERBOT, EVERBOT.open(root)) as session:
        asyncio.run(run_review(session, RulesReviewer(), today=date.today()))
        assert pending(session)
        Journal.db_path(root).unlink()
        db = Journal.db_path(root)
        for leftover in db.parent.glob(db.name + "-*"):
            leftover.unlink()

        assert pending(session) == []
        with session.writing() as journal:
            journal.set_setting("seen", True)
    with Session.open(EVERBOT, root) as fresh, fresh.reading() as journal:
        assert journal is not None and journal.get_setting("seen") is True
