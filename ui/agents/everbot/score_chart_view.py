"""One memory's score over time (QtCharts): its history with a marker per event kind (hover:
what happened, who did it), the policy's review / archive / delete lines, and the projected
fall without new activations up to each crossing ("overdue" when a crossing is already past).
It draws `core.agents.everbot.score_chart.ScoreChart`; it computes nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from PySide6.QtCharts import (
    QChart,
    QChartView,
    QDateTimeAxis,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
    QXYSeries,
)
from PySide6.QtCore import (
    QCoreApplication,
    QDateTime,
    QMargins,
    QPoint,
    QPointF,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QCursor, QFontMetrics, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QLayout,
    QLayoutItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from core.agents.everbot.score_chart import LABELS, ScoreChart, shown_span
from ui.i18n import core_text
from ui.theme import is_dark
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
SCORE_COLOUR = "#1f77b4"
PROJECTION_COLOURS = {False: "#555555", True: "#b0b0b0"}  # light, dark
LIGHT_CHART, DARK_CHART = QChart.ChartTheme.ChartThemeLight, QChart.ChartTheme.ChartThemeDark
CHART_MIN_HEIGHT = 240
DATE_FORMAT = "yyyy-MM-dd"  # as the table and the forecast line write days
DATE_GAP = 16  # pixels between two dates under the chart
MAX_DATES = 6
SWATCH = 14  # pixels: a legend entry's mark


class ScoreChartView(QWidget):
    def __init__(
        self, parent: QWidget | None = None, *, min_height: int = CHART_MIN_HEIGHT
    ) -> None:
        super().__init__(parent)
        self.chart_data: ScoreChart | None = None
        self.chart = QChart()
        self.chart.legend().hide()  # drawn below as a legend that wraps (`legend`)
        self.chart.setMargins(QMargins(4, 4, 8, 4))
        self.chart.plotAreaChanged.connect(lambda _area: self._fit_dates())
        self.view = QChartView(self.chart)
        self.view.setObjectName("scoreChart")
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setMinimumHeight(min_height)
        self.legend = QWidget()
        self.legend.setObjectName("scoreLegend")
        self.flow = FlowLayout()
        self.legend.setLayout(self.flow)
        self.summary = plain_label(name="scoreForecast", wrap=True)
        self.whole = QCheckBox(self.tr("Whole forecast"))
        self.whole.setObjectName("scoreWholeForecast")
        self.whole.setToolTip(
            self.tr("Show the projection to its end, not only as long as the history")
        )
        self.whole.toggled.connect(lambda _on: self.show_chart(self.chart_data))
        below = QHBoxLayout()
        below.addWidget(self.summary, 1)
        below.addWidget(self.whole, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.legend)
        layout.addLayout(below)

    def show_chart(self, data: ScoreChart | None) -> None:
        self.chart_data = data
        self.chart.removeAllSeries()
        for axis in self.chart.axes():
            self.chart.removeAxis(axis)
        self.chart.setTheme(DARK_CHART if _dark() else LIGHT_CHART)
        if data is None:
            self.summary.setText("")
            self._show_legend([])
            return
        x_axis, y_axis = self._axes(data)
        series = [self._history(data), *self._markers(data), self._projection(data)]
        series += self._marks(data, x_axis)
        for one in series:
            self.chart.addSeries(one)
            one.attachAxis(x_axis)
            one.attachAxis(y_axis)
        self._show_legend(series)
        self._fit_dates()
        self.summary.setText(forecast_text(data))
        self.view.setAccessibleDescription(self.summary.text())  # a picture to a screen reader

    def _show_legend(self, series: list[QXYSeries]) -> None:
        """An entry per series, its mark and its name, wrapping onto more rows when narrow."""
        flow = self.flow
        while (item := flow.takeAt(0)) is not None:
            widget = item.widget()
            if widget is not None:
                widget.deleteLater()
        for one in series:
            flow.addWidget(_legend_entry(one))

    # -- series ---------------------------------------------------------------------------------
    def series_names(self) -> list[str]:
        return [s.name() for s in self.chart.series()]

    def _axes(self, data: ScoreChart) -> tuple[QDateTimeAxis, QValueAxis]:
        x_axis = QDateTimeAxis()
        x_axis.setFormat(DATE_FORMAT)
        start, end = shown_span(data, whole=self.whole.isChecked())
        x_axis.setRange(_qt(start), _qt(end))
        y_axis = QValueAxis()
        top = max([1.0, *(p.score for p in data.history), *(s for _, s in data.projection)])
        y_axis.setRange(0.0, top)
        if top > 1.0:  # a score above 1 (a policy's cap allows it): round figures above it
            y_axis.applyNiceNumbers()
        else:
            y_axis.setTickCount(6)
        y_axis.setLabelFormat("%.1f")
        self.chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        return x_axis, y_axis

    def _fit_dates(self) -> None:
        """As many dates under the chart as fit whole at its width: none cut to "2026-0…"."""
        axes = self.chart.axes(Qt.Orientation.Horizontal)
        if not axes or not isinstance(axes[0], QDateTimeAxis):
            return
        axis = axes[0]
        label = QFontMetrics(axis.labelsFont()).horizontalAdvance("2026-12-31") + DATE_GAP
        width = self.chart.plotArea().width()
        if width <= 0:
            return
        # The first and last dates stand half outside the plot area: n labels take n - 1 gaps.
        count = max(2, min(MAX_DATES, int(width // label) + 1))
        if axis.tickCount() != count:
            axis.setTickCount(count)

    def _history(self, data: ScoreChart) -> QLineSeries:
        line = QLineSeries()
        line.setName(self.tr("score"))
        line.setPen(QPen(QColor(SCORE_COLOUR), 2))
        for p in data.history:
            line.append(_x(p.at), p.score)
        return line

    def _markers(self, data: ScoreChart) -> list[QScatterSeries]:
        by_kind: dict[str, QScatterSeries] = {}
        for p in data.history:
            dots = by_kind.get(p.kind)
            if dots is None:
                dots = by_kind[p.kind] = QScatterSeries()
                dots.setName(core_text(p.kind))
                dots.setMarkerSize(9)
                dots.setColor(QColor(KIND_COLOURS.get(p.kind, "#333333")))
                dots.hovered.connect(self._hover)
            dots.append(_x(p.at), p.score)
        return list(by_kind.values())

    def _projection(self, data: ScoreChart) -> QLineSeries:
        line = QLineSeries()
        line.setName(self.tr("without new activations"))
        pen = QPen(QColor(PROJECTION_COLOURS[_dark()]))
        pen.setStyle(Qt.PenStyle.DashLine)
        line.setPen(pen)
        for day, score in data.projection:
            line.append(_x(_at(day)), score)
        return line

    def _marks(self, data: ScoreChart, x_axis: QDateTimeAxis) -> list[QLineSeries]:
        lines = []
        for name, value in data.marks.items():
            line = QLineSeries()
            line.setName(
                self.tr("{mark} below {value}").format(
                    mark=core_text(LABELS[name]), value=f"{value:g}"
                )
            )
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


def _legend_entry(series: QXYSeries) -> QWidget:
    entry = QWidget()
    row = QHBoxLayout(entry)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(4)
    mark = plain_label()
    mark.setPixmap(_swatch(series))
    row.addWidget(mark)
    row.addWidget(plain_label(series.name(), name="scoreLegendName"))
    return entry


def _swatch(series: QXYSeries) -> QPixmap:
    """A dot for a series of markers, a stroke of its pen for a line."""
    ratio = QApplication.primaryScreen().devicePixelRatio() if QApplication.primaryScreen() else 1
    pixmap = QPixmap(int(SWATCH * ratio), int(SWATCH * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if isinstance(series, QScatterSeries):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(series.color())
        painter.drawEllipse(QPointF(SWATCH / 2, SWATCH / 2), SWATCH / 3, SWATCH / 3)
    elif isinstance(series, QLineSeries):
        pen = QPen(series.pen())
        pen.setWidthF(max(2.0, pen.widthF()))
        painter.setPen(pen)
        painter.drawLine(QPointF(0, SWATCH / 2), QPointF(SWATCH, SWATCH / 2))
    painter.end()
    return pixmap


class FlowLayout(QLayout):
    """Widgets side by side, wrapping onto the next row when the width runs out."""

    def __init__(self, spacing: int = 12) -> None:
        super().__init__()
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in `rect` (or only measure): the height they take."""
        x, y, row_height = rect.x(), rect.y(), 0
        for item in self._items:
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y, row_height = rect.x(), y + row_height + self._spacing // 2, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            row_height = max(row_height, hint.height())
        return y + row_height - rect.y()


