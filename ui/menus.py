"""The window's menus and toolbar, made from its actions; the desk shown adds its own to Edit
(and those with an icon to the toolbar). Help's two boxes are here too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from core.formats.text import InputError
from core.store.errors import WorkspaceError
from ui.actions import make_action
from ui.banner import failure_message
from ui.desk import AnyDesk
from ui.hubs import ask_remote
from ui.i18n import LANGUAGES, QT_TRANSLATE_NOOP
from ui.icons import icon
from ui.page_tabs import add_tab_switching
from ui.shortcuts import ShortcutsDialog, show_shortcuts
from ui.welcome import WelcomeDialog, show_welcome

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.pending_dialog import PendingDialog
    from ui.where_dialog import WhereDialog

__all__ = ["Menus"]

THEMES = (
    ("system", QT_TRANSLATE_NOOP("Menus", "Follow the &system")),
    ("light", QT_TRANSLATE_NOOP("Menus", "&Light")),
    ("dark", QT_TRANSLATE_NOOP("Menus", "&Dark")),
)
Shortcut = QKeySequence | QKeySequence.StandardKey | None

translate = QCoreApplication.translate


class Menus:
    """File, Edit, View and Help in `window`'s menu bar, and its toolbar."""

    def __init__(self, window: MainWindow, undo_group: QUndoGroup) -> None:
        self.window = window
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.welcome_dialog: WelcomeDialog | None = None
        self.pending_dialog: PendingDialog | None = None  # View → Pending changes…
        self.where_dialog: WhereDialog | None = None  # Edit → Where else is it?…
        files = self._build_file(window.menuBar().addMenu(translate("Menus", "&File")))
        edits = self._build_edit(window.menuBar().addMenu(translate("Menus", "&Edit")), undo_group)
        view_menu = window.menuBar().addMenu(translate("Menus", "&View"))
        pending = self._add(
            view_menu,
            translate("Menus", "&Pending changes…"),
            QKeySequence("Ctrl+Shift+P"),
            self.show_pending,
            "pending",
        )
        self._build_switching(view_menu)
        self._build_going(view_menu)
        self._build_toolbar([*files, None, *edits, pending, None])
        self._build_themes(view_menu.addMenu(translate("Menus", "&Theme")), window.settings.theme)
        self._build_languages(view_menu.addMenu(translate("Menus", "&Language")))
        help_menu = window.menuBar().addMenu(translate("Menus", "&Help"))
        self._add(
            help_menu,
            translate("Menus", "&Keyboard shortcuts"),
            QKeySequence("F1"),
            self.show_shortcuts,
        )
        self._add(help_menu, translate("Menus", "&What MemDesk writes"), None, self.show_welcome)
        self._add(
            help_menu, translate("Menus", "&About MemDesk"), None, partial(show_about, window)
        )

    def _build_file(self, menu: QMenu) -> list[QAction]:
        """File; its actions the toolbar shows."""
        window = self.window
        shown = [
            self._add(
                menu,
                translate("Menus", "&Open workspace…"),
                QKeySequence.StandardKey.Open,
                window.choose_workspace,
                "open",
            )
        ]
        self._add(
            menu,
            translate("Menus", "Open workspace on a &server…"),
            None,
            partial(ask_remote, window),
        )
        self.recent_menu = menu.addMenu(translate("Menus", "Open &recent"))
        self.fill_recent(window.settings.recent_workspaces)
        self.homes_menu = menu.addMenu(translate("Menus", "Open agent &home"))
        self.fill_homes([])
        shown.append(
            self._add(
                menu,
                translate("Menus", "&Save"),
                QKeySequence.StandardKey.Save,
                window.save,
                "save",
            )
        )
        shown.append(
            self._add(
                menu,
                translate("Menus", "&Reload from disk"),
                QKeySequence("F5"),
                window.reload,
                "reload",
            )
        )
        self.layout_action = self._add(
            menu, translate("Menus", "Read as another &agent's…"), None, window.choose_layout
        )
        self.layout_action.setEnabled(False)
        self._add(
            menu, translate("Menus", "&Backups to keep…"), None, window.choose_backups_to_keep
        )
        menu.addSeparator()
        close = self._add(
            menu, translate("Menus", "&Close workspace"), None, window.close_workspace
        )
        close.setShortcuts([QKeySequence("Ctrl+W"), QKeySequence("Ctrl+F4")])
        self._add(menu, translate("Menus", "&Quit"), QKeySequence.StandardKey.Quit, window.close)
        return shown

    def _build_edit(self, menu: QMenu, undo_group: QUndoGroup) -> list[QAction | None]:
        """Edit (a desk adds its actions at its end); what the toolbar shows of it. Undo and
        redo act on the workspace shown."""
        self.edit_menu = menu
        undo, redo = _undo_actions(self.window, undo_group)
        menu.addAction(undo)
        menu.addAction(redo)
        menu.addSeparator()
        where = self._add(
            menu,
            translate("Menus", "&Where else is it?…"),
            QKeySequence("Ctrl+Shift+F"),
            self.where_else,
            "where",
        )
        menu.addSeparator()
        return [undo, redo, None, where]

    def _build_switching(self, menu: QMenu) -> None:
        """View → Next / Previous workspace, round the open ones; Next / Previous tab."""
        menu.addSeparator()
        steps = (
            (translate("Menus", "&Next workspace"), 1, ("Ctrl+Tab",)),
            (
                translate("Menus", "Pre&vious workspace"),
                -1,
                ("Ctrl+Shift+Tab", "Ctrl+Shift+Backtab"),
            ),
        )
        for text, by, keys in steps:
            action = self._add(menu, text, None, partial(self.window.navigator.step, by))
            action.setShortcuts([QKeySequence(k) for k in keys])
        add_tab_switching(self.window, menu)
        menu.addSeparator()

    def _build_going(self, menu: QMenu) -> None:
        """View → Home, Inbox, and the list of pages: reached without the mouse."""
        window = self.window
        for name, text, keys in (
            ("home", translate("Menus", "Go to &Home"), "Ctrl+Shift+H"),
            ("inbox", translate("Menus", "Go to the &Inbox"), "Ctrl+Shift+I"),
        ):
            self._add(menu, text, QKeySequence(keys), partial(self._show_hub, name))
        self._add(
            menu,
            translate("Menus", "Go to the &list of pages"),
            QKeySequence("F6"),
            window.navigator.setFocus,
        )
        menu.addSeparator()

    def _show_hub(self, name: str) -> None:
        hub = self.window.hubs.get(name)
        if hub is not None:
            self.window.navigator.show_page(hub)

    def show_pending(self) -> None:
        """What the next save will write, per memory and as text."""
        from ui.pending_dialog import open_pending

        window = self.window
        if window.ws is None or window.desk is None:
            return
        window.desk.apply_pending()  # text typed but not applied is part of the save
        self.pending_dialog = open_pending(window, window.ws)

    def where_else(self) -> None:
        """Every other place holding the selected memory's text, and Forget everywhere."""
        from ui.where_dialog import open_where

        window, desk, ws = self.window, self.window.desk, self.window.ws
        text = desk.current_memory() if desk is not None else None
        if desk is None or ws is None or not text:
            said = translate("MainWindow", "Select a memory first")
            window.statusBar().showMessage(said, 4000)
            return
        try:
            self.where_dialog = open_where(window, ws, ws.agent, text, desk.write_now)
        except (WorkspaceError, InputError, OSError) as exc:
            said = translate("MainWindow", "Could not search the workspace")
            window.show_error(failure_message(exc, said))

    def show_welcome(self) -> None:
        """Help → What MemDesk writes: the first-run page again."""
        self.welcome_dialog = show_welcome(self.window)

    def show_shortcuts(self) -> None:
        """Help → Keyboard shortcuts: every shortcut of the window as it is now."""
        self.shortcuts_dialog = show_shortcuts(self.window)

    def _add(
        self,
        menu: QMenu,
        text: str,
        shortcut: Shortcut,
        slot: Callable[[], object],
        icon_name: str | None = None,
    ) -> QAction:
        action = make_action(self.window, text, shortcut, slot, icon_name)
        menu.addAction(action)
        return action

    def _build_toolbar(self, actions: list[QAction | None]) -> None:
        """The main actions under the menus, by icon (None: a separator)."""
        self.toolbar = self.window.addToolBar(translate("Menus", "Main"))
        self.toolbar.setObjectName("mainToolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setIconSize(QSize(20, 20))
        for action in actions:
            if action is None:
                self.toolbar.addSeparator()
            else:
                self.toolbar.addAction(action)

    def _build_themes(self, menu: QMenu, current: str) -> None:
        self.theme_actions = QActionGroup(self.window)
        for name, title in THEMES:
            action = self._add(
                menu, translate("Menus", title), None, partial(self.window.set_theme, name)
            )
            action.setCheckable(True)
            action.setChecked(current == name)
            action.setData(name)
            self.theme_actions.addAction(action)

    def _build_languages(self, menu: QMenu) -> None:
        """View → Language: the system's or one chosen; it applies at the next start."""
        self.language_actions = QActionGroup(self.window)
        for name, title in LANGUAGES:
            shown = title or translate("Menus", "Follow the &system")
            action = self._add(menu, shown, None, partial(self.window.set_language, name))
            action.setCheckable(True)
            action.setChecked(self.window.settings.language == name)
            action.setData(name)
            self.language_actions.addAction(action)

    def fill_recent(self, folders: Sequence[str]) -> None:
        self.recent_menu.clear()
        for folder in folders:
            self._add(
                self.recent_menu, folder, None, partial(self.window.open_workspace, Path(folder))
            )
        self.recent_menu.setEnabled(bool(folders))

    def fill_homes(self, homes: Sequence[tuple[str, Path]]) -> None:
        """Each agent's memory found where the agent keeps it (`found_homes`, or the workspaces
        `scan` found in them), each as (label, folder)."""
        self.homes_menu.clear()
        for label, home in homes:
            self._add(self.homes_menu, label, None, partial(self.window.open_workspace, home))
        self.homes_menu.setEnabled(bool(homes))

    def add_desk_actions(self, desk: AnyDesk) -> None:
        for action in desk.actions():
            self.edit_menu.addAction(action)
            if not action.icon().isNull():
                self.toolbar.addAction(action)

    def remove_desk_actions(self, desk: AnyDesk) -> None:
        for action in desk.actions():
            self.edit_menu.removeAction(action)
            self.toolbar.removeAction(action)


def _undo_actions(parent: QWidget, group: QUndoGroup) -> tuple[QAction, QAction]:
    undo = group.createUndoAction(parent, translate("Menus", "&Undo"))
    undo.setShortcut(QKeySequence.StandardKey.Undo)
    undo.setIcon(icon("undo"))
    redo = group.createRedoAction(parent, translate("Menus", "&Redo"))
    redo.setIcon(icon("redo"))
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence(QKeySequence.StandardKey.Redo)])
    return undo, redo


def show_about(parent: QWidget) -> None:
    from core import __version__

    QMessageBox.about(
        parent,
        translate("Menus", "About MemDesk"),
        f"<b>MemDesk {__version__}</b><p>"
        + translate(
            "Menus",
            "See and curate what your LLM agent remembers. Files are written atomically, "
            "backed up first, and merged with the agent's own writes.",
        )
        + "</p>",
    )
