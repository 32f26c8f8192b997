"""The MemoryReviewer (SPEC 4): triggers find the memories to review, a reviewer (rules or an LLM)
proposes a decision with its reasons, the person approves or rejects it in the queue, and an
approved decision is applied as one operation through the guarded commit."""
