"""The one secrets scrubber (SPEC 9): the LLM API key never appears in what MemDesk writes.

Crash reports, every log handler MemDesk installs (`ScrubSecrets`, `scrubbed_stderr_handler`)
and the journal's reviewer text go through `scrub_secrets`. It removes the key of
``$MEMDESK_LLM_API_KEY`` (and any other key given) in every form it takes in text: as is, in
any case, each of its characters as itself or encoded (percent-encoded fully or partly, in any
hex case, ``+`` for a space, JSON ``\\u002d`` escapes, HTML entities ``&#45;`` ``&#x2D;``), and in
base64 (standard or URL-safe, padded or not, alone or inside a longer blob such as the
``user:KEY`` of a Basic auth header), and anything that looks like a credential (sk-...,
Bearer ..., api_key=...).
"""

from __future__ import annotations

import base64
import logging
import os
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from html.entities import html5

__all__ = [
    "API_KEY_ENV",
    "REDACTED",
    "ScrubSecrets",
    "holds_key",
    "scrub_secrets",
    "scrubbed_stderr_handler",
]

API_KEY_ENV = "MEMDESK_LLM_API_KEY"
REDACTED = "[REDACTED]"
MIN_KEY_LENGTH = 4  # a 1-3 character "key" would blank out ordinary words

# Things that look like credentials. Each pattern keeps a recognisable prefix (group 1)
# so a reader of the report still sees that a key was there.
_TOKEN_PATTERNS: tuple[re.Pattern[str], ...] = (
    # OpenAI-style keys: sk-..., sk-proj-..., sk-ant-...
    re.compile(r"\b(sk-)[A-Za-z0-9_\-]{8,}"),
    # Authorization headers, with or without the header name.
    re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=\-]{8,}"),
    re.compile(r"(?i)\b(authorization[\"']?\s*[:=]\s*[\"']?(?:[a-z]+\s+)?)[^\s\"',;]{8,}"),
    # key=value / "api_key": "value" style.
    re.compile(
        r"(?i)\b((?:api[_-]?key|access[_-]?token|secret|password|x-api-key)[\"']?\s*[:=]\s*[\"']?)"
        r"[^\s\"',;&]{4,}"
    ),
    # GitHub, Slack and Google tokens.
    re.compile(r"\b(gh[pousr]_)[A-Za-z0-9]{20,}"),
    re.compile(r"\b(xox[abprs]-)[A-Za-z0-9\-]{10,}"),
    re.compile(r"\b(AIza)[A-Za-z0-9_\-]{30,}"),
)
# What every pattern above needs, case folded: most texts hold none and skip them all (the
# journal scrubs every reason a review run stores: 100,000 of them after a decay run).
_TOKEN_HINT = re.compile(r"sk-|bearer|authorization|api|access|secret|password|gh[pousr]_|xox|aiza")


def scrub_secrets(text: str, *, extra: Iterable[str] = ()) -> str:
    """``text`` with the API key (``$MEMDESK_LLM_API_KEY`` and every string in ``extra``), in
    any of its forms, and whatever looks like a credential replaced by a placeholder."""
    pattern = _keys_pattern(_keys(extra))
    if pattern is not None:
        text = pattern.sub(REDACTED, text)
    if _TOKEN_HINT.search(text.casefold()) is None:
        return text
    for token in _TOKEN_PATTERNS:
        text = token.sub(lambda m: m.group(1) + REDACTED, text)
    return text


def holds_key(text: str, *, extra: Iterable[str] = ()) -> bool:
    """Whether ``text`` holds the API key (``$MEMDESK_LLM_API_KEY`` and every string in
    ``extra``) in any of the forms `scrub_secrets` removes. Credential-like shapes do not count."""
    pattern = _keys_pattern(_keys(extra))
    return pattern is not None and pattern.search(text) is not None


def _keys(extra: Iterable[str]) -> frozenset[str]:
    keys = {k.strip() for k in (os.environ.get(API_KEY_ENV, ""), *extra) if k and k.strip()}
    return frozenset(k for k in keys if len(k) >= MIN_KEY_LENGTH)


