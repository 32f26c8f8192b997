"""MemDesk's own scoring profile of a workspace (SPEC 3): `.memdesk/profile.json`.

The file holds only what the person changed, over a built-in profile (everbot or tiered), the
way an agent's policy overrides sit over its defaults: one key per value, `base` naming the
built-in one. It is a document of keyed entries (`JsonObjectFormat`), so every change goes
through the guarded commit: the previous file is backed up first (those backups are the
profile's versions), journalled key by key, and undoable.

Keys: the profile's numbers by name (`archive_below`, `promotion_at`, …), `initial_scores.LABEL`,
`decay.default.FIELD` and `decay.CATEGORY.FIELD` (a category without a rule of its own gets one
from the default rule), and `never_decay_categories` (a list).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from core.agents.everbot.policy import BUILTIN_PROFILES, profile_by_name
from core.formats.json_object import JsonItem, JsonObjectDoc, JsonObjectFormat
from core.formats.strict_json import dump_json, load_json
from core.formats.text import InputError
from core.messages import N_, say
from core.ops import ChangeSet
from core.scoring.policy import PolicyError, PolicyProfile, describe_error
from core.store.backups import own_backup_dir
from core.store.backups_view import BackupFile, own_backups
from core.store.commit import Target
from core.store.document import Document
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.merge import Change

__all__ = [
    "PROFILE_FILE",
    "ProfileFileError",
    "ProfileFormat",
    "ProfileRow",
    "ProfileVersion",
    "WorkspaceProfile",
    "effective_profile",
    "find_profile_version",
    "profile_rows",
    "profile_versions",
    "typed_value",
]

PROFILE_FILE = ".memdesk/profile.json"
BASE = "base"

SCALARS: dict[str, str] = {
    "initial_default": N_("score of a new memory whose importance is not known"),
    "reinforce_rate": N_("reinforce toward 1: share of the distance to 1 gained per real use"),
    "boost": N_("reinforce by boost: score added per real use"),
    "archive_below": N_(
        "an active memory decayed below this is proposed for archiving (null: never)"
    ),
    "delete_below": N_("a memory decayed below this is proposed for deletion (null: never)"),
    "promotion_at": N_("score from which a memory is proposed for promotion to core"),
    "promotion_min_hits": N_("real uses a memory needs before it is proposed for promotion"),
    "decay_review_below": N_("score below which a decaying memory is sent to review"),
    "keep_reset_to": N_("score a memory gets when a decay review keeps it"),
}
RULE_FIELDS: dict[str, str] = {
    "grace_days": N_("days after the last real use before it decays"),
    "daily_factor": N_("its score is multiplied by this each day after the grace days"),
    "delete_below": N_("proposed for deletion below this score (null: the profile's delete_below)"),
    "delete_after_days": N_(
        "proposed for deletion this many days after its last use (null: never)"
    ),
    "never_below": N_("at or above this score it never decays (null: no such score)"),
}
_OPTIONAL = {"archive_below", "delete_below"} | {
    f for f in RULE_FIELDS if f not in ("grace_days", "daily_factor")
}
_WHOLE = {"promotion_min_hits"}
LABELS = ("high", "medium", "low")
NEVER = "never_decay_categories"
_FIX = N_(
    "{reason} (MemDesk's scoring profile of this workspace: correct it, or remove it to score "
    "with the built-in profile)"
)


class ProfileFileError(InputError):
    """`.memdesk/profile.json` that MemDesk cannot use; nothing is written over it."""


@dataclass(frozen=True, slots=True)
class ProfileRow:
    """One value of the workspace's profile: what scoring uses, and where it comes from."""

    key: str
    value: Any
    source: str  # "default" (the built-in profile) or "workspace" (.memdesk/profile.json)
    default: Any
    meaning: str

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "source": self.source,
            "default": self.default,
            "meaning": self.meaning,
        }


