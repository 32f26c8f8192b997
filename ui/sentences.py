"""A sentence core wrote, matched back to the template it was filled from (pure Python, no Qt).

Core fills its templates in English (`core.messages.say`); the window shows them translated.
`Sentences(templates).find(text)` gives the template `text` was made from and the text each field
held, and `fill(translated, values)` puts those values into the translated template. Fields are
matched as any text, shortest first; of several templates that match, the one with the most
words of its own wins.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from string import Formatter

__all__ = ["Sentences", "fields_of", "fill"]

# A template's first (or last) few characters of its own pick the templates tried for a text.
_KEY = 2


@dataclass(frozen=True, slots=True)
class _Template:
    source: str
    names: tuple[str, ...]
    pattern: re.Pattern[str]
    own: int  # how many characters of its own (not fields) the template has


def _parts(template: str) -> list[tuple[str, str | None]]:
    """(literal text, field name or None) pairs; ValueError for a template str.format rejects."""
    return [(literal, name) for literal, name, _spec, _conv in Formatter().parse(template)]


def fields_of(template: str) -> list[str]:
    """The names of `template`'s fields in order ("" for a positional one)."""
    return [name for _literal, name in _parts(template) if name is not None]


def _compile(template: str) -> _Template | None:
    try:
        parts = _parts(template)
    except ValueError:
        return None
    regex, own = "", 0
    names: list[str] = []
    for literal, name in parts:
        regex += re.escape(literal)
        own += len(literal.strip())
        if name is not None and name in names:  # a field said twice holds the same text twice
            regex += f"(?P=f{names.index(name)})"
        elif name is not None:
            regex += f"(?P<f{len(names)}>.*?)"
            names.append(name)
    if not names:
        return None
    return _Template(template, tuple(names), re.compile(regex + r"\Z", re.DOTALL), own)


class Sentences:
    """The templates core's sentences were filled from, ready to be matched."""

    def __init__(self, templates: Iterable[str]) -> None:
        self._exact: dict[str, str] = {}
        self._by_start: dict[str, list[_Template]] = defaultdict(list)
        self._by_end: dict[str, list[_Template]] = defaultdict(list)
        self._loose: list[_Template] = []
        for source in templates:
            compiled = _compile(source)
            if compiled is None:
                self._exact.setdefault(_plain(source), source)
                continue
            head, tail = _parts(source)[0][0], _parts(source)[-1]
            tail_text = tail[0] if tail[1] is None else ""
            if len(head) >= _KEY:
                self._by_start[head[:_KEY]].append(compiled)
            elif len(tail_text) >= _KEY:
                self._by_end[tail_text[-_KEY:]].append(compiled)
            else:
                self._loose.append(compiled)

    def find(self, text: str) -> tuple[str, dict[str, str]] | None:
        """The template `text` was filled from and each field's text, or None."""
        exact = self._exact.get(text)
        if exact is not None:
            return exact, {}
        candidates = [
            *self._by_start.get(text[:_KEY], ()),
            *self._by_end.get(text[-_KEY:], ()),
            *self._loose,
        ]
        best: tuple[_Template, re.Match[str]] | None = None
        for template in candidates:
            match = template.pattern.match(text)
            if match and (best is None or template.own > best[0].own):
                best = (template, match)
        if best is None:
            return None
        template, match = best
        return template.source, dict(zip(template.names, match.groups(), strict=True))


def fill(template: str, values: dict[str, str]) -> str | None:
    """`template` with each field replaced by its text in `values` as it stands (the English
    sentence already formatted it); None when the template is malformed or names a field
    `values` lacks (a translation that does not fit its source)."""
    try:
        parts = _parts(template)
    except ValueError:
        return None
    out = []
    for literal, name in parts:
        out.append(literal)
        if name is not None:
            if name not in values:
                return None
            out.append(values[name])
    return "".join(out)


def _plain(template: str) -> str:
    """A template without fields as it reads once filled ("{{" read as "{")."""
    try:
        return template.format()
    except (ValueError, IndexError, KeyError):
        return template
