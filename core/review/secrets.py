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

from core.review.deadlines import deadline_of, words_pattern
from core.review.model import Memory, in_its_language, is_chinese
from core.times import iso_day

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


def _words(alternatives: str) -> re.Pattern[str]:
    """A pattern finding any of the literal words ("cold|cough|flu"), as a trie (see
    `words_pattern`)."""
    pattern = re.compile(words_pattern(alternatives))
    _LITERALS[pattern] = alternatives
    return pattern


_LITERALS: dict[re.Pattern[str], str] = {}  # the words of each pattern `_words` built


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


# Where a secret is kept, or what stands in for one: never the secret itself.
_KEPT_IN = frozenset(
    ("1password", "bitwarden", "lastpass", "keepass", "keepassxc", "dashlane", "vault", "keychain",
     "doppler", "n/a", "tbd", "none", "null", "redacted", "hidden", "secret", "password")
)  # fmt: skip
_REFERENCE = re.compile(
    r"://|^[~/]|^\.{1,2}/|\$\{|\{\{|%\(|\(\)?$|^[\w.+-]+@[\w-]+\.[\w.-]+$|^(?:os|process|env)\."
    r"|[xX]{4}|\*{3}|\.{3}|…|•"
)


def _not_placeholder(value: str) -> bool:
    """Not a stand-in such as ${DB_PASSWORD}, <password>, %s, ****, sk-xxxx, a path, a URL, an
    e-mail address or the name of a password manager ("1Password")."""
    return (
        value[0] not in "$<{%[(#"
        and value.strip("*xX.") != ""
        and value.casefold() not in _KEPT_IN
        and _REFERENCE.search(value) is None
    )


def _long_run(value: str) -> bool:
    """An sk- key has a long random run; a kebab-case name such as sk-hynix-price-bot does not."""
    return re.search(r"[A-Za-z0-9]{16}", value) is not None and _not_placeholder(value[3:])


def _password(value: str) -> bool:
    """A value a person picks as a password: generated-looking, or with a symbol in it."""
    symbol = any(not c.isalnum() for c in value)
    return _not_placeholder(value) and (symbol or _generated(value))


def _chosen(value: str) -> bool:
    """A password after an account name ("alice / Ywu#8812"): with a digit or a symbol, unlike a
    second name ("Google / GitHub")."""
    return _not_placeholder(value) and any(not c.isalpha() for c in value)


def _token(value: str) -> bool:
    return _not_placeholder(value) and _generated(value)


def _random(value: str) -> bool:
    """Not a run of one character ("sk_live_xxxxxxxxxxxxxxxx"): a real key has many."""
    return len(set(value)) >= 8 and _REFERENCE.search(value) is None


