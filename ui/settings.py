"""User settings: a pydantic model with a schema version, saved atomically as JSON.

A bad value never stops MemDesk from starting: the value is reset to its default and the
caller gets a warning to show. A broken file is moved aside (``settings.json.broken-<time>``),
never silently lost; an older file is migrated step by step (MIGRATIONS); a file written by a
newer MemDesk is read for the settings this version knows, and never overwritten.
No Qt here: the window geometry is Qt's ``saveGeometry()`` as base64, opaque to this module.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from core.store.atomic import atomic_write_bytes
from core.store.errors import EXIT_REFUSED, WorkspaceError

if TYPE_CHECKING:
    from core.agent import AnyAgent

if TYPE_CHECKING:
    from core.scan import Found, Progress

__all__ = [
    "MAX_RECENT",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Settings",
    "add_scan_folder",
    "data_dir",
    "load_settings",
    "migrated",
    "remove_scan_folder",
    "save_settings",
    "saved",
    "scanned",
    "settings_path",
    "with_scan_folders_on_disk",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
MAX_RECENT = 10
APP_DIR_NAME = "memdesk"
# saveGeometry() is a few dozen bytes; anything far larger is not a geometry.
_MAX_GEOMETRY_CHARS = 4096
# A settings file is a few hundred bytes; refuse to parse something absurd.
_MAX_FILE_BYTES = 1 << 20


class Settings(BaseModel):
    """Everything MemDesk remembers between runs (not per workspace)."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    schema_version: int = SCHEMA_VERSION
    theme: Literal["system", "light", "dark"] = "system"
    # The window's language (the CLI stays English): the system's, or one chosen.
    language: Literal["system", "en", "zh_CN"] = "system"
    recent_workspaces: list[str] = Field(default_factory=list)
    last_workspace: str | None = None
    # The workspaces open when the window last closed (navigator order) and the one shown:
    # the next start opens them again.
    open_workspaces: list[str] = Field(default_factory=list)
    current_workspace: str | None = None
    # Folders the person added to `memdesk scan` besides the agents' own homes (absolute).
    scan_folders: list[str] = Field(default_factory=list)
    window_geometry: str | None = None
    search_debounce_ms: int = Field(default=150, ge=50, le=2000)
    # The review queue's reviewer; the LLM's API key is never here: it is read from the
    # environment variable named by llm_api_key_env when a request is sent.
    reviewer: Literal["rules", "llm"] = "rules"
    llm_base_url: str = Field(default="", max_length=2000)
    llm_model: str = Field(default="", max_length=200)
    llm_timeout_s: float = Field(default=60.0, gt=0, le=3600)
    llm_api_key_env: str = Field(default="MEMDESK_LLM_API_KEY", pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    # The first-run page (what MemDesk writes and never does) was read and put away.
    welcome_dismissed: bool = False

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, value: int) -> int:
        if not 1 <= value <= SCHEMA_VERSION:
            raise ValueError(f"schema version must be between 1 and {SCHEMA_VERSION}")
        return value

    @field_validator("recent_workspaces")
    @classmethod
    def _normalise_recent(cls, value: list[str]) -> list[str]:
        return _dedupe_recent(value)

    @field_validator("open_workspaces")
    @classmethod
    def _unique(cls, value: list[str]) -> list[str]:
        return [path for path in dict.fromkeys(value) if path.strip()]

    @field_validator("last_workspace", "current_workspace")
    @classmethod
    def _non_empty(cls, value: str | None) -> str | None:
        return value if value and value.strip() else None

    @field_validator("window_geometry")
    @classmethod
    def _base64(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if len(value) > _MAX_GEOMETRY_CHARS:
            raise ValueError("too long for a window geometry")
        try:
            base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ValueError("not base64") from exc
        return value

    def with_recent(self, path: str | os.PathLike[str]) -> Settings:
        """A copy in which ``path`` was just opened: first in the recent list and the last one."""
        opened = os.path.abspath(os.path.expanduser(os.fspath(path)))
        recent = [opened, *(p for p in self.recent_workspaces if p != opened)]
        return self.model_copy(
            update={"recent_workspaces": _dedupe_recent(recent), "last_workspace": opened}
        )

    def with_session(self, open_now: list[str], current: str | None) -> Settings:
        """A copy remembering the workspaces open as the window closes, and the one shown."""
        kept = list(dict.fromkeys(open_now))
        return self.model_copy(update={"open_workspaces": kept, "current_workspace": current})


def _dedupe_recent(paths: list[str]) -> list[str]:
    """Most recent first, no duplicates, no empty entries, at most MAX_RECENT."""
    unique = [path for path in dict.fromkeys(paths) if path.strip()]
    return unique[:MAX_RECENT]


def settings_path() -> Path:
    """``$XDG_CONFIG_HOME/memdesk/settings.json`` (``~/.config`` when unset)."""
    return _xdg_dir("XDG_CONFIG_HOME", ".config") / APP_DIR_NAME / "settings.json"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/memdesk`` (``~/.local/share`` when unset); not created here."""
    return _xdg_dir("XDG_DATA_HOME", ".local/share") / APP_DIR_NAME


def _xdg_dir(variable: str, fallback: str) -> Path:
    # The XDG spec says a relative value is invalid and must be ignored.
    value = os.environ.get(variable, "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / fallback


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Read the settings; never raises for a bad file. Returns the settings and warnings."""
    path = settings_path() if path is None else Path(path)
    try:
        data = _read_limited(path)
    except FileNotFoundError:
        return Settings(), []
    except OSError as exc:
        return Settings(), _warn(
            f"Could not read the settings file {path} ({exc}); using defaults."
        )

    raw = _parse(data)
    if raw is None:
        kept = _move_aside(path)
        where = f"it was kept as {kept.name}" if kept else "it could not be moved aside"
        return Settings(), _warn(
            f"The settings file {path} is not valid settings JSON; {where}. Using defaults."
        )

    version = raw.get("schema_version", 1)
    if _is_int(version) and version > SCHEMA_VERSION:
        settings, _ = _validate_fieldwise(_known_to_this_version(raw))
        return settings, _warn(
            f"The settings file {path} was written by a newer MemDesk (schema {version}, this "
            f"version knows {SCHEMA_VERSION}); read what this version knows, and nothing "
            "changed now is saved: the file is left untouched."
        )
    raw, warnings = migrated(raw)
    settings, more = _validate_fieldwise(raw)
    return settings, warnings + more


# -- migrations: one function per schema version ever written, each to the next -----------------
def _from_1(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no first-run page: whoever has a version 1 file has used MemDesk."""
    return {**raw, "welcome_dismissed": True, "schema_version": 2}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1}


def migrated(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """`raw` (a settings file's object, of this version or older) in this version's shape: each
    step of MIGRATIONS from its version on. A file with no version is of the first (every file
    ever written had one); an invalid version is read as the first, with a warning."""
    version = raw.get("schema_version", 1)
    warnings: list[str] = []
    if not _is_int(version) or not 1 <= version <= SCHEMA_VERSION:
        warnings = _warn(
            f"Setting 'schema_version' had an invalid value ({_short_repr(version)}); "
            "read as version 1."
        )
        version = 1
    while version < SCHEMA_VERSION:
        raw = MIGRATIONS[version](raw)
        version = raw["schema_version"]
    return raw, warnings


def _known_to_this_version(raw: dict[str, Any]) -> dict[str, Any]:
    """The settings of a newer file this version has too (its version number is not)."""
    return {k: v for k, v in raw.items() if k in Settings.model_fields and k != "schema_version"}


def _read_limited(path: Path) -> bytes:
    with path.open("rb") as handle:
        data = handle.read(_MAX_FILE_BYTES + 1)
    if len(data) > _MAX_FILE_BYTES:
        raise OSError(f"larger than {_MAX_FILE_BYTES} bytes")
    return data


def _parse(data: bytes) -> dict[str, Any] | None:
    """The JSON object in ``data``, or None if it is not one."""
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate_fieldwise(raw: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Validate ``raw``, resetting each invalid field to its default with a warning."""
    warnings: list[str] = []
    known = {key: value for key, value in raw.items() if key in Settings.model_fields}
    for key in sorted(set(raw) - set(known)):
        warnings += _warn(f"Unknown setting {key!r} ignored.")
    # Each round drops at least one field, so this ends within len(fields) + 1 rounds.
    for _round in range(len(Settings.model_fields) + 1):
        try:
            return Settings.model_validate(known), warnings
        except ValidationError as exc:
            bad = {str(error["loc"][0]) for error in exc.errors() if error["loc"]}
            if not bad:
                break
            for name in sorted(bad):
                default = Settings.model_fields[name].get_default(call_default_factory=True)
                warnings += _warn(
                    f"Setting {name!r} had an invalid value ({_short_repr(known.pop(name))}); "
                    f"reset to the default ({default!r})."
                )
    return Settings(), [*warnings, *_warn("Settings could not be validated; using defaults.")]


def _short_repr(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _warn(message: str) -> list[str]:
    log.warning("%s", message)
    return [message]


def _move_aside(path: Path) -> Path | None:
    """Rename a broken file to ``<name>.broken-<UTC time>`` (never over an existing file)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    for attempt in range(100):
        suffix = f".broken-{stamp}" if attempt == 0 else f".broken-{stamp}-{attempt}"
        target = path.with_name(path.name + suffix)
        try:
            os.link(path, target)  # fails instead of replacing a file of that name
            os.unlink(path)
        except FileExistsError:
            continue
        except OSError:
            log.warning("could not move the broken settings file %s aside", path, exc_info=True)
            return None
        return target
    return None


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write ``settings`` atomically as 2-space JSON; creates the folder if needed.

    Returns False, writing nothing, if the file on disk was written by a newer MemDesk:
    an older version must not overwrite settings it does not understand.
    """
    path = settings_path() if path is None else Path(path)
    # A settings file kept in a dotfiles repository is often a symlink: write its target.
    if path.is_symlink():
        path = path.resolve()
    on_disk = _version_on_disk(path)
    if on_disk is not None and on_disk > SCHEMA_VERSION:
        log.warning("not saving settings: %s was written by a newer MemDesk", path)
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
    atomic_write_bytes(path, text.encode("utf-8"))
    return True


def with_scan_folders_on_disk(settings: Settings, path: Path | None = None) -> Settings:
    """`settings` with the folders added to `memdesk scan` as the file holds them now: the
    command and the Home page change them on disk (`add_scan_folder`), never the window's copy."""
    return settings.model_copy(update={"scan_folders": load_settings(path)[0].scan_folders})


def saved(settings: Settings, path: Path | None = None) -> Settings:
    """`settings` written (OSError when it cannot be), with the folders added to `memdesk scan`
    as the file holds them: what the window keeps."""
    settings = with_scan_folders_on_disk(settings, path)
    save_settings(settings, path)
    return settings


def scanned(path: Path | None = None, progress: Progress | None = None) -> list[Found]:
    """Every workspace `memdesk scan` lists: the agents' homes and the folders added (as the
    settings file at `path` holds them now); `progress(done, total)` follows the workspaces."""
    from core.scan import scan  # not at start-up: `memdesk --version` needs none of it

    return scan(extra=[Path(p) for p in load_settings(path)[0].scan_folders], progress=progress)


def add_scan_folder(
    folder: Path, path: Path | None = None
) -> tuple[Path, list[tuple[AnyAgent, Path]]]:
    """Keep `folder` among those `memdesk scan` looks in once it holds agent memory: the folder
    as kept (absolute) and its workspaces; WorkspaceError saying why nothing was added."""
    from core.scan import added_workspaces, reason

    folder = Path(os.path.abspath(folder.expanduser()))
    try:
        held = added_workspaces(folder)
    except WorkspaceError as exc:
        raise WorkspaceError(f"{exc}; nothing added", exit_code=EXIT_REFUSED) from exc
    except OSError as exc:
        raise WorkspaceError(f"{folder}: {reason(exc)}; nothing added") from exc
    settings, _ = load_settings(path)
    if str(folder) not in settings.scan_folders:
        _keep_scan_folders(settings, [*settings.scan_folders, str(folder)], path, "added")
    return folder, held


def remove_scan_folder(folder: Path, path: Path | None = None) -> Path:
    """Stop scanning a folder added (its files are untouched): the folder as it was kept;
    WorkspaceError when it was not among them."""
    folder = Path(os.path.abspath(folder.expanduser()))
    settings, _ = load_settings(path)
    if str(folder) not in settings.scan_folders:
        raise WorkspaceError(
            f"{folder} is not among the folders added to scan; nothing removed",
            exit_code=EXIT_REFUSED,
        )
    left = [p for p in settings.scan_folders if p != str(folder)]
    _keep_scan_folders(settings, left, path, "removed")
    return folder


def _keep_scan_folders(
    settings: Settings, folders: list[str], path: Path | None, verb: str
) -> None:
    if not save_settings(settings.model_copy(update={"scan_folders": folders}), path):
        raise WorkspaceError(
            f"settings written by a newer MemDesk: nothing {verb}", exit_code=EXIT_REFUSED
        )


def _version_on_disk(path: Path) -> int | None:
    try:
        raw = _parse(_read_limited(path))
    except OSError:
        return None
    version = raw.get("schema_version") if raw else None
    return version if _is_int(version) else None
