"""Search (SPEC 6): the query language and its errors, matching (literal, then fuzzy for typos),
ordering, the index's updates, and properties checked against a naive filter."""

from __future__ import annotations

import operator
import os
import re
from collections.abc import Callable, Sequence
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

import core.agents.everbot.search as search_module
from core.agents.everbot.document import Entry, Section
from core.agents.everbot.search import (
    MAX_QUERY_LENGTH,
    AgeFilter,
    CategoryFilter,
    DateFilter,
    IdFilter,
    NumberFilter,
    Query,
    QueryError,
    SearchIndex,
    SectionFilter,
    parse_query,
    search,
)

TODAY = date(2026, 3, 1)


def entry(
    key: str,
    content: str = "text",
    *,
    id_: str | None = None,
    category: str = "fact",
    score: float = 0.5,
    activated: str = "2026-02-20",
    hits: int = 1,
    section: Section = "active",
) -> Entry:
    return Entry(key, id_ or key, category, score, activated, hits, content, section)


def found(entries: Sequence[Entry], query: str) -> list[str]:
    return search(entries, query, today=TODAY)


def ago(days: int) -> str:
    return (TODAY - timedelta(days=days)).isoformat()


# -- parsing ---------------------------------------------------------------------------------


def test_parse_every_kind_of_term() -> None:
    q = parse_query(
        'Coffee "Black Tea" -sugar -"with milk" cat:Fact,todo score<=0.3 hits>5 '
        "section:archived activated:<30d activated:>=2026-01-01 id:AB -cat:todo"
    )
    assert q.words == ("coffee",)
    assert q.phrases == ("black tea",)
    assert q.excluded == ("sugar", "with milk")
    assert q.filters == (
        CategoryFilter(frozenset({"fact", "todo"})),
        NumberFilter("score", "<=", 0.3),
        NumberFilter("hits", ">", 5.0),
        SectionFilter("archived"),
        AgeFilter("<", 30),
        DateFilter(">=", date(2026, 1, 1)),
        IdFilter(("ab",)),
        CategoryFilter(frozenset({"todo"}), negated=True),
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("category:fact", CategoryFilter(frozenset({"fact"}))),
        ("CAT=fact", CategoryFilter(frozenset({"fact"}))),
        ("score:<0.3", NumberFilter("score", "<", 0.3)),
        ("score:0.3", NumberFilter("score", "=", 0.3)),
        ("score>.5", NumberFilter("score", ">", 0.5)),
        ("hits:>=5", NumberFilter("hits", ">=", 5.0)),
        ("activated:<2w", AgeFilter("<", 14)),
        ("activated:>1m", AgeFilter(">", 30)),
        ("activated<=1Y", AgeFilter("<=", 365)),
        ("activated:2026-02-01", DateFilter("=", date(2026, 2, 1))),
        ("id:a1,B2", IdFilter(("a1", "b2"))),
        ("section:active", SectionFilter("active")),
    ],
)
def test_parse_filter_spellings(text: str, expected: object) -> None:
    assert parse_query(text).filters == (expected,)


def test_parse_words_that_only_look_like_filters() -> None:
    q = parse_query('a<b x=1 10:30 score 用户:偏好 ab"cd')
    assert q.words == ("a<b", "x=1", "10:30", "score", "用户:偏好", 'ab"cd')
    assert q.filters == ()


