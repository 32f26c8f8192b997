"""A hostile chat-completions server on 127.0.0.1 against the LLM reviewer (SPEC 4, 9).

What an attacker tried against `memdesk review --reviewer llm`, each case made real: a 30 MB
reply (streamed, announced, gzip-inflated), a reply that trickles in, a 5 MB MERGE text,
Retry-After of 600 s, "nan", "inf", "-5", garbage and an HTTP date, and the API key echoed back
partly percent-encoded, in JSON escapes and in HTML entities. Each checks that the review ends
soon, that what MemDesk keeps (the review's reasons and transcript, the error, the journal) is
bounded and holds no key, and that the failure says its cause in words.
"""

from __future__ import annotations

import asyncio
import gzip
import html
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest

from core.demo import write_demo
from core.registry import agent_named
from core.review.llm import (
    MERGE_ALLOWANCE_CHARS,
    MERGE_CEILING_CHARS,
    LlmError,
    LlmReviewer,
    LlmSettings,
    allowed_decisions,
    bounded,
    merge_limit,
    read_reply,
    retry_after_seconds,
)
from core.review.model import Candidate, Memory, Review
from core.review.queue import run_review
from core.review.related import RelatedIndex
from core.review.run import review_many
from core.secrets import API_KEY_ENV, REDACTED, scrub_secrets
from core.store.settled import journal_for_reading
from tests.helpers import serving, session_at

KEY = "Zq93xT-memdesk-test-KEY-7781"
MiB = 1024 * 1024


# -- a hostile server ----------------------------------------------------------------------------
@dataclass
class Answer:
    """What the server sends: `parts` one after the other, chunked unless `length` is given
    (announced as Content-Length, whether or not the parts add up to it)."""

    status: int = 200
    parts: Iterable[bytes] = ()
    headers: dict[str, str] = field(default_factory=dict)
    length: int | None = None
    pause: float = 0.0  # between parts


@dataclass
class Asked:
    headers: dict[str, str]
    body: dict[str, Any]


class HostileServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.respond: Callable[[Asked], Answer] = lambda asked: Answer(parts=[chat("[KEEP]")])
        self.asked: list[Asked] = []
        self.sent = 0  # bytes of bodies written, all answers together
        self.hung_up = threading.Event()  # a client closed the connection while a body was sent
        self.stop = threading.Event()
        self.lock = threading.Lock()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


class _Handler(BaseHTTPRequestHandler):
    server: HostileServer
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        asked = Asked(dict(self.headers.items()), json.loads(self.rfile.read(length)))
        with self.server.lock:
            self.server.asked.append(asked)
        answer = self.server.respond(asked)
        self.send_response(answer.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        chunked = answer.length is None
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(answer.length))
        for name, value in answer.headers.items():
            self.send_header(name, value)
        self.end_headers()
        try:
            for part in answer.parts:
                if self.server.stop.is_set():
                    return
                self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part) if chunked else part)
                self.wfile.flush()
                with self.server.lock:
                    self.server.sent += len(part)
                if answer.pause:
                    self.server.stop.wait(answer.pause)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            self.server.hung_up.set()
        self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[HostileServer]:
    with serving(HostileServer()) as hostile:
        yield hostile


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(API_KEY_ENV, KEY)


def chat(content: str) -> bytes:
    return json.dumps(
        {"choices": [{"message": {"role": "assistant", "content": content}}]}
    ).encode()


def huge_chat(size: int, *, then: str = "", part: int = 64 * 1024) -> Iterator[bytes]:
    """A chat completion whose content is `size` bytes of text (then `then`), made as it is
    sent: the server never holds it whole."""
    head, tail = chat("\x00").split(b"\\u0000")
    yield head
    for start in range(0, size, part):
        yield b"x" * min(part, size - start)
    yield json.dumps(then)[1:-1].encode() + tail


def settings(base_url: str, **values: Any) -> LlmSettings:
    values = {"timeout_s": 2.0, "backoff_s": 0.01, "max_wait_s": 0.5} | values
    return LlmSettings(base_url=base_url, model="test-model", **values)


# -- memories --------------------------------------------------------------------------------------
def mem(key: str, content: str, **fields: Any) -> Memory:
    return Memory("MEMORY.md", key, key, content, category="preference", score=0.9, hits=3,
                  section="active", **fields)  # fmt: skip


