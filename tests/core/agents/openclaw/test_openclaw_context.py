"""What OpenClaw injects when a session starts (spec/openclaw.md §5): limits, the head/tail cut and
which entries fall in it, project filtering, session kinds and the daily-notes prelude."""

from __future__ import annotations

import os
import re
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agent import Unseen
from core.agents.openclaw import context as oc
from core.agents.openclaw.context import bootstrap_parts, context, trim_bootstrap

TODAY = date(2026, 6, 28)
_MARKER = re.compile(
    r"\n\[\.\.\.truncated, read (?P<name>[^\n]+) for full content\.\.\.\]\n"
    r"…\(truncated (?P=name): kept (?P<head>\d+)\+(?P<tail>\d+) chars of (?P<n>\d+)\)…\n"
)


def _marker(name: str, head: int, tail: int, n: int) -> str:
    return (
        f"\n[...truncated, read {name} for full content...]\n"
        f"…(truncated {name}: kept {head}+{tail} chars of {n})…\n"
    )


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _memory(count: int, width: int = 60) -> str:
    """A MEMORY.md of `count` one-line entries, each `width` characters with its line end."""
    lines = ["# Long-Term Memory", ""]
    lines += [f"- entry {i:04d} " + "x" * (width - 15) for i in range(count)]
    return "\n".join(lines) + "\n"


# --- one file's limit -----------------------------------------------------------------------------


def test_a_file_of_exactly_the_limit_is_injected_whole() -> None:
    text = "a" * 20_000
    (part,) = bootstrap_parts({"MEMORY.md": text + "\n \n\t"})
    assert (part.text, part.truncated, part.chars, part.injected_chars) == (
        text,
        False,
        20_000,
        20_000,
    )
    assert part.notes == part.unseen == ()


def test_one_character_over_keeps_three_quarters_head_and_a_quarter_tail() -> None:
    text = "h" * 10_000 + "t" * 10_001
    (part,) = bootstrap_parts({"MEMORY.md": text})
    # 110 characters go to the marker and the two line breaks around it; the rest is split
    # floor(0.75 x) / floor(0.25 x) and recomputed as the marker's numbers grow.
    expected = "h" * 10_000 + "t" * 4_917 + "\n" + _marker("MEMORY.md", 14_917, 4_972, 20_001)
    expected += "\n" + "t" * 4_972
    assert part.text == expected
    assert len(expected) == 19_999
    assert (part.truncated, part.chars, part.injected_chars) == (True, 20_001, 19_999)


def test_user_md_has_its_own_limit_of_4000() -> None:
    (whole,) = bootstrap_parts({"USER.md": "u" * 4_000})
    (cut,) = bootstrap_parts({"USER.md": "u" * 4_001})
    assert (whole.text, whole.truncated) == ("u" * 4_000, False)
    assert cut.truncated and _utf16(cut.text) <= 4_000
    found = _MARKER.search(cut.text)
    assert found and found["name"] == "USER.md" and found["n"] == "4001"
    head, tail = int(found["head"]), int(found["tail"])
    assert (head, tail) == (2_922, 974)
    assert cut.text == "u" * head + "\n" + found[0] + "\n" + "u" * tail


def test_the_personal_user_md_over_its_budget_is_left_out_whole() -> None:
    entries = "".join(f"- directive {i}\n" for i in range(1, 3))
    fits = entries + "p" * (4_000 - len(entries))
    over = fits + "p"
    kept = bootstrap_parts({"users/alice/USER.md": fits}, profile="alice")
    (left,) = bootstrap_parts({"users/alice/USER.md": over}, profile="alice")
    assert kept[0].text == fits and not kept[0].truncated
    assert (left.text, left.injected_chars, left.chars) == ("", 0, 4_001)
    assert left.unseen == (Unseen(1, "directive 1"), Unseen(2, "directive 2"))
    assert "left out whole" in left.notes[0]