# -- keys ------------------------------------------------------------------------------------------
def meaning(key: str) -> str:
    """What a key means; ValueError for a key that is not a profile key."""
    if key == BASE:
        return say(
            "the built-in profile these values change ({names})", names=", ".join(BUILTIN_PROFILES)
        )
    if key in SCALARS:
        return SCALARS[key]
    if key == NEVER:
        return say("categories that never decay (comma separated)")
    parts = key.split(".")
    if len(parts) == 2 and parts[0] == "initial_scores" and parts[1]:
        return say("score of a new memory of importance {importance}", importance=parts[1])
    if len(parts) == 3 and parts[0] == "decay" and parts[1] and parts[2] in RULE_FIELDS:
        rule = RULE_FIELDS[parts[2]]
        if parts[1] == "default":
            return say("decay of memories without a rule of their own: {rule}", rule=rule)
        return say("decay of {category_name}: {rule}", category_name=parts[1], rule=rule)
    raise ValueError(
        say(
            "{key}: not a profile key (base, {names}, initial_scores.LABEL, "
            "decay.default|CATEGORY.{fields}, {never})",
            key=key,
            names=", ".join(SCALARS),
            fields="|".join(RULE_FIELDS),
            never=NEVER,
        )
    )


def typed_value(key: str, text: str) -> Any:
    """The JSON value the person typed for `key`; ValueError says why it is refused."""
    meaning(key)
    raw = text.strip()
    if key == BASE:
        if raw not in BUILTIN_PROFILES:
            names = ", ".join(BUILTIN_PROFILES)
            raise ValueError(
                say("base must be one of {names}, not {text}", names=names, text=repr(text))
            )
        return raw
    if key == NEVER:
        return [part.strip() for part in raw.split(",") if part.strip()]
    field = key.rsplit(".", 1)[-1]
    if raw.lower() in ("", "null", "none", "never") and field in _OPTIONAL:
        return None
    try:
        number = int(raw) if field in _WHOLE else float(raw)
    except ValueError:
        raise ValueError(_not_a_number(key, text, field)) from None
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError(
            say("{key} must be a finite number, not {value}", key=key, value=repr(text))
        )
    return number


def _not_a_number(key: str, text: str, field: str) -> str:
    if field in _WHOLE and field in _OPTIONAL:
        return say("{key} must be a whole number or null, not {value}", key=key, value=repr(text))
    if field in _WHOLE:
        return say("{key} must be a whole number, not {value}", key=key, value=repr(text))
    if field in _OPTIONAL:
        return say("{key} must be a number or null, not {value}", key=key, value=repr(text))
    return say("{key} must be a number, not {value}", key=key, value=repr(text))


def _check_json_value(key: str, value: Any) -> None:
    """A value read from the file has the type its key needs (ValueError otherwise)."""
    meaning(key)
    field = key.rsplit(".", 1)[-1]
    if key == BASE:
        ok = value in BUILTIN_PROFILES
    elif key == NEVER:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    elif value is None:
        ok = field in _OPTIONAL
    elif field in _WHOLE:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not ok:
        raise ValueError(
            say("{key}: {value} is not a valid value", key=key, value=dump_json(value))
        )


# -- the effective profile -------------------------------------------------------------------------
def effective_profile(base: str, overrides: Mapping[str, Any]) -> PolicyProfile:
    """The built-in profile `base` with the workspace's values; PolicyError names what is wrong."""
    try:
        data = profile_by_name(overrides.get(BASE, base)).model_dump()
    except ValueError as exc:
        raise PolicyError(str(exc)) from None
    default_rule = data["default_rule"]
    ordered = sorted(overrides.items(), key=lambda kv: not kv[0].startswith("decay.default."))
    for key, value in ordered:
        try:
            meaning(key)  # a key of the profile (ValueError lists them)
        except ValueError as exc:
            raise PolicyError(str(exc)) from None
        parts = key.split(".")
        if key == BASE:
            continue
        if key in SCALARS or key == NEVER:
            data[key] = value
        elif parts[0] == "initial_scores":
            data["initial_scores"][parts[1]] = value
        elif parts[1] == "default":  # decay.default.FIELD
            default_rule[parts[2]] = value
        else:  # decay.CATEGORY.FIELD
            data["decay_rules"].setdefault(parts[1], dict(default_rule))[parts[2]] = value
    try:
        return PolicyProfile.model_validate(data)
    except ValidationError as exc:
        message = describe_error(exc).replace("decay_rules.", "decay.")
        raise PolicyError(message.replace("default_rule.", "decay.default.")) from None


