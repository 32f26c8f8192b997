"""MemDesk's build backend: setuptools', with the window's Chinese compiled before a wheel is made.

A wheel carries resources/i18n/memdesk_zh_CN.qm (ui/i18n.py loads it), built from the committed
.ts by PySide6's lrelease. Where the .qm is missing or older than its .ts, building a wheel
(`pip install .`, `pip wheel .`, pipx) builds it first, and only then asks for PySide6 as a
build requirement: an editable install, or a wheel after `make` built the .qm, needs nothing
more than setuptools. `python packaging/memdesk_build.py` builds the .qm the same way (`make`).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every other hook is setuptools' own)

I18N_DIR = Path(__file__).resolve().parent.parent / "resources" / "i18n"
LRELEASE_REQUIREMENT = "PySide6-Essentials>=6.7"
LRELEASE = "from PySide6.scripts.pyside_tool import lrelease; lrelease()"


def stale_catalogs(folder: Path = I18N_DIR) -> list[Path]:
    """The translations (memdesk_*.ts) whose .qm is missing or older than they are."""
    return [ts for ts in sorted(folder.glob("memdesk_*.ts")) if not _built(ts)]


def _built(ts: Path) -> bool:
    qm = ts.with_suffix(".qm")
    return qm.exists() and qm.stat().st_mtime >= ts.stat().st_mtime


def compile_translations(folder: Path = I18N_DIR) -> None:
    """Each stale .ts compiled into its .qm beside it with PySide6's lrelease."""
    stale = stale_catalogs(folder)
    if stale and importlib.util.find_spec("PySide6") is None:
        raise SystemExit(
            f"building {stale[0].with_suffix('.qm').name} needs PySide6's lrelease: "
            f"install {LRELEASE_REQUIREMENT} or build with pip's build isolation"
        )
    for ts in stale:
        qm = ts.with_suffix(".qm")
        subprocess.run([sys.executable, "-c", LRELEASE, "-silent", ts, "-qm", qm], check=True)


def get_requires_for_build_wheel(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    wanted = build_meta.get_requires_for_build_wheel(config_settings)
    return [*wanted, LRELEASE_REQUIREMENT] if stale_catalogs() else wanted


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, str | list[str]] | None = None,
    metadata_directory: str | None = None,
) -> str:
    compile_translations()
    return build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)


if __name__ == "__main__":
    compile_translations()
