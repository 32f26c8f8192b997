"""The text detectors of the review triggers: secrets (masked in lists), junk, temporary states and
expired todos, in English and Chinese; none fires on the demo memories but where it should."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from core.demo import write_demo
from core.registry import demo_layouts
from core.review.junk import find_junk
from core.review.model import Memory
from core.review.queue import memories_in
from core.review.secrets import find_secret, mask_secrets
from core.review.temporary import find_temporary, is_expired
from tests.helpers import session_at

CORE = Path(core.__file__).parent
TODAY = date(2026, 11, 26)

SECRETS = [
    ("OpenAI API key", "My OpenAI key is sk-proj-Abcdefghijklmnopqrstuvwxyz012345", "sk-proj-"),
    ("OpenAI API key", "key sk-abcdefghijklmnopqrstuvwx", "sk-abcdefghijklmnopqrstuvwx"),
    ("Anthropic API key", "Claude: sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "sk-ant-"),
    ("AWS access key", "backups use AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("GitHub token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789 for CI", "ghp_abc"),
    ("GitHub token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCD", "_pat_"),
    ("Slack token", "机器人令牌 xoxb-1234567890-abcdefghij", "xoxb-1234567890"),
    ("Google API key", "Maps key AIzaSyA1234567890abcdefghijklmnopqrstuv", "AIzaSyA12"),
    ("Stripe key", "shop uses sk_live_abcdefghijklmnop1234", "sk_live_abc"),
    ("bearer token", "Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456", "abcdefghijkl"),
    ("JSON web token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmN", "eyJhbGci"),
    ("password", "password: hunter2", "hunter2"),
    ("password", "PASSWORD = Hunter22!", "Hunter22!"),
    ("bearer token", "BEARER abcdefghijklmnop1234", "abcdefghijklmnop1234"),
    ("password", "The wifi password is Tr0ub4dor&3.", "Tr0ub4dor&3"),
    ("password", "路由器密码：abc12345", "abc12345"),
    ("password", "数据库密码是 Passw0rd!", "Passw0rd!"),
    ("token", "token=abcdef1234567890abcd", "abcdef1234567890abcd"),
    ("token", "api_key: 9f8e7d6c5b4a39281706", "9f8e7d6c5b4a39281706"),
    ("token", "服务的 API 密钥是 9f8e7d6c5b4a39281706", "9f8e7d6c5b4a39281706"),
    ("private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----", "MIIEow"),
    ("private key", "deploy key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk", "b3Blbn"),
    ("password in a connection string", "db postgres://admin:s3cretpw@db.internal:5432/app", "s3cretpw"),
]  # fmt: skip

NOT_SECRETS = [
    "The password is stored in 1Password.",
    "password is required for sudo on the build box",
    "The secret is consistency-and-patience.",
    "用户的密码已经改过了，新密码在密码管理器里。",
    "密码：见 1Password",
    "Connection: postgres://user:${DB_PASSWORD}@db/app",
    "password: <your password>",
    "Uses sk-learn and tracks prices with sk-hynix-memory-module-tracker.",
    "Bearer tokens go in the Authorization header.",
    "max_tokens=4096 for the summariser",
    "The user's token budget is 4096 per request.",
    "Repo https://github.com/acme/shop-api, e-mail user@example.com",
    "Deploy at 9:30 on Fridays; AKIA is the prefix of AWS access keys.",
    "用户喜欢黑咖啡，不加糖。",
]


@pytest.mark.parametrize(("kind", "text", "part"), SECRETS)
def test_a_secret_is_found_and_masked(kind: str, text: str, part: str) -> None:
    hit = find_secret(text)
    assert hit is not None and hit.kind == kind
    secret = text[hit.start : hit.end]
    assert part in secret
    masked = mask_secrets(text)
    assert secret not in masked and part not in masked
    assert f"{secret[:3]}…[hidden]" in masked
    assert find_secret(masked) is None


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_ordinary_text_holds_no_secret(text: str) -> None:
    assert find_secret(text) is None
    assert mask_secrets(text) == text


def test_every_secret_of_a_memory_is_masked() -> None:
    text = (
        "GitHub ghp_abcdefghijklmnopqrstuvwxyz0123456789, 密码：abc12345, AWS AKIAIOSFODNN7EXAMPLE"
    )
    assert mask_secrets(text) == "GitHub ghp…[hidden], 密码：abc…[hidden], AWS AKI…[hidden]"


JUNK = [
    ("$ ls -la", "it is a shell command: “$ ls -la”"),
    ("sudo apt-get install ripgrep", "it is a shell command: “sudo apt-get install ripgrep”"),
    ("cd /srv/app && make", "it is a shell command: “cd /srv/app && make”"),
    ("git push origin main", "it is a shell command: “git push origin main”"),
    ("npm install\nnpm run build", "it is a shell command: “npm install”"),
    ("[score=0.8 source=chat] User likes tea.", "it holds scoring metadata: “[score=0.8 source=chat]”"),
    ("User likes tea. importance: 0.6", "it holds scoring metadata: “importance: 0.6”"),
    ("activation_count: 3", "it holds scoring metadata: “activation_count”"),
    ("主人喜欢猫 [importance=0.7]", "含有评分元数据：“[importance=0.7]”"),
    ("### [a1b2c3] preference | 0.92 | 2026-02-20 | 12", "it holds scoring metadata: “### [a1b2c3] preference | 0.92 |”"),
    ("Candidate: User likes tea.", "it is a Candidate: line: “Candidate: User likes tea.”"),
    ("User: what's the weather?\nAssistant: Sunny.", "it is a transcript turn: “User: what's the weather?”"),
    ("Human: hi", "it is a transcript turn: “Human: hi”"),
    ("AI: hello there", "it is a transcript turn: “AI: hello there”"),
    ("主人: 今天好累", "是一段对话记录：“主人: 今天好累”"),
    ("小祥：好的主人，我记住了", "是一段对话记录：“小祥：好的主人，我记住了”"),
    ("用户喜欢", "是半句话：“用户喜欢”"),
    ("主人打算和", "是半句话：“主人打算和”"),
    ("The user wants to", "it is a half sentence: “The user wants to”"),
    ("and then", "it is a half sentence: “and then”"),
    ("The user likes tea,", "it is a half sentence: “The user likes tea,”"),
    ("The user prefers micro-", "it is a half sentence: “The user prefers micro-”"),
    ("", "it is empty or only punctuation"),
    ("  ...  ", "it is empty or only punctuation"),
    ("。！", "内容为空或只有标点"),
]  # fmt: skip

NOT_JUNK = [
    "User prefers black coffee.",
    "用户喜欢黑咖啡，不加糖。",
    "主人很喜欢",
    "主人不需要提醒",
    "Jazz is what the user listens to",
    "Git is the user's version control; they push to main only after review.",
    "Use `make test` before pushing.",
    "The user's AI assistant is named Kite.",
    "The user works in Python",
    "Score: the user won 3-1 at chess.",
    "部署流程：先跑 make test，再 git push。",
    "Deploy with ./deploy.sh staging, then check the dashboard.",
]


@pytest.mark.parametrize(("text", "why"), JUNK)
def test_junk_says_why_quoting_what_fired(text: str, why: str) -> None:
    assert find_junk(text) == why


@pytest.mark.parametrize("text", NOT_JUNK)
def test_ordinary_memories_are_not_junk(text: str) -> None:
    assert find_junk(text) is None


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("User is tired today.", "today"),
        ("TODAY IS A HOLIDAY", "TODAY"),
        ("Tonight the user watches a film", "Tonight"),
        ("The user is busy this week.", "this week"),
        ("Right now the user is on a train", "Right now"),
        ("Not available at the moment", "at the moment"),
        ("The user is waiting for the CI run to finish", "is waiting for"),
        ("The user just now said hello", "just now"),
        ("Dentist tomorrow at 3", "tomorrow"),
        ("Slept badly yesterday", "yesterday"),
        ("主人今天很累。", "今天"),
        ("今晚想吃火锅", "今晚"),
        ("主人刚才说想吃拉面。", "刚才"),
        ("现在在开会", "现在在开会"),
        ("这周很忙", "这周"),
        ("本周要交报告", "本周"),
        ("明天去医院", "明天"),
        ("昨天加班到很晚", "昨天"),
        ("最近在学吉他", "最近"),
        ("此刻心情不好", "此刻"),
    ],
)
def test_a_temporary_state_names_its_word(text: str, word: str) -> None:
    assert find_temporary(text) == word


@pytest.mark.parametrize(
    "text",
    [
        "The user's birthday is 3 May.",
        "Todays and yesterdays are words, not states",  # word boundaries
        "The currency is EUR.",
        "用户的生日是五月三日。",
        "主人喜欢安静的咖啡馆。",
    ],
)
def test_a_lasting_fact_is_no_temporary_state(text: str) -> None:
    assert find_temporary(text) is None


def todo(expires_at: str | None, content: str = "Renew the passport.", **fields: Any) -> Memory:
    return Memory(
        "MEMORY.md", "k1", "k1", content, category="todo", expires_at=expires_at, **fields
    )


@pytest.mark.parametrize(
    ("memory", "said"),
    [
        (todo("2026-01-02"), "expired on 2026-01-02"),
        (todo("2026-11-25T23:59:00"), "expired on 2026-11-25"),
        (todo("2026-11-25T23:59:00Z"), "expired on 2026-11-25"),
        (todo(" 2026-10-01 "), "expired on 2026-10-01"),
        (todo("2026-10-01", "续签护照。"), "已于 2026-10-01 过期"),
        (todo("2026-11-26"), None),  # due today: not yet expired
        (todo("2027-01-01"), None),
        (todo("next Tuesday"), None),
        (todo("2026-13-45"), None),
        (todo(""), None),
        (todo(None), None),
        (Memory("MEMORY.md", "k1", "k1", "Fact.", category="fact", expires_at="2020-01-01"), None),
    ],
)
def test_only_a_todo_past_its_date_is_expired(memory: Memory, said: str | None) -> None:
    assert is_expired(memory, TODAY) == said


# -- the demo corpora ---------------------------------------------------------------------------
def _corpus_texts(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key != "about":
                yield from _corpus_texts(value, f"{path}/{key}")
    elif isinstance(data, list):
        for value in data:
            yield from _corpus_texts(value, path)


CORPORA = [CORE / "demo_corpus.json", *sorted(CORE.glob("agents/*/demo_corpus.json"))]
CORPUS_TEXTS = [
    (f"{corpus.parent.name}{path}", text)
    for corpus in CORPORA
    for path, text in _corpus_texts(json.loads(corpus.read_text(encoding="utf-8")))
]


def test_the_demo_corpora_hold_no_secret_and_no_junk() -> None:
    assert len(CORPORA) == 5 and len(CORPUS_TEXTS) > 1000
    secrets = [(where, text) for where, text in CORPUS_TEXTS if find_secret(text)]
    # Slot values are fragments put inside sentences ("kubectl logs"), and an empty string is
    # a field left empty: neither is a memory.
    junk = [
        (where, text)
        for where, text in CORPUS_TEXTS
        if "slots" not in where and text and find_junk(text) is not None
    ]
    assert secrets == [] and junk == []


@pytest.mark.parametrize("layout", sorted(demo_layouts()))
def test_the_demo_memories_trip_no_detector_but_openclaws_light_sleep(
    tmp_path: Path, layout: str
) -> None:
    agent = demo_layouts()[layout]
    root = tmp_path / "ws"
    write_demo(root, layout=layout, today=TODAY)
    _rows, memories = memories_in(session_at(agent.workspace_in(root) or root, agent))
    assert memories
    assert [m.content for m in memories if find_secret(m.content)] == []
    junk = [m.content for m in memories if find_junk(m.content) is not None]
    # OpenClaw's dreaming writes its light-sleep candidates into the daily note.
    assert all(text.startswith("Candidate: ") for text in junk)
    assert bool(junk) == (layout == "openclaw")


# -- properties -------------------------------------------------------------------------------
_ORDINARY = st.text(
    st.sampled_from(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ 用户喜欢咖啡主人今天的猫"
    ),
    max_size=80,
)
# A generated key has many different characters; "xxxx" or one repeated is a placeholder.
_KEY_BODY = st.text(
    st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    min_size=40,
    max_size=60,
).filter(lambda body: len(set(body[:10])) >= 8 and "xxxx" not in body.casefold())
_PREFIXES = ("sk-proj-", "sk-ant-api03-", "ghp_", "github_pat_", "xoxb-", "sk_live_")
_KEYS = st.one_of(
    st.builds(lambda p, b: p + b + "7", st.sampled_from(_PREFIXES), _KEY_BODY),
    st.builds(lambda b: "AKIA" + b[:15].upper() + "7", _KEY_BODY),
    st.builds(lambda b: "AIza" + b[:34] + "7", _KEY_BODY),
    st.builds(lambda b: f"password: {b[:12]}7", _KEY_BODY),
    st.builds(lambda b: f"密码：{b[:12]}7", _KEY_BODY),
    st.builds(lambda b: f"token={b}7", _KEY_BODY),
    st.builds(lambda b: f"Bearer {b}7", _KEY_BODY),
    st.builds(lambda b: f"mysql://app:{b[:10]}7@db.local/app", _KEY_BODY),
    st.builds(lambda b: f"-----BEGIN PRIVATE KEY-----\n{b}\n-----END PRIVATE KEY-----", _KEY_BODY),
)


@given(_ORDINARY, _KEYS, _ORDINARY)
def test_a_masked_memory_never_shows_the_secret_found(before: str, key: str, after: str) -> None:
    text = f"{before} {key} {after}"
    hit = find_secret(text)
    assert hit is not None
    masked = mask_secrets(text)
    assert text[hit.start : hit.end] not in masked
    assert find_secret(masked) is None
    assert mask_secrets(masked) == masked


@given(_ORDINARY)
def test_ordinary_words_hold_no_secret(text: str) -> None:
    assert find_secret(text) is None
    assert mask_secrets(text) == text


@given(st.text())
def test_no_detector_raises_and_masking_is_idempotent(text: str) -> None:
    masked = mask_secrets(text)
    assert mask_secrets(masked) == masked
    find_junk(text)
    find_temporary(text)
    is_expired(todo(text), TODAY)
