"""The agent's strict threat scan (spec/hermes.md 2.5; hermes-agent 0.19.0
`tools/threat_patterns.py`, scope "strict"): the patterns every memory write is checked
against, and every entry when a session starts. A write that matches is refused; an entry on
disk that matches is replaced in the prompt by a `[BLOCKED: …]` line.

The list is the agent's own, in its order (each pattern matched, case-insensitive, against the
text's first 65,536 characters folded to NFKC); invisible characters are looked for in the
text as written.
"""

from __future__ import annotations

import re
import unicodedata

MAX_SCAN_CHARS = 65_536
_F = r"(?:\w+\s+){0,8}"  # the agent's bounded filler between key words

_PATTERNS: tuple[tuple[str, str], ...] = (
    (rf"ignore\s+{_F}(previous|all|above|prior)\s+{_F}instructions", "prompt_injection"),
    (r"system\s+prompt\s+override", "sys_prompt_override"),
    (rf"disregard\s+{_F}(your|all|any)\s+{_F}(instructions|rules|guidelines)", "disregard_rules"),
    (
        rf"act\s+as\s+(if|though)\s+{_F}you\s+{_F}(have\s+no|don\'t\s+have)\s+{_F}"
        r"(restrictions|limits|rules)",
        "bypass_restrictions",
    ),
    (
        r"<!--[^>]{0,512}(?:ignore|override|system|secret|hidden)[^>]{0,512}-->",
        "html_comment_injection",
    ),
    (r"<\s*div\s+style\s*=\s*[\"'][^>]{0,2048}display\s*:\s*none", "hidden_div"),
    (
        r"translate\s+[^\n]{0,512}\s+into\s+[^\n]{0,512}\s+and\s+(execute|run|eval)",
        "translate_execute",
    ),
    (rf"do\s+not\s+{_F}tell\s+{_F}the\s+user", "deception_hide"),
    (rf"you\s+are\s+{_F}now\s+(?:a|an|the)\s+", "role_hijack"),
    (rf"pretend\s+{_F}(you\s+are|to\s+be)\s+", "role_pretend"),
    (rf"output\s+{_F}(system|initial)\s+prompt", "leak_system_prompt"),
    (
        rf"(respond|answer|reply)\s+without\s+{_F}(restrictions|limitations|filters|safety)",
        "remove_filters",
    ),
    (rf"you\s+have\s+been\s+{_F}(updated|upgraded|patched)\s+to", "fake_update"),
    (r"\bname\s+yourself\s+\w+", "identity_override"),
    (r"register\s+(as\s+)?a?\s*node", "c2_node_registration"),
    (r"(heartbeat|beacon|check[\s\-]?in)\s+(to|with)\s+", "c2_heartbeat"),
    (r"pull\s+(down\s+)?(?:new\s+)?task(?:ing|s)?\b", "c2_task_pull"),
    (r"connect\s+to\s+the\s+network\b", "c2_network_connect"),
    (r"you\s+must\s+(?:\w+\s+){0,3}(register|connect|report|beacon)\b", "forced_action"),
    (r"only\s+use\s+one[\s\-]?liners?\b", "anti_forensic_oneliner"),
    (rf"never\s+{_F}(?:create|write)\s+{_F}(?:script|file)\s+{_F}disk", "anti_forensic_disk"),
    (r"unset\s+\w*(?:CLAUDE|CODEX|HERMES|AGENT|OPENAI|ANTHROPIC)\w*", "env_var_unset_agent"),
    (r"\b(?:cobalt\s*strike|sliver|havoc|mythic|metasploit|brainworm)\b", "known_c2_framework"),
    (r"\bc2\s+(?:server|channel|infrastructure|beacon)\b", "c2_explicit"),
    (r"\bcommand\s+and\s+control\b", "c2_explicit_long"),
    (r"curl\s+[^\n]{0,2048}\$\{?\w*(KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)", "exfil_curl"),
    (r"wget\s+[^\n]{0,2048}\$\{?\w*(KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)", "exfil_wget"),
    (r"cat\s+[^\n]{0,2048}(\.env|credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc)", "read_secrets"),
    (r"(send|post|upload|transmit)\s+[^\n]{0,2048}\s+(to|at)\s+https?://", "send_to_url"),
    (
        rf"(include|output|print|share)\s+{_F}(conversation|chat\s+history|previous\s+messages|"
        r"full\s+context|entire\s+context)",
        "context_exfil",
    ),
    (r"authorized_keys", "ssh_backdoor"),
    (r"\$HOME/\.ssh|\~/\.ssh", "ssh_access"),
    (r"\$HOME/\.hermes/\.env|\~/\.hermes/\.env", "hermes_env"),
    (
        r"(update|modify|edit|write|change|append|add\s+to)\s+[^\n]{0,2048}"
        r"(?:AGENTS\.md|CLAUDE\.md|\.cursorrules|\.clinerules)",
        "agent_config_mod",
    ),
    (
        r"(update|modify|edit|write|change|append|add\s+to)\s+[^\n]{0,2048}"
        r"\.hermes/(config\.yaml|SOUL\.md)",
        "hermes_config_mod",
    ),
    (
        r"(?:api[_-]?key|token|secret|password)\s*[=:]\s*[\"'][A-Za-z0-9+/=_-]{20,}",
        "hardcoded_secret",
    ),
)
_COMPILED = tuple((re.compile(p, re.IGNORECASE), pid) for p, pid in _PATTERNS)

INVISIBLE = (
    "\u200b\u200c\u200d\u2060\u2062\u2063\u2064\ufeff"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def threats(text: str) -> list[str]:
    """The ids of the strict patterns `text` matches, invisible characters first
    (`invisible_unicode_U+200B`), as the agent names them."""
    text = text[:MAX_SCAN_CHARS]
    found = [f"invisible_unicode_U+{ord(c):04X}" for c in INVISIBLE if c in text]
    folded = unicodedata.normalize("NFKC", text)
    return found + [pid for pattern, pid in _COMPILED if pattern.search(folded)]


def blocked(name: str, entry: str) -> str | None:
    """The line the model sees instead of an entry the scan flags; None for one it sees.
    A line already `[BLOCKED:` passes as it is, as the agent passes it."""
    ids = [] if entry.startswith("[BLOCKED:") else threats(entry)
    if not ids:
        return None
    return (
        f"[BLOCKED: {name} entry contained threat pattern(s): {', '.join(ids)}. Removed from "
        "system prompt; use memory(action=remove) to delete the original.]"
    )
