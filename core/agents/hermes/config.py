"""The part of Hermes' `config.yaml` MemDesk reads and writes (spec/hermes.md 2.4, 6.1): the
`memory:` section's `write_approval` gate, its old `write_mode` key and the character limits.
Each profile has its own `config.yaml` in its home (HERMES_HOME: `profiles/<name>/` for a named
profile), which governs that profile's memory.

There is no YAML library here, so the file is read line by line and only the shape Hermes itself
writes is understood: a top-level `memory:` line followed by `key: scalar` lines indented under
it. Switching the gate changes that one line (or adds it) and leaves every other byte alone; a
file of any other shape is refused with the reason, never rewritten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from core.formats.text import InputError
from core.messages import N_, say
from core.store.errors import WorkspaceError
from core.store.files import read_or_none

CONFIG = "config.yaml"
GATE_KEY = "memory.write_approval"
# Strings `write_approval_enabled` reads as on (after strip().lower()); a YAML bool is itself.
TURNS_ON = ("on", "true", "yes", "1", "approve", "enabled")
_YAML_TRUE = {"yes", "true", "on"}  # YAML 1.1 booleans, as PyYAML reads them
_YAML_FALSE = {"no", "false", "off"}
_TOP = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*:(?P<rest>.*)$")
_CHILD = re.compile(r"^(?P<indent>[ ]+)(?P<key>[A-Za-z_][\w-]*)\s*:(?P<rest>.*)$")
_INT = re.compile(r"^[-+]?[0-9]+$")
LIMITS = {"MEMORY.md": 2200, "USER.md": 1375}  # the agent's defaults
LIMIT_KEYS = {"MEMORY.md": "memory_char_limit", "USER.md": "user_char_limit"}  # under memory:


class ConfigShapeError(ValueError):
    """`config.yaml` is not in a shape MemDesk can read or change line by line."""


@dataclass(frozen=True, slots=True)
class MemoryConfig:
    """The `memory:` section's scalars by key, as YAML reads them (str, bool, int or None)."""

    values: dict[str, object]
    lines: list[str]  # the file's lines, line ends kept
    section: int | None  # index of the `memory:` line (None: no such section)
    children: list[tuple[int, str, str]]  # (line index, indent, key) of its keys
    scalar_section: str | None = None  # `memory: <value>`: no keys (Hermes reads them unset)

    def get(self, key: str, default: object = None) -> object:
        return self.values.get(key, default)


