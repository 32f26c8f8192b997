"""PicoClaw's MemoryPolicy page (SPEC 2.2): every key with the value the agent uses and where it
comes from, overrides set or removed, the snapshots of earlier overrides restored, any two
policies compared and a what-if of what the agent injects under a changed one.

Changes are written at once (the previous overrides saved as a snapshot first) by the desk, off the
UI thread: the page only asks it to run the work (`write_requested`). A corrupt config.json is
shown with its file and line and never written over. A corrupt policy_overrides.json is ignored
by the agent: the page shows what the agent does (defaults and config.json), says so once, sets
no value in it, and lets a snapshot be restored over it (its bytes backed up first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QMessageBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.agents.picoclaw.policy import (
    IGNORED_OVERRIDES,
    MEANINGS,
    NO_VALUE_SET,
    OVERRIDES,
    PolicyRow,
    Snapshot,
    checked_snapshot,
    list_snapshots,
    parse_override,
    rows_of,
)
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.capabilities import Policy, Snapshots
from core.formats.strict_json import dump_json
from core.formats.text import InputError
from core.ops import apply_and_save
from core.store.errors import WorkspaceError
from ui.agents.picoclaw.policy_compare import CompareBox, WhatIfBox
from ui.i18n import core_error, core_text
from ui.tables import KeyedTableModel, keyed_table
from ui.theme import error_style
from ui.typed import editing_kept
from ui.untrusted import literal_html, plain_label
from ui.versions_box import Version, VersionsBox, Words, button, button_row

__all__ = ["PolicyModel", "PolicyView"]

KEY, VALUE, SOURCE, CONFIG, OVERRIDE, MEANING = range(6)
UNREADABLE = (WorkspaceError, InputError, OSError)
_Index = QModelIndex | QPersistentModelIndex
# An override typed for a key; True when the page asked the desk to write it.
SetOverride = Callable[[str, str], bool]


class PolicyModel(KeyedTableModel[PolicyRow]):
    """One row per MemoryPolicy key; a typed override goes to `commit`, never into the model."""

    def __init__(self, commit: SetOverride, parent: QWidget | None = None) -> None:
        super().__init__(_headers(), OVERRIDE, parent)
        self._commit = commit

    def policy_row(self, row: int) -> PolicyRow | None:
        return self.row_at(row)

    def cells(self, row: PolicyRow) -> tuple[str, ...]:
        return _cells(row)

    def tooltip(self, row: PolicyRow) -> str:
        tip = self.tr("{key}: {meaning}\nDefault: {default}")
        return literal_html(
            tip.format(key=row.key, meaning=core_text(row.meaning), default=_shown(row.default))
        )

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        row = self.policy_row(index.row()) if index.isValid() else None
        if row is None or index.column() != OVERRIDE or role != Qt.ItemDataRole.EditRole:
            return False
        self._commit(row.key, str(value))
        return False  # the cell keeps the file's value until the desk has written and refreshed


class PolicyView(QWidget):
    failed = Signal(str)
    notice = Signal(str)
    write_requested = Signal(object, str)  # (work run off the UI thread, what it did)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: PicoClawWorkspace | None = None
        self.error: str | None = None  # why the policy cannot be shown
        self.ignored: str | None = None  # why the agent ignores the overrides file
        self.snapshots: dict[str, Snapshot] = {}  # by rel, as the versions box lists them
        self.model = PolicyModel(self.set_override, self)
        self.title = plain_label(
            self.tr("MemoryPolicy: no workspace open"), name="policyTitle", wrap=True
        )
        self.error_label = plain_label(name="policyError", wrap=True)
        self.error_label.setStyleSheet(error_style(bold=True))
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = self._policy_table()
        self.unset_button = button(self.tr("Remove override"), "policyUnset", self.unset_selected)
        self.versions = VersionsBox(
            self.tr("Snapshots of earlier overrides"),
            names=("snapshotsTable", "snapshotDiff"),
            empty=self.tr("No policy snapshots yet."),
            order=MEANINGS,
            words=Words(
                version=self.tr("snapshot"),
                values=self.tr("overrides"),
                then=self.tr("Snapshot"),
                restore=self.tr("Restore snapshot…"),
            ),
        )
        self.versions.restore_requested.connect(self.restore_version)
        self.versions.gone.connect(
            lambda rel: self.notice.emit(
                self.tr("The policy snapshot {snapshot} is gone").format(snapshot=rel)
            )
        )
        self.compare = CompareBox()
        self.what_if = WhatIfBox()
        self._layout()
        self._show_error()
        self._update_unset()

    def _policy_table(self) -> QTableView:
        table = keyed_table("policyTable", self.model, MEANING)
        table.selectionModel().currentRowChanged.connect(lambda *_: self._update_unset())
        return table

    def _layout(self) -> None:
        policy = QWidget()
        column = QVBoxLayout(policy)
        column.setContentsMargins(0, 0, 0, 0)
        for widget in (self.title, plain_label(self._explain(), wrap=True), self.error_label):
            column.addWidget(widget)
        column.addWidget(self.table, 1)
        column.addLayout(button_row(self.unset_button))
        self.tabs = QTabWidget()
        self.tabs.setObjectName("policyTabs")
        self.tabs.addTab(self.versions, self.tr("Snapshots"))
        self.tabs.addTab(self.compare, self.tr("Compare"))
        self.tabs.addTab(self.what_if, self.tr("What if"))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(policy)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

    def _explain(self) -> str:
        return self.tr(
            "The MemoryPolicy values PicoClaw uses: its defaults, overridden by the memory block "
            "of config.json, overridden by {file}. Double-click an override (or press F2) to "
            "change it. Changes are written at once; the previous overrides are saved as a "
            "snapshot first."
        ).format(file=OVERRIDES)

    # -- what is shown --------------------------------------------------------------------------
    def show_workspace(self, ws: PicoClawWorkspace) -> None:
        self.ws = ws
        self.refresh()

    def refresh(self) -> None:
        """Read the policy and the snapshots anew, keeping the selected key and snapshot."""
        self._fill_policy(self.current_key())
        self._fill_snapshots()

    def _fill_policy(self, keep: str | None) -> None:
        with editing_kept(self.table, self.model.key_at, self.model.row_of):
            self._fill_rows(keep)
        self._update_unset()

    def _fill_rows(self, keep: str | None) -> None:
        rows: list[PolicyRow] = []
        self.error = self.ignored = None
        if self.ws is not None:
            self.title.setText(self.tr("MemoryPolicy — {root}").format(root=self.ws.root))
            try:
                layers = self.ws.policy_layers()
                rows = rows_of(layers)
            except UNREADABLE as exc:
                self.error = core_error(exc)
            else:
                self.ignored = None if layers.ignored is None else core_error(layers.ignored)
        self.model.set_rows(rows)
        self.table.setEnabled(bool(rows))
        self._show_error()
        kept = self.model.row_of(keep) if keep is not None else None
        if kept is not None:
            self.table.selectRow(kept)

    def _show_error(self) -> None:
        self.error_label.setVisible(self.error is not None or self.ignored is not None)
        if self.error is not None:
            text = self.tr(
                "{error}\n\nMemDesk will not change the policy until this file is fixed: "
                "correct it in a text editor, then reload."
            ).format(error=self.error)
        elif self.ignored is not None:
            text = f"{self.ignored}; {core_text(IGNORED_OVERRIDES)}.\n\n{core_text(NO_VALUE_SET)}."
        else:
            text = ""
        self.error_label.setText(text)

    def current_key(self) -> str | None:
        row = self.model.policy_row(self.table.currentIndex().row())
        return row.key if row is not None else None

    def select_key(self, key: str) -> None:
        row = self.model.row_of(key)
        if row is None:
            raise KeyError(key)
        self.table.selectRow(row)

    def _update_unset(self) -> None:
        row = self.model.policy_row(self.table.currentIndex().row())
        ok = row is not None and row.override is not None and self.ignored is None
        self.unset_button.setEnabled(ok)

    # -- snapshots ------------------------------------------------------------------------------
    def _fill_snapshots(self) -> None:
        snapshots, listing_error = self._list_snapshots()
        self.snapshots = {s.rel: s for s in snapshots}
        current, current_error = self._current_overrides()
        self.versions.show_versions(
            [self._version(s) for s in snapshots],
            current,
            current_error=current_error,
            listing_error=listing_error,
        )
        self.compare.show_policies(self.ws, snapshots)
        self.what_if.show_policies(self.ws, snapshots)

    def _list_snapshots(self) -> tuple[list[Snapshot], str | None]:
        if self.ws is None:
            return [], None
        try:
            return list_snapshots(self.ws.root), None
        except UNREADABLE as exc:
            return [], self.tr("Cannot list the policy snapshots: {error}").format(
                error=core_error(exc)
            )

    def _version(self, snapshot: Snapshot) -> Version:
        """The overrides it holds, checked as a restore checks them, or why it cannot be read."""
        assert self.ws is not None
        try:
            values = checked_snapshot(snapshot.path, snapshot.read(self.ws.root))
        except (*UNREADABLE, ValueError) as exc:
            return Version(snapshot.at, snapshot.rel, None, core_error(exc))
        return Version(snapshot.at, snapshot.rel, dict(values))

    def selected_snapshot(self) -> Snapshot | None:
        version = self.versions.selected()
        return self.snapshots.get(version.rel) if version is not None else None

    def _current_overrides(self) -> tuple[dict[str, Any] | None, str | None]:
        if self.ws is None:
            return None, None
        try:  # a file the agent ignores holds no override it uses: a snapshot may replace it
            return dict(self.ws.overrides().doc.items), None
        except UNREADABLE as exc:
            return None, core_error(exc)

    # -- writing --------------------------------------------------------------------------------
    def confirm(self, text: str) -> bool:
        """Ask the person before writing (tests replace this)."""
        answer = QMessageBox.question(self, self.tr("MemoryPolicy"), literal_html(text))
        return answer == QMessageBox.StandardButton.Yes

    def set_override(self, key: str, text: str) -> bool:
        """The override typed for `key` (empty text removes it), checked, asked, then written by
        the desk; False when refused (`failed` says why), unchanged or not confirmed."""
        index = self.model.row_of(key)
        row = self.model.policy_row(index) if index is not None else None
        if row is None:
            return False
        if self.ignored is not None:
            self.failed.emit(f"{self.ignored}; {core_text(NO_VALUE_SET)}")
            return False
        if not text.strip():
            return row.override is not None and self._write(row, None)
        try:
            value = parse_override(key, text)
        except ValueError as exc:
            self.failed.emit(str(exc))
            return False
        if _shown(value) == _shown(row.override):
            return False
        return self._write(row, value)

    def unset_selected(self) -> bool:
        row = self.model.policy_row(self.table.currentIndex().row())
        if row is None or row.override is None or self.ignored is not None:
            return False
        return self._write(row, None)

    def _write(self, row: PolicyRow, value: int | bool | None) -> bool:
        ws = self.ws
        if ws is None or not self.confirm(_question(row, value)):
            return False
        key = row.key
        work: Callable[[], Any] = lambda: apply_and_save(  # noqa: E731
            ws, [ws.set_policy({key: value})], Policy.CHANGED
        )
        if value is None:
            done = self.tr("Override of {key} removed").format(key=key)
        else:
            done = self.tr("{key} set to {value}").format(key=key, value=_shown(value))
        self.write_requested.emit(work, done)
        return True

    def restore_selected(self) -> bool:
        version = self.versions.selected()
        if version is None or not self.versions.restore_button.isEnabled():
            return False
        return self.restore_version(version)

    def restore_version(self, version: Version) -> bool:
        ws, snapshot = self.ws, self.snapshots.get(version.rel)
        if ws is None or snapshot is None or version.values is None:
            return False
        question = self.tr(
            "Replace {file} with the snapshot {snapshot} of {when}?\n\n{differences}\n\n"
            "The overrides as they are now are saved as a new snapshot first."
        ).format(
            file=OVERRIDES,
            snapshot=snapshot.rel,
            when=f"{snapshot.at:%Y-%m-%d %H:%M:%S}",
            differences=self.versions.title_label.text(),
        )
        if not self.confirm(question):
            return False
        cause = Snapshots.restored(snapshot.rel)
        work: Callable[[], Any] = lambda: apply_and_save(  # noqa: E731
            ws, [ws.restore_snapshot(snapshot)], cause
        )
        self.write_requested.emit(
            work, self.tr("Policy snapshot {snapshot} restored").format(snapshot=snapshot.rel)
        )
        return True


def _headers() -> tuple[str, ...]:
    """The policy table's headers: KEY, VALUE, SOURCE, CONFIG, OVERRIDE, MEANING."""
    return (
        QCoreApplication.translate("PolicyModel", "Key"),
        QCoreApplication.translate("PolicyModel", "Value"),
        QCoreApplication.translate("PolicyModel", "Source"),
        "config.json",
        QCoreApplication.translate("PolicyModel", "Override"),
        QCoreApplication.translate("PolicyModel", "Meaning"),
    )


def _shown(value: object) -> str:
    return "" if value is None else dump_json(value)


def _cells(row: PolicyRow) -> tuple[str, ...]:
    return (
        row.key,
        _shown(row.value),
        core_text(row.source),
        _shown(row.config),
        _shown(row.override),
        core_text(row.meaning),
    )


def _question(row: PolicyRow, value: int | bool | None) -> str:
    if value is None:
        text = QCoreApplication.translate(
            "PolicyView",
            "Remove the override of {key} from {file}?\n\nNow PicoClaw uses {now} ({source}). "
            "Without the override it uses the value from config.json, or its default.\n\n"
            "The overrides as they are now are saved as a snapshot first.",
        )
    else:
        text = QCoreApplication.translate(
            "PolicyView",
            "Set {key} to {value} in {file}?\n\nNow PicoClaw uses {now} ({source}).\n\n"
            "The overrides as they are now are saved as a snapshot first.",
        )
    return text.format(
        key=row.key,
        value=_shown(value),
        file=OVERRIDES,
        now=_shown(row.value),
        source=core_text(row.source),
    )
