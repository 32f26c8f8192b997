"""The decay run over a file (vectorised) against scoring's per-memory formula, and idempotence."""

from __future__ import annotations

import shutil
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot import document as evdoc
from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.policy import profile_by_name
from core.agents.everbot.scoring import decay_score, decay_transition
from core.agents.everbot.workspace import Workspace

_CATEGORIES = ["fact", "preference", "episode", "core", "system", "todo"]


def _file(items: list[tuple[str, float, int]], last_saved: date) -> str:
    entries = [
        evdoc.Entry(
            f"m{i:05x}",
            f"m{i:05x}",
            category,
            score,
            (last_saved - timedelta(days=age)).isoformat(),
            1,
            f"memory {i}",
            "active" if score >= 0.2 else "archived",
        )
        for i, (category, score, age) in enumerate(items)
    ]
    return evdoc.normalize(entries, now=datetime.combine(last_saved, time(12), UTC))


_ITEMS = st.lists(
    st.tuples(
        st.sampled_from(_CATEGORIES),
        st.integers(1, 400).map(lambda n: n / 100),
        st.integers(0, 60),
    ),
    min_size=1,
    max_size=25,
)


@given(_ITEMS, st.integers(0, 90), st.sampled_from(["everbot", "tiered"]))
def test_preview_matches_the_per_memory_formula(
    tmp_path_factory: object, items: list[tuple[str, float, int]], days: int, profile: str
) -> None:
    root = tmp_path_factory.mktemp("ws")  # type: ignore[attr-defined]
    saved = date(2026, 3, 1)
    text = _file(items, saved)
    (root / "MEMORY.md").write_text(text, encoding="utf-8")
    ws = Workspace.open(root, profile=profile)
    policy = profile_by_name(profile)
    at = saved + timedelta(days=days)
    preview = preview_decay(ws, at)
    changed = {c.key: c.after for c in preview.changed}
    proposed = {t.key: t.to for t in preview.transitions}
    for e in ws.entries():
        last = date.fromisoformat(e.last_activated)
        anchor = max(saved, last)
        want = decay_score(
            score=e.score,
            category=e.category,
            last_activated=last,
            anchor=anchor,
            at=at,
            profile=policy,
        )
        assert changed.get(e.key, e.score) == pytest.approx(want, rel=1e-12, abs=0)
        to = decay_transition(
            score_before=e.score,
            score_after=want,
            category=e.category,
            section=e.section,
            last_activated=last,
            at=at,
            profile=policy,
        )
        assert proposed.get(e.key) == to


def _demo_copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def test_decay_is_idempotent_across_runs(tmp_path: Path) -> None:
    from core.demo import write_demo

    base = tmp_path / "base"
    write_demo(base, entries=80, seed=3, today=date(2026, 3, 1))
    stepwise = _demo_copy(base, tmp_path / "stepwise")
    direct = _demo_copy(base, tmp_path / "direct")
    t1, t2 = date(2026, 3, 20), date(2026, 4, 30)

    ws = Workspace.open(stepwise)
    apply_decay(ws, preview_decay(ws, t1))
    ws = Workspace.open(stepwise)
    apply_decay(ws, preview_decay(ws, t2))
    ws = Workspace.open(stepwise)
    assert preview_decay(ws, t2).changed_count == 0  # a second run to the same day changes nothing

    ws2 = Workspace.open(direct)
    apply_decay(ws2, preview_decay(ws2, t2))

    a = {e.key: e.score for e in Workspace.open(stepwise).entries()}
    b = {e.key: e.score for e in Workspace.open(direct).entries()}
    assert a.keys() == b.keys()
    for key in a:
        assert abs(a[key] - b[key]) <= 1e-12 * max(1.0, b[key]), key
    assert (stepwise / "MEMORY.md").read_bytes() == (direct / "MEMORY.md").read_bytes()


def test_transitions_are_proposed_not_applied(tmp_path: Path) -> None:
    text = _file([("fact", 0.21, 0), ("fact", 0.06, 0)], date(2026, 1, 1))
    (tmp_path / "MEMORY.md").write_text(text, encoding="utf-8")
    ws = Workspace.open(tmp_path)
    preview = preview_decay(ws, date(2026, 3, 1))
    assert {t.to for t in preview.transitions} == {"archive", "delete"}
    apply_decay(ws, preview)
    after = Workspace.open(tmp_path)
    assert len(after.entries()) == 2  # nothing deleted
    assert [e.section for e in after.entries()] == ["active", "archived"]  # nothing moved


def test_decay_too_small_to_show_still_moves_the_anchor(tmp_path: Path) -> None:
    """0.30 decayed one day is 0.297: the file still says 0.30, the journal must still know."""
    text = _file([("fact", 0.3, 8)], date(2026, 3, 1))
    (tmp_path / "MEMORY.md").write_text(text, encoding="utf-8")
    ws = Workspace.open(tmp_path)
    apply_decay(ws, preview_decay(ws, date(2026, 3, 2)))
    assert (tmp_path / "MEMORY.md").read_text(encoding="utf-8") == text  # nothing to write
    again = Workspace.open(tmp_path)
    assert again.entries()[0].score == pytest.approx(0.3 * 0.99)
    assert preview_decay(again, date(2026, 3, 2)).changed_count == 0