_Check = Callable[[str], bool]
_VALUE = r"[!-~]"  # printable ASCII but space: a masked secret's "…" ends it
# What names a secret in a sentence (in English any case, with - _ or a space between words).
_TOKEN_WORDS = (
    r"(?:api|access|auth|secret|client|refresh|app|private|signing|sign|webhook|encryption|"
    r"master|admin|bot|session|integration|deploy|service|publish|personal[_\- ]access|"
    r"consumer|license)[_\- ]?(?:key|token|secret)|secret[_\- ]?key|secret|token|access[_\- ]?id|"
    r"session[_\- ]?id|sid|cookie"
)
_PASSWORD_WORDS = (
    r"pass(?:word|wd|code|phrase)|pwd|(?-i:PIN)(?:\s*(?:code|码))?|pin[_\- ]?code|"
    r"(?:door|gate|alarm|lock|safe|garage|entry)[_\- ]?code|(?:recovery|backup)[_\- ]codes?|"
    r"combination"
)
# After the word: how a sentence hands over the value ("password for pg-billing: …",
# "token（美国店）：…", "密码是 …", "密码 …").
_QUALIFIER = (
    r"(?:\s*[（(][^（()）\n]{1,40}[）)]"
    r"|\s+(?:for|of|on|to|from|in|at)\s+[^:：=\n,，。;；]{1,40}?(?=\s*[:：=]))?"
)
_HANDED = r"\s*(?:\bis\b|\bwas\b|是|为|:|：|=|=>|->)\s*|\s+"
_QUOTE_OPEN = r"[\"'“「‘`]?"
_PASSWORD_VALUE = rf"(?P<s>(?:(?![\"'”」’`]){_VALUE}){{4,}})"
_TOKEN_VALUE = r"(?P<s>[A-Za-z0-9._\-+/=|]{12,})"
_ACCOUNT_WORDS = (
    r"账号|帐号|账户|帐户|用户名|登录|登陆|login|account|username|user|credentials?|凭据|凭证|"
    r"wi-?fi|无线|超级用户|管理员|root|admin"
)
_VENDORS: tuple[tuple[str, str], ...] = (  # keys with a prefix of their own
    ("Shopify token", r"\bshp(?:at|ss|ca|pa)_[A-Fa-f0-9]{32}\b"),
    ("Amazon refresh token", r"\bAtzr\|[A-Za-z0-9_\-]{20,}"),
    ("PyPI token", r"\bpypi-AgE[A-Za-z0-9_\-]{40,}"),
    ("npm token", r"\bnpm_[A-Za-z0-9]{30,}"),
    ("Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}"),
    ("Figma token", r"\bfig[dur]_[A-Za-z0-9_\-]{30,}"),
    ("Notion token", r"\b(?:secret_[A-Za-z0-9]{32,}|ntn_[A-Za-z0-9]{32,})"),
    ("Atlassian token", r"\bATATT[A-Za-z0-9_\-=]{30,}"),
    ("GitLab token", r"\bgl(?:pat|dt|rt|ptt|cbt|oas|ft|imt|agent)-[A-Za-z0-9_\-]{20,}"),
    ("SendGrid key", r"\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{30,}"),
    ("DigitalOcean token", r"\bdo[opr]_v1_[a-f0-9]{64}\b"),
    ("Stripe webhook secret", r"\bwhsec_[A-Za-z0-9]{24,}"),
    ("Grafana token", r"\bgl(?:sa|c)_[A-Za-z0-9_\-]{30,}"),
    ("age secret key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,}"),
    ("Google OAuth token", r"\bya29\.[A-Za-z0-9_\-]{30,}"),
    ("Linear key", r"\blin_(?:api|oauth)_[A-Za-z0-9]{30,}"),
    ("Databricks token", r"\bdapi[a-f0-9]{32}\b"),
    ("Square token", r"\bsq0(?:atp|csp)-[A-Za-z0-9_\-]{20,}"),
    ("Alibaba Cloud AccessKey", r"\bLTAI[A-Za-z0-9]{12,24}\b"),
    ("Tencent Cloud SecretId", r"\bAKID[A-Za-z0-9]{32}\b"),
    ("Telegram bot token", r"\b\d{8,10}:AA[A-Za-z0-9_\-]{30,}"),
    ("private key (base64)", r"\bLS0tLS1CRUdJTi[A-Za-z0-9+/=]{20,}"),
    ("API key", r"\b(?:gsk_|xai-|r8_|pcsk_|sbp_|dp\.(?:st|ct|pt|sa)\.)[A-Za-z0-9_\-]{30,}"),
    ("Postman key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b"),
    ("Tailscale key", r"\btskey-[a-z]+-[A-Za-z0-9\-]{20,}"),
    ("Twilio key", r"\bSK[0-9a-f]{32}\b"),
)
# (kind, pattern, check, gate); the secret is group "s" (or "s2" …) where the pattern has one,
# else the match. A pattern is tried only on a text that passes its gate (see `_gates`).
_SECRETS: tuple[tuple[str, re.Pattern[str], _Check | None, str], ...] = tuple(
    (kind, re.compile(pattern), check, gate)
    for kind, pattern, check, gate in (
        (
            "private key",
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
            r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
            None,
            "private key",
        ),
        ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}", _random, "run"),
        ("OpenAI API key", r"\bsk-[A-Za-z0-9_\-]{20,}", _long_run, "run"),
        ("Stripe key", r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}", _random, "run"),
        (
            "AWS access key",
            r"\b(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])",
            _not_placeholder,
            "run",
        ),
        (
            "GitHub token",
            r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})",
            _random,
            "run",
        ),
        (
            "Slack token",
            r"\bxox[a-z]-[A-Za-z0-9\-]{10,}|\bxapp-\d-[A-Za-z0-9\-]{20,}",
            _random,
            "run",
        ),
        ("Google API key", r"\bAIza[A-Za-z0-9_\-]{35}(?![A-Za-z0-9_\-])", _random, "run"),
        (
            "",  # the kind is the vendor's, by the group that matched
            "|".join(f"(?P<v{n}>{pattern})" for n, (_kind, pattern) in enumerate(_VENDORS)),
            _random,
            "run",
        ),
        (
            "JSON web token",
            r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
            None,
            "run",
        ),
        (
            "webhook with its secret",
            r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[A-Za-z0-9/_\-]{20,})"
            r"|open\.(?:feishu\.cn|larksuite\.com)/open-apis/bot/v2/hook/(?P<s2>[A-Za-z0-9\-]{16,})"
            r"|discord(?:app)?\.com/api/webhooks/\d+/(?P<s3>[A-Za-z0-9_\-]{30,})"
            r"|[?&](?:access_token|token|key|secret|sig|signature|api_?key|auth|sign|password|pwd)"
            r"=(?P<s4>[A-Za-z0-9%._\-+/=]{16,})",
            _token,
            "run",
        ),
        ("Azure storage key", r"AccountKey=(?P<s>[A-Za-z0-9+/]{40,}={0,2})", None, "run"),
        ("bearer token", r"(?i)\bbearer\s+(?P<s>[A-Za-z0-9._~+/=\-]{16,})", _token, "run"),
        (
            "password in a connection string",
            rf"\b[A-Za-z][A-Za-z0-9+.\-]*://[^\s:/@]*:(?P<s>(?:(?!@){_VALUE}){{3,}}?)@[\w\[]",
            _not_placeholder,
            "url",
        ),
        (
            "password in a URL",
            r"(?i)[?&;](?:password|passwd|pwd|pass)=(?P<s>[^&\s;#]{4,})",
            _password,
            "url",
        ),
        (
            "password",
            rf"(?i)(?:(?<![A-Za-z0-9])(?:{_PASSWORD_WORDS})(?![A-Za-z0-9])|密码|口令|密碼|开门码|门禁码|"
            rf"解锁码|授权码|恢复码|备用码|PIN\s*码)[\"']?"
            rf"{_QUALIFIER}(?:{_HANDED}){_QUOTE_OPEN}{_PASSWORD_VALUE}",
            _password,
            "password",
        ),
        (
            "token",
            rf"(?i)(?:(?<![A-Za-z0-9])(?:{_TOKEN_WORDS})(?![A-Za-z0-9])"
            rf"|(?-i:(?<=[a-z])(?:Secret|Token|Key))\b|密钥|秘钥|令牌|私钥)[\"']?"
            rf"{_QUALIFIER}(?:{_HANDED}){_QUOTE_OPEN}{_TOKEN_VALUE}",
            _token,
            "run",
        ),
        (
            "app password",  # Google's: four groups of four letters ("qzvm rtkw plxe ynhu")
            rf"(?i)(?:(?<![A-Za-z0-9])(?:{_PASSWORD_WORDS})(?![A-Za-z0-9])|密码|口令)[\"']?"
            r"[^:：=\n]{0,30}?(?:[:：=]|\bis\b|是|为)\s*[\"'“]?(?P<s>[a-z]{4}(?:[ -][a-z]{4}){3})\b",
            None,
            "password",
        ),
        (
            "basic auth credentials",
            r"(?i)\bbasic\s+(?P<s>[A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])",
            _token,
            "run",
        ),
        (
            "seed phrase",
            r"(?i)(?:助记词|seed phrase|mnemonic(?: phrase)?|recovery phrase)\s*(?:[:：是为]|is)\s*"
            r"(?P<s>(?:[a-z]{3,8}[\s,，]+){11,23}[a-z]{3,8})\b",
            None,
            "password",
        ),
        (
            "password after the account",
            rf"(?i)(?:{_ACCOUNT_WORDS})[^\n，。；;:：/]{{0,30}}?(?:[:：]\s*|\s+)"
            rf"[^\s/，。]{{2,}}\s*/\s*(?P<s>[!-~]{{4,}})",
            _chosen,
            "account",
        ),
        (
            "password in a .pgpass line",
            r"(?<![\w.:/\-])(?=[\w.\-]*[A-Za-z.])[A-Za-z0-9][\w.\-]*:(?:\d{2,5}|\*):[^:\s]+:"
            r"[^:\s]+:(?P<s>[!-~]{4,})",
            _password,
            "pgpass",
        ),
    )
)
_VENDOR_KINDS = {f"v{n}": kind for n, (kind, _pattern) in enumerate(_VENDORS)}
_GROUPS = ("s", "s2", "s3", "s4")

