"""The day a todo's own words give it: a deadline ("11月15日前", "8月底前", "下周五前", "清明节前",
"before Christmas", "by March 3", "2026-08-28") or the day it is for ("3月5日去医院复查"), read
relative to the day the todo was last touched. Pure functions, no locale data but a table of the
lunar holidays (2020-2040).

What is read, in order of trust:
- a day with a deadline word (前/之前/截止, by/before/until/due) is the deadline; of several, the
  latest;
- else a coarser deadline: a month's part or a period ("8月底前", "12月前", "下周", "明年一季度");
- else a day named without one ("3月5日上午九点去医院") is the day the todo is for;
- a month alone ("10 月的比赛"), a quarter alone ("Q2 roadmap") or a holiday alone ("春节海报")
  says nothing; neither does a date that only tells when the todo came up ("8 月 11 日提到的",
  "came up on Jul 12").
A recurring todo ("每月 5 号前", "every Monday") has no deadline.

A date without its year is the first one on or after the day the todo was last touched, less a
month's grace (a todo touched a few days after its deadline still had that deadline)."""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

__all__ = ["LITERALS", "Deadline", "deadline_of", "literal_words", "words_pattern"]

_GRACE = timedelta(days=30)  # a yearless date this long before the touch is still this year's
_DOM_GRACE = timedelta(days=3)  # and a monthless day ("15号前") this long before, this month's


@dataclass(frozen=True, slots=True)
class Deadline:
    """The last day of a todo (`day`) and the words that say so (`said`)."""

    day: date
    said: str


# -- numbers --------------------------------------------------------------------------------------
_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
              "七": 7, "八": 8, "九": 9}  # fmt: skip
_NUM = r"\d{1,2}|[一二两三四五六七八九十]{1,3}"


def words_pattern(alternatives: str) -> str:
    """A regular expression for the literal words ("今天|今晚|明天"), written as a trie
    ("(?:今(?:天|晚)|明天)"): Python's regex engine tries an alternation's branches one by one at
    every position, and a trie leaves it one branch per first character, many times faster.
    The longest word wins where one starts another."""
    tree: dict[str, dict[str, Any]] = {}
    for word in alternatives.split("|"):
        if not word:
            continue  # an empty word would match everywhere
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + emit(child) for char, child in node.items() if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
        return f"(?:{body})?" if "" in node else body

    return f"(?:{emit(tree)})"


LITERALS: dict[re.Pattern[str], str] = {}  # the words of each pattern `literal_words` built


def literal_words(alternatives: str) -> re.Pattern[str]:
    """A pattern finding any of the literal words ("cold|cough|flu"), as a trie (see
    `words_pattern`); its words are kept in `LITERALS`."""
    pattern = re.compile(words_pattern(alternatives))
    LITERALS[pattern] = alternatives
    return pattern