COFFEE = mem("a1b2c3", "User prefers black coffee without sugar.")
TWIN = mem("b7b7b7", "User likes coffee black, no sugar, in the morning.")
PROMOTION = Candidate(COFFEE, "promotion", "score 0.91 reached 0.9")
DUPLICATE = Candidate(COFFEE, "duplicate", "92% similar", related=(TWIN,))
CONTEXT = RelatedIndex([COFFEE, TWIN])


def reviewed(reviewer: LlmReviewer, candidate: Candidate = PROMOTION) -> Review:
    return asyncio.run(reviewer.review(candidate, CONTEXT))


def failed(reviewer: LlmReviewer, candidate: Candidate = PROMOTION) -> LlmError:
    with pytest.raises(LlmError) as caught:
        asyncio.run(reviewer.review(candidate, CONTEXT))
    return caught.value


def demo(tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    write_demo(workspace, layout="everbot")
    return workspace


# -- a reply too large -----------------------------------------------------------------------------
def test_a_30_mb_streamed_reply_is_read_to_1_mib_only(server: HostileServer) -> None:
    server.respond = lambda asked: Answer(parts=huge_chat(30 * MiB, then="\n[KEEP]"))
    reviewer = LlmReviewer(settings(server.base_url))
    start = time.monotonic()
    error = failed(reviewer)
    assert time.monotonic() - start < 3
    assert error.kind == "too_large"
    assert str(error) == (
        f"{server.base_url} sent a reply larger than 1 MiB, the most MemDesk reads of one "
        "reply: MemDesk stopped reading it"
    )
    assert server.hung_up.wait(5)  # MemDesk closed the connection: the rest was never sent
    assert server.sent < 30 * MiB
    assert len(error.transcript) <= reviewer.settings.max_transcript_chars
    assert error.transcript.startswith("── system ──") and "xxxx" not in error.transcript


def test_an_announced_30_mb_reply_is_not_read_at_all(server: HostileServer) -> None:
    server.respond = lambda asked: Answer(parts=huge_chat(30 * MiB), length=30 * MiB + 80)
    start = time.monotonic()
    error = failed(LlmReviewer(settings(server.base_url, max_reply_bytes=64 * 1024)))
    assert time.monotonic() - start < 3
    assert error.kind == "too_large"
    assert "larger than 64 KiB" in str(error) and "(it announced 30 MiB)" in str(error)


def test_a_gzip_bomb_is_not_inflated_past_the_limit(server: HostileServer) -> None:
    bomb = gzip.compress(b"".join(huge_chat(200 * MiB, part=MiB)), compresslevel=9)
    assert len(bomb) < 300 * 1024
    server.respond = lambda asked: Answer(parts=[bomb], headers={"Content-Encoding": "gzip"})
    start = time.monotonic()
    error = failed(LlmReviewer(settings(server.base_url)))
    assert time.monotonic() - start < 3
    assert error.kind == "too_large" and "larger than 1 MiB" in str(error)
    assert server.asked[0].headers["Accept-Encoding"] == "identity"


def test_a_small_gzip_reply_is_read(server: HostileServer) -> None:
    answer = gzip.compress(chat("A lasting preference.\n[PROMOTE]"))
    server.respond = lambda asked: Answer(parts=[answer], headers={"Content-Encoding": "gzip"})
    assert reviewed(LlmReviewer(settings(server.base_url))).decision == "PROMOTE"


def test_a_reply_that_trickles_in_times_out(server: HostileServer) -> None:
    server.respond = lambda asked: Answer(parts=(b" " for _ in range(1000)), pause=0.05)
    start = time.monotonic()
    error = failed(LlmReviewer(settings(server.base_url, timeout_s=0.5)))
    assert time.monotonic() - start < 1.5  # each byte came within the timeout; the whole did not
    assert error.kind == "timeout"
    assert str(error) == f"no answer from {server.base_url} within 0.5 s"


def test_a_reply_just_under_the_limit_keeps_a_bounded_transcript(server: HostileServer) -> None:
    content = "I think " * 100_000 + "\nI cannot decide."
    server.respond = lambda asked: Answer(parts=[chat(content)])
    reviewer = LlmReviewer(settings(server.base_url, max_transcript_chars=5_000))
    got = reviewed(reviewer)
    assert got.decision is None
    assert len(got.transcript) <= 5_000
    assert got.transcript.startswith("── system ──\nYou are the memory reviewer of MemDesk.")
    assert got.transcript.endswith("I think \nI cannot decide.")
    assert "characters cut here by MemDesk, which keeps at most 5,000" in got.transcript


def test_reasons_are_bounded(server: HostileServer) -> None:
    server.respond = lambda asked: Answer(parts=[chat("because " * 50_000 + "\n[KEEP]")])
    got = reviewed(LlmReviewer(settings(server.base_url)))
    assert got.decision == "KEEP"
    assert len(got.reasons) <= 4_000 and "characters cut here by MemDesk" in got.reasons


@pytest.mark.parametrize(
    ("size", "said"),
    [(30 * MiB, "larger than 1 MiB"), (900 * 1024, "the reply does not end with one of")],
)
def test_a_review_run_against_huge_replies_keeps_the_journal_small(
    server: HostileServer, tmp_path: Path, size: int, said: str
) -> None:
    workspace = demo(tmp_path)
    server.respond = lambda asked: Answer(parts=huge_chat(size))
    reviewer = LlmReviewer(settings(server.base_url, max_in_flight=4))
    start = time.monotonic()
    run = asyncio.run(
        run_review(session_at(workspace, agent_named("everbot")), reviewer, today=date.today())
    )
    assert time.monotonic() - start < 10
    assert len(run.stored) >= 4
    with journal_for_reading(workspace) as journal:
        assert journal is not None
        proposals = journal.proposals()
    assert len(proposals) == len(run.stored) and {p.status for p in proposals} == {"failed"}
    for p in proposals:
        assert said in p.reasons
        assert len(p.transcript) <= 64_000 and len(p.reasons) <= 4_100
    stored = sum(f.stat().st_size for f in (workspace / ".memdesk").rglob("*") if f.is_file())
    assert stored < 2 * MiB + 70_000 * len(proposals)


# -- a merged text too long ------------------------------------------------------------------------
def test_a_5_mb_merge_is_no_decision(server: HostileServer) -> None:
    merged = "User likes coffee. " * 275_000  # 5.2 MB
    server.respond = lambda asked: Answer(parts=[chat(f"Same thing.\n[MERGE]\n{merged}")])
    reviewer = LlmReviewer(settings(server.base_url, max_reply_bytes=8 * MiB))
    start = time.monotonic()
    got = reviewed(reviewer, DUPLICATE)
    assert time.monotonic() - start < 5
    assert got.decision is None and got.merged_text is None
    both = len(COFFEE.content) + len(TWIN.content)
    limit = merge_limit(COFFEE.content, TWIN.content)
    assert limit == 2 * both + MERGE_ALLOWANCE_CHARS
    assert got.reasons == (
        f"no decision: the merged text is {len(merged.strip()):,} characters long, longer than "
        f"the {limit:,} MemDesk takes for two memories of {both} characters together (twice "
        f"theirs plus {MERGE_ALLOWANCE_CHARS}, at most {MERGE_CEILING_CHARS:,})"
    )
    assert len(got.transcript) <= reviewer.settings.max_transcript_chars


def test_merge_limit() -> None:
    assert merge_limit("a" * 10, "b" * 20) == 60 + MERGE_ALLOWANCE_CHARS
    assert merge_limit("", "") == MERGE_ALLOWANCE_CHARS
    assert merge_limit("a" * 3_000, "b" * 3_000) == MERGE_CEILING_CHARS
    assert MERGE_CEILING_CHARS <= 10_000  # "a few thousand characters"


@pytest.mark.parametrize(("extra", "decided"), [(0, True), (1, False)])
def test_a_merge_at_the_limit_is_taken_one_more_character_is_not(extra: int, decided: bool) -> None:
    limit = merge_limit(COFFEE.content, TWIN.content)
    merged = "m" * (limit + extra)
    answer = read_reply(f"Same.\n[MERGE]\n{merged}", DUPLICATE, allowed_decisions(DUPLICATE))
    assert (getattr(answer, "merged_text", None) == merged) is decided
    assert ("longer than the" in getattr(answer, "why", "")) is not decided


@pytest.mark.parametrize("blank", ["", "   \n\t ", "\u200b\u200b", "\n\ufeff \u2060\n"])
def test_a_merge_without_text_is_no_decision(blank: str) -> None:
    answer = read_reply(f"Same.\n[MERGE]\n{blank}", DUPLICATE, allowed_decisions(DUPLICATE))
    assert getattr(answer, "why", "") == "[MERGE] without the merged text"


def test_a_merge_holding_the_key_is_no_decision(server: HostileServer) -> None:
    merged = f"User likes coffee; the key is {KEY.replace('-', '%2D')}."
    server.respond = lambda asked: Answer(parts=[chat(f"Same.\n[MERGE]\n{merged}")])
    got = reviewed(LlmReviewer(settings(server.base_url)), DUPLICATE)
    assert got.decision is None and got.merged_text is None
    assert got.reasons == "no decision: the merged text holds the LLM API key"
    assert "%2D" not in got.transcript and REDACTED in got.transcript


# -- Retry-After -----------------------------------------------------------------------------------
def rate_limited(retry_after: str, *, then: int = 1) -> Callable[[Asked], Answer]:
    """429 with this Retry-After `then` times, then a decision."""
    calls = iter(range(10**6))

    def respond(asked: Asked) -> Answer:
        if next(calls) < then:
            return Answer(429, [b"slow down"], headers={"Retry-After": retry_after})
        return Answer(parts=[chat("Fine.\n[KEEP]")])

    return respond


def test_a_retry_after_of_600_s_is_capped_and_told(server: HostileServer) -> None:
    server.respond = rate_limited("600")
    waits: list[tuple[float, str]] = []
    reviewer = LlmReviewer(
        settings(server.base_url, max_wait_s=0.2), on_wait=lambda s, why: waits.append((s, why))
    )
    start = time.monotonic()
    assert reviewed(reviewer).decision == "KEEP"
    assert 0.2 <= time.monotonic() - start < 1.5
    assert waits == [
        (
            0.2,
            f"HTTP 429 (Too Many Requests) from {server.base_url}: retrying in 0.2 s (retry 1 "
            "of 3; the server asked for 600 s, MemDesk waits at most 0.2 s)",
        )
    ]


def test_waits_of_one_review_are_bounded_in_all(server: HostileServer) -> None:
    server.respond = rate_limited("600", then=100)
    waits: list[float] = []
    settled = settings(server.base_url, retries=10, max_wait_s=0.2, max_total_wait_s=0.5)
    reviewer = LlmReviewer(settled, on_wait=lambda s, why: waits.append(s))
    start = time.monotonic()
    error = failed(reviewer)
    assert time.monotonic() - start < 1.5
    assert waits == pytest.approx([0.2, 0.2, 0.1])
    assert (error.kind, error.status) == ("http_status", 429)
    assert str(error) == (
        f"{server.base_url} answered HTTP 429 (Too Many Requests) 4 times; MemDesk stopped "
        "retrying after waiting 0.5 s for this review (at most 0.5 s in all): slow down"
    )


def test_a_long_retry_after_is_cancelled_promptly(server: HostileServer) -> None:
    server.respond = rate_limited("600")
    told = asyncio.Event()
    waits: list[float] = []

    def on_wait(seconds: float, why: str) -> None:
        waits.append(seconds)
        told.set()

    reviewer = LlmReviewer(settings(server.base_url, max_wait_s=30.0), on_wait=on_wait)

    async def run() -> float:
        task = asyncio.ensure_future(reviewer.review(PROMOTION, CONTEXT))
        await asyncio.wait_for(told.wait(), 2)
        cancelled = time.monotonic()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return time.monotonic() - cancelled

    assert asyncio.run(run()) < 0.5
    assert waits == [30.0]  # the capped seconds, not the 600 asked for


def test_review_many_cancelled_during_a_long_retry_after(server: HostileServer) -> None:
    server.respond = rate_limited("600", then=100)
    cancel = asyncio.Event()
    reviewer = LlmReviewer(
        settings(server.base_url, max_wait_s=30.0, max_in_flight=2),
        on_wait=lambda seconds, why: cancel.set(),
    )
    many = [Candidate(mem(f"m{i}", f"Memory {i}."), "junk", "half") for i in range(4)]

    async def run() -> list[Review | Exception]:
        return await review_many(reviewer, many, CONTEXT, cancel=cancel)

    start = time.monotonic()
    assert asyncio.run(run()) == []
    assert time.monotonic() - start < 2


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "-5", "soon", "", "1e9", "0x10"])
def test_an_unusable_retry_after_backs_off(server: HostileServer, value: str) -> None:
    server.respond = rate_limited(value, then=2)
    waits: list[float] = []
    reviewer = LlmReviewer(
        settings(server.base_url, backoff_s=0.05), on_wait=lambda s, why: waits.append(s)
    )
    start = time.monotonic()
    assert reviewed(reviewer).decision == "KEEP"
    assert waits == pytest.approx([0.05, 0.1])
    assert time.monotonic() - start >= 0.15


