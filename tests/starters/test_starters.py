"""Every starter kit under bots/starters/ (issue 33), tested the way a contestant uses it.

The kits are found, not listed: each folder of bots/starters/ is a kit, and each is built with
the ``build`` line of its own ``bot.toml`` (in a copy of the kit without what its .gitignore
names, in the environment the contest server's build sandbox gives: ``PATH`` without a
rustup or a virtualenv, ``HOME`` the kit's folder), then:

- ``thousand bots check --game dice`` and ``--game cards`` pass (the kit plays both games);
- a 20-game match of each game against ``builtin:random`` finishes with no fault;
- the archive its README's ``tar`` line makes of a built kit holds the kit's files and no
  build output, and its upload to a real contest server (``thousand ladder serve``) is built
  in the server's bwrap sandbox, checked and admitted;
- a real game's request with keys no protocol version has (in the message, its view and each
  legal action), after a message of a type no version has, is answered once with one of those
  legal actions unchanged, and ``bye`` ends the kit;
- its ``schema-fields.json`` agrees with ``thousand protocol schema`` and with the kit's own
  source (tests/starters/schema_fields.py: the drift check);
- its README names its build line, ``thousand bots check`` and the curl upload, and the one
  function to change is marked ``YOUR STRATEGY HERE`` exactly once.

What a kit needs of the machine is the table ``TOOLCHAINS`` below, keyed by the kit's folder:
a tool that is missing skips the kit's tests here with the line that installs it, and fails
them under CI=true (tests/requirements.py's rule: .ci/run installs every toolchain). A kit
folder without a line in the table fails: say what it needs first.
"""

from __future__ import annotations

import glob
import io
import json
import os
import re
import select
import shlex
import shutil
import subprocess
import tarfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee.players.botspec import read_manifest
from referee.players.sandbox import BUILD_PATH, build_env
from referee.players.schema import protocol_schemas
from referee.web.submissions import BotToml
from tests.bot_access import open_to_bots
from tests.requirements import need, unavailable
from tests.shared import built_once
from tests.starters.schema_fields import FIELDS_FILE, drift
from tests.web.support_accounts import (
    Server,
    invite,
    make_ladder,
    serving,
    submit,
    thousand,
    wait_finished,
)

ROOT = Path(__file__).resolve().parents[2]
STARTERS = ROOT / "bots" / "starters"
KITS = sorted(p.name for p in STARTERS.iterdir() if p.is_dir())
MARK = "YOUR STRATEGY HERE"
GAMES = ("dice", "cards")
MATCH_GAMES = 20
OPPONENTS = {"dice": ["builtin:random"], "cards": ["builtin:random", "builtin:random"]}
BUILD_SECONDS = 600
"""The kits' builds here and on the test server: a loaded CI machine builds the Rust kit in
about a minute (docs/benchmarks.md, "Starter kits"; a contest server's default is 120 s)."""


@dataclass(frozen=True)
class Tool:
    """Something a kit's build or run needs of the machine, and how to get it."""

    name: str
    install: str
    found: Callable[[], bool]


def program(name: str, package: str) -> Tool:
    """A program on the build sandbox's PATH (not a rustup's or a virtualenv's)."""
    return Tool(name, package, lambda: shutil.which(name, path=BUILD_PATH) is not None)


def files(pattern: str, package: str) -> Tool:
    return Tool(pattern, package, lambda: bool(glob.glob(pattern)))


REGISTRY = "/usr/share/cargo/registry"
TOOLCHAINS: dict[str, tuple[Tool, ...]] = {
    "c": (program("cc", "gcc"), files("/usr/include/cjson/cJSON.h", "libcjson-dev")),
    "cpp": (
        program("c++", "g++"),
        files("/usr/include/nlohmann/json.hpp", "nlohmann-json3-dev"),
    ),
    "rust": (
        program("cargo", "cargo"),
        files(f"{REGISTRY}/serde_json-1.*", "librust-serde-json-dev"),
        files(f"{REGISTRY}/serde_derive-1.*", "librust-serde-derive-dev"),
    ),
    "go": (program("go", "golang-go"),),
    "java": (
        program("javac", "default-jdk-headless"),
        files("/usr/share/java/gson.jar", "libgoogle-gson-java"),
    ),
    "typescript": (
        program("node", "nodejs"),
        Tool(
            "tsc", "npm install -g typescript", lambda: bool(shutil.which("tsc", path=BUILD_PATH))
        ),
    ),
}
"""What each kit needs, with its Debian package (or the npm line): .ci/run installs them."""


