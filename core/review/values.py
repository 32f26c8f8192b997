"""The values a memory states, read in two languages (for core.review.reading): times, weekdays,
months, dates, years and counted numbers ("十点", "10am", "周二", "Tuesdays", "2026-03-01",
"三个人"), each as a feature ("t:10:00", "d:2", "md:3-1", "n:3"), and what a number counts
("4500 元": n:4500 money)."""

from __future__ import annotations

import re

__all__ = [
    "EN_NUMBERS",
    "UNITS",
    "number_feature",
    "unit_after",
    "values_in",
]

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
EN_NUMBERS = {
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
UNITS = {w: unit for unit, words in _UNIT_WORDS.items() for w in words.split()}
_UNIT_AFTER = re.compile(r"\s*([a-zA-Z]+|%|个百分点|个小时|块钱|[\u4e00-\u9fff]{1,2})")
_EN_VALUE_HINT = re.compile("|".join(_EN_VALUE_HINTS))
_DAYPARTS = ("上午", "早上", "早晨", "中午", "下午", "傍晚", "晚上", "夜里", "凌晨", "深夜")


def values_in(piece: str) -> tuple[list[str], list[str], list[tuple[int, int]]]:
    """The values a clause states, the units of its numbers, and where in it each was written
    (the spans the reader blanks out before it reads the words)."""
    values: list[str] = []
    units: list[str] = []
    spans: list[tuple[int, int]] = []
    if not _VALUE_START.isdisjoint(piece):
        for m in _VALUES.finditer(piece):
            if _value(m, piece, values, units):
                spans.append(m.span())
    if _EN_VALUE_HINT.search(piece.lower()):
        for m in _EN_VALUES.finditer(piece):
            _en_value(m, values)
            spans.append(m.span())
    return values, units, spans


def unit_after(text: str, at: int) -> str | None:
    """The unit the word after a number names, if it is one ("7 天", "4800 元", "7 days")."""
    found = _UNIT_AFTER.match(text, at)
    if found is None:
        return None
    word = found.group(1).lower()
    return UNITS.get(word) or UNITS.get(word[:1])


def number_feature(text: str) -> str:
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
        unit = UNITS.get(found[len(found.rstrip(_MEASURE_CHARS)) :])
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
