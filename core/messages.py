"""Sentences MemDesk says to a person, written once in English and shown in the window's language.

Core writes every sentence a person reads (a review's reason, a refusal, a warning, an activity's
cause, an agent's note) through `say`:

    say("{count} memories wait for review", count=n)

The sentence itself is plain English text: the command line prints it and `--json` carries it
unchanged (a server's MemDesk answers an SSH desk in English too). The window translates it
where it is shown (`ui.core_text.core_text`), matching the sentence back to its template: every
template passed to `say` or marked with `N_` is collected into the window's catalog
(`python -m ui.core_labels`) from this source, so a template must be a string literal with named
fields (`{count}`, `{name!r}`, `{share:.0%}`), holding at least one word of its own.
"""

from __future__ import annotations

__all__ = ["N_", "say"]


def say(template: str, /, **values: object) -> str:
    """`template` filled with `values` (str.format), marked as a sentence the window translates."""
    return template.format(**values)


def N_(template: str, /) -> str:
    """`template` unchanged, marked as a sentence the window translates: for a template kept
    (in a table, a constant) and filled later with `.format(...)`."""
    return template
