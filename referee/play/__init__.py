"""``thousand play``: a person takes a seat against bots, in the terminal or the browser."""
