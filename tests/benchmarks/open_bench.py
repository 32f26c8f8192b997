"""From `memdesk open` to a usable table, process start included (SPEC 8): a script that prints
figures, not a timed test.

    .venv/bin/python tests/benchmarks/open_bench.py [--entries 100000] [--repeat 3]

Starts the real command in a new process (offscreen), which prints the moment its first page can
be used and quits (MEMDESK_QUIT_WHEN_READY); the figure is that moment minus the moment before the
process was started (one monotonic clock). Baseline: `python -c pass` started the same way.
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

TARGET_S = 1.5


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from core.demo import write_demo

    with tempfile.TemporaryDirectory(prefix="memdesk-open-bench-") as tmp:
        root = Path(tmp) / "ws"
        write_demo(root, entries=args.entries, seed=1)
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": tmp,
               "XDG_CONFIG_HOME": tmp, "XDG_DATA_HOME": tmp, "MEMDESK_QUIT_WHEN_READY": "1"}  # fmt: skip
        memdesk = Path(sys.executable).with_name("memdesk")
        opened = [_ready(memdesk, root, env) for _ in range(args.repeat)]
        python = [_started([sys.executable, "-c", "pass"]) for _ in range(args.repeat)]
    median = statistics.median(opened)
    verdict = "ok" if median <= TARGET_S else "MISSED"
    print(f"memdesk open, {args.entries:,} memories, to a usable table (median of {args.repeat}):")
    print(f"  {median:6.2f} s  (target <= {TARGET_S} s: {verdict}); runs {_list(opened)}")
    print(f"  baseline python -c pass: {statistics.median(python):.3f} s")
    return 0


def _ready(memdesk: Path, root: Path, env: dict[str, str]) -> float:
    start = time.monotonic()
    done = subprocess.run(
        [str(memdesk), "open", str(root)], env=env, capture_output=True, text=True, timeout=120
    )
    for line in done.stdout.splitlines():
        if line.startswith("ready "):
            return float(line.split()[1]) - start
    raise SystemExit(f"the window never became ready:\n{done.stderr[-2000:]}")


def _started(command: list[str]) -> float:
    start = time.monotonic()
    subprocess.run(command, check=True)
    return time.monotonic() - start


def _list(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


if __name__ == "__main__":
    raise SystemExit(main())