def profile_rows(profile: PolicyProfile, overrides: Mapping[str, Any]) -> list[ProfileRow]:
    """Every value of the effective profile with its source and meaning, in a stable order:
    the built-in one's numbers, then its rules and any rule the workspace added."""
    base = profile_by_name(profile.name)
    rows = [_row(BASE, profile.name, profile.name, overrides)]
    for key in SCALARS:
        rows.append(_row(key, getattr(profile, key), getattr(base, key), overrides))
    for label in dict.fromkeys((*LABELS, *profile.initial_scores)):
        value = profile.initial_scores.get(label, profile.initial_default)
        fallback = base.initial_scores.get(label, base.initial_default)
        rows.append(_row(f"initial_scores.{label}", value, fallback, overrides))
    for category, rule in [("default", profile.default_rule), *profile.decay_rules.items()]:
        built = base.default_rule if category == "default" else base.decay_rules.get(category)
        for field in RULE_FIELDS:
            default = None if built is None else getattr(built, field)
            rows.append(_row(f"decay.{category}.{field}", getattr(rule, field), default, overrides))
    never = list(profile.never_decay_categories)
    rows.append(_row(NEVER, never, list(base.never_decay_categories), overrides))
    return rows


def _row(key: str, value: Any, default: Any, overrides: Mapping[str, Any]) -> ProfileRow:
    return ProfileRow(key, value, _source(key, overrides), default, meaning(key))


def _source(key: str, overrides: Mapping[str, Any]) -> str:
    return N_("workspace") if key in overrides else N_("default")


# -- the file --------------------------------------------------------------------------------------
class ProfileFormat(JsonObjectFormat):
    """`.memdesk/profile.json`: sorted keys, 2-space indent, a final newline. A file that is not
    a profile raises ProfileFileError when parsed, so nothing is ever written over it."""

    def parse(self, data: bytes | None) -> JsonObjectDoc:
        if data is None:
            return JsonObjectDoc()
        try:
            obj = load_json(data.decode("utf-8"))
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            raise ProfileFileError(self.path, say("not valid UTF-8"), line=line) from None
        except json.JSONDecodeError as exc:
            raise ProfileFileError(
                self.path,
                say("corrupt JSON: {error} at column {column}", error=exc.msg, column=exc.colno),
                line=exc.lineno,
            ) from None
        if not isinstance(obj, dict):
            raise ProfileFileError(self.path, say("must hold a JSON object"), line=1)
        for key, value in obj.items():
            try:
                _check_json_value(key, value)
            except ValueError as exc:
                raise ProfileFileError(self.path, str(exc), line=_line_of(data, key)) from None
        return JsonObjectDoc(obj.items())

    def render_items(self, items: dict[str, Any]) -> bytes:
        return (dump_json(items, indent=2, sort_keys=True) + "\n").encode("utf-8")

    def typed(self, key: str, text: str) -> Any:
        return typed_value(key, text)


def _line_of(data: bytes, key: str) -> int:
    at = data.find(json.dumps(key).encode("utf-8"))
    return 1 if at < 0 else data.count(b"\n", 0, at) + 1


