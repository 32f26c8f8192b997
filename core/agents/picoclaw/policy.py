"""PicoClaw's MemoryPolicy as MemDesk edits it (SPEC 2.2): `memory/policy_overrides.json` as keyed
entries, the agent's snapshots of it, and each key's effective value with its source.

What the agent does: before each update of the overrides it saves their previous raw content as
`memory/policy_snapshots/YYYYMMDD_HHMMSS.json` (local time; only when the file existed and was
not empty), then writes the overrides as Go's `json.MarshalIndent` of a map: sorted keys, 2-space
indent, no final newline. Restoring a snapshot writes it back as the overrides, after a snapshot
of the current ones.

MemDesk's differences: a snapshot never overwrites another (a second one in the same second gets
`_2`, `_3`, … before `.json`); keys the agent does not know are kept, not dropped.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, NamedTuple

from core.formats.json_object import JsonItem, JsonObjectDoc, JsonObjectFormat
from core.formats.strict_json import dump_json, load_json
from core.formats.text import BOM, InputError
from core.messages import N_, say
from core.store.backups import file_time, stamp_time
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import list_folder, read_file

# ---------------------------------------------------------------------------------------------
# Memory policy: the layers the agent resolves (defaults <- config.json <- overrides)

PolicySource = Literal["default", "config", "override"]
PolicyScalar = int | bool

# SPEC 2.2, in the agent's order. Values <= 0 fall back to the default, except that 0 is a
# setting of its own for the keys in ZERO_MEANS (negative values still fall back).
POLICY_DEFAULTS: dict[str, PolicyScalar] = {
    "retrieve_limit": 10,
    "recent_days": 3,
    "session_summary_message_threshold": 20,
    "session_summary_token_percent": 75,
    "session_summary_keep_count": 4,
    "session_relevant_history_limit": 0,  # 0 = off
    "session_relevant_fallback_keep": 8,  # explicit 0 = no history
    "long_term_compress_char_threshold": 0,  # 0 = off; counts bytes
    "evolution_enabled": False,
}
ZERO_MEANS = frozenset(
    {
        "session_relevant_history_limit",
        "session_relevant_fallback_keep",
        "long_term_compress_char_threshold",
    }
)
OVERRIDES_FILE = Path("memory") / "policy_overrides.json"
# What is shown while the agent ignores its overrides file (said once, after the file's name).
IGNORED_OVERRIDES = N_("shown is what PicoClaw does without it: its defaults and config.json")
# Where an effective value comes from (PolicyValue.source), as the window names it.
SOURCES = (N_("default"), N_("config"), N_("override"))
_INT64 = range(-(2**63), 2**63)


class PolicyValue(NamedTuple):
    """An effective policy value and where it comes from."""

    value: PolicyScalar
    source: PolicySource


class PolicyFileError(InputError):
    """config.json or policy_overrides.json cannot be read as the agent's policy."""


@dataclass(frozen=True, slots=True)
class PolicyLayers:
    """The policy values each file sets (only the known keys it sets, null counting as unset).

    `ignored`: why the agent ignores the overrides (corrupt JSON, a value of the wrong type):
    it then runs with its defaults and config.json, and so do these layers."""

    config_path: Path | None
    config: dict[str, PolicyScalar]
    overrides_path: Path
    overrides: dict[str, PolicyScalar]
    ignored: PolicyFileError | None = None

    def over(self, path: Path, data: bytes) -> PolicyLayers:
        """These layers with the overrides `data` holds instead (a snapshot's, values tried)."""
        try:
            _obj, overrides = read_overrides(path, data)
        except PolicyFileError as exc:
            return replace(self, overrides_path=path, overrides={}, ignored=exc)
        return replace(self, overrides_path=path, overrides=overrides, ignored=None)


def read_overrides(path: Path, data: bytes) -> tuple[dict[str, Any], dict[str, PolicyScalar]]:
    """The JSON object an overrides file holds (unknown keys too) and the known values it sets;
    PolicyFileError (file, line) for what makes the agent ignore the whole file."""
    obj, text = json_object(path, data, ignored_by_agent=True)
    return obj, policy_values(obj, path, text, ignored_by_agent=True)


