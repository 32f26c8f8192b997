"""Byte-level fuzzing of every parser (SPEC 9): files as bytes, not text.

Inputs are arbitrary bytes, and files built from each format's own pieces (the strategies of the
format's property tests) with invalid UTF-8, NUL bytes, a BOM, lone \\r and mixed line ends
spliced in anywhere. For each parser: it accepts the bytes or raises its documented error (and
only for bytes that are not text), gives the bytes back exactly where it renders, accounts for
every byte in its blocks, and never hangs (a parse taking seconds is a failure of the test).
"""

from __future__ import annotations

import json
import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.openclaw import dreaming, dreams_file, ranking
from core.agents.openclaw import format as ocf
from core.agents.picoclaw import format as pc
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.profile import ProfileError, parse_profile, render_profile
from core.agents.picoclaw.retrieval import chunks, go_trim_space
from core.agents.pomelobot import format as pb
from core.agents.pomelobot.access import parse_ref
from core.agents.pomelobot.chunks import index_chunks_of_file
from core.formats.strict_json import load_json
from core.formats.text import BOM, InputError, decode, split_lines
from tests.core.agents.everbot import test_everbot_properties as everbot_properties
from tests.core.agents.openclaw import test_openclaw_format as openclaw_properties
from tests.core.agents.picoclaw import test_picoclaw as picoclaw_properties
from tests.core.agents.pomelobot import test_pomelobot as pomelobot_properties

T = TypeVar("T")

# -- inputs ---------------------------------------------------------------------------------------
_JUNK = st.sampled_from(
    [
        b"\xff",  # never UTF-8
        b"\xc3",  # a sequence cut short
        b"\xc0\x80",  # overlong NUL
        b"\xed\xa0\x80",  # a surrogate
        b"\xf4\x90\x80\x80",  # beyond U+10FFFF
        b"\x00",
        b"\xef\xbb\xbf",  # a BOM, anywhere
        b"\r",
        b"\r\n",
        b"\n\r",
        b"\xc2\x85",  # NEL
        b"\xe2\x80\xa8",  # LINE SEPARATOR
        b"\x0c",
    ]
) | st.binary(max_size=6)


def spliced(texts: st.SearchStrategy[str]) -> st.SearchStrategy[bytes]:
    """A format's own files with hostile bytes spliced in at random places (or none)."""

    @st.composite
    def build(draw: st.DrawFn) -> bytes:
        data = bytearray(draw(texts).encode("utf-8", "surrogatepass"))
        for _ in range(draw(st.integers(0, 3))):
            at = draw(st.integers(0, len(data)))
            data[at:at] = draw(_JUNK)
        if draw(st.integers(0, 4)) == 0:
            data[:0] = BOM.encode()
        return bytes(data)

    return build()


def files_of(texts: st.SearchStrategy[str]) -> st.SearchStrategy[bytes]:
    return st.binary(max_size=300) | spliced(texts)


def is_text(data: bytes) -> bool:
    """What every parser accepts: UTF-8 without NUL bytes."""
    try:
        return "\0" not in data.decode("utf-8")
    except UnicodeDecodeError:
        return False


class TookTooLong(Exception):
    pass


