"""OpenClaw (spec/openclaw.md, release 2026.9.6): curated MEMORY.md and USER.md bullets with
their annotations, promotion and consolidated sections written by its dreaming, daily notes,
session summaries, DREAMS.md and legacy recall stores.

`curated` splits curated files into entries exactly as the agent does; `format` reads them
losslessly for editing; `dreaming` predicts what the agent's own rewrites will do.
"""
