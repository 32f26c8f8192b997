"""PicoClaw MemSkill files: lossless MEMORY.md, the agent's append formats, daily notes, policy."""

from __future__ import annotations

import json
import os
import re
import shutil
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from core.agents.picoclaw import format as pc
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.retrieval import go_trim_space
from core.formats.text import InputError, to_lf
from tests.conftest import FIXTURES

PICOCLAW = FIXTURES / "picoclaw"
HOME = PICOCLAW / "home"
WORKSPACE = HOME / "workspace"
INPUTS = sorted(PICOCLAW.glob("*.input.md"))
TEMPLATE_FILE = pc.LONGTERM_TEMPLATE + "\n"  # the fork's workspace/memory/MEMORY.md


def _entry(doc: pc.LongTermDocument, key: str) -> pc.Entry:
    entry = doc.find(key)
    assert entry is not None, key
    return entry


# -- reading ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [*INPUTS, WORKSPACE / "memory" / "MEMORY.md", *(WORKSPACE / "memory" / "backups").iterdir()],
    ids=lambda p: p.name,
)
def test_fixture_files_render_back_exactly(path: Path) -> None:
    data = path.read_bytes()
    doc = pc.parse_longterm(data, path)
    assert doc.to_bytes() == data
    assert doc.problems == [] and doc.warnings == []
    assert "".join(b.render() for b in doc.blocks) == data.decode()


def test_date_entries_with_repeated_days() -> None:
    doc = pc.parse_longterm((PICOCLAW / "coffee_correction.input.md").read_bytes())
    assert doc.preamble.text == TEMPLATE_FILE + "\n\n"
    assert [(e.key, e.title, e.date, e.line) for e in doc.entries()] == [
        ("2026-02-20", "2026-02-20", date(2026, 2, 20), 6),
        ("2026-02-20~2", "2026-02-20", date(2026, 2, 20), 10),
        ("2026-02-21", "2026-02-21", date(2026, 2, 21), 14),
        ("2026-02-22", "2026-02-22", date(2026, 2, 22), 18),
    ]
    first = _entry(doc, "2026-02-20")
    assert first.content == "用户喜欢的咖啡口味：燕麦拿铁"
    assert first.render() == "## 2026-02-20\n\n用户喜欢的咖啡口味：燕麦拿铁\n\n"
    last = _entry(doc, "2026-02-22")
    assert last.render().endswith("(corrected from oat latte).")  # no trailing newline


def test_any_heading_is_an_entry_and_only_dates_have_a_date() -> None:
    doc = pc.parse_longterm((PICOCLAW / "english_notes.input.md").read_bytes())
    assert doc.preamble.text == "# Long-term Memory\n\n"
    assert [(e.key, e.date, e.content) for e in doc.entries()] == [
        ("User name", None, "User is Alice."),
        ("Project", None, "Working on project X.\nDeadline is March 15."),
        ("Pet", None, "Has a dog named Bob."),
        ("Coffee", None, "Likes coffee with oat milk. Coffee, coffee, coffee!"),
    ]


def test_a_file_without_headings_is_one_preamble() -> None:
    data = (PICOCLAW / "no_headings.input.md").read_bytes()
    doc = pc.parse_longterm(data)
    assert doc.entries() == [] and doc.problems == [] and doc.warnings == []
    assert doc.preamble.text.encode() == data


def test_what_is_not_a_heading() -> None:
    text = "## 2026-13-40\n\nx\n### deep\n##NoSpace\n  ## indented\n## \ny\n## 2026-02-21 later\nz"
    doc = pc.parse_longterm(text)
    assert doc.preamble.text == ""
    assert [(e.key, e.date, e.content) for e in doc.entries()] == [
        ("2026-13-40", None, "x\n### deep\n##NoSpace\n  ## indented"),
        ("(untitled)", None, "y"),
        ("2026-02-21 later", None, "z"),
    ]
    lone_cr = pc.parse_longterm("a\r## b\n")
    assert lone_cr.entries() == []  # the agent splits only after "\n"


def test_bom_and_crlf_are_kept_and_noted() -> None:
    data = "\ufeff# Long-term Memory\r\n\r\n## 2026-02-21\r\n\r\nUser likes tea.\r\n".encode()
    doc = pc.parse_longterm(data)
    assert doc.to_bytes() == data
    assert doc.bom and doc.newline == "\r\n"
    assert {w.kind for w in doc.warnings} == {"bom", "line_endings"}
    assert all(w.severity == "warning" for w in doc.warnings) and doc.problems == []
    assert _entry(doc, "2026-02-21").content == "User likes tea."
    assert doc.agent_text().startswith("\ufeff# Long-term Memory")


