"""The rules reviewer's decision table and the triggers that feed it, on memories built in the test."""

from __future__ import annotations

import re
from datetime import date

import pytest

from core.agents.everbot.policy import EVERBOT
from core.review.model import Candidate, Memory, Trigger
from core.review.related import RelatedIndex
from core.review.rules import RulesReviewer
from core.review.triggers import ScanInput, find_candidates

TODAY = date(2026, 11, 26)


def mem(key: str, content: str, **fields: object) -> Memory:
    base: dict[str, object] = {"category": "fact", "score": 0.5, "hits": 1,
                               "last_activated": "2026-11-01", "section": "active"}  # fmt: skip
    base.update(fields)
    return Memory("MEMORY.md", key, key, content, **base)  # type: ignore[arg-type]


def decide(candidate: Candidate, others: list[Memory] = ()) -> tuple[str | None, str]:  # type: ignore[assignment]
    context = RelatedIndex([candidate.memory, *candidate.related, *others])
    review = RulesReviewer().decide(candidate, context)
    return review.decision, review.reasons


@pytest.mark.parametrize(
    ("trigger", "content", "suggested", "decision", "said"),
    [
        ("promotion", "User's birthday is 3 May.", None, "PROMOTE", "core memory"),
        ("promotion", "User is tired today.", None, "KEEP", "'today'"),
        ("promotion", "主人今天很累。", None, "KEEP", "今天"),
        ("promotion", "主人刚才说想吃拉面。", None, "KEEP", "刚才"),
        ("promotion", "The user is busy this week.", None, "KEEP", "this week"),
        ("decay", "Old fact about the build.", "ARCHIVE", "ARCHIVE", "archived"),
        ("decay", "Old fact about the build.", "DELETE", "DELETE", "deleted"),
        ("decay", "Old fact about the build.", None, "ARCHIVE", "archived"),
        ("expired", "Buy milk.", None, "DELETE", "Buy milk"),
        ("junk", "$ ls -la", None, "DELETE", "written by mistake"),
        ("secret", "key sk-abcdefghijklmnopqrstuvwx", None, "DELETE", "leaks"),
        ("agent_written", "User moved to Hangzhou.", None, "KEEP", "keep it unless"),
    ],
)
def test_decision_table(
    trigger: Trigger, content: str, suggested: str | None, decision: str, said: str
) -> None:
    c = Candidate(mem("m1", content), trigger, "why it fired", suggested=suggested)  # type: ignore[arg-type]
    got, reasons = decide(c)
    assert got == decision
    assert said in reasons


def test_a_decaying_memory_another_refers_to_is_kept() -> None:
    old = mem("a1b2c3", "The staging database is on host db-7.")
    note = mem("f0f0f0", "Moved the backups off the host of [a1b2c3] in October.")
    got, reasons = decide(Candidate(old, "decay", "score 0.15"), [note])
    assert got == "KEEP" and "[f0f0f0] refers to it" in reasons


def test_a_decaying_memory_a_newer_similar_one_supersedes_is_deleted() -> None:
    old = mem("old111", "User's laptop is a ThinkPad X1 Carbon.", score=0.15,
              last_activated="2026-01-01")  # fmt: skip
    new = mem("new222", "The user's laptop is a ThinkPad X1 Carbon.", last_activated="2026-10-01")
    [found] = find_candidates(ScanInput([old, new], TODAY, EVERBOT))
    assert found.memory.key == "old111" and found.triggers == ("duplicate", "decay")
    got, reasons = decide(found)
    assert got == "DELETE" and "[new222]" in reasons and "Also up for review: decay" in reasons


def test_without_an_archive_a_decay_review_deletes() -> None:
    c = Candidate(mem("m1", "Old fact."), "decay", "score 0.4", suggested="ARCHIVE")
    review = RulesReviewer(archive=False).decide(c, RelatedIndex([c.memory]))
    assert review.decision == "DELETE"


