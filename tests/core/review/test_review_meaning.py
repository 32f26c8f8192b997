"""Duplicates and contradictions by meaning (core/review/reading.py, superseded.py, duplicates.py):
a Chinese memory and its English twin are one fact, two facts from one template are not, and a
newer memory that says the older one changed or stopped supersedes it. The sentences are this
test's own, about people and work the review bench does not describe."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.review import duplicates
from core.review.codes import code_of
from core.review.duplicates import duplicates_and_contradictions
from core.review.model import Memory
from core.review.reading import _light_concepts, clauses_of, light_features, read
from core.review.similar import Contradiction, Pair
from tests.helpers import session_at

TWINS = [  # (older, newer): one fact said twice, mostly in two languages
    (
        "用户每周六早上带女儿去上游泳课",
        "Every Saturday morning the user takes her daughter to swimming lessons.",
    ),
    ("用户喜欢靠窗的座位，坐飞机必选靠窗", "User always picks a window seat when flying."),
    (
        "用户的猫叫团子，是一只三岁的英短",
        "The user's cat is called Tuanzi, a three-year-old British Shorthair.",
    ),
    (
        "用户习惯晚上十一点前睡觉，早上六点半起床",
        "User goes to bed before 11pm and gets up at 6:30.",
    ),
    ("用户每天早上喝一杯美式，不加糖", "The user drinks an americano every morning, no sugar."),
    (
        "用户在杭州一家电商公司做数据分析",
        "User works as a data analyst at an e-commerce company in Hangzhou.",
    ),
    (
        "用户每个月 10 号交房租，通过支付宝转给房东",
        "User pays rent to the landlord through Alipay on the 10th of every month.",
    ),
    ("代码合并前必须有两个人 review", "Code needs two reviewers before it is merged."),
    ("用户的 GitHub 用户名是 lchen-dev", "User's GitHub username is lchen-dev."),
    (
        "部署脚本放在 ops-tools 仓库的 deploy 目录下",
        "The deploy scripts live in the deploy folder of the ops-tools repo.",
    ),
    ("用户的车是白色的特斯拉 Model 3", "User drives a white Tesla Model 3."),
    ("用户讨厌开视频会议，更愿意打字沟通", "用户不喜欢开视频会议，宁愿打字交流"),
    ("用户每周三晚上和朋友打羽毛球", "用户每周三晚上都会跟朋友去打羽毛球。"),
    ("用户在准备雅思考试，目标 7 分", "User is preparing for the IELTS exam, aiming for a 7."),
    (
        "周报每周五下午五点前发给主管",
        "The weekly report goes to the supervisor before 5pm every Friday.",
    ),
    ("数据库备份保留 30 天", "Database backups are kept for 30 days."),
    ("用户家里有两只猫", "The user has two cats at home."),
]
SUPERSEDED = [  # (older, newer, what the reason quotes)
    ("家里宽带的月费是 99 元", "家里宽带的月费只要 59 元了", "59"),
    ("用户每周二晚上去健身房练腿", "用户健身从这个月起改到每周四晚上练腿了", "周四"),
    ("用户住在上海浦东张江", "用户上个月搬到了上海徐汇，不住张江了", "不住张江了"),
    (
        "Team standup is at 9:30 every morning.",
        "Standup moved to 10:00 starting next week.",
        "10:00",
    ),
    (
        "The user's manager is Priya.",
        "The user's manager is now Tom; Priya moved to another team.",
        "now",
    ),
    ("用户在学日语，每周上两次课", "用户已经不再学日语了，课也退了", "不再"),
    ("房租每月 4500 元", "房东从下个月起把房租涨到每月 4800 元", "4800"),
    ("孩子的钢琴课在周六上午十点", "钢琴课从九月开始改到周日下午三点", "周日"),
    (
        "User uses Evernote for notes.",
        "User no longer uses Evernote; everything moved to Obsidian.",
        "no longer",
    ),
    ("项目的截止日期是 11 月 30 日", "项目截止日期推迟到 12 月 15 日了", "12月15日"),
    ("用户每天骑车上班", "用户现在改坐地铁上班了，自行车卖掉了", "改坐"),
    ("用户用 MySQL 5.7 跑主库", "主库已经从 MySQL 5.7 升级到 8.0 了", "8"),
    ("The daily sync is at 11am.", "The daily sync was moved to 2pm.", "2:00"),
    ("孩子的数学家教每小时 200 元", "数学家教从这学期起涨到每小时 260 元", "260"),
    (
        "User's son takes the school bus.",
        "The son no longer takes the school bus; he walks now.",
        "no longer",
    ),
    # 改 and what is done instead: 改喝, 改骑
    ("用户的早餐饮品是美式咖啡，不加奶", "早餐饮品更新：用户最近改喝燕麦拿铁，还是不加奶", "改喝"),
    (
        "用户的通勤方式是坐地铁，单程四十分钟",
        "通勤方式变了：用户最近改骑电动车，单程二十五分钟",
        "改骑",
    ),
    (  # what it changed from is what the older one says
        "Format Python with black in every snippet.",
        "Format Python with ruff in every snippet; we switched from black.",
        "switched",
    ),
    # one subject set to two things in the first clause, whatever follows
    (
        "用户的主力编辑器是 Neovim，插件用 lazy.nvim 管理",
        "用户的主力编辑器是 Zed，主题用 One Dark",
        "Zed",
    ),
    (
        "The team's issue tracker is Jira, with two-week sprints.",
        "The team's issue tracker is Linear, synced to GitHub.",
        "Linear",
    ),
    # who does it ("由 … 把关"): another one
    (
        "每周四的上线由运维的小周把关，上线前在群里报备",
        "每周四的上线由测试组把关，上线前在群里报备",
        "测试组",
    ),
]
TWO_FACTS = [  # alike, but two facts: neither a duplicate nor a contradiction
    ("用户今天很累，不想说话", "用户今天很累，想早点睡"),  # two passing states, two days
    ("Nginx 的访问日志保留 14 天", "审计日志保留 14 天"),  # one template, two subjects
    ("测试环境每天凌晨两点自动重启", "预发环境每天凌晨两点自动重启"),
    ("用户喜欢喝绿茶", "用户喜欢喝红茶"),  # one template, two things at its end
    (
        "User often asks me to draft emails for clients.",
        "User often asks me to summarize long PDFs.",
    ),
    (
        "用户喜欢深色主题。10 月 3 日在 atlas 的周会上提到",
        "用户喜欢深色主题。10 月 3 日在 orion 的周会上提到",
    ),
    ("用户每天晚上十点遛狗", "用户每天晚上练书法"),
    ("用户每周一下午开部门周会", "用户每周三上午和客户开需求会"),
    ("用户的儿子叫乐乐，今年五岁", "用户的女儿叫悦悦，今年八岁"),
    ("billing-service 用 Java 17", "search-service 用 Go 1.21"),
    ("用户早上喝咖啡", "用户下午三点以后不喝咖啡"),
    ("北京办公室在朝阳区", "上海办公室在静安区"),
    ("The staging database is PostgreSQL 15.", "The analytics warehouse runs ClickHouse 23."),
    ("用户的生日是 3 月 12 日", "用户妻子的生日是 7 月 8 日"),
    ("项目 A 的预算是 50 万", "项目 B 的预算是 80 万"),
    ("用户用 VS Code 写前端", "用户用 PyCharm 写 Python"),
    ("User's flight to Tokyo is on May 3.", "User's flight back from Tokyo is on May 10."),
    ("Python 3.12 用在 new-api 项目", "Python 3.9 还留在 legacy-etl 项目"),
    ("用户的爸爸血压高", "用户的妈妈血糖高"),
    ("The kids' school starts at 8am.", "The kids' swimming class starts at 4pm."),
    ("用户用微信和家人联系", "用户用钉钉和同事联系"),
    ("api-gateway 的超时是 30 秒", "auth-service 的超时是 5 秒"),
    ("车位费每季度交一次", "房东从下个月起把物业费涨到每月 300 元"),
    # two things the glossary does not know, done by one group: two facts
    ("沙盘推演由这个群负责组织，每季度一次", "Redis 主从切换演练由这个群负责组织，每季度一次"),
    ("机柜巡检由值班同学负责，每周一次", "Nginx 证书续期由值班同学负责，每周一次"),
    ("hana@example.net", "Hana"),  # one name shared, too little to be one fact
    ("用户的一个爱好是攀岩，周末常去岩馆", "用户的一个爱好是摄影，出门都带相机"),  # one of many
    ("用户的习惯是早上跑步，每次五公里", "用户的习惯是睡前看书，每次半小时"),  # two habits
]
IMPORTANT_TWINS = [  # a fact that must not be deleted on a guess, said twice: left to the person
    (
        "用户对青霉素过敏，看病时要提醒医生",
        "The user is allergic to penicillin and reminds doctors about it.",
    ),
    (
        "用户的妈妈有高血压，每天吃降压药",
        "The user's mother has high blood pressure and takes medication every day.",
    ),
]
OTHERS = [  # the rest of a workspace, so that common words weigh what they weigh in one
    "用户喜欢简洁的回答，不要太长",
    "The user is a product manager in a fintech startup.",
    "用户的英文名是 Leo",
    "TODO: 下周五前提交报销单",
    "User prefers Markdown tables over bullet lists.",
    "用户的老家在湖南长沙",
    "用户周末喜欢去公园散步",
    "The user's laptop is a ThinkPad X1.",
    "用户是一名律师，主要做知识产权案子",
    "The user speaks Cantonese at home.",
    "用户怕冷，冬天喜欢泡脚",
    "User hates being called before 9am.",
    "用户在学做面包，周末会烤一次",
    "用户每天通勤一个小时，路上听播客",
    "The team uses GitLab for code and Slack for chat.",
]


@dataclass(frozen=True)
class Workspace:
    memories: tuple[Memory, ...]
    duplicates: tuple[Pair, ...]
    contradictions: tuple[Contradiction, ...]

    def found(self, older: str, newer: str) -> tuple[str, Pair | Contradiction] | None:
        """What was found for the pair of memories with these texts."""
        keys = {m.content: m.key for m in self.memories}
        pair = {keys[older], keys[newer]}
        for p in self.duplicates:
            if {p.a.key, p.b.key} == pair:
                return "duplicate", p
        for c in self.contradictions:
            if {c.a.key, c.b.key} == pair:
                return "contradiction", c
        return None


@cache
def workspace() -> Workspace:
    """Every pair above and the rest, in one workspace: the older of a pair last activated in
    March, the newer in May, the rest in April."""
    memories: list[Memory] = []

    def add(text: str, when: str) -> None:
        key = f"m{len(memories):03d}"
        memories.append(Memory("MEMORY.md", key, key, text, category="fact", last_activated=when))

    for older, newer, *_ in (*TWINS, *SUPERSEDED, *TWO_FACTS, *IMPORTANT_TWINS):
        add(older, "2026-03-01")
        add(newer, "2026-05-01")
    for text in OTHERS:
        add(text, "2026-04-01")
    duplicates, disagree = duplicates_and_contradictions(memories)
    return Workspace(tuple(memories), tuple(duplicates), tuple(disagree))


@pytest.mark.parametrize(("older", "newer"), TWINS)
def test_one_fact_said_twice_is_a_duplicate(older: str, newer: str) -> None:
    found = workspace().found(older, newer)
    assert found is not None and found[0] == "duplicate", found


@pytest.mark.parametrize(("older", "newer"), IMPORTANT_TWINS)
def test_an_important_fact_is_no_copy_to_delete(older: str, newer: str) -> None:
    """Its weaker copy would be deleted (core.review.triggers): an allergy or a health condition
    is not deleted on a guess, so the pair is not proposed."""
    assert workspace().found(older, newer) is None


@pytest.mark.parametrize(("older", "newer", "quoted"), SUPERSEDED)
def test_the_older_of_a_changed_fact_is_superseded(older: str, newer: str, quoted: str) -> None:
    found = workspace().found(older, newer)
    assert found is not None and found[0] == "contradiction", found
    c = found[1]
    assert isinstance(c, Contradiction)
    assert c.a.content == older  # the older one goes (core.review.triggers deletes c.a)
    assert quoted in c.why
    chinese = any("\u4e00" <= ch <= "\u9fff" for ch in older)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in c.why) == chinese  # in the older's language


@pytest.mark.parametrize(("first", "second"), TWO_FACTS)
def test_two_facts_from_one_template_are_left_alone(first: str, second: str) -> None:
    assert workspace().found(first, second) is None


def test_nothing_else_is_paired() -> None:
    """Of all the pairs the workspace holds, only the twins and the changed facts are found."""
    ws = workspace()
    meant = {frozenset((a, b)) for a, b in TWINS} | {frozenset((a, b)) for a, b, _q in SUPERSEDED}
    found = {frozenset((p.a.content, p.b.content)) for p in ws.duplicates}
    found |= {frozenset((c.a.content, c.b.content)) for c in ws.contradictions}
    assert found <= meant, found - meant


# -- reading: the same values however they are written ----------------------------------------------
@pytest.mark.parametrize(
    ("chinese", "english"),
    [
        ("每天上午十点", "every morning at 10am"),
        ("晚上七点半", "at 7:30pm"),
        ("22:00 以后", "after 10pm"),
        ("每周二和周四", "on Tuesdays and Thursdays"),
        ("星期日", "Sunday"),
        ("九月", "September"),
        ("8 月 20 日", "Aug 20"),
        ("两只猫", "two cats"),
        ("五种颜色", "5 colours"),
        ("27 寸显示器", "a 27-inch monitor"),
    ],
)
def test_values_read_alike_in_both_languages(chinese: str, english: str) -> None:
    assert read(chinese).values == read(english).values != frozenset()


@pytest.mark.parametrize(
    ("chinese", "english"),
    [
        ("用户讨厌开会", "the user hates meetings"),
        ("孩子对花生过敏", "the kid is allergic to peanuts"),
        ("用户每天早上跑步", "the user goes running every morning"),
        ("数据库备份", "database backups"),
        ("用户周末不回工作消息", "on weekends the user does not reply to work messages"),
    ],
)
def test_the_glossary_reads_both_languages_as_one(chinese: str, english: str) -> None:
    zh, en = read(chinese), read(english)
    shared = zh.concepts & en.concepts
    assert len(shared) >= 2
    assert len(shared) * 2 >= min(len(zh.concepts), len(en.concepts))


def test_names_are_what_a_text_names() -> None:
    reading = read("order-service 跑在 Go 1.22 上，日志进 Kibana")
    assert {"w:order-service", "w:kibana"} <= reading.names
    assert "n:1.22" in reading.values
    assert read("用户住在北京").names == read("The user lives in Beijing").names != frozenset()


@pytest.mark.parametrize(
    ("text", "stopped", "changed"),
    [
        ("用户已经不再用 CocoaPods 了", True, False),
        ("User no longer drinks coffee.", True, False),
        ("站会从五月起提前到每天 9:45", False, True),
        ("The squad moved from Jira to Linear.", False, True),
        ("日志只留 14 天了", False, True),
        ("孩子今年 6 岁了", False, True),
        ("用户每天早上喝咖啡", False, False),
        ("用户说过期了就重新登录", False, False),
        ("User drinks coffee every morning.", False, False),
    ],
)
def test_what_says_a_fact_stopped_or_changed(text: str, stopped: bool, changed: bool) -> None:
    reading = read(text)
    assert (reading.stopped is not None, reading.changed is not None) == (stopped, changed)


# -- properties -------------------------------------------------------------------------------------
ZH_HOURS = "零一二三四五六七八九十"
ZH_WEEKDAYS = "一二三四五六日"
EN_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def zh_number(n: int) -> str:
    if n <= 10:
        return ZH_HOURS[n]
    return ("" if n < 20 else ZH_HOURS[n // 10]) + "十" + (ZH_HOURS[n % 10] if n % 10 else "")


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 23), st.sampled_from([0, 30]), st.integers(0, 6), st.booleans())
def test_a_time_and_weekday_read_the_same_in_both_languages(
    hour: int, minute: int, day: int, digits: bool
) -> None:
    daypart = "下午" if hour >= 12 else "上午"
    shown = str(hour % 12 or 12) if digits else zh_number(hour % 12 or 12)
    chinese = f"每周{ZH_WEEKDAYS[day]}{daypart}{shown}点{'半' if minute else ''}开会"
    suffix = "pm" if hour >= 12 else "am"
    english = f"Meeting every {EN_WEEKDAYS[day]} at {hour % 12 or 12}:{minute:02d}{suffix}"
    assert read(chinese).values == read(english).values


@settings(max_examples=40, deadline=None)
@given(st.permutations(list(range(12))))
def test_the_order_of_the_memories_changes_nothing_found(order: list[int]) -> None:
    twins = [TWINS[0], TWINS[1], TWINS[3]]
    texts = [t for pair in twins + SUPERSEDED[:3] for t in pair[:2]]
    dates = ["2026-03-01", "2026-05-01"] * (len(texts) // 2)
    memories = [
        Memory("MEMORY.md", f"k{i}", f"k{i}", texts[i], category="fact", last_activated=dates[i])
        for i in order
    ]
    duplicates, disagree = duplicates_and_contradictions(memories)
    assert sorted(tuple(sorted((p.a.key, p.b.key))) for p in duplicates) == [
        ("k0", "k1"),
        ("k2", "k3"),
        ("k4", "k5"),
    ]
    assert sorted((c.a.key, c.b.key) for c in disagree) == [
        ("k10", "k11"),
        ("k6", "k7"),
        ("k8", "k9"),
    ]


@cache
def demo_memories() -> tuple[Memory, ...]:
    """An agent's demo memories (core.demo), written once: a crowd to hide the pairs in."""
    import tempfile
    from pathlib import Path

    from core.demo import write_demo
    from core.registry import agent_named
    from core.review.queue import memories_in

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "ws"
        write_demo(folder, layout="everbot", entries=600, seed=11)
        return tuple(memories_in(session_at(folder, agent_named("everbot")))[1])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_blocking_finds_the_pairs_comparing_every_pair_finds(seed: int) -> None:
    """Past a few hundred memories the scan compares only the memories that share one of their
    rarest features: a Chinese memory and its English twin share them (a name, a number, a
    glossary concept), so blocking loses none of the pairs planted among the demo's memories."""
    import random

    import core.review.duplicates as duplicates

    rng = random.Random(seed)
    memories = list(rng.sample(demo_memories(), 450))
    planted: set[frozenset[str]] = set()
    for n, (older, newer, *_rest) in enumerate((*TWINS, *SUPERSEDED)):
        a = Memory("MEMORY.md", f"p{n}a", f"p{n}a", older, "fact", last_activated="2026-03-01")
        b = Memory("MEMORY.md", f"p{n}b", f"p{n}b", newer, "fact", last_activated="2026-05-01")
        memories.insert(rng.randrange(len(memories) + 1), a)
        memories.insert(rng.randrange(len(memories) + 1), b)
        planted.add(frozenset((a.key, b.key)))

    def found() -> set[frozenset[str]]:
        duplicates, disagree = duplicates_and_contradictions(memories)
        pairs = {frozenset((p.a.key, p.b.key)) for p in duplicates}
        return pairs | {frozenset((c.a.key, c.b.key)) for c in disagree}

    limit = duplicates._EVERY_PAIR_UP_TO
    try:
        duplicates._EVERY_PAIR_UP_TO = 10**9
        every = found() & planted
        duplicates._EVERY_PAIR_UP_TO = 0
        blocked = found() & planted
    finally:
        duplicates._EVERY_PAIR_UP_TO = limit
    assert blocked == every
    assert len(every) >= len(planted) * 3 // 4  # and most of them are found among the crowd


