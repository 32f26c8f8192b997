"""What the agent injects: PicoClaw retrieval against the real agent's outputs, EverBot's prompt block."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import format as ev
from core.agents.everbot.prompt import everbot_prompt
from core.agents.picoclaw import retrieval as rt
from tests.conftest import FIXTURES

PICOCLAW = FIXTURES / "picoclaw"
ORACLES = sorted(PICOCLAW.glob("*.retrieve.json"))


def _oracle(path: Path) -> tuple[str, dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    content = (PICOCLAW / data["input_file"]).read_bytes().decode("utf-8")
    return content, data


def _retrieve_cases() -> list[Any]:
    cases = []
    for path in ORACLES:
        _, data = _oracle(path)
        for n, case in enumerate(data["retrieve"]):
            cases.append(
                pytest.param(path, n, id=f"{path.stem}-{n}-{case['query']!r}-{case['limit']}")
            )
    return cases


def _fallback_cases() -> list[Any]:
    cases = []
    for path in ORACLES:
        _, data = _oracle(path)
        cases += [pytest.param(path, call, id=f"{path.stem}-{call}") for call in data["fallback"]]
    return cases


def test_every_oracle_is_there() -> None:
    assert [p.name.removesuffix(".retrieve.json") for p in ORACLES] == [
        "coffee_correction",
        "english_notes",
        "no_headings",
        "zh_en_entries",
    ]
    for path in ORACLES:
        _, data = _oracle(path)
        by_query: dict[str, set[int]] = {}
        for case in data["retrieve"]:
            by_query.setdefault(case["query"], set()).add(case["limit"])
        assert all(limits == {3, 10} for limits in by_query.values()), path
        assert len(data["fallback"]) == 6


@pytest.mark.parametrize("path", ORACLES, ids=lambda p: p.stem)
def test_split_chunks_match_the_agent(path: Path) -> None:
    content, data = _oracle(path)
    expected = data["split_chunks"]
    assert [c["index"] for c in expected] == list(range(len(expected)))
    assert rt.chunks(content) == [c["text"] for c in expected]


@pytest.mark.parametrize(("path", "n"), _retrieve_cases())
def test_retrieve_matches_the_agent(path: Path, n: int) -> None:
    content, data = _oracle(path)
    case = data["retrieve"][n]
    got = rt.retrieve(content, case["query"], case["limit"])
    assert got == case["chunks"]
    assert rt.SEPARATOR.join(got) == case["raw"]
    assert rt.query_terms(case["query"]) == case["query_words"]


_RETRIEVE_CALL = re.compile(r'Retrieve\((".*"), (-?\d+)\)')
_CONTEXT_CALL = re.compile(r'GetMemoryContext\((".*"), (-?\d+), (-?\d+)\)')


@pytest.mark.parametrize(("path", "call"), _fallback_cases())
def test_fallback_matches_the_agent(path: Path, call: str) -> None:
    content, data = _oracle(path)
    expected = data["fallback"][call]
    if m := _RETRIEVE_CALL.fullmatch(call):
        got = rt.SEPARATOR.join(rt.retrieve(content, json.loads(m.group(1)), int(m.group(2))))
    elif m := _CONTEXT_CALL.fullmatch(call):
        query, days, limit = json.loads(m.group(1)), int(m.group(2)), int(m.group(3))
        got = rt.memory_context(content, query, limit=limit, recent_days=days, daily_notes=())
    else:
        pytest.fail(f"unknown oracle call {call}")
    assert got == expected


# -- chunking details from the README ---------------------------------------------------------


def test_crlf_entries_are_not_sub_split_but_headings_still_split() -> None:
    text = "# Long-term Memory\r\n\r\n## 2026-02-21\r\n\r\nUser likes tea.\r\n\r\n## 2026-02-22\r\n\r\nDog."
    assert rt.chunks(text) == [
        "# Long-term Memory",
        "2026-02-21\r\n\r\nUser likes tea.",
        "2026-02-22\r\n\r\nDog.",
    ]


def test_only_newline_hash_hash_space_splits() -> None:
    text = "a\n### x\nb\n##NoSpace\nc\n  ## indented\nd\n## real\ne"
    assert rt.chunks(text) == ["a\n### x\nb\n##NoSpace\nc\n  ## indented\nd", "real\ne"]
    assert rt.chunks("## first line keeps its marker\n\nx") == [
        "## first line keeps its marker",
        "x",
    ]


def test_blank_blocks_give_the_whole_untrimmed_content() -> None:
    assert rt.chunks("\n## \n## \n") == ["\n## \n## \n"]
    assert rt.retrieve("\n## \n## \n", "x", 3) == ["## \n##"]
    assert rt.chunks("") == [] and rt.chunks(" \n\t") == []
    assert rt.retrieve("", "coffee") == [] and rt.retrieve("  \n", "") == []


def test_heading_followed_by_text_stays_with_it() -> None:
    assert rt.chunks("# T\n\n## User name\nUser is Alice.") == ["# T", "User name\nUser is Alice."]


def test_go_trim_space_keeps_what_go_keeps() -> None:
    assert rt.go_trim_space("\x1cX\x1f") == "\x1cX\x1f"  # str.strip() would remove these
    assert rt.go_trim_space("\u3000\xa0\x85X\u2028 ") == "X"
    assert rt.chunks("\x1c\n\nreal") == ["\x1c", "real"]


def test_go_lower_uses_simple_case_mapping() -> None:
    assert rt.go_lower("İSTANBUL") == "istanbul"
    assert rt.go_lower("ΟΔΟΣ") == "οδοσ"  # Python's lower() would end with a final sigma
    assert rt.go_lower("ABC") == "abc"


# -- query terms and scoring ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "terms"),
    [
        ("  Coffee coffee  ", ["coffee", "coffee"]),
        ("我喜欢coffee吗", ["coffee"]),
        ("a b", ["ab"]),
        ("é", []),
        ("naïve", ["na", "ve"]),
        ("2026-02-21", ["20", "02", "26", "6-", "-0", "2-", "-2", "21"]),
        ("咖啡，咖啡", ["咖啡", "啡，", "，咖"]),
        ("？?。.", []),
        ("", []),
    ],
)
def test_query_terms(query: str, terms: list[str]) -> None:
    assert rt.query_terms(query) == terms


def test_plain_substring_scoring_and_ties_to_the_later_chunk() -> None:
    text = "memory order\n\nnothing\n\ntea"
    scored = rt.ranked(text, "tea or coffee?")
    # "or" is inside "memory" and "order"; equal scores put the later chunk first.
    assert [(c.text, c.score, c.rank_key) for c in scored] == [
        ("tea", 1, 6),
        ("memory order", 1, 4),
        ("nothing", 0, 1),
    ]
    assert rt.retrieve(text, "tea or coffee?", 2) == ["tea", "memory order"]


def test_no_relevance_cutoff_but_chunk_zero_needs_a_score() -> None:
    text = "zero\n\none\n\ntwo"
    assert rt.retrieve(text, "unrelated", 10) == ["two", "one"]
    assert rt.retrieve(text, "zero", 10) == ["zero", "two", "one"]
    assert rt.retrieve("only", "unrelated", 10) == ["only"]  # the first result is always kept
    assert rt.retrieve(text, "", -1) == ["two", "one", "zero"]


# -- GetMemoryContext with daily notes ----------------------------------------------------------

TODAY = date(2026, 2, 22)
NOTES = [
    (date(2026, 2, 19), "# 2026-02-19\n\nold"),
    (date(2026, 2, 21), "# 2026-02-21\n\nyesterday"),
    (date(2026, 2, 22), "# 2026-02-22\n\ntoday"),
]


def test_memory_context_adds_recent_daily_notes_newest_first() -> None:
    got = rt.memory_context(
        "# M\n\n## 2026-02-20\n\nX", "", recent_days=3, daily_notes=NOTES, today=TODAY
    )
    assert got == (
        "## Long-term Memory\n\n# M\n\n## 2026-02-20\n\nX"
        "\n\n---\n\n## Recent Daily Notes\n\n"
        "# 2026-02-22\n\ntoday\n\n---\n\n# 2026-02-21\n\nyesterday"
    )


def test_memory_context_window_and_defaults() -> None:
    one_day = rt.memory_context("", "", recent_days=1, daily_notes=NOTES, today=TODAY)
    assert one_day == "## Recent Daily Notes\n\n# 2026-02-22\n\ntoday"
    default_days = rt.memory_context("", "", recent_days=0, daily_notes=NOTES, today=TODAY)
    assert "old" not in default_days and "yesterday" in default_days  # 0 -> 3 days
    four = rt.memory_context("", "", recent_days=4, daily_notes=NOTES, today=TODAY)
    assert four.endswith("yesterday\n\n---\n\n# 2026-02-19\n\nold")


def test_memory_context_with_a_query_and_notes() -> None:
    got = rt.memory_context(
        "a\n\nb coffee", "coffee", limit=1, recent_days=1, daily_notes=NOTES, today=TODAY
    )
    assert got == (
        "## Long-term Memory (relevant)\n\nb coffee\n\n---\n\n"
        "## Recent Daily Notes\n\n# 2026-02-22\n\ntoday"
    )


def test_memory_context_empty_notes_count_as_found() -> None:
    notes = [(date(2026, 2, 22), ""), (date(2026, 2, 21), "x")]
    assert rt.memory_context("", "", recent_days=2, daily_notes=notes, today=TODAY) == (
        "## Recent Daily Notes\n\n\n\n---\n\nx"
    )
    only_empty = [(date(2026, 2, 22), "")]
    assert rt.memory_context("", "", recent_days=2, daily_notes=only_empty, today=TODAY) == ""
    assert rt.memory_context("", "q", daily_notes=(), today=TODAY) == ""


# -- EverBot prompt -------------------------------------------------------------------------------

_EVERBOT = """# Agent Memory

