"""OpenClaw's demo workspace: the same bytes for a seed, every kind of file the agent keeps, each in
the shape the agent writes and reads it (spec/openclaw.md)."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from pathlib import Path

import pytest

from core.agent import DemoResult
from core.agents.openclaw import dreaming, dreams_file
from core.agents.openclaw.context import context
from core.agents.openclaw.curated import (
    managed_ranges,
    project_keys,
    recall_metadata,
    split_curated_entries,
)
from core.agents.openclaw.demo import DEFAULT_ENTRIES, write_demo
from core.agents.openclaw.recall import normalize_recall_store
from core.demo import DemoError

TODAY = date(2026, 6, 28)
GENERATED = 11  # bullets dreaming wrote: 2 legacy, 3 + 4 promoted, 2 consolidated
PROJECTS = {"github.com/acme/homelab", "github.com/acme/shop-api"}
_LEGACY = re.compile(
    r"- (.+) \[score=0\.\d{3} recalls=\d+ avg=0\.\d{3} source=(memory/[\d-]+\.md):(\d+)-\3\]"
)
_CURRENT = re.compile(
    r"- (.+) \[score=0\.\d{3} signals=\d+ recalls=\d+ avg=0\.\d{3} "
    r"source=(memory/[\d-]+\.md):(\d+)-\3\] <!-- trigger: [^,]+, [^,]+, [^,]+ --> "
    r"<!-- importance: (?:[3-9]|10) -->(?: <!-- project: github\.com/acme/[a-z-]+ -->)?"
)
_MARKER = re.compile(r"<!-- openclaw-memory-promotion:memory:(memory/[\d-]+\.md):(\d+):\2 -->")
_SESSION = re.compile(
    r"# Session: (\d{4}-\d\d-\d\d) (\d\d):(\d\d):\d\d UTC\n\n"
    r"- \*\*Session Key\*\*: agent:main:main\n"
    r"- \*\*Session ID\*\*: [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n"
    r"- \*\*Source\*\*: (?:webchat|telegram|cli)\n\n"
    r"## Conversation Summary\n\n"
    r"(?:user: [^\n]+\nassistant: [^\n]+\n){1,2}"
)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, DemoResult]:
    target = tmp_path_factory.mktemp("openclaw") / "ws"
    return target, write_demo(target, seed=7, today=TODAY)


def _files(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _text(root: Path, rel: str) -> str:
    return (root / rel).read_text(encoding="utf-8")


# --- determinism and completeness -------------------------------------------------------------


def test_the_same_seed_writes_the_same_bytes_and_times(tmp_path: Path) -> None:
    first = write_demo(tmp_path / "a", seed=3, today=TODAY)
    second = write_demo(tmp_path / "b", seed=3, today=TODAY)
    other = write_demo(tmp_path / "c", seed=4, today=TODAY)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert first.entries == second.entries == DEFAULT_ENTRIES + GENERATED
    assert _text(tmp_path / "a", "MEMORY.md") != _text(tmp_path / "c", "MEMORY.md")
    assert other.memory_file == tmp_path / "c" / "MEMORY.md" and other.workspace == tmp_path / "c"


def test_every_kind_of_file_is_there_and_nothing_after_yesterday(
    demo: tuple[Path, DemoResult],
) -> None:
    root, _result = demo
    names = set(_files(root))
    fixed = {
        "MEMORY.md", "USER.md", "users/alice/USER.md", "AGENTS.md", "SOUL.md", "DREAMS.md",
        "memory/.dreams/short-term-recall.json", "memory/.dreams/phase-signals.json",
        "memory/dreaming/light/2026-06-26.md",
    }  # fmt: skip
    assert fixed <= names
    notes = sorted(n for n in names if re.fullmatch(r"memory/\d{4}-\d\d-\d\d\.md", n))
    sessions = sorted(n for n in names if re.fullmatch(r"memory/\d{4}-\d\d-\d\d-[\w-]+\.md", n))
    assert len(notes) >= 6 + 9 and len(sessions) == 3
    assert any(re.fullmatch(r"memory/2026-06-27-\d{4}\.md", n) for n in sessions)  # HHMM slug
    assert any(re.fullmatch(r"memory/[\d-]{10}-[a-z]+-[a-z]+\.md", n) for n in sessions)
    assert max(n[7:17] for n in notes + sessions) == "2026-06-27"
    newest = max(mtime for _data, mtime in _files(root).values())
    assert datetime.fromtimestamp(newest / 1e9).date() < TODAY


def test_entries_counts_the_hand_written_bullets(tmp_path: Path) -> None:
    none = write_demo(tmp_path / "none", entries=0, today=TODAY)
    many = write_demo(tmp_path / "many", entries=40, today=TODAY)
    assert none.entries == GENERATED and many.entries == 40 + GENERATED
    assert _text(tmp_path / "none", "MEMORY.md").startswith(
        "# Long-Term Memory\n\n\n## Promoted From Short-Term Memory (2026-05-17)\n"
    )
    with pytest.raises(DemoError):
        write_demo(tmp_path / "bad", entries=-1, today=TODAY)
    with pytest.raises(DemoError):
        write_demo(tmp_path / "many", today=TODAY)


# --- MEMORY.md ---------------------------------------------------------------------------------------


def test_memory_md_splits_into_the_intended_entries(demo: tuple[Path, DemoResult]) -> None:
    root, result = demo
    text = _text(root, "MEMORY.md")
    blocks = split_curated_entries(text)
    entries = [b for b in blocks if b.kind == "entry"]
    assert len(entries) == result.entries == DEFAULT_ENTRIES + GENERATED
    headings = [b.text.split("\n", 1)[0] for b in blocks if b.kind == "section"]
    assert headings == [
        "# Long-Term Memory", "## About Me", "## Preferences", "## Projects", "## Decisions",
        "## Promoted From Short-Term Memory (2026-05-17)",
        "## Promoted From Short-Term Memory (2026-06-03)",
        "## Promoted From Short-Term Memory (2026-06-19)", "### Global",
        *(h for h in headings if h.startswith("### Project: ")),
        "## Consolidated Memory (2026-06-25)",
    ]  # fmt: skip
    assert {
        h.removeprefix("### Project: ") for h in headings if h.startswith("### Project")
    } <= PROJECTS
    hand = entries[:DEFAULT_ENTRIES]
    assert not any("[score=" in e.text or "Source:" in e.text for e in hand)
    assert any(re.search(r"[\u4e00-\u9fff]", e.text) for e in hand)
    assert any(re.search(r"^- [A-Z]", e.text) for e in hand)
    scoped = [e for e in hand if project_keys(e.text).annotated]
    assert scoped and all(set(project_keys(e.text).keys) <= PROJECTS for e in scoped)
    annotated = [recall_metadata(e.text, curated_root=True) for e in hand]
    assert any(m.importance is not None and m.triggers for m in annotated)


def test_promotion_sections_in_the_legacy_and_the_current_form(
    demo: tuple[Path, DemoResult],
) -> None:
    root, _result = demo
    lines = _text(root, "MEMORY.md").split("\n")
    bullets = [
        (lines[i - 1], line) for i, line in enumerate(lines) if _MARKER.fullmatch(lines[i - 1])
    ]
    legacy = [b for _m, b in bullets if _LEGACY.fullmatch(b)]
    current = [b for _m, b in bullets if _CURRENT.fullmatch(b)]
    assert len(legacy) == 2 and len(current) == 6
    for marker, bullet in bullets:
        match = _LEGACY.fullmatch(bullet) or _CURRENT.fullmatch(bullet)
        if match:  # the marker names the lines the bullet's source does
            assert _MARKER.fullmatch(marker).groups() == match.group(2, 3)  # type: ignore[union-attr]
    edited = [b for m, b in bullets if not _LEGACY.fullmatch(b) and not _CURRENT.fullmatch(b)]
    assert len(edited) == 1 + 2  # the person's rewrite, and the two consolidated entries
    assert "[score=" not in edited[0] and edited[0].endswith("-->")
    start = lines.index("## Promoted From Short-Term Memory (2026-06-19)")
    grouped = lines[start:]
    assert grouped[2] == "### Global" and "### Project: github.com/acme" in "\n".join(grouped)


def test_the_oldest_generated_section_is_the_one_the_trimmer_drops(
    demo: tuple[Path, DemoResult],
) -> None:
    root, _result = demo
    report = dreaming.budget_report(_text(root, "MEMORY.md"))
    dates = [s.date for s in report.sections]
    assert dates == ["2026-05-17", "2026-06-03", "2026-06-19"]
    assert all(s.droppable for s in report.sections)
    oldest = report.drop_order[0]
    assert (oldest.date, oldest.entry_count, oldest.within_loss_bound) == ("2026-05-17", 2, True)
    edited = report.sections[1]
    assert edited.droppable and len(edited.edited_lines) == 1  # edited, still generated
    kept, dropped = dreaming.compact_for_budget(_text(root, "MEMORY.md"), "x" * 9_000, 10_000, 0.25)
    assert dropped == ["2026-05-17"] and "(2026-05-17)" not in kept


def test_the_consolidated_section_as_the_rewrite_appends_it(demo: tuple[Path, DemoResult]) -> None:
    root, _result = demo
    text = _text(root, "MEMORY.md")
    head, section = text.split("## Consolidated Memory (2026-06-25)\n\n", 1)
    assert head.endswith("-->\n")  # no blank line before the heading
    lines = section.split("\n")
    assert lines[-1] == "" and len(lines) == 6
    assert _MARKER.fullmatch(lines[0]) and _MARKER.fullmatch(lines[3])
    assert lines[2] == "<!-- openclaw-memory-lineage:editor-choice -->"
    for bullet in (lines[1], lines[4]):
        assert re.fullmatch(
            r"- .+ Source: memory/[\d-]+\.md#L(\d+)-L\1 <!-- trigger: .+ --> <!-- importance: 8 -->",
            bullet,
        )
    merged = lines[1].split(" Source:")[0]
    assert text.count(merged) == 1  # the hand-written line it merged is gone


def test_every_promotion_names_the_daily_note_line_it_came_from(
    demo: tuple[Path, DemoResult],
) -> None:
    root, _result = demo
    text = _text(root, "MEMORY.md")
    lines = text.split("\n")
    checked = 0
    for index, marker in enumerate(lines[:-1]):
        found = _MARKER.fullmatch(marker)
        if not found:
            continue
        path, line = found[1], int(found[2])
        note = _text(root, path).split("\n")
        item = note[line - 1]
        assert item.startswith("- ")
        headings = [n for n in note[: line - 1] if n.startswith("## ")]
        snippet = f"{headings[-1][3:]}: {item[2:]}" if headings else item[2:]
        bullet = lines[index + 1]
        assert bullet.startswith(f"- {snippet} ") or bullet.startswith(f"- {item[2:]} ")
        checked += 1
    assert checked == GENERATED


# --- USER.md -------------------------------------------------------------------------------------------


def test_user_md_directives_follow_their_observed_comments(demo: tuple[Path, DemoResult]) -> None:
    root, _result = demo
    lines = _text(root, "USER.md").split("\n")
    start = lines.index("## Directives")
    observed = re.compile(r"<!-- observed: (\d{4}-\d\d-\d\d) \| status: (active|superseded) -->")
    pairs = [
        (observed.fullmatch(lines[i - 2]), line)
        for i, line in enumerate(lines)
        if i > start and line.startswith("- ")
    ]
    assert all(meta for meta, _line in pairs) and len(pairs) == 4 + 2
    statuses = [meta[2] for meta, _line in pairs]  # type: ignore[index]
    assert statuses.count("superseded") == 1
    old = statuses.index("superseded")
    assert pairs[old][1] == "- Use vim keybindings in every editor tip."
    assert pairs[old + 1][1].startswith("- Use Helix keybindings") and statuses[old + 1] == "active"
    # the agent's own splitter glues each comment to the bullet before it (spec §3)
    blocks = [b for b in split_curated_entries("\n".join(lines)) if b.kind == "entry"]
    vim = next(i for i, b in enumerate(blocks) if b.text.startswith("- Use vim"))
    comment = lines[lines.index(pairs[old][1]) - 2]
    assert blocks[vim - 1].text.rstrip("\n").endswith(comment)
    alice = _text(root, "users/alice/USER.md")
    assert alice.startswith("# Alice\n\n<!-- observed: ") and alice.count("\n- ") == 3


# --- daily notes, sessions, dreaming files -----------------------------------------------------------


def test_a_daily_note_holds_an_inline_light_sleep_block(demo: tuple[Path, DemoResult]) -> None:
    root, _result = demo
    note = _text(root, "memory/2026-06-26.md")
    (block,) = managed_ranges(note)
    assert block.phase == "light" and note.split("\n")[block.start_line - 1] == "## Light Sleep"
    body = note.split("<!-- openclaw:dreaming:light:start -->\n")[1].split("\n<!--")[0]
    assert body.startswith("- Candidate: ")
    assert _text(root, "memory/dreaming/light/2026-06-26.md") == f"# Light Sleep\n\n{body}\n"
    assert note.endswith("<!-- openclaw:dreaming:light:end -->\n")


def test_session_summaries_are_in_the_hooks_format(demo: tuple[Path, DemoResult]) -> None:
    root, _result = demo
    for path in sorted((root / "memory").glob("*-*-*-*.md")):
        text = path.read_text(encoding="utf-8")
        found = _SESSION.fullmatch(text)
        assert found, text
        slug = path.stem[11:]
        assert path.stem.startswith(found[1]) and (slug == found[2] + found[3] or slug.isascii())


def test_dreams_md_has_the_diary_the_deep_block_and_the_history(
    demo: tuple[Path, DemoResult],
) -> None:
    root, _result = demo
    text = _text(root, "DREAMS.md")
    dreams = dreams_file.read_dreams(text)
    assert dreams.diary is not None
    assert [e.date for e in dreams.diary] == [
        "June 26, 2026 at 3:00 AM UTC",
        "June 27, 2026 at 3:00 AM UTC",
    ]
    assert all(e.agent_form and e.narrative for e in dreams.diary)
    assert dreams.deep_sleep is not None and "Promoted 4 candidates" in dreams.deep_sleep
    (history,) = dreams.history
    assert (history.time, history.added, history.merged, history.superseded) == (
        "2026-06-25T03:00:00.000Z", 0, 1, 1
    )  # fmt: skip
    assert [h.text[0] for h in history.highlights] == ["+", "-", "+", "-"]
    assert dreams.user_text == [] or all(not u.text.strip() for u in dreams.user_text)
    assert text.index("# Dream Diary") < text.index("## Deep Sleep") < text.index("## Memory")


def test_the_legacy_recall_store(demo: tuple[Path, DemoResult]) -> None:
    root, _result = demo
    raw = _text(root, "memory/.dreams/short-term-recall.json")
    store = json.loads(raw)
    assert raw == json.dumps(store, ensure_ascii=False, indent=2) + "\n"
    entries = store["entries"]
    assert store["version"] == 1 and len(entries) == 5
    assert [k for k, e in entries.items() if "provenance" not in e] == [list(entries)[-1]]
    promoted = [k for k, e in entries.items() if "promotedAt" in e]
    memory = _text(root, "MEMORY.md")
    assert len(promoted) == 2 and all(f"promotion:{k} -->" in memory for k in promoted)
    for key, entry in entries.items():
        assert key == f"memory:{entry['path']}:{entry['startLine']}:{entry['endLine']}"
        note = _text(root, entry["path"]).split("\n")
        assert note[entry["startLine"] - 1].endswith(entry["snippet"].split(": ", 1)[-1])
    normalized = normalize_recall_store(store, "2026-06-28T03:00:00.000Z")
    assert set(normalized["entries"]) == set(entries)
    phase = json.loads(_text(root, "memory/.dreams/phase-signals.json"))
    assert set(phase["entries"]) <= set(entries) and phase["entries"]


# --- what the agent injects from it --------------------------------------------------------------------


def test_a_new_session_in_the_demo(demo: tuple[Path, DemoResult]) -> None:
    root, _result = demo
    ctx = context(root, today=TODAY, project="github.com/acme/homelab", profile="alice")
    files = [p.file for p in ctx.parts]
    assert files[:5] == ["AGENTS.md", "SOUL.md", "USER.md", "users/alice/USER.md", "MEMORY.md"]
    assert not any(p.truncated for p in ctx.parts[:5])
    memory = ctx.parts[4]
    assert memory.unseen and all("project" not in u.words for u in memory.unseen)
    assert "<!-- project: github.com/acme/shop-api -->" not in memory.text
    assert "<!-- project: github.com/acme/homelab -->" in memory.text
    assert ctx.parts[5].label == "Project Memory"
    prelude = [p.file for p in ctx.parts[6:]]
    assert prelude[0] == "memory/2026-06-27.md" and len(prelude) == 3
    assert ctx.messages[-1].startswith("[Startup context loaded by runtime]")