@contextmanager
def finishes_within(seconds: float) -> Iterator[None]:
    """Fails the test when the block runs longer (a parser looping for ever on its input)."""

    def expire(signum: int, frame: object) -> None:
        raise TookTooLong(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def parsed(parse: Callable[[bytes], T], data: bytes) -> T | None:
    """The parse of `data`, or None when it raised InputError, which it may only for non-text."""
    with finishes_within(5):
        try:
            result = parse(data)
        except InputError:
            assert not is_text(data), "refused text it should read"
            return None
    assert is_text(data), "read bytes that are not text"
    return result


# -- the text underneath every format -------------------------------------------------------------
_ANY = st.binary(max_size=300) | spliced(st.text(max_size=80))


@given(_ANY)
def test_decoding_keeps_every_character_and_splits_only_at_line_ends(data: bytes) -> None:
    decoded = parsed(lambda d: decode(d, "MEMORY.md"), data)
    if decoded is None:
        return
    assert ((BOM if decoded.bom else "") + decoded.text).encode() == data
    lines = split_lines(decoded.text)
    assert "".join(lines) == decoded.text
    for line in lines[:-1]:
        assert line.endswith(("\n", "\r"))
    for line in lines:
        body = line.removesuffix("\n").removesuffix("\r")
        assert "\n" not in body and "\r" not in body


# -- EverBot: the structured MEMORY.md ------------------------------------------------------------
_EVERBOT = files_of(everbot_properties.memory_files() | everbot_properties.unix_memory_files())


@given(_EVERBOT)
def test_everbot_bytes_render_back_and_every_byte_is_in_a_block(data: bytes) -> None:
    doc = parsed(ev.parse, data)
    if doc is None:
        return
    assert doc.to_bytes() == data
    body = data.decode().removeprefix(BOM)
    assert everbot_properties.blocks_text(doc, body) == body
    quarantined = [b for b in doc.blocks if isinstance(b, evdoc.Raw) and b.kind == "quarantine"]
    lines = len(split_lines(body))
    for block in quarantined:
        assert any(p.line == block.line for p in doc.problems)
    for problem in doc.problems:
        assert 1 <= problem.line <= max(problem.end_line, 1) <= max(lines, 1)


@given(_EVERBOT)
def test_everbot_one_memory_by_its_header_is_the_whole_parse_or_refused(data: bytes) -> None:
    with finishes_within(5):
        try:
            found = ev.entries_with_id(data, "ab12cd")
        except UnicodeDecodeError:
            return  # documented: the memory's own lines are not UTF-8
    if found is None or not is_text(data):
        return
    whole = [e for e in ev.parse(data).entries() if e.id == "ab12cd"]
    fields = everbot_properties._SAME_AS_PARSE
    assert [[getattr(e, f) for f in fields] for e in found] == [
        [getattr(e, f) for f in fields] for e in whole
    ]


@given(_EVERBOT)
def test_everbot_scores_by_headers_are_the_whole_parse_or_refused(data: bytes) -> None:
    with finishes_within(5):
        found = ev.scores_by_key(data)
    if found is None or not is_text(data):
        return
    assert found == {e.key: e.score for e in ev.parse(data).entries()}


# -- PicoClaw: long-term memory, daily notes, profile.json, policy, compress stamp ----------------
_LONGTERM = files_of(picoclaw_properties.memory_files())


@given(_LONGTERM)
def test_picoclaw_longterm_bytes_render_back_block_by_block(data: bytes) -> None:
    doc = parsed(pc.parse_longterm, data)
    if doc is None:
        return
    assert doc.to_bytes() == data
    body = data.decode().removeprefix(BOM)
    assert "".join(b.render() for b in doc.blocks) == body
    keys = [e.key for e in doc.entries()]
    assert len(keys) == len(set(keys))
    at = 0
    for block in doc.blocks:
        if isinstance(block, pc.Entry):
            assert block.line == 1 + pc._count_breaks(body[:at])
            assert body.startswith("## ", at)
        at += len(block.render())


@given(_LONGTERM)
def test_picoclaw_daily_note_bytes_render_back(data: bytes) -> None:
    fmt = pc.NoteFormat("memory/202603/20260301.md")
    doc = parsed(fmt.parse, data)
    if doc is None:
        return
    assert fmt.render(doc) == data
    assert [fmt.content(e) for e in fmt.entries(doc)] == [data.decode()]


_JSON_PIECES = st.sampled_from(
    [
        "{", "}", "[", "]", ":", ",", '"', '"name"', '"咖啡偏好"', '"a\\"b"', '"\\u003c"',
        '"\\ud800"', '"\\n"', "0", "-1", "1e999", "1" * 30, "true", "null", "NaN", " ", "\n",
        "\t", "\r\n",
    ]
)  # fmt: skip
_PROFILES = st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=4).map(
    render_profile
) | st.lists(_JSON_PIECES, max_size=24).map("".join)


@given(st.binary(max_size=300) | spliced(_PROFILES))
def test_profile_bytes_load_or_raise_profile_error_and_render_back_in_agent_form(
    data: bytes,
) -> None:
    with finishes_within(5):
        try:
            doc = parse_profile(data, Path("memory/profile.json"))
        except ProfileError as exc:
            assert exc.line >= 1 and exc.column >= 1 and exc.raw_bytes == data
            return
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in doc.items())
    assert doc.in_agent_form == (doc.to_bytes() == data)
    again = parse_profile(doc.to_bytes(), Path("memory/profile.json"))
    assert again.items() == sorted(doc.items()) and again.in_agent_form


_POLICY = st.fixed_dictionaries(
    {"retrieve_limit": st.integers(-3, 20) | st.booleans() | st.none() | st.text(max_size=3)},
    optional={"evolution_enabled": st.booleans() | st.integers(0, 1)},
).map(json.dumps)


@given(
    st.binary(max_size=120) | spliced(_POLICY | _PROFILES),
    st.binary(max_size=120) | spliced(_POLICY.map(lambda p: f'{{"memory": {p}}}')),
)
def test_policy_files_read_or_raise_policy_file_error(overrides: bytes, config: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp) / "workspace"
        (workspace / "memory").mkdir(parents=True)
        (workspace / pc_policy.OVERRIDES_FILE).write_bytes(overrides)
        (Path(tmp) / "config.json").write_bytes(config)
        with finishes_within(5):
            try:
                policy = pc_policy.effective_policy(workspace)
            except pc_policy.PolicyFileError as exc:
                assert str(exc).startswith(str(exc.path))
                return
    assert set(policy) == set(pc_policy.POLICY_DEFAULTS)
    for key, found in policy.items():
        assert type(found.value) is type(pc_policy.POLICY_DEFAULTS[key])


@given(st.binary(max_size=40) | spliced(st.integers().map(str)))
def test_compress_stamp_is_a_time_or_none(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "memory").mkdir()
        (Path(tmp) / pc.LAST_COMPRESS_FILE).write_bytes(data)
        with finishes_within(5):
            stamp = pc.read_last_compress(tmp)
    assert stamp is None or isinstance(stamp, datetime)


