"""Each agent's pages for the window, one package per agent (`ui.agents.<name>.desk.DESK`)."""

from __future__ import annotations

import importlib

from ui.desk import AnyDesk


def desk_class(agent: str) -> type[AnyDesk]:
    """The desk that shows the workspace of the agent called `agent`."""
    module = importlib.import_module(f"ui.agents.{agent}.desk")
    desk: type[AnyDesk] = module.DESK
    return desk
