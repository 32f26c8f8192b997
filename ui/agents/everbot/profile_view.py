"""The scoring profile page of an EverBot / tiered workspace (SPEC 3, 6 "Policy"): every value
MemDesk scores and decays with, where it comes from (the built-in profile or this workspace's
`.memdesk/profile.json`), new values typed as a draft with a what-if of what they would do to
the memories, then saved at once (the file before the change is kept as a version), and earlier
versions compared and restored.

The what-if runs off the UI thread; a result for an older draft is dropped. Writes go through the
desk (`write_requested`), which refuses while other edits are unsaved.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QSpinBox,
    QSplitter,
    QTableView,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.agents.everbot.profile_file import (
    PROFILE_FILE,
    ProfileRow,
    ProfileVersion,
    profile_versions,
    typed_value,
)
from core.agents.everbot.what_if import WhatIf, what_if
from core.agents.everbot.workspace import Workspace
from core.capabilities import Policy, Snapshots
from core.formats.strict_json import dump_json
from core.formats.text import InputError
from core.ops import apply_and_save
from core.store.errors import WorkspaceError
from core.store.settled import HeldJournal, held_journal
from ui.i18n import core_error, core_text
from ui.tables import KeyedTableModel, keyed_table, read_only_table
from ui.tasks import TaskRunner
from ui.theme import error_style, themed
from ui.typed import editing_kept
from ui.untrusted import literal_html, plain_label
from ui.versions_box import Version, VersionsBox, button, button_row

__all__ = ["ProfileModel", "ProfileView"]

KEY, NOW, SOURCE, BUILT_IN, NEW, MEANING = range(6)
UNREADABLE = (WorkspaceError, InputError, OSError)
_Index = QModelIndex | QPersistentModelIndex
DRAFT_BACKGROUND = ("#ffecb3", "#5c4a12")  # light theme, dark theme


class ProfileModel(KeyedTableModel[ProfileRow]):
    """One row per profile value, with the draft's new value where one was typed."""

    draft_changed = Signal()
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_headers(), NEW, parent)
        self.draft: dict[str, str | None] = {}  # key -> typed text (None: back to built-in)

    def clear_draft(self) -> None:
        self.beginResetModel()
        self.draft = {}
        self.endResetModel()
        self.draft_changed.emit()

    def set_draft(self, key: str, text: str | None) -> bool:
        """A new value typed for `key` (None: the built-in value); False when refused."""
        row = self.row_of(key)
        if row is None:
            return False
        current = self.rows[row]
        if text is None:
            unchanged = current.source == "default"
        else:
            try:
                unchanged = typed_value(key, text) == current.value
            except ValueError as exc:
                self.refused.emit(str(exc))
                return False
            text = text.strip()
        if unchanged:
            self.draft.pop(key, None)
        else:
            self.draft[key] = text
        self.dataChanged.emit(self.index(row, 0), self.index(row, MEANING))
        self.draft_changed.emit()
        return True

    def profile_row(self, row: int) -> ProfileRow | None:
        return self.row_at(row)

    def cells(self, row: ProfileRow) -> tuple[str, ...]:
        draft = self.draft.get(row.key, "") if row.key in self.draft else ""
        if row.key in self.draft and draft is None:
            draft = self.tr("(built-in)")
        return (
            row.key,
            _json(row.value),
            core_text(row.source),
            _json(row.default),
            draft or "",
            core_text(row.meaning),
        )

    def tooltip(self, row: ProfileRow) -> str:
        tip = self.tr("{key}: {meaning}\nBuilt-in: {default}")
        return literal_html(
            tip.format(key=row.key, meaning=core_text(row.meaning), default=_json(row.default))
        )

    def styled(self, row: ProfileRow, role: int) -> Any:
        """Bold where the workspace or the draft changes the value; the draft highlighted."""
        if role == Qt.ItemDataRole.FontRole and (row.key in self.draft or row.source != "default"):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and row.key in self.draft:
            return QBrush(themed(*DRAFT_BACKGROUND))
        return None

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        row = self.profile_row(index.row()) if index.isValid() else None
        if row is None or index.column() != NEW or role != Qt.ItemDataRole.EditRole:
            return False
        text = str(value)
        if not text.strip():
            self.draft.pop(row.key, None)
            self.dataChanged.emit(index, index)
            self.draft_changed.emit()
            return True
        return self.set_draft(row.key, text)


