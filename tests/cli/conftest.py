"""Helpers for the command-line tests: run `memdesk` in-process or as a real process, copy
fixtures into a scratch folder, and take byte-exact pictures of folders to prove nothing changed."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from tests.conftest import FIXTURES, PROJECT_ROOT

EVERBOT = FIXTURES / "everbot"
TIERED_MEMORY = FIXTURES / "workspaces" / "tiered" / "MEMORY.md"
FIXTURE_NAMES = sorted(p.name.removesuffix(".input.md") for p in EVERBOT.glob("*.input.md"))


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


Cli = Callable[..., Result]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """`cli("check", path, "--json")`: app.cli.main in this process, with its exit code and output.

    argparse errors raise SystemExit(2) inside main; they come back as an exit code too.
    """

    def run(*args: object) -> Result:
        capsys.readouterr()  # drop whatever an earlier call printed
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run


def run_process(
    *args: object,
    cwd: Path | None = None,
    timeout: float = 60,
    prefix: Sequence[str] = (),
    env_extra: dict[str, str] | None = None,
) -> Result:
    """`python -m app.cli ARGS` as a separate process (real stdout, stderr and exit code).

    `prefix` goes between the interpreter and `-m app.cli` (e.g. `-c CODE` that execs the rest);
    `env_extra` adds to its environment (TZ, say).
    """
    env = dict(os.environ) | (env_extra or {})
    env["PYTHONPATH"] = str(PROJECT_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, *prefix, "-m", "app.cli", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return Result(proc.returncode, proc.stdout, proc.stderr)


def make_workspace(folder: Path, data: bytes) -> Path:
    """A workspace folder holding MEMORY.md with exactly these bytes (a fresh, writable file:
    copying a fixture with its mode would make it read-only like the shared fixtures)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "MEMORY.md").write_bytes(data)
    return folder


def fixture_bytes(name: str) -> bytes:
    return (EVERBOT / f"{name}.input.md").read_bytes()


def fixture_workspace(tmp_path: Path, name: str) -> Path:
    return make_workspace(tmp_path / name, fixture_bytes(name))


def snapshot(folder: Path) -> dict[str, tuple[str, int, bytes | str | None]]:
    """Everything under `folder` (hidden files too): kind, mode bits and bytes or link target."""
    out: dict[str, tuple[str, int, bytes | str | None]] = {}

    def walk(path: Path) -> Iterator[Path]:
        for child in sorted(path.iterdir()):
            yield child
            if child.is_dir() and not child.is_symlink():
                yield from walk(child)

    for path in walk(folder):
        st = path.lstat()
        rel = path.relative_to(folder).as_posix()
        if stat.S_ISLNK(st.st_mode):
            out[rel] = ("link", 0, os.readlink(path))
        elif stat.S_ISDIR(st.st_mode):
            out[rel] = ("dir", stat.S_IMODE(st.st_mode), None)
        else:
            out[rel] = ("file", stat.S_IMODE(st.st_mode), _contents(path, st))
    return out


def _contents(path: Path, st: os.stat_result) -> bytes | str:
    """The file's bytes; one nobody may read, by what its metadata says of a change."""
    try:
        return path.read_bytes()
    except PermissionError:
        return f"unreadable: inode {st.st_ino}, {st.st_size} bytes, changed {st.st_mtime_ns}"


def backups_of(workspace: Path) -> list[Path]:
    folder = workspace / ".memdesk" / "backups"
    return sorted(folder.iterdir()) if folder.is_dir() else []


@pytest.fixture
def demo(cli: Cli, tmp_path: Path) -> Path:
    """A small fresh EverBot demo workspace (60 memories, 3 backups, no journal yet)."""
    target = tmp_path / "demo"
    result = cli("demo", target, "--entries", 60, "--seed", 7)
    assert result.code == 0, result.err
    return target


# The keys of one memory in `list --json` (SPEC 7), for every layout.
LIST_KEYS = {
    "id",
    "category",
    "score",
    "last_activated",
    "activation_count",
    "section",
    "content",
    "file",
    "line",
}
