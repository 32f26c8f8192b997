"""PicoClaw's daily notes (`memory/YYYYMM/YYYYMMDD.md`): browse by month, edit, promote passages.

Each note is edited as one text; Apply (or switching to another day) puts the editor's text on
the window's undo stack as a change set (an OpCommand). A selected passage can be promoted to MEMORY.md in
the agent's own format. Nothing is written before the person saves the workspace.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QUndoCommand
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.agents.picoclaw.format import daily_append_text
from core.agents.picoclaw.workspace import Note, PicoClawWorkspace
from core.formats.text import BOM
from core.ops import ChangeSet
from core.ops.entries import set_text
from core.store.errors import WorkspaceError
from ui.i18n import core_error
from ui.typed import Typed
from ui.undo import OpCommand
from ui.untrusted import plain_label

DAY_ROLE = Qt.ItemDataRole.UserRole  # a day item's date (ISO text)
MONTH_ROLE = Qt.ItemDataRole.UserRole + 1  # a month item's "YYYY-MM"
FILTER_DELAY_MS = 200
READ_ERRORS = (ValueError, OSError, WorkspaceError)  # InputError is a ValueError


@dataclass(frozen=True, slots=True)
class NoteRow:
    """One day in the tree: its size in bytes (as edited, when unsaved) and unsaved state."""

    day: date
    size: int
    modified: bool


class DailyNotesView(QWidget):
    failed = Signal(str)  # a refused action, worded for the person
    notice = Signal(str)  # worth telling, not an error
    longterm_changed = Signal()  # MEMORY.md changed by a promote (or its undo/redo)
    changed = Signal(object)  # the note's document that changed (apply, new note, undo, redo)

    def __init__(self, push: Callable[[QUndoCommand], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.push = push
        self.ws: PicoClawWorkspace | None = None
        self.day: date | None = None  # the day whose note is in the editor
        self._switching = False  # applying the previous day's text while the tree changes day
        self._days: dict[date, QTreeWidgetItem] = {}
        self._months: dict[str, QTreeWidgetItem] = {}
        self._first_fill = True  # the first fill expands the newest month only
        self._build()

    def _build(self) -> None:
        self.filter = QLineEdit()
        self.filter.setObjectName("dailyFilter")
        self.filter.setPlaceholderText(self.tr("Search the notes: words that must all appear"))
        self.filter.setClearButtonEnabled(True)
        self._filter_timer = QTimer(self, singleShot=True, interval=FILTER_DELAY_MS)
        self._filter_timer.timeout.connect(self.refresh)  # every note is read: not per keystroke
        self.filter.textChanged.connect(lambda _t: self._filter_timer.start())
        self.tree = QTreeWidget()
        self.tree.setObjectName("dailyTree")
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.title = plain_label(name="dailyTitle", wrap=True)
        self.compress_label = plain_label(name="compressLabel")
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("dailyEditor")
        self.typed = Typed.of(self.editor)  # the note's text, and what the person typed over it
        self.editor.textChanged.connect(self._update_buttons)
        self.editor.selectionChanged.connect(self._update_buttons)
        self.apply_button = self._button("applyButton", self.tr("Apply"), self.apply)
        self.apply_button.setToolTip(
            self.tr("Apply the edited note (Ctrl+Return); saving writes it")
        )
        self.promote_button = self._button(
            "promoteButton",
            self.tr("Promote selection to long-term memory"),
            self.promote_selection,
        )
        self.promote_button.setToolTip(
            self.tr(
                "Append the selected text to memory/MEMORY.md under today's date, as the agent does"
            )
        )
        self.today_button = self._button(
            "newTodayButton", self.tr("New note for today"), self.new_note_for_today
        )
        apply_key = QShortcut(QKeySequence("Ctrl+Return"), self.editor)
        apply_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        apply_key.activated.connect(self.apply)
        apply_key.setWhatsThis(self.tr("Apply the edited note"))
        self._layout()
        self._show_note(None)

    def _button(self, name: str, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        for button in (self.apply_button, self.promote_button, self.today_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.title)
        column.addWidget(self.editor, 1)
        column.addLayout(buttons)
        left = QWidget()
        left_column = QVBoxLayout(left)
        left_column.setContentsMargins(0, 0, 0, 0)
        left_column.addWidget(self.filter)
        left_column.addWidget(self.tree, 1)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([260, 700])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.compress_label)
        layout.addWidget(split, 1)

    # -- what is shown --------------------------------------------------------------------------
    def show_workspace(self, ws: PicoClawWorkspace | None) -> None:
        """Show a workspace's notes; the same workspace again keeps selection and editor text."""
        if ws is self.ws and ws is not None:
            self.refresh()
            return
        self.ws = ws
        self.day = None
        self._first_fill = True
        self.refresh()
        newest = max(self._days, default=None)
        if newest is not None:
            self.select_day(newest)

    def refresh(self) -> None:
        """Read the list anew (after undo, redo, save or reload), keeping the selected day.

        Text typed but not applied stays, also when another program changed the note meanwhile
        (applying it merges with their change).
        """
        self._update_compress_label()
        self._fill_tree(self._rows())
        day = self.day
        if day is None or day not in self._days:
            self._show_note(None)
            return
        note = self._note(day)
        if note is None:
            self._show_note(None)
        elif self.typed.show(day, note.text()):
            self.notice.emit(
                self.tr(
                    "{file} was changed by another program while you typed: your text is kept "
                    "in the editor; Apply merges it with their change."
                ).format(file=note.rel)
            )
        self._update_title()
        self._update_buttons()

    def _rows(self) -> list[NoteRow]:
        """Every note on disk and every unsaved one, newest first."""
        ws = self.ws
        if ws is None:
            return []
        rows = {n.date: NoteRow(n.date, n.size, False) for n in ws.daily_notes()}
        for day, note in ws.open_notes():
            if note.modified:
                rows[day] = NoteRow(day, len(note.render()), True)
        query = self.filter.text()
        if query.strip():
            matching = ws.notes_matching(query)  # the day being edited stays in view
            rows = {d: r for d, r in rows.items() if d in matching or d == self.day}
        return sorted(rows.values(), key=lambda r: r.day, reverse=True)

    def _fill_tree(self, rows: list[NoteRow]) -> None:
        """Months (newest first) holding their days; expansion and selection are kept."""
        expanded = self._expanded_months(rows)
        self.tree.blockSignals(True)
        self.tree.clear()
        self._days, self._months = {}, {}
        by_month: dict[str, list[NoteRow]] = defaultdict(list)
        for row in rows:
            by_month[_month(row.day)].append(row)
        for month, days in by_month.items():
            top = QTreeWidgetItem(self.tree, [_month_label(month, days)])
            top.setData(0, MONTH_ROLE, month)
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self._months[month] = top
            for row in days:
                item = QTreeWidgetItem(top, [_day_label(row)])
                item.setData(0, DAY_ROLE, row.day.isoformat())
                self._days[row.day] = item
        for month, top in self._months.items():
            top.setExpanded(month in expanded)
        if self.day in self._days:
            self.tree.setCurrentItem(self._days[self.day])
        self.tree.blockSignals(False)

    def _expanded_months(self, rows: list[NoteRow]) -> set[str]:
        if self._first_fill:
            self._first_fill = False
            return {_month(rows[0].day)} if rows else set()
        out = {m for m, item in self._months.items() if item.isExpanded()}
        if self.day is not None:
            out.add(_month(self.day))
        return out

    def _sync_tree(self) -> None:
        """Update the labels in place; rebuild only when days came or went (never mid-switch)."""
        rows = self._rows()
        if {r.day for r in rows} != set(self._days):
            if not self._switching:
                self._fill_tree(rows)
                if self.day not in self._days:
                    self._show_note(None)
            return
        by_month: dict[str, list[NoteRow]] = defaultdict(list)
        for row in rows:
            self._days[row.day].setText(0, _day_label(row))
            by_month[_month(row.day)].append(row)
        for month, days in by_month.items():
            self._months[month].setText(0, _month_label(month, days))

    def _update_compress_label(self) -> None:
        stamp = self.ws.last_compress() if self.ws is not None else None
        when = self.tr("never")
        if stamp is not None:
            when = self.tr("{time} (local time)").format(
                time=stamp.astimezone().strftime("%Y-%m-%d %H:%M")
            )
        self.compress_label.setText(
            self.tr("Long-term memory last compressed: {when}").format(when=when)
        )

    def _update_title(self) -> None:
        note = self._note(self.day) if self.day is not None else None
        if note is None:
            empty = self.ws is None or not self._days
            self.title.setText(self.tr("No daily notes") if empty else self.tr("Select a day"))
            return
        state = "" if note.exists else self.tr(" · not written yet: saving creates it")
        state += self.tr(" · unsaved edits") if note.modified else ""
        self.title.setText(f"{self.day} — {note.rel}{state}")

    def _update_buttons(self) -> None:
        has_note = self.day is not None
        self.apply_button.setEnabled(has_note and self._dirty())
        self.promote_button.setEnabled(has_note and self.editor.textCursor().hasSelection())
        self.today_button.setEnabled(self.ws is not None)

    # -- the editor -----------------------------------------------------------------------------
    def _note(self, day: date) -> Note | None:
        """The day's note, or None after telling the person why it cannot be read."""
        if self.ws is None:
            return None
        try:
            return self.ws.note(day)
        except READ_ERRORS as exc:
            self.failed.emit(core_error(exc))
            return None

    def _show_note(self, note: Note | None) -> None:
        """Put the note's current text (unsaved edits included) in the editor."""
        if note is None:
            self.day = None
        self.typed.show(self.day, note.text() if note is not None else "", force=True)
        self.editor.setReadOnly(note is None)
        self._update_title()
        self._update_buttons()

    def _dirty(self) -> bool:
        return self.day is not None and self.typed.typed()

    def _editor_note_text(self) -> str:
        """The editor's text in the note's own form: its BOM and line ending put back (Qt
        drops a leading BOM when it shows text)."""
        base = str(self.typed.base)
        newline = "\r\n" if base.count("\r\n") * 2 > base.count("\n") else "\n"
        bom = BOM if base.startswith(BOM) else ""
        return bom + str(self.typed.value()).replace("\n", newline)

    def selected_text(self) -> str:
        return self.editor.textCursor().selectedText().replace("\u2029", "\n")

    def select_day(self, day: date) -> None:
        """Show the day's note (applying the editor's text to the note shown before)."""
        item = self._days.get(day)
        if item is None:
            raise KeyError(day.isoformat())
        month = item.parent()
        if month is not None:
            month.setExpanded(True)
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)

    def _current_changed(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        day = _day_of(current)
        if day == self.day:
            return
        self._switching = True  # the tree is mid-signal: labels may change, items must stay
        try:
            self.apply()
            self.day = day
            self._show_note(self._note(day) if day is not None else None)
            self._sync_tree()
        finally:
            self._switching = False

    # -- changes --------------------------------------------------------------------------------
    def _push(self, make: Callable[[], ChangeSet], on_changed: Callable[[OpCommand], None]) -> bool:
        try:
            command = OpCommand(make(), on_changed)
        except READ_ERRORS as exc:
            self.failed.emit(core_error(exc))
            return False
        self.push(command)
        return True

    def apply(self) -> bool:
        """Put the editor's text in the note as one undoable edit; False if nothing to apply."""
        day = self.day
        if day is None or not self._dirty():
            return False
        note = self._note(day)
        text, base = self._editor_note_text(), str(self.typed.base)
        if note is None or text == note.text():
            return False
        label = self.tr("Edit daily note {day}").format(day=day)
        return self._push(lambda: set_text(note, text, label, base), self._note_changed)

    def apply_pending(self) -> None:
        """Apply text typed but not applied yet (e.g. before the window saves)."""
        self.apply()

    def _note_changed(self, command: OpCommand) -> None:
        note = command.document
        day = self.ws.note_day(note) if self.ws is not None else None
        if day is not None and not self._switching:
            if day == self.day and note.text() != self.typed.base:
                self._show_note(note)
            self._update_title()
            self._update_buttons()
        self._sync_tree()
        self.changed.emit(note)

    def promote_selection(self) -> bool:
        """Append the selected passage to MEMORY.md as the agent would (undoable)."""
        ws, day = self.ws, self.day
        if ws is None or day is None:
            return False
        passage = self.selected_text()
        if not passage.strip():
            self.failed.emit(
                self.tr("Select some text of the note to promote it to long-term memory.")
            )
            return False
        label = self.tr("Promote passage from {day}").format(day=day)
        return self._push(
            lambda: replace(ws.promote_passage(passage), label=label),
            lambda _c: self.longterm_changed.emit(),
        )

    def new_note_for_today(self, today: date | None = None) -> None:
        """Start today's note as the agent does (`# YYYY-MM-DD` heading) and show it."""
        if self.ws is None:
            return
        self.apply()
        day = today or date.today()
        note = self._note(day)
        if note is None:
            return
        if not note.text():
            text = daily_append_text(None, "", day)
            label = self.tr("New daily note {day}").format(day=day)
            self._push(lambda: set_text(note, text, label), self._note_changed)
        self.select_day(day)


def _day_of(item: QTreeWidgetItem | None) -> date | None:
    value = item.data(0, DAY_ROLE) if item is not None else None
    return date.fromisoformat(value) if isinstance(value, str) else None


def _month(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _month_label(month: str, days: list[NoteRow]) -> str:
    mark = " *" if any(r.modified for r in days) else ""
    return f"{month} ({len(days)}){mark}"


def _day_label(row: NoteRow) -> str:
    if row.size == 1:
        size = QCoreApplication.translate("DailyNotesView", "1 byte")
    else:
        size = QCoreApplication.translate("DailyNotesView", "{count} bytes").format(count=row.size)
    mark = " *" if row.modified else ""
    return f"{row.day.isoformat()} · {_weekday(row.day)} · {size}{mark}"


def _weekday(day: date) -> str:
    """The day's short name in the window's language, whatever the system's locale."""
    names = (
        QCoreApplication.translate("DailyNotesView", "Mon"),
        QCoreApplication.translate("DailyNotesView", "Tue"),
        QCoreApplication.translate("DailyNotesView", "Wed"),
        QCoreApplication.translate("DailyNotesView", "Thu"),
        QCoreApplication.translate("DailyNotesView", "Fri"),
        QCoreApplication.translate("DailyNotesView", "Sat"),
        QCoreApplication.translate("DailyNotesView", "Sun"),
    )
    return names[day.weekday()]
