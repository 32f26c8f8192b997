"""The demo workspace: EverBot's exact canonical layout, a plausible history, determinism."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from string import Formatter

import pytest

from core.agent import DemoResult
from core.agents.everbot import demo as everbot_demo
from core.agents.everbot.policy import EVERBOT_CATEGORIES, TIERED_CATEGORIES
from core.agents.picoclaw import demo as picoclaw_demo
from core.agents.pomelobot import demo as pomelobot_demo
from core.demo import DemoError, load_corpus, shared_corpus, write_demo
from tests.conftest import PROJECT_ROOT

TODAY = date(2026, 3, 3)
# The agent's header regex (SPEC 2.1), matched against the stripped line.
HEADER_RE = re.compile(r"^###\s+\[(\w+)\]\s+(\w+)\s*\|\s*([\d.]+)\s*\|\s*([\d-]+)\s*\|\s*(\d+)\s*$")
HEAD_BLOCK_RE = re.compile(
    r"\A# Agent Memory\n\n"
    r"<!-- Last updated: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d) -->\n"
    r"<!-- Total entries: (\d+) -->\n"
    r"<!-- last_processed_count: (\d+) -->\n"
)
SECTIONS = ("## Active Memories", "## Archived Memories")
BACKUP_NAME_RE = re.compile(r"^(\d{8}_\d{6})_MEMORY\.md$")
META_RE = re.compile(r"^<!-- memory_meta: (\{.*\}) -->$")


@dataclass(frozen=True)
class Entry:
    id: str
    category: str
    score: float
    date: str
    hits: int
    content: str
    section: str


def parse(text: str) -> list[Entry]:
    """A small reader in the agent's way: a header opens an entry, the lines after are content."""
    entries: list[Entry] = []
    fields: tuple[str, ...] | None = None
    section = ""
    lines: list[str] = []

    def flush() -> None:
        if fields is not None:
            eid, cat, score, day, hits = fields
            content = "\n".join(lines).strip()
            entries.append(Entry(eid, cat, float(score), day, int(hits), content, section))

    for line in text.split("\n"):
        m = HEADER_RE.match(line.strip())
        if m:
            flush()
            fields, lines = m.groups(), []
        elif line in SECTIONS:
            flush()
            fields, lines, section = None, [], line
        elif fields is not None:
            lines.append(line)
    flush()
    return entries


def agent_render(entries: list[Entry], head: str) -> str:
    """What the agent's save() writes for these entries (no drop, no cap: MemDesk keeps all)."""
    active = sorted((e for e in entries if e.score >= 0.2), key=lambda e: e.score, reverse=True)
    archived = sorted((e for e in entries if e.score < 0.2), key=lambda e: e.score, reverse=True)
    lines = head.split("\n")  # the agent's six header lines, the last one empty
    for heading, part in zip(SECTIONS, (active, archived), strict=True):
        if part:
            lines += [heading, ""]
            lines += [
                f"### [{e.id}] {e.category} | {e.score:.2f} | {e.date} | {e.hits}\n{e.content}\n"
                for e in part
            ]
    return "\n".join(lines)


def check_canonical(text: str) -> list[Entry]:
    """The file is byte for byte the agent's canonical layout; returns its entries."""
    head = HEAD_BLOCK_RE.match(text)
    assert head is not None, text[:300]
    entries = parse(text)
    assert int(head.group(2)) == len(entries)
    assert text == agent_render(entries, head.group(0))
    assert text.endswith("\n") and not text.endswith("\n\n")
    for line in text.split("\n"):
        if line.startswith("### "):
            assert HEADER_RE.match(line), line
    return entries


def check_demo_file(text: str) -> list[Entry]:
    """Canonical, plus what the demo promises: unique hex ids, clean stripped contents."""
    entries = check_canonical(text)
    ids = [e.id for e in entries]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[0-9a-f]{6}", i) for i in ids)
    for e in entries:
        assert e.content and e.content == e.content.strip()
        assert not any(line.lstrip().startswith("#") for line in e.content.split("\n")), e
        assert e.section == ("## Active Memories" if e.score >= 0.2 else "## Archived Memories")
        assert f"{e.score:.2f}" == f"{round(e.score, 2):.2f}"
    return entries