def test_parse_quotes_and_leftovers_while_typing() -> None:
    assert parse_query("“黑咖啡 加糖”").phrases == ("黑咖啡 加糖",)
    assert parse_query('"a b"c').phrases == ("a b",)
    assert parse_query('"a b"c').words == ("c",)
    assert parse_query('- "" -"" deploy deploy').words == ("deploy",)
    assert parse_query("   \u3000 ").is_empty
    assert parse_query("用户\u3000咖啡").words == ("用户", "咖啡")


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("score<abc", "score needs a number, e.g. score<0.3", 6),
        ("x score:", "score needs a number, e.g. score<0.3", 8),
        ("score<=nan", "score needs a number, e.g. score<0.3", 7),
        ("hits>=many", "hits needs a whole number, e.g. hits>=5", 6),
        ("hits>2.5", "hits needs a whole number, e.g. hits>=5", 5),
        (
            "foo:bar",
            "unknown filter 'foo:' (known: cat, score, hits, section, activated, id)",
            0,
        ),
        (
            "a -Note:x",
            "unknown filter 'note:' (known: cat, score, hits, section, activated, id)",
            2,
        ),
        ('coffee "black', "this quote is not closed", 7),
        ("-“黑咖啡", "this quote is not closed", 1),
        (
            "activated:<30x",
            "activated needs an age or a date, e.g. activated:<30d or activated:<2026-01-01",
            11,
        ),
        ("activated:<2026-02-30", "'2026-02-30' is not a date", 11),
        ("cat:", "cat needs a category, e.g. cat:fact or cat:fact,todo", 4),
        ("cat<fact", "cat needs a category, e.g. cat:fact or cat:fact,todo", 4),
        ("cat:,", "cat needs a category, e.g. cat:fact or cat:fact,todo", 4),
        ("section:all", "section is active or archived, e.g. section:archived", 8),
        ("id:", "id needs the start of an id, e.g. id:a1b2", 3),
        ("x" * (MAX_QUERY_LENGTH + 1), "the query is too long (500 characters at most)", 500),
    ],
)
def test_errors_say_what_to_fix_and_where(text: str, message: str, position: int) -> None:
    with pytest.raises(QueryError) as info:
        parse_query(text)
    assert str(info.value) == info.value.message == message
    assert info.value.position == position
    assert isinstance(info.value, ValueError)


def test_longest_query_allowed() -> None:
    assert parse_query("x" * MAX_QUERY_LENGTH).words == ("x" * MAX_QUERY_LENGTH,)


# -- structured filters ----------------------------------------------------------------------

SCORED = [entry(f"s{i}", score=s) for i, s in enumerate([0.1, 0.3, 0.304, 0.5])]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("score<0.3", ["s0"]),
        ("score<=0.3", ["s0", "s1"]),
        ("score>0.3", ["s2", "s3"]),
        ("score>=0.3", ["s1", "s2", "s3"]),
        ("score=0.3", ["s1", "s2"]),  # within 0.005: what the file shows as 0.30
        ("score=0.31", []),
        ("score>0.2 score<0.4", ["s1", "s2"]),
        ("-score<0.3", ["s1", "s2", "s3"]),
    ],
)
def test_score_operators(query: str, expected: list[str]) -> None:
    assert found(SCORED, query) == expected


HITS = [entry(f"h{n}", hits=n) for n in (0, 4, 5, 6)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("hits<5", ["h0", "h4"]),
        ("hits<=5", ["h0", "h4", "h5"]),
        ("hits>5", ["h6"]),
        ("hits>=5", ["h5", "h6"]),
        ("hits=5", ["h5"]),
        ("hits:0", ["h0"]),
    ],
)
def test_hits_operators(query: str, expected: list[str]) -> None:
    assert found(HITS, query) == expected


DATED = [entry(f"d{n}", activated=ago(n)) for n in (0, 7, 29, 30, 31, 400)] + [
    entry("bad", activated="2026-13-45"),
    entry("short", activated="2026"),
]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("activated:<30d", ["d0", "d7", "d29"]),
        ("activated:<=30d", ["d0", "d7", "d29", "d30"]),
        ("activated:>7d", ["d29", "d30", "d31", "d400"]),
        ("activated:>=7d", ["d7", "d29", "d30", "d31", "d400"]),
        ("activated:=7d", ["d7"]),
        ("activated:<1w", ["d0"]),
        ("activated:<1m", ["d0", "d7", "d29"]),
        ("activated:>1y", ["d400"]),
        (f"activated:<{ago(29)}", ["d30", "d31", "d400"]),
        (f"activated:>={ago(7)}", ["d0", "d7"]),
        (f"activated:{ago(0)}", ["d0"]),
        ("-activated:<30d", ["d30", "d31", "d400", "bad", "short"]),
    ],
)
def test_activated_relative_and_absolute(query: str, expected: list[str]) -> None:
    assert found(DATED, query) == expected


