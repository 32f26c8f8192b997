"""`MEMDESK_SMOKE=1 memdesk open DIR`: the window started as a person starts it, on DIR; once the
workspace is shown, one memory is opened in its desk (as a search across workspaces opens one),
its text changed in the desk's own editor and saved by the window's Save action; the window then
closes as the person closes it. One JSON line says what it saw; the exit code is 0 only when
every step did what it should.

`packaging/smoke.py` runs it against the bundle (`make dist-smoke`) and checks the files on disk.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPlainTextEdit

from ui.main_window import MainWindow

__all__ = ["EDIT_MARK", "Smoke"]

EDIT_MARK = " (edited by the MemDesk smoke run)"
TIMEOUT_MS = 60_000  # a bundle started cold on a busy machine opens in seconds
POLL_MS = 50


class Smoke(QObject):
    """Drives `window` once its first workspace is shown; `stop` ends the event loop when the
    window cannot be closed (it failed before the save)."""

    def __init__(self, window: MainWindow, stop: Callable[[], None]) -> None:
        super().__init__(window)
        self.window = window
        self.stop = stop
        self.report: dict[str, Any] = {"ok": False}
        self._over = False
        window.ready.connect(self._ready)
        QTimer.singleShot(TIMEOUT_MS, self, lambda: self._fail("timed out"))

    @property
    def exit_code(self) -> int:
        return 0 if self.report["ok"] else 1

    def _ready(self) -> None:
        self.window.ready.disconnect(self._ready)
        ws, desk = self.window.ws, self.window.desk
        if ws is None or desk is None:
            self._fail("no workspace shown")
            return
        rows = [r for r in ws.agent.rows(ws.root) if ws.agent.reviewed(r)]
        self.report.update(
            agent=ws.agent.name,
            root=str(ws.root),
            shown=self.window.isVisible(),
            icons=_icons_drawn(self.window),
            file_menu=self.window.menuBar().actions()[0].text(),  # in the window's language
            memories=len(rows),
        )
        if not rows:
            self._fail("the workspace shows no memory to edit")
            return
        row = rows[0]
        content = str(row.fields.get("content") or "")
        desk.reveal(row.file, row.key or row.id)
        editor = _editor_showing(desk, content)
        if editor is None:
            self._fail(f"no editor shows memory {row.id} of {row.file}")
            return
        edited = content + EDIT_MARK
        editor.setPlainText(edited)
        self.report.update(file=row.file, id=row.id, edited=edited)
        _save_action(self.window).trigger()
        self._wait(self._saved_to_disk, self._close)

    def _saved_to_disk(self) -> bool:
        tab = self.window.current_tab
        return tab is not None and not tab.tasks.busy and not self.window.modified()

    def _close(self) -> None:
        self._over = True
        saved = self.report["edited"] in _text(Path(self.report["root"]) / self.report["file"])
        closed = self.window.close()
        self.report.update(saved=saved, closed=closed, ok=saved and closed)
        if not closed:
            self.report["error"] = "the window did not close"
            self.stop()
        elif not saved:
            self.report["error"] = "the edit is not in the file after the save"
        self._print()

    def _wait(self, done: Callable[[], bool], then: Callable[[], None]) -> None:
        if self._over:
            return
        if done():
            then()
        else:
            QTimer.singleShot(POLL_MS, self, lambda: self._wait(done, then))

    def _fail(self, error: str) -> None:
        if self._over:
            return
        self._over = True
        self.report["error"] = error
        self._print()
        self.stop()

    def _print(self) -> None:
        print(json.dumps(self.report, ensure_ascii=False), flush=True)


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _editor_showing(root: QObject, content: str) -> QPlainTextEdit | None:
    """The desk's editable text box that shows `content` (the memory revealed)."""
    for editor in root.findChildren(QPlainTextEdit):
        if editor.isVisible() and not editor.isReadOnly() and editor.toPlainText() == content:
            return editor
    return None


def _icons_drawn(window: MainWindow) -> bool:
    """The window's own icon and the action icons (resources/ found beside the code)."""
    return not window.windowIcon().isNull() and not _save_action(window).icon().isNull()


def _save_action(window: MainWindow) -> QAction:
    """File → Save, found by its shortcut (its text is translated)."""
    save = QKeySequence(QKeySequence.StandardKey.Save)
    return next(a for a in window.findChildren(QAction) if a.shortcut() == save)
