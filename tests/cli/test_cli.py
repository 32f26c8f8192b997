"""The `memdesk` command line (SPEC 7): demo, check, list, show and decay, their JSON shapes and
exit codes, on the demo workspace and on every EverBot fixture. Most calls run app.cli.main in
this process; a few run a real process for exit codes, stdout/stderr and a closed pipe."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import format as ev
from core.agents.everbot import policy
from tests.cli.conftest import (
    EVERBOT,
    FIXTURE_NAMES,
    LIST_KEYS,
    TIERED_MEMORY,
    Cli,
    backups_of,
    fixture_bytes,
    fixture_workspace,
    make_workspace,
    run_process,
    snapshot,
)
from tests.conftest import PROJECT_ROOT
from tests.helpers import without_decay_mark

# The agent's header regex (SPEC 2.1), used here to read files independently of MemDesk.
HEADER_RE = re.compile(r"^###\s+\[(\w+)\]\s+(\w+)\s*\|\s*([\d.]+)\s*\|\s*([\d-]+)\s*\|\s*(\d+)\s*$")
LAST_UPDATED_RE = re.compile(r"<!-- Last updated: (\d{4}-\d{2}-\d{2})T")
PROBLEM_KEYS = {"file", "line", "kind", "message"}
HISTORY_KEYS = {"at", "score", "kind", "actor"}
EVERBOT_CATEGORIES = set(policy.EVERBOT_CATEGORIES)

# What MemDesk reports in each fixture (SPEC 2.1: quarantine, empty entries are problems).
EXPECTED_PROBLEM_KINDS: dict[str, set[str]] = {
    "bare_entries": set(),
    "canonical": set(),
    "empty_content": {"empty_entry", "stray_heading"},
    "empty_sections": set(),
    "malformed_header": {"bad_header"},
    "no_headers": {"stray_text"},
    "score_boundaries": set(),
    "stray_text": {"stray_text", "stray_heading"},
    "trailing_whitespace": set(),
}


def headers(data: bytes) -> dict[str, tuple[int, tuple[str, ...]]]:
    """id -> (1-based line, header fields) of every valid header, read with the agent's regex."""
    text = data.decode("utf-8-sig")
    out = {}
    for n, line in enumerate(text.splitlines(), 1):
        m = HEADER_RE.match(line.strip())
        if m is not None:
            out.setdefault(m.group(1), (n, m.groups()))
    return out


def last_updated(data: bytes) -> date:
    m = LAST_UPDATED_RE.search(data.decode("utf-8-sig"))
    assert m is not None
    return date.fromisoformat(m.group(1))


