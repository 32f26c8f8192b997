"""What a memory's text says of its time (SPEC 4 triggers): a temporary state that must never be
promoted, a todo past its date, and what is important enough to keep. Pure functions; each
finding says in words what fired, in the memory's language."""

from __future__ import annotations

import re
from datetime import date, datetime

from core.review.deadlines import LITERALS, deadline_of, literal_words
from core.review.model import Memory, in_its_language
from core.times import iso_day

__all__ = [
    "find_important",
    "find_temporary",
    "is_expired",
    "is_todo",
]


# -- temporary states and expiry ------------------------------------------------------------------
def _english(words: str) -> frozenset[str]:
    """A set of English words written as one string ("tired sick ill")."""
    return frozenset(words.split())


# Each kind of evidence is a list of (gate, pattern), matched in the lower-cased text by
# `_first`: the pattern is searched only where its gate (literal words, searched many times
# faster than a pattern with groups) found something. A span of hours or days ("这两天",
# "this week") makes a passing state whatever else the text says.
# (gate, pattern): the gate is literal words searched in the text, or a set of English words one
# of which the text must hold (a set's test is cheaper than searching for many English words).
_Gate = re.Pattern[str] | frozenset[str] | None
_Evidence = tuple[tuple[_Gate, re.Pattern[str]], ...]
_PASSING: _Evidence = (
    (
        None,
        literal_words(
            "今晚|今早|今晨|今夜|今儿|刚才|刚刚|这两天|这几天|这些天|这会儿|此刻|这阵子|这段时间|这周|"
            "本周|这一周|这礼拜|本礼拜|这星期|本星期|这个周末|这周末|近两天|近几天|近几日|这两周|这几周|"
            "暂时|眼下"
        ),
    ),
    (
        literal_words("最后|接下来|未来"),
        re.compile("(?:最后|接下来|未来)[一两二三四五六七八九十几]+(?:天|周|个星期)"),
    ),
    (
        _english(
            "tonight morning afternoon evening week weekend right moment just days temporarily "
            "being until"
        ),
        re.compile(
            r"(?:tonight|this (?:morning|afternoon|evening|week|weekend)|right now|at the moment|"
            r"just now|these (?:two |few |past few |last few )?days|for a (?:few|couple of) days|"
            r"(?:for )?the (?:next|past|last) (?:few|two|three|couple of) days|temporarily|"
            r"for the time being|until (?:it|he|she|they) (?:heals?|recovers?|gets? better|"
            r"is better|feels? better))\b"
        ),
    ),
)
# A day named ("今天", "today"): a passing state, unless a habit or a schedule mentions it
# ("每天睡前把今天读过的论文记下来", "always: yesterday / today / blockers").
_DAY: _Evidence = (
    (None, literal_words("今天|今日|明天|昨天|明早|明晚|昨晚|前天|后天")),
    # "最近在赶进度", not "最近的告警" (the latest alerts) nor "最近一次" (the last time)
    # "最近在赶进度", not "最近的告警" (the latest alerts), "最近一次" (the last time) nor
    # "最近改喝燕麦拿铁" (a change that lasts)
    (
        literal_words("最近"),
        re.compile("最近(?!的|一次|一年|几年|半年|几个月|改|换|开始|转|迷上|搬|入职|加入|升级)"),
    ),
    (frozenset(("today", "tomorrow", "yesterday")), re.compile(r"(?:today|tomorrow|yesterday)\b")),
    # "on a shoot in Hamburg until Sunday": a state with its end in sight
    (
        frozenset(("until",)),
        re.compile(
            r"until (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|"
            r"tonight|next week|the weekend|the end of the week)\b"
        ),
    ),
)
# A state that lasts hours or days by its nature (a cold, a delayed flight, a teething baby).
_STATE: _Evidence = (
    (
        literal_words(
            "感冒|发烧|发炎|咳嗽|嗓子|喉咙|头疼|头痛|头晕|腰|腿酸|牙疼|牙痛|拉肚子|腹泻|扭伤|崴|落枕|犯了|"
            "出牙|长牙|闹觉|生病|病了|不舒服|陪护|陪床|住院|时差|机场|延误|出差|请假|请了假|熬夜|通宵|"
            "卡文|心情|烦|崩|累|困得|睡|刚下|赶|现在|此刻|目前|正在|正忙|肚子|胃|吐|高铁|火车|飞机|"
            "地铁|信号|休|假|等|隔离|恢复期|康复|养伤|养病|月子|气头上|手术|刚被|叫醒"
        ),
        re.compile(
            r"感冒|发烧|发炎|咳嗽|嗓子(?:哑|疼|痛)|喉咙(?:疼|痛|哑)|头(?:疼|痛|晕)|腰(?:疼|痛|酸)|腿酸|"
            r"牙(?:疼|痛)|拉肚子|腹泻|扭伤|崴了?脚|落枕|(?:炎|病|痛|疼)又?犯了|又犯了|出牙|长牙|闹觉|"
            r"生病|病了|不舒服|陪护|陪床|住院(?![医部总费号])|倒时差|时差反应|在机场|航班延误|延误了|"
            r"出差|请假了|请了假|在请假|熬夜|通宵|卡文|心情(?:很|不太|特别|有点|非常)?(?:差|不好|低落|糟)|"
            r"烦躁|(?:很|好)烦(?=[，。！,.!\s]|$)|心态[^，。]{0,2}崩|累到|累得|困得|睡不着|"
            r"闹肚子|肚子(?:疼|痛)|胃(?:疼|痛)|呕吐|在(?:高铁|火车|飞机|地铁)上|信号不好|在休假|休假中|"
            r"度假|休(?:产|病|年|婚)假|请了?病假|在等|等(?:待)?[^，。；\s]{0,10}(?:结果|通知|回复|审批|录取|消息)|"
            r"没睡|刚下(?:班|夜班|飞机|课|手术)|在赶|赶(?:稿|进度|deadline|ddl|上线|提案|论文|报告)|"
            r"居家隔离|在隔离|隔离中|被隔离|恢复期|康复中|养伤|养病|坐月子|月子里|气头上|刚做完手术|"
            r"术后恢复|"
            r"(?:现在|此刻|目前|正)在?(?:开会|忙|路上|外面|吃饭|睡觉|排队|堵车|上课|加班|值班)|"
            # an incident in hand: "刚被告警叫醒，正在处理故障"
            r"刚被|被[^，。；]{0,10}叫醒|正在(?:处理|排查|抢修|修复|救火)|"
            r"现在(?:只想|不方便|没空)"
        ),
    ),
    (
        _english(
            "jet jetlagged hungover sprained sick recovering home cold fever flu cough throat "
            "headache migraine stomach toothache hangover tired exhausted ill unwell sleepy "
            "swamped sore drained busy traveling travelling away office trip vacation holiday "
            "leave break call airport hospital waiting meeting driving commuting train plane "
            "flight bus teething nighter mood voice middle stuck covid chickenpox rash "
            "infection delayed cancelled canceled"
        ),
        re.compile(
            r"(?:is|'s|are) (?:currently |now )?(?:in a meeting|driving|commuting|"
            r"on (?:a|the) (?:train|plane|flight|bus))\b|"
            r"(?:jet-?lagged|jet lag|hungover|sprained|off sick|recovering from|"
            r"working from home until|teething|pulled an all-nighter|in a bad mood|"
            r"lost (?:his|her|their|my) voice)\b|"
            r"(?:has|had|got|caught|with|is fighting|is down with) (?:a |an |the )?"
            r"(?:bad |mild |slight |terrible |nasty |high )?"
            r"(?:cold|fever|flu|cough|sore throat|headache|migraine|stomach bug|toothache|"
            r"hangover|covid|chickenpox|rash|infection|sinus infection|ear infection)\b|"
            r"(?:flight|train) (?:is |was |got |has been )?(?:delayed|cancell?ed)\b|"
            r"(?:is|'s|are|am|feels?|feeling|felt) (?:really |very |so |quite |a bit |a little |"
            r"pretty |super |extremely |completely |still |currently )?(?:tired(?! of)|exhausted|"
            r"sick(?! of)|ill|unwell|sleepy|swamped|sore|drained|busy)\b|"
            r"(?:is|'s|are) (?:currently |still |now )?(?:traveling|travelling|away|"
            r"out of (?:the )?office|on (?:a |an )?(?:\w+ )?(?:trip|vacation|holiday|leave|break)|"
            r"on call|at the airport|in (?:the )?hospital|waiting (?:for|on)|in the middle of)\b|"
            # a note without its subject: "Waiting for the visa", "Off sick", "On leave until May"
            r"^(?:currently |still )?(?:waiting (?:for|on)|traveling|travelling|recovering from|"
            r"off sick|out of (?:the )?office|on (?:a |an )?(?:\w+ )?(?:trip|vacation|holiday|leave)|"
            r"stuck (?:in|at)|busy with|in the middle of)\b"
        ),
    ),
)
# What makes a day or a state part of a habit or a schedule, not a passing state.
_HABIT: _Evidence = (
    (
        None,
        literal_words(
            "每天|每晚|每早|每周|每月|每年|每次|每逢|每当|每个|天天|总是|通常|经常|常常|往往|习惯|向来|"
            "从来|从不|从今天起|今天起|从今天开始|always|usually|often|every|each|daily|weekly|whenever|"
            "routinely|typically|never|weekends|weekdays|mornings|evenings|nights|mondays|tuesdays|"
            "wednesdays|thursdays|fridays|saturdays|sundays|from today on|starting today|as of today"
        ),
    ),
)
# A routine, a lesson or a decision that mentions a day ("周报流程：整理本周合并的 PR", "前天排查
# 502，最后发现是配置问题", "决定停用 Python 3.8（前天评审通过）"): what it says lasts.
_ROUTINE_OR_LESSON: _Evidence = (
    (
        None,
        literal_words(
            "流程|步骤|清单|模板|格式|规范|最后发现|发现是|原因是|根因|解决办法|解决方法|教训|经验是|决定"
        ),
    ),
    (
        _english(
            "checklist template routine format workflow procedure lesson turned root fix decided"
        ),
        re.compile(
            r"(?:checklist|template|routine|format|workflow|procedure|lesson|turned out|"
            r"root cause|the fix|decided)\b"
        ),
    ),
)
# Right before a state: a tendency ("容易焦虑", "easily stressed"), not a passing state.
_TENDENCY = re.compile(
    r"(?:容易|易|爱|常|会|一.就|如果|要是|一旦|喜欢|讨厌|不想|害怕|怕|不爱|反感|不介意|习惯|"
    r"\b(?:easily|tends? to|gets?|when|while|whenever|if|hates?|likes?|loves?|enjoys?|avoids?|"
    r"dislikes?)\s+(?:\w+\s+)?)\s*$"
)
# Right after it: a condition ("出差时", "感冒的时候"), not a passing state.
_CONDITION = re.compile(r"\s*(?:时|的时候|时候|期间|前|后|之后|以后|的话)")
_PAST: _Evidence = (
    (
        None,
        literal_words(
            "去年|前年|上个月|以前|曾经|小时候|年前|当年|那年|前几年|last year|last month|years ago|"
            "used to|in 19|in 20"
        ),
    ),
)