class ProfileView(QWidget):
    failed = Signal(str)
    notice = Signal(str)
    write_requested = Signal(object, str)  # (work run off the UI thread, what it did)
    what_if_shown = Signal()  # a what-if result is on screen (tests wait for it)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: Workspace | None = None
        self.held: HeldJournal | None = None  # the session's journal the what-if reads
        self.error: str | None = None
        self.found: WhatIf | None = None
        self._asked = 0  # the what-if run whose result is still wanted
        self.runner = TaskRunner(self)
        self.model = ProfileModel(self)
        self.model.refused.connect(self.failed)
        self.model.draft_changed.connect(self._draft_changed)
        self.title = plain_label(
            self.tr("Scoring profile: no workspace open"), name="profileTitle", wrap=True
        )
        self.error_label = plain_label(name="profileError", wrap=True)
        self.error_label.setStyleSheet(error_style(bold=True))
        self.table = self._profile_table()
        self.builtin_button = button(
            self.tr("Back to built-in"), "profileBuiltIn", self.builtin_selected
        )
        self.discard_button = button(
            self.tr("Discard new values"), "profileDiscard", self.model.clear_draft
        )
        self.save_button = button(self.tr("Save new values…"), "profileSave", self.save_draft)
        self.days = QSpinBox()
        self.days.setObjectName("whatIfDays")
        self.days.setRange(0, 3650)
        self.days.setSuffix(self.tr(" days from today"))
        self.days.valueChanged.connect(lambda _v: self._draft_changed())
        self.what_if_label = plain_label(name="whatIfSummary", wrap=True)
        self.what_if_table = read_only_table(
            "whatIfTable",
            (
                self.tr("ID"),
                self.tr("Score"),
                self.tr("Section"),
                self.tr("Review"),
                self.tr("Content"),
            ),
            stretch=4,
        )
        self.versions = VersionsBox(
            self.tr("Earlier versions of the profile"),
            names=("profileVersions", "profileVersionDiff"),
            empty=self.tr(
                "No earlier versions yet: saving {file} keeps the one it replaces."
            ).format(file=PROFILE_FILE),
        )
        self.versions.restore_requested.connect(self.restore_version)
        self.versions.gone.connect(
            lambda rel: self.notice.emit(
                self.tr("The version {version} is gone").format(version=rel)
            )
        )
        self._layout()
        self._draft_changed()

    def _profile_table(self) -> QTableView:
        table = keyed_table("profileTable", self.model, MEANING)
        return table

    def _layout(self) -> None:
        top = QWidget()
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        for widget in (self.title, plain_label(self._explain(), wrap=True), self.error_label):
            column.addWidget(widget)
        column.addWidget(self.table, 1)
        column.addLayout(button_row(self.builtin_button, self.discard_button, self.save_button))
        preview = QGroupBox(self.tr("What if: the memories the new values would change"))
        box = QVBoxLayout(preview)
        when = QHBoxLayout()
        when.addWidget(QLabel(self.tr("Decay up to")))
        when.addWidget(self.days)
        when.addStretch(1)
        box.addLayout(when)
        box.addWidget(self.what_if_label)
        box.addWidget(self.what_if_table, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        for part, stretch in ((top, 4), (preview, 2), (self.versions, 1)):
            split.addWidget(part)
            split.setStretchFactor(split.count() - 1, stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

    def _explain(self) -> str:
        return self.tr(
            "The values MemDesk scores and decays this workspace's memories with: a built-in "
            "profile, changed by {file}. Double-click a value in “New value” (or press F2) to "
            "try another; the what-if below lists the memories it would change. Save writes the "
            "new values at once; the file before the change is kept as a version you can restore."
        ).format(file=PROFILE_FILE)

    # -- what is shown --------------------------------------------------------------------------
    def show_workspace(self, ws: Workspace) -> None:
        if ws is not self.ws:
            self.model.draft = {}
        self.ws = ws
        self.refresh()

    def refresh(self) -> None:
        """Read the profile and its versions anew; the draft stays (it is what was typed)."""
        rows: list[ProfileRow] = []
        self.error = None
        current: dict[str, Any] | None = None
        if self.ws is not None:
            self.title.setText(self.tr("Scoring profile — {root}").format(root=self.ws.root))
            try:
                own = self.ws.profile_values()
                rows, current = own.rows(), own.overrides()
                problem = own.problem()
                if problem is not None:  # scored with the built-in values meanwhile
                    self.error = self.tr(
                        "{problem}; the built-in values below apply meanwhile"
                    ).format(problem=core_error(problem))
            except UNREADABLE as exc:
                self.error = core_error(exc)
        with editing_kept(self.table, self.model.key_at, self.model.row_of):
            self.model.set_rows(rows)
        self.table.setEnabled(bool(rows))
        self.error_label.setVisible(self.error is not None)
        self.error_label.setText(self.error or "")
        self._show_versions(current)
        self._draft_changed()

    def _show_versions(self, current: dict[str, Any] | None) -> None:
        versions: list[Version] = []
        listing_error = None
        if self.ws is not None:
            try:
                versions = [_version(v) for v in profile_versions(self.ws.root)]
            except UNREADABLE as exc:
                listing_error = self.tr("Cannot list the profile's versions: {error}").format(
                    error=core_error(exc)
                )
        self.versions.show_versions(
            versions, current, current_error=self.error, listing_error=listing_error
        )

    def select_key(self, key: str) -> None:
        row = self.model.row_of(key)
        if row is None:
            raise KeyError(key)
        self.table.selectRow(row)

    def current_key(self) -> str | None:
        row = self.model.profile_row(self.table.currentIndex().row())
        return row.key if row is not None else None

    # -- the draft and its what-if ---------------------------------------------------------------
    def builtin_selected(self) -> bool:
        key = self.current_key()
        return key is not None and self.model.set_draft(key, None)

    def _draft_changed(self) -> None:
        has_draft = bool(self.model.draft)
        self.save_button.setEnabled(has_draft and self.ws is not None)
        self.discard_button.setEnabled(has_draft)
        self._asked += 1
        self.found = None
        if not has_draft or self.ws is None:
            self.what_if_label.setText(
                self.tr("Type a new value above to see what it would change.")
            )
            self._fill_what_if(None)
            return
        self._run_what_if(self._asked)

    def _run_what_if(self, asked: int) -> None:
        ws, draft = self.ws, dict(self.model.draft)
        assert ws is not None
        at = date.today() + timedelta(days=self.days.value())
        try:
            tried = ws.profile_values().tried(draft)
        except UNREADABLE as exc:
            self.what_if_label.setText(
                self.tr("These values cannot be used: {error}").format(error=core_error(exc))
            )
            self._fill_what_if(None)
            return
        self.what_if_label.setText(self.tr("Working out what the new values would change…"))

        def shown(found: WhatIf) -> None:
            if asked == self._asked:  # else the draft changed meanwhile: a newer run follows
                self.found = found
                self.what_if_label.setText(core_text(found.summary()))
                self._fill_what_if(found)
                self.what_if_shown.emit()

        def failed(exc: BaseException) -> None:
            if asked == self._asked:
                self.what_if_label.setText(
                    self.tr("The what-if failed: {error}").format(error=core_error(exc))
                )

        def work() -> WhatIf:
            with held_journal(ws.root, self.held) as held, held.lent():
                return what_if(ws, tried, at)

        self.runner.run(work, on_done=shown, on_error=failed)

    def _fill_what_if(self, found: WhatIf | None) -> None:
        rows = found.rows if found is not None else []
        table = self.what_if_table
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            now, new = row.now, row.new
            cells = (
                row.id,
                _arrow(f"{now.score:.2f}", f"{new.score:.2f}"),
                _arrow(self._fate(now.fate), self._fate(new.fate)),
                _arrow(self._review(now.review), self._review(new.review)),
                " ".join(row.content.split())[:200],
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(literal_html(row.content if column == 4 else text))
                table.setItem(r, column, item)

    def _review(self, review: str | None) -> str:
        """The review a memory would be sent to: promotion, decay or none."""
        return core_text(review) if review else self.tr("none")

    def _fate(self, fate: str) -> str:
        """Where a memory is or would go: active, archived, to archive, to delete."""
        fates = {
            "active": self.tr("active"),
            "archived": self.tr("archived"),
            "archive": self.tr("to archive"),
            "delete": self.tr("to delete"),
        }
        return fates.get(fate, fate)

    # -- writing --------------------------------------------------------------------------------
    def confirm(self, text: str) -> bool:
        """Ask the person before writing (tests replace this)."""
        answer = QMessageBox.question(self, self.tr("Scoring profile"), literal_html(text))
        return answer == QMessageBox.StandardButton.Yes

    def save_draft(self) -> bool:
        ws, draft = self.ws, dict(self.model.draft)
        if ws is None or not draft:
            return False
        try:
            changeset = ws.set_profile(draft)
        except UNREADABLE as exc:
            self.failed.emit(str(exc))
            return False
        builtin = self.tr("built-in")
        listed = "\n".join(f"{k} = {builtin if v is None else v}" for k, v in draft.items())
        effect = self.what_if_label.text()
        question = self.tr("Save these values in {file}?\n\n{values}\n\nWhat if: {effect}").format(
            file=PROFILE_FILE, values=listed, effect=effect
        )
        if not self.confirm(question):
            return False
        work: Callable[[], Any] = lambda: apply_and_save(  # noqa: E731
            ws, [changeset], Policy.CHANGED
        )
        self.model.draft = {}
        self.write_requested.emit(
            work, self.tr("Scoring profile saved: {keys}").format(keys=", ".join(draft))
        )
        return True

    def restore_version(self, version: Version) -> bool:
        ws = self.ws
        if ws is None or version.values is None:
            return False
        label = self.tr("Restore scoring profile {version}").format(version=version.rel)
        try:  # checked as a saved value is, before anything is asked or written
            changeset = ws.profile_values().replace_with(version.values, label)
        except UNREADABLE as exc:
            self.failed.emit(f"{version.rel}: {exc}")
            return False
        question = self.tr(
            "Put back the profile as {version} holds it ({when})?\n\n{differences}\n\n"
            "The profile as it is now is kept as a version first."
        ).format(
            version=version.rel,
            when=f"{version.at:%Y-%m-%d %H:%M:%S}",
            differences=self.versions.title_label.text(),
        )
        if not self.confirm(question):
            return False
        work: Callable[[], Any] = lambda: apply_and_save(  # noqa: E731
            ws, [changeset], Snapshots.restored(version.rel)
        )
        self.write_requested.emit(
            work, self.tr("Scoring profile {version} restored").format(version=version.rel)
        )
        return True


def _headers() -> tuple[str, ...]:
    """The profile table's headers: KEY, NOW, SOURCE, BUILT_IN, NEW, MEANING."""
    return (
        QCoreApplication.translate("ProfileModel", "Key"),
        QCoreApplication.translate("ProfileModel", "Value"),
        QCoreApplication.translate("ProfileModel", "Source"),
        QCoreApplication.translate("ProfileModel", "Built-in"),
        QCoreApplication.translate("ProfileModel", "New value"),
        QCoreApplication.translate("ProfileModel", "Meaning"),
    )


def _version(found: ProfileVersion) -> Version:
    try:
        return Version(found.backup.at, found.rel, found.values())
    except UNREADABLE as exc:
        return Version(found.backup.at, found.rel, None, str(exc))


def _json(value: object) -> str:
    return dump_json(value)


def _arrow(before: str, after: str) -> str:
    return before if before == after else f"{before} → {after}"
