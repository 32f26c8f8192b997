"""The Review queue page as a new user meets it: "Review now" on the demo workspace, the queue
worked through with the keyboard, each decision landing in the file, one undone with Ctrl+Z;
the table for batch work. Writes go through the work the page hands to the desk."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.cli import main
from core.ops.activity import operations
from core.store.settled import journal_for_reading
from tests.core.review import test_llm_reviewer
from tests.core.review.test_llm_reviewer import ChatServer, Reply
from tests.helpers import pending_at, session_at
from ui.proposal_text import age_of
from ui.review_view import ReviewView

server = test_llm_reviewer.server  # a real chat-completions server on 127.0.0.1


class Desk:
    """What the desk does with the page's requests: runs the work, then shows the queue anew."""

    def __init__(self, view: ReviewView) -> None:
        self.view = view
        self.messages: list[str] = []
        self.failures: list[str] = []
        self.edits: list[tuple[str, str]] = []
        view.write_requested.connect(self.write)
        view.failed.connect(self.failures.append)
        view.edit_requested.connect(lambda file, key: self.edits.append((file, key)))

    def write(self, work: Callable[[], Any], message: str, then: Callable[[bool], None]) -> None:
        try:
            work()
        except Exception as exc:  # the desk shows it
            self.failures.append(str(exc))
            written = False
        else:
            self.messages.append(message)
            written = True
        self.view.session.workspace.reload()
        then(written)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    assert main(["demo", str(folder), "--layout", "everbot"]) == 0
    return folder


@pytest.fixture
def view(qtbot: QtBot, root: Path, qasync_loop: asyncio.AbstractEventLoop) -> ReviewView:
    page = ReviewView()
    qtbot.addWidget(page)
    page.show_session(session_at(root))
    page.show()
    return page


def review_now(qtbot: QtBot, view: ReviewView) -> None:
    with qtbot.waitSignal(view.run_finished, timeout=20_000):
        assert view.start_review()
    assert view.review_now.isEnabled() and not view.progress.isVisible()


def press(
    qtbot: QtBot, view: ReviewView, key: Qt.Key, modifier: Any = Qt.KeyboardModifier.NoModifier
) -> None:
    view.card.setFocus()
    qtbot.keyClick(view.card, key, modifier)


