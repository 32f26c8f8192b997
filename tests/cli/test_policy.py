"""`memdesk policy`, `snapshots` and `policy-restore` on PicoClaw workspaces: effective values with
their source, overrides written as the agent writes them after a snapshot of the previous ones,
snapshots that never overwrite one another, corrupt JSON refused with the file untouched."""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from core.agents.picoclaw.policy import list_snapshots, parse_override, write_snapshot
from tests.cli.conftest import Cli, run_process, snapshot
from tests.conftest import FIXTURES

HOME = FIXTURES / "picoclaw" / "home"
OVERRIDES = "memory/policy_overrides.json"
FIXTURE_SNAPSHOT = "memory/policy_snapshots/20260221_100000.json"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    shutil.copytree(HOME, tmp_path / "home")
    return tmp_path / "home" / "workspace"


def _table(readme: str) -> dict[str, dict[str, object]]:
    """The expected policy the fixture's README tabulates."""
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[2] in ("default", "config", "override"):
            rows[cells[0]] = {"value": json.loads(cells[1]), "source": cells[2]}
    return rows


def test_policy_sources_as_the_fixture_documents(cli: Cli, home: Path) -> None:
    expected = _table((HOME / "README.md").read_text(encoding="utf-8"))

    result = cli("policy", home, "--json")

    assert result.code == 0
    found = {k: {"value": v["value"], "source": v["source"]} for k, v in result.json().items()}
    assert found == expected and len(found) == 9


def test_setting_an_override_snapshots_the_previous_bytes_first(cli: Cli, home: Path) -> None:
    previous = (home / OVERRIDES).read_bytes()
    before = {s.rel for s in list_snapshots(home)}

    result = cli("policy", home, "--set", "session_summary_keep_count=5", "--unset", "recent_days")
    assert cli("policy", "--set", "recent_days=4", home, "--set", "recent_days=x").code == 1

    assert result.code == 0, result.err
    assert (home / OVERRIDES).read_bytes() == (
        b'{\n  "retrieve_limit": 9,\n  "session_summary_keep_count": 5\n}'
    )
    [new] = [s for s in list_snapshots(home) if s.rel not in before]
    assert new.path.read_bytes() == previous
    rows = cli("policy", home, "--json").json()
    assert rows["session_summary_keep_count"] == {**rows["session_summary_keep_count"],
                                                   "value": 5, "source": "override"}  # fmt: skip
    assert rows["recent_days"]["source"] == "default"


def test_restoring_the_fixture_snapshot_then_undoing_it(cli: Cli, home: Path) -> None:
    current = (home / OVERRIDES).read_bytes()

    result = cli("policy-restore", home, FIXTURE_SNAPSHOT)

    assert result.code == 0, result.err
    assert json.loads((home / OVERRIDES).read_bytes()) == {"retrieve_limit": 8}
    kept = [s for s in list_snapshots(home) if s.rel != FIXTURE_SNAPSHOT]
    assert [s.path.read_bytes() for s in kept] == [current]
    assert cli("policy", home, "--json").json()["retrieve_limit"]["value"] == 8
    assert cli("undo", home).code == 0
    assert (home / OVERRIDES).read_bytes() == current


def test_a_snapshot_never_overwrites_another(tmp_path: Path) -> None:
    at = datetime(2026, 11, 26, 10, 0, 0)
    first = write_snapshot(tmp_path, b'{"a": 1}', now=at)
    second = write_snapshot(tmp_path, b'{"a": 2}', now=at)
    third = write_snapshot(tmp_path, b'{"a": 3}', now=at)

    assert [p.name for p in (first, second, third)] == [
        "20261126_100000.json",
        "20261126_100000_2.json",
        "20261126_100000_3.json",
    ]
    assert [s.path.read_bytes() for s in list_snapshots(tmp_path)] == [
        b'{"a": 1}',
        b'{"a": 2}',
        b'{"a": 3}',
    ]


BROKEN = b'{\n  "retrieve_limit": 9,\n'


@pytest.mark.parametrize("command", [("policy",), ("retrieve", "dog"), ("context",)])
def test_corrupt_overrides_show_what_the_agent_does_with_one_warning(
    home: Path, command: tuple[str, ...]
) -> None:
    """The agent ignores a corrupt overrides file and runs with its defaults and config.json:
    these commands refused to run (exit 2); now they show that, warning once."""
    (home / OVERRIDES).write_bytes(BROKEN)
    before = snapshot(home.parent)

    result = run_process(command[0], home, *command[1:], "--json")

    assert result.code == 0, result.err
    [warning] = result.err.splitlines()
    path = str(home / OVERRIDES)
    assert warning.count(path) == 1 and "corrupt JSON" in warning
    assert "defaults and config.json" in warning
    if command == ("policy",):
        assert result.json()["retrieve_limit"] == {**result.json()["retrieve_limit"],
                                                   "value": 6, "source": "config"}  # fmt: skip
        assert result.json()["recent_days"]["source"] == "default"
    if command[0] == "retrieve":  # config.json's retrieve_limit 6, not the override's 9
        assert len(result.json()) == 5  # MEMORY.md has 5 chunks: all taken either way
    assert snapshot(home.parent) == before


def test_check_names_a_corrupt_overrides_file_once(cli: Cli, home: Path) -> None:
    (home / OVERRIDES).write_bytes(BROKEN)

    result = cli("check", home)

    assert result.code == 1
    [line] = [line for line in result.out.splitlines() if "policy_overrides.json" in line]
    assert line.count("policy_overrides.json") == 1 and ":3: corrupt JSON" in line


