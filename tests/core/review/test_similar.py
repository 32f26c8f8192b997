"""Duplicates, contradictions and related memories (core/review/similar.py, duplicates.py, related.py): blocking finds what
comparing every pair finds, on demo memories with small edits."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.demo import write_demo
from core.registry import agent_named
from core.review.disagreement import disagreement
from core.review.duplicates import contradictions, duplicates_and_contradictions
from core.review.model import Memory, ReviewContext
from core.review.queue import memories_in
from core.review.related import RelatedIndex
from core.review.similar import similar_pairs
from tests.helpers import session_at


def _demo_memories(layout: str, folder: Path) -> list[Memory]:
    agent = agent_named(layout)
    write_demo(folder, layout=layout, entries=300, seed=7)
    return memories_in(session_at(folder, agent))[1]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> list[Memory]:
    return _demo_memories("everbot", tmp_path_factory.mktemp("demo") / "ws")


DEMO: list[Memory] = []


def demo_memories() -> list[Memory]:
    """The demo memories, written once (hypothesis strategies cannot take fixtures)."""
    if not DEMO:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            DEMO.extend(_demo_memories("everbot", Path(tmp) / "ws"))
    return DEMO


def mem(key: str, content: str, category: str | None = "fact") -> Memory:
    return Memory("MEMORY.md", key, key, content, category=category)


@st.composite
def edited(draw: st.DrawFn, text: str) -> str:
    """The text with a few characters deleted, replaced or inserted, or its case and spaces changed."""
    chars = list(text)
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, max(0, len(chars) - 1)))
        kind = draw(st.sampled_from(["delete", "replace", "insert", "space", "case"]))
        if kind == "delete" and chars:
            del chars[at]
        elif kind in ("replace", "insert"):
            new = draw(st.sampled_from(list("aeiou xyz的了不很喜欢咖啡")))
            chars[at : at + (kind == "replace")] = [new]
        elif kind == "space":
            chars.insert(at, draw(st.sampled_from([" ", "  ", "\t", "\n"])))
        elif chars:
            chars[at] = chars[at].swapcase()
    return "".join(chars)


@st.composite
def realistic(draw: st.DrawFn) -> list[Memory]:
    """A few demo memories and edited copies of some of them, in a random order."""
    pool = demo_memories()
    picked = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=14))
    out = []
    for n, original in enumerate(picked):
        text = original.content
        if draw(st.booleans()):
            text = draw(edited(text))
        category = draw(st.sampled_from([original.category, original.category, "todo", None]))
        out.append(Memory("MEMORY.md", f"k{n}", f"k{n}", text, category=category))
    return out


def brute_force(
    memories: list[Memory], threshold: float, same_category: bool
) -> set[tuple[str, str]]:
    from core.review.similar import _similarity, normal_text

    found = set()
    for a, b in combinations(memories, 2):
        if same_category and a.category and b.category and a.category != b.category:
            continue
        if _similarity(normal_text(a.content), normal_text(b.content)) >= threshold:
            found.add((a.key, b.key))
    return found


def keys(pairs: list) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return [(p.a.key, p.b.key) for p in pairs]


QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(realistic(), st.sampled_from([85.0, 95.0]), st.booleans())
def test_blocking_finds_what_comparing_every_pair_finds(
    memories: list[Memory], threshold: float, same_category: bool
) -> None:
    got = keys(similar_pairs(memories, threshold=threshold, same_category=same_category))
    assert set(got) == brute_force(memories, threshold, same_category)


@QUICK
@given(realistic(), st.booleans())
def test_at_a_low_threshold_blocking_finds_only_real_pairs(
    memories: list[Memory], same_category: bool
) -> None:
    """Two texts only 60% alike may share no rare word (two release checklists with other
    steps): blocking never promised those, and finds nothing that is not there."""
    got = keys(similar_pairs(memories, threshold=60.0, same_category=same_category))
    assert set(got) <= brute_force(memories, 60.0, same_category)


@QUICK
@given(realistic(), st.data())
def test_a_copy_with_other_spaces_and_case_is_always_paired(
    memories: list[Memory], data: st.DataObject
) -> None:
    original = data.draw(st.sampled_from(memories))
    spaced = "  ".join(original.content.split()).swapcase() + " \n"
    copy = Memory("MEMORY.md", "copy", "copy", spaced, category=original.category)
    at = data.draw(st.integers(0, len(memories)))
    everyone = [*memories[:at], copy, *memories[at:]]
    found = {
        frozenset(k): p.score
        for k, p in zip(keys(similar_pairs(everyone)), similar_pairs(everyone), strict=True)
    }
    assert found[frozenset({original.key, "copy"})] == 100.0


@QUICK
@given(realistic(), st.booleans())
def test_pairs_are_unique_ordered_and_never_a_memory_with_itself(
    memories: list[Memory], same_category: bool
) -> None:
    order = {m.key: n for n, m in enumerate(memories)}
    got = keys(similar_pairs(memories, threshold=60.0, same_category=same_category))
    assert len(got) == len({frozenset(k) for k in got})
    assert all(order[a] < order[b] for a, b in got)


@QUICK
@given(realistic())
def test_different_categories_never_pair(memories: list[Memory]) -> None:
    by_key = {m.key: m for m in memories}
    for a, b in keys(similar_pairs(memories, threshold=60.0)):
        ca, cb = by_key[a].category, by_key[b].category
        assert not (ca and cb and ca != cb)


def test_categories_pair_when_asked_not_to_care() -> None:
    memories = [mem("a", "用户喜欢黑咖啡", "fact"), mem("b", "用户喜欢黑咖啡", "preference")]
    assert keys(similar_pairs(memories)) == []
    assert keys(similar_pairs(memories, same_category=False)) == [("a", "b")]


@pytest.mark.parametrize(
    ("first", "second", "why"),
    [
        ("用户喜欢黑咖啡", "用户不喜欢黑咖啡", "一条说“不喜欢”，另一条说“喜欢”"),
        ("用户喜欢黑咖啡", "用户讨厌黑咖啡", "一条说“讨厌”，另一条说“喜欢”"),
        ("用户喝咖啡", "用户不再喝咖啡", "较新的一条说“不再”"),
        (
            "用户不吃辣，喜欢黑咖啡。11 月 2 日",
            "用户不吃辣，不喜欢黑咖啡。11 月 3 日",
            "一条说“不喜欢”，另一条说“喜欢”",
        ),
        (
            "用户把编辑器改成了 vim",
            "用户把编辑器改成了 emacs",
            "一条说改成“vim”，另一条说“emacs”",
        ),
        (
            "The user prefers dark mode",
            "The user no longer prefers dark mode",
            "the newer one says “no longer”",
        ),
        (
            "The user likes green tea",
            "The user dislikes green tea",
            "one says “dislikes”, the other “likes”",
        ),
        ("The user doesn't like tea", "The user likes tea", "only one says “doesn't”"),
        (
            "The user prefers dark mode",
            "The user prefers light mode",
            "one says prefers “dark”, the other “light”",
        ),
        (
            "生产发布窗口是每周二晚上八点",
            "生产发布窗口是每周四晚上八点",
            "一条说“周二”，另一条说“周四”",
        ),
        ("团队的主力语言是 Kotlin", "团队的主力语言是 Go", "一条说“Kotlin”，另一条说“Go”"),
        (
            "payments-api 扩容前要先找产品经理确认配额",
            "payments-api 扩容前要先找架构组确认配额",
            "一条说“产品经理”，另一条说“架构组”",
        ),
    ],
)
def test_contradictions_in_both_languages(first: str, second: str, why: str) -> None:
    """Two memories with no dates: the one saying something stopped or changed is the newer,
    and the reason is in the memories' language."""
    found = contradictions([mem("a", first), mem("b", second)])
    assert [(c.a.key, c.b.key, c.why) for c in found] == [("a", "b", why)]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("用户喜欢黑咖啡", "用户喜欢绿茶"),
        ("用户住在杭州", "用户在杭州工作"),
        ("The user lives in Berlin", "The user works in Berlin"),
        ("The piano lessons are on Monday", "The pia lessons are on Monday"),
        ("用户喜欢黑咖啡，住在杭州", "用户不喜欢绿茶，住在杭州"),
        (
            "User prefers pytest over unittest; says why",
            "User prefers Postgres over MySQL; says why",
        ),
        (
            "Lesson: never deploy on a Friday evening.",
            "Lesson: set up alerts before the traffic arrives.",
        ),
        # what a subject is not, or one of its values: both may hold
        ("用户的工作电脑不是 Mac，是公司配的", "用户的工作电脑不是 Windows，是公司配的"),
        ("The build server isn't Jenkins", "The build server isn't TeamCity"),
        ("One of the user's languages is Kotlin", "One of the user's languages is Go"),
        ("用户常用的语言之一是 Kotlin", "用户常用的语言之一是 Go"),
    ],
)
def test_different_facts_are_no_contradiction(first: str, second: str) -> None:
    assert disagreement(first, second) is None


