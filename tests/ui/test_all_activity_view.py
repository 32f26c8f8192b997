"""One Activity over every workspace scanned (issue 26, item 2), in the window: what MemDesk
saved in each, merged newest first with its workspace and agent, filtered, and Undo of the
selected operation in its own workspace.

Tried as a person with two EverBot agents: undoing a change in one meant finding and opening
that workspace first; its Activity told nothing of the other."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.registry import agent_named
from core.scan import Found
from core.session import AnySession, Session
from core.store.journal import Journal
from tests.cli.conftest import Cli, cli  # noqa: F401 (a fixture)
from tests.helpers import fingerprint, two_everbots
from ui.all_activity_view import AllActivityView


@pytest.fixture
def saved(cli: Cli) -> tuple[Path, Path, bytes]:  # noqa: F811
    """Two EverBot workspaces, a memory added in A, then one in B; B's MEMORY.md before it."""
    a, b = two_everbots(cli)
    assert cli("add", a, "kept in a").code == 0
    b_memory = (b / "MEMORY.md").read_bytes()
    assert cli("add", b, "undone from the all-activity page").code == 0
    return a, b, b_memory


def shown(qtbot: QtBot, view: AllActivityView | None = None) -> AllActivityView:
    if view is None:
        view = AllActivityView()
        qtbot.addWidget(view)
        view.confirm = lambda _question: True
    view.refresh()
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    return view


def test_every_workspace_s_operations_newest_first_filtered(
    qtbot: QtBot, saved: tuple[Path, Path, bytes]
) -> None:
    a, b, _ = saved
    before = fingerprint(Path.home())
    view = shown(qtbot)
    assert [d.found.path for d in view.done] == [b, a]
    assert view.model.data(view.model.index(0, 0)) == "~/bots/b"
    assert "edited in MemDesk" in view.model.data(view.model.index(0, 4))
    filters = view.filters
    filters.workspace.setCurrentIndex(filters.workspace.findData(str(a)))
    assert [d.found.path for d in view.shown] == [a]
    filters.workspace.setCurrentIndex(0)
    filters.text.setText("decay")
    assert view.shown == []
    assert fingerprint(Path.home()) == before


def test_undo_from_the_all_activity_view_restores_that_workspace_s_file(
    qtbot: QtBot, saved: tuple[Path, Path, bytes]
) -> None:
    """Undo of B's operation, chosen among both workspaces', puts B's MEMORY.md back byte for
    byte, tells the window B was written, and leaves A's files as they were."""
    a, b, b_memory = saved
    view = shown(qtbot)
    view.table.selectRow(0)
    assert view.selected() is not None and view.selected().found.path == b  # type: ignore[union-attr]
    asked: list[str] = []
    view.confirm = lambda question: asked.append(question) or True
    written: list[Path] = []
    view.written.connect(written.append)
    a_before = fingerprint(a)
    assert view.undo_selected()
    qtbot.waitUntil(lambda: not view.busy and len(view.done) == 3, timeout=20_000)
    assert "~/bots/b" in asked[0]
    assert written == [b]
    assert (b / "MEMORY.md").read_bytes() == b_memory
    assert fingerprint(a) == a_before
    undone = next(d for d in view.done if d.found.path == b and d.item.undoes is None)
    assert undone.item.undone_by is not None
    assert view.banner.isHidden()


def test_a_journal_that_cannot_be_read_is_named_and_the_others_listed(
    qtbot: QtBot, saved: tuple[Path, Path, bytes]
) -> None:
    a, b, _ = saved
    Journal.db_path(b).write_bytes(b"this is not SQLite\n" * 200)
    view = shown(qtbot)
    assert [d.found.path for d in view.done] == [a]
    assert "~/bots/b: " in view.banner.text() and not view.banner.isHidden()


def test_undo_through_a_lent_session_with_unsaved_edits_is_refused(
    qtbot: QtBot, saved: tuple[Path, Path, bytes]
) -> None:
    """The window lends an open tab's session: while that tab holds unsaved edits, an undo
    there is refused in one line and writes nothing (it would have saved the edits too)."""
    _a, b, _ = saved

    @contextmanager
    def sessions(found: Found) -> Iterator[AnySession]:
        session: AnySession = Session(agent_named(found.agent), path=found.path)
        document = session.workspace.documents()[0]
        document.set_text(document.text() + "\n- typed, not saved\n")
        try:
            yield session
        finally:
            session.close()

    view = AllActivityView(sessions)
    qtbot.addWidget(view)
    view.confirm = lambda _question: True
    shown(qtbot, view)
    memory = (b / "MEMORY.md").read_bytes()
    view.table.selectRow(0)
    written: list[Path] = []
    view.written.connect(written.append)
    assert view.undo_selected()
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    assert written == []
    assert (b / "MEMORY.md").read_bytes() == memory
    assert "~/bots/b: " in view.banner.text() and "unsaved edits" in view.banner.text()
    assert all(d.item.undone_by is None for d in view.done)
