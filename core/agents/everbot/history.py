"""One memory in full for `memdesk show`: its fields, metadata, forecast and score history
(the CLI renders them: app/cli/render.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

from core.agent import Forecast, Row, Shown
from core.agents.everbot.models import Memory
from core.agents.everbot.peek import Peek
from core.agents.everbot.score_chart import ScoreChart, score_chart
from core.agents.everbot.workspace import Workspace
from core.times import iso_day


def show_memory(ws: Workspace | Peek, row: Row, today: date | None = None) -> Shown:
    """The memory `row` names, its score history and forecast. A forecast date before `today`
    (default: today) is overdue: decay has not run since the memory crossed that mark."""
    entry = ws.find(row.key)
    assert entry is not None
    chart = chart_of(ws, row.key, today or date.today())
    data: dict[str, Any] = Memory.from_entry(entry, str(ws.path)).model_dump(exclude_none=True)
    data["history"] = [h.as_json() for h in chart.history] if chart else []
    if chart is None or not chart.projection:
        return Shown(row, data, scored=True)
    data["forecast"] = {k: (v.isoformat() if v else None) for k, v in chart.forecast.items()}
    data["overdue"] = chart.overdue
    forecast = tuple(
        Forecast(mark, when, (chart.today - when).days if mark in chart.overdue and when else None)
        for mark, when in chart.forecast.items()
    )
    return Shown(row, data, scored=True, forecast=forecast)


def chart_of(ws: Workspace | Peek, key: str, today: date) -> ScoreChart | None:
    """The memory's score chart: history, marks, projection and forecast (None: no memory)."""
    entry = ws.find(key)
    if entry is None:
        return None
    points, state = ws.history(key)
    last = iso_day(entry.last_activated)
    if last is None:  # no date to decay from: the history alone
        return ScoreChart(points, {}, [], {}, [], today)
    if state is None:
        anchor = max(ws.default_anchor(), last)
    else:  # the journal's, never before the day the file says it was decayed to
        anchor = max(state.anchor, ws.decayed_to() or date.min)
    return score_chart(
        points,
        score=entry.score,
        category=entry.category,
        last_activated=last,
        anchor=anchor,
        profile=ws.profile,
        today=today,
        archived=entry.section == "archived",
    )
