"""Remote workspaces: an address on a server (`address`) and MemDesk's own command line run
there through the system's OpenSSH client (`transport`). The guarded commit, the agent's lock
and the journal stay on the server; the desk only gets what the command prints."""
