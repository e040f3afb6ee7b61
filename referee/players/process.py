"""One bot process: spawn, send lines, read lines with a bound and a deadline, stop.

Built on asyncio's low-level subprocess protocol rather than StreamReader: arrival times are
taken the moment data lands (not when a coroutine gets scheduled), a line longer than the limit
is cut off without buffering it, and a read costs one future instead of a chain of awaits —
the referee's per-decision overhead is mostly this file.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections import deque
from pathlib import Path
from typing import IO

from referee.players.botspec import BotSpec
from referee.players.containment import launcher_environment, wrap
from referee.players.cpu import CgroupCpuMeter, CpuMeter
from referee.players.protocol import MAX_LINE, Fault
from referee.players.sandbox import (
    BotCgroup,
    Sandbox,
    bwrap_argv,
    make_workdir,
    remove_workdir,
    visible_paths,
)
from referee.safetext import for_terminal

STDERR_CAP = 1 << 20
OVERFLOW_QUOTE = 200
STDERR_TAIL = 4096
SETTLE_SECONDS = 1.0
_WAKE = object()

# What runtimes print when an allocation fails or a limit bites (Python, C, C++, Go, Java,
# .NET, Node, Rust): read in the tail of the bot's stderr to name the limit it hit.
_MEMORY_WORDS = (
    b"MemoryError",
    b"Cannot allocate memory",
    b"out of memory",
    b"bad_alloc",
    b"OutOfMemoryError",
    b"OutOfMemoryException",
    b"heap out of memory",
    b"memory allocation of",
    b"Could not reserve enough space",
)
_FILE_SIZE_WORDS = (b"File too large", b"EFBIG")
_OPEN_FILES_WORDS = (b"Too many open files", b"EMFILE")


def _base_environment(spec: BotSpec, home: str | None = None) -> dict[str, str]:
    """A small environment: a bot gets what it needs to run, not the referee's secrets.
    ``home`` is the bot's own fresh working directory (its HOME and TMPDIR)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "HOME": home or spec.cwd or os.environ.get("HOME", "/"),
    }
    if home is not None:
        env["TMPDIR"] = home
    env.update(spec.env)
    return env


def _absolute_argv(argv: tuple[str, ...], base: str) -> tuple[str, ...]:
    """The command with every relative path that exists under ``base`` (the bot's folder, or
    the referee's for a command-line bot) made absolute: the bot starts in another folder."""
    out = []
    for item in argv:
        if item and not os.path.isabs(item) and not item.startswith("-"):
            candidate = os.path.join(base, item)
            if os.path.exists(candidate):
                item = os.path.abspath(candidate)
        out.append(item)
    return tuple(out)


class _Pipes(asyncio.SubprocessProtocol):
    def __init__(self, limit: int, stderr_log: IO[bytes] | None, stderr_cap: int) -> None:
        self.limit = limit
        self.buffer = bytearray()
        self.scanned = 0
        self.lines: deque[tuple[bytes, float]] = deque()
        self.waiter: asyncio.Future[object] | None = None
        self.eof = False
        self.overflow = False
        self.overflow_start = b""  # the first bytes of an over-long line, for the fault record
        self.exited = False
        self.stderr_log = stderr_log
        self.stderr_left = stderr_cap
        self.stderr_dropped = 0
        self.stderr_tail = b""  # the last few KiB, always kept: it names a limit that bit
        self.log_error: OSError | None = None  # a failed write of the log, raised by stop()

    def _wake(self) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(_WAKE)

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd == 1:
            self._stdout(data)
        elif fd == 2:
            self._stderr(data)

    def _stdout(self, data: bytes) -> None:
        if self.overflow:
            return
        now = time.perf_counter()
        buffer = self.buffer
        buffer += data
        found = False
        while True:
            end = buffer.find(b"\n", self.scanned)
            if end < 0:
                break
            if end + 1 > self.limit:
                self._overflowed()
                return
            self.lines.append((bytes(buffer[:end]), now))
            del buffer[: end + 1]
            self.scanned = 0
            found = True
        self.scanned = len(buffer)
        if len(buffer) >= self.limit:
            self._overflowed()
            return
        if found:
            self._wake()

    def _overflowed(self) -> None:
        self.overflow = True
        self.overflow_start = bytes(self.buffer[:OVERFLOW_QUOTE])
        self.buffer = bytearray()
        self._wake()

    def _stderr(self, data: bytes) -> None:
        self.stderr_tail = (self.stderr_tail + data[-STDERR_TAIL:])[-STDERR_TAIL:]
        if self.stderr_log is None:
            return
        keep = data[: self.stderr_left]
        if keep:
            try:
                self.stderr_log.write(keep)
                self.stderr_log.flush()
            except OSError as error:
                # A full disk: not raised inside this pipe callback (asyncio would only print
                # it); the log stops here, and stop() raises it to the match.
                self.log_error = error
                self.stderr_log = None
                return
            self.stderr_left -= len(keep)
        self.stderr_dropped += len(data) - len(keep)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 1:
            self.eof = True
            self._wake()

    def process_exited(self) -> None:
        self.exited = True
        self._wake()


