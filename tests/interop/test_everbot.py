"""EverBot interop: after any MemDesk operation the agent reads what MemDesk shows (id, category,
score at the file's two decimals, text), and after the agent's own save MemDesk shows what the
agent reads, having reported as forgotten exactly what that save dropped."""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot import document as evdoc
from core.formats.text import InputError
from core.registry import agent_named
from core.store.errors import WorkspaceError
from tests.interop import PROPERTY
from tests.interop import agent_code as agent

EVERBOT = agent_named("everbot")
LAST_SAVE = date(2026, 2, 20)  # the files' "Last updated": decay runs start from it
AGENT_SAVES_AT = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

Shown = tuple[str, str, str, str]

# -- a workspace as the agent (or a person's editor) left it ---------------------------------------

_EVERBOT_CATEGORIES = ["preference", "fact", "experience", "workflow", "decision", "skill_usage"]
_TIERED_CATEGORIES = ["system", "fact", "episode", "core"]
_IDS = ["a1b2c3", "0f9e8d", "ab12cd", "记忆01", "x_1"]  # few ids: repeats are common
_WORDS = ["用户喜欢", "黑咖啡", "Python", "code review", "#hashtag", "#### deep", "a|b", "[x]", "x"]
_SPACES = ["", " ", "  ", "\t", "\u3000"]


@st.composite
def _line(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(_WORDS) | st.text("ab 中文-.", max_size=6), max_size=4))
    return draw(st.sampled_from(_SPACES)) + " ".join(words) + draw(st.sampled_from(_SPACES))


def _read_as_text(text: str) -> bool:
    """Text MemDesk reads as the memory's own. A line like a memory header that the agent's
    regex rejects (`#tag a|b a|b`) the agent glues onto the memory; MemDesk keeps it aside and
    reports it (`check`: bad_header, naming the memory), a documented difference."""
    try:
        evdoc.checked_content(text)
    except ValueError:
        return False
    return True


@st.composite
def texts(draw: st.DrawFn) -> str:
    """A memory's text: CJK and Latin, indentation, trailing and inner blank lines."""
    return "\n".join(draw(st.lists(_line(), min_size=1, max_size=4)))