def test_the_personal_user_md_comes_right_after_the_shared_one() -> None:
    texts = {n: n for n in ("AGENTS.md", "USER.md", "users/bob/USER.md", "MEMORY.md", "SOUL.md")}
    parts = bootstrap_parts(texts, profile="bob")
    assert [p.file for p in parts] == [
        "AGENTS.md", "SOUL.md", "USER.md", "users/bob/USER.md", "MEMORY.md"
    ]  # fmt: skip
    assert [p.file for p in bootstrap_parts(texts)] == [
        "AGENTS.md",
        "SOUL.md",
        "USER.md",
        "MEMORY.md",
    ]


# --- the total --------------------------------------------------------------------------------------


def test_files_adding_up_to_exactly_60000_are_all_whole() -> None:
    texts = {"AGENTS.md": "a" * 20_000, "SOUL.md": "s" * 20_000, "MEMORY.md": "m" * 20_000}
    parts = bootstrap_parts(texts)
    assert [p.truncated for p in parts] == [False, False, False]
    assert sum(p.injected_chars for p in parts) == 60_000


def test_one_character_over_the_total_cuts_the_last_file_to_what_is_left() -> None:
    texts = {
        "AGENTS.md": "a" * 20_000,
        "SOUL.md": "s" * 20_000,
        "IDENTITY.md": "i",
        "MEMORY.md": "m" * 20_000,
    }
    memory = bootstrap_parts(texts)[-1]
    assert memory.truncated and memory.injected_chars <= 19_999
    found = _MARKER.search(memory.text)
    assert found and found["n"] == "20000"
    assert "over its limit of 19999" in memory.notes[0]


def test_less_than_64_characters_left_stops_injecting() -> None:
    texts = {"AGENTS.md": "a" * 20_000, "SOUL.md": "s" * 20_000, "IDENTITY.md": "i" * 19_937}
    texts["MEMORY.md"] = "- a memory\n"
    parts = bootstrap_parts(texts)
    assert sum(p.injected_chars for p in parts) == 59_937
    assert parts[-1].text == "" and parts[-1].unseen == (Unseen(1, "a memory"),)
    assert "63 characters of the total left" in parts[-1].notes[0]
    texts["IDENTITY.md"] = "i" * 19_936  # 64 left: MEMORY.md fits
    assert bootstrap_parts(texts)[-1].text == "- a memory"


# --- entries in the cut ----------------------------------------------------------------------------


def test_the_entries_in_the_cut_are_named_by_line() -> None:
    text = _memory(400)  # 20 + 400 x 59 characters
    (part,) = bootstrap_parts({"MEMORY.md": text})
    found = _MARKER.search(part.text)
    assert found is not None
    head, tail = part.text[: found.start()], part.text[found.end() :]
    expected = [
        Unseen(n, line[2:])
        for n, line in enumerate(text.split("\n"), 1)
        if line.startswith("- ") and line not in head and line not in tail
    ]
    assert list(part.unseen) == expected
    # 14 917 head characters: the title and 252 whole entries, the 253rd (line 255) cut short;
    # 4 972 tail characters: the last 84 entries whole.
    assert part.unseen[0] == Unseen(255, "entry 0252 " + "x" * 45)
    assert len(expected) == 400 - 252 - 84


def test_an_entry_continued_on_more_lines_is_unseen_if_any_of_it_is_cut() -> None:
    entry = "- a long entry\n" + "  continued\n" * 2_000
    text = "- first\n" + entry + "- last\n"
    (part,) = bootstrap_parts({"MEMORY.md": text})
    assert part.unseen == (Unseen(2, "a long entry"),)


def test_user_md_entries_in_the_cut_are_named() -> None:
    text = "".join(
        f"<!-- observed: 2026-05-01 | status: active -->\n- rule {i:03d}\n" for i in range(200)
    )
    (part,) = bootstrap_parts({"USER.md": text})
    assert part.truncated and part.unseen
    assert all(u.words.startswith("rule ") for u in part.unseen)


# --- projects ------------------------------------------------------------------------------------------

