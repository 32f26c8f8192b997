"""The reviewer's judgment on Hermes, Claude Code and Codex memories (issue 25): the review bench
written in each agent's own format (tests/benchmarks/agent_layouts.py) scores close to EverBot's
figures; in each agent's demo a secret, a duplicate and a contradiction are proposed; and the
proposals are decided from the command line, leaving each file as the agent writes it.

    .venv/bin/python tests/benchmarks/review_quality.py --layout all   # the whole side-by-side table
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from core.agents.hermes.format import DELIMITER
from core.registry import agent_named, resolve
from core.review.duplicates import duplicates_and_contradictions
from core.review.model import Memory
from tests.benchmarks import agent_layouts, review_quality
from tests.cli.conftest import Cli, cli  # noqa: F401 (a fixture)

CASES = review_quality.BENCH / "cases"
# Few enough to run in seconds, and holding the traps that told the agents apart: a todo beside
# the fact it plans to change (30), a secret whose memory another one corrects (29), many
# duplicates (06, 08, 30), relative deadlines (22).
SOME = (
    "02-sre-oncall-k8s",
    "06-data-analyst-ecommerce",
    "08-product-manager-people",
    "22-paralegal-deadlines",
    "29-oss-maintainer-python",
    "30-fullstack-freelancer-large",
)
# (precision, recall) each row reaches on SOME, a little under what was measured (EverBot:
# duplicates 1.0/0.857, everything else 1.0/1.0). Hermes keeps no dates, Codex dates only its
# notes: a relative deadline ("下周五前") is read from nothing there, so fewer todos are known
# to have expired (0.583 measured).
FLOORS: dict[str, dict[str, tuple[float, float]]] = {
    layout: {
        "duplicate pairs": (0.95, 0.75),
        "contradiction pairs": (0.95, 0.95),
        "contradiction, older removed": (0.95, 0.95),
        "secrets": (0.95, 0.95),
        "junk": (0.95, 0.95),
        "temporary": (0.95, 0.95),
        "expired todos": (0.95, 0.95 if layout == "claude-code" else 0.55),
    }
    for layout in ("hermes", "claude-code", "codex")
}
# Codex never deletes an ad-hoc note (spec/codex.md 3.5, 6), and the bench writes the last week's
# memories as notes: junk, temporary states and the weaker duplicate there are removed the way
# Codex allows, a note asking it to forget them, so they reach the others' floors (measured on
# SOME like the others); its secrets are edited out (REDACT).
ZERO = ("wrongly_promoted", "never_delete_violated", "newer_removed", "hard_negatives_flagged")


@pytest.mark.parametrize("layout", list(FLOORS))
def test_the_bench_written_as_the_agent_is_judged_as_everbots(layout: str, tmp_path: Path) -> None:
    cases = {name: review_quality.score.load_cases(CASES)[name] for name in SOME}
    proposals = [
        p for name in SOME for p in review_quality.review_case(CASES / name, tmp_path, layout)
    ]

    result = review_quality.score.run_score(cases, proposals, per_case=False)

    below = [
        f"{row} {measure} {got[measure]} < {floor}"
        for row, floors in FLOORS[layout].items()
        for got in [result["rows"][row]]
        for measure, floor in zip(("precision", "recall"), floors, strict=True)
        if (got[measure] or 0.0) < floor
    ]
    assert below == []
    assert {name: result["counts"][name] for name in ZERO} == dict.fromkeys(ZERO, 0)


def test_each_bench_memory_is_a_row_of_the_agent_with_its_text(tmp_path: Path) -> None:
    case = CASES / SOME[-1]
    memories = {m.id: m.text.strip() for m in agent_layouts.bench_memories(case)}
    for layout in ("hermes", "claude-code", "codex"):
        converted = agent_layouts.convert(case, tmp_path / layout, layout)
        agent = agent_named(agent_layouts.AGENT_OF[layout])
        shown = {
            converted.bench_id[(r.file, r.key)]: str(r.fields["content"]).strip()
            for r in agent.rows(converted.workspace)
            if (r.file, r.key) in converted.bench_id
        }
        assert shown == memories, layout


# -- each agent's demo -----------------------------------------------------------------------------
SECRET = "The deploy bot's GitHub token is ghp_4f9Kx2LmQ8rT1vZ7nB3cY6wE0pJ5sH9dA2uG"


@dataclass(frozen=True)
class Planted:
    """What is added to an agent's demo (as the person adds it, `memdesk add`): a secret, a
    duplicate of `copied` and a correction of `corrected`."""

    layout: str
    duplicate: str
    copied: str
    correction: str
    corrected: tuple[str, ...]  # its text, or its topic's name (either of two copies)
    add: tuple[str, ...] = ()  # `memdesk add` options


PLANTED = (
    Planted(
        "hermes",
        "Prefer ripgrep over grep when searching the monorepo, because it skips vendored folders.",
        "Prefer ripgrep over grep for searching the monorepo; it skips vendored folders.",
        "数据库备份每天凌晨 3 点执行，现在保留 30 天。",
        ("数据库备份每天凌晨 3 点执行，保留 14 天。",),
    ),
    Planted(
        "claude-code",
        "Ingest pipeline bugs are tracked in the Linear project INGEST.",
        "Bugs of the ingest pipeline are tracked in the Linear project INGEST.",
        "Integration tests no longer hit a real Postgres; they use the in-memory mock now.",
        ("feedback_db_mocks", "feedback_db_mocks_again"),
        ("--category", "reference"),
    ),
    Planted(
        "codex",
        "The user prefers pnpm to npm in every JavaScript repository.",
        "The user prefers pnpm over npm in every JavaScript repository",
        "Run `make check` before pushing; CI now takes 25 minutes",
        ("Run `make check` before pushing; CI takes 12 minutes",),
    ),
)


@dataclass(frozen=True)
class Reviewed:
    home: Path  # the demo folder, which the person names to every command
    root: Path  # the workspace MemDesk opens for it (proposals name files relative to it)
    proposals: list[dict[str, Any]]
    texts: dict[tuple[str, str], str]  # (file, id) -> the memory's text, as reviewed


def _planted_demo(run: Cli, tmp_path: Path, planted: Planted) -> Reviewed:
    """The agent's demo with the three memories added, and the review's proposals."""
    home = tmp_path / "demo"
    assert run("demo", home, "--layout", planted.layout).code == 0
    for text in (SECRET, planted.duplicate, planted.correction):
        added = run("add", home, text, *planted.add)
        assert added.code == 0, added.err
    review = run("review", home, "--json")
    assert review.code == 0, review.err
    proposals = [p for p in review.json() if p.get("kind", "proposal") == "proposal"]
    return Reviewed(home, *_read(home, planted.layout, proposals))


def _read(
    home: Path, layout: str, proposals: list[dict[str, Any]]
) -> tuple[Path, list[dict[str, Any]], dict[tuple[str, str], str]]:
    agent, root = resolve(home, agent=agent_layouts.AGENT_OF[layout])
    texts = {(r.file, r.id): str(r.fields["content"]).strip() for r in agent.rows(root)}
    return root, proposals, texts


def _subject(proposal: dict[str, Any], texts: dict[tuple[str, str], str]) -> str:
    return texts[(proposal["file"], proposal["memory_id"])]


def _pair(proposal: dict[str, Any], texts: dict[tuple[str, str], str]) -> set[str]:
    return {_subject(proposal, texts), proposal["related_memories"][0]["content"].strip()}


@pytest.mark.parametrize("planted", PLANTED, ids=[p.layout for p in PLANTED])
def test_a_secret_a_duplicate_and_a_contradiction_in_the_demo_are_proposed(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
    planted: Planted,
) -> None:
    demo = _planted_demo(cli, tmp_path, planted)
    texts = demo.texts
    by = {p["trigger"]: p for p in demo.proposals}
    assert {"secret", "duplicate", "contradiction"} <= set(by)
    assert _subject(by["secret"], texts) == SECRET
    duplicates = [_pair(p, texts) for p in demo.proposals if p["trigger"] == "duplicate"]
    assert {planted.duplicate, planted.copied.strip()} in duplicates
    contradiction = by["contradiction"]
    old = contradiction["memory_id"], _subject(contradiction, texts)
    assert contradiction["decision"] == "DELETE"  # the older one goes, the correction stays
    assert contradiction["related_memories"][0]["content"].strip() == planted.correction
    assert set(old) & set(planted.corrected)  # by its text, or by its topic's name


# -- deciding them from the command line ----------------------------------------------------------
def _approved(run: Cli, demo: Reviewed, triggers: set[str]) -> None:
    ids = [p["id"] for p in demo.proposals if p["trigger"] in triggers]
    applied = run("approve", demo.home, *ids, "--json")
    assert applied.code == 0, applied.err
    assert sorted(applied.json()["applied"]) == sorted(ids)


def test_approving_on_hermes_leaves_the_entries_as_the_agent_joins_them(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
) -> None:
    demo = _planted_demo(cli, tmp_path, PLANTED[0])
    file = demo.home / "memories" / "MEMORY.md"
    before = file.read_bytes().decode("utf-8").split(DELIMITER)
    chosen = {"secret", "duplicate", "contradiction"}
    gone = {_subject(p, demo.texts) for p in demo.proposals if p["trigger"] in chosen}

    _approved(cli, demo, chosen)

    assert gone >= {SECRET, "数据库备份每天凌晨 3 点执行，保留 14 天。"}
    assert file.read_bytes() == DELIMITER.join(e for e in before if e not in gone).encode("utf-8")
    assert file.stat().st_mode & 0o777 == 0o600


def test_approving_on_claude_code_removes_the_topic_file_and_its_index_line(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
) -> None:
    demo = _planted_demo(cli, tmp_path, PLANTED[1])
    index = demo.root / "memory" / "MEMORY.md"
    lines = index.read_text(encoding="utf-8").splitlines(keepends=True)
    chosen = [p for p in demo.proposals if p["trigger"] in ("duplicate", "contradiction")]
    topics = {demo.root / p["file"] for p in chosen}
    kept = {path: path.read_bytes() for path in _topic_files(demo.root) if path not in topics}

    _approved(cli, demo, {"duplicate", "contradiction"})

    assert not any(path.exists() for path in topics)
    assert {path: path.read_bytes() for path in _topic_files(demo.root)} == kept
    pointers = {f"({path.name})" for path in topics}
    expected = [line for line in lines if not any(p in line for p in pointers)]
    assert index.read_text(encoding="utf-8").splitlines(keepends=True) == expected


def test_approving_on_codex_removes_the_bullet_and_keeps_the_rest_of_the_summary(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
) -> None:
    demo = _planted_demo(cli, tmp_path, PLANTED[2])
    folder = demo.home / "memories"
    notes = {p: p.read_bytes() for p in (folder / "extensions/ad_hoc/notes").iterdir()}
    summary = folder / "memory_summary.md"
    lines = summary.read_text(encoding="utf-8").splitlines(keepends=True)
    chosen = [p for p in demo.proposals if p["trigger"] in ("duplicate", "contradiction")]
    assert {demo.root / p["file"] for p in chosen} == {summary}  # the bullet goes, the note stays
    gone = {f"- {_subject(p, demo.texts)}\n" for p in chosen}

    _approved(cli, demo, {"duplicate", "contradiction"})

    assert summary.read_text(encoding="utf-8").splitlines(keepends=True) == [
        line for line in lines if line not in gone
    ]
    assert {p: p.read_bytes() for p in (folder / "extensions/ad_hoc/notes").iterdir()} == notes


def _topic_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "memory").glob("*.md") if p.name != "MEMORY.md")


def test_codex_pointers_to_one_rollout_summary_are_not_duplicate_memories(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
) -> None:
    """memory_summary.md's "What's in Memory" and MEMORY.md's rollout_summary_files both point
    at the rollout summary: Codex's index of its sources, not two memories to merge."""
    assert cli("demo", tmp_path / "demo", "--layout", "codex").code == 0
    review = cli("review", tmp_path / "demo", "--json")
    assert review.code == 0, review.err
    _root, proposals, texts = _read(tmp_path / "demo", "codex", review.json())
    named = [_subject(p, texts) for p in proposals]
    named += [m["content"] for p in proposals for m in p["related_memories"]]
    assert [t for t in named if t.startswith("rollout_summaries/")] == []


@pytest.mark.parametrize("category", ["memory", "project", None])
def test_a_todo_written_as_one_does_not_contradict_the_fact_it_plans_to_change(
    category: str | None,
) -> None:
    """Hermes files by file, Claude Code by type: a "TODO:" is a todo by its words."""
    fact = Memory("f", "a", "a", "计费服务用的是 Django 3.2，已经过了官方支持期", category=category)
    plan = Memory("f", "b", "b", "TODO: 下个季度把计费服务升级到 Django 5", category=category)

    duplicates, contradictions = duplicates_and_contradictions([fact, plan])

    assert (duplicates, contradictions) == ([], [])
