"""`memdesk check` on a workspace over SSH, beside the same command run locally: a script that
prints figures, not a timed test.

    .venv/bin/python tests/benchmarks/remote_bench.py [--entries 30] [--repeat 5]

Starts a real sshd on 127.0.0.1 (tests/sshd.py) and times, each as a new process, the median of:
`memdesk check PATH` (local), `memdesk check ssh://...` with each command its own connection
(`ControlMaster=no` in MEMDESK_SSH: what every command paid before connections were shared), and
the same with MemDesk's shared connection (the master already up, as from the second command on).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from core.demo import write_demo
    from tests.sshd import Unavailable, running_sshd

    with tempfile.TemporaryDirectory(prefix="memdesk-remote-bench-") as tmp:
        workspace = Path(tmp) / "ws"
        write_demo(workspace, entries=args.entries, seed=1)
        try:
            with running_sshd(Path(tmp)) as server:
                address = server.address(workspace)
                env = {"MEMDESK_REMOTE": server.memdesk, "XDG_RUNTIME_DIR": tmp}
                rows = [
                    ("local", _median(args.repeat, str(workspace), {})),
                    (
                        "ssh, a connection per command (before)",
                        _median(
                            args.repeat,
                            address,
                            env | {"MEMDESK_SSH": server.ssh + " -o ControlMaster=no"},
                        ),
                    ),
                    (
                        "ssh, one shared connection (after)",
                        _median(args.repeat, address, env | {"MEMDESK_SSH": server.ssh}, warm=True),
                    ),
                ]
        except Unavailable as exc:
            print(f"skipped: {exc}")
            return 1
    print(f"memdesk check, {args.entries} memories, median of {args.repeat}:")
    for name, seconds in rows:
        print(f"  {name:<42} {seconds:6.3f} s")
    return 0


def _median(repeat: int, where: str, env_extra: dict[str, str], *, warm: bool = False) -> float:
    env = dict(os.environ) | env_extra
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    argv = [sys.executable, "-m", "app.cli", "check", where]
    if warm:
        _run(argv, env)  # the first command starts the master and checks the version
    return statistics.median(_run(argv, env) for _ in range(repeat))


def _run(argv: list[str], env: dict[str, str]) -> float:
    start = time.monotonic()
    done = subprocess.run(argv, env=env, capture_output=True, check=False, timeout=120)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    return seconds


if __name__ == "__main__":
    sys.exit(main())