# A quick test most memories fail: none of the words a gate or a literal pattern above needs.
_EVIDENCE = (*_PASSING, *_DAY, *_STATE)
_ANY_CHINESE = literal_words(
    "|".join(
        LITERALS[part]
        for gate, pattern in _EVIDENCE
        for part in (gate, pattern)
        if isinstance(part, re.Pattern) and part in LITERALS and not part.pattern.isascii()
    )
)
_ANY_ENGLISH = frozenset().union(*(g for g, _p in _EVIDENCE if isinstance(g, frozenset)))


_QUOTED_SPAN = re.compile(r"“[^”\n]*”|「[^」\n]*」|『[^』\n]*』|\"[^\"\n]*\"")
_TODO_TEXT = re.compile(r"^\s*(?:TODO|To-?do|待办)\b\s*[:：(（]", re.IGNORECASE)


def is_todo(memory: Memory) -> bool:
    """A todo: so filed, or so written ("TODO: …", "待办：…") where the agent files memories by
    where they go (a file, a type, a section), not by kind."""
    return memory.category == "todo" or _TODO_TEXT.match(memory.content) is not None


def find_temporary(text: str) -> str | None:
    """The words that make the text a temporary state ("today", "今天", "这两天", "感冒",
    "jet-lagged" …), else None. A habit or a schedule that mentions a day ("每天…今天的日志"), a
    tendency ("容易焦虑"), a lasting condition ("慢性咽炎"), a routine, a lesson, a decision and
    a todo ("TODO: 明天回电话") are not temporary states."""
    if _TODO_TEXT.match(text):
        return None  # a todo's days say when it is due (see is_expired), not a passing state
    lowered = text.lower()
    words: set[str] = set()  # its English words, once a gate asks for them
    if _ANY_CHINESE.search(lowered) is None:
        words.update(_ASCII_WORD.findall(lowered) or ("",))
        if _ANY_ENGLISH.isdisjoint(words):
            return None
    found = _first(_PASSING, lowered, words)
    if found is None:
        # a day quoted is a day mentioned ("用户问“昨天的告警”时…"), not one the memory is about
        unquoted = _QUOTED_SPAN.sub(lambda m: " " * len(m.group(0)), lowered)
        day, state = _first(_DAY, unquoted, words), _first(_STATE, lowered, words)
        if day is None and state is None:
            return None
        if _first(_HABIT, lowered, words) is not None:
            return None
        passing_state = state is not None and not _lasting(lowered, state, words)
        found = (day or state) if passing_state else day
        if found is None:
            return None
    if _first(_ROUTINE_OR_LESSON, lowered, words) is not None:
        return None
    if len(lowered) != len(text):  # lower() changed a letter's length: quote what matched
        return found.group(0)
    return text[found.start() : found.end()]


