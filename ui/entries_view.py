"""Entries of files of memories (PicoClaw's long-term memory, a Pomeloclaw scope's files,
OpenClaw's curated files): list, filter, edit.

One page shows the files of one group (PicoClaw: memory/MEMORY.md; a Pomeloclaw scope: its
long-term, daily and heartbeat files and read-only transcripts; OpenClaw: MEMORY.md, USER.md
files, daily notes). Every change is a core change set on the
window's undo stack (an OpCommand); nothing is written before the person saves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeySequence, QShortcut, QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.ops import ChangeSet
from core.ops.entries import delete_entry, edit_entry, set_text
from core.store.document import Item
from core.store.documents import AnyDocument
from core.store.errors import WorkspaceError
from ui.i18n import QT_TRANSLATE_NOOP, core_text
from ui.typed import Typed, plain_text
from ui.undo import OpCommand
from ui.untrusted import literal_html, plain_label
from ui.warnings_banner import WarningsBanner

Opener = Callable[[], AnyDocument]
EntryAction = Callable[[AnyDocument, str, str], ChangeSet]


class EntryWorkspace(Protocol):
    """What the page needs of the workspace: adding an entry as its agent does."""

    def add_entry(self, document: AnyDocument, text: str) -> ChangeSet: ...


@dataclass(frozen=True)
class FileRef:
    """A file the page can show: its label, workspace-relative path, and how to open it."""

    label: str
    rel: str
    open: Opener


Index = QModelIndex | QPersistentModelIndex
HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "When"),
    QT_TRANSLATE_NOOP("core", "Line"),
    QT_TRANSLATE_NOOP("core", "Memory"),
)
LABEL_WIDTHS = (100, 260)  # pixels: the first column's narrowest and widest fit


class EntriesModel(QAbstractTableModel):
    """The entries shown (after the filter); cells are made when the view asks for them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items: list[Item] = []
        self.headers: tuple[str, ...] | None = None  # an agent's page may name them otherwise
        self.label_header = HEADERS[0]  # what the shown file's labels are (its format says)
        self.first_cell: Callable[[Item], str] = lambda item: item.label  # and fill it so

    def set_items(self, items: list[Item]) -> None:
        if [i.key for i in items] == [i.key for i in self.items]:
            self.items = items  # same rows (an edit): keep the selection and scroll
            if items:
                self.dataChanged.emit(self.index(0, 0), self.index(len(items) - 1, 2))
            return
        self.beginResetModel()
        self.items = items
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.items):
            return None
        item = self.items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _cells(item, self.first_cell(item))[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 2:
            return literal_html(item.content)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            headers = self.headers or (self.label_header, *HEADERS[1:])
            return core_text(headers[section]) if 0 <= section < len(headers) else None
        return None

    def set_label_header(self, header: str) -> None:
        if header != self.label_header:
            self.label_header = header
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 0)

    def row_of(self, key: str) -> int:
        return next((r for r, i in enumerate(self.items) if i.key == key), -1)


