"""What agents that keep scores share, naming no agent: the shape of a scoring policy profile."""
