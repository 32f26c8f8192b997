"""File formats of the agents' memory files."""