class EntriesView(QWidget):
    failed = Signal(str)
    notice = Signal(str)  # worth telling, not an error
    changed = Signal(object)  # the document that changed (edit, undo, redo)

    def __init__(self, push: Callable[[QUndoCommand], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.push = push
        self.files: list[FileRef] = []
        self.source: AnyDocument | None = None
        self.group_title = ""
        self.ws: EntryWorkspace | None = None  # adds entries as the agent would
        # Promotes a daily entry to long-term memory (where the agent has that), else None.
        self.promote: Callable[[AnyDocument, str], ChangeSet] | None = None
        # What the agent is about to lose of the shown file (the agent's core says), else None.
        self.warn: Callable[[AnyDocument], list[str]] | None = None
        # What the agent would refuse or fail at because of a change not made yet (one line
        # each; `Editing.cautions`): the person is asked before it is made.
        self.caution: Callable[[ChangeSet], list[str]] | None = None
        self.confirm: Callable[[str], bool] = self._ask
        # More about one entry (its annotations, where it came from), else None.
        self.describe: Callable[[AnyDocument, str], str] | None = None
        self._actions: list[tuple[QPushButton, EntryAction, Callable[[AnyDocument], bool]]] = []
        self._warned_state: tuple[int, int] | None = None  # the file state the banner is of
        self._build()

    def _build(self) -> None:
        self.title = plain_label(name="entriesTitle", wrap=True)
        self.warnings = WarningsBanner("entryWarnings")
        self.about = plain_label(name="entryAbout", wrap=True)
        self.about.hide()
        self.file_list = QListWidget()
        self.file_list.setObjectName("entryFiles")
        self.file_list.currentRowChanged.connect(self._file_selected)
        self.filter = QLineEdit()
        self.filter.setObjectName("entryFilter")
        self.filter.setPlaceholderText(self.tr("Filter: words that must all appear (any case)"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(lambda _t: self._fill())
        self.model = EntriesModel(self)
        self.table = QTableView()
        self.table.setObjectName("entryTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(0, LABEL_WIDTHS[0])
        self.table.setColumnWidth(1, 50)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_entry())
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("entryEditor")
        self.editor.setPlaceholderText(
            self.tr("Select a memory to edit it, or write a new one and Add.")
        )
        self.entry_typed = Typed.of(self.editor)  # the entry shown, and what was typed over it
        self.apply_button = self._button(self.tr("Apply edit"), self.apply_edit)
        self.add_button = self._button(self.tr("Add as new memory"), self.add_entry)
        self.delete_button = self._button(self.tr("Delete"), self.delete_entry)
        self.promote_button = self._button(self.tr("Promote to long-term"), self.promote_entry)
        self.promote_button.hide()
        apply_key = QShortcut(QKeySequence("Ctrl+Return"), self.editor)
        apply_key.activated.connect(self.apply_edit)
        apply_key.setWhatsThis(self.tr("Apply the edited memory"))
        self.file_text = QPlainTextEdit()
        self.file_text.setObjectName("fileText")
        self.file_typed = Typed.of(self.file_text)  # the file's text, and what was typed over it
        self.apply_text_button = self._button(self.tr("Apply text"), self.apply_text)
        self.file_note = QLabel(
            self.tr(
                "The whole file as the agent reads it. Text outside memories (headers, notes, "
                "session summaries) is kept exactly as written unless you change it here."
            )
        )
        self.file_note.setWordWrap(True)
        self._layout()

    def _button(self, text: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _layout(self) -> None:
        self.buttons = buttons = QHBoxLayout()
        for b in (self.apply_button, self.add_button, self.delete_button, self.promote_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        memories = QWidget()
        self.memories_column = column = QVBoxLayout(memories)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.filter)
        column.addWidget(self.table, 3)
        column.addWidget(self.about)
        column.addWidget(self.editor, 2)
        column.addLayout(buttons)
        whole = QWidget()
        text_column = QVBoxLayout(whole)
        text_column.setContentsMargins(0, 0, 0, 0)
        text_column.addWidget(self.file_note)
        text_column.addWidget(self.file_text, 1)
        text_row = QHBoxLayout()
        text_row.addWidget(self.apply_text_button)
        text_row.addStretch(1)
        text_column.addLayout(text_row)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("entryTabs")
        self.tabs.addTab(memories, self.tr("Memories"))
        self.tabs.addTab(whole, self.tr("Whole file"))
        self.tabs.currentChanged.connect(lambda _i: self._fill_text())
        split = QSplitter()
        split.addWidget(self.file_list)
        split.addWidget(self.tabs)
        split.setSizes([220, 700])
        self.page_layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.warnings)
        layout.addWidget(split, 1)

    def add_action(
        self, text: str, make: EntryAction, applies: Callable[[AnyDocument], bool]
    ) -> QPushButton:
        """One more button for the selected entry: `make(document, key, editor text)` gives the
        change set; the button shows for the files `applies` accepts."""
        button = QPushButton(text)
        self._actions.append((button, make, applies))
        self.buttons.insertWidget(self.buttons.count() - 1, button)

        def run() -> None:
            key, source = self.current_key(), self.source
            if key is not None and source is not None:
                self._push(lambda: make(source, key, plain_text(self.editor)))

        button.clicked.connect(lambda _checked=False: run())
        return button

    def add_below_title(self, widget: QWidget) -> None:
        """A page's own widget for the file shown, between its title and its warnings."""
        self.page_layout.insertWidget(1, widget)

    def add_below_editor(self, widget: QWidget) -> None:
        """A page's own widget for the selected entry, between the editor and the buttons."""
        self.memories_column.insertWidget(self.memories_column.count() - 1, widget)

    # -- what is shown --------------------------------------------------------------------------
    def show_files(self, files: list[FileRef], *, title: str = "") -> None:
        """The files of one group; the file shown before stays shown if it is among them."""
        self._warned_state = None  # the page is shown anew: other files may have changed
        keep = self.source.rel if self.source is not None and title == self.group_title else None
        rels = [f.rel for f in files]
        self.files = files
        self.file_list.blockSignals(True)
        self.file_list.clear()
        for file in files:
            self.file_list.addItem(QListWidgetItem(file.label))
        self.file_list.blockSignals(False)
        self.file_list.setVisible(len(files) > 1)
        self.group_title = title
        if keep in rels:
            self.file_list.blockSignals(True)
            self.file_list.setCurrentRow(rels.index(keep))
            self.file_list.blockSignals(False)
            self.refresh()
            return
        self.source = None
        if files:
            self.file_list.setCurrentRow(0)
            self._file_selected(0)
        else:
            self._fill()

    def select_file(self, rel: str) -> None:
        rels = [f.rel for f in self.files]
        if rel not in rels:
            raise KeyError(rel)
        self.file_list.setCurrentRow(rels.index(rel))

    def _file_selected(self, row: int) -> None:
        if not 0 <= row < len(self.files):
            return
        try:
            self.source = self.files[row].open()
        except (ValueError, OSError, WorkspaceError) as exc:  # InputError is a ValueError
            self.source = None
            self.failed.emit(str(exc))
        self.filter.clear()
        self._fill()
        self._fit_label_column()
        free_text = self.source is not None and not self.source.items() and self._has_text()
        self.tabs.setCurrentIndex(1 if free_text else 0)

    def _fit_label_column(self) -> None:
        """The first column as wide as the labels shown (a note's written time was cut to
        "2026-10-28 …"), within LABEL_WIDTHS; set when a file is shown, so a width set by hand
        stays while filtering."""
        least, most = LABEL_WIDTHS
        self.table.setColumnWidth(0, max(least, min(most, self.table.sizeHintForColumn(0))))

    def _has_text(self) -> bool:
        return self.source is not None and bool(self.source.text().strip())

    def refresh(self) -> None:
        """Show the source's state anew (after undo, redo, save or reload), keeping selection."""
        self._fill(keep=self.current_key())

    def _fill(self, keep: str | None = None) -> None:
        source = self.source
        items = source.items() if source is not None else []
        shown = [i for i in items if _matches(i, self.filter.text())]
        self.model.set_label_header(source.fmt.label_header if source is not None else HEADERS[0])
        self.model.set_items(shown)
        self._update_title(source, len(items), len(shown))
        self._update_warnings(source)
        self._fill_text()
        self._update_buttons()
        row = self.model.row_of(keep) if keep is not None else -1
        if shown:
            self.select_row(max(row, 0))
        else:
            self._show_entry()

    def _fill_text(self) -> None:
        """The Whole file tab, filled only while it is shown (a long file is costly to lay out)."""
        if self.tabs.currentIndex() != 1:
            return
        source = self.source
        text = source.text() if source is not None else ""
        owner = (id(self.ws), source.rel) if source is not None else None
        if self.file_typed.show(owner, text):
            self.notice.emit(
                self.tr(
                    "{file} was changed by another program while you edited its text: your text "
                    "is kept here, not applied (Apply text merges it with their change)."
                ).format(file=source.rel if source is not None else "")
            )

    def _update_title(self, source: AnyDocument | None, total: int, shown: int) -> None:
        if source is None:
            self.title.setText(self.group_title or self.tr("No file"))
            return
        state = self.tr(" · read-only") if source.read_only else ""
        state += "" if source.exists else self.tr(" · not written yet: saving creates it")
        state += self.tr(" · unsaved edits") if source.modified else ""
        count = (
            self.tr("{shown} of {total} memories")
            if shown != total
            else self.tr("{total} memories")
        ).format(shown=shown, total=total)
        self.title.setText(f"{self.group_title} — {source.rel}: {count}{state}")

    def _update_warnings(self, source: AnyDocument | None) -> None:
        """The banner, worked out again only when the shown file changed (not at every
        selection or refresh: an agent's warnings may read other files)."""
        state = None if source is None else (id(source), source.revision)
        if state == self._warned_state:
            return
        self._warned_state = state
        found = self.warn(source) if self.warn is not None and source is not None else []
        self.warnings.set_warnings(found)

    def _update_buttons(self) -> None:
        writable = self.source is not None and not self.source.read_only
        selected = self.current_key() is not None
        self.editor.setReadOnly(not writable)
        self.file_text.setReadOnly(not writable)
        self.apply_text_button.setEnabled(writable)
        self.apply_button.setEnabled(writable and selected)
        self.delete_button.setEnabled(writable and selected)
        self.add_button.setEnabled(writable)
        for button, _make, applies in self._actions:
            shown = self.source is not None and applies(self.source)
            button.setVisible(shown)
            button.setEnabled(shown and writable and selected)
        can_promote = self.promote is not None and self._is_daily()
        self.promote_button.setVisible(can_promote)
        self.promote_button.setEnabled(can_promote and selected)

    def _is_daily(self) -> bool:
        return self.source is not None and getattr(self.source.fmt, "kind", None) == "daily"

    def row_count(self) -> int:
        return self.model.rowCount()

    def current_key(self) -> str | None:
        row = self.table.currentIndex().row()
        return self.model.items[row].key if 0 <= row < len(self.model.items) else None

    def current_content(self) -> str | None:
        row = self.table.currentIndex().row()
        return self.model.items[row].content if 0 <= row < len(self.model.items) else None

    def select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index)
        self._show_entry()

    def select_key(self, key: str) -> None:
        row = self.model.row_of(key)
        if row < 0:
            raise KeyError(key)
        self.select_row(row)

    def _show_entry(self) -> None:
        """The current entry in the editor; text typed there and not applied stays while the
        same entry is shown (a refresh after another program's change must not wipe it)."""
        key, source = self.current_key(), self.source
        item = source.item(key) if source is not None and key else None
        text = item.content if item is not None else ""
        owner = (id(self.ws), source.rel, key) if source is not None else None
        if self.entry_typed.show(owner, text):
            self.notice.emit(
                self.tr(
                    "[{key}] was changed by another program while you typed: your text is kept "
                    "in the editor, not applied."
                ).format(key=key)
            )
        about = ""
        if self.describe is not None and self.source is not None and key is not None:
            about = core_text(self.describe(self.source, key))
        self.about.setText(about)
        self.about.setVisible(bool(about))
        self._update_buttons()

    # -- changes --------------------------------------------------------------------------------
    def push_change(self, make: Callable[[], ChangeSet]) -> OpCommand | None:
        """A page's own change of the shown file, undoable like the page's edits."""
        return self._push(make)

    def _push(self, make: Callable[[], ChangeSet]) -> OpCommand | None:
        """Apply the change set `make` builds as an undoable command; a refusal is shown."""
        try:
            changeset = make()
            cautions = self.caution(changeset) if self.caution is not None else []
            if cautions and not self.confirm(
                "\n".join([*map(core_text, cautions), self.tr("Make this change anyway?")])
            ):
                return None
            command = OpCommand(changeset, self._changed)
        except (ValueError, KeyError, WorkspaceError) as exc:  # InputError is a ValueError
            self.failed.emit(str(exc).strip("'\""))
            return None
        self.push(command)
        return command

    def _ask(self, question: str) -> bool:
        answer = QMessageBox.question(self, self.tr("Before this change"), literal_html(question))
        return answer == QMessageBox.StandardButton.Yes

    def _changed(self, command: OpCommand) -> None:
        if command.document is self.source:
            self.entry_typed.forget()  # an edit, undo or redo: show the entry as it now is
            self.file_typed.forget()
            self.refresh()
        self.changed.emit(command.document)

    def apply_edit(self) -> None:
        key, source = self.current_key(), self.source
        if key is None or source is None:
            return
        text = plain_text(self.editor)
        current = source.item(key)
        if current is None or current.content == text.strip():
            return
        self._push(lambda: edit_entry(source, key, text))

    def apply_pending(self) -> None:
        """Text typed and not applied yet becomes an edit (before a save or a write)."""
        if self.entry_typed.typed():
            self.apply_edit()
        if self.file_typed.typed():
            self.apply_text()

    def apply_text(self) -> None:
        """The whole file's text as the person wrote it in the Whole file tab."""
        source = self.source
        if source is None:
            return
        text, base = plain_text(self.file_text), str(self.file_typed.base)
        if text == source.text():
            return
        self._push(lambda: set_text(source, text, base=base))

    def delete_entry(self) -> None:
        key, source = self.current_key(), self.source
        if key is None or source is None:
            return
        self._push(lambda: delete_entry(source, key))

    def add_entry(self) -> None:
        source, ws = self.source, self.ws
        if source is None or ws is None:
            return
        text = plain_text(self.editor)
        command = self._push(lambda: ws.add_entry(source, text))
        if command is not None:
            self.filter.clear()
            self.select_key(command.keys[0])

    def promote_entry(self) -> None:
        key, source, promote = self.current_key(), self.source, self.promote
        if key is None or source is None or promote is None:
            return
        self._push(lambda: promote(source, key))


def _matches(item: Item, query: str) -> bool:
    words = query.casefold().split()
    text = f"{item.label} {item.content}".casefold()
    return all(w in text for w in words)


def _cells(item: Item, first: str) -> tuple[str, str, str]:
    new = QCoreApplication.translate("EntriesView", "new")
    return first, str(item.line) if item.line else new, _first_line(item.content)


def _first_line(text: str) -> str:
    """The line that says most of a memory in one row: its first, unless that is a Markdown
    heading (a team entry's `## 团队记忆条目`, a summary's `## 当前任务`) with text below it."""
    lines = text.split("\n")
    said = next((x for x in lines if x.strip() and not x.lstrip().startswith("#")), lines[0])
    return said if len(said) <= 200 else said[:199] + "…"
