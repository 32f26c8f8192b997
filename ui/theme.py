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


THEME_PROPERTY = "memdeskTheme"  # the theme chosen, kept on the application


def apply_theme(app: QGuiApplication, theme: str) -> None:
    """Apply `theme` ("system", "light" or "dark"); with "system", a later change of the
    platform's light or dark scheme is followed too."""
    from PySide6.QtWidgets import QApplication

    app.setProperty(THEME_PROPERTY, theme)
    _follow_the_platform(app)
    app.styleHints().setColorScheme(_SCHEMES.get(theme, Qt.ColorScheme.Unknown))
    if not isinstance(app, QApplication):
        return
    app.setStyle("Fusion")
    style = app.style()
    if theme == "dark":
        app.setPalette(dark_palette())
    elif theme == "light" or app.styleHints().colorScheme() != Qt.ColorScheme.Dark:
        app.setPalette(style.standardPalette())
    else:
        app.setPalette(dark_palette())


def _follow_the_platform(app: QGuiApplication) -> None:
    """Once per application: when the platform turns light or dark, apply the theme again if
    the person chose to follow the system."""
    if app.property("memdeskFollows"):
        return
    app.setProperty("memdeskFollows", True)

    def changed(_scheme: Qt.ColorScheme) -> None:
        if app.property(THEME_PROPERTY) == "system":
            apply_theme(app, "system")

    app.styleHints().colorSchemeChanged.connect(changed)


def is_dark(app: QGuiApplication) -> bool:
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


ERROR_TEXT = ("#b00020", "#ff8a80")  # light theme, dark theme


def error_style(*, bold: bool = False) -> str:
    """The style sheet of a label that says what went wrong, readable on the current theme."""
    weight = " font-weight: bold;" if bold else ""
    return f"QLabel {{ color: {themed(*ERROR_TEXT).name()};{weight} }}"


def themed(light: str, dark: str) -> QColor:
    """The colour of a custom mark (a trend arrow, a banner) that reads on the current theme."""
    app = QGuiApplication.instance()
    dark_now = isinstance(app, QGuiApplication) and is_dark(app)
    return QColor(dark if dark_now else light)


def dark_palette() -> QPalette:
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
