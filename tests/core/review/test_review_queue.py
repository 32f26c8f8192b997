"""The review queue on real workspaces: a run stores its proposals in the journal, approving
applies them through the guarded commit as one operation, a changed memory's proposal is stale,
undo puts the files back and the proposals in the queue again."""

from __future__ import annotations

import asyncio
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from core.capabilities import Decaying
from core.ops.activity import operations
from core.registry import agent_named
from core.review.model import Candidate, Review, ReviewContext
from core.review.queue import (
    Refused,
    approve,
    memories_in,
    reject,
    run_review,
    scan,
    undo_decision,
)
from core.review.rules import RulesReviewer
from core.session import Session
from core.store.errors import WorkspaceError
from core.store.settled import journal_for_reading
from tests.helpers import pending_at, session_at

EVERBOT = agent_named("everbot")


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    assert main(["demo", str(folder), "--layout", "everbot"]) == 0
    return folder


def review(path: Path, reviewer: object = None, agent: object = EVERBOT) -> object:
    return asyncio.run(
        run_review(session_at(path, agent), reviewer or RulesReviewer(), today=date.today())  # type: ignore[arg-type]
    )


def test_a_run_stores_proposals_once(demo: Path) -> None:
    first = review(demo)
    assert first.stored and first.candidates == len(first.stored)  # type: ignore[attr-defined]
    again = review(demo)
    assert again.stored == [] and again.skipped == first.candidates  # type: ignore[attr-defined]
    waiting = pending_at(demo)
    assert {p.trigger for p in waiting} >= {"promotion", "decay", "duplicate"}
    assert all(p.reasons and p.why and p.memory_hash for p in waiting)


