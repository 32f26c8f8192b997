"""What two alike memories disagree about (for core.review.duplicates): one negates the other
("喜欢" / "不喜欢"), names another choice ("改成 vim" / "改成 emacs") or another value of one
subject; and the names and values a text states."""

from __future__ import annotations

import re

from rapidfuzz.distance import DamerauLevenshtein, Postfix, Prefix

from core.review.kept import Kept
from core.review.reading import (
    Reading,
    read,
)
from core.review.similar import CJK_RUN, NEGATIONS, STOP_WORDS, WORD, normal_text

__all__ = [
    "disagreement",
    "names_in",
]


# Words after which two texts alike but for what follows say different things ("改成 vim").
CHOICES = ("改成", "换成", "改为", "换为", "prefers ", "switched to ", "changed to ")
_LEFTOVER = 2  # characters two texts may still differ by once the negation is undone
_CHOICE_CHARS = 12  # at most this long, the one word that differs between two choices
_TYPO_LETTERS = 5  # a name this long written with one letter off is the same name ("Slrum")


def unknown_pairs(reading: Reading) -> frozenset[str]:
    """The pairs of Chinese characters no glossary word covers, but for function words (of "的阿杰",
    阿杰): a name or a rare word the glossary does not know ("机房断网")."""
    return frozenset(
        p for p in reading.unknown if CJK_RUN.fullmatch(p) and not _FUNCTION_CHARS & set(p)
    )


_FUNCTION_CHARS = frozenset("的了是在也都就和与及把被每这那个们")


def names_in(text: str) -> frozenset[str]:
    """What a text names and states, in lower case: identifiers (notify-service, v1.18.2),
    capitalised words inside a sentence (Redis, Kibana), proper names the glossary knows (北京, as
    its concept), numbers, times, weekdays and dates (as core.review.reading writes them). Two
    alike texts that name other things are two facts."""
    reading = read(text)
    return reading.names | reading.values


def one_letter_off(x: str, y: str) -> bool:
    """Whether two names are one name with a letter off (swapped, replaced, added or lost)."""
    x, y = x.removeprefix("w:"), y.removeprefix("w:")
    if (
        ":" in x
        or ":" in y
        or (x[0] == "c" and x[1:].isdigit())
        or (y[0] == "c" and y[1:].isdigit())
    ):
        return False
    if min(len(x), len(y)) < _TYPO_LETTERS or not (x.isalpha() and y.isalpha()):
        return False
    return DamerauLevenshtein.distance(x, y) <= 1


def disagreement(first: str, second: str, *, zh: bool | None = None) -> str | None:
    """Why two texts alike as written disagree, in a few words (in Chinese when the first text
    is, or as `zh` says), or None: one negates the other ("喜欢" / "不喜欢"), names another choice
    after the same word ("改成 vim" / "改成 emacs"), or another value at the same place after the
    same subject ("主力语言是 Kotlin" / "主力语言是 Go"; or in their first clauses, whatever
    follows: "主力语言是 Kotlin，常用 Spring" / "主力语言是 Go，常用 Gin")."""
    a, b = normal_text(first), normal_text(second)
    if a == b:
        return None
    chinese = bool(CJK_RUN.search(first)) if zh is None else zh
    said = negation_of(a, b) or other_choice(a, b)
    if said is None and _same_subject(first, second):
        said = subject_value(first, second)
    if said is None:
        said = other_value(" ".join(first.split()), " ".join(second.split()))
    if said is None:
        return None
    kind, one, other = said
    return why_disagree(kind, one, other, chinese)


def why_disagree(kind: str, one: str, other: str, zh: bool) -> str:
    if kind == "only":
        return f"只有一条说“{one}”" if zh else f"only one says “{one}”"
    if zh:
        return f"一条说{kind}“{one}”，另一条说“{other}”"
    return f"one says {kind + ' ' if kind else ''}“{one}”, the other “{other}”"