def test_undecodable_bytes_are_refused_with_the_line() -> None:
    with pytest.raises(InputError, match=r"MEMORY.md:3: not valid UTF-8"):
        pc.parse_longterm(b"# T\n\n\xff\n", "memory/MEMORY.md")


# -- the agent's append format (backup_facts.md) ---------------------------------------------


def test_entry_text_is_normalize_long_term_entry() -> None:
    day = date(2026, 11, 26)
    assert pc.longterm_entry_text("  hello world \n", day) == "## 2026-11-26\n\nhello world"
    assert pc.longterm_entry_text(" \n\t", day) == ""
    assert pc.iso_date(date(999, 1, 2)) == "0999-01-02"


def test_appending_reproduces_the_agent_files() -> None:
    """The fork's template plus the agent's appends give the fixture byte for byte."""
    expected = (PICOCLAW / "zh_en_entries.input.md").read_bytes()
    source = pc.parse_longterm(expected)
    doc = pc.parse_longterm(TEMPLATE_FILE)
    text = TEMPLATE_FILE
    for entry in source.entries():
        assert entry.date is not None
        added = doc.append_entry(f"  {entry.content}\n", entry.date)
        assert added.key == entry.key and added.line == entry.line
        text = pc.promote_passage(text, entry.content, entry.date)
    assert doc.to_bytes() == expected
    assert text.encode() == expected


def test_append_on_the_example_home() -> None:
    backup = (WORKSPACE / "memory" / "backups" / "20260221_120000_MEMORY.md").read_text()
    current = (WORKSPACE / "memory" / "MEMORY.md").read_text()
    assert pc.promote_passage(backup, "User has a dog named Bob.", date(2026, 2, 22)) == current
    doc = pc.parse_longterm(backup)
    doc.append_entry("User has a dog named Bob.\n", date(2026, 2, 22))
    assert doc.render() == current
    first = pc.parse_longterm(pc.LONGTERM_TEMPLATE)
    first.append_entry("用户喜欢的咖啡口味：燕麦拿铁", datetime(2026, 2, 21, 23, 59))
    assert first.render() == backup


def test_append_to_an_empty_file_is_the_entry_alone() -> None:
    doc = pc.parse_longterm(b"")
    entry = doc.append_entry("hello", date(2026, 2, 21))
    assert doc.render() == "## 2026-02-21\n\nhello"
    assert (entry.key, entry.line) == ("2026-02-21", 1)
    assert pc.promote_passage("", " hello ", date(2026, 2, 21)) == "## 2026-02-21\n\nhello"
    bom_only = pc.parse_longterm(b"\xef\xbb\xbf")
    bom_only.append_entry("x", date(2026, 2, 21))
    assert bom_only.to_bytes() == "\ufeff\n\n## 2026-02-21\n\nx".encode()  # cur != "" for the agent


def test_append_repeats_get_their_own_keys_and_blank_is_refused() -> None:
    doc = pc.parse_longterm((PICOCLAW / "coffee_correction.input.md").read_bytes())
    added = doc.append_entry("again", date(2026, 2, 20))
    assert added.key == "2026-02-20~3"
    with pytest.raises(ValueError, match="blank"):
        doc.append_entry(" \n ", date(2026, 2, 20))
    with pytest.raises(ValueError, match="blank"):
        pc.promote_passage("x", "\u3000", date(2026, 2, 20))


def test_append_in_a_crlf_file_keeps_crlf() -> None:
    doc = pc.parse_longterm(b"# T\r\n\r\n## 2026-02-21\r\n\r\na")
    doc.append_entry("b\nc", date(2026, 2, 22))
    assert doc.render() == "# T\r\n\r\n## 2026-02-21\r\n\r\na\r\n\r\n## 2026-02-22\r\n\r\nb\r\nc"


# -- editing: only the entry changes ---------------------------------------------------------


def test_replace_rewrites_only_that_entry() -> None:
    data = (PICOCLAW / "coffee_correction.input.md").read_text()
    doc = pc.parse_longterm(data)
    new = doc.replace_entry("2026-02-20~2", "  User likes jasmine tea.\n")
    assert new.content == "User likes jasmine tea."
    assert doc.render() == data.replace("green tea in the afternoon", "jasmine tea")
    assert (
        doc.replace_entry("2026-02-21", "用户喜欢的咖啡口味：黑咖啡（已更正）。").body is not None
    )
    with pytest.raises(ValueError, match="blank"):
        doc.replace_entry("2026-02-21", "  ")
    with pytest.raises(KeyError):
        doc.replace_entry("2030-01-01", "x")


