"""A decay run writes what the ordinary save of the same score edits writes: the same bytes, the
same events and the same decay bookkeeping (only faster, for 100,000 memories)."""

from __future__ import annotations

import shutil
from datetime import UTC, date, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.workspace import SaveResult, Workspace
from core.demo import write_demo
from core.store.journal import DecayState, DecayStates, Journal
from core.store.journal import rows as journal_module
from core.store.merge import Change

T0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
AT = date(2026, 4, 30)


@given(
    st.dictionaries(st.text(max_size=8), st.floats(allow_nan=False, allow_infinity=False)),
    st.one_of(st.none(), st.integers(min_value=1)),
)
def test_decay_states_store_the_rows_their_states_would(
    scores: dict[str, float], commit_id: int | None
) -> None:
    run = DecayStates(AT, T0, scores)
    one_by_one = {key: DecayState(AT, score, T0) for key, score in scores.items()}
    assert dict(run) == one_by_one
    assert all(key in run for key in scores)
    assert journal_module._decay_rows("MEMORY.md", run, commit_id) == journal_module._decay_rows(
        "MEMORY.md", one_by_one, commit_id
    )


def test_decay_states_know_only_their_memories() -> None:
    run = DecayStates(AT, T0, {"a1b2c3": 0.5})
    assert "a1b2c3" in run and "x1y2z3" not in run
    assert len(run) == 1 and list(run) == ["a1b2c3"]


def _ordinary_save(ws: Workspace, at: date) -> SaveResult:
    """The same run as plain edits: one change at a time, then a save with DecayState values."""
    preview = preview_decay(ws, at)
    for key, _before, after in preview.score_changes():
        entry = ws.find(key)
        assert entry is not None
        ws.apply([Change(key, entry, entry.edited(score=after))])
    states = dict(preview.new_states())  # each one a DecayState of its own
    assert all(type(s) is DecayState for s in states.values())
    return ws.save(
        actor="decay", cause=f"decay to {at.isoformat()}", decay_states=states, decayed=at
    )


def _written(root: Path, result: SaveResult) -> tuple[bytes, list[object], dict[str, object]]:
    with Journal.open(root) as journal:
        events = [
            (e.file, e.memory_id, e.kind, e.actor, e.cause, e.before, e.after)
            for e in journal.events_of_op(result.op_id)
        ]
        states = {k: (s.anchor, s.score) for k, s in journal.decay_state("MEMORY.md").items()}
    return (root / "MEMORY.md").read_bytes(), events, states


def test_a_decay_run_writes_what_the_ordinary_save_writes(tmp_path: Path) -> None:
    base = tmp_path / "base"
    write_demo(base, entries=120, seed=5, today=date(2026, 3, 1))
    bulk, ordinary = tmp_path / "bulk", tmp_path / "ordinary"
    shutil.copytree(base, bulk)
    shutil.copytree(base, ordinary)

    ws = Workspace.open(bulk)
    ws.sync_journal()
    bulk_result = apply_decay(ws, preview_decay(ws, AT))
    ws2 = Workspace.open(ordinary)
    ws2.sync_journal()
    ordinary_result = _ordinary_save(ws2, AT)

    data, events, states = _written(bulk, bulk_result)
    assert (data, events, states) == _written(ordinary, ordinary_result)
    assert data != (base / "MEMORY.md").read_bytes()
    assert len(events) == len(bulk_result.changes) > 100  # every memory's score, as history
    assert {anchor for anchor, _ in states.values()} == {AT}
    assert [c.key for c in bulk_result.changes] == [c.key for c in ordinary_result.changes]
    assert [(c.before, c.after) for c in bulk_result.changes] == [
        (c.before, c.after) for c in ordinary_result.changes
    ]
