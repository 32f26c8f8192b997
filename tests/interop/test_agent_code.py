"""The agents' code in `agent_code` equals the real agents on every recorded case of
tests/fixtures/ (the referee): before the interop properties trust it, it is proven here."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from tests.conftest import FIXTURES, fixture_json
from tests.interop import agent_code as agent

EVERBOT = FIXTURES / "everbot"
PICOCLAW = FIXTURES / "picoclaw"
POMELOBOT = FIXTURES / "pomelobot"
EVERBOT_CASES = sorted(p.name.removesuffix(".input.md") for p in EVERBOT.glob("*.input.md"))
PICOCLAW_CASES = sorted(p.name.removesuffix(".retrieve.json") for p in PICOCLAW.glob("*.json"))
POMELOBOT_FILES = sorted(p.name.removesuffix(".chunks.json") for p in POMELOBOT.glob("*.json"))
FROZEN = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)  # the oracle run's clock
ENTRY_FIELDS = ("id", "category", "score", "last_activated", "activation_count", "content")
RELATIONS = ("status", "supersedes", "superseded_by", "source_session")


# -- EverBot -----------------------------------------------------------------------------------


def test_every_everbot_case_is_covered() -> None:
    assert len(EVERBOT_CASES) >= 9 and len(PICOCLAW_CASES) >= 4 and len(POMELOBOT_FILES) >= 3


@pytest.mark.parametrize("case", EVERBOT_CASES)
def test_everbot_load_is_the_agents(case: str) -> None:
    data = (EVERBOT / f"{case}.input.md").read_bytes()
    expected = fixture_json(f"everbot/{case}.parsed.json")
    loaded = agent.everbot_load(data)
    assert loaded.last_processed_count == expected["last_processed_count"]
    assert [_fields(e) for e in loaded.entries] == [
        tuple(e[f] for f in ENTRY_FIELDS) for e in expected["entries"]
    ]


@pytest.mark.parametrize("case", EVERBOT_CASES)
def test_everbot_save_is_the_agents(case: str) -> None:
    """The agent's drop rule with MemDesk's `normalize`: the agent's save, byte for byte."""
    loaded = agent.everbot_load((EVERBOT / f"{case}.input.md").read_bytes())
    assert agent.everbot_save(loaded, FROZEN) == (EVERBOT / f"{case}.rendered.md").read_bytes()


def test_newer_everbot_load_and_save_are_the_agents() -> None:
    data = (EVERBOT / "canonical.input.md").read_bytes()
    expected = fixture_json("everbot/canonical.head.parsed.json")
    loaded = agent.everbot_load(data, newer=True)
    assert [(*_fields(e), *(e.meta[r] for r in RELATIONS)) for e in loaded.entries] == [
        tuple(e[f] for f in ENTRY_FIELDS + RELATIONS) for e in expected["entries"]
    ]
    written = agent.everbot_save(loaded, FROZEN, newer=True)
    assert written == (EVERBOT / "canonical.head.rendered.md").read_bytes()
    again = agent.everbot_load(written, newer=True)
    assert again.entries == loaded.entries  # its memory_meta lines are read back, not as text


def _fields(e: agent.Memory) -> tuple[Any, ...]:
    return (e.id, e.category, e.score, e.last_activated, e.activation_count, e.content)


# -- PicoClaw ----------------------------------------------------------------------------------


def _picoclaw(case: str) -> tuple[str, dict[str, Any]]:
    text = (PICOCLAW / f"{case}.input.md").read_bytes().decode("utf-8")
    return text, fixture_json(f"picoclaw/{case}.retrieve.json")


@pytest.mark.parametrize("case", PICOCLAW_CASES)
def test_picoclaw_chunks_and_retrieval_are_the_agents(case: str) -> None:
    text, expected = _picoclaw(case)
    assert agent.split_memory_chunks(text) == [c["text"] for c in expected["split_chunks"]]
    for run in expected["retrieve"]:
        assert agent.retrieve(text, run["query"], run["limit"]) == run["raw"], run["query"]
        query = agent.go_lower(agent.go_trim_space(run["query"]))
        assert agent.tokenize_for_match(query) == run["query_words"], run["query"]


@pytest.mark.parametrize("case", PICOCLAW_CASES)
def test_picoclaw_fallbacks_are_the_agents(case: str) -> None:
    text, expected = _picoclaw(case)
    calls = {
        'Retrieve("", 3)': agent.retrieve(text, "", 3),
        'Retrieve("", 10)': agent.retrieve(text, "", 10),
        'Retrieve("", 0)': agent.retrieve(text, "", 0),
        'GetMemoryContext("", 3, 10)': agent.memory_context(text, "", 10),
        'GetMemoryContext("   ", 3, 10)': agent.memory_context(text, "   ", 10),
        'GetMemoryContext("coffee", 3, 3)': agent.memory_context(text, "coffee", 3),
    }
    assert calls == expected["fallback"]


