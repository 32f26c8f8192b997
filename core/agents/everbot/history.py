"""One memory in full for `memdesk show`: its fields, metadata, forecast and score history."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from core.agents.everbot.peek import Peek
from core.agents.everbot.workspace import Workspace
from core.models import Memory
from core.scoring import Forecast, forecast


def show_memory(
    ws: Workspace | Peek, key: str, today: date | None = None
) -> tuple[dict[str, Any], list[str]]:
    """The memory `key` as `show --json` prints it, and as text lines. A forecast date before
    `today` (default: today) is overdue: decay has not run since the memory crossed that mark."""
    today = today or date.today()
    entry = ws.find(key)
    assert entry is not None
    points, state = ws.history(key)
    history = [h.as_json() for h in points]
    memory = Memory.from_entry(entry, str(ws.path))
    last = _date_or_none(entry.last_activated)
    outlook = None
    if last is not None:
        anchor = state.anchor if state is not None else max(ws.default_anchor(), last)
        outlook = forecast(
            score=entry.score,
            category=entry.category,
            last_activated=last,
            anchor=anchor,
            profile=ws.profile,
        )
    data: dict[str, Any] = memory.model_dump(exclude_none=True)
    data["history"] = history
    if outlook is not None:
        dates = _dates(outlook)
        data["forecast"] = {k: (v.isoformat() if v else None) for k, v in dates.items()}
        data["overdue"] = [k for k, v in dates.items() if v is not None and v < today]
    return data, _text(memory, outlook, history, today)


def _text(
    memory: Memory, outlook: Forecast | None, history: list[dict[str, Any]], today: date
) -> list[str]:
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
    if outlook is not None:
        for label, when in _dates(outlook).items():
            said = when.isoformat() if when else "never"
            if when is not None and when < today:
                said += f" (overdue: {(today - when).days} days ago, decay has not run since)"
            lines.append(f"  {label.replace('_at', ''):<7} {said}")
    lines.append("  history:")
    for point in history:
        lines.append(
            f"    {point['at']}  {float(point['score']):.4f}  {point['kind']:<8} {point['actor']}"
        )
    return lines


def _dates(outlook: Forecast) -> dict[str, date | None]:
    return {name: getattr(outlook, name) for name in outlook.__slots__}


def _date_or_none(text: str) -> date | None:
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None