# Cheap tests that most memories fail, so that they skip the patterns: every key and token has a
# long run of letters and digits; a password follows a word for one (or an account, or sits in
# a connection string or a .pgpass line).
_RUN = re.compile(r"[A-Za-z0-9]{12}|[A-Za-z0-9_\-]{16}")
# Literal alternatives on the lower-cased text (far faster than one search ignoring case).
_PASSWORD_HINT = _words(
    "pass|pwd|pin|door code|gate code|alarm code|lock code|safe code|garage code|entry code|"
    "door_code|gate_code|recovery code|backup code|recovery_code|backup_code|combination|密码|口令|"
    "密碼|开门码|门禁码|解锁码|授权码|恢复码|备用码|助记词|seed|mnemonic|recovery phrase"
)
_ACCOUNT_HINT = _words(
    "账|帐|用户名|登录|登陆|login|account|username|credential|凭|wifi|wi-fi|无线|超级用户|管理员|root|admin"
)
_PGPASS = re.compile(r":(?:\d{2,5}|\*):")


def _gates(text: str) -> set[str]:
    """The gates of `_SECRETS` the text passes."""
    gates = set()
    if _RUN.search(text) is not None:
        gates.add("run")
    if "://" in text:
        gates.add("url")
    if "PRIVATE KEY" in text:
        gates.add("private key")
    lowered = text.lower()
    if _PASSWORD_HINT.search(lowered) is not None:
        gates.add("password")
    if "/" in text and _ACCOUNT_HINT.search(lowered) is not None:
        gates.add("account")
    if ":" in text and _PGPASS.search(text) is not None:
        gates.add("pgpass")
    return gates


