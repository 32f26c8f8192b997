"""`make screenshots`: the script takes every page of a demo in the theme asked for, and the
README shows exactly the pictures the script makes."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "screenshot.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("memdesk_screenshot", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_shows_the_pictures_the_script_makes() -> None:
    pictures = _script().README_PICTURES
    shown = set(
        re.findall(r"resources/screenshots/([\w.-]+\.png)", (ROOT / "README.md").read_text())
    )
    kept = {p.name for p in (ROOT / "resources" / "screenshots").glob("*.png")}
    assert shown <= set(pictures), "the README shows a picture the script does not make"
    assert kept == set(pictures), "resources/screenshots holds pictures the script does not make"


def _lightness(image: QImage) -> float:
    step = 37
    values = [
        image.pixelColor(x, y).lightness()
        for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    ]
    return sum(values) / len(values)


@pytest.mark.slow
def test_every_everbot_page_is_taken_in_the_dark_theme(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path), "--layouts", "everbot", "--themes", "dark"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    names = {p.stem for p in tmp_path.glob("*.png")}
    pages = ("active", "archived", "problems", "agent", "review", "backups", "profile", "activity")
    assert {f"everbot-{page}-dark" for page in pages} <= names
    assert {"everbot-active-dark-history", "everbot-backups-dark-text"} <= names
    for path in tmp_path.glob("*.png"):
        image = QImage(str(path))
        assert (image.width(), image.height()) == (1440, 900), path.name
        assert _lightness(image) < 110, f"{path.name} is not dark"
