"""The commands that need no workspace: open the window, write a demo workspace, bench."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from app.cli.output import EXIT_OK, fail, print_json
from core.store.errors import EXIT_ERROR

# Where a window needs an X11 or Wayland display: not on Windows or macOS.
_NEEDS_DISPLAY = sys.platform not in ("win32", "darwin")
_DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")


def cmd_open(args: argparse.Namespace) -> int:
    from app.gui import demo_workspace

    if args.path is not None and not args.path.exists():
        return fail(f"{args.path}: no such file or folder", EXIT_ERROR)
    return open_window(demo_workspace() if args.demo else args.path)


def open_window(path: Path | str | None) -> int:
    """The window on `path` (see `app.gui.run_gui`); refused with a word where there is no
    display to show it on (Qt would abort with a core dump)."""
    if not _display():
        return _no_display()
    from app.gui import run_gui

    return run_gui(path)


def _display() -> bool:
    return not _NEEDS_DISPLAY or any(os.environ.get(v) for v in _DISPLAY_VARIABLES)


def _no_display() -> int:
    return fail(
        "no display here, so no window: run it in a desktop session, or under a virtual "
        "display: xvfb-run -a memdesk open",
        EXIT_ERROR,
    )


def cmd_demo(args: argparse.Namespace) -> int:
    from core.demo import DemoError, write_demo

    try:
        result = write_demo(args.dir, layout=args.layout, entries=args.entries, seed=args.seed)
    except DemoError as exc:
        return fail(str(exc), EXIT_ERROR)
    except OSError as exc:
        return fail(f"{args.dir}: cannot write the demo: {exc.strerror or exc}", EXIT_ERROR)
    print(
        f"wrote {result.entries} memories to {result.memory_file} ({len(result.backups)} backups)"
    )
    return EXIT_OK


def cmd_bench(args: argparse.Namespace) -> int:
    from core.registry import bench_module

    figures = bench_module().run_bench(entries=args.entries, repeat=args.repeat)
    if args.json:
        print_json(figures.as_json())
    else:
        print(figures.report())
    return EXIT_OK
