"""MemDesk's embedded core: pure Python, no Qt. Parses, scores, decays and writes agent memory."""

# The one place the version is written: pyproject.toml reads it (dynamic), `memdesk --version`,
# the About box, crash reports and the server check over SSH print it. CHANGELOG.md's latest
# release must say the same (tests/test_version.py).
__version__ = "0.9.0"
