"""No agent module grows past 900 lines: each reads as one module (issue 24)."""

from __future__ import annotations

from tests.conftest import PROJECT_ROOT

MAX_LINES = 900


def test_agent_modules_stay_under_900_lines() -> None:
    modules = sorted((PROJECT_ROOT / "core" / "agents").rglob("*.py"))
    assert modules, "no agent modules found"
    too_long = {
        str(path.relative_to(PROJECT_ROOT)): lines
        for path in modules
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not too_long, f"split these modules (over {MAX_LINES} lines): {too_long}"
