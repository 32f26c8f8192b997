"""Run as root (as CI runs), the tests marked `without_root_powers` skip: root reads a chmod 000
file, writes into a read-only folder and may signal anyone's process. This test runs them again
in a pytest of their own without those powers (tests/helpers.py: WITHOUT_ROOT_POWERS), so they
are never skipped unseen."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT
from tests.helpers import CANNOT_DROP, WITHOUT_ROOT_POWERS, has_root_powers

MARKER = "without_root_powers"


def _marked_files() -> list[str]:
    """The test modules that use the marker (found by their text: nothing is imported)."""
    here = Path(__file__).name
    return sorted(
        p.relative_to(PROJECT_ROOT).as_posix()
        for p in (PROJECT_ROOT / "tests").rglob("test_*.py")
        if p.name != here and f"mark.{MARKER}" in p.read_text(encoding="utf-8")
    )


@pytest.mark.slow  # a pytest of its own
def test_the_tests_root_skips_pass_without_roots_powers(tmp_path: Path) -> None:
    if not has_root_powers():
        pytest.skip("file modes stop this process: the marked tests ran in this run")
    files = _marked_files()
    assert files, f"no test is marked {MARKER}"
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_ROOT_POWERS, "-m", "pytest", "-q", "-p", "no:randomly",
         "-m", MARKER, "--basetemp", str(tmp_path / "run"), *files],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    if run.returncode == CANNOT_DROP:
        pytest.skip(f"root cannot drop its powers here: {run.stderr.strip()}")
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert re.fullmatch(r"\d+ passed, \d+ deselected in .*", summary), summary