PROJECTS = """# Long-Term Memory

## Facts
- plain fact
- homelab fact <!-- project: github.com/acme/homelab -->
- shop fact <!-- trigger: deploy --> <!-- project: GitHub.com/acme/shop-api -->
<!-- a comment that goes with the shop fact -->

- two projects <!-- project: github.com/acme/homelab; github.com/acme/shop-api -->
- broken <!-- project: a<b -->
- last fact
"""


def test_entries_for_other_projects_are_left_out_of_the_injected_copy() -> None:
    (part,) = bootstrap_parts({"MEMORY.md": PROJECTS}, project="github.com/acme/shop-api")
    assert part.text == (
        "# Long-Term Memory\n\n## Facts\n- plain fact\n"
        "- shop fact <!-- trigger: deploy --> <!-- project: GitHub.com/acme/shop-api -->\n"
        "<!-- a comment that goes with the shop fact -->\n\n- last fact"
    )
    assert part.unseen == (
        Unseen(5, "homelab fact"),
        Unseen(9, "two projects"),
        Unseen(10, "broken"),
    )
    assert part.notes == ("3 entries for other projects left out",)
    assert part.chars == len(PROJECTS.rstrip()) and part.injected_chars == len(part.text)


def test_without_a_project_every_annotated_entry_is_left_out() -> None:
    (part,) = bootstrap_parts({"MEMORY.md": PROJECTS})
    assert "fact <!--" not in part.text and "- plain fact\n- last fact" in part.text
    both = bootstrap_parts(
        {"MEMORY.md": PROJECTS}, project=["github.com/acme/shop-api", "github.com/acme/homelab"]
    )[0]
    assert "two projects" in both.text and "broken" not in both.text


def test_the_project_memory_block_lists_the_entries_of_the_project() -> None:
    block = oc.project_memory_block(PROJECTS, "GitHub.com/acme/shop-api")
    assert block == "## Project Memory\n\n- shop fact"
    assert oc.project_memory_block(PROJECTS, None) == ""
    assert oc.project_memory_block("- plain\n", "x/y") == ""


def test_the_project_memory_block_keeps_600_per_entry_and_2000_in_all() -> None:
    text = "".join(f"- {i} " + "y" * 700 + " <!-- project: p/q -->\n" for i in range(5))
    block = oc.project_memory_block(text, "p/q")
    lines = block.split("\n")
    assert lines[:2] == ["## Project Memory", ""]
    assert all(len(line) == 600 and line.endswith("…") for line in lines[2:])
    assert len(lines) == 5 and len(block) <= 2_000  # a fourth entry would pass 2000


# --- session kinds ----------------------------------------------------------------------------------------

ALL = {n: f"{n} text" for n in oc.BOOTSTRAP_ORDER}


