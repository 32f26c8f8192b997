"""One memory in full for `memdesk show`: its fields, metadata, forecast and score history."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from core.agents.everbot.models import Memory
from core.agents.everbot.peek import Peek
from core.agents.everbot.score_chart import ScoreChart, score_chart
from core.agents.everbot.workspace import Workspace
from core.times import iso_day, shown_time


def show_memory(
    ws: Workspace | Peek, key: str, today: date | None = None
) -> tuple[dict[str, Any], list[str]]:
    """The memory `key` as `show --json` prints it, and as text lines. A forecast date before
    `today` (default: today) is overdue: decay has not run since the memory crossed that mark."""
    entry = ws.find(key)
    assert entry is not None
    chart = chart_of(ws, key, today or date.today())
    memory = Memory.from_entry(entry, str(ws.path))
    data: dict[str, Any] = memory.model_dump(exclude_none=True)
    data["history"] = [h.as_json() for h in chart.history] if chart else []
    if chart is not None and chart.projection:
        data["forecast"] = {k: (v.isoformat() if v else None) for k, v in chart.forecast.items()}
        data["overdue"] = chart.overdue
    return data, _text(memory, chart, data["history"])


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


def _text(memory: Memory, chart: ScoreChart | None, history: list[dict[str, Any]]) -> list[str]:
    lines = [
        f"[{memory.id}] {memory.category} | score {memory.score:.4f} | {memory.section}",
        f"  file {memory.file}:{memory.line}, last activated {memory.last_activated}, "
        f"hits {memory.activation_count}",
    ]
    for key in ("created_at", "source", "verified", "expires_at", "source_session"):
        value = getattr(memory, key)
        if value is not None:
            lines.append(f"  {key}: {value}")
    for key, value in memory.meta_extra.items():
        lines.append(f"  meta {key}: {json.dumps(value, ensure_ascii=False)}")
    lines += ["", "  " + memory.content.replace("\n", "\n  "), ""]
    if chart is not None and chart.projection:
        for label, when in chart.forecast.items():
            said = when.isoformat() if when else "never"
            if label in chart.overdue and when is not None:
                said += f" (overdue: {(chart.today - when).days} days ago, decay has not run since)"
            lines.append(f"  {label.replace('_at', ''):<7} {said}")
    lines.append("  history:")
    for point in history:
        lines.append(
            f"    {shown_time(point['at'])}  {float(point['score']):.4f}  {point['kind']:<8} {point['actor']}"
        )
    return lines
