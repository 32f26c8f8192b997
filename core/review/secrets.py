"""A secret written into a memory (SPEC 4 triggers): found, said in words, and masked in lists.

Secrets are found by precise patterns rather than a secret-scanning library: detect-secrets
misses the keys written in prose ("password: …", "密码：…", "token=…", sk-proj- keys, bearer
tokens), reports no positions to mask, and takes over 10 s for 100,000 memories."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.review.deadlines import literal_words

__all__ = [
    "HIDDEN",
    "REMOVED",
    "SecretHit",
    "find_secret",
    "find_secrets",
    "mask_secrets",
    "without_secrets",
]


HIDDEN = "…[hidden]"
REMOVED = "[secret removed]"  # what stands for a secret edited out of a memory
_SHOWN = 3  # characters of a secret a list still shows


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
_PASSWORD_HINT = literal_words(
    "pass|pwd|pin|door code|gate code|alarm code|lock code|safe code|garage code|entry code|"
    "door_code|gate_code|recovery code|backup code|recovery_code|backup_code|combination|密码|口令|"
    "密碼|开门码|门禁码|解锁码|授权码|恢复码|备用码|助记词|seed|mnemonic|recovery phrase"
)
_ACCOUNT_HINT = literal_words(
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


def find_secrets(text: str) -> list[SecretHit]:
    """Every key, token, password or private key in the text, in order."""
    return _secrets(text)


def without_secrets(text: str, instead: str = REMOVED) -> str:
    """The text with every secret replaced by `instead` (a memory its agent keeps, edited; the
    words a file name is made of: " ")."""
    out, last = [], 0
    for hit in _secrets(text):
        out += [text[last : hit.start], instead]
        last = hit.end
    out.append(text[last:])
    return "".join(out)


def mask_secrets(text: str) -> str:
    """The text with every secret hidden but for its first 3 characters (for lists)."""
    out, last = [], 0
    for hit in _secrets(text):
        out.append(text[last : hit.start])
        out.append(text[hit.start : hit.start + min(_SHOWN, hit.end - hit.start)] + HIDDEN)
        last = hit.end
    out.append(text[last:])
    return "".join(out)
