"""Claude Code 2.1.332's own code, run on these inputs (tests/fixtures/claude_code/oracle), gave
these folder names, index loads and frontmatter readings: MemDesk gives the same."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.agents.claude_code.format import normalise
from core.agents.claude_code.index import folder_name, load_index, units

ORACLE = Path(__file__).resolve().parents[3] / "fixtures" / "claude_code" / "oracle"


def _cases(name: str) -> Any:
    return json.loads((ORACLE / name).read_text(encoding="utf-8"))["cases"]


def _lines(n: int, line: Callable[[int], str]) -> str:
    return "\n".join(line(i) for i in range(1, n + 1))


# The inputs run-oracle.mjs gave the agent's MEMORY.md loader (its `truncCases`).
INDEXES = {
    "short-index": "# Memory index\n\n- [User role](user_role.md) — senior Go dev, new to React\n"
    "- [No DB mocks](feedback_db_mocks.md) — integration tests hit a real DB\n",
    "exactly-200-lines": _lines(200, lambda i: f"- [Topic {i}](topic_{i}.md) — hook {i}"),
    "250-lines": _lines(250, lambda i: f"- [Topic {i}](topic_{i}.md) — hook {i}"),
    "under-200-lines-over-25000": _lines(
        120, lambda i: f"- [Topic {i}](topic_{i}.md) — " + "x" * 220
    ),
    "one-huge-line": "- " + "y" * 30000,
    "crlf-250-lines": _lines(250, lambda i: f"- [T{i}](t{i}.md) — crlf\r"),
    "chinese-9000-chars": _lines(100, lambda i: f"- [主题{i}](topic_{i}.md) — " + "中" * 85),
    "leading-trailing-blank": "\n\n\n- [A](a.md) — a\n\n\n",
}


@pytest.mark.parametrize("case", sorted(_cases("sanitize-project-path.json"), key=str))
def test_the_project_folder_name_is_the_agents(case: dict[str, Any]) -> None:
    assert folder_name(case["projectRoot"]) == case["folderName"]


@pytest.mark.parametrize("name", sorted(INDEXES))
def test_memory_md_loads_as_the_agent_loads_it(name: str) -> None:
    expected = _cases("memory-index-truncation.json")[name]
    text = INDEXES[name]
    assert (units(text), len(text.encode()), text.count("\n")) == (
        expected["input"]["utf16Length"],
        expected["input"]["utf8Bytes"],
        expected["input"]["newlineCount"],
    )
    loaded = load_index(text)
    assert {
        "lineCount": loaded.line_count,
        "byteCount": loaded.unit_count,
        "wasLineTruncated": loaded.line_truncated,
        "wasByteTruncated": loaded.unit_truncated,
        "loadedUtf16Length": units(loaded.content),
        "loadedTail": loaded.content[-400:],
    } == expected["result"]


@pytest.mark.parametrize("name", sorted(_cases("frontmatter-normalise.json")))
def test_frontmatter_is_normalised_as_the_agent_does(name: str) -> None:
    case = _cases("frontmatter-normalise.json")[name]
    found = normalise(case["parsedYaml"])
    assert {
        "name": found.name,
        "description": found.description,
        "metadata": found.metadata,
    } == case["normalised"]
    assert found.type == case["typeAsScanned"]
    assert found.modified == case["modifiedAsScanned"]


# No oracle case has characters outside the BMP; these follow the spec's rule (3.1): lengths
# in UTF-16 units, as a JavaScript string counts them, so an emoji counts 2.
def _js_units(text: str) -> list[str]:
    """`text` as a JavaScript string: one item per UTF-16 unit."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i : i + 2].decode("utf-16-le", "surrogatepass") for i in range(0, len(data), 2)]


def test_an_index_of_emoji_is_cut_at_25000_utf16_units_not_characters() -> None:
    """Tried with an index of 120 lines of 🚀: 14,000 characters but 27,000 UTF-16 units. The
    agent cuts it at the last line break before unit 25,000; counting characters would say the
    whole index loads."""
    lines = [f"- [T{i}](t{i}.md) — " + "🚀" * 110 for i in range(1, 121)]
    text = "\n".join(lines)
    js = _js_units(text)
    assert len(text) < 25_000 < len(js)
    head = js[:25_000]
    cut = len(head) - head[::-1].index("\n") - 1
    expected = "".join(js[:cut]).encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    loaded = load_index(text)
    assert (loaded.line_truncated, loaded.unit_truncated) == (False, True)
    assert loaded.content.split("\n\n> WARNING: ")[0] == expected
    kept = expected.count("\n") + 1
    assert f'starting at line {kept + 1} ("- [T{kept + 1}]' in loaded.content


def test_a_cut_through_an_emoji_leaves_no_half_character() -> None:
    """One long line of emoji after an odd number of ASCII characters: unit 25,000 falls inside
    an emoji. The agent's cut keeps its first half, which reaches the model as U+FFFD; MemDesk
    showed a lone surrogate that no file, terminal or window can hold."""
    loaded = load_index("-" + "🚀" * 15_000)
    shown = loaded.content.split("\n\n> WARNING: ")[0]
    assert shown == "-" + "🚀" * 12_499 + "\ufffd"
    assert units(shown) == 25_000
    loaded.content.encode("utf-8")
