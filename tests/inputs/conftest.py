"""Helpers for the tests of hostile inputs: real `thousand` commands on real files, real bot
processes (a tiny hostile bot written by the test), real terminals through pexpect.

Nothing is mocked: a hostile name comes from a real bot's hello through the real referee, a
hostile replay is a real replay someone edited, an output collision is a real file.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tests.bot_access import open_to_bots
from tests.inprocess import invoke as in_process

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable

HOSTILE_NAMES = [
    "[/]",
    "[bold red]x",
    "\x1b[2J\x1b]0;pwned\x07",
    "|a|b|",
    "<script>alert(1)</script>",
    "\u202eevil",
    "__REPLAY_DATA__",
]
"""Names a contestant may choose: rich markup (``[/]`` crashed the report), terminal commands
(clear screen, window title), Markdown columns, HTML script, a right-to-left override, and the
replay page's data placeholder."""

ESCAPED_TITLE = "\\x1b[2J\\x1b]0;pwned\\x07"
"""How the clear-screen-and-retitle name must appear: visibly, as its escapes."""

RAW_CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e")
"""Characters that must never reach a terminal from a bot: ESC, BEL, CSI (C1) and a bidi
override."""

BAD_LINE = '{"type":"action","id":\x1b[2J\x1b]0;pwned\x07 [/] \x9b31m <script>alert(1)</script>}'
"""The hostile bot's first answer: not JSON (raw control characters), so the referee records it
as a malformed line and quotes it."""

BOT_SOURCE = """
import json, random, sys
spec = json.load(open(sys.argv[1], encoding="utf-8"))
rng = random.Random(1)
bad_sent = False
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "hello":
        hello = {"type": "hello", "protocol": 1, "name": spec["name"]}
        hello.update({k: spec[k] for k in ("version", "author") if k in spec})
        sys.stdout.write(json.dumps(hello) + "\\n")
    elif kind == "request":
        if spec.get("bad_line") and not bad_sent:
            bad_sent = True
            sys.stdout.buffer.write(spec["bad_line"].encode("utf-8") + b"\\n")
        else:
            reply = {"type": "action", "id": message["id"], "action": rng.choice(message["legal"])}
            sys.stdout.write(json.dumps(reply) + "\\n")
    elif kind == "bye":
        break
    sys.stdout.flush()
"""


def thousand() -> list[str]:
    found = shutil.which("thousand")
    return [found] if found else [PY, "-m", "referee.cli.main"]


@dataclass(frozen=True)
class Run:
    argv: list[str]
    returncode: int
    stdout: str
    stderr: str

    def explain(self) -> str:
        return (
            f"$ {shlex.join(self.argv)}\nexit {self.returncode}\n"
            f"stdout:\n{self.stdout[-3000:]!r}\nstderr:\n{self.stderr[-3000:]!r}"
        )