def test_a_retry_after_date_is_waited_for_capped(server: HostileServer) -> None:
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=600), usegmt=True)
    server.respond = rate_limited(later)
    waits: list[tuple[float, str]] = []
    reviewer = LlmReviewer(
        settings(server.base_url, max_wait_s=0.1), on_wait=lambda s, why: waits.append((s, why))
    )
    assert reviewed(reviewer).decision == "KEEP"
    [(seconds, why)] = waits
    assert seconds == 0.1
    assert re.search(r"retrying in 0.1 s \(retry 1 of 3; the server asked for (599|600) s,", why)


@pytest.mark.parametrize(
    ("value", "seconds"),
    [
        ("120", 120.0),
        (" 5 ", 5.0),
        ("0.5", 0.5),
        ("0", 0.0),
        ("Wed, 21 Oct 2015 07:28:00 GMT", 600.0),
        ("Wed, 21 Oct 2015 07:08:00 GMT", 0.0),  # a date past: now
        ("Wednesday, 21-Oct-15 07:28:00 GMT", 600.0),
        ("nan", None),
        ("inf", None),
        ("Infinity", None),
        ("-5", None),
        ("-0.5", None),
        ("9" * 400, None),
        ("1e3", None),
        ("soon", None),
        ("", None),
        (None, None),
        ("Wed, 99 Foo 2015 07:28:00 GMT", None),
    ],
)
def test_retry_after_seconds(value: str | None, seconds: float | None) -> None:
    now = datetime(2015, 10, 21, 7, 18, tzinfo=UTC)
    assert retry_after_seconds(value, now=now) == seconds


