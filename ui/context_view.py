"""What the agent injects when a session starts, for any agent (`Agent.context`): each file with
how much of it the prompt holds, why some is cut, the memories the model will not see, and the
exact messages the agent sends. Files as saved on disk are what the agent reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.agent import AnyAgent, Context, Injected
from core.capabilities import SessionStart
from core.formats.text import InputError
from core.store.errors import WorkspaceError
from ui.i18n import QT_TRANSLATE_NOOP, core_error, core_text
from ui.untrusted import literal_html, plain_label

translate = QCoreApplication.translate

EXPLAIN = QT_TRANSLATE_NOOP(
    "ContextView",
    "What the agent puts into its prompt when a new session starts, read from the files as "
    "saved. Memories listed under “Not seen” are in the files but not in the prompt.",
)
HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "File"),
    QT_TRANSLATE_NOOP("core", "Chars sent"),
    QT_TRANSLATE_NOOP("core", "File chars"),
    QT_TRANSLATE_NOOP("core", "Cut"),
)

Scopes = Callable[[], Sequence[str]]


class ContextView(QWidget):
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.agent: AnyAgent | None = None
        self.root: Path | None = None
        self.scopes: Scopes = lambda: ()
        self.context: Context | None = None
        self.day = QDateEdit(QDate.currentDate())
        self.day.setObjectName("contextDay")
        self.day.setCalendarPopup(True)
        self.day.setDisplayFormat("yyyy-MM-dd")
        self.scope = QComboBox()
        self.scope.setObjectName("contextScope")
        self.project = QComboBox()
        self.project.setObjectName("contextProject")
        self.projects: Scopes = lambda: ()
        self.reload = QPushButton(self.tr("Refresh"))
        self.reload.setObjectName("contextRefresh")
        self.title = plain_label(name="contextTitle", wrap=True)
        self.files = QTableWidget(0, len(HEADERS))
        self.files.setObjectName("contextFiles")
        self.files.setHorizontalHeaderLabels([core_text(h) for h in HEADERS])
        self.files.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.files.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.files.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.files.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.files.verticalHeader().hide()
        self.notes = plain_label(name="contextNotes", wrap=True)
        self.unseen = QListWidget()
        self.unseen.setObjectName("contextUnseen")
        self.part_text = _text_box("contextPartText")
        self.messages = _text_box("contextMessages")
        self._build()
        self.reload.clicked.connect(self.refresh)
        self.day.dateChanged.connect(self.refresh)
        self.scope.currentIndexChanged.connect(self.refresh)
        self.project.currentIndexChanged.connect(self.refresh)
        self.files.currentCellChanged.connect(lambda row, *_: self._show_part(row))

    def _build(self) -> None:
        explain = QLabel(self.tr(EXPLAIN))
        explain.setWordWrap(True)
        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("Session starts on")))
        controls.addWidget(self.day)
        self.scope_label = QLabel(self.tr("Scope"))
        controls.addWidget(self.scope_label)
        controls.addWidget(self.scope)
        self.project_label = QLabel(self.tr("Project"))
        controls.addWidget(self.project_label)
        controls.addWidget(self.project)
        controls.addStretch(1)
        controls.addWidget(self.reload)
        detail = QWidget()
        column = QVBoxLayout(detail)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.notes)
        column.addWidget(QLabel(self.tr("Not seen by the model:")))
        column.addWidget(self.unseen, 1)
        column.addWidget(QLabel(self.tr("What of this file the prompt holds:")))
        column.addWidget(self.part_text, 2)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.files)
        split.addWidget(detail)
        split.setSizes([420, 600])
        self.tabs = QTabWidget()
        self.tabs.addTab(split, self.tr("Per file"))
        self.tabs.addTab(self.messages, self.tr("As the agent sends it"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(explain)
        layout.addLayout(controls)
        layout.addWidget(self.title)
        layout.addWidget(self.tabs, 1)

    def show_workspace(
        self,
        agent: AnyAgent,
        root: Path,
        scopes: Scopes = lambda: (),
        scope_name: str = QT_TRANSLATE_NOOP("ContextView", "Scope"),
        projects: Scopes = lambda: (),
    ) -> None:
        """Show what `agent` injects for the workspace at `root` (`scopes`: the scope names to
        choose from, when the agent keeps one memory per scope or person: `scope_name`;
        `projects`: the projects a session may work in, when the agent filters by them)."""
        self.agent, self.root, self.scopes, self.projects = agent, root, scopes, projects
        self.scope_label.setText(self.tr(scope_name))
        _fill(self.scope, self.scope_label, list(scopes()))
        found = list(projects())
        _fill(self.project, self.project_label, ["", *found] if found else [])
        self.refresh()

    def refresh(self) -> None:
        if self.agent is None or self.root is None:
            return
        qday = self.day.date()
        day = date(qday.year(), qday.month(), qday.day())
        scope = self.scope.currentText() or None
        project = self.project.currentText() or None
        try:
            agent = SessionStart.of(self.agent, self.root)
            found = agent.context(self.root, today=day, scope=scope, project=project)
        except (WorkspaceError, InputError, ValueError) as exc:
            self._show(
                Context(
                    [],
                    [],
                    self.tr("Cannot tell what the agent injects: {error}").format(
                        error=core_error(exc)
                    ),
                )
            )
            return
        self._show(found)

    def _show(self, found: Context) -> None:
        self.context = found
        self.title.setText(core_text(found.title))
        self.files.setRowCount(len(found.parts))
        for row, part in enumerate(found.parts):
            name = core_text(part.label) or part.file
            cells = (
                name if name == part.file or not part.file else f"{name} ({part.file})",
                f"{part.injected_chars:,}",
                f"{part.chars:,}",
                _cut(part),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(literal_html(part.file))
                self.files.setItem(row, column, item)
        self.messages.setPlainText("\n\n".join(found.messages))
        if found.parts:
            self.files.selectRow(0)
        self._show_part(0 if found.parts else -1)

    def unseen_items(self) -> list[str]:
        """The memories of the selected file listed as not seen."""
        return [self.unseen.item(i).text() for i in range(self.unseen.count())]

    def _show_part(self, row: int) -> None:
        parts = self.context.parts if self.context else []
        part = parts[row] if 0 <= row < len(parts) else None
        self.notes.setText("\n".join(core_text(note) for note in part.notes) if part else "")
        self.unseen.clear()
        if part is not None:
            self.unseen.addItems(
                [core_text(u.label) for u in part.unseen]
                or [self.tr("(none: the model sees every memory)")]
            )
        self.part_text.setPlainText(part.text if part else "")


def _fill(box: QComboBox, label: QLabel, names: list[str]) -> None:
    """The choices of a combo box, shown with its label only when there is a choice."""
    box.blockSignals(True)
    box.clear()
    box.addItems(names)
    box.blockSignals(False)
    box.setVisible(bool(names))
    label.setVisible(bool(names))


def _cut(part: Injected) -> str:
    if part.unseen:
        return translate("ContextView", "{count} not seen").format(count=len(part.unseen))
    if part.truncated:
        return translate("ContextView", "truncated")
    return translate("ContextView", "left out") if part.chars and not part.injected_chars else ""


def _text_box(name: str) -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setObjectName(name)
    box.setReadOnly(True)
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    return box
