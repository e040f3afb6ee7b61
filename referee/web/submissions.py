"""A contestant's submission, from upload to entrant: unpack, build, check, admit.

Each step's outcome is written to the ``submissions`` table as it happens, and the step that
is slow (build and conformance check) runs in one worker thread, one submission at a time, so
the server keeps answering meanwhile. A submission the server was working on when it stopped
is taken up again when it starts: nothing a contestant sent is lost.

Files live under the ladder's files folder, ``submissions/ACCOUNT/ID/``: the upload as it
came, ``bot/`` (the unpacked files: the only folder of the machine the bot's sandbox shows
it, besides the system and its interpreter), ``manifest.json`` (how the referee starts it,
written by the server, never by the contestant) and ``build.log``. No page serves them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import queue
import sqlite3
import stat
import threading
import time
from pathlib import Path
from typing import Any

from referee.ladder import admission, contest, finalists, paths, ratings, store
from referee.players.botspec import (
    BotCommand,
    BotSpec,
    BotSpecError,
    check_words,
    command_words,
    parse_bot,
    read_manifest,
)
from referee.players.sandbox import SandboxError, remove_workdir, visible_paths
from referee.web import archive, database
from referee.web.accounts import Account
from referee.web.build import run_build
from referee.web.settings import ServerSettings
from thousand.errors import ThousandError

SCHEMA = """
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    created TEXT NOT NULL,
    created_unix REAL NOT NULL,
    filename TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'building', 'checking', 'accepted',
                                           'refused', 'error')),
    reasons TEXT NOT NULL DEFAULT '[]',
    build TEXT,
    report TEXT,
    version INTEGER,
    finished TEXT
);
CREATE INDEX IF NOT EXISTS submissions_account ON submissions (account_id, created_unix);
CREATE TABLE IF NOT EXISTS account_entrants (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id),
    entrant_id INTEGER UNIQUE NOT NULL REFERENCES entrants (id)
);
"""

IN_PROGRESS = ("queued", "building", "checking")
LOG_SHOWN = 64 << 10
log = logging.getLogger("thousand.submissions")


class BotToml(BotCommand):
    """``bot.toml`` at the top of an archive: how to start the bot and how to build it
    (``command``, ``env``, ``build``: checked as the command line checks a manifest, which
    accepts the same file and leaves the build to its author)."""


def folder_of(db_path: Path, account_id: int, submission_id: int) -> Path:
    return paths.files_dir(db_path) / "submissions" / str(account_id) / str(submission_id)


class Refused(ThousandError):
    """A submission the server will not take; ``status`` is the HTTP code to answer, and
    ``retry_after`` the seconds after which the same request would be taken (the rate limit's
    429: its ``Retry-After``)."""

    def __init__(self, status: int, reason: str, retry_after: int | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.retry_after = retry_after


RATE_WINDOW = 3600.0
"""The rate limit counts an account's submissions of the last hour."""


def retry_after(oldest: float, now: float) -> int:
    """Whole seconds until the oldest submission in the window leaves it (at least 1: a
    client told 0 would ask again at once and be refused again)."""
    return max(1, math.ceil(oldest + RATE_WINDOW - now))


def weak_sandbox(db: sqlite3.Connection, settings: ServerSettings) -> str | None:
    """Why this server must not take submissions (its bots could read each other's files), or
    None. Bots of strangers need bwrap; the organiser can say otherwise, explicitly."""
    if settings.allow_weak_sandbox:
        return None
    meta = store.read_meta(db)
    try:
        terms = admission.terms(meta)
    except SandboxError as error:
        return str(error)
    if terms.sandbox.mode != "bwrap":
        return (
            f"this ladder runs its bots under --sandbox {terms.sandbox.mode}, where a bot can "
            "read the others' files: submissions are closed (the organiser may serve with "
            "--allow-weak-sandbox)"
        )
    return None


