"""One Activity over every workspace scanned (issue 26, item 2): `core.inbox.activity` and
`memdesk activity --all` list what MemDesk saved in each, merged newest first, each naming its
workspace; reading writes nothing; a journal that cannot be read is named and the others go on."""

from __future__ import annotations

import shlex
from pathlib import Path

from core.inbox import activity
from core.store.journal import Journal
from tests.cli.conftest import Cli
from tests.helpers import fingerprint, two_everbots
from ui.settings import scanned


def test_one_activity_lists_every_workspace_s_operations_newest_first_writing_nothing(
    cli: Cli,
) -> None:
    """Tried as a person with two agents: what MemDesk had saved could only be seen one
    workspace at a time. Now the operations of both come merged, newest first, each with its
    workspace, and the home is the same bytes after the look."""
    a, b = two_everbots(cli)
    for folder, text in ((a, "first in a"), (b, "then in b"), (a, "last in a")):
        assert cli("add", folder, text).code == 0
    before = fingerprint(Path.home())
    done, failed = activity(scanned())
    assert failed == []
    assert [d.found.path for d in done] == [a, b, a]
    assert [d.item.at for d in done] == sorted((d.item.at for d in done), reverse=True)
    shown = cli("activity", "--all", "--json").json()
    assert [op["workspace"] for op in shown["operations"]] == [str(a), str(b), str(a)]
    assert [op["op_id"] for op in shown["operations"]] == [d.item.op_id for d in done]
    text = cli("activity", "--all").out.splitlines()
    assert len(text) == 3 and "~/bots/a" in text[0] and "~/bots/b" in text[1]
    assert fingerprint(Path.home()) == before
    assert cli("activity", "--all", "--limit", "1", "--json").json()["operations"][0][
        "workspace"
    ] == str(a)


def test_the_undo_command_it_prints_undoes_in_that_workspace_only(cli: Cli) -> None:
    """The `memdesk undo` command listed beside an operation of B undoes it in B; A's files are
    the same bytes after."""
    a, b = two_everbots(cli)
    assert cli("add", a, "kept in a").code == 0
    b_memory = (b / "MEMORY.md").read_bytes()
    assert cli("add", b, "undone in b").code == 0
    newest = cli("activity", "--all", "--json").json()["operations"][0]
    assert newest["workspace"] == str(b)
    a_before = fingerprint(a)
    result = cli(*shlex.split(newest["undo"])[1:])
    assert result.code == 0, result.err
    assert (b / "MEMORY.md").read_bytes() == b_memory
    assert fingerprint(a) == a_before


def test_a_journal_that_cannot_be_read_is_named_and_the_others_listed(cli: Cli) -> None:
    a, spoiled = two_everbots(cli)
    for folder in (a, spoiled):
        assert cli("add", folder, "a memory MemDesk wrote").code == 0
    Journal.db_path(spoiled).write_bytes(b"this is not SQLite\n" * 200)
    result = cli("activity", "--all", "--json")
    assert result.code == 1
    shown = result.json()
    assert [f["workspace"] for f in shown["failed"]] == [str(spoiled)]
    assert "not a MemDesk journal" in shown["failed"][0]["error"]
    assert {op["workspace"] for op in shown["operations"]} == {str(a)}
    assert "~/bots/b: " in cli("activity", "--all").out
    assert cli("activity", a, "--all").code == 2  # --all takes no PATH
