"""`memdesk policy|snapshots|policy-restore` on an EverBot workspace: MemDesk's scoring profile of
the workspace, with its sources, versions, undo and a what-if that writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Cli, snapshot

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
    assert (demo / PROFILE).read_bytes() == b"{}\n"
    assert cli("policy", demo, "--json").json()["archive_below"] == {
        "value": 0.2,
        "source": "default",
        "default": 0.2,
        "meaning": cli("policy", demo, "--json").json()["archive_below"]["meaning"],
    }
