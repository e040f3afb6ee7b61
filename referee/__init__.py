"""The referee: bot processes, clocks, files, replays, the ladder and the command line.

Everything here deals with the outside world; every rule question is asked of the engines in
``thousand``.
"""
