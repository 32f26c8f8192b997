"""The first-run page: on the very first start (no settings file), over Home, what MemDesk will
write and what it never does, with Open the demo / Find my agents / Continue. Once put away it
is not shown again (`Settings.welcome_dismissed`); Help → What MemDesk writes shows it again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QHBoxLayout, QPushButton, QVBoxLayout

from ui.accessible import make_accessible
from ui.settings import settings_path
from ui.untrusted import plain_label

if TYPE_CHECKING:
    from ui.main_window import MainWindow

__all__ = ["CONTINUE", "DEMO", "FIND", "WelcomeDialog", "show_welcome"]

DEMO, FIND, CONTINUE = "demo", "find", "continue"


class WelcomeDialog(QDialog):
    chosen = Signal(str)  # DEMO, FIND or CONTINUE: the page is put away for good

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.setObjectName("welcome")
        self.setWindowTitle(self.tr("Welcome to MemDesk"))
        self.setAccessibleName(self.tr("Welcome to MemDesk"))
        self.text = plain_label(self.explained(), name="welcomeText", wrap=True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = {
            DEMO: QPushButton(self.tr("Open the &demo")),
            FIND: QPushButton(self.tr("&Find my agents")),
            CONTINUE: QPushButton(self.tr("&Continue")),
        }
        row = QHBoxLayout()
        row.addStretch(1)
        for choice, button in self.buttons.items():
            button.setObjectName(f"welcome_{choice}")
            button.clicked.connect(lambda _checked=False, c=choice: self.choose(c))
            row.addWidget(button)
        box = QVBoxLayout(self)
        box.addWidget(self.text, 1)
        box.addLayout(row)
        self.resize(620, 460)
        self.buttons[CONTINUE].setDefault(True)  # once in the dialog: Qt ignores it before
        make_accessible(self)

    def showEvent(self, event: QShowEvent) -> None:
        """Continue has the focus as the page opens: Enter continues (a button with the focus
        is the one Enter presses)."""
        super().showEvent(event)
        self.buttons[CONTINUE].setFocus()

    def explained(self) -> str:
        from core.index import cache_folder

        return "\n".join(
            [
                self.tr(
                    "MemDesk shows and curates what your LLM agents remember in their Markdown "
                    "memory files."
                ),
                "",
                self.tr("What MemDesk writes:"),
                "• "
                + self.tr(
                    "Your agents' memory files, only when you save or decide, through one "
                    "guarded commit: each file is backed up first, written whole or not at all, "
                    "and merged with what the agent wrote meanwhile. Text MemDesk cannot read is "
                    "kept and written back unchanged."
                ),
                "• "
                + self.tr(
                    "Backups and a journal of every change in the workspace's .memdesk/ folder: "
                    "each change can be undone."
                ),
                "• "
                + self.tr("Its settings in {settings} and its cache in {cache}.").format(
                    settings=settings_path().parent, cache=cache_folder()
                ),
                "",
                self.tr("What MemDesk never does:"),
                "• "
                + self.tr(
                    "Use the network, except SSH to a server you open and the LLM reviewer you "
                    "set up."
                ),
                "• " + self.tr("Follow a path or a link found in a memory file."),
                "• " + self.tr("Write a memory file without a backup of it first."),
            ]
        )

    def choose(self, choice: str) -> None:
        """Put the page away for good (kept in the settings), then say what was chosen."""
        self.window_.keep_settings(welcome_dismissed=True)
        self.accept()
        self.chosen.emit(choice)


def show_welcome(window: MainWindow, *, first_run: bool = False) -> WelcomeDialog:
    """The page over the window: on the first run with its three choices, from Help → What
    MemDesk writes with Close alone."""
    dialog = WelcomeDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if not first_run:
        dialog.buttons[DEMO].hide()
        dialog.buttons[FIND].hide()
        dialog.buttons[CONTINUE].setText(QCoreApplication.translate("WelcomeDialog", "&Close"))
    dialog.show()
    dialog.buttons[CONTINUE].setFocus()
    return dialog
