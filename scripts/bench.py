"""`make bench`: every page of issue 11 measured against a bare Django view, in one run.

For each database (SQLite in a throwaway file, PostgreSQL in a throwaway database when
a server answers), it migrates, fills the data set of `scorepad.bench.data`, starts
gunicorn on a loopback port with the production settings and the repository's
`gunicorn.conf.py` (2 sync workers without one), and measures each page with wrk:
requests per second, p50/p99 latency, the response's bytes as a browser receives them,
and the ratio to the bare view, loaded just before each of the page's runs (REPEATS).
Two more references have no target: a 5 KB template, and a small write (a form POSTed,
its session saved, the template as the answer) to set the round POST against.
It prints one table and exits 1 when a target is
missed (2 when the benchmark itself could not run). It stops the server and drops the
databases it made whatever happens.

On PostgreSQL it then runs the live table (`scripts/bench_live.py`): LIVE_TABLES
tables, each with a scorer recording a round every LIVE_ROUND_EVERY seconds and
LIVE_FOLLOWERS phones following its board, for BENCH_LIVE_SECONDS; it reports requests
per second, the followers' delay (p50/p99) and checks that no request failed and that
every match holds exactly the rounds its scorer recorded.

Environment: BENCH_SECONDS (per page, default 4), BENCH_REPEATS (runs of each page,
default 3; the best counts), BENCH_LIVE_SECONDS (default 60; 0
skips the live table), BENCH_PAGES (page keys, comma-separated: measure only those, e.g.
"live"), BENCH_DATABASES (default "sqlite,postgres"), BENCH_POSTGRES_URL
(a role that may create databases, default
postgres://scorepad:scorepad@127.0.0.1:5432/postgres), BENCH_POSTGRES_DB (default
scorepad_bench; it must start with "scorepad_bench": it is dropped and recreated).
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import itertools
import json
import math
import os
import platform
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))
import bench_live

from scorepad.limits import MAX_MATCHES_PER_DAY

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "var" / "bench"
LUA = ROOT / "scripts" / "bench-round.lua"
FORM_LUA = ROOT / "scripts" / "bench-form.lua"
PY = sys.executable

THREADS, CONNECTIONS = 2, 16
WARMUP_SECONDS = 1
# Each page is loaded REPEATS times, each time just after the bare view (BARE_SECONDS),
# and its ratio is its best run to the best of those bare runs: on a shared machine
# other work only ever slows a run down, so the best is the least disturbed (as
# Python's timeit takes the fastest of its repeats), and a page is compared with the
# bare view as the machine was while it was measured.
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
BARE_SECONDS = 2
# A page slower than this (seconds, one request alone) is timed alone, not loaded with
# wrk: 16 connections would wait longer than wrk's timeout. Not timed twice past the limit.
ALONE_OVER, ALONE_LIMIT = 0.6, 30.0
# A slow page is loaded longer, up to this; fewer requests than this are flagged.
MAX_SECONDS, FEW_REQUESTS = 10, 20
# Matches the round POSTs write to, all of them in every wrk run: 24 per connection, so
# that a match comes round again only after 192 requests of its wrk thread, long after
# its previous round was answered (with 6 per connection, one answer slower than some 40
# others let a match's next round arrive first: refused, and so were all its later ones).
# Within the 500 matches an owner may set up in a day (`limits.MAX_MATCHES_PER_DAY`).
POOL = 384
RECORDED_AT_LEAST = 0.95
LIVE_TABLES, LIVE_FOLLOWERS, LIVE_ROUND_EVERY = 100, 5, 20.0
LIVE_DELAY_P99 = 2.0  # seconds: "within two seconds of its recording"
KB = 1000

BROWSER_HEADERS = {
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Encoding": "gzip, deflate, br",
    "Accept-Language": "en",
    "User-Agent": "scorepad-bench",
}
DEFAULT_POSTGRES = "postgres://scorepad:scorepad@127.0.0.1:5432/postgres"
BENCH_DB_NAME = re.compile(r"scorepad_bench(_[a-z0-9_]+)?")


class BenchError(Exception):
    """The benchmark itself could not run (not a missed target)."""


@dataclass(frozen=True)
class Page:
    key: str
    label: str
    path: str  # may name a match of the data set: {board10}, {board200}
    owner: str | None = None  # whose session cookie the browser holds
    target: float | None = None  # least ratio to the bare view
    flat_of: str | None = None  # at least FLAT times as fast as this page
    load_budget: int | None = None  # bytes of the first load, page and its assets
    post: bool = False  # the round POST, on a pool of matches (`measure_post`)
    form: str | None = None  # a form's body POSTed again and again (a reference write)


FLAT = 0.8
POST_BUDGET = 10 * KB
PAGES = (
    Page("bare", "bare view (ok)", "/bench/ok/"),
    Page("template", "5 KB template", "/bench/template/"),
    Page("write", "small write: session saved, 5 KB template", "/bench/write/", "10", form="n=1"),
    Page("home", "home, first visit", "/", target=0.5),
    Page("home_back", "home, returning", "/", owner="10", target=0.5),
    Page("rules", "rules page, Cabo", "/rules/cabo/", target=0.5),
    Page("board10", "scoreboard, 10 rounds", "{board10}", "boards", 0.3, None, 60 * KB),
    Page("board200", "scoreboard, 200 rounds", "{board200}", "boards", 0.3, "board10", 80 * KB),
    Page("post", "round POST (htmx)", "{pool}", "writer", 0.2, post=True),
    Page("history10", "history, 10 matches", "/history/", "10"),
    Page("history5000", "history, 5,000 matches", "/history/", "5000", 0.25, "history10"),
    Page("players10", "players, 10 matches", "/history/players/", "10"),
    Page("players5000", "players, 5,000 matches", "/history/players/", "5000", 0.25, "players10"),
)
LIVE_PAGE = Page("live", "live table: scorers and followers", "/live/")
LABELS = {page.key: page.label for page in (*PAGES, LIVE_PAGE)}


@dataclass
class Result:
    db: str
    page: Page
    rps: float | None = None
    p50: float | None = None  # milliseconds
    p99: float | None = None
    bytes: int | None = None
    alone: bool = False  # too slow for wrk: one request timed on its own
    measured: list[str] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    ratio: float | None = None
    bare: float | None = None  # the bare view's req/s beside this page's runs
    flat: float | None = None  # req/s against its `flat_of` page's, loaded by turns


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# Processes ---------------------------------------------------------------------------


def run(args: list[str], env: dict[str, str], timeout: float, what: str) -> str:
    try:
        done = subprocess.run(
            args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        raise BenchError(f"{what}: no answer after {timeout:.0f} s") from None
    if done.returncode != 0:
        raise BenchError(f"{what} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return done.stdout


def manage(env: dict[str, str], *args: str, timeout: float = 300) -> str:
    return run([PY, "manage.py", *args], env, timeout, f"manage.py {args[0]}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def gunicorn_options() -> tuple[list[str], str]:
    config = ROOT / "gunicorn.conf.py"
    if config.exists():
        return ["--config", str(config)], "the repository's gunicorn.conf.py"
    return ["--workers", "2", "--worker-class", "sync"], "2 sync workers (no gunicorn.conf.py)"


class Server:
    """gunicorn on a loopback port, in a process group of its own; stopped on exit."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = env
        self.log_path = log
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        options, _ = gunicorn_options()
        self.log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [PY, "-m", "gunicorn", "scorepad.wsgi", *options, "--bind", f"127.0.0.1:{self.port}"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"gunicorn stopped at start-up:\n{self.log_tail()}")
            try:
                if fetch(self.port, "GET", "/bench/ok/", {}).status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise BenchError(f"gunicorn did not answer within 30 s:\n{self.log_tail()}")

    def __exit__(self, *exc) -> None:
        self.stop()
        self.log.close()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        group = self.process.pid  # start_new_session: the group is the master's pid
        os.killpg(group, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(group, signal.SIGKILL)
            self.process.wait(timeout=5)
        with contextlib.suppress(ProcessLookupError):  # workers of a master that died first
            os.killpg(group, signal.SIGKILL)

    def log_tail(self) -> str:
        self.log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-30:])