@st.composite
def scores(draw: st.DrawFn) -> str:
    """A score as a file may hold it: 1 to 4 decimals, often near the agent's thresholds, or
    written by hand (`1.`, `.5`, `007`)."""
    decimals = draw(st.integers(1, 4))
    scale = 10**decimals
    value = draw(st.integers(0, scale // 5) | st.integers(0, 3 * scale))
    return draw(st.just(f"{value / scale:.{decimals}f}") | st.sampled_from(["1.", ".5", "007"]))


@dataclass(frozen=True)
class Layout:
    name: str  # everbot, everbot_newer (memory_meta), tiered (memory_meta, tiered categories)
    categories: list[str]

    @property
    def newer(self) -> bool:
        return self.name != "everbot"


LAYOUTS = [
    Layout("everbot", _EVERBOT_CATEGORIES),
    Layout("everbot_newer", _EVERBOT_CATEGORIES),
    Layout("tiered", _TIERED_CATEGORIES),
]


@st.composite
def _entry(draw: st.DrawFn, layout: Layout) -> tuple[bool, str]:
    """(archived?, the entry's lines)."""
    header = draw(
        st.sampled_from(
            ["### [{}] {} | {} | {} | {}", "###  [{}]  {}|{}|{}|{}  ", " ### [{}] {} |{} | {}| {}"]
        )
    ).format(
        draw(st.sampled_from(_IDS) | st.text("0123456789abcdef", min_size=6, max_size=6)),
        draw(st.sampled_from(layout.categories)),
        draw(scores()),
        (date(2026, 1, 1) + timedelta(days=draw(st.integers(0, 50)))).isoformat(),
        draw(st.integers(0, 40)),
    )
    lines = [header]
    if layout.newer:
        status = draw(st.sampled_from(["active", "active", "superseded"]))
        extra = ',"source":"user","verified":true' if layout.name == "tiered" else ""
        lines.append(
            f'<!-- memory_meta: {{"status":"{status}","supersedes":[],"superseded_by":[],'
            f'"source_session":""{extra}}} -->'
        )
    if draw(st.integers(0, 9)):  # now and then a memory without text (the agent drops it)
        lines.append(draw(texts().filter(_read_as_text)))
    lines.append(draw(st.sampled_from(["", "", "  ", "\n"])))
    return draw(st.booleans()), "\n".join(lines)


@st.composite
def memory_files(draw: st.DrawFn, layout: Layout) -> str:
    entries = draw(st.lists(_entry(layout), min_size=1, max_size=36))
    head = [
        "# Agent Memory",
        "",
        f"<!-- Last updated: {LAST_SAVE.isoformat()}T10:30:00 -->",
        f"<!-- Total entries: {len(entries)} -->",
        f"<!-- last_processed_count: {draw(st.integers(0, 99))} -->",
        "",
    ]
    active = [text for archived, text in entries if not archived]
    old = [text for archived, text in entries if archived]
    body = ["## Active Memories", "", *active] if active else []
    body += ["## Archived Memories", "", *old] if old else []
    text = "\n".join(head + body) + "\n"
    return text.replace("\n", draw(st.sampled_from(["\n", "\r\n"])))


# -- MemDesk's operations, as `memdesk add|edit|delete|archive|unarchive|pin|decay` apply them -------

# Text a person may type that the agent would read otherwise: headings it drops, a header
# that starts another memory, a relation comment the newer agent takes as metadata, a lone CR.
_HOSTILE = [
    "first\n## heading\nafter",
    "  # title\nx",
    "a\n### [zz0000] fact | 0.5 | 2026-01-01 | 1\nb",
    '<!-- memory_meta: {"status":"superseded"} -->\nbody',
    'text\n <!-- memory_meta: {"status":"superseded"} -->',
    "a\rb",
]
_op_texts = st.one_of(texts(), texts(), st.sampled_from(_HOSTILE))
_op_scores = st.integers(0, 40_000).map(lambda n: n / 10_000)
_op_categories = st.sampled_from([*_EVERBOT_CATEGORIES, "todo", "自定义", "bad-cat"])
OPERATIONS = st.one_of(
    st.tuples(st.just("add"), _op_texts, _op_categories, _op_scores),
    st.tuples(
        st.just("edit"),
        st.integers(0, 99),
        st.none() | _op_texts,
        st.none() | _op_categories,
        st.none() | _op_scores,
    ),
    st.tuples(st.just("delete"), st.integers(0, 99)),
    st.tuples(st.just("archive"), st.integers(0, 99), st.booleans()),
    st.tuples(st.just("pin"), st.integers(0, 99)),
    st.tuples(st.just("decay"), st.integers(0, 400)),
)


def apply_operation(root: Path, op: tuple[Any, ...]) -> None:
    """One operation through the Agent plug-in and the workspace's save (as app/cli.py does);
    a refused one leaves the file as it was."""
    before = (root / "MEMORY.md").read_bytes()
    try:
        _apply(root, op)
    except (WorkspaceError, InputError, ValueError):
        assert (root / "MEMORY.md").read_bytes() == before, op


def _apply(root: Path, op: tuple[Any, ...]) -> None:
    kind, *args = op
    if kind == "decay":
        EVERBOT.decay(root, at=LAST_SAVE + timedelta(days=args[0]), apply=True)
        return
    ws = EVERBOT.open(root)
    if kind == "add":
        text, category, score = args
        changeset = EVERBOT.add(ws, text, category=category, score=score)
    else:
        rows = EVERBOT.rows(root)
        if not rows:
            return
        row = rows[args[0] % len(rows)]
        if kind == "edit":
            text, category, score = args[1:]
            if text is None and category is None and score is None:
                return  # `memdesk edit` refuses it
            changeset = EVERBOT.edit(ws, row, text=text, category=category, score=score)
        elif kind == "delete":
            changeset = EVERBOT.delete(ws, row)
        elif kind == "archive":
            changeset = EVERBOT.archive(ws, row, archived=args[1])
        else:
            changeset = EVERBOT.pin(ws, row)
    changeset.apply()
    ws.save_all()


# -- what each side sees -------------------------------------------------------------------------


def shown_by_memdesk(root: Path) -> list[Shown]:
    """The memories `memdesk list` shows that the agent loads (it drops those without text)."""
    rows = [r.fields for r in EVERBOT.rows(root)]
    return [
        (f["id"], f["category"], format(f["score"], ".2f"), f["content"])
        for f in rows
        if f["content"]
    ]


def forgotten_by_memdesk(root: Path) -> Counter[Shown]:
    """The memories `memdesk check` warns the agent will forget at its next save."""
    lines = {w.line for w in EVERBOT.check(root).warnings if w.kind == "forgotten_at_next_save"}
    rows = [r.fields for r in EVERBOT.rows(root) if r.line in lines]
    return Counter((f["id"], f["category"], format(f["score"], ".2f"), f["content"]) for f in rows)


def dropped_by_agent(loaded: agent.Loaded, newer: bool) -> Counter[Shown]:
    kept = agent.everbot_kept(loaded.entries, newer=newer)
    return Counter(e.shown() for e in loaded.entries) - Counter(e.shown() for e in kept)


def assert_agent_reads_what_memdesk_shows(root: Path, layout: Layout) -> None:
    loaded = agent.everbot_load((root / "MEMORY.md").read_bytes(), newer=layout.newer)
    assert [e.shown() for e in loaded.entries] == shown_by_memdesk(root)
    if layout.name != "tiered":  # no public agent saves the tiered memory
        assert dropped_by_agent(loaded, layout.newer) == forgotten_by_memdesk(root)


def agent_saves(root: Path, layout: Layout) -> None:
    """The agent loads the file and saves it, as it does after every review."""
    loaded = agent.everbot_load((root / "MEMORY.md").read_bytes(), newer=layout.newer)
    written = agent.everbot_save(loaded, AGENT_SAVES_AT, newer=layout.newer)
    (root / "MEMORY.md").write_bytes(written)


def run_interop(tmp_path: Path, layout: Layout, text: str, ops: Sequence[tuple[Any, ...]]) -> None:
    with tempfile.TemporaryDirectory(dir=tmp_path) as folder:
        root = Path(folder)
        (root / "MEMORY.md").write_bytes(text.encode("utf-8"))
        assert_agent_reads_what_memdesk_shows(root, layout)
        for op in ops:
            apply_operation(root, op)
            assert_agent_reads_what_memdesk_shows(root, layout)
        agent_saves(root, layout)
        assert_agent_reads_what_memdesk_shows(root, layout)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Layout, str, list[tuple[Any, ...]]]:
    layout = draw(st.sampled_from(LAYOUTS))
    return layout, draw(memory_files(layout)), draw(st.lists(OPERATIONS, max_size=6))


@pytest.mark.slow  # every example saves through the guarded commit
@PROPERTY
@given(cases())
def test_the_agent_reads_what_memdesk_shows(
    tmp_path: Path, case: tuple[Layout, str, list[tuple[Any, ...]]]
) -> None:
    run_interop(tmp_path, *case)


# -- examples the property found ----------------------------------------------------------------


def _workspace(tmp_path: Path, text: str) -> Path:
    root = Path(tempfile.mkdtemp(dir=tmp_path))
    (root / "MEMORY.md").write_text(text, encoding="utf-8")
    return root


_ONE_FADING = (
    "# Agent Memory\n\n<!-- Last updated: 2026-02-20T10:30:00 -->\n<!-- Total entries: 2 -->\n"
    "<!-- last_processed_count: 0 -->\n\n## Active Memories\n\n"
    "### [a1b2c3] preference | 0.90 | 2026-01-01 | 0\n用户喜欢黑咖啡\n\n"
    "### [0f9e8d] fact | 0.01 | 2026-01-01 | 0\n用户喜欢\n"
)


def test_pinning_a_memory_keeps_the_agents_rules(tmp_path: Path) -> None:
    """Pinning made the file look like the tiered memory: `check` stopped warning about what
    EverBot forgets at its next save, and decay ran with the tiered rules."""
    run_interop(tmp_path, LAYOUTS[0], _ONE_FADING, [("pin", 0)])
    run_interop(tmp_path, LAYOUTS[0], _ONE_FADING, [("edit", 0, None, "core", None)])
    root = _workspace(tmp_path, _ONE_FADING)
    apply_operation(root, ("pin", 0))
    assert EVERBOT.open(root).profile.name == "everbot"


def test_text_the_agent_reads_otherwise_is_refused(tmp_path: Path) -> None:
    """A line the agent drops (a heading), reads as another memory (a header) or as metadata
    (memory_meta) was written: MemDesk then showed the memory cut short or a memory nobody
    added, and the agent read something else again."""
    for text in _HOSTILE[:-1]:
        run_interop(tmp_path, LAYOUTS[1], _ONE_FADING, [("add", text, "fact", 0.5)])
        run_interop(tmp_path, LAYOUTS[1], _ONE_FADING, [("edit", 1, text, None, None)])
        ws = EVERBOT.open(_workspace(tmp_path, _ONE_FADING))
        with pytest.raises(WorkspaceError, match="line"):
            EVERBOT.add(ws, text)


def test_a_new_memory_gets_a_category_the_agent_reads(tmp_path: Path) -> None:
    """`memdesk add --category bad-cat` wrote a header the agent does not read: it took the new
    memory for text of the memory above (`edit` refused such a category already)."""
    run_interop(tmp_path, LAYOUTS[0], _ONE_FADING, [("add", "用户喜欢", "bad-cat", 0.5)])


_SUPERSEDED = (
    "# Agent Memory\n\n<!-- Last updated: 2026-02-20T10:30:00 -->\n<!-- Total entries: 7 -->\n"
    "<!-- last_processed_count: 0 -->\n\n## Active Memories\n\n"
    + "".join(
        f"### [{n:06x}] fact | {score} | 2026-01-{n + 1:02d} | 1\n"
        f'<!-- memory_meta: {{"status":"{status}","supersedes":[],"superseded_by":[],'
        f'"source_session":""}} -->\n记忆 {n}\n\n'
        for n, (score, status) in enumerate(
            [("0.80", "active"), ("0.01", "active")] + [("0.00", "superseded")] * 6
        )
    )
)


def test_the_newer_agents_save_rule_for_superseded_memories(tmp_path: Path) -> None:
    """In a file with memory_meta, `check` warned that the agent forgets superseded memories
    scoring below 0.05, which the newer agent keeps, and said nothing of the superseded
    memories beyond the 5 latest, which it drops."""
    run_interop(tmp_path, LAYOUTS[1], _SUPERSEDED, [])