@pytest.mark.parametrize("case", PICOCLAW_CASES)
def test_picoclaw_sections_hold_every_chunk(case: str) -> None:
    """The entries read where the agent cuts the file lose nothing the agent retrieves."""
    text, expected = _picoclaw(case)
    first = text.find("\n## ") if not text.startswith("## ") else 0
    preamble = text if first < 0 else text[:first]
    rebuilt = agent.split_memory_chunks(preamble) if preamble.strip() else []
    for heading, body in agent.long_term_sections(text):
        rebuilt += agent.split_memory_chunks(f"{heading}\n{body}")
    assert rebuilt == [c["text"] for c in expected["split_chunks"]]


@pytest.mark.parametrize("case", ["zh_en_entries", "coffee_correction"])
def test_picoclaw_append_is_the_agents(case: str) -> None:
    """These files are the agent's template followed by its appends: appending each section
    again, as the agent appends, gives the file back."""
    text, _ = _picoclaw(case)
    rebuilt = text[: text.index("\n## ") - 1]  # the template, without the "\n\n" an append adds
    for heading, body in agent.long_term_sections(text):
        rebuilt = agent.append_long_term(rebuilt, body, date.fromisoformat(heading))
    assert rebuilt == text


def test_picoclaw_daily_note_append_is_the_agents() -> None:
    note = FIXTURES / "picoclaw" / "home" / "workspace" / "memory" / "202602" / "20260222.md"
    text = note.read_text(encoding="utf-8")
    header, _, body = text.partition("\n\n")
    day = date.fromisoformat(header.removeprefix("# "))
    first, *rest = body.split("\n")
    rebuilt = agent.append_today("", first, day)
    for line in rest:
        rebuilt = agent.append_today(rebuilt, line, day)
    assert rebuilt == text


def test_picoclaw_profile_read_and_write_are_the_agents() -> None:
    path = FIXTURES / "workspaces" / "picoclaw_hybrid" / "memory" / "profile.json"
    data = path.read_bytes()
    profile = agent.read_profile(data)
    assert profile["咖啡偏好"] == "燕麦拿铁" and len(profile) == 4
    assert agent.write_profile(profile) == data
    corrupt = FIXTURES / "workspaces" / "picoclaw_hybrid_corrupt" / "memory" / "profile.json"
    assert agent.read_profile(corrupt.read_bytes()) == {}
    escaped = agent.write_profile({"b": "<x> & \u2028\n\t\x01", "a": "é"})
    assert (
        escaped
        == b'{\n  "a": "\xc3\xa9",\n  "b": "\\u003cx\\u003e \\u0026 \\u2028\\n\\t\\u0001"\n}'
    )


# -- Pomelobot ---------------------------------------------------------------------------------


def _chunk_json(chunk: agent.IndexChunk) -> dict[str, Any]:
    return {
        "chunk_index": chunk.chunk_index,
        "start_line": chunk.start_line,
        "end_line": chunk.end_line,
        "content": chunk.content,
        "content_length_utf16": len(chunk.content.encode("utf-16-le", "surrogatepass")) // 2,
        "hash": chunk.hash,
    }


def _pomelobot_cases() -> list[tuple[str, str, list[dict[str, Any]]]]:
    cases = []
    for name in POMELOBOT_FILES:
        recorded = fixture_json(f"pomelobot/{name}.chunks.json")
        if "cases" in recorded:
            cases += [(c["name"], c["input"], c["chunks"]) for c in recorded["cases"]]
        else:
            text = (POMELOBOT / f"{name}.input.md").read_bytes().decode("utf-8")
            cases.append((name, text, recorded["chunks"]))
    return cases


@pytest.mark.parametrize(("name", "text", "chunks"), _pomelobot_cases())
def test_pomelobot_chunks_are_the_agents(name: str, text: str, chunks: list[Any]) -> None:
    assert [_chunk_json(c) for c in agent.chunk_markdown(text)] == chunks


def test_pomelobot_save_is_the_agents() -> None:
    """daily_main is the agent's header and its saves: saving each entry again gives it back."""
    text = (POMELOBOT / "daily_main.input.md").read_text(encoding="utf-8")
    header, *entries = text.split("\n[")
    rebuilt = None
    for entry in entries:
        stamp, _, content = entry.rstrip("\n").partition("] ")
        rebuilt = agent.pomelobot_save(rebuilt, header, content, stamp)
    assert rebuilt == text
    assert agent.memory_get(text, 3, 1) == ["[" + entries[0].rstrip("\n")]
