"""The review queue in the real window, where decisions are written off the UI thread: keys
pressed while a decision is being written act on the proposal that was on screen, in order; a
batch approval that cannot be carried out whole leaves the window and the file as they were;
a reviewer that cannot be reached says so, lists its reviews as failed and offers Retry."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from app.cli import main
from core.agents.everbot.workspace import Workspace
from core.ops.activity import operations
from core.review.queue import listed, pending
from tests.core.review import test_llm_reviewer
from tests.core.review.test_llm_reviewer import ChatServer, Reply
from tests.core.review.test_review_batch import _agent_rewrites
from tests.ui.test_agent_desk import opened
from ui.agents.everbot.desk import EverBotDesk
from ui.main_window import MainWindow
from ui.review_view import ReviewView

server = test_llm_reviewer.server  # a real chat-completions server on 127.0.0.1


def _queue(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> tuple[Path, ReviewView]:
    """The demo open in the window, reviewed by the rules reviewer, on the review page."""
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    assert main(["review", str(root)]) == 0
    window.open_workspace(root)
    qtbot.waitUntil(lambda: isinstance(window.ws, Workspace), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    _open_review(desk)
    view = desk.review_view
    qtbot.waitUntil(lambda: bool(view.proposals), timeout=10_000)
    return root, view


def _open_review(desk: EverBotDesk) -> None:
    desk.select_page("review")


def _press(qtbot: QtBot, view: ReviewView, *keys: Qt.Key) -> None:
    view.card.setFocus()
    for key in keys:
        qtbot.keyClick(view.card, key)


def _settled(qtbot: QtBot, window: MainWindow, view: ReviewView) -> None:
    qtbot.waitUntil(lambda: not window.tasks.busy and not view._writing, timeout=10_000)


def test_keys_pressed_while_a_decision_is_written_act_on_the_proposal_then_on_screen(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root, view = _queue(qtbot, window, tmp_path)
    first, second = view.proposals[0], view.proposals[1]
    failures: list[str] = []
    window.desk.failed.connect(failures.append)  # type: ignore[union-attr]

    _press(qtbot, view, Qt.Key.Key_Space, Qt.Key.Key_Space, Qt.Key.Key_R)  # all with #1 shown
    assert view.current() is not None and view.current().id == first.id  # type: ignore[union-attr]
    _settled(qtbot, window, view)

    statuses = {p.id: p.status for p in listed(root)}
    assert first.id not in statuses  # applied, once
    assert statuses[second.id] == "pending"  # neither accepted nor rejected by the quick keys
    assert sum(f"#{first.id} was decided already" in f for f in failures) == 2
    assert [op.op.cause for op in operations(root)] == [f"review: approved proposal #{first.id}"]
    assert view.current() is not None and view.current().id == second.id  # type: ignore[union-attr]

    _press(qtbot, view, Qt.Key.Key_Space)  # now #2 is on screen
    _settled(qtbot, window, view)
    assert second.id not in {p.id for p in pending(root)}


def test_a_batch_approval_with_a_stale_proposal_leaves_the_window_and_file_as_they_were(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root, view = _queue(qtbot, window, tmp_path)
    stale = next(p for p in view.proposals if p.trigger == "promotion")
    _agent_rewrites(root, stale.memory_id, "The agent rewrote this memory meanwhile.")
    on_disk = (root / "MEMORY.md").read_bytes()
    failures: list[str] = []
    window.desk.failed.connect(failures.append)  # type: ignore[union-attr]
    view.tabs.setCurrentIndex(1)
    view.table.selectAll()

    assert view.approve_selected()
    _settled(qtbot, window, view)

    assert any(f"#{stale.id}: [{stale.memory_id}] changed since the review" in f for f in failures)
    assert (root / "MEMORY.md").read_bytes() == on_disk
    assert window.ws is not None and not window.ws.modified
    assert window.undo_stack.count() == 0 and operations(root) == []
    assert {p.id for p in pending(root)} == {p.id for p in view.proposals if p.status == "pending"}


def test_an_unreachable_llm_fails_loudly_and_retry_reviews_the_failed_ones(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    server: ChatServer,
    qasync_loop: asyncio.AbstractEventLoop,
) -> None:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    window.open_workspace(root)
    qtbot.waitUntil(lambda: isinstance(window.ws, Workspace), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    _open_review(desk)
    view = desk.review_view
    settings = view.settings
    settings.reviewer, settings.llm_model, settings.llm_timeout_s = "llm", "m", 5.0
    settings.llm_base_url = "http://127.0.0.1:9/v1"  # nothing listens there
    failures: list[str] = []
    desk.failed.connect(failures.append)

    with qtbot.waitSignal(view.run_finished, timeout=30_000):
        assert view.start_review()

    assert any("connection refused" in f for f in failures)
    assert view.failure.isVisible() and "connection refused" in view.failure.text()
    assert view.retry.isVisible()
    assert view.proposals and {p.status for p in view.proposals} == {"failed"}
    assert pending(root) == []  # failed, not waiting
    assert view.model.data(view.model.index(0, 2)) == "failed"

    settings.llm_base_url = server.base_url
    server.script = [Reply("It is fine.\n[KEEP]")] * 200
    with qtbot.waitSignal(view.run_finished, timeout=30_000):
        assert view.retry_failed()

    assert not view.failure.isVisible()
    assert view.proposals and {p.status for p in view.proposals} == {"pending"}


def test_the_tables_tooltips_show_memory_text_and_reasons_as_plain_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _root, view = _queue(qtbot, window, tmp_path)
    p = view.proposals[0]
    hostile = '<img src="/tmp/fifo"> <b>bold</b>'
    view.model.show(
        [replace(p, reasons=hostile, memory_json='{"content": "' + "<img src=x>" + '"}')]
    )
    for column in (5, 6):
        tip = view.model.data(view.model.index(0, column), Qt.ItemDataRole.ToolTipRole)
        assert "<img" not in tip and "&lt;img" in tip


def test_approve_all_is_one_operation_undone_in_one_step(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root, view = _queue(qtbot, window, tmp_path)
    before = (root / "MEMORY.md").read_bytes()
    waiting = {p.id for p in view.proposals if p.status == "pending"}

    assert view.approve_all()
    _settled(qtbot, window, view)

    [op] = operations(root)
    assert op.op.cause.startswith("review: approved proposals")
    assert pending(root) == [] and (root / "MEMORY.md").read_bytes() != before
    assert window.ws is not None and not window.ws.modified

    view.card.setFocus()  # the card's Ctrl+Z undoes the last decision
    qtbot.keyClick(view.card, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    _settled(qtbot, window, view)

    assert (root / "MEMORY.md").read_bytes() == before
    assert {p.id for p in pending(root)} == waiting


def test_archive_is_no_decision_where_the_agent_has_no_archive(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "pomeloclaw"]) == 0
    assert main(["review", str(root)]) == 0
    desk = opened(qtbot, window, root).desk
    desk.select_page("review")  # type: ignore[union-attr]
    view = desk.review_view  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: bool(view.proposals), timeout=10_000)
    failures: list[str] = []
    desk.failed.connect(failures.append)  # type: ignore[union-attr]
    before = {p.id for p in pending(root)}

    assert not view.findChild(QPushButton, "reviewArchive").isEnabled()
    _press(qtbot, view, Qt.Key.Key_A)

    assert any("has no archive" in f for f in failures)
    assert {p.id for p in pending(root)} == before