def test_category_section_and_id_filters() -> None:
    entries = [
        entry("k1", id_="ab12", category="Fact"),
        entry("k2", id_="AB34", category="todo", section="archived"),
        entry("k3", id_="cd56", category="preference"),
        entry("k4", id_="ab12", category="fact"),  # a repeated id: its own key
    ]
    assert found(entries, "cat:fact") == ["k1", "k4"]
    assert found(entries, "category:FACT,todo") == ["k1", "k2", "k4"]
    assert found(entries, "cat:nosuch") == []
    assert found(entries, "-cat:fact") == ["k2", "k3"]
    assert found(entries, "section:archived") == ["k2"]
    assert found(entries, "section:active") == ["k1", "k3", "k4"]
    assert found(entries, "id:ab") == ["k1", "k2", "k4"]
    assert found(entries, "id:AB3,cd") == ["k2", "k3"]
    assert found(entries, "id:ab12x") == []
    assert found(entries, "-id:ab") == ["k3"]


# -- free words, phrases, exclusions ---------------------------------------------------------

COFFEE = [
    entry("c1", "用户喜欢黑咖啡，不加糖也不加奶。", score=0.4),
    entry("c2", "用户喜欢咖啡，早上一杯拿铁。", score=0.9),
    entry("c3", "User drinks black coffee with sugar.", score=0.7),
    entry("c4", "用户偏好 PostgreSQL 而不是 MySQL。", category="preference", score=0.6),
    entry("c5", "Deploy to staging first, then run the smoke tests.", category="workflow"),
]


def test_chinese_words_match_inside_text_without_spaces() -> None:
    assert found(COFFEE, "黑咖啡") == ["c1"]
    assert found(COFFEE, "咖啡") == ["c2", "c1"]  # literal hits: highest score first
    assert found(COFFEE, "用户\u3000咖啡 -拿铁") == ["c1"]
    assert found(COFFEE, "postgresql 用户") == ["c4"]


def test_chinese_fuzzy_only_when_nothing_matches_literally() -> None:
    # No memory says 冰咖啡: one character off, the coffee memories are the nearest.
    assert found(COFFEE, "冰咖啡") == ["c2", "c1"]
    # Two characters off out of three is too far.
    assert found(COFFEE, "冰咖茶") == []
    assert found(COFFEE, "咖茶") == []  # two characters: literal only
    # From six characters on, two may differ.
    assert found(COFFEE, "用户爱喝黑咖啡") == ["c1"]
    assert found(COFFEE, "用户讨厌喝白咖啡") == []


def test_many_texts_are_scored_in_threads_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = [entry(f"k{i}", f"用户喜欢{'黑白'[i % 2]}咖啡 {i}", score=i / 40) for i in range(40)]
    expected = found(entries, "冰咖啡")
    assert len(expected) == 40
    monkeypatch.setattr(search_module, "THREAD_CHUNK", 4)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert found(entries, "冰咖啡") == expected


def test_words_match_content_id_and_category_all_ignoring_case() -> None:
    assert found(COFFEE, "BLACK") == ["c3"]
    assert found(COFFEE, "c4 preference") == ["c4"]
    assert found(COFFEE, "workflow staging") == ["c5"]
    assert found(COFFEE, "coffee staging") == []


def test_phrases_and_exclusions() -> None:
    assert found(COFFEE, '"black coffee"') == ["c3"]
    assert found(COFFEE, '"coffee black"') == []
    assert found(COFFEE, "-sugar cat:fact") == ["c1", "c2"]
    assert found(COFFEE, '-"smoke tests" -用户') == ["c3"]
    assert found(COFFEE, "“不加糖也不加奶”") == ["c1"]