def config_of(root: Path, home: str) -> MemoryConfig:
    """The `memory:` section of the `config.yaml` of `home` ("" for the workspace's own home,
    `profiles/<name>/` for a named profile's); ConfigShapeError when it cannot be read."""
    try:
        data = read_or_none(root / home / CONFIG, root=root)
    except (WorkspaceError, InputError):
        data = None
    try:
        return read_memory_config(None if data is None else data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigShapeError(N_("it is not UTF-8 text")) from None


def read_memory_config(text: str | None) -> MemoryConfig:
    """The `memory:` section of `text` (ConfigShapeError: a shape this reader cannot follow)."""
    lines = (text or "").splitlines(keepends=True)
    section: int | None = None
    values: dict[str, object] = {}
    children: list[tuple[int, str, str]] = []
    for i, line in enumerate(lines):
        bare = line.rstrip("\r\n")
        if section is None:
            top = _TOP.match(bare)
            if top and top["key"] == "memory":
                rest = _uncommented(top["rest"]).strip()
                if rest[:1] in ("{", "[", "&", "*", "!", "|", ">"):
                    raise ConfigShapeError(
                        say(
                            "'memory: {text}' is written in a YAML form MemDesk does not read",
                            text=rest,
                        )
                    )
                if rest:
                    return MemoryConfig({}, lines, None, [], rest)
                section = i
            continue
        if not bare.strip() or bare.lstrip().startswith("#"):
            continue
        if not bare.startswith((" ", "\t")):
            break  # the next top-level key: the section is over
        child = _CHILD.match(bare)
        if child is None or "\t" in bare[: len(bare) - len(bare.lstrip())]:
            raise ConfigShapeError(
                say("line {line} of the memory section is not 'key: value'", line=i + 1)
            )
        if children and len(child["indent"]) != len(children[0][1]):
            continue  # a nested block of another key: not one MemDesk reads
        values[child["key"]] = scalar(child["rest"])
        children.append((i, child["indent"], child["key"]))
    return MemoryConfig(values, lines, section, children)


def scalar(rest: str) -> object:
    """A plain or quoted YAML scalar as PyYAML's safe loader reads it (the cases Hermes' config
    holds: bools, ints, strings, null); ConfigShapeError for anything else (a list, a mapping,
    an anchor, a multi-line string)."""
    text = _uncommented(rest).strip()
    if not text or text in ("~", "null", "Null", "NULL"):
        return None
    if text[0] in "\"'":
        quote = text[0]
        if len(text) < 2 or not text.endswith(quote):
            raise ConfigShapeError(say("cannot read {text}", text=repr(text)))
        inner = text[1:-1]
        return inner.replace("''", "'") if quote == "'" else inner.replace('\\"', '"')
    if text[0] in "[{&*!|>":
        raise ConfigShapeError(say("cannot read {text}", text=repr(text)))
    if text.lower() in _YAML_TRUE and text in (text.lower(), text.title(), text.upper()):
        return True
    if text.lower() in _YAML_FALSE and text in (text.lower(), text.title(), text.upper()):
        return False
    if _INT.match(text):
        return int(text)
    return text


def _uncommented(rest: str) -> str:
    """`rest` without a trailing ` # comment` (not inside quotes)."""
    quote = ""
    for i, c in enumerate(rest):
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == "#" and (i == 0 or rest[i - 1] in " \t"):
            return rest[:i]
    return rest


def gate_is_on(value: object) -> bool:
    """`write_approval_enabled`'s reading of the value: a bool as it is, a string when it is
    one of TURNS_ON once stripped and lower-cased, anything else (an int 1, null) off."""
    if isinstance(value, bool):
        return value
    return isinstance(value, str) and value.strip().lower() in TURNS_ON


def char_limits(config: MemoryConfig) -> dict[str, int]:
    """The characters the agent allows MEMORY.md and USER.md, as `load_on_disk_store` reads
    them: `int()` of each configured value, both defaults when either is not one."""
    try:
        return {name: _as_int(config.get(key, LIMITS[name])) for name, key in LIMIT_KEYS.items()}
    except ValueError:
        return dict(LIMITS)


def _as_int(value: object) -> int:
    """Python's `int()` of a value as YAML reads it (a bool is 0 or 1); ValueError otherwise."""
    if isinstance(value, int | str):
        return int(value)
    raise ValueError(say("{value} is not a whole number", value=repr(value)))


def with_gate(text: str | None, on: bool) -> str:
    """`text` with `memory.write_approval` set to `on`: its line changed in place (indent and
    comment kept), or added as the section's first key, or a new section at the end; every
    other byte unchanged. ConfigShapeError when the file is not one this can edit safely."""
    config = read_memory_config(text)
    if config.scalar_section is not None:
        raise ConfigShapeError(
            say("'memory: {text}' is not a section of keys", text=config.scalar_section)
        )
    value = "true" if on else "false"
    lines = list(config.lines)
    found = [(i, indent) for i, indent, key in config.children if key == "write_approval"]
    if len(found) > 1:
        raise ConfigShapeError(N_("memory.write_approval is set twice"))
    end = _line_end(lines)
    if found:
        i, indent = found[0]
        bare = lines[i].rstrip("\r\n")
        rest = bare.split(":", 1)[1]
        kept = _uncommented(rest)
        comment = kept[len(kept.rstrip()) :] + rest[len(kept) :]  # the spaces before it too
        lines[i] = f"{indent}write_approval: {value}{comment}" + lines[i][len(bare) :]
    elif config.section is not None:
        indent = config.children[0][1] if config.children else "  "
        lines.insert(config.section + 1, f"{indent}write_approval: {value}{end}")
        if not lines[config.section].endswith(("\n", "\r")):
            lines[config.section] += end
    else:
        if lines and not lines[-1].endswith(("\n", "\r")):
            lines[-1] += end
        lines += [f"memory:{end}", f"  write_approval: {value}{end}"]
    return "".join(lines)


def _line_end(lines: list[str]) -> str:
    return "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
