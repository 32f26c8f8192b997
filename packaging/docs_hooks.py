"""MkDocs hook (mkdocs.yml `hooks:`): the guide shows the pictures `make screenshots` keeps in
resources/screenshots/ as images/NAME.png, read from there at build time, never copied by hand."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

SCREENSHOTS = Path(__file__).resolve().parent.parent / "resources" / "screenshots"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for picture in sorted(SCREENSHOTS.glob("*.png")):
        files.append(File.generated(config, f"images/{picture.name}", abs_src_path=str(picture)))
    return files
