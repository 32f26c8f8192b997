"""What a memory says, in a form two languages share (for core.review.duplicates): its concepts
(glossary.py), the names it gives (order-service, Redis, 北京), the values it states (times,
weekdays, dates, numbers) and the words that say something changed or stopped ("改到", "no
longer"). "用户每天上午十点前先看一遍 Sentry" and "User checks Sentry every morning before 10am"
read alike: the concepts daily, morning, before, check, the name sentry and the time 10:00.

A text is read clause by clause, and a clause read once is remembered: memories an agent writes
repeat their clauses a lot, and 100,000 of them are read in a few seconds.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from functools import cache

from core.review.glossary import Glossary, glossary

__all__ = [
    "Reading",
    "clauses_of",
    "code_keys",
    "code_of",
    "coded",
    "feature_of",
    "forget_if_large",
    "light_features",
    "number_of",
    "plain_codes",
    "read",
]


@dataclass(frozen=True, slots=True)
class Reading:
    """One text, read. Features are short strings: "c12" a glossary concept, "w:redis" a word no
    concept covers (or a name), "t:10:00" a time (on a 12-hour clock), "d:2" a weekday, "m:9" a
    month, "md:9-24" a date, "y:2026" a year, "n:800" a number."""

    concepts: frozenset[str]  # glossary concepts and the words none covers, in both languages
    names: frozenset[str]  # what it names: identifiers and capitalised words ("w:redis"; in
    # Chinese, any Latin word no concept covers), proper concepts ("c12" for 北京)
    values: frozenset[str]  # times, weekdays, months, dates, years, numbers
    units: frozenset[str]  # what its numbers count, "n:4500 money" (those with a known unit)
    chinese: frozenset[str]  # pairs of Chinese characters, for two texts in Chinese
    unknown: frozenset[str]  # those of them no glossary word covers (阿强, 缬沙坦, 方格)
    lead: tuple[str, str] | None  # its first concept, where a sentence says what it is about,
    # and how it begins in Chinese ("健身" of 健身房) or ""
    stopped: str | None  # the words saying something no longer holds ("不再", "no longer")
    stopped_about: frozenset[str]  # what the clause with those words is about
    changed: str | None  # the words saying something changed ("改到", "moved", "现在")
    changed_about: frozenset[str]  # what the clauses with such words are about
    changed_values: frozenset[str]  # and the values they state
    changed_from: frozenset[str]  # what it changed from ("switched from vim": w:vim)
    zh: bool  # written in Chinese (more Chinese characters than Latin words)


_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6}
_ZH_DIGITS.update({"七": 7, "八": 8, "九": 9})
_WEEKDAYS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7}
_EN_WEEKDAYS = {"mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7}
_EN_MONTHS = {
    name: n
    for n, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}
_EN_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "hundred": 100, "twice": 2, "both": 2,
}  # fmt: skip

_DIGIT = r"[\d零〇一二两三四五六七八九十]"
_MEASURE = [
    "个",
    "种",
    "次",
    "天",
    "周",
    "岁",
    "人",
    "台",
    "张",
    "块",
    "元",
    "分钟",
    "小时",
    "公斤",
    "斤",
    "页",
    "倍",
    "号",
    "层",
    "本",
    "篇",
    "条",
    "杯",
    "遍",
    "节",
    "章",
    "集",
    "位",
    "名",
    "家",
    "只",
    "片",
    "顿",
    "轮",
    "份",
    "门",
    "所",
    "行",
    "段",
    "寸",
    "年",
    "万",
    "千米",
    "公里",
    "米",
]
# Every branch starts with a digit, a Chinese numeral or 周/星期/礼拜, so the regex skips the
# rest of a text at C speed; what a lookbehind would check is checked by _value.
_VALUES = re.compile(
    r"(?P<iso>(?:19|20)\d\d-[01]\d-[0-3]\d)(?!\d)"
    r"|(?P<ct>\d{1,2}:\d\d)(?![\d:])"
    r"|(?P<et>\d{1,2}(?:[.:]\d\d)?\s*[aApP]\.?[mM]\b\.?)"
    r"|(?P<zt>" + _DIGIT + r"{1,3}\s*[点點](?:\s*(?:半|一刻|\d{1,2}(?=\s*分)|\d{2}))?)"
    r"|(?P<zd>" + _DIGIT + r"{1,3}\s*月份?(?:\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[日号])?)"
    r"|(?P<zy>(?:19|20)\d\d\s*年)"
    r"|(?P<zw>(?:周|星期|礼拜)[一二三四五六日天]"
    r"(?:\s*[、,，/和及与至到\-~]\s*(?:周|星期|礼拜)?[一二三四五六日天])*(?![次遍回趟]))"
    r"|(?P<zn>[零〇一二两三四五六七八九十百千]+(?:" + "|".join(_MEASURE) + r"))"
)
_MEASURE_CHARS = "".join(sorted(set("".join(_MEASURE))))
_VALUE_START = frozenset("0123456789零〇一二两三四五六七八九十百千周星礼")
_EN_VALUES = re.compile(
    r"\b(?:(?P<emo>jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+"
    r"(?P<eday>\d{1,2})(?:st|nd|rd|th)?\b"
    r"|(?P<ewd>mon|tues|wednes|thurs|fri|satur|sun)days?\b"
    r"|(?P<emn>january|february|march|april|june|july|august|september|october|november"
    r"|december)\b"
    r"|(?-i:(?P<ews>Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun))\b)",
    re.IGNORECASE,
)
_EN_VALUE_HINTS = ("day", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "jan", "feb", "mar",
                   "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")  # fmt: skip
# What a number counts, by the word after it (or before it, for a currency sign): a value that
# changed is another number of the same unit (房租 4500 元 -> 4800 元, not 10 号 -> 4800 元).
_UNIT_WORDS = {
    "money": "元 块 块钱 美元 欧元 英镑 日元 万元 rmb yuan usd eur dollar dollars euro euros $ ¥ €",
    "day": "天 day days",
    "hour": "小时 个小时 h hr hrs hour hours",
    "minute": "分钟 min mins minute minutes",
    "second": "秒 s sec secs second seconds",
    "ms": "ms 毫秒",
    "weight": "公斤 斤 千克 克 kg g lb lbs pound pounds",
    "percent": "% 个百分点 percent",
    "date": "号 th st nd rd",
    "people": "人 个人 位 名 people persons engineers members",
    "times": "次 遍 回 times",
    "distance": "公里 千米 米 km m mile miles",
    "size": "gb mb tb kb g",
    "volume": "ml 毫升 l 升",
    "year": "岁 years",
}
_UNITS = {w: unit for unit, words in _UNIT_WORDS.items() for w in words.split()}
_UNIT_AFTER = re.compile(r"\s*([a-zA-Z]+|%|个百分点|个小时|块钱|[\u4e00-\u9fff]{1,2})")
_EN_VALUE_HINT = re.compile("|".join(_EN_VALUE_HINTS))
_DAYPARTS = ("上午", "早上", "早晨", "中午", "下午", "傍晚", "晚上", "夜里", "凌晨", "深夜")
_CLAUSE_END = re.compile(r"(?<=[，。；！？\n])|(?<=[.;!?])(?=\s)")
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+#'\-]*[A-Za-z0-9+#]|[A-Za-z0-9]")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)([a-z]{0,3}|%)")
_ID_CHARS = frozenset("0123456789_.+#-")  # a token with one of these is a name or a number
_COUNTED = re.compile(r"(\d+(?:\.\d+)?)-([a-z]+)")
_SENTENCE_ENDS = frozenset(".!?;:。！？；：\n\r-–—•*>\"'“”‘’(（[【「『")
_ABBREVIATIONS = frozenset(["e.g", "i.e", "etc"])
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "by",
        "from",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "it",
        "its",
        "he",
        "she",
        "they",
        "his",
        "her",
        "their",
        "them",
        "him",
        "this",
        "that",
        "these",
        "those",
        "as",
        "so",
        "than",
        "i",
        "me",
        "my",
        "we",
        "our",
        "you",
        "your",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "will",
        "would",
        "there",
        "here",
        "what",
        "which",
        "who",
        "whom",
        "when",
        "where",
        "into",
        "onto",
        "about",
        "up",
        "out",
        "via",
        "per",
        "s",
    ]
)
_STOP_CHARS = frozenset("的了是在也都就和与及把被吗呢吧啊着过地得很这那其之而或于对个们说把将")
_NOT_NAMES = frozenset(
    [
        "i",
        "user",
        "the",
        "a",
        "an",
        "it",
        "he",
        "she",
        "they",
        "we",
        "you",
        "my",
        "his",
        "her",
        "their",
        "when",
        "if",
        "every",
        "each",
        "after",
        "before",
        "on",
        "in",
        "at",
        "for",
        "no",
        "not",
        "never",
        "also",
        "and",
        "but",
        "or",
        "todo",
        "note",
        "lesson",
        "ok",
    ]
)

# Words saying that a fact stopped holding, or changed: the newer of two memories about one
# subject saying so supersedes the older.
_STOP_WORDS_ZH = [
    "不再",
    "已经不再",
    "已经不",
    "已不",
    "没再",
    "戒了",
    "停了",
    "停止了",
    "退租",
    "离开了",
    "已经离开",
    "已离开",
    "辞职了",
    "离职了",
    "放弃了",
    "取消了",
    "退出了",
    "不干了",
    "搬走了",
    "卖掉了",
    "停用",
    "弃用",
    "下线了",
]
_STOP_WORDS_EN = ("no longer", "not anymore", "anymore", "any more", "stopped", "quit",
                  "gave up", "no more", "ceased", "given up", "not any longer")  # fmt: skip
_NEGATION = re.compile(r"不|没|别|讨厌|\bno\b|\bnot\b|n't|\bnever\b|dislike|hate|stopped|longer")
_STOP_WORDS = frozenset((*_STOP_WORDS_ZH, *_STOP_WORDS_EN))
_STOP_PATTERN = re.compile(r"不[在去用做接管上带喝吃住玩学练干][^，。；,;]{0,12}?了")
_CHANGE_WORDS_ZH = [
    "改成",
    "改为",
    "改到",
    "改在",
    "改用",
    "改坐",
    "改去",
    "改由",
    "换成",
    "换到",
    "换了",
    "调到",
    "调整为",
    "调整到",
    "调整成",
    "调成",
    "提高到",
    "提升到",
    "提前到",
    "推迟到",
    "延后到",
    "顺延到",
    "延长到",
    "缩短到",
    "降到",
    "降低到",
    "涨到",
    "升到",
    "升级到",
    "加到",
    "减到",
    "迁到",
    "迁移到",
    "搬到",
    "搬家",
    "转到",
    "轮转到",
    "跳槽",
    "刷新到",
    "变成",
    "变为",
    "收紧到",
    "放宽到",
    "拉长到",
    "改期",
    "接手",
    "现在",
    "目前",
    "如今",
    "最新",
    "已经从",
    "改了",
    # 改 and what is done now instead ("改喝燕麦拿铁", "改骑电动车"): only verbs no common word
    # ending in 改 runs into (批改学生, 整改开始 would be misread with 改学, 改开)
    "改喝",
    "改吃",
    "改穿",
    "改骑",
    "改乘",
    "改搭",
    "改住",
    "改叫",
    "改买",
]
_CHANGE_WORDS_EN = ("now", "currently", "moved", "switched", "changed", "replaced", "raised",
                    "lowered", "increased", "decreased", "postponed", "pushed back",
                    "rescheduled", "migrated", "upgraded", "downgraded",  "starting",
                    "these days", "latest", "has become", "went up", "went down", "moved to",
                    "switched to", "changed to", "is now", "are now")  # fmt: skip
_NOW_VALUE = re.compile(  # "只留 7 天了", "涨到 220 元了": a number of something, now
    r"[\d零一二两三四五六七八九十百千万]+\s*(?:%|[a-zA-Z]{1,3}|"
    + "|".join(sorted((u for u in _UNITS if not u.isascii()), key=len, reverse=True))
    + r")了(?=\s*[，。；,;!?！？]?\s*$)"
)
# What a change is from: "switched from vim to Helix", "从 MySQL 5.7 升级到 8.0".
_CHANGED_FROM = re.compile(
    r"(?<![a-z])(?:switch|mov|chang|migrat|upgrad|downgrad|convert|shift|went|gone)[a-z]*"
    r"\s+(?:over\s+|away\s+|back\s+)?from\s+([^,;.!?]{1,40}?)"
    r"(?=\s+(?:to|for|because|since|after)\b|\s*[,;.!?]|\s*$)"
    r"|从\s*([^，。；,;从]{1,12}?)\s*(?:改成|改为|改到|改用|换成|换到|换了|迁到|迁移到|搬到|升级到|"
    r"降级到|转到|变成|变为|切到|切换到)",
    re.IGNORECASE,
)
_CHANGE_PATTERN = re.compile(
    r"从[^，。；,;]{1,12}?(?:起|开始)|(?:月|年)份?[^，。；,;]{0,4}?起(?![来床飞])|起(?:改|调|换|涨|降|提|推|延|变)"
    r"|\bfrom\s[^,;.]{1,40}?\sto\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Clause:
    concepts: tuple[str, ...]
    names: tuple[str, ...]
    values: tuple[str, ...]
    units: tuple[str, ...]
    chinese: tuple[str, ...]
    unknown: tuple[str, ...]
    stopped: str | None
    changed: str | None
    changed_from: tuple[str, ...]  # what the clause says a change is from
    cjk: int  # Chinese characters
    words: int  # Latin words
    lead: tuple[str, str] | None  # its first concept (or name), where a sentence says what it
    # is about, and the first two characters it is written with (Chinese) or ""
    # The same as characters, one per feature, sorted (see coded): concepts and values, Chinese
    # pairs, names and values.
    meaning: str
    pairs: str
    named: str
    full: str  # meaning and pairs
    marked: bool  # says something stopped or changed
    negations: str  # the negation words it says, in order ("不", "not")
    ends: bool  # ends a sentence


# Each feature as one character, numbered as first met: a text's features become a string of
# distinct characters, and rapidfuzz compares two such strings sorted (their longest common
# subsequence is what they share) at C speed.
_codes: dict[str, str] = {}
_features: list[str] = []  # per code: its feature
_plain: bytearray = bytearray()  # per code: 1 for a pair of Chinese characters (weighs little)
_keys: list[int] = []  # per code (ord - CODE_BASE, see number_of): a hash of its feature


def number_of(code: str) -> int:
    """The number of a feature's character (0, 1, 2, … as first met)."""
    n = ord(code)
    return n - 0x100 if n < 0xD800 else n - 0x900


