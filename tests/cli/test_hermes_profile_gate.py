"""`memdesk gate --profile NAME` on a Hermes home with named profiles (spec/hermes.md 1.1, 6.1).

Tried as a Hermes user would: profile work (`profiles/work/`, its own HERMES_HOME) stages its
writes by its own config.yaml, yet `memdesk gate` only read and switched the default home's, so
turning the gate off left work's writes still staged. Now `--profile work` shows and switches
work's own gate, and nothing else in either config changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli

DEFAULT = "model: x\nmemory:\n  write_approval: false\n"
WORK = "# work profile\nmemory:\n  write_approval: true   # staged\n  memory_char_limit: 900\n"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    root = tmp_path / "hermes"
    for memories in (root / "memories", root / "profiles/work/memories"):
        memories.mkdir(parents=True)
        (memories / "MEMORY.md").write_text("a fact", encoding="utf-8")
    (root / "config.yaml").write_text(DEFAULT, encoding="utf-8")
    (root / "profiles/work/config.yaml").write_text(WORK, encoding="utf-8")
    return root


def test_a_named_profiles_own_gate_is_shown_and_switched(cli: Cli, home: Path) -> None:
    assert cli("gate", home, "--json").json()["state"] == "off"
    shown = cli("gate", home, "--profile", "work", "--json").json()
    assert (shown["state"], shown["file"]) == ("on", "profiles/work/config.yaml")
    switched = cli("gate", home, "off", "--profile", "work")
    assert switched.code == 0, switched.err
    assert "approval gate: off (memory.write_approval: false in profiles/work/config.yaml)" in (
        switched.out
    )
    after = (home / "profiles/work/config.yaml").read_text("utf-8")
    assert after == WORK.replace("write_approval: true   #", "write_approval: false   #")
    assert (home / "config.yaml").read_text("utf-8") == DEFAULT


def test_an_unknown_profile_is_refused_naming_the_profiles(cli: Cli, home: Path) -> None:
    result = cli("gate", home, "on", "--profile", "play")
    assert result.code == 1
    assert "no Hermes profile 'play' (profiles: default, work)" in result.err
    assert (home / "config.yaml").read_text("utf-8") == DEFAULT
