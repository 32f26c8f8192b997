"""The one guarded commit and what it stands on: atomic writer, backups, locks, journal."""