def code_of(feature: str) -> str | None:
    """The character a feature was given, if it was met."""
    return _codes.get(feature)


def feature_of(code: str) -> str:
    """The feature a character stands for."""
    return _features[number_of(code)]


def plain_codes() -> bytearray:
    """Per feature number, 1 if it is a pair of Chinese characters (they say little alone)."""
    return _plain


def code_keys() -> list[int]:
    """A stable hash of the feature behind each number: orders features the same way in every
    process, whatever order they were first met in."""
    return _keys


def forget_if_large() -> None:
    """Start afresh when what was read grew large (only between two scans: the codes change)."""
    if len(_clauses) > 300_000 or len(_codes) > 1_000_000:
        _clauses.clear()
        _codes.clear()
        _features.clear()
        _keys.clear()
        _plain.clear()


def coded(features: tuple[str, ...]) -> str:
    """The features as characters (each feature always the same one)."""
    out = []
    for f in features:
        c = _codes.get(f)
        if c is None:
            n = len(_codes) + 0x100
            c = chr(n if n < 0xD800 else n + 0x800)
            _codes[f] = c
            _features.append(f)
            _keys.append(zlib.crc32(f.encode()))
            _plain.append(0 if f[0] == "c" or ":" in f else 1)
        out.append(c)
    return "".join(out)