def accept_upload(
    db: sqlite3.Connection,
    db_path: Path,
    settings: ServerSettings,
    account: Account,
    data: bytes,
    filename: str | None,
) -> int:
    """Take an upload: rate limit, store, unpack (refusing a hostile archive at once); the
    build and the check follow in the worker. Returns the submission's id."""
    if account.organiser:
        raise Refused(403, "an organiser's account has no bot to submit")
    why = weak_sandbox(db, settings)
    if why is not None:
        raise Refused(503, why)
    closed = contest.entry_refusal(store.read_meta(db), contest.now())
    if closed is not None:
        raise Refused(403, closed)
    now = store.now_iso()
    moment = time.time()
    with store.transaction(db):
        busy = db.execute(
            "SELECT COUNT(*) FROM submissions WHERE account_id = ? AND status IN (?, ?, ?)",
            (account.id, *IN_PROGRESS),
        ).fetchone()[0]
        if busy:
            raise Refused(429, "your previous submission is still being built or checked")
        # A submission the server failed ('error') cost the contestant nothing: not counted.
        recent, oldest = db.execute(
            "SELECT COUNT(*), MIN(created_unix) FROM submissions WHERE account_id = ? "
            "AND created_unix > ? AND status != 'error'",
            (account.id, moment - RATE_WINDOW),
        ).fetchone()
        if recent >= settings.submissions_per_hour:
            wait = retry_after(float(oldest), moment)
            when = time.strftime("%H:%M:%S UTC", time.gmtime(moment + wait))
            raise Refused(
                429,
                f"at most {settings.submissions_per_hour} submissions an hour; try again in "
                f"{wait} s (at {when}), when your oldest submission of the hour leaves the count",
                retry_after=wait,
            )
        shown = archive.safe_filename(filename) if filename else "upload"
        cursor = db.execute(
            "INSERT INTO submissions (account_id, created, created_unix, filename, bytes, status)"
            " VALUES (?, ?, ?, ?, ?, 'queued')",
            (account.id, now, moment, shown, len(data)),
        )
        submission = int(cursor.lastrowid or 0)
    folder = folder_of(db_path, account.id, submission)
    try:
        folder.mkdir(parents=True, exist_ok=False, mode=0o700)
        (folder / "upload").write_bytes(data)
        bot = folder / "bot"
        bot.mkdir(mode=0o755)
        unpacked = archive.unpack(data, filename, bot, settings.upload)
        _write_manifest(folder, unpacked)
        digest = archive.content_digest(bot)
        (folder / CONTENT_DIGEST).write_text(digest)
    except (archive.ArchiveError, BotSpecError) as error:
        _give_up(db, folder, submission, "refused", str(error))
        raise Refused(422, str(error)) from None
    except OSError as error:
        why = f"cannot store the upload: {error.strerror}"
        log.error("submission %s: %s (%s)", submission, why, error.filename)
        _give_up(db, folder, submission, "error", why)
        raise Refused(507 if store.is_disk_full(error) else 500, why) from None
    except Exception as error:
        # A bug of the server's, not the contestant's doing: logged for the organiser, and
        # the submission still ends, so that the account is not locked out (429) for ever.
        log.exception("submission %s: storing the upload failed", submission)
        why = f"the server failed: {type(error).__name__}"
        _give_up(db, folder, submission, "error", why)
        raise Refused(500, why) from None
    same = _plays_already(db, account, digest)
    if same is not None:
        _give_up(db, folder, submission, "refused", same)
        raise Refused(409, same)
    return submission


CONTENT_DIGEST = "content.sha256"
"""A submission's file holding the digest of what its upload unpacked to, before any build
(``archive.content_digest``): what a new upload is compared with."""


def _plays_already(db: sqlite3.Connection, account: Account, digest: str) -> str | None:
    """Why an upload whose content digests to ``digest`` is no new version: the account's
    entrant plays that very content now (a second upload of it would only make a version
    that differs in its number). None when it is new, or when the version played was not
    uploaded here (added by ``ladder add``, or before the digest was kept)."""
    playing = db.execute(
        "SELECT e.bot, e.version FROM account_entrants a JOIN entrants e ON e.id = a.entrant_id "
        "WHERE a.account_id = ?",
        (account.id,),
    ).fetchone()
    if playing is None:
        return None
    folder = Path(playing["bot"]).parent
    try:
        kept = (folder / CONTENT_DIGEST).read_text().strip()
    except (OSError, UnicodeDecodeError):
        return None
    if kept != digest:
        return None
    return (
        f"this upload holds the same files as version {playing['version']} (submission "
        f"#{folder.name}), which your entrant plays now: no new version made"
    )


