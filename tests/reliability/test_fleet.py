"""A fleet of users (issue 26, item 3): a folder holding a bot's per-user memory folders, added
to the scan, is each user's workspace with the user's memory count; a change to one user's file
is seen by re-reading that one."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from core.scan import scan
from tests.benchmarks import fleet_bench

USERS = 200
MEMORIES = 6_000


@pytest.fixture(scope="module", params=fleet_bench.LAYOUTS)
def fleet(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(request.param) / "fleet"
    fleet_bench.write_fleet(out, request.param, USERS, MEMORIES, seed=3)
    return out


def test_every_user_folder_is_a_workspace_with_its_memories(fleet: Path) -> None:
    layout = fleet.parent.name.rstrip("0123456789")
    expected = fleet_bench.split_memories(USERS, MEMORIES, Random(3))
    found = sorted(scan(homes=[], extra=[fleet]), key=lambda f: str(f.path))
    assert [f.error for f in found if f.error] == []
    assert {f.agent for f in found} == {layout}
    assert len(found) == USERS
    assert sum(f.memories for f in found) == MEMORIES == sum(expected)
    assert sorted(f.memories for f in found) == sorted(expected)


def test_a_change_to_one_user_s_file_is_seen_by_re_reading_that_user(fleet: Path) -> None:
    found = scan(homes=[], extra=[fleet])
    one = max(found, key=lambda f: str(f.path))
    again = fleet_bench.rescan_one(one)
    assert (again.error, again.path, again.memories) == ("", one.path, one.memories + 1)
    assert again.size > one.size
