"""Where Claude Code keeps each project's auto memory under one config home (spec/claude-code.md
1.1): `<home>/projects/<folder>/memory/` for every project, unless the setting
`autoMemoryDirectory` (managed policy settings first, then the user's `<home>/settings.json`;
the project's own settings are ignored by the agent) sends every project's memory to one folder.
The config home is `CLAUDE_CONFIG_DIR`, else `~/.claude`."""

from __future__ import annotations

import json
import os
import sys
import unicodedata
from pathlib import Path

from core.agent import SeveralWorkspaces
from core.messages import N_, say
from core.store.errors import WorkspaceError
from core.store.files import list_folder, read_head

CONFIG_ENV = "CLAUDE_CONFIG_DIR"
SETTING = "autoMemoryDirectory"
_SETTINGS_HEAD = 1024 * 1024
_MANAGED = {
    "darwin": Path("/Library/Application Support/ClaudeCode/managed-settings.json"),
    "win32": Path("C:/Program Files/ClaudeCode/managed-settings.json"),
}


def config_home() -> Path:
    """Claude Code's config home: `CLAUDE_CONFIG_DIR`, else `~/.claude` (NFC, as the agent)."""
    given = os.environ.get(CONFIG_ENV) or str(Path.home() / ".claude")
    return Path(unicodedata.normalize("NFC", given))


def is_config_home(folder: Path) -> bool:
    """A folder Claude Code keeps its settings and projects in: one with projects/, or named
    .claude, or the one `CLAUDE_CONFIG_DIR` names."""
    if (folder / "projects").is_dir() or folder.name == ".claude":
        return True
    return folder.absolute() == config_home().absolute()


def managed_settings() -> Path:
    """The managed policy settings file of this system, whose values win over the user's."""
    return _MANAGED.get(sys.platform, Path("/etc/claude-code/managed-settings.json"))


def configured_memory(home: Path, managed: Path | None = None) -> Path | None:
    """The folder `autoMemoryDirectory` names for every project of the config home `home`
    (None: unset, or a value the agent refuses: not absolute, a root, too short, a NUL)."""
    for settings in (managed or managed_settings(), home / "settings.json"):
        value = _setting(settings)
        if value is not None:
            return value
    return None


def _setting(settings: Path) -> Path | None:
    head = read_head(settings, _SETTINGS_HEAD)
    try:
        parsed = json.loads(head) if head else None
    except ValueError:
        return None
    value = parsed.get(SETTING) if isinstance(parsed, dict) else None
    if not isinstance(value, str) or "\0" in value:
        return None
    if value.startswith("~/"):
        value = str(Path.home() / value[2:])
    path = Path(value)
    if not path.is_absolute() or len(value) < 3 or path == Path(path.anchor):
        return None
    return path


def project_folders(home: Path) -> list[Path]:
    """Every project folder (`projects/<folder>/`) of the config home with auto memory."""
    from core.agents.claude_code import AGENT

    projects = home / "projects"
    if not projects.is_dir():
        return []
    return sorted(p for p in list_folder(projects) if p.is_dir() and AGENT.detect(p))


def home_workspace(home: Path) -> Path | None:
    """The workspace a config home stands for: the folder `autoMemoryDirectory` names, else its
    one project; SeveralWorkspaces when it has more than one project."""
    from core.agents.claude_code.project import project_path

    if not is_config_home(home):
        return None
    configured = configured_memory(home)
    if configured is not None and configured.is_dir():
        if configured.name != "memory":
            raise WorkspaceError(
                say(
                    "{path}: its {key} sends every project's memory to {folder}; MemDesk "
                    "opens only auto-memory folders named memory/, so it cannot open that one yet",
                    path=home,
                    key=SETTING,
                    folder=configured,
                )
            )
        return configured.parent
    found = project_folders(home)
    if len(found) <= 1:
        return found[0] if found else None
    unknown = N_("its path cannot be recovered from the folder name")
    choices = [(p, project_path(p) or unknown) for p in found]
    listed = "".join(f"\n  {path}  ({label})" for path, label in choices)
    raise SeveralWorkspaces(
        say(
            "{path}: Claude Code memory of {count} projects; open one of them:{listed_text}",
            path=home,
            count=len(found),
            listed_text=listed,
        ),
        choices,
    )
