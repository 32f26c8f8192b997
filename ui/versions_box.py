"""Earlier versions of a small settings file of keys (a policy's snapshots, the scoring profile's
backups): listed newest first with what each holds, compared key by key with the file now, and
one restored on request. The page that owns the box writes; the box only asks (`restore_requested`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.formats.strict_json import dump_json
from ui.i18n import QT_TRANSLATE_NOOP, core_text
from ui.tables import read_only_table
from ui.untrusted import literal_html, plain_label

__all__ = ["Version", "VersionsBox", "Words", "button", "button_row", "differences_of", "stacked"]

translate = QCoreApplication.translate
NOT_SET = QT_TRANSLATE_NOOP("VersionsBox", "(not set)")
VERSION_HEADERS = (  # shown through core_text, as core's labels are
    QT_TRANSLATE_NOOP("core", "Saved"),
    QT_TRANSLATE_NOOP("core", "File"),
    QT_TRANSLATE_NOOP("core", "Holds"),
)


@dataclass(frozen=True, slots=True)
class Version:
    """One earlier version: when, which file, and its values (None and `error`: unreadable)."""

    at: datetime
    rel: str
    values: dict[str, Any] | None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Words:
    """What a page calls its versions and their values ("snapshot", "overrides"), the diff's
    header for a version's values and the restore button's text."""

    # Translated where shown (context VersionsBox): a page may give them translated already.
    version: str = QT_TRANSLATE_NOOP("VersionsBox", "version")
    values: str = QT_TRANSLATE_NOOP("VersionsBox", "values")
    then: str = QT_TRANSLATE_NOOP("VersionsBox", "Then")
    restore: str = QT_TRANSLATE_NOOP("VersionsBox", "Restore this version…")


VERSION_WORDS = Words()


class VersionsBox(QGroupBox):
    restore_requested = Signal(object)  # the Version to put back
    gone = Signal(str)  # the version that was selected no longer exists

    def __init__(
        self,
        title: str,
        *,
        names: tuple[str, str],  # the table's name, the diff's name (object names for tests)
        empty: str,
        order: Iterable[str] = (),
        words: Words = VERSION_WORDS,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.versions: list[Version] = []  # newest first
        self.current: dict[str, Any] | None = None
        self.current_error: str | None = None
        self.listing_error: str | None = None
        self.empty = empty
        self.order = list(order)
        self.words = words
        self.table = read_only_table(names[0], VERSION_HEADERS, stretch=2)
        self.title_label = plain_label(wrap=True)
        diff_headers = (QT_TRANSLATE_NOOP("core", "Key"), self.tr(words.then), self.tr("Now"))
        self.diff = read_only_table(names[1], diff_headers, stretch=2)
        self.diff.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.restore_button = button(self.tr(words.restore), "versionRestore", self._restore)
        self.table.currentCellChanged.connect(lambda row, *_: self._show(row))
        box = QVBoxLayout(self)
        box.addWidget(self.table, 2)
        box.addWidget(self.title_label)
        box.addWidget(self.diff, 1)
        box.addLayout(button_row(self.restore_button))
        self._show(-1)

    def show_versions(
        self,
        versions: Sequence[Version],
        current: dict[str, Any] | None,
        *,
        current_error: str | None = None,
        listing_error: str | None = None,
    ) -> None:
        """List the versions (oldest first as given) against the values now; keeps the
        selection when that version is still there."""
        keep = self.selected()
        self.versions = list(reversed(versions))
        self.current, self.current_error, self.listing_error = current, current_error, listing_error
        self._fill()
        rels = [v.rel for v in self.versions]
        row = rels.index(keep.rel) if keep is not None and keep.rel in rels else -1
        if keep is not None and row < 0:
            self.gone.emit(keep.rel)
        self.table.setCurrentCell(row, 0)
        self._show(row)

    def selected(self) -> Version | None:
        row = self.table.currentRow()
        return self.versions[row] if 0 <= row < len(self.versions) else None

    def select(self, rel: str) -> None:
        rels = [v.rel for v in self.versions]
        if rel not in rels:
            raise KeyError(rel)
        self.table.setCurrentCell(rels.index(rel), 0)

    def _fill(self) -> None:
        table = self.table
        table.blockSignals(True)
        table.setRowCount(len(self.versions))
        for row, version in enumerate(self.versions):
            holds = (
                core_text(version.error or "")
                if version.values is None
                else _compact(version.values)
            )
            cells = (version.at.strftime("%Y-%m-%d %H:%M:%S"), version.rel, holds or "")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(literal_html(holds or ""))
                table.setItem(row, column, item)
        table.blockSignals(False)

    def _show(self, row: int) -> None:
        version = self.versions[row] if 0 <= row < len(self.versions) else None
        differences: list[tuple[str, str, str]] = []
        values = self.tr(self.words.values)
        if version is None:
            title = self.tr("Select a {version} to compare it with the {values} now.").format(
                version=self.tr(self.words.version), values=values
            )
            title = title if self.versions else core_text(self.listing_error or "") or self.empty
        elif version.values is None:
            title = core_text(version.error or "") or self.tr("cannot be read")
        elif self.current is None:
            title = self.tr("Cannot compare with the {values} now: {error}").format(
                values=values, error=core_text(str(self.current_error))
            )
        else:
            differences = differences_of(version.values, self.current, self.order)
            title = _diff_title(version, len(differences), values)
        self.title_label.setText(title)
        self.diff.setRowCount(len(differences))
        for r, cells in enumerate(differences):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(self.tr(NOT_SET) if text == NOT_SET else text)
                item.setToolTip(literal_html(text))
                self.diff.setItem(r, column, item)
        ok = version is not None and version.values is not None and self.current is not None
        self.restore_button.setEnabled(ok)

    def _restore(self) -> None:
        version = self.selected()
        if version is not None and self.restore_button.isEnabled():
            self.restore_requested.emit(version)


def differences_of(
    then: dict[str, Any], now: dict[str, Any], order: Sequence[str] = ()
) -> list[tuple[str, str, str]]:
    """(key, value then, value now) for each key the two hold differently; `order` first."""
    rank = {key: i for i, key in enumerate(order)}
    keys = sorted(then.keys() | now.keys(), key=lambda k: (rank.get(k, len(rank)), k))
    out = []
    for key in keys:
        old = _json(then[key]) if key in then else NOT_SET
        new = _json(now[key]) if key in now else NOT_SET
        if old != new:
            out.append((key, old, new))
    return out


def _diff_title(version: Version, count: int, values: str) -> str:
    if not count:
        said = translate("VersionsBox", "{file} holds the same {values} as now.")
    elif count == 1:
        said = translate("VersionsBox", "{file} against the {values} now: 1 key differs.")
    else:
        said = translate("VersionsBox", "{file} against the {values} now: {count} keys differ.")
    return said.format(file=version.rel, values=values, count=count)


def _json(value: object) -> str:
    return dump_json(value)


def _compact(values: dict[str, Any]) -> str:
    return dump_json(values, sort_keys=True)


def button(text: str, name: str, slot: Callable[[], object]) -> QPushButton:
    made = QPushButton(text)
    made.setObjectName(name)
    made.clicked.connect(lambda _checked=False: slot())
    return made


def stacked(*parts: QWidget | QHBoxLayout | tuple[QWidget, int]) -> QWidget:
    """A widget stacking `parts` top to bottom without margins ((widget, stretch) for a stretch)."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for part in parts:
        if isinstance(part, tuple):
            layout.addWidget(part[0], part[1])
        elif isinstance(part, QHBoxLayout):
            layout.addLayout(part)
        else:
            layout.addWidget(part)
    return box


def button_row(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addStretch(1)
    for made in buttons:
        row.addWidget(made)
    return row
