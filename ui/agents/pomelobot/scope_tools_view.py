"""Search & read as a Pomeloclaw / Pomelobot agent does: memory_search, memory_get and index chunks.

The agent finds its memories with a keyword search over one scope's files, reads them with
`memory_get(path, from, lines)` (confined to the workspace and to its scope) and indexes them in
line-based chunks. This page runs core's copies of those tools on the files on disk, so the
person sees what the agent would find; unsaved edits are not included, as the agent reads disk.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.agents.pomelobot.access import (
    DEFAULT_GET_LINES,
    MAX_GET_LINES,
    memory_get,
    parse_ref,
    read_memory_file,
)
from core.agents.pomelobot.chunks import Chunk, index_chunks_of_file
from core.agents.pomelobot.scopes import MAIN, Scope
from core.agents.pomelobot.search import Hit, search_scope
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.store.errors import WorkspaceError
from ui.i18n import core_error
from ui.tables import read_only_table
from ui.theme import error_style
from ui.untrusted import plain_label
from ui.versions_box import stacked

SEARCH_DELAY_MS = 200
MAX_KEYWORD = 200  # characters; a keyword, not a document
MAX_HIT_ROWS = 2_000  # rows shown; the count above the table says how many there are
TRANSCRIPT_COLOR = QColor("#888888")


class ScopeToolsView(QWidget):
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ws: PomelobotWorkspace | None = None
        self.scopes: list[Scope] = []
        self.hits: list[Hit] = []
        self.chunks: list[Chunk] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self._run_search)
        self._build()

    # -- building ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.scope_combo = QComboBox()
        self.scope_combo.setObjectName("scopeCombo")
        self.scope_combo.currentIndexChanged.connect(self._scope_changed)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Scope:")))
        top.addWidget(self.scope_combo, 1)
        explain = QLabel(
            self.tr(
                "The agent's own tools on the files on disk (unsaved edits are not included): "
                "memory_search finds lines in one scope, memory_get reads path:line within it, "
                "and the index splits each file into the chunks shown under Index chunks."
            )
        )
        explain.setWordWrap(True)
        tabs = QTabWidget()
        tabs.setObjectName("scopeTabs")
        tabs.addTab(self._search_and_read(), self.tr("Search && read"))
        tabs.addTab(self._chunks_pane(), self.tr("Index chunks"))
        self.tabs = tabs
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(explain)
        layout.addWidget(tabs, 1)

    def _search_and_read(self) -> QWidget:
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._search_pane())
        split.addWidget(self._reader_pane())
        split.setSizes([500, 500])
        return split

    def _search_pane(self) -> QWidget:
        self.search_box = QLineEdit()
        self.search_box.setObjectName("scopeSearch")
        self.search_box.setPlaceholderText(self.tr("Keyword, as memory_search gets it (any case)"))
        self.search_box.setClearButtonEnabled(True)
        self.search_box.setMaxLength(MAX_KEYWORD)
        self.search_box.textChanged.connect(lambda _t: self._timer.start())
        self.search_box.returnPressed.connect(self._run_search)
        self.hits_info = plain_label(name="scopeHitsInfo")
        self.hits_table = read_only_table(
            "scopeHits", [self.tr("File"), self.tr("Line"), self.tr("Text")], fit=False
        )
        self.hits_table.itemActivated.connect(self._hit_activated)
        return stacked(self.search_box, self.hits_info, (self.hits_table, 1))

    def _reader_pane(self) -> QWidget:
        self.ref_edit = QLineEdit()
        self.ref_edit.setObjectName("refEdit")
        self.ref_edit.setPlaceholderText(self.tr("path:line, e.g. memory/2026-11-24.md:12"))
        self.ref_edit.returnPressed.connect(self.read)
        self.ref_lines = QSpinBox()
        self.ref_lines.setObjectName("refLines")
        self.ref_lines.setRange(1, MAX_GET_LINES)
        self.ref_lines.setValue(DEFAULT_GET_LINES)
        self.ref_lines.setSuffix(self.tr(" lines"))
        self.ref_lines.valueChanged.connect(lambda _v: self._reread())
        read = QPushButton(self.tr("Read"))
        read.clicked.connect(self.read)
        row = QHBoxLayout()
        row.addWidget(self.ref_edit, 1)
        row.addWidget(self.ref_lines)
        row.addWidget(read)
        self.ref_info = plain_label(name="refInfo")
        self.ref_error = _error_label("refError")
        self.ref_text = _reader("refText")
        return stacked(row, self.ref_info, self.ref_error, (self.ref_text, 1))

    def _chunks_pane(self) -> QWidget:
        self.chunk_file = QComboBox()
        self.chunk_file.setObjectName("chunkFile")
        self.chunk_file.currentIndexChanged.connect(self._chunk_file_changed)
        self.chunk_error = _error_label("chunkError")
        self.chunk_table = read_only_table(
            "chunkTable",
            ["#", self.tr("Lines"), self.tr("Chars"), self.tr("First line")],
            fit=False,
        )
        self.chunk_table.currentCellChanged.connect(lambda *_: self._show_chunk())
        self.chunk_text = _reader("chunkText")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.chunk_table)
        split.addWidget(self.chunk_text)
        return stacked(self.chunk_file, self.chunk_error, (split, 1))

    # -- workspace and scope ------------------------------------------------------------------------
    def show_workspace(self, ws: PomelobotWorkspace | None) -> None:
        """Show the scopes of `ws` (None: nothing), keeping the current scope if it is there."""
        self.ws = ws
        if ws is None:
            self.ref_edit.clear()
            self.ref_text.clear()
            self.ref_info.clear()
            self.ref_error.hide()
        self.refresh()

    def refresh(self) -> None:
        """List the scopes anew and run the search, the read and the chunks again."""
        current = self.scope_name()
        self.scopes = self._list_scopes()
        self.scope_combo.blockSignals(True)
        self.scope_combo.clear()
        for scope in self.scopes:
            self.scope_combo.addItem(_scope_label(scope), scope.name)
        names = [s.name for s in self.scopes]
        self.scope_combo.setCurrentIndex(names.index(current) if current in names else 0)
        self.scope_combo.blockSignals(False)
        self._scope_changed()

    def _list_scopes(self) -> list[Scope]:
        if self.ws is None:
            return []
        try:
            return self.ws.scopes()
        except OSError as exc:
            self.failed.emit(
                self.tr("{root}: cannot list the memory scopes: {error}").format(
                    root=self.ws.root, error=_message(exc)
                )
            )
            return []

    def scope_name(self) -> str | None:
        name = self.scope_combo.currentData()
        return name if isinstance(name, str) else None

    def scope(self) -> Scope | None:
        name = self.scope_name()
        return next((s for s in self.scopes if s.name == name), None)

    def set_scope(self, name: str) -> None:
        """Make `name` the scope every tool works in; KeyError if the workspace has none such."""
        index = self.scope_combo.findData(name)
        if index < 0:
            raise KeyError(name)
        self.scope_combo.setCurrentIndex(index)

    def _scope_changed(self, _index: int = -1) -> None:
        self._fill_chunk_files()
        self._run_search()
        self._reread()

    # -- memory_search ------------------------------------------------------------------------------
    def search(self, keyword: str) -> list[Hit]:
        """Search the current scope for `keyword` now (no typing delay); the hits shown."""
        self.search_box.setText(keyword)
        self._run_search()
        return self.hits

    def _run_search(self) -> None:
        self._timer.stop()
        scope = self.scope()
        keyword = self.search_box.text()
        self.hits = []
        if self.ws is not None and scope is not None:
            try:
                self.hits = search_scope(self.ws.root, scope, keyword)
            except (OSError, ValueError, WorkspaceError) as exc:
                self.failed.emit(
                    self.tr("Search in scope {scope}: {error}").format(
                        scope=scope.name, error=_message(exc)
                    )
                )
        self._fill_hits(keyword)

    def _fill_hits(self, keyword: str) -> None:
        shown = self.hits[:MAX_HIT_ROWS]
        self.hits_table.setRowCount(len(shown))
        for row, hit in enumerate(shown):
            self._hit_row(row, hit)
        self.hits_info.setText(self._hits_summary(keyword, len(shown)))

    def _hit_row(self, row: int, hit: Hit) -> None:
        file = hit.file + (self.tr(" · transcript (read-only)") if hit.read_only else "")
        for column, text in enumerate([file, str(hit.line), hit.text]):
            item = _cell(text)
            if hit.read_only:
                item.setForeground(QBrush(TRANSCRIPT_COLOR))
                item.setToolTip(
                    self.tr("A session transcript: the agent searches it, MemDesk only reads it.")
                )
            self.hits_table.setItem(row, column, item)

    def _hits_summary(self, keyword: str, shown: int) -> str:
        if not keyword.strip():
            return self.tr("Type a keyword to search this scope's files.")
        files = len({h.file for h in self.hits})
        transcripts = sum(h.read_only for h in self.hits)
        lines = len(self.hits)
        line_count = self.tr("1 line") if lines == 1 else self.tr("{count} lines")
        file_count = self.tr("1 file") if files == 1 else self.tr("{count} files")
        text = self.tr("{lines} in {files}").format(
            lines=line_count.format(count=lines), files=file_count.format(count=files)
        )
        if transcripts:
            text += self.tr(" ({count} in read-only transcripts)").format(count=transcripts)
        if shown < len(self.hits):
            text += self.tr("; the first {count} are listed").format(count=shown)
        return text

    def _hit_activated(self, item: QTableWidgetItem) -> None:
        if 0 <= item.row() < len(self.hits):
            hit = self.hits[item.row()]
            self.open_ref(f"{hit.file}:{hit.line}", self.ref_lines.value())

    # -- memory_get ---------------------------------------------------------------------------------
    def open_ref(self, ref: str, lines: int = DEFAULT_GET_LINES) -> None:
        """Read `ref` ("memory/2026-11-24.md:12") as memory_get would in the current scope."""
        self.ref_edit.setText(ref)
        self.ref_lines.blockSignals(True)
        self.ref_lines.setValue(lines)  # the spin box clamps to 1..300, as memory_get does
        self.ref_lines.blockSignals(False)
        self.read()

    def _reread(self) -> None:
        if self.ref_edit.text().strip():
            self.read()

    def read(self) -> None:
        """Show memory_get's text for the reference typed, or why the agent would be refused."""
        ref = self.ref_edit.text()
        try:
            path, line, text = self._memory_get(ref)
        except (OSError, ValueError, WorkspaceError) as exc:
            self._show_read_error(_message(exc))
            return
        self.ref_error.hide()
        self.ref_error.clear()
        self.ref_text.setPlainText(text)
        end = line + text.count("\n")
        if text:
            what = self.tr("{path}: lines {first}–{last}").format(path=path, first=line, last=end)
        else:
            what = self.tr("{path}: nothing from line {line} on").format(path=path, line=line)
        self.ref_info.setText(
            self.tr("{what} (scope {scope})").format(what=what, scope=self.scope_name())
        )

    def _memory_get(self, ref: str) -> tuple[str, int, str]:
        if self.ws is None or self.scope_name() is None:
            raise ValueError(self.tr("Open a Pomeloclaw / Pomelobot workspace first"))
        path, line = parse_ref(ref)
        scope = self.scope_name() or MAIN
        text = memory_get(self.ws.root, path, line, self.ref_lines.value(), scope=scope)
        return path, line, text

    def _show_read_error(self, message: str) -> None:
        self.ref_text.clear()
        self.ref_info.clear()
        self.ref_error.setText(message)
        self.ref_error.show()

    # -- index chunks -------------------------------------------------------------------------------
    def _fill_chunk_files(self) -> None:
        current = self.chunk_file.currentData()
        scope = self.scope()
        files = scope.files if scope is not None else ()
        self.chunk_file.blockSignals(True)
        self.chunk_file.clear()
        for file in files:
            mark = self.tr(" (transcript)") if file.read_only else ""
            self.chunk_file.addItem(file.path + mark, file.path)
        index = self.chunk_file.findData(current) if current is not None else -1
        self.chunk_file.setCurrentIndex(max(index, 0) if files else -1)
        self.chunk_file.blockSignals(False)
        self._chunk_file_changed()

    def _chunk_file_changed(self, _index: int = -1) -> None:
        rel = self.chunk_file.currentData()
        if isinstance(rel, str):
            self.show_chunks(rel)
        else:
            self._fill_chunks([])

    def show_chunks(self, rel: str) -> list[Chunk]:
        """The index chunks of the scope's file `rel` (as `memdesk chunks` prints them)."""
        index = self.chunk_file.findData(rel)
        if index >= 0 and index != self.chunk_file.currentIndex():
            self.chunk_file.blockSignals(True)
            self.chunk_file.setCurrentIndex(index)
            self.chunk_file.blockSignals(False)
        try:
            found = index_chunks_of_file(self._file_bytes(rel))
        except (OSError, ValueError, WorkspaceError) as exc:
            self.chunk_error.setText(_message(exc))
            self.chunk_error.show()
            found = []
        else:
            self.chunk_error.hide()
        self._fill_chunks(found)
        return found

    def _file_bytes(self, rel: str) -> bytes:
        if self.ws is None:
            raise ValueError(self.tr("Open a Pomeloclaw / Pomelobot workspace first"))
        scope = self.scope_name() or MAIN
        return read_memory_file(self.ws.root, rel, scope=scope)

    def _fill_chunks(self, found: list[Chunk]) -> None:
        self.chunks = found
        table = self.chunk_table
        table.setRowCount(len(found))
        for row, chunk in enumerate(found):
            first = _displayable(chunk.content).split("\n", 1)[0]
            cells = [
                str(chunk.chunk_index + 1),
                f"{chunk.start_line}–{chunk.end_line}",
                str(len(chunk.content)),
                first,
            ]
            for column, text in enumerate(cells):
                item = _cell(text)
                item.setToolTip(f"sha256 {chunk.hash}")
                table.setItem(row, column, item)
        self.chunk_text.clear()
        if found:
            table.setCurrentCell(0, 0)

    def _show_chunk(self) -> None:
        row = self.chunk_table.currentRow()
        if 0 <= row < len(self.chunks):
            self.chunk_text.setPlainText(_displayable(self.chunks[row].content))
        else:
            self.chunk_text.clear()