def config_candidates(workspace: Path | str) -> list[Path]:
    """Where the agent's config.json may be: beside the workspace (``~/.picoclaw``), then in it."""
    root = Path(workspace).absolute()
    return [root.parent / "config.json", root / "config.json"]


def find_config(workspace: Path | str) -> Path | None:
    return next((p for p in config_candidates(workspace) if p.is_file()), None)


def load_policy_layers(
    workspace: Path | str, *, config_path: Path | str | None = None
) -> PolicyLayers:
    """Read config.json's ``memory`` block and ``memory/policy_overrides.json``.

    ``config_path`` is the config.json the person picked; by default the first of
    `config_candidates` that exists. Raises PolicyFileError (naming the file and line) for a
    config.json with corrupt JSON or a value of the wrong type, and for a file that cannot be
    read. Overrides the agent cannot use are ignored as the agent ignores them (`ignored` says
    why): never read as empty without saying so.
    """
    config_file = Path(config_path) if config_path is not None else find_config(workspace)
    config: dict[str, PolicyScalar] = {}
    if config_file is not None:
        obj, text = _read_json_object(config_file)
        block = obj.get("memory")
        if block is not None:
            if not isinstance(block, dict):
                raise PolicyFileError(
                    config_file,
                    say('"memory" must be an object'),
                    line=_line_of(text, '"memory"'),
                )
            config = policy_values(block, config_file, text)
    layers = PolicyLayers(config_file, config, Path(workspace) / OVERRIDES_FILE, {})
    if not layers.overrides_path.exists():
        return layers
    return layers.over(layers.overrides_path, _read(layers.overrides_path, root=Path(workspace)))


def resolve_policy(layers: PolicyLayers) -> dict[str, PolicyValue]:
    """Defaults <- config <- overrides; a value the agent would not use shows as the default.

    As in the agent, an override replaces the config value even when it then falls back to the
    default (config 6, override 0 -> 10 from "default").
    """
    out: dict[str, PolicyValue] = {}
    for key, default in POLICY_DEFAULTS.items():
        found = PolicyValue(default, "default")
        if key in layers.config:
            found = PolicyValue(layers.config[key], "config")
        if key in layers.overrides:
            found = PolicyValue(layers.overrides[key], "override")
        value = found.value
        if not isinstance(default, bool) and not (value > 0 or (value == 0 and key in ZERO_MEANS)):
            found = PolicyValue(default, "default")
        out[key] = found
    return out


def effective_policy(
    workspace: Path | str, *, config_path: Path | str | None = None
) -> dict[str, PolicyValue]:
    """The policy the agent runs with for this workspace, each value with its source."""
    return resolve_policy(load_policy_layers(workspace, config_path=config_path))


def _read_json_object(path: Path) -> tuple[dict[str, Any], str]:
    """The JSON object in `path` and its text."""
    return json_object(path, _read(path))


def _read(path: Path, *, root: Path | None = None) -> bytes:
    """A policy file's bytes (read inside `root` when given); PolicyFileError when unreadable."""
    try:
        return read_file(path, root=root)  # a FIFO is refused, never waited on
    except WorkspaceError as exc:
        reason = str(exc).removeprefix(f"{path}: ")
        raise PolicyFileError(path, say("cannot be read: {reason}", reason=reason)) from None


def json_object(
    path: Path, data: bytes, *, ignored_by_agent: bool = False
) -> tuple[dict[str, Any], str]:
    """The JSON object `data` holds and its text; PolicyFileError (file, line) otherwise."""

    def refused(reason: str, line: int) -> PolicyFileError:
        return PolicyFileError(path, _ignored_whole(reason, ignored_by_agent), line=line)

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise refused(say("not valid UTF-8"), line) from None
    if text.startswith(BOM):
        raise refused(say("starts with a UTF-8 BOM, which the agent's JSON reader rejects"), 1)
    if not text.strip():
        raise refused(say("is empty, not JSON"), 1)
    try:
        obj = load_json(text)
    except json.JSONDecodeError as exc:
        error = say("corrupt JSON: {error} at column {column}", error=exc.msg, column=exc.colno)
        raise refused(error, exc.lineno) from None
    if not isinstance(obj, dict):
        raise refused(say("must hold a JSON object"), 1)
    return obj, text


