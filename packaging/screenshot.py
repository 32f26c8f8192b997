"""Take the README screenshot: the window on the demo workspace, under a real X server.

xvfb-run -a -s "-screen 0 1400x900x24" .venv/bin/python packaging/screenshot.py OUT.png
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.settings import Settings
from core.demo import write_demo
from ui.main_window import MainWindow
from ui.theme import apply_theme


def main(out: str) -> int:
    app = QApplication(sys.argv[:1])
    apply_theme(app, "light")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "demo-everbot"
        write_demo(root, today=date(2026, 3, 1))
        window = MainWindow(Settings(), settings_path=Path(tmp) / "settings.json")
        window.resize(1360, 820)
        window.show()
        window.open_workspace(root)
        deadline = time.monotonic() + 20
        while window.model.rowCount() == 0 and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.01)
        window.search.setText("咖啡")
        window.run_search()
        for _ in range(50):
            app.processEvents()
            time.sleep(0.01)
        window.grab().save(out)
        window.ws.pending.clear()  # type: ignore[union-attr]
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