def negation_of(a: str, b: str) -> tuple[str, str, str] | None:
    for marker, plain in NEGATIONS:
        in_a, in_b = len(_places(a, marker)), len(_places(b, marker))
        if in_a == in_b:
            continue
        neg, pos = (a, b) if in_a > in_b else (b, a)
        if any(_leftover(undone, pos) <= _LEFTOVER for undone in _undo(neg, marker, plain)):
            said, other = marker.strip(), plain.strip()
            return ("", said, other) if other else ("only", said, "")
    return None


def _undo(text: str, marker: str, plain: str) -> list[str]:
    """The text with one occurrence of `marker` replaced by `plain`, for each occurrence."""
    return [text[:s] + plain + text[s + len(marker) :] for s in _places(text, marker)]


def _places(text: str, marker: str) -> list[int]:
    """Where the marker starts in the text (an English one at the start of a word)."""
    if marker not in text:
        return []
    start = "" if not marker[0].isascii() else r"(?<![a-z0-9_'])"
    return [m.start() for m in re.finditer(start + re.escape(marker), text)]


def _leftover(a: str, b: str) -> int:
    """How many characters the one stretch where two texts differ spans (the longer side)."""
    prefix, suffix = _common_ends(a, b)
    return max(len(a), len(b)) - prefix - suffix


def _common_ends(a: str, b: str) -> tuple[int, int]:
    """How long the two texts' common beginning and (of the rest) common end are."""
    prefix = Prefix.similarity(a, b)
    suffix = min(Postfix.similarity(a, b), min(len(a), len(b)) - prefix)
    return prefix, suffix


def _one_word(text: str) -> bool:
    return 0 < len(text) <= _CHOICE_CHARS and " " not in text


def other_choice(a: str, b: str) -> tuple[str, str, str] | None:
    prefix, suffix = _common_ends(a, b)
    for marker in CHOICES:
        at = a.rfind(marker, 0, prefix)
        if at < 0 or at + len(marker) + 2 < prefix:
            continue
        start = at + len(marker)
        said, other = a[start : len(a) - suffix], b[start : len(b) - suffix]
        said, other = said.lstrip("了 "), other.lstrip("了 ")
        if _one_word(said) and _one_word(other):
            return marker.strip(), said, other
    return None


# What a subject is set to follows these words: "主力语言是 Kotlin", "找产品经理", "由架构组把关",
# "lives in Berlin".
_CUE = re.compile(
    r"(?:是|为|用|在|找|叫|(?<![自理缘经])由|住在|定在|设为|设的是|改成|换成|交给|"
    r"(?<![a-z])(?:is|are|was|were|uses?|in|at)(?:\s+(?:a|an|the))?)"
    r"(?:\s*一[个辆台只位家条部本款])?\s*$",
    re.IGNORECASE,
)
_DATE = re.compile(
    r"\d\s*[月日号]|(?i:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)"
)
_DATE_AROUND = re.compile(
    r"月\s*\||^\|\s*[日号]|(?i:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\|)"
)
_NOT = ("不", "没", "no ", "not ", "n't")
# A cue negated: "不是 Mac" and "不是 Windows" may both hold.
_NEGATED_CUE = re.compile(
    r"[不没非](?:是|为|用|在|找|叫|由|住在)\s*$|(?:\bnot|n't)(?:\s+(?:a|an|the|in|at|use|uses))?\s*$",
    re.IGNORECASE,
)
# A subject said to have more than one value: "也是", "之一", "one of", "also".
_ONE_OF = re.compile(r"[也另]|之一|其中|的一[个种项条]|(?<![a-z])(?:also|another|one of)(?![a-z])")
_SENTENCE = re.compile(r"[。.!?！？；;\n]\s*")  # the subject is in the value's own sentence
_VALUE_CHARS = 24  # at most this long, the value that differs between two alike texts
_HEAD_STOP = frozenset(
    ["user", "users", "the", "a", "an", "todo", "note", "lesson", "my", "his", "her", "their"]
)
_BARE_VALUE = re.compile(
    r"(?:周|星期|礼拜|第)?[\d一二三四五六七八九十日天两:.：点半]+[^\s，,。；;]{0,3}"
)


