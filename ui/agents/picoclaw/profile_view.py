"""PicoClaw's hybrid profile ``memory/profile.json`` (SPEC 2.3): keys and values, edited in place.

Every change is a core change set on the window's undo stack (an OpCommand); nothing is written before the person
saves. A file that does not parse is shown as an error with its raw text and cannot be edited:
the agent reads such a file as an empty profile, and MemDesk never writes over it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor, QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from core.agents.picoclaw import ops
from core.agents.picoclaw.profile import PROFILE_FILE, Item, ProfileError
from core.agents.picoclaw.workspace import Profile
from core.formats.strict_json import escape_surrogates
from core.ops import ChangeSet
from core.store.errors import WorkspaceError
from ui.accessible import make_accessible
from ui.i18n import core_error
from ui.theme import error_style
from ui.typed import editing_kept
from ui.undo import OpCommand
from ui.untrusted import literal_html, plain_label

__all__ = ["AddKeyDialog", "ProfileModel", "ProfileView"]

KEY, VALUE = 0, 1
_Index = QModelIndex | QPersistentModelIndex
# Edits the person asks for: the model hands them to the view, which decides (row, column, text).
Commit = Callable[[int, int, str], bool]


class ProfileModel(QAbstractTableModel):
    """The profile's items as (Key, Value) rows; an edited cell goes to ``commit``, never to core."""

    def __init__(self, commit: Commit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._commit = commit
        self._items: list[Item] = []
        self._editable = False

    def set_items(self, items: Sequence[Item], *, editable: bool) -> None:
        """Show ``items``: one dataChanged if the row count stays (an edit), else a reset."""
        items = list(items)
        if len(items) == len(self._items) and editable == self._editable:
            self._items = items
            if items:
                self.dataChanged.emit(self.index(0, KEY), self.index(len(items) - 1, VALUE))
            return
        self.beginResetModel()
        self._items, self._editable = items, editable
        self.endResetModel()

    def key(self, row: int) -> str | None:
        return self._items[row][0] if 0 <= row < len(self._items) else None

    def row_of(self, key: str) -> int | None:
        return next((r for r, (k, _v) in enumerate(self._items) if k == key), None)

    # -- Qt's model interface -------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else VALUE + 1

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._items):
            return None
        text = escape_surrogates(self._items[index.row()][index.column()])  # as the file has it
        if role == Qt.ItemDataRole.ToolTipRole:
            return literal_html(text)
        return text if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole) else None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 2:
            return (self.tr("Key"), self.tr("Value"))[section]
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and self._editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole or not self._editable:
            return False
        return self._commit(index.row(), index.column(), str(value))