@pytest.mark.parametrize(
    ("session", "files"),
    [
        ("main", list(oc.BOOTSTRAP_ORDER)),
        ("subagent", ["AGENTS.md"]),
        ("cron", ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md"]),
        ("group", list(oc.BOOTSTRAP_ORDER[:-1])),
        ("channel", list(oc.BOOTSTRAP_ORDER[:-1])),
    ],
)
def test_each_session_kind_gets_its_files(session: str, files: list[str]) -> None:
    assert [p.file for p in bootstrap_parts(ALL, session=session)] == files


def test_an_unknown_session_kind_or_profile_id_is_refused() -> None:
    with pytest.raises(ValueError, match="session kind"):
        oc.bootstrap_files("dm")
    with pytest.raises(ValueError, match="profile id"):
        oc.bootstrap_files(profile="../x")


# --- AGENTS.md ------------------------------------------------------------------------------------------


def test_agents_md_over_its_limit_keeps_a_policy_digest() -> None:
    text = "# Rules\n" + "plain prose line\n" * 1_500 + "- Never push to main.\n" + "tail\n" * 500
    (part,) = bootstrap_parts({"AGENTS.md": text})
    assert part.truncated and _utf16(part.text) <= 20_000
    assert part.text.startswith("# Rules\nplain prose line\n")
    assert (
        "\n[...truncated, read AGENTS.md for full content...]\n[Policy digest from AGENTS.md]\n"
        "# Rules\n- Never push to main.\n…(truncated AGENTS.md: kept 9000+policy 29+3000 chars "
        "of 28029)…\n" in part.text
    )
    assert part.text.endswith("tail\ntail")


# --- hypothesis: the structure of a cut --------------------------------------------------------------


@given(
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=400),
    st.integers(min_value=1, max_value=300),
)
def test_a_cut_is_head_marker_tail_within_the_limit(text: str, limit: int) -> None:
    trimmed = trim_bootstrap(text, "MEMORY.md", limit)
    source = oc.js_trim_end(text)
    assert _utf16(trimmed.text) <= limit or not trimmed.truncated
    if not trimmed.truncated:
        assert trimmed.text == source and _utf16(source) <= limit
        return
    assert source.startswith(trimmed.head) and source.endswith(trimmed.tail)
    found = _MARKER.search(trimmed.text)
    if found is None:  # too little room for the full marker: the compact one, maybe cut
        compact = re.search(r"\[…truncated \d+\+\d+/\d+\]", trimmed.text)
        assert compact or _utf16(trimmed.text) == limit
        assert trimmed.text.startswith(trimmed.head)
        return
    assert int(found["n"]) == _utf16(source)
    assert int(found["head"]) >= _utf16(trimmed.head) and int(found["tail"]) >= _utf16(trimmed.tail)
    rebuilt = "\n".join(p for p in (trimmed.head, found[0], trimmed.tail) if p)
    assert trimmed.text == rebuilt[: len(trimmed.text)]


@given(st.integers(min_value=20_001, max_value=200_000))
def test_the_default_cut_keeps_three_to_one(length: int) -> None:
    trimmed = trim_bootstrap("z" * length, "MEMORY.md", 20_000)
    found = _MARKER.search(trimmed.text)
    assert found is not None
    head, tail = int(found["head"]), int(found["tail"])
    assert trimmed.text == "z" * head + "\n" + found[0] + "\n" + "z" * tail
    room = 20_000 - len(found[0]) - 2
    assert head == room * 3 // 4 and tail == room // 4 and len(trimmed.text) <= 20_000


# --- the daily-notes prelude -------------------------------------------------------------------------


def _note(ws: Path, name: str, text: str, mtime: float = 1_000_000.0) -> None:
    path = ws / "memory" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime, mtime))


def test_prelude_takes_today_yesterday_and_the_newest_four_session_files(tmp_path: Path) -> None:
    for i, slug in enumerate(("a", "b", "c", "d", "e")):
        _note(tmp_path, f"2026-06-27-{slug}.md", f"session {slug}", mtime=1_000 + i)
    _note(tmp_path, "2026-06-27.md", "yesterday")
    _note(tmp_path, "2026-06-26.md", "two days ago")
    _note(tmp_path, "2026-06-28-x.txt", "not markdown")
    files = {p.name: p.stat().st_mtime for p in (tmp_path / "memory").iterdir()}
    assert oc.prelude_paths(files, TODAY) == [
        "memory/2026-06-28.md",
        "memory/2026-06-27.md",
        "memory/2026-06-27-e.md",
        "memory/2026-06-27-d.md",
        "memory/2026-06-27-c.md",
        "memory/2026-06-27-b.md",
    ]
    assert oc.prelude_paths({}, TODAY, date(2026, 6, 29)) == [
        "memory/2026-06-28.md", "memory/2026-06-29.md", "memory/2026-06-27.md"
    ]  # fmt: skip
    ctx = context(tmp_path, today=TODAY)
    assert [p.file for p in ctx.parts] == [
        "memory/2026-06-27.md", "memory/2026-06-27-e.md", "memory/2026-06-27-d.md",
        "memory/2026-06-27-c.md", "memory/2026-06-27-b.md",
    ]  # fmt: skip
    assert ctx.messages[0].startswith("[Startup context loaded by runtime]\n")
    assert (
        "[Untrusted daily memory: memory/2026-06-27.md]\nBEGIN_QUOTED_NOTES\n```text\n"
        in ctx.messages[0]
    )


