"""Interop: what each agent reads from its files is what MemDesk shows, before and after the
agent rewrites them. `agent_code` reads and writes the files as the agents' own code does,
independently of MemDesk; its readers are first proven equal to the agents' recorded outputs."""

from hypothesis import HealthCheck, settings

# Each example works in its own temporary folder inside tmp_path.
PROPERTY = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
