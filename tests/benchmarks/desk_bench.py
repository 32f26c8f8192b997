"""Benchmark of the PicoClaw page (a script that prints figures, not a timed test).

    .venv/bin/python tests/benchmarks/desk_bench.py [--entries 10000]

Writes a PicoClaw demo whose long-term memory has N entries and prints, each the median of five:
reading the workspace, showing it in the window (the first time, then again), applying one edit (to the table updated),
undoing it, and the "What the agent sees" preview for a two-word message.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

REPEAT = 5


def _median_ms(step: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    from core.agents.picoclaw.workspace import PicoClawWorkspace as AgentWorkspace
    from core.demo import write_demo
    from core.session import Session
    from ui.agents.picoclaw.desk import PicoClawDesk
    from ui.main_window import MainWindow
    from ui.settings import Settings

    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "pico"
        write_demo(home, layout="picoclaw", entries=args.entries)
        root = home / "workspace"
        window = MainWindow(Settings(), settings_path=Path(tmp) / "settings.json")
        window.show()
        read = _median_ms(lambda: AgentWorkspace.open(root).longterm())
        aws = AgentWorkspace.open(root)
        aws.longterm()

        def show() -> None:
            window._opened(Session(aws.agent, aws))
            app.processEvents()

        start = time.perf_counter()
        show()
        first = (time.perf_counter() - start) * 1000
        shown = _median_ms(show)
        desk = window.desk
        assert isinstance(desk, PicoClawDesk)
        entries = desk.entries
        texts = iter(f"第 {n} 次修改：用户改喝美式。" for n in range(100))

        def edit() -> None:
            entries.select_row(5)
            entries.editor.setPlainText(next(texts))
            entries.apply_edit()
            app.processEvents()

        edited = _median_ms(edit)
        undone = _median_ms(lambda: (window.undo_stack.undo(), app.processEvents()))
        desk.select_page("agent")
        preview = _median_ms(lambda: desk.agent.set_message("咖啡 拿铁"))
        aws.reload()
        window.close()
    n = f"{args.entries:,} long-term entries"
    print(f"PicoClaw page, {n} (median of {REPEAT}):")
    print(f"  read the workspace     {read:7.1f} ms")
    print(f"  show it, first time    {first:7.1f} ms")
    print(f"  show it again          {shown:7.1f} ms")
    print(f"  apply one edit         {edited:7.1f} ms")
    print(f"  undo it                {undone:7.1f} ms")
    print(f"  what the agent sees    {preview:7.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
