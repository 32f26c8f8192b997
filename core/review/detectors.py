"""What a memory's text alone says about it (SPEC 4 triggers): a secret written into it, junk an
agent wrote by mistake, a temporary state that must never be promoted, a todo past its date.
Pure functions; each finding says in words what fired, in the memory's language.

Secrets are found by precise patterns rather than a secret-scanning library: detect-secrets
misses the keys written in prose ("password: …", "密码：…", "token=…", sk-proj- keys, bearer
tokens), reports no positions to mask, and takes over 10 s for 100,000 memories."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from core.review.model import Memory, in_its_language

__all__ = [
    "SecretHit",
    "find_important",
    "find_junk",
    "find_secret",
    "find_temporary",
    "is_expired",
    "mask_secrets",
]

HIDDEN = "…[hidden]"
_SHOWN = 3  # characters of a secret a list still shows

_CJK = re.compile(r"[\u3400-\u9fff]")
_CJK_OR_ITS_PUNCTUATION = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


@dataclass(frozen=True, slots=True)
class SecretHit:
    """A secret in a text: what it is and where (``text[start:end]``)."""

    kind: str
    start: int
    end: int


# -- secrets -------------------------------------------------------------------------------------
def _generated(value: str) -> bool:
    """A value shaped like a generated key: a digit, or capitals inside lower case."""
    return any(c.isdigit() for c in value) or (
        any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    )


def _not_placeholder(value: str) -> bool:
    """Not a stand-in such as ${DB_PASSWORD}, <password>, %s or ****."""
    return value[0] not in "$<{%[(" and value.strip("*xX.") != ""


def _long_run(value: str) -> bool:
    """An sk- key has a long random run; a kebab-case name such as sk-hynix-price-bot does not."""
    return re.search(r"[A-Za-z0-9]{16}", value) is not None


def _password(value: str) -> bool:
    """A value a person picks as a password: generated-looking, or with a symbol in it."""
    symbol = any(not c.isalnum() for c in value)
    return _not_placeholder(value) and (symbol or _generated(value))


def _token(value: str) -> bool:
    return _not_placeholder(value) and _generated(value)


_Check = Callable[[str], bool]
_VALUE = r"[!-~]"  # printable ASCII but space: a masked secret's "…" ends it
_KEYWORDS = (
    r"(?:api|access|auth|secret|client|refresh|app|private)[_\- ]?(?:key|token|secret)"
    r"|secret|token|密钥|令牌"
)
# (kind, pattern, check); the secret is group "s" where the pattern has one, else the match.
_SECRETS: tuple[tuple[str, re.Pattern[str], _Check | None], ...] = tuple(
    (kind, re.compile(pattern), check)
    for kind, pattern, check in (
        (
            "private key",
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
            r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
            None,
        ),
        ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}", None),
        ("OpenAI API key", r"\bsk-[A-Za-z0-9_\-]{20,}", _long_run),
        ("Stripe key", r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}", None),
        ("AWS access key", r"\b(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])", None),
        ("GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})", None),
        ("Slack token", r"\bxox[a-z]-[A-Za-z0-9\-]{10,}", None),
        ("Google API key", r"\bAIza[A-Za-z0-9_\-]{35}(?![A-Za-z0-9_\-])", None),
        (
            "JSON web token",
            r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
            None,
        ),
        ("bearer token", r"(?i)\bbearer\s+(?P<s>[A-Za-z0-9._~+/=\-]{16,})", _generated),
        (
            "password in a connection string",
            rf"\b[A-Za-z][A-Za-z0-9+.\-]*://[^\s:/@]+:(?P<s>(?:(?!@){_VALUE}){{3,}}?)@[\w\[]",
            _not_placeholder,
        ),
        (
            "password",
            rf"(?i)(?:\b(?:password|passwd|pwd|passcode|passphrase)\b|密码|口令)"
            rf"\s*(?:\bis\b|是|为|[:：=])\s*[\"'“]?(?P<s>(?:(?![\"'”]){_VALUE}){{4,}})",
            _password,
        ),
        (
            "token",
            rf"(?i)(?:\b(?:{_KEYWORDS})\b|密钥|令牌)\s*(?:\bis\b|是|为|[:：=])\s*[\"'“]?"
            rf"(?P<s>[A-Za-z0-9._\-+/=]{{12,}})",
            _token,
        ),
    )
)


# Something every secret pattern needs, case folded: most memories have none and skip the
# patterns (one search of the folded text is many times faster than one ignoring case).
_SECRET_HINT = re.compile(
    r"sk-|[sr]k_|akia|asia|gh[pousr]_|github_pat_|xox|aiza|eyj|bearer|://|pass|pwd|key|token|"
    r"secret|密码|口令|密钥|令牌"
)


def _secrets(text: str) -> list[SecretHit]:
    found: list[SecretHit] = []
    if _SECRET_HINT.search(text.casefold()) is None:
        return found
    for kind, pattern, check in _SECRETS:
        for match in pattern.finditer(text):
            group = "s" if "s" in pattern.groupindex else 0
            start, end = match.span(group)
            while group and end - start > 1 and text[end - 1] in ".,;:":
                end -= 1  # the sentence's punctuation, not the secret's
            if check is not None and not check(text[start:end]):
                continue
            if text.startswith(HIDDEN, end):
                continue  # already masked
            if not any(h.start < end and start < h.end for h in found):
                found.append(SecretHit(kind, start, end))
    return sorted(found, key=lambda h: h.start)


def find_secret(text: str) -> SecretHit | None:
    """The first key, token, password or private key in the text, if any."""
    found = _secrets(text)
    return found[0] if found else None


def mask_secrets(text: str) -> str:
    """The text with every secret hidden but for its first 3 characters (for lists)."""
    out, last = [], 0
    for hit in _secrets(text):
        out.append(text[last : hit.start])
        out.append(text[hit.start : hit.start + min(_SHOWN, hit.end - hit.start)] + HIDDEN)
        last = hit.end
    out.append(text[last:])
    return "".join(out)


# -- junk ----------------------------------------------------------------------------------------
_TOOL = (
    r"ls|ll|cd|cat|rm|cp|mv|mkdir|chmod|chown|grep|rg|find|curl|wget|git|npm|npx|pnpm|yarn|pip|"
    r"pip3|uv|python3?|node|docker|docker-compose|kubectl|helm|make|apt|apt-get|yum|dnf|brew|"
    r"ssh|scp|rsync|export|echo|tail|head|less|systemctl|journalctl|tar|unzip|cargo|go|pytest|"
    r"ruff|terraform|vim|nano|touch|ps|kill|top|pwd|whoami|source|conda"
)
_COMMAND = re.compile(rf"^\s*`?(?:\$\s*|>\s+)?(?:sudo\s+)?(?:{_TOOL})(?:\s[^\n]*)?`?\s*$")
# What makes a line starting with a tool's name a command rather than prose ("make sure …").
_SHELL = re.compile(
    r"^\s*`?[$>]|^\s*`?sudo\s|\s-{1,2}\w|[/~|&>;=`]|^\s*\w+\s*$"
    r"|^\s*(?:git\s+(?:push|pull|commit|checkout|clone|status|log|diff|add|rebase|merge|fetch|"
    r"reset|stash|branch|switch|tag|remote)"
    r"|(?:npm|pnpm|yarn)\s+(?:install|i|run|test|ci|add|build|start)"
    r"|(?:pip3?|uv|brew|apt|apt-get|yum|dnf|cargo|go)\s+(?:install|add|get|build|run|sync)"
    r"|docker\s+(?:run|build|compose|ps|exec|pull|push|logs|stop)"
    r"|kubectl\s+(?:get|apply|describe|logs|delete|exec|rollout)"
    r"|make\s+[\w.-]+\s*$|systemctl\s+\w+|python3?\s+\S+\.py)\b[^.。!?]*$"
)
_METADATA = re.compile(
    r"\[(?:score|importance|source|activation_count|last_activated|hits)\s*[=:][^\]\n]*\]"
    r"|\b(?:importance|relevance|confidence|decay)\s*[:=]\s*\d[\d.]*"
    r"|\bscore\s*=\s*\d[\d.]*|^\s*score\s*[:=]\s*[\d.]+\s*$"
    r"|\b(?:activation_count|last_activated|memory_meta)\b"
    r"|^#{0,3}\s*\[[0-9a-z]{6}\]\s+\w+\s*\|\s*[\d.]+\s*\|",
    re.IGNORECASE | re.MULTILINE,
)
_METADATA_HINT = re.compile(
    r"score|importance|source|activation_count|last_activated|hits|relevance|confidence|decay|"
    r"memory_meta|\|"
)
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_CANDIDATE = re.compile(r"^\s*Candidate\s*[:：]", re.IGNORECASE | re.MULTILINE)
_TURN = re.compile(
    r"^\s*(?:User|Assistant|Human|AI|System|用户|助手|主人|小祥)\s*[:：]\s*\S", re.MULTILINE
)
_DANGLING_EN = re.compile(
    r"(?:(?<![\w-])(?:and|or|but|nor|because|the|a|an|which|if|than|whose|whether|my|your|their)"
    r"|\b(?:wants?|needs?|plans?|going|has|have|had|tries|try|likes?|hopes?|decided|asked)\s+to"
    r"|[,;:]|[A-Za-z]-)$",
    re.IGNORECASE,
)
_OPENING_EN = re.compile(r"^(?:and|or|but|then|so)\b", re.IGNORECASE)
_DANGLING_ZH = re.compile(
    r"(?:和|与|或|或者|但|但是|因为|所以|如果|而且|并且|以及|还有|把|被|，|、|：)$"
    # a verb waiting for its object, unless an adverb makes it whole ("主人很喜欢")
    r"|(?<![很不也都挺真最还太蛮没别])(?:喜欢|想要|需要|希望|打算|准备|是)$"
)
_SHORT_WORDS = 12  # an English fragment has at most this many words
_SHORT_CHARS = 16  # a Chinese fragment at most this many characters


def find_junk(text: str) -> str | None:
    """Why the text looks written by mistake (quoting what fired, in the text's language),
    else None."""
    stripped = text.strip()
    if _LETTER_OR_DIGIT.search(stripped) is None:
        return _say(text, "it is empty or only punctuation", "内容为空或只有标点")
    lines = [line for line in stripped.splitlines() if line.strip()]
    if all(_COMMAND.match(line) and _SHELL.search(line) for line in lines):
        return _say(text, "it is a shell command", "是一条 shell 命令", lines[0])
    metadata = _METADATA.search(stripped) if _METADATA_HINT.search(stripped.casefold()) else None
    if metadata is not None:
        return _say(text, "it holds scoring metadata", "含有评分元数据", metadata.group(0))
    lines_of = (
        (_CANDIDATE, "it is a Candidate: line", "是一行 Candidate: 候选记录"),
        (_TURN, "it is a transcript turn", "是一段对话记录"),
    )
    for pattern, english, chinese in lines_of:
        match = pattern.search(stripped)
        if match is not None:
            return _say(text, english, chinese, _line_at(stripped, match.end()))
    if len(lines) == 1 and _half_sentence(stripped):
        return _say(text, "it is a half sentence", "是半句话", stripped)
    return None


def _half_sentence(text: str) -> bool:
    if _CJK.search(text):
        return len(text) <= _SHORT_CHARS and _DANGLING_ZH.search(text) is not None
    words = text.split()
    if len(words) > _SHORT_WORDS:
        return False
    opening = len(words) <= 3 and _OPENING_EN.match(text) and text[-1].isalnum()
    return bool(opening) or _DANGLING_EN.search(text) is not None


def _line_at(text: str, index: int) -> str:
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return text[start : end if end >= 0 else len(text)]


def _say(text: str, english: str, chinese: str, quoted: str | None = None) -> str:
    if quoted is not None:
        short = " ".join(quoted.split())
        short = f"{short[:60]}…" if len(short) > 60 else short
        english, chinese = f"{english}: “{short}”", f"{chinese}：“{short}”"
    return chinese if _CJK_OR_ITS_PUNCTUATION.search(text) else english


# -- temporary states and expiry ------------------------------------------------------------------
_TEMPORARY_EN = re.compile(
    r"\b(today|tonight|this (?:morning|afternoon|evening|week)|right now|at the moment|"
    r"currently|just now|tomorrow|yesterday)\b",
    re.IGNORECASE,
)
_TEMPORARY_ZH = re.compile("今天|今晚|刚才|刚刚|现在|这周|本周|明天|昨天|此刻|目前|最近")


_TEMPORARY_EN_HINT = re.compile(
    r"today|tonight|this|right now|at the moment|currently|just now|tomorrow|yesterday"
)


def find_temporary(text: str) -> str | None:
    """The word that makes the text a temporary state ("today", "今天", …), else None."""
    english = _TEMPORARY_EN_HINT.search(text.casefold()) and _TEMPORARY_EN.search(text)
    match = english or _TEMPORARY_ZH.search(text)
    return match.group(0) if match is not None else None


def is_expired(memory: Memory, today: date) -> str | None:
    """ "expired on DATE" for a todo whose expires_at (ISO date or time) is before today; None
    for any other memory, or an expires_at that is no date."""
    if memory.category != "todo" or not memory.expires_at:
        return None
    when = _date_of(memory.expires_at.strip())
    if when is None or when >= today:
        return None
    day = when.isoformat()
    return in_its_language(memory, f"expired on {day}", f"已于 {day} 过期")


def _date_of(value: str) -> date | None:
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except ValueError:
        pass
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


# -- facts that are never deleted for fading -------------------------------------------------------
# (what it is in English, in Chinese, the words that say so). A person's name, a birthday or an
# anniversary, an allergy or a health condition, a promise, a contract or a legal date: the
# agent forgetting one of these hurts, however rarely it comes up.
_IMPORTANT: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (english, chinese, re.compile(pattern, re.IGNORECASE))
    for english, chinese, pattern in (
        ("an allergy", "过敏", r"过敏|allerg|不耐受|intoleran|epipen|肾上腺素笔"),
        (
            "a health condition",
            "健康状况",
            r"高血压|糖尿病|哮喘|心脏病|痛风|肾病|抑郁|色弱|色盲|旧伤|慢性|癫痫|"
            r"剖腹产|术后|\d+\s*mg\b|diabet|asthma|epilep|hypertension|blood pressure|"
            r"chronic|heart condition|colou?r[- ]blind|medication",
        ),
        (
            "a birthday or an anniversary",
            "生日或纪念日",
            r"生日|出生|纪念日|忌日|去世|birthday|anniversary|\bborn\b|passed away",
        ),
        (
            "a person's name",
            "人名",
            r"(?:名字|名叫|叫做|妻子|丈夫|太太|老公|老婆|男朋友|女朋友|儿子|女儿|孙子|孙女|"
            r"父亲|母亲|爸爸|妈妈|合伙人|leader)[^，。,.]{0,6}叫|"
            r"\b(?:name is|named|goes by|wife|husband|daughter|son|partner) [A-Z]",
        ),
        (
            "a promise or an agreement",
            "承诺或约定",
            r"答应|承诺|约定|保证|保密协议|合同|协议|独家|违约|紧急联系人|"
            r"\bpromised?\b|\bcommit(?:ted|ment)\b|\bcontract\b|\bagreement\b|\bNDA\b|"
            r"emergency contact",
        ),
        (
            "a legal or official date",
            "法定或官方期限",
            r"申报|罚款|续贷|签证|居留|护照|税|visa|permit|passport|\btax\b|\bfine[sd]?\b|"
            r"penalt|renewal|must be filed",
        ),
    )
)


def find_important(text: str) -> tuple[str, str] | None:
    """What makes the text a fact never deleted for fading, in English and Chinese (a person's
    name, a birthday, an allergy or health condition, a promise, a legal date), else None."""
    for english, chinese, pattern in _IMPORTANT:
        if pattern.search(text):
            return english, chinese
    return None