def _secrets(text: str) -> list[SecretHit]:
    found: list[SecretHit] = []
    gates = _gates(text)
    if not gates:
        return found
    for kind, pattern, check, gate in _SECRETS:
        if gate not in gates:
            continue
        groups = [g for g in _GROUPS if g in pattern.groupindex]
        for match in pattern.finditer(text):
            group: str | int = next((g for g in groups if match[g] is not None), 0)
            start, end = match.span(group)
            while group and end - start > 1 and text[end - 1] in ".,;:)）]":
                if text[end - 1] in ")）]" and text[end - 1] != text[start]:
                    opening = {")": "(", "）": "（", "]": "["}[text[end - 1]]
                    if opening in text[start:end]:
                        break
                end -= 1  # the sentence's punctuation, not the secret's
            if check is not None and not check(text[start:end]):
                continue
            if text.startswith(HIDDEN, end):
                continue  # already masked
            if not any(h.start < end and start < h.end for h in found):
                named = kind or _VENDOR_KINDS[match.lastgroup or ""]
                found.append(SecretHit(named, start, end))
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
    r"|[(\[]\s*(?:score|importance|relevance|confidence|salience|similarity)\s*[:=]\s*0?\.\d+"
    r"|\b(?:activation_count|last_activated|memory_meta)\b"
    r"|^#{0,3}\s*\[[0-9a-z]{6}\]\s+\w+\s*\|\s*[\d.]+\s*\|",
    re.IGNORECASE | re.MULTILINE,
)
_METADATA_HINT = re.compile(  # (a table's "|" too: "### [a1b2c3] fact | 0.92 | …")
    "score|importance|source|activation_count|last_activated|hits|relevance|confidence|decay|"
    "memory_meta|salience|similarity|[|]"
)
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_CANDIDATE = re.compile(r"^\s*Candidate\s*[:：]", re.IGNORECASE | re.MULTILINE)
_TURN = re.compile(
    r"^\s*(?:User|Assistant|Human|AI|System|用户|助手|主人|小祥)\s*[:：]\s*\S"
    # a chat export: "[10:22] 张三: …", "[2026-03-01 10:22] Alice: …"
    r"|^\s*\[(?:\d{4}-\d{2}-\d{2}\s+)?\d{1,2}:\d{2}(?::\d{2})?\]\s*[^\s:：]{1,16}\s*[:：]\s*\S"
    # an agent's own trace: "Thought: …", "Action: search", "Observation: …"
    r"|^\s*(?:Thought|Action|Action Input|Observation|Final Answer)\s*:\s*\S"
    # a media placeholder of a chat export: "[图片]", "[Sticker]"
    r"|^\s*\[(?:图片|语音|表情|视频|文件|动画表情|链接|Image|Photo|Sticker|Voice|Video|File|GIF)\]",
    re.MULTILINE,
)
# What a chat says rather than a memory: a laugh or a letter repeated, an acknowledgement.
_NOISE = re.compile(
    r"(?i)(.{1,2})\1{3,}[!！。.~～]*"
    r"|(?:ok|okay|好的|好滴|好|嗯+|哦+|收到|明白了?|知道了|谢谢|多谢|thanks|thank you|got it|sure|noted|"
    r"lol|哈+|呵+)[!！。.~～]*"
)
_DANGLING_EN = re.compile(
    r"(?:(?<![\w-])(?:and|or|but|nor|because|the|a|an|which|if|than|whose|whether|my|your|their)"
    r"|\b(?:wants?|needs?|plans?|going|has|have|had|tries|try|likes?|hopes?|decided|asked)\s+to"
    r"|[,;:]|[A-Za-z]-)$",
    re.IGNORECASE,
)
_OPENING_EN = re.compile(r"^(?:and|or|but|then|so)\b", re.IGNORECASE)
_DANGLING_EN_MORE = re.compile(
    # a noun's preposition waiting for its object ("the glossary for"), not one stranded at the
    # end of a clause ("what the user listens to")
    r"\b(?:the|a|an|this|that|his|her|their|my|your|our|its)\s+[\w-]+\s+"
    r"(?:for|of|to|with|from|by|about|into|on|in|at|between)$"
    # "the user said that", "the problem is" (but "where it is" is whole)
    r"|\b(?:said|says|thinks?|believes?|mentioned|told \w+|knows?|noted|felt|feels|decided|"
    r"agreed|explained|wrote|asked)\s+that$"
    r"|^(?!.*\b(?:what|where|who|which|how|whatever)\b).*\b(?:is|are|was|were)$"
    r"|\w's$"  # "the user's"
    # a preposition at the end, its object missing ("the meeting was moved to"), unless a
    # relative clause strands it ("what the user listens to")
    r"|^(?!.*\b(?:what|which|who|whom|whose|where|that|whatever|something|someone|anything)\b)"
    r".*\s(?:for|of|to|with|from|by|about|into|at|between|than)$",
    re.IGNORECASE,
)
_DANGLING_ZH = re.compile(
    r"(?:和|与|或|或者|但|但是|因为|所以|如果|而且|并且|以及|还有|(?<![车门刀锁])把|(?<![棉盖厚薄床毛羽蚕])被|"
    r"，|、|：)$"
    # a verb waiting for its object, unless an adverb makes it whole ("主人很喜欢")
    r"|(?<![很不也都挺真最还太蛮没别])(?:喜欢|想要|需要|希望|打算|准备|是)$"
    # a demonstrative or a quantifier waiting for its noun ("把那个", "所有的")
    r"|(?:那个|这个|那些|这些|那份|这份|那种|这种|那件|这件|那位|那次|那篇|那段|那条|那张|"
    r"某个|某些|所有的|全部的)$"
    r"|(?:那个|这个|那些|这些|那种|这种)[^，。！？；\s]{1,8}的$"  # "那个新菜的"
    # a preposition waiting for its object ("要让", "在")
    # (but not the end of a word: 对比, 方向, 存在 …)
    r"|(?<![不没别])(?:(?<![转出退礼谦])让|(?<![供补配])给"
    r"|(?<![核反面相绝针不作应比校一配派得才也都很])对|(?<![方倾走导去面意取志动流纵横])向"
    r"|(?<![高脚后])跟|(?<![服跟顺盲自])从|关于|为了|对于|通过|按照|根据|除了|要把|想把)$"
    r"|(?:要|想|准备|打算|计划)去$"
    r"|(?:之前|之后|以后|以前|的时候|的话)$"  # a clause of time or condition, and no main clause
    r"|(?<![不还都也正没仍存实现自所外内潜好])在$"
    r"|(?:打算|准备|计划|想|要|决定)[^，。！？；]{0,8}开始$"  # "打算下个月开始"
    # a subject and a verb of saying, and nothing said ("用户说", "王老师觉得")
    r"|^(?![^，。]*(?:不|没|这么|那么|怎么))[^，。！？\s]{1,6}(?:说|觉得|认为|提到|表示|问)$"
)
_SHORT_WORDS = 12  # an English fragment has at most this many words
_SHORT_CHARS = 30  # a Chinese fragment at most this many characters