def test_prelude_skips_files_over_16384_bytes(tmp_path: Path) -> None:
    _note(tmp_path, "2026-06-28.md", "x" * 16_384)
    _note(tmp_path, "2026-06-27.md", "y" * 16_385)
    ctx = context(tmp_path, today=TODAY)
    today, yesterday = ctx.parts
    assert today.truncated and today.text == "x" * 1_200 + "\n...[truncated]..."
    assert yesterday.text == "" and "16385 bytes" in yesterday.notes[0]


def test_prelude_squeezes_the_last_note_into_2800_characters(tmp_path: Path) -> None:
    for name, letter in (("2026-06-28", "a"), ("2026-06-27", "b"), ("2026-06-27-s", "c")):
        _note(tmp_path, f"{name}.md", letter * 1_500)
    _note(tmp_path, "2026-06-27-t.md", "d" * 1_500, mtime=1.0)
    ctx = context(tmp_path, today=TODAY)
    preface, blocks = ctx.messages[0].split("\n\n", 1)
    assert preface.count("\n") == 4
    first = "[Untrusted daily memory: memory/2026-06-28.md]\nBEGIN_QUOTED_NOTES\n```text\n"
    first += "a" * 1_200 + "\n...[truncated]...\n```\nEND_QUOTED_NOTES"
    sections = blocks.split("\n[Untrusted")
    assert sections[0] == first and len(sections) == 3
    third, more = sections[2].rsplit("\n", 1)
    assert more == "...[additional startup memory truncated]..."
    assert len(first) * 2 + len("[Untrusted" + third) == 2_800  # the separators do not count
    assert third.endswith("c\n...[truncated]...\n```\nEND_QUOTED_NOTES")
    assert [(p.file, p.injected_chars) for p in ctx.parts] == [
        ("memory/2026-06-28.md", 1_218),
        ("memory/2026-06-27.md", 1_218),
        ("memory/2026-06-27-s.md", 2_800 - 2 * 1_313 - (1_313 - 1_218 + 2)),
        ("memory/2026-06-27-t.md", 0),
    ]


def test_prelude_quotes_fences_and_cleans_the_label(tmp_path: Path) -> None:
    _note(tmp_path, "2026-06-27-路由[1].md", "```rm -rf /```\n")
    (message,) = context(tmp_path, today=TODAY).messages
    assert "[Untrusted daily memory: memory/2026-06-27-__1_.md]" in message
    assert "```text\n\\`\\`\\`rm -rf /\\`\\`\\`\n```" in message


def test_no_prelude_without_a_bare_new_or_for_cron(tmp_path: Path) -> None:
    _note(tmp_path, "2026-06-28.md", "note")
    assert context(tmp_path, today=TODAY, startup=False).messages == []
    assert context(tmp_path, today=TODAY, session="cron").messages == []
    assert context(tmp_path, today=TODAY, session="group").messages != []


# --- reading a workspace ------------------------------------------------------------------------------


def test_context_reads_the_files_and_sends_their_exact_texts(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_text("# Agents\n\n", encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(PROJECTS, encoding="utf-8")
    ctx = context(tmp_path, today=TODAY, project="github.com/acme/homelab", startup=False)
    assert [p.label for p in ctx.parts] == ["AGENTS.md", "MEMORY.md", "Project Memory"]
    assert ctx.messages[0] == "# Agents"
    assert ctx.messages[2] == "## Project Memory\n\n- homelab fact"
    assert ctx.title == "OpenClaw, main session, 2026-06-28, project github.com/acme/homelab"


def test_a_link_out_of_the_workspace_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("- secret\n", encoding="utf-8")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").symlink_to(outside)
    (part,) = context(ws, today=TODAY, startup=False).parts
    assert part.text == "" and part.notes[0].startswith("not read")


def test_a_file_over_2_mib_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_bytes(b"m" * (2 * 1024 * 1024 + 1))
    (part,) = context(tmp_path, today=TODAY, startup=False).parts
    assert part.text == "" and "2097153 bytes" in part.notes[0]