def test_replace_keeps_the_entry_layout_and_line_endings() -> None:
    doc = pc.parse_longterm("# T\n\n## User name\nUser is Alice.\n\n## Pet\nDog.")
    doc.replace_entry("User name", "User is Alice Liddell.")
    assert doc.render() == "# T\n\n## User name\nUser is Alice Liddell.\n\n## Pet\nDog."
    crlf = pc.parse_longterm("## a\r\n\r\nold\r\n\r\n## b\r\n\r\nkeep\r\n")
    crlf.replace_entry("a", "new\nlines")
    assert crlf.render() == "## a\r\n\r\nnew\r\nlines\r\n\r\n## b\r\n\r\nkeep\r\n"


def test_replace_gives_a_bare_heading_the_agent_layout() -> None:
    doc = pc.parse_longterm("## a\n## b\n\n## c")
    doc.replace_entry("a", "A")
    doc.replace_entry("b", "B")
    doc.replace_entry("c", "C")
    assert doc.render() == "## a\n\nA\n\n## b\n\nB\n\n## c\n\nC"


def test_delete_in_the_middle_removes_exactly_its_bytes() -> None:
    data = (PICOCLAW / "coffee_correction.input.md").read_text()
    doc = pc.parse_longterm(data)
    gone = doc.delete_entry("2026-02-20~2")
    assert gone.content == "User likes green tea in the afternoon."
    assert doc.render() == data.replace(
        "## 2026-02-20\n\nUser likes green tea in the afternoon.\n\n", ""
    )
    assert [e.key for e in doc.entries()] == ["2026-02-20", "2026-02-21", "2026-02-22"]


def test_deleting_the_last_append_gives_the_previous_file_back() -> None:
    backup = (WORKSPACE / "memory" / "backups" / "20260221_120000_MEMORY.md").read_text()
    doc = pc.parse_longterm((WORKSPACE / "memory" / "MEMORY.md").read_bytes())
    doc.delete_entry("2026-02-22")
    assert doc.render() == backup
    doc.delete_entry("2026-02-21")
    assert doc.render() == pc.LONGTERM_TEMPLATE
    keep_end = pc.parse_longterm("# T\n\n## a\n\nA\n\n## b\n\nB\n")
    keep_end.delete_entry("b")
    assert keep_end.render() == "# T\n\n## a\n\nA\n"


def test_snapshot_and_restore() -> None:
    doc = pc.parse_longterm("## a\n\nA")
    before = doc.snapshot()
    doc.append_entry("B", date(2026, 2, 22))
    doc.restore(before)
    assert doc.render() == "## a\n\nA"


# -- properties -------------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "## 2026-02-21",
        "## 2026-02-21",
        "## User name",
        "## ",
        "##NoSpace",
        "### deep",
        "  ## indented",
        "# Long-term Memory",
        "用户喜欢黑咖啡",
        "plain text",
        "",
        "   ",
        "\t",
        "\u3000",
        "\x1c",
        "\ufeff",
    ]
)
_NEWLINES = st.sampled_from(["\n", "\r\n", "\r", "\n\n"])


@st.composite
def memory_files(draw: st.DrawFn, *, with_entry: bool = False) -> str:
    lines = draw(st.lists(st.tuples(_PIECES | st.text(max_size=10), _NEWLINES), max_size=30))
    if with_entry:
        at = draw(st.integers(min_value=0, max_value=len(lines)))
        lines.insert(at, (draw(st.sampled_from(["## 2026-02-21", "## x", "## "])), "\n"))
    text = "".join(a + b for a, b in lines)
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    return text.replace("\x00", "")


_CONTENT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40
).filter(lambda c: bool(go_trim_space(c)))


@given(memory_files())
def test_any_text_renders_back_exactly(text: str) -> None:
    doc = pc.parse_longterm(text.encode())
    assert doc.to_bytes() == text.encode()
    body = text.removeprefix("\ufeff")
    assert "".join(b.render() for b in doc.blocks) == body
    keys = [e.key for e in doc.entries()]
    assert len(keys) == len(set(keys))


