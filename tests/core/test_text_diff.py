"""Two versions side by side (core.text_diff): rows paired line for line, changed words marked
as words (an id whole, Chinese by its runs), unchanged runs folded."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from core.text_diff import (
    ADDED,
    CHANGED,
    FOLDED,
    REMOVED,
    SAME,
    Row,
    aligned_rows,
    changed_blocks,
    same_lines,
    side_by_side,
    word_spans,
)


def marked(line: str, spans: tuple[tuple[int, int], ...]) -> list[str]:
    return [line[start:end] for start, end in spans]


def test_a_changed_word_is_marked_and_an_unchanged_id_is_not() -> None:
    old = "User lived in Shanghai [a253f6] and moved"
    new = "User lived in Suzhou [a253f6] and moved"
    spans = word_spans(old, new)
    assert spans is not None
    assert marked(old, spans[0]) == ["Shanghai"] and marked(new, spans[1]) == ["Suzhou"]


def test_a_changed_id_is_marked_whole_not_letter_by_letter() -> None:
    spans = word_spans("see [a253f6] for it", "see [a253f7] for it")
    assert spans is not None
    assert marked("see [a253f6] for it", spans[0]) == ["[a253f6]"]
    assert marked("see [a253f7] for it", spans[1]) == ["[a253f7]"]


def test_chinese_is_marked_by_the_characters_that_changed_in_a_run() -> None:
    old, new = "用户喜欢黑咖啡，不加糖。", "用户喜欢白咖啡，不加糖。"
    spans = word_spans(old, new)
    assert spans is not None
    assert marked(old, spans[0]) == ["黑"] and marked(new, spans[1]) == ["白"]
    old, new = "决定使用 SQLite 作为本地缓存。", "决定使用 PostgreSQL 作为本地缓存。"
    spans = word_spans(old, new)
    assert spans is not None
    assert marked(old, spans[0]) == ["SQLite"] and marked(new, spans[1]) == ["PostgreSQL"]


def test_words_changed_next_to_each_other_are_one_mark() -> None:
    old, new = "the quick brown fox jumps", "the slow red fox jumps"
    spans = word_spans(old, new)
    assert spans is not None
    assert marked(old, spans[0]) == ["quick brown"] and marked(new, spans[1]) == ["slow red"]


def test_unrelated_lines_are_marked_whole_not_word_by_word() -> None:
    assert word_spans("the cat sat", "xyz 123 qqq") is None
    left, right = side_by_side(aligned_rows(["head", "the cat sat"], ["head", "xyz 123 qqq"]))
    assert left.changed == [(5, 16)] and right.changed == [(5, 16)]
    assert left.words == [] and right.words == []


def test_rows_pair_the_lines_so_both_sides_have_as_many() -> None:
    old = ["# M", "", "a", "b", "c"]
    new = ["# M", "", "a", "b2", "x", "y", "c"]
    rows = aligned_rows(old, new)
    assert [r.kind for r in rows] == [SAME, SAME, SAME, CHANGED, ADDED, ADDED, SAME]
    left, right = side_by_side(rows)
    assert len(left.text.split("\n")) == len(right.text.split("\n")) == len(rows)
    assert left.text.split("\n")[4:6] == ["", ""]  # the backup has no line where x and y are
    assert left.blank and not right.blank
    assert left.numbers == [1, 2, 3, 4, None, None, 5] and right.numbers == list(range(1, 8))
    removed = aligned_rows(["a", "b", "c"], ["a", "c"])
    assert [r.kind for r in removed] == [SAME, REMOVED, SAME]


def test_unchanged_runs_are_folded_to_a_counted_row() -> None:
    old = [f"line {n}" for n in range(1, 41)]
    new = [*old[:19], "line twenty", *old[20:]]
    rows = aligned_rows(old, new)
    kinds = [r.kind for r in rows]
    assert kinds == [FOLDED, SAME, SAME, SAME, CHANGED, SAME, SAME, SAME, FOLDED]
    assert rows[0].folded == 16 and rows[-1].folded == 17
    assert rows[4].old is not None and rows[4].old.number == 20
    left, right = side_by_side(rows)
    assert left.text.split("\n")[0] == "⋯ 16 unchanged lines ⋯"
    assert len(left.folds) == len(right.folds) == 2
    assert left.numbers == [None, 17, 18, 19, 20, 21, 22, 23, None]  # a fold has no number
    whole = aligned_rows(old, new, context=None)
    assert len(whole) == 40 and FOLDED not in {r.kind for r in whole}


def test_side_texts_count_utf16_positions() -> None:
    left, right = side_by_side(aligned_rows(["same", "😀 abc", "end"], ["same", "😀 abd", "end"]))
    assert left.changed == [(5, 11)]  # the emoji is two positions
    assert left.words == [(8, 11)] and right.words == [(8, 11)]


def test_a_memory_inserted_above_keeps_the_lines_around_it_in_view() -> None:
    old = [f"l{n}" for n in range(20)]
    new = ["new", *old, "end"]
    rows = aligned_rows(old, new)
    assert rows[0] == Row(ADDED, new=rows[0].new)
    assert [r.kind for r in rows[1:4]] == [SAME] * 3 and rows[4].kind == FOLDED
    assert [r.kind for r in rows[-4:]] == [SAME, SAME, SAME, ADDED]


LINES = st.lists(st.sampled_from(["", "## a", "## b", "x", "y", "z", "😀"]), max_size=40)


@given(LINES, LINES)
def test_changed_blocks_turn_the_old_lines_into_the_new(old: list[str], new: list[str]) -> None:
    pairs = same_lines(old, new)
    assert all(old[i] == new[j] for i, j in pairs)
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in pairwise(pairs))
    rebuilt, at = [], 0
    for i1, i2, j1, j2 in changed_blocks(old, new):
        rebuilt += old[at:i1] + new[j1:j2]
        at = i2
    assert rebuilt + old[at:] == new
    assert (changed_blocks(old, new) == []) == (old == new)


@given(LINES, LINES)
def test_the_whole_rows_hold_both_versions_in_order(old: list[str], new: list[str]) -> None:
    rows = aligned_rows(old, new, context=None)
    assert [r.old.text for r in rows if r.old] == old
    assert [r.new.text for r in rows if r.new] == new
    assert [r.old.number for r in rows if r.old] == list(range(1, len(old) + 1))
    assert [r.new.number for r in rows if r.new] == list(range(1, len(new) + 1))


@given(LINES, LINES)
def test_folded_rows_count_exactly_the_lines_they_hide(old: list[str], new: list[str]) -> None:
    rows = aligned_rows(old, new)
    shown = sum(1 for r in rows if r.old)
    assert shown + sum(r.folded for r in rows) == len(old)


def test_repeated_lines_around_a_unique_one_keep_it() -> None:
    old = ["", "## a", "", "keep", "", "## a", "gone"]
    new = ["", "## a", "", "new", "keep", "", "## a"]
    assert changed_blocks(old, new) == [(3, 3, 3, 4), (6, 7, 7, 7)]


def test_a_memory_removed_above_a_changed_one_does_not_take_its_row() -> None:
    old = [
        "### [a90f9c] preference | 0.90 | 2026-03-01 | 13",
        "用户喜欢喝黑咖啡，不加糖。",
        "",
        "### [f1bcb0] fact | 0.90 | 2026-02-27 | 18",
        "User previously lived in Shanghai and moved to Hangzhou last spring.",
    ]
    new = [
        "### [f1bcb0] fact | 0.80 | 2026-02-27 | 18",
        "User previously lived in Shanghai and moved to Suzhou last spring.",
    ]
    rows = aligned_rows(old, new)
    assert [r.kind for r in rows] == [REMOVED, REMOVED, REMOVED, CHANGED, CHANGED]
    changed = rows[3]
    assert changed.old is not None and changed.new is not None
    assert marked(changed.old.text, changed.old.words) == ["0.90"]
    assert marked(changed.new.text, changed.new.words) == ["0.80"]
