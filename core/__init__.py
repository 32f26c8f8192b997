"""MemDesk's embedded core: pure Python, no Qt. Parses, scores, decays and writes agent memory."""
