"""The per-memory diff between two versions of a file, for any agent's format; the backups found."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.agents.everbot.format import StructuredFormat
from core.agents.picoclaw.format import LongTermFormat
from core.registry import agent_named
from core.store.backups_view import backup_only, diff_versions, matching

WORDS = st.text(alphabet="abcdefghij klm", min_size=1, max_size=12).map(lambda s: s.strip() or "x")
CATEGORIES = st.sampled_from(["fact", "preference", "workflow"])
SCORES = st.integers(min_value=1, max_value=99).map(lambda n: n / 100)
# id -> (category, score, content)
EverMemories = dict[str, tuple[str, float, str]]


def _everbot_file(memories: EverMemories) -> bytes:
    lines = ["# Agent Memory", "", "## Active Memories", ""]
    for mid, (category, score, content) in memories.items():
        lines += [f"### [{mid}] {category} | {score:.2f} | 2026-11-01 | 3", content, ""]
    return "\n".join(lines).encode()


ever_memory = st.tuples(CATEGORIES, SCORES, WORDS)
ever_ids = st.integers(min_value=0, max_value=40).map(lambda n: f"{n:06x}")
ever_files = st.dictionaries(ever_ids, ever_memory, max_size=8)


@settings(max_examples=60, deadline=None)
@given(old=ever_files, added=ever_files, data=st.data())
def test_everbot_diff_reports_exactly_the_edits(
    old: EverMemories, added: EverMemories, data: st.DataObject
) -> None:
    removed = data.draw(st.sets(st.sampled_from(sorted(old)))) if old else set()
    kept = [k for k in old if k not in removed]
    edits = data.draw(st.dictionaries(st.sampled_from(kept), ever_memory)) if kept else {}
    new = {k: edits.get(k, old[k]) for k in kept}
    new.update({k: v for k, v in added.items() if k not in old})
    fmt = StructuredFormat("MEMORY.md")

    result = diff_versions(fmt, fmt.parse(_everbot_file(old)), fmt.parse(_everbot_file(new)))

    assert sorted(a["id"] for a in result.added) == sorted(k for k in added if k not in old)
    assert sorted(r["id"] for r in result.removed) == sorted(removed)
    expected = {}
    for key, (category, score, content) in edits.items():
        before = old[key]
        fields = {
            name: [b, a]
            for name, b, a in zip(
                ("category", "score", "content"), before, (category, score, content), strict=True
            )
            if a != b
        }
        if fields:
            expected[key] = fields
    assert {c["id"]: c["fields"] for c in result.changed} == expected
    for change in result.changed:
        if "score" in change["fields"]:
            before, after = change["fields"]["score"]
            assert change["score_delta"] == round(after - before, 6)
        else:
            assert "score_delta" not in change


def _picoclaw_file(sections: dict[date, str]) -> bytes:
    lines = ["# Long-term Memory", ""]
    for day, content in sorted(sections.items()):
        lines += [f"## {day.isoformat()}", "", content, ""]
    return "\n".join(lines).encode()


pico_days = st.integers(min_value=0, max_value=30).map(lambda n: date(2026, 1, 1) + timedelta(n))
pico_files = st.dictionaries(pico_days, WORDS, max_size=8)


@settings(max_examples=60, deadline=None)
@given(old=pico_files, added=pico_files, data=st.data())
def test_picoclaw_diff_reports_exactly_the_edits(
    old: dict[date, str], added: dict[date, str], data: st.DataObject
) -> None:
    removed = data.draw(st.sets(st.sampled_from(sorted(old)))) if old else set()
    kept = [d for d in old if d not in removed]
    edits = data.draw(st.dictionaries(st.sampled_from(kept), WORDS)) if kept else {}
    new = {d: edits.get(d, old[d]) for d in kept}
    new.update({d: v for d, v in added.items() if d not in old})
    fmt = LongTermFormat()

    result = diff_versions(fmt, fmt.parse(_picoclaw_file(old)), fmt.parse(_picoclaw_file(new)))

    assert sorted(a["id"] for a in result.added) == sorted(
        d.isoformat() for d in added if d not in old
    )
    assert sorted(r["id"] for r in result.removed) == sorted(d.isoformat() for d in removed)
    expected = {d.isoformat(): {"content": [old[d], t]} for d, t in edits.items() if t != old[d]}
    assert {c["id"]: c["fields"] for c in result.changed} == expected


def test_everbot_backups_name_their_times_and_origins(tmp_path: Path) -> None:
    (tmp_path / ".memdesk" / "backups").mkdir(parents=True)
    (tmp_path / "MEMORY.md").write_bytes(_everbot_file({"aaaaaa": ("fact", 0.5, "now")}))
    bak = _everbot_file({"aaaaaa": ("fact", 0.4, "then"), "bbbbbb": ("fact", 0.3, "gone")})
    stamped = bak.replace(
        b"# Agent Memory\n", b"# Agent Memory\n<!-- Last updated: 2026-11-02T10:00:00+00:00 -->\n"
    )
    (tmp_path / "MEMORY.md.bak").write_bytes(stamped)
    own = tmp_path / ".memdesk" / "backups" / "20261101_090000_MEMORY.md"
    own.write_bytes(bak)
    (tmp_path / ".memdesk" / "backups" / "notes.txt").write_text("not a backup")

    found = agent_named("everbot").backups(tmp_path)

    assert [(b.rel, b.origin, b.at_source, b.entries(), b.size) for b in found] == [
        (".memdesk/backups/20261101_090000_MEMORY.md", "memdesk", "name", 2, len(bak)),
        ("MEMORY.md.bak", "agent", "last_updated", 2, len(stamped)),
    ]
    assert found[1].at.isoformat() == found[1].at.astimezone().isoformat()
    assert found[1].at.timestamp() == 1793613600.0
    assert all(b.live == "MEMORY.md" for b in found)


def _memory_file(memories: dict[str, str]) -> str:
    lines = ["# Agent Memory", "", "## Active Memories", ""]
    for mid, content in memories.items():
        lines += [f"### [{mid}] preference | 0.80 | 2026-11-01 | 3", content, ""]
    return "\n".join(lines)


def test_only_a_backup_holding_memories_the_file_lacks_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's search reads the backups while the person types: a backup whose memories
    are all in the file now is looked at by its headers only."""
    root = tmp_path / "ws"
    (root / ".memdesk" / "backups").mkdir(parents=True)
    (root / "MEMORY.md").write_text(_memory_file({"aaaaaa": "black coffee"}), encoding="utf-8")
    (root / "MEMORY.md.bak").write_text(
        _memory_file({"aaaaaa": "coffee with milk", "bbbbbb": "green tea"}), encoding="utf-8"
    )
    (root / ".memdesk" / "backups" / "20261101_120000_MEMORY.md").write_text(
        _memory_file({"aaaaaa": "coffee"}), encoding="utf-8"
    )
    parsed: list[bytes | None] = []
    real = StructuredFormat.parse
    monkeypatch.setattr(
        StructuredFormat, "parse", lambda self, data: parsed.append(data) or real(self, data)
    )
    backups = agent_named("everbot").backups(root)
    assert len(backups) == 2

    found = backup_only(backups)

    assert [(hit.key, hit.content) for _text, hit in found] == [("bbbbbb", "green tea")]
    assert len(parsed) == 1 and b"green tea" in (parsed[0] or b"")  # the other by its headers
    assert [h.key for h in matching(found, "GREEN")] == ["bbbbbb"]
    assert matching(found, "green coffee") == [] and matching(found, "  ") == []
