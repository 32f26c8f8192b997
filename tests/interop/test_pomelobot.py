"""Pomelobot interop: after any MemDesk operation the agent reads each memory where MemDesk shows
it (memory_get at the memory's line gives its time and text), every entry it saved is one
MemDesk shows, its index cuts every file into the chunks MemDesk shows; and after the agent's own
saves MemDesk shows what the agent reads."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats.text import InputError
from core.registry import agent_named
from core.store.errors import WorkspaceError
from tests.interop import PROPERTY
from tests.interop import agent_code as agent

POMELOBOT = agent_named("pomelobot")
SCOPES = ["main", "group_cid8812", "direct_u1001"]
DAYS = ["2026-03-01", "2026-03-02"]
_SAVED = re.compile(r"\[\d{2}:\d{2}:\d{2}\] ")  # a line the agent's save starts

# -- a workspace as the agent (and a person's editor) left it ------------------------------------

_PIECES = ["用户是 SRE 负责人。", "INC-4821", "p99 1.8s", "## notes", "[x]", "[1:2] y", "#tag"]
_SPACES = ["", " ", "\t", "\u3000"]


@st.composite
def texts(draw: st.DrawFn) -> str:
    """A memory as the agent saves one: CJK and Latin, odd whitespace, lines without a gap."""
    lines = draw(
        st.lists(
            st.lists(st.sampled_from(_PIECES) | st.text("ab 运维", max_size=5), max_size=3).map(
                " ".join
            ),
            min_size=1,
            max_size=3,
        )
    )
    spaced = [
        draw(st.sampled_from(_SPACES)) + line + draw(st.sampled_from(_SPACES)) for line in lines
    ]
    first, *rest = spaced
    return "\n".join([first, *(line if line.strip() else "x" for line in rest)])


def memory_file(scope: str, day: str | None, older: bool = False) -> tuple[str, str]:
    """Where the agent saves a scope's long-term (day None) or daily memory, and its header;
    `older`: where the agent saved it before its scopes had their own folders."""
    folder = f"memory/scopes/{scope}"
    if older:
        folder = "memory" if scope == "main" else folder
        if day is None:
            long_term = "MEMORY.md" if scope == "main" else f"{folder}/LONG_TERM.md"
            return long_term, f"# Long-term Memory ({scope})\n\n"
    if day is None:
        return f"{folder}/MEMORY.md", f"# Long-term Memory ({scope})\n\n"
    return f"{folder}/{day}.md", f"# Daily Memory - {day} ({scope})\n"


_targets = st.tuples(st.sampled_from(SCOPES), st.none() | st.sampled_from(DAYS))
_stamps = st.sampled_from(["09:15:40", "10:00:00", "23:59:59"])  # repeated times happen


@st.composite
def workspaces(draw: st.DrawFn) -> dict[str, str]:
    files: dict[str, str] = {}
    for scope, day in draw(st.lists(_targets, min_size=1, max_size=8)):
        rel, header = memory_file(scope, day, draw(st.booleans()))
        files[rel] = agent.pomelobot_save(files.get(rel), header, draw(texts()), draw(_stamps))
        if draw(st.integers(0, 5)) == 0:
            files[rel] += draw(st.sampled_from(["## 手写的笔记\n", "\nfree text\n", "\n\n"]))
    return files


# -- MemDesk's operations ------------------------------------------------------------------------

# Text the file would read back otherwise: a blank line, a time stamp, line ends, nothing at all.
_HOSTILE = ["a\n\nb", "a\n[12:00:00] b", "   ", "x\r\ny", "x\ry", "a\u2028b"]
_op_texts = st.one_of(texts(), texts(), st.sampled_from(_HOSTILE))
OPERATIONS = st.one_of(
    st.tuples(st.just("add"), _op_texts, st.none() | _targets),
    st.tuples(st.just("edit"), st.integers(0, 99), _op_texts),
    st.tuples(st.just("delete"), st.integers(0, 99)),
)


def apply_operation(root: Path, op: tuple[Any, ...]) -> None:
    """One operation through the Agent plug-in and the workspace's save (as app/cli.py does);
    a refused one changes no file."""
    before = _files(root)
    try:
        _apply(root, op)
    except (WorkspaceError, InputError, ValueError):
        assert _files(root) == before, op


def _apply(root: Path, op: tuple[Any, ...]) -> None:
    kind, *args = op
    ws = POMELOBOT.open(root)
    if kind == "add":
        text, target = args
        changeset = POMELOBOT.add(
            ws, text, file=None if target is None else _existing(root, target)
        )
    else:
        rows = POMELOBOT.rows(root)
        if not rows:
            return
        row = rows[args[0] % len(rows)]
        if kind == "edit":
            changeset = POMELOBOT.edit(ws, row, text=args[1])
        else:
            changeset = POMELOBOT.delete(ws, row)
    changeset.apply()
    ws.save_all()


def _existing(root: Path, target: tuple[str, str | None]) -> str | None:
    rel = memory_file(*target)[0]
    return rel if (root / rel).exists() else None


def _files(root: Path) -> dict[str, bytes]:
    return {rel: (root / rel).read_bytes() for rel in memory_files(root)}


def memory_files(root: Path) -> list[str]:
    """The long-term and daily files of every scope (those of the older layout too)."""
    found = [root / "MEMORY.md", *(root / "memory").glob("????-??-??.md")]
    for scope in (root / "memory" / "scopes").glob("*"):
        found += [scope / "MEMORY.md", scope / "LONG_TERM.md", *scope.glob("????-??-??.md")]
    return sorted(p.relative_to(root).as_posix() for p in found if p.is_file())


# -- what each side sees -------------------------------------------------------------------------


def assert_agent_reads_what_memdesk_shows(root: Path) -> None:
    rows = [r.fields | {"file": r.file} for r in POMELOBOT.rows(root)]
    for f in rows:
        text = _text(root, f["file"])
        first, *rest = str(f["content"]).split("\n")
        lines = agent.memory_get(text, f["line"], 1 + len(rest))
        assert lines == [f"[{f['last_activated']}] {first}", *rest], f
    files = memory_files(root)
    saved = {(rel, n) for rel in files for n, line in _lines(root, rel) if _SAVED.match(line)}
    assert {(f["file"], f["line"]) for f in rows} == saved
    for rel in files:
        chunks = [
            {
                "start_line": c.start_line,
                "end_line": c.end_line,
                "content": c.content,
                "hash": c.hash,
            }
            for c in agent.chunk_markdown(_text(root, rel))
        ]
        assert POMELOBOT.chunks(root, rel) == chunks, rel


def _text(root: Path, rel: str) -> str:
    return (root / rel).read_bytes().decode("utf-8")  # readFile(path, 'utf-8')


def _lines(root: Path, rel: str) -> list[tuple[int, str]]:
    return list(enumerate(_text(root, rel).split("\n"), start=1))


# -- the agent's own saves -------------------------------------------------------------------------


def agent_saves(root: Path, target: tuple[str, str | None], content: str, stamp: str) -> None:
    rel, header = memory_file(*target)
    path = root / rel
    existing = _text(root, rel) if path.exists() else None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(agent.pomelobot_save(existing, header, content, stamp).encode("utf-8"))


def run_interop(
    tmp_path: Path,
    files: dict[str, str],
    ops: Sequence[tuple[Any, ...]],
    saves: Sequence[tuple[tuple[str, str | None], str, str]],
) -> None:
    with tempfile.TemporaryDirectory(dir=tmp_path) as folder:
        root = Path(folder)
        for rel, text in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_bytes(text.encode("utf-8"))
        assert_agent_reads_what_memdesk_shows(root)
        for op in ops:
            apply_operation(root, op)
            assert_agent_reads_what_memdesk_shows(root)
        for target, content, stamp in saves:
            agent_saves(root, target, content, stamp)
            assert_agent_reads_what_memdesk_shows(root)
            last = [r for r in POMELOBOT.rows(root) if r.file == memory_file(*target)[0]][-1]
            assert (last.fields["last_activated"], last.fields["content"]) == (stamp, content)


@pytest.mark.slow  # every example saves through the guarded commit
@PROPERTY
@given(
    workspaces(),
    st.lists(OPERATIONS, max_size=5),
    st.lists(st.tuples(_targets, texts(), _stamps), max_size=3),
)
def test_the_agent_reads_what_memdesk_shows(
    tmp_path: Path,
    files: dict[str, str],
    ops: list[tuple[Any, ...]],
    saves: list[tuple[tuple[str, str | None], str, str]],
) -> None:
    run_interop(tmp_path, files, ops, saves)
