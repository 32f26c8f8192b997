"""OpenClaw and Pomeloclaw workspaces at scale: a script that prints figures, not a timed test.

    .venv/bin/python tests/benchmarks/openclaw_bench.py [--entries 100000] [--repeat 3]

Writes an OpenClaw MEMORY.md of N annotated bullets under N/100 headings (9.5 MB at 100,000),
and a Pomeloclaw main scope MEMORY.md of N `[HH:MM:SS]` memories, then times the commands a
person runs as real processes (medians): `list`, `check`, `context`. OpenClaw itself stops
promoting above 10,000 characters, so real files are far smaller: this is the worst case.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEMDESK = [sys.executable, "-m", "app.cli"]
ROOT = Path(__file__).resolve().parents[2]


def openclaw_workspace(folder: Path, entries: int, rng: random.Random) -> Path:
    lines = ["# Long-Term Memory", ""]
    for n in range(entries):
        if n % 100 == 0:
            lines += [f"## Section {n // 100}", ""]
        lines.append(
            f"- Memory {n}: the user likes item {rng.randrange(10**9)} "
            f"<!-- trigger: a{n % 7}, b --> <!-- importance: {1 + n % 10} -->"
        )
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "USER.md").write_text("# USER.md\n\n- Call me Lin.\n", encoding="utf-8")
    return folder


def pomeloclaw_workspace(folder: Path, entries: int, rng: random.Random) -> Path:
    main = folder / "memory" / "scopes" / "main"
    main.mkdir(parents=True)
    body = "".join(
        f"\n[{n // 3600 % 24:02d}:{n // 60 % 60:02d}:{n % 60:02d}] memory {rng.randrange(10**9)}\n"
        for n in range(entries)
    )
    (main / "MEMORY.md").write_text("# Long-term Memory (main)\n\n" + body, encoding="utf-8")
    return folder


def timed(args: list[str], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(
            [*MEMDESK, *args], cwd=ROOT, check=False, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        runs.append(time.perf_counter() - started)
    return statistics.median(runs)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        workspaces = {
            "openclaw": openclaw_workspace(Path(tmp) / "openclaw", args.entries, rng),
            "pomeloclaw": pomeloclaw_workspace(Path(tmp) / "pomeloclaw", args.entries, rng),
        }
        print(f"{args.entries:,} memories, medians of {args.repeat} runs")
        for name, path in workspaces.items():
            for command in ("list", "check", "context"):
                seconds = timed([command, str(path)], args.repeat)
                print(f"  {name:<11} {command:<8} {seconds:6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
