"""Where a workspace goes on the command line, a server address is read (`app.cli.remote`):
a local path of the same name wins; only the workspace argument becomes the server's path."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.parser import build_parser
from app.cli.remote import _on_server, workspace_argument
from core.remote.address import Address, parse_address
from tests.cli.conftest import Cli


def test_a_local_path_that_exists_wins_over_the_scp_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "srv:notes").mkdir()
    assert workspace_argument("srv:notes") == Path("srv:notes")
    assert workspace_argument("srv:other") == Address("srv", "other")


def test_only_the_workspace_argument_becomes_the_servers_path() -> None:
    argv = ["add", "--file", "srv:/w", "srv:/w", "srv:/w", "--json"]
    address = parse_address("srv:/w")
    assert address is not None
    assert _on_server(argv, address, build_parser()) == [
        "add", "--file", "srv:/w", "/w", "srv:/w", "--json"
    ]  # fmt: skip


def test_a_server_path_is_never_read_as_an_option() -> None:
    address = Address("srv", "-rf")
    assert _on_server(["check", "srv:-rf"], address, build_parser()) == ["check", "./-rf"]


def test_help_says_a_local_path_wins(cli: Cli) -> None:
    told = cli("check", "--help")
    assert "a local path that exists is read as local" in " ".join(told.out.split())


def test_open_hands_a_server_address_to_the_window(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`memdesk open ann@srv:/w` opened nothing ("the window does not open a workspace on a
    server yet"); the window now reads it through the server's memdesk (ui.remote_view)."""
    opened: list[object] = []
    monkeypatch.setattr("app.gui.run_gui", lambda path=None: opened.append(path) or 0)
    told = cli("open", "ann@srv:/w")
    assert told.code == 0 and opened == ["ann@srv:/w"]
    assert cli("open", "ssh://ann@srv:2222/w").code == 0
    assert opened[-1] == "ssh://ann@srv:2222/w"
