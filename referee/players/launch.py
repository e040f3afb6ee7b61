"""The launcher's program: ``python -S -E launch.py OPTIONS -- ARGV...`` (see launcher.py).

A script run by path is compiled at every start, a module imported from it is not: its bytecode
is cached in ``__pycache__`` (``-E`` ignores ``PYTHONDONTWRITEBYTECODE``; where the folder is
read-only, it is compiled as before). launcher.py is ~2.5 ms to compile, paid once per bot per
game, so the program is this file and the work is there. ``-S`` leaves this file's folder as
``sys.path[0]``, where the import finds launcher.py and nothing of the referee's package.
"""

if __name__ == "__main__":
    __import__("launcher").main()
