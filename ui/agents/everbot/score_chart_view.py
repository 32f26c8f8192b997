"""One memory's score over time (QtCharts): its history with a marker per event kind (hover:
what happened, who did it), the policy's review / archive / delete lines, and the projected
fall without new activations up to each crossing ("overdue" when a crossing is already past).
It draws `core.score_chart.ScoreChart`; it computes nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from PySide6.QtCharts import (
    QChart,
    QChartView,
    QDateTimeAxis,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
)
from PySide6.QtCore import QDateTime, QPointF, Qt
from PySide6.QtGui import QColor, QCursor, QPainter, QPen
from PySide6.QtWidgets import QToolTip, QVBoxLayout, QWidget

from core.score_chart import LABELS, ScoreChart
from ui.untrusted import literal_html, plain_label

KIND_COLOURS = {
    "observe": "#7f7f7f",
    "decay": "#1f77b4",
    "reinforce": "#2ca02c",
    "edit": "#9467bd",
    "create": "#17becf",
    "restore": "#8c564b",
    "review": "#e377c2",
}
MARK_COLOURS = {"review_at": "#bcbd22", "archive_at": "#ff7f0e", "delete_at": "#d62728"}


class ScoreChartView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart_data: ScoreChart | None = None
        self.chart = QChart()
        self.chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.view = QChartView(self.chart)
        self.view.setObjectName("scoreChart")
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setMinimumHeight(200)
        self.summary = plain_label(name="scoreForecast", wrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.summary)

    def show_chart(self, data: ScoreChart | None) -> None:
        self.chart_data = data
        self.chart.removeAllSeries()
        for axis in self.chart.axes():
            self.chart.removeAxis(axis)
        if data is None:
            self.summary.setText("")
            return
        x_axis, y_axis = self._axes(data)
        series = [self._history(data), *self._markers(data), self._projection(data)]
        series += self._marks(data, x_axis)
        for one in series:
            self.chart.addSeries(one)
            one.attachAxis(x_axis)
            one.attachAxis(y_axis)
        self.summary.setText(forecast_text(data))

    # -- series ---------------------------------------------------------------------------------
    def series_names(self) -> list[str]:
        return [s.name() for s in self.chart.series()]

    def _axes(self, data: ScoreChart) -> tuple[QDateTimeAxis, QValueAxis]:
        x_axis = QDateTimeAxis()
        x_axis.setFormat("yyyy-MM-dd")
        x_axis.setTickCount(5)
        times = [p.at for p in data.history] + [_at(d) for d, _ in data.projection]
        times = times or [_at(data.today)]
        x_axis.setRange(_qt(min(times)), _qt(max(max(times), _at(data.today))))
        y_axis = QValueAxis()
        top = max([1.0, *(p.score for p in data.history), *(s for _, s in data.projection)])
        y_axis.setRange(0.0, top * 1.05)
        y_axis.setLabelFormat("%.2f")
        self.chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        return x_axis, y_axis

    def _history(self, data: ScoreChart) -> QLineSeries:
        line = QLineSeries()
        line.setName("score")
        for p in data.history:
            line.append(_x(p.at), p.score)
        return line

    def _markers(self, data: ScoreChart) -> list[QScatterSeries]:
        by_kind: dict[str, QScatterSeries] = {}
        for p in data.history:
            dots = by_kind.get(p.kind)
            if dots is None:
                dots = by_kind[p.kind] = QScatterSeries()
                dots.setName(p.kind)
                dots.setMarkerSize(9)
                dots.setColor(QColor(KIND_COLOURS.get(p.kind, "#333333")))
                dots.hovered.connect(self._hover)
            dots.append(_x(p.at), p.score)
        return list(by_kind.values())

    def _projection(self, data: ScoreChart) -> QLineSeries:
        line = QLineSeries()
        line.setName("without new activations")
        pen = QPen(QColor("#555555"))
        pen.setStyle(Qt.PenStyle.DashLine)
        line.setPen(pen)
        for day, score in data.projection:
            line.append(_x(_at(day)), score)
        return line

    def _marks(self, data: ScoreChart, x_axis: QDateTimeAxis) -> list[QLineSeries]:
        lines = []
        for name, value in data.marks.items():
            line = QLineSeries()
            line.setName(f"{LABELS[name]} below {value:g}")
            pen = QPen(QColor(MARK_COLOURS[name]))
            pen.setStyle(Qt.PenStyle.DotLine)
            line.setPen(pen)
            line.append(float(x_axis.min().toMSecsSinceEpoch()), value)
            line.append(float(x_axis.max().toMSecsSinceEpoch()), value)
            lines.append(line)
        return lines

    def _hover(self, point: QPointF, state: bool) -> None:
        if not state or self.chart_data is None:
            QToolTip.hideText()
            return
        QToolTip.showText(QCursor.pos(), literal_html(describe_point(self.chart_data, point)))


def describe_point(data: ScoreChart, point: QPointF) -> str:
    """What happened at the history point nearest `point`, and who did it."""
    nearest = min(data.history, key=lambda p: abs(_x(p.at) - point.x()))
    when = nearest.at.astimezone().strftime("%Y-%m-%d %H:%M")
    return f"{when}: {nearest.kind} by {nearest.actor}, score {nearest.score:.4f}"


def forecast_text(data: ScoreChart) -> str:
    """One line: when the score crosses each mark, overdue ones said so."""
    said = []
    for name, day in data.forecast.items():
        if day is None:
            continue
        late = f" (overdue by {(data.today - day).days} days)" if name in data.overdue else ""
        said.append(f"{LABELS[name]} {day.isoformat()}{late}")
    return ("Without new activations: " + ", ".join(said)) if said else "It never decays."


def _at(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


def _x(at: datetime) -> float:
    return at.timestamp() * 1000.0


def _qt(at: datetime) -> QDateTime:
    return QDateTime.fromMSecsSinceEpoch(int(_x(at)))
