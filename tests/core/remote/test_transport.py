"""The line the server's shell runs: every argument reaches memdesk as one word, whatever it
holds (command substitution, separators, quotes, newlines, Chinese); ssh reads the host as a
destination, never as an option."""

from __future__ import annotations

import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

from core.remote.address import Address
from core.remote.transport import remote_command_line, ssh_argv

ECHO = "printf '%s\\0'"  # stands in for memdesk: prints each argument it gets, NUL-ended
HOSTILE = ["$(touch pwned)", "`id`", "a; rm -rf /", 'it\'s "q"', "line\nline", "中文 记忆", "*", ""]


def _as_the_server_reads(args: list[str]) -> list[str]:
    line = remote_command_line(ECHO, args)
    out = subprocess.run(["sh", "-c", line], capture_output=True, check=True).stdout
    return out.decode().split("\0")[:-1]


def test_hostile_arguments_reach_the_server_as_written() -> None:
    assert _as_the_server_reads(HOSTILE) == HOSTILE


@settings(max_examples=30)
@given(
    st.lists(
        st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0")), min_size=1
    )
)
def test_any_argument_reaches_the_server_as_written(args: list[str]) -> None:
    assert _as_the_server_reads(args) == args


def test_ssh_ends_its_options_before_the_destination() -> None:
    argv = ssh_argv(Address("srv", "/w", "ann", 2222), "memdesk check /w", ssh="ssh")
    assert argv == [
        "ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15", "-o", "ServerAliveInterval=15",
        "-o", "ServerAliveCountMax=4", "-p", "2222", "--", "ann@srv", "memdesk check /w"
    ]  # fmt: skip
