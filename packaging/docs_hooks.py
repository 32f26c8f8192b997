"""MkDocs hook (mkdocs.yml `hooks:`): files kept outside docs/ join the guide at build time, never
copied by hand: the pictures `make screenshots` keeps in resources/screenshots/ as
images/NAME.png, and CHANGELOG.md as changelog.md."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "resources" / "screenshots"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for picture in sorted(SCREENSHOTS.glob("*.png")):
        files.append(File.generated(config, f"images/{picture.name}", abs_src_path=str(picture)))
    files.append(File.generated(config, "changelog.md", abs_src_path=str(ROOT / "CHANGELOG.md")))
    return files
