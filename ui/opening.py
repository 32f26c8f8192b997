"""Opening a folder, and what is remembered for it.

A folder is read off the UI thread (`open_any`); when it fits several agents' layouts and none is
remembered for it, the person is asked which agent's it is (`ask_layout`). How many backups of
each file it keeps is asked the same way (`ask_backups_to_keep`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QWidget

from core.agent import SeveralWorkspaces
from core.registry import agent_named, detect, resolve, workspace_root
from core.session import AnySession, OpeningJournal, Session
from core.store.journal import JournalError
from core.store.retention import backups_to_keep, set_backups_to_keep
from ui.untrusted import literal_html

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.open_tab import WorkspaceTab

__all__ = [
    "Ambiguous",
    "Opened",
    "Several",
    "ask_backups_to_keep",
    "ask_layout",
    "ask_workspace",
    "fold_held",
    "open_any",
]


@dataclass(frozen=True)
class Opened:
    session: AnySession  # the window holds it while the workspace is open
    journal_problem: str | None = None  # why its journal cannot be read


@dataclass(frozen=True)
class Ambiguous:
    """A folder that fits several agents' layouts and has no remembered choice."""

    root: Path
    candidates: tuple[str, ...]


@dataclass(frozen=True)
class Several:
    """A folder that holds several workspaces (Claude Code's config home: one per project)."""

    folder: Path
    choices: list[tuple[Path, str]]  # each workspace and how it is named


def open_any(path: Path, agent: str | None = None) -> Opened | Ambiguous | Several:
    """The workspace at `path`, read off the UI thread with what its first page shows (read as
    `agent`'s when named). A folder holding a workspace (PicoClaw's home) opens that one; one
    holding several, none yet."""
    with OpeningJournal() as journal:
        journal.hold(path if path.is_dir() else path.parent)
        try:
            root = workspace_root(path)
        except SeveralWorkspaces as several:
            return Several(path, several.choices)
        if agent is None and root.is_dir():
            found = detect(root)
            if found.ambiguous:
                return Ambiguous(root.absolute(), found.candidates)
        reader, target = resolve(root, agent=agent)
        held = journal.hold(target if target.is_dir() else target.parent)
        session = Session(reader, reader.open(target), held)
        session.workspace.warm_up()
        problem = held.unreadable()
        journal.release()  # the session holds it from now on
    return Opened(session, problem)


translate = QCoreApplication.translate


def ask_layout(parent: QWidget, root: Path, candidates: tuple[str, ...]) -> str | None:
    """The person chooses how to read a folder that fits several agents' layouts."""
    names = [agent_named(c).title for c in candidates]
    choice, ok = QInputDialog.getItem(
        parent,
        translate("Opening", "Which agent's memory is this?"),
        literal_html(
            translate(
                "Opening",
                "{folder} fits more than one agent's layout. Read it as (remembered for this "
                "folder):",
            ).format(folder=root)
        ),
        names,
        0,
        False,
    )
    return candidates[names.index(choice)] if ok and choice in names else None


def ask_workspace(parent: QWidget, several: Several) -> Path | None:
    """The person chooses which of the workspaces a folder holds to open."""
    names = [f"{label} · {path.name}" for path, label in several.choices]
    choice, ok = QInputDialog.getItem(
        parent,
        translate("Opening", "Which project's memory?"),
        literal_html(
            translate("Opening", "{folder} holds the memory of {count} projects. Open:").format(
                folder=several.folder, count=len(names)
            )
        ),
        names,
        0,
        False,
    )
    return several.choices[names.index(choice)][0] if ok and choice in names else None


def keep_backups(window: MainWindow, root: Path) -> None:
    """File → Backups to keep: asked, kept in the workspace's journal, said in the status bar."""
    keep = ask_backups_to_keep(window, root)
    if keep is None:
        return
    try:
        set_backups_to_keep(root, keep)
    except (OSError, JournalError, ValueError) as exc:
        said = translate("Opening", "Could not change the setting: {error}")
        window.show_error(said.format(error=exc))
        return
    kept = (
        translate("Opening", "MemDesk keeps every backup in {path}")
        if keep == 0
        else translate("Opening", "MemDesk keeps the newest {count} backups of each file in {path}")
    )
    window.statusBar().showMessage(kept.format(count=keep, path=root), 6000)


def ask_backups_to_keep(parent: QWidget, root: Path) -> int | None:
    """How many of MemDesk's own backups of each file the workspace at `root` is to keep (0:
    all); None when the person cancels."""
    keep, ok = QInputDialog.getInt(
        parent,
        translate("Opening", "Backups to keep"),
        translate(
            "Opening",
            "MemDesk backs a file up before every write, into .memdesk/backups/. How many of\n"
            "those backups of each file should this workspace keep? (0 keeps them all; the\n"
            "agent's own backups are never deleted.)",
        ),
        backups_to_keep(root),
        0,
        1_000_000,
    )
    return keep if ok else None


def fold_held(window: MainWindow, tab: WorkspaceTab) -> bool:
    """Close the open workspaces whose files `tab` shows on a page of its own (a Hermes
    profile, open on its own, as its home opens), asking about their unsaved edits; then `tab`
    reads those files anew. False, `tab` closed again, when the person keeps one open."""
    held = [
        other for other in window.tabs() if other is not tab and tab.desk.holds_folder(other.root)
    ]
    for other in held:
        window.show_tab(other)
        if not window.close_workspace(other):
            window.close_workspace(tab)
            window.show_tab(other)
            said = QCoreApplication.translate(
                "MainWindow", "{home} not opened: it holds {folder}, still open with its edits"
            )
            window.statusBar().showMessage(said.format(home=tab.root, folder=other.root), 8000)
            return False
    if held:
        tab.check_external_change()  # an edit saved in the profile's tab just now
        tab.desk.show_folder(held[-1].root)
    return True