def _ignored_whole(reason: str, ignored_by_agent: bool) -> str:
    if not ignored_by_agent:
        return reason
    return say("{reason} (the agent ignores the whole file)", reason=reason)


def policy_values(
    obj: dict[str, Any], path: Path, text: str, *, ignored_by_agent: bool = False
) -> dict[str, PolicyScalar]:
    """The known policy keys `obj` sets (null counts as unset); PolicyFileError for a value of
    the wrong type."""
    out: dict[str, PolicyScalar] = {}
    for key, default in POLICY_DEFAULTS.items():
        value = obj.get(key)
        if value is None:
            continue
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        else:
            ok = isinstance(value, int) and not isinstance(value, bool) and value in _INT64
        if not ok:
            wrong = _wrong_type(key, json.dumps(value, ensure_ascii=False))
            raise PolicyFileError(
                path, _ignored_whole(wrong, ignored_by_agent), line=_line_of(text, f'"{key}"')
            )
        out[key] = value
    return out


def _wrong_type(key: str, value: str) -> str:
    """`key` given `value` (as written) of a type the agent does not take."""
    if isinstance(POLICY_DEFAULTS[key], bool):
        return say("{key} must be true or false, not {value}", key=key, value=value)
    return say("{key} must be a whole number, not {value}", key=key, value=value)


