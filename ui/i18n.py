"""The window's language: English, or Simplified Chinese from resources/i18n/.

`install_language(app, setting)` is called once, before any window is built: the setting
("system", "en" or "zh_CN") else the system's locale picks the language; MemDesk's own
translation (memdesk_<lang>.qm, built by `make` from the committed .ts) and Qt's (the
standard dialogs' buttons) are installed. A missing .qm leaves the window in English.
Labels core hands the window (column headers, kinds, decisions) are translated where they
are shown, by `core_label`; the catalog lupdate reads for them is ui/core_labels.py.
The command line stays English: nothing here is imported by app/cli.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

__all__ = [
    "I18N_DIR",
    "LANGUAGES",
    "QT_TRANSLATE_NOOP",
    "core_label",
    "install_language",
    "language_of",
    "remove",
    "workspaces_counted",
]

log = logging.getLogger(__name__)

I18N_DIR = Path(__file__).resolve().parent.parent / "resources" / "i18n"
# The settings' values and how the View → Language menu names them (each in its own language).
LANGUAGES = (("system", ""), ("en", "English"), ("zh_CN", "简体中文"))
CORE_CONTEXT = "core"


def language_of(setting: str, system: QLocale | None = None) -> str:
    """ "en" or "zh_CN": the setting, or for "system" the locale's (Chinese in the simplified
    script is zh_CN; Traditional Chinese and every other language read English)."""
    if setting != "system":
        return setting if setting in dict(LANGUAGES) else "en"
    locale = QLocale.system() if system is None else system
    simplified = locale.script() != QLocale.Script.TraditionalChineseScript
    return "zh_CN" if locale.language() == QLocale.Language.Chinese and simplified else "en"


def install_language(
    app: QCoreApplication, setting: str, folder: Path = I18N_DIR
) -> list[QTranslator]:
    """Install the translators of the language chosen; the ones installed (none for English)."""
    language = language_of(setting)
    if language == "en":
        return []
    ours = QTranslator(app)
    qm = folder / f"memdesk_{language}.qm"
    if not ours.load(str(qm)):
        log.info("no translation at %s (make builds it): the window is in English", qm)
        return []
    qt = QTranslator(app)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    installed = [ours, *([qt] if qt.load(f"qtbase_{language}", qt_dir) else [])]
    for translator in installed:
        app.installTranslator(translator)
    return installed


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """`text` unchanged, marked for lupdate (which knows this name) as translated in `context`
    where it is shown. PySide6's own returns `object` to the type checker."""
    return text


def remove(app: QCoreApplication, translators: list[QTranslator]) -> None:
    for translator in translators:
        app.removeTranslator(translator)


def workspaces_counted(count: int) -> str:
    """ "1 workspace", "3 workspaces" in the window's language (core.columns.counted's words)."""
    one = QCoreApplication.translate("Counts", "{count} workspace")
    many = QCoreApplication.translate("Counts", "{count} workspaces")
    return (one if count == 1 else many).format(count=f"{count:,}")


def core_label(text: str) -> str:
    """A label core gives the window (a column header, a kind, a decision) in its language."""
    return QCoreApplication.translate(CORE_CONTEXT, text)