## Active Memories

### [aaaaaa] preference | 0.92 | 2026-02-20 | 12
用户喜欢简洁的代码风格
### [bbbbbb] fact | 0.50 | 2026-02-19 | 8
The user's main language is Python
and FastAPI.
### [cccccc] workflow | 0.92 | 2026-02-20 | 15
每天早上 9 点看行情
### [dddddd] fact | 0.49 | 2026-02-19 | 1
below the line
### [eeeeee] fact | 0.95 | 2026-02-19 | 1

## Archived Memories

### [ffffff] fact | 0.60 | 2026-01-10 | 2
in the archived section but scored 0.60
"""


def test_everbot_prompt_is_the_agents_block() -> None:
    doc = ev.parse(_EVERBOT.encode())
    assert everbot_prompt(doc.entries()) == (
        "# 历史记忆\n\n关于用户的关键信息：\n\n"
        "- [preference] 用户喜欢简洁的代码风格\n"
        "- [workflow] 每天早上 9 点看行情\n"
        "- [fact] in the archived section but scored 0.60\n"
        "- [fact] The user's main language is Python\nand FastAPI."
    )


def test_everbot_prompt_top_20_and_written_precision() -> None:
    doc = ev.parse(_EVERBOT.encode())
    below = doc.find("dddddd")
    assert below is not None
    # 0.497 is written as 0.50, which is what the agent reads.
    raised = below.edited(score=0.497)
    prompt = everbot_prompt([raised])
    assert prompt.endswith("- [fact] below the line")
    many = [below.edited(id=f"{i:06x}", score=0.5 + i / 100, content=f"m{i}") for i in range(30)]
    lines = everbot_prompt(many).split("\n")[4:]
    assert len(lines) == 20
    assert lines[0] == "- [fact] m29" and lines[-1] == "- [fact] m10"
    assert everbot_prompt([]) == ""
    assert everbot_prompt([below]) == ""
