"""How many of its own backups MemDesk keeps per file (SPEC 5: configurable, prunes only its own).

Only `.memdesk/backups/` is pruned: every file there is MemDesk's. PicoClaw's `memory/backups/`
holds the agent's backups and MemDesk's under the same names, so nothing there is ever deleted.
The number is a setting of the workspace, kept in its journal; 0 keeps every backup.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.store.backups_view import prune_backups
from core.store.errors import WorkspaceError
from core.store.journal import Journal, JournalError

SETTING = "backups_keep"
DEFAULT_KEEP = 50

log = logging.getLogger(__name__)


def backups_to_keep(root: Path, journal: Journal | None = None) -> int:
    """The workspace's setting (DEFAULT_KEEP when unset or unreadable); 0 means keep all.
    `journal`: the workspace's, open (a commit's), else it is opened."""
    try:
        if journal is not None:
            value = journal.get_setting(SETTING, DEFAULT_KEEP)
        elif not Journal.exists(root):
            return DEFAULT_KEEP
        else:
            with Journal.open_for_inspection(root) as opened:
                value = opened.get_setting(SETTING, DEFAULT_KEEP)
    except (JournalError, OSError):
        return DEFAULT_KEEP
    return (
        value
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0
        else DEFAULT_KEEP
    )


def set_backups_to_keep(root: Path, keep: int) -> None:
    if keep < 0:
        raise ValueError(f"the number of backups to keep cannot be negative ({keep})")
    with Journal.open(root) as journal:
        journal.set_setting(SETTING, keep)


def prune_own(root: Path, backup_dir: Path, journal: Journal | None = None) -> list[Path]:
    """After a backup into `backup_dir`: delete MemDesk's oldest beyond the workspace's setting.

    Does nothing outside `.memdesk/backups/`. A failure is logged, never raised: a save that
    succeeded must not be reported as failed because an old backup could not be removed.
    """
    own = root / ".memdesk" / "backups"
    if not backup_dir.absolute().is_relative_to(own.absolute()):
        return []
    keep = backups_to_keep(root, journal)
    if keep == 0:
        return []
    try:
        return prune_backups(backup_dir, root, keep=keep, owned=lambda _path: True)
    except (OSError, WorkspaceError):
        log.warning("could not prune old backups in %s", backup_dir, exc_info=True)
        return []
