"""The rules reviewer's judgment on the labeled review bench may not fall below its targets
(tests/benchmarks/review_quality.py prints the whole table): duplicate and contradiction pairs,
secrets and junk, nothing wrongly promoted, no never-delete memory proposed for deletion."""

from __future__ import annotations

from pathlib import Path

from tests.benchmarks import review_quality
from tests.conftest import FIXTURES

CASES = FIXTURES / "review-bench" / "cases"


def test_the_review_bench_meets_every_target(tmp_path: Path) -> None:
    cases = review_quality.score.load_cases(CASES)
    proposals = [p for name in cases for p in review_quality.review_case(CASES / name, tmp_path)]

    result = review_quality.score.run_score(cases, proposals, per_case=False)

    assert review_quality.misses(result) == []
    assert result["counts"]["hard_negatives_flagged"] == 0


def test_the_bench_reads_now_from_each_files_last_update(tmp_path: Path) -> None:
    """A case's "now" is its Last updated time: a todo due the day after is not expired."""
    case = tmp_path / "cases" / "one"
    case.mkdir(parents=True)
    (case / "MEMORY.md").write_text(
        "# Agent Memory\n\n<!-- Last updated: 2026-04-01T08:00:00 -->\n\n## Active Memories\n\n"
        "### [aa0001] todo | 0.50 | 2026-03-20 | 1\nTODO: 4 月 2 日前交房租\n\n"
        "### [aa0002] todo | 0.50 | 2026-03-20 | 1\nTODO: 3 月 25 日前交水费\n",
        encoding="utf-8",
    )
    proposals = review_quality.review_case(case, tmp_path / "work")
    expired = {p["memory_id"] for p in proposals if p["trigger"] == "expired"}
    assert expired == {"aa0002"}


def test_a_case_is_reviewed_in_a_copy_without_its_labels(tmp_path: Path) -> None:
    case = CASES / "01-go-backend-logistics"
    before = {p.name: p.read_bytes() for p in case.iterdir()}
    assert review_quality.review_case(case, tmp_path)
    assert {p.name: p.read_bytes() for p in case.iterdir()} == before
    assert not (tmp_path / case.name / "labels.json").exists()  # the reviewer never sees them