def test_latin_typos_find_the_word_meant() -> None:
    assert found(COFFEE, "deplyo") == ["c5"]  # two letters swapped
    assert found(COFFEE, "stagnig") == ["c5"]
    assert found(COFFEE, "cofee") == ["c3"]
    assert found(COFFEE, "tset") == ["c5"]  # "test", the start of "tests"
    assert found(COFFEE, "smoke-tsets") == ["c5"]  # each part on its own
    assert found(COFFEE, "postgersql 用户") == ["c4"]
    assert found(COFFEE, "deplo") == ["c5"]  # as typed so far: literal prefix
    assert found(COFFEE, "stagni") == ["c5"]  # a typo while still typing "staging"


def test_fuzzy_is_not_loose() -> None:
    assert found(COFFEE, "zzqx-no-such-word") == []
    assert found(COFFEE, "dpelyo") == []  # two edits in a six-letter word
    assert found(COFFEE, "tsxt") == []  # four letters: one edit at most
    assert found(COFFEE, "sgar") == ["c3"]
    assert found(COFFEE, "sgra") == []
    assert found(COFFEE, "sql2") == []
    words = [entry(f"w{i}", w) for i, w in enumerate(["2026 plans", "user likes tea", "used car"])]
    assert found(words, "2025") == []  # numbers are never typos
    assert found(words, "user") == ["w1"]  # found literally: "used" is no typo of it
    assert found(words, "uesr") == ["w1"]


def test_fuzzy_results_closest_first_then_score() -> None:
    entries = [
        entry("far", "a coffer of gold", score=0.9),
        entry("near", "coffee daily", score=0.2),
        entry("near2", "coffee hourly", score=0.6),
    ]
    assert found(entries, "cofee") == ["near2", "near", "far"]
    assert found(entries, "coff") == ["far", "near2", "near"]  # all literal: by score


def test_ties_keep_the_given_order_and_no_words_keep_it_entirely() -> None:
    entries = [entry(f"k{i}", "same words", score=s) for i, s in enumerate([0.2, 0.8, 0.2, 0.8])]
    assert found(entries, "words") == ["k1", "k3", "k0", "k2"]
    assert found(entries, "score>0") == ["k0", "k1", "k2", "k3"]
    assert found(entries, "") == ["k0", "k1", "k2", "k3"]


def test_a_word_found_elsewhere_is_not_fuzzy_here() -> None:
    entries = [entry("a", "deploy now", category="todo"), entry("b", "deplyo typo")]
    assert found(entries, "deploy") == ["a"]
    assert found(entries, "cat:fact deploy") == ["b"]  # no fact says "deploy": typo tolerance
    assert found(entries, "now deplyo") == []  # "deplyo" is literal in b, which lacks "now"


# -- the index -------------------------------------------------------------------------------


def test_index_update_takes_new_fields() -> None:
    entries = [entry("k1", "tea", score=0.1), entry("k2", "coffee", score=0.9)]
    index = SearchIndex(entries)
    assert len(index) == 2
    assert index.search("tea", TODAY) == ["k1"]
    index.update([entries[0].edited(content="matcha", score=0.95, category="todo", id="zz")])
    assert index.search("tea", TODAY) == []
    assert index.search("matcha", TODAY) == ["k1"]
    assert index.search("mathca", TODAY) == ["k1"]  # the new word joined the vocabulary
    assert index.search("teas", TODAY) == []  # and the old one left it
    assert index.search(parse_query("score>0.5 cat:todo id:z"), TODAY) == ["k1"]
    with pytest.raises(KeyError):
        index.update([entry("k3")])


def test_empty_index_and_query_object() -> None:
    assert SearchIndex([]).search("deploy cat:fact", TODAY) == []
    assert search(COFFEE, Query(words=("咖啡",)), today=TODAY) == ["c2", "c1"]


# -- properties ------------------------------------------------------------------------------