def _line_of(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return None if at < 0 else text.count("\n", 0, at) + 1


__all__ = [
    "MEANINGS",
    "NO_VALUE_SET",
    "OVERRIDES",
    "SNAPSHOTS",
    "PolicyDoc",
    "PolicyItem",
    "PolicyOverridesFormat",
    "PolicyRow",
    "Snapshot",
    "check_override",
    "checked_snapshot",
    "find_snapshot",
    "list_snapshots",
    "parse_override",
    "policy_rows",
    "rows_of",
    "write_snapshot",
]

OVERRIDES = OVERRIDES_FILE.as_posix()
SNAPSHOTS = "memory/policy_snapshots"
_SNAPSHOT_NAME = re.compile(r"^(\d{8}_\d{6})(?:_(\d+))?\.json$")
_GO_ESCAPED = re.compile("[<>&\u2028\u2029]")

# Why a value cannot be set in an overrides file the agent ignores (said after its problem).
NO_VALUE_SET = N_(
    "MemDesk sets no value in it: restore a snapshot over it, or fix it in a text editor"
)

# What each key does, as the agent's memorypolicy.go uses it (SPEC 2.2).
MEANINGS: dict[str, str] = {
    "retrieve_limit": N_("long-term memory chunks injected for a user message"),
    "recent_days": N_("days of daily notes injected with every message"),
    "session_summary_message_threshold": N_("messages in a session before it is summarized"),
    "session_summary_token_percent": N_("share of the context window that triggers a summary (%)"),
    "session_summary_keep_count": N_("latest messages kept verbatim after a summary"),
    "session_relevant_history_limit": N_("earlier messages chosen by relevance (0 = off)"),
    "session_relevant_fallback_keep": N_("latest messages kept when none is relevant (0 = none)"),
    "long_term_compress_char_threshold": N_(
        "MEMORY.md size in bytes that starts a compression by the LLM (0 = never)"
    ),
    "evolution_enabled": N_("the agent rewrites these overrides itself after reflecting"),
}


# -- the overrides file as keyed entries ---------------------------------------------------------
PolicyItem = JsonItem  # a known key's value: a whole number or true/false


class PolicyDoc(JsonObjectDoc):
    """The overrides in file order (unknown keys too); for a file the agent ignores (corrupt),
    its bytes as found and why: kept as they are, never edited key by key."""

    def __init__(
        self,
        items: Iterable[tuple[str, Any]] = (),
        *,
        corrupt: PolicyFileError | None = None,
        raw: bytes = b"",
    ) -> None:
        super().__init__(items)
        self.corrupt = corrupt
        self.raw = raw


class PolicyOverridesFormat(JsonObjectFormat):
    """`memory/policy_overrides.json` for the store: one entry per key. A corrupt file is kept
    byte for byte: a key cannot be set in it (PolicyFileError), it can only be replaced whole
    (a snapshot restored over it), after its bytes are backed up and snapshotted."""

    def parse(self, data: bytes | None) -> PolicyDoc:
        if data is None:
            return PolicyDoc()
        try:
            obj, _values = read_overrides(self.path, data)  # wrong types: refused
        except PolicyFileError as exc:
            return PolicyDoc(corrupt=exc, raw=data)
        return PolicyDoc(obj.items())

    def render(self, doc: JsonObjectDoc) -> bytes:
        if isinstance(doc, PolicyDoc) and doc.corrupt is not None:
            return doc.raw
        return self.render_items(doc.items)

    def outside(self, doc: JsonObjectDoc) -> object:
        return doc.raw if isinstance(doc, PolicyDoc) and doc.corrupt is not None else None

    def insert(self, doc: JsonObjectDoc, entry: PolicyItem) -> str:
        _refuse_corrupt(doc)
        return super().insert(doc, entry)

    def replace(self, doc: JsonObjectDoc, key: str, entry: PolicyItem) -> None:
        _refuse_corrupt(doc)
        super().replace(doc, key, entry)

    def remove(self, doc: JsonObjectDoc, key: str) -> None:
        _refuse_corrupt(doc)
        super().remove(doc, key)

    def render_items(self, items: dict[str, Any]) -> bytes:
        text = dump_json(items, indent=2, sort_keys=True)
        return _GO_ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", text).encode("utf-8")

    def typed(self, key: str, text: str) -> PolicyScalar:
        return parse_override(key, text)


def _refuse_corrupt(doc: JsonObjectDoc) -> None:
    if isinstance(doc, PolicyDoc) and doc.corrupt is not None:
        raise doc.corrupt


def parse_override(key: str, text: str) -> PolicyScalar:
    """A value typed for `key`, checked as the agent would use it; ValueError says why not."""
    if key not in POLICY_DEFAULTS:
        raise ValueError(_not_a_key(key))
    raw = text.strip().lower()
    if isinstance(POLICY_DEFAULTS[key], bool):
        if raw not in ("true", "false"):
            raise ValueError(_wrong_type(key, repr(text)))
        return raw == "true"
    try:
        return check_override(key, int(raw))
    except ValueError as exc:
        if raw.lstrip("+-").isdigit():
            raise
        raise ValueError(_wrong_type(key, repr(text))) from exc


def check_override(key: str, value: Any) -> PolicyScalar:
    """`value` for `key`, as MemDesk writes it into the overrides (typed, or restored from a
    snapshot): one check for both. ValueError says why MemDesk does not write it."""
    if key not in POLICY_DEFAULTS:
        raise ValueError(_not_a_key(key))
    default = POLICY_DEFAULTS[key]
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(_wrong_type(key, json.dumps(value)))
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(_wrong_type(key, json.dumps(value)))
    if value < 0 or (value == 0 and key not in ZERO_MEANS):
        least = 0 if key in ZERO_MEANS else 1
        raise ValueError(
            say(
                "{key} must be at least {least}: the agent would ignore {value} and use {default}",
                key=key,
                least=least,
                value=value,
                default=default,
            )
        )
    if value >= 2**63:
        raise ValueError(say("{key}: {value} is too large for the agent", key=key, value=value))
    return value


def _not_a_key(key: str) -> str:
    names = ", ".join(POLICY_DEFAULTS)
    return say("{key}: not a MemoryPolicy key ({names})", key=key, names=names)


def checked_snapshot(path: Path, data: bytes) -> dict[str, Any]:
    """The overrides a snapshot holds, each value checked as `policy --set` checks it (and no
    key twice: which one the agent takes is not for MemDesk to guess). PolicyFileError for a
    corrupt one and for the first value refused (naming its line); nothing is restored."""
    obj, text = json_object(path, data)
    for key in _keys_twice(text):
        raise PolicyFileError(
            path, say("{key} is set twice", key=key), line=_line_of(text, json.dumps(key)) or 1
        )
    for key, value in obj.items():
        if value is None:  # null: unset, as the agent reads it
            continue
        try:
            check_override(key, value)
        except ValueError as exc:
            raise PolicyFileError(
                path, str(exc), line=_line_of(text, json.dumps(key)) or 1
            ) from None
    return obj


def _keys_twice(text: str) -> list[str]:
    twice: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        for key, _value in items:
            if key in seen and key not in twice:
                twice.append(key)
            seen.add(key)
        return dict(items)

    json.loads(text, object_pairs_hook=pairs)
    return twice


# -- effective values ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PolicyRow:
    """One MemoryPolicy key: what the agent uses, where it comes from, what each layer sets."""

    key: str
    value: PolicyScalar
    source: PolicySource
    default: PolicyScalar
    config: PolicyScalar | None
    override: PolicyScalar | None
    meaning: str

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "source": self.source,
            "default": self.default,
            "config": self.config,
            "override": self.override,
            "meaning": self.meaning,
        }