def need_toolchain(kit: str) -> None:
    """Go on only where the kit's tools are here (skip locally, fail under CI=true)."""
    if kit not in TOOLCHAINS:
        pytest.fail(f"bots/starters/{kit} has no line in TOOLCHAINS: say what it needs")
    pretended = os.environ.get("THOUSAND_TEST_PRETEND_MISSING", "").split(",")
    for tool in TOOLCHAINS[kit]:
        if tool.name in pretended or not tool.found():
            how = tool.install if " " in tool.install else f"apt-get install {tool.install}"
            unavailable(f"the {kit} starter kit needs {tool.name} ({how})")


# ------------------------------------------------------------------------------ the kit


def manifest(kit: Path) -> BotToml:
    """The kit's bot.toml, read by the contest server's own reader and model."""
    return read_manifest(kit / "bot.toml", BotToml, shown="bot.toml")


def bot_argument(kit: Path) -> str:
    """The kit's command as one BOT argument of ``thousand`` (run in the kit's folder)."""
    command = manifest(kit).command
    return command if isinstance(command, str) else shlex.join(command)


def copy_kit(kit: str, folder: Path) -> Path:
    """The kit as a contestant's clone has it: its files without what .gitignore names (a
    local build's outputs must not hide a build that fails from scratch)."""
    source = STARTERS / kit
    ignore = source / ".gitignore"
    patterns = []
    if ignore.is_file():
        lines = ignore.read_text(encoding="utf-8").splitlines()
        patterns = [p.strip("/") for p in lines if p.strip() and not p.startswith("#")]
    target = folder / kit
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*patterns))
    return target


def build(kit: Path) -> None:
    """Run the kit's build line as the server's build sandbox would: its PATH and HOME."""
    line = manifest(kit).build
    assert line, f"{kit.name}: bot.toml has no build line"
    argv = ["/bin/sh", "-c", line] if isinstance(line, str) else list(line)
    done = subprocess.run(
        argv,
        cwd=kit,
        env=build_env(str(kit)),
        capture_output=True,
        text=True,
        timeout=BUILD_SECONDS,
        check=False,
    )
    assert done.returncode == 0, f"{kit.name}: the build failed:\n{done.stdout}\n{done.stderr}"


_BUILT: dict[str, Path] = {}


def built_kit(tmp_path_factory: pytest.TempPathFactory, kit: str) -> Path:
    """The kit copied and built, once per test run: shared by the xdist workers through
    ``built_once``, and kept by this process (``built_once`` builds anew on every call when
    there are no workers)."""

    def make(folder: Path) -> Path:
        copy = copy_kit(kit, folder)
        build(copy)
        return copy

    if kit not in _BUILT:
        _BUILT[kit] = built_once(tmp_path_factory, f"starter-kit-{kit}", make)
    return _BUILT[kit]


def run_thousand(kit: Path, *args: str, timeout: float = 300.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*thousand(), *args],
        cwd=kit,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


TAR_LINE = re.compile(r"`(?:cd \.\. && )?(tar czf (\S+\.tar\.gz) [^`]+)`")
"""The README's upload archive line: ``tar czf KIT.tar.gz --exclude=... KIT``, run in the
folder above the kit."""