_ASCII_WORD = re.compile("[a-z]+")


def _first(evidence: _Evidence, text: str, words: set[str]) -> re.Match[str] | None:
    """The earliest match of the evidence that does not start inside an English word ("is
    sick", not "this sick"). `words` holds the text's English words, or nothing yet."""
    best: re.Match[str] | None = None
    for gate, pattern in evidence:
        if isinstance(gate, frozenset):
            if not words:
                words.update(_ASCII_WORD.findall(text) or ("",))
            if gate.isdisjoint(words):
                continue
        elif gate is not None and gate.search(text) is None:
            continue
        match = pattern.search(text)
        while match is not None:
            start = match.start()
            if start == 0 or not (text[start].isascii() and text[start].isalnum()):
                break
            if not text[start - 1].isalnum():
                break
            match = pattern.search(text, start + 1)
        if match is not None and (best is None or match.start() < best.start()):
            best = match
    return best


def _lasting(lowered: str, state: re.Match[str], words: set[str]) -> bool:
    """The state is a tendency, a past episode or part of a lasting condition."""
    return (
        _TENDENCY.search(lowered[max(0, state.start() - 16) : state.start()]) is not None
        or _CONDITION.match(lowered, state.end()) is not None
        or _first(_PAST, lowered, words) is not None
        or (find_important(lowered) or ("",))[0] in ("an allergy", "a health condition")
    )