def test_the_light_concepts_are_named_once_not_at_each_comparison() -> None:
    """superseded asks for them at each feature it weighs (138,524 times for 2,500 users, each
    building a set of 66 strings: 3% of a fleet's review); now built once."""
    assert light_features() is light_features()
    assert "c" + str(min(_light_concepts())) in light_features()


def test_a_features_weight_is_looked_up_once_per_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pairs a scan compares share their features: each was looked up again for every pair
    (952,993 look-ups for 2,500 Hermes users); now once per scan."""
    texts = ["The user drinks green tea every morning.", "The user now drinks coffee instead."]
    memories = [
        Memory("MEMORY.md", f"k{i}", f"k{i}", text, category="fact") for i, text in enumerate(texts)
    ]
    looked = []
    monkeypatch.setattr(duplicates, "code_of", lambda f: looked.append(f) or code_of(f))
    weight, rare = duplicates._Scan(memories).weigher()
    feature = read(texts[0]).concepts and sorted(read(texts[0]).concepts)[0]
    assert weight(feature) == weight(feature) > 0 and rare(feature) is rare(feature)
    assert looked == [feature]


def test_clauses_saying_one_concept_hold_one_string_for_it() -> None:
    """A review process keeps thousands of clauses read (core.review.kept): each held its own
    copy of every concept's name ("c12"); now one string is shared (11% less a clause)."""
    (one,), (two,) = clauses_of("The user drinks green tea."), clauses_of("Green tea, twice.")
    shared = set(one.concepts) & set(two.concepts)
    assert shared
    assert all(next(c for c in two.concepts if c == f) is f for f in one.concepts if f in shared)
