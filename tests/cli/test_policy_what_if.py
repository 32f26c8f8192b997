"""PicoClaw's policies side by side on a copy of the fixture home: `policy-diff` (a snapshot
against the policy now or against another snapshot) and `policy --what-if` (what retrieve
injects for a message now and under a changed policy). Nothing is ever written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Cli, snapshot
from tests.conftest import FIXTURES

HOME = FIXTURES / "picoclaw" / "home"
OVERRIDES = "memory/policy_overrides.json"
FIXTURE_SNAPSHOT = "memory/policy_snapshots/20260221_100000.json"  # {"retrieve_limit": 8}
OTHER_SNAPSHOT = "memory/policy_snapshots/20260222_090000.json"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    shutil.copytree(HOME, tmp_path / "home")
    workspace = tmp_path / "home" / "workspace"
    (workspace / OTHER_SNAPSHOT).write_text(
        '{\n  "recent_days": 0,\n  "retrieve_limit": 8,\n  "zz_note": "mine"\n}', encoding="utf-8"
    )
    return workspace


def differences(found: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    return {d["key"]: (d["a"], d["b"]) for d in found["differences"]}


def test_a_snapshot_against_the_policy_now(cli: Cli, home: Path) -> None:
    result = cli("policy-diff", home, FIXTURE_SNAPSHOT, "--json")

    assert result.code == 0, result.err
    found = result.json()
    assert differences(found) == {
        "retrieve_limit": (
            {"value": 8, "source": "override", "override": 8},
            {"value": 9, "source": "override", "override": 9},
        ),
        "recent_days": (
            {"value": 3, "source": "default", "override": None},
            {"value": 2, "source": "override", "override": 2},
        ),
    }
    assert found["b"]["name"] == "now" and found["a"]["name"] == FIXTURE_SNAPSHOT
    now = cli("policy", home, "--json").json()
    assert {k: {"value": v["value"], "source": v["source"]} for k, v in now.items()} == (
        found["b"]["policy"]
    )
    text = cli("policy-diff", home, FIXTURE_SNAPSHOT).out
    assert "2 keys differ" in text and "3 (default)" in text and "2 (override)" in text


def test_two_snapshots_against_each_other(cli: Cli, home: Path) -> None:
    result = cli("policy-diff", home, OTHER_SNAPSHOT, FIXTURE_SNAPSHOT, "--json")

    assert result.code == 0, result.err
    assert differences(result.json()) == {
        "recent_days": (  # 0 is not a value the agent uses: it falls back to its default
            {"value": 3, "source": "default", "override": 0},
            {"value": 3, "source": "default", "override": None},
        ),
        "zz_note": (
            {"value": None, "source": "not a MemoryPolicy key", "override": "mine"},
            {"value": None, "source": "not a MemoryPolicy key", "override": None},
        ),
    }
    text = cli("policy-diff", home, OTHER_SNAPSHOT, FIXTURE_SNAPSHOT).out
    assert "3 (default; override 0 not used)" in text
    same = cli("policy-diff", home, FIXTURE_SNAPSHOT, FIXTURE_SNAPSHOT)
    assert "the same policy" in same.out


def test_an_unknown_snapshot_is_refused(cli: Cli, home: Path) -> None:
    result = cli("policy-diff", home, "memory/policy_snapshots/nope.json")
    assert result.code == 1 and "unknown policy snapshot" in result.err


def test_what_if_shows_what_retrieve_injects_now_and_with_the_values_tried(
    cli: Cli, home: Path
) -> None:
    before = snapshot(home.parent)

    result = cli("policy", home, "--what-if", "--set", "retrieve_limit=2", "--query", "dog")

    assert result.code == 0, result.err
    found = cli("policy", home, "--what-if", "--set", "retrieve_limit=2", "--query", "dog",
                "--json").json()  # fmt: skip
    assert found["now"]["chunks"] == cli("retrieve", home, "dog", "--json").json()
    assert found["new"]["chunks"] == cli("retrieve", home, "dog", "--limit", "2", "--json").json()
    assert len(found["now"]["chunks"]) == 5 and len(found["new"]["chunks"]) == 2
    assert [d["key"] for d in found["differences"]] == ["retrieve_limit"]
    assert found["new"]["policy"]["overrides"] == {"recent_days": 2, "retrieve_limit": 2}
    lines = result.out.splitlines()
    assert "retrieve injects 2 chunks instead of 5 (3 no longer, 0 newly)" in lines[0]
    side_by_side = [line for line in lines if "|" in line]
    assert side_by_side[1].split() == ["1", "User", "has", "a", "dog", "named", "Bob.", "|",
                                       "User", "has", "a", "dog", "named", "Bob."]  # fmt: skip
    assert side_by_side[-1].endswith("| (not injected)")
    assert "nothing written" in lines[-1]
    assert snapshot(home.parent) == before


def test_what_if_a_snapshot_is_what_restoring_it_gives(cli: Cli, home: Path) -> None:
    tried = "memory/policy_snapshots/20260223_090000.json"
    (home / tried).write_text('{"recent_days": 1, "retrieve_limit": 4}', encoding="utf-8")
    found = cli("policy", home, "--what-if", "--snapshot", tried, "--set", "retrieve_limit=1",
                "--query", "coffee dog", "--at", "2026-02-22", "--json").json()  # fmt: skip

    assert found["new"]["policy"]["overrides"] == {"recent_days": 1, "retrieve_limit": 1}
    assert len(found["new"]["chunks"]) == 1
    assert cli("policy-restore", home, tried).code == 0
    assert cli("policy", home, "--set", "retrieve_limit=1").code == 0
    assert found["new"]["chunks"] == cli("retrieve", home, "coffee dog", "--json").json()
    policy = cli("policy", home, "--json").json()
    assert {k: {"value": v["value"], "source": v["source"]} for k, v in policy.items()} == (
        found["new"]["policy"]["policy"]
    )


def test_what_if_without_a_message_shows_the_daily_notes_recent_days_keeps(
    cli: Cli, home: Path
) -> None:
    found = cli("policy", home, "--what-if", "--set", "recent_days=1", "--at", "2026-02-23",
                "--json").json()  # fmt: skip

    assert found["now"]["chunks"] == found["new"]["chunks"] == []
    assert "Talked about the dog Bob." in found["now"]["injected"]  # 2 days: the 22nd is in
    assert "Talked about the dog Bob." not in found["new"]["injected"]
    assert found["new"]["injected"].startswith("## Long-term Memory\n\n# Long-term Memory")


def test_what_if_over_corrupt_overrides_starts_from_what_the_agent_does(
    cli: Cli, home: Path
) -> None:
    (home / OVERRIDES).write_bytes(b'{"retrieve_limit": 9,')

    found = cli("policy", home, "--what-if", "--set", "retrieve_limit=2", "--query", "dog",
                "--json").json()  # fmt: skip

    assert "corrupt JSON" in found["now"]["policy"]["ignored"]
    assert found["now"]["policy"]["policy"]["retrieve_limit"] == {"value": 6, "source": "config"}
    assert found["new"]["policy"]["overrides"] == {"retrieve_limit": 2}
    assert found["new"]["policy"]["ignored"] is None


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (("--what-if", "--query", "dog"), 2, "needs the values to try"),
        (("--snapshot", FIXTURE_SNAPSHOT), 2, "go with --what-if"),
        (("--what-if", "--set", "retrieve_limit=0"), 1, "retrieve_limit must be at least 1"),
        (("--what-if", "--snapshot", "nope.json"), 1, "unknown policy snapshot"),
    ],
)
def test_what_if_refusals(
    cli: Cli, home: Path, args: tuple[str, ...], code: int, says: str
) -> None:
    before = snapshot(home.parent)
    result = cli("policy", home, *args)
    assert result.code == code and says in result.err
    assert snapshot(home.parent) == before


def test_everbot_what_if_takes_no_message(cli: Cli, tmp_path: Path) -> None:
    assert cli("demo", tmp_path / "ev", "--entries", "20").code == 0
    result = cli("policy", tmp_path / "ev", "--what-if", "--set", "archive_below=0.3",
                 "--query", "x")  # fmt: skip
    assert result.code == 2 and "--query and --snapshot are for PicoClaw" in result.err


def test_what_if_json_is_plain_json(cli: Cli, home: Path) -> None:
    out = cli("policy", home, "--what-if", "--set", "retrieve_limit=3", "--json").out
    assert set(json.loads(out)) == {"query", "at", "now", "new", "differences"}


def test_side_by_side_columns_line_up_with_chinese_chunks(cli: Cli, home: Path) -> None:
    """A CJK character takes two terminal columns: the `|` moved right on Chinese rows."""
    import unicodedata

    def columns(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    out = cli("policy", home, "--what-if", "--set", "retrieve_limit=3", "--query", "咖啡").out
    rows = [line for line in out.splitlines() if " | " in line]
    assert any("燕麦拿铁" in row for row in rows)
    assert len({columns(row.split(" | ")[0]) for row in rows}) == 1
