"""What the commands print and how they end: text a batch at a time, JSON laid out for reading,
one-line failures, exit codes, and terminals kept safe from control characters in memory files."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from core.columns import first_line as first_line  # the commands import it from here
from core.formats.text import InputError
from core.store.errors import EXIT_ERROR, WorkspaceError

EXIT_OK = 0
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # kept out of messages: one line, no escapes
_TERMINAL_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but \t and \n
_JSON_ESCAPE = "memdesk.json"


class Once(logging.Filter):
    """Each warning once per command, though a command may read a workspace twice."""

    def __init__(self) -> None:
        super().__init__()
        self.said: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message in self.said:
            return False
        self.said.add(message)
        return True


class _Escaped:
    """A terminal's stream that shows control characters from memory files as escapes: text
    from a file must not move the cursor, recolour or retitle the person's terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(_TERMINAL_CONTROL.sub(_shown, text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _shown(m: re.Match[str]) -> str:
    return f"\\x{ord(m.group()):02x}"


@contextlib.contextmanager
def terminal_safe() -> Iterator[None]:
    """stdout and stderr escaped while they are terminals (a pipe gets the bytes as they are)."""
    saved = sys.stdout, sys.stderr
    if sys.stdout.isatty():
        sys.stdout = _Escaped(sys.stdout)
    if sys.stderr.isatty():
        sys.stderr = _Escaped(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    from core.session import OpeningJournal

    with OpeningJournal() as args.journal:  # the journal of the workspace the command names
        return _run(handler, args)


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        code = handler(args)
    except (WorkspaceError, InputError) as exc:
        return fail(str(exc), getattr(exc, "exit_code", EXIT_ERROR))
    except BrokenPipeError:
        return EXIT_OK  # `memdesk list ... | head`
    except OSError as exc:  # met where no reader worded it: the file the system names
        from core.store.files import read_error

        where = Path(exc.filename) if exc.filename else getattr(args, "path", Path("."))
        return fail(str(read_error(where, exc, "file or folder")), EXIT_ERROR)
    except Exception as exc:  # a bug of MemDesk's: one line; MEMDESK_DEBUG=1 shows where
        if os.environ.get("MEMDESK_DEBUG") == "1":
            raise
        where = getattr(args, "path", None) or "memdesk"
        what = _CONTROL.sub(lambda m: repr(m.group())[1:-1], f"{type(exc).__name__}: {exc}")
        return fail(f"{where}: failed: {what} (MEMDESK_DEBUG=1 shows where)", EXIT_ERROR)
    _warn_unreadable_journal(args)
    return code


def _warn_unreadable_journal(args: argparse.Namespace) -> None:
    """A command that went on without the journal (it cannot be read) says so, in one line."""
    problem = args.journal.unreadable()
    if problem is not None:
        print(f"memdesk: warning: {problem}", file=sys.stderr)


class Progress:
    """ "memdesk: reviewed 1,200 of 10,000 workspaces" on stderr every few seconds, once the work
    has taken that long (a quick command prints nothing)."""

    def __init__(self, done_what: str, every_s: float = 2.0) -> None:
        self.done_what, self.every_s = done_what, every_s
        self._last = time.monotonic()
        self._shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._last < self.every_s and not (done == total and self._shown):
            return
        self._last, self._shown = now, True
        print(f"memdesk: {self.done_what} {done:,} of {total:,}", file=sys.stderr, flush=True)


def fail(message: str, code: int) -> int:
    print(f"memdesk: {message}", file=sys.stderr)
    return code


def write_lines(lines: Iterable[str], batch: int = 10_000) -> None:
    """Lines to stdout a batch at a time: a million memories never make one 100 MB string."""
    write = sys.stdout.write
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) == batch:
            write("\n".join(chunk) + "\n")
            chunk.clear()
    if chunk:
        write("\n".join(chunk) + "\n")


def print_written(
    changes: list[str], saved: list[Any], *, as_json: bool = False, note: str = ""
) -> None:
    """What a write did: each change's label, then each file saved (its backup, a notice) or
    "nothing changed", then the agent's note; with `as_json` one object of the same."""
    if as_json:
        print_json(
            {
                "changes": changes,
                "saved": [
                    {
                        "path": str(r.path),
                        "backup": None if r.backup is None else str(r.backup),
                        "notice": r.notice,
                    }
                    for r in saved
                ],
                "note": note if saved else "",
            }
        )
        return
    for label in changes:
        print(label)
    print_saved(saved)
    if saved and note:
        print(note)


def print_saved(saved: list[Any]) -> None:
    for result in saved:
        backup = f", backup {result.backup}" if result.backup else ""
        print(f"wrote {result.path}{backup}")
        if result.notice:
            print(f"  {result.notice}")
    if not saved:
        print("nothing changed")


def escape_what_cannot_be_written() -> None:
    """stdout and stderr write a lone surrogate as JavaScript's JSON.stringify writes it,
    \\udxxx (so is any character the terminal's encoding lacks): valid JSON, and text that shows
    what the file holds. It comes from a \\udxxx escape in JSON the agent wrote, or from the
    agent's chunker cutting an emoji in two (it cuts text in UTF-16 units)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=_JSON_ESCAPE)


def print_json(data: Any) -> None:
    """JSON on stdout (see `escape_what_cannot_be_written`)."""
    write = sys.stdout.write
    for piece in _json_lines(data):
        write(piece)
    write("\n")


def _json_lines(data: Any, pad: str = "") -> Iterator[str]:
    """JSON laid out for reading and fast at a million memories: the outer object one key per
    line, each list one item per line, every item compact (json's C encoder; `indent` would
    send all of it through the pure-Python one, 26 s for `list --json` of 1,000,000)."""
    inner = pad + "  "
    if isinstance(data, dict) and data and not pad:
        yield "{"
        for n, (key, value) in enumerate(data.items()):
            yield f"{',' if n else ''}\n{inner}{json.dumps(key, ensure_ascii=False)}: "
            yield from _json_lines(value, inner)
        yield "\n}"
    elif isinstance(data, list) and data:
        yield "["
        for n, item in enumerate(data):
            yield f"{',' if n else ''}\n{inner}{json.dumps(item, ensure_ascii=False)}"
        yield f"\n{pad}]"
    else:
        yield json.dumps(data, ensure_ascii=False)


def _json_escape(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    units = exc.object[exc.start : exc.end].encode("utf-16-be", "surrogatepass")
    escaped = [f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2)]
    return "".join(escaped), exc.end


codecs.register_error(_JSON_ESCAPE, _json_escape)
