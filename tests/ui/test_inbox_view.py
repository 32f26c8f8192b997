"""The window's review Inbox (issue 26, item 2): every proposal and staged write of every
workspace scanned in one table, filtered by workspace, agent and text; approving the selected
items decides each in its own workspace, through that workspace's session; a workspace that
refuses never stops the others, and another workspace's files are never touched.

Tried as a person with Hermes and two EverBot agents: what waited could only be reviewed one
workspace at a time, opening each in turn."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.demo import write_demo
from core.inbox import Waiting
from core.ops.activity import operations
from core.registry import agent_named
from core.scan import Found
from core.session import AnySession, Session
from core.store.journal import Journal
from tests.cli.conftest import Cli, cli  # noqa: F401 (a fixture)
from tests.helpers import (
    AGENT_WRITING,
    fingerprint,
    pending_at,
    stage_a_stale_write,
    two_everbots,
)
from ui.inbox_view import InboxView

HERMES = ".hermes"


@pytest.fixture
def homes(cli: Cli) -> tuple[Path, Path, Path]:  # noqa: F811
    """Two EverBot workspaces with proposals waiting, and Hermes's home with staged writes."""
    hermes = Path.home() / HERMES
    write_demo(hermes, layout="hermes")
    a, b = two_everbots(cli)
    for folder in (a, b):
        assert cli("review", folder).code == 0
    return a, b, hermes


def shown(qtbot: QtBot, view: InboxView | None = None) -> InboxView:
    """The inbox, read (a new one unless `view`)."""
    if view is None:
        view = InboxView()
        qtbot.addWidget(view)
    view.refresh()
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    return view


def select(view: InboxView, *items: Waiting) -> None:
    view.table.clearSelection()
    for item in items:
        row = view.shown.index(item)
        index = view.model.index(row, 0)
        view.table.selectionModel().select(
            index, view.table.selectionModel().SelectionFlag.Select
            | view.table.selectionModel().SelectionFlag.Rows,
        )  # fmt: skip


def decided(qtbot: QtBot, view: InboxView, act: str) -> list[Path]:
    """Run `act` (approve_selected, ...) and wait for the decisions and the reading after."""
    written: list[Path] = []
    view.written.connect(written.append)
    assert getattr(view, act)()
    qtbot.waitUntil(lambda: not view.busy, timeout=30_000)
    return written


def first_of(view: InboxView, where: Path, *, staged: bool = False) -> Waiting:
    return next(w for w in view.items if w.found.path == where and (w.staged is not None) == staged)


def test_every_workspace_s_waiting_items_oldest_first_filtered_writing_nothing(
    qtbot: QtBot, homes: tuple[Path, Path, Path]
) -> None:
    a, b, hermes = homes
    waiting_in_a = [str(p.id) for p in pending_at(a)]
    before = fingerprint(Path.home())
    view = shown(qtbot)
    assert {w.found.path for w in view.items} == {a, b, hermes}
    assert [w.since for w in view.items] == sorted(w.since for w in view.items)
    assert [w.id for w in view.items if w.found.path == a] == waiting_in_a
    staged = list((hermes / "pending" / "memory").glob("*.json"))
    assert len([w for w in view.items if w.staged is not None]) == len(staged)
    filters = view.filters
    filters.workspace.setCurrentIndex(filters.workspace.findData(str(a)))
    assert view.shown and {w.found.path for w in view.shown} == {a}
    filters.workspace.setCurrentIndex(0)
    filters.agent.setCurrentIndex(filters.agent.findData("hermes"))
    assert {w.found.path for w in view.shown} == {hermes}
    assert view.model.data(view.model.index(0, 2)).startswith("staged write: ")
    filters.agent.setCurrentIndex(0)
    filters.text.setText("咖啡")
    cells = [
        " ".join(str(view.model.data(view.model.index(r, c))) for c in (3, 4))
        for r in range(len(view.shown))
    ]
    assert cells and all("咖啡" in text for text in cells)
    assert len(view.shown) < len(view.items)
    filters.text.setText("")
    select(view, first_of(view, hermes, staged=True))
    assert "Hermes · ~/.hermes" in view.detail.toPlainText()
    assert "record: pending/memory/" in view.detail.toPlainText()  # the staged write's diff
    select(view, first_of(view, b))
    assert "Reasons:" in view.detail.toPlainText()
    assert fingerprint(Path.home()) == before


def test_approving_one_item_in_a_leaves_b_byte_identical(
    qtbot: QtBot, homes: tuple[Path, Path, Path]
) -> None:
    a, b, hermes = homes
    view = shown(qtbot)
    item = first_of(view, a)
    b_before, hermes_before = fingerprint(b), fingerprint(hermes)
    select(view, item)
    assert decided(qtbot, view, "approve_selected") == [a]
    assert item.id not in [str(p.id) for p in pending_at(a)]
    assert fingerprint(b) == b_before and fingerprint(hermes) == hermes_before
    assert item.id not in [w.id for w in view.items if w.found.path == a]
    assert view.banner.isHidden()


