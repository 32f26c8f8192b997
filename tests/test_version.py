"""The version says what it is: written once (core.__version__), read by pyproject.toml, printed
by `memdesk --version`, and the latest release of CHANGELOG.md (Keep a Changelog)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from datetime import date
from pathlib import Path

from core import __version__

ROOT = Path(__file__).resolve().parents[1]
RELEASE = re.compile(r"^## \[(?P<version>\d+\.\d+\.\d+)\] - (?P<day>\d{4}-\d{2}-\d{2})$", re.M)


def _releases() -> list[tuple[str, date]]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return [(m["version"], date.fromisoformat(m["day"])) for m in RELEASE.finditer(text)]


def test_the_changelog_latest_release_is_the_package_version() -> None:
    assert _releases()[0][0] == __version__


def test_the_changelog_keeps_unreleased_first_and_releases_newest_first() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.index("## [Unreleased]") < text.index(f"## [{__version__}]")
    releases = _releases()
    versions = [tuple(int(n) for n in v.split(".")) for v, _ in releases]
    assert versions == sorted(versions, reverse=True)
    days = [day for _, day in releases]
    assert days == sorted(days, reverse=True)


def test_pyproject_reads_the_one_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "core.__version__"}


def test_memdesk_version_prints_it() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout == f"memdesk {__version__}\n"
