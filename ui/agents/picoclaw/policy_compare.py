"""Two of PicoClaw's policies side by side, on the Policy page (core.agents.picoclaw.what_if):

- `CompareBox`: any two of the policy now and its snapshots, key by key: the override each
  holds and the value the agent would use with it.
- `WhatIfBox`: what the agent injects for a message today and under a changed policy (a
  snapshot, and values typed over it or over the overrides now), the two texts side by side.

Both only read: nothing is written from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.agents.picoclaw import what_if as pico
from core.agents.picoclaw.policy import PolicyScalar, Snapshot, parse_override
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.formats.text import InputError
from core.store.errors import WorkspaceError
from ui.i18n import core_error, core_text
from ui.tables import read_only_table
from ui.untrusted import literal_html, plain_label

__all__ = ["CompareBox", "WhatIfBox"]

UNREADABLE = (WorkspaceError, InputError, OSError)


class _Sides:
    """The policies a box offers: the policy now, then the snapshots, newest first."""

    def __init__(self) -> None:
        self.ws: PicoClawWorkspace | None = None
        self.snapshots: dict[str, Snapshot] = {}

    def show(self, ws: PicoClawWorkspace | None, snapshots: Sequence[Snapshot]) -> None:
        self.ws = ws
        self.snapshots = {s.rel: s for s in reversed(snapshots)}

    def fill(self, combo: QComboBox, first: int = 0) -> None:
        """The choices in `combo`, keeping the one chosen while it is still there."""
        keep = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(QCoreApplication.translate("CompareBox", "The policy now"), None)
        for rel in self.snapshots:
            combo.addItem(rel, rel)
        found = combo.findData(keep) if keep is not None else -1
        combo.setCurrentIndex(found if found >= 0 else min(first, combo.count() - 1))
        combo.blockSignals(False)

    def side(self, rel: str | None) -> pico.PolicySide:
        assert self.ws is not None
        if rel is None:
            return pico.policy_now(self.ws.root)
        return pico.policy_of(self.ws.root, self.snapshots[rel])


def _combo(name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    return combo


def _row(*widgets: QWidget, stretch: int = -1) -> QHBoxLayout:
    row = QHBoxLayout()
    for i, widget in enumerate(widgets):
        row.addWidget(widget, 1 if i == stretch else 0)
    if stretch < 0:
        row.addStretch(1)
    return row


class CompareBox(QGroupBox):
    """Any two of the policy now and its snapshots, key by key."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Compare two policies"))
        self.sides = _Sides()
        self.first = _combo("compareFirst")
        self.second = _combo("compareSecond")
        self.summary = plain_label(name="compareSummary", wrap=True)
        self.table = read_only_table(
            "compareTable", (self.tr("Key"), self.tr("First"), self.tr("Second")), stretch=2
        )
        for combo in (self.first, self.second):
            combo.currentIndexChanged.connect(lambda _i: self.refresh())
        box = QVBoxLayout(self)
        box.addLayout(
            _row(QLabel(self.tr("Compare")), self.first, QLabel(self.tr("with")), self.second)
        )
        box.addWidget(self.summary)
        box.addWidget(self.table, 1)

    def show_policies(self, ws: PicoClawWorkspace | None, snapshots: Sequence[Snapshot]) -> None:
        self.sides.show(ws, snapshots)
        self.sides.fill(self.first, first=1)  # the newest snapshot against the policy now
        self.sides.fill(self.second)
        self.refresh()

    def choose(self, first: str | None, second: str | None) -> None:
        """Pick the two to compare by a snapshot's path (None: the policy now)."""
        for combo, rel in ((self.first, first), (self.second, second)):
            found = combo.findData(rel) if rel is not None else 0
            if found < 0:
                raise KeyError(rel)
            combo.setCurrentIndex(found)
        self.refresh()

    def refresh(self) -> None:
        differences: list[pico.PolicyDifference] = []
        if self.sides.ws is None:
            text = ""
        else:
            try:
                found = pico.policy_diff(
                    self.sides.side(self.first.currentData()),
                    self.sides.side(self.second.currentData()),
                )
            except UNREADABLE as exc:
                text = self.tr("Cannot compare: {error}").format(error=core_error(exc))
            else:
                differences, text = found.differences, core_text(found.summary())
        self.summary.setText(text)
        self.table.setRowCount(len(differences))
        for r, d in enumerate(differences):
            cells = (d.key, core_text(pico.shown(d.a)), core_text(pico.shown(d.b)))
            for column, cell in enumerate(cells):
                item = QTableWidgetItem(cell)
                item.setToolTip(literal_html(cell))
                self.table.setItem(r, column, item)


