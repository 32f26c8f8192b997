"""The Backups page, for any agent: every backup of the memory file MemDesk can find, what
changed since each one (per memory and as text, side by side), and putting back the whole file
or only the memories the person checks. Restoring writes at once, through core's one guarded
commit, off the UI thread: the page only asks the desk to run it (`write_requested`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.agent import OpenWorkspace
from core.formats.text import InputError, to_lf
from core.ops.restore import KindOf, RestoreRisk, restore_and_save, restore_risk
from core.registry import file_kinds
from core.store.backups_view import (
    SUMMARY_SHOWN,
    BackupFile,
    BackupHit,
    BackupOnly,
    MemoryDiff,
    backup_only,
    big_summary,
    diff_versions,
    search_backups,
)
from core.store.errors import WorkspaceError
from core.store.files import BIG_FILE_BYTES
from core.text_diff import LineDiff, compare_lines
from ui.i18n import QT_TRANSLATE_NOOP, core_error, core_text
from ui.side_by_side import SideBySide
from ui.tables import read_only_table
from ui.tasks import TaskRunner
from ui.untrusted import literal_html, plain_label

translate = QCoreApplication.translate

EXPLAIN = QT_TRANSLATE_NOOP(
    "BackupsView",
    "Every backup of the memory file, newest first. Select one to see what changed since: "
    "“removed since” memories are in the backup but no longer in the file; restoring them "
    "brings them back. The file as it is now is backed up before any restore.",
)
# The headers are shown through core_text, as core's labels are.
BACKUP_HEADERS = (
    QT_TRANSLATE_NOOP("core", "Time"),
    QT_TRANSLATE_NOOP("core", "Written by"),
    QT_TRANSLATE_NOOP("core", "File"),
    QT_TRANSLATE_NOOP("core", "Memories"),
    QT_TRANSLATE_NOOP("core", "Size"),
    QT_TRANSLATE_NOOP("core", "Path"),
)
DIFF_HEADERS = (
    QT_TRANSLATE_NOOP("core", "Change"),
    QT_TRANSLATE_NOOP("core", "Key"),
    QT_TRANSLATE_NOOP("core", "Content"),
    QT_TRANSLATE_NOOP("core", "Changed fields"),
    QT_TRANSLATE_NOOP("core", "Score Δ"),
)
HIT_HEADERS = (
    QT_TRANSLATE_NOOP("core", "Key"),
    QT_TRANSLATE_NOOP("core", "Backup time"),
    QT_TRANSLATE_NOOP("core", "Content"),
    QT_TRANSLATE_NOOP("core", "Backup"),
)
ORIGINS = {"agent": QT_TRANSLATE_NOOP("BackupsView", "agent"), "memdesk": "MemDesk"}
REMOVED, CHANGED, ADDED = (
    QT_TRANSLATE_NOOP("BackupsView", "removed since"),
    QT_TRANSLATE_NOOP("BackupsView", "changed"),
    QT_TRANSLATE_NOOP("BackupsView", "added since"),
)

UNREADABLE = (WorkspaceError, InputError, OSError, UnicodeDecodeError, ValueError)


@dataclass(frozen=True, slots=True)
class DiffRow:
    """One memory that differs between the backup and the file now."""

    change: str  # REMOVED, CHANGED or ADDED
    key: str
    content: str
    fields: str
    score_delta: str


@dataclass(slots=True)
class Comparison:
    """A backup against the file on disk now: everything the page shows of it."""

    error: str = ""
    backup_read: bool = False  # the backup itself reads: restoring it whole makes sense
    rows: list[DiffRow] = field(default_factory=list)
    old_text: str = ""
    new_text: str = ""
    lines: LineDiff | None = None  # the two texts compared line by line
    risk: RestoreRisk | None = None  # what restoring it whole would do that is asked first


def compare(backup: BackupFile, kind_of: KindOf | None = None) -> Comparison:
    """Read `backup` and the live file and compare them (the page's one slow step: ~1 s for a
    17 MB file); a file that cannot be read gives the reason in `error`."""
    fmt = backup.fmt
    if not backup.fits_whole():
        return compare_big(backup)
    try:
        old = backup.read()
    except UNREADABLE as exc:
        return Comparison(error=_cannot_read(backup.rel, exc))
    old_text = to_lf(fmt.render(old).decode("utf-8", "replace"))
    try:
        new = backup.read_live()
        risk = restore_risk(backup, kind_of)
    except UNREADABLE as exc:
        error = translate("BackupsView", "Cannot read {file} as it is now: {error}").format(
            file=backup.live, error=core_error(exc)
        )
        return Comparison(error=error, backup_read=True, old_text=old_text)
    found = compare_versions(fmt, old, new)
    found.risk = risk
    return found


def compare_big(backup: BackupFile) -> Comparison:
    """A backup (or live file) too big to read whole: what changed per memory, read a memory at
    a time, and why there is no text and no restoring (in `error`)."""
    try:
        summary = big_summary(backup)
    except UNREADABLE as exc:
        return Comparison(error=_cannot_read(backup.rel, exc))
    counts = ", ".join(
        f"{n:,} {translate('BackupsView', kind)}" for kind, n in summary.counts.items()
    )
    error = translate(
        "BackupsView",
        "{file} now against {backup}, over {mb} MB: per memory only ({counts}; the first "
        "{shown} of each listed), no text, and MemDesk does not restore it",
    ).format(
        file=backup.live,
        backup=backup.rel,
        mb=BIG_FILE_BYTES // 1024 // 1024,
        counts=counts,
        shown=SUMMARY_SHOWN,
    )
    return Comparison(error=error, rows=diff_rows(summary.diff, backup.fmt, None))


def compare_versions(fmt: Any, old: Any, new: Any) -> Comparison:
    """Two parsed versions of one file, per memory and as text (the Backups page, and the
    Pending changes dialog: the file as read against what the next save writes)."""
    old_text = to_lf(fmt.render(old).decode("utf-8", "replace"))
    new_text = to_lf(fmt.render(new).decode("utf-8", "replace"))
    rows = diff_rows(diff_versions(fmt, old, new), fmt, old)
    lines = compare_lines(old_text, new_text)
    return Comparison("", True, rows, old_text, new_text, lines)


def diff_rows(diff: MemoryDiff, fmt: Any, old: Any) -> list[DiffRow]:
    """The table's rows: memories the backup holds and the file lost, those that changed, then
    those the file gained since."""
    rows = [DiffRow(REMOVED, m["key"], _first_line(m.get("content")), "", "") for m in diff.removed]
    for change in diff.changed:
        entry = fmt.find(old, change["key"]) if old is not None else None
        found = fmt.content(entry) if entry is not None else change.get("content")
        content = _first_line(found)
        fields = "; ".join(
            f"{name}: {_first_line(before)} -> {_first_line(after)}"
            for name, (before, after) in change["fields"].items()
        )
        delta = f"{change['score_delta']:+.2f}" if "score_delta" in change else ""
        rows.append(DiffRow(CHANGED, change["key"], content, fields, delta))
    rows += [DiffRow(ADDED, m["key"], _first_line(m.get("content")), "", "") for m in diff.added]
    return rows


class BackupSearch:
    """Memories only backups hold, searched again at each query the person types (off the UI
    thread, one search at a time): the backups are read once, and only the memories they alone
    hold are kept (a few, where the backups are 17 MB each with 100,000 memories). A new one is
    made once the file is written."""

    def __init__(self, ws: OpenWorkspace) -> None:
        self.root, self.agent = ws.root, ws.agent
        self._backups: list[BackupFile] = []
        self._candidates: list[BackupOnly] | None = None

    def search(self, query: str) -> list[BackupHit]:
        if self._candidates is None:
            self._backups = self.agent.backups(self.root)
            self._candidates = backup_only(self._backups)
        return search_backups(self._backups, query, candidates=self._candidates)


def _first_line(value: object) -> str:
    text = "" if value is None else str(value)
    return text.split("\n", 1)[0]


COMPARE_AT_ONCE_BELOW = 2_000_000  # bytes: a larger backup is compared off the UI thread


class BackupsView(QWidget):
    failed = Signal(str)
    notice = Signal(str)
    write_requested = Signal(object, str)  # (work run off the UI thread, what it did)
    compared = Signal()  # a comparison made off the UI thread is shown
    searched = Signal()  # the hits of a search in the backups are shown
    resolved = Signal()  # a search found memories: "found none" no longer holds

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: OpenWorkspace | None = None
        self.backups: list[BackupFile] = []  # newest first, as the table lists them
        self.comparison = Comparison()
        self.comparing: BackupFile | None = None  # compared off the UI thread right now
        self._then: Callable[[], None] | None = None  # once the comparison is shown
        self.runner = TaskRunner(self)
        self._texts_of: Comparison | None = None  # the comparison the text boxes show
        self.found_hits: list[BackupHit] = []
        self._searched = 0  # searches asked for: only the last one's hits are shown
        self.table = read_only_table("backupsTable", BACKUP_HEADERS, stretch=5)
        self.diff_table = read_only_table("backupDiffTable", DIFF_HEADERS, stretch=3)
        content_column(self.diff_table)
        self.diff_table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.title = plain_label(name="backupTitle", wrap=True)
        self.sides = SideBySide(
            self.tr("Backup"), self.tr("File now"), ("backupOldText", "backupNewText")
        )
        self.restore_all = QPushButton(self.tr("Restore whole file…"))
        self.restore_all.setObjectName("restoreAll")
        self.restore_checked = QPushButton(self.tr("Restore checked memories…"))
        self.restore_checked.setObjectName("restoreChecked")
        self._build()
        self.table.currentCellChanged.connect(lambda row, *_: self._show_backup(row))
        self.diff_table.itemChanged.connect(lambda _item: self._enable_buttons())
        self.restore_all.clicked.connect(self._restore_all)
        self.restore_checked.clicked.connect(self._restore_checked)
        self._enable_buttons()

    def _build(self) -> None:
        explain = plain_label(self.tr(EXPLAIN), wrap=True)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.diff_table, self.tr("Per memory"))
        self.tabs.addTab(self.sides, self.tr("Text side by side"))
        self.tabs.currentChanged.connect(lambda _index: self._show_texts())
        self.tabs.addTab(self._build_search(), self.tr("Find in backups"))
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.restore_checked)
        buttons.addWidget(self.restore_all)
        detail = QWidget()
        column = QVBoxLayout(detail)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.title)
        column.addWidget(self.tabs, 1)
        column.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(detail)
        split.setSizes([220, 600])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(explain)
        layout.addWidget(split, 1)

    def _build_search(self) -> QWidget:
        """Memories only backups still hold, found by their words: pick one to restore it."""
        self.search = QLineEdit()
        self.search.setObjectName("backupSearch")
        self.search.setPlaceholderText(
            self.tr("Words of a memory the file no longer holds, then Return")
        )
        self.search.returnPressed.connect(self.find_in_backups)
        self.hits = read_only_table("backupHits", HIT_HEADERS, stretch=2)
        self.hits.cellDoubleClicked.connect(lambda row, _column: self.show_hit(row))
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(
            plain_label(self.tr("Double-click one to see it in its backup, ticked for restoring."))
        )
        column.addWidget(self.hits, 1)
        return page

    def find_in_backups(self) -> None:
        """Search off the UI thread (a backup too big to read whole is read a memory at a
        time, which takes seconds); a result for an earlier query is dropped."""
        backups, query = list(reversed(self.backups)), self.search.text()
        self._searched += 1
        asked = self._searched

        def found(hits: list[BackupHit]) -> None:
            if asked == self._searched:
                self._show_hits(hits)

        def failed(exc: BaseException) -> None:
            if asked == self._searched:
                self.failed.emit(
                    self.tr("Cannot search the backups: {error}").format(error=core_error(exc))
                )

        self.runner.run(lambda: search_backups(backups, query), on_done=found, on_error=failed)

    def _show_hits(self, hits: list[BackupHit]) -> None:
        self.found_hits = hits
        self.hits.setRowCount(len(self.found_hits))
        for row, hit in enumerate(self.found_hits):
            when = hit.backup.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
            cells = (hit.key, when, _first_line(hit.content), hit.backup.rel)
            for column, text in enumerate(cells):
                self.hits.setItem(row, column, QTableWidgetItem(text))
        if self.found_hits:
            self.resolved.emit()
        else:
            self.notice.emit(self.tr("No memory only in backups holds every one of these words"))
        self.searched.emit()

    def show_hit(self, row: int) -> None:
        """Select the found memory's backup and tick the memory in its per-memory diff."""
        self.show_backup_hit(self.found_hits[row])

    def show_backup_hit(self, hit: BackupHit) -> None:
        """Select the hit's backup and tick the memory in its per-memory diff (once compared)."""
        rels = [b.rel for b in self.backups]
        if hit.backup.rel not in rels:
            return
        self._then = lambda: self._tick({hit.key})
        self.table.setCurrentCell(rels.index(hit.backup.rel), 0)
        if self.comparing is None:  # compared at once (a small file)
            self._run_then()
        self.tabs.setCurrentIndex(0)

    def _tick(self, keys: set[str]) -> None:
        for diff_row in range(self.diff_table.rowCount()):
            item = self.diff_table.item(diff_row, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) in keys:
                item.setCheckState(Qt.CheckState.Checked)
                self.diff_table.scrollToItem(item)

    def _run_then(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            then()

    # -- listing ---------------------------------------------------------------------------------
    def show_workspace(self, ws: OpenWorkspace) -> None:
        self.ws = ws
        self.refresh()

    def refresh(self) -> None:
        """List the backups again, keeping the one selected when it still exists, and the
        memories ticked in it that still differ (a restore that failed keeps its ticks)."""
        if self.ws is None:
            return
        kept, ticked = self.selected(), set(self.checked_keys())
        try:
            found = self.ws.agent.backups(self.ws.root)
        except (WorkspaceError, InputError, OSError) as exc:
            found = []
            self.failed.emit(
                self.tr("Cannot list the backups: {error}").format(error=core_error(exc))
            )
        self.backups = list(reversed(found))
        self._fill_backups()
        rels = [b.rel for b in self.backups]
        row = rels.index(kept.rel) if kept is not None and kept.rel in rels else -1
        if kept is not None and row < 0:
            self.notice.emit(self.tr("The backup {file} is gone").format(file=kept.rel))
        if row >= 0 and ticked and self._then is None:
            self._then = lambda: self._tick(ticked)
        self.table.setCurrentCell(row, 0)
        self._show_backup(row)
        if self.comparing is None:  # compared at once (a small file)
            self._run_then()

    def _fill_backups(self) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.backups))
        for row, backup in enumerate(self.backups):
            entries = backup.entries()
            when = backup.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
            cells = (
                self.tr("{when} (file time: the name holds none)").format(when=when)
                if backup.note
                else when,
                self.tr(ORIGINS.get(backup.origin, backup.origin)),
                backup.live,
                self.tr("too big to count")
                if backup.big
                else "?"
                if entries is None
                else str(entries),
                f"{backup.size:,}",
                backup.rel,
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                tip = f"{backup.rel}: {backup.note}" if backup.note else backup.rel
                item.setToolTip(literal_html(tip))
                self.table.setItem(row, column, item)
        self.table.blockSignals(False)

    def selected(self) -> BackupFile | None:
        row = self.table.currentRow()
        return self.backups[row] if 0 <= row < len(self.backups) else None

    # -- one backup against the file now ---------------------------------------------------------
    def _show_backup(self, row: int) -> None:
        """Compare the backup with the file now: at once for a small file, else off the UI
        thread (a 17 MB file takes seconds), a result for an earlier selection dropped."""
        backup = self.backups[row] if 0 <= row < len(self.backups) else None
        kinds = file_kinds(self.ws.agent) if self.ws is not None else None
        if backup is None or backup.size < COMPARE_AT_ONCE_BELOW:
            self.comparing = None
            self._show_comparison(backup, compare(backup, kinds) if backup else Comparison())
            return
        self.comparing = backup
        self.comparison = Comparison()  # nothing to restore from until it is compared
        self.title.setText(
            self.tr("Comparing {backup} with {file} as it is now…").format(
                backup=backup.rel, file=backup.live
            )
        )
        self._fill_diff([])
        self._enable_buttons()

        def shown(found: Comparison) -> None:
            if self.comparing is backup:
                self.comparing = None
                self._show_comparison(backup, found)
                self._run_then()
                self.compared.emit()

        def failed(exc: BaseException) -> None:
            if self.comparing is backup:
                self.comparing = None
                self.title.setText(
                    self.tr("Cannot compare {backup}: {error}").format(
                        backup=backup.rel, error=core_error(exc)
                    )
                )

        self.runner.run(lambda: compare(backup, kinds), on_done=shown, on_error=failed)

    def _show_comparison(self, backup: BackupFile | None, found: Comparison) -> None:
        self.comparison = found
        if backup is None:
            self.title.setText(
                self.tr("Select a backup to see what changed since.")
                if self.backups
                else self.tr("No backups found.")
            )
        elif found.error:
            self.title.setText(found.error)
        else:
            count = len(found.rows)
            self.title.setText(
                (
                    self.tr("{file} now against {backup}: {count} memory differs")
                    if count == 1
                    else self.tr("{file} now against {backup}: {count} memories differ")
                ).format(file=backup.live, backup=backup.rel, count=count)
            )
        self._fill_diff(found.rows)
        self._show_texts()
        self._enable_buttons()

    def _show_texts(self) -> None:
        """The two texts, filled when their tab is shown (filling an 18 MB pair takes seconds)."""
        found = self.comparison
        if self.tabs.currentWidget() is not self.sides or self._texts_of is found:
            return
        self._texts_of = found
        show_comparison(self.sides, found)

    def _fill_diff(self, rows: list[DiffRow]) -> None:
        self.diff_table.blockSignals(True)
        self.diff_table.setRowCount(len(rows))
        for row, diff in enumerate(rows):
            check = QTableWidgetItem(self.tr(diff.change))
            check.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            check.setCheckState(Qt.CheckState.Unchecked)
            check.setData(Qt.ItemDataRole.UserRole, diff.key)
            self.diff_table.setItem(row, 0, check)
            cells = (diff.key, diff.content, diff.fields, diff.score_delta)
            for column, text in enumerate(cells, start=1):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(literal_html(text))
                self.diff_table.setItem(row, column, item)
        self.diff_table.blockSignals(False)

    def checked_keys(self) -> list[str]:
        """The keys of the memories checked in the per-memory table."""
        keys = []
        for row in range(self.diff_table.rowCount()):
            item = self.diff_table.item(row, 0)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                keys.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return keys

    def _enable_buttons(self) -> None:
        found = self.comparison
        self.restore_all.setEnabled(self.selected() is not None and found.backup_read)
        self.restore_checked.setEnabled(not found.error and bool(self.checked_keys()))

    # -- restoring -------------------------------------------------------------------------------
    def confirm(self, text: str) -> bool:
        """Ask the person before writing (tests replace this)."""
        answer = QMessageBox.question(self, self.tr("Restore a backup"), literal_html(text))
        return answer == QMessageBox.StandardButton.Yes

    def _restore_all(self) -> None:
        backup = self.selected()
        if backup is None:
            return
        when = backup.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
        risk = self.comparison.risk
        question = (
            self.tr("Replace {file} with the backup {backup} of {when}?").format(
                file=backup.live, backup=backup.rel, when=when
            )
            + "\n\n"
            + ("" if risk is None else risk_text(risk) + "\n\n")
            + self.tr("The file as it is now is backed up first.")
        )
        message = self.tr("Restored {file} from {backup}").format(
            file=backup.live, backup=backup.rel
        )
        self._request(backup, [], question, message, force=risk is not None)

    def _restore_checked(self) -> None:
        backup, keys = self.selected(), self.checked_keys()
        if backup is None or not keys:
            return
        one = len(keys) == 1
        asked = (
            self.tr("Put back {count} memory of {file} as the backup {backup} holds it?")
            if one
            else self.tr("Put back {count} memories of {file} as the backup {backup} holds them?")
        )
        done = (
            self.tr("Restored {count} memory of {file} from {backup}")
            if one
            else self.tr("Restored {count} memories of {file} from {backup}")
        )
        named = {"count": len(keys), "file": backup.live, "backup": backup.rel}
        question = (
            asked.format(**named)
            + "\n\n"
            + "\n".join(keys)
            + "\n\n"
            + self.tr("The file as it is now is backed up first.")
        )
        self._request(backup, keys, question, done.format(**named))

    def _request(
        self,
        backup: BackupFile,
        keys: list[str],
        question: str,
        message: str,
        *,
        force: bool = False,
    ) -> None:
        """Ask, then restore; `force`: the person was asked about what `restore_risk` found (a
        restore it finds only now, the file having changed since, is refused and said)."""
        ws = self.ws
        if ws is None or not self.confirm(question):
            return
        kinds = file_kinds(ws.agent)
        work: Callable[[], Any] = lambda: restore_and_save(  # noqa: E731
            ws, backup, keys, force=force, kind_of=kinds
        )
        self.write_requested.emit(work, message)


SHOWN_REMOVED = 10  # memories the question lists before it counts the rest


def _cannot_read(rel: str, exc: BaseException) -> str:
    return translate("BackupsView", "Cannot read the backup {file}: {error}").format(
        file=rel, error=core_error(exc)
    )


def risk_text(risk: RestoreRisk) -> str:
    """What a whole restore would do that the person should know first, one thing a line."""
    lines = [translate("BackupsView", "Look before you restore:")]
    lines += [f"• {core_text(reason)}" for reason in risk.reasons]
    if risk.removed:
        lines.append(f"• {core_text(risk.removal())}:")
        lines += [f"    {removed}" for removed in risk.removed[:SHOWN_REMOVED]]
        more = len(risk.removed) - SHOWN_REMOVED
        lines += (
            [translate("BackupsView", "    … and {count} more").format(count=more)]
            if more > 0
            else []
        )
    return "\n".join(lines)


def show_comparison(sides: SideBySide, found: Comparison) -> None:
    """Its two texts aligned; only the backup's when the file now cannot be read (none when
    too big to read whole)."""
    if found.lines is None:
        sides.show_one(found.old_text)
    else:
        sides.show_versions(found.lines)


def content_column(table: QTableWidget) -> None:
    """The memory text and its changed fields share the spare width: neither is squeezed to a
    letter when the window is narrow (their cells' tooltips hold the whole text)."""
    header = table.horizontalHeader()
    for column in (2, 3):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
