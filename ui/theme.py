"""Light and dark themes: follow the system unless the settings say otherwise."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

_SCHEMES = {
    "system": Qt.ColorScheme.Unknown,  # Unknown = let the platform decide
    "light": Qt.ColorScheme.Light,
    "dark": Qt.ColorScheme.Dark,
}


def apply_theme(app: QGuiApplication, theme: str) -> None:
    """Fusion draws both schemes well on every platform; the palette follows the color scheme."""
    from PySide6.QtWidgets import QApplication

    if isinstance(app, QApplication):
        app.setStyle("Fusion")
    app.styleHints().setColorScheme(_SCHEMES.get(theme, Qt.ColorScheme.Unknown))


def is_dark(app: QGuiApplication) -> bool:
    return app.styleHints().colorScheme() == Qt.ColorScheme.Dark
