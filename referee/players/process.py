"""One bot process: spawn, send lines, read lines with a bound and a deadline, stop.

Blocking, on raw descriptors and one ``poll`` per wait: a table plays its games in a thread or
process of its own (referee.games.tables), so nothing else needs this thread while it waits for
its bot, and a decision costs a write, a poll and a read — close to the pipe's own floor. The
first release drove the same pipes through asyncio, whose event loop added more per decision
than the engine and the pipe together. The poll also watches the bot's stderr (drained into
its log, so a chatty bot never blocks on a full pipe), its exit (a pidfd: an exit is seen at
once, not when a timer fires), a pending write to its stdin (a bot that does not read cannot
block the referee) and the table's abort descriptor (Ctrl-C, a stopped match).
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import select
import signal
import subprocess
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO, Final

from referee.environment import seconds
from referee.players.botspec import BotSpec
from referee.players.containment import launcher_environment, wrap
from referee.players.cpu import CgroupCpuMeter, CpuMeter, Meter
from referee.players.protocol import MAX_LINE, Fault
from referee.players.sandbox import (
    BotCgroup,
    Sandbox,
    SandboxError,
    bwrap_argv,
    hand_over,
    identity,
    make_workdir,
    reach,
    remove_workdir,
    visible_paths,
)
from referee.safetext import for_terminal

STDERR_CAP = 1 << 20
OVERFLOW_QUOTE = 200
STDERR_TAIL = 4096
SETTLE_SECONDS = seconds("THOUSAND_SETTLE_SECONDS", 1.0, most=60.0)
"""How long a bot whose stdout ended may take to exit before it is judged (see ``_settle``).
The environment variable widens it, for a test that must not depend on a loaded machine's
timing (the memory-kill fault name) or for a host much slower than ours."""
PENDING_CAP = 16 << 20
"""Bytes kept for a bot that does not read its stdin; past this its messages are dropped (it
is not answering either, so it faults on its next request)."""
DRAIN_SECONDS = 0.1
READ_SIZE = 1 << 16
_IN = select.POLLIN | select.POLLPRI | select.POLLHUP | select.POLLERR
# Functions the hot path calls, looked up once: compiled, ``time.perf_counter()`` is a look-up
# in the module's attributes at every call, a Final name a C static.
_perf_counter: Final = time.perf_counter
_write: Final = os.write

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


class Aborted(Exception):
    """The table's abort descriptor became readable (Ctrl-C, a stopped or killed match)."""


class _Pipes:
    """What came from the bot: complete stdout lines with their arrival times, the state of the
    stream, and its stderr (logged up to a cap, its tail always kept)."""

    def __init__(self, limit: int, stderr_log: IO[bytes] | None, stderr_cap: int) -> None:
        self.limit = limit
        self.buffer = bytearray()
        self.scanned = 0
        self.lines: deque[tuple[bytes, float]] = deque()
        self.eof = False
        self.overflow = False
        self.overflow_start = b""  # the first bytes of an over-long line, for the fault record
        self.stderr_log = stderr_log
        self.stderr_left = stderr_cap
        self.stderr_dropped = 0
        self.stderr_tail = b""  # the last few KiB, always kept: it names a limit that bit
        self.log_error: OSError | None = None  # a failed write of the log, raised by stop()

    def stdout(self, data: bytes, now: float) -> None:
        if self.overflow:
            return
        buffer = self.buffer
        if not buffer and data.endswith(b"\n") and data.find(b"\n") == len(data) - 1:
            # The usual case, one whole line in one read: no copy through the buffer.
            if len(data) > self.limit:
                self.buffer += data
                self._overflowed()
            else:
                self.lines.append((data[:-1], now))
            return
        buffer += data
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
        self.scanned = len(buffer)
        if len(buffer) >= self.limit:
            self._overflowed()

    def _overflowed(self) -> None:
        self.overflow = True
        self.overflow_start = bytes(self.buffer[:OVERFLOW_QUOTE])
        self.buffer = bytearray()

    def stderr(self, data: bytes) -> None:
        self.stderr_tail = (self.stderr_tail + data[-STDERR_TAIL:])[-STDERR_TAIL:]
        if self.stderr_log is None:
            return
        keep = data[: self.stderr_left]
        if keep:
            try:
                self.stderr_log.write(keep)
                self.stderr_log.flush()
            except OSError as error:
                # A full disk: the log stops here, and stop() raises it to the match.
                self.log_error = error
                self.stderr_log = None
                return
            self.stderr_left -= len(keep)
        self.stderr_dropped += len(data) - len(keep)


