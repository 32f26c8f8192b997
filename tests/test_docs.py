"""The user guide (issue 27): `mkdocs build --strict` gives the site with no warning, and the
command reference page is what the parser says, command by command as `memdesk CMD --help`."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "packaging" / "cli_reference.py"
PAGE = ROOT / "docs" / "cli-reference.md"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("memdesk_cli_reference", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _written_with_another_python() -> bool:
    """argparse lays help out a little differently from one Python to the next."""
    found = re.search(r"with Python (\d+)\.(\d+)", PAGE.read_text(encoding="utf-8"))
    return found is None or (int(found[1]), int(found[2])) != sys.version_info[:2]


@pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None,
    reason="mkdocs and mkdocs-material are not installed (pip install -e '.[docs]')",
)
@pytest.mark.slow  # the whole site
def test_the_guide_builds_in_strict_mode_without_a_warning(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    assert (tmp_path / "index.html").is_file()
    assert (tmp_path / "images" / "main-window.png").is_file()  # from make screenshots


def test_the_command_reference_is_what_the_parser_says() -> None:
    if _written_with_another_python():
        pytest.skip("docs/cli-reference.md was written with another Python's argparse")
    assert PAGE.read_text(encoding="utf-8") == _script().page(), "run make docs"


def test_every_command_help_is_on_the_reference_page() -> None:
    if _written_with_another_python():
        pytest.skip("docs/cli-reference.md was written with another Python's argparse")
    page = PAGE.read_text(encoding="utf-8")
    from app.cli.parser import build_parser

    names = ["", *_script().commands(build_parser())]
    helps = _every_help(names)
    assert len(helps) == len(names)
    for name, help_text in zip(names, helps, strict=True):
        title = f"memdesk {name}".strip()
        assert f"## `{title}`\n\n```text\n{help_text.rstrip()}\n```\n" in page, title


# `memdesk NAME --help` for each name, in one process (a process each took 34 starts).
_EVERY_HELP = """
import sys
from app.cli import main
for name in sys.argv[1:]:
    try:
        main([*name.split(), "--help"])
    except SystemExit as done:
        assert done.code in (0, None), (name, done.code)
    print(SEPARATOR, flush=True)
"""
_SEPARATOR = "\x1e-- end of one help --"


def _every_help(names: list[str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", f"SEPARATOR = {_SEPARATOR!r}\n{_EVERY_HELP}", *names],
        cwd=ROOT,
        env={**os.environ, "COLUMNS": _script().COLUMNS},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.split(f"{_SEPARATOR}\n")[:-1]


# What each capability lets a person run (core/capabilities.py), as each agent's page names it.
CAPABILITY_COMMANDS = {
    "Editing": {"add", "edit", "delete"},
    "Archiving": {"archive", "unarchive"},
    "Pinning": {"pin"},
    "Decaying": {"decay"},
    "Policy": {"policy"},
    "Snapshots": {"snapshots", "policy-restore"},
    "PolicyDiff": {"policy-diff"},
    "Retrieval": {"retrieve"},
    "SessionStart": {"context"},
    "Chunks": {"chunks"},
    "StagedWrites": {"gate"},
}


def test_each_agent_page_says_what_its_capabilities_let_you_change() -> None:
    """The **Can** line of docs/agents/<agent>.md names the commands of exactly the
    capabilities the agent's plug-in has, so a page cannot promise what the agent lacks."""
    from core import capabilities
    from core.registry import all_agents

    every = set().union(*CAPABILITY_COMMANDS.values())
    for agent in all_agents():
        page = ROOT / "docs" / "agents" / f"{agent.name.replace('_', '-')}.md"
        can = re.search(r"^- \*\*Can\*\*: (.*?)(?=^- |^$)", page.read_text(), re.M | re.S)
        assert can is not None, f"{page.name} has no **Can** line"
        named = set(re.findall(r"`(?:memdesk )?([a-z-]+)", can[1])) & every
        has = {
            command
            for name, commands in CAPABILITY_COMMANDS.items()
            if isinstance(agent, getattr(capabilities, name))
            for command in commands
        }
        assert named == has, f"{page.name}: names {sorted(named)}, can {sorted(has)}"
