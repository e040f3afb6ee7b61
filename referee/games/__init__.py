"""Running games: the match loop, clocks and fault policy, chance, statistics, conformance."""
