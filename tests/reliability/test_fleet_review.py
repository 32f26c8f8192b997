"""A rules review of every user of a fleet (issue 26, item 3): the fleet's review (each user in
its thread, users in a pool of processes, a run's journal writes in one transaction) decides
exactly what the review one user after another through the event loop decides, on the 200-user
fleet of each layout and on every demo layout; a review killed mid-way leaves every journal
readable and the next run finishes the rest."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from random import Random
from typing import Any

import pytest

from core.demo import write_demo
from core.registry import agent_named, demo_layouts
from core.review import fleet, kept, reading
from core.review.codes import codes_met
from core.review.fleet import review_each
from core.review.queue import run_review
from core.review.rules import RulesReviewer
from core.scan import Found, scan
from core.session import Session
from core.store.journal import Journal
from tests.benchmarks import fleet_bench
from tests.conftest import PROJECT_ROOT

USERS = 200
MEMORIES = 6_000
TODAY = fleet_bench.TODAY
_NOT_COMPARED = ("id", "created_at", "decided_at")  # what differs from one run to another


# Each side of a comparison in a process of its own, with another PYTHONHASHSEED: the rules once
# decided a few pairs by a sum over a set of strings (461 or 462 proposals on one 200-user fleet).
SEED = {"PYTHONHASHSEED": "1", "PYTHONPATH": str(PROJECT_ROOT)}
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def one_by_one(found: list[Found]) -> None:
    """The review as it ran before the fleet's: each user's session through the event loop."""
    for f in found:
        with Session(agent_named(f.agent), path=f.path) as session:
            asyncio.run(run_review(session, RulesReviewer(), today=TODAY))


def one_by_one_seeded(root: Path, seed: str = "2") -> None:
    """`one_by_one` of every workspace under `root`, in a process with this PYTHONHASHSEED."""
    code = (
        "import sys; from pathlib import Path; from core.scan import scan\n"
        "from tests.reliability.test_fleet_review import one_by_one\n"
        "one_by_one(scan(homes=[], extra=[Path(sys.argv[1])]))"
    )
    env = dict(os.environ) | SEED | {"PYTHONHASHSEED": seed}
    subprocess.run([sys.executable, "-c", code, str(root)], env=env, check=True, timeout=600)


def decided(root: Path) -> tuple[list[Any], list[Any]]:
    """Every proposal of every journal under `root` (ids and times aside), by workspace; and
    what each run saw of each file, the baseline the next run compares with."""
    proposals: list[Any] = []
    seen: list[Any] = []
    for db in sorted(root.rglob("memdesk.db")):
        ws = db.parent.parent
        where = str(ws.relative_to(root))
        with Journal.open_readonly(ws) as journal:
            for p in journal.proposals():
                fields = {k: v for k, v in asdict(p).items() if k not in _NOT_COMPARED}
                proposals.append((where, sorted(fields.items())))
            files = journal._conn.execute("SELECT DISTINCT file FROM review_seen").fetchall()
            for (file,) in sorted(files):
                seen.append((where, file, sorted(journal.seen_for_review(file).items())))
    return proposals, seen


def twins(tmp_path: Path, make: Any) -> tuple[Path, Path]:
    """Two identical copies of what `make(folder)` writes."""
    a, b = tmp_path / "one_by_one", tmp_path / "fleet"
    make(a)
    shutil.copytree(a, b, symlinks=True)
    return a, b


@pytest.mark.slow  # a fleet reviewed by a pool of processes
@pytest.mark.parametrize("layout", fleet_bench.LAYOUTS)
def test_the_fleet_review_decides_exactly_as_one_user_after_another(
    layout: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = twins(
        tmp_path, lambda out: fleet_bench.write_fleet(out, layout, USERS, MEMORIES, seed=1)
    )
    one_by_one_seeded(old)
    for name, value in SEED.items():
        monkeypatch.setenv(name, value)  # the pool's processes are spawned with it
    reviewed = review_each(scan(homes=[], extra=[new]), RulesReviewer(), today=TODAY, processes=2)
    assert [r.error for r in reviewed if r.error] == []
    assert len(reviewed) == USERS
    proposals, seen = decided(old)
    assert len(proposals) > USERS and len(seen) >= USERS
    assert decided(new) == (proposals, seen)


def test_the_rules_decide_the_same_whatever_the_hash_seed(tmp_path: Path) -> None:
    """A user whose older memory a newer one was said to supersede, or not, by the order of a set
    (its share of the older one's particulars summed in that order, at the threshold exactly):
    reviewed in three processes with PYTHONHASHSEED 1, 2 and 3, the proposals are the same, byte
    for byte."""
    made = []
    for seed in ("1", "2", "3"):
        user = tmp_path / seed / "user"
        shutil.copytree(FIXTURES / "review_hashseed" / "picoclaw_user", user)
        one_by_one_seeded(user.parent, seed)
        proposals, _seen = decided(user.parent)
        made.append(repr(proposals).encode())
    assert b"('trigger', 'contradiction')" in made[0]  # the path is taken
    assert made[0] == made[1] == made[2]


def test_a_review_of_many_users_keeps_little_of_those_it_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a review process keeps of the texts it read (a clause's reading, a subject) is
    bounded between two users: kept for every user, each of 4 processes reviewing a 10,000-user
    fleet grew to 137 MB (87 MB bounded)."""
    fleet_bench.write_fleet(tmp_path / "fleet", "picoclaw", 60, 3_000, seed=1)
    monkeypatch.setattr(fleet, "_KEPT_TEXTS", 100)
    monkeypatch.setattr(fleet, "_KEPT_CODES", 300)
    found = scan(homes=[], extra=[tmp_path / "fleet"])
    reviewed = review_each(found, RulesReviewer(), today=TODAY, processes=1)
    assert [r.error for r in reviewed] == [""] * 60
    assert sum(len(r.run.stored) for r in reviewed if r.run) > 60  # they were read and compared
    assert max(len(k) + len(k.older) for k in kept._every) <= 2 * 100  # two generations
    assert codes_met() <= 300


def test_a_clause_every_user_says_is_read_once_however_many_users(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Users of one bot say some things alike: bounded by forgetting everything at the bound,
    each review process read those clauses again after every few users (at 10,000 users, twice
    the clauses in all: Hermes's review 5-10% slower). Now a clause met again is kept."""
    shared = ["The team uses Slack for chat.", "用户每天早上喝乌龙茶。"]
    rng = Random(1)
    for i in range(40):
        unique = [f"Ticket {i * 100 + n} is about invoice {i * 1000 + n}." for n in range(30)]
        fleet_bench._picoclaw_user(tmp_path / "fleet" / str(i), [*shared, *unique], rng)
    monkeypatch.setattr(fleet, "_KEPT_TEXTS", 100)
    read = Counter[str]()
    reading_clause = reading._read_clause
    monkeypatch.setattr(
        reading, "_read_clause", lambda piece: read.update([piece]) or reading_clause(piece)
    )
    reading.forget_if_large(texts=0, codes=0)
    found = scan(homes=[], extra=[tmp_path / "fleet"])
    reviewed = review_each(found, RulesReviewer(), today=TODAY, processes=1)
    assert [r.error for r in reviewed] == [""] * 40
    assert [read[text] for text in shared] == [1, 1]


def test_a_store_forgets_both_generations_when_the_codes_start_afresh() -> None:
    """A clause's reading holds its features as codes: when the codes start afresh
    (forget_if_large), a reading kept in the older generation would compare wrongly."""
    store = kept.Kept[int](most=2)
    for n, text in enumerate(["a", "b", "c"]):
        store.keep(text, n)
    assert store["a"] == 0  # aged into the older generation, kept again when met
    store.clear()
    with pytest.raises(KeyError):
        store["b"]
    assert len(store) == len(store.older) == 0


@pytest.mark.parametrize("layout", sorted(demo_layouts()))
def test_each_demo_layout_is_reviewed_exactly_as_before(layout: str, tmp_path: Path) -> None:
    old, new = twins(tmp_path, lambda out: write_demo(out, layout=layout, seed=5, today=TODAY))
    found_old, found_new = scan(homes=[], extra=[old]), scan(homes=[], extra=[new])
    assert len(found_old) == len(found_new) >= 1
    one_by_one(found_old)
    assert [r.error for r in review_each(found_new, RulesReviewer(), today=TODAY)] == [
        "" for _ in found_new
    ]
    assert decided(new) == decided(old) != ([], [])


@pytest.mark.slow  # two real reviews of a fleet, one killed
def test_a_review_killed_mid_way_leaves_every_journal_readable_and_the_next_finishes(
    tmp_path: Path,
) -> None:
    """`memdesk review --all` (a real process and its pool) killed with SIGKILL while users'
    journals are being written: each journal there opens and passes SQLite's check, and the
    next run reviews every user, deciding what a run never stopped decides."""
    home = tmp_path / "home"
    env = dict(os.environ) | SEED | {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    env["XDG_DATA_HOME"] = str(home / ".local" / "share")
    clean, killed = twins(
        tmp_path, lambda out: fleet_bench.write_fleet(out, "picoclaw", USERS, MEMORIES, seed=4)
    )
    memdesk = [sys.executable, "-m", "app.cli"]
    at = ["--at", TODAY.isoformat()]
    one_by_one_seeded(clean)
    quiet = {"env": env, "check": True, "timeout": 120, "capture_output": True}
    subprocess.run([*memdesk, "scan", "--add", killed], **quiet)  # type: ignore[call-overload]

    run = subprocess.Popen(  # its own process group: the pool's workers are killed with it
        [*memdesk, "review", "--all", *at], env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 300
    while len(list(killed.rglob("memdesk.db"))) < USERS // 4 and time.monotonic() < deadline:
        assert run.poll() is None, "the review ended before it could be killed"
        time.sleep(0.01)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait(timeout=60)
    journals = list(killed.rglob("memdesk.db"))
    assert USERS // 4 <= len(journals) < USERS  # killed mid-way
    for db in journals:
        with Journal.open_readonly(db.parent.parent) as journal:
            assert journal._conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    again = subprocess.run(
        [*memdesk, "review", "--all", *at], env=env, timeout=600, capture_output=True, text=True
    )
    assert again.returncode == 0, again.stderr
    assert len(list(killed.rglob("memdesk.db"))) == USERS
    assert decided(killed) == decided(clean)