class WhatIfBox(QGroupBox):
    """What the agent injects for a message today and under a changed policy, side by side."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("What if: what the agent injects under a changed policy"))
        self.sides = _Sides()
        self.found: pico.RetrieveWhatIf | None = None
        self.base = _combo("whatIfBase")
        self.values = QLineEdit()
        self.values.setObjectName("whatIfValues")
        self.values.setPlaceholderText(
            self.tr("values to try, e.g. retrieve_limit=3 recent_days=1")
        )
        self.message = QLineEdit()
        self.message.setObjectName("whatIfMessage")
        self.message.setPlaceholderText(
            self.tr("A user message (empty: the agent's no-message case)")
        )
        self.summary = plain_label(name="whatIfSummary", wrap=True)
        self.now_text = _text("whatIfNow")
        self.new_text = _text("whatIfNew")
        self.base.currentIndexChanged.connect(lambda _i: self.refresh())
        self.values.editingFinished.connect(self.refresh)
        self.message.editingFinished.connect(self.refresh)
        split = QSplitter()
        split.addWidget(_titled(self.tr("Today"), self.now_text))
        split.addWidget(_titled(self.tr("Under the changed policy"), self.new_text))
        box = QVBoxLayout(self)
        box.addLayout(_row(QLabel(self.tr("Changed policy:")), self.base, self.values, stretch=2))
        box.addLayout(_row(QLabel(self.tr("User message:")), self.message, stretch=1))
        box.addWidget(self.summary)
        box.addWidget(split, 1)

    def show_policies(self, ws: PicoClawWorkspace | None, snapshots: Sequence[Snapshot]) -> None:
        self.sides.show(ws, snapshots)
        self.sides.fill(self.base)
        self.refresh()

    def try_policy(self, snapshot: str | None, values: str, message: str) -> None:
        """Type a changed policy and a message, and show the what-if at once."""
        found = self.base.findData(snapshot) if snapshot is not None else 0
        if found < 0:
            raise KeyError(snapshot)
        self.base.blockSignals(True)
        self.base.setCurrentIndex(found)
        self.base.blockSignals(False)
        self.values.setText(values)
        self.message.setText(message)
        self.refresh()

    def refresh(self) -> None:
        ws = self.sides.ws
        self.found = None
        if ws is None:
            self._show("", "", "")
            return
        try:
            tried = pico.policy_tried(self.sides.side(self.base.currentData()), self._typed())
            found = pico.what_if(ws, tried, self.message.text(), date.today())
        except ValueError as exc:  # a value typed that the agent would not use
            self._show(
                self.tr("These values cannot be tried: {error}").format(error=core_error(exc)),
                "",
                "",
            )
            return
        except UNREADABLE as exc:
            self._show(
                self.tr("The what-if cannot be worked out: {error}").format(error=core_error(exc)),
                "",
                "",
            )
            return
        self.found = found
        self._show(
            core_text(found.summary()), found.now.preview.injected, found.new.preview.injected
        )

    def _typed(self) -> dict[str, PolicyScalar | None]:
        typed: dict[str, PolicyScalar | None] = {}
        for item in self.values.text().replace(",", " ").split():
            key, sep, value = item.partition("=")
            if not sep:
                raise ValueError(self.tr("type KEY=VALUE, not {item}").format(item=repr(item)))
            typed[key] = parse_override(key, value)
        return typed

    def _show(self, summary: str, now: str, new: str) -> None:
        self.summary.setText(summary)
        self.now_text.setPlainText(now)
        self.new_text.setPlainText(new)


def _text(name: str) -> QPlainTextEdit:
    text = QPlainTextEdit()
    text.setObjectName(name)
    text.setReadOnly(True)
    return text


def _titled(title: str, widget: QWidget) -> QWidget:
    made = QWidget()
    column = QVBoxLayout(made)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(QLabel(title))
    column.addWidget(widget, 1)
    return made
