"""GUI benchmark (a script that prints figures, not a timed test): SPEC 8's window targets.

    .venv/bin/python tests/benchmarks/gui_bench.py [--entries 100000]

Prints: open to first paint (window shown until the table has painted its rows), keystroke to
filtered table (median over typed prefixes, from the key press to the model holding the result)
and the process's resident memory with the workspace open.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=100_000)
    args = parser.parse_args()

    from PySide6.QtCore import QEventLoop, Qt, QTimer
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from core.demo import write_demo
    from ui.agents.everbot.desk import EverBotDesk
    from ui.main_window import MainWindow
    from ui.settings import Settings

    app = QApplication([])
    with tempfile.TemporaryDirectory(prefix="memdesk-gui-bench-") as tmp:
        root = Path(tmp) / "ws"
        write_demo(root, entries=args.entries, seed=1)
        window = MainWindow(Settings(search_debounce_ms=50), settings_path=Path(tmp) / "s.json")
        start = time.perf_counter()
        window.show()
        window.open_workspace(root)
        _wait(app, lambda: isinstance(window.desk, EverBotDesk), 60)
        desk = window.desk
        assert isinstance(desk, EverBotDesk)
        _wait(app, lambda: desk.model.rowCount() > 0, 60)
        desk.table.viewport().repaint()
        first_paint = time.perf_counter() - start

        timings = []
        for query in ("用户", "deploy", "cat:fact 咖啡", "score<0.3 -todo", "黑咖啡", "hits>=5"):
            desk.search.clear()
            desk.run_search()
            desk.search.setFocus()
            typed = time.perf_counter()
            for ch in query:
                event = QKeyEvent(QKeyEvent.Type.KeyPress, 0, Qt.KeyboardModifier.NoModifier, ch)
                app.sendEvent(desk.search, event)
            desk.run_search()  # what the debounce timer fires; its delay is the person's pause
            desk.table.viewport().repaint()
            timings.append(time.perf_counter() - typed)
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        window.close()
        QTimer.singleShot(0, app.quit)
        loop = QEventLoop()
        QTimer.singleShot(10, loop.quit)
        loop.exec()

    print(f"MemDesk GUI bench: {args.entries:,} memories")
    print(f"  open to first paint              {first_paint:7.3f} s   (target <= 2 s)")
    print(
        f"  keystroke to filtered table      {statistics.median(timings) * 1000:7.1f} ms  (target <= 100 ms; median of {len(timings)} queries)"
    )
    print(f"  memory (peak RSS)                {rss_mb:7.0f} MB  (target <= 400 MB)")
    return 0


def _wait(app: object, condition: object, seconds: float) -> None:
    from PySide6.QtWidgets import QApplication

    assert isinstance(app, QApplication) and callable(condition)
    deadline = time.perf_counter() + seconds
    while not condition():
        app.processEvents()
        if time.perf_counter() > deadline:
            raise SystemExit("the workspace did not open in time")
        time.sleep(0.005)


if __name__ == "__main__":
    raise SystemExit(main())
