"""JSON another program wrote: lone surrogates are read as they are, shown and written back as
the escapes they were."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from core.formats.strict_json import dump_json, escape_surrogates, load_json

LONE = '{"a\\udc00": ["\\ud800", "x\\udfffy", "中", "😀"]}'


def test_a_lone_surrogate_is_written_back_as_its_escape() -> None:
    value = load_json(LONE)
    assert value == {"a\udc00": ["\ud800", "x\udfffy", "中", "😀"]}
    written = dump_json(value)
    assert written == LONE  # the same escapes; other text as it is
    assert written.encode("utf-8").decode("utf-8") == written
    assert load_json(written) == value


def test_escaped_text_is_what_the_file_held() -> None:
    assert escape_surrogates("x\ud800y 中") == "x\\ud800y 中"
    assert escape_surrogates("plain") == "plain"


TEXT = st.text(st.characters(exclude_categories=()))  # lone surrogates too


@given(st.recursive(TEXT, lambda inner: st.lists(inner) | st.dictionaries(TEXT, inner)))
def test_any_value_round_trips_as_utf8(value: object) -> None:
    written = dump_json(value)
    data = written.encode("utf-8")  # never a UnicodeEncodeError
    assert load_json(data.decode("utf-8")) == value
    assert json.loads(written) == value
