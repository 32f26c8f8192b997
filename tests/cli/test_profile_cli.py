"""`memdesk policy|snapshots|policy-restore` on an EverBot workspace: MemDesk's scoring profile of
the workspace, with its sources, versions, undo and a what-if that writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Cli, run_process, snapshot

PROFILE = ".memdesk/profile.json"


def test_policy_lists_every_value_with_its_source_and_a_change_is_saved(
    cli: Cli, demo: Path
) -> None:
    before = cli("policy", demo, "--json").json()
    assert before["archive_below"] == {
        "value": 0.2,
        "source": "default",
        "default": 0.2,
        "meaning": before["archive_below"]["meaning"],
    }
    assert (
        cli(
            "policy", demo, "--set", "archive_below=0.3", "--set", "decay.fact.daily_factor=0.95"
        ).code
        == 0
    )
    after = cli("policy", demo, "--json").json()
    assert after["archive_below"]["value"] == 0.3
    assert after["archive_below"]["source"] == "workspace"
    assert after["decay.fact.daily_factor"]["value"] == 0.95
    assert json.loads((demo / PROFILE).read_text(encoding="utf-8"))["base"] == "everbot"


def test_a_refused_value_says_why_and_writes_nothing(cli: Cli, demo: Path) -> None:
    before = snapshot(demo)
    result = cli("policy", demo, "--set", "promotion_at=high")
    assert result.code == 1
    assert "promotion_at must be a number" in result.err
    assert snapshot(demo) == before


def test_what_if_lists_the_memories_and_writes_nothing(cli: Cli, demo: Path) -> None:
    before = snapshot(demo)
    result = cli("policy", demo, "--set", "archive_below=0.9", "--what-if", "--json")
    assert result.code == 0, result.err
    found = result.json()
    assert found["changed"], "raising the archive threshold to 0.9 archives more memories"
    assert all(set(row) >= {"id", "content", "now", "new"} for row in found["changed"])
    assert any(row["new"]["fate"] == "archive" != row["now"]["fate"] for row in found["changed"])
    assert snapshot(demo) == before
    text = cli("policy", demo, "--set", "archive_below=0.9", "--what-if").out
    assert "nothing written" in text


def test_versions_are_listed_restored_and_the_restore_undone(cli: Cli, demo: Path) -> None:
    cli("policy", demo, "--set", "archive_below=0.3")
    first = (demo / PROFILE).read_bytes()
    cli("policy", demo, "--set", "archive_below=0.1")
    versions = cli("snapshots", demo, "--json").json()
    assert [v["values"] for v in versions] == [json.loads(first)]
    assert cli("policy-restore", demo, versions[0]["path"]).code == 0
    assert (demo / PROFILE).read_bytes() == first
    assert cli("undo", demo).code == 0
    assert cli("policy", demo, "--json").json()["archive_below"]["value"] == 0.1


def test_undoing_the_save_that_created_the_profile_leaves_the_built_in_one(
    cli: Cli, demo: Path
) -> None:
    assert cli("policy", demo, "--set", "archive_below=0.3").code == 0
    assert cli("undo", demo).code == 0
    assert not (demo / PROFILE).exists()  # removed, as before the save
    assert cli("policy", demo, "--json").json()["archive_below"] == {
        "value": 0.2,
        "source": "default",
        "default": 0.2,
        "meaning": cli("policy", demo, "--json").json()["archive_below"]["meaning"],
    }


def _invalid_version(cli: Cli, demo: Path) -> str:
    """A version of the profile holding `daily_factor` 0 (as a hand edit of one would)."""
    cli("policy", demo, "--set", "decay.default.daily_factor=0.98")
    cli("policy", demo, "--set", "decay.default.daily_factor=0.97")
    kept = demo / cli("snapshots", demo, "--json").json()[-1]["path"]
    invalid = kept.with_name("20200101_000000_profile.json")
    invalid.write_text(kept.read_text(encoding="utf-8").replace("0.98", "0"), encoding="utf-8")
    return invalid.relative_to(demo).as_posix()


def test_restoring_an_invalid_version_is_refused_before_anything_is_written(
    cli: Cli, demo: Path
) -> None:
    version = _invalid_version(cli, demo)
    before = snapshot(demo)
    result = cli("policy-restore", demo, version)
    assert result.code == 1, result.err
    assert version in result.err
    assert "daily_factor" in result.err and "nothing written" in result.err
    assert snapshot(demo) == before
    for command in ("check", "list", "activity"):
        assert cli(command, demo).code == 0, command
    assert cli("undo", demo).code == 0  # the last change, the 0.97, is taken back
    assert cli("policy", demo, "--json").json()["decay.default.daily_factor"]["value"] == 0.98


def test_an_invalid_profile_file_locks_out_nothing(cli: Cli, demo: Path) -> None:
    """Values MemDesk would refuse, written by hand: every command works, warns naming the
    file and what is wrong, and scores with the built-in profile as the agent does."""
    cli("archive", demo, cli("list", demo, "--json").json()[0]["id"])
    (demo / PROFILE).write_text('{"decay.default.daily_factor": 0}\n', encoding="utf-8")
    check = cli("check", demo, "--json")
    assert check.code == 0, check.err
    warned = [w for w in check.json()["warnings"] if w["kind"] == "profile_unusable"]
    assert warned and "daily_factor" in warned[0]["message"]
    for command in ("list", "activity"):
        result = run_process(command, demo)  # the warning as a person sees it, on stderr, once
        assert result.code == 0, result.err
        assert result.err.count(f"{PROFILE}: not a usable profile") == 1, result.err
        assert "built-in everbot profile" in result.err
    assert cli("policy", demo, "--json").json()["decay.default.daily_factor"]["value"] == 0.99
    undo = cli("undo", demo)
    assert undo.code == 0, undo.err
    assert "Undo: edited in MemDesk (MEMORY.md; archive 1)" in undo.out
    fixed = cli("policy", demo, "--set", "decay.default.daily_factor=0.98")
    assert fixed.code == 0, fixed.err
    assert cli("check", demo, "--json").json()["warnings"][0]["kind"] != "profile_unusable"


def test_a_profile_file_of_broken_json_locks_out_nothing(cli: Cli, demo: Path) -> None:
    cli("archive", demo, cli("list", demo, "--json").json()[0]["id"])
    (demo / PROFILE).write_text('{"base": ', encoding="utf-8")
    broken = (demo / PROFILE).read_bytes()
    for command in ("check", "list", "activity"):
        result = run_process(command, demo)
        assert result.code == 0, result.err
        assert f"{PROFILE}:1: corrupt JSON" in result.err
    undo = cli("undo", demo)
    assert undo.code == 0, undo.err
    refused = cli("policy", demo, "--set", "archive_below=0.3")
    assert refused.code != 0 and "corrupt JSON" in refused.err
    assert (demo / PROFILE).read_bytes() == broken