@given(st.text(max_size=200).filter(lambda t: "\x00" not in t))
def test_arbitrary_unicode_never_crashes(text: str) -> None:
    assume(all(not 0xD800 <= ord(c) <= 0xDFFF for c in text))
    assert pc.parse_longterm(text).render() == text.removeprefix("\ufeff")


def _spans(doc: pc.LongTermDocument) -> list[tuple[int, int]]:
    out, at = [], 0
    for block in doc.blocks:
        size = len(block.render())
        out.append((at, at + size))
        at += size
    return out


@given(memory_files(with_entry=True), st.integers(min_value=0), _CONTENT)
def test_replace_changes_only_its_entry(text: str, pick: int, content: str) -> None:
    doc = pc.parse_longterm(text.encode())
    entries = doc.entries()
    assume(entries)
    target = entries[pick % len(entries)]
    index = doc.blocks.index(target)
    start, end = _spans(doc)[index]
    body = doc.render()
    new = doc.replace_entry(target.key, content)
    out = doc.render()
    assert out.startswith(body[:start])
    assert out.endswith(body[end:])
    assert len(out) - len(body[end:]) >= start
    middle = out[start : len(out) - len(body[end:])]
    assert middle == new.render()
    assert middle.startswith(target.heading_line.rstrip("\r\n"))
    if "\n## " not in "\n" + content and "\r" not in content:
        again = pc.parse_longterm(out)
        assert again.entries()[entries.index(target)].content == to_lf(go_trim_space(content))


@given(memory_files(with_entry=True), st.integers(min_value=0))
def test_delete_removes_its_entry_and_nothing_else(text: str, pick: int) -> None:
    doc = pc.parse_longterm(text.encode())
    entries = doc.entries()
    assume(entries)
    target = entries[pick % len(entries)]
    index = doc.blocks.index(target)
    start, end = _spans(doc)[index]
    body = doc.render()
    last = index == len(doc.blocks) - 1
    doc.delete_entry(target.key)
    if not last:
        assert doc.render() == body[:start] + body[end:]
    else:
        # The previous block keeps its text; only its trailing line breaks give way.
        assert doc.render().rstrip() == body[:start].rstrip()
    assert target.key not in [e.key for e in doc.entries()]


@given(memory_files(), _CONTENT)
def test_append_is_the_agents_append(text: str, content: str) -> None:
    assume("\r" not in text)
    doc = pc.parse_longterm(text.encode())
    doc.append_entry(content, date(2026, 2, 22))
    assert doc.agent_text() == pc.promote_passage(text, content, date(2026, 2, 22))


_OPS = st.lists(
    st.tuples(
        st.sampled_from(["append", "replace", "delete"]),
        st.integers(min_value=0),
        st.sampled_from(["A", "two words", "多行\n内容", "x\n\ny"]),
    ),
    max_size=6,
)


@given(memory_files(), _OPS)
def test_edits_in_a_row_read_back_as_the_same_entries(
    text: str, ops: list[tuple[str, int, str]]
) -> None:
    doc = pc.parse_longterm(text.encode())
    for op, pick, content in ops:
        entries = doc.entries()
        if op == "append":
            doc.append_entry(content, date(2026, 2, 21 + pick % 3))
        elif entries and op == "replace":
            doc.replace_entry(entries[pick % len(entries)].key, content)
        elif entries:
            doc.delete_entry(entries[pick % len(entries)].key)
        again = pc.parse_longterm(doc.to_bytes())
        assert again.to_bytes() == doc.to_bytes()
        assert [(e.title, e.content) for e in again.entries()] == [
            (e.title, e.content) for e in doc.entries()
        ]


# -- daily notes --------------------------------------------------------------------------------


def test_daily_append_formats() -> None:
    day = date(2026, 2, 22)
    first = pc.daily_append_text(None, "Talked about the dog Bob.", day)
    assert first == "# 2026-02-22\n\nTalked about the dog Bob."
    second = pc.daily_append_text(first, "讨论了周末的安排。", day)
    assert second.encode() == (WORKSPACE / "memory" / "202602" / "20260222.md").read_bytes()
    assert pc.daily_append_text("", " x ", day) == "# 2026-02-22\n\n x "  # not trimmed
    assert pc.daily_note_path(WORKSPACE, day) == WORKSPACE / "memory" / "202602" / "20260222.md"


