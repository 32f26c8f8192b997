"""The reviewer's modules stay readable: `core/review/similar.py` (1,315 lines), `detectors.py`
(1,083) and `reading.py` (942) were split by their seams, and no module of core/review grows past 900."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

LIMIT = 900
REVIEW = sorted((PROJECT_ROOT / "core" / "review").glob("*.py"))


@pytest.mark.parametrize("path", REVIEW, ids=lambda path: path.name)
def test_no_review_module_grows_past_900_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines < LIMIT, f"core/review/{path.name} has {lines} lines: split it by its seams"
