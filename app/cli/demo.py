"""The commands that need no workspace: open the window, write a demo workspace, bench."""

from __future__ import annotations

import argparse

from app.cli.output import EXIT_OK, fail, print_json
from core.store.errors import EXIT_ERROR


def cmd_open(args: argparse.Namespace) -> int:
    from app.gui import demo_workspace, run_gui

    if args.path is not None and not args.path.exists():
        return fail(f"{args.path}: no such file or folder", EXIT_ERROR)
    path = demo_workspace() if args.demo else args.path
    return run_gui(path, smoke=args.smoke)


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