def test_review_now_then_work_through_the_queue_by_keyboard(
    qtbot: QtBot, view: ReviewView, root: Path
) -> None:
    desk = Desk(view)
    assert view.proposals == []
    review_now(qtbot, view)
    assert view.proposals and "proposals wait" in view.summary.text()
    first = view.current()
    assert first is not None
    assert view.decision.text() == f"Proposed: {first.decision}"
    assert first.memory_id in view.trigger.text()
    before = (root / "MEMORY.md").read_bytes()

    press(qtbot, view, Qt.Key.Key_Space)  # accept the proposal

    assert desk.failures == [] and len(desk.messages) == 1
    assert (root / "MEMORY.md").read_bytes() != before
    assert first.id not in [p.id for p in view.proposals]
    [op] = operations(root)[:1]
    assert op.op.cause == f"review: approved proposal #{first.id}"

    second = view.current()
    assert second is not None
    press(qtbot, view, Qt.Key.Key_K)  # keep, whatever was proposed
    assert second.id not in [p.id for p in pending_at(root)]

    third = view.current()
    assert third is not None
    press(qtbot, view, Qt.Key.Key_S)  # skip: nothing written
    assert view.current() is not third and third.id in [p.id for p in pending_at(root)]
    press(qtbot, view, Qt.Key.Key_E)
    assert desk.edits == [(view.current().file, view.current().memory_id)]  # type: ignore[union-attr]

    press(qtbot, view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo the keep
    assert second.id in [p.id for p in pending_at(root)]
    assert desk.messages[-1] == "The last review decision was undone"


def test_the_table_approves_many_as_one_operation(
    qtbot: QtBot, view: ReviewView, root: Path
) -> None:
    desk = Desk(view)
    review_now(qtbot, view)
    view.tabs.setCurrentIndex(1)
    view.decision_filter.setCurrentText("PROMOTE")
    assert view.shown and all(p.decision == "PROMOTE" for p in view.shown)
    chosen = [p.id for p in view.shown]
    view.table.selectAll()

    assert view.approve_selected()

    assert desk.failures == []
    [op] = operations(root)[:1]
    assert op.op.cause.startswith("review: approved proposals") and len(chosen) > 1
    assert not set(chosen) & {p.id for p in pending_at(root)}


def test_the_table_model_is_sound(qtbot: QtBot, view: ReviewView) -> None:
    Desk(view)
    review_now(qtbot, view)
    ModelTester(qtbot).check(view.model)
    assert view.model.rowCount() == len(view.proposals)


def test_reject_writes_no_memory_file(qtbot: QtBot, view: ReviewView, root: Path) -> None:
    Desk(view)
    review_now(qtbot, view)
    before = (root / "MEMORY.md").read_bytes()
    first = view.current()
    press(qtbot, view, Qt.Key.Key_R)
    assert (root / "MEMORY.md").read_bytes() == before
    assert first is not None and first.id not in [p.id for p in view.proposals]


def test_a_secret_is_masked_wherever_the_proposal_shows(
    qtbot: QtBot, view: ReviewView, root: Path
) -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    assert main(["add", str(root), f"The deploy token is {token}"]) == 0
    view.session.workspace.reload()
    Desk(view)
    review_now(qtbot, view)
    secret = next(p for p in view.proposals if p.trigger == "secret")
    view.index = view.proposals.index(secret)
    view._fill_card()
    shown = [view.memory.toPlainText(), view.reasons.toPlainText(), view.trigger.text()]
    model = view.model
    shown += [
        str(model.index(r, c).data(role))
        for r in range(model.rowCount())
        for c in range(6)
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    ]
    assert not any(token in text for text in shown)
    assert any("ghp…[hidden]" in text for text in shown)


def test_age_in_words() -> None:
    from datetime import UTC, datetime, timedelta

    now = datetime(2026, 11, 26, tzinfo=UTC)
    assert age_of(now - timedelta(days=3, hours=2), now) == "3 d"
    assert age_of(now - timedelta(minutes=5), now) == "5 min"
    assert age_of(now, now) == "just now"


def test_the_llm_reviewers_transcript_shows_its_search_rounds(
    qtbot: QtBot, view: ReviewView, server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMDESK_LLM_API_KEY", "ui-test-key")
    server.respond = lambda seen: (
        Reply("Let me look.\n[SEARCH:咖啡]")
        if len(seen.messages) < 4
        else Reply("Keep it.\n[KEEP]")
    )
    view.reviewer_choice.setCurrentIndex(1)
    view.settings.llm_base_url, view.settings.llm_model = server.base_url, "test-model"
    view.settings.llm_timeout_s = 2.0
    Desk(view)
    review_now(qtbot, view)
    first = view.current()
    assert first is not None and first.reviewer == "llm" and first.decision == "KEEP"
    assert "[SEARCH:咖啡]" in view.transcript.toPlainText()
    assert "llm reviewer" in view.position.text()


def test_the_llm_reviewer_without_an_endpoint_says_so(qtbot: QtBot, view: ReviewView) -> None:
    desk = Desk(view)
    view.reviewer_choice.setCurrentIndex(1)
    assert not view.start_review()
    assert desk.failures and "LLM settings" in desk.failures[0]


def test_cancel_stops_a_review_in_flight(
    qtbot: QtBot, view: ReviewView, server: ChatServer
) -> None:
    server.respond = lambda seen: Reply("[KEEP]", delay=5.0)  # a model that takes its time
    view.reviewer_choice.setCurrentIndex(1)
    view.settings.llm_base_url, view.settings.llm_model = server.base_url, "slow-model"
    view.settings.llm_timeout_s = 30.0
    Desk(view)
    with qtbot.waitSignal(view.run_finished, timeout=10_000):
        assert view.start_review()
        assert view.cancel.isVisible() and not view.review_now.isEnabled()
        qtbot.waitUntil(lambda: bool(server.seen), timeout=5_000)
        view.cancel_review()
    assert view.review_now.isEnabled() and not view.cancel.isVisible()
    assert view.proposals == []  # nothing was decided before the cancel
    with journal_for_reading(view.session.root) as journal:
        assert journal is not None and journal.get_setting("last_review_at") is None


def test_the_llm_review_runs_on_the_windows_qasync_loop_and_cancel_cancels_its_requests(
    qtbot: QtBot, view: ReviewView, server: ChatServer, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    """Issue 24 item 4: the reviewer's requests are tasks on the Qt event loop (qasync), not
    `asyncio.run` in a worker thread; Cancel cancels those tasks, so the run ends at once
    rather than when the slow model answers, and the window's loop is left with nothing."""
    server.respond = lambda seen: Reply("[KEEP]", delay=5.0)  # a model that takes its time
    view.reviewer_choice.setCurrentIndex(1)
    view.settings.llm_base_url, view.settings.llm_model = server.base_url, "slow-model"
    view.settings.llm_timeout_s = 30.0
    Desk(view)
    assert view.start_review()
    run = view.review_task
    assert run is not None and run.get_loop() is qasync_loop
    qtbot.waitUntil(lambda: bool(server.seen), timeout=5_000)
    in_flight = [t for t in asyncio.all_tasks(qasync_loop) if "worker" in t.get_coro().__name__]
    assert in_flight  # the reviews waiting for the model, on the window's loop

    started = time.monotonic()
    with qtbot.waitSignal(view.run_finished, timeout=4_000):
        view.cancel_review()

    assert time.monotonic() - started < 2.0
    assert all(t.cancelled() for t in in_flight)
    assert run.done() and run.result().cancelled
    assert view.review_task is None and not asyncio.all_tasks(qasync_loop)


def test_the_card_shows_a_score_as_the_detail_pane_does() -> None:
    """Seen in a screenshot of the queue: 'score: 0.03624901679789267'."""
    from ui.proposal_text import memory_facts as _facts

    shown = _facts({"category": "todo", "score": 0.03624901679789267, "hits": 3})
    assert shown == "category: todo · score: 0.0362 · hits: 3"