def by_id(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {item["id"]: item for item in items}


def in_days(n: int) -> str:
    return (date.today() + timedelta(days=n)).isoformat()


# -- demo ---------------------------------------------------------------------------------------


def test_demo_everbot_writes_a_workspace_that_checks_clean(cli: Cli, demo: Path) -> None:
    data = (demo / "MEMORY.md").read_bytes()
    assert data.startswith(b"# Agent Memory\n\n<!-- Last updated: ")
    assert b"<!-- Total entries: 60 -->" in data
    assert len(headers(data)) == 60
    assert len(backups_of(demo)) == 3
    assert (demo / "MEMORY.md.bak").read_bytes() == backups_of(demo)[-1].read_bytes()
    assert not (demo / ".memdesk" / "memdesk.db").exists()

    result = cli("check", demo, "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert report["entries"] == 60
    assert report["problems"] == []
    # 60 memories are more than the agent's cap of 30: it will forget the rest at its next save.
    forgotten = [w for w in report["warnings"] if w["kind"] == "forgotten_at_next_save"]
    assert len(forgotten) >= 30

    memories = cli("list", demo, "--json").json()
    assert len(memories) == 60
    assert len({m["id"] for m in memories}) == 60
    assert all(re.fullmatch(r"[0-9a-f]{6}", m["id"]) for m in memories)
    assert {m["category"] for m in memories} <= EVERBOT_CATEGORIES
    # The demo is in the agent's canonical layout: Active >= 0.2, Archived below.
    for m in memories:
        assert m["section"] == ("active" if m["score"] >= 0.2 else "archived"), m


def test_demo_tiered_layout(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "tiered"
    result = cli("demo", target, "--layout", "tiered", "--entries", 30, "--seed", 2)
    assert result.code == 0, result.err
    assert "wrote 30 memories" in result.out

    report = cli("check", target, "--json").json()
    assert report["profile"] == "tiered"
    assert report["entries"] == 30
    assert report["problems"] == []
    memories = cli("list", target, "--json").json()
    assert {m["category"] for m in memories} <= {"system", "core", "fact", "episode"}
    assert "system" in {m["category"] for m in memories}
    # Tiered memories carry source/verified in memory_meta (SPEC 2.5) and scores above 1.
    assert all("source" in m and "verified" in m for m in memories)
    assert max(m["score"] for m in memories) > 1.0


def test_demo_seed_decides_the_bytes(cli: Cli, tmp_path: Path) -> None:
    for name, seed in (("a", 11), ("b", 11), ("c", 12)):
        assert cli("demo", tmp_path / name, "--entries", 25, "--seed", seed).code == 0
    a, b, c = ((tmp_path / n / "MEMORY.md").read_bytes() for n in "abc")
    assert a == b
    assert a != c
    assert len(headers(a)) == len(headers(c)) == 25


def test_demo_default_size_and_zero_entries(cli: Cli, tmp_path: Path) -> None:
    assert cli("demo", tmp_path / "default").code == 0
    assert len(headers((tmp_path / "default" / "MEMORY.md").read_bytes())) == 40
    result = cli("demo", tmp_path / "none", "--entries", 0)
    assert result.code == 0
    assert cli("check", tmp_path / "none", "--json").json()["entries"] == 0


# -- check --------------------------------------------------------------------------------------


def test_check_text_report(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "stray_text")
    result = cli("check", ws)
    assert result.code == 1
    memory = ws / "MEMORY.md"
    assert result.out.startswith(f"{memory}: 3 memories (2 active, 1 archived), profile everbot")
    problem_lines = [line for line in result.out.splitlines() if line.strip().startswith("problem")]
    assert [line.split()[1] for line in problem_lines] == [
        f"{memory}:3:",
        f"{memory}:16:",
        f"{memory}:17:",
        f"{memory}:28:",
    ]
    assert result.err == ""

    clean = cli("check", fixture_workspace(tmp_path, "canonical"))
    assert clean.code == 0
    assert "9 memories (7 active, 2 archived)" in clean.out
    assert "no problems" in clean.out


def test_check_json_shape(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "malformed_header")
    result = cli("check", ws, "--json")
    report = result.json()
    assert result.code == 1
    assert isinstance(report["entries"], int)
    assert isinstance(report["problems"], list)
    assert isinstance(report["warnings"], list)
    assert report["problems"]
    lines = (ws / "MEMORY.md").read_text().splitlines()
    for item in report["problems"] + report["warnings"]:
        assert set(item) >= PROBLEM_KEYS
        assert Path(item["file"]) == ws / "MEMORY.md"
        assert isinstance(item["line"], int)
        assert item["kind"] and item["message"]
    # Every bad header is reported on its own line, which holds the malformed header.
    bad = [p for p in report["problems"] if p["kind"] == "bad_header"]
    assert {lines[p["line"] - 1] for p in bad} >= {
        "### [mm0002] fact | high | 2026-02-20 | 3",
        "### [mm-004] fact | 0.60 | 2026-02-20 | 1",
        "###[mm0007] fact | 0.60 | 2026-02-20 | 1",
    }


def test_check_score_boundaries_lists_what_the_agent_will_forget(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "score_boundaries")
    result = cli("check", ws, "--json")
    assert result.code == 0, result.out
    report = result.json()
    assert report["entries"] == 22
    assert report["problems"] == []
    forgotten = [w for w in report["warnings"] if w["kind"] == "forgotten_at_next_save"]
    marks = headers(fixture_bytes("score_boundaries"))
    found = {}
    for w in forgotten:
        ids = re.findall(r"\[(\w+)\]", w["message"])
        assert len(ids) == 1, w
        found[ids[0]] = w["line"]
    assert sorted(found) == ["sb0008", "sb0009", "sb0013", "sb0018"]
    for id_, line in found.items():
        assert line == marks[id_][0]
    # Exactly 0.05 (sb0007, sb0016) is kept by the agent: no warning.
    assert all(w["kind"] == "forgotten_at_next_save" for w in report["warnings"])


def test_check_duplicate_ids_are_problems_and_all_kept(cli: Cli, tmp_path: Path) -> None:
    text = (
        "# Agent Memory\n\n## Active Memories\n\n"
        "### [dup001] fact | 0.80 | 2026-02-01 | 1\nfirst\n\n"
        "### [uniq01] fact | 0.70 | 2026-02-01 | 1\nother\n\n"
        "### [dup001] fact | 0.60 | 2026-02-02 | 2\nsecond\n"
    )
    ws = make_workspace(tmp_path / "dup", text.encode())
    result = cli("check", ws, "--json")
    assert result.code == 1
    dups = [p for p in result.json()["problems"] if p["kind"] == "duplicate_id"]
    assert sorted(p["line"] for p in dups) == [5, 11]
    memories = cli("list", ws, "--json").json()
    assert [(m["id"], m["content"]) for m in memories] == [
        ("dup001", "first"),
        ("uniq01", "other"),
        ("dup001", "second"),
    ]
    second = cli("show", ws, "dup001~2", "--json")
    assert second.code == 0, second.err
    assert second.json()["content"] == "second"
    assert (ws / "MEMORY.md").read_bytes() == text.encode()


# -- list ---------------------------------------------------------------------------------------


def test_list_json_fields_point_at_the_file(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "canonical")
    data = fixture_bytes("canonical")
    result = cli("list", ws, "--json")
    assert result.code == 0
    memories = result.json()
    marks = headers(data)
    assert [m["id"] for m in memories] == list(marks)
    lines = data.decode().splitlines()
    for m in memories:
        assert set(m) >= LIST_KEYS
        assert Path(m["file"]) == ws / "MEMORY.md"
        line, (_, category, score, last, hits) = marks[m["id"]]
        assert m["line"] == line
        assert lines[line - 1].startswith(f"### [{m['id']}]")
        assert (m["category"], m["score"], m["last_activated"], m["activation_count"]) == (
            category,
            float(score),
            last,
            int(hits),
        )
        assert isinstance(m["content"], str) and m["content"]
        assert m["content"].split("\n")[0] == lines[line]  # the line after the header
    a = by_id(memories)["a1b2c3"]
    assert a["content"] == "用户喜欢简洁的代码风格，偏好使用类型注解"
    assert a["section"] == "active"
    assert {m["id"] for m in memories if m["section"] == "archived"} == {"01d001", "01d002"}


def test_list_sections_partition_the_memories(cli: Cli, demo: Path) -> None:
    everything = cli("list", demo, "--json").json()
    active = cli("list", demo, "--section", "active", "--json").json()
    archived = cli("list", demo, "--section", "archived", "--json").json()
    assert active and archived
    assert all(m["section"] == "active" for m in active)
    assert all(m["section"] == "archived" for m in archived)
    assert [m["id"] for m in everything] == [m["id"] for m in active + archived]
    assert cli("list", demo, "--section", "all", "--json").json() == everything


def test_list_query_matches_all_words_ignoring_case(cli: Cli, demo: Path) -> None:
    everything = cli("list", demo, "--json").json()
    words = [w for w in re.findall(r"[A-Za-z]{5,}", " ".join(m["content"] for m in everything))]
    word = max(set(words), key=words.count)
    expected = [m["id"] for m in everything if word.lower() in m["content"].lower()]
    assert 0 < len(expected) < len(everything)

    hits = cli("list", demo, "--query", word.upper(), "--json").json()
    assert [m["id"] for m in hits] == expected

    one = everything[0]
    both = cli("list", demo, "--query", f"{one['id']} {one['category']}", "--json").json()
    assert [m["id"] for m in both] == [one["id"]]
    cjk = next(m for m in everything if re.search(r"[\u4e00-\u9fff]{2}", m["content"]))
    piece = re.search(r"[\u4e00-\u9fff]{2}", cjk["content"])
    assert piece is not None
    assert cjk["id"] in {m["id"] for m in cli("list", demo, "--query", piece[0], "--json").json()}

    none = cli("list", demo, "--query", "zzqx-no-such-word", "--json")
    assert none.code == 0
    assert none.json() == []


def test_list_text_table(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "canonical")
    result = cli("list", ws, "--section", "archived")
    assert result.code == 0
    rows = result.out.splitlines()
    assert rows[0].split() == [
        "ID",
        "CATEGORY",
        "SCORE",
        "ACTIVATED",
        "HITS",
        "SECTION",
        "CONTENT",
    ]
    assert [r.split()[:6] for r in rows[1:]] == [
        ["01d001", "fact", "0.15", "2026-01-05", "1", "archived"],
        ["01d002", "preference", "0.08", "2025-12-20", "2", "archived"],
    ]


# -- show ---------------------------------------------------------------------------------------


def test_show_text_and_json(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "canonical")
    text = cli("show", ws, "9f8e7d")
    assert text.code == 0, text.err
    assert text.out.startswith("[9f8e7d] workflow | score 0.6500 | active")
    assert f"{ws / 'MEMORY.md'}:20" in text.out
    assert "history:" in text.out

    result = cli("show", ws, "9f8e7d", "--json")
    assert result.code == 0
    memory = result.json()
    listed = by_id(cli("list", ws, "--json").json())["9f8e7d"]
    assert {k: memory[k] for k in LIST_KEYS} == {k: listed[k] for k in LIST_KEYS}
    history = memory["history"]
    assert history, "the first look records the memory's current score"
    for point in history:
        assert set(point) >= HISTORY_KEYS
        datetime.fromisoformat(point["at"])
        assert isinstance(point["score"], float)
    assert history[-1]["score"] == pytest.approx(0.65)
    assert not (ws / ".memdesk").exists()  # viewing writes nothing into the agent's folder
    assert (ws / "MEMORY.md").read_bytes() == fixture_bytes("canonical")


def test_show_history_includes_backups_and_decay(cli: Cli, demo: Path) -> None:
    memory_id = next(iter(headers((demo / "MEMORY.md").read_bytes())))
    before = cli("show", demo, memory_id, "--json").json()
    imported = [p for p in before["history"] if p["actor"] == "import"]
    backed_up = [b for b in backups_of(demo) if f"[{memory_id}]".encode() in b.read_bytes()]
    assert len(imported) >= len(backed_up) >= 1
    times = [datetime.fromisoformat(p["at"]) for p in before["history"]]
    assert times == sorted(times)

    decay = cli("decay", demo, "--at", in_days(60), "--apply", "--json").json()
    after = by_id(decay["changed"])[memory_id]["after"]
    shown = cli("show", demo, memory_id, "--json").json()
    assert shown["score"] == pytest.approx(after)  # full precision from the journal
    last = shown["history"][-1]
    assert (last["kind"], last["actor"]) == ("decay", "decay")
    assert last["score"] == pytest.approx(after)


def test_show_history_ends_at_the_current_score_in_a_demo(cli: Cli, demo: Path) -> None:
    """The agent's MEMORY.md.bak is older than MEMORY.md: its scores never come last."""
    current = by_id(cli("list", demo, "--json").json())
    bak = {e.id: e.score for e in ev.parse((demo / "MEMORY.md.bak").read_bytes()).entries()}
    changed = [i for i in current if i in bak and bak[i] != current[i]["score"]]
    assert changed, "the demo has memories that changed since its newest backup"
    for memory_id in changed:
        history = cli("show", demo, memory_id, "--json").json()["history"]
        assert history[-1]["score"] == current[memory_id]["score"], (memory_id, history)


# -- decay --------------------------------------------------------------------------------------


def test_decay_preview_writes_nothing(cli: Cli, demo: Path) -> None:
    before = snapshot(demo)
    text = cli("decay", demo, "--at", in_days(45))
    assert text.code == 0
    assert "scores would change" in text.out
    assert "preview only" in text.out

    result = cli("decay", demo, "--at", in_days(45), "--json")
    assert result.code == 0
    preview = result.json()
    assert set(preview) >= {"changed", "transitions"}
    assert preview["applied"] is False
    assert preview["changed"]
    for c in preview["changed"]:
        assert set(c) >= {"id", "before", "after"}
        assert 0 <= c["after"] < c["before"]
    for t in preview["transitions"]:
        assert set(t) >= {"id", "to"}
        assert t["to"] in {"archive", "delete"}
    assert snapshot(demo) == before  # no journal, no lock file, no backup


def test_decay_follows_the_everbot_formula(cli: Cli, demo: Path) -> None:
    """0.99 per day after 7 days of grace, counted from the agent's last save (SPEC 3)."""
    at = date.today() + timedelta(days=45)
    anchor = last_updated((demo / "MEMORY.md").read_bytes())
    memories = by_id(cli("list", demo, "--json").json())
    preview = by_id(cli("decay", demo, "--at", at.isoformat(), "--json").json()["changed"])
    for id_, m in memories.items():
        last = date.fromisoformat(m["last_activated"])
        days = max(0, (at - last).days - 7) - max(0, (anchor - last).days - 7)
        expected = m["score"] * 0.99**days
        if expected == m["score"]:
            assert id_ not in preview
        else:
            assert preview[id_]["before"] == m["score"]
            assert preview[id_]["after"] == pytest.approx(expected, rel=1e-12)


def test_decay_apply_writes_scores_backup_and_journal(cli: Cli, demo: Path) -> None:
    memory = demo / "MEMORY.md"
    original = memory.read_bytes()
    old_backups = backups_of(demo)
    at = in_days(45)
    preview = cli("decay", demo, "--at", at, "--json").json()

    result = cli("decay", demo, "--at", at, "--apply", "--json")
    assert result.code == 0, result.err
    applied = result.json()
    assert applied["applied"] is True
    assert applied["changed"] == preview["changed"]
    assert applied["transitions"] == preview["transitions"]

    data = memory.read_bytes()
    assert data != original
    marks = headers(data)
    for c in applied["changed"]:
        assert marks[c["id"]][1][2] == format(c["after"], ".2f")
    assert len(marks) == 60  # transitions are proposals: nothing archived or deleted
    new_backups = [b for b in backups_of(demo) if b not in old_backups]
    assert len(new_backups) == 1
    assert new_backups[0].read_bytes() == original
    assert (demo / ".memdesk" / "memdesk.db").is_file()

    text = cli("decay", demo, "--at", in_days(90), "--apply")
    assert text.code == 0
    assert "scores changed" in text.out
    assert f"wrote {memory}" in text.out


def test_decay_twice_on_one_day_changes_nothing(cli: Cli, demo: Path) -> None:
    at = in_days(45)
    assert cli("decay", demo, "--at", at, "--apply").code == 0
    data = (demo / "MEMORY.md").read_bytes()
    before = snapshot(demo)

    again = cli("decay", demo, "--at", at, "--apply", "--json")
    assert again.code == 0
    assert again.json()["changed"] == []
    assert (demo / "MEMORY.md").read_bytes() == data
    after = snapshot(demo)
    assert {k for k in after if k.startswith(".memdesk/backups/")} == {
        k for k in before if k.startswith(".memdesk/backups/")
    }
    # An earlier date than the last run changes nothing either.
    assert cli("decay", demo, "--at", in_days(10), "--json").json()["changed"] == []


def test_decay_in_two_steps_equals_one_step(cli: Cli, demo: Path, tmp_path: Path) -> None:
    twice, once = tmp_path / "twice", tmp_path / "once"
    shutil.copytree(demo, twice)
    shutil.copytree(demo, once)
    assert cli("decay", twice, "--at", in_days(20), "--apply").code == 0
    assert cli("decay", twice, "--at", in_days(60), "--apply").code == 0
    assert cli("decay", once, "--at", in_days(60), "--apply").code == 0
    assert (twice / "MEMORY.md").read_bytes() == (once / "MEMORY.md").read_bytes()
    a = cli("list", twice, "--json").json()
    b = cli("list", once, "--json").json()
    assert [m["id"] for m in a] == [m["id"] for m in b]
    for x, y in zip(a, b, strict=True):
        assert x["score"] == pytest.approx(y["score"], rel=1e-9)
    assert (twice / "MEMORY.md").read_bytes() != (demo / "MEMORY.md").read_bytes()


def test_decay_tiered_fixture(cli: Cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "tiered", TIERED_MEMORY.read_bytes())
    preview = cli("decay", ws, "--at", "2026-03-20", "--json").json()
    changed = by_id(preview["changed"])
    # system and core memories never decay; episodes fall fast (SPEC 3, tiered profile).
    assert {"s00001", "c00001"}.isdisjoint(changed)
    assert changed["e00001"]["after"] < changed["f00001"]["after"]
    assert {t["id"]: t["to"] for t in preview["transitions"]}.get("e00001") == "delete"
    assert cli("decay", ws, "--at", "2026-03-20", "--apply").code == 0
    data = without_decay_mark((ws / "MEMORY.md").read_bytes(), "2026-03-20")
    # The memory_meta lines and the untouched memories stay as they were.
    original = TIERED_MEMORY.read_bytes().decode().splitlines()
    now = data.decode().splitlines()
    assert len(now) == len(original)
    for old, new in zip(original, now, strict=True):
        if not HEADER_RE.match(old.strip()):
            assert new == old
    assert headers(data)["s00001"][1][2] == "5.00"


def test_list_honours_the_section_headings(cli: Cli, tmp_path: Path) -> None:
    """The file's headings decide the section, not the score (the agent re-sorts at its save)."""
    text = (
        "# Agent Memory\n\n## Active Memories\n\n"
        "### [low001] fact | 0.10 | 2026-01-01 | 1\nlow but under Active\n\n"
        "## Archived Memories\n\n"
        "### [hig001] fact | 0.90 | 2026-01-01 | 1\nhigh but under Archived\n"
    )
    ws = make_workspace(tmp_path / "sections", text.encode())
    sections = {m["id"]: m["section"] for m in cli("list", ws, "--json").json()}
    assert sections == {"low001": "active", "hig001": "archived"}


def test_archive_proposal_survives_applying_decay(cli: Cli, tmp_path: Path) -> None:
    """Decay never archives by itself; the proposal stays until someone decides (SPEC 3)."""
    ws = fixture_workspace(tmp_path, "canonical")
    first = cli("decay", ws, "--at", "2026-04-20", "--json").json()
    assert {"archive"} <= {t["to"] for t in first["transitions"]}
    archive = {t["id"] for t in first["transitions"] if t["to"] == "archive"}
    assert cli("decay", ws, "--at", "2026-04-20", "--apply").code == 0
    again = cli("decay", ws, "--at", "2026-04-20", "--json").json()
    assert {t["id"] for t in again["transitions"] if t["to"] == "archive"} == archive


# -- every fixture ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_read_commands_change_no_byte(cli: Cli, tmp_path: Path, name: str) -> None:
    data = fixture_bytes(name)
    ws = fixture_workspace(tmp_path, name)
    memory = ws / "MEMORY.md"
    assert ev.parse(data).to_bytes() == data  # render is the identity on an unchanged file
    before = snapshot(ws)
    # Named as a file, MEMORY.md is read as EverBot's whatever it holds; the folder of one with
    # bullets and no EverBot header (no_headers) is OpenClaw's curated memory.
    ws_path, ws = ws, memory

    result = cli("check", ws, "--json")
    report = result.json()
    assert {p["kind"] for p in report["problems"]} == EXPECTED_PROBLEM_KINDS[name]
    assert result.code == (1 if report["problems"] else 0)
    for item in report["problems"] + report["warnings"]:
        assert set(item) >= PROBLEM_KEYS
        assert Path(item["file"]) == memory

    parsed = [e.id for e in ev.parse(data).entries()]
    listed = cli("list", ws, "--json")
    assert listed.code == 0
    memories = listed.json()
    assert [m["id"] for m in memories] == parsed
    assert report["entries"] == len(parsed)
    # The agent loads the same memories, except the empty ones it drops (MemDesk flags them).
    agent = json.loads((EVERBOT / f"{name}.parsed.json").read_text())
    assert [m["id"] for m in memories if m["content"]] == [e["id"] for e in agent["entries"]]
    if not EXPECTED_PROBLEM_KINDS[name]:  # where MemDesk quarantines, the agent glues text
        assert [m["content"] for m in memories if m["content"]] == [
            e["content"] for e in agent["entries"]
        ]

    assert cli("list", ws).code == 0
    assert cli("decay", ws, "--at", "2027-01-01").code == 0
    assert cli("decay", ws, "--at", "2027-01-01", "--json").code == 0
    assert snapshot(ws_path) == before  # check, list and a decay preview write nothing at all

    if parsed:
        shown = cli("show", ws, memories[-1]["key"], "--json")
        assert shown.code == 0, shown.err
        assert shown.json()["id"] == parsed[-1]
    assert memory.read_bytes() == data


@pytest.mark.parametrize(
    "name", [n for n in FIXTURE_NAMES if n not in ("no_headers", "empty_sections")]
)
def test_decay_apply_changes_only_scores(cli: Cli, tmp_path: Path, name: str) -> None:
    """Quarantined text, content (whitespace and all) and layout survive a decay; only the
    changed memories' header lines change, and in them only the score."""
    data = fixture_bytes(name)
    ws = fixture_workspace(tmp_path, name)
    result = cli("decay", ws, "--at", in_days(200), "--apply", "--json")
    assert result.code == 0, result.err
    changed = by_id(result.json()["changed"])
    assert changed
    new = without_decay_mark((ws / "MEMORY.md").read_bytes(), in_days(200))
    old_lines, new_lines = data.splitlines(keepends=True), new.splitlines(keepends=True)
    assert len(new_lines) == len(old_lines)
    for old, line in zip(old_lines, new_lines, strict=True):
        m = HEADER_RE.match(old.decode().strip())
        if m is None or m.group(1) not in changed:
            assert line == old
            continue
        n = HEADER_RE.match(line.decode().strip())
        assert n is not None
        assert n.group(1, 2, 4) == m.group(1, 2, 4)
        assert int(n.group(5)) == int(m.group(5))
        assert n.group(3) == format(changed[m.group(1)]["after"], ".2f")
    assert backups_of(ws)[0].read_bytes() == data
    check = cli("check", ws, "--json").json()
    assert {p["kind"] for p in check["problems"]} == EXPECTED_PROBLEM_KINDS[name]


# -- real processes -----------------------------------------------------------------------------


def test_process_exit_codes_and_streams(tmp_path: Path) -> None:
    clean = fixture_workspace(tmp_path, "canonical")
    ok = run_process("check", clean, "--json", cwd=tmp_path)
    assert ok.code == 0
    assert ok.err == ""
    assert json.loads(ok.out)["entries"] == 9

    messy = fixture_workspace(tmp_path, "stray_text")
    problems = run_process("check", messy, cwd=tmp_path)
    assert problems.code == 1
    assert "problem" in problems.out
    assert problems.err == ""

    missing = run_process("list", tmp_path / "nowhere", "--json", cwd=tmp_path)
    assert missing.code == 2
    assert missing.out == ""
    assert str(tmp_path / "nowhere") in missing.err
    assert "Traceback" not in missing.err

    usage = run_process("decay", clean, "--at", "notadate", cwd=tmp_path)
    assert usage.code == 2
    assert usage.out == ""
    assert "not an ISO date" in usage.err

    unknown = run_process("show", clean, "ffffff", "--json", cwd=tmp_path)
    assert unknown.code == 1
    assert unknown.out == ""
    assert "ffffff" in unknown.err


def test_installed_script_runs_demo_and_list(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("memdesk")
    if not script.exists():
        pytest.skip(f"no console script at {script}")
    target = tmp_path / "ws"
    demo = subprocess.run(
        [str(script), "demo", str(target), "--entries", "12", "--seed", "4"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert demo.returncode == 0, demo.stderr
    listed = subprocess.run(
        [str(script), "list", str(target), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert listed.returncode == 0, listed.stderr
    assert len(json.loads(listed.stdout)) == 12


@pytest.fixture
def big_demo(tmp_path: Path) -> Path:
    """A demo whose listings are larger than a pipe's buffer (64 KiB)."""
    target = tmp_path / "big"
    assert run_process("demo", target, "--entries", 600, "--seed", 1).code == 0
    return target


@pytest.mark.parametrize("args", [["list"], ["list", "--json"], ["decay", "--at", "2099-01-01"]])
def test_closed_pipe_is_not_a_crash(big_demo: Path, args: list[str]) -> None:
    """`memdesk list WS | head`: the reader goes away early; no traceback, exit 0."""
    env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", args[0], str(big_demo), *args[1:]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.read(200)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    code = proc.wait(timeout=60)
    assert first
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    assert code == 0, (code, err)


def test_shell_pipe_into_head(big_demo: Path) -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash to build a pipeline with")
    command = (
        f'"{sys.executable}" -m app.cli list "{big_demo}" | head -n 2; echo "rc=${{PIPESTATUS[0]}}"'
    )
    proc = subprocess.run(
        [bash, "-c", command],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)),
        check=False,
    )
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("ID")
    assert lines[-1] == "rc=0"
    assert proc.stderr == ""


def test_show_says_overdue_for_a_forecast_date_already_past(cli: Cli, tmp_path: Path) -> None:
    """Tried as a new user would: in a file the agent last saved long ago, a memory was
    forecast to be archived on a date already past, without a word that it is overdue."""
    ws = tmp_path / "old"
    ws.mkdir()
    (ws / "MEMORY.md").write_text(
        "# Agent Memory\n\n## Active Memories\n\n"
        "### [0a0a0a] fact | 0.40 | 2020-01-01 | 1\nA memory nobody used since 2020.\n\n"
        "## Archived Memories\n",
        encoding="utf-8",
    )
    stamp = datetime(2024, 1, 1).timestamp()
    os.utime(ws / "MEMORY.md", (stamp, stamp))  # the agent's last save: its scores hold up to it
    memory = cli("show", ws, "0a0a0a", "--json").json()
    assert memory["overdue"] and set(memory["overdue"]) <= set(memory["forecast"])
    for name in memory["overdue"]:
        assert date.fromisoformat(memory["forecast"][name]) < date.today()
    text = cli("show", ws, "0a0a0a").out
    assert "(overdue: " in text


HISTORY_FILE = (
    "# Agent Memory\n\n<!-- Last updated: {stamp} -->\n\n## Active Memories\n\n"
    "### [0a0a0a] fact | {score} | 2026-10-01 | 3\nA memory.\n\n## Archived Memories\n"
)


def _history_workspace(folder: Path) -> Path:
    folder.mkdir()
    memory = folder / "MEMORY.md"
    memory.write_text(HISTORY_FILE.format(stamp="2026-11-01T09:00:00", score="0.80"), "utf-8")
    stamp = datetime(2026, 11, 1, 9, tzinfo=UTC).timestamp()
    os.utime(memory, (stamp, stamp))
    return folder


def _scores(cli: Cli, folder: Path) -> list[tuple[float, str]]:
    history = cli("show", folder, "0a0a0a", "--json").json()["history"]
    return [(round(p["score"], 6), p["kind"]) for p in history]


def test_the_history_is_the_same_whichever_command_ran_first(cli: Cli, tmp_path: Path) -> None:
    """Tried as a new user would: `decay --apply` before any `show` lost the agent's score
    from before the decay."""
    first_decay = _history_workspace(tmp_path / "a")
    first_look = _history_workspace(tmp_path / "b")
    assert cli("decay", first_decay, "--at", "2026-11-20", "--apply").code == 0
    cli("show", first_look, "0a0a0a", "--json")
    assert cli("decay", first_look, "--at", "2026-11-20", "--apply").code == 0
    assert _scores(cli, first_decay) == _scores(cli, first_look)
    assert _scores(cli, first_decay)[0] == (0.8, "observe")
    assert _scores(cli, first_decay)[-1][1] == "decay"


def test_an_agent_bak_touched_after_the_file_does_not_end_the_history(
    cli: Cli, tmp_path: Path
) -> None:
    """Tried as a new user would: a .bak whose mtime was 0.1 ms after MEMORY.md's ended the
    history on its stale score. Each file's time is the Last updated it records."""
    folder = _history_workspace(tmp_path / "ws")
    memory = folder / "MEMORY.md"
    memory.write_text(HISTORY_FILE.format(stamp="2026-11-02T09:00:00", score="0.90"), "utf-8")
    bak = folder / "MEMORY.md.bak"
    bak.write_text(HISTORY_FILE.format(stamp="2026-11-01T09:00:00", score="0.80"), "utf-8")
    later = memory.stat().st_mtime + 0.0001
    os.utime(bak, (later, later))
    history = cli("show", folder, "0a0a0a", "--json").json()["history"]
    assert [round(p["score"], 2) for p in history] == [0.8, 0.9]
    assert history[0]["at"].startswith("2026-11-01T09:00:00")


def test_a_memory_only_in_the_agents_bak_is_found_and_marked(cli: Cli, tmp_path: Path) -> None:
    """Tried as a new user would: `show … beef42` of a memory the agent dropped but kept in
    MEMORY.md.bak said "no memory with id beef42"."""
    folder = _history_workspace(tmp_path / "ws")
    gone = "### [beef42] preference | 0.30 | 2026-09-01 | 1\n用户喜欢乌龙茶。\n\n"
    bak_text = HISTORY_FILE.format(stamp="2026-10-30T09:00:00", score="0.80")
    bak_text = bak_text.replace("## Archived Memories", gone + "## Archived Memories")
    (folder / "MEMORY.md.bak").write_text(bak_text, encoding="utf-8")
    shown = cli("show", folder, "beef42", "--json")
    assert shown.code == 0, shown.err
    memory = shown.json()
    assert memory["only_in"] == "MEMORY.md.bak" and memory["content"] == "用户喜欢乌龙茶。"
    assert memory["backup_at"].startswith("2026-10-30T09:00:00")
    text = cli("show", folder, "beef42").out
    assert "only in the backup MEMORY.md.bak" in text and "用户喜欢乌龙茶。" in text
    missing = cli("show", folder, "c0ffee")
    assert missing.code == 1 and "no memory with id c0ffee" in missing.err
