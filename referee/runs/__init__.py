"""Runs of games as a command starts them: a match (runs/match.py) or a tournament
(runs/tournament.py) prepared from a person's request, played with a display's callbacks, and
documented for the report. Above referee.games (what a match is) and referee.cluster (where it
may play), below the commands that parse, call and print."""