# A command line whatever its tool: a program name then options or shell operators, and no
# sentence around them ("g++ -O2 main.cpp -o main", "nmap -sV 10.0.0.0/24", "./run.sh > log").
_COMMAND_LINE = re.compile(
    r"^\s*`?(?:\$\s*)?(?:sudo\s+)?(?:[a-z][a-z0-9+_.\-]*|\./[\w.\-/]+|\\[a-zA-Z]{1,3}\+?)"
    r"(?:\s+\S.*)?`?\s*$"
)
_OPTION_OR_PIPE = re.compile(r"(?<!\S)--?[A-Za-z][\w\-]*|&&|\|\||(?<!\S)[|<>](?!\S)|^\s*\\[a-z]")
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
_PROSE_WORDS = frozenset(
    ["the", "a", "an", "is", "are", "was", "were", "be", "been", "to", "of", "and", "or", "for", "with", "user", "users", "he", "she", "they", "we", "i", "you", "when", "before", "after", "always", "never", "uses", "use", "used", "prefers", "likes", "runs", "this", "that", "it", "must", "should", "can", "will", "would", "not", "his", "her", "their", "our", "my", "your", "by", "as", "at", "if", "then", "so", "because", "also", "only", "every", "each"]
)  # fmt: skip
_SQL = re.compile(
    r"^\s*(?:SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE|ALTER|DROP|VACUUM|ANALYZE|EXPLAIN|"
    r"TRUNCATE|GRANT|REVOKE|WITH|SHOW|DESCRIBE|REINDEX|COPY|MERGE\s+INTO)\b"
    r"(?=.*(?:\b(?:FROM|WHERE|SET|INTO|VALUES|TABLE|INDEX|BY|JOIN|AS|ON|TO)\b|;\s*$))",
    re.DOTALL,
)
_PATH = r"(?:(?:[\w.\-~]*/)+[\w.\-]*|[\w\-]+\.[A-Za-z0-9]{1,5})"  # a file's name or path


