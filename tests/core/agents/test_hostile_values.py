"""Values no agent writes but a file may hold: numbers too long or too large to read, JSON nested
too deeply, NaN. Each is reported at its line and kept as written; nothing raises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core import registry
from core.agents.everbot import format as ev
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.profile import ProfileError, parse_profile
from core.formats.strict_json import load_json
from tests.conftest import FIXTURES

TIERED = (FIXTURES / "workspaces" / "tiered" / "MEMORY.md").read_text(encoding="utf-8")
DEEP = "[" * 100_000 + "]" * 100_000


def tiered_with(old: str, new: str) -> str:
    assert old in TIERED
    return TIERED.replace(old, new)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


# -- EverBot's structured MEMORY.md -------------------------------------------------------------


def test_hits_too_long_to_read_is_a_problem_of_its_line() -> None:
    """The agent's int() fails on more than 4,300 digits: it cannot load the file."""
    text = tiered_with("2026-02-27 | 14", "2026-02-27 | " + "9" * 5000)
    doc = ev.parse(text.encode())
    assert "c00001" not in [e.id for e in doc.entries()]
    [problem] = doc.problems
    assert (problem.kind, problem.line) == ("bad_header", line_of(text, "[c00001]"))
    assert "hits" in problem.message and "5000 characters" in problem.message
    assert len(problem.message) < 300
    assert doc.render() == text


def test_score_that_overflows_to_infinity_is_a_problem_of_its_line() -> None:
    """float() reads it as inf: the agent keeps it and saves 'inf', which its regex rejects."""
    text = tiered_with("core | 3.20", "core | 1" + "0" * 400)
    doc = ev.parse(text.encode())
    assert "c00001" not in [e.id for e in doc.entries()]
    [problem] = doc.problems
    assert (problem.kind, problem.line) == ("bad_header", line_of(text, "[c00001]"))
    assert "infinity" in problem.message
    assert doc.render() == text


def test_a_large_finite_score_and_long_hits_are_memories() -> None:
    text = tiered_with("2026-02-27 | 14", "2026-02-27 | " + "9" * 4000)
    text = text.replace("fact | 2.60", "fact | " + "9" * 308)
    doc = ev.parse(text.encode())
    assert doc.problems == []
    assert doc.find("c00001").activation_count == int("9" * 4000)  # type: ignore[union-attr]
    assert doc.find("f00001").score == float("9" * 308)  # type: ignore[union-attr]


def test_last_processed_count_too_long_to_read() -> None:
    text = tiered_with("last_processed_count: 0", "last_processed_count: " + "9" * 5000)
    doc = ev.parse(text.encode())
    [problem] = doc.problems
    assert problem.line == line_of(text, "last_processed_count")
    assert doc.last_processed_count == 0
    assert len(doc.entries()) == 6
    assert doc.render() == text


@pytest.mark.parametrize(
    "meta",
    ['{"a":' + DEEP + "}", '{"x":NaN}', '{"y":1e400}', '{"z":' + "9" * 5000 + "}"],
    ids=["nested", "nan", "overflow", "digits"],
)
def test_memory_meta_that_cannot_be_read_is_kept_as_written(meta: str) -> None:
    text = tiered_with('{"source":"user","verified":true}', meta)
    doc = ev.parse(text.encode())
    entry = doc.find("c00001")
    assert entry is not None and entry.meta is None
    [problem] = doc.problems
    assert (problem.kind, problem.line) == ("bad_meta", line_of(text, meta))
    assert doc.render() == text


# -- PicoClaw's profile.json and policy files ---------------------------------------------------


def test_profile_number_too_long_to_read(tmp_path: Path) -> None:
    data = b'{\n  "a": "x",\n  "b": ' + b"9" * 5000 + b"\n}\n"
    with pytest.raises(ProfileError) as caught:
        parse_profile(data, tmp_path / "profile.json")
    assert (caught.value.line, caught.value.column) == (3, 8)
    assert "5000 digits" in str(caught.value)


def test_profile_nested_too_deeply(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="nested too deeply"):
        parse_profile(DEEP.encode(), tmp_path / "profile.json")


@pytest.mark.parametrize("where", ["config", "overrides"])
@pytest.mark.parametrize("body", [DEEP, '{"retrieve_limit": ' + "9" * 5000 + "}"])
def test_policy_file_that_cannot_be_read(tmp_path: Path, where: str, body: str) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "memory").mkdir(parents=True)
    path = tmp_path / "config.json" if where == "config" else workspace / pc_policy.OVERRIDES_FILE
    path.write_text(body, encoding="utf-8")
    if where == "config":
        with pytest.raises(pc_policy.PolicyFileError) as caught:
            pc_policy.effective_policy(workspace)
        error = caught.value
    else:  # the agent ignores the whole file; MemDesk says why
        found = pc_policy.load_policy_layers(workspace).ignored
        assert found is not None
        error = found
    assert error.path == str(path)
    assert error.line == 1
    assert len(str(error)) < 300


# -- the strict reader itself -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "says"),
    [
        ('{\n "a": NaN}', 2, 7, "NaN is not JSON"),
        ('{\n "a": -Infinity}', 2, 7, "-Infinity is not JSON"),
        ('{\n\n "a": 1e999}', 3, 7, "too large"),
        ("[1,\n 2" + "0" * 4400 + "]", 2, 2, "4401 digits"),
        (DEEP, 1, 1, "nested too deeply"),
        ('{"a": 1', 1, 8, "Expecting"),
    ],
)
def test_load_json_refuses_with_line_and_column(
    text: str, line: int, column: int, says: str
) -> None:
    with pytest.raises(json.JSONDecodeError) as caught:
        load_json(text)
    assert (caught.value.lineno, caught.value.colno) == (line, column)
    assert says in caught.value.msg


def test_load_json_reads_what_json_reads() -> None:
    text = '{"a": [1, -2.5, "x", true, null, {"b": 9007199254740993}], "c": 1e308}'
    assert load_json(text) == json.loads(text)


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_structured_memory_is_found_whatever_its_line_ends(tmp_path: Path, newline: str) -> None:
    """Beside a folder of dated notes (another agent's layout), an EverBot file is seen as one
    whatever its line ends: the folder is never taken for the other agent's."""
    (tmp_path / "MEMORY.md").write_bytes(TIERED.replace("\n", newline).encode())
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-03-01.md").write_text("# notes\n", encoding="utf-8")
    assert registry.detect(tmp_path).candidates == ("everbot",)