@given(_LONGTERM)
def test_retrieval_chunks_are_trimmed_pieces_of_the_text(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    with finishes_within(5):
        found = chunks(text)
    for chunk in found:
        assert chunk in text
        assert chunk == go_trim_space(chunk) or found == [text]


# -- Pomeloclaw / Pomelobot memory files ------------------------------------------------------------
_POMELOBOT = files_of(pomelobot_properties.memory_files())
_KINDS = st.sampled_from(
    ["MEMORY.md", "memory/2026-03-01.md", "memory/scopes/main/transcripts/2026-03-01.md"]
)


@given(_POMELOBOT, _KINDS)
def test_pomelobot_bytes_render_back_and_every_byte_is_in_a_block(data: bytes, path: str) -> None:
    doc = parsed(lambda d: pb.parse_memory_file(d, path), data)
    if doc is None:
        return
    assert doc.to_bytes() == data
    body = data.decode().removeprefix(BOM)
    lines = split_lines(body)
    at = 0
    for block in doc.blocks:
        text = block.text if isinstance(block, pb.Raw) else block.text(doc.newline)
        assert body.startswith(text, at)
        if isinstance(block, pb.MemoryEntry):
            assert lines[block.line - 1].startswith(f"[{block.time}]")
        at += len(text)
    assert at == len(body)
    keys = [e.key for e in doc.entries()]
    assert len(keys) == len(set(keys))


@given(_POMELOBOT)
def test_pomelobot_index_chunks_cover_every_line(data: bytes) -> None:
    with finishes_within(5):
        found = index_chunks_of_file(data)
    lines = data.decode("utf-8", "replace").count("\n") + 1
    covered: set[int] = set()
    for i, chunk in enumerate(found):
        assert chunk.chunk_index == i and 1 <= chunk.start_line <= chunk.end_line <= lines
        covered.update(range(chunk.start_line, chunk.end_line + 1))
    assert covered == set(range(1, lines + 1))


@given(st.text(max_size=40) | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
def test_a_reference_is_a_path_and_line_or_value_error(ref: str) -> None:
    with finishes_within(5):
        try:
            path, line = parse_ref(ref)
        except ValueError:
            return
    assert path and line >= 1


# -- JSON from the agents' files ------------------------------------------------------------------
@given(st.binary(max_size=200) | spliced(_PROFILES | _POLICY))
def test_strict_json_reads_what_json_reads_or_says_where_it_fails(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    with finishes_within(5):
        try:
            value: Any = load_json(text)
        except json.JSONDecodeError as exc:
            assert exc.lineno >= 1 and exc.colno >= 1
            return
    assert value == json.loads(text)


# -- OpenClaw: curated files, DREAMS.md, dreaming reports, legacy recall stores -------------------
_RECALL_PIECES = [
    '{"version": 1, "entries": {"k": {',
    '"path": "memory/2026-06-27.md", "startLine": 4, "endLine": 4, "source": "memory",',
    '"snippet": "Router VLAN 20 is for IoT", "recallCount": 5, "totalScore": 3.9,',
    '"queryHashes": ["a", "b", "c"], "recallDays": ["2026-06-26", "2026-06-27"],',
    '"lastRecalledAt": "2026-06-27T10:00:00.000Z", "provenance": {"originClass": "owner"}',
    "}}}",
    '"maxScore": 1e308, "dailyCount": -3, "conceptTags": [null, 7, "x"]',
]
_CURATED = files_of(openclaw_properties.memory_files())


@given(_CURATED | _ANY, st.sampled_from(["MEMORY.md", "USER.md", "memory/2026-03-01.md"]))
def test_openclaw_curated_bytes_render_back_and_entries_are_the_agents(
    data: bytes, rel: str
) -> None:
    doc = parsed(lambda d: ocf.parse_file(d, rel), data)
    if doc is None:
        return
    assert doc.to_bytes() == data
    lines = data.decode().removeprefix(BOM).split("\n")
    for entry in doc.entries():
        assert lines[entry.bullet_line - 1].startswith("- ")  # a bullet the agent starts one at
        assert 1 <= entry.line <= entry.bullet_line <= entry.end_line <= len(lines)


@given(_CURATED | _ANY)
def test_openclaw_dreams_file_and_reports_read_any_text(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    with finishes_within(5):
        dreams_file.read_dreams(text)
        dreams_file.dreams_risks(text)
        dreams_file.daily_note_risks(text)
        dreams_file.read_phase_report(text)
        dreaming.budget_report(text)
        dreaming.rewritable_lines(text)


@given(st.binary(max_size=300) | spliced(st.sampled_from(_RECALL_PIECES)))
def test_openclaw_recall_store_of_any_json_is_ranked_or_refused(data: bytes) -> None:
    with finishes_within(5):
        try:
            store = load_json(data.decode("utf-8", "replace"))
        except json.JSONDecodeError:
            return
        if isinstance(store, dict):
            ranking.review_store(store, None, 1_782_615_600_000)
