"""The Inbox's and All Activity's tables are `ui.tables.RowsModel`s (issue 26): their models
were near-copies of it and of each other; All Activity's row text is the Activity page's
(`ui.activity_view.op_row`), one function; each column keeps its own tooltip."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.cli.conftest import Cli, cli  # noqa: F401 (a fixture)
from tests.ui.test_all_activity_view import saved, shown  # noqa: F401 (a fixture)
from ui.activity_view import op_row
from ui.inbox_view import InboxView
from ui.tables import SORT_ROLE, RowsModel
from ui.untrusted import literal_html

TIP = Qt.ItemDataRole.ToolTipRole


def test_all_activity_shows_the_activity_pages_row_text_in_a_rows_model(
    qtbot: QtBot,
    saved: tuple[Path, Path, bytes],  # noqa: F811
) -> None:
    view = shown(qtbot)
    model = view.model
    assert isinstance(model, RowsModel)
    d = view.shown[0]
    row = op_row(d.item, view.times)
    cells = [model.data(model.index(0, c)) for c in range(model.columnCount())]
    assert cells == [d.found.name, d.found.title, row.time, row.actor, row.what, row.memories,
                     row.state]  # fmt: skip
    assert model.data(model.index(0, 0), TIP) == literal_html(str(d.found.path))
    assert model.data(model.index(0, 4), TIP) == literal_html(d.item.op.cause)
    assert model.data(model.index(0, 2), SORT_ROLE) is None  # in the rows' order


def test_the_inbox_is_a_rows_model_too(qtbot: QtBot) -> None:
    view = InboxView(scanner=lambda *_a, **_k: [])
    qtbot.addWidget(view)
    assert isinstance(view.model, RowsModel)
    assert view.model.columnCount() == 6 and view.model.rowCount() == 0
