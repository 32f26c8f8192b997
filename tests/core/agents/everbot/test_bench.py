"""`memdesk bench` figures of the score history (SPEC 8): the first sync and a decay run."""

from __future__ import annotations

import re

from core.agents.everbot.bench import TARGETS, run_bench


def test_bench_times_the_first_sync_and_a_decay_run_beside_their_targets() -> None:
    figures = run_bench(entries=300, repeat=1)

    assert figures.entries == 300
    assert TARGETS["sync_s"] == TARGETS["decay_apply_s"] == 1.0
    data = figures.as_json()
    assert {"sync_s", "decay_apply_s", "load_with_journal_s"} <= set(data)
    assert all(data[key] > 0 for key in ("sync_s", "decay_apply_s"))
    report = figures.report()
    for label in (
        "score history: first sync (backups, then every memory observed)",
        "decay apply changing every score (journal included)",
    ):
        assert re.search(rf"{re.escape(label)} +[\d.]+ s  \(target <= 1.0 s: (ok|MISSED)\)", report)