def last_updated(text: str) -> datetime:
    head = HEAD_BLOCK_RE.match(text)
    assert head is not None
    return datetime.fromisoformat(head.group(1))


def all_files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def everbot(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    return write_demo(tmp_path_factory.mktemp("demo") / "ws", today=TODAY)


@pytest.fixture(scope="module")
def tiered(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    return write_demo(tmp_path_factory.mktemp("demo") / "ws", layout="tiered", today=TODAY)


def test_the_checker_accepts_the_real_agents_output(fixtures_dir: Path) -> None:
    """check_canonical is right about the layout: the oracle's renders pass it unchanged."""
    for name in ("canonical", "empty_sections", "bare_entries"):
        text = (fixtures_dir / "everbot" / f"{name}.rendered.md").read_text(encoding="utf-8")
        assert len(check_canonical(text)) == {"canonical": 9, "empty_sections": 0}.get(name, 3)


# --- EverBot -------------------------------------------------------------------------------------


def test_everbot_file_is_exactly_canonical(everbot: DemoResult) -> None:
    text = everbot.memory_file.read_text(encoding="utf-8")
    entries = check_demo_file(text)
    assert everbot.memory_file.name == "MEMORY.md"
    assert everbot.entries == len(entries) == 40
    assert last_updated(text).date() == TODAY - timedelta(days=2)
    assert "\r" not in text and not text.startswith("\ufeff")


def test_everbot_shows_every_category_and_what_the_agent_will_forget(everbot: DemoResult) -> None:
    entries = parse(everbot.memory_file.read_text(encoding="utf-8"))
    assert {e.category for e in entries} == set(EVERBOT_CATEGORIES)
    assert len(entries) > 30  # beyond the agent's MAX_ENTRIES
    assert 2 <= sum(e.score < 0.05 for e in entries) <= 3
    assert any(e.score >= 0.9 and e.hits >= 5 for e in entries)
    assert sum(0.5 <= e.score < 0.9 for e in entries) >= 10
    assert sum(0.2 <= e.score < 0.5 for e in entries) >= 5
    assert sum(e.score < 0.2 for e in entries) >= 5
    assert all(0 <= e.score <= 1 and 1 <= e.hits <= 30 for e in entries)


def test_everbot_dates_are_spread_and_recent_for_high_scores(everbot: DemoResult) -> None:
    entries = parse(everbot.memory_file.read_text(encoding="utf-8"))
    ages = {e.id: (TODAY - date.fromisoformat(e.date)).days for e in entries}
    assert min(ages.values()) >= 2  # nothing activated after the file was saved
    assert max(ages.values()) <= 200
    assert max(ages.values()) >= 120
    top = [ages[e.id] for e in entries if e.score >= 0.9]
    low = [ages[e.id] for e in entries if e.score < 0.2]
    assert max(top) < min(low)


def test_everbot_contents_are_realistic(everbot: DemoResult) -> None:
    entries = parse(everbot.memory_file.read_text(encoding="utf-8"))
    contents = [e.content for e in entries]
    assert any(e.category == "workflow" and "\n1. " in e.content for e in entries)
    assert any(e.category == "experience" and "\nLesson: " in e.content for e in entries)
    assert {"用户喜欢黑咖啡，不加糖。", "用户喜欢喝黑咖啡，不加糖。"} <= set(contents)
    chinese = sum(bool(re.search(r"[\u4e00-\u9fff]{4}", c)) for c in contents)
    assert 0.4 <= chinese / len(contents) <= 0.8


# --- History -------------------------------------------------------------------------------------


def test_backups_are_earlier_canonical_versions(everbot: DemoResult) -> None:
    root = everbot.memory_file.parent
    current_text = everbot.memory_file.read_text(encoding="utf-8")
    assert len(everbot.backups) == 3
    assert sorted(everbot.backups) == list(everbot.backups)
    days = []
    for path in everbot.backups:
        assert path.parent == root / ".memdesk" / "backups"
        name = BACKUP_NAME_RE.match(path.name)
        assert name is not None, path.name
        taken = datetime.strptime(name.group(1), "%Y%m%d_%H%M%S")
        days.append((TODAY - taken.date()).days)
        text = path.read_text(encoding="utf-8")
        entries = check_demo_file(text)
        assert text != current_text
        assert last_updated(text) <= taken
        assert all(date.fromisoformat(e.date) <= last_updated(text).date() for e in entries)
    assert days == [30, 14, 3]
    assert everbot.agent_backup == root / "MEMORY.md.bak"
    assert everbot.agent_backup.read_bytes() == everbot.backups[-1].read_bytes()


def test_backups_grow_towards_the_current_file(everbot: DemoResult) -> None:
    current = {e.id: e for e in parse(everbot.memory_file.read_text(encoding="utf-8"))}
    older = [parse(p.read_text(encoding="utf-8")) for p in everbot.backups]
    kept = [{e.id for e in entries} & current.keys() for entries in older]
    assert kept[0] <= kept[1] <= kept[2] <= current.keys()
    assert len(kept[0]) < len(current)
    assert any(e.id not in current for e in older[0])  # since forgotten by the agent
    oldest = {e.id: e for e in older[0]}
    both = [(oldest[i], current[i]) for i in kept[0]]
    assert any(then.score > now.score and then.date == now.date for then, now in both)  # decayed
    assert any(then.score < now.score and then.hits < now.hits for then, now in both)  # used


# --- Tiered --------------------------------------------------------------------------------------


def test_tiered_layout_with_memory_meta(tiered: DemoResult) -> None:
    entries = check_demo_file(tiered.memory_file.read_text(encoding="utf-8"))
    assert tiered.entries == len(entries) == 24
    assert {e.category for e in entries} == set(TIERED_CATEGORIES)
    for e in entries:
        first, text = e.content.split("\n", 1)
        meta = META_RE.match(first)
        assert meta is not None, e
        data = json.loads(meta.group(1))
        assert set(data) == {"source", "verified"}
        assert data["source"] in {"user", "background_ai", "system"}
        assert isinstance(data["verified"], bool)
        assert meta.group(1) == json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        assert text.strip() == text and text


def test_tiered_scores_follow_the_importance_scale(tiered: DemoResult) -> None:
    entries = parse(tiered.memory_file.read_text(encoding="utf-8"))
    for e in entries:
        text = e.content.split("\n", 1)[1]
        if e.category == "system":
            assert e.score == 5.0
        elif e.category == "core":
            assert e.score >= 3.0
        elif e.category == "fact":
            assert 0.3 <= e.score <= 2.9
        else:
            assert 0.1 <= e.score <= 1.0
            stamp = re.match(r"\[(\d{4}-\d\d-\d\d) \d\d:\d\d\] \S", text)
            assert stamp is not None and stamp.group(1) == e.date


def test_tiered_has_the_review_cases(tiered: DemoResult) -> None:
    facts = [
        e for e in parse(tiered.memory_file.read_text(encoding="utf-8")) if e.category == "fact"
    ]
    assert any(e.score >= 2.5 for e in facts)  # promotion review
    assert any(e.score < 0.5 for e in facts)  # decay review
    assert any("主人今天很累" in e.content for e in facts)  # a temporary state, never core
    assert any("主人喜欢喝黑咖啡" in e.content for e in facts)
    assert any("主人爱喝黑咖啡" in e.content for e in facts)


def test_tiered_backups(tiered: DemoResult) -> None:
    current = tiered.memory_file.read_text(encoding="utf-8")
    assert len(tiered.backups) == 3
    for path in (tiered.memory_file, *tiered.backups):
        text = path.read_text(encoding="utf-8")
        entries = check_demo_file(text)
        assert text != current or path == tiered.memory_file
        assert all(META_RE.match(e.content.split("\n", 1)[0]) for e in entries)
        stamps = re.findall(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d)\] ", text, flags=re.M)
        assert stamps and max(map(datetime.fromisoformat, stamps)) < last_updated(text)
    assert tiered.agent_backup.read_bytes() == tiered.backups[-1].read_bytes()


# --- Arguments, determinism, size ---------------------------------------------------------------


@pytest.mark.parametrize("layout", ["everbot", "tiered"])
def test_same_seed_same_bytes(tmp_path: Path, layout: str) -> None:
    a = write_demo(tmp_path / "a", layout=layout, seed=7, today=TODAY)
    b = write_demo(tmp_path / "b", layout=layout, seed=7, today=TODAY)
    c = write_demo(tmp_path / "c", layout=layout, seed=8, today=TODAY)
    assert all_files(tmp_path / "a") == all_files(tmp_path / "b")
    assert a.memory_file.read_bytes() != c.memory_file.read_bytes()
    assert [p.name for p in a.backups] == [p.name for p in b.backups]


def test_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(DemoError, match="not empty"):
        write_demo(tmp_path, today=TODAY)
    assert all_files(tmp_path) == {"notes.txt": b"mine"}


def test_refuses_a_file_and_negative_entries(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(DemoError, match="not a folder"):
        write_demo(tmp_path / "file", today=TODAY)
    with pytest.raises(ValueError, match="0 or more"):
        write_demo(tmp_path / "new", entries=-1, today=TODAY)
    with pytest.raises(DemoError, match="layout"):
        write_demo(tmp_path / "new", layout="nonesuch", today=TODAY)  # type: ignore[arg-type]
    assert not (tmp_path / "new").exists()


def test_fills_an_empty_folder(tmp_path: Path) -> None:
    result = write_demo(tmp_path, entries=12, today=TODAY)
    assert result.memory_file == tmp_path / "MEMORY.md"
    assert len(parse(result.memory_file.read_text(encoding="utf-8"))) == 12


@pytest.mark.parametrize("layout", ["everbot", "tiered"])
def test_zero_entries_is_a_valid_empty_file(tmp_path: Path, layout: str) -> None:
    result = write_demo(tmp_path / "ws", layout=layout, entries=0, today=TODAY)
    text = result.memory_file.read_text(encoding="utf-8")
    head = HEAD_BLOCK_RE.match(text)
    assert head is not None and head.group(0) == text
    assert head.group(2) == "0" and "##" not in text
    assert result.entries == 0
    for path in result.backups:
        assert check_demo_file(path.read_text(encoding="utf-8")) == []


def test_a_large_demo_is_fast_varied_and_has_one_backup(tmp_path: Path) -> None:
    start = time.perf_counter()
    result = write_demo(tmp_path / "ws", entries=5_000, today=TODAY)
    elapsed = time.perf_counter() - start
    entries = check_demo_file(result.memory_file.read_text(encoding="utf-8"))
    assert len(entries) == 5_000
    assert elapsed < 2.0  # about 0.1 s here; 100,000 entries take about 1.6 s
    assert len(result.backups) == 1
    assert len({e.content for e in entries}) >= 0.9 * len(entries)
    average = sum(len(e.content) for e in entries) / len(entries)
    assert 60 <= average <= 120


# --- Corpus ----------------------------------------------------------------------------------------


def test_every_template_slot_has_values() -> None:
    shared, everbot = shared_corpus(), load_corpus("core.agents.everbot")
    voices = [
        (
            shared.templates("developer_templates"),
            shared.pair("developer_remarks"),
            {"md", "md_en", "due"},
        ),
        (
            everbot.templates("tiered_templates"),
            everbot.pair("tiered_remarks"),
            {"md", "md_en", "stamp"},
        ),
    ]
    slots = {
        **shared.slots("shared_slots"),
        **shared.slots("developer_slots_zh"),
        **shared.slots("developer_slots_en"),
        **everbot.slots("tiered_slots_zh"),
        **everbot.slots("tiered_slots_en"),
        **shared.slots("remark_slots"),
    }
    presets = everbot.presets("everbot_presets") + everbot.presets("tiered_presets")
    for templates, remarks, fixed in voices:
        texts = [t for zh, en in templates.values() for t in (*zh, *en)] + [
            *remarks[0],
            *remarks[1],
        ]
        for template in texts:
            names = {name for _, name, _, _ in Formatter().parse(template) if name}
            assert names <= slots.keys() | fixed, template
    for preset in presets:
        names = {name for _, name, _, _ in Formatter().parse(preset.text) if name}
        assert names <= slots.keys() | {"md", "md_en", "due", "stamp"}, preset
    for values in slots.values():
        assert values and not any(v.lstrip().startswith("#") for v in values)
    assert {p.category for p in everbot.presets("everbot_presets")[:7]} == set(EVERBOT_CATEGORIES)
    assert {p.category for p in everbot.presets("tiered_presets")} == set(TIERED_CATEGORIES)


# --- Structure: one demo per agent package, corpora as data read on first use ----------------------

AGENT_DEMOS = {"everbot": everbot_demo, "picoclaw": picoclaw_demo, "pomelobot": pomelobot_demo}
CORPUS_FILES = [
    PROJECT_ROOT / "core" / "demo_corpus.json",
    *(PROJECT_ROOT / "core" / "agents" / name / "demo_corpus.json" for name in AGENT_DEMOS),
]


def test_importing_the_demos_reads_no_corpus() -> None:
    """The corpora are read when a demo is written, not when core (or `memdesk --help`) starts."""
    code = (
        "import contextlib, io\n"
        "from app.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--help'])\n"
        "import core.demo, core.agents.everbot.demo, core.agents.picoclaw.demo, "
        "core.agents.pomelobot.demo\n"
        "print(core.demo.load_corpus.cache_info().currsize)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0"


def test_agent_demos_import_no_other_agent() -> None:
    for name, module in AGENT_DEMOS.items():
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        imported = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        } | {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
        agents = {
            m.split(".")[2] for m in imported if m.startswith("core.agents.") and m.count(".") >= 2
        }
        assert agents <= {name, "base"}, (name, agents)  # base: what every agent shares


def test_corpus_files_are_readable_utf8_json() -> None:
    for path in CORPUS_FILES:
        text = path.read_bytes().decode("utf-8")
        data = json.loads(text)
        assert isinstance(data, dict) and "about" in data, path
        assert "\\u" not in text and "\r" not in text, path  # CJK as itself, "\n" line ends


@pytest.mark.parametrize("layout", ["everbot", "tiered", "picoclaw", "pomelobot"])
def test_each_agents_demo_is_what_write_demo_writes(tmp_path: Path, layout: str) -> None:
    write_demo(tmp_path / "a", layout=layout, entries=9, seed=3, today=TODAY)
    b = tmp_path / "b"
    if layout == "picoclaw":
        result = picoclaw_demo.write_demo(b, entries=9, seed=3, today=TODAY)
    elif layout == "pomelobot":
        result = pomelobot_demo.write_demo(b, entries=9, seed=3, today=TODAY)
    else:
        result = everbot_demo.write_demo(b, layout=layout, entries=9, seed=3, today=TODAY)
    assert all_files(tmp_path / "a") == all_files(tmp_path / "b")
    assert isinstance(result, DemoResult) and result.entries == 9


def test_everbots_demo_refuses_another_agents_layout(tmp_path: Path) -> None:
    with pytest.raises(DemoError, match="layout 'picoclaw'"):
        everbot_demo.write_demo(tmp_path / "new", layout="picoclaw", today=TODAY)
    assert not (tmp_path / "new").exists()