class BotProcess:
    """A running bot. ``read_line`` raises ``Fault`` for every way a bot can fail to answer."""

    def __init__(
        self,
        spec: BotSpec,
        stderr_path: Path | None = None,
        *,
        stderr_cap: int = STDERR_CAP,
        line_limit: int = MAX_LINE,
        pid_namespace: bool = True,
        sandbox: Sandbox | None = None,
    ) -> None:
        self.spec = spec
        self.sandbox = sandbox if sandbox is not None else Sandbox()
        self.stderr_path = stderr_path
        self.stderr_cap = stderr_cap
        self.line_limit = line_limit
        self.pid_namespace = pid_namespace
        self._transport: asyncio.SubprocessTransport | None = None
        self._pipes: _Pipes | None = None
        self._stdin: asyncio.WriteTransport | None = None
        self._log: IO[bytes] | None = None
        self._depth = 0
        self._cpu: CpuMeter | CgroupCpuMeter | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._deadline = 0.0
        self._last_cpu = 0.0
        self.workdir: str | None = None
        self.cgroup: BotCgroup | None = None
        self.pid = 0

    def _command(self) -> tuple[list[str], int]:
        """The full argv (launcher, maybe bwrap, the bot) and the bot's depth below it."""
        sandbox, spec = self.sandbox, self.spec
        assert self.workdir is not None
        argv = _absolute_argv(spec.argv, spec.cwd or os.getcwd())
        cgroups = self.cgroup.procs_files if self.cgroup is not None else []
        env = _base_environment(spec, self.workdir)
        bwrap: list[str] = []
        if sandbox.mode == "bwrap":
            visible = visible_paths(argv, spec.own)
            bwrap = bwrap_argv(sandbox, self.workdir, visible, env)
        return wrap(
            argv,
            self.pid_namespace,
            sandbox.rlimits(self.cgroup is not None and self.cgroup.caps_memory),
            cgroups=cgroups,
            own_proc=sandbox.limited,
            bwrap=bwrap,
            env=None if bwrap else env,
        )

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        if self.stderr_path is not None:
            self.stderr_path.parent.mkdir(parents=True, exist_ok=True)
            self._log = open(self.stderr_path, "ab")  # noqa: SIM115 - closed in stop()
        self.workdir = make_workdir()
        self.cgroup = BotCgroup.create(self.sandbox)
        argv, self._depth = self._command()
        # The cap is per log file: a bot restarted after a fault appends to what it left.
        logged = self._log.tell() if self._log is not None else 0
        pipes = _Pipes(self.line_limit, self._log, max(0, self.stderr_cap - logged))
        try:
            transport, _ = await loop.subprocess_exec(
                lambda: pipes,
                *argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                start_new_session=True,
                cwd=self.workdir,
                env=launcher_environment(),  # the bot's own reaches only the bot (wrap)
            )
        except OSError as error:
            self._cleanup()
            raise Fault("crash", f"cannot start {self.spec.argv[0]}: {error.strerror}") from None
        self._transport = transport
        self._pipes = pipes
        stdin = transport.get_pipe_transport(0)
        assert isinstance(stdin, asyncio.WriteTransport)
        self._stdin = stdin
        self.pid = transport.get_pid()

    @property
    def alive(self) -> bool:
        return self._pipes is not None and not self._pipes.exited

    @property
    def stderr_dropped(self) -> int:
        return self._pipes.stderr_dropped if self._pipes else 0

    def send(self, data: bytes) -> None:
        """Queue a line for the bot; a closed stdin is noticed when its answer does not come."""
        stdin = self._stdin
        if stdin is not None and not stdin.is_closing():
            stdin.write(data)

    def _bot_pid(self) -> int:
        """The bot's own pid, below the launcher's processes (for its CPU time)."""
        pid = self.pid
        for _ in range(self._depth):
            try:
                with open(f"/proc/{pid}/task/{pid}/children") as children:
                    first = children.read().split()
            except OSError:
                return pid
            if not first:
                return pid
            pid = int(first[0])
        return pid

    def cpu_seconds(self) -> float:
        """CPU seconds the bot has used so far (0.0 when it cannot be read)."""
        if self._cpu is None:
            usage = self.cgroup.cpu_usage_file() if self.cgroup is not None else None
            try:
                self._cpu = CgroupCpuMeter(usage) if usage else CpuMeter(self._bot_pid())
            except OSError:
                return 0.0
        used = self._cpu.seconds()
        if used >= 0:
            self._last_cpu = used
            return used
        return 0.0

    async def read_line(self, timeout: float) -> tuple[bytes, float]:
        """The next line and the perf_counter time it arrived; ``Fault`` on any failure."""
        pipes = self._pipes
        assert pipes is not None
        if not pipes.lines and not (pipes.overflow or pipes.eof or pipes.exited):
            loop = asyncio.get_running_loop()
            waiter: asyncio.Future[object] = loop.create_future()
            pipes.waiter = waiter
            self._arm(loop, loop.time() + timeout)
            try:
                woke = await waiter
            finally:
                pipes.waiter = None
            if woke is None and not pipes.lines:
                raise self._timeout_fault(timeout)
        if not pipes.lines and pipes.exited and not pipes.eof:
            await self._drain()
        if pipes.lines:
            return pipes.lines.popleft()
        if pipes.overflow:
            raise Fault(
                "line_too_long",
                f"a line longer than {self.line_limit} bytes",
                pipes.overflow_start,
            )
        await self._settle()
        raise self._ended_fault()

    def _timeout_fault(self, timeout: float) -> Fault:
        """A timeout, or — when the bot itself no longer holds its stdout while a sandbox's
        own processes (bwrap's) keep the pipe open — the closed stdout it really is."""
        if self._depth and self.sandbox.mode == "bwrap":
            bot = self._bot_pid()
            if bot != self.pid and not os.path.exists(f"/proc/{bot}/fd/1"):
                return Fault("closed_stdout", "the bot closed its stdout")
        return Fault("timeout", f"no answer within {timeout:.3f} s")

    def _arm(self, loop: asyncio.AbstractEventLoop, deadline: float) -> None:
        """Keep one timer per bot instead of one per read: deadlines mostly move later (the
        bank grows by the per-move allowance), so the armed timer is kept, and when it fires
        early it re-arms itself for the current deadline. Scheduling and cancelling a timer on
        every move was a measurable share of the referee's cost per decision."""
        self._deadline = deadline
        timer = self._timer
        if timer is not None and timer.when() <= deadline:
            return
        if timer is not None:
            timer.cancel()
        self._timer = loop.call_at(deadline, self._on_timer, loop)

    def _on_timer(self, loop: asyncio.AbstractEventLoop) -> None:
        self._timer = None
        pipes = self._pipes
        waiter = pipes.waiter if pipes is not None else None
        if waiter is None or waiter.done():
            return
        if loop.time() >= self._deadline:
            waiter.set_result(None)
        else:
            self._timer = loop.call_at(self._deadline, self._on_timer, loop)

    async def _drain(self) -> None:
        """The process has exited: let its last output arrive before judging it."""
        pipes = self._pipes
        assert pipes is not None
        for _ in range(20):
            if pipes.eof or pipes.lines:
                return
            await asyncio.sleep(0.005)

    async def _settle(self) -> None:
        """After stdout EOF, give the process a moment to exit so a crash is named a crash.

        Up to a second: on a loaded machine a bot killed for its memory closes its stdout well
        before its exit is reaped, and judging it early named it ``closed_stdout``. A bot that
        really closed its stdout and lives on costs that second once, at its fault."""
        pipes = self._pipes
        assert pipes is not None
        deadline = time.monotonic() + SETTLE_SECONDS
        while not pipes.exited and time.monotonic() < deadline:
            await asyncio.sleep(0.005)

    def _ended_fault(self) -> Fault:
        transport = self._transport
        code = transport.get_returncode() if transport is not None else None
        if code is None:
            limit = self._limit_hit(None)
            if limit is not None:  # killed, its exit not reaped yet
                return Fault("resource_limit", f"{limit} (the bot's output ended)")
            return Fault("closed_stdout", "the bot closed its stdout")
        signum: int | None = None
        how = f"exited with code {code}"
        if code < 0:
            signum = -code
            try:
                how = f"was killed by {signal.Signals(signum).name}"
            except ValueError:
                how = f"was killed by signal {signum}"
        elif code > 128 and self._depth:
            with contextlib.suppress(ValueError):
                how = f"was killed by {signal.Signals(code - 128).name}"
                signum = code - 128
        limit = self._limit_hit(signum)
        if limit is not None:
            return Fault("resource_limit", f"{limit} (the bot {how})")
        if code in (126, 127):  # the shell's and the launcher's "cannot run this program"
            where = " inside the sandbox" if self.sandbox.mode == "bwrap" else ""
            said = self._last_stderr_line()
            return Fault(
                "crash",
                f"the bot {how}: its program could not be run{where}"
                + (f" ({said})" if said else ""),
            )
        return Fault("crash", f"the bot {how}")

    def _last_stderr_line(self) -> str:
        """The last line the bot (or its launcher) wrote on stderr, short and printable."""
        tail = self._pipes.stderr_tail if self._pipes is not None else b""
        lines = [line for line in tail.decode("utf-8", "replace").splitlines() if line.strip()]
        return for_terminal(lines[-1].strip(), 200) if lines else ""

    def _limit_hit(self, signum: int | None) -> str | None:
        """Which resource limit ended the bot, from the evidence: the signal (SIGXCPU,
        SIGXFSZ), the cgroup's counters (an out-of-memory kill, a refused fork), and what the
        bot's runtime said last on stderr (MemoryError, EFBIG, EMFILE)."""
        sandbox = self.sandbox
        if not sandbox.limited:
            return None
        cpu_limit = max(1, round(sandbox.cpu_seconds))
        if signum == signal.SIGXCPU or (
            signum == signal.SIGKILL and self._last_cpu >= cpu_limit - 0.05
        ):
            return f"killed after {cpu_limit:.1f} s CPU (the CPU limit)"
        cgroup = self.cgroup
        if cgroup is not None and cgroup.out_of_memory():
            return f"memory limit {sandbox.memory_mib} MiB exceeded"
        tail = self._pipes.stderr_tail if self._pipes is not None else b""
        if any(word in tail for word in _MEMORY_WORDS):
            return f"memory limit {sandbox.memory_mib} MiB exceeded"
        if signum == signal.SIGXFSZ or any(word in tail for word in _FILE_SIZE_WORDS):
            return f"file size limit {sandbox.file_size_mib} MiB exceeded"
        if any(word in tail for word in _OPEN_FILES_WORDS):
            return f"open files limit {sandbox.open_files} reached"
        if cgroup is not None and cgroup.processes_refused():
            return f"process limit {sandbox.processes} reached"
        return None

    def _cleanup(self) -> None:
        """After the process group is gone: whatever is left in the bot's cgroup is killed,
        the cgroup and the bot's working directory are removed."""
        if self.cgroup is not None:
            self.cgroup.remove(within=0.5)
            self.cgroup = None
        if self.workdir is not None:
            remove_workdir(self.workdir)
            self.workdir = None

    def returncode(self) -> int | None:
        return self._transport.get_returncode() if self._transport is not None else None

    async def stop(self, grace: float = 2.0, farewell: bytes | None = None) -> None:
        """Say goodbye, wait ``grace`` seconds for a clean exit, then kill the process group."""
        transport, pipes = self._transport, self._pipes
        if transport is None or pipes is None:
            return
        if farewell is not None and not pipes.exited:
            self.send(farewell)
        if self._stdin is not None:
            self._stdin.close()
        deadline = time.monotonic() + grace
        while not pipes.exited and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            # Only if the group could not be signalled: transport.kill() polls the child and
            # may reap it before asyncio's watcher does ("Unknown child process" warnings).
            if not pipes.exited:
                with contextlib.suppress(ProcessLookupError):
                    transport.kill()
        for _ in range(200):
            if pipes.exited:
                break
            await asyncio.sleep(0.01)
        transport.close()
        cgroup, self.cgroup = self.cgroup, None
        for _ in range(200):
            if cgroup is None or cgroup.remove(within=0):
                break
            await asyncio.sleep(0.01)
        workdir, self.workdir = self.workdir, None
        if workdir is not None:
            await asyncio.to_thread(remove_workdir, workdir)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._cpu is not None:
            self._cpu.close()
        if self._log is not None:
            if pipes.stderr_dropped:
                self._log.write(
                    f"\n[referee: {pipes.stderr_dropped} more bytes of stderr dropped]\n".encode()
                )
            self._log.close()
            self._log = None
        self._transport = None
        if pipes.log_error is not None:
            raise pipes.log_error
