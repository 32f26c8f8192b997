"""PicoClaw interop: after any MemDesk operation the agent reads what MemDesk shows (long-term
entries where its retrieval cuts the file, what it retrieves for a message, daily notes, profile
keys), and after the agent's own writes MemDesk shows what the agent reads."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.picoclaw import ops as profile_ops
from core.formats.text import InputError
from core.registry import agent_named
from core.store.errors import WorkspaceError
from tests.interop import PROPERTY
from tests.interop import agent_code as agent

PICOCLAW = agent_named("picoclaw")
LONGTERM, PROFILE = "memory/MEMORY.md", "memory/profile.json"
TEMPLATE = (
    "# Long-term Memory\n\nThis file stores important information that should persist across "
    "sessions. New entries are appended with a date heading (## YYYY-MM-DD).\n"
)
DAYS = [date(2026, 2, 20), date(2026, 2, 21), date(2026, 3, 1)]

# -- a workspace as the agent (and a person's editor) left it ------------------------------------

# Odd whitespace on purpose: Go trims \u3000 and \x85 but not \x1c, which Python's strip() takes.
_PIECES = ["用户喜欢黑咖啡", "coffee", "Go 1.22", "### x", "##NoSpace", "  ## indented", "a-b"]
_SPACES = ["", " ", "\t", "\u3000", "\x1c", "\x85"]


@st.composite
def texts(draw: st.DrawFn) -> str:
    """A memory: CJK and Latin words, odd whitespace, paragraphs."""
    lines = draw(
        st.lists(
            st.lists(st.sampled_from(_PIECES) | st.text("ab 咖啡", max_size=5), max_size=3).map(
                " ".join
            ),
            min_size=1,
            max_size=4,
        )
    )
    spaced = [
        draw(st.sampled_from(_SPACES)) + line + draw(st.sampled_from(_SPACES)) for line in lines
    ]
    return "\n".join(spaced)


@st.composite
def long_term_files(draw: st.DrawFn) -> str:
    """The agent's template and appends, and now and then a heading a person wrote."""
    text = draw(st.sampled_from([TEMPLATE, ""]))
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.integers(0, 4)):
            text = agent.append_long_term(text, draw(texts()), draw(st.sampled_from(DAYS)))
        else:
            text += (
                f"\n## {draw(st.sampled_from(['User name', '', '2026-02-21']))}\n{draw(texts())}"
            )
    return text.replace("\n", draw(st.sampled_from(["\n", "\n", "\r\n"])))


_keys = st.sampled_from(["user_name", "咖啡偏好", "a<b>&c", "x"]) | st.text(
    "ab键", min_size=1, max_size=4
)
_values = st.text("ab <>&\n\u2028咖啡", max_size=8)


@st.composite
def workspaces(draw: st.DrawFn) -> dict[str, bytes]:
    files = {LONGTERM: draw(long_term_files()).encode("utf-8")}
    for day in draw(st.lists(st.sampled_from(DAYS), min_size=1, unique=True)):
        note = ""
        for line in draw(st.lists(texts(), min_size=1, max_size=3)):
            note = agent.append_today(note, line, day)
        files[_note(day)] = note.encode("utf-8")
    if draw(st.booleans()):
        files[PROFILE] = agent.write_profile(draw(st.dictionaries(_keys, _values, max_size=4)))
    return files


def _note(day: date) -> str:
    return f"memory/{day:%Y%m}/{day:%Y%m%d}.md"


# -- MemDesk's operations ------------------------------------------------------------------------

# Text the agent would read otherwise: a heading that starts another entry, blank text, line ends.
_HOSTILE = ["a\n## 2026-02-22\nb", "## heading", " \u3000 ", "x\r\ny", "x\ry", "\x1cx\x1c"]
_op_texts = st.one_of(texts(), texts(), st.sampled_from(_HOSTILE))
OPERATIONS = st.one_of(
    st.tuples(st.just("add"), _op_texts, st.none() | st.sampled_from(DAYS)),
    st.tuples(st.just("edit"), st.integers(0, 99), _op_texts),
    st.tuples(st.just("delete"), st.integers(0, 99)),
    st.tuples(st.just("add_key"), _keys, _values),
)


def apply_operation(root: Path, op: tuple[Any, ...]) -> None:
    """One operation through the Agent plug-in and the workspace's save (as app/cli.py does);
    a refused one changes no file."""
    before = _files(root)
    try:
        _apply(root, op)
    except (WorkspaceError, InputError, ValueError, KeyError):
        assert _files(root) == before, op