class BotProcess:
    """A running bot. ``read_line`` raises ``Fault`` for every way a bot can fail to answer,
    and ``Aborted`` when the table is told to stop."""

    def __init__(
        self,
        spec: BotSpec,
        stderr_path: Path | None = None,
        *,
        stderr_cap: int = STDERR_CAP,
        line_limit: int = MAX_LINE,
        pid_namespace: bool = True,
        sandbox: Sandbox | None = None,
        abort: int | None = None,
        quote_stderr: bool = True,
    ) -> None:
        self.spec = spec
        self.quote_stderr = quote_stderr  # may a fault's detail quote the bot's stderr?
        self.sandbox = sandbox if sandbox is not None else Sandbox()
        self.stderr_path = stderr_path
        self.stderr_cap = stderr_cap
        self.line_limit = line_limit
        self.pid_namespace = pid_namespace
        self.abort = abort
        self._popen: subprocess.Popen[bytes] | None = None
        self._pipes: _Pipes | None = None
        self._poll = select.poll()
        self._take_now: Callable[[int], bytes | None] | None = None  # stdout, never waits
        self._in = -1  # our end of the bot's stdin; -1 once closed
        self._out = -1
        self._err = -1
        self._pidfd = -1
        self._pending = b""  # what the bot's full stdin pipe has not taken yet
        self._exited = False
        self._log: IO[bytes] | None = None
        self._depth = 0
        self._cpu: Meter | None = None
        self._last_cpu = 0.0
        self.workdir: str | None = None
        self.cgroup: BotCgroup | None = None
        self.pid = 0

    def _command(self, user: tuple[int, int] | None) -> tuple[list[str], int]:
        """The full argv (launcher, maybe bwrap, the bot) and the bot's depth below it."""
        sandbox, spec = self.sandbox, self.spec
        assert self.workdir is not None
        argv = _absolute_argv(spec.argv, spec.cwd or os.getcwd())
        cgroups = self.cgroup.procs_files if self.cgroup is not None else []
        env = _base_environment(spec, self.workdir)
        bwrap: list[str] = []
        visible = visible_paths(argv, spec.own) if sandbox.mode == "bwrap" or user else []
        if sandbox.mode == "bwrap":
            bwrap = bwrap_argv(sandbox, self.workdir, visible, env, user)
        return wrap(
            argv,
            self.pid_namespace,
            sandbox.rlimits(self.cgroup is not None and self.cgroup.caps_memory),
            cgroups=cgroups,
            own_proc=sandbox.limited,
            bwrap=bwrap,
            env=None if bwrap else env,
            user=user,
            reach=reach(visible, self.workdir) if user is not None else (),
        )

    def start(self) -> None:
        try:
            user = identity(self.sandbox)
        except SandboxError as error:
            raise Fault("crash", str(error)) from None
        if self.stderr_path is not None:
            self.stderr_path.parent.mkdir(parents=True, exist_ok=True)
            self._log = open(self.stderr_path, "ab")  # noqa: SIM115 - closed in stop()
        self.workdir = make_workdir()
        hand_over(self.workdir, user)
        self.cgroup = BotCgroup.create(self.sandbox)
        argv, self._depth = self._command(user)
        # The cap is per log file: a bot restarted after a fault appends to what it left.
        logged = self._log.tell() if self._log is not None else 0
        self._pipes = _Pipes(self.line_limit, self._log, max(0, self.stderr_cap - logged))
        try:
            popen = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
                cwd=self.workdir,
                env=launcher_environment(),  # the bot's own reaches only the bot (wrap)
            )
        except OSError as error:
            self._cleanup()
            if self._log is not None:
                self._log.close()
                self._log = None
            raise Fault("crash", f"cannot start {self.spec.argv[0]}: {error.strerror}") from None
        assert popen.stdin is not None and popen.stdout is not None and popen.stderr is not None
        self._popen = popen
        self.pid = popen.pid
        # Our own descriptors, so that the Popen's file objects never read or close them.
        self._in = os.dup(popen.stdin.fileno())
        self._out = os.dup(popen.stdout.fileno())
        self._err = os.dup(popen.stderr.fileno())
        for stream in (popen.stdin, popen.stdout, popen.stderr):
            stream.close()
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)
        # A non-blocking read through FileIO answers None when nothing is there, where
        # os.read raises: on the hot path the bot has mostly answered already, but not always.
        self._take_now = io.FileIO(self._out, closefd=False).read
        self._poll.register(self._out, _IN)
        self._poll.register(self._err, _IN)
        try:
            self._pidfd = os.pidfd_open(self.pid)
            self._poll.register(self._pidfd, select.POLLIN)
        except (OSError, AttributeError):  # kernels before 5.3: exits are polled for instead
            self._pidfd = -1
        if self.abort is not None:
            self._poll.register(self.abort, select.POLLIN)

    @property
    def alive(self) -> bool:
        return self._popen is not None and not self._has_exited()

    @property
    def stderr_dropped(self) -> int:
        return self._pipes.stderr_dropped if self._pipes else 0

    def _has_exited(self) -> bool:
        if not self._exited and self._popen is not None and self._popen.poll() is not None:
            self._exited = True
        return self._exited

    def send(self, data: bytes) -> None:
        """Write a line to the bot without ever blocking: what its full pipe does not take now
        is written while the referee waits for the bot; a closed stdin is noticed when its
        answer does not come."""
        if self._in < 0:
            return
        if self._pending:
            if len(self._pending) + len(data) <= PENDING_CAP:
                self._pending += data
            self._flush()
            return
        try:
            written = os.write(self._in, data)
        except BlockingIOError:
            written = 0
        except OSError:  # the bot closed its stdin (EPIPE): nothing more reaches it
            self._close_stdin()
            return
        if written < len(data):
            self._pending = data[written:]
            self._poll.register(self._in, select.POLLOUT)

    def _flush(self) -> None:
        while self._pending and self._in >= 0:
            try:
                written = os.write(self._in, self._pending)
            except BlockingIOError:
                return
            except OSError:
                self._close_stdin()
                return
            self._pending = self._pending[written:]
        if not self._pending and self._in >= 0:
            with contextlib.suppress(KeyError):
                self._poll.unregister(self._in)

    def _close_stdin(self) -> None:
        if self._in >= 0:
            with contextlib.suppress(KeyError):
                self._poll.unregister(self._in)
            os.close(self._in)
            self._in = -1
        self._pending = b""

    def _read_stdout(self) -> None:
        """One read a wake-up: what is taken in is bounded by one read, however fast a bot
        floods its stdout (lines are only read while a line is awaited and none is queued)."""
        pipes = self._pipes
        assert pipes is not None
        try:
            data = os.read(self._out, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            pipes.eof = True
            self._poll.unregister(self._out)
            return
        pipes.stdout(data, time.perf_counter())

    def _read_stderr(self) -> None:
        pipes = self._pipes
        assert pipes is not None
        while self._err >= 0:
            try:
                data = os.read(self._err, READ_SIZE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._poll.unregister(self._err)
                os.close(self._err)
                self._err = -1
                return
            pipes.stderr(data)
            if len(data) < READ_SIZE:
                return

    def _wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for anything from the bot and take it in; False when
        nothing came. Raises ``Aborted`` when the table's abort descriptor is readable."""
        ready = self._poll.poll(max(0, math.ceil(timeout * 1000)))
        self._take(ready)
        return bool(ready)

    def _take(self, ready: list[tuple[int, int]]) -> None:
        for fd, _ in ready:
            if fd == self._out:
                self._read_stdout()
            elif fd == self._err:
                self._read_stderr()
            elif fd == self._pidfd:
                self._poll.unregister(fd)
                self._exited = True
            elif fd == self._in:
                self._flush()
            elif fd == self.abort:
                raise Aborted
        if self._pidfd < 0 and not self._exited:
            self._has_exited()

    def cpu_seconds(self) -> float:
        """CPU seconds the bot has used so far (0.0 when it cannot be read)."""
        if self._cpu is None:
            usage = self.cgroup.cpu_usage_file() if self.cgroup is not None else None
            try:
                pid = self._bot_pid()
                self._cpu = CgroupCpuMeter(usage, pid) if usage else CpuMeter(pid)
            except OSError:
                return 0.0
        used = self._cpu.seconds()
        if used >= 0:
            self._last_cpu = used
            return used
        return 0.0

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

    def exchange(
        self, data: bytes, timeout: float, idle: Callable[[], None] | None = None
    ) -> tuple[bytes, float, float]:
        """Send one request line and wait up to ``timeout`` seconds for the answer: the line,
        the perf_counter time it was sent and the time the answer arrived; ``Fault`` on any
        failure. ``idle`` is work that can wait for the bot: it runs only when the answer is
        not there yet (a bot that answers at once is not waited for), while the bot thinks.

        The referee's hot path. When nothing is pending, buffered or ended, it is one write and
        one read: on one core the write hands the core to the bot, which mostly answers before
        the referee runs again, so a read that does not wait finds the whole line and no poll
        is made. Only when that read finds nothing does it poll (the bot's stdout, stderr,
        exit, and the table's abort), and anything but one whole line in one read goes the
        general way of ``read_line``."""
        pipes = self._pipes
        take = self._take_now
        assert pipes is not None and take is not None
        sent = _perf_counter()
        if (
            self._pending
            or self._in < 0
            or self._pidfd < 0
            or pipes.lines
            or pipes.buffer
            or pipes.overflow
            or pipes.eof
            or self._exited
        ):
            self.send(data)
            return self._answer(sent, timeout, idle)
        try:
            written = _write(self._in, data)
        except BlockingIOError:
            written = 0
        except OSError:  # the bot closed its stdin: its answer will not come
            self._close_stdin()
            return self._answer(sent, timeout, idle)
        if written < len(data):  # a full pipe: the rest is written while the bot is waited for
            self._pending = data[written:]
            self._poll.register(self._in, select.POLLOUT)
            return self._answer(sent, timeout, idle)
        try:
            got = take(READ_SIZE)
        except OSError:
            got = b""
        if got is None:
            if idle is not None:
                idle()
            left = sent + timeout - time.perf_counter()
            ready = self._poll.poll(max(0, math.ceil(left * 1000)))
            if len(ready) != 1 or ready[0][0] != self._out:
                self._take(ready)
                return self._answer(sent, timeout, None)
            try:
                got = take(READ_SIZE)
            except OSError:
                got = b""
            if got is None:  # woken for nothing: wait the ordinary way
                return self._answer(sent, timeout, None)
        arrived = _perf_counter()
        if got.endswith(b"\n") and got.find(b"\n") == len(got) - 1 and len(got) <= pipes.limit:
            return got[:-1], sent, arrived
        if got:
            pipes.stdout(got, arrived)
        else:
            pipes.eof = True
            self._poll.unregister(self._out)
        return self._answer(sent, timeout, None)

    def _answer(
        self, sent: float, timeout: float, idle: Callable[[], None] | None
    ) -> tuple[bytes, float, float]:
        line, arrived = self._read_line_by(sent + timeout, timeout, idle)
        return line, sent, arrived

    def read_line(
        self, timeout: float, idle: Callable[[], None] | None = None
    ) -> tuple[bytes, float]:
        """The next line and the perf_counter time it arrived; ``Fault`` on any failure.
        ``idle`` runs before the first wait, as in ``exchange``."""
        return self._read_line_by(time.perf_counter() + timeout, timeout, idle)

    def _read_line_by(
        self, deadline: float, timeout: float, idle: Callable[[], None] | None
    ) -> tuple[bytes, float]:
        """``read_line`` with its deadline given (``timeout`` only names it in a fault)."""
        pipes = self._pipes
        assert pipes is not None
        if pipes.lines:
            return pipes.lines.popleft()
        quiet = not (pipes.overflow or pipes.eof or self._exited)
        if idle is not None and quiet and not self._poll.poll(0):
            idle()
        if quiet and deadline <= time.perf_counter():
            # Asked only after its time (a seat's hello read once the seat before it used all
            # of its start-up time): what the pipe already holds came in time. Taken in once,
            # so that a bot is never faulted for a line no one had looked at yet.
            self._wait(0)
        while not (pipes.lines or pipes.overflow or pipes.eof or self._exited):
            left = deadline - time.perf_counter()
            if left <= 0:
                raise self._timeout_fault(timeout)
            # Without a pidfd an exit is only seen by asking: every 50 ms at most.
            self._wait(left if self._pidfd >= 0 else min(left, 0.05))
        if not pipes.lines and self._exited and not pipes.eof:
            self._drain()
        if pipes.lines:
            return pipes.lines.popleft()
        if pipes.overflow:
            raise Fault(
                "line_too_long",
                f"a line longer than {self.line_limit} bytes",
                pipes.overflow_start,
            )
        self._settle()
        raise self._ended_fault()

    def _timeout_fault(self, timeout: float) -> Fault:
        """A timeout, or — when the bot itself no longer holds its stdout while a sandbox's
        own processes (bwrap's) keep the pipe open — the closed stdout it really is."""
        if self._depth and self.sandbox.mode == "bwrap":
            bot = self._bot_pid()
            if bot != self.pid and not os.path.exists(f"/proc/{bot}/fd/1"):
                return Fault("closed_stdout", "the bot closed its stdout")
        return Fault("timeout", f"no answer within {timeout:.3f} s")

    def _drain(self) -> None:
        """The process has exited: let its last output arrive before judging it."""
        pipes = self._pipes
        assert pipes is not None
        deadline = time.perf_counter() + DRAIN_SECONDS
        while not (pipes.eof or pipes.lines or pipes.overflow):
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            self._wait(left)

    def _settle(self) -> None:
        """After stdout EOF, give the process a moment to exit so a crash is named a crash.

        Up to a second: on a loaded machine a bot killed for its memory closes its stdout well
        before its exit is reaped, and judging it early named it ``closed_stdout``. A bot that
        really closed its stdout and lives on costs that second once, at its fault."""
        deadline = time.perf_counter() + SETTLE_SECONDS
        while not self._has_exited():
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            self._wait(min(left, 0.005 if self._pidfd < 0 else left))

    def _ended_fault(self) -> Fault:
        code = self.returncode()
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
            if self.quote_stderr:
                said = self._last_stderr_line()
                why = f" ({said})" if said else ""
            else:
                why = " (its stderr log, which only its owner reads, says why)"
            return Fault("crash", f"the bot {how}: its program could not be run{where}{why}")
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
        return self._popen.poll() if self._popen is not None else None

    def stop(self, grace: float = 2.0, farewell: bytes | None = None) -> None:
        """Say goodbye, wait ``grace`` seconds for a clean exit, then kill the process group."""
        popen, pipes = self._popen, self._pipes
        if popen is None or pipes is None:
            return
        if farewell is not None and not self._has_exited():
            self.send(farewell)
        self._close_stdin()
        if self.abort is not None:  # a stop runs to its end: its own deadlines bound it
            self._poll.unregister(self.abort)
            self.abort = None
        deadline = time.perf_counter() + grace
        while not self._has_exited():
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            self._wait(min(left, 0.01 if self._pidfd < 0 else left))
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            if not self._has_exited():
                with contextlib.suppress(ProcessLookupError):
                    popen.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            popen.wait(2.0)
        self._exited = True
        drained = time.perf_counter() + DRAIN_SECONDS
        stderr_only = select.poll()
        if self._err >= 0:
            stderr_only.register(self._err, _IN)
        while self._err >= 0 and time.perf_counter() < drained:  # its last words go to its log
            if not stderr_only.poll(0):
                break
            self._read_stderr()
        for fd in (self._out, self._err, self._pidfd):
            if fd >= 0:
                os.close(fd)
        self._out = self._err = self._pidfd = -1
        self._poll = select.poll()
        cgroup, self.cgroup = self.cgroup, None
        for _ in range(200):
            if cgroup is None or cgroup.remove(within=0):
                break
            time.sleep(0.01)
        workdir, self.workdir = self.workdir, None
        if workdir is not None:
            remove_workdir(workdir)
        if self._cpu is not None:
            self._cpu.close()
        if self._log is not None:
            if pipes.stderr_dropped:
                self._log.write(
                    f"\n[referee: {pipes.stderr_dropped} more bytes of stderr dropped]\n".encode()
                )
            self._log.close()
            self._log = None
        self._popen = None
        if pipes.log_error is not None:
            raise pipes.log_error