@cache
def _markers() -> tuple[Glossary, frozenset[int], frozenset[int]]:
    """The glossary with the stop and change words added (each a concept of its own kind)."""
    g = glossary()
    stop = g.add(_STOP_WORDS_ZH, _STOP_WORDS_EN, "~stopped")
    change = g.add(_CHANGE_WORDS_ZH, _CHANGE_WORDS_EN, "~changed")
    return g, frozenset([stop]), frozenset([change])


@cache
def _light_concepts() -> frozenset[int]:
    """Concepts too general to say what a sentence is about (use, make, do)."""
    g = glossary()
    return frozenset(c for c, label in enumerate(g.labels) if label in _LIGHT)


_LEAD_SKIP = _NOT_NAMES | {
    w for phrase in _STOP_WORDS_EN + _CHANGE_WORDS_EN for w in phrase.split()
}
_LIGHT = frozenset(
    ["use", "make", "do", "have", "go", "come", "take", "give", "say", "can", "todo", "before",
     "after", "then", "first", "all", "also", "very", "only", "other", "new", "old", "want", "need",
     "daily", "weekly", "monthly", "yearly", "morning", "noon", "afternoon", "evening", "night",
     "always", "usually", "often", "sometimes", "never", "time", "day", "week", "month", "year",
     "recently", "today", "one", "two of", "don't", "still", "already", "unchanged", "any",
     "everything", "nothing", "something", "just now", "in progress", "mostly", "especially",
     "probably", "quite", "enough", "according to", "including", "help me", "put"]
)  # fmt: skip


