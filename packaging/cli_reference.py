"""Writes docs/cli-reference.md: `memdesk --help` and every command's `--help`, taken from the
parser itself (app.cli.parser.build_parser), so the page cannot drift from the command.

    .venv/bin/python packaging/cli_reference.py [OUT]     (`make docs` runs it)

tests/test_docs.py checks the page equals what this writes and what `memdesk CMD --help` prints.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's MemDesk
PAGE = ROOT / "docs" / "cli-reference.md"
# argparse wraps help text at the terminal's width: the page is written, and compared, at this one.
COLUMNS = "100"

INTRO = f"""# Command reference

<!-- Written by packaging/cli_reference.py with Python {sys.version_info[0]}.{sys.version_info[1]}: do not edit. -->

Every command's `--help`, generated from the command's own parser by
`packaging/cli_reference.py` (`make docs` runs it; a test fails when this page and
`memdesk COMMAND --help` differ). [Commands and their JSON](cli.md) says what each one does in
more words, and what `--json` prints.
"""


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every subcommand's parser, in the order `memdesk --help` lists them."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def page() -> str:
    from app.cli.parser import build_parser

    parser = build_parser()
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = COLUMNS
    try:
        parts = [INTRO, _section("memdesk", parser)]
        parts += [_section(f"memdesk {name}", sub) for name, sub in commands(parser).items()]
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before
    return "\n".join(parts)


def _section(title: str, parser: argparse.ArgumentParser) -> str:
    return f"## `{title}`\n\n```text\n{parser.format_help().rstrip()}\n```\n"


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else PAGE
    out.write_text(page(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
