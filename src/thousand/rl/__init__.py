"""The engines as environments for learning: PettingZoo (``thousand.rl.aec``) and OpenSpiel
(``thousand.rl.spiel``), behind ``pip install 'thousand[rl]'``.

Both read a seat's observation from the engine's own per-seat ``view`` (so no encoder can leak
a card the seat does not know) through the codecs of ``cards_codec`` and ``dice_codec``, which
need only numpy: a trained policy plays with nothing else (bots/policy_bot.py copies them).
Chance is drawn from ``random.Random(seed)``: the same seed plays the same game.
"""