def light_features() -> frozenset[str]:
    """The features of concepts too general to pin a subject or begin one ("c12" for "use",
    "daily", "morning")."""
    return frozenset(f"c{c}" for c in _light_concepts())


_clauses: dict[str, _Clause] = {}


def clauses_of(text: str) -> list[_Clause]:
    """The text's clauses, each read once (a clause ends at Chinese punctuation, or at '.', ';',
    '!', '?' before a space: a capital after it starts a sentence)."""
    out = []
    for piece in _CLAUSE_END.split(text):
        if not piece:
            continue
        clause = _clauses.get(piece)
        if clause is None:
            clause = _read_clause(piece)
            _clauses[piece] = clause
        out.append(clause)
    return out


def read(text: str) -> Reading:
    """The concepts, names, values and change words of a text."""
    concepts: list[str] = []
    names: list[str] = []
    values: list[str] = []
    units: list[str] = []
    chinese: list[str] = []
    unknown: list[str] = []
    stopped = changed = lead = None
    about: frozenset[str] = frozenset()
    changed_about: list[str] = []
    changed_values: list[str] = []
    changed_from: list[str] = []
    in_change = False
    said: set[str] = set()
    cjk = words = 0
    for clause in clauses_of(text):
        concepts += clause.concepts
        names += clause.names
        values += clause.values
        units += clause.units
        chinese += clause.chinese
        unknown += clause.unknown
        cjk += clause.cjk
        words += clause.words
        if clause.stopped and stopped is None:
            stopped = clause.stopped
            word = stopped if stopped in _STOP_WORDS else stopped[:2]  # "不在方格了": 不在
            said = {word[i : i + 2] for i in range(len(word) - 1)}
            about = frozenset(
                f
                for f in (*clause.concepts, *clause.chinese, *clause.names)
                if f not in said and (len(f) != 2 or not said & {f})
            )
        if clause.changed:
            changed = changed or clause.changed
            word = clause.changed
            said = {word[i : i + 2] for i in range(len(word) - 1)}
        if clause.changed or in_change:  # the rest of the sentence says what changed too
            changed_about.extend(
                f for f in (*clause.concepts, *clause.chinese, *clause.names) if f not in said
            )
            changed_values.extend(clause.values)
            changed_from.extend(clause.changed_from)
            in_change = not clause.ends
        lead = lead or clause.lead
    return Reading(
        concepts=frozenset(concepts),
        names=frozenset(names),
        values=frozenset(values),
        units=frozenset(units),
        chinese=frozenset(chinese),
        unknown=frozenset(unknown),
        lead=lead,
        stopped=stopped,
        stopped_about=about,
        changed=changed,
        changed_about=frozenset(changed_about),
        changed_values=frozenset(changed_values),
        changed_from=frozenset(changed_from),
        zh=cjk > 0 and cjk >= words,
    )