def _give_up(db: sqlite3.Connection, folder: Path, submission: int, status: str, why: str) -> None:
    """End a submission the server will not process: its final status and reason, and none of
    its program files kept."""
    _finish(db, submission, status, [why])
    for name in PROGRAM_FILES:
        remove_workdir(folder / name)


def _bot_toml(folder: Path) -> BotToml:
    """The upload's ``bot.toml``, read by the command line's own reader (its limits of size,
    depth and types), its command and build checked as the command line checks a command:
    whatever is wrong with it is one line for the contestant, now, not a crash in the worker."""
    where = f"bot manifest {archive.MANIFEST}"
    toml = read_manifest(folder / "bot" / archive.MANIFEST, BotToml, shown=archive.MANIFEST)
    command_words(toml.command, where)
    if isinstance(toml.build, list):
        check_words(toml.build, f"{where}: build")
    elif toml.build is not None:
        check_words([toml.build], f"{where}: build")
    return toml


def _write_manifest(folder: Path, unpacked: archive.Unpacked) -> None:
    """The referee's manifest for this bot: its command, run in (and showing it only) ``bot/``.
    The build command, if any, waits in ``build.json`` for the worker."""
    build: str | list[str] | None = None
    env: dict[str, str] = {}
    if unpacked.kind == "file":
        program = unpacked.program or "bot"
        command: str | list[str] = (
            ["python3", program] if program.endswith(".py") else [f"./{program}"]
        )
    else:
        toml = _bot_toml(folder)
        command, build, env = toml.command, toml.build, toml.env
    manifest = {"command": command, "cwd": "bot", "env": env}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    (folder / "build.json").write_text(json.dumps({"build": build}))


def _finish(
    db: sqlite3.Connection,
    submission: int,
    status: str,
    reasons: list[str],
    **fields: Any,
) -> None:
    columns = ", ".join(f"{k} = ?" for k in fields)
    with store.transaction(db):
        db.execute(
            "UPDATE submissions SET status = ?, reasons = ?, finished = ?"
            + (", " + columns if columns else "")
            + " WHERE id = ?",
            (status, json.dumps(reasons), store.now_iso(), *fields.values(), submission),
        )


def _step(db: sqlite3.Connection, submission: int, status: str, **fields: Any) -> None:
    columns = "".join(f", {k} = ?" for k in fields)
    with store.transaction(db):
        db.execute(
            f"UPDATE submissions SET status = ?{columns} WHERE id = ?",
            (status, *fields.values(), submission),
        )


def _exposes_ladder(spec: BotSpec, db_path: Path, own: Path) -> str | None:
    """What the bot's sandbox would show it must be its own folder and its runtime, never the
    ladder (its database, replays, others' submissions)."""
    ladder = db_path.resolve()
    files = paths.files_dir(ladder)
    for named in spec.own:
        if not Path(named).resolve().is_relative_to(own):
            return f"the bot names files outside its own folder ({named})"
    for named in visible_paths(spec.argv, spec.own):
        seen = Path(named).resolve()
        if ladder.is_relative_to(seen) or files.is_relative_to(seen):
            return f"the bot's interpreter ({seen}) holds the ladder: its sandbox would show it"
    return None


def process(db_path: Path, settings: ServerSettings, submission: int) -> None:
    """Build and check one queued submission, then admit it or say why not; then remove the
    program files its account no longer plays."""
    db = database.connect(db_path)
    try:
        _process(db, db_path, settings, submission)
    except Exception as error:  # one submission's failure must not stop the worker
        log.exception("submission %s failed", submission)
        with contextlib.suppress(Exception):
            _finish(db, submission, "error", [f"the server failed: {type(error).__name__}"])
    try:
        row = db.execute(
            "SELECT account_id FROM submissions WHERE id = ?", (submission,)
        ).fetchone()
        if row is not None:
            prune(db, db_path, int(row["account_id"]))
    except Exception:  # a file that will not go: tried again after the next submission
        log.exception("submission %s: pruning the account's old files failed", submission)
    finally:
        db.close()


