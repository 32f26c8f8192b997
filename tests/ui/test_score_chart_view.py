"""The Score history tab of the detail pane (issue 11): the memory's history with a marker per
event kind, the policy's marks, the projection, and the forecast line; a tooltip names who did
what; the chart follows an applied change."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCharts import QScatterSeries
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from core.agents.everbot.history import chart_of
from tests.ui.test_main_window import opened, select_rows, wait_saved, workspace  # noqa: F401
from ui.agents.everbot.score_chart_view import describe_point
from ui.main_window import MainWindow


def _chart_shown(qtbot: QtBot, window: MainWindow, row: int) -> None:
    desk = window.desk
    select_rows(desk, row)  # type: ignore[arg-type]
    pane = desk.detail  # type: ignore[union-attr]
    pane.pane_tabs.setCurrentWidget(pane.chart_view)
    qtbot.waitUntil(lambda: bool(pane.chart_view.series_names()), timeout=5_000)


def test_the_chart_shows_history_marks_projection_and_forecast(
    qtbot: QtBot,
    window: MainWindow,
    workspace: Path,  # noqa: F811
) -> None:
    desk = opened(qtbot, window, workspace)
    _chart_shown(qtbot, window, 0)
    view = desk.detail.chart_view
    key = desk.detail.key
    assert key is not None and window.ws is not None
    data = chart_of(window.ws, key, date.today())  # type: ignore[arg-type]
    assert data is not None and data.history
    names = view.series_names()
    assert names[0] == "score" and "without new activations" in names
    assert {p.kind for p in data.history} <= set(names)
    assert any(n.startswith("archive below") for n in names)
    line = view.chart.series()[0]
    assert line.count() == len(data.history)
    assert view.summary.text().startswith(("Without new activations: ", "It never decays."))
    dots = next(s for s in view.chart.series() if isinstance(s, QScatterSeries))
    first = dots.at(0)
    said = describe_point(data, QPointF(first.x(), first.y()))
    assert " by " in said and "score " in said


def test_the_chart_follows_a_saved_reinforce(
    qtbot: QtBot,
    window: MainWindow,
    workspace: Path,  # noqa: F811
) -> None:
    desk = opened(qtbot, window, workspace)
    _chart_shown(qtbot, window, 1)
    key = desk.detail.key
    assert key is not None and window.ws is not None
    desk.detail.reinforce_button.click()
    window.save()
    wait_saved(qtbot, window)
    entry = window.ws.find(key)  # type: ignore[attr-defined]

    def last_point_is_the_new_score() -> bool:
        line = desk.detail.chart_view.chart.series()[0]
        return line.count() > 0 and abs(line.at(line.count() - 1).y() - entry.score) < 1e-9

    qtbot.waitUntil(last_point_is_the_new_score, timeout=5_000)
