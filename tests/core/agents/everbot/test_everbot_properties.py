"""Property tests: the structured-format parser never loses a byte and never crashes."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import example, given, settings
from hypothesis import strategies as st

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.everbot.document import ARCHIVE_BELOW
from core.formats.text import decode, split_lines
from core.store.merge import Change

# Text built from the pieces that matter to the format, plus CJK and odd whitespace.
_PIECES = st.sampled_from(
    [
        "### [ab12cd] fact | 0.80 | 2026-02-01 | 3",
        "### [ab12cd] fact | 0.5.1 | 2026-02-01 | 3",
        "###[x] y | 1 | 2 | 3",
        "## Active Memories",
        "## Archived Memories",
        "# Agent Memory",
        "## stray heading",
        '<!-- memory_meta: {"source":"user"} -->',
        "<!-- memory_meta: {broken -->",
        "<!-- Total entries: 3 -->",
        "用户喜欢简洁的代码",
        "plain text",
        "#hashtag",
        "#### deep",
        "   ",
        "\t",
        "",
        "\u3000全角空格",
        "\ufeff",
        "\x0c",
    ]
)
_NEWLINES = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def memory_files(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.tuples(_PIECES | st.text(max_size=12), _NEWLINES), max_size=40))
    text = "".join(a + b for a, b in lines)
    if draw(st.booleans()) and text:
        text = text.rstrip("\r\n")
    return text.replace("\x00", "")


def blocks_text(doc: evdoc.StructuredDocument, body: str) -> str:
    """The text the blocks cover, in order: entries by their place in `body`, the rest as kept."""
    covered = []
    for block in doc.blocks:
        if isinstance(block, evdoc.Entry):
            assert block.span is not None
            covered.append(body[block.span[0] : block.span[1]] + block.gap)
        else:
            covered.append(block.text)
    return "".join(covered)


@given(memory_files())
def test_any_text_renders_back_exactly(text: str) -> None:
    doc = ev.parse(text.encode())
    assert doc.to_bytes() == text.encode()


@given(memory_files())
def test_every_line_is_in_an_entry_structure_or_quarantine(text: str) -> None:
    doc = ev.parse(text.encode())
    body = text.removeprefix("\ufeff")
    assert blocks_text(doc, body) == body
    quarantined = [b for b in doc.blocks if isinstance(b, evdoc.Raw) and b.kind == "quarantine"]
    quarantine_kinds = {"stray_text", "stray_heading", "bad_header"}
    assert len(quarantined) == len([p for p in doc.problems if p.kind in quarantine_kinds])
    for block in quarantined:
        assert any(p.line == block.line for p in doc.problems)


@given(st.text(max_size=300).filter(lambda t: "\x00" not in t))
def test_arbitrary_unicode_never_crashes(text: str) -> None:
    doc = ev.parse(text.encode())
    assert doc.render() == text.removeprefix("\ufeff")
    assert len(split_lines(doc.render())) == len(split_lines(text.removeprefix("\ufeff")))


_CATEGORY = st.sampled_from(
    ["preference", "fact", "experience", "workflow", "decision", "todo", "核心"]
)
_CONTENT_LINE = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=30
).filter(lambda s: s.strip() and not s.strip().startswith("#") and s == s.strip())


@st.composite
def entries(draw: st.DrawFn) -> list[evdoc.Entry]:
    out = []
    ids = draw(
        st.lists(st.text("0123456789abcdef", min_size=6, max_size=6), unique=True, max_size=12)
    )
    for id_ in ids:
        score = draw(st.integers(0, 150)) / 100
        content = "\n".join(draw(st.lists(_CONTENT_LINE, min_size=1, max_size=3)))
        out.append(
            evdoc.Entry(
                key=id_,
                id=id_,
                category=draw(_CATEGORY),
                score=score,
                last_activated=f"2026-0{draw(st.integers(1, 9))}-1{draw(st.integers(0, 9))}",
                activation_count=draw(st.integers(0, 99)),
                content=content,
                section="active" if score >= 0.2 else "archived",
            )
        )
    return out


@given(entries(), st.booleans())
def test_normalized_file_parses_back_to_the_same_memories(
    items: list[evdoc.Entry], meta: bool
) -> None:
    text = evdoc.normalize(items, now=datetime(2026, 3, 1, tzinfo=UTC), with_meta=meta)
    doc = ev.parse(text.encode())
    assert doc.problems == []
    got = {e.id: e for e in doc.entries()}
    assert set(got) == {e.id for e in items}
    for item in items:
        e = got[item.id]
        assert (
            e.category,
            e.score,
            e.last_activated,
            e.activation_count,
            e.content,
            e.section,
        ) == (
            item.category,
            item.score,
            item.last_activated,
            item.activation_count,
            item.content,
            item.section,
        )


@given(entries(), st.data())
def test_edits_apply_and_leave_other_memories_byte_identical(
    items: list[evdoc.Entry], data: st.DataObject
) -> None:
    text = evdoc.normalize(items, now=datetime(2026, 3, 1, tzinfo=UTC))
    doc = ev.parse(text.encode())
    if not items:
        return
    target = data.draw(st.sampled_from(items))
    new_content = data.draw(st.lists(_CONTENT_LINE, min_size=1, max_size=3))
    entry = doc.find(target.id)
    assert entry is not None
    untouched = {
        e.id: text[e.span[0] : e.span[1]] for e in doc.entries() if e.id != target.id and e.span
    }
    doc.replace_entry(target.id, entry.edited(content="\n".join(new_content)))
    out = doc.render()
    again = ev.parse(out.encode())
    assert again.problems == []
    assert again.find(target.id).content == "\n".join(new_content)  # type: ignore[union-attr]
    for e in again.entries():
        if e.id in untouched:
            assert e.span is not None
            assert out[e.span[0] : e.span[1]] == untouched[e.id]


_SAME_AS_PARSE = (
    "id", "category", "score", "last_activated", "activation_count", "content", "section",
    "line", "score_text", "meta", "meta_text", "gap", "header_text",
)  # fmt: skip


_SHAPED = st.sampled_from(
    [
        "### [ab12cd] fact | 0.80 | 2026-02-01 | 3",
        "### [ab12cd] fact | 0.10 | 2026-02-01 | 3",
        "### [ab12cd] fact | 0.5.1 | 2026-02-01 | 3",
        "### [ab12cd]  fact|0.9|2026-02-01|7   ",
        "### [zz] fact | 0.30 | 2026-02-01 | 1",
        "### [ab12cd] fact | 0.80 | 2026-02-01",
        "## Active Memories",
        "## ARCHIVED memories  ",
        "## Archived Memories",
        "# Agent Memory",
        "## stray heading",
        "#hashtag [ab12cd]",
        "text about [ab12cd]",
        '<!-- memory_meta: {"source":"user"} -->',
        "<!-- memory_meta: {broken -->",
        "用户喜欢简洁的代码",
        "plain text",
        "   ",
        "",
    ]
)


@st.composite
def unix_memory_files(draw: st.DrawFn) -> str:
    text = "\n".join(draw(st.lists(_SHAPED | _SHAPED | st.text(max_size=12), max_size=30)))
    return text.replace("\r", "").replace("\x00", "") + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=max(300, settings().max_examples))
@given(unix_memory_files() | memory_files())
def test_one_memory_found_by_its_header_equals_the_whole_parse(text: str) -> None:
    data = text.encode()
    found = ev.entries_with_id(data, "ab12cd")
    lines = text.split("\n")
    indented = any(x[:1].isspace() and x.lstrip().startswith("#") for x in lines)
    if "\r" in text or text.startswith("\ufeff") or indented:
        assert found is None  # a shape only the whole parse reads
        return
    assert found is not None
    parsed = [e for e in ev.parse(data).entries() if e.id == "ab12cd"]
    assert [[getattr(e, f) for f in _SAME_AS_PARSE] for e in found] == [
        [getattr(e, f) for f in _SAME_AS_PARSE] for e in parsed
    ]


@settings(max_examples=max(300, settings().max_examples))
@given(unix_memory_files() | memory_files())
def test_scores_found_by_headers_equal_the_whole_parse(text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    found = ev.scores_by_key(data)
    if found is None:
        return  # a shape only the whole parse reads
    assert found == {e.key: e.score for e in ev.parse(data).entries()}


# ---------------------------------------------------------------------------------------------
# Rescoring many memories at once (a decay run)


def _rescore_changes(doc: evdoc.StructuredDocument, picks: list[bool]) -> list[Change[evdoc.Entry]]:
    """A new score for the memories picked, in file order, each from the entry held now."""
    chosen = [e for e, pick in zip(doc.entries(), picks, strict=False) if pick]
    return [Change(e.key, e, e.rescored(round(e.score * 0.9, 4))) for e in chosen]


@given(memory_files(), st.lists(st.booleans(), max_size=40))
def test_rescoring_at_once_renders_as_one_memory_at_a_time(text: str, picks: list[bool]) -> None:
    at_once, one_by_one = ev.parse(text.encode()), ev.parse(text.encode())
    changes = _rescore_changes(at_once, picks)
    assert at_once.replace_current(changes)
    for ch in changes:
        assert ch.after is not None
        one_by_one.replace_entry(ch.key, ch.after)
    assert at_once.render() == one_by_one.render()
    assert at_once.blocks == one_by_one.blocks


@given(memory_files(), st.lists(st.booleans(), max_size=40))
@example(  # old-Mac line ends before a CRLF header: its rescore wrote "\r" and lost a blank line
    text="### [ab12cd] fact | 0.5.1 | 2026-02-01 | 3\r" * 3
    + '### [ab12cd] fact | 0.80 | 2026-02-01 | 3\r\n\n<!-- memory_meta: {"source":"user"} -->\n',
    picks=[True],
)
def test_a_rescored_memory_keeps_its_text_byte_for_byte(text: str, picks: list[bool]) -> None:
    """Only the header of a rescored memory is written anew: its text (indentation, trailing
    spaces, line ends) and memory_meta line stay as read."""
    doc = ev.parse(text.encode())
    changes = _rescore_changes(doc, picks)
    body = text.removeprefix("\ufeff")
    kept = {ch.key: body[ch.before.body_start : ch.before.stop] for ch in changes if ch.before}
    doc.replace_current(changes)
    out = doc.render()
    again = ev.parse(out.encode())
    for ch in changes:
        assert ch.after is not None
        entry = again.find(ch.key)
        assert entry is not None and entry.score_token() == format(ch.after.score, ".2f")
        assert out[entry.body_start : entry.stop] == kept[ch.key]


def test_changes_not_in_file_order_or_not_of_the_entry_held_change_nothing() -> None:
    text = "".join(f"### [{i}] fact | 0.50 | 2026-02-01 | 1\ntext {i}\n\n" for i in "abc")
    doc = ev.parse(text.encode())
    a, b, c = doc.entries()
    backwards = [Change("c", c, c.rescored(0.4)), Change("a", a, a.rescored(0.4))]
    stale = [Change("a", a.rescored(0.45), a.rescored(0.4))]
    twice = [Change("b", b, b.rescored(0.4)), Change("b", b, b.rescored(0.3))]
    moved = [Change("a", a, a.edited(section="archived"))]
    for changes in (backwards, stale, twice, moved):
        assert not doc.replace_current(changes)
        assert doc.render() == text


def test_editing_the_text_forgets_the_text_as_read_and_editing_it_back_keeps_it() -> None:
    text = "### [ab12cd] fact | 0.50 | 2026-02-01 | 1\n  indented line  \nsecond\n"
    doc = ev.parse(text.encode())
    entry = doc.find("ab12cd")
    assert entry is not None
    edited = entry.edited(content="new text")
    back = entry.edited(content=entry.content, score=0.4)
    assert evdoc.render_entry(edited) == "### [ab12cd] fact | 0.50 | 2026-02-01 | 1\nnew text\n"
    assert evdoc.render_entry(edited.edited(content=entry.content)) == text
    assert (
        evdoc.render_entry(back)
        == "### [ab12cd] fact | 0.40 | 2026-02-01 | 1\n  indented line  \nsecond\n"
    )


# ---------------------------------------------------------------------------------------------
# Reading by headers (the usual file, memories made when first asked for) is the line-by-line parse

_USUAL_LINES = st.sampled_from(
    [
        "### [{id}] fact | 0.80 | 2026-02-01 | 3",
        "### [{id}] fact | 0.10 | 2026-02-01 | 3",
        "###\t[{id}]  fact|0.9|2026-02-01|7 \x0c ",
        "### [{id}] fact | 0.80 | 2026-02-01",
        "## Active Memories",
        "## Archived Memories",
        "# Agent Memory",
        "## stray heading",
        "#hashtag",
        '<!-- memory_meta: {"source":"user"} -->',
        "<!-- memory_meta: {broken -->",
        "<!-- last_processed_count: 7 -->",
        "<!-- last_processed_count: " + "7" * 5000 + " -->",
        "<!-- Total entries: 3 -->",
        "用户喜欢简洁的代码",
        "plain text\x85with a NEL",
        "### [{id}] fact | 0.30 | 2026-02-01 | 2\n  one line ending in spaces \t",
        "\x1f  text after a separator",
        "x" * 59 + "…" + "y",
        "   ",
        "\u3000",
        "",
    ]
)
# Each sends the whole file to the line-by-line parse.
_ODD_LINES = st.sampled_from(
    [
        "### [{id}] fact | 0.5.1 | 2026-02-01 | 3",
        "### [{id}] fact | " + "9" * 400 + " | 2026-02-01 | 3",
        "### [dup] fact | 0.80 | 2026-02-01 | 3",
        "  # indented",
        "\ufeff",
    ]
)


@st.composite
def usual_memory_files(draw: st.DrawFn) -> str:
    """Files of unique ids, mostly: the shape `parse` reads by its headers."""
    kinds = _USUAL_LINES | _USUAL_LINES | st.text(max_size=12)
    if draw(st.integers(0, 3)) == 0:
        kinds |= _ODD_LINES
    lines = draw(st.lists(kinds, max_size=40))
    lines.insert(draw(st.integers(1, len(lines) + 1)), "### [{id}] fact | 0.5 | 2026-01-01 | 1")
    text = "\n".join(line.replace("{id}", f"m{n}") for n, line in enumerate(lines))
    return text.replace("\r", "").replace("\x00", "") + draw(st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=max(500, settings().max_examples))
@given(usual_memory_files(), st.sampled_from([ARCHIVE_BELOW, None]))
def test_reading_by_headers_equals_the_line_by_line_parse(
    text: str, archive_below: float | None
) -> None:
    decoded = decode(text.encode(), "MEMORY.md")
    by_headers = ev._ByHeaders.read(decoded, "MEMORY.md", archive_below)
    if by_headers is None:
        return  # a shape only the line-by-line parse reads
    parsed = ev._Parser(decoded, "MEMORY.md", archive_below).run()
    assert by_headers.problems == parsed.problems
    assert (by_headers.last_processed_count, by_headers.uses_meta, by_headers.warnings) == (
        parsed.last_processed_count,
        parsed.uses_meta,
        parsed.warnings,
    )
    assert by_headers.blocks == parsed.blocks
    assert by_headers.to_bytes() == text.encode()


@settings(max_examples=max(300, settings().max_examples))
@given(usual_memory_files(), st.sampled_from([ARCHIVE_BELOW, None]))
def test_memories_read_by_headers_are_those_of_the_entries(
    text: str, archive_below: float | None
) -> None:
    doc = ev.parse(text.encode(), archive_below=archive_below)
    comments, memories = doc.header_comments(), doc.memories()  # before any entry is made
    assert memories == evdoc.Memories.of(doc.entries())
    assert comments == doc.header_comments()


@settings(max_examples=max(300, settings().max_examples))
@given(usual_memory_files(), st.sampled_from([ARCHIVE_BELOW, None]))
def test_what_list_shows_read_by_headers_is_that_of_the_entries(
    text: str, archive_below: float | None
) -> None:
    doc = ev.parse(text.encode(), archive_below=archive_below)
    listed = doc.listed()  # before any entry is made
    assert listed == evdoc.Listed.of(doc.entries())
