"""Settings survive an upgrade: a file written by any earlier MemDesk is read with nothing the
person set lost, and written back in today's shape; a file of a newer MemDesk is read for what
this version knows and never overwritten."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from ui.settings import MIGRATIONS, SCHEMA_VERSION, Settings, load_settings, save_settings

OLD = sorted((FIXTURES / "settings").glob("*.json"))


def _copy(old: Path, tmp_path: Path) -> Path:
    path = tmp_path / "settings.json"
    shutil.copyfile(old, path)
    return path


def _kept(old: dict[str, object], settings: Settings) -> None:
    for key, value in old.items():
        if key != "schema_version":
            assert getattr(settings, key) == value, key


@pytest.mark.parametrize("old", OLD, ids=[p.stem for p in OLD])
def test_an_old_settings_file_loses_nothing_the_person_set(old: Path, tmp_path: Path) -> None:
    """Tried as a person upgrading MemDesk: every setting of the old file is read, the first-run
    page is not shown to someone who has used MemDesk, and a save keeps them all."""
    path = _copy(old, tmp_path)
    written = json.loads(old.read_text(encoding="utf-8"))
    settings, warnings = load_settings(path)
    assert warnings == []
    _kept(written, settings)
    assert settings.schema_version == SCHEMA_VERSION
    assert settings.welcome_dismissed  # an old file: MemDesk was used before
    assert save_settings(settings, path)
    again, warnings = load_settings(path)
    assert warnings == [] and again == settings
    assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == SCHEMA_VERSION


def test_every_version_ever_written_has_a_migration_and_a_file() -> None:
    versions = {json.loads(p.read_text(encoding="utf-8"))["schema_version"] for p in OLD}
    assert set(MIGRATIONS) == set(range(1, SCHEMA_VERSION))
    assert versions == set(range(1, SCHEMA_VERSION))


def test_a_first_start_shows_the_first_run_page(tmp_path: Path) -> None:
    settings, warnings = load_settings(tmp_path / "settings.json")
    assert not settings.welcome_dismissed and warnings == []


def test_a_newer_file_is_read_for_what_this_version_knows_and_never_overwritten(
    tmp_path: Path,
) -> None:
    """Tried as a person who went back to an older MemDesk: it used to start with every setting
    at its default; now it reads what it knows of the newer file and still never writes it."""
    path = tmp_path / "settings.json"
    content = json.dumps(
        {
            "schema_version": SCHEMA_VERSION + 1,
            "theme": "dark",
            "recent_workspaces": ["/w/工作"],
            "welcome_dismissed": True,
            "a_future_setting": [1],
        }
    )
    path.write_text(content, encoding="utf-8")
    settings, warnings = load_settings(path)
    assert (settings.theme, settings.recent_workspaces) == ("dark", ["/w/工作"])
    assert settings.welcome_dismissed
    assert len(warnings) == 1 and "newer MemDesk" in warnings[0]
    assert save_settings(settings.with_recent("/w/x"), path) is False
    assert path.read_text(encoding="utf-8") == content
