"""MemDesk's scoring profile of a workspace (.memdesk/profile.json): values over the built-in
profile, checked, saved through the guarded commit, versioned, undone, and tried as a what-if."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.everbot import document as evdoc
from core.agents.everbot.decay import preview_decay
from core.agents.everbot.policy import EVERBOT, profile_by_name
from core.agents.everbot.profile_file import (
    PROFILE_FILE,
    ProfileFileError,
    ProfileFormat,
    effective_profile,
    find_profile_version,
    profile_versions,
    typed_value,
)
from core.agents.everbot.what_if import what_if
from core.agents.everbot.workspace import Workspace
from core.ops import apply_and_save
from core.ops.undo import undo_and_save
from core.scoring.policy import PolicyError
from core.store.errors import WorkspaceError

SAVED = date(2026, 3, 1)


def _workspace(root: Path, items: list[tuple[str, float, int]]) -> Workspace:
    """A MEMORY.md of (category, score, days since last use) saved on SAVED."""
    entries = [
        evdoc.Entry(
            f"m{i:05x}",
            f"m{i:05x}",
            category,
            score,
            (SAVED - timedelta(days=age)).isoformat(),
            hits,
            f"memory {i}",
            "active",
        )
        for i, (category, score, age) in enumerate(items)
        for hits in [6]
    ]
    text = evdoc.normalize(entries, now=datetime.combine(SAVED, time(12), UTC))
    (root / "MEMORY.md").write_text(text, encoding="utf-8")
    return Workspace.open(root)


def _save(ws: Workspace, **values: str | None) -> None:
    apply_and_save(ws, [ws.set_profile(values)], "profile changed")


# -- values ----------------------------------------------------------------------------------------
def test_values_change_the_built_in_profile_and_a_new_category_rule_starts_from_the_default() -> (
    None
):
    profile = effective_profile(
        "everbot",
        {
            "archive_below": 0.3,
            "decay.fact.daily_factor": 0.9,
            "decay.default.grace_days": 3,
            "initial_scores.high": 0.85,
        },
    )
    assert profile.archive_below == 0.3
    assert profile.initial_scores["high"] == 0.85
    assert profile.default_rule.grace_days == 3
    fact = profile.decay_rules["fact"]
    assert (fact.daily_factor, fact.grace_days) == (0.9, 3)  # the default rule as changed
    assert profile.delete_below == EVERBOT.delete_below  # untouched values stay built in


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"archive_below": -1}, "archive_below"),
        ({"decay.fact.daily_factor": 1.5}, "decay.fact.daily_factor"),
        ({"nonsense": 1}, "nonsense: not a profile key"),
        ({"base": "other"}, "unknown policy profile"),
    ],
)
def test_a_profile_that_cannot_be_is_refused_naming_the_key(
    overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(PolicyError, match=message):
        effective_profile("everbot", overrides)


def test_typed_values() -> None:
    assert typed_value("archive_below", "0.25") == 0.25
    assert typed_value("archive_below", "null") is None  # never archive
    assert typed_value("promotion_min_hits", "7") == 7
    assert typed_value("never_decay_categories", "core, system") == ["core", "system"]
    assert typed_value("base", "tiered") == "tiered"
    for key, text in [
        ("promotion_at", "null"),  # not optional
        ("promotion_min_hits", "2.5"),
        ("archive_below", "nan"),
        ("decay.fact.grace_days", "soon"),
        ("base", "mine"),
    ]:
        with pytest.raises(ValueError, match=key.split(".")[0]):
            typed_value(key, text)


_OPTIONAL = st.sampled_from(["archive_below", "delete_below", "decay.fact.never_below"])


@given(
    st.dictionaries(_OPTIONAL, st.floats(0, 5, allow_nan=False) | st.none(), max_size=3),
    st.floats(0, 5, allow_nan=False),
)
def test_the_file_reads_back_exactly_as_written(
    values: dict[str, float | None], promotion_at: float
) -> None:
    fmt = ProfileFormat(Path("profile.json"))
    data = fmt.render_items({"base": "everbot", "promotion_at": promotion_at, **values})
    assert fmt.render(fmt.parse(data)) == data


def test_a_broken_file_names_file_and_line_and_the_built_in_profile_scores_meanwhile(
    tmp_path: Path,
) -> None:
    """The workspace opens (reading, undo and check go on), its profile page and `check` say
    what is wrong, and nothing is written over the file."""
    _workspace(tmp_path, [("fact", 0.5, 1)])
    path = tmp_path / PROFILE_FILE
    path.parent.mkdir(exist_ok=True)
    path.write_text('{\n  "archive_below": "low"\n}\n', encoding="utf-8")
    ws = Workspace.open(tmp_path)
    assert ws.profile == profile_by_name("everbot")
    with pytest.raises(ProfileFileError, match=r"profile.json:2: archive_below.*correct it"):
        ws.profile_values()
    assert [w.kind for w in ws.warnings()] == ["profile_unusable"]
    path.write_text('{"archive_below": 0.2,', encoding="utf-8")
    with pytest.raises(ProfileFileError, match="corrupt JSON"):
        Workspace.open(tmp_path).set_profile({"archive_below": "0.3"})
    assert path.read_text(encoding="utf-8") == '{"archive_below": 0.2,'


def test_values_that_make_no_profile_are_scored_with_the_built_in_one_and_never_written(
    tmp_path: Path,
) -> None:
    _workspace(tmp_path, [("fact", 0.5, 1)])
    path = tmp_path / PROFILE_FILE
    path.parent.mkdir(exist_ok=True)
    path.write_text('{"decay.default.daily_factor": 0}\n', encoding="utf-8")
    ws = Workspace.open(tmp_path)
    assert ws.profile == profile_by_name("everbot")
    assert "daily_factor" in str(ws.profile_values().problem())
    refused = r"profile refused, nothing written: decay\.fact\.daily_factor"
    with pytest.raises(WorkspaceError, match=refused):
        ws.profile_values().replace_with({"decay.fact.daily_factor": 0}, "restore")
    with pytest.raises(WorkspaceError, match="daily_factor"):
        ws.set_profile({"archive_below": "0.3"})  # still no profile: refused
    _save(ws, **{"decay.default.daily_factor": "0.98"})  # the one value put right
    assert ws.profile.default_rule.daily_factor == 0.98
    assert ws.profile_values().problem() is None


def test_a_profile_file_broken_while_open_is_set_aside_and_the_memories_still_reload(
    tmp_path: Path,
) -> None:
    ws = _workspace(tmp_path, [("fact", 0.5, 1)])
    _save(ws, archive_below="0.3")
    path = tmp_path / PROFILE_FILE
    path.write_text('{"archive_below": ', encoding="utf-8")
    memory = tmp_path / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8").replace("memory 0", "changed"), "utf-8")
    refreshed = ws.refresh_from_disk()
    assert {d.rel for d in refreshed.reloaded} == {".memdesk/profile.json", "MEMORY.md"}
    assert ws.entries()[0].content == "changed"
    assert ws.profile == profile_by_name("everbot")
    assert [w.kind for w in ws.warnings()] == ["profile_unusable"]
    with pytest.raises(ProfileFileError, match="corrupt JSON"):
        ws.profile_values()
    assert path.read_text(encoding="utf-8") == '{"archive_below": '


# -- saving, versions, undo ------------------------------------------------------------------------
def test_a_change_is_saved_backed_up_first_and_undone(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, [("fact", 0.5, 1)])
    _save(ws, archive_below="0.3")
    path = tmp_path / PROFILE_FILE
    assert json.loads(path.read_text(encoding="utf-8")) == {"archive_below": 0.3, "base": "everbot"}
    assert ws.profile.archive_below == 0.3
    assert Workspace.open(tmp_path).profile.archive_below == 0.3
    first = path.read_bytes()
    _save(ws, archive_below="0.35", promotion_at="0.95")
    versions = profile_versions(tmp_path)
    assert [v.backup.raw() for v in versions] == [first]  # the file before the change
    undo_and_save(ws)
    assert path.read_bytes() == first
    assert ws.profile.archive_below == 0.3 and ws.profile.promotion_at == EVERBOT.promotion_at


def test_a_version_is_restored_after_the_current_file_is_kept(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, [("fact", 0.5, 1)])
    _save(ws, archive_below="0.3")
    _save(ws, archive_below="0.1")
    version = find_profile_version(tmp_path, profile_versions(tmp_path)[0].backup.path.name)
    current = (tmp_path / PROFILE_FILE).read_bytes()
    changeset = ws.profile_values().replace_with(version.values(), "restore")
    apply_and_save(ws, [changeset], "restored")
    assert ws.profile.archive_below == 0.3
    assert profile_versions(tmp_path)[-1].backup.raw() == current
    with pytest.raises(WorkspaceError, match="unknown profile version"):
        find_profile_version(tmp_path, "nope.json")


def test_a_refused_value_writes_nothing(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, [("fact", 0.5, 1)])
    with pytest.raises(WorkspaceError, match=r"decay\.default\.daily_factor"):
        ws.set_profile({"decay.default.daily_factor": "2"})
    assert not (tmp_path / PROFILE_FILE).exists()
    assert not ws.modified


def test_the_workspace_profile_drives_decay(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, [("fact", 0.5, 30)])
    at = SAVED + timedelta(days=10)
    assert preview_decay(ws, at).transitions == []
    _save(ws, archive_below="0.46")
    assert [t.to for t in preview_decay(Workspace.open(tmp_path), at).transitions] == ["archive"]


# -- what-if ---------------------------------------------------------------------------------------
def test_what_if_lists_exactly_the_memories_whose_outcome_changes(tmp_path: Path) -> None:
    ws = _workspace(
        tmp_path,
        [
            ("fact", 0.40, 30),  # decays to ~0.36: archived only if archive_below rises to 0.4
            ("fact", 0.96, 1),  # decays to ~0.92: promotion review stops at 0.95
            ("preference", 0.7, 1),  # nothing happens to it either way
        ],
    )
    tried = ws.profile_values().tried({"archive_below": "0.4", "promotion_at": "0.95"})
    found = what_if(ws, tried, SAVED + timedelta(days=10))
    rows = {r.id: r for r in found.rows}
    assert set(rows) == {"m00000", "m00001"}
    assert (rows["m00000"].now.fate, rows["m00000"].new.fate) == ("active", "archive")
    assert (rows["m00001"].now.review, rows["m00001"].new.review) == ("promotion", None)
    assert found.evaluated == 3
    assert not (tmp_path / PROFILE_FILE).exists()  # nothing written


def test_what_if_of_the_profile_itself_lists_nothing(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, [("fact", 0.3, 40), ("todo", 0.9, 2), ("fact", 0.05, 90)])
    assert what_if(ws, ws.profile, SAVED + timedelta(days=30)).rows == []


# -- lone surrogates -------------------------------------------------------------------------------
LONE = '"never_decay_categories": ["\\ud800", "a\\udfffb"]'


def test_a_lone_surrogate_is_written_back_as_the_escape_it_was(tmp_path: Path) -> None:
    """Tried as an attacker would: profile.json holding "\\ud800" (valid JSON no UTF-8 text can
    hold); a write of another value kept the file unwritable (UnicodeEncodeError). Now the
    escape is read, shown and written back unchanged, and undo puts the file back."""
    ws = _workspace(tmp_path, [("fact", 0.5, 1)])
    path = tmp_path / PROFILE_FILE
    path.parent.mkdir(exist_ok=True)
    path.write_text(f"{{\n  {LONE}\n}}\n", encoding="utf-8")
    ws = Workspace.open(tmp_path)
    assert list(ws.profile.never_decay_categories) == ["\ud800", "a\udfffb"]
    first = path.read_bytes()
    _save(ws, archive_below="0.3")
    text = path.read_text(encoding="utf-8")
    assert '"\\ud800"' in text and '"a\\udfffb"' in text and '"archive_below": 0.3' in text
    assert list(Workspace.open(tmp_path).profile.never_decay_categories) == ["\ud800", "a\udfffb"]
    undo_and_save(ws)
    assert json.loads(path.read_bytes()) == json.loads(first)
