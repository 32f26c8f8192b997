"""The review's own sentences read in Chinese in a Chinese window (issue 27): a run's summary,
why a proposal failed or went stale, the refusals to approve, the LLM reviewer's errors and
the causes its decisions leave in the activity, produced on the demos and on bad input; and
the review queue showing them translated."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.cli import main
from core.ops.activity import operations
from core.review import fleet
from core.review.choice import reviewer_named
from core.review.fleet import Reviewed
from core.review.llm import LlmReviewer, bounded
from core.review.queue import (
    ReviewRun,
    approve,
    reject,
    review_now,
    run_review,
    stale_reason,
    undo_decision,
)
from core.review.related import RelatedIndex
from core.review.rules import RulesReviewer
from core.review.staged import approve_staged, set_gate
from core.scan import Found
from core.store.errors import WorkspaceError
from tests.core.review import test_llm_reviewer
from tests.core.review.test_llm_reviewer import (
    MEMORIES,
    PROMOTION,
    ChatServer,
    Reply,
    failed,
    settings,
)
from tests.helpers import session_at
from ui.i18n import core_text
from ui.review_view import ReviewView

server = test_llm_reviewer.server  # a real chat-completions server on 127.0.0.1
pytestmark = pytest.mark.usefixtures("chinese")

CJK = re.compile(r"[\u4e00-\u9fff]")
TODAY = date(2026, 11, 28)


def assert_chinese(text: str) -> None:
    shown = core_text(text)
    assert shown != text and CJK.search(shown), f"{text!r} reads {shown!r}"


def demo(tmp_path: Path, layout: str) -> Path:
    folder = tmp_path / layout
    assert main(["demo", str(folder), "--layout", layout]) == 0
    return folder


def reviewed(root: Path) -> ReviewRun:
    with session_at(root) as session:
        return review_now(session, RulesReviewer(), today=TODAY)


@pytest.mark.parametrize("layout", ["everbot", "openclaw", "picoclaw", "claude-code"])
def test_a_review_s_summary_reads_in_chinese(tmp_path: Path, layout: str) -> None:
    run = reviewed(demo(tmp_path, layout))
    assert "memories up for review" in run.summary()
    assert_chinese(run.summary())
    for deferred, cancelled in ((2, False), (0, True), (3, True)):
        other = ReviewRun(candidates=9, skipped=1, deferred=deferred, cancelled=cancelled)
        assert_chinese(other.summary())
    assert "（已取消）" in core_text(ReviewRun(cancelled=True).summary())


def test_the_refusals_to_approve_read_in_chinese(tmp_path: Path) -> None:
    root = demo(tmp_path, "everbot")
    with session_at(root) as session:
        with pytest.raises(WorkspaceError) as nothing:
            undo_decision(session)
        assert_chinese(str(nothing.value))
        review_now(session, RulesReviewer(), today=TODAY)
        with session.reading() as journal:
            assert journal is not None
            first, second, *_ = journal.proposals("pending")
        with pytest.raises(WorkspaceError) as missing:
            approve(session, [999_999])
        assert_chinese(str(missing.value))
        reject(session, [first.id])
        with pytest.raises(WorkspaceError) as rejected:
            approve(session, [first.id])
        assert "it was rejected already" in str(rejected.value)
        assert_chinese(str(rejected.value))
        assert "它已经被拒绝了" in core_text(str(rejected.value))
        with pytest.raises(WorkspaceError) as not_a_decision:
            approve(session, [second.id], decisions={second.id: "FORGET"})
        assert_chinese(str(not_a_decision.value))
        gone = stale_reason(second, {})
        assert gone is not None and second.memory_id in core_text(gone)
        assert_chinese(gone)


def test_a_decision_s_cause_in_the_activity_reads_in_chinese(tmp_path: Path) -> None:
    root = demo(tmp_path, "everbot")
    reviewed(root)
    with session_at(root) as session, session.reading() as journal:
        assert journal is not None
        ids = [p.id for p in journal.proposals("pending")][:2]
    with session_at(root) as session:
        approve(session, ids)
    cause = operations(root)[0].op.cause
    assert cause.startswith("review: approved proposals")
    assert_chinese(cause)


def test_the_staged_writes_causes_read_in_chinese(tmp_path: Path) -> None:
    home = demo(tmp_path, "hermes")
    with session_at(home) as session:
        approve_staged(session)
        set_gate(session, False)
    causes = [op.op.cause for op in operations(home)]
    assert any(c.startswith("review: approved staged write") for c in causes), causes
    assert "approval gate off" in causes
    for cause in causes:
        if cause.startswith("review: ") or cause.startswith("approval gate"):
            assert_chinese(cause)


def test_the_llm_reviewer_s_errors_read_in_chinese(tmp_path: Path, server: ChatServer) -> None:
    with pytest.raises(WorkspaceError) as unset:
        reviewer_named("llm", base_url="", model="", set_up_by="LLM settings… sets them")
    assert_chinese(str(unset.value))
    root = demo(tmp_path, "everbot")
    replies = [Reply("I cannot tell."), Reply(status=500, body="down"), Reply(status=401)]
    for reply in replies:
        server.respond = lambda _seen, reply=reply: reply
        with session_at(root) as session:
            reviewer = LlmReviewer(settings(server.base_url, retries=1))
            run = asyncio.run(run_review(session, reviewer, today=TODAY, max_in_flight=1))
        assert run.failed, reply
        for _pid, why in run.failed[:3]:
            assert_chinese(why)


def test_the_review_queue_shows_a_failed_review_in_chinese(
    qtbot: QtBot, tmp_path: Path, server: ChatServer, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    server.respond = lambda _seen: Reply("I cannot tell.")  # no decision on its last line
    view = ReviewView()
    qtbot.addWidget(view)
    view.show_session(session_at(demo(tmp_path, "everbot")))
    view.reviewer_choice.setCurrentIndex(1)
    view.settings.llm_base_url, view.settings.llm_model = server.base_url, "test-model"
    view.settings.llm_timeout_s = 2.0
    told: list[str] = []
    view.failed.connect(told.append)
    with qtbot.waitSignal(view.run_finished, timeout=30_000):
        assert view.start_review()
    assert told and "条记忆待审阅" in told[0] and "没有决定" in told[0], told
    assert "memories up for review" not in told[0] and "no decision" not in told[0]
    assert not view.failure.isHidden() and "没有决定" in view.failure.text()
    failed = next(p for p in view.proposals if p.status == "failed")
    view.index = view.proposals.index(failed)
    view._fill_card()
    assert "no decision" in failed.reasons and "没有决定" in view.reasons.toPlainText()


def test_what_memdesk_cut_from_long_reasons_says_so_in_chinese() -> None:
    cut = bounded("reason " * 400, 300)
    assert "characters cut here by MemDesk" in cut
    assert "MemDesk 在此处删去了" in core_text(cut)


def test_the_llm_reviewer_s_waits_and_failures_read_in_chinese(server: ChatServer) -> None:
    """What the queue's summary line says while a rate-limited server is waited for, and what
    each way an endpoint can fail says."""
    server.script = [
        Reply(status=429, body="", headers={"Retry-After": "3600"}),  # longer than MemDesk waits
        Reply(status=503, body="busy"),
        Reply("[KEEP]"),
    ]
    waits: list[str] = []
    reviewer = LlmReviewer(
        settings(server.base_url, max_wait_s=0.05), on_wait=lambda _s, why: waits.append(why)
    )
    asyncio.run(reviewer.review(PROMOTION, RelatedIndex(MEMORIES)))
    assert len(waits) == 2 and "the server asked for" in waits[0]
    for why in waits:
        assert_chinese(why)
    assert "服务器要求等待" in core_text(waits[0])
    for reply, values in [
        (Reply(status=404, body="no such model"), {}),
        (Reply(status=302, body=""), {}),
        (Reply(body="<html>not json</html>"), {}),
        (Reply("[KEEP]", delay=1.0), {"timeout_s": 0.2}),
        (Reply(body="x" * 5000), {"max_reply_bytes": 1000}),
    ]:
        server.script = [reply]
        assert_chinese(str(failed(server.base_url, PROMOTION, **values)))


def test_a_workspace_the_fleet_could_not_review_says_why_in_chinese(tmp_path: Path) -> None:
    found = Found("everbot", "EverBot", tmp_path, "ws")
    died: Future[list[Reviewed]] = Future()
    died.set_exception(BrokenProcessPool("a worker died"))
    [reviewed_one] = fleet._chunk_result(died, [found])
    assert reviewed_one.error.startswith("not reviewed: the review process stopped")
    assert_chinese(reviewed_one.error)
    assert "审阅进程已停止" in core_text("the reviewer failed: " + reviewed_one.error)
