"""Take the README screenshots: the window on each demo layout, under a real X server.

xvfb-run -a -s "-screen 0 1400x900x24" .venv/bin/python packaging/screenshot.py OUT_DIR
writes main-window.png (EverBot), review-queue.png (the EverBot demo reviewed, on its first
pair), picoclaw.png, picoclaw-agent.png and pomelobot.png.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtWidgets import QApplication

from core.demo import write_demo
from ui.agents.everbot.desk import EverBotDesk
from ui.agents.picoclaw.desk import PicoClawDesk
from ui.agents.pomelobot.desk import PomelobotDesk
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.theme import apply_theme


def _settle(app: QApplication, until: Callable[[], bool] = lambda: True, wait: float = 0.5) -> None:
    deadline = time.monotonic() + 20
    while not until() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    end = time.monotonic() + wait
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def _window(tmp: str) -> MainWindow:
    window = MainWindow(Settings(), settings_path=Path(tmp) / "settings.json")
    window.resize(1360, 820)
    window.show()
    return window


def main(out_dir: str) -> int:
    out = Path(out_dir)
    app = QApplication(sys.argv[:1])
    apply_theme(app, "light")
    with tempfile.TemporaryDirectory() as tmp:
        for layout in ("everbot", "picoclaw", "pomelobot"):
            root = Path(tmp) / f"demo-{layout}"
            write_demo(root, layout=layout, today=date(2026, 3, 3))
            window = _window(tmp)
            window.open_workspace(root)
            if layout == "everbot":
                _settle(app, lambda w=window: isinstance(w.desk, EverBotDesk))
                desk = window.desk
                assert isinstance(desk, EverBotDesk)
                desk.search.setText("咖啡")
                desk.run_search()
                _settle(app)
                window.grab().save(str(out / "main-window.png"))
                _review_queue(app, window, desk, root, out / "review-queue.png")
            elif layout == "picoclaw":
                _settle(app, lambda w=window: isinstance(w.desk, PicoClawDesk))
                window.grab().save(str(out / "picoclaw.png"))
                pico = window.desk
                assert isinstance(pico, PicoClawDesk)
                pico.select_page("agent")
                pico.agent.set_message("咖啡")
                _settle(app)
                window.grab().save(str(out / "picoclaw-agent.png"))
            else:
                _settle(app, lambda w=window: isinstance(w.desk, PomelobotDesk))
                pomelo = window.desk
                assert isinstance(pomelo, PomelobotDesk)
                pomelo.entries.file_list.setCurrentRow(2)
                _settle(app)
                window.grab().save(str(out / "pomelobot.png"))
            window.close()
    return 0


def _review_queue(
    app: QApplication, window: MainWindow, desk: EverBotDesk, root: Path, out: Path
) -> None:
    """The review queue after "Review now", on its first pair: the two memories side by side."""
    from app.cli import main as cli
    from ui.agents.everbot.desk import VIEWS

    cli(["review", str(root)])
    desk.sidebar.setCurrentRow(next(r for r, v in enumerate(VIEWS) if v.name == "review"))
    view = desk.review
    _settle(app, lambda: bool(view.proposals))
    pairs = [n for n, p in enumerate(view.proposals) if p.related_ids]
    view.index = pairs[0] if pairs else 0
    view.refresh()
    _settle(app)
    window.grab().save(str(out))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
