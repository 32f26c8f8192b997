"""The window given no workspace and none remembered opens the demo, written once into the
user's data folder (never into the package) and found again on the next start."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.gui import demo_workspace, initial_workspace
from core.registry import default_demo_layout, detect
from ui.settings import Settings


def test_the_first_start_writes_the_demo_once_and_opens_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = initial_workspace(None, Settings())
    assert folder == tmp_path / "memdesk" / f"demo-{default_demo_layout()}"
    assert detect(folder).candidates
    memory = next(p for p in folder.iterdir() if p.suffix == ".md")
    memory.write_text(memory.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert demo_workspace() == folder
    assert memory.read_text(encoding="utf-8").endswith("\n\n")  # found again, not rewritten
