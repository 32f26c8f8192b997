"""Benchmark of the MemoryReviewer (a script that prints figures, not a timed test).

    .venv/bin/python tests/benchmarks/review_bench.py [--entries 100000]

Writes an EverBot demo of N memories and prints, once each (a review run happens once): reading
the memories, the duplicate and contradiction scan (blocked, never all pairs), every trigger,
and a whole `run_review` with the rules reviewer (proposals stored in the journal).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.cli import main as cli
from core.agents.registry import agent_named
from core.review.queue import memories_in, run_review, scan
from core.review.rules import RulesReviewer
from core.review.similar import duplicates_and_contradictions


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
        _rows, memories = _timed("read the memories", lambda: memories_in(agent, root))
        found = _timed(
            "duplicates and contradictions", lambda: duplicates_and_contradictions(memories)
        )
        dups, contra = found  # type: ignore[misc]
        print(f"  {len(dups)} duplicate pairs, {len(contra)} contradictions in {entries} memories")
        ws = agent.open(root)
        candidates = _timed("every trigger", lambda: scan(root, ws, memories, date.today()))
        print(f"  {len(candidates)} candidates")  # type: ignore[arg-type]
        _timed(
            "review run (rules reviewer, stored)",
            lambda: asyncio.run(run_review(agent, root, RulesReviewer(), today=date.today())),
        )


if __name__ == "__main__":
    main()