_FRAGMENTS = st.sampled_from(
    [
        "cat:fact",
        "cat:",
        "category:todo,fact",
        "score<0.3",
        "score<=",
        "score:>1",
        "hits>=5",
        "hits=x",
        "section:archived",
        "section:",
        "activated:<30d",
        "activated:>2026-01-01",
        "activated:<30x",
        "id:ab",
        '"exact phrase"',
        '"unclosed',
        "-word",
        '-"phrase"',
        "-",
        "foo:bar",
        "用户",
        "黑咖啡",
        "deplyo",
        "“",
        "\u3000",
    ]
)
_QUERIES = st.lists(st.one_of(_FRAGMENTS, st.text(max_size=8)), max_size=6).map(" ".join)


@given(st.one_of(_QUERIES, st.text(max_size=60)))
def test_parse_raises_only_query_error(text: str) -> None:
    try:
        parse_query(text)
    except QueryError as exc:
        assert 0 <= exc.position <= len(text)
        assert exc.message


_CATEGORIES = ["fact", "Fact", "todo", "preference"]
_DATES = [ago(n) for n in (0, 3, 7, 29, 30, 31, 90)] + ["2026-13-01", "20260101", "2026-02"]


@st.composite
def _entries(draw: st.DrawFn, alphabet: str = "ab 咖啡x") -> list[Entry]:
    rows = draw(
        st.lists(
            st.tuples(
                st.text("ab12", min_size=1, max_size=3),
                st.sampled_from(_CATEGORIES),
                st.one_of(st.sampled_from([0.0, 0.1, 0.295, 0.3, 0.305, 0.5]), st.floats(0, 1)),
                st.sampled_from(_DATES),
                st.integers(0, 12),
                st.text(alphabet, max_size=12),
                st.sampled_from(["active", "archived"]),
            ),
            max_size=25,
        )
    )
    return [
        Entry(f"k{i}", id_, cat, score, day, hits, content, section)  # type: ignore[arg-type]
        for i, (id_, cat, score, day, hits, content, section) in enumerate(rows)
    ]


Predicate = Callable[[Entry], bool]
_OPS: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "=": operator.eq,
}


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def _score_pred(op: str, value: float) -> Predicate:
    if op == "=":
        return lambda e: abs(e.score - value) <= 0.005
    return lambda e: _OPS[op](e.score, value)


def _age_pred(op: str, days: int) -> Predicate:
    def pred(e: Entry) -> bool:
        day = _day(e.last_activated)
        return day is not None and _OPS[op]((TODAY - day).days, days)

    return pred


def _date_pred(op: str, when: date) -> Predicate:
    def pred(e: Entry) -> bool:
        day = _day(e.last_activated)
        return day is not None and _OPS[op](day.toordinal(), when.toordinal())

    return pred


_OP = st.sampled_from(list(_OPS))
_FILTERS: st.SearchStrategy[tuple[str, Predicate]] = st.one_of(
    st.sets(st.sampled_from(["fact", "todo", "preference", "nosuch"]), min_size=1).map(
        lambda names: (
            "cat:" + ",".join(sorted(names)),
            lambda e: e.category.lower() in names,
        )
    ),
    st.tuples(_OP, st.sampled_from([0.0, 0.1, 0.3, 0.5, 1.0])).map(
        lambda t: (f"score{t[0]}{t[1]}", _score_pred(*t))
    ),
    st.tuples(_OP, st.integers(0, 12)).map(
        lambda t: (f"hits{t[0]}{t[1]}", lambda e: _OPS[t[0]](e.activation_count, t[1]))
    ),
    st.sampled_from(["active", "archived"]).map(
        lambda s: (f"section:{s}", lambda e: e.section == s)
    ),
    st.tuples(_OP, st.integers(0, 100)).map(lambda t: (f"activated:{t[0]}{t[1]}d", _age_pred(*t))),
    st.tuples(_OP, st.dates(date(2025, 11, 1), date(2026, 3, 31))).map(
        lambda t: (f"activated:{t[0]}{t[1].isoformat()}", _date_pred(*t))
    ),
    st.text("ab12AB", min_size=1, max_size=2).map(
        lambda p: (f"id:{p}", lambda e: e.id.lower().startswith(p.lower()))
    ),
)