def test_daily_notes_of_the_example_home() -> None:
    notes = pc.list_daily_notes(WORKSPACE)
    path = WORKSPACE / "memory" / "202602" / "20260222.md"
    assert notes == [pc.DailyNote(path, date(2026, 2, 22), 67)]
    assert pc.read_daily_note(notes[0]) == path.read_text(encoding="utf-8")


def test_daily_notes_only_where_the_agent_looks(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    memory = workspace / "memory"
    for rel in [
        "202603/20260301.md",
        "202602/20260228.md",
        "202602/20260230.md",  # no such day
        "202602/20260301.md",  # in another month's folder
        "202602/2026022.md",
        "202602/notes.md",
        "2026-02/20260201.md",
        "20260227.md",
    ]:
        (memory / rel).parent.mkdir(parents=True, exist_ok=True)
        (memory / rel).write_text("x")
    (memory / "202602" / "20260201.md").mkdir()
    outside = tmp_path / "outside.md"
    outside.write_text("secret")
    os.symlink(outside, memory / "202602" / "20260202.md")
    notes = pc.list_daily_notes(workspace)
    assert [(n.date, n.path.relative_to(memory).as_posix(), n.size) for n in notes] == [
        (date(2026, 2, 28), "202602/20260228.md", 1),
        (date(2026, 3, 1), "202603/20260301.md", 1),
    ]
    assert pc.list_daily_notes(tmp_path / "nowhere") == []


# -- compress stamp -------------------------------------------------------------------------------


def test_last_compress_of_the_example_home() -> None:
    assert pc.read_last_compress(WORKSPACE) == datetime(2026, 2, 21, 18, 53, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"1771700000\n", datetime(2026, 2, 21, 18, 53, 20, tzinfo=UTC)),
        (b"0", datetime(1970, 1, 1, tzinfo=UTC)),
        (b"", None),
        (b"yesterday", None),
        (b"1771700000.5", None),
        (b"\xff\xfe", None),
        (b"99999999999999999999", None),
        (b"1_771_700_000", None),
    ],
)
def test_last_compress_garbage_is_none(
    tmp_path: Path, raw: bytes, expected: datetime | None
) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / ".last_longterm_compress").write_bytes(raw)
    assert pc.read_last_compress(tmp_path) == expected


def test_last_compress_missing_or_a_folder(tmp_path: Path) -> None:
    assert pc.read_last_compress(tmp_path) is None
    (tmp_path / "memory" / ".last_longterm_compress").mkdir(parents=True)
    assert pc.read_last_compress(tmp_path) is None


# -- policy -----------------------------------------------------------------------------------------

HOME_POLICY = {
    "retrieve_limit": (9, "override"),
    "recent_days": (2, "override"),
    "session_summary_message_threshold": (20, "default"),
    "session_summary_token_percent": (75, "default"),
    "session_summary_keep_count": (6, "config"),
    "session_relevant_history_limit": (0, "default"),
    "session_relevant_fallback_keep": (8, "default"),
    "long_term_compress_char_threshold": (50000, "config"),
    "evolution_enabled": (False, "default"),
}


def test_policy_of_the_example_home() -> None:
    policy = pc_policy.effective_policy(WORKSPACE)
    assert list(policy) == list(HOME_POLICY)
    assert {k: tuple(v) for k, v in policy.items()} == HOME_POLICY
    assert policy["evolution_enabled"].value is False
    layers = pc_policy.load_policy_layers(WORKSPACE)
    assert layers.config_path == (HOME / "config.json").absolute()
    assert layers.config == {
        "retrieve_limit": 6,
        "session_summary_keep_count": 6,
        "long_term_compress_char_threshold": 50000,
    }
    assert layers.overrides == {"recent_days": 2, "retrieve_limit": 9}


def _home_copy(tmp_path: Path) -> Path:
    home = tmp_path / "picoclaw"
    shutil.copytree(HOME, home)
    for path in home.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    return home / "workspace"


def _write(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, indent=2))


