"""The ladder: a contest that plays matches around the clock and keeps ratings.

Separate pieces with one job each: ``store`` (SQLite, the only state), ``ratings``
(OpenSkill Plackett–Luce), ``scheduler`` (who plays next), ``executor`` (where a match runs),
``service`` (the run loop that ties them together), ``standings`` (what people read).
"""
