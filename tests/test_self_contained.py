"""A fresh clone passes its own tests: nothing the tests or CI run reaches outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import FIXTURES, PROJECT_ROOT

# A path into the folder that sits beside the repository on a developer's machine only.
OUTSIDE = re.compile(
    r"\.\./shared|parent\s*/\s*[\"']shared[\"']|[\"']shared[\"']\s*/\s*[\"']fixtures"
)


def _checked_files() -> list[Path]:
    files = [p for p in (PROJECT_ROOT / "tests").rglob("*") if p.suffix in {".py", ".toml", ".cfg"}]
    files += [PROJECT_ROOT / "Makefile", PROJECT_ROOT / "pyproject.toml"]
    files += [p for p in (PROJECT_ROOT / ".ci").rglob("*") if p.is_file()]
    return [p for p in files if p.is_file() and FIXTURES not in p.parents]


def test_nothing_reaches_outside_the_repository() -> None:
    this = Path(__file__).resolve()
    hits = [
        f"{p.relative_to(PROJECT_ROOT)}:{n}: {line.strip()}"
        for p in _checked_files()
        if p.resolve() != this
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
        if OUTSIDE.search(line)
    ]
    assert hits == []


def test_the_conformance_data_is_in_the_repository() -> None:
    for agent in ("everbot", "picoclaw", "pomelobot", "workspaces"):
        folder = FIXTURES / agent
        assert (folder / "README.md").is_file(), f"{folder}: missing (with its provenance README)"
    assert len(list((FIXTURES / "everbot").glob("*.input.md"))) >= 9