def other_value(a: str, b: str) -> tuple[str, str, str] | None:
    """Two texts the same but for one short stretch after a subject they share, and after a word
    that sets it ("是", "用", "找", "is", "in"), or one that is a bare value (a weekday, a number):
    they give the subject two values. Decided on the texts in lower case, said as written."""
    low_a, low_b = a.lower(), b.lower()
    if len(low_a) != len(a) or len(low_b) != len(b):
        return None
    found = value_stretch(low_a, low_b)
    if found is None:
        return None
    start, end_a, end_b = found
    return "", _with_unit(a, start, end_a), _with_unit(b, start, end_b)


def value_stretch(a: str, b: str) -> tuple[int, int, int] | None:
    """Where the value two lower-case texts differ in starts, and where it ends in each."""
    prefix, suffix = _common_ends(a, b)
    while prefix and (_glued(a, prefix) or _glued(b, prefix)):
        prefix -= 1  # a whole word or number differs, not its last letters
    while suffix and (_glued(a, len(a) - suffix) or _glued(b, len(b) - suffix)):
        suffix -= 1
    said, other = a[prefix : len(a) - suffix].strip(), b[prefix : len(b) - suffix].strip()
    if not said or not other or max(len(said), len(other)) > _VALUE_CHARS:
        return None
    if _DATE.search(said) or _DATE.search(other):
        return None  # the same thing said on another day, or two things on two days
    if _DATE_AROUND.search(a[max(0, prefix - 4) : prefix] + "|" + a[len(a) - suffix :][:2]):
        return None
    if one_letter_off(said, other) or any(n in x for x in (said, other) for n in _NOT):
        return None  # one name with a letter off; a negation is negation_of's
    head = a[:prefix]
    if head.rstrip().endswith("由") and not any(c.isalnum() for c in a[len(a) - suffix :]):
        return None  # who does it ("由架构组把关"): the same is done after it
    unit = next((u for u in ("星期", "礼拜", "周", "第") if head.endswith(u)), "")
    head = head[: len(head) - len(unit)]
    bare = _BARE_VALUE.fullmatch(unit + said) and _BARE_VALUE.fullmatch(unit + other)
    subject = _SENTENCE.split(head)[-1]
    if not (bare or _CUE.search(head)) or not _has_subject(subject) or _ONE_OF.search(subject):
        return None  # no subject; or one of several ("之一", "one of", "也是")
    if _NEGATED_CUE.search(head):
        return None  # what it is not: "不是 Mac" / "不是 Windows"
    if _says_no_other(unit + said, unit + other):
        return None  # 五种 / 5种, "every editor" / "all editors", or an extra detail
    return len(head), len(a) - suffix, len(b) - suffix


def _says_no_other(said: str, other: str) -> bool:
    """Whether one stretch says nothing the other does not (the same in other words: 五 / 5,
    10pm / 22:00, "every editor" / "all editors"; or the other with a detail more)."""
    a, b = read(said), read(other)
    mine, theirs = a.concepts | a.values, b.concepts | b.values
    return mine <= theirs or theirs <= mine


def _with_unit(text: str, start: int, end: int) -> str:
    """The value as written (周二, not 二)."""
    return text[start:end].strip()


def _glued(text: str, at: int) -> bool:
    """Whether a cut at this place falls inside a Latin word or a number."""
    if at <= 0 or at >= len(text):
        return False
    left, right = text[at - 1], text[at]
    return ((left.isascii() and left.isalnum()) or left in "._-") and (
        (right.isascii() and right.isalnum()) or right in "._-"
    )