# Pasted raw content and leaked machinery, each with why in English and in Chinese; `_raw` says
# which to try on a text (most memories none).
def _raw_kind(pattern: str, english: str, chinese: str) -> tuple[re.Pattern[str], str, str]:
    return re.compile(pattern, re.MULTILINE), english, chinese


_TEMPLATE = _raw_kind(
    r"^[\s\S]*?(?:<\|[a-z_]+\|>|\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>|"
    r"<\|?(?:eot_id|endoftext)\|?>|^\s*###\s*(?:Instruction|Response|Human|Assistant)\s*:)",
    "it holds chat-template tokens",
    "含有对话模板标记",
)
_JSON = _raw_kind(r"\[?\s*\{\s*\"[\w\-]+\"\s*:", "it is raw JSON", "是一段原始 JSON")
_SYSTEM = _raw_kind(
    r"^[\s\S]*?【\s*(?:系统|system|System)[^】]{0,8}】|^\s*<\s*/?\s*system\s*>"
    r"|^\s*\[(?:system|SYSTEM)\]|^\s*(?i:system prompt|系统提示词?|系统消息)\s*[:：]"
    r"|^\s*(?i:you are (?:a|an) [\w\s-]{0,30}(?:assistant|ai|bot|model)\b)",
    "it is leaked system text",
    "是泄露的系统提示",
)
_MARKUP = _raw_kind(
    r"<([A-Za-z][\w:\-]*)(?:\s[^<>]*)?>[\s\S]*</\1>", "it is pasted markup", "是粘贴进来的标记文本"
)
_HEX = _raw_kind(  # hexdump, xxd or a debugger's memory view: an address, then bytes
    r"\s*(?:(?:0x)?[0-9a-fA-F]{4,16}:?[ \t]+)?(?:[0-9a-fA-F]{2,4}[ \t]+){7,}[0-9a-fA-F]{2,4}\b",
    "it is a hex dump",
    "是一段十六进制数据",
)
_LOG = _raw_kind(
    r"\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\]?\s+\[?"
    r"(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL)\b"
    r"|Traceback \(most recent call last\)|Exception in thread|panic: |goroutine \d+ \["
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG|FATAL)\s*[\]:|]\s"
    r"|\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL)\]?\s+\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}"
    r"|\[?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s+\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b"
    r"|[a-z]+(?:\.[a-z]+)+\.[A-Z]\w*(?:Exception|Error)\b"  # java.lang.NullPointerException
    r"|\s*at [\w$.]+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)",
    "it is a pasted log",
    "是粘贴进来的日志",
)
_HASHTAGS = _raw_kind(r"(?:\s*#[^\s#\d][^\s#]*){2,}\s*\Z", "it is only hashtags", "只有话题标签")
_STORY = _raw_kind(
    # a story's dialogue: a quote, then who said it ("“你到底是谁？”他问。")
    r"^[\s\S]*?(?:[”\"」』]\s*(?:他|她|它|我|你)们?[^，。！？\s“”\"]{0,4}"
    r"(?:问|说|道|答|喊|叫|叹)[道了着]?\s*[。！，,]"
    r"|[\"”]\s*,?\s*(?:he|she|they|I)\s+(?:said|asked|whispered|replied|shouted|muttered|"
    r"cried)\b)",
    "it is a pasted passage of a story",
    "是粘贴进来的小说段落",
)
_FILES = _raw_kind(
    rf"\s*{_PATH}(?:\s+{_PATH}){{2,}}\s*\Z|(?:[dl\-][rwxsStT\-]{{9}}[@+.]?\s.*\n?){{2,}}\Z",
    "it is a list of files",
    "是一份文件列表",
)
_TABLE = _raw_kind(
    r"^[\s\S]*?[^\t\n]*\t[^\t\n]*\t|\s*\|[^\n]*\|\s*\n\s*\|[\s:|-]*-{3}[\s:|-]*\|",
    "it is a pasted table",
    "是粘贴进来的表格",
)
_CODE = _raw_kind(
    r"```|(?:def |class |import |from [\w.]+ import |function |const |let |var |#include|package |"
    r"public (?:class|static)|fn |func |SELECT |<\?php)",
    "it is pasted code",
    "是粘贴进来的代码",
)
_TOOL_CALL = _raw_kind(
    r"(?:tool_calls?|function_call|tool_result|tool_use)\s*[:=(]",
    "it is a tool call",
    "是一段工具调用",
)
_SUBTITLES = _raw_kind(
    r"^[\s\S]*?\d{1,2}:\d{2}:\d{2}[,.]\d{3}\s*-->\s*\d",
    "it is pasted subtitles",
    "是粘贴进来的字幕",
)
_DIFF = _raw_kind(
    r"^[\s\S]*?(?:^diff --git |^@@ -\d+(?:,\d+)? \+\d+|^--- a/|^\+\+\+ b/)",
    "it is a pasted diff",
    "是粘贴进来的代码差异",
)
_LETTER = _raw_kind(
    r"(?:Hi|Hello|Dear|Hey)\b[^\n]{0,40}\n[\s\S]*\n\s*(?:Best|Regards|Thanks|Cheers|Sincerely|"
    r"Kind regards|Best regards)\b"
    r"|(?:各位|您好|你好|亲爱的|尊敬的)[^\n]{0,20}\n[\s\S]*\n\s*(?:此致|谢谢|祝好|敬礼|顺祝)",
    "it is a pasted e-mail or letter",
    "是粘贴进来的邮件或信件",
)
_QUOTE_MARK = re.compile(r"[”\"」』]")
_RAW_SIGN = re.compile(r"[<\[【#\t\n”\"」』|`]|-->|@@|系统|你好|您好|各位|亲爱的|尊敬的")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _raw(text: str) -> tuple[re.Match[str], str, str] | None:
    """Pasted raw content or leaked machinery in the (stripped) text: the match and why."""
    first = text[0]
    if not first.isascii() and first not in "【#<[{" and _RAW_SIGN.search(text) is None:
        return None  # prose in Chinese with no sign of pasted content (most memories)
    cjk = _CJK.search(text) is not None
    kinds = []
    if "<" in text or "[" in text or "###" in text:
        kinds.append(_TEMPLATE)
    if first in "[{":
        kinds.append(_JSON)
    if first in "<[" or "【" in text or text[:6].lower() in ("system", "you ar") or first == "系":
        kinds.append(_SYSTEM)
    if first == "<":
        kinds.append(_MARKUP)
    if first in _HEX_DIGITS and text.count(" ") >= 7:
        kinds.append(_HEX)
    if first.isdigit() or first == "[" or (first.isascii() and first.isalpha()):
        kinds.append(_LOG)
    if "\t" in text or first == "|":
        kinds.append(_TABLE)
    if first == "`" or (first.isascii() and first.isalpha() and "\n" in text) or first in "#<":
        kinds.append(_CODE)
    if first in "tf":
        kinds.append(_TOOL_CALL)
    if "-->" in text:
        kinds.append(_SUBTITLES)
    if "@@" in text or "diff --git" in text or "--- a/" in text:
        kinds.append(_DIFF)
    if "\n" in text and first in "HDh各您你亲尊":
        kinds.append(_LETTER)
    if first == "#":
        kinds.append(_HASHTAGS)
    if _QUOTE_MARK.search(text) is not None:
        kinds.append(_STORY)
    if not cjk and ("/" in text or "." in text):
        kinds.append(_FILES)
    for pattern, english, chinese in kinds:
        match = pattern.match(text)
        if match is not None:
            return match, english, chinese
    return None


