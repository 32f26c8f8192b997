"""The reliability suites share the CLI runner of tests/cli."""

from tests.cli.conftest import cli  # noqa: F401 (a fixture: `cli("decay", path, ...)`)
from tests.sshd import sshd  # noqa: F401 (a real OpenSSH server on 127.0.0.1)
