"""`memdesk scan`: every agent workspace on this machine with what waits in it; `--add DIR` and
`--remove DIR` keep the folders the person adds in MemDesk's settings."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from app.cli.output import EXIT_OK, fail, print_json, write_lines
from core.store.errors import WorkspaceError

if TYPE_CHECKING:
    from core.scan import Found


def cmd_scan(args: argparse.Namespace) -> int:
    if args.add is not None:
        return _add(args.add)
    if args.remove is not None:
        return _remove(args.remove)
    found = scanned()
    if args.json:
        print_json([f.as_json() for f in found])
    else:
        write_lines(scan_lines(found))
    return EXIT_OK


def scanned() -> list[Found]:
    """`ui.settings.scanned`, imported when a command runs: `memdesk --version` needs none of it."""
    from ui.settings import scanned as every_workspace

    return every_workspace(progress=Progress(sys.stderr) if sys.stderr.isatty() else None)


class Progress:
    """A line on `stream` every `EVERY` seconds while a scan reads workspaces (a first scan of a
    fleet builds its index for minutes); none when it is done sooner."""

    EVERY = 1.0

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.clock = stream, clock
        self.last = clock()

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if now - self.last >= self.EVERY and done < total:
            self.last = now
            print(f"indexed {done:,} of {total:,} workspaces", file=self.stream, flush=True)


def scan_lines(found: Sequence[Found]) -> list[str]:
    """A table, a row per workspace; one that cannot be read says why in place of its figures."""
    from core.scan import COLUMNS, shown

    if not found:
        return ["No agent memory found; add a folder with: memdesk scan --add DIR"]
    rows = [COLUMNS, *(shown(f) for f in found if not f.error)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines += [f"{f.title or '?'}  {f.name}: {f.error}" for f in found if f.error]
    return lines


def _add(folder: Path) -> int:
    from ui.settings import add_scan_folder

    try:
        folder, held = add_scan_folder(folder)
    except WorkspaceError as exc:
        return fail(str(exc), exc.exit_code)
    print(
        f"added {folder}: {len(held)} workspace(s) of {', '.join(sorted({a.title for a, _ in held}))}"
    )
    return EXIT_OK


def _remove(folder: Path) -> int:
    from ui.settings import remove_scan_folder

    try:
        folder = remove_scan_folder(folder)
    except WorkspaceError as exc:
        return fail(str(exc), exc.exit_code)
    print(f"removed {folder} from the folders scanned (its files are untouched)")
    return EXIT_OK
