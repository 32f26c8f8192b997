"""Approving the review queue as a person does on each agent's demo: one open proposal per memory,
approve all as one all-or-nothing operation that equals the decisions applied one by one, and a
proposal refused when a memory it read (its own or the other of a pair) changed since."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from core.registry import resolve
from core.review.model import Candidate, Review, ReviewContext
from core.review.queue import Refused, approve, run_review
from core.review.rules import RulesReviewer
from core.store.journal import Journal
from tests.helpers import listed_at, pending_at, session_at

LAYOUTS = ("everbot", "tiered", "picoclaw", "openclaw", "pomelobot", "pomeloclaw")


def _demo(folder: Path, layout: str) -> Path:
    assert main(["demo", str(folder), "--layout", layout]) == 0
    return resolve(folder)[1]


def _agent(root: Path):  # type: ignore[no-untyped-def]
    return resolve(root)[0]


def _review(root: Path, reviewer: object = None) -> object:
    run = run_review(
        session_at(root, _agent(root)), reviewer or RulesReviewer(), today=date.today()
    )  # type: ignore[arg-type]
    return asyncio.run(run)


def _memory_files(root: Path) -> dict[str, bytes]:
    """Every file of the agent's, MemDesk's folder, backups and lock files aside."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
        and ".memdesk" not in p.parts
        and "backups" not in p.parts
        and not p.name.endswith((".lock", ".bak"))
    }


def _journal_state(root: Path) -> tuple[object, ...]:
    """What the journal says of operations and proposals (not its bytes: SQLite may checkpoint)."""
    conn = sqlite3.connect(Journal.db_path(root))
    try:
        commits = conn.execute("SELECT id, state FROM commits ORDER BY id").fetchall()
        proposals = conn.execute("SELECT id, status, op_id FROM proposals ORDER BY id").fetchall()
        events = conn.execute("SELECT count(*) FROM events").fetchone()
        return (commits, proposals, events)
    finally:
        conn.close()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_review_then_approve_all_equals_the_decisions_one_by_one(
    tmp_path: Path, layout: str
) -> None:
    whole, single = _demo(tmp_path / "whole", layout), _demo(tmp_path / "single", layout)
    assert _memory_files(whole) == _memory_files(single)
    _review(whole)
    _review(single)
    queued = pending_at(whole)
    assert queued, f"the {layout} demo has something to review"
    assert [(p.memory_id, p.decision) for p in queued] == [
        (p.memory_id, p.decision) for p in pending_at(single)
    ]
    touched = [k for p in queued for k in (p.memory_id, *p.related_ids)]
    assert len(touched) == len(set(touched)), "no memory is in two open proposals"

    assert main(["approve", str(whole), "--all"]) == 0
    for p in queued:
        approve(session_at(single, _agent(single)), [p.id])

    assert _memory_files(whole) == _memory_files(single)
    assert pending_at(whole) == []
    again = _review(whole)
    assert not set(again.stored) & {p.id for p in queued}  # type: ignore[attr-defined]


def test_a_second_run_proposes_nothing_twice(tmp_path: Path) -> None:
    root = _demo(tmp_path / "ws", "everbot")
    first = _review(root)
    again = _review(root)
    assert again.stored == [] and again.updated == []  # type: ignore[attr-defined]
    assert again.skipped == len(first.stored)  # type: ignore[attr-defined]


class _Merger:
    """A reviewer that merges every duplicate into the other memory (as an LLM may)."""

    name = "merger"

    async def review(self, candidate: Candidate, context: ReviewContext) -> Review:
        if candidate.trigger != "duplicate":
            return Review("KEEP", "not a pair")
        other = candidate.related[0]
        return Review("MERGE", "the same fact", merged_text=f"{other.content} (merged)")


def _pair(root: Path) -> tuple[int, str, str]:
    [pair] = [p for p in pending_at(root) if p.trigger == "duplicate"][:1]
    return pair.id, pair.memory_id, pair.related_ids[0]


def _agent_rewrites(root: Path, memory_id: str, text: str | None) -> None:
    """The agent (another program, no lock) changes a memory's text, or deletes it."""
    path = root / "MEMORY.md"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith(f"### [{memory_id}]"))
    end = at + 1
    while end < len(lines) and not lines[end].startswith("#"):
        end += 1
    body = [] if text is None else [lines[at], text, ""]
    path.write_text("\n".join(lines[:at] + body + lines[end:]), encoding="utf-8")


