"""The rules reviewer (SPEC 4): embedded, deterministic, no network. Every decision comes with
reasons a person can check; a reason that quotes the memory quotes it in its own language.

The rules, by trigger:
- promotion: a temporary state ("today", "今天", "刚才", …) is never promoted (KEEP); otherwise a
  memory used often enough to reach the threshold is PROMOTEd.
- decay: a memory other memories refer to is KEPT; otherwise what the decay run would do
  (ARCHIVE or DELETE), or ARCHIVE where the format has an archive and DELETE where it has none;
  an important fact (a name, a birthday, an allergy, a promise) is never deleted for fading.
  (A newer similar memory that supersedes it is a contradiction or duplicate finding, which
  leads.)
- duplicate: the weaker of the two (lower score, then older, then later in the file) is DELETEd.
- contradiction: the older of the two is DELETEd, quoting both (the person sees them side by side).
- expired, secret, junk: DELETE. temporary: ARCHIVE (DELETE where the format has no archive),
  never PROMOTE. agent_written: KEEP, for the person to check.
- a memory its agent never deletes (`Memory.removal`): a secret is REDACTed (edited out); what
  would be deleted is DELETEd the agent's way where it forgets when asked (approving writes the
  request, `Memory.removal_said`), else KEPT, saying so: every proposal can be carried out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.review.model import (
    Candidate,
    Decision,
    Memory,
    Review,
    ReviewContext,
    Trigger,
    is_chinese,
)
from core.review.model import in_its_language as _say
from core.review.temporary import find_important, find_temporary

__all__ = ["RulesReviewer", "quote"]

_CJK = re.compile(r"[\u3400-\u9fff]")
_QUOTE_CHARS = 60
_TRIGGER_NAME: dict[Trigger, tuple[str, str]] = {
    "promotion": ("promotion", "升级审核"),
    "decay": ("decay", "衰减"),
    "duplicate": ("duplicate", "重复"),
    "contradiction": ("contradiction", "矛盾"),
    "expired": ("expired", "过期"),
    "temporary": ("temporary state", "临时状态"),
    "secret": ("secret", "密钥"),
    "junk": ("junk", "误写入"),
    "agent_written": ("written by the agent", "智能体自行写入"),
}


def _lang(memory: Memory) -> int:
    """0 for an English memory, 1 for a Chinese one (an index into _TRIGGER_NAME's pairs)."""
    return 1 if is_chinese(memory.content) else 0


class RulesReviewer:
    name = "rules"

    def __init__(self, *, archive: bool | None = None) -> None:
        self.archive = archive  # the format has an Archived section (None: as the context says)

    async def review(self, candidate: Candidate, context: ReviewContext) -> Review:
        return self.decide(candidate, context)

    def decide(self, candidate: Candidate, context: ReviewContext) -> Review:
        """The decision, synchronously (the rules never wait for anything): the leading finding
        decides (what makes a memory go leads, see PRIORITY); the others are named after it."""
        archives = self.archive if self.archive is not None else getattr(context, "archives", True)
        rule = getattr(self, f"_{candidate.trigger}")
        review: Review = _as_its_agent_removes(candidate.memory, rule(candidate, context, archives))
        if candidate.more:
            zh = _lang(candidate.memory)
            said = [
                f"{_TRIGGER_NAME[f.trigger][zh]}{'：' if zh else ': '}{f.why}"
                for f in candidate.more
            ]
            listed = ("；" if zh else "; ").join(said)
            more = f"同时：{listed}。" if zh else f"Also up for review: {listed}."
            review = replace(review, reasons=f"{review.reasons}\n{more}")
        return replace(review, because=candidate.trigger)

    # -- one rule per trigger -------------------------------------------------------------------
    def _promotion(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        m = c.memory
        word = find_temporary(m.content)
        if word is not None:
            return Review(
                "KEEP",
                _say(
                    m,
                    f"{quote(m)} describes a temporary state ({word!r}): a temporary state is "
                    "never promoted to core memory.",
                    f"{quote(m)} 说的是临时状态（“{word}”）：临时状态不升级为核心记忆。",
                ),
            )
        return Review(
            "PROMOTE",
            _say(
                m,
                f"{quote(m)} {c.why}; it reads as a stable fact or preference, so it becomes "
                "core memory (pinned, never decays).",
                f"{quote(m)}：{c.why}；它是长期稳定的事实或偏好，升级为核心记忆（固定，不再衰减）。",
            ),
        )

    def _decay(self, c: Candidate, context: ReviewContext, archives: bool) -> Review:
        m = c.memory
        referring = _referring(m, context)
        if referring is not None:
            return Review(
                "KEEP",
                _say(
                    m,
                    f"{quote(m)} is decaying ({c.why}), but [{referring.id}] refers to it: "
                    "deleting it would leave that memory without its context.",
                    f"{quote(m)} 正在衰减（{c.why}），但 [{referring.id}] 引用了它，"
                    "删除会让那条记忆失去上下文。",
                ),
            )
        decision = c.suggested or ("ARCHIVE" if archives else "DELETE")
        if decision == "ARCHIVE" and not archives:
            decision = "DELETE"
        important = find_important(m.content) if decision == "DELETE" else None
        if important is not None:
            kept: Decision = "ARCHIVE" if archives else "KEEP"
            return Review(
                kept,
                _say(
                    m,
                    f"{quote(m)} {c.why}, but it records {important[0]}: such a fact is not "
                    f"deleted for fading, so it is {'archived' if kept == 'ARCHIVE' else 'kept'}.",
                    f"{quote(m)}：{c.why}；但它记录的是{important[1]}，这类事实不因衰减而删除，"
                    f"因此{'归档' if kept == 'ARCHIVE' else '保留'}。",
                ),
            )
        verb = {"ARCHIVE": "archived", "DELETE": "deleted"}.get(decision, "kept")
        return Review(
            decision,
            _say(
                m,
                f"{quote(m)} {c.why}; nothing refers to it and no newer memory replaces it, "
                f"so it is {verb}.",
                f"{quote(m)}：{c.why}；没有记忆引用它，也没有更新的记忆取代它，"
                f"因此{ {'ARCHIVE': '归档', 'DELETE': '删除'}.get(decision, '保留') }。",
            ),
        )

    def _duplicate(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        m, other = c.memory, _other(c)
        return Review(
            "DELETE",
            _say(
                m,
                f"{quote(m)} repeats [{other.id}] {quote(other)} ({c.why}); the weaker "
                "copy goes, the other keeps the memory.",
                f"{quote(m)} 与 [{other.id}] {quote(other)} 重复（{c.why}）；删除较弱的一条，"
                "另一条保留这段记忆。",
            ),
        )

    def _contradiction(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        m, other = c.memory, _other(c)
        return Review(
            "DELETE",
            _say(
                m,
                f"{quote(m)} and the newer [{other.id}] {quote(other)} disagree ({c.why}); "
                "the newer one is taken as the current truth. Check both before approving.",
                f"{quote(m)} 与更新的 [{other.id}] {quote(other)} 相矛盾（{c.why}）；"
                "以较新的一条为准。批准前请对照两条。",
            ),
        )

    def _expired(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        return Review(
            "DELETE",
            _say(c.memory, f"{quote(c.memory)}: {c.why}.", f"{quote(c.memory)}：{c.why}。"),
        )

    def _temporary(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        m = c.memory
        decision: Decision = "ARCHIVE" if archives else "DELETE"
        done = {"ARCHIVE": ("archived", "归档"), "DELETE": ("deleted", "删除")}[decision]
        return Review(
            decision,
            _say(
                m,
                f"{quote(m)} records {c.why}, not a lasting fact: long-term memory is for what "
                f"stays true, so it is {done[0]} (and never promoted).",
                f"{quote(m)} 记录的是{c.why}，不是长期事实：长期记忆只保存持续成立的内容，"
                f"因此{done[1]}（也不会升级）。",
            ),
        )

    def _secret(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        if c.memory.removal != "delete":  # forgetting it would leave the secret in the file
            return Review(
                "REDACT",
                _say(
                    c.memory,
                    f"This memory holds {c.why}: the agent sends its memories to the model, so a "
                    "secret in one leaks. Its agent keeps the memory, so the secret is edited out.",
                    f"这条记忆{c.why}：智能体会把记忆发给模型，记忆里的密钥会因此泄露。"
                    "智能体保留这条记忆，因此只把密钥删掉。",
                ),
            )
        return Review(
            "DELETE",
            _say(
                c.memory,
                f"This memory holds {c.why}: the agent sends its memories to the model with "
                "every prompt, so a secret in one leaks. Delete it (or edit the secret out first).",
                f"这条记忆{c.why}：智能体每次都会把记忆发给模型，记忆里的密钥会因此泄露。"
                "删除它（或先把密钥删掉）。",
            ),
        )

    def _junk(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        m = c.memory
        return Review(
            "DELETE",
            _say(
                m,
                f"{quote(m)} looks written by mistake: {c.why}.",
                f"{quote(m)} 像是误写入的内容：{c.why}。",
            ),
        )

    def _agent_written(self, c: Candidate, _context: ReviewContext, archives: bool) -> Review:
        m = c.memory
        return Review(
            "KEEP",
            _say(
                m,
                f"{quote(m)}: {c.why}. Nothing in it breaks a rule; keep it unless you "
                "disagree with what the agent wrote.",
                f"{quote(m)}：{c.why}。没有违反任何规则；除非你不同意智能体写下的内容，否则保留。",
            ),
        )


def quote(memory: Memory) -> str:
    """The memory's text as a short quote, in its own language."""
    text = " ".join(memory.content.split())
    if len(text) > _QUOTE_CHARS:
        text = text[: _QUOTE_CHARS - 1] + "…"
    return f"“{text}”" if _CJK.search(text) else f'"{text}"'


def _other(c: Candidate) -> Memory:
    return c.related[0] if c.related else c.memory


def _referring(memory: Memory, context: ReviewContext) -> Memory | None:
    """A memory that names this one by its id ("see [abc123]")."""
    found = context.referrers(memory)
    return found[0] if found else None


def _as_its_agent_removes(m: Memory, review: Review) -> Review:
    """A memory its agent never deletes is removed by the agent's own request where it takes
    one, saying what approving writes; otherwise it is kept where the rule would remove it."""
    if m.removal == "delete" or review.decision not in ("DELETE", "MERGE"):
        return review
    if m.removal == "request" and review.decision == "DELETE":
        said = _say(
            m,
            f"Approving {m.removal_said} (its agent never deletes it): ",
            "批准后会按智能体的方式请它忘记这条记忆（智能体从不删除它）：",
        )
        return Review("DELETE", said + review.reasons)
    return Review(
        "KEEP",
        review.reasons
        + _say(
            m,
            "\nIts agent never deletes it, so it is kept: edit it yourself if it should change.",
            "\n智能体从不删除它，因此保留：如需修改请自行编辑。",
        ),
    )