@lru_cache(maxsize=8)
def _keys_pattern(keys: frozenset[str]) -> re.Pattern[str] | None:
    if not keys:
        return None
    blobs = {form for key in keys for form in _base64_of(key) if len(form) >= MIN_KEY_LENGTH}
    # Longest first, so a form that contains another (its padding too) is removed whole.
    alternatives = [re.escape(f) for f in sorted(blobs, key=len, reverse=True)]
    alternatives += [_spelled(key) for key in sorted(keys, key=len, reverse=True)]
    return re.compile("|".join(alternatives), re.IGNORECASE)


def _spelled(key: str) -> str:
    """A pattern for the key written out character by character, each character as itself or in
    any of its encodings: percent-encoded (any hex case, also twice as %252D), ``+`` for a space,
    a JSON or JavaScript escape (\\u002d, \\x2d, \\/), an HTML entity (&#45;, &#x2D;, &amp;):
    a key partly encoded (some characters encoded, others not) is matched too. The whole pattern
    is matched ignoring case, so a case-changed key is matched as well."""
    return "".join(_character(ch) for ch in key)


@lru_cache(maxsize=1024)
def _character(ch: str) -> str:
    """A group matching one character of a key in any of its forms."""
    code = ord(ch)
    forms = [re.escape(ch), "".join(f"%(?:25)*{byte:02x}" for byte in ch.encode("utf-8"))]
    if ch == " ":
        forms.append(r"\+")
    units = [code] if code < 0x10000 else [0xD800 + (code - 0x10000 >> 10), 0xDC00 + (code & 0x3FF)]
    forms.append("".join(rf"\\+u{unit:04x}" for unit in units))
    if code < 0x100:
        forms.append(rf"\\+x{code:02x}")
    if ch in "\"\\/'":
        forms.append(r"\\+" + re.escape(ch))
    forms.append(rf"&#0*{code};?")
    forms.append(rf"&#x0*{code:x};?")
    forms += [re.escape("&" + name) for name in _entity_names().get(ch, ())]
    return "(?:" + "|".join(forms) + ")"


@cache
def _entity_names() -> dict[str, list[str]]:
    """Each character's HTML named entities (``&amp;``, ``&sol;``, ``&quot``...)."""
    names: dict[str, list[str]] = {}
    for name, value in html5.items():
        names.setdefault(value, []).append(name)
    return names


def _base64_of(key: str) -> Iterator[str]:
    """The key in base64 (standard and URL-safe, alone or inside a longer blob), as is and in
    upper and lower case (base64 is matched ignoring case, so each case is one form)."""
    for variant in {key, key.lower(), key.upper()}:
        data = variant.encode("utf-8")
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            yield from _base64_forms(data, encode)


def _base64_forms(data: bytes, encode: Callable[[bytes], bytes]) -> Iterator[str]:
    """`data` in base64 alone (padded or not), and the characters that encode only `data`
    inside a longer blob, at each of the three byte offsets it can start at."""
    alone = encode(data).decode("ascii")
    yield alone
    yield alone.rstrip("=")
    for offset in range(3):
        blob = encode(bytes(offset) + data + bytes(2)).decode("ascii")
        first = -(-offset * 8 // 6)  # the first character made of the key's bits only
        end = (offset + len(data)) * 8 // 6
        yield blob[first:end]


class ScrubSecrets(logging.Filter):
    """On a log handler: the record's message, traceback and stack scrubbed before any output.

    The record is shared by every handler: once scrubbed here, it is scrubbed for all of them.
    """

    def __init__(self, extra: Callable[[], Iterable[str]] = tuple) -> None:
        super().__init__()
        self._extra = extra

    def filter(self, record: logging.LogRecord) -> bool:
        extra = tuple(self._extra())
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: the handler reports it, with no arguments
            message, record.args = str(record.msg), None
        record.msg, record.args = scrub_secrets(message, extra=extra), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = scrub_secrets(record.exc_text, extra=extra)
        if record.stack_info:
            record.stack_info = scrub_secrets(record.stack_info, extra=extra)
        return True


def scrubbed_stderr_handler(
    fmt: str = "%(message)s", level: int = logging.NOTSET
) -> logging.Handler:
    """A handler writing log records to stderr, scrubbed of secrets (MemDesk's only log output)."""
    handler = logging.StreamHandler()
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter(fmt))
    handler.addFilter(ScrubSecrets())
    return handler
