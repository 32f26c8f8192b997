"""EverBot's, PicoClaw's and Pomeloclaw / Pomelobot's sentences read in a Chinese window.

Tried as a Chinese-speaking user would, on the demos and on bad input: the Problems page
("the agent will forget [id] at its next save"), the scoring profile's and the MemoryPolicy's
meanings, the what-ifs, the search box's errors, the refusals of an edit and the notes on a
Pomelobot file of the older layout all read English in a Chinese window. Each now reads in
Chinese (core writes it through core.messages.say, the window shows it through core_text).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.agents.everbot import ops as everbot_ops
from core.agents.everbot.document import checked_content
from core.agents.everbot.format import parse as parse_structured
from core.agents.everbot.policy import profile_by_name
from core.agents.everbot.profile_file import profile_rows, typed_value
from core.agents.everbot.score_chart import HISTORY_KINDS, LABELS
from core.agents.everbot.search import QueryError, parse_query
from core.agents.everbot.what_if import what_if as everbot_what_if
from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import AGENT as PICOCLAW
from core.agents.picoclaw import what_if as pico
from core.agents.picoclaw.format import parse_longterm, refuse_headings
from core.agents.picoclaw.policy import parse_override, rows_of
from core.agents.picoclaw.profile import ProfileError, parse_profile
from core.agents.pomelobot import AGENT as POMELOBOT
from core.agents.pomelobot.access import parse_ref, read_memory_file
from core.agents.pomelobot.format import checked_content as pomelo_content
from core.agents.pomelobot.scopes import list_scopes
from core.demo import write_demo
from core.store.errors import WorkspaceError
from tests.helpers import open_workspace
from ui.agents.everbot.desk import EverBotDesk
from ui.i18n import core_error, core_text
from ui.main_window import MainWindow

CJK = re.compile(r"[\u4e00-\u9fff]")


def chinese(said: str) -> str:
    """`said` as the Chinese window shows it; fails when it still reads English."""
    shown = core_text(said)
    assert shown != said and CJK.search(shown), said
    return shown


def refusal(exc: BaseException) -> str:
    shown = core_error(exc)
    assert CJK.search(shown), str(exc)
    return shown


@pytest.fixture
def everbot(tmp_path: Path) -> Workspace:
    write_demo(tmp_path / "everbot", layout="everbot", seed=3)
    return Workspace.open(tmp_path / "everbot")


@pytest.mark.usefixtures("chinese")
def test_everbot_s_warnings_profile_and_what_if_read_in_chinese(everbot: Workspace) -> None:
    forgotten = everbot.warnings()
    assert forgotten, "the demo has memories the agent will forget"
    for warning in forgotten:
        assert "智能体下次保存时会遗忘" in chinese(warning.message)
    own = everbot.profile_values()
    for row in own.rows():
        chinese(row.meaning)
        chinese(row.source)
    tried = own.tried({"archive_below": "0.9"})
    found = everbot_what_if(everbot, tried, date.today())
    assert found.rows
    assert chinese(found.summary()).startswith("衰减到")
    for label in (*LABELS.values(), *HISTORY_KINDS):
        chinese(label)
    entry = everbot.entries()[0]
    for label in (
        everbot_ops.edit(everbot, entry.key, content="x").label,
        everbot_ops.delete(everbot, [entry.key]).label,
        everbot_ops.pin(everbot, entry.key).label,
        everbot_ops.set_category(everbot, [entry.key], "note").label,
    ):
        chinese(label)


@pytest.mark.usefixtures("chinese")
def test_everbot_s_refusals_and_problems_read_in_chinese(everbot: Workspace) -> None:
    for query in ('"open', "foo:bar", "cat:", "score:x", "hits:1.5", "activated:2026-13-45"):
        with pytest.raises(QueryError) as caught:
            parse_query(query)
        chinese(str(caught.value))
    for key, text in (("promotion_min_hits", "many"), ("archive_below", "x"), ("base", "z")):
        with pytest.raises(ValueError) as refused:
            typed_value(key, text)
        chinese(str(refused.value))
    for text in ("## heading", "a\n### [a1] fact | 0.5 | 2026-01-01 | 1"):
        with pytest.raises(ValueError) as refused:
            checked_content(text)
        chinese(str(refused.value))
    key = everbot.entries()[0].key
    for bad in (
        lambda: everbot_ops.edit(everbot, key, content=" "),
        lambda: everbot_ops.set_category(everbot, [key], "no spaces"),
    ):
        with pytest.raises(WorkspaceError) as failed:
            bad()
        refusal(failed.value)
    with pytest.raises(WorkspaceError) as failed:
        own = everbot.profile_values()
        own.checked({"archive_below": -1, "base": "everbot"})
    refusal(failed.value)
    text = (
        "# Agent Memory\n\nstray words\n\n## Active\n\n"
        "### [a1] fact | x | 2026-01-01 | 1\nbad score\n\n"
        "### [b2] fact | 0.5 | 2026-01-01 | 1\nfirst\n\n"
        "## A heading\nbelow it\n\n"
        "### [b2] fact | 0.5 | 2026-01-01 | 1\nsecond\n\n"
        "####[c3] fact | 0.5 | 2026-01-01 | 1\nfour hashes\n"
    )
    doc = parse_structured(text.encode(), "MEMORY.md")
    assert len(doc.problems) >= 4
    for problem in doc.problems:
        chinese(problem.message)


@pytest.mark.usefixtures("chinese")
def test_picoclaw_s_policy_what_if_and_refusals_read_in_chinese(tmp_path: Path) -> None:
    home = tmp_path / "picoclaw"
    write_demo(home, layout="picoclaw", seed=3)
    root = home / "workspace"
    ws = open_workspace(root)
    for row in rows_of(ws.policy_layers()):
        chinese(row.meaning)
        chinese(row.source)
    now = pico.policy_now(root)
    assert chinese(pico.policy_diff(now, now).summary()).endswith("策略相同")
    tried = pico.policy_tried(now, {"retrieve_limit": 1})
    diff = pico.policy_diff(now, tried)
    for difference in diff.differences:
        chinese(pico.shown(difference.a))
        chinese(pico.shown(difference.b))
    chinese(diff.summary())
    for message in ("", "coffee"):
        chinese(pico.what_if(ws, tried, message, date.today()).summary())
    for key, text in (("retrieve_limit", "many"), ("retrieve_limit", "0"), ("evolution", "1")):
        with pytest.raises(ValueError) as refused:
            parse_override(key, text)
        chinese(str(refused.value))
    overrides = root / "memory" / "policy_overrides.json"
    overrides.write_text('{"retrieve_limit": ', encoding="utf-8")
    ignored = ws.policy_layers().ignored
    assert ignored is not None
    assert "智能体会忽略整个文件" in refusal(ignored)
    with pytest.raises(ProfileError) as broken:
        parse_profile(b'{"a": 1}', "profile.json")
    assert "档案值必须是文本" in refusal(broken.value)
    crlf = parse_longterm(b"\xef\xbb\xbf## a\r\n\r\ntext\r\n", "MEMORY.md")
    assert len(crlf.warnings) == 2
    for warning in crlf.warnings:
        chinese(warning.message)
    with pytest.raises(ValueError) as refused:
        refuse_headings("a\n## b")
    chinese(str(refused.value))
    row = next(r for r in PICOCLAW.rows(root) if r.fields["section"] == "daily")
    chinese(PICOCLAW.detail(row))
    context = PICOCLAW.context(root, today=date(2030, 1, 1))
    chinese(context.title)
    assert any(note and chinese(note) for part in context.parts for note in part.notes)


@pytest.mark.usefixtures("chinese")
def test_pomelobot_s_notes_details_and_refusals_read_in_chinese(tmp_path: Path) -> None:
    root = tmp_path / "pomelobot"
    write_demo(root, layout="pomelobot", seed=3)
    legacy = [f.legacy for s in list_scopes(root) for f in s.files if f.legacy]
    assert legacy, "the demo has files of the older layout"
    for note in legacy:
        assert "旧布局" in chinese(note)
    for row in POMELOBOT.rows(root)[:20]:
        chinese(POMELOBOT.detail(row))
    context = POMELOBOT.context(root, today=date(2030, 1, 1))
    chinese(context.title)
    notes = [note for part in context.parts for note in part.notes]
    assert notes
    for note in notes:
        chinese(note)
    for text in ("a\n\nb", "a\n[10:00:00] b", "\0"):
        with pytest.raises(ValueError) as refused:
            pomelo_content(text)
        chinese(str(refused.value))
    for ref in ("memory/x.md:0", ""):
        with pytest.raises(ValueError) as refused:
            parse_ref(ref)
        chinese(str(refused.value))
    for path in ("/etc/passwd", "../x.md", "memory/scopes/other/MEMORY.md"):
        with pytest.raises(ValueError) as refused:
            read_memory_file(root, path, scope="main")
        chinese(str(refused.value))


def test_picoclaw_and_everbot_read_as_core_wrote_them_in_english(everbot: Workspace) -> None:
    warning = everbot.warnings()[0].message
    assert core_text(warning) == warning
    assert "the agent will forget [" in warning
    row = profile_rows(profile_by_name("everbot"), {})[-2]
    assert core_text(row.meaning) == row.meaning.rstrip()


def test_the_problems_and_the_profile_pages_read_in_chinese(
    chinese: None, qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The window: EverBot's Problems page says why in Chinese, its profile page the meaning."""
    root = tmp_path / "everbot"
    write_demo(root, layout="everbot", seed=3)
    window.open_workspace(root)
    qtbot.waitUntil(
        lambda: isinstance(window.desk, EverBotDesk) and window.desk.model.rowCount() > 0,
        timeout=10_000,
    )
    desk = window.desk
    assert isinstance(desk, EverBotDesk)
    desk.select_page("problems")
    problems = desk.problems
    assert problems.list.count() > 0
    problems.list.setCurrentRow(0)
    assert "智能体下次保存时会遗忘" in problems.why.text()
    assert problems.list.item(0).text().startswith("警告")
    assert "下次保存时遗忘" in problems.list.item(0).text()
    desk.select_page("profile")
    model = desk.profile.model
    row = model.row_of("archive_below")
    assert row is not None
    assert CJK.search(str(model.index(row, 5).data()))
    assert model.index(row, 2).data() == "默认"


@pytest.mark.usefixtures("chinese")
def test_pomeloclaw_s_warnings_read_in_chinese(tmp_path: Path) -> None:
    """`memdesk check`'s warnings, as a file's page shows them: team merge losses, memories
    not in the prompt at session start, long-term files of the older layout, shared scopes."""
    root = tmp_path / "pomeloclaw"
    write_demo(root, layout="pomeloclaw", seed=3)
    (root / "memory" / "scopes" / "direct_unknown").mkdir(parents=True)
    (root / "memory" / "scopes" / "direct_unknown" / "MEMORY.md").write_text(
        "# Long-term Memory (direct_unknown)\n\n[10:00:00] likes tea\n", encoding="utf-8"
    )
    found = POMELOBOT.check(root).warnings
    kinds = {w.kind for w in found}
    assert {"team_merge_loss", "shared_scope", "not_in_prompt"} <= kinds, kinds
    for warning in found:
        chinese(warning.message)
    loss = next(w for w in found if w.kind == "team_merge_loss")
    assert "它下次合并此标题时会" in core_text(loss.message)