def test_a_run_writes_the_journal_in_one_transaction(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its proposals, what it withdrew and the next run's baseline: one commit, one sync to
    disk (a fleet's review of 10,000 users waited on six each)."""
    from core.store.journal import journal as journal_module

    review(demo)  # the journal's first look at the files is behind
    pending = [p.id for p in pending_at(demo)]
    assert main(["reject", str(demo), *map(str, pending[:3])]) == 0  # to be proposed again
    begun: list[object] = []
    real = journal_module._transaction

    def counted(conn: Any) -> Any:
        begun.append(conn)
        return real(conn)

    monkeypatch.setattr(journal_module, "_transaction", counted)
    run = review(demo)
    assert len(run.stored) == 3 and len(begun) == 1  # type: ignore[attr-defined]


def test_approving_many_is_one_operation_undone_as_one(demo: Path) -> None:
    review(demo)
    before = (demo / "MEMORY.md").read_bytes()
    ids = [p.id for p in pending_at(demo) if p.trigger in ("promotion", "decay")][:3]
    decided = approve(session_at(demo, EVERBOT), ids)
    assert decided.applied == ids
    assert (demo / "MEMORY.md").read_bytes() != before
    [op] = operations(demo)[:1]
    assert op.op.op_id == decided.op_id and op.op.cause.startswith("review: approved")
    with journal_for_reading(demo) as journal:
        assert journal is not None
        assert [p.id for p in journal.proposals("applied")] == ids

    assert undo_decision(session_at(demo, EVERBOT)) == ids

    assert (demo / "MEMORY.md").read_bytes() == before
    assert set(ids) <= {p.id for p in pending_at(demo)}


def test_a_memory_changed_since_its_review_is_stale_and_not_written(demo: Path) -> None:
    review(demo)
    promotion = next(p for p in pending_at(demo) if p.trigger == "promotion")
    assert main(["edit", str(demo), promotion.memory_id, "--text", "changed by the person"]) == 0
    after_edit = (demo / "MEMORY.md").read_bytes()

    with pytest.raises(Refused, match=f"#{promotion.id}: \\[{promotion.memory_id}\\] changed"):
        approve(session_at(demo, EVERBOT), [promotion.id])

    assert (demo / "MEMORY.md").read_bytes() == after_edit
    again = review(demo)  # reviewed again: the same proposal, about the memory as it is now
    assert promotion.id in again.updated  # type: ignore[attr-defined]
    [now] = [p for p in pending_at(demo) if p.memory_id == promotion.memory_id]
    assert now.id == promotion.id and now.memory_hash != promotion.memory_hash


def test_rejecting_writes_nothing_and_a_decided_proposal_is_refused(demo: Path) -> None:
    review(demo)
    before = (demo / "MEMORY.md").read_bytes()
    first = pending_at(demo)[0]
    assert reject(session_at(demo), [first.id]) == [first.id]
    assert (demo / "MEMORY.md").read_bytes() == before
    with pytest.raises(Refused, match=f"#{first.id}: it was rejected already"):
        approve(session_at(demo, EVERBOT), [first.id])
    with pytest.raises(WorkspaceError, match="no proposal 9999"):
        reject(session_at(demo), [9999])


def test_what_the_agent_wrote_on_its_own_since_the_last_review_is_proposed(demo: Path) -> None:
    review(demo)
    text = (demo / "MEMORY.md").read_text(encoding="utf-8")
    header = "### [abc999] fact | 0.60 | 2026-11-20 | 1"
    marker = "### [32911b]"
    added = f"{header}\nUser started learning the cello.\n\n"
    (demo / "MEMORY.md").write_text(text.replace(marker, added + marker, 1), encoding="utf-8")
    assert main(["add", str(demo), "Added by the person in MemDesk."]) == 0

    review(demo)

    written = [p for p in pending_at(demo) if p.trigger == "agent_written"]
    assert [p.memory_id for p in written] == ["abc999"]
    assert written[0].decision == "KEEP"


class _Undecided:
    name = "stub"

    async def review(self, candidate: Candidate, context: ReviewContext) -> Review:
        if candidate.trigger == "promotion":
            raise RuntimeError("the model is down")
        return Review(None, "no decision: no tag", transcript="assistant: hmm")


def test_a_reviewer_that_cannot_decide_leaves_a_failed_proposal_with_its_transcript(
    demo: Path,
) -> None:
    run = review(demo, _Undecided())
    assert len(run.failed) == run.candidates  # type: ignore[attr-defined]
    assert pending_at(demo) == []
    with journal_for_reading(demo) as journal:
        assert journal is not None
        failed = journal.proposals("failed")
    assert any("the model is down" in p.reasons for p in failed)
    assert any(p.transcript == "assistant: hmm" for p in failed)


def test_duplicates_across_a_picoclaw_workspace(tmp_path: Path) -> None:
    assert main(["demo", str(tmp_path / "home"), "--layout", "picoclaw"]) == 0
    root = tmp_path / "home" / "workspace"
    text = "用户喜欢在周末去西湖边跑步，每次大约十公里。"
    assert main(["add", str(root), text]) == 0
    assert main(["add", str(root), text + "！"]) == 0
    review(root, agent=agent_named("picoclaw"))
    dups = [p for p in pending_at(root) if p.trigger == "duplicate"]
    assert dups and all(p.decision == "DELETE" for p in dups)


def _propose(root: Path, agent_name: str, is_daily: object, decision: str) -> tuple[int, Any]:
    """A proposal about the first memory of a daily note, stored as a review run stores one."""
    from core.review.queue import memories_in
    from core.store.settled import journal_for_writing

    rows, memories = memories_in(session_at(root, agent_named(agent_name)))
    memory = next(m for r, m in zip(rows, memories, strict=True) if is_daily(r.file))  # type: ignore[operator]
    with journal_for_writing(root) as journal:
        [pid] = journal.add_proposals([{
            "file": memory.file, "memory_id": memory.key, "trigger": "agent_written",
            "decision": decision, "reasons": "test", "reviewer": "rules",
            "memory_hash": memory.digest(), "memory_json": "{}",
        }])  # fmt: skip
    return pid, memory


_DAILY = re.compile(r"(^|/)memory/\d{4}-\d{2}-\d{2}\.md$")


def test_promoting_a_pomelobot_daily_passage_adds_it_to_its_scopes_long_term_file(
    tmp_path: Path,
) -> None:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "pomelobot"]) == 0
    agent = agent_named("pomelobot")
    pid, memory = _propose(root, "pomelobot", lambda f: bool(_DAILY.search(f)), "PROMOTE")
    ws = agent.open(root)
    long_term = ws.long_term_of(ws.scope_of(memory.file)).path

    assert approve(session_at(root, agent), [pid]).applied == [pid]

    assert memory.content.splitlines()[0] in long_term.read_text(encoding="utf-8")


def test_promoting_an_openclaw_daily_note_memory_adds_a_bullet_to_memory_md(
    tmp_path: Path,
) -> None:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "openclaw"]) == 0
    if not (root / "MEMORY.md").exists():
        root = next(p.parent for p in tmp_path.rglob("MEMORY.md"))
    agent = agent_named("openclaw")
    pid, memory = _propose(root, "openclaw", lambda f: bool(_DAILY.search(f)), "PROMOTE")

    assert approve(session_at(root, agent), [pid]).applied == [pid]

    assert memory.content.splitlines()[0] in (root / "MEMORY.md").read_text(encoding="utf-8")


def test_a_memory_the_agent_rewrote_since_the_last_review_is_proposed(tmp_path: Path) -> None:
    assert main(["demo", str(tmp_path / "home"), "--layout", "picoclaw"]) == 0
    root = tmp_path / "home" / "workspace"
    picoclaw = agent_named("picoclaw")
    review(root, agent=picoclaw)
    memory = root / "memory" / "MEMORY.md"
    text = memory.read_text(encoding="utf-8")
    first = "用户希望我用英文回复，先给结论再解释原因。"
    assert first in text
    memory.write_text(text.replace(first, "用户要英文回复，结论在前。", 1), encoding="utf-8")

    review(root, agent=picoclaw)

    written = [p for p in pending_at(root) if p.trigger == "agent_written"]
    assert len(written) == 1 and "的审核之后被改写" in written[0].why  # in the memory's language