class AddKeyDialog(QDialog):
    """Asks for a new key and its value."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add profile key"))
        self.key_edit = QLineEdit()
        self.key_edit.setObjectName("profileNewKey")
        self.key_edit.setPlaceholderText(self.tr("e.g. city"))
        self.value_edit = QLineEdit()
        self.value_edit.setObjectName("profileNewValue")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setEnabled(False)
        self.key_edit.textChanged.connect(lambda text: self.ok_button.setEnabled(bool(text)))
        form = QFormLayout(self)
        form.addRow(self.tr("Key:"), self.key_edit)
        form.addRow(self.tr("Value:"), self.value_edit)
        form.addRow(buttons)
        make_accessible(self)

    def key(self) -> str:
        return self.key_edit.text()

    def value(self) -> str:
        return self.value_edit.text()


class ProfileView(QWidget):
    failed = Signal(str)  # an edit was refused: the message says why
    changed = Signal()  # the profile changed (edit, undo, redo)

    def __init__(self, push: Callable[[QUndoCommand], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.push = push
        self.source: Profile | None = None
        self.error_shown: ProfileError | None = None
        self.model = ProfileModel(self._commit_cell, self)
        self._build()
        self._fill(keep=None)

    def _build(self) -> None:
        self.title = self._label("profileTitle")
        self.note = self._label("profileNote")
        self.error = self._label("profileError")
        self.error.setStyleSheet(error_style(bold=True))
        self.raw = self._text_box("profileRaw")
        self.table = QTableView()
        self.table.setObjectName("profileTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(KEY, 200)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._update_buttons())
        delete = QShortcut(QKeySequence.StandardKey.Delete, self.table)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.delete_selected)
        delete.setWhatsThis(self.tr("Delete the selected field"))
        self.add_button = self._button(self.tr("Add key…"), self.ask_add_key)
        self.delete_button = self._button(self.tr("Delete key"), self.delete_selected)
        self.markdown = self._text_box("profileMarkdown")
        self._layout()

    def _label(self, name: str) -> QLabel:
        label = plain_label(name=name, wrap=True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _text_box(self, name: str) -> QPlainTextEdit:
        box = QPlainTextEdit()
        box.setObjectName(name)
        box.setReadOnly(True)
        return box

    def _button(self, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.delete_button)
        buttons.addStretch(1)
        injected = QGroupBox(self.tr("What the agent injects"))
        box = QVBoxLayout(injected)
        hint = QLabel(self.tr("The agent lists the keys in a random order on every prompt."))
        hint.setWordWrap(True)
        box.addWidget(hint)
        box.addWidget(self.markdown)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.title, self.note, self.error):
            layout.addWidget(widget)
        layout.addWidget(self.raw, 2)
        layout.addWidget(self.table, 3)
        layout.addLayout(buttons)
        layout.addWidget(injected, 2)

    # -- what is shown --------------------------------------------------------------------------
    def show_source(self, source: Profile | None, error: ProfileError | None = None) -> None:
        """The profile's document, or the error that keeps an unreadable file read-only."""
        self.source = source
        self.error_shown = error
        self._fill(keep=None)

    def refresh(self) -> None:
        """Show the profile's state anew (after undo, redo, save or reload), keeping selection."""
        self._fill(keep=self.current_key())

    def _fill(self, *, keep: str | None) -> None:
        with editing_kept(self.table, self.model.key, self.model.row_of):
            self._fill_rows(keep)
        self._update_buttons()

    def _fill_rows(self, keep: str | None) -> None:
        source = self.source
        readable = source is not None
        items = source.doc.items() if source is not None else []
        row = max(self.table.currentIndex().row(), 0)
        self.model.set_items(items, editable=readable)
        self._show_state(source)
        self._show_error(self.error_shown)
        self.markdown.setPlainText(source.doc.markdown() if source is not None else "")
        self.table.setEnabled(readable)
        kept = self.model.row_of(keep) if keep is not None else None
        if kept is not None or (keep is not None and items):
            self.table.selectRow(kept if kept is not None else min(row, len(items) - 1))

    def _show_state(self, source: Profile | None) -> None:
        error = self.error_shown
        if source is None and error is None:
            self.title.setText(self.tr("Profile: no workspace open"))
            self.note.hide()
            return
        path = source.path if source is not None else error.path if error is not None else ""
        self.title.setText(self.tr("Profile — {path}").format(path=path))
        self.note.setText(_state_note(source))
        self.note.setVisible(bool(self.note.text()))
        self.markdown.setPlaceholderText(
            self.tr(
                "The agent injects nothing: it cannot read this file and sees an empty profile."
            )
            if error is not None
            else self.tr("The agent injects nothing: the profile is empty.")
        )

    def _show_error(self, error: ProfileError | None) -> None:
        self.error.setVisible(error is not None)
        self.raw.setVisible(error is not None)
        if error is None:
            self.error.clear()
            self.raw.clear()
            return
        self.error.setText(
            self.tr(
                "{error}\n\nMemDesk will not change this file until it is fixed: "
                "correct it in a text editor, then reload."
            ).format(error=core_error(error))
        )
        self.raw.setPlainText(error.raw_bytes.decode("utf-8", errors="replace"))
        block = self.raw.document().findBlockByNumber(max(error.line - 1, 0))
        cursor = self.raw.textCursor()
        cursor.setPosition(block.position())
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        self.raw.setTextCursor(cursor)  # the offending line, selected

    def _update_buttons(self) -> None:
        writable = self.source is not None
        self.add_button.setEnabled(writable)
        self.delete_button.setEnabled(writable and self.current_key() is not None)

    def current_key(self) -> str | None:
        return self.model.key(self.table.currentIndex().row())

    def select_key(self, key: str) -> None:
        row = self.model.row_of(key)
        if row is None:
            raise KeyError(key)
        self.table.selectRow(row)

    # -- changes --------------------------------------------------------------------------------
    def set_value(self, key: str, value: str) -> bool:
        """Give ``key`` a new value (undoable); False, with ``failed`` emitted, if refused."""
        source = self._writable()
        if source is None:
            return False
        current = source.find(key)
        if current is None:
            return self._refuse(self.tr("The profile has no key {key}.").format(key=repr(key)))
        if escape_surrogates(current.value) == value:
            return True  # unchanged (a lone surrogate is shown, and typed, as its escape)
        return self._push(lambda: ops.set_value(source, key, value))

    def rename_key(self, old: str, new: str) -> bool:
        source = self._writable()
        if source is None:
            return False
        if escape_surrogates(old) == new and source.find(old) is not None:
            return True
        if self._push(lambda: ops.rename_key(source, old, new)):
            self.select_key(new)
            return True
        return False

    def add_key(self, key: str, value: str) -> bool:
        source = self._writable()
        if source is None:
            return False
        if self._push(lambda: ops.add_key(source, key, value)):
            self.select_key(key)
            return True
        return False

    def delete_key(self, key: str) -> bool:
        source = self._writable()
        if source is None:
            return False
        return self._push(lambda: ops.delete_key(source, key))

    def delete_selected(self) -> None:
        key = self.current_key()
        if key is not None:
            self.delete_key(key)

    def ask_add_key(self) -> AddKeyDialog | None:
        """Open the Add key dialog (window-modal, not blocking); OK adds the key."""
        if self._writable() is None:
            return None
        dialog = AddKeyDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.add_key(dialog.key(), dialog.value()))
        dialog.open()
        return dialog

    def _commit_cell(self, row: int, column: int, text: str) -> bool:
        key = self.model.key(row)
        if key is None:
            return False
        if column == KEY:
            return self.rename_key(key, text)
        return self.set_value(key, text)

    def _writable(self) -> Profile | None:
        """The profile if it may be edited; otherwise ``failed`` says why and None."""
        if self.error_shown is not None:
            self._refuse(
                self.tr("MemDesk does not change {path} until it is fixed: {error}").format(
                    path=self.error_shown.path, error=core_error(self.error_shown)
                )
            )
            return None
        if self.source is None:
            self._refuse(self.tr("No profile is open."))
        return self.source

    def _push(self, make: Callable[[], ChangeSet]) -> bool:
        try:
            command = OpCommand(make(), self._changed)
        except (ValueError, KeyError, TypeError, WorkspaceError) as exc:
            return self._refuse(_message(exc))
        self.push(command)
        return True

    def _refuse(self, message: str) -> bool:
        self.failed.emit(message)
        return False

    def _changed(self, _command: object) -> None:
        self.refresh()
        self.changed.emit()


def _state_note(source: Profile | None) -> str:
    if source is None:
        return ""
    notes = []
    if not source.exists:
        notes.append(
            QCoreApplication.translate(
                "ProfileView", "{file} does not exist yet: saving will create it."
            ).format(file=f"memory/{PROFILE_FILE}")
        )
    elif not source.doc.in_agent_form:
        notes.append(
            QCoreApplication.translate(
                "ProfileView",
                "Saving rewrites the file as the agent does (2-space indent, sorted keys).",
            )
        )
    if source.modified:
        notes.append(QCoreApplication.translate("ProfileView", "Unsaved edits."))
    return " ".join(notes)


def _message(exc: BaseException) -> str:
    """The refusal's own words, in the window's language."""
    text = core_error(exc)
    return text[:1].upper() + text[1:]
