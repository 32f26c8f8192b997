"""The few YAML shapes agents' small files use, read without a YAML library: `key: value`
lines and one level of indented keys under a key with no value (a topic file's frontmatter).
Other lines are skipped; nothing is ever written back from what is read here. Hermes'
config.yaml has its own reader, which also edits it (core/agents/hermes/config.py)."""

from __future__ import annotations

import re
from typing import Any

_PAIR = re.compile(r"^([ \t]*)([A-Za-z_][\w.-]*)[ \t]*:[ \t]*(.*?)[ \t]*$")


def parse_yaml_subset(text: str) -> dict[str, Any]:
    """The top-level keys of `text`, a key with no value holding its indented keys."""
    out: dict[str, Any] = {}
    parent: dict[str, Any] | None = None
    for line in text.splitlines():
        found = _PAIR.match(line)
        if found is None or line.lstrip().startswith("#"):
            continue
        indent, key, value = found.groups()
        if indent and parent is not None:
            parent[key] = _scalar(value)
        elif not indent:
            if value == "":
                parent = out[key] = {}
            else:
                parent = None
                out[key] = _scalar(value)
    return out


def _scalar(value: str) -> Any:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    return value