def test_what_the_agent_manages_itself_is_context_not_a_proposal(tmp_path: Path) -> None:
    """OpenClaw's dreaming rewrites its Light Sleep block (Candidate: lines) itself: MemDesk
    does not write it, so it proposes nothing about it."""
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "openclaw"]) == 0
    openclaw = agent_named("openclaw")
    rows = openclaw.rows(root)
    managed = {r.key for r in rows if r.fields.get("read_only")}
    assert managed, "the demo has a managed block"
    review(root, agent=openclaw)
    assert not {p.memory_id for p in pending_at(root)} & managed


class _Down:
    """A reviewer whose endpoint is down: every review fails."""

    name = "down"

    def __init__(self) -> None:
        self.asked = 0

    async def review(self, candidate: Candidate, context: ReviewContext) -> Review:
        self.asked += 1
        raise RuntimeError("cannot reach http://127.0.0.1:9/v1: connection refused")


def test_a_reviewer_that_is_down_is_not_asked_about_every_memory() -> None:
    from core.review.model import Memory
    from core.review.related import RelatedIndex
    from core.review.run import FAILURES_IN_A_ROW, NotReviewed, review_many

    memories = [Memory("MEMORY.md", f"m{n}", f"m{n}", f"fact {n}") for n in range(40)]
    candidates = [Candidate(m, "decay", "faded") for m in memories]
    down = _Down()

    results = asyncio.run(review_many(down, candidates, RelatedIndex(memories), max_in_flight=4))

    assert len(results) == 40 and all(isinstance(r, Exception) for r in results)
    assert down.asked < FAILURES_IN_A_ROW + 4  # a few in flight at most, not one per memory
    skipped = [r for r in results if isinstance(r, NotReviewed)]
    assert len(skipped) >= 40 - FAILURES_IN_A_ROW - 4
    assert all("5 times in a row" in str(r) and "connection refused" in str(r) for r in skipped)


def test_the_llm_prompt_of_a_pair_gives_both_memories_their_dates_and_every_reason() -> None:
    from core.review.llm import allowed_decisions, review_prompt
    from core.review.model import Finding, Memory
    from core.review.related import RelatedIndex

    old = Memory("MEMORY.md", "a1", "a1", "User's main language is Kotlin.", "fact", 0.15, 3,
                 "2026-03-01", "active")  # fmt: skip
    new = Memory("MEMORY.md", "b2", "b2", "User's main language is Go.", "fact", 0.8, 9,
                 "2026-11-20", "active")  # fmt: skip
    candidate = Candidate.of(old, [
        Finding("decay", "score 0.15 is below the decay review mark 0.2"),
        Finding("contradiction", "one says Kotlin, the other Go", (new,)),
    ])  # fmt: skip
    allowed = allowed_decisions(candidate, archive=True)
    assert set(allowed) == {"KEEP", "ARCHIVE", "DELETE", "MERGE"}

    prompt = review_prompt(candidate, RelatedIndex([old, new]), allowed)

    assert "Memory A (under review)" in prompt and "Memory B" in prompt
    assert "last_activated=2026-03-01" in prompt and "last_activated=2026-11-20" in prompt
    assert "Memory B is the newer one (2026-11-20" in prompt
    assert prompt.index("Contradiction review") < prompt.index("Decay review")


def test_the_queue_asks_the_agent_for_its_decay_transitions(demo: Path) -> None:
    """The generic queue knows no agent's decay: what a run would archive is the agent's answer
    (Decaying.decay_transitions), here for the best-scored memory, which EverBot's run keeps."""
    from core.agents.everbot import EverBot

    class AskedAgent(EverBot):
        def decay_transitions(self, ws: Any, at: date) -> dict[tuple[str, str], tuple[str, float]]:
            return {(ws.file, best.key): ("archive", 0.01)}

    agent = AskedAgent()
    ws = agent.open(demo)
    _rows, memories = memories_in(Session(agent, ws))
    best = max(memories, key=lambda m: m.score or 0)
    assert EVERBOT.decay_transitions(ws, date.today()).get((ws.file, best.key)) is None
    candidates = scan(Session(agent, ws), memories, date.today(), pairs=False)
    [asked] = [c for c in candidates if c.memory.key == best.key]
    assert ("decay", "ARCHIVE") in [(f.trigger, f.suggested) for f in asked.findings]


def test_an_agent_that_keeps_no_scores_has_no_decay_transitions(tmp_path: Path) -> None:
    folder = tmp_path / "pico"
    assert main(["demo", str(folder), "--layout", "picoclaw"]) == 0
    agent = agent_named("picoclaw")
    assert not isinstance(agent, Decaying)  # the queue asks it for none
    with session_at(folder / "workspace", agent) as session:
        _rows, memories = memories_in(session)
        candidates = scan(session, memories, date.today())
    assert not [c for c in candidates if "decay" in c.triggers]