# -- the workspace's profile -----------------------------------------------------------------------
class WorkspaceProfile:
    """The workspace's profile file as an open document, and the profile it makes of the
    built-in one chosen for the workspace (`chosen`: saved in the journal, or detected)."""

    def __init__(self, root: Path, chosen: str) -> None:
        path = root / PROFILE_FILE
        target = Target(root, PROFILE_FILE, own_backup_dir(root, path))
        self.chosen = chosen
        try:
            self.document: Document[JsonObjectDoc, JsonItem] = Document.read(
                target, ProfileFormat(path)
            )
        except ProfileFileError as exc:
            raise ProfileFileError(path, _FIX.format(reason=exc.reason), line=exc.line) from None

    @property
    def path(self) -> Path:
        return self.document.path

    def overrides(self) -> dict[str, Any]:
        return dict(self.document.doc.items)

    def profile(self) -> PolicyProfile:
        """The effective profile; ProfileFileError when the file's values do not make one."""
        try:
            return effective_profile(self.chosen, self.overrides())
        except PolicyError as exc:
            unusable = say("not a usable profile: {error}", error=exc)
            raise ProfileFileError(self.path, _FIX.format(reason=unusable)) from None

    def problem(self) -> ProfileFileError | None:
        """Why the file's values make no profile (written by hand, or by an earlier MemDesk)."""
        try:
            self.profile()
        except ProfileFileError as exc:
            return exc
        return None

    def usable(self) -> PolicyProfile:
        """What MemDesk scores with: the effective profile, else the built-in one, as the agent
        itself scores with its built-in values whatever this file holds."""
        try:
            return self.profile()
        except ProfileFileError:
            return profile_by_name(self.chosen)

    def rows(self) -> list[ProfileRow]:
        """The values scoring uses: the built-in ones while the file's make no profile."""
        usable = self.problem() is None
        return profile_rows(self.usable(), self.overrides() if usable else {})

    def set_values(self, values: Mapping[str, str | None]) -> ChangeSet:
        """The values as typed (None: back to the built-in value), checked one by one and as a
        whole profile; WorkspaceError (refused) says what is wrong. Not applied yet."""
        return self.replace_with(self._items_with(values)[0], _label(values))

    def tried(self, values: Mapping[str, str | None]) -> PolicyProfile:
        """The profile the values as typed would make (for a what-if); nothing changes."""
        return self._items_with(values)[1]

    def _items_with(self, values: Mapping[str, str | None]) -> tuple[dict[str, Any], PolicyProfile]:
        items = self.overrides()
        for key, text in values.items():
            try:
                value = None if text is None else typed_value(key, text)
            except ValueError as exc:
                raise WorkspaceError(str(exc), exit_code=EXIT_REFUSED) from None
            if text is None:
                items.pop(key, None)
            else:
                items[key] = value
        if items and BASE not in items:
            items[BASE] = self.chosen  # the file names what its values change
        return items, self.checked(items)

    def checked(self, items: Mapping[str, Any]) -> PolicyProfile:
        """The profile `items` make; WorkspaceError (refused) saying why when they make none.
        Every change of the file is checked here before anything is written."""
        try:
            for key, value in items.items():
                _check_json_value(key, value)
            return effective_profile(self.chosen, items)
        except (PolicyError, ValueError) as exc:
            raise WorkspaceError(
                say("profile refused, nothing written: {error}", error=exc), exit_code=EXIT_REFUSED
            ) from None

    def replace_with(self, items: Mapping[str, Any], label: str) -> ChangeSet:
        """A change set that makes the file hold exactly `items`, key by key (checked first)."""
        self.checked(items)
        now = self.overrides()
        changes = [
            Change(key, _item(key, now), _item(key, items))
            for key in dict.fromkeys([*now, *items])
            if _item(key, now) != _item(key, items)
        ]
        return ChangeSet(self.document, label, changes)


def _item(key: str, items: Mapping[str, Any]) -> JsonItem | None:
    return JsonItem(key, items[key]) if key in items else None


def _label(values: Mapping[str, str | None]) -> str:
    shown = ", ".join(f"{k}={'default' if v is None else v}" for k, v in values.items())
    return say("Scoring profile: {values}", values=shown)


# -- versions: the backups the commit made of the file ---------------------------------------------
@dataclass(frozen=True, slots=True)
class ProfileVersion:
    """An earlier content of the profile file (a backup taken before a change)."""

    backup: BackupFile

    @property
    def rel(self) -> str:
        return self.backup.rel

    def values(self) -> dict[str, Any]:
        """Its values; ProfileFileError or WorkspaceError when it cannot be read."""
        doc = self.backup.read()
        assert isinstance(doc, JsonObjectDoc)
        return dict(doc.items)

    def to_json(self, root: Path) -> dict[str, Any]:
        try:
            values: dict[str, Any] | None = self.values()
            error = None
        except (InputError, WorkspaceError) as exc:
            values, error = None, str(exc)
        return {
            "path": self.backup.rel,
            "at": self.backup.at.isoformat(),
            "size": self.backup.size,
            "values": values,
            "error": error,
        }


def profile_versions(root: Path) -> list[ProfileVersion]:
    """The earlier contents of the workspace's profile file, oldest first."""
    path = root / PROFILE_FILE
    return [ProfileVersion(b) for b in own_backups(root, path, ProfileFormat(path))]


def find_profile_version(root: Path, name: str) -> ProfileVersion:
    """The version `name` names (its path as listed, or its file name); WorkspaceError else."""
    wanted = Path(name).as_posix().removeprefix("./")
    for version in profile_versions(root):
        if wanted in (version.rel, version.backup.path.name, str(version.backup.path)):
            return version
    raise WorkspaceError(
        say(
            "{path}: unknown profile version {name} (`memdesk snapshots` lists them)",
            path=root,
            name=name,
        ),
        exit_code=EXIT_REFUSED,
    )
