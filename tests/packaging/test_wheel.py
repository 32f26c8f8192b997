"""A non-editable install (`pip install .`, a wheel, pipx) has the window's icons and its Chinese:
the wheel, built from a fresh copy of the checkout (no .qm yet) offline, holds resources/ beside
ui/ (the icons, the application icon, the .qm compiled during the build), and not the
screenshots, the .ts or the tests; unpacked and imported from there, the window finds them."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT
from tests.helpers import copy_of_checkout

ICONS = sorted(p.name for p in (PROJECT_ROOT / "resources" / "icons").glob("*.svg"))
QM = "resources/i18n/memdesk_zh_CN.qm"
# Run with the unpacked wheel first on PYTHONPATH: where ui/ came from, and what it found there.
IN_THE_WHEEL = """
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
import ui
from ui.i18n import I18N_DIR, install_language
from ui.icons import APP_ICON, ICON_DIR, icon
app = QApplication([])
print(ui.__file__)
print(ICON_DIR.is_dir(), APP_ICON.is_file(), (I18N_DIR / "memdesk_zh_CN.qm").is_file())
print(not icon("save").isNull(), len(install_language(app, "zh_CN")) > 0)
print(QCoreApplication.translate("Menus", "&File"))
"""


def _setuptools_makes_wheels() -> bool:
    """setuptools 70.1 and later make a wheel on their own (before, the `wheel` package did)."""
    return importlib.util.find_spec("setuptools.command.bdist_wheel") is not None or (
        importlib.util.find_spec("wheel") is not None
    )


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not _setuptools_makes_wheels(),
        reason="this venv's setuptools makes no wheel offline: `make` installs the dev extra's "
        "setuptools>=70.1",
    ),
]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_of_checkout(PROJECT_ROOT, tmp_path_factory.mktemp("checkout") / "memdesk")
    out = tmp_path_factory.mktemp("wheel")
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]
    done = subprocess.run(
        [*pip, "--disable-pip-version-check", "--quiet", "-w", str(out), str(project)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("memdesk-*.whl")
    return built


def test_the_wheel_holds_the_icons_and_the_chinese_and_not_the_screenshots(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"resources/icons/{name}" for name in ICONS} <= names
    assert {"resources/memdesk.svg", QM} <= names
    assert not [n for n in names if "screenshots/" in n or n.endswith((".ts", ".png"))]
    assert not [n for n in names if n.startswith(("tests/", "packaging/", "docs/"))]


def test_a_window_installed_from_the_wheel_has_its_icons_and_speaks_chinese(
    wheel: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    env = os.environ | {"PYTHONPATH": str(site), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", IN_THE_WHEEL],
        cwd=tmp_path,  # not the checkout, whose ui/ would be found first
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    where, found, shown, menu = done.stdout.splitlines()
    assert Path(where).is_relative_to(site)
    assert found == "True True True"
    assert shown == "True True"
    assert menu == "文件(&F)"
