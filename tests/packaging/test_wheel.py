"""A non-editable install (`pip install .`, a wheel, pipx) has the window's icons and its Chinese:
the wheel, built from a fresh copy of the checkout (no .qm yet) offline, holds resources/ beside
ui/ (the icons, the application icon, the .qm compiled during the build), and not the
screenshots, the .ts or the tests; unpacked and imported from there, the window finds them."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tarfile
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


def _run(args: list[str | Path], cwd: Path | None = None, **env: str) -> str:
    done = subprocess.run(
        args, cwd=cwd, env=os.environ | env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _wheel_of(project: Path, out: Path) -> Path:
    """The wheel pip builds of `project` into `out`, offline, with this venv's setuptools."""
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]
    _run([*pip, "--disable-pip-version-check", "--quiet", "-w", out, project])
    (built,) = out.glob("memdesk-*.whl")
    return built


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_of_checkout(PROJECT_ROOT, tmp_path_factory.mktemp("checkout") / "memdesk")


@pytest.fixture(scope="module")
def wheel(checkout: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _wheel_of(checkout, tmp_path_factory.mktemp("wheel"))


def test_the_wheel_holds_the_icons_and_the_chinese_and_not_the_screenshots(wheel: Path) -> None:
    _assert_holds_what_the_window_needs(wheel)


def _assert_holds_what_the_window_needs(wheel: Path) -> None:
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


def test_a_wheel_built_from_the_source_distribution_holds_them_too(tmp_path: Path) -> None:
    """The source distribution carries the build backend and the .ts the .qm is compiled from."""
    checkout = copy_of_checkout(PROJECT_ROOT, tmp_path / "memdesk")
    hook = "import sys, memdesk_build; memdesk_build.build_sdist(sys.argv[1])"
    _run([sys.executable, "-c", hook, tmp_path], cwd=checkout, PYTHONPATH="packaging")
    (sdist,) = tmp_path.glob("memdesk-*.tar.gz")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (source,) = (tmp_path / "unpacked").iterdir()
    assert not list(source.rglob("*.qm"))
    _assert_holds_what_the_window_needs(_wheel_of(source, tmp_path / "wheel"))