def _dark() -> bool:
    app = QApplication.instance()
    return isinstance(app, QApplication) and is_dark(app)


def describe_point(data: ScoreChart, point: QPointF) -> str:
    """What happened at the history point nearest `point`, and who did it."""
    nearest = min(data.history, key=lambda p: abs(_x(p.at) - point.x()))
    when = nearest.at.astimezone().strftime("%Y-%m-%d %H:%M")
    said = QCoreApplication.translate("ScoreChartView", "{when}: {kind} by {actor}, score {score}")
    return said.format(
        when=when,
        kind=core_text(nearest.kind),
        actor=core_text(nearest.actor),
        score=f"{nearest.score:.4f}",
    )


def forecast_text(data: ScoreChart) -> str:
    """One line: when the score crosses each mark, overdue ones said so."""
    said = []
    for name, day in data.forecast.items():
        if day is None:
            continue
        said.append(
            _crossing(core_text(LABELS[name]), day, (data.today - day).days, name in data.overdue)
        )
    if not said:
        return QCoreApplication.translate("ScoreChartView", "It never decays.")
    return QCoreApplication.translate(
        "ScoreChartView", "Without new activations: {crossings}"
    ).format(crossings=", ".join(said))


def _crossing(mark: str, day: date, late: int, overdue: bool) -> str:
    """ "archive 2026-12-01", with "(overdue by 3 days)" when the day is past."""
    if not overdue:
        return f"{mark} {day.isoformat()}"
    if late == 1:
        text = QCoreApplication.translate("ScoreChartView", "{mark} {day} (overdue by 1 day)")
    else:
        text = QCoreApplication.translate("ScoreChartView", "{mark} {day} (overdue by {days} days)")
    return text.format(mark=mark, day=day.isoformat(), days=late)


def _at(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


def _x(at: datetime) -> float:
    return at.timestamp() * 1000.0


def _qt(at: datetime) -> QDateTime:
    return QDateTime.fromMSecsSinceEpoch(int(_x(at)))
