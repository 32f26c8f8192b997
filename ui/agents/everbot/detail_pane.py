"""The detail pane: one memory's fields to edit, its actions, a safe preview and its metadata.

The pane never edits the workspace itself: it asks core.agents.everbot.ops for the change set and
hands it to the window (`changes_requested`), which applies it as one undoable step.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.agent import namesakes_line
from core.agents.everbot import ops as operations
from core.agents.everbot.document import Entry, Section
from core.agents.everbot.history import chart_of
from core.agents.everbot.policy import KNOWN_CATEGORIES
from core.agents.everbot.workspace import Workspace
from core.formats.strict_json import dump_json
from core.ops import ChangeSet
from core.store.errors import WorkspaceError
from core.store.settled import HeldJournal, held_journal
from ui.agents.everbot.score_chart_view import ScoreChartView
from ui.i18n import core_error, core_text
from ui.icons import icon
from ui.markdown_view import MarkdownView
from ui.typed import Typed, plain_text
from ui.untrusted import plain_label

CHART_DELAY_MS = 200


class DetailPane(QWidget):
    """Edits one memory. Emits the change set to apply (its label names it in the undo menu)."""

    changes_requested = Signal(object)  # ChangeSet
    failed = Signal(str)  # an expected error, for the window's message area
    notice = Signal(str)  # worth telling, not an error

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: Workspace | None = None
        self.held: HeldJournal | None = None  # the session's journal the chart reads
        self.key: str | None = None
        self._build()
        # The memory's fields as shown, and what the person typed over them.
        self.typed = [Typed.of(w) for w in (self.content, self.category, self.score)]
        self.show_memory(None, None)

    # -- layout ----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.title = plain_label()
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.namesakes = plain_label(name="detailNamesakes", wrap=True)
        self.namesakes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.category = QComboBox()
        self.category.setEditable(True)
        self.category.addItems(KNOWN_CATEGORIES)
        self.score = QDoubleSpinBox()
        self.score.setDecimals(4)
        self.score.setRange(0.0, 100.0)
        self.score.setSingleStep(0.05)
        self.content = QPlainTextEdit()
        self.content.setObjectName("memoryContent")
        self.content.setTabChangesFocus(True)
        self.apply_button = QPushButton(icon("apply"), self.tr("Apply edits"))
        self.apply_button.setToolTip(
            self.tr("Apply the edited text, category and score (Ctrl+Return)")
        )
        self.apply_button.clicked.connect(self.apply_edits)
        apply_key = QShortcut(QKeySequence("Ctrl+Return"), self, self.apply_edits)
        apply_key.setWhatsThis(self.tr("Apply the edited memory"))
        self.reinforce_button = QPushButton(icon("reinforce"), self.tr("Reinforce"))
        self.reinforce_button.setToolTip(
            self.tr("The memory was really used: raise its score, one more hit")
        )
        self.reinforce_button.clicked.connect(self._reinforce)
        self.archive_button = QPushButton(icon("archive"), self.tr("Archive"))
        self.archive_button.clicked.connect(self._toggle_archive)
        self.pin_button = QPushButton(icon("pin"), self.tr("Pin to core"))
        self.pin_button.setToolTip(
            self.tr("Promote to the core category (never decays in the tiered profile)")
        )
        self.pin_button.clicked.connect(self._pin)
        self.delete_button = QPushButton(icon("delete"), self.tr("Delete"))
        self.delete_button.setToolTip(self.tr("Delete the memory (Edit → Undo brings it back)"))
        self.delete_button.clicked.connect(self._delete)
        self.preview = MarkdownView()
        self.meta = plain_label(wrap=True)
        self.meta.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        form.addRow(self.tr("Category"), self.category)
        form.addRow(self.tr("Score"), self.score)
        actions = QHBoxLayout()
        for button in (
            self.apply_button,
            self.reinforce_button,
            self.archive_button,
            self.pin_button,
            self.delete_button,
        ):
            actions.addWidget(button)
        editor = QWidget()
        top = QVBoxLayout(editor)
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title)
        top.addWidget(self.namesakes)
        top.addLayout(form)
        top.addWidget(self.content, 1)
        top.addLayout(actions)
        preview = QWidget()
        below = QVBoxLayout(preview)
        below.setContentsMargins(0, 0, 0, 0)
        below.addWidget(QLabel(self.tr("Preview (links and images are not loaded)")))
        below.addWidget(self.preview, 1)
        self.chart_view = ScoreChartView()
        self.pane_tabs = QTabWidget()
        self.pane_tabs.setObjectName("detailTabs")
        self.pane_tabs.addTab(preview, self.tr("Preview"))
        self.pane_tabs.addTab(self.chart_view, self.tr("Score history"))
        # The history reads the journal and every backup: worked out once the selection rests,
        # and only while its tab is shown.
        self._chart_timer = QTimer(self)
        self._chart_timer.setSingleShot(True)
        self._chart_timer.setInterval(CHART_DELAY_MS)
        self._chart_timer.timeout.connect(self.update_chart)
        self.pane_tabs.currentChanged.connect(lambda _i: self._chart_timer.start())
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(editor)
        split.addWidget(self.pane_tabs)
        split.setStretchFactor(0, 2)  # a memory's text is short: its history gets the room
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.meta)

    # -- showing -----------------------------------------------------------------------------------
    def show_memory(self, ws: Workspace | None, key: str | None) -> None:
        """Show a memory. What was typed into its fields and not applied stays while the same
        memory is shown again (a reload after the agent wrote the file must not wipe it)."""
        self.ws, self.key = ws, key
        entry = ws.find(key) if ws is not None and key is not None else None
        enabled = entry is not None
        for widget in (
            self.category,
            self.score,
            self.content,
            self.apply_button,
            self.reinforce_button,
            self.archive_button,
            self.pin_button,
            self.delete_button,
        ):
            widget.setEnabled(enabled)
        if entry is None:
            self.title.setText(self.tr("No memory selected"))
            for typed in self.typed:
                typed.forget()
            self.category.setEditText("")  # not the first category and a 0 score of no memory
            self.score.clear()
            self.content.setPlainText("")
            self.preview.set_memory_text("")
            self.meta.setText("")
            self._show_namesakes(None)
            self.chart_view.show_chart(None)
            return
        section = self.tr("archived") if entry.section == "archived" else self.tr("active")
        self.title.setText(
            self.tr("[{key}] · line {line} · {section}").format(
                key=entry.key, line=entry.line, section=section
            )
        )
        self._show_namesakes(entry)
        values = (entry.content, entry.category, entry.score)
        kept = [t.show((id(ws), key), v) for t, v in zip(self.typed, values, strict=True)]
        if any(kept):
            self.notice.emit(
                self.tr(
                    "[{key}] was changed by another program while you typed: your text is "
                    "kept in the editor, not applied; the preview shows the file's version."
                ).format(key=entry.key)
            )
        self.preview.set_memory_text(entry.content)
        self.archive_button.setText(
            self.tr("Unarchive") if entry.section == "archived" else self.tr("Archive")
        )
        self.meta.setText(_metadata(entry))
        self._chart_timer.start()

    def _show_namesakes(self, entry: Entry | None) -> None:
        """Say which other memories carry the shown one's id (the agent's file repeats it)."""
        line = ""
        if entry is not None and self.ws is not None:
            others = [e.key for e in self.ws.entries() if e.id == entry.id and e is not entry]
            line = namesakes_line(entry.id, others)
        self.namesakes.setText(core_text(line))
        self.namesakes.setVisible(bool(line))

    def changed(self, keys: list[str]) -> None:
        """Memories were edited here (or undone, redone): the shown one is shown as it now is."""
        if self.key in keys:
            for typed in self.typed:
                typed.forget()

    def update_chart(self) -> None:
        """The shown memory's score chart, when the Score history tab is shown."""
        if self.pane_tabs.currentWidget() is not self.chart_view:
            return
        if self.ws is None or self.key is None:
            self.chart_view.show_chart(None)
            return
        try:
            with held_journal(self.ws.root, self.held) as held, held.lent():
                data = chart_of(self.ws, self.key, date.today())
        except (WorkspaceError, OSError) as exc:
            self.chart_view.show_chart(None)
            self.chart_view.summary.setText(
                self.tr("No score history: {error}").format(error=core_error(exc))
            )
            return
        self.chart_view.show_chart(data)

    # -- actions -----------------------------------------------------------------------------------
    def apply_pending(self) -> None:
        """What was typed and not applied yet becomes an edit (before a save or a write)."""
        if any(typed.typed() for typed in self.typed):
            self.apply_edits()

    def apply_edits(self) -> None:
        entry = self._entry()
        if entry is None or self.ws is None:
            return
        fields: dict[str, object] = {
            "content": plain_text(self.content),
            "category": self.category.currentText().strip(),
        }
        if round(self.score.value(), 4) != round(entry.score, 4):
            fields["score"] = self.score.value()
        label = self.tr("Edit {key}").format(key=entry.key)
        self._request(lambda ws: operations.edit(ws, entry.key, label=label, **fields))

    def _reinforce(self) -> None:
        if self.key is not None:
            key = self.key
            label = self.tr("Reinforce {key}").format(key=key)
            self._act(lambda ws: operations.reinforce_memory(ws, key, label=label))

    def _toggle_archive(self) -> None:
        entry = self._entry()
        if entry is not None:
            key = entry.key
            section: Section = "active" if entry.section == "archived" else "archived"
            label = (
                self.tr("Unarchive {key}") if section == "active" else self.tr("Archive {key}")
            ).format(key=key)
            self._act(lambda ws: operations.move(ws, [key], section, label))

    def _pin(self) -> None:
        if self.key is not None:
            key = self.key
            label = self.tr("Pin {key} to core").format(key=key)
            self._act(lambda ws: operations.pin(ws, key, label))

    def _delete(self) -> None:
        if self.key is not None:
            key = self.key
            label = self.tr("Delete {key}").format(key=key)
            self._act(lambda ws: operations.delete(ws, [key], label))

    def _act(self, build: Callable[[Workspace], ChangeSet]) -> None:
        """An action on the memory as edited: what was typed is applied first (its own undo
        step), not dropped when the action shows the memory anew."""
        self.apply_pending()
        self._request(build)

    def _request(self, build: Callable[[Workspace], ChangeSet]) -> None:
        if self.ws is None:
            return
        try:
            changeset = build(self.ws)
        except WorkspaceError as exc:
            self.failed.emit(str(exc))
            return
        if changeset.changes:
            self.changes_requested.emit(changeset)

    def _entry(self) -> Entry | None:
        if self.ws is None or self.key is None:
            return None
        return self.ws.find(self.key)


def _metadata(entry: Entry) -> str:
    if entry.activation_count == 1:
        said = QCoreApplication.translate(
            "DetailPane", "Score {score} · last activated {day} · 1 hit"
        )
    else:
        said = QCoreApplication.translate(
            "DetailPane", "Score {score} · last activated {day} · {hits} hits"
        )
    parts = [
        said.format(
            score=f"{entry.score:.4f}", day=entry.last_activated, hits=entry.activation_count
        )
    ]
    for key, value in (entry.meta or {}).items():
        parts.append(f"{key}: {dump_json(value)}")
    return " · ".join(parts)
