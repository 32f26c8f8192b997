"""The `memdesk` command line (SPEC 7). Exit 0 = success, 1 = problems found or action refused,
2 = usage or I/O error. Every command asks the agent plug-in the folder belongs to
(`core.registry`), through the same core operations the window uses.

`parser` builds the arguments (by group: `parser_memories`, `parser_agent`, `parser_history`,
`parser_review`, over `arguments`), `output` prints and ends a command; the commands live by
journey: `reading`, `writing`, `history`, `policy`, `review`, `demo` (no workspace), over
`workspace`."""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence

from app.cli.demo import cmd_open
from app.cli.output import Once, escape_what_cannot_be_written, run, terminal_safe
from app.cli.parser import build_parser
from app.cli.remote import forward
from core.formats.text import gc_paused
from core.remote.address import Address
from core.secrets import scrubbed_stderr_handler

__all__ = ["main"]

# The window and the benchmark run as long as the person wants: they keep the collector.
_LONG_RUNNING = frozenset({"open", "bench"})


def main(argv: Sequence[str] | None = None) -> int:
    escape_what_cannot_be_written()
    stderr = scrubbed_stderr_handler()
    stderr.addFilter(Once())
    logging.basicConfig(level=logging.WARNING, handlers=[stderr])
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return cmd_open(argparse.Namespace(path=None, demo=False))
    if isinstance(getattr(args, "path", None), Address):
        with terminal_safe():
            return forward(args, argv, parser)
    handler: Callable[[argparse.Namespace], int] = args.handler
    # A command lives for seconds and builds no reference cycles worth collecting; the collector
    # would walk a million memories several times over (a second and more).
    paused = gc_paused() if args.command not in _LONG_RUNNING else contextlib.nullcontext()
    hangup = hangup_ignored() if args.command not in _LONG_RUNNING else contextlib.nullcontext()
    with paused, hangup, terminal_safe():
        return run(handler, args)


@contextlib.contextmanager
def hangup_ignored() -> Iterator[None]:
    """A command finishes its save when its terminal or ssh connection hangs up (SIGHUP): the
    guarded commit is not cut short between its steps, and the journal says what was done."""
    sighup = getattr(signal, "SIGHUP", None)
    if sighup is None or threading.current_thread() is not threading.main_thread():  # Windows
        yield
        return
    previous = signal.signal(sighup, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(sighup, previous)