def test_a_pair_that_disagrees_is_no_duplicate() -> None:
    memories = [mem("a", "The user prefers dark mode in every editor"),
                mem("b", "The user no longer prefers dark mode in every editor"),
                mem("c", "The user prefers  DARK mode in every editor")]  # fmt: skip
    duplicates, disagree = duplicates_and_contradictions(memories)
    assert keys(duplicates) == [("a", "c")]
    # b says "no longer": it is the newer of each pair it is in
    assert sorted(keys(disagree)) == [("a", "b"), ("c", "b")]  # type: ignore[arg-type]


def test_the_demo_corpus_has_few_contradictions(demo: list[Memory]) -> None:
    for c in contradictions(demo):
        assert disagreement(c.a.content, c.b.content) == c.why


def test_related_and_search(demo: list[Memory]) -> None:
    extra = [
        mem("x1", "用户养了一只叫阿福的柴犬"),
        mem("x2", "柴犬阿福每天散步两次"),
        mem("x3", "Zorblax ships on Tuesdays"),
    ]
    index: ReviewContext = RelatedIndex([*demo, *extra])
    related = index.related(extra[0], limit=5)
    assert extra[0] not in related
    assert extra[1] in related[:2]
    assert extra[2] not in related
    assert len(related) <= 5
    assert index.search("阿福", limit=2) == extra[:2]
    assert index.search("zorblax tuesdays")[0] == extra[2]
    assert index.search("", limit=3) == []


