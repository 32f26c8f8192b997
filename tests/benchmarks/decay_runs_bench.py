"""Benchmark of decay runs as the journal grows (a script that prints figures, not a timed test).

    .venv/bin/python tests/benchmarks/decay_runs_bench.py [--entries 100000] [--runs 11]

Writes an EverBot demo of N memories, syncs it, then applies one decay run after another (each
30 days later, changing every score) and prints each run's time: the first is `memdesk bench`'s
`decay_apply_s`, the later ones meet a journal of a few hundred thousand to a million events.
Then the Activity listing of the runs and the reading of the newest run's events (undo).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.workspace import Workspace
from core.demo import write_demo
from core.store.journal import Journal


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="memdesk-decay-runs-") as tmp:
        root = Path(tmp) / "ws"
        write_demo(root, entries=args.entries, seed=1)
        Workspace.open(root).sync_journal()
        for run in range(1, args.runs + 1):
            ws = Workspace.open(root)
            preview = preview_decay(ws, date.today() + timedelta(days=30 * run))
            start = time.perf_counter()
            apply_decay(ws, preview)
            print(
                f"decay run {run:>2} ({preview.changed_count} scores changed)"
                f"{time.perf_counter() - start:>14.3f} s"
            )
        with Journal.open(root) as journal:
            start = time.perf_counter()
            operations = journal.operations()
            print(
                f"activity: {len(operations)} operations listed{time.perf_counter() - start:>17.3f} s"
            )
            start = time.perf_counter()
            newest = journal.events_of_op(operations[0].op_id)
            print(f"events of the newest run ({len(newest)}){time.perf_counter() - start:>20.3f} s")
        with sqlite3.connect(Journal.db_path(root)) as conn:
            (events,) = conn.execute("SELECT count(*) FROM events").fetchone()
        print(f"journal: {events} events")


if __name__ == "__main__":
    main()
