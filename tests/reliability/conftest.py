"""The reliability suites share the CLI runner of tests/cli."""

from tests.cli.conftest import cli  # noqa: F401 (a fixture: `cli("decay", path, ...)`)
