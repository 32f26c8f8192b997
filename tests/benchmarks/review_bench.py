"""Benchmark of the MemoryReviewer (a script that prints figures, not a timed test).

    .venv/bin/python tests/benchmarks/review_bench.py [--entries 100000]

Writes an EverBot demo of N memories and prints, once each (a review run happens once): reading
the memories, the duplicate and contradiction scan (blocked, never all pairs), every trigger,
a whole `run_review` with the rules reviewer (proposals stored in the journal), and a decay run a
year on: its apply, then the queueing of its archive/delete proposals (SPEC 8: the queueing
scales like the duplicate scan, 100,000 memories <= 10 s).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.cli import main as cli
from core.agents.everbot.decay import apply_decay, preview_decay
from core.registry import agent_named
from core.review.duplicates import duplicates_and_contradictions
from core.review.queue import memories_in, queue_transitions, run_review, scan
from core.review.rules import RulesReviewer
from core.session import Session
from tests.helpers import session_at


def _timed(label: str, step: object) -> object:
    start = time.perf_counter()
    result = step()  # type: ignore[operator]
    print(f"{label:<44} {time.perf_counter() - start:7.2f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=100_000)
    entries = parser.parse_args().entries
    agent = agent_named("everbot")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        assert cli(["demo", str(root), "--entries", str(entries)]) == 0
        _rows, memories = _timed("read the memories", lambda: memories_in(session_at(root, agent)))
        found = _timed(
            "duplicates and contradictions", lambda: duplicates_and_contradictions(memories)
        )
        dups, contra = found  # type: ignore[misc]
        print(f"  {len(dups)} duplicate pairs, {len(contra)} contradictions in {entries} memories")
        ws = agent.open(root)
        candidates = _timed(
            "every trigger", lambda: scan(Session(agent, ws), memories, date.today())
        )
        print(f"  {len(candidates)} candidates")  # type: ignore[arg-type]
        _timed(
            "review run (rules reviewer, stored)",
            lambda: asyncio.run(
                run_review(session_at(root, agent), RulesReviewer(), today=date.today())
            ),
        )
        at = date.today() + timedelta(days=365)  # a year on: many memories fall below the marks
        ws = agent.open(root)
        preview = _timed("decay preview, a year on", lambda: preview_decay(ws, at))
        moves = [(ws.file, t.key, t.to, t.score) for t in preview.transitions]  # type: ignore[attr-defined]
        _timed("decay apply (scores written)", lambda: apply_decay(ws, preview))
        queued = _timed(
            f"queueing its {len(moves)} archive/delete proposals",
            lambda: queue_transitions(Session(agent, ws), moves, at),  # as decay_and_queue
        )
        print(f"  {len(queued)} proposals queued or reviewed again")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
