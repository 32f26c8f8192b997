"""The words saying that a fact stopped holding ("不再", "no longer") or changed ("改成",
"switched", "现在"), for core.review.reading: the newer of two memories about one subject saying
so supersedes the older."""

from __future__ import annotations

import re
from functools import cache

from core.review.glossary import Glossary, glossary
from core.review.values import UNITS

__all__ = [
    "CHANGED_FROM",
    "CHANGE_PATTERN",
    "CHANGE_WORDS_EN",
    "NEGATION",
    "NOW_VALUE",
    "STOP_PATTERN",
    "STOP_WORDS",
    "STOP_WORDS_EN",
    "changed_words",
    "marked_glossary",
    "stopped_words",
]

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
STOP_WORDS_EN = ("no longer", "not anymore", "anymore", "any more", "stopped", "quit",
                  "gave up", "no more", "ceased", "given up", "not any longer")  # fmt: skip
NEGATION = re.compile(r"不|没|别|讨厌|\bno\b|\bnot\b|n't|\bnever\b|dislike|hate|stopped|longer")
STOP_WORDS = frozenset((*_STOP_WORDS_ZH, *STOP_WORDS_EN))
STOP_PATTERN = re.compile(r"不[在去用做接管上带喝吃住玩学练干][^，。；,;]{0,12}?了")
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
CHANGE_WORDS_EN = ("now", "currently", "moved", "switched", "changed", "replaced", "raised",
                    "lowered", "increased", "decreased", "postponed", "pushed back",
                    "rescheduled", "migrated", "upgraded", "downgraded",  "starting",
                    "these days", "latest", "has become", "went up", "went down", "moved to",
                    "switched to", "changed to", "is now", "are now")  # fmt: skip
NOW_VALUE = re.compile(  # "只留 7 天了", "涨到 220 元了": a number of something, now
    r"[\d零一二两三四五六七八九十百千万]+\s*(?:%|[a-zA-Z]{1,3}|"
    + "|".join(sorted((u for u in UNITS if not u.isascii()), key=len, reverse=True))
    + r")了(?=\s*[，。；,;!?！？]?\s*$)"
)
# What a change is from: "switched from vim to Helix", "从 MySQL 5.7 升级到 8.0".
CHANGED_FROM = re.compile(
    r"(?<![a-z])(?:switch|mov|chang|migrat|upgrad|downgrad|convert|shift|went|gone)[a-z]*"
    r"\s+(?:over\s+|away\s+|back\s+)?from\s+([^,;.!?]{1,40}?)"
    r"(?=\s+(?:to|for|because|since|after)\b|\s*[,;.!?]|\s*$)"
    r"|从\s*([^，。；,;从]{1,12}?)\s*(?:改成|改为|改到|改用|换成|换到|换了|迁到|迁移到|搬到|升级到|"
    r"降级到|转到|变成|变为|切到|切换到)",
    re.IGNORECASE,
)
CHANGE_PATTERN = re.compile(
    r"从[^，。；,;]{1,12}?(?:起|开始)|(?:月|年)份?[^，。；,;]{0,4}?起(?![来床飞])|起(?:改|调|换|涨|降|提|推|延|变)"
    r"|\bfrom\s[^,;.]{1,40}?\sto\b",
    re.IGNORECASE,
)


@cache
def marked_glossary() -> tuple[Glossary, frozenset[int], frozenset[int]]:
    """The glossary with the stop and change words added (each a concept of its own kind)."""
    g = glossary()
    stop = g.add(_STOP_WORDS_ZH, STOP_WORDS_EN, "~stopped")
    change = g.add(_CHANGE_WORDS_ZH, CHANGE_WORDS_EN, "~changed")
    return g, frozenset([stop]), frozenset([change])


def stopped_words(piece: str) -> str:
    """The stop words as the clause writes them (the longest that occurs), for people to read."""
    return _marker_words(piece, _STOP_WORDS_ZH, STOP_WORDS_EN)


def changed_words(piece: str) -> str:
    """The change words as the clause writes them (the longest that occurs)."""
    return _marker_words(piece, _CHANGE_WORDS_ZH, CHANGE_WORDS_EN)


def _marker_words(piece: str, zh: list[str], en: tuple[str, ...]) -> str:
    low = piece.lower()
    found = [w for w in (*zh, *en) if w in low]
    return max(found, key=len) if found else ""
