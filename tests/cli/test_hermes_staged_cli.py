"""`memdesk review|approve|reject|gate` on a Hermes home whose approval gate staged writes.

Tried as a Hermes user would: `memdesk check` said writes waited but no command showed or
decided them. Now `review` lists each with the change it would make and its warnings, and
`approve` / `reject` take the agent's ids the way they take proposal numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.helpers import STALE_WRITE as STALE
from tests.helpers import stage_a_stale_write

EARLIER = "c02e6f19"  # the demo's remove staged before USER.md last changed


@pytest.fixture
def demo(cli: Cli, tmp_path: Path) -> Path:
    target = tmp_path / "hermes"
    assert cli("demo", target, "--layout", "hermes").code == 0
    return target


@pytest.fixture
def home(demo: Path) -> Path:
    """The demo with one more write staged, one Hermes would refuse (its text is in no entry)."""
    stage_a_stale_write(demo)
    return demo


def test_review_lists_the_staged_writes_with_their_change_and_warnings(
    cli: Cli, home: Path
) -> None:
    listed = cli("review", home, "--list", "--json").json()
    staged = [p for p in listed if p.get("kind") == "staged_write"]
    assert [w["id"] for w in staged] == [EARLIER, "3f9a1c2e", "7b41d0a5", STALE]
    earlier, add, replace, remove = staged
    assert earlier["warnings"][0].startswith("USER.md changed after this write was staged")
    assert add["origin"] == "background_review" and add["diff"][-1].startswith("+ Run the slow")
    assert replace["diff"][:2] == [
        "- Name: Lin. Backend engineer, works mostly in Python and Go.",
        "+ Name: Lin. Staff engineer, works mostly in Go now.",
    ]
    assert remove["failure"].startswith("No entry matched 'Jenkins'")
    assert remove["warnings"] == [
        "'Jenkins' matches no entry of MEMORY.md now: Hermes refuses this write"
    ]
    assert set(remove["fields"]) == {
        "id", "subsystem", "action", "summary", "origin", "created_at", "payload"
    }  # fmt: skip
    text = cli("review", home, "--list").out
    assert "4 writes staged by Hermes" in text and "+ Name: Lin. Staff engineer" in text


def test_approve_all_is_all_or_nothing_then_ids_approve_and_reject(cli: Cli, home: Path) -> None:
    memory, user = home / "memories/MEMORY.md", home / "memories/USER.md"
    before = memory.read_bytes(), user.read_bytes()
    refused = cli("approve", home, "--all")
    assert refused.code == 1
    assert f"{STALE}: No entry matched 'Jenkins'" in refused.err
    assert (memory.read_bytes(), user.read_bytes()) == before
    assert len(list((home / "pending/memory").iterdir())) == 4

    approved = cli("approve", home, "3f9a1c2e", "7b41d0a5", EARLIER, "--json")
    assert approved.code == 0, approved.err
    assert approved.json()["staged"]["applied"] == ["3f9a1c2e", "7b41d0a5", EARLIER]
    assert "Staff engineer" in user.read_text("utf-8")
    assert "晚上十点以后" not in user.read_text("utf-8")
    assert cli("reject", home, STALE, "--json").json()["staged"] == [STALE]
    assert not list((home / "pending/memory").iterdir())
    assert cli("review", home, "--list").out.strip() == "the review queue is empty"
    unknown = cli("reject", home, "deadbeef")
    assert unknown.code == 1 and "no proposal or staged write deadbeef" in unknown.err


def test_the_gate_is_shown_and_switched_in_config_yaml(cli: Cli, home: Path) -> None:
    config = home / "config.yaml"
    config.write_text("# mine\nmemory:\n  write_mode: approve\nmodel: x\n", encoding="utf-8")
    shown = cli("gate", home)
    assert shown.code == 0
    assert "approval gate: off" in shown.out and "write_mode: approve is the old key" in shown.out
    assert cli("gate", home, "on", "--json").json()["state"] == "on"
    assert config.read_text("utf-8") == (
        "# mine\nmemory:\n  write_approval: true\n  write_mode: approve\nmodel: x\n"
    )


def test_approve_all_on_the_demo_applies_every_write_as_one_operation(cli: Cli, demo: Path) -> None:
    approved = cli("approve", demo, "--all", "--json")
    assert approved.code == 0, approved.err
    assert approved.json()["staged"]["applied"] == [EARLIER, "3f9a1c2e", "7b41d0a5"]
    assert not list((demo / "pending/memory").iterdir())
    assert "Run the slow integration suite" in (demo / "memories/MEMORY.md").read_text("utf-8")