def test_approve_selected_across_two_workspaces_each_in_its_own_journal(
    qtbot: QtBot, homes: tuple[Path, Path, Path]
) -> None:
    a, b, _hermes = homes
    view = shown(qtbot)
    chosen = [first_of(view, a), first_of(view, b)]
    select(view, *chosen)
    assert sorted(decided(qtbot, view, "approve_selected")) == [a, b]
    for folder, item in zip((a, b), chosen, strict=True):
        assert item.id not in [str(p.id) for p in pending_at(folder)]
        (done,) = operations(folder)
        assert done.op.cause == f"review: approved proposal #{item.id}"


def test_a_staged_hermes_write_approved_from_the_inbox(
    qtbot: QtBot, homes: tuple[Path, Path, Path]
) -> None:
    _a, _b, hermes = homes
    view = shown(qtbot)
    add = next(w for w in view.items if w.staged is not None and w.staged.action == "add")
    assert add.staged is not None
    record = hermes / add.staged.record
    assert record.exists()
    select(view, add)
    assert decided(qtbot, view, "approve_selected") == [hermes]
    assert not record.exists()
    assert "slow integration suite" in (hermes / "memories" / "MEMORY.md").read_text("utf-8")
    assert add.id not in [w.id for w in view.items]


def test_one_workspace_refusing_never_stops_the_others(
    qtbot: QtBot, homes: tuple[Path, Path, Path]
) -> None:
    """A staged write Hermes would refuse, chosen with a proposal of A: A's is applied, Hermes's
    refusal is named in the banner and on its rows, and nothing of Hermes is written."""
    a, _b, hermes = homes
    stale = stage_a_stale_write(hermes)
    view = shown(qtbot)
    refused = next(w for w in view.items if w.id == stale)
    item = first_of(view, a)
    hermes_before = fingerprint(hermes)
    select(view, refused, item)
    failures: list[str] = []
    view.failed.connect(failures.append)
    assert decided(qtbot, view, "approve_selected") == [a]
    assert item.id not in [str(p.id) for p in pending_at(a)]
    assert fingerprint(hermes) == hermes_before
    assert (
        failures and failures[0].startswith("~/.hermes: ") and "nothing was applied" in failures[0]
    )
    assert not view.banner.isHidden() and "~/.hermes: " in view.banner.text()
    row = view.shown.index(next(w for w in view.shown if w.id == stale))
    assert str(view.model.data(view.model.index(row, 0))).startswith("⚠ ")


def test_an_unreadable_workspace_is_named_and_the_others_listed(
    qtbot: QtBot, homes: tuple[Path, Path, Path]
) -> None:
    a, b, _hermes = homes
    Journal.db_path(b).write_bytes(b"this is not SQLite\n" * 200)
    view = shown(qtbot)
    assert "~/bots/b: " in view.banner.text() and "not a MemDesk journal" in view.banner.text()
    assert b not in {w.found.path for w in view.items}
    assert a in {w.found.path for w in view.items}


def test_a_lent_session_with_unsaved_edits_is_refused_and_nothing_written(
    qtbot: QtBot, homes: tuple[Path, Path, Path]
) -> None:
    """The window lends an open tab's session: when that tab holds unsaved edits, approving
    there is refused in one line (they would be written too) and nothing is written."""
    a, _b, _hermes = homes
    lent: list[Path] = []

    @contextmanager
    def sessions(found: Found) -> Iterator[AnySession]:
        lent.append(found.path)
        session: AnySession = Session(agent_named(found.agent), path=found.path)
        ws = session.workspace
        ws.documents()[0].set_text(ws.documents()[0].text() + "\n- typed, not saved\n")
        try:
            yield session
        finally:
            session.close()

    view = InboxView(sessions)
    qtbot.addWidget(view)
    shown(qtbot, view)
    memory, backups = (a / "MEMORY.md").read_bytes(), fingerprint(a / ".memdesk" / "backups")
    item = first_of(view, a)
    select(view, item)
    assert decided(qtbot, view, "approve_selected") == []
    assert lent == [a]
    assert (a / "MEMORY.md").read_bytes() == memory
    assert fingerprint(a / ".memdesk" / "backups") == backups
    assert item.id in [str(p.id) for p in pending_at(a)]
    assert "~/bots/a: " in view.banner.text() and "unsaved edits" in view.banner.text()


def test_an_agent_writing_in_b_while_the_inbox_approves_in_a(
    qtbot: QtBot, homes: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    """While Hermes (a real second process) rewrites its MEMORY.md over and over, the inbox
    reads every workspace and approves in A; MemDesk writes nothing into Hermes's home."""
    a, _b, hermes = homes
    records = fingerprint(hermes / "pending")
    stop = tmp_path / "stop"
    agent = subprocess.Popen(
        [sys.executable, "-c", AGENT_WRITING, str(hermes / "memories" / "MEMORY.md"), str(stop)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        view = shown(qtbot)
        assert view.banner.isHidden()
        chosen = [w for w in view.items if w.found.path == a][:3]
        select(view, *chosen)
        assert decided(qtbot, view, "approve_selected") == [a]
        shown(qtbot, view)
    finally:
        stop.touch()
        written, _ = agent.communicate(timeout=30)
    assert int(written) > 0
    assert not ({w.id for w in chosen} & {str(p.id) for p in pending_at(a)})
    assert fingerprint(hermes / "pending") == records
    assert not (hermes / ".memdesk").exists() and not Journal.exists(hermes)
