"""The engines as environments for learning: PettingZoo (``thousand.rl.aec``) and OpenSpiel
(``thousand.rl.spiel``), behind ``pip install 'thousand[rl]'``.

A seat's observation is what the codecs (``cards_codec``, ``dice_codec``) make of the engine's
own per-seat ``view``, which holds nothing the seat may not know; the environments compute the
same numbers straight from the engine's state (``cards_observe``, ``dice_observe``: no view
built at every step), and tests/rl check the two byte for byte at every state of played games.
The codecs need only numpy: a trained policy plays with nothing else (bots/policy_bot.py copies
them). Chance is drawn from ``random.Random(seed)``: the same seed plays the same game.
"""