def run(*args: object, timeout: float = 120.0, cwd: Path = ROOT) -> Run:
    """``thousand ARGS`` to the end, output captured through pipes."""
    argv = [*thousand(), *(str(a) for a in args)]
    done = subprocess.run(
        argv,
        capture_output=True,
        timeout=timeout,
        cwd=cwd,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )
    return Run(
        argv,
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def invoke(*args: object) -> Run:
    """``thousand ARGS`` in this process: the same command code as ``run`` without a second of
    interpreter start-up, for claims about what a command says (wording, exit codes, one error
    line), not about the process. click's runner keeps stderr apart from stdout; an exception
    that escapes shows as a traceback, as it would from the real program."""
    argv = [str(a) for a in args]
    return Run(["thousand", *argv], *in_process(argv, env={"COLUMNS": "200"}))


def run_in_terminal(
    *args: object, keys: str = "", ready: str = r"\[q\]uit", timeout: float = 120.0
) -> Run:
    """``thousand ARGS`` in a pseudo-terminal (a person's terminal: colours, raw mode), with
    ``keys`` typed once it shows ``ready`` (the replay viewer's key legend, printed once it
    reads keys: what is typed before it switches the terminal to cbreak mode is flushed, and a
    loaded machine is slow to get there). stdout and stderr both arrive in ``stdout``."""
    argv = [*thousand(), *(str(a) for a in args)]
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    env.update(COLUMNS="200", LINES="50", TERM="xterm-256color")
    child = pexpect.spawn(
        argv[0],
        argv[1:],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        codec_errors="replace",
        timeout=timeout,
        dimensions=(50, 200),
    )
    child.delaybeforesend = None
    shown = ""
    if keys:
        child.expect(ready)
        shown = str(child.before) + str(child.after)
        child.send(keys)
    child.expect(pexpect.EOF)
    child.close()
    shown += str(child.before)
    return Run(argv, child.exitstatus if child.exitstatus is not None else -1, shown, "")


_OUR_SEQUENCES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\[\?[0-9;]*[hl]|\x1b[()][A-Z0-9]")


def bot_controls(text: str) -> list[str]:
    """Control characters in ``text`` that the program itself did not write: rich's own colour
    and cursor sequences (CSI ... letter) are removed first, then any ESC, BEL, C1 CSI or bidi
    override left is one a bot smuggled through."""
    # (The bot's own "\x1b[2J" looks like one of ours and goes too; its window title, the
    # OSC sequence right after it, does not.)
    without_ours = _OUR_SEQUENCES.sub("", text)
    return [c for c in RAW_CONTROLS if c in without_ours]


def assert_clean(done: Run) -> None:
    """Exit without a traceback, and no control character of a bot's in the output."""
    both = done.stdout + done.stderr
    assert "Traceback" not in both, done.explain()
    assert not bot_controls(both), f"{bot_controls(both)!r}\n{done.explain()}"


def hostile_bot(folder: Path, name: str, **fields: Any) -> str:
    """A BOT argument: a real process that says hello as ``name`` (with ``version``, ``author``,
    and a ``bad_line`` to send as its first answer, when given)."""
    script = open_to_bots(folder) / "hostile_bot.py"
    if not script.exists():
        script.write_text(BOT_SOURCE, encoding="utf-8")
    spec = folder / f"spec-{len(list(folder.glob('spec-*.json')))}.json"
    spec.write_text(json.dumps({"name": name, **fields}), encoding="utf-8")
    return shlex.join([PY, str(script), str(spec)])


def replays_in(folder: Path) -> list[Path]:
    """Every replay under ``folder`` (a match writes into a sub-folder of its own)."""
    return sorted(p for p in folder.rglob("*.jsonl*") if "logs" not in p.parts)


SHORT_RULES: dict[str, Any] = {
    "preset": "classic",
    "goal": 400,
    "barrel_start": 300,
    "pits": [[100, 200]],
    "samosval": None,
}
"""The rules of the shared replay: the classic game played to 400 instead of 1,000 (the barrel
and the pit moved below it). The replay readers' tests draw that replay whole many times over
(``replay show`` renders every step, about 2 ms each) and no test of a damaged or hostile
replay needs a long game, only every kind of line and event a replay holds."""

SHORT_SEED = 21
"""The shortest game of two random bots under ``SHORT_RULES`` among seeds 1 to 24: 53 lines,
played to the goal, with a pit, the barrel (climbed, attempted), an overtaking and the win
(the shortest classic game of seeds 1 to 24 has 350 lines and no barrel attempt)."""

LONG_SEED = 1
"""The classic game (1,557 lines) for a claim about a real replay's size."""


def make_replay(
    folder: Path,
    *extra: str,
    gzip: bool = False,
    seed: int = SHORT_SEED,
    rules: dict[str, Any] | None = SHORT_RULES,
) -> Path:
    """One real replay, written by the real command's code in this process (a replay is the
    same file from either; issue 29: no interpreter start-up): a game of dice between two
    built-in random bots (or the bots given in ``extra``, real processes), under ``rules``
    (None: the classic preset)."""
    args: list[object] = ["match", "--game", "dice", "--games", "1", "--seed", seed]
    args += ["--replays", folder]
    if rules is not None:
        folder.mkdir(parents=True, exist_ok=True)
        rules_file = folder / "dice-rules.json"
        rules_file.write_text(json.dumps(rules), encoding="utf-8")
        args += ["--rules", rules_file]
    if gzip:
        args.append("--gzip")
    done = invoke(*args, *extra, "builtin:random", "builtin:random")
    assert done.returncode == 0, done.explain()
    (replay,) = replays_in(folder)
    return replay


@pytest.fixture(scope="session")
def dice_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A genuine finished replay (a short game: ``SHORT_SEED`` under ``SHORT_RULES``), shared
    read-only: copy it before changing it."""
    return make_replay(tmp_path_factory.mktemp("dice-replay"))


def read_records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_records(path: Path, records: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def one_error_line(done: Run) -> str:
    """A refused command: exit 1, no traceback, one ``thousand: error:`` line on stderr."""
    assert done.returncode == 1, done.explain()
    assert "Traceback" not in done.stdout + done.stderr, done.explain()
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error: "), done.explain()
    return lines[0]


def shows_names_escaped(output: str) -> None:
    """The hostile names of ``HOSTILE_NAMES`` appear, escaped where they hold controls."""
    assert ESCAPED_TITLE in output, output
    assert "[/]" in output, output
    assert "<script>alert(1)</script>" in output, output
    assert "\\u202eevil" in output, output