def _apply(root: Path, op: tuple[Any, ...]) -> None:
    kind, *args = op
    ws = PICOCLAW.open(root)
    if kind == "add":
        text, day = args
        changeset = PICOCLAW.add(ws, text, file=None if day is None else _note(day))
    elif kind == "add_key":
        changeset = profile_ops.add_key(ws.profile(), *args)
    else:
        rows = PICOCLAW.rows(root)
        row = rows[args[0] % len(rows)]
        if kind == "edit":
            changeset = PICOCLAW.edit(ws, row, text=args[1])
        else:
            changeset = PICOCLAW.delete(ws, row)
    changeset.apply()
    ws.save_all()


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted((root / "memory").rglob("*"))
        if p.is_file() and "backups" not in p.parts
    }


# -- what each side sees -------------------------------------------------------------------------

_QUERIES = st.sampled_from(["", "coffee", "咖啡", "用户喜欢什么咖啡?", "go", "User name", "x"])


def assert_agent_reads_what_memdesk_shows(root: Path, queries: Sequence[str]) -> None:
    rows = PICOCLAW.rows(root)
    by_section: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_section.setdefault(row.fields["section"], []).append(row.fields)
    text = _text(root / LONGTERM)
    sections = [
        (heading, agent.go_trim_space(body).replace("\r\n", "\n"))
        for heading, body in agent.long_term_sections(text)
    ]
    shown = [(f["last_activated"], f["content"]) for f in by_section.get("longterm", [])]
    assert shown == sections
    for query in queries:
        for limit in (3, 10):
            retrieved = PICOCLAW.retrieve(root, query, limit)
            assert retrieved.text == agent.retrieve(text, query, limit)
    notes = {f["id"]: f["content"] for f in by_section.get("daily", [])}
    assert notes == {p.stem: _text(p) for p in (root / "memory").glob("??????/????????.md")}
    profile = {f["id"]: f["content"] for f in by_section.get("profile", [])}
    assert profile == agent.read_profile(_bytes(root / PROFILE))


def _bytes(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


def _text(path: Path) -> str:
    return _bytes(path).decode("utf-8")  # as Go's string(data): a BOM stays


# -- the agent's own writes ------------------------------------------------------------------------

AGENT_WRITES = st.one_of(
    st.tuples(st.just("remember"), texts(), st.sampled_from(DAYS)),
    st.tuples(st.just("note"), texts(), st.sampled_from(DAYS)),
    st.tuples(st.just("memory_store"), _keys, _values),
    st.tuples(st.just("memory_delete"), _keys),
)


def agent_writes(root: Path, write: tuple[Any, ...]) -> None:
    kind, *args = write
    if kind == "remember":
        path = root / LONGTERM
        path.write_bytes(agent.append_long_term(_text(path), args[0], args[1]).encode("utf-8"))
    elif kind == "note":
        path = root / _note(args[1])
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(agent.append_today(_text(path), args[0], args[1]).encode("utf-8"))
    else:
        profile = agent.read_profile(_bytes(root / PROFILE))
        if kind == "memory_store":
            profile[args[0]] = args[1]
        else:
            profile.pop(args[0], None)
        (root / PROFILE).write_bytes(agent.write_profile(profile))


def run_interop(
    tmp_path: Path,
    files: dict[str, bytes],
    ops: Sequence[tuple[Any, ...]],
    writes: Sequence[tuple[Any, ...]],
    queries: Sequence[str],
) -> None:
    with tempfile.TemporaryDirectory(dir=tmp_path) as folder:
        root = Path(folder)
        for rel, data in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_bytes(data)
        assert_agent_reads_what_memdesk_shows(root, queries)
        for op in ops:
            apply_operation(root, op)
            assert_agent_reads_what_memdesk_shows(root, queries)
        for write in writes:
            agent_writes(root, write)
            assert_agent_reads_what_memdesk_shows(root, queries)


@pytest.mark.slow  # every example saves through the guarded commit
@PROPERTY
@given(
    workspaces(),
    st.lists(OPERATIONS, max_size=5),
    st.lists(AGENT_WRITES, max_size=3),
    st.lists(_QUERIES, min_size=1, max_size=2, unique=True),
)
def test_the_agent_reads_what_memdesk_shows(
    tmp_path: Path,
    files: dict[str, bytes],
    ops: list[tuple[Any, ...]],
    writes: list[tuple[Any, ...]],
    queries: list[str],
) -> None:
    run_interop(tmp_path, files, ops, writes, queries)