PROGRAM_FILES = ("upload", "bot")
"""What a submission's folder holds of the program itself: the upload as sent and the bot
unpacked and built from it — up to the upload and unpacked limits, each time."""


VERSIONS_KEPT = 3
"""An account's latest accepted versions whose program files are kept (beside the one its
entrant plays and any marked for the final): a contestant may mark any of them as the version
to play the final (``referee.ladder.finalists``), and what an account keeps on disk stays
bounded by this many uploads."""

RECORDS_KEPT = 20
"""Submissions of an account whose folder (build log, manifest, build record) is kept: the
latest ones. An older one keeps its row (status, reasons, build summary, check report) and
loses its folder, so that what an account leaves on disk is bounded — at most this many
build logs of 1 MiB — however long the contest runs at six submissions an hour."""


def prune(db: sqlite3.Connection, db_path: Path, account_id: int) -> None:
    """Remove the program files of the account's finished submissions, except the version its
    entrant plays, any version a running match still plays (it is pruned after a later
    submission), its latest ``VERSIONS_KEPT`` accepted versions and any marked for, or taken
    into, the final; and the whole folder of every finished submission older than the latest
    ``RECORDS_KEPT`` (with the same exceptions). Without this a contestant could fill the disk
    within the rate limit, each upload and build log kept forever. What stays of a recent
    submission — its build log, build record and manifest, its reasons and check report in
    the database — is all /mine shows; of an older one, its row."""
    link = db.execute(
        "SELECT e.id, e.bot FROM entrants e JOIN account_entrants a ON a.entrant_id = e.id "
        "WHERE a.account_id = ?",
        (account_id,),
    ).fetchone()
    playing: set[int] = set()
    if link is not None:
        entrant = int(link["id"])
        for row in db.execute("SELECT entrants, versions FROM matches WHERE status = 'running'"):
            for who, version in zip(
                json.loads(row["entrants"]), json.loads(row["versions"]), strict=True
            ):
                if who == entrant:
                    playing.add(int(version))
        playing |= finalists.kept_versions(db, entrant)
        playing |= {
            int(r[0])
            for r in db.execute(
                "SELECT version FROM submissions WHERE account_id = ? AND status = 'accepted' "
                "AND version IS NOT NULL ORDER BY id DESC LIMIT ?",
                (account_id, VERSIONS_KEPT),
            )
        }
    active = Path(link["bot"]).resolve().parent if link is not None else None
    finished = db.execute(
        "SELECT id, status, version FROM submissions WHERE account_id = ? "
        "AND status NOT IN (?, ?, ?) ORDER BY id DESC",
        (account_id, *IN_PROGRESS),
    ).fetchall()
    recent = {
        int(row["id"])
        for row in db.execute(
            "SELECT id FROM submissions WHERE account_id = ? ORDER BY id DESC LIMIT ?",
            (account_id, RECORDS_KEPT),
        )
    }
    for row in finished:
        folder = folder_of(db_path, account_id, int(row["id"]))
        if folder.resolve() == active or (
            row["status"] == "accepted" and row["version"] in playing
        ):
            continue
        if int(row["id"]) in recent:
            for name in PROGRAM_FILES:
                remove_workdir(folder / name)
        else:
            remove_workdir(folder)