_BRACKET_TAG = re.compile(  # "[ctx_overflow] …", "[extractor v2 | conf=0.52] …", "[chunk 3/7]"
    r"^\s*\[(?=[^\]\n]*(?:\b[a-z]+_[a-z_]+\b|\b\w+\s*=\s*[\w.]|\b[a-z]+\s+\d+/\d+))[^\]\n]{1,80}\]"
)
_TURN_ANYWHERE = re.compile(  # "爷爷：… 助手：…": a second turn after a first speaker
    r"^\s*[^\s:：]{1,8}\s*[:：].*?\s(?:Assistant|AI|Bot|ChatGPT|Claude|助手|机器人|小助手)\s*[:：]\s*\S"
    r"|^\s*(?:Q|问)\s*[:：].*?\s(?:A|答)\s*[:：]\s*\S",
    re.DOTALL,
)


def find_junk(text: str) -> str | None:
    """Why the text looks written by mistake (quoting what fired, in the text's language),
    else None."""
    stripped = text.strip()
    if _LETTER_OR_DIGIT.search(stripped) is None:
        return _say(text, "it is empty or only punctuation", "内容为空或只有标点")
    lines = [line for line in stripped.splitlines() if line.strip()]
    if all(_command(line) for line in lines):
        return _say(text, "it is a shell command", "是一条 shell 命令", lines[0])
    metadata = _METADATA.search(stripped) if _METADATA_HINT.search(stripped.lower()) else None
    if metadata is None:
        metadata = _BRACKET_TAG.search(stripped) if stripped.startswith("[") else None
    if metadata is not None:
        return _say(text, "it holds scoring metadata", "含有评分元数据", metadata.group(0))
    lines_of = (
        (_CANDIDATE, "it is a Candidate: line", "是一行 Candidate: 候选记录"),
        (_TURN, "it is a transcript turn", "是一段对话记录"),
        (_TURN_ANYWHERE, "it is a transcript turn", "是一段对话记录"),
    )
    if ":" in stripped or "：" in stripped or "[" in stripped:  # every turn has one
        for pattern, english, chinese in lines_of:
            match = pattern.search(stripped)
            if match is not None:
                return _say(text, english, chinese, _line_at(stripped, match.start()))
    raw = _raw(stripped)
    if raw is not None:
        match, english, chinese = raw
        return _say(text, english, chinese, _line_at(stripped, match.end() - 1))
    if _NOISE.fullmatch(stripped) is not None:
        return _say(text, "it is chat noise, not a memory", "是聊天里的语气词，不是记忆", stripped)
    if len(lines) == 1 and _half_sentence(stripped):
        return _say(text, "it is a half sentence", "是半句话", stripped)
    return None


