"""One inbox over every workspace scanned (issue 26, item 2, command line): `memdesk inbox`,
`memdesk review --all`, `memdesk list --all QUERY`. Each item names its workspace, its agent and
the command that decides it there; reading writes nothing; one workspace failing is named on its
line and never stops the others; approving in one never touches another's files."""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

from core.demo import write_demo
from core.store.journal import Journal
from tests.cli.conftest import Cli
from tests.helpers import AGENT_WRITING, every_agent_home, fingerprint, pending_at, two_everbots


def run_command(cli: Cli, command: str) -> int:
    """A command the inbox printed (`memdesk approve ...`), run as the person would paste it."""
    program, *args = shlex.split(command)
    assert program == "memdesk"
    result = cli(*args)
    assert result.code == 0, result.err
    return result.code


def test_the_inbox_lists_what_waits_in_every_workspace_oldest_first_writing_nothing(
    cli: Cli,
) -> None:
    """Tried as a person with every agent on one machine: what waited for review could only be
    seen one workspace at a time. Now `memdesk inbox` lists every proposal and every staged
    write of every workspace scanned, oldest first, each with its workspace, its agent and the
    command approving it; the home's files, journals included, are the same after."""
    every_agent_home(cli)
    everbot, hermes = Path.home() / "bots" / "everbot", Path.home() / ".hermes"
    waiting = [str(p.id) for p in pending_at(everbot)]
    before = fingerprint(Path.home())
    result = cli("inbox", "--json")
    assert result.code == 0, result.err
    shown = result.json()
    assert shown["failed"] == []
    items = shown["items"]
    staged = sorted(p.stem for p in (hermes / "pending" / "memory").glob("*.json"))
    assert sorted(i["id"] for i in items if i["workspace"] == str(hermes)) == staged
    assert [i["id"] for i in items if i["workspace"] == str(everbot)] == waiting
    assert {i["workspace"] for i in items} == {str(everbot), str(hermes)}
    since = [datetime.fromisoformat(i["since"]) for i in items]
    assert since == sorted(since)
    for i in items:
        assert i["approve"] == f"memdesk approve {i['workspace']} {i['id']} --agent {i['agent']}"
    text = cli("inbox").out.splitlines()
    assert len(text) == 2 * len(items)
    assert all(f"memdesk approve {everbot} --agent everbot" not in line for line in text[:2])
    only = cli("inbox", "--json", "--agent", "hermes").json()["items"]
    assert {i["agent"] for i in only} == {"hermes"} and len(only) == len(staged)
    only = cli("inbox", "--json", "--workspace", everbot).json()["items"]
    assert {i["workspace"] for i in only} == {str(everbot)}
    assert fingerprint(Path.home()) == before


def test_review_all_reviews_each_workspace_in_its_own_journal(cli: Cli) -> None:
    """`memdesk review --all` runs the rules reviewer on every workspace scanned, each into its
    own journal, says per workspace what it found and lists everything waiting."""
    a, b = two_everbots(cli)
    result = cli("review", "--all", "--json")
    assert result.code == 0, result.err
    shown = result.json()
    assert {r["workspace"] for r in shown["reviewed"]} == {str(a), str(b)}
    for folder in (a, b):
        waiting = [i["id"] for i in shown["items"] if i["workspace"] == str(folder)]
        assert waiting == [str(p.id) for p in pending_at(folder)] != []
    text = cli("review", "--all").out
    assert "~/bots/a: " in text and "~/bots/b: " in text and "already waiting" in text
    assert cli("review", a, "--all").code == 2  # --all takes no PATH: said, nothing reviewed


def test_approving_in_one_workspace_never_touches_another_s_files(cli: Cli) -> None:
    """The command the inbox prints for an item of workspace A approves it in A; workspace B's
    files, journal and backups are the same bytes after."""
    a, b = two_everbots(cli)
    assert cli("review", "--all").code == 0
    items = cli("inbox", "--json").json()["items"]
    first = next(i for i in items if i["workspace"] == str(a))
    b_before = fingerprint(b)
    a_memory = (a / "MEMORY.md").read_bytes()
    run_command(cli, first["approve"])
    assert (a / "MEMORY.md").read_bytes() != a_memory
    assert fingerprint(b) == b_before
    assert first["id"] not in [str(p.id) for p in pending_at(a)]


def test_a_workspace_that_fails_is_named_and_the_others_go_on(cli: Cli) -> None:
    """A workspace whose journal is not SQLite's is named with the reason (exit 1) by inbox,
    review --all and list --all; every other workspace is still listed, reviewed, searched."""
    a, spoiled = two_everbots(cli)
    assert cli("add", spoiled, "a memory MemDesk wrote").code == 0
    Journal.db_path(spoiled).write_bytes(b"this is not SQLite\n" * 200)
    for command in (("review", "--all"), ("inbox",), ("list", "--all", "咖啡")):
        result = cli(*command, "--json")
        assert result.code == 1, command
        shown = result.json()
        assert [f["workspace"] for f in shown["failed"]] == [str(spoiled)]
        assert "not a MemDesk journal" in shown["failed"][0]["error"]
        listed = shown.get("items", shown.get("results"))
        assert listed and {i["workspace"] for i in listed} == {str(a)}
        assert "~/bots/b: " in cli(*command).out


