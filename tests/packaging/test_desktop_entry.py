"""The Linux desktop entry, the AppStream metadata and the application icon: valid for the
tools that read them (where those tools are installed: packaging/sysdeps.sh installs them on
Debian/Ubuntu), and naming the same id, icon and pictures as the window and resources/."""

from __future__ import annotations

import configparser
import logging
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

import ui.icons
from app.gui import DESKTOP_ID
from tests.conftest import PROJECT_ROOT
from tests.test_version import _releases
from ui.icons import APP_ICON, app_icon

LINUX = PROJECT_ROOT / "resources" / "linux"
DESKTOP = LINUX / f"{DESKTOP_ID}.desktop"
METAINFO = LINUX / f"{DESKTOP_ID}.metainfo.xml"


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (packaging/sysdeps.sh installs it)")
    return path


def test_the_desktop_entry_is_valid() -> None:
    done = subprocess.run(
        [_tool("desktop-file-validate"), str(DESKTOP)], capture_output=True, text=True
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_appstream_metadata_is_valid() -> None:
    done = subprocess.run(
        [_tool("appstreamcli"), "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_entry_the_metadata_and_the_window_name_one_id_icon_releases_and_pictures() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(DESKTOP, encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Icon"] == DESKTOP_ID  # installed as hicolor/scalable/apps/<id>.svg
    assert desktop["Exec"].split()[0] == "memdesk"
    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == DESKTOP_ID
    assert component.findtext("launchable") == DESKTOP.name
    releases = [(r.get("version"), r.get("date")) for r in component.iter("release")]
    assert releases == [(v, day.isoformat()) for v, day in _releases()]  # CHANGELOG.md's
    assert component.find("screenshots") is None  # none until they have a public address


@pytest.mark.parametrize("size", [16, 256])
def test_the_application_icon_is_drawn_at_16_and_256_pixels(qapp: QApplication, size: int) -> None:
    image = app_icon().pixmap(size, size).toImage().convertToFormat(QImage.Format.Format_ARGB32)
    assert (image.width(), image.height()) == (size, size)
    colours = {image.pixel(x, y) for x in range(size) for y in range(size)}
    opaque = {c for c in colours if c >> 24 == 0xFF}
    assert len(opaque) >= 3  # the tile, the page and the mark: a picture, not a blank square


def test_a_missing_application_icon_leaves_the_window_without_one(
    qapp: QApplication,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(ui.icons, "APP_ICON", tmp_path / "memdesk.svg")
    with caplog.at_level(logging.WARNING):
        assert app_icon().isNull()
    assert "the application icon not shown" in caplog.text
    assert APP_ICON.is_file()
