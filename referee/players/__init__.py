"""A seat's player: a bot process (its spec, protocol, sandbox, limits) or a built-in."""