@pytest.mark.parametrize("change", ["deleted", "rewritten"])
def test_a_pair_whose_other_memory_the_agent_changed_is_refused(
    tmp_path: Path, change: str
) -> None:
    root = _demo(tmp_path / "ws", "everbot")
    _review(root)
    pid, weak, kept = _pair(root)
    _agent_rewrites(root, kept, None if change == "deleted" else "The agent added a fact here.")
    files, journal = _memory_files(root), _journal_state(root)

    with pytest.raises(Refused, match=rf"#{pid}: \[{kept}\], which the proposal names, "):
        approve(session_at(root, _agent(root)), [pid])

    assert _memory_files(root) == files and _journal_state(root) == journal
    assert f"[{weak}]" in (root / "MEMORY.md").read_text(encoding="utf-8"), "no copy is lost"


def test_a_merge_approved_after_the_agent_added_to_the_other_memory_is_refused(
    tmp_path: Path,
) -> None:
    root = _demo(tmp_path / "ws", "everbot")
    _review(root, _Merger())
    [merge] = [p for p in pending_at(root) if p.decision == "MERGE"][:1]
    kept = merge.related_ids[0]
    _agent_rewrites(root, kept, "The fact, and one more detail the agent learned.")
    text = (root / "MEMORY.md").read_text(encoding="utf-8")

    assert main(["approve", str(root), str(merge.id)]) == 1

    assert (root / "MEMORY.md").read_text(encoding="utf-8") == text
    assert "one more detail the agent learned" in text


def test_a_batch_with_one_stale_proposal_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _demo(tmp_path / "ws", "everbot")
    _review(root)
    queued = pending_at(root)
    changed = next(p for p in queued if p.trigger == "promotion")
    _agent_rewrites(root, changed.memory_id, "The agent rewrote this memory meanwhile.")
    files, journal = _memory_files(root), _journal_state(root)
    capsys.readouterr()

    assert main(["approve", str(root), "--all"]) == 1

    err = capsys.readouterr().err
    assert f"#{changed.id}: [{changed.memory_id}] changed since the review" in err
    assert "nothing was applied" in err
    assert _memory_files(root) == files and _journal_state(root) == journal
    assert {p.id for p in pending_at(root)} == {p.id for p in queued}  # the others still wait


def test_two_proposals_about_one_memory_from_an_older_journal_are_refused_together(
    tmp_path: Path,
) -> None:
    """A journal written before one proposal per memory may hold two about one memory."""
    root = _demo(tmp_path / "ws", "everbot")
    _review(root)
    first = pending_at(root)[0]
    with Journal.open(root) as journal:
        [copy] = journal.add_proposals([{
            "file": first.file, "memory_id": first.memory_id, "trigger": "decay",
            "decision": "DELETE", "reasons": "an older run", "reviewer": "rules",
            "memory_hash": first.memory_hash, "memory_json": first.memory_json,
        }])  # fmt: skip
    files = _memory_files(root)

    with pytest.raises(Refused, match=rf"#{copy}: #{first.id} is about \[{first.memory_id}\]"):
        approve(session_at(root, _agent(root)), [first.id, copy])

    assert _memory_files(root) == files


def test_a_stale_proposal_is_reviewed_again_in_place(tmp_path: Path) -> None:
    root = _demo(tmp_path / "ws", "everbot")
    _review(root)
    p = next(p for p in pending_at(root) if p.trigger == "promotion")
    _agent_rewrites(root, p.memory_id, "User's favourite editor is Helix, every day.")
    run = _review(root)
    assert p.id in run.updated  # type: ignore[attr-defined]
    [now] = [q for q in listed_at(root) if q.memory_id == p.memory_id]
    assert now.id == p.id and now.status == "pending"
    fields = json.loads(now.memory_json)  # the journal keeps the memory as reviewed again
    assert fields["content"] == "User's favourite editor is Helix, every day."
    assert now.memory_hash != p.memory_hash


def test_a_merge_longer_than_the_two_memories_make_sensible_is_refused(tmp_path: Path) -> None:
    """A merged text stored by any reviewer (an older MemDesk, a hostile endpoint) is bounded
    where it is written too."""
    root = _demo(tmp_path / "ws", "everbot")
    _review(root)
    pid, _weak, _kept = _pair(root)
    with Journal.open(root) as journal:
        journal.update_proposals([(pid, {
            **{k: getattr(p, k) for p in pending_at(root) if p.id == pid
               for k in ("file", "memory_id", "trigger", "reasons", "reviewer", "memory_hash",
                         "memory_json", "related_json", "why", "findings_json")},
            "decision": "MERGE", "merged_text": "x" * 50_000,
        })])  # fmt: skip
    files = _memory_files(root)

    with pytest.raises(Refused, match=rf"#{pid}: the merged text has 50,000 characters"):
        approve(session_at(root, _agent(root)), [pid])

    assert _memory_files(root) == files
