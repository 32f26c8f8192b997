"""Remote workspace addresses: ssh:// and scp style read into host, user, port and path; a
Windows drive letter or a path without a host stays local; a host ssh would read as an
option is never one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.remote.address import Address, parse_address

hosts = st.from_regex(r"[a-z0-9][a-z0-9.-]{1,20}", fullmatch=True)
users = st.none() | st.from_regex(r"[a-z_][a-z0-9_.-]{0,10}", fullmatch=True)
paths = st.text(min_size=1).map(lambda t: "/" + t.replace("\x00", ""))


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("ssh://srv/home/a/mem", Address("srv", "/home/a/mem")),
        ("ssh://ann@srv:2222/w", Address("srv", "/w", "ann", 2222)),
        ("ssh://[::1]:22/w", Address("[::1]", "/w", None, 22)),
        ("ann@srv:notes/mem", Address("srv", "notes/mem", "ann")),
        ("srv:/abs", Address("srv", "/abs")),
        ("srv:", Address("srv", ".")),
        ("srv:记忆 文件", Address("srv", "记忆 文件")),
    ],
)
def test_addresses_read_as_written(text: str, address: Address) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize(
    "text",
    [
        "C:\\Users\\ann\\mem",
        "c:/mem",
        "d:notes",
        "/abs/path",
        "relative/dir",
        "dir/with:colon",
        "-oProxyCommand=touch x:y",
        "a b:c",
        "@srv:x",
    ],
)
def test_local_paths_and_look_alikes_stay_local(text: str) -> None:
    assert parse_address(text) is None


@pytest.mark.parametrize(
    "text", ["ssh://srv", "ssh://srv:0/x", "ssh://-oProxyCommand=x/y", "ssh://a b/x", "ssh://"]
)
def test_an_ssh_url_that_is_not_an_address_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="ssh://"):
        parse_address(text)


@given(hosts, users, st.none() | st.integers(1, 65535), paths)
def test_an_address_written_out_reads_back_the_same(
    host: str, user: str | None, port: int | None, path: str
) -> None:
    address = Address(host, path, user, port)
    assert parse_address(str(address)) == address


@given(st.sampled_from("abcCDZ"), st.text())
def test_a_drive_letter_is_never_a_host(letter: str, rest: str) -> None:
    assert parse_address(f"{letter}:{rest}") is None


@given(st.text().filter(lambda t: ":" not in t))
def test_text_without_a_colon_is_a_local_path(text: str) -> None:
    assert parse_address(text) is None
