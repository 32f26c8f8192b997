"""The Backups page's text side by side on a big EverBot file (a script that prints figures, not a
timed test): what the comparison costs (off the UI thread for a big file) and how long the UI
thread takes to show it folded, then whole.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/side_by_side_bench.py
        [--entries 100000] [--change scores|few]

`scores`: a decay run changed every memory's score (a change every few lines); `few`: one memory
edited, one removed, one line changed.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QApplication

from core.demo import write_demo
from core.text_diff import compare_lines
from ui.side_by_side import SideBySide


def _changed(old: str, change: str) -> str:
    if change == "scores":
        return re.sub(r"\| 0\.(\d)(\d) \|", lambda m: f"| 0.{m[1]}{(int(m[2]) + 1) % 10} |", old)
    lines = old.split("\n")
    lines[5000] += " edited"
    del lines[9000:9003]
    lines[len(lines) // 2] = "changed"
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--change", choices=("scores", "few"), default="scores")
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        write_demo(Path(tmp) / "w", layout="everbot", entries=args.entries, today=date(2026, 3, 3))
        old = (Path(tmp) / "w" / "MEMORY.md").read_text("utf-8")
    new = _changed(old, args.change)
    start = time.perf_counter()
    lines = compare_lines(old, new)
    compared = time.perf_counter()
    sides = SideBySide("Backup", "File now", ("old", "new"))
    sides.resize(1000, 700)
    sides.show()
    app.processEvents()
    shown_at = time.perf_counter()
    sides.show_versions(lines)
    app.processEvents()
    folded = time.perf_counter()
    sides.whole.setChecked(True)
    app.processEvents()
    whole = time.perf_counter()
    print(
        f"{len(old.encode()) / 1e6:.1f} MB, {args.change}: compared in {compared - start:.1f} s; "
        f"shown folded in {folded - shown_at:.1f} s, whole in {whole - folded:.1f} s (UI thread)"
    )
    sides.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