def test_check_names_a_corrupt_profile_once(cli: Cli, home: Path) -> None:
    (home / "memory" / "profile.json").write_text('{"a": ', encoding="utf-8")

    result = cli("check", home)

    [line] = [line for line in result.out.splitlines() if "profile.json" in line]
    assert line.count("profile.json") == 1 and ":1: column 7: invalid JSON" in line


def test_no_value_is_set_in_corrupt_overrides(cli: Cli, home: Path) -> None:
    (home / OVERRIDES).write_bytes(BROKEN)
    before = snapshot(home.parent)

    result = cli("policy", home, "--set", "recent_days=4")

    assert result.code == 1
    assert "corrupt JSON" in result.err and "restore a snapshot over it" in result.err
    assert snapshot(home.parent) == before


def test_a_snapshot_restored_over_corrupt_overrides_backs_them_up_first(
    cli: Cli, home: Path
) -> None:
    (home / OVERRIDES).write_bytes(BROKEN)
    snapshots = {s.rel for s in list_snapshots(home)}

    result = cli("policy-restore", home, FIXTURE_SNAPSHOT)

    assert result.code == 0, result.err
    assert json.loads((home / OVERRIDES).read_bytes()) == {"retrieve_limit": 8}
    [new] = [s for s in list_snapshots(home) if s.rel not in snapshots]
    assert new.path.read_bytes() == BROKEN  # as the agent snapshots the file it replaces
    backups = list((home / ".memdesk" / "backups").rglob("*policy_overrides.json"))
    assert [b.read_bytes() for b in backups] == [BROKEN]
    assert cli("undo", home).code == 0
    assert (home / OVERRIDES).read_bytes() == BROKEN


def test_a_corrupt_snapshot_cannot_be_restored(cli: Cli, home: Path) -> None:
    (home / FIXTURE_SNAPSHOT).write_text('{"retrieve_limit": "nine"}', encoding="utf-8")
    current = (home / OVERRIDES).read_bytes()

    result = cli("policy-restore", home, FIXTURE_SNAPSHOT)

    assert result.code == 2 and "retrieve_limit must be a whole number" in result.err
    assert (home / OVERRIDES).read_bytes() == current
    listed = cli("snapshots", home, "--json").json()
    assert listed[0]["values"] == {"retrieve_limit": "nine"} or listed[0]["error"]


@pytest.mark.parametrize(
    ("held", "reason", "typed"),
    [
        ('{"retrieve_limit": 0}', "retrieve_limit must be at least 1", "retrieve_limit=0"),
        ('{"retrieve_limit": -5}', "retrieve_limit must be at least 1", "retrieve_limit=-5"),
        (
            '{\n  "retrieve_limit": 3,\n  "retrieve_limit": 0\n}',
            ":2: retrieve_limit is set twice",
            None,
        ),
        (
            '{"evolution_enabled": 1}',
            "evolution_enabled must be true or false",
            "evolution_enabled=1",
        ),
        ('{"retrieve_limit": 8, "colour": 1}', "colour: not a MemoryPolicy key", "colour=1"),
    ],
)
def test_a_snapshot_holding_what_policy_set_refuses_is_refused_before_anything_is_written(
    cli: Cli, home: Path, held: str, reason: str, typed: str | None
) -> None:
    """One check for a value typed and a value restored: the agent would silently fall back
    to its default for these (or take one of two), so neither path writes them."""
    (home / FIXTURE_SNAPSHOT).write_text(held, encoding="utf-8")
    before = snapshot(home.parent)

    result = cli("policy-restore", home, FIXTURE_SNAPSHOT)

    assert result.code == 2, result.out
    assert FIXTURE_SNAPSHOT in result.err and reason in result.err
    assert snapshot(home.parent) == before
    if typed is not None:  # the same words when the value is typed
        refused = cli("policy", home, "--set", typed)
        assert refused.code == 1 and reason in refused.err
        assert snapshot(home.parent) == before


def test_keys_the_agent_does_not_know_are_kept(cli: Cli, home: Path) -> None:
    (home / OVERRIDES).write_text('{"retrieve_limit": 9, "zz_note": "mine"}', encoding="utf-8")

    assert cli("policy", home, "--set", "recent_days=4").code == 0

    assert json.loads((home / OVERRIDES).read_text(encoding="utf-8")) == {
        "recent_days": 4,
        "retrieve_limit": 9,
        "zz_note": "mine",
    }


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("retrieve_limit", "12", 12),
        ("session_relevant_history_limit", "0", 0),
        ("long_term_compress_char_threshold", " 50000 ", 50000),
        ("evolution_enabled", "True", True),
        ("evolution_enabled", "false", False),
    ],
)
def test_override_values_accepted(key: str, text: str, value: object) -> None:
    assert parse_override(key, text) == value


@pytest.mark.parametrize(
    ("key", "text", "reason"),
    [
        ("retrieve_limit", "0", "at least 1"),
        ("recent_days", "-3", "at least 1"),
        ("session_relevant_fallback_keep", "-1", "at least 0"),
        ("retrieve_limit", "ten", "whole number"),
        ("retrieve_limit", "1.5", "whole number"),
        ("evolution_enabled", "yes", "true or false"),
        ("retrieve_limit", str(2**63), "too large"),
        ("no_such_key", "1", "not a MemoryPolicy key"),
    ],
)
def test_override_values_refused(key: str, text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_override(key, text)


def test_policy_of_an_agent_without_one(cli: Cli, tmp_path: Path) -> None:
    assert cli("demo", tmp_path / "ws", "--layout", "pomelobot").code == 0

    result = cli("policy", tmp_path / "ws")

    assert result.code == 1 and "keeps no memory policy" in result.err
