"""SPEC 3 and 9: a decay run is done once, even when the journal that records it is lost.

The journal keeps each memory's decay anchor; the file itself says the day MemDesk's last decay
run decayed it to (a header comment the agent never reads). A journal deleted, truncated,
corrupt or put back from an older copy, between runs or while one runs, never makes a second
run on the same day change a score; a journal that vanishes while a run writes to it is an
error, never a quiet success.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli import main as cli_main
from core.agents.everbot.demo import write_demo
from core.store.journal import Journal, JournalError
from tests.cli.conftest import Cli
from tests.conftest import PROJECT_ROOT

HEADER = re.compile(rb"^### \[(\w+)\] \w+ \| ([\d.]+) \|", re.MULTILINE)
DAY = date(2027, 3, 1)


def scores(root: Path) -> dict[str, bytes]:
    return dict(HEADER.findall((root / "MEMORY.md").read_bytes()))


def journal_files(root: Path) -> list[Path]:
    return sorted((root / ".memdesk").glob("memdesk.db*"))


def delete(root: Path, _older: Path) -> None:
    for f in journal_files(root):
        f.unlink()


def truncate(root: Path, _older: Path) -> None:
    delete(root, _older)
    Journal.db_path(root).write_bytes(b"")


def older_copy(root: Path, older: Path) -> None:
    delete(root, older)
    for f in older.iterdir():
        shutil.copy2(f, root / ".memdesk" / f.name)


def garbage(root: Path, _older: Path) -> None:
    delete(root, _older)
    Journal.db_path(root).write_bytes(b"not a journal at all\n" * 100)


FATES: dict[str, Callable[[Path, Path], None]] = {
    "deleted": delete,
    "truncated": truncate,
    "an older copy": older_copy,
    "corrupt": garbage,
}


def _save_journal(root: Path, to: Path) -> Path:
    shutil.rmtree(to, ignore_errors=True)
    to.mkdir(parents=True)
    for f in journal_files(root):
        shutil.copy2(f, to / f.name)
    return to


@pytest.mark.parametrize("fate", FATES)
def test_a_second_run_on_the_same_day_changes_nothing_whatever_became_of_the_journal(
    cli: Cli, tmp_path: Path, fate: str
) -> None:
    root = tmp_path / "ws"
    assert cli("demo", root).code == 0
    assert cli("list", root).code == 0  # the journal now knows the memories as the agent left them
    older = _save_journal(root, tmp_path / "older")
    first = cli("decay", root, "--at", DAY.isoformat(), "--apply")
    assert first.code == 0, first.err
    once = scores(root)
    FATES[fate](root, older)

    again = cli("decay", root, "--at", DAY.isoformat(), "--apply")

    assert scores(root) == once
    if fate == "corrupt":  # refused, and says what to do
        assert again.code != 0
        assert "journal" in again.err
    else:
        assert again.code == 0, again.err
        assert "0 scores changed" in again.out


def test_a_decay_run_says_in_the_file_the_day_it_decayed_to(cli: Cli, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    assert cli("demo", root).code == 0
    assert cli("decay", root, "--at", "2027-01-10", "--apply").code == 0
    assert cli("decay", root, "--at", "2027-03-01", "--apply").code == 0
    assert cli("decay", root, "--at", "2027-02-01", "--apply").code == 0  # an earlier day: no-op
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert re.findall(r"<!-- memdesk_decayed_to: (.*) -->", text) == ["2027-03-01"]
    check = cli("check", root, "--json")
    assert check.code == 0, check.err
    assert check.json()["problems"] == []  # a header comment, not text kept aside


def test_the_agent_rewriting_the_file_drops_the_mark_and_its_own_save_counts(
    cli: Cli, tmp_path: Path
) -> None:
    """The agent writes its own header: its save is then the anchor, as before any run."""
    root = tmp_path / "ws"
    assert cli("demo", root).code == 0
    assert cli("decay", root, "--at", DAY.isoformat(), "--apply").code == 0
    path = root / "MEMORY.md"
    text = path.read_text(encoding="utf-8")
    agent = re.sub(r"<!-- memdesk_decayed_to: .* -->\n", "", text)
    agent = re.sub(r"Last updated: [^ ]*", f"Last updated: {DAY.isoformat()}T08:00:00", agent)
    path.write_text(agent, encoding="utf-8")
    delete(root, tmp_path)
    once = scores(root)
    assert cli("decay", root, "--at", DAY.isoformat(), "--apply").code == 0
    assert scores(root) == once


Step = tuple[int, str]  # (days after the base day, then what becomes of the journal)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(st.integers(0, 400), st.sampled_from(["kept", *FATES])), min_size=1, max_size=4
    )
)
def test_no_run_to_a_day_already_reached_changes_a_score(
    tmp_path_factory: pytest.TempPathFactory, steps: list[Step]
) -> None:
    """Whatever runs came before and whatever became of the journal after each, running again
    to any day already reached changes no score."""
    tmp = tmp_path_factory.mktemp("runs")
    root = tmp / "ws"
    base = date(2026, 3, 1)
    write_demo(root, entries=60, seed=3, today=base)
    snapshots = tmp / "older"
    reached: date | None = None
    for offset, fate in steps:
        _save_journal(root, snapshots)
        day = base + timedelta(days=offset)
        code = cli_main(["decay", str(root), "--at", day.isoformat(), "--apply"])
        if code == 0:
            reached = max(reached or day, day)
        if fate != "kept":
            FATES[fate](root, snapshots)
        if fate == "corrupt":
            delete(root, snapshots)  # moved aside, as the message says
        if reached is not None:
            before = scores(root)
            for again in {reached, reached - timedelta(days=offset % 30)}:
                assert cli_main(["decay", str(root), "--at", again.isoformat(), "--apply"]) == 0
                assert scores(root) == before, (steps, again)


def test_a_journal_deleted_while_open_is_an_error_when_written(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as journal:
        journal.set_setting("profile", "default")
        for f in journal_files(tmp_path):
            f.unlink()
        with pytest.raises(JournalError, match="deleted or replaced while MemDesk"):
            journal.set_setting("profile", "tiered")


def test_a_journal_replaced_while_open_is_an_error_when_written(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as journal:
        journal.set_setting("profile", "default")
        path = Journal.db_path(tmp_path)
        path.rename(path.with_name("moved.db"))
        with Journal.open(tmp_path):
            pass  # another MemDesk makes a new one there
        with pytest.raises(JournalError):
            journal.set_setting("profile", "tiered")


@pytest.mark.slow
def test_journal_deleted_during_a_big_run_never_decays_twice(tmp_path: Path) -> None:
    """5,000 memories: the journal deleted at moments spread over the run, in a real process.
    Whatever the moment, the file ends as one run leaves it; a run that lost its journal while
    writing to it says so (exit code not 0)."""
    base = tmp_path / "base"
    write_demo(base, entries=5_000, seed=11, today=date(2026, 3, 1))
    reference = tmp_path / "reference"
    shutil.copytree(base, reference)
    started = time.monotonic()
    _run(reference, DAY)
    whole = time.monotonic() - started
    once = scores(reference)
    for n, fraction in enumerate((0.3, 0.6, 0.9)):
        root = tmp_path / f"ws{n}"
        shutil.copytree(base, root)
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "decay", str(root), "--at", DAY.isoformat(),
             "--apply"],
            cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        time.sleep(whole * fraction)
        delete(root, tmp_path)
        _out, err = proc.communicate(timeout=120)
        if proc.returncode != 0:
            assert "journal" in err, err
        _run(root, DAY)
        assert scores(root) == once, f"deleted at {fraction:.0%} of the run"


def _run(root: Path, day: date) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "decay", str(root), "--at", day.isoformat(), "--apply"],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
