"""Sentences core writes, read in the window's language: each template core passes to `say` is
in the catalog, translated with the same fields, and found again from the English sentence it
filled; a sentence core did not write, or a user's own text inside one, is shown as it is."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from string import Formatter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.capabilities import Snapshots
from core.messages import say
from core.text_diff import fold_text
from ui import i18n
from ui.core_catalog import CATALOG
from ui.core_labels import core_sentences
from ui.i18n import I18N_DIR, core_text
from ui.sentences import Sentences, fields_of, fill

WORDS = st.text(alphabet="abcdefghij 已删除记忆:;.", min_size=1, max_size=12).filter(
    lambda w: w.strip() != ""
)
NAMES = st.sampled_from(["count", "name", "kind", "share", "day"])
VALUES = st.text(alphabet="xyz0123456789 ,.%", max_size=10)


@st.composite
def templates(draw: st.DrawFn) -> tuple[str, dict[str, str]]:
    """A template of words and named fields, and values for its fields."""
    pieces = draw(st.lists(st.one_of(WORDS, NAMES.map(lambda n: "{" + n + "}")), max_size=6))
    template = draw(WORDS) + "".join(pieces)
    return template, {name: draw(VALUES) for name in fields_of(template)}


@given(templates(), st.lists(templates(), max_size=5))
def test_a_sentence_found_again_fills_back_into_itself(
    made: tuple[str, dict[str, str]], others: list[tuple[str, dict[str, str]]]
) -> None:
    template, values = made
    text = template.format(**values)
    found = Sentences([template, *(t for t, _v in others)]).find(text)
    assert found is not None
    source, fields = found
    assert fill(source, fields) == text


def test_of_two_templates_that_fit_the_one_with_more_words_wins() -> None:
    sentences = Sentences(["{count} memories", "{count} memories wait for review"])
    assert sentences.find("3 memories wait for review") == (
        "{count} memories wait for review",
        {"count": "3"},
    )
    assert sentences.find("3 memories") == ("{count} memories", {"count": "3"})
    assert sentences.find("nothing like it") is None


def test_a_translation_missing_a_field_is_not_used() -> None:
    assert fill("已删除 {name}", {"count": "3"}) is None
    assert fill("已删除 {name", {"name": "x"}) is None


def _translations() -> dict[str, str]:
    root = ET.parse(I18N_DIR / "memdesk_zh_CN.ts").getroot()
    return {
        m.findtext("source", ""): m.findtext("translation", "")
        for context in root.iter("context")
        if context.findtext("name") == "core"
        for m in context.iter("message")
    }


@pytest.mark.parametrize("template", core_sentences())
def test_every_template_of_core_is_found_again_and_translated(template: str) -> None:
    """Named fields only, words of its own, found again from the sentence it fills (not taken
    for another template: reword one of the two), and translated with the same fields."""
    names = fields_of(template)
    assert all(name.isidentifier() for name in names), f"{template!r}: name every field"
    own = "".join(literal for literal, *_ in Formatter().parse(template))
    assert any(c.isalpha() for c in own), f"{template!r} has no words of its own"
    sample = {name: f"«{name}»" for name in names}  # as a field's text once formatted
    assert Sentences(CATALOG).find(fill(template, sample) or "") == (template, sample)
    translated = _translations().get(template)
    assert translated, f"{template!r} is not translated (make translations)"
    assert sorted(set(fields_of(translated))) == sorted(set(names)), translated


def test_without_chinese_every_sentence_reads_as_core_wrote_it() -> None:
    assert core_text(fold_text(5)) == "⋯ 5 unchanged lines ⋯"


@pytest.mark.usefixtures("chinese")
def test_core_s_sentences_read_in_chinese() -> None:
    assert core_text(fold_text(5)) == "⋯ 5 行未更改 ⋯"
    assert core_text(fold_text(1)) == "⋯ 1 行未更改 ⋯"
    assert core_text("PROMOTE") == "提升"
    joined = f"{fold_text(2)}; {fold_text(3)}\n{fold_text(4)}"
    assert core_text(joined) == "⋯ 2 行未更改 ⋯; ⋯ 3 行未更改 ⋯\n⋯ 4 行未更改 ⋯"
    assert core_text("a memory's own words") == "a memory's own words"
    # A cause the window and `memdesk policy-restore` both write into the journal:
    assert core_text(Snapshots.restored("snapshots/policy.json")) == (
        "已恢复策略快照 snapshots/policy.json"
    )
    assert core_text(f"MEMORY.md:2: {fold_text(3)}") == "MEMORY.md:2: ⋯ 3 行未更改 ⋯"
    assert core_text("MEMORY.md:2: not a sentence") == "MEMORY.md:2: not a sentence"
    assert core_text(f"OpenClaw, {fold_text(2)}, x") == "OpenClaw, ⋯ 2 行未更改 ⋯, x"


@pytest.mark.usefixtures("chinese")
def test_a_label_inside_a_sentence_is_translated_but_not_the_user_s_own_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(i18n, "_sentences", lambda: Sentences([*CATALOG, "Found {name}: {kind}"]))
    i18n._translated.cache_clear()
    try:
        said = say("Found {name}: {kind}", name="duplicate", kind="duplicate")
        assert core_text(said) == f"Found duplicate: {core_text('duplicate')}"
        assert core_text("duplicate") != "duplicate"
    finally:
        i18n._translated.cache_clear()