def policy_rows(root: Path, *, config_path: Path | None = None) -> list[PolicyRow]:
    """Every key in the agent's order; PolicyFileError (file, line) for a broken config.json or
    a file that cannot be read (overrides the agent ignores are left out, as it leaves them)."""
    return rows_of(load_policy_layers(root, config_path=config_path))


def rows_of(layers: PolicyLayers) -> list[PolicyRow]:
    """Every key in the agent's order, as the agent runs with `layers`."""
    effective = resolve_policy(layers)
    return [
        PolicyRow(
            key,
            effective[key].value,
            effective[key].source,
            default,
            layers.config.get(key),
            layers.overrides.get(key),
            MEANINGS[key],
        )
        for key, default in POLICY_DEFAULTS.items()
    ]


# -- snapshots -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Snapshot:
    path: Path
    rel: str  # workspace-relative, as `memdesk snapshots` prints it
    at: datetime  # local time, from the name
    size: int

    def read(self, root: Path) -> bytes:
        return read_file(self.path, root=root)

    def values(self, root: Path) -> dict[str, Any]:
        """The overrides it holds; PolicyFileError for a corrupt one."""
        obj, _text = json_object(self.path, self.read(root))
        return obj

    def to_json(self, root: Path) -> dict[str, Any]:
        try:
            values: dict[str, Any] | None = self.values(root)
            error = None
        except (PolicyFileError, WorkspaceError) as exc:
            values, error = None, str(exc)
        return {
            "path": self.rel,
            "at": self.at.isoformat(),
            "size": self.size,
            "values": values,
            "error": error,
        }


def list_snapshots(root: Path) -> list[Snapshot]:
    """The policy snapshots, oldest first."""
    folder = root / SNAPSHOTS
    found = []
    for path in list_folder(folder) if folder.is_dir() and not folder.is_symlink() else []:
        match = _SNAPSHOT_NAME.match(path.name)
        if match is None or not path.is_file() or path.is_symlink():
            continue
        at = stamp_time(match.group(1)) or file_time(path.stat().st_mtime)
        found.append((at, int(match.group(2) or 1), path))
    found.sort()
    return [
        Snapshot(p, p.relative_to(root).as_posix(), at, p.stat().st_size) for at, _n, p in found
    ]


def find_snapshot(root: Path, name: str) -> Snapshot:
    """The snapshot `name` names (its path as listed, or its file name); WorkspaceError else."""
    wanted = Path(name).as_posix().removeprefix("./")
    for snapshot in list_snapshots(root):
        if wanted in (snapshot.rel, snapshot.path.name, str(snapshot.path)):
            return snapshot
    raise WorkspaceError(
        say(
            "{path}: unknown policy snapshot {name} (`memdesk snapshots` lists them)",
            path=root,
            name=name,
        ),
        exit_code=EXIT_REFUSED,
    )


def write_snapshot(root: Path, data: bytes, *, now: datetime | None = None) -> Path:
    """Save `data` (the overrides about to be replaced) as a new snapshot, never over another."""
    folder = root / SNAPSHOTS
    if folder.is_symlink():
        raise WorkspaceError(
            say("{path}: a link; MemDesk writes no snapshot through it", path=folder)
        )
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y%m%d_%H%M%S")
    for n in range(1, 10_000):
        path = folder / (f"{stamp}.json" if n == 1 else f"{stamp}_{n}.json")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        except FileExistsError:
            continue
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            path.unlink(missing_ok=True)
            raise
        os.close(fd)
        return path
    raise WorkspaceError(say("{path}: no free snapshot name for {stamp}", path=folder, stamp=stamp))