# Databases ---------------------------------------------------------------------------


class SQLiteDatabase:
    name = "SQLite"

    def __init__(self) -> None:
        self.path = WORK / "bench.sqlite3"

    def _remove(self) -> None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)

    def __enter__(self) -> str:
        self._remove()
        return f"sqlite:///{self.path}"

    def __exit__(self, *exc) -> None:
        self._remove()


class PostgresDatabase:
    """A database of its own on the local server, dropped at the end."""

    name = "PostgreSQL"

    def __init__(self, admin_url: str, database: str) -> None:
        if not BENCH_DB_NAME.fullmatch(database):
            raise BenchError(f'BENCH_POSTGRES_DB must start with "scorepad_bench"; got {database}')
        self.admin_url = admin_url
        self.database = database
        parts = urlsplit(admin_url)
        self.url = urlunsplit(parts._replace(path=f"/{database}"))
        self.where = f"{parts.hostname}:{parts.port or 5432}"

    def reachable(self) -> str | None:
        """None when the server answers, else why not."""
        import psycopg

        try:
            with psycopg.connect(self.admin_url, connect_timeout=3):
                return None
        except psycopg.Error as error:
            return str(error).strip().splitlines()[0]

    def _execute(self, statement: str) -> None:
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=5) as connection:
            connection.execute(sql.SQL(statement).format(sql.Identifier(self.database)))

    def __enter__(self) -> str:
        self._execute("DROP DATABASE IF EXISTS {} WITH (FORCE)")
        self._execute("CREATE DATABASE {}")
        return self.url

    def __exit__(self, *exc) -> None:
        self._execute("DROP DATABASE IF EXISTS {} WITH (FORCE)")