def _process(
    db: sqlite3.Connection, db_path: Path, settings: ServerSettings, submission: int
) -> None:
    row = db.execute("SELECT * FROM submissions WHERE id = ?", (submission,)).fetchone()
    if row is None or row["status"] not in IN_PROGRESS:
        return
    folder = folder_of(db_path, row["account_id"], submission)
    try:
        terms = admission.terms(store.read_meta(db))
    except SandboxError as error:
        _finish(db, submission, "error", [str(error)])
        return
    try:
        build = json.loads((folder / "build.json").read_text()).get("build")
    except (OSError, ValueError):  # the server stopped while it stored the upload
        _finish(
            db, submission, "error", ["the upload was cut short by a server restart: send it again"]
        )
        return
    if build:
        _step(db, submission, "building")
        result = run_build(
            folder / "bot", build, terms.sandbox, settings.build, folder / "build.log"
        )
        built = {"ok": result.ok, "summary": result.summary, "seconds": round(result.seconds, 2)}
        _step(db, submission, "building", build=json.dumps(built))
        if not result.ok:
            _finish(db, submission, "refused", [f"build: {result.summary}"])
            return
    _step(db, submission, "checking")
    try:
        spec = parse_bot(str(folder / "manifest.json"))
    except BotSpecError as error:
        _finish(db, submission, "refused", [str(error).replace(str(folder) + "/", "")])
        return
    exposed = _exposes_ladder(spec, db_path, (folder / "bot").resolve())
    if exposed is not None:
        _finish(db, submission, "refused", [exposed])
        return
    report = asyncio.run(admission.check(spec, terms))
    shown = json.dumps(report.to_json())
    if report.problems:
        reasons = ["the conformance check: " + r for r in admission.reasons(report)]
        _finish(db, submission, "refused", reasons, report=shown)
        return
    try:
        version = _admit(db, settings, row["account_id"], str(folder / "manifest.json"), spec)
    except Refused as error:
        _finish(db, submission, "refused", [error.reason], report=shown)
        return
    _finish(db, submission, "accepted", [], report=shown, version=version)


def _admit(
    db: sqlite3.Connection, settings: ServerSettings, account_id: int, bot: str, spec: BotSpec
) -> int:
    """The account's entrant plays this bot from now on: created, or a new version of it."""
    start = ratings.Rating()
    with store.transaction(db):
        account = db.execute(
            "SELECT name, revoked FROM accounts WHERE id = ?", (account_id,)
        ).fetchone()
        if account is None or account["revoked"]:
            raise Refused(403, "the account was revoked")
        link = db.execute(
            "SELECT entrant_id FROM account_entrants WHERE account_id = ?", (account_id,)
        ).fetchone()
        if link is None:
            taken = db.execute(
                "SELECT 1 FROM entrants WHERE name = ?", (account["name"],)
            ).fetchone()
            if taken is not None:
                raise Refused(409, f"an entrant named {account['name']!r} exists already")
            cursor = db.execute(
                "INSERT INTO entrants (name, bot, digest, added, mu, sigma) VALUES (?,?,?,?,?,?)",
                (account["name"], bot, spec.digest, store.now_iso(), start.mu, start.sigma),
            )
            entrant = int(cursor.lastrowid or 0)
            db.execute("INSERT INTO account_entrants VALUES (?, ?)", (account_id, entrant))
            store.record_version(db, entrant, 1, bot, spec.digest)
            return 1
        entrant = int(link["entrant_id"])
        db.execute(
            "UPDATE entrants SET bot = ?, digest = ?, version = version + 1 WHERE id = ?",
            (bot, spec.digest, entrant),
        )
        if settings.on_resubmit == "reset":
            db.execute(
                "UPDATE entrants SET mu = ?, sigma = ? WHERE id = ?",
                (start.mu, start.sigma, entrant),
            )
            db.execute(
                "INSERT INTO rating_events (kind, entrant_id) VALUES ('reset', ?)", (entrant,)
            )
        version = db.execute("SELECT version FROM entrants WHERE id = ?", (entrant,)).fetchone()
        store.record_version(db, entrant, int(version[0]), bot, spec.digest)
        return int(version[0])