def test_two_facts_from_one_template_are_no_duplicates() -> None:
    """Deleting "the weaker copy" of these would lose a fact: they name other things."""
    memories = [
        mem("a", "notify-service keeps its data in Redis; backups are kept for 7 days."),
        mem("b", "order-service keeps its data in Redis; backups are kept for 7 days."),
        mem("c", "Never restart Nacos in business hours without telling the group."),
        mem("d", "Never restart Redis in business hours without telling the group."),
        mem("e", "Deployed api-gateway v1.18.2 to k8s-prod-01; full rollout."),
        mem("f", "Deployed api-gateway v1.18.3 to k8s-prod-01; full rollout."),
        mem("g", "用户查日志习惯用 Kibana，看指标用 Grafana。"),
        mem("h", "用户查日志习惯用 Loki，看指标用 Grafana。"),
        mem("i", "生产发布窗口是每周二 20:00-22:00，窗口外的变更需要审批。"),
        mem("j", "生产发布窗口是每周四 20:00-22:00，窗口外的变更需要审批。"),
        mem("k", "User prefers dark mode in every editor and in the terminal."),
        mem("l", "User prefers dark mode in all editors and the terminal."),
    ]
    duplicates, _disagree = duplicates_and_contradictions(memories)
    assert keys(duplicates) == [("k", "l")]  # the one pair that says the same thing


def dated(key: str, content: str, when: str | None = None) -> Memory:
    return Memory("MEMORY.md", key, key, content, category=None, last_activated=when)