# HTTP --------------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes  # as sent: still compressed when the server compressed it
    seconds: float

    def text(self) -> str:
        encoding = (self.headers.get("Content-Encoding") or "").strip()
        body = self.body
        if encoding == "gzip":
            body = gzip.decompress(body)
        elif encoding == "deflate":
            body = zlib.decompress(body)
        elif encoding:
            raise BenchError(f"cannot read a {encoding} answer")
        return body.decode("utf-8", errors="replace")


def fetch(port: int, method: str, path: str, headers: dict, body: str | None = None) -> Answer:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        content = response.read()
        return Answer(response.status, response.headers, content, time.perf_counter() - started)
    finally:
        connection.close()


class Assets(HTMLParser):
    """What a browser fetches after the HTML: stylesheets, icons, scripts, images."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        rel = (values.get("rel") or "").split()
        if tag == "link" and {"stylesheet", "icon", "preload", "modulepreload"} & set(rel):
            self.urls.append(values.get("href") or "")
        elif tag in {"script", "img"} and values.get("src"):
            self.urls.append(values["src"] or "")


def first_load(port: int, path: str, headers: dict, page_bytes: int) -> tuple[int, list[str]]:
    """Bytes of a first visit: the page, then each asset it names, compressed as served."""
    plain = fetch(port, "GET", path, {**headers, "Accept-Encoding": "identity"})
    parser = Assets()
    parser.feed(plain.text())
    total, faults = page_bytes, []
    for url in dict.fromkeys(parser.urls):
        parts = urlsplit(url)
        if parts.netloc and parts.netloc != f"127.0.0.1:{port}":
            faults.append(f"asset from another site not counted: {url}")
            continue
        asset = fetch(port, "GET", parts.path or "/", {**BROWSER_HEADERS})
        if asset.status != 200:
            faults.append(f"asset {url}: status {asset.status}")
        total += len(asset.body)
    return total, faults


# wrk ---------------------------------------------------------------------------------

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def milliseconds(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * UNITS[unit]


@dataclass
class Load:
    seconds: int
    rps: float
    p50: float | None
    p99: float | None
    requests: int
    non_2xx: int
    socket_errors: int


def wrk(url: str, headers: dict, seconds: int, log: Path, script: list[str] | None = None) -> Load:
    args = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency"]
    args += ["--timeout", "10s"]
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    if script:
        args += ["-s", script[0], url, "--", *script[1:]]
    else:
        args.append(url)
    output = run(args, dict(os.environ), seconds + 60, "wrk")
    log.write_text(output)
    found = re.search(r"Requests/sec:\s+([\d.]+)", output)
    if not found:
        raise BenchError(f"cannot read wrk's output:\n{output}")
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", output, re.MULTILINE))
    requests = re.search(r"(\d+) requests in", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    return Load(
        seconds=seconds,
        rps=float(found.group(1)),
        p50=milliseconds(latency["50"]) if "50" in latency else None,
        p99=milliseconds(latency["99"]) if "99" in latency else None,
        requests=int(requests.group(1)) if requests else 0,
        non_2xx=int(non_2xx.group(1)) if non_2xx else 0,
        socket_errors=sum(map(int, errors.groups())) if errors else 0,
    )


# Measuring ---------------------------------------------------------------------------


class Bench:
    def __init__(self, db: str, server: Server, made: dict, env: dict, seconds: int) -> None:
        self.db = db
        self.server = server
        self.made = made
        self.env = env
        self.seconds = seconds
        self.csrf = secrets.token_hex(16)  # a CSRF cookie secret, as a browser holds one

    def headers(self, page: Page) -> dict:
        headers = dict(BROWSER_HEADERS)
        cookies = []
        if page.owner:
            cookies.append(self.made["cookies"][page.owner])
        if page.post or page.form is not None:
            cookies.append(f"csrftoken={self.csrf}")
            headers.update(
                {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Origin": self.server.base,
                    "X-CSRFToken": self.csrf,
                    "HX-Request": "true",
                    "HX-Target": "scoreboard",
                }
            )
        if cookies:
            headers["Cookie"] = "; ".join(cookies)
        return headers

    def path(self, page: Page) -> str:
        boards = self.made["boards"]
        return page.path.format(
            board10=f"/matches/{boards['10']}/", board200=f"/matches/{boards['200']}/", pool=""
        )

    def measure(self, page: Page) -> Result:
        say(f"  {self.db}: {page.label}")
        if page.post:
            return self.measure_post(page)
        result = Result(self.db, page)
        headers, path = self.headers(page), self.path(page)
        method, script = (
            ("GET", None) if page.form is None else ("POST", [str(FORM_LUA), page.form])
        )
        self.drain()
        answer = fetch(self.server.port, method, path, headers, page.form)
        result.bytes = len(answer.body)
        if answer.status != 200:
            result.faults.append(f"status {answer.status}")
            return result
        if page.load_budget:
            total, faults = first_load(self.server.port, path, headers, result.bytes)
            result.faults += faults
            result.measured.append(f"load {total / KB:.1f} KB")
            if total > page.load_budget:
                result.faults.append(f"load {total / KB:.1f} KB")
        # The first answer may have compiled templates: a slow page is timed once more.
        if answer.seconds > ALONE_OVER and answer.seconds < ALONE_LIMIT:
            answer = fetch(self.server.port, method, path, headers, page.form)
        if answer.seconds > ALONE_OVER:
            result.alone = True
            result.rps, result.p50 = 1 / answer.seconds, answer.seconds * 1000
            result.measured.append("too slow for wrk: one request alone")
            return result
        url = self.server.base + path
        warm = wrk(url, headers, WARMUP_SECONDS, self.log(page, "warm-up"), script)
        loads = []
        for run in range(REPEATS):
            self.bare_beside(result, run)
            log = self.log(page, f"run-{run}")
            loads.append(wrk(url, headers, self.duration(warm), log, script))
        load = max(loads, key=lambda load: load.rps)
        self.record(result, load)
        non_2xx, sent = sum(load.non_2xx for load in loads), sum(load.requests for load in loads)
        errors = sum(load.socket_errors for load in loads)
        if non_2xx or errors:
            result.measured.append(f"{non_2xx} non-2xx, {errors} socket errors")
        if non_2xx > 0.01 * max(sent, 1):
            result.faults.append(f"{non_2xx} of {sent} answers not 2xx/3xx")
        return result

    def by_turns(self, small: Result, big: Result) -> None:
        """How fast `big` is against `small` (its 10-round or 10-match version): the two
        loaded by turns, REPEATS times each, and their best runs compared. Side by side,
        whatever slows the machine down (its other work, a checkpoint or a vacuum after
        the POSTs' writes) slows both, as a ratio of two ratios to two bare views would
        not see."""
        if not small.rps or not big.rps:
            return
        if small.alone or big.alone:  # each timed alone, once: compared as they are
            big.flat = big.rps / small.rps
            return
        best = {small.page.key: 0.0, big.page.key: 0.0}
        for run in range(REPEATS):
            for page in (small.page, big.page):
                self.drain()
                url = self.server.base + self.path(page)
                log = self.log(big.page, f"by-turns-{page.key}-{run}")
                best[page.key] = max(
                    best[page.key], wrk(url, self.headers(page), self.seconds, log).rps
                )
        if best[small.page.key]:
            big.flat = best[big.page.key] / best[small.page.key]

    def bare_beside(self, result: Result, run: int) -> None:
        """The bare view loaded just before a run of `result`'s page; the best one kept."""
        self.drain()
        if result.page.key != "bare":
            bare = wrk(
                self.server.base + "/bench/ok/",
                BROWSER_HEADERS,
                BARE_SECONDS,
                self.log(result.page, f"bare-{run}"),
            )
            result.bare = max(result.bare or 0.0, bare.rps)
            self.drain()

    def drain(self) -> None:
        """Wait for the requests wrk left behind: gunicorn answers them even after wrk
        hung up, and they would slow down what is measured next."""
        fetch(self.server.port, "GET", "/bench/ok/", {})

    def duration(self, warm: Load) -> int:
        """Seconds of load: long enough for the warm-up's pace to serve each connection
        about twice (at least BENCH_SECONDS, at most MAX_SECONDS)."""
        if warm.rps <= 0:
            return MAX_SECONDS
        return max(self.seconds, min(MAX_SECONDS, math.ceil(2 * CONNECTIONS / warm.rps)))

    def record(self, result: Result, load: Load) -> None:
        result.rps = load.rps
        if load.seconds != self.seconds:
            result.measured.append(f"loaded {load.seconds} s")
        if load.requests:
            result.p50, result.p99 = load.p50, load.p99
        if load.requests < FEW_REQUESTS:
            result.measured.append(f"only {load.requests} requests in {load.seconds} s")

    def log(self, page: Page, run: str = "") -> Path:
        """Where wrk's own output of this page goes, to read it again."""
        return WORK / f"wrk-{self.db.lower()}-{page.key}{'-' + run if run else ''}.txt"

    def rounds(self, ids: list[int]) -> int:
        output = bench_data(self.env, "rounds", *map(str, ids))
        return int(output.strip())

    def post_body(self, number: int, seen: int | None = None) -> str:
        """Round `number`'s form as sent; `seen`: the version of the board it came with."""
        players = self.made["pool_players"]
        caller = (number - 1) % players
        hands = "&".join(f"hand_{seat}={0 if seat == caller else 1}" for seat in range(players))
        key = f"ffffffff-0000-4000-8000-{number:012x}"
        board = "" if seen is None else f"&seen={seen}"
        return f"number={number}&entry_key={key}&caller={caller}&{hands}{board}"

    def load_pool(self, page: Page, matches: list[int], seconds: int, run: int) -> Load:
        """wrk run `run` (0: the warm-up) posting rounds to these matches, each at its
        next round number as the database has it, from the board of its last version."""
        pool_file = WORK / f"pool-{self.db.lower()}.txt"
        standing = bench_data(self.env, "next", *map(str, matches)).split()
        pool_file.write_text(
            "".join(
                f"/matches/{match}/rounds/ {self.server.base}/matches/{match}/ "
                f"{number} {self.made['pool_players']} {version}\n"
                for match, number, version in itertools.batched(standing, 3, strict=True)
            )
        )
        script = [str(LUA), str(pool_file), str(THREADS), str(run)]
        url = self.server.base + "/"
        log = self.log(page, f"run-{run}" if run else "warm-up")
        return wrk(url, self.headers(page), seconds, log, script)

    def measure_post(self, page: Page) -> Result:
        """The answer's bytes at 10 and 200 rounds, then wrk on the pool of matches."""
        result = Result(self.db, page)
        headers = self.headers(page)
        probes = self.made["probes"]
        self.drain()
        for rounds, match in sorted(probes.items(), key=lambda item: int(item[0])):
            answer = fetch(
                self.server.port,
                "POST",
                f"/matches/{match}/rounds/",
                {**headers, "HX-Current-URL": f"{self.server.base}/matches/{match}/"},
                # Made as the pool's matches are: their boards' version is the pool's.
                self.post_body(int(rounds) + 1, self.made["pool_version"]),
            )
            if rounds == "10":
                result.bytes = len(answer.body)
            result.measured.append(f"answer at {rounds} rounds: {len(answer.body) / KB:.1f} KB")
            if answer.status != 200:
                result.faults.append(f"status {answer.status} at {rounds} rounds")
            elif len(answer.body) > POST_BUDGET:
                result.faults.append(f"answer {len(answer.body) / KB:.1f} KB at {rounds} rounds")
        if self.rounds(list(probes.values())) != sum(int(rounds) + 1 for rounds in probes):
            result.faults.append("a probe POST recorded no round")
            return result

        pool = self.made["pool"]
        warm = self.load_pool(page, pool, WARMUP_SECONDS, 0)
        loads = [warm]
        for run in range(1, REPEATS + 1):  # each run from where the matches stand
            self.bare_beside(result, run)
            loads.append(self.load_pool(page, pool, self.duration(warm), run))
        self.record(result, max(loads[1:], key=lambda load: load.rps))
        self.drain()  # the requests wrk left behind are answered before the count
        sent = sum(load.requests for load in loads)
        before = len(pool) * self.made["pool_rounds"]
        recorded = self.rounds(pool) - before
        share = min(1.0, recorded / sent) if sent else 0.0
        non_2xx = sum(load.non_2xx for load in loads)
        result.measured.append(f"{share:.0%} recorded, {non_2xx / max(sent, 1):.0%} non-2xx")
        if share < RECORDED_AT_LEAST:
            result.faults.append(f"only {share:.0%} of the POSTs recorded a round")
        return result

    def measure_live(self, seconds: int) -> Result:
        """The live table: scorers and followers at once (`bench_live`)."""
        page = LIVE_PAGE
        say(f"  {self.db}: {page.label}, {seconds} s")
        result = Result(self.db, page)
        self.drain()
        tables = [
            bench_live.Table(table["match"], table["follow"], table["rounds"] + 1, table["players"])
            for table in self.made["live"]
        ]
        headers = {**BROWSER_HEADERS, "HX-Request": "true"}
        first = fetch(self.server.port, "GET", f"/live/{tables[0].follow}/", BROWSER_HEADERS)
        if first.status != 200:
            result.faults.append(f"live page: status {first.status}")
            return result
        scorer = self.headers(Page("", "", "", "live", post=True))
        live = bench_live.run(
            self.server.port,
            tables,
            headers=headers,
            scorer_headers=scorer,
            post_body=lambda number: self.post_body(number).encode(),
            seconds=seconds,
            round_every=LIVE_ROUND_EVERY,
            followers=LIVE_FOLLOWERS,
            poll_every=bench_live.poll_interval(first.text().encode()),
        )
        result.rps = live.rps
        p50, p99 = live.quantile(0.5), live.quantile(0.99)
        result.p50 = p50 * 1000 if p50 is not None else None
        result.p99 = p99 * 1000 if p99 is not None else None
        result.measured += [
            f"{live.tables} tables, {live.followers} followers polling every "
            f"{live.poll_every:g} s, a round every {LIVE_ROUND_EVERY:g} s a table",
            f"{live.rounds_posted} rounds, {len(live.delays)} updates seen; "
            f"{live.not_modified / max(live.requests, 1):.0%} of the answers 304",
            f"followers' delay p50 {number(p50, 2)} s, p99 {number(p99, 2)} s "
            f"(the p50/p99 columns, in ms)",
        ]
        if live.errors:
            result.faults.append(f"{len(live.errors)} errors, first: {live.errors[0]}")
        if p99 is None or p99 > LIVE_DELAY_P99:
            result.faults.append(f"followers' delay p99 over {LIVE_DELAY_P99:g} s")
        if live.behind:
            result.faults.append(f"{live.behind} followers never saw their table's last round")
        held = self.rounds(list(live.rounds_expected))
        expected = sum(live.rounds_expected.values())
        if held != expected:
            result.faults.append(f"rounds held {held}, recorded {expected}: lost or doubled")
        else:
            result.measured.append(f"every match holds its {expected} rounds: none lost or doubled")
        return result


def bench_data(env: dict, *args: str) -> str:
    return run([PY, "-m", "scorepad.bench.data", *args], env, 600, f"bench data {args[0]}")


def judge(results: list[Result]) -> None:
    """Ratios to the bare view of the same database, and every target."""
    by_key = {result.page.key: result for result in results}
    for result in results:
        page = result.page
        bare = result.bare or by_key["bare"].rps  # the one beside it; else the first one
        if bare and result.rps is not None and page is not LIVE_PAGE:
            result.ratio = result.rps / bare
        if page.target is not None and (result.ratio is None or result.ratio < page.target):
            result.faults.append(f"ratio < {page.target:.2f}")
        if page.flat_of and page.flat_of in by_key:
            other = by_key[page.flat_of].page.label
            if result.flat is not None:  # the two loaded by turns (`Bench.by_turns`)
                result.measured.append(f"{result.flat:.2f}× {other}")
                if result.flat < FLAT:
                    result.faults.append(f"< {FLAT}× {other}")
            else:
                result.faults.append(f"no {other} to compare")


# The table ---------------------------------------------------------------------------


def target_text(page: Page) -> str:
    parts = []
    if page.target is not None:
        parts.append(f"≥ {page.target:.2f}")
    if page.flat_of:
        parts.append(f"≥ {FLAT}× {LABELS[page.flat_of]}")
    if page.load_budget:
        parts.append(f"load ≤ {page.load_budget // KB} KB")
    if page.post:
        parts.append(f"answer ≤ {POST_BUDGET // KB} KB")
    if page is LIVE_PAGE:
        parts.append(f"delay p99 ≤ {LIVE_DELAY_P99:g} s, no error, no round lost or doubled")
    return ", ".join(parts) or "-"


def number(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def table(results: list[Result]) -> str:
    lines = [
        "| db | page | req/s | p50 ms | p99 ms | bytes | bare req/s | ratio | target | measured "
        "| result |",
        "|---|---|--:|--:|--:|--:|--:|--:|---|---|---|",
    ]
    for result in results:
        page = result.page
        has_target = (
            page.target is not None
            or page.flat_of
            or page.load_budget
            or page.post
            or page is LIVE_PAGE
        )
        if result.faults:
            verdict = "FAIL: " + ", ".join(result.faults)
        else:
            verdict = "pass" if has_target else ""
        rps = number(result.rps, 1) + (" (alone)" if result.alone else "")
        lines.append(
            f"| {result.db} | {page.label} | {rps} | {number(result.p50, 1)} | "
            f"{number(result.p99, 1)} | {number(result.bytes, 0)} | {number(result.bare, 1)} | "
            f"{number(result.ratio, 3)} | "
            f"{target_text(page)} | {'; '.join(result.measured)} | {verdict} |"
        )
    return "\n".join(lines)


def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    return f"{os.cpu_count()} cores ({model or platform.machine()}), load average {load}"


# Main --------------------------------------------------------------------------------


def production_env(secret: str) -> dict[str, str]:
    dropped = {"DATABASE_URL", "DEBUG", "SCOREPAD_DEVELOPMENT", "DJANGO_SETTINGS_MODULE"}
    env = {name: value for name, value in os.environ.items() if name not in dropped}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "scorepad.settings",
            "SCOREPAD_DEVELOPMENT": "0",
            "DEBUG": "0",
            "SECRET_KEY": secret,
            "ALLOWED_HOSTS": "127.0.0.1",
            # Plain http on loopback: no proxy in front to terminate TLS.
            "SECURE_SSL_REDIRECT": "0",
            "STATIC_ROOT": str(WORK / "static"),
            "LOG_LEVEL": "WARNING",
            "SCOREPAD_BENCH": "1",
        }
    )
    return env


