"""Run decay… (SPEC 3): a preview first — which memories change score, which a decay run would
archive or delete — and on Apply the new scores are written while the archive and delete
transitions go to the review queue: decay never archives or deletes by itself."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.agents.everbot.decay import DecayPreview, preview_decay
from core.agents.everbot.workspace import Workspace
from ui.accessible import make_accessible
from ui.tables import read_only_table
from ui.untrusted import plain_label

__all__ = ["DecayDialog"]

SHOWN = 500  # score changes listed; the summary counts them all


class DecayDialog(QDialog):
    """Choose the day, see the preview, Apply or Cancel; `preview` is what Apply writes."""

    def __init__(self, ws: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Run decay"))
        self.resize(900, 600)
        self.ws = ws
        self.preview: DecayPreview | None = None
        self.day = QDateEdit(QDate.currentDate())
        self.day.setObjectName("decayDay")
        self.day.setCalendarPopup(True)
        self.day.setDisplayFormat("yyyy-MM-dd")
        self.day.setMinimumDate(QDate.currentDate())
        self.day.dateChanged.connect(lambda _day: self.show_preview())
        self.summary = plain_label(name="decaySummary", wrap=True)
        headers = (
            self.tr("ID"),
            self.tr("Score"),
            self.tr("What a decay run proposes"),
            self.tr("Content"),
        )
        self.table = read_only_table("decayTable", headers, stretch=3)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel
        )
        apply = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        apply.clicked.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        when = QHBoxLayout()
        when.addWidget(QLabel(self.tr("Decay every memory up to")))
        when.addWidget(self.day)
        when.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(when)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.buttons)
        # Enter (in the date field too) never starts a run that archives and deletes: it cancels.
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setDefault(True)
        self.show_preview()
        make_accessible(self)

    def at(self) -> date:
        day = self.day.date()
        return date(day.year(), day.month(), day.day())

    def show_preview(self) -> None:
        preview = self.preview = preview_decay(self.ws, self.at())
        moves = {t.key: t for t in preview.transitions}
        archive = sum(t.to == "archive" for t in preview.transitions)
        self.summary.setText(
            self.tr(
                "Up to {day} ({profile} profile): {changed} scores change; a decay run would "
                "archive {archive} and delete {delete}. Apply writes the scores; the archive and "
                "delete proposals go to the Review queue for you to decide, nothing is archived "
                "or deleted now."
            ).format(
                day=preview.at.isoformat(),
                profile=self.ws.profile.name,
                changed=preview.changed_count,
                archive=archive,
                delete=len(moves) - archive,
            )
        )
        rows: list[tuple[str, str, float, float, str]] = [
            (t.key, t.id, t.score, t.score, t.to) for t in preview.transitions
        ]
        for key, before, after in preview.score_changes():
            if len(rows) >= SHOWN + len(moves):
                break
            if key not in moves:
                rows.append((key, key.partition("~")[0], before, after, ""))
        self.table.setRowCount(len(rows))
        for row, (key, shown_id, before, after, to) in enumerate(rows):
            entry = self.ws.find(key)
            move = moves.get(key)
            score = f"{before:.2f} → {after:.2f}" if move is None else f"{move.score:.2f}"
            what = {
                "archive": self.tr("archive (to review)"),
                "delete": self.tr("delete (to review)"),
            }.get(to, "")
            content = " ".join((entry.content if entry else "").split())[:200]
            for column, text in enumerate((shown_id, score, what, content)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        apply = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        apply.setEnabled(bool(preview.changed_count or preview.transitions))