# -- helpers -------------------------------------------------------------------------------------


def _scope_label(scope: Scope) -> str:
    """ "main (3 files)": a scope and how many memory files it has."""
    count = len(scope.files)
    if count == 1:
        return QCoreApplication.translate("ScopeToolsView", "{scope} (1 file)").format(
            scope=scope.name
        )
    return QCoreApplication.translate("ScopeToolsView", "{scope} ({count} files)").format(
        scope=scope.name, count=count
    )


def _cell(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    return item


def _reader(name: str) -> QPlainTextEdit:
    text = QPlainTextEdit()
    text.setObjectName(name)
    text.setReadOnly(True)
    text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    return text


def _error_label(name: str) -> QLabel:
    label = plain_label(name=name, wrap=True)
    label.setStyleSheet(error_style())
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label


def _message(exc: BaseException) -> str:
    """The person's message for an expected failure (no traceback)."""
    if isinstance(exc, OSError) and exc.strerror and exc.filename:
        return f"{exc.filename}: {exc.strerror}"
    return core_error(exc) or type(exc).__name__


def _displayable(text: str) -> str:
    """A chunk's text for Qt: a lone surrogate (the agent cut a pair in two) becomes U+FFFD."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        units = text.encode("utf-16-le", "surrogatepass")
        return units.decode("utf-16-le", errors="replace")
    return text
