"""Settings: defaults, atomic round trip, and a bad file never stopping start-up (no Qt)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from ui.settings import (
    MAX_RECENT,
    SCHEMA_VERSION,
    Settings,
    data_dir,
    load_settings,
    save_settings,
    settings_path,
)


@pytest.fixture
def path() -> Path:
    return settings_path()


def _write(path: Path, content: str | dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = content if isinstance(content, str) else json.dumps(content)
    path.write_text(text, encoding="utf-8")


def test_paths_follow_the_isolated_xdg_dirs() -> None:
    config = Path(os.environ["XDG_CONFIG_HOME"])
    data = Path(os.environ["XDG_DATA_HOME"])
    assert settings_path() == config / "memdesk" / "settings.json"
    assert data_dir() == data / "memdesk"
    assert str(settings_path()).startswith(os.environ["HOME"])


def test_paths_fall_back_to_home_when_xdg_unset_or_relative(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    home = Path(os.environ["HOME"])
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")  # the XDG spec says: ignore it
    assert settings_path() == home / ".config" / "memdesk" / "settings.json"
    assert data_dir() == home / ".local" / "share" / "memdesk"


def test_missing_file_gives_defaults_without_warnings(path: Path) -> None:
    settings, warnings = load_settings()
    assert settings == Settings()
    assert warnings == []
    assert settings.schema_version == SCHEMA_VERSION == 2
    assert settings.theme == "system"
    assert settings.recent_workspaces == []
    assert settings.last_workspace is None
    assert settings.window_geometry is None
    assert settings.search_debounce_ms == 150
    assert not path.exists()


def test_round_trip_is_2_space_json(path: Path) -> None:
    original = Settings(
        theme="dark",
        recent_workspaces=["/w/一", "/w/two"],
        last_workspace="/w/一",
        window_geometry="AdnQywADAAA=",
        search_debounce_ms=300,
    )
    assert save_settings(original) is True
    text = path.read_text(encoding="utf-8")
    assert text.startswith('{\n  "schema_version": 2,\n  "theme": "dark",')
    assert text.endswith("}\n")
    assert "/w/一" in text  # written as UTF-8, not \u escapes
    loaded, warnings = load_settings()
    assert warnings == []
    assert loaded == original


def test_save_is_atomic_and_leaves_no_temp(path: Path) -> None:
    save_settings(Settings(theme="light"))
    save_settings(Settings(theme="dark"))
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]
    assert json.loads(path.read_text(encoding="utf-8"))["theme"] == "dark"


def test_save_into_explicit_path_creates_folders(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "s.json"
    save_settings(Settings(search_debounce_ms=50), target)
    loaded, warnings = load_settings(target)
    assert (loaded.search_debounce_ms, warnings) == (50, [])


def test_save_through_a_symlink_keeps_the_link(path: Path, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "settings.json"
    _write(real, {"theme": "light"})
    path.parent.mkdir(parents=True)
    path.symlink_to(real)
    save_settings(Settings(theme="dark"))
    assert path.is_symlink()
    assert json.loads(real.read_text(encoding="utf-8"))["theme"] == "dark"


def test_corrupt_json_is_kept_aside_with_a_warning(path: Path) -> None:
    _write(path, '{"theme": "dark", ')
    settings, warnings = load_settings()
    assert settings == Settings()
    assert len(warnings) == 1
    assert "not valid settings JSON" in warnings[0]
    assert not path.exists()
    kept = list(path.parent.glob("settings.json.broken-*"))
    assert len(kept) == 1
    assert kept[0].read_text(encoding="utf-8") == '{"theme": "dark", '
    assert kept[0].name in warnings[0]


@pytest.mark.parametrize(
    "content", [b"\xff\xfe not utf-8", b"[1, 2, 3]", b'"just a string"', b"", b"[" * 100_000]
)
def test_anything_that_is_not_a_json_object_is_kept_aside(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    settings, warnings = load_settings()
    assert settings == Settings()
    assert len(warnings) == 1
    (kept,) = path.parent.glob("settings.json.broken-*")
    assert kept.read_bytes() == content


def test_two_broken_files_in_the_same_second_are_both_kept(path: Path) -> None:
    for content in ("broken one", "broken two"):
        _write(path, content)
        load_settings()
    kept = sorted(p.read_text(encoding="utf-8") for p in path.parent.glob("*.broken-*"))
    assert kept == ["broken one", "broken two"]


def test_invalid_value_is_reset_and_the_rest_kept(path: Path) -> None:
    _write(
        path,
        {
            "schema_version": 1,
            "theme": "purple",
            "search_debounce_ms": 10,
            "recent_workspaces": ["/w/a"],
            "last_workspace": "/w/a",
        },
    )
    settings, warnings = load_settings()
    assert settings.theme == "system"
    assert settings.search_debounce_ms == 150
    assert settings.recent_workspaces == ["/w/a"]
    assert settings.last_workspace == "/w/a"
    assert len(warnings) == 2
    assert any("'theme'" in w and "'purple'" in w for w in warnings)
    assert any("'search_debounce_ms'" in w for w in warnings)
    # The file itself is not rewritten by loading; the next save fixes it.
    assert json.loads(path.read_text(encoding="utf-8"))["theme"] == "purple"


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("recent_workspaces", "not a list"),
        ("recent_workspaces", [1, {"x": 2}]),
        ("last_workspace", 42),
        ("window_geometry", "not base64!"),
        ("search_debounce_ms", 5000),
        ("search_debounce_ms", "fast"),
        ("schema_version", "one"),
        ("schema_version", 0),
        ("theme", None),
    ],
)
def test_each_field_is_reset_on_its_own(path: Path, field: str, bad: object) -> None:
    _write(path, {"theme": "dark", field: bad} if field != "theme" else {field: bad})
    settings, warnings = load_settings()
    assert len(warnings) == 1
    assert repr(field) in warnings[0]
    assert getattr(settings, field) == getattr(Settings(), field)
    if field != "theme":
        assert settings.theme == "dark"


def test_unknown_keys_are_ignored_with_a_warning(path: Path) -> None:
    _write(path, {"theme": "light", "colour": "blue"})
    settings, warnings = load_settings()
    assert settings.theme == "light"
    assert warnings == ["Unknown setting 'colour' ignored."]


def test_newer_schema_is_read_and_left_untouched(path: Path) -> None:
    content = json.dumps({"schema_version": SCHEMA_VERSION + 1, "theme": "dark", "new": [1]})
    _write(path, content)
    settings, warnings = load_settings()
    assert settings == Settings(theme="dark")
    assert len(warnings) == 1
    assert "newer MemDesk" in warnings[0]
    # Neither the load nor a later save (e.g. at exit) may overwrite what it cannot read.
    assert save_settings(settings.with_recent("/w/x")) is False
    assert path.read_text(encoding="utf-8") == content
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


def test_unreadable_file_gives_defaults_and_a_warning(path: Path) -> None:
    path.mkdir(parents=True)  # a folder where the file should be
    settings, warnings = load_settings()
    assert settings == Settings()
    assert len(warnings) == 1
    assert path.is_dir()


def test_with_recent_puts_the_path_first_and_dedupes() -> None:
    settings = Settings(recent_workspaces=["/w/a", "/w/b", "/w/c"])
    updated = settings.with_recent("/w/c")
    assert updated.recent_workspaces == ["/w/c", "/w/a", "/w/b"]
    assert updated.last_workspace == "/w/c"
    assert settings.recent_workspaces == ["/w/a", "/w/b", "/w/c"]  # the original is unchanged


def test_with_recent_keeps_at_most_ten(tmp_path: Path) -> None:
    settings = Settings()
    for i in range(15):
        settings = settings.with_recent(tmp_path / f"w{i}")
    assert len(settings.recent_workspaces) == MAX_RECENT == 10
    assert settings.recent_workspaces[0] == str(tmp_path / "w14")
    assert settings.recent_workspaces[-1] == str(tmp_path / "w5")


def test_with_recent_normalises_the_path(tmp_path: Path) -> None:
    settings = Settings().with_recent(tmp_path / "a" / ".." / "b")
    settings = settings.with_recent(str(tmp_path / "b"))
    assert settings.recent_workspaces == [str(tmp_path / "b")]


def test_recent_list_from_file_is_deduped_and_limited(path: Path) -> None:
    paths = [f"/w/{i % 12}" for i in range(30)]
    _write(path, {"recent_workspaces": ["", *paths]})
    settings, warnings = load_settings()
    assert warnings == []
    assert settings.recent_workspaces == [f"/w/{i}" for i in range(10)]


def test_model_validates_direct_construction_and_assignment() -> None:
    with pytest.raises(ValidationError):
        Settings(theme="purple")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        Settings(search_debounce_ms=49)
    settings = Settings()
    with pytest.raises(ValidationError):
        settings.search_debounce_ms = 2001
    settings.theme = "light"
    assert settings.theme == "light"