def test_list_all_names_each_result_s_workspace_and_how_to_open_it(cli: Cli) -> None:
    """`memdesk list --all QUERY` searches every workspace scanned; each result names its
    workspace and the `memdesk show` command that opens it there (which works)."""
    a, b = two_everbots(cli)
    result = cli("list", "--all", "咖啡", "--json")
    assert result.code == 0, result.err
    results = result.json()["results"]
    assert {r["workspace"] for r in results} == {str(a), str(b)}
    assert all("咖啡" in r["content"] for r in results)
    shown = cli(*shlex.split(results[0]["open"])[1:])
    assert shown.code == 0 and results[0]["id"] in shown.out
    text = cli("list", "--all", "咖啡").out
    assert f"memdesk show {a} ID --agent everbot" in text
    assert cli("list").code == 2  # neither PATH nor --all: said in one line


def test_an_agent_writing_in_one_workspace_does_not_break_the_inbox(
    cli: Cli, tmp_path: Path
) -> None:
    """While Hermes (a real second process) rewrites its MEMORY.md over and over, the inbox lists
    the same items every time, approving in EverBot's workspace succeeds, and MemDesk writes
    nothing into Hermes's home."""
    write_demo(Path.home() / ".hermes", layout="hermes")
    a, _ = two_everbots(cli)
    assert cli("review", a).code == 0
    hermes = Path.home() / ".hermes"
    records = fingerprint(hermes / "pending")
    expected = cli("inbox", "--json").json()["items"]
    stop = tmp_path / "stop"
    agent = subprocess.Popen(
        [sys.executable, "-c", AGENT_WRITING, str(hermes / "memories" / "MEMORY.md"), str(stop)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 3
        runs = 0
        while time.monotonic() < deadline or runs < 5:
            result = cli("inbox", "--json")
            assert result.code == 0, result.err
            shown = result.json()
            assert shown["failed"] == []
            assert [(i["workspace"], i["id"]) for i in shown["items"]] == [
                (i["workspace"], i["id"]) for i in expected
            ]
            runs += 1
        first = next(i for i in expected if i["workspace"] == str(a))
        run_command(cli, first["approve"])
    finally:
        stop.touch()
        written, _ = agent.communicate(timeout=30)
    assert int(written) > runs  # the agent was writing all along
    assert fingerprint(hermes / "pending") == records
    assert not (hermes / ".memdesk").exists() and not Journal.exists(hermes)


def test_list_all_says_so_when_nothing_matches(cli: Cli) -> None:
    """Tried as a person searching every workspace for a word no memory holds: `memdesk list
    --all` printed nothing at all (as if it had not run). It says so in one line; the JSON's
    results stay a list, empty."""
    two_everbots(cli)
    text = cli("list", "--all", "no-such-word-anywhere")
    assert text.code == 0
    assert text.out == (
        "no memory matches 'no-such-word-anywhere' in the 2 workspaces `memdesk scan` lists\n"
    )
    shown = cli("list", "--all", "no-such-word-anywhere", "--json").json()
    assert shown == {"results": [], "failed": []}


def test_a_hermes_profile_s_staged_write_is_approved_by_the_command_printed(cli: Cli) -> None:
    """Hermes with a named profile (profiles/work/) that has a write staged of its own: `scan`
    lists the home once, the profile's memories and staged writes counted in it; the inbox
    names the profile's write as work:ID, and its `memdesk approve` line, run as printed, writes
    it into the profile's MEMORY.md and touches nothing of the home's own."""
    hermes = Path.home() / ".hermes"
    write_demo(hermes, layout="hermes")
    staged = hermes / "profiles" / "work" / "pending" / "memory"
    staged.mkdir(parents=True)
    text = "Work profile: deploys happen on Tuesdays."
    (staged / "5e5e5e5e.json").write_text(
        '{"id": "5e5e5e5e", "subsystem": "memory", "action": "add", "summary": "add",'
        ' "origin": "background_review", "payload": {"action": "add", "target": "memory",'
        f' "content": "{text}", "old_text": null}}, "created_at": 1793527200.0}}',
        encoding="utf-8",
    )
    (row,) = cli("scan", "--json").json()
    assert row["path"] == str(hermes) and row["staged"] == 4
    assert row["memories"] == len(cli("list", hermes, "--json").json())
    (item,) = [i for i in cli("inbox", "--json").json()["items"] if i["id"] == "work:5e5e5e5e"]
    home_files = fingerprint(hermes / "memories")
    run_command(cli, item["approve"])
    assert text in (hermes / "profiles" / "work" / "memories" / "MEMORY.md").read_text("utf-8")
    assert fingerprint(hermes / "memories") == home_files
    assert not (staged / "5e5e5e5e.json").exists()