def readme_archive(built: Path, folder: Path) -> bytes:
    """The archive the kit's README tells a contestant to make, made by its own ``tar`` line
    from a built kit (so that the line must leave the build's outputs out)."""
    found = TAR_LINE.search((built / "README.md").read_text(encoding="utf-8"))
    assert found, f"{built.name}/README.md has no `tar czf KIT.tar.gz ...` line"
    shutil.copytree(built, folder / built.name, symlinks=True)
    subprocess.run(shlex.split(found.group(1)), cwd=folder, check=True, timeout=120)
    return (folder / found.group(2)).read_bytes()


def members(data: bytes) -> set[str]:
    """The files of an archive, named within its one top folder."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        return {m.name.split("/", 1)[1] for m in archive.getmembers() if m.isfile()}


# ------------------------------------------------------------------------------ the tests


def test_the_kits_are_found() -> None:
    """The six languages of issue 33 are here, each with its line in the table."""
    assert set(KITS) == {"c", "cpp", "go", "java", "rust", "typescript"} == set(TOOLCHAINS)


@pytest.mark.parametrize("kit", KITS)
def test_a_kit_has_its_files_and_one_place_to_change(kit: str, tmp_path: Path) -> None:
    folder = STARTERS / kit
    toml = manifest(folder)
    assert toml.build, "a kit is built by the server from its build line"
    readme = (folder / "README.md").read_text(encoding="utf-8")
    build_line = toml.build if isinstance(toml.build, str) else shlex.join(toml.build)
    for words in (build_line, "thousand bots check", "thousand match", "curl", "/api/bots"):
        assert words in readme, f"{kit}/README.md does not say {words!r}"
    clean = copy_kit(kit, tmp_path)  # not a local build's outputs nor node_modules
    marked = [
        path.relative_to(clean)
        for path in clean.rglob("*")
        if path.is_file() and path.suffix not in {".md", ".json"}
        for _ in range(path.read_text(encoding="utf-8", errors="replace").count(MARK))
    ]
    assert len(marked) == 1, f"{kit}: {MARK!r} marks {len(marked)} places: {marked}"
    assert (folder / FIELDS_FILE).is_file(), f"{kit} lists its message fields in {FIELDS_FILE}"


@pytest.mark.parametrize("kit", KITS)
def test_a_kits_types_agree_with_the_protocol_schema(kit: str) -> None:
    assert drift(STARTERS / kit, protocol_schemas()) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kit", KITS)
def test_a_kit_passes_bots_check(
    kit: str, game: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    need_toolchain(kit)
    folder = built_kit(tmp_path_factory, kit)
    done = run_thousand(folder, "bots", "check", "--game", game, "--json", bot_argument(folder))
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    report = json.loads(done.stdout)
    assert report["ok"] is True, report
    checked = [r for r in report["rule_sets"] if r["skipped"] is None]
    assert checked and len(checked) == len(report["rule_sets"]), report


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kit", KITS)
def test_a_kit_plays_a_match_without_a_fault(
    kit: str, game: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    need_toolchain(kit)
    folder = built_kit(tmp_path_factory, kit)
    args = ["--game", game, "--games", str(MATCH_GAMES), "--seed", "33", "--json"]
    done = run_thousand(folder, "match", *args, bot_argument(folder), *OPPONENTS[game])
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    result = json.loads(done.stdout)
    assert result["games_played"] == MATCH_GAMES
    kit_bot = result["bots"][0]
    assert kit_bot["name"] == f"starter-{kit}"
    assert kit_bot["faults"] == {} and kit_bot["fault_games"] == 0, kit_bot
    assert kit_bot["moves"] > 0


@pytest.fixture(scope="module")
def contest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Server]]:
    """A real contest server whose build sandbox is bwrap, as a contest's must be."""
    need("bwrap")
    db = make_ladder(tmp_path_factory.mktemp("starters-contest"))
    with serving(
        db, "--submissions-per-hour", "50", "--build-seconds", str(BUILD_SECONDS)
    ) as server:
        yield db, server