def is_expired(memory: Memory, today: date) -> str | None:
    """Why a todo is past its date, in its language: its expires_at (an ISO date or time) is
    before today, or, without one, the deadline its text names is ("11月15日前", "before
    Christmas", "下周五前", read from the day it was last touched). None for any other memory, a
    recurring or undated todo, or one whose date is still ahead."""
    if not is_todo(memory):
        return None
    if memory.expires_at and memory.expires_at.strip():
        when = _date_of(memory.expires_at.strip())
        if when is None or when >= today:
            return None
        day = when.isoformat()
        return in_its_language(memory, f"expired on {day}", f"已于 {day} 过期")
    touched = _date_of(memory.last_activated.strip()) if memory.last_activated else None
    deadline = deadline_of(memory.content, touched or today)
    if deadline is None or deadline.day >= today:
        return None
    day, said = deadline.day.isoformat(), deadline.said
    return in_its_language(
        memory,
        f"its deadline “{said}” ({day}) has passed",
        f"截止日期“{said}”（{day}）已过",
    )


def _date_of(value: str) -> date | None:
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except ValueError:
        return iso_day(value)


# -- facts that are never deleted for fading -------------------------------------------------------
# (what it is in English, in Chinese, the words that say so). A person's name, a birthday or an
# anniversary, an allergy or a health condition, a promise, a contract or a legal date: the
# agent forgetting one of these hurts, however rarely it comes up.
# Each pattern is searched only in a text whose lower-cased form holds one of its gate's words
# (literal words are searched many times faster than a pattern ignoring case).
_IMPORTANT: tuple[tuple[str, str, re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (english, chinese, literal_words(gate), re.compile(pattern, re.IGNORECASE))
    for english, chinese, gate, pattern in (
        (
            "an allergy",
            "过敏",
            "过敏|allerg|不耐受|intoleran|epipen|肾上腺素笔",
            r"过敏|allerg|不耐受|intoleran|epipen|肾上腺素笔",
        ),
        (
            "a health condition",
            "健康状况",
            "高血压|糖尿病|哮喘|心脏病|痛风|肾病|抑郁|色弱|色盲|旧伤|慢性|癫痫|剖腹产|术后|mg|diabet|"
            "asthma|epilep|hypertension|blood pressure|chronic|heart condition|color|colour|"
            "medication",
            r"高血压|糖尿病|哮喘|心脏病|痛风|肾病|抑郁|色弱|色盲|旧伤|慢性|癫痫|"
            r"剖腹产|术后|\d+\s*mg\b|diabet|asthma|epilep|hypertension|blood pressure|"
            r"chronic|heart condition|colou?r[- ]blind|medication",
        ),
        (
            "a birthday or an anniversary",
            "生日或纪念日",
            "生日|出生|纪念日|忌日|去世|birthday|anniversary|born|passed away",
            r"生日|出生|纪念日|忌日|去世|birthday|anniversary|\bborn\b|passed away",
        ),
        (
            "a person's name",
            "人名",
            "叫|name|goes by|wife|husband|daughter|son |partner",
            r"(?:名字|名叫|叫做|妻子|丈夫|太太|老公|老婆|男朋友|女朋友|儿子|女儿|孙子|孙女|"
            r"父亲|母亲|爸爸|妈妈|合伙人|leader)[^，。,.]{0,6}叫|"
            r"\b(?:name is|named|goes by|wife|husband|daughter|son|partner) [A-Z]",
        ),
        (
            "a promise or an agreement",
            "承诺或约定",
            "答应|承诺|约定|保证|保密协议|合同|协议|独家|违约|紧急联系人|promise|commit|contract|"
            "agreement|nda|emergency contact",
            r"答应|承诺|约定|保证|保密协议|合同|协议|独家|违约|紧急联系人|"
            r"\bpromised?\b|\bcommit(?:ted|ment)\b|\bcontract\b|\bagreement\b|\bNDA\b|"
            r"emergency contact",
        ),
        (
            "a legal or official date",
            "法定或官方期限",
            "申报|罚款|续贷|签证|居留|护照|税|visa|permit|passport|tax|fine|penalt|renewal|must be filed",
            r"申报|罚款|续贷|签证|居留|护照|税|visa|permit|passport|\btax\b|\bfine[sd]?\b|"
            r"penalt|renewal|must be filed",
        ),
    )
)


def find_important(text: str) -> tuple[str, str] | None:
    """What makes the text a fact never deleted for fading, in English and Chinese (a person's
    name, a birthday, an allergy or health condition, a promise, a legal date), else None."""
    lowered = text.lower()
    for english, chinese, gate, pattern in _IMPORTANT:
        if gate.search(lowered) is not None and pattern.search(text) is not None:
            return english, chinese
    return None
