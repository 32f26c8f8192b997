"""A 100 MB backup in a workspace of each layout: what each command that reads backups costs, as a
real process (a script that prints figures, not a timed test).

    .venv/bin/python tests/benchmarks/big_backup_bench.py [--size-mb 100]
        [--layouts everbot,picoclaw] [--repo PATH]

Writes the layout's demo workspace (`memdesk demo`), then a second demo of more memories than fill
`--size-mb`, whose memory file, cut to that size between two memories, becomes the workspace's
newest backup. Then runs `backups`, `diff`, `list`, `list --backups --query`, `show` of a memory
only that backup holds and of one in the file, and `restore` of the backup, and prints each one's
exit code, wall time and peak memory (its own peak RSS: tests.helpers.run_measured). `--repo` runs
another checkout's CLI (main, for the figures before a change).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.helpers import Measured, run_measured  # noqa: E402

QUERY = "deploy"
MEMORY_FILE = {"everbot": Path("MEMORY.md"), "picoclaw": Path("workspace/memory/MEMORY.md")}
BACKUP_DIR = {"everbot": Path(".memdesk/backups"), "picoclaw": Path("workspace/memory/backups")}
PROBE_ENTRIES = 2_000


def run(repo: Path, *args: str) -> Measured:
    """`memdesk ARGS` as `repo`'s CLI runs it."""
    return run_measured(*args, cwd=repo)


def build(repo: Path, tmp: Path, layout: str, size: int) -> tuple[Path, Path, str, str]:
    """The workspace, the big backup, the key of a memory only it holds and of one in the
    workspace's file."""
    ws = tmp / f"{layout}-ws"
    _demo(repo, ws, layout)
    probe = tmp / f"{layout}-probe"
    _demo(repo, probe, layout, "--entries", str(PROBE_ENTRIES))
    per_entry = (probe / MEMORY_FILE[layout]).stat().st_size / PROBE_ENTRIES
    big = tmp / f"{layout}-big"
    entries = int(size / per_entry * 1.2)  # more than enough: cut to `size` below
    _demo(repo, big, layout, "--entries", str(entries), "--seed", "7")
    name = datetime.now().strftime("%Y%m%d_%H%M%S_") + MEMORY_FILE[layout].name
    backup = ws / BACKUP_DIR[layout] / name
    backup.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(big / MEMORY_FILE[layout], backup)
    _cut(backup, size)
    only_in_backup = _key_only_in(repo, big, ws, layout, backup)
    shutil.rmtree(big)
    shutil.rmtree(probe)
    return ws, backup, only_in_backup, _ids(repo, ws, layout)[0]


def _cut(path: Path, size: int) -> None:
    """Cut the file at the last blank line before `size` bytes (between two memories)."""
    with open(path, "r+b") as handle:
        handle.seek(size - 1_000_000)
        window = handle.read(1_000_000)
        handle.truncate(size - 1_000_000 + window.rindex(b"\n\n") + 1)


def _demo(repo: Path, target: Path, layout: str, *more: str) -> None:
    made = run(repo, "demo", str(target), "--layout", layout, *more)
    if made.code:
        raise SystemExit(f"demo {layout} failed: {made.err}")


def _key_only_in(repo: Path, big: Path, ws: Path, layout: str, backup: Path) -> str:
    """The key of a memory the big backup holds and the workspace's file does not (read from
    a small copy of the backup's first memories, so this costs nothing to measure)."""
    head = backup.read_bytes()[:200_000]
    head = head[: head.rfind(b"\n\n")]
    (big / MEMORY_FILE[layout]).write_bytes(head + b"\n")
    keys, live = _ids(repo, big, layout), set(_ids(repo, ws, layout))
    return next(k for k in reversed(keys) if k not in live)


def _ids(repo: Path, root: Path, layout: str) -> list[str]:
    rows = json.loads(run(repo, "list", str(root), "--json").out)
    return [str(r["id"]) for r in rows if Path(r["file"]) == root / MEMORY_FILE[layout]]


def _first_line(text: str) -> str:
    lines = text.strip().splitlines()
    return lines[0][:100] if lines else ""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size-mb", type=float, default=100)
    parser.add_argument("--layouts", default="everbot,picoclaw")
    parser.add_argument("--repo", type=Path, default=REPO, help="whose CLI to run")
    args = parser.parse_args()
    size = int(args.size_mb * 1024 * 1024)
    print(f"CLI of {args.repo.resolve()}")
    print(f"{'layout':<9} {'command':<36} {'exit':>4} {'seconds':>8} {'peak MB':>8}  stderr")
    with tempfile.TemporaryDirectory(prefix="memdesk-big-backup-") as name:
        for layout in args.layouts.split(","):
            ws, backup, key, live_key = build(args.repo, Path(name), layout, size)
            mb = backup.stat().st_size / 1024 / 1024
            print(f"{layout}: backup {backup.name} of {mb:.1f} MB; memory only in it: {key}")
            commands = [
                ("backups", ["backups", str(ws)]),
                ("diff", ["diff", str(ws)]),
                ("list", ["list", str(ws)]),
                (
                    f"list --backups --query {QUERY}",
                    ["list", str(ws), "--backups", "--query", QUERY],
                ),
                (f"show {key} (in the backup)", ["show", str(ws), key]),
                (f"show {live_key} (in the file)", ["show", str(ws), live_key]),
                ("restore", ["restore", str(ws), str(backup)]),
            ]
            for label, command in commands:
                done = run(args.repo, *command)
                print(
                    f"{layout:<9} {label:<36} {done.code:>4} {done.seconds:>8.1f} "
                    f"{done.peak_mb:>8.0f}  {_first_line(done.err)}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
