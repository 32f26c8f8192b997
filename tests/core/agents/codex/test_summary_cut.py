"""What of memory_summary.md reaches the model (spec/codex.md 3.1, 5.6): trimmed, and past 2,500
tokens its middle cut out as Codex's truncate_middle_with_token_budget does (codex-rs
utils/string: 4 bytes a token, half the budget kept from each end, "…N tokens truncated…")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.agents.codex import AGENT, layout
from tests.conftest import FIXTURES

HOME = FIXTURES / "codex" / "examples" / "basic" / "codex_home"


@pytest.mark.parametrize(
    ("text", "tokens", "seen"),
    [  # Codex's own test cases of the function (codex-rs/utils/string/src/truncate/tests.rs)
        ("short output", 100, "short output"),
        (
            "😀😀😀😀😀😀😀😀😀😀\nsecond line with text\n",
            8,
            "😀😀😀😀…8 tokens truncated… line with text\n",
        ),
        ("一二三四五六七八九十", 3, "一二…5 tokens truncated…九十"),
    ],
)
def test_the_cut_is_codexs_byte_for_byte(text: str, tokens: int, seen: str) -> None:
    head, tail, marker = layout.middle_cut(text, tokens)
    assert f"{head}{marker}{tail}" == seen


def _home(tmp_path: Path, summary: bytes) -> Path:
    home = tmp_path / "codex_home"
    shutil.copytree(HOME, home)
    (home / layout.SUMMARY).write_bytes(summary)
    return home


def test_a_long_summary_keeps_its_start_and_its_end_and_names_the_memories_cut(
    tmp_path: Path,
) -> None:
    lines = ["v1", "## User preferences"] + [f"- fact {n:04d} 记住这一条" for n in range(600)]
    home = _home(tmp_path, ("\n".join(lines) + "\n\n").encode("utf-8"))

    [part] = AGENT.context(home).parts

    whole = "\n".join(lines)
    head, marker, tail = part.text.partition("…")
    marker, _, tail = tail.partition("…")
    removed = -(-(len(whole.encode("utf-8")) - 10_000) // 4)
    assert f"…{marker}…" == f"…{removed} tokens truncated…"
    assert len(head.encode("utf-8")) <= 5000 and len(tail.encode("utf-8")) <= 5000
    assert whole.startswith(head) and whole.endswith(tail)
    cut = [u.words for u in part.unseen]
    for n in (0, 599):  # the first and the last memory are seen
        assert f"- fact {n:04d} 记住这一条\n" in part.text + "\n"
        assert f"fact {n:04d} 记住这一条" not in cut
    assert "fact 0300 记住这一条" in cut
    wholly_seen = {line[2:] for line in lines[2:] if f"{line}\n" in part.text}
    assert not wholly_seen & set(cut)
    assert any(w.kind == "truncated" for w in AGENT.check(home).warnings)


def test_what_codex_trims_and_what_it_keeps(tmp_path: Path) -> None:
    home = _home(tmp_path, b"\xef\xbb\xbfv1\n- kept\n\x1c\n \n")
    [part] = AGENT.context(home).parts
    assert part.text == "\ufeffv1\n- kept\n\x1c"  # Rust's trim(): no BOM, no \x1c taken off
    assert not part.truncated and not part.unseen


def test_a_summary_that_is_not_utf8_injects_nothing_and_says_so(tmp_path: Path) -> None:
    home = _home(tmp_path, b"v1\n- caf\xe9 au lait\n- the rest\n")
    [part] = AGENT.context(home).parts
    assert part.text == "" and part.notes == (layout.NOT_UTF8,)
    assert [u.line for u in part.unseen] == [2, 3]
    assert any(w.kind == "not_utf8" for w in AGENT.check(home).warnings)
