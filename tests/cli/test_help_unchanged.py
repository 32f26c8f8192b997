"""`memdesk --help` and every command's `--help` read as they did before app/cli/parser.py was
split by command group (issue 26): the texts are kept in tests/fixtures/cli_help.json. A help
text changed on purpose is written there anew by running this module as a script."""

from __future__ import annotations

import argparse
import json
import sys

import pytest

from app.cli.parser import build_parser
from tests.conftest import PROJECT_ROOT

KEPT = PROJECT_ROOT / "tests" / "fixtures" / "cli_help.json"
WIDTH = "100"  # argparse wraps at the terminal's width: COLUMNS fixes it


def helps() -> dict[str, str]:
    """The top-level help ("") and each command's, by command name."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser.format_help()} | {
        name: command.format_help() for name, command in sub.choices.items()
    }


def test_every_commands_help_reads_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", WIDTH)
    kept = json.loads(KEPT.read_text(encoding="utf-8"))
    now = helps()
    assert list(now) == list(kept), "the commands or their order changed"
    for name, text in kept.items():
        assert now[name] == text, f"`memdesk {name} --help` changed"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    import os

    os.environ["COLUMNS"] = WIDTH
    KEPT.write_text(json.dumps(helps(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