# -- the key echoed back ---------------------------------------------------------------------------
def every_other(key: str, encode: Callable[[str], str]) -> str:
    return "".join(encode(c) if i % 2 else c for i, c in enumerate(key))


def percent(c: str) -> str:
    return "".join(f"%{b:02X}" for b in c.encode())


SPACED = "Zq93 xT/memdesk&test~KEY"  # a key with a space and characters HTML and URLs escape
ECHOES = {
    "percent-dash": KEY.replace("-", "%2D"),
    "percent-dash-lower": KEY.replace("-", "%2d"),
    "percent-every-other": every_other(KEY, percent),
    "percent-every-other-lower": every_other(KEY, lambda c: percent(c).lower()),
    "percent-all-mixed-hex": "".join(
        percent(c).lower() if i % 3 else percent(c) for i, c in enumerate(KEY)
    ),
    "percent-twice": quote(KEY.replace("-", "%2D"), safe=""),  # %252D
    "percent-dash-swapcase": KEY.swapcase().replace("-", "%2d"),
    "json-dash": KEY.replace("-", "\\u002d"),
    "json-dash-upper": KEY.replace("-", "\\u002D"),
    "json-every-char": "".join(f"\\u{ord(c):04x}" for c in KEY),
    "json-double-escaped": KEY.replace("-", "\\\\u002d"),
    "js-hex": KEY.replace("-", "\\x2d"),
    "html-decimal": KEY.replace("-", "&#45;"),
    "html-decimal-padded": KEY.replace("-", "&#0045;"),
    "html-hex": KEY.replace("-", "&#x2d;"),
    "html-hex-upper": KEY.replace("-", "&#X2D;"),
    "html-no-semicolon": KEY.replace("-", "&#45", 2),  # before a letter: read as "-"
    "html-every-char": "".join(f"&#{ord(c)};" for c in KEY),
    "mixed": "Zq%393xT&#45;mem\\u0064esk%2dtest-KEY&#x2D;778%31",
}
SPACED_ECHOES = {
    "plus-for-space": SPACED.replace(" ", "+").replace("/", "%2F"),
    "plus-and-partial": SPACED.replace(" ", "+").replace("&", "%26"),
    "html-named": html.escape(SPACED).replace("/", "&sol;").replace(" ", "&#32;"),
    "json-slash": SPACED.replace("/", "\\/").replace(" ", "\\u0020"),
}