def test_defaults_without_any_file(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    policy = pc_policy.effective_policy(workspace)
    assert {k: tuple(v) for k, v in policy.items()} == {
        k: (v, "default") for k, v in pc_policy.POLICY_DEFAULTS.items()
    }


def test_values_the_agent_does_not_use_show_the_default(tmp_path: Path) -> None:
    workspace = _home_copy(tmp_path)
    _write(
        workspace / "memory" / "policy_overrides.json",
        {
            "retrieve_limit": 0,  # replaces config's 6, then falls back to 10
            "recent_days": -1,
            "session_relevant_fallback_keep": 0,  # explicit 0: no history
            "session_relevant_history_limit": 5,
            "long_term_compress_char_threshold": -5,
            "evolution_enabled": True,
            "session_summary_keep_count": None,  # null: not set
            "unknown_key": "kept, not used",
        },
    )
    policy = pc_policy.effective_policy(workspace)
    assert tuple(policy["retrieve_limit"]) == (10, "default")
    assert tuple(policy["recent_days"]) == (3, "default")
    assert tuple(policy["session_relevant_fallback_keep"]) == (0, "override")
    assert tuple(policy["session_relevant_history_limit"]) == (5, "override")
    assert tuple(policy["long_term_compress_char_threshold"]) == (0, "default")
    assert tuple(policy["evolution_enabled"]) == (True, "override")
    assert tuple(policy["session_summary_keep_count"]) == (6, "config")


def test_config_in_the_workspace_or_picked_by_the_person(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "memory").mkdir(parents=True)
    _write(workspace / "config.json", {"memory": {"recent_days": 5}})
    assert tuple(pc_policy.effective_policy(workspace)["recent_days"]) == (5, "config")
    _write(tmp_path / "config.json", {"memory": {"recent_days": 7}})
    assert tuple(pc_policy.effective_policy(workspace)["recent_days"]) == (
        7,
        "config",
    )  # parent first
    picked = pc_policy.effective_policy(workspace, config_path=workspace / "config.json")
    assert tuple(picked["recent_days"]) == (5, "config")
    _write(tmp_path / "config.json", {"agents": {}})
    assert tuple(pc_policy.effective_policy(workspace)["recent_days"]) == (3, "default")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{\n  "recent_days": 2,\n  "retrieve_limit": \n}',
            r"policy_overrides.json:4: corrupt JSON",
        ),
        ("", r"policy_overrides.json:1: is empty"),
        ('\ufeff{"recent_days": 2}', r"policy_overrides.json:1: starts with a UTF-8 BOM"),
        (
            '{\n  "recent_days": "2"\n}',
            r'policy_overrides.json:2: recent_days must be a whole number, not "2"',
        ),
        ('{"retrieve_limit": 9.0}', r"retrieve_limit must be a whole number, not 9.0"),
        ('{"evolution_enabled": 1}', r"evolution_enabled must be true or false, not 1"),
        ('{"retrieve_limit": NaN}', r"corrupt JSON: NaN is not JSON"),
        ("[1, 2]", r"must hold a JSON object"),
    ],
)
def test_broken_overrides_are_ignored_as_the_agent_ignores_them(
    tmp_path: Path, text: str, message: str
) -> None:
    """The agent runs with its defaults and config.json: so does what MemDesk shows, saying why."""
    workspace = _home_copy(tmp_path)
    (workspace / "memory" / "policy_overrides.json").write_text(text, encoding="utf-8")
    layers = pc_policy.load_policy_layers(workspace)
    assert layers.ignored is not None and re.search(message, str(layers.ignored))
    assert layers.ignored.path == str(workspace / "memory" / "policy_overrides.json")
    assert "the agent ignores the whole file" in str(layers.ignored)
    assert layers.overrides == {}
    sources = {v.source for v in pc_policy.effective_policy(workspace).values()}
    assert sources == {"default", "config"}


def test_broken_config_is_an_error(tmp_path: Path) -> None:
    workspace = _home_copy(tmp_path)
    config = workspace.parent / "config.json"
    config.write_text('{\n  "memory": {\n    "retrieve_limit": 6,\n  }\n}')
    with pytest.raises(pc_policy.PolicyFileError, match=r"config.json:4: corrupt JSON"):
        pc_policy.effective_policy(workspace)
    config.write_text('{"memory": [1]}')
    with pytest.raises(
        pc_policy.PolicyFileError, match=r'config.json:1: "memory" must be an object'
    ):
        pc_policy.effective_policy(workspace)
    config.write_bytes(b'{"memory": {"retrieve_limit": "\xff"}}')
    with pytest.raises(pc_policy.PolicyFileError, match=r"config.json:1: not valid UTF-8"):
        pc_policy.effective_policy(workspace)
    config.unlink()
    config.mkdir()
    # A folder named config.json is not a config: the workspace's own (none here) is used.
    assert tuple(pc_policy.effective_policy(workspace)["retrieve_limit"]) == (9, "override")
    with pytest.raises(pc_policy.PolicyFileError, match=r"config.json: cannot be read"):
        pc_policy.effective_policy(workspace, config_path=config)
