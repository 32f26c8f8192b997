"""The triggers (SPEC 4): which memories are up for review, and why, computed from the workspace's
memories, its scoring profile and its journal. Each candidate says why its trigger fired."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from core.review.duplicates import duplicates_and_contradictions
from core.review.junk import find_junk
from core.review.model import PRIORITY, Candidate, Finding, Memory, in_its_language
from core.review.secrets import find_secret
from core.review.temporary import find_temporary, is_expired, is_todo
from core.scoring.policy import PolicyProfile

__all__ = ["ScanInput", "compared", "decay_finding", "find_candidates", "memory_of_row"]


@dataclass(frozen=True, slots=True)
class ScanInput:
    """What the triggers look at."""

    memories: Sequence[Memory]
    today: date
    profile: PolicyProfile | None = None  # None: the agent keeps no scores
    decay_transitions: dict[tuple[str, str], tuple[str, float]] | None = None  # (file, key) ->
    # (archive|delete, score after) a decay run up to today would propose
    agent_written: dict[tuple[str, str], str] | None = None  # (file, key) -> when the agent
    # wrote it, for those written on its own since the last review
    only: frozenset[tuple[str, str]] | None = None  # propose for these memories alone
    decay_at: date | None = None  # the transitions are a decay run's to this day (else today's)
    pairs: bool = True  # look for duplicates and contradictions (a whole scan of the memories)


def memory_of_row(
    row: Any, *, reviewed: bool = True, removal: str | None = "delete", removal_said: str = ""
) -> Memory:
    """A listed memory (core.agent.Row) as the reviewer sees it (`reviewed` False: context
    only, as what MemDesk does not write; `removal`, `removal_said`: see `Agent.removal`)."""
    f = row.fields
    score, hits = f.get("score"), f.get("activation_count")
    expires = f.get("expires_at") or (f.get("meta") or {}).get("expires_at")
    return Memory(
        file=row.file,
        key=row.key or row.id,
        id=row.id,
        content=str(f.get("content") or ""),
        category=f.get("category"),
        score=None if score is None else float(score),
        hits=None if hits is None else int(hits),
        last_activated=None if f.get("last_activated") is None else str(f["last_activated"]),
        section=f.get("section"),
        expires_at=None if expires is None else str(expires),
        read_only=bool(f.get("read_only")) or not reviewed,
        removal=removal,
        removal_said=removal_said,
    )


def find_candidates(scan: ScanInput) -> list[Candidate]:
    """One candidate per memory, carrying every trigger that fired for it, and no memory in two
    candidates (a pair's other side included): the leading triggers first (see PRIORITY), then
    the memories in file order. Read-only memories (what MemDesk does not write, what the agent
    keeps as history) are context only: no trigger, no pair."""
    only = scan.only
    writable = [  # the others are context only
        m for m in scan.memories if not m.read_only and (only is None or (m.file, m.key) in only)
    ]
    found: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    if scan.profile is not None:
        transitions = scan.decay_transitions or {}
        _score_triggers(found, writable, scan.profile, transitions, scan.decay_at)
    _text_triggers(found, writable, scan.today)
    for m in writable:
        when = (scan.agent_written or {}).get((m.file, m.key))
        if when is not None:
            found[(m.file, m.key)].append(Finding("agent_written", when))
    reviewed = [m for m in scan.memories if not m.read_only]
    among = None
    if only is not None:
        among = [n for n, m in enumerate(reviewed) if (m.file, m.key) in only]
    pairs = _pair_findings(reviewed, among) if scan.pairs else {}
    if only is not None:
        pairs = {key: finding for key, finding in pairs.items() if key in only}
    return _one_per_memory(scan.memories, found, pairs)


def _one_per_memory(
    memories: Sequence[Memory],
    found: dict[tuple[str, str], list[Finding]],
    pairs: dict[tuple[str, str], Finding],
) -> list[Candidate]:
    """Each memory's findings as one candidate, greedily by what leads: a candidate whose pair's
    other side is already in an earlier candidate drops that pair (it comes up again once the
    earlier one is decided); one that is itself named by an earlier candidate waits likewise."""
    order = {(m.file, m.key): n for n, m in enumerate(memories)}
    by_key = {(m.file, m.key): m for m in memories}
    subjects = set(found) | set(pairs)
    proposed = []
    for key in sorted(subjects, key=order.__getitem__):  # as listed, in every process
        findings = list(found.get(key, ()))
        pair = pairs.get(key)
        if pair is not None:
            findings.append(pair)
        proposed.append(Candidate.of(by_key[key], findings))
    rank = {trigger: n for n, trigger in enumerate(PRIORITY)}
    proposed.sort(key=lambda c: (rank[c.trigger], order[(c.memory.file, c.memory.key)]))
    if not pairs:
        return proposed  # no candidate names another memory: none is in two
    taken: set[tuple[str, str]] = set()
    out = []
    for c in proposed:
        if (c.memory.file, c.memory.key) in taken:
            continue
        if c.touched() & taken:
            singles = [f for f in c.findings if not f.related]
            if not singles:
                continue
            c = Candidate.of(c.memory, singles)
        taken |= c.touched()
        out.append(c)
    out.sort(key=lambda c: (rank[c.trigger], order[(c.memory.file, c.memory.key)]))
    return out


def _score_triggers(
    found: dict[tuple[str, str], list[Finding]],
    memories: Iterable[Memory],
    profile: PolicyProfile,
    transitions: dict[tuple[str, str], tuple[str, float]],
    decay_at: date | None,
) -> None:
    pinned = (*profile.never_decay_categories, "core")
    for m in memories:
        if m.score is None:
            continue
        key = (m.file, m.key)
        proposed = transitions.get(key)
        if proposed is not None:
            to, after = proposed
            found[key].append(decay_finding(m, to, after, decay_at))
        elif m.section != "archived" and m.score < profile.decay_review_below:
            mark = profile.decay_review_below
            score, line = compared(m.score, mark)
            why = in_its_language(
                m,
                f"score {score} is below the decay review mark {line}",
                f"分数 {score} 低于衰减审核线 {line}",
            )
            found[key].append(Finding("decay", why))
        elif (
            m.score >= profile.promotion_at
            and (m.hits or 0) >= profile.promotion_min_hits
            and m.category not in pinned
        ):
            score, line = compared(m.score, profile.promotion_at)
            why = in_its_language(
                m,
                f"score {score} reached the promotion mark {line} after {m.hits or 0} uses",
                f"分数 {score} 达到升级线 {line}，已使用 {m.hits or 0} 次",
            )
            found[key].append(Finding("promotion", why))


def decay_finding(m: Memory, to: str, after: float, at: date | None = None) -> Finding:
    """A decay run (to `at`, else to today) would archive or delete the memory."""
    shown = (
        f"{m.score:.2f}"
        if m.score is None or f"{m.score:.2f}" == f"{after:.2f}"
        else (f"{m.score:.2f} → {after:.2f}")
    )
    when_en = f"to {at.isoformat()}" if at is not None else "to today"
    when_zh = f"到 {at.isoformat()} " if at is not None else "到今天"
    verb = "archive" if to == "archive" else "delete"
    why = in_its_language(
        m,
        f"a decay run {when_en} would {verb} it (score {shown})",
        f"衰减{when_zh}会{'归档' if verb == 'archive' else '删除'}它（分数 {shown}）",
    )
    return Finding("decay", why, suggested="ARCHIVE" if verb == "archive" else "DELETE")


def compared(value: float, mark: float) -> tuple[str, str]:
    """A score and a threshold written so that their order reads true: 0.195 and 0.2, not 0.20
    and 0.2 (as few decimals as tell them apart, at least two for the score)."""
    for places in range(2, 10):
        shown = f"{value:.{places}f}"
        rounded = float(shown)
        if (rounded < mark, rounded == mark) == (value < mark, value == mark):
            return shown.rstrip("0") if places > 2 else shown, f"{mark:g}"
    return repr(value), repr(mark)


def _never_passing(m: Memory) -> bool:
    """Pinned by the person or the agent, or a todo (expired or not, its date says when it
    stops mattering): never a passing state."""
    return m.category in ("core", "system") or is_todo(m)


def _text_triggers(
    found: dict[tuple[str, str], list[Finding]], memories: Iterable[Memory], today: date
) -> None:
    for m in memories:
        key = (m.file, m.key)
        expired = is_expired(m, today)
        if expired is not None:
            found[key].append(Finding("expired", expired))
        secret = find_secret(m.content)
        if secret is not None:
            kind = secret.kind
            why = in_its_language(m, f"a secret ({kind})", f"含有密钥（{_in_chinese(kind)}）")
            found[key].append(Finding("secret", why))
        junk = find_junk(m.content)
        if junk is not None:
            found[key].append(Finding("junk", junk))
        elif secret is None and expired is None and not _never_passing(m):
            word = find_temporary(m.content)
            if word is not None:
                why = in_its_language(m, f"a temporary state ({word!r})", f"临时状态（“{word}”）")
                found[key].append(Finding("temporary", why))


# A secret's kind in Chinese: its generic words translated, the vendor's name kept ("GitHub 令牌").
_KIND_WORDS = (
    ("password in a connection string", "连接串里的密码"), ("password in a URL", "网址里的密码"),
    ("password after the account", "账号后的密码"), ("password in a .pgpass line", ".pgpass 里的密码"),
    ("webhook with its secret", "带密钥的 Webhook 地址"), ("basic auth credentials", "Basic 认证凭据"),
    ("private key", "私钥"), ("seed phrase", "助记词"), ("app password", "应用专用密码"),
    ("recovery code", "恢复码"), ("door code", "门禁密码"), ("connection string", "连接串"),
    ("webhook secret", "Webhook 密钥"), ("secret key", "密钥"), ("access key", "访问密钥"),
    ("refresh token", "刷新令牌"), ("bearer token", "Bearer 令牌"), ("api key", "API 密钥"),
    ("passphrase", "口令"), ("password", "密码"), ("token", "令牌"), ("webhook", "Webhook 地址"),
    ("secret", "密钥"), ("key", "密钥"), ("login", "登录"),
)  # fmt: skip
_KIND_WORD = re.compile(
    "|".join(rf"(?<!\w){re.escape(en)}(?!\w)" for en, _zh in _KIND_WORDS), re.IGNORECASE
)
_KIND_ZH = {en.lower(): zh for en, zh in _KIND_WORDS}


def _in_chinese(kind: str) -> str:
    return " ".join(_KIND_WORD.sub(lambda m: _KIND_ZH[m.group(0).lower()], kind).split())


def _pair_findings(
    memories: Sequence[Memory], among: Sequence[int] | None = None
) -> dict[tuple[str, str], Finding]:
    """Per memory, its one pair finding: the weaker of two duplicates or the older of two that
    disagree names the other (`related`); a memory in several pairs keeps the closest, and a
    contradiction before a duplicate."""
    duplicates, disagree = duplicates_and_contradictions(memories, among=among)
    best: dict[tuple[str, str], tuple[tuple[int, float], Finding]] = {}

    def offer(subject: Memory, rank: tuple[int, float], finding: Finding) -> None:
        key = (subject.file, subject.key)
        known = best.get(key)
        if known is None or rank > known[0]:
            best[key] = (rank, finding)

    for pair in duplicates:
        weak, strong = _weaker_first(pair.a, pair.b)
        why = in_its_language(weak, f"{pair.score:.0f}% similar", f"相似度 {pair.score:.0f}%")
        offer(weak, (0, pair.score), Finding("duplicate", why, (strong,)))
    for found in disagree:
        old, new = _older_first(found.a, found.b)
        offer(old, (1, found.score), Finding("contradiction", found.why, (new,)))
    return {key: finding for key, (_rank, finding) in best.items()}


def _weaker_first(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    def strength(m: Memory) -> tuple[float, str]:
        return (m.score if m.score is not None else 0.0, m.last_activated or "")

    return (b, a) if strength(b) <= strength(a) else (a, b)


def _older_first(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    return (b, a) if (b.last_activated or "") < (a.last_activated or "") else (a, b)