def _command(line: str) -> bool:
    """A line that is a command: a known tool used as one, any program with options or shell
    operators, a psql meta-command or an SQL statement, with no sentence around them ("python3 -m
    venv is how the user starts" is prose)."""
    if _SQL.match(line):
        return _CJK.search(_QUOTED.sub("", line)) is None
    known = _COMMAND.match(line) is not None
    if not known and _COMMAND_LINE.match(line) is None:
        return False
    bare = _QUOTED.sub("", line)
    # words of a sentence, each a token of its own ("-a" and "/i" are an option and a path)
    if (
        sum(token.rstrip(",.;:!?)").lstrip("(").lower() in _PROSE_WORDS for token in bare.split())
        > 1
    ):
        return False
    if known and _SHELL.search(line):
        return True
    return _CJK.search(bare) is None and _OPTION_OR_PIPE.search(bare) is not None


def _half_sentence(text: str) -> bool:
    if _CJK.search(text):
        if text[-1] in "。！？!?.…）)」”\"'":
            return False
        return len(text) <= _SHORT_CHARS and _DANGLING_ZH.search(text) is not None
    words = text.split()
    if len(words) > _SHORT_WORDS:
        return False
    opening = len(words) <= 3 and _OPENING_EN.match(text) and text[-1].isalnum()
    dangling = _DANGLING_EN.search(text) is not None
    dangling = dangling or (len(words) >= 3 and _DANGLING_EN_MORE.search(text) is not None)
    return bool(opening) or dangling


def _line_at(text: str, index: int) -> str:
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return text[start : end if end >= 0 else len(text)]


def _say(text: str, english: str, chinese: str, quoted: str | None = None) -> str:
    if quoted is not None:
        short = " ".join(quoted.split())
        short = f"{short[:60]}…" if len(short) > 60 else short
        english, chinese = f"{english}: “{short}”", f"{chinese}：“{short}”"
    return chinese if is_chinese(text) else english


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
        _words(
            "今晚|今早|今晨|今夜|今儿|刚才|刚刚|这两天|这几天|这些天|这会儿|此刻|这阵子|这段时间|这周|"
            "本周|这一周|这礼拜|本礼拜|这星期|本星期|这个周末|这周末|近两天|近几天|近几日|这两周|这几周|"
            "暂时|眼下"
        ),
    ),
    (
        _words("最后|接下来|未来"),
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
    (None, _words("今天|今日|明天|昨天|明早|明晚|昨晚|前天|后天")),
    # "最近在赶进度", not "最近的告警" (the latest alerts) nor "最近一次" (the last time)
    # "最近在赶进度", not "最近的告警" (the latest alerts), "最近一次" (the last time) nor
    # "最近改喝燕麦拿铁" (a change that lasts)
    (
        _words("最近"),
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
        _words(
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
        _words(
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
        _words(
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
        _words(
            "去年|前年|上个月|以前|曾经|小时候|年前|当年|那年|前几年|last year|last month|years ago|"
            "used to|in 19|in 20"
        ),
    ),
)


# A quick test most memories fail: none of the words a gate or a literal pattern above needs.
_EVIDENCE = (*_PASSING, *_DAY, *_STATE)
_ANY_CHINESE = _words(
    "|".join(
        _LITERALS[part]
        for gate, pattern in _EVIDENCE
        for part in (gate, pattern)
        if isinstance(part, re.Pattern) and part in _LITERALS and not part.pattern.isascii()
    )
)
_ANY_ENGLISH = frozenset().union(*(g for g, _p in _EVIDENCE if isinstance(g, frozenset)))


_QUOTED_SPAN = re.compile(r"“[^”\n]*”|「[^」\n]*」|『[^』\n]*』|\"[^\"\n]*\"")
_TODO_TEXT = re.compile(r"^\s*(?:TODO|To-?do|待办)\b\s*[:：(（]", re.IGNORECASE)


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
    if memory.category != "todo" and not (
        memory.category is None and _TODO_TEXT.match(memory.content)
    ):
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
    (english, chinese, _words(gate), re.compile(pattern, re.IGNORECASE))
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