@pytest.mark.parametrize("kit", KITS)
def test_a_kit_uploads_as_its_readme_says_and_is_admitted(
    kit: str,
    contest: tuple[Path, Server],
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The README's own ``tar`` line, run on a built kit, packs the kit as a clone has it
    (no build output), and the server builds that upload in its sandbox and admits it."""
    need_toolchain(kit)
    db, server = contest
    upload = readme_archive(built_kit(tmp_path_factory, kit), tmp_path / "built")
    clone = copy_kit(kit, tmp_path / "clone")
    assert members(upload) == {str(p.relative_to(clone)) for p in clone.rglob("*") if p.is_file()}
    token = invite(db, f"kit-{kit}")
    answer = submit(server, token, upload, f"{kit}.tar.gz")
    assert answer.status_code == 202, answer.text
    entry = wait_finished(server, token, answer.json()["id"], within=BUILD_SECONDS + 120)
    assert entry["status"] == "accepted", json.dumps(entry, indent=1)[-4000:]
    assert entry["build"]["ok"] and entry["version"] == 1, entry["build"]


# ------------------------------------------------------------- what a kit does not know

RECORDER = ROOT / "tests" / "bots" / "recorder.py"
LATER = {"x_later": {"added": [1, "two", None]}}
"""A key a later referee may add within protocol version 1 (protocol.md, "Transport")."""


def recorded_conversation(folder: Path, game: str) -> list[dict[str, Any]]:
    """The lines a bot is sent in one real game of ``game``: tests/bots/recorder.py's log."""
    log = open_to_bots(folder) / f"{game}.jsonl"
    seats = [shlex.join(["python3", str(RECORDER), str(log)]), *OPPONENTS[game]]
    args = ["match", "--game", game, "--games", "1", "--seed", "9", *seats]
    done = subprocess.run([*thousand(), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def conversations(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    folder = tmp_path_factory.mktemp("starters-recorded")
    return {game: recorded_conversation(folder, game) for game in GAMES}


def read_line(process: subprocess.Popen[bytes], within: float = 30.0) -> dict[str, Any]:
    """The bot's next line (one JSON object), or an AssertionError after ``within`` s."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], within)
    assert ready, f"no answer within {within} s"
    line = process.stdout.readline()
    assert line.endswith(b"\n"), line
    message: dict[str, Any] = json.loads(line)
    return message


def send(process: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
    assert process.stdin is not None
    process.stdin.write(json.dumps(message).encode() + b"\n")
    process.stdin.flush()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kit", KITS)
def test_a_kit_ignores_what_it_does_not_know(
    kit: str,
    game: str,
    conversations: dict[str, list[dict[str, Any]]],
    tmp_path_factory: pytest.TempPathFactory,
    tmp_path: Path,
) -> None:
    """A real game's first request, sent with a key in the message, in its view and in each
    legal action that no version of the protocol has, after a message of a type no version
    has: the kit answers it once, with one of those legal actions unchanged (its unknown key
    included), and leaves on ``bye``."""
    need_toolchain(kit)
    folder = built_kit(tmp_path_factory, kit)
    conversation = conversations[game]
    hello = next(m for m in conversation if m["type"] == "hello")
    start = next(m for m in conversation if m["type"] == "game_start")
    request = next(m for m in conversation if m["type"] == "request" and len(m["legal"]) > 1)
    request = {**request, **LATER, "view": {**request["view"], **LATER}}
    legal = request["legal"]
    request["legal"] = [{**action, "x_later": index} for index, action in enumerate(legal)]
    command = manifest(folder).command
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    env = {"PATH": BUILD_PATH, "HOME": str(tmp_path), "TMPDIR": str(tmp_path), "LANG": "C.UTF-8"}
    process = subprocess.Popen(
        argv, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
    )
    try:
        send(process, {**hello, **LATER})
        answer = read_line(process)
        assert answer["type"] == "hello" and answer["name"] == f"starter-{kit}", answer
        send(process, {"type": "x_chat", "text": "a type no version has", **LATER})
        send(process, {**start, **LATER})
        send(process, request)
        answer = read_line(process)
        assert answer["id"] == request["id"], answer
        assert answer["action"] in request["legal"], answer
        send(process, {"type": "bye"})
        assert process.wait(10) is not None
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
