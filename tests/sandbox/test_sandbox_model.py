"""The sandbox model, the start-up check and the command line's options, without hostile bots."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from pydantic import ValidationError

from referee.players import sandbox as sandbox_module
from referee.players.botspec import BotSpec, parse_bot
from referee.players.process import _absolute_argv, _base_environment
from referee.players.sandbox import MIB, Sandbox, SandboxError, resolve, visible_paths
from tests.inprocess import invoke
from tests.referee.conftest import short_rules
from tests.requirements import requires

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable


def test_defaults_are_the_documented_ones() -> None:
    box = Sandbox()
    assert (box.mode, box.memory_mib, box.cpu_seconds) == ("rlimits", 512, 600.0)
    assert (box.processes, box.open_files, box.file_size_mib) == (64, 256, 64)
    assert box.allow_fallback is False
    assert box.rlimits() == {
        "cpu": (600, 601),
        "as": (512 * MIB, 512 * MIB),
        "nofile": (256, 256),
        "fsize": (64 * MIB, 64 * MIB),
        "core": (0, 0),
    }


def test_with_a_memory_cgroup_the_address_space_only_backs_it_up() -> None:
    assert Sandbox().rlimits(memory_cgroup=True)["as"] == (2048 * MIB, 2048 * MIB)


def test_mode_none_sets_no_limits() -> None:
    assert Sandbox(mode="none").rlimits() == {}


@pytest.mark.parametrize(
    "bad",
    [
        {"mode": "docker"},
        {"memory_mib": 1},
        {"cpu_seconds": 0},
        {"processes": 0},
        {"open_files": 3},
        {"file_size_mib": 0},
        {"colour": "red"},
    ],
)
def test_bad_values_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Sandbox.model_validate(bad)


def test_the_model_is_frozen_and_round_trips_as_json() -> None:
    box = Sandbox(mode="bwrap", memory_mib=256)
    with pytest.raises(ValidationError):
        box.memory_mib = 1  # type: ignore[misc]
    assert Sandbox.model_validate_json(box.model_dump_json()) == box


def test_unusable_bwrap_is_refused_or_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox_module, "bwrap_problem", lambda _user: "bwrap is not installed")
    with pytest.raises(SandboxError, match="--allow-fallback"):
        resolve(Sandbox(mode="bwrap"))
    chosen, warning = resolve(Sandbox(mode="bwrap", allow_fallback=True, memory_mib=100))
    assert chosen.mode == "rlimits" and chosen.memory_mib == 100
    assert warning is not None and "\n" not in warning
    assert resolve(Sandbox(mode="rlimits")) == (Sandbox(mode="rlimits"), None)


def test_relative_paths_are_resolved_against_the_bots_folder(tmp_path: Path) -> None:
    (tmp_path / "bot.py").write_text("")
    argv = _absolute_argv(("python3", "bot.py", "--fast", "7"), str(tmp_path))
    assert argv == ("python3", str(tmp_path / "bot.py"), "--fast", "7")


def test_the_environment_is_small_and_home_is_the_fresh_folder() -> None:
    spec = BotSpec(label="x", argv=("x",), env={"BOT_LEVEL": "3"})
    env = _base_environment(spec, "/tmp/thousand-bot-x")
    assert set(env) == {"PATH", "LANG", "HOME", "TMPDIR", "BOT_LEVEL"}
    assert env["HOME"] == env["TMPDIR"] == "/tmp/thousand-bot-x"


def test_bwrap_sees_the_interpreter_prefix_and_the_bots_own_script_only(tmp_path: Path) -> None:
    script = tmp_path / "bots" / "mine.py"
    script.parent.mkdir()
    script.write_text("")
    (tmp_path / "bots" / "theirs.py").write_text("")
    secret = tmp_path / "secret"
    secret.mkdir()
    spec = parse_bot(f"{PY} {script} {secret} {tmp_path}")
    seen = visible_paths(spec.argv, spec.own)
    assert str(script) in seen
    assert str(script.parent) not in seen and str(secret) not in seen and str(tmp_path) not in seen
    if not os.path.realpath(PY).startswith("/usr/"):
        assert any(os.path.realpath(PY).startswith(path + "/") for path in seen)


def test_a_manifest_bot_sees_its_own_folder_and_no_path_it_names(tmp_path: Path) -> None:
    folder = tmp_path / "alice"
    folder.mkdir()
    (folder / "bot.py").write_text("")
    secret = tmp_path / "secret"
    secret.mkdir()
    manifest = folder / "bot.json"
    manifest.write_text(json.dumps({"command": [PY, "bot.py", str(secret), "/root"]}))
    spec = parse_bot(str(manifest))
    seen = visible_paths(spec.argv, spec.own)
    assert str(folder) in seen
    assert not any(p in seen for p in (str(secret), "/root", str(tmp_path)))


BOT = shlex.join([PY, str(ROOT / "bots" / "random_bot.py")])


def _thousand(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The real program: its one line on stderr and its exit code are the claim."""
    found = shutil.which("thousand")
    command = [found] if found else [PY, "-m", "referee.cli.main"]
    argv = [*command, "match", BOT, BOT, "--game", "dice", "--games", "1", *args]
    return subprocess.run(
        argv, capture_output=True, text=True, timeout=60, check=False, cwd=ROOT, env=env
    )


@requires("pidns")
def test_the_command_line_says_in_one_line_when_bwrap_is_missing(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path)}  # no bwrap on this PATH
    refused = _thousand("--sandbox", "bwrap", env=env)
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1, refused.stderr
    assert "bwrap is not installed" in refused.stderr and "--allow-fallback" in refused.stderr
    rules = short_rules(tmp_path)  # six rounds: the warning is the claim, not the game
    fallen = _thousand(
        "--sandbox", "bwrap", "--allow-fallback", "--rules", rules, "--json", env=env
    )
    assert fallen.returncode == 0, fallen.stderr
    assert fallen.stderr.startswith("thousand: warning: sandbox bwrap is not usable")
    assert fallen.stderr.count("\n") == 1, fallen.stderr


@pytest.mark.parametrize(
    "option,value",
    [
        ("--memory", "4"),
        ("--memory", "99999999"),
        ("--cpu-seconds", "nan"),
        ("--cpu-seconds", "inf"),
        ("--max-processes", "0"),
        ("--max-open-files", "3"),
        ("--max-file-size", "0"),
        ("--sandbox", "docker"),
    ],
)
def test_bad_limits_on_the_command_line_are_usage_errors(option: str, value: str) -> None:
    """In this process: click refuses the value before any bot starts (the real program's
    one line: test_the_command_line_says_in_one_line_when_bwrap_is_missing)."""
    done = invoke(["match", BOT, BOT, "--game", "dice", "--games", "1", option, value], cwd=ROOT)
    assert done.returncode == 2 and option in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_folders_of_a_killed_referee_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    dead = 4_000_000  # above pid_max: no process has it
    stale = Path(tempfile.gettempdir()) / f"thousand-bot-{dead}-stale"
    (stale / "sub").mkdir(parents=True, exist_ok=True)
    (stale / "sub" / "file").write_text("left behind")
    (stale / "sub").chmod(0o500)
    monkeypatch.setattr(sandbox_module, "_swept", False)
    fresh = sandbox_module.make_workdir()
    try:
        assert not stale.exists()
        assert Path(fresh).name.startswith(f"thousand-bot-{os.getpid()}-")
        assert os.listdir(fresh) == []
    finally:
        sandbox_module.remove_workdir(fresh)
    assert not Path(fresh).exists()
