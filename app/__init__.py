"""Composition root: command line, GUI start-up, settings."""
