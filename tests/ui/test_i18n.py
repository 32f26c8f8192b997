"""The window in Simplified Chinese, as a Chinese-speaking user meets it: the language follows
the system or the setting, the menus, a dialog and the review queue read in Chinese, Qt's own
buttons too, and Chinese memory text has a font. Every string of the window is in the catalog,
translated; every label core hands the window is in the core catalog."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import logging
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from app.cli import main
from tests.helpers import session_at
from tests.ui.test_review_view import review_now
from ui.conflict_dialog import ConflictDialog
from ui.core_catalog import CATALOG
from ui.core_labels import core_labels, core_sentences
from ui.i18n import I18N_DIR, core_text, install_language, language_of
from ui.llm_settings import LlmSettingsDialog
from ui.main_window import MainWindow
from ui.review_view import ReviewView
from ui.settings import Settings, load_settings

ROOT = Path(__file__).resolve().parents[2]
LRELEASE = Path(sys.executable).with_name("pyside6-lrelease")


def _translations() -> ModuleType:
    """packaging/translations.py: the one way lupdate is run over the sources."""
    spec = importlib.util.spec_from_file_location(
        "translations", ROOT / "packaging/translations.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_string_of_the_window_is_translated(tmp_path: Path) -> None:
    """lupdate over every source of ui/ and app/ into a copy of the catalog: nothing new
    (unfinished) and nothing gone from the sources (vanished) — `make translations` and a
    translator fix either."""
    copy = tmp_path / "memdesk_zh_CN.ts"
    shutil.copy(I18N_DIR / "memdesk_zh_CN.ts", copy)
    _translations().lupdate(copy, keep_obsolete=True)
    stale = [
        (context.findtext("name"), message.findtext("source"), translation.get("type"))
        for context in ET.parse(copy).getroot().iter("context")
        for message in context.iter("message")
        if (translation := message.find("translation")) is not None
        and (translation.get("type") or not translation.text)
    ]
    assert not stale, f"{len(stale)} strings to translate or drop (make translations): {stale[:20]}"


def test_every_label_core_hands_the_window_is_in_the_core_catalog() -> None:
    assert set(CATALOG) == {*core_labels(), *core_sentences()}, "run: python -m ui.core_labels"
    assert "PROMOTE" in CATALOG and "Key" in CATALOG and "duplicate" in CATALOG


def test_the_language_follows_the_setting_else_the_system() -> None:
    assert language_of("zh_CN") == "zh_CN" and language_of("en") == "en"
    assert language_of("system", QLocale("zh_CN")) == "zh_CN"
    assert language_of("system", QLocale("zh_SG")) == "zh_CN"
    assert language_of("system", QLocale("zh_TW")) == "en"  # Traditional: not this catalog
    assert language_of("system", QLocale("de_DE")) == "en"
    assert language_of("klingon") == "en"


def test_a_settings_file_from_before_languages_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema_version": 1, "theme": "dark"}), encoding="utf-8")
    settings, warnings = load_settings(path)
    assert (settings.language, settings.theme, warnings) == ("system", "dark", [])
    path.write_text(json.dumps({"schema_version": 1, "language": "xx"}), encoding="utf-8")
    settings, warnings = load_settings(path)
    assert settings.language == "system" and "language" in warnings[0]


def test_without_the_built_catalog_the_window_is_english(
    qapp: QApplication, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="ui.i18n"):
        assert install_language(qapp, "zh_CN", folder=tmp_path) == []
    assert [r.message for r in caplog.records if "make builds it" in r.message]
    assert core_text("PROMOTE") == "PROMOTE"


def test_the_menus_and_a_dialog_read_in_chinese(
    chinese: None, qtbot: QtBot, tmp_path: Path
) -> None:
    window = MainWindow(Settings(), settings_path=tmp_path / "settings.json")
    qtbot.addWidget(window)
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["文件(&F)", "编辑(&E)", "视图(&V)", "帮助(&H)"]
    languages = [a.text() for a in window.menus.language_actions.actions()]
    assert languages == ["跟随系统(&S)", "English", "简体中文"]
    window.menus.language_actions.actions()[1].trigger()
    assert load_settings(tmp_path / "settings.json")[0].language == "en"
    assert "下次启动" in window.statusBar().currentMessage()

    dialog = LlmSettingsDialog(Settings())
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "LLM 审阅者"
    labels = {label.text() for label in dialog.findChildren(QLabel)}
    assert {"模型", "每次回答的超时"} <= labels
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None and ok.text() in ("确定", "确定(&O)")  # Qt's own translation


def test_the_review_queue_reads_in_chinese(
    chinese: None, qtbot: QtBot, tmp_path: Path, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    root = tmp_path / "ws"
    assert main(["demo", str(root), "--layout", "everbot"]) == 0
    view = ReviewView()
    qtbot.addWidget(view)
    view.show_session(session_at(root))
    view.show()
    review_now(qtbot, view)
    buttons = {b.objectName(): b.text() for b in view.findChildren(QPushButton)}
    assert buttons["reviewNow"] == "立即审阅" and buttons["reviewPromote"] == "提升"
    assert "条提议等待处理" in view.summary.text()
    assert view.position.text().startswith("第 1/")
    assert view.decision.text().startswith("提议：")
    assert view.decision.text().removeprefix("提议：") in {"提升", "保留", "归档", "删除", "合并"}
    header = view.model.headerData(4, view.table.horizontalHeader().orientation())
    assert header == "决定"
    assert [view.tabs.tabText(i) for i in range(2)] == ["逐条", "表格"]


def test_chinese_memory_text_has_a_font(qapp: QApplication) -> None:
    """fonts-noto-cjk (packaging/sysdeps.sh): without a CJK family every glyph is a box."""
    chinese = QFontDatabase.WritingSystem.SimplifiedChinese
    families = [f for f in QFontDatabase.families() if chinese in QFontDatabase.writingSystems(f)]
    assert families, "no font for Chinese: install fonts-noto-cjk"


def test_a_subclass_reads_its_base_class_strings(chinese: None, qtbot: QtBot) -> None:
    """lupdate files a `self.tr` under the class that says it; PySide must look it up there
    too when a subclass calls the inherited method (some versions used the subclass's name)."""

    class Subclass(ConflictDialog):
        pass

    dialog = Subclass([])
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "双方都有更改"


def test_a_part_file_keeps_its_translations_once_folded(tmp_path: Path) -> None:
    """A translator fills part-X.ts, folds it into the catalog, and runs `--part X` again: what
    they translated is still in their part file, beside what still waits."""
    module = _translations()
    ts, part = tmp_path / "catalog.ts", tmp_path / "part-x.ts"
    ts.write_text(
        '<?xml version="1.0" encoding="utf-8"?><TS version="2.1" language="zh_CN"><context>'
        "<name>core</name>"
        '<message><source>One</source><translation type="unfinished"/></message>'
        '<message><source>Two</source><translation type="unfinished"/></message>'
        "</context></TS>",
        encoding="utf-8",
    )
    assert module.write_part(ts, part) == 2
    part.write_text(part.read_text("utf-8").replace(
        '<source>One</source>\n            <translation type="unfinished" />',
        "<source>One</source><translation>一</translation>",
    ), encoding="utf-8")  # fmt: skip
    assert module.fold_parts(ts, [part]) == 1
    assert module.write_part(ts, part) == 1
    kept = {m.findtext("source"): m.findtext("translation") for m in ET.parse(part).iter("message")}
    assert kept == {"One": "一", "Two": ""}
