"""The Score history tab of the detail pane (issue 11): the memory's history with a marker per
event kind, the policy's marks, the projection, and the forecast line; a tooltip names who did
what; the chart follows an applied change."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCharts import QDateTimeAxis, QScatterSeries
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QGraphicsTextItem, QLabel
from pytestqt.qtbot import QtBot

from core.agents.everbot.history import chart_of
from core.agents.everbot.policy import profile_by_name
from core.agents.everbot.score_chart import ScoreChart, score_chart, shown_span
from core.store.journal import HistoryPoint
from tests.ui.test_main_window import opened, select_rows, wait_saved, workspace  # noqa: F401
from ui.accessible import make_accessible
from ui.agents.everbot.score_chart_view import ScoreChartView, describe_point
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


KINDS = ("create", "observe", "decay", "reinforce", "edit", "restore", "review")


def _busy_chart() -> ScoreChart:
    """Six weeks of every kind of event, and a forecast of a year and more."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    history = [
        HistoryPoint(start + timedelta(days=6 * n), 0.9 - 0.05 * n, kind, "memdesk")
        for n, kind in enumerate(KINDS)
    ]
    today = date(2026, 2, 12)
    return score_chart(
        history, score=0.6, category="fact", last_activated=today, anchor=today,
        profile=profile_by_name("everbot"), today=today,
    )  # fmt: skip


def _dates_cut(view: ScoreChartView) -> list[float]:
    """The widths of the dates under the chart that Qt cut short ("2026-02-…") to fit: each of
    them narrower than a whole date. (QtCharts keeps its labels' text to itself.)"""
    text_item = QGraphicsTextItem().type()
    below = view.chart.plotArea().bottom()
    axis = view.chart.axes(Qt.Orientation.Horizontal)[0]
    whole = QFontMetrics(axis.labelsFont()).horizontalAdvance("2026-01-01")
    dates = [
        item.sceneBoundingRect().width()
        for item in view.view.scene().items()
        if item.type() == text_item and item.isVisible() and item.sceneBoundingRect().top() > below
    ]
    assert len(dates) >= 2  # the dates are there to look at
    return [width for width in dates if width < whole]


@pytest.mark.parametrize("width", [420, 900])  # the pane in a 1000 px window, and wider
def test_dates_and_legend_are_never_cut(qtbot: QtBot, width: int) -> None:
    """Issue 23: at 1440x900 the dates read "2026-02-..." and the legend "obs…", "wit…"."""
    view = ScoreChartView()
    qtbot.addWidget(view)
    view.resize(width, 420)
    view.show()
    qtbot.waitExposed(view)
    data = _busy_chart()
    view.show_chart(data)
    qtbot.wait(50)
    assert _dates_cut(view) == []
    names = view.legend.findChildren(QLabel, "scoreLegendName")
    assert [n.text() for n in names] == view.series_names()
    for name in names:
        assert name.fontMetrics().horizontalAdvance(name.text()) <= name.width(), name.text()
        corner = name.mapTo(view.legend, name.rect().bottomRight())
        assert view.legend.rect().contains(corner), name.text()  # wrapped, not clipped
    axis = view.chart.axes(Qt.Orientation.Horizontal)[0]
    assert isinstance(axis, QDateTimeAxis)
    start, end = shown_span(data)
    assert axis.min().toMSecsSinceEpoch() == int(start.timestamp() * 1000)
    assert axis.max().toMSecsSinceEpoch() == int(end.timestamp() * 1000)  # history not a sliver
    view.whole.setChecked(True)
    qtbot.wait(50)
    assert _dates_cut(view) == []
    assert axis is not view.chart.axes(Qt.Orientation.Horizontal)[0]


def test_a_screen_reader_hears_the_forecast(qtbot: QtBot) -> None:
    """The chart is a picture: a screen reader said nothing of it; its name and the forecast
    in words are its description now."""
    view = ScoreChartView()
    qtbot.addWidget(view)
    make_accessible(view)
    view.show_chart(_busy_chart())
    assert view.view.accessibleName() == "Score history"
    assert view.view.accessibleDescription() == view.summary.text() != ""