def decoded(text: str) -> str:
    """Every decoding a reader could try, one after the other, folded to lower case."""
    for _ in range(2):
        text = html.unescape(unquote(text.replace("+", " ")))
        text = re.sub(r"\\+(?:u([0-9a-f]{4})|x([0-9a-f]{2}))", _unescaped, text, flags=re.I)
        text = re.sub(r"\\+([\\/\"'])", r"\1", text)
    return text.lower()


def _unescaped(match: re.Match[str]) -> str:
    return chr(int(match.group(1) or match.group(2), 16))


def holds(text: str, key: str = KEY) -> bool:
    return key.lower() in decoded(text) or key.lower() in text.lower()


@pytest.mark.parametrize("name", [*ECHOES, *SPACED_ECHOES])
def test_scrub_secrets_removes_the_echoed_key(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    key, form = (KEY, ECHOES[name]) if name in ECHOES else (SPACED, SPACED_ECHOES[name])
    monkeypatch.setenv(API_KEY_ENV, key)
    assert holds(form, key)  # the form is the key, once decoded
    scrubbed = scrub_secrets(f"invalid key ({form}); try again")
    assert scrubbed == f"invalid key ({REDACTED}); try again"
    other = "SomeoneElse-key-0000"
    assert scrub_secrets(f"key {form}", extra=[other]) == f"key {REDACTED}"
    monkeypatch.delenv(API_KEY_ENV)
    assert scrub_secrets(f"key {form}", extra=[key]) == f"key {REDACTED}"


def test_ordinary_encoded_text_is_left_alone() -> None:
    text = "caf%C3%A9 &amp; cr&#232;me \\u00e9t\\u00e9 a+b Zq93xT-memdesk-test-KEY-778"
    assert scrub_secrets(text) == text  # the key less its last character is not the key


def test_scrubbing_stays_fast() -> None:
    """Measured in this process's CPU time: the wall clock counts the other processes on the
    machine too (2.3 s instead of 1.5 with the suite in two processes beside other work)."""
    line = "2026-05-01 12:00:00 WARNING memdesk.llm: HTTP 429 from http://127.0.0.1:8000/v1 " * 2
    scrub_secrets(line)
    start = time.process_time()
    for _ in range(2_000):
        scrub_secrets(line)
    assert (time.process_time() - start) / 2_000 < 0.001  # a log line: well under a millisecond
    text = "%2D&#45;\\u002d" * 100_000 + "x" * MiB
    start = time.process_time()
    scrub_secrets(text)
    assert time.process_time() - start < 1.5


@pytest.mark.parametrize("name", ECHOES)
def test_an_echoed_key_is_in_nothing_the_reviewer_hands_back(
    server: HostileServer, name: str
) -> None:
    form = ECHOES[name]
    calls = iter(range(10**6))

    def respond(asked: Asked) -> Answer:
        assert asked.headers["Authorization"] == f"Bearer {KEY}"
        call = next(calls)
        if call == 0:
            return Answer(parts=[chat(f"Your key {form} is fine.\n[SEARCH:key {form}]")])
        if call == 1:
            return Answer(parts=[chat(f"I saw {form} twice.\n[KEEP]")])
        if call == 2:
            return Answer(401, [f'{{"error": "invalid key {form}"}}'.encode()])
        return Answer(parts=[f"not json, {form}".encode()])

    server.respond = respond
    reviewer = LlmReviewer(settings(server.base_url))
    got = reviewed(reviewer)
    assert got.decision == "KEEP"
    refused, broken = failed(reviewer), failed(reviewer)
    assert refused.kind == "http_status" and refused.status == 401
    assert "(is the API key in $MEMDESK_LLM_API_KEY right?)" in str(refused)
    assert broken.kind == "not_chat_completion"
    texts = [got.reasons, got.transcript, *got.searches, str(refused), str(broken)]
    texts += [refused.transcript, broken.transcript, repr(refused), repr(reviewer)]
    assert REDACTED in got.transcript and REDACTED in got.reasons and REDACTED in str(refused)
    for text in texts:
        assert not holds(text), text


def test_an_echoed_key_never_reaches_the_journal(server: HostileServer, tmp_path: Path) -> None:
    workspace = demo(tmp_path)
    forms = iter([*ECHOES.values()] * 100)

    def respond(asked: Asked) -> Answer:
        form = next(forms)
        if len(server.asked) % 3 == 0:
            return Answer(500, [f"upstream rejected {form}".encode()])
        return Answer(parts=[chat(f"The key {form} was in the request.\n[KEEP]")])

    server.respond = respond
    reviewer = LlmReviewer(settings(server.base_url, retries=0))
    run = asyncio.run(
        run_review(session_at(workspace, agent_named("everbot")), reviewer, today=date.today())
    )
    assert len(run.stored) >= 6
    with journal_for_reading(workspace) as journal:
        assert journal is not None
        proposals = journal.proposals()
    assert {p.status for p in proposals} == {"failed", "pending"}
    for p in proposals:
        for text in (p.reasons, p.transcript):
            assert not holds(text), text
    for file in (workspace / ".memdesk").rglob("*"):
        if file.is_file():
            assert not holds(file.read_bytes().decode("latin-1")), file


# -- failures said in words ------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_connection_refused_is_said() -> None:
    base_url = f"http://127.0.0.1:{free_port()}/v1"
    error = failed(LlmReviewer(settings(base_url)))
    assert (error.kind, error.status) == ("refused", None)
    assert str(error) == f"cannot reach {base_url}: connection refused (is the server running?)"


@pytest.mark.parametrize(
    ("answer", "kind", "said"),
    [
        (Answer(503, [b"overloaded"]), "http_status", "answered HTTP 503 (Service Unavailable) 1 "),
        (Answer(418, [b"teapot"]), "http_status", "refused the request: HTTP 418 (I'm a Teapot)"),
        (Answer(302, [], {"Location": "/x"}), "http_status", "HTTP 302 (Found) instead of a"),
        (Answer(parts=[b"[" * 100_000]), "not_chat_completion", "is not a chat completion: [[["),
        (Answer(parts=[b"{}"], headers={"Content-Encoding": "br"}), "not_chat_completion",
         "compressed as 'br', which MemDesk does not read"),
        (Answer(parts=[b"not gzip"], headers={"Content-Encoding": "gzip"}), "not_chat_completion",
         "does not decompress as gzip says it should"),
        (Answer(parts=[b"{"], length=1000), "unreachable", "broke before its answer was read"),
    ],
)  # fmt: skip
def test_each_failure_says_its_cause(
    server: HostileServer, answer: Answer, kind: str, said: str
) -> None:
    server.respond = lambda asked: answer
    error = failed(LlmReviewer(settings(server.base_url, retries=0)))
    assert error.kind == kind
    assert said in str(error)
    assert str(error).startswith(("cannot reach", "the connection to", server.base_url))
    assert len(str(error)) < 800 and not holds(str(error))


def test_bounded() -> None:
    assert bounded("short", 100) == "short"
    text = "a" * 5_000 + "b" * 5_000
    cut = bounded(text, 1_000)
    assert len(cut) <= 1_000
    assert cut.startswith("a" * 400) and cut.endswith("b" * 400)
    kept = len(cut.split("\n[…")[0]) + len(cut.split("…]\n")[-1])
    assert (
        f"[… {10_000 - kept:,} characters cut here by MemDesk, which keeps at most 1,000 …]" in cut
    )


def test_a_failed_review_is_picklable() -> None:
    import pickle

    error = LlmError("no answer", "timeout", None, "── user ──\nhello")
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.kind, again.status, again.transcript) == (
        "no answer", "timeout", None, "── user ──\nhello"
    )  # fmt: skip