# Where a memory's first clause ends, and the words that say what its subject is ("是", "is"),
# but inside a longer word (但是, 因为, 自由).
_CLAUSE_ENDS = re.compile(r"[，。；！？：\n,;:.!?]")  # ",;:.!?" before a space or at the end
_COPULA = re.compile(
    r"(?<![但还就总于可要凡老只])是(?!否)|(?<![因作认成以称行])为(?![了什止])|叫"
    r"|(?<![自理缘经])由(?!于)|(?<![a-z'])(?:is|are|was|were)(?![a-z'])"
)
_subjects: Kept[tuple[str, str] | None] = Kept(most=300_000)


def _first_clause(text: str) -> str:
    """A text's first clause, its spaces normalised (it ends where core.review.reading ends one,
    or at a comma or a colon)."""
    end = _CLAUSE_ENDS.search(text)
    while end is not None and end.group() in ",;:.!?" and text[end.end() : end.end() + 1].strip():
        end = _CLAUSE_ENDS.search(text, end.end())  # 9:30, v1.18, 4,500: inside a value
    return " ".join((text if end is None else text[: end.start()]).split())


def _same_subject(a: str, b: str) -> bool:
    """Whether two texts begin by saying what one subject is, and go on differently."""
    one, two = subject_of(a), subject_of(b)
    return one is not None and two is not None and one[0] == two[0] and one[1] != two[1]


def subject_value(first: str, second: str) -> tuple[str, str, str] | None:
    """The two values two texts give one subject in their first clauses, whatever follows
    ("主要开发语言是 Kotlin，常用 Spring Boot" / "主要开发语言是 Go，常用 Gin"), as other_value."""
    one, two = _first_clause(first), _first_clause(second)
    key = one + "\x00" + two
    try:  # memories an agent writes repeat their first clauses a lot
        return _subject_values[key]
    except KeyError:
        pass
    said = other_value(one, two)
    if said is not None and not (_names_something(said[1]) or _names_something(said[2])):
        said = None  # "习惯是早上跑步" / "习惯是睡前看书": two habits, maybe
    return _subject_values.keep(key, said)


_subject_values: Kept[tuple[str, str, str] | None] = Kept(most=100_000)


def _names_something(value: str) -> bool:
    """Whether a value names a thing (Kotlin, MacBook Pro, 阿杰, 70 公斤) rather than an activity
    or a kind the glossary knows ("早上跑步"): one subject set to two such things, in two memories
    that go on differently, is set twice."""
    reading = read(value)
    return bool(
        reading.names
        or reading.values
        or any(c.startswith("w:") for c in reading.concepts)
        or unknown_pairs(reading)
    )


def subject_of(text: str) -> tuple[str, str] | None:
    """What a text's first clause says its subject is, as (the words up to "是" / "is", the rest of
    the clause), when those words name a subject ("用户的主要开发语言是", "kotlin")."""
    clause = _first_clause(text).lower()
    try:
        return _subjects[clause]
    except KeyError:
        pass
    found = None
    cue = _COPULA.search(clause)
    if cue is not None:
        head, rest = clause[: cue.end()].strip(), clause[cue.end() :].strip()
        negated = _NEGATED_CUE.search(head) or rest.startswith(("not ", "no ", "never "))
        if rest and not negated and _has_subject(head) and _ONE_OF.search(head) is None:
            found = head, rest
    return _subjects.keep(clause, found)


def _has_subject(head: str) -> bool:
    """Whether the shared beginning says what the texts are about (more than "用户" or "The
    user"): three Chinese characters that are not function words, or an English content word."""
    chinese = [
        c
        for c in "".join(CJK_RUN.findall(head.replace("用户", "")))
        if c not in "的了是在也都就和与及把被每"
    ]
    words = [
        w for w in WORD.findall(head) if len(w) > 2 and w not in STOP_WORDS and w not in _HEAD_STOP
    ]
    return len(chinese) >= 3 or bool(words)
