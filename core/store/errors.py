"""The one kind of expected failure: a message worded for the person, with the CLI's exit code."""

from __future__ import annotations

EXIT_REFUSED = 1  # the workspace has problems, or MemDesk refused the action
EXIT_ERROR = 2  # a usage or I/O error


class WorkspaceError(Exception):
    """An expected failure, worded for the person: a missing file, no permission, a lock held.

    `exit_code` follows the CLI: 2 for an I/O or usage error, 1 for an action MemDesk refused.
    """

    def __init__(self, message: str, *, exit_code: int = EXIT_ERROR) -> None:
        super().__init__(message)
        self.exit_code = exit_code