def tail(path: Path, limit: int = LOG_SHOWN) -> str | None:
    """The end of a log, as text (what its owner sees of it). Never through a link: where a
    build or a bot could write next to its log (a weak sandbox), it must not be able to turn
    its log into a view of another file."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    with os.fdopen(handle, "rb") as log:
        if not stat.S_ISREG(os.fstat(log.fileno()).st_mode):
            return None
        size = log.seek(0, 2)
        log.seek(max(0, size - limit))
        data = log.read()
    return ("…" if size > limit else "") + data.decode("utf-8", "replace")


MATCH_LOGS = 5
MATCH_LOG_SHOWN = 16 << 10


def match_logs(db: sqlite3.Connection, db_path: Path, entrant_id: int) -> list[dict[str, Any]]:
    """What the entrant's bot wrote on stderr in its latest finished matches (its owner's to
    read, nobody else's): the end of each log file of its seat."""
    # By the result's match (the same order): SQLite then walks the entrant's results, not
    # every done match (1.4 s at a million matches for an entrant yet to finish one).
    rows = db.execute(
        "SELECT m.id, m.entrants, m.finished FROM results r JOIN matches m ON m.id = r.match_id "
        "WHERE r.entrant_id = ? AND m.status = 'done' ORDER BY r.match_id DESC LIMIT ?",
        (entrant_id, MATCH_LOGS),
    ).fetchall()
    shown = []
    for row in rows:
        seat = json.loads(row["entrants"]).index(entrant_id)
        folder = paths.files_dir(db_path) / "replays" / f"match-{row['id']:06d}" / "logs"
        files = sorted(folder.glob(f"bot{seat}-*")) if folder.is_dir() else []
        logs = [
            {"file": f.name, "text": tail(f, MATCH_LOG_SHOWN) or ""}
            for f in files
            if f.is_file() and not f.is_symlink()
        ]
        shown.append({"match": row["id"], "finished": row["finished"], "logs": logs})
    return shown


def mine(db: sqlite3.Connection, db_path: Path, account: Account) -> dict[str, Any]:
    """Everything the account's owner may see of their submissions and entrant."""
    rows = db.execute(
        "SELECT * FROM submissions WHERE account_id = ? ORDER BY id DESC LIMIT 50", (account.id,)
    ).fetchall()
    link = db.execute(
        "SELECT e.* FROM account_entrants a JOIN entrants e ON e.id = a.entrant_id "
        "WHERE a.account_id = ?",
        (account.id,),
    ).fetchone()
    entrant = None
    if link is not None:
        entrant = {
            "name": link["name"],
            "version": link["version"],
            "enabled": bool(link["enabled"]),
            "mu": link["mu"],
            "sigma": link["sigma"],
            "games": link["games"],
            "faults": link["faults"],
        }
    shown = []
    for row in rows:
        folder = folder_of(db_path, account.id, row["id"])
        build = json.loads(row["build"]) if row["build"] else None
        if build is not None:
            build["log"] = tail(folder / "build.log")
        shown.append(
            {
                "id": row["id"],
                "created": row["created"],
                "filename": row["filename"],
                "bytes": row["bytes"],
                "status": row["status"],
                "reasons": json.loads(row["reasons"]),
                "build": build,
                "check": json.loads(row["report"]) if row["report"] else None,
                "version": row["version"],
                "finished": row["finished"],
            }
        )
    logs = match_logs(db, db_path, int(link["id"])) if link is not None else []
    final = None
    if link is not None:
        final = finalists.choice(db, store.entrant_by_name(db, str(link["name"])))
    return {
        "name": account.name,
        "entrant": entrant,
        "submissions": shown,
        "matches": logs,
        "final": final,
    }


class Worker:
    """The one thread that builds and checks submissions, in the order they came."""

    def __init__(self, db_path: Path, settings: ServerSettings) -> None:
        self.db_path = db_path
        self.settings = settings
        self.queue: queue.Queue[int | None] = queue.Queue()
        self.thread = threading.Thread(target=self._loop, name="submissions", daemon=True)

    def start(self, db: sqlite3.Connection) -> None:
        """Start, taking up what a stopped server left half done."""
        left = db.execute(
            "SELECT id FROM submissions WHERE status IN (?, ?, ?) ORDER BY id", IN_PROGRESS
        ).fetchall()
        for row in left:
            self.queue.put(int(row["id"]))
        self.thread.start()

    def submit(self, submission: int) -> None:
        self.queue.put(submission)

    def stop(self) -> None:
        self.queue.put(None)

    def _loop(self) -> None:
        while (submission := self.queue.get()) is not None:
            process(self.db_path, self.settings, submission)
