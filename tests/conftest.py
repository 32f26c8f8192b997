"""Shared test set-up: hypothesis profiles, the fixture data kept in tests/fixtures, isolation."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from core.index import close_all
from tests.helpers import has_root_powers

# Qt tests run headless everywhere (set before any QApplication exists).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# Conformance data and example workspaces, kept in the repository (see tests/fixtures/README.md).
FIXTURES = PROJECT_ROOT / "tests" / "fixtures"


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """No test reads or writes the developer's real home or settings."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    # the scan's index: MemDesk's own cache, outside the home a test fingerprints
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("TZ", "UTC")
    for variable in ("HERMES_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME"):  # agents find homes by them
        monkeypatch.delenv(variable, raising=False)
    yield
    close_all()


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("without_root_powers") is not None and has_root_powers():
        pytest.skip("root's powers: tests/test_without_root_powers.py runs it without them")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In processes of their own (`make test`: pytest-xdist), the slow tests start first: the
    bundle's build (about 75 s) and the real-process suites overlap with the many quick tests
    instead of ending the run alone on one process. Each worker sorts alike (a stable sort)."""
    if getattr(config, "workerinput", None) is not None:
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


def fixture_json(relative: str) -> Any:
    """A JSON file of tests/fixtures (read when a test module is collected)."""
    return json.loads((FIXTURES / relative).read_text(encoding="utf-8"))


def _fixture_tree() -> dict[str, str]:
    return {
        p.relative_to(FIXTURES).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        if p.is_file()
        else "folder"
        for p in sorted(FIXTURES.rglob("*"))
    }


_FIXTURES_AT_START: dict[str, str] = {}


def pytest_sessionstart(session: pytest.Session) -> None:
    _FIXTURES_AT_START.update(_fixture_tree())


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Tests copy fixture workspaces before writing: the repository's copies never change."""
    if not _FIXTURES_AT_START or getattr(session.config, "workerinput", None) is not None:
        return
    after = _fixture_tree()
    changed = sorted(
        k
        for k in _FIXTURES_AT_START.keys() | after.keys()
        if _FIXTURES_AT_START.get(k) != after.get(k)
    )
    if changed:
        print(f"\ntests/fixtures changed during the run: {', '.join(changed[:10])}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
