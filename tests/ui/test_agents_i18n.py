"""Every agent's desk in Simplified Chinese (issue 27): the translation of ui/agents/** built
with lrelease and installed, a Hermes and a PicoClaw demo read in Chinese; and lupdate over
ui/agents finds no string the committed translation leaves unfinished."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from pytestqt.qtbot import QtBot

from core.demo import write_demo
from tests.ui.test_agent_desk import opened
from ui.agents.hermes.desk import HermesDesk
from ui.agents.picoclaw.desk import PicoClawDesk
from ui.main_window import MainWindow

REPO = Path(__file__).resolve().parents[2]
I18N = REPO / "resources/i18n"
AGENTS = REPO / "ui/agents"


def agents_ts() -> Path:
    """The one committed Simplified Chinese catalog, which holds ui/agents' strings too."""
    return I18N / "memdesk_zh_CN.ts"


def tool(name: str) -> str:
    """A PySide6 tool (pyside6-lupdate, pyside6-lrelease) of the Python running the tests."""
    return str(Path(sys.executable).parent / name)


def agent_sources() -> list[str]:
    return sorted(str(p) for p in AGENTS.rglob("*.py"))


def titles(desk: PicoClawDesk | HermesDesk) -> list[str]:
    return [desk.sidebar.item(row).text() for row in range(desk.sidebar.count())]


def test_a_hermes_and_a_picoclaw_desk_read_in_chinese(
    chinese: None, qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Chinese-speaking user would: every agent's desk was English whatever the
    language chosen. Now the pages, buttons and bars of the desks read in Chinese."""
    hermes = tmp_path / "hermes"
    write_demo(hermes, layout="hermes", seed=3)
    desk = opened(qtbot, window, hermes).desk
    assert isinstance(desk, HermesDesk)
    assert "记忆" in titles(desk)  # the default profile's page
    assert desk.rewrite.text() == "按 Hermes 的方式写入"
    assert "个字符" in desk.budget.text()

    pico = tmp_path / "picoclaw"
    write_demo(pico, layout="picoclaw", seed=3)
    desk = opened(qtbot, window, pico).desk
    assert isinstance(desk, PicoClawDesk)
    shown = titles(desk)
    for page in ("长期记忆（", "每日笔记（", "配置（"):
        assert any(t.startswith(page) for t in shown), (page, shown)
    assert {"智能体看到的内容", "策略与快照"} <= set(shown)
    desk.select_page("daily")
    assert desk.notes.today_button.text() == "新建今天的笔记"
    assert desk.notes.apply_button.text() == "应用"
    tabs = desk.policy.tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["快照", "比较", "假设"]


def test_every_string_of_the_agent_desks_is_translated(tmp_path: Path) -> None:
    """lupdate over ui/agents, run on a copy of the committed translation, leaves no entry
    unfinished: a string added to a desk without its Chinese fails here."""
    copy = tmp_path / "agents.ts"
    copy.write_bytes(agents_ts().read_bytes())
    subprocess.run(
        [tool("pyside6-lupdate"), *agent_sources(), "-ts", str(copy)],
        check=True,
        capture_output=True,
    )
    text = copy.read_text(encoding="utf-8")
    unfinished = re.findall(
        r"<source>([^<]*)</source>\s*<translation type=\"unfinished\"", text, flags=re.S
    )
    assert unfinished == []
    assert text.count("<translation>") > 300  # found in ui/agents and translated, none vanished