@pytest.mark.parametrize(
    ("first", "second", "why"),
    [
        # two drills, the one no glossary word names: two facts, not copies
        (
            dated("a", "机房断网演练由这个群负责组织，每季度一次。"),
            dated("b", "Kafka broker 下线演练由这个群负责组织，每季度一次。"),
            None,
        ),
        # the same releases, gated by someone else: the newer (the second, as dates are equal)
        # supersedes
        (
            dated("a", "每周二的发布由前端的阿杰把关，发布前先在群里确认。"),
            dated("b", "每周二的发布由架构组把关，发布前先在群里确认。"),
            "一条说“前端的阿杰”，另一条说“架构组”",
        ),
        (
            dated("a", "每周二和周四的发布由产品经理把关，发布前先在群里确认。"),
            dated("b", "每周二和周四的发布由测试同学把关，发布前先在群里确认。"),
            "一条说“产品经理”，另一条说“测试同学”",
        ),
        # one subject, two values, and the rest of each goes on differently
        (
            dated(
                "a", "用户的主要开发语言是 Kotlin，常用 Spring Boot，偶尔用 Jupyter 做数据分析。"
            ),
            dated("b", "用户的主要开发语言是 Go，常用 Gin 框架，平时在 Linux 服务器上开发。"),
            "一条说“Kotlin”，另一条说“Go”",
        ),
        # the newer one says what it switched from
        (
            dated("a", "Use vim keybindings in every editor tip.", "2026-09-16"),
            dated(
                "b", "Use Helix keybindings in every editor tip; I switched from vim.", "2026-11-22"
            ),
            "the newer one says “switched”",
        ),
        # two keys of a profile share a name, not a fact
        (dated("a", "nora@example.com"), dated("b", "Nora"), None),
        # 改喝: what the user drinks now
        (
            dated("a", "用户的咖啡偏好是无糖拿铁，大杯。", "2026-11-03"),
            dated("b", "咖啡偏好更新：用户最近改喝燕麦拿铁，还是不加糖、大杯。", "2026-11-22"),
            "较新的一条说“改喝”",
        ),
    ],
)
def test_the_demo_pairs_a_new_user_meets_first(
    first: Memory, second: Memory, why: str | None
) -> None:
    """Pairs of the OpenClaw and Pomeloclaw demos, read as a person reads them: none is a copy,
    and the older one (by date, else the first in the file) is the one a contradiction
    supersedes."""
    duplicates, disagree = duplicates_and_contradictions([first, second])
    assert keys(duplicates) == []
    assert [(c.a.key, c.b.key, c.why) for c in disagree] == ([("a", "b", why)] if why else [])


def test_what_one_subject_is_set_to_in_a_first_clause() -> None:
    """A first clause "<subject> 是 / is <value>", whatever follows: two values of one subject
    disagree; a subject said to be one of several, or set to two activities, does not."""
    assert disagreement(
        "用户的主力编辑器是 Neovim，插件用 lazy.nvim 管理。",
        "用户的主力编辑器是 Zed，主题用 One Dark。",
    ) == ("一条说“Neovim”，另一条说“Zed”")
    assert disagreement(
        "The team's issue tracker is Jira, with two-week sprints.",
        "The team's issue tracker is Linear, synced to GitHub.",
    ) == ("one says “Jira”, the other “Linear”")
    for first, second in [
        ("用户的一个爱好是攀岩，周末常去岩馆。", "用户的一个爱好是摄影，出门都带相机。"),
        ("用户的习惯是早上跑步，每次五公里。", "用户的习惯是睡前看书，每次半小时。"),
        (
            "One of the user's languages is Kotlin, with Spring.",
            "One of the user's languages is Go, with Gin.",
        ),
        ("每周二的发布由阿杰把关，发布前先确认。", "每周二的发布由架构组负责组织，每周一次。"),
    ]:
        assert duplicates_and_contradictions([mem("a", first), mem("b", second)]) == ([], [])


def test_what_a_subject_is_now_is_what_the_newest_says() -> None:
    """Three memories set one subject three ways: each older one is superseded by the newest,
    not by another older one (which is outdated too)."""
    memories = [
        dated("a", "用户的主力数据库是 PostgreSQL，备份每天凌晨做一次，保留两周。", "2026-03-01"),
        dated("b", "用户的主力数据库是 MySQL，主从各一台，读写分离。", "2026-04-01"),
        dated("c", "用户的主力数据库是 TiDB，部署在三台机器上。", "2026-05-01"),
    ]
    _duplicates, disagree = duplicates_and_contradictions(memories)
    assert sorted(keys(disagree)) == [("a", "c"), ("b", "c")]  # type: ignore[arg-type]
