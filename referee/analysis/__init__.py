"""Game analysis: where a seat's decisions cost it the game (issue 32).

Pure functions over replays and engine states, no printing: the solved dice table gives the
exact probability of winning after each choice of a two-player game, and the marks say how much
a decision lost against the best one. ``referee/cli/analyse.py`` prints what these compute.
"""