def test_reasons_quote_the_memory_in_its_own_language() -> None:
    _got, reasons = decide(Candidate(mem("m1", "用户喜欢黑咖啡。"), "promotion", "分数 0.95"))
    assert "“用户喜欢黑咖啡。”" in reasons and "核心记忆" in reasons


# -- triggers --------------------------------------------------------------------------------------
def test_triggers_from_scores_text_and_pairs() -> None:
    memories = [
        mem("p1", "User's name is Lin.", score=0.95, hits=9),
        mem("p2", "User likes green tea.", score=0.95, hits=2, category="preference"),  # few hits
        mem("c1", "Pinned.", score=0.99, hits=50, category="core"),
        mem("d1", "Faded fact.", score=0.1),
        mem("t1", "File the receipts.", category="todo", expires_at="2026-11-01"),
        mem("s1", "The deploy token: ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
        mem("j1", "[score=0.8 source=chat] user likes tea"),
        mem("u1", "用户喜欢黑咖啡，不加糖。", category="preference", last_activated="2026-10-01"),
        mem("u2", "用户喜欢黑咖啡，不加糖", category="preference", score=0.4),
        mem("n1", "用户不喜欢黑咖啡，不加糖。", category="preference", last_activated="2026-11-20"),
    ]
    found = find_candidates(ScanInput(memories, TODAY, EVERBOT, {}, {("MEMORY.md", "u1"): "x"}))
    by = {(c.trigger, c.memory.key) for c in found}
    assert ("promotion", "p1") in by and ("promotion", "p2") not in by
    assert not any(k == "c1" for _t, k in by)
    assert {("decay", "d1"), ("expired", "t1"), ("secret", "s1"), ("junk", "j1")} <= by
    # u1 is the older side of a contradiction with n1: that pair leads, and u2, a copy of u1,
    # comes up once it is decided (no memory is in two proposals)
    assert ("contradiction", "u1") in by and not any(k == "u2" for _t, k in by)
    touched = [key for c in found for key in c.touched()]
    assert len(touched) == len(set(touched))
    [u1] = [c for c in found if c.memory.key == "u1"]  # the older one: the newer says otherwise
    assert u1.triggers == ("contradiction", "agent_written") and u1.related[0].key == "n1"


def test_a_score_and_its_mark_are_written_so_that_their_order_reads_true() -> None:
    from core.review.triggers import compared

    assert compared(0.195, 0.2) == ("0.195", "0.2")  # not "0.20 is below 0.2"
    assert compared(0.2, 0.2) == ("0.20", "0.2")
    assert compared(0.19, 0.2) == ("0.19", "0.2")
    assert compared(0.9, 0.9) == ("0.90", "0.9")
    assert compared(2.4999, 2.5) == ("2.4999", "2.5")
    faded = mem("f1", "Old fact about the build.", score=0.195)
    [found] = find_candidates(ScanInput([faded], TODAY, EVERBOT))
    assert "score 0.195 is below the decay review mark 0.2" in found.why


def test_the_reasons_about_a_chinese_memory_are_all_chinese() -> None:
    memories = [
        mem("z1", "用户以前在上海的一家外企做测试。", score=0.15, last_activated="2026-01-02"),
        mem("z2", "用户今天感冒了，嗓子疼。", score=0.95, hits=9),
        mem("z3", "用户喜欢在周末去郊外骑车。", score=0.95, hits=9, category="preference"),
        mem("z4", "用户的 GitHub token 是 ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
    ]
    agent_written = {("MEMORY.md", "z1"): "在 2026-11-20 的审核之后新增"}
    found = find_candidates(ScanInput(memories, TODAY, EVERBOT, {}, agent_written))
    assert {c.memory.key for c in found} == {"z1", "z2", "z3", "z4"}
    for c in found:
        _decision, reasons = decide(c)
        said = re.sub(r"“[^”]*”", "", reasons)  # what MemDesk says, not the memory it quotes
        assert re.findall(r"\b[a-z]{3,}\b", said) == [], (c.memory.key, reasons)
