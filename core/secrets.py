"""The one secrets scrubber (SPEC 9): the LLM API key never appears in what MemDesk writes.

Crash reports, every log handler MemDesk installs (`ScrubSecrets`, `scrubbed_stderr_handler`)
and the journal's reviewer text go through `scrub_secrets`. It removes the key of
``$MEMDESK_LLM_API_KEY`` (and any other key given) in every form it takes in text: as is, in
any case, URL-encoded, and in base64 (standard or URL-safe, padded or not, alone or inside a
longer blob such as the ``user:KEY`` of a Basic auth header), and anything that looks like a
credential (sk-..., Bearer ..., api_key=...).
"""

from __future__ import annotations

import base64
import logging
import os
import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from urllib.parse import quote, quote_plus

__all__ = [
    "API_KEY_ENV",
    "REDACTED",
    "ScrubSecrets",
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


def scrub_secrets(text: str, *, extra: Iterable[str] = ()) -> str:
    """``text`` with the API key (``$MEMDESK_LLM_API_KEY`` and every string in ``extra``), in
    any of its forms, and whatever looks like a credential replaced by a placeholder."""
    keys = {k.strip() for k in (os.environ.get(API_KEY_ENV, ""), *extra) if k and k.strip()}
    pattern = _keys_pattern(frozenset(k for k in keys if len(k) >= MIN_KEY_LENGTH))
    if pattern is not None:
        text = pattern.sub(REDACTED, text)
    for token in _TOKEN_PATTERNS:
        text = token.sub(lambda m: m.group(1) + REDACTED, text)
    return text


@lru_cache(maxsize=8)
def _keys_pattern(keys: frozenset[str]) -> re.Pattern[str] | None:
    forms = {form for key in keys for form in _forms(key) if len(form) >= MIN_KEY_LENGTH}
    if not forms:
        return None
    # Longest first, so a form that contains another (its padding too) is removed whole.
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(alternatives, re.IGNORECASE)


def _forms(key: str) -> Iterator[str]:
    """The key as it can appear in text (matched ignoring case, so each case is one form)."""
    for variant in {key, key.lower(), key.upper()}:
        yield variant
        yield quote(variant, safe="")
        yield quote(variant)
        yield quote_plus(variant)
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
