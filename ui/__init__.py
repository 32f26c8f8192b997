"""Qt widgets and item models. Talks to core only through core's public services."""