def _read_clause(piece: str) -> _Clause:
    g, stop, change = _markers()
    light = _light_concepts()
    values: list[str] = []
    units: list[str] = []
    spans: list[tuple[int, int]] = []
    if not _VALUE_START.isdisjoint(piece):
        for m in _VALUES.finditer(piece):
            if _value(m, piece, values, units):
                spans.append(m.span())
    low = piece.lower()
    if _EN_VALUE_HINT.search(low):
        for m in _EN_VALUES.finditer(piece):
            _en_value(m, values)
            spans.append(m.span())
    plain = piece
    if spans:
        parts: list[str] = []
        last = 0
        for start, end in sorted(spans):
            if start >= last:
                parts += (piece[last:start], " \x00 ")
                last = end
        plain = "".join(parts) + piece[last:]
    plain = plain.replace("×", "x")
    runs = _CJK.findall(plain)
    tokens = list(_TOKEN.finditer(plain))
    cjk = sum(map(len, runs))
    in_chinese = cjk > 0
    found: list[int] = []
    concepts: list[str] = []
    names: list[str] = []
    chinese: list[str] = []
    unknown: list[str] = []  # pairs of Chinese characters no glossary word covers
    latin: list[str] = []  # plain English words, in order
    capital: set[str] = set()  # those written with a capital inside a sentence
    leads: list[tuple[int, str, str]] = []  # (where, what, as written): each script's first
    for m in tokens:
        token = m.group()
        low = token.lower()
        number = _NUMBER.fullmatch(low)
        if number is not None:
            value = _number(number.group(1))
            values.append(value)
            unit = _UNITS.get(number.group(2)) if number.group(2) else _unit_after(plain, m.end())
            unit = unit or _UNITS.get(plain[m.start() - 1 : m.start()])  # $49, ¥3000
            if unit:
                units.append(f"{value} {unit}")
        elif low in _ABBREVIATIONS:
            continue
        elif not _ID_CHARS.isdisjoint(low):
            counted = _COUNTED.fullmatch(low)
            parts = low.split("-")
            if g.word(low):  # k8s, node.js, e-commerce
                latin.append(low)
            elif len(parts) > 1 and all(p.isalpha() for p in parts) and _wordy(parts):
                for part in parts:  # three-year-old, day-to-day: words, not a name
                    latin.append(part)
                    if part in _EN_NUMBERS:
                        values.append(_number(str(_EN_NUMBERS[part])))
            elif counted is not None:  # 27-inch, 3-day
                values.append(_number(counted.group(1)))
                if counted.group(2) in _UNITS:
                    units.append(f"{_number(counted.group(1))} {_UNITS[counted.group(2)]}")
                latin.append(counted.group(2))
            else:
                names.append("w:" + low.strip(".-'"))
                if not leads:
                    leads.append((m.start(), "w:" + low.strip(".-'"), ""))
        elif plain[m.start() - 1 : m.start()] in ("#", "@") and m.start():  # #deploys, @lin
            names.append("w:" + low)
        else:
            latin.append(low)
            if not leads and low not in _STOPWORDS and low not in _LEAD_SKIP:
                senses = g.word(low)
                known_word = [c for c in senses if c not in stop and c not in change]
                known_word = [c for c in known_word if c not in g.skip]
                if known_word:  # "user's", "use", "now": read past
                    if known_word[0] not in light:
                        leads.append((m.start(), f"c{known_word[0]}", ""))
                elif not senses and low not in _EN_NUMBERS:
                    leads.append((m.start(), "w:" + low, ""))
            if low in _EN_NUMBERS:
                values.append(_number(str(_EN_NUMBERS[low])))
                unit = _unit_after(plain, m.end())
                if unit:
                    units.append(f"{_number(str(_EN_NUMBERS[low]))} {unit}")
            elif (
                token[0].isupper()
                and len(low) > 1
                and (in_chinese or m.start() != _first_word(plain))  # not a sentence's capital
            ):
                capital.add(low)
    if latin:
        known, unknown = g.english(latin)
        found += known
        for w in unknown:
            if w in _STOPWORDS or len(w) < 2:
                continue
            concepts.append("w:" + w)
            if (in_chinese or w in capital) and w not in _NOT_NAMES:
                names.append("w:" + w)
    for run_match in _CJK.finditer(plain):
        run = run_match.group()
        cut = g.chinese(run)
        found += cut.concepts
        first = next(
            (
                (c, word)
                for word, senses in cut.words
                for c in senses[:1]
                if c not in stop and c not in change and c not in light and c not in g.skip
            ),
            None,
        )
        opens = not plain[: run_match.start()].strip(" \t《「『“\"'(（[【")
        if opens and cut.rest and len(run) > 1 and run.startswith(cut.rest[0]):
            leads.append((run_match.start(), run[:2], run[:2]))  # 阿强…, 雾港小镇…: a name first
        elif first is not None:
            leads.append((run_match.start(), f"c{first[0]}", first[1][:2]))
        chinese += [run[i : i + 2] for i in range(len(run) - 1)]
        for stretch in cut.rest:  # what no glossary word covers: names, rare words
            unknown += [stretch[i : i + 2] for i in range(len(stretch) - 1)]
        if len(run) == 1:
            chinese.append(run)
    stopped = changed = None
    for c in found:
        if c in stop:
            stopped = stopped or "stop"
        elif c in change:
            changed = changed or "change"
        else:
            concepts.append(f"c{c}")
            if c in g.proper:
                names.append(f"c{c}")
    if stopped is None and "不" in piece and "了" in piece:
        hit = _STOP_PATTERN.search(piece)
        stopped = None if hit is None else hit.group()
    if changed is None and ("起" in piece or "开始" in piece or "from" in piece.lower()):
        hit = _CHANGE_PATTERN.search(piece)
        changed = None if hit is None else hit.group()
    if changed is None and "了" in piece and values:
        hit = _NOW_VALUE.search(piece)  # "只留 7 天了": a value that holds now
        changed = None if hit is None else hit.group().strip()
    if stopped == "stop":
        stopped = _marker_words(piece, _STOP_WORDS_ZH, _STOP_WORDS_EN)
    if changed == "change":
        changed = _marker_words(piece, _CHANGE_WORDS_ZH, _CHANGE_WORDS_EN)
    changed_from: tuple[str, ...] = ()
    if changed and ("从" in piece or "from" in piece.lower()):
        changed_from = _changed_from(piece)
    concepts += (n for n in names if n[0] == "w")
    concepts_, names_ = tuple(dict.fromkeys(concepts)), tuple(dict.fromkeys(names))
    values_, chinese_ = tuple(dict.fromkeys(values)), tuple(dict.fromkeys(chinese))
    meaning = "".join(sorted(coded(concepts_ + values_)))
    pairs = "".join(sorted(coded(chinese_)))
    return _Clause(
        concepts=concepts_,
        names=names_,
        values=values_,
        units=tuple(dict.fromkeys(units)),
        chinese=chinese_,
        unknown=tuple(dict.fromkeys(unknown)),
        stopped=stopped,
        changed=changed,
        changed_from=changed_from,
        cjk=cjk,
        words=len(tokens),
        lead=min(leads)[1:] if leads else None,
        meaning=meaning,
        pairs=pairs,
        named="".join(sorted(coded(names_ + values_))),
        full="".join(sorted(meaning + pairs)),
        marked=bool(stopped or changed),
        negations="".join(_NEGATION.findall(piece.lower())),
        ends=piece.rstrip(" \t")[-1:] in "。！？.!?；;\n" or piece.endswith("\n"),
    )