def databases() -> tuple[list, list[str]]:
    """The databases to measure, and why any asked for cannot be."""
    wanted = os.environ.get("BENCH_DATABASES", "sqlite,postgres").replace(" ", "").split(",")
    chosen, unreachable = [], []
    if "sqlite" in wanted:
        chosen.append(SQLiteDatabase())
    if "postgres" in wanted:
        postgres = PostgresDatabase(
            os.environ.get("BENCH_POSTGRES_URL", DEFAULT_POSTGRES),
            os.environ.get("BENCH_POSTGRES_DB", "scorepad_bench"),
        )
        why = postgres.reachable()
        if why is None:
            chosen.append(postgres)
        else:
            unreachable.append(
                f"PostgreSQL not reachable at {postgres.where} ({why}): not measured"
                " (BENCH_DATABASES=sqlite leaves it out on purpose)."
            )
            say(unreachable[-1])
    return chosen, unreachable


def chosen(page: Page) -> bool:
    """BENCH_PAGES (keys, comma-separated) measures only those pages, and the bare view."""
    wanted = os.environ.get("BENCH_PAGES", "").replace(" ", "")
    return not wanted or page.key == "bare" or page.key in wanted.split(",")


def bench_database(database, base_env: dict, seconds: int, live_seconds: int) -> list[Result]:
    with database as url:
        env = {**base_env, "DATABASE_URL": url}
        say(f"{database.name}: migrating and filling the data set")
        started = time.monotonic()
        manage(env, "migrate", "--noinput", "-v", "0")
        made_file = WORK / f"data-{database.name.lower()}.json"
        tables = int(os.environ.get("BENCH_LIVE_TABLES", LIVE_TABLES))
        live_tables = tables if live_seconds and database.name == "PostgreSQL" else 0
        bench_data(
            env,
            "fill",
            "--pool",
            str(POOL),
            "--tables",
            str(live_tables),
            "--out",
            str(made_file),
        )
        made = json.loads(made_file.read_text())
        say(f"{database.name}: ready in {time.monotonic() - started:.0f} s; measuring")
        log = WORK / f"gunicorn-{database.name.lower()}.log"
        with Server(env, log) as server:
            bench = Bench(database.name, server, made, env, seconds)
            results = [bench.measure(page) for page in PAGES if chosen(page)]
            by_key = {result.page.key: result for result in results}
            for result in results:
                if result.page.flat_of in by_key:
                    bench.by_turns(by_key[result.page.flat_of], result)
            if live_tables and chosen(LIVE_PAGE):
                results.append(bench.measure_live(live_seconds))
        judge(results)
        return results


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that cleanups run
    if shutil.which("wrk") is None:
        say("bench: wrk is missing (make bench installs it with apt-get install wrk)")
        return 2
    seconds = int(os.environ.get("BENCH_SECONDS", "4"))
    if POOL + 2 > MAX_MATCHES_PER_DAY:  # the pool and the probes
        say("bench: the round POSTs' pool is more matches than an owner may set up in a day")
        return 2
    live_seconds = int(os.environ.get("BENCH_LIVE_SECONDS", "60"))
    WORK.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    base_env = production_env(secrets.token_urlsafe(50))
    results: list[Result] = []
    errors: list[str] = []
    try:
        chosen, unreachable = databases()
        errors += unreachable  # a database asked for and not measured: the run is incomplete
        say("collecting static files")
        static_env = {**base_env, "DATABASE_URL": "sqlite:///:memory:"}
        manage(static_env, "collectstatic", "--noinput", "--clear", "-v", "0")
    except BenchError as error:
        say(f"bench: {error}")
        return 2
    for database in chosen:
        try:
            results += bench_database(database, base_env, seconds, live_seconds)
        except (BenchError, OSError) as error:
            errors.append(f"{database.name}: the benchmark could not run: {error}")
            say(errors[-1])
    _, server = gunicorn_options()
    print(
        f"\nScorepad benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}.\n"
        f"gunicorn with {server}; wrk -t{THREADS} -c{CONNECTIONS} -d{seconds}s (a slow page "
        f"longer, up to {MAX_SECONDS} s) after {WARMUP_SECONDS} s of warm-up, best of "
        f"{REPEATS} runs; Python {platform.python_version()}; "
        f"{time.monotonic() - started:.0f} s in all. Each ratio is to the bare view of the "
        f"same database loaded for {BARE_SECONDS} s just before each run of the page (best "
        f'of those runs: "bare req/s"); bytes are the body as sent for Accept-Encoding: '
        f"gzip, deflate, br (KB = 1,000 bytes).\n"
    )
    print(table(results))
    for error in errors:
        print(f"\n{error}")
    missed = sum(1 for result in results if result.faults)
    if errors:
        print("\nThe benchmark did not run whole: the targets were not all measured.")
    else:
        print(f"\n{missed} page(s) miss a target." if missed else "\nEvery target is met.")
    if errors:
        return 2
    return 1 if missed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        say("bench: interrupted; the server is stopped and the databases dropped")
        sys.exit(130)
