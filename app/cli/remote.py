"""A workspace on a server: the command is run there by the server's own memdesk (through
`core.remote`) and what it prints is printed here. The one place every command forwards."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from app.cli.output import fail
from core.remote.address import Address, parse_address
from core.remote.transport import Remote, RemoteError
from core.store.errors import EXIT_ERROR

_STAND_IN = "\x01memdesk-workspace\x01"  # a local path no one names: finds the path argument

ADDRESS_HELP = (
    "workspace folder (or a memory file); on a server: ssh://[user@]host[:port]/abs/path or "
    "[user@]host:path (a local path that exists is read as local)"
)


def workspace_argument(text: str) -> Path | Address:
    """A local path, or the server address `text` is when no local path of that name exists."""
    if text.startswith("ssh://") or not Path(text).exists():
        try:
            address = parse_address(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if address is not None:
            return address
    return Path(text)


def forward(args: argparse.Namespace, argv: Sequence[str], parser: argparse.ArgumentParser) -> int:
    """Run the command on the server the workspace address names; print what it printed."""
    address: Address = args.path
    if args.command == "open":  # the window talks to the server itself (ui.remote_view)
        from app.cli.demo import open_window

        return open_window(str(address))
    server_argv = _on_server(list(argv), address, parser)
    reads_stdin = "-" in server_argv
    try:
        done = Remote(address, args.remote_memdesk).run(
            server_argv, stdin=sys.stdin.buffer if reads_stdin else subprocess.DEVNULL
        )
    except RemoteError as exc:
        return fail(str(exc), EXIT_ERROR)
    sys.stdout.write(done.out.decode("utf-8", "replace"))
    sys.stdout.flush()
    sys.stderr.write(done.err.decode("utf-8", "replace"))
    return done.code


def _on_server(argv: list[str], address: Address, parser: argparse.ArgumentParser) -> list[str]:
    """`argv` with the address replaced by the path on the server: the one token the parser
    reads as the workspace (the same text may also be a memory's text or an option's value)."""
    for n, token in enumerate(argv):
        if not token.startswith("ssh://") and ":" not in token:
            continue
        trial = [*argv[:n], _STAND_IN, *argv[n + 1 :]]
        if str(parser.parse_args(trial).path) == _STAND_IN:
            return [*argv[:n], address.server_path, *argv[n + 1 :]]
    raise AssertionError("the workspace argument was parsed from argv")  # pragma: no cover