def _changed_from(piece: str) -> tuple[str, ...]:
    """What a clause says a change is from, as the reader reads it ("switched from vim": w:vim)."""
    found = _CHANGED_FROM.search(piece)
    if found is None:
        return ()
    said = _read_clause(found.group(1) or found.group(2))
    return tuple(dict.fromkeys((*said.concepts, *said.names, *said.chinese)))


def _marker_words(piece: str, zh: list[str], en: tuple[str, ...]) -> str:
    """The marker as the clause writes it (the longest that occurs), for people to read."""
    low = piece.lower()
    found = [w for w in (*zh, *en) if w in low]
    return max(found, key=len) if found else ""


def _wordy(parts: list[str]) -> bool:
    """Whether a hyphenated word is made of words (a number, "to", "old"), not a name."""
    return any(p in _EN_NUMBERS or p in _STOPWORDS or p in _COMPOUND_WORDS for p in parts)


_COMPOUND_WORDS = frozenset(["old", "day", "days", "year", "years", "week", "month", "time", "one"])


def _unit_after(text: str, at: int) -> str | None:
    """The unit the word after a number names, if it is one ("7 天", "4800 元", "7 days")."""
    found = _UNIT_AFTER.match(text, at)
    if found is None:
        return None
    word = found.group(1).lower()
    return _UNITS.get(word) or _UNITS.get(word[:1])


