"""SPEC 9, secrets: the LLM API key never appears in logs, journal or reports, in any encoding.

One scrubber (core.secrets): the key as is, in any case, URL-encoded, in base64 alone or inside
a longer blob; credentials of the usual shapes; and the log handler MemDesk installs on stderr.
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest

from core.secrets import API_KEY_ENV, REDACTED, scrub_secrets
from core.store.journal import Journal
from tests.conftest import PROJECT_ROOT

# '>>>' and '???' encode to '+' and '/' in base64 (to '-' and '_' URL-safe); the space, '~',
# '=' and '&' are written differently by quote and quote_plus.
KEY = "Zq93xT-local llm~key?=&>>>???end"
ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "standard": base64.b64encode,
    "urlsafe": base64.urlsafe_b64encode,
}


def b64(data: str, kind: str = "standard", *, padded: bool = True) -> str:
    text = ENCODERS[kind](data.encode()).decode()
    return text if padded else text.rstrip("=")


FORMS = {
    "raw": KEY,
    "upper": KEY.upper(),
    "lower": KEY.lower(),
    "swapped": KEY.swapcase(),
    "quote": quote(KEY),
    "quote-nothing-safe": quote(KEY, safe=""),
    "quote-lower-hex": quote(KEY, safe="").lower(),
    "quote_plus": quote_plus(KEY),
    "base64": b64(KEY),
    "base64-unpadded": b64(KEY, padded=False),
    "urlsafe": b64(KEY, "urlsafe"),
    "urlsafe-unpadded": b64(KEY, "urlsafe", padded=False),
    "base64-of-upper": b64(KEY.upper()),
    "basic-auth": "Basic " + b64(f"user:{KEY}"),
    **{
        f"{kind}-blob-offset-{offset}": b64("x" * offset + KEY + "tail of the blob", kind)
        for kind in ENCODERS
        for offset in range(3)
    },
}


def key_fragment(form: str) -> str:
    """The longest run of `form` that would let a reader rebuild most of the key: the form
    itself, or a blob's middle (a character or two at each end also depend on other bytes)."""
    return form[3:-8] if "blob" in form or form.startswith("Basic") else form


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(API_KEY_ENV, KEY)


@pytest.mark.parametrize("name", FORMS)
def test_the_key_is_scrubbed_in_every_form(name: str) -> None:
    form = FORMS[name]
    scrubbed = scrub_secrets(f"request failed ({form}); retrying")
    assert REDACTED in scrubbed
    assert key_fragment(form) not in scrubbed
    assert scrubbed.startswith("request failed (") and scrubbed.endswith("); retrying")


def test_a_key_given_apart_is_scrubbed_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(API_KEY_ENV)
    other = "settings-named-key-0042"
    assert scrub_secrets(f"k={b64(other)}", extra=[other]) == f"k={REDACTED}"
    assert scrub_secrets(f"k={quote(other.upper())}", extra=[other]) == f"k={REDACTED}"


@pytest.mark.parametrize(
    "text",
    [
        "key sk-abcdefghijklmnop1234",
        "sk-ant-api03-AAAAbbbbCCCCdddd",
        "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig",
        '{"api_key": "0123456789abcdef"}',
        "headers={'authorization': 'Token 0123456789abcdef'}",
        "x-api-key: 0123456789abcdef",
        "token ghp_0123456789abcdefghijABCDEFGHIJ",
    ],
)
def test_credentials_of_the_usual_shapes_are_scrubbed(text: str) -> None:
    scrubbed = scrub_secrets(text)
    assert REDACTED in scrubbed
    for secret in ("0123456789abcdef", "abcdefghijklmnop1234", "eyJhbGciOiJIUzI1NiJ9"):
        assert secret not in scrubbed
    assert "AAAAbbbbCCCCdddd" not in scrubbed


def test_ordinary_text_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(API_KEY_ENV, "ab")  # too short to remove without mangling words
    text = "User prefers tabs; the score fell to 0.31 (skip-list 记忆 about bearer bonds)."
    assert scrub_secrets(text) == text
    assert scrub_secrets("my key is hunter22", extra=["hunter22"]) == f"my key is {REDACTED}"


# -- the log handler MemDesk installs --------------------------------------------------------------

_LOGGING_PROCESS = """
import base64, logging, sys
from urllib.parse import quote
from app.cli import main

key = sys.argv[1]
try:
    main(["--version"])  # MemDesk's start-up: its log handler is installed
except SystemExit:
    pass
log = logging.getLogger("memdesk.llm")
log.warning("GET https://llm.example/v1?key=%s failed", quote(key, safe=""))
log.warning("retrying as %s", key.upper())
try:
    raise ConnectionError("Authorization: Basic " + base64.b64encode(f"me:{key}".encode()).decode())
except ConnectionError:
    log.exception("the LLM could not be reached")
log.warning("with %s", base64.urlsafe_b64encode(key.encode()).decode().rstrip("="))
"""


def test_log_records_reaching_stderr_are_scrubbed(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", _LOGGING_PROCESS, KEY],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    err = proc.stderr
    assert "the LLM could not be reached" in err and "Traceback" in err  # the log is all there
    assert err.count(REDACTED) >= 4, err
    for name, form in FORMS.items():
        assert key_fragment(form) not in err, name
    assert "bWU6" + b64(KEY)[:8] not in err  # the Basic header's blob


# -- the journal -----------------------------------------------------------------------------------


def test_reviewer_text_is_scrubbed_before_the_journal_keeps_it(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as journal:
        journal.add_proposal(
            file="MEMORY.md",
            memory_id="a1b2c3",
            trigger="promotion",
            decision="PROMOTE",
            reasons=f"the reviewer saw {KEY.lower()}",
            reviewer="llm",
            memory_hash="h",
            transcript=f"POST /v1 Authorization: Basic {b64('u:' + KEY)}",
        )
        proposal = journal.proposals()[0]
    assert proposal.reasons == f"the reviewer saw {REDACTED}"
    assert KEY not in proposal.transcript and REDACTED in proposal.transcript
    database = (tmp_path / ".memdesk" / "memdesk.db").read_bytes()
    assert KEY.lower().encode() not in database
