"""What keyboard and screen-reader users need of the window's widgets: a name for those that
show no text of their own (tables, lists, text boxes, search fields, combo boxes), in one table
keyed by the widget's object name; and Tab that leaves a table (arrows move between its cells)
and a text box (it typed a tab into the memory instead, as EverBot's detail pane never did).

`make_accessible(root)` does both for every widget under `root`; the desks and the hub pages
call it on the page they show. A widget that names itself (`setAccessibleName`) keeps its name.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QToolButton,
    QWidget,
)

from ui.i18n import QT_TRANSLATE_NOOP

__all__ = ["NAMES", "make_accessible"]

CONTEXT = "Accessible"


def _n(name: str, description: str = "") -> tuple[str, str]:
    return name, description


# object name -> (name, description), translated when given (QT_TRANSLATE_NOOP marks them).
NAMES: dict[str, tuple[str, str]] = {
    # -- the window, every desk --------------------------------------------------------------
    "deskSidebar": _n(
        QT_TRANSLATE_NOOP("Accessible", "Pages of this workspace"),
        QT_TRANSLATE_NOOP("Accessible", "Choose a page; its content is shown at the right"),
    ),
    "markdownPreview": _n(QT_TRANSLATE_NOOP("Accessible", "Memory preview")),
    # -- pages of memories ------------------------------------------------------------------
    "search": _n(QT_TRANSLATE_NOOP("Accessible", "Search memories")),
    "memoryTable": _n(
        QT_TRANSLATE_NOOP("Accessible", "Memories"),
        QT_TRANSLATE_NOOP("Accessible", "One row per memory; Delete deletes the selected ones"),
    ),
    "memoryContent": _n(
        QT_TRANSLATE_NOOP("Accessible", "Memory text"),
        QT_TRANSLATE_NOOP("Accessible", "Ctrl+Return applies the edit"),
    ),
    "entryFiles": _n(QT_TRANSLATE_NOOP("Accessible", "Memory files")),
    "entryFilter": _n(QT_TRANSLATE_NOOP("Accessible", "Filter memories")),
    "entryTable": _n(QT_TRANSLATE_NOOP("Accessible", "Memories of the file")),
    "entryEditor": _n(
        QT_TRANSLATE_NOOP("Accessible", "Memory text"),
        QT_TRANSLATE_NOOP("Accessible", "Ctrl+Return applies the edit"),
    ),
    "entryWarningsAll": _n(QT_TRANSLATE_NOOP("Accessible", "Every warning about the file")),
    "readOnlyWarningsAll": _n(QT_TRANSLATE_NOOP("Accessible", "Every warning about the file")),
    "readOnlyWarningsToggle": _n(QT_TRANSLATE_NOOP("Accessible", "Show every warning")),
    "fileText": _n(QT_TRANSLATE_NOOP("Accessible", "The file's text")),
    "readOnlyFiles": _n(QT_TRANSLATE_NOOP("Accessible", "Files (read only)")),
    "readOnlyText": _n(QT_TRANSLATE_NOOP("Accessible", "The file's text (read only)")),
    "recallCandidates": _n(QT_TRANSLATE_NOOP("Accessible", "Recall candidates")),
    "annotationProject": _n(QT_TRANSLATE_NOOP("Accessible", "Project of the memory")),
    "annotationTriggers": _n(QT_TRANSLATE_NOOP("Accessible", "Triggers of the memory")),
    "annotationImportance": _n(QT_TRANSLATE_NOOP("Accessible", "Importance of the memory")),
    "scoreChart": _n(
        QT_TRANSLATE_NOOP("Accessible", "Score history"),
        QT_TRANSLATE_NOOP("Accessible", "The memory's score over time and its forecast"),
    ),
    "problemList": _n(QT_TRANSLATE_NOOP("Accessible", "Text kept as found")),
    "problemText": _n(QT_TRANSLATE_NOOP("Accessible", "The kept text, to fix")),
    "claudeMdFiles": _n(QT_TRANSLATE_NOOP("Accessible", "CLAUDE.md files (read only)")),
    "regeneratedFiles": _n(QT_TRANSLATE_NOOP("Accessible", "Files Codex regenerates")),
    "regeneratedText": _n(QT_TRANSLATE_NOOP("Accessible", "The file's text (read only)")),
    # -- PicoClaw ---------------------------------------------------------------------------
    "agentMessage": _n(QT_TRANSLATE_NOOP("Accessible", "A user message")),
    "agentSees": _n(QT_TRANSLATE_NOOP("Accessible", "What the agent sees")),
    "agentProfile": _n(QT_TRANSLATE_NOOP("Accessible", "The agent's profile")),
    "agentChunks": _n(QT_TRANSLATE_NOOP("Accessible", "Memory chunks retrieved")),
    "dailyFilter": _n(QT_TRANSLATE_NOOP("Accessible", "Search the daily notes")),
    "dailyTree": _n(QT_TRANSLATE_NOOP("Accessible", "Daily notes by month")),
    "dailyEditor": _n(
        QT_TRANSLATE_NOOP("Accessible", "Daily note text"),
        QT_TRANSLATE_NOOP("Accessible", "Ctrl+Return applies the edit"),
    ),
    "profileTable": _n(QT_TRANSLATE_NOOP("Accessible", "Profile fields")),
    "profileRaw": _n(QT_TRANSLATE_NOOP("Accessible", "The profile's text")),
    "policyTable": _n(QT_TRANSLATE_NOOP("Accessible", "Memory policy settings")),
    "whatIfNow": _n(QT_TRANSLATE_NOOP("Accessible", "What the agent sees now")),
    "whatIfNew": _n(QT_TRANSLATE_NOOP("Accessible", "What the agent would see")),
    # -- Pomelobot / Pomeloclaw -------------------------------------------------------------
    "scopeCombo": _n(QT_TRANSLATE_NOOP("Accessible", "Scope")),
    "scopeSearch": _n(QT_TRANSLATE_NOOP("Accessible", "Search the scope")),
    "scopeHits": _n(QT_TRANSLATE_NOOP("Accessible", "Search results")),
    "refEdit": _n(QT_TRANSLATE_NOOP("Accessible", "File and line to read")),
    "refLines": _n(QT_TRANSLATE_NOOP("Accessible", "Lines to read")),
    "refText": _n(QT_TRANSLATE_NOOP("Accessible", "The lines read")),
    "chunkFile": _n(QT_TRANSLATE_NOOP("Accessible", "File to split into chunks")),
    "chunkTable": _n(QT_TRANSLATE_NOOP("Accessible", "Chunks of the file")),
    "chunkText": _n(QT_TRANSLATE_NOOP("Accessible", "The chunk's text")),
    # -- at session start ------------------------------------------------------------------
    "contextDay": _n(QT_TRANSLATE_NOOP("Accessible", "Day of the session")),
    "contextScope": _n(QT_TRANSLATE_NOOP("Accessible", "Scope")),
    "contextProject": _n(QT_TRANSLATE_NOOP("Accessible", "Project")),
    "contextFiles": _n(QT_TRANSLATE_NOOP("Accessible", "Files read at session start")),
    "contextPartText": _n(QT_TRANSLATE_NOOP("Accessible", "The part's text")),
    "contextMessages": _n(QT_TRANSLATE_NOOP("Accessible", "What the agent is told")),
    "contextUnseen": _n(QT_TRANSLATE_NOOP("Accessible", "Memories the agent does not see")),
    # -- review queue, staged writes --------------------------------------------------------
    "reviewTable": _n(
        QT_TRANSLATE_NOOP("Accessible", "Review queue"),
        QT_TRANSLATE_NOOP("Accessible", "One row per proposal"),
    ),
    "reviewCard": _n(
        QT_TRANSLATE_NOOP("Accessible", "The proposal"),
        QT_TRANSLATE_NOOP(
            "Accessible",
            "Space or Enter accepts; P promote, K keep, A archive, D delete, R reject, S skip",
        ),
    ),
    "reviewMemory": _n(QT_TRANSLATE_NOOP("Accessible", "The memory proposed")),
    "reviewReasons": _n(QT_TRANSLATE_NOOP("Accessible", "Reasons")),
    "reviewRelated": _n(QT_TRANSLATE_NOOP("Accessible", "Related memories")),
    "reviewTranscript": _n(QT_TRANSLATE_NOOP("Accessible", "Transcript")),
    "stagedList": _n(QT_TRANSLATE_NOOP("Accessible", "Staged writes")),
    "stagedDetail": _n(QT_TRANSLATE_NOOP("Accessible", "The staged write")),
    "stagedGateProfile": _n(QT_TRANSLATE_NOOP("Accessible", "Profile")),
    "stagedGateSwitch": _n(QT_TRANSLATE_NOOP("Accessible", "Switch the write gate")),
    # -- backups, activity ------------------------------------------------------------------
    "backupsTable": _n(
        QT_TRANSLATE_NOOP("Accessible", "Backups"),
        QT_TRANSLATE_NOOP("Accessible", "One row per backup; restore the selected one"),
    ),
    "backupSearch": _n(QT_TRANSLATE_NOOP("Accessible", "Search the backups")),
    "backupHits": _n(QT_TRANSLATE_NOOP("Accessible", "Backups holding the words")),
    "backupDiffTable": _n(QT_TRANSLATE_NOOP("Accessible", "Changes since the backup")),
    "backupOldText": _n(QT_TRANSLATE_NOOP("Accessible", "The backup's text")),
    "backupNewText": _n(QT_TRANSLATE_NOOP("Accessible", "The file's text now")),
    "activityTable": _n(QT_TRANSLATE_NOOP("Accessible", "Operations")),
    "activityEvents": _n(QT_TRANSLATE_NOOP("Accessible", "Events")),
    "activityMemory": _n(QT_TRANSLATE_NOOP("Accessible", "Memory id")),
    # -- pages over every workspace ---------------------------------------------------------
    "homeTable": _n(
        QT_TRANSLATE_NOOP("Accessible", "Workspaces"),
        QT_TRANSLATE_NOOP("Accessible", "Every workspace found; Enter opens it"),
    ),
    "searchAllField": _n(QT_TRANSLATE_NOOP("Accessible", "Search every workspace")),
    "searchAllTable": _n(QT_TRANSLATE_NOOP("Accessible", "Memories found")),
    "inboxText": _n(QT_TRANSLATE_NOOP("Accessible", "Filter the inbox")),
    "inboxTable": _n(
        QT_TRANSLATE_NOOP("Accessible", "Inbox"),
        QT_TRANSLATE_NOOP("Accessible", "Every proposal and staged write"),
    ),
    "inboxDetail": _n(QT_TRANSLATE_NOOP("Accessible", "The proposal")),
    "allActivityText": _n(QT_TRANSLATE_NOOP("Accessible", "Filter the activity")),
    "allActivityTable": _n(QT_TRANSLATE_NOOP("Accessible", "Activity of every workspace")),
    # -- dialogs, the server page -----------------------------------------------------------
    "decayDay": _n(QT_TRANSLATE_NOOP("Accessible", "Decay every memory up to")),
    "decayTable": _n(QT_TRANSLATE_NOOP("Accessible", "What a decay run proposes")),
    "pendingFile": _n(QT_TRANSLATE_NOOP("Accessible", "File with unsaved edits")),
    "pendingTable": _n(QT_TRANSLATE_NOOP("Accessible", "Memories the save will change")),
    "wherePlaces": _n(
        QT_TRANSLATE_NOOP("Accessible", "Other places holding the text"),
        QT_TRANSLATE_NOOP("Accessible", "Space ticks a place for Forget everywhere"),
    ),
    "crashDetails": _n(QT_TRANSLATE_NOOP("Accessible", "Details of the error")),
    "remoteMemories": _n(QT_TRANSLATE_NOOP("Accessible", "Memories on the server")),
    "remoteEditor": _n(
        QT_TRANSLATE_NOOP("Accessible", "Memory text"),
        QT_TRANSLATE_NOOP("Accessible", "Save text writes it on the server"),
    ),
    "remoteQueue": _n(QT_TRANSLATE_NOOP("Accessible", "Review queue on the server")),
    "remoteActivity": _n(QT_TRANSLATE_NOOP("Accessible", "Activity on the server")),
}
CLEAR = QT_TRANSLATE_NOOP("Accessible", "Clear the text")


def make_accessible(root: QWidget) -> None:
    """Name every unnamed widget under `root` (and `root`) the table knows (a line edit's clear
    button is "Clear the text"); Tab leaves every table, list and text box instead of stepping
    through its cells or typing a tab, which kept the keyboard in it."""
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, QAbstractItemView):
            widget.setTabKeyNavigation(False)
        elif isinstance(widget, (QPlainTextEdit, QTextEdit)):
            widget.setTabChangesFocus(True)
        if widget.accessibleName():
            continue
        known = NAMES.get(widget.objectName())
        if known is not None:
            name, description = known
            widget.setAccessibleName(_tr(name))
            if description:
                widget.setAccessibleDescription(_tr(description))
        elif isinstance(widget, QToolButton) and isinstance(widget.parent(), QLineEdit):
            widget.setAccessibleName(_tr(CLEAR))


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)