def _first_word(text: str) -> int:
    """Where the first letter or digit of a clause is."""
    for at, ch in enumerate(text):
        if ch.isalnum():
            return at
    return -1


def _number(text: str) -> str:
    value = float(text)
    return f"n:{int(value)}" if value == int(value) else f"n:{value:g}"


def _zh_number(text: str) -> int | None:
    """十五 -> 15, 二十 -> 20, 两 -> 2, 12 -> 12, 一百二 -> 102 (None: not a number)."""
    if text.isdigit():
        return int(text)
    total, current = 0, 0
    for ch in text:
        if ch in _ZH_DIGITS:
            current = _ZH_DIGITS[ch]
        elif ch in "十百千":
            total += (current or 1) * {"十": 10, "百": 100, "千": 1000}[ch]
            current = 0
        else:
            return None
    return total + current


def _value(m: re.Match[str], text: str, values: list[str], units: list[str]) -> bool:
    """Add the values one match of _VALUES states; False if it states none (一遍, 一点, or the
    digits inside a longer number or name)."""
    kind, start = m.lastgroup, m.start()
    before = text[start - 1 : start]
    glued = before and (before.isalnum() or before in ".:") and not "\u3400" <= before <= "\u9fff"
    if kind in ("iso", "ct", "et", "zy") and glued:
        return False
    found = m.group()
    if kind == "iso":
        year, month_digits, day_digits = found.split("-")
        values += (f"y:{year}", f"md:{int(month_digits)}-{int(day_digits)}")
    elif kind == "ct":
        hour_digits, minute_digits = found.split(":")
        values.append(f"t:{int(hour_digits) % 12}:{minute_digits}")
    elif kind == "et":
        digits = re.match(r"(\d{1,2})(?:[.:](\d\d))?", found)
        assert digits is not None
        values.append(f"t:{int(digits.group(1)) % 12}:{digits.group(2) or '00'}")
    elif kind == "zt":
        number, _, minute = re.split(r"\s*([点點])\s*", found, maxsplit=1)
        hour = _zh_number(number.strip())
        daypart = text[max(0, start - 3) : start].strip()[-2:] in _DAYPARTS
        if hour is None or hour > 24 or (number.strip() == "一" and not daypart):
            return False
        minutes = {"半": 30, "一刻": 15, "": 0}.get(minute.strip())
        if minutes is None:
            minutes = int(minute.strip()) if minute.strip().isdigit() else 0
        values.append(f"t:{hour % 12}:{minutes:02d}")
    elif kind == "zd":
        month_text, _, rest = found.partition("月")
        month = _zh_number(month_text.strip())
        if month is None or not 1 <= month <= 12:
            return False
        day_text = rest.lstrip("份").strip().rstrip("日号").strip()
        day = _zh_number(day_text) if day_text else None
        values.append(f"md:{month}-{day}" if day else f"m:{month}")
    elif kind == "zy":
        values.append(f"y:{found[:4]}")
    elif kind == "zw":
        if before and before in "一二两三四五六七八九十0123456789":
            return False  # 一周 ("a week"), not a weekday
        values += (f"d:{_WEEKDAYS[c]}" for c in found[1:] if c in _WEEKDAYS)
    elif kind == "zn":
        count = _zh_number(found.rstrip(_MEASURE_CHARS))
        if count is None or count < 2:
            return False
        values.append(f"n:{count}")
        unit = _UNITS.get(found[len(found.rstrip(_MEASURE_CHARS)) :])
        if unit:
            units.append(f"n:{count} {unit}")
    return True


def _en_value(m: re.Match[str], values: list[str]) -> None:
    g = m.group
    if g("emo"):
        values.append(f"md:{_EN_MONTHS[g('emo').lower()]}-{int(g('eday'))}")
    elif g("ewd") or g("ews"):
        values.append(f"d:{_EN_WEEKDAYS[(g('ewd') or g('ews')).lower()[:3]]}")
    elif g("emn"):
        values.append(f"m:{_EN_MONTHS[g('emn').lower()]}")