@given(_entries(), st.lists(st.tuples(_FILTERS, st.booleans()), max_size=4))
def test_filters_agree_with_a_naive_filter(
    entries: list[Entry], filters: list[tuple[tuple[str, Predicate], bool]]
) -> None:
    query = " ".join(("-" if neg else "") + text for (text, _), neg in filters)
    expected = [e.key for e in entries if all(pred(e) != neg for (_, pred), neg in filters)]
    assert found(entries, query) == expected


_TERM = st.text("ab咖啡X1", min_size=1, max_size=3)


@given(_entries(alphabet="ab 咖啡x1"), st.lists(_TERM, max_size=2), st.lists(_TERM, max_size=3))
def test_excluded_words_never_appear(
    entries: list[Entry], words: list[str], excluded: list[str]
) -> None:
    query = " ".join(words + ["-" + w for w in excluded])
    keys = set(found(entries, query))
    for e in entries:
        if e.key in keys:
            for word in excluded:
                assert all(
                    word.lower() not in field.lower() for field in (e.id, e.category, e.content)
                )


@given(_entries(alphabet="ab 咖啡x"), st.text("ab咖啡", min_size=1, max_size=2))
def test_a_word_found_literally_gives_exactly_its_memories_by_score(
    entries: list[Entry], word: str
) -> None:
    def has(e: Entry) -> bool:
        return any(word.lower() in f.lower() for f in (e.id, e.category, e.content))

    literal = [e for e in entries if has(e)]
    result = found(entries, word)
    if literal:
        assert result == [e.key for e in sorted(literal, key=lambda e: -e.score)]


@given(_entries(), _QUERIES)
def test_results_are_distinct_input_keys(entries: list[Entry], text: str) -> None:
    try:
        keys = found(entries, text)
    except QueryError:
        return
    assert len(keys) == len(set(keys))
    assert set(keys) <= {e.key for e in entries}


@given(
    _entries(alphabet="用户喜欢黑咖啡茶，"),
    st.text("用户喜欢黑咖啡茶", min_size=3, max_size=7),
)
def test_cjk_typos_are_what_partial_ratio_accepts(entries: list[Entry], word: str) -> None:
    """A row matches when partial_ratio accepts it and it lacks at most `edits` of the word's
    characters (the rule in everbot.search's docstring). partial_ratio alone also accepts half the
    word at the very end of a row ("咖咖咖" for "咖咖咖啡喜户"): that is no typo of it."""
    hays = {e.key: f"{e.id}\n{e.category}\n{e.content}".lower() for e in entries}
    if any(word in hay for hay in hays.values()):
        return
    edits = 1 if len(word) <= 5 else 2
    bound = 100 * (len(word) - edits) / len(word) - 0.01
    expected = {
        key
        for key, hay in hays.items()
        if fuzz.partial_ratio(word, hay) >= bound
        and sum(char not in hay for char in set(word)) <= edits
    }
    assert set(found(entries, word)) == expected


@given(_entries(alphabet="abcde f"), st.text("abcdef", min_size=4, max_size=9))
def test_latin_typos_are_words_a_few_edits_away(entries: list[Entry], word: str) -> None:
    """A word found nowhere matches memories with a word (or a word's start) close enough."""
    hays = {e.key: f"{e.id}\n{e.category}\n{e.content}".lower() for e in entries}
    if any(word in hay for hay in hays.values()):
        return
    edits = 1 if len(word) <= 7 else 2

    def close(e: Entry) -> bool:
        words = re.findall(r"[a-z0-9_]{3,}", f"{e.category} {e.content}".lower())
        return any(
            min(OSA.distance(word, w), OSA.distance(word, w[: len(word)])) <= edits for w in words
        )

    assert set(found(entries, word)) == {e.key for e in entries if close(e)}
