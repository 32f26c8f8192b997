"""The trailing annotations of the selected OpenClaw entry (trigger, importance, project) as
fields, and a jump to the daily-note lines a promoted memory came from."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from core.agents.openclaw.entries import Entry
from ui.typed import Typed


class AnnotationsBar(QWidget):
    applied = Signal(dict)  # {"triggers": [...], "importance": int | None, "project": str | None}
    go_to_source = Signal(str, int)  # a daily note and its line

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entry: Entry | None = None
        self.kind: str | None = None
        self.triggers = QLineEdit()
        self.triggers.setObjectName("annotationTriggers")
        self.triggers.setPlaceholderText(self.tr("triggers, comma separated"))
        self.importance = QSpinBox()
        self.importance.setObjectName("annotationImportance")
        self.importance.setRange(0, 10)
        self.importance.setSpecialValueText(self.tr("none"))
        self.project = QLineEdit()
        self.project.setObjectName("annotationProject")
        self.project.setPlaceholderText(self.tr("project key (only sessions of it see the memory)"))
        self.apply = QPushButton(self.tr("Apply annotations"))
        self.apply.setObjectName("annotationApply")
        # The entry's annotations as shown, and what the person typed over them.
        self.typed = [Typed.of(w) for w in (self.triggers, self.importance, self.project)]
        self.source = QPushButton(self.tr("Go to source lines"))
        self.source.setObjectName("annotationSource")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for label, widget in (
            (self.tr("Triggers"), self.triggers),
            (self.tr("Importance"), self.importance),
            (self.tr("Project"), self.project),
        ):
            row.addWidget(QLabel(label))
            row.addWidget(widget, 2 if widget is not self.importance else 0)
        row.addWidget(self.apply)
        row.addWidget(self.source)
        self.apply.clicked.connect(lambda _c=False: self.applied.emit(self.fields()))
        self.source.clicked.connect(lambda _c=False: self._go())

    def forget_typed(self) -> None:
        """The next `show_entry` shows the entry's annotations (after an apply, undo or redo)."""
        for typed in self.typed:
            typed.forget()

    def show_entry(
        self, entry: Entry | None, kind: str | None, writable: bool, owner: object = None
    ) -> None:
        """Fill the fields from `entry` (a file of `kind`: memory, user, daily, session); what
        was typed into them stays while the same `owner` (file and key) is shown."""
        self.entry, self.kind = entry, kind
        values = (
            ", ".join(entry.triggers) if entry else "",
            entry.importance or 0 if entry else 0,
            entry.project or "" if entry else "",
        )
        for typed, value in zip(self.typed, values, strict=True):
            typed.show(owner if entry is not None else None, value)
        editable = writable and entry is not None and entry.managed is None
        curated = kind in ("memory", "user")
        self.triggers.setEnabled(editable and curated)
        self.importance.setEnabled(editable and curated)
        self.project.setEnabled(editable and kind != "user")
        self.apply.setEnabled(editable)
        promotion = entry.promotion if entry else None
        self.source.setVisible(bool(promotion and promotion.source and promotion.start))

    def fields(self) -> dict[str, object]:
        """What changed, as `OpenClawWorkspace.set_fields` takes it."""
        entry = self.entry
        found: dict[str, object] = {}
        triggers = [t.strip() for t in self.triggers.text().split(",") if t.strip()]
        importance = self.importance.value() or None
        project = self.project.text().strip() or None
        if self.triggers.isEnabled() and (entry is None or tuple(triggers) != entry.triggers):
            found["triggers"] = triggers
        if self.importance.isEnabled() and (entry is None or importance != entry.importance):
            found["importance"] = importance
        if self.project.isEnabled() and (entry is None or project != entry.project):
            found["project"] = project
        return found

    def _go(self) -> None:
        p = self.entry.promotion if self.entry else None
        if p is not None and p.source and p.start:
            self.go_to_source.emit(p.source, p.start)
