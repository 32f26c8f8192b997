"""Light and dark themes: follow the system unless the settings say otherwise.

Qt's color scheme hint is honoured only by some platforms, so a chosen theme also sets the
Fusion palette explicitly; "system" gives the platform's own choice back.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

_SCHEMES = {
    "system": Qt.ColorScheme.Unknown,  # Unknown = let the platform decide
    "light": Qt.ColorScheme.Light,
    "dark": Qt.ColorScheme.Dark,
}


def apply_theme(app: QGuiApplication, theme: str) -> None:
    from PySide6.QtWidgets import QApplication

    app.styleHints().setColorScheme(_SCHEMES.get(theme, Qt.ColorScheme.Unknown))
    if not isinstance(app, QApplication):
        return
    app.setStyle("Fusion")
    style = app.style()
    if theme == "dark":
        app.setPalette(_dark_palette())
    elif theme == "light" or app.styleHints().colorScheme() != Qt.ColorScheme.Dark:
        app.setPalette(style.standardPalette())
    else:
        app.setPalette(_dark_palette())


def is_dark(app: QGuiApplication) -> bool:
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def themed(light: str, dark: str) -> QColor:
    """The colour of a custom mark (a trend arrow, a banner) that reads on the current theme."""
    app = QGuiApplication.instance()
    dark_now = isinstance(app, QGuiApplication) and is_dark(app)
    return QColor(dark if dark_now else light)


def _dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#2b2b2b",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1f1f1f",
        QPalette.ColorRole.AlternateBase: "#2a2a2a",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#353535",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.Highlight: "#2f65ca",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: "#353535",
        QPalette.ColorRole.ToolTipText: "#e6e6e6",
        QPalette.ColorRole.PlaceholderText: "#8a8a8a",
        QPalette.ColorRole.Link: "#6ea8fe",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    disabled = QPalette.ColorGroup.Disabled
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(disabled, role, QColor("#777777"))
    return palette