def _number(text: str) -> int | None:
    """An Arabic or Chinese number up to 99 ("12", "十二", "二十五")."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        high = _CN_DIGITS.get(tens, -1) if tens else 1
        low = _CN_DIGITS.get(ones, -1) if ones else 0
        return None if high < 0 or low < 0 else high * 10 + low
    if len(text) == 1 and text in _CN_DIGITS:
        return _CN_DIGITS[text]
    return None


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


_Make = Callable[[int], date | None]  # a yearly day (a holiday, "March 3") in a given year


def _near(base: date, make: _Make) -> date | None:
    """The first of `make(year)` for the base's year, the one before and the one after that falls
    on or after `base` less the grace."""
    for year in (base.year - 1, base.year, base.year + 1):
        when = make(year)
        if when is not None and when >= base - _GRACE:
            return when
    return None


# -- holidays -------------------------------------------------------------------------------------
# Spring Festival (the first day of the lunar year), Dragon Boat and Mid-Autumn, 2020-2040.
_LUNAR = {
    2020: ((1, 25), (6, 25), (10, 1)), 2021: ((2, 12), (6, 14), (9, 21)),
    2022: ((2, 1), (6, 3), (9, 10)), 2023: ((1, 22), (6, 22), (9, 29)),
    2024: ((2, 10), (6, 10), (9, 17)), 2025: ((1, 29), (5, 31), (10, 6)),
    2026: ((2, 17), (6, 19), (9, 25)), 2027: ((2, 6), (6, 9), (9, 15)),
    2028: ((1, 26), (5, 28), (10, 3)), 2029: ((2, 13), (6, 16), (9, 22)),
    2030: ((2, 3), (6, 5), (9, 12)), 2031: ((1, 23), (6, 24), (10, 1)),
    2032: ((2, 11), (6, 12), (9, 19)), 2033: ((1, 31), (6, 1), (9, 8)),
    2034: ((2, 19), (6, 20), (9, 27)), 2035: ((2, 8), (6, 10), (9, 16)),
    2036: ((1, 28), (5, 30), (10, 4)), 2037: ((2, 15), (6, 18), (9, 24)),
    2038: ((2, 4), (6, 7), (9, 13)), 2039: ((1, 24), (5, 27), (10, 2)),
    2040: ((2, 12), (6, 14), (9, 20)),
}  # fmt: skip


def _lunar(which: int, shift: int = 0) -> _Make:
    def make(year: int) -> date | None:
        days = _LUNAR.get(year)
        if days is None:
            return None
        month, day = days[which]
        return date(year, month, day) + timedelta(days=shift)

    return make


def _qingming(year: int) -> date:
    """Qingming (清明, the fifth solar term), by the usual 21st-century formula."""
    y = year % 100
    return date(year, 4, int(y * 0.2422 + 4.81) - y // 4)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (b - (b + 8) // 25 + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    weekday = (32 + 2 * e + 2 * i - h - k) % 7
    shift = (a + 11 * h + 22 * weekday) // 451
    month, day = divmod(h + weekday - 7 * shift + 114, 31)
    return date(year, month, day + 1)


def _fixed(month: int, day: int) -> _Make:
    return lambda year: date(year, month, day)


# (pattern, its day in a year); the pattern names the holiday, in Chinese or English.
_HOLIDAYS: tuple[tuple[str, _Make], ...] = (
    (r"春节|过年|农历新年|大年初一|Chinese New Year|Lunar New Year|Spring Festival", _lunar(0)),
    (r"除夕|年三十|大年夜", _lunar(0, -1)),
    # "年前把年终奖发了": before the lunar new year (not "三年前", "2020年前", "去年")
    (r"(?<![\d一二两三四五六七八九十几多半去前今明每同当上近])年(?=前)", _lunar(0)),
    (r"元宵节?|Lantern Festival", _lunar(0, 14)),
    (r"端午节?|Dragon Boat Festival", _lunar(1)),
    (r"中秋节?|Mid-Autumn Festival|Moon Festival", _lunar(2)),
    (r"清明节?|Qingming|Tomb-Sweeping Day", _qingming),
    (r"元旦|New Year'?s Day|(?<!Chinese )(?<!Lunar )New Year(?!'?s Eve)", _fixed(1, 1)),
    (r"情人节|Valentine'?s Day", _fixed(2, 14)),
    (r"妇女节|女神节", _fixed(3, 8)),
    (r"五一|劳动节|May Day", _fixed(5, 1)),
    (r"儿童节", _fixed(6, 1)),
    (r"(?<!\d)618(?!\d)", _fixed(6, 18)),
    (r"教师节", _fixed(9, 10)),
    (r"国庆节?|十一长假|十一假期|National Day", _fixed(10, 1)),
    (r"万圣节|Halloween", _fixed(10, 31)),
    (r"双十一|双11", _fixed(11, 11)),
    (r"双十二|双12", _fixed(12, 12)),
    (r"平安夜|Christmas Eve", _fixed(12, 24)),
    (r"圣诞节?|Christmas|Xmas", _fixed(12, 25)),
    (r"Thanksgiving|感恩节", lambda year: _nth_weekday(year, 11, 3, 4)),
    (r"Black Friday|黑五|黑色星期五", lambda year: _nth_weekday(year, 11, 3, 4) + timedelta(1)),
    (r"Easter|复活节", _easter),
)
_HOLIDAY = re.compile(
    "|".join(f"(?P<h{n}>{p})" for n, (p, _make) in enumerate(_HOLIDAYS)), re.IGNORECASE
)

# -- the words around a date ----------------------------------------------------------------------
# 前 as "before", not the start of 前端 (front end), 前台, 前面 …
_QIAN = r"(?:之前|以前|前)(?![端台面辈任身景提置缀往进列沿线兆])"
_BEFORE_ZH = rf"\s*(?:{_QIAN}|截止|到期|内)"  # right after the date: "11月15日前"
# a few words after it: "9月10日苹果发布会之前", "6月8日晚上 12 点前"
_BEFORE_ZH_FAR = re.compile(rf"[^，。；,;！!？?\n]{{0,12}}?{_QIAN}")
_BEFORE_EN = r"(?:by|before|until|till|due(?: on| by)?|deadline:?|no later than|not later than)"
_RECURRING = re.compile(
    r"每(?:天|日|晚|早|周|星期|礼拜|个?月|年|季度?|次|逢|隔|个工作日|个周|个星期)|隔周|双周"
    r"|\b(?:every|each)\s+(?:day|week|month|year|quarter|morning|evening|night|other|"
    r"mon|tue|wed|thu|fri|sat|sun|\d)|\bon an? (?:daily|weekly|monthly|yearly) basis\b"
    # "file the VAT return quarterly", not "the quarterly review"
    r"|\b(?:daily|weekly|biweekly|monthly|quarterly|yearly|annually)\s*[.!。]?\s*$",
    re.IGNORECASE,
)
# A date that only says when the todo came up or was last mentioned.
_PROVENANCE_AFTER = re.compile(
    r"^\s*(?:的)?(?:再次|又|再|已)?(?:会话|聊天|讨论|聊|谈|提到|提起|提过|说的|说过|确认|记录|"
    r"提取|强调|为止|时提)"
    # "5 月 20 日在 X 的 code review 里提到", "6 月 5 日和阿杰讨论后定下来的"
    r"|^[^，。；,;\n]{0,40}?(?:提到|提起|说|聊|讨论|确认|商量|定下来|记录|提取|强调)"
    r"(?:过|的|了|[。，；,.;]|$)"
)
_PROVENANCE_BEFORE = re.compile(
    r"(?:came up|mentioned|noted|agreed|confirmed|discussed|said|recorded|as of|since|"
    r"last (?:updated|mentioned))\s*(?:on\s+)?$",
    re.IGNORECASE,
)

_MONTHS_EN = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_EN = (
    r"(?P<mon>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_WEEKDAYS_ZH = "一二三四五六日天"
_WEEKDAYS_EN = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY_EN = (
    r"(?P<wd>Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:nesday)?|Thu(?:rs(?:day)?)?|Fri(?:day)?|"
    r"Sat(?:urday)?|Sun(?:day)?)"
)

# Each reader: a pattern and how a match becomes a day (None: no day). Groups are named.
_ISO = re.compile(  # (no look-behind first: a pattern starting with a literal is found faster)
    r"(?P<y>(?:19|20)\d{2})\s*(?:[-/.]|年)\s*(?P<m>\d{1,2})\s*(?:[-/.]|月)\s*"
    r"(?P<d>\d{1,2})(?:\s*[日号])?(?![\d])"
)
_MD_ZH = re.compile(
    rf"(?:(?P<y>(?:19|20)\d{{2}}|今|明|去)\s*年\s*)?(?<![\d.])(?P<m>{_NUM})\s*月\s*(?P<d>{_NUM})"
    r"\s*(?:日|号)"
)
_MONTH_ZH = re.compile(
    rf"(?:(?P<y>(?:19|20)\d{{2}}|今|明)\s*年\s*)?(?<![\d.])(?P<m>{_NUM})\s*(?:月份?|月)"
    rf"(?P<part>底|末|初|上旬|中旬|下旬|中)?(?:(?P<before>{_BEFORE_ZH})"
    rf"|(?P<rest>[^，。；,;！!？?\n]{{1,12}}?)(?P<far>{_QIAN}))?"
)
_DOTTED = re.compile(
    r"(?<![\w.])(?<![A-Za-z] )(?P<m>\d{1,2})[./](?P<d>\d{1,2})(?![\d.])\s*(?:之前|以前|前|截止)"
)
_SLASHED_EN = re.compile(  # "due 3/14", "by 11/30" (month first, as in American English)
    rf"\b{_BEFORE_EN}\s+(?P<m>\d{{1,2}})/(?P<d>\d{{1,2}})(?![\d/])", re.IGNORECASE
)
_MD_EN = re.compile(
    rf"\b{_MONTH_EN}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y>(?:19|20)\d{{2}}))?"
    rf"|\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>Jan(?:uary)?|Feb(?:ruary)?|"
    r"Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|"
    r"Nov(?:ember)?|Dec(?:ember)?)\b\.?(?:,?\s+(?P<y2>(?:19|20)\d{2}))?"
)
_MONTH_ONLY_EN = re.compile(
    rf"\b(?P<lead>{_BEFORE_EN})\s+(?:the\s+)?(?P<part>end of|middle of|mid-?|early|late)?\s*"
    rf"(?:{_MONTH_EN})(?:\s+(?P<y>(?:19|20)\d{{2}}))?\b(?!\s+\d)",
    re.IGNORECASE,
)
_WEEKDAY_ZH = re.compile(
    rf"(?P<which>下下|下个|下|本|这个|这|next)?\s*(?:周|星期|礼拜)(?P<wd>[{_WEEKDAYS_ZH}])"
    rf"(?P<before>{_BEFORE_ZH})?"
)
_WEEKDAY_EN_RE = re.compile(rf"{_WEEKDAY_EN}\b", re.IGNORECASE)
_WEEKDAY_LEAD = re.compile(
    rf"(?:\b(?P<lead>{_BEFORE_EN}|on|this|next|coming)\s+)?(?:(?P<which>this|next|coming)\s+)?$",
    re.IGNORECASE,
)
_RELATIVE_ZH = re.compile(
    "(?P<word>"
    + words_pattern(
        "今天|今晚|今日|明天|明早|明晚|大后天|后天|本周末|这周末|下周末|周末|本周|这周|下周|本月底|"
        "这个月底|月底|月末|下个月底|下月底|下个月初|下月初|下个月中|下月中|下个月|下月|今年年底|"
        "今年底|年底|年末|今年内|年内|明年年底|明年上半年|上半年|下半年|明年|季度末|季末|本季度|这个季度"
    )
    + rf")(?P<before>{_BEFORE_ZH}|[^，。；,;\n]{{1,6}}?{_QIAN})?"
)
# A day of a month alone: "15号前", "下个月 5 号前"
_DOM_ZH = re.compile(
    rf"(?P<which>下个?月|本月|这个月|当月)?\s*(?<![\d月])(?P<d>{_NUM})\s*号(?P<before>{_BEFORE_ZH})?"
)
_WITHIN_ZH = re.compile(rf"(?P<n>{_NUM}|半)\s*(?P<unit>天|日|周|个?星期|个?礼拜|个月)(?:之内|内)")
_RELATIVE_EN = re.compile(
    r"\b(?P<word>today|tonight|tomorrow|the day after tomorrow|this weekend|next weekend|"
    r"(?:the )?end of (?:the |this )?(?:day|week|month|year)|end of next (?:week|month)|"
    r"EOD|EOW|EOM|EOY|next week|next month|next year|this week|this month)\b",
    re.IGNORECASE,
)
_WITHIN_EN = re.compile(
    r"\b(?:within|in)\s+(?:the\s+next\s+)?(?P<n>\d{1,2}|a|one|two|three|four|five|six|seven|"
    r"ten)\s+"
    r"(?P<unit>day|week|month)s?\b",
    re.IGNORECASE,
)
_QUARTER = re.compile(
    r"(?:(?P<y>(?:19|20)\d{2}|今|明|下)\s*年?\s*的?\s*)?(?:第?(?P<q>[一二三四1-4])\s*季度|Q(?P<q2>[1-4]))"
    rf"(?:\s*(?P<y2>(?:19|20)\d{{2}}))?\s*(?P<end>末|底|结束)?(?P<before>{_BEFORE_ZH})?",
)
_QUARTER_EN = re.compile(
    rf"\b(?P<lead>{_BEFORE_EN})\s+(?:the\s+)?(?:end of\s+)?Q(?P<q>[1-4])"
    r"(?:\s+(?P<y>(?:19|20)\d{2}))?\b",
    re.IGNORECASE,
)
_HOLIDAY_BEFORE = re.compile(
    r"^[^，。；,;\n]{0,4}?(?:放假|假期|长假|假|回家|上班)?\s*(?:之前|以前|前)|^\s*(?:截止|到期)"
)
_LEAD_EN = re.compile(
    rf"(?:\b{_BEFORE_EN}\s+(?:the\s+)?|(?:\b(?:deadline|due(?: date)?|ddl)|截止(?:日期|时间)?|"
    r"到期(?:日|时间)?|期限)\s*[:：]?\s*)$",
    re.IGNORECASE,
)

# Gates: cheap searches (literal words in the lower-cased text) that let through only the todos
# a reader can find something in; most todos skip most readers.
_MONTH_GATE = re.compile("jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec")
_WEEKDAY_GATE = re.compile("mon|tue|wed|thu|fri|sat|sun")
_HOLIDAY_GATE = re.compile(
    "春节|过年|农历新年|大年|年前|除夕|年三十|元宵|端午|中秋|清明|元旦|情人节|妇女节|女神节|五一|劳动节|儿童节|"
    "618|教师节|国庆|十一长假|十一假期|万圣节|双十一|双11|双十二|双12|平安夜|圣诞|感恩节|黑五|黑色星期五|"
    "复活节|chinese new year|lunar new year|spring festival|lantern|dragon boat|mid-autumn|"
    "moon festival|qingming|tomb-sweeping|new year|valentine|may day|national day|halloween|"
    "christmas|xmas|thanksgiving|black friday|easter"
)
_RELATIVE_EN_GATE = re.compile(
    "today|tonight|tomorrow|weekend|end of|eod|eow|eom|eoy|next week|next month|next year|"
    "this week|this month"
)
_RECURRING_GATE = re.compile(
    "每|隔周|双周|every|each|daily|weekly|biweekly|monthly|quarterly|yearly|annually"
)
_QUARTER_GATE = re.compile("季度|q[1-4]")
_BEFORE_GATE = re.compile("前|截止")


@dataclass(frozen=True, slots=True)
class _Found:
    day: date
    said: str
    marked: bool  # a deadline word goes with it
    exact: bool  # a day, not only a month or a period


def deadline_of(text: str, touched: date) -> Deadline | None:
    """The last day the todo's text gives it, read relative to `touched` (the day it was last
    touched), and the words that say so; None for a recurring todo or one with no date."""
    lowered = text.lower()
    if _RECURRING_GATE.search(lowered) is not None and _RECURRING.search(text) is not None:
        return None
    found = _read(text, lowered, touched)
    # a day with a deadline word, else a coarser deadline ("8月底前", "下周"), else a day named
    for pool in (
        [f for f in found if f.marked and f.exact],
        [f for f in found if f.marked],
        [f for f in found if f.exact],
    ):
        if pool:
            last = max(pool, key=lambda f: f.day)
            return Deadline(last.day, " ".join(last.said.split()))
    return None


_Handler = Callable[[str, re.Match[str], date], "_Found | None"]


def _read(text: str, lowered: str, base: date) -> list[_Found]:
    out: list[_Found] = []
    taken: list[tuple[int, int]] = []
    for gate, pattern, handler in _READERS:
        if gate is not None and (
            gate not in text if isinstance(gate, str) else gate.search(lowered) is None
        ):
            continue
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(s < end and start < e for s, e in taken):
                continue
            found = handler(text, match, base)
            if found is not None:
                taken.append((start, end))
                out.append(found)
    return out


def _marked_zh(text: str, end: int) -> bool:
    after = text[end : end + 20]
    return re.match(_BEFORE_ZH, after) is not None or _BEFORE_ZH_FAR.match(after) is not None


def _marked_en(text: str, start: int) -> bool:
    return _LEAD_EN.search(text[max(0, start - 30) : start]) is not None


def _provenance(text: str, match: re.Match[str]) -> bool:
    """The date says when the todo came up ("8 月 11 日提到的", "came up on Jul 12")."""
    start, end = match.span()
    return (
        _PROVENANCE_AFTER.match(text[end : end + 30]) is not None
        or _PROVENANCE_BEFORE.search(text[max(0, start - 30) : start]) is not None
    )


def _iso(text: str, match: re.Match[str], base: date) -> _Found | None:
    if match.start() > 0 and text[match.start() - 1] in "0123456789.":
        return None  # inside a longer number or a version
    return _dated(text, match, _day(int(match["y"]), int(match["m"]), int(match["d"])))


def _dated(text: str, match: re.Match[str], day: date | None) -> _Found | None:
    if day is None or _provenance(text, match):
        return None
    marked = _marked_zh(text, match.end()) or _marked_en(text, match.start())
    adjacent = re.match(_BEFORE_ZH, text[match.end() : match.end() + 4])
    said = match[0] + (adjacent[0] if adjacent is not None else "")  # "11月15日前"
    return _Found(day, said, marked, True)


def _dotted(text: str, match: re.Match[str], base: date) -> _Found | None:
    month, dom = int(match["m"]), int(match["d"])
    day = _near(base, lambda year: _day(year, month, dom))
    return None if day is None else _Found(day, match[0], True, True)


def _md_zh(text: str, match: re.Match[str], base: date) -> _Found | None:
    month, dom = _number(match["m"]), _number(match["d"])
    if month is None or dom is None:
        return None
    year = match["y"]
    if year is None:
        day = _near(base, lambda y: _day(y, month, dom))
    else:
        y = {"今": base.year, "明": base.year + 1, "去": base.year - 1}.get(year) or int(year)
        day = _day(y, month, dom)
    return _dated(text, match, day)


def _month_number(name: str) -> int:
    return _MONTHS_EN.index(name[:3].lower()) + 1


def _md_en(text: str, match: re.Match[str], base: date) -> _Found | None:
    name = match["mon"] or match["mon2"]
    month, dom = _month_number(name), int(match["d"] or match["d2"])
    year = match["y"] or match["y2"]
    if year is not None:
        day = _day(int(year), month, dom)
    else:
        day = _near(base, lambda y: _day(y, month, dom))
    return _dated(text, match, day)


def _holiday(text: str, match: re.Match[str], base: date) -> _Found | None:
    after = text[match.end() : match.end() + 12]
    before_zh = _HOLIDAY_BEFORE.match(after)
    lead = _marked_en(text, match.start())
    if before_zh is None and not lead:
        return None  # a holiday named without a deadline word ("春节海报")
    if re.search(r"(?:\d|[日号])\s*$", text[max(0, match.start() - 3) : match.start()]):
        return None  # it explains the day before it ("2月10日春节前"): that day is the deadline
    which = next(n for n in range(len(_HOLIDAYS)) if match[f"h{n}"] is not None)
    make = _HOLIDAYS[which][1]
    day = _near(base, make)
    if day is None:
        return None
    before = before_zh is not None and "截止" not in before_zh[0] and "到期" not in before_zh[0]
    before = before or re.search(r"before\s+(?:the\s+)?$", text[: match.start()], re.I) is not None
    said = match[0] + (before_zh[0] if before_zh is not None else "")
    return _Found(day - timedelta(days=1) if before else day, said, True, True)


def _quarter_end(year: int, quarter: int) -> date:
    return _month_end(year, quarter * 3)


def _quarter_zh(text: str, match: re.Match[str], base: date) -> _Found | None:
    q = _number(match["q"]) if match["q"] else int(match["q2"])
    year_word = match["y"] or match["y2"]
    if q is None or not 1 <= q <= 4:
        return None
    if not (match["before"] or match["end"] or year_word):
        return None  # "Q2 roadmap": a quarter named, not a deadline
    if year_word in ("明", "下"):
        year = base.year + 1
    elif year_word in (None, "今"):
        year = base.year
        if _quarter_end(year, q) < base - _GRACE:
            year += 1
    else:
        year = int(year_word)
    return _Found(_quarter_end(year, q), match[0], True, False)


def _quarter_en(text: str, match: re.Match[str], base: date) -> _Found | None:
    q = int(match["q"])
    if match["y"]:
        year = int(match["y"])
    else:
        year = base.year + (1 if _quarter_end(base.year, q) < base - _GRACE else 0)
    return _Found(_quarter_end(year, q), match[0], True, False)


def _in_month(month: int, part: str) -> _Make:
    """A day of a month by how a deadline names it: "before" (the day before the month starts),
    "early" (the 10th), "mid" (the 20th) or "end" (its last day)."""

    def make(year: int) -> date | None:
        if part == "before":
            return date(year, month, 1) - timedelta(days=1)
        if part in ("early", "mid"):
            return date(year, month, 10 if part == "early" else 20)
        return _month_end(year, month)

    return make


def _in_year(base: date, make: _Make, year: str | None) -> date | None:
    if year is None:
        return _near(base, make)
    return make(base.year if year == "今" else base.year + 1 if year == "明" else int(year))


def _month_en(text: str, match: re.Match[str], base: date) -> _Found | None:
    name = match["mon"]
    if name.lower().startswith("may") and name != "May":
        return None  # the verb
    part = (match["part"] or "").lower()
    kind = (
        "before"
        if match["lead"].lower() == "before" and not part
        else "mid"
        if part.startswith("mid") or part == "middle of"
        else "early"
        if part == "early"
        else "end"
    )
    day = _in_year(base, _in_month(_month_number(name), kind), match["y"])
    return None if day is None else _Found(day, match[0], True, False)


_PARTS_ZH = {"初": "early", "上旬": "early", "中": "mid", "中旬": "mid"}


def _month_zh(text: str, match: re.Match[str], base: date) -> _Found | None:
    month = _number(match["m"])
    if month is None or not 1 <= month <= 12:
        return None
    part, rest, before = match["part"], match["rest"], match["before"] or match["far"]
    if part is None and before is None:
        return None  # "10 月的比赛": a month named, not a deadline
    # "8月底前", "10月中旬前"; "12月前": before December; "5月考核前": by the end of May
    kind = _PARTS_ZH.get(part, "end") if part is not None else "end" if rest else "before"
    day = _in_year(base, _in_month(month, kind), match["y"])
    return None if day is None else _Found(day, match[0], True, False)


def _week_start(base: date) -> date:
    return base - timedelta(days=base.weekday())


def _weekday_zh(text: str, match: re.Match[str], base: date) -> _Found | None:
    wd = min(_WEEKDAYS_ZH.index(match["wd"]), 6)
    which = match["which"] or ""
    if which in ("下", "下个", "next"):
        day = _week_start(base) + timedelta(days=7 + wd)
    elif which == "下下":
        day = _week_start(base) + timedelta(days=14 + wd)
    elif which in ("本", "这", "这个") and _week_start(base) + timedelta(days=wd) >= base:
        day = _week_start(base) + timedelta(days=wd)
    else:  # "周五前": the coming Friday
        day = base + timedelta(days=(wd - base.weekday()) % 7)
    return _Found(day, match[0], match["before"] is not None, True)


def _weekday_en(text: str, match: re.Match[str], base: date) -> _Found | None:
    start = match.start()
    if start > 0 and text[start - 1].isalnum():
        return None  # inside a word
    lead = _WEEKDAY_LEAD.search(text[max(0, start - 30) : start])
    if lead is None or not (lead["lead"] or lead["which"]):
        return None  # a weekday alone ("Tuesday mornings") is a habit or a schedule
    said_lead, which = (lead["lead"] or "").lower(), (lead["which"] or "").lower()
    if not which and said_lead in ("this", "next", "coming"):
        which, said_lead = said_lead, ""
    wd = _WEEKDAYS_EN.index(match[0][:3].lower())
    if which == "next":
        day = _week_start(base) + timedelta(days=7 + wd)
    elif which == "this" and _week_start(base) + timedelta(days=wd) >= base:
        day = _week_start(base) + timedelta(days=wd)
    else:
        day = base + timedelta(days=(wd - base.weekday()) % 7)
    marked = said_lead not in ("", "on")
    return _Found(day, lead[0].strip() + " " + match[0], marked, True)


def _relative_zh(text: str, match: re.Match[str], base: date) -> _Found | None:
    word, before = match["word"], match["before"] is not None
    week = _week_start(base)
    days = {
        "今天": base, "今晚": base, "今日": base, "明天": base + timedelta(1),
        "明早": base + timedelta(1), "明晚": base + timedelta(1), "后天": base + timedelta(2),
        "大后天": base + timedelta(3),
        "本周末": week + timedelta(6), "这周末": week + timedelta(6), "周末": week + timedelta(6),
        "下周末": week + timedelta(13), "本周": week + timedelta(6), "这周": week + timedelta(6),
        "下周": week + timedelta(13),
        "本月底": _month_end(base.year, base.month), "这个月底": _month_end(base.year, base.month),
        "月底": _month_end(base.year, base.month), "月末": _month_end(base.year, base.month),
        "年底": date(base.year, 12, 31), "年末": date(base.year, 12, 31),
        "今年年底": date(base.year, 12, 31), "今年底": date(base.year, 12, 31),
        "年内": date(base.year, 12, 31), "今年内": date(base.year, 12, 31),
        "上半年": date(base.year, 6, 30), "下半年": date(base.year, 12, 31),
        "明年年底": date(base.year + 1, 12, 31), "明年上半年": date(base.year + 1, 6, 30),
        "明年": date(base.year + 1, 12, 31),
        "季度末": _quarter_end(base.year, (base.month - 1) // 3 + 1),
        "季末": _quarter_end(base.year, (base.month - 1) // 3 + 1),
        "本季度": _quarter_end(base.year, (base.month - 1) // 3 + 1),
        "这个季度": _quarter_end(base.year, (base.month - 1) // 3 + 1),
    }  # fmt: skip
    day = days.get(word)
    if day is None:  # next month: its end, start or middle
        nxt = _month_end(base.year, base.month) + timedelta(1)
        day = (
            _month_end(nxt.year, nxt.month)
            if word.endswith(("月底", "月"))
            else nxt + timedelta(days=9 if word.endswith("初") else 19)
        )
    if word in ("上半年", "下半年") and day < base - _GRACE:
        day = day.replace(year=day.year + 1)
    exact = word in ("今天", "今晚", "今日", "明天", "明早", "明晚", "后天", "大后天")
    # "明年…" and "下个月…" name a time frame even without 前 ("明年一季度考虑…").
    # a time frame is a deadline even without 前 ("下周要订票", "明年一季度考虑…")
    marked = before or not exact
    return _Found(day, match[0] if before else match["word"], marked, exact)


_EN_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
               "seven": 7, "ten": 10}  # fmt: skip


def _dom_zh(text: str, match: re.Match[str], base: date) -> _Found | None:
    dom = _number(match["d"])
    if dom is None or not 1 <= dom <= 31 or match["before"] is None:
        return None  # "3 号楼", "5 号线": a number, not a day, without a deadline word
    which = match["which"] or ""
    if which.startswith("下"):
        first = _month_end(base.year, base.month) + timedelta(days=1)
    elif which:
        first = base.replace(day=1)
    else:  # the first such day on or after the touch (less a few days: a month is short)
        first = (base - _DOM_GRACE).replace(day=1)
        while True:
            day = _day(first.year, first.month, dom)
            if day is not None and day >= base - _DOM_GRACE:
                return _Found(day, match[0], True, True)
            first = _month_end(first.year, first.month) + timedelta(days=1)
    day = _day(first.year, first.month, dom)
    return None if day is None else _Found(day, match[0], True, True)


def _within_zh(text: str, match: re.Match[str], base: date) -> _Found | None:
    return _within(match, base, zh=True)


def _within_en(text: str, match: re.Match[str], base: date) -> _Found | None:
    return _within(match, base, zh=False)


def _within(match: re.Match[str], base: date, *, zh: bool) -> _Found | None:
    raw = match["n"]
    n: float | None
    if zh:
        n = 0.5 if raw == "半" else _number(raw)
    else:
        n = int(raw) if raw.isdigit() else _EN_NUMBERS.get(raw.lower())
    if n is None:
        return None
    unit = match["unit"].lower()
    days = 30 if "月" in unit or unit == "month" else 7 if unit[0] in "周星礼w" else 1
    return _Found(base + timedelta(days=round(n * days)), match[0], True, False)


def _relative_en(text: str, match: re.Match[str], base: date) -> _Found | None:
    word = " ".join(match["word"].lower().split())
    week = _week_start(base)
    if word in ("today", "tonight", "eod", "end of day", "end of the day", "the end of the day"):
        day = base
    elif word == "tomorrow":
        day = base + timedelta(1)
    elif word == "the day after tomorrow":
        day = base + timedelta(2)
    elif (
        word in ("this weekend", "this week", "eow")
        or word.endswith("of the week")
        or (word.endswith("of week") or word.endswith("of this week"))
    ):
        day = week + timedelta(6)
    elif word in ("next weekend", "next week", "end of next week"):
        day = week + timedelta(13)
    elif word in ("eom", "this month") or word.endswith(("of the month", "of month", "this month")):
        day = _month_end(base.year, base.month)
    elif word in ("next month", "end of next month"):
        nxt = _month_end(base.year, base.month) + timedelta(1)
        day = _month_end(nxt.year, nxt.month)
    elif word in ("eoy", "next year") or word.endswith("year"):
        day = date(base.year + (1 if word == "next year" else 0), 12, 31)
    else:
        return None
    marked = _marked_en(text, match.start()) or word.startswith(("end", "the end", "eo"))
    exact = word in ("today", "tonight", "tomorrow", "the day after tomorrow")
    return _Found(day, match[0], marked, exact)


# (gate, pattern, handler): the gate is a word the text must hold, or a pattern its lower-cased
# form must match; the readers go in order, and a later one skips what an earlier one read.
_READERS: tuple[tuple[str | re.Pattern[str] | None, re.Pattern[str], _Handler], ...] = (
    (None, _ISO, _iso),
    ("月", _MD_ZH, _md_zh),
    (_BEFORE_GATE, _DOTTED, _dotted),
    ("/", _SLASHED_EN, _dotted),
    (_MONTH_GATE, _MD_EN, _md_en),
    (_HOLIDAY_GATE, _HOLIDAY, _holiday),
    (_QUARTER_GATE, _QUARTER, _quarter_zh),
    (_QUARTER_GATE, _QUARTER_EN, _quarter_en),
    (_MONTH_GATE, _MONTH_ONLY_EN, _month_en),
    ("月", _MONTH_ZH, _month_zh),
    (re.compile("周|星期|礼拜"), _WEEKDAY_ZH, _weekday_zh),
    (_WEEKDAY_GATE, _WEEKDAY_EN_RE, _weekday_en),
    ("号", _DOM_ZH, _dom_zh),
    (None, _RELATIVE_ZH, _relative_zh),
    ("内", _WITHIN_ZH, _within_zh),
    (_RELATIVE_EN_GATE, _RELATIVE_EN, _relative_en),
    (re.compile("within|in "), _WITHIN_EN, _within_en),
)
