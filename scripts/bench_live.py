"""The live table under load, for `make bench`: scorers recording rounds, followers polling.

Each table has a scorer who records a round every ROUND_EVERY seconds through the
scoreboard's htmx form, and FOLLOWERS phones polling the follow link's board as the live
page does (`/live/<token>/board/`, with `If-None-Match`, so an unchanged board is a 304).
All of them are coroutines of one asyncio loop, each phone on its own keep-alive
connection, the way phones would hold theirs. A follower's delay for a round is the time
from the scorer's answer (the round is then recorded) to the follower's first answer
showing the match's version after it (`data-version` on the board); nought when the
follower saw it before the scorer's own answer arrived. At the end the
benchmark counts the rounds each match really holds: none lost, none doubled.
"""

from __future__ import annotations

import asyncio
import gzip
import random
import re
import statistics
import time
from dataclasses import dataclass, field

VERSION = re.compile(rb'data-version="(\d+)"')
POLL_EVERY = re.compile(rb'hx-trigger="[^"]*every (\d+(?:\.\d+)?)(m?s)')


class Phone:
    """One keep-alive HTTP/1.1 connection, opened again when the server closed it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, str], bytes]:
        for attempt in (1, 2):  # a keep-alive connection the server closed: once more
            if self.writer is None:
                await self._open()
            try:
                return await self._exchange(method, path, headers, body)
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, method, path, headers, body) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None and self.writer is not None
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        answer_headers = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                answer_headers[name.strip().lower()] = value.strip()
        if answer_headers.get("transfer-encoding") == "chunked":
            content = await self._chunks()
        else:
            length = int(answer_headers.get("content-length", "0"))
            content = await self.reader.readexactly(length) if length else b""
        if answer_headers.get("connection", "").lower() == "close":
            await self.close()
        if answer_headers.get("content-encoding") == "gzip":
            content = gzip.decompress(content)
        return status, answer_headers, content

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        parts = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await self.reader.readuntil(b"\r\n")
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            await self.reader.readexactly(2)


@dataclass
class Table:
    match: int
    follow: str  # the follow link's token
    next_number: int
    players: int
    recorded_at: dict[int, float] = field(default_factory=dict)  # version → when recorded
    sent_at: dict[int, float] = field(default_factory=dict)  # version → when its POST left
    last_version: int | None = None  # after the scorer's last round
    seen: list[int] = field(default_factory=list)  # each follower's last version


@dataclass
class LiveResult:
    tables: int
    followers: int
    seconds: float
    poll_every: float
    requests: int = 0
    not_modified: int = 0
    errors: list[str] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)  # seconds
    rounds_posted: int = 0
    rounds_expected: dict[int, int] = field(default_factory=dict)  # match → live rounds
    behind: int = 0  # followers whose last look missed the scorer's last round

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    def quantile(self, share: float) -> float | None:
        if not self.delays:
            return None
        if len(self.delays) == 1:
            return self.delays[0]
        return statistics.quantiles(self.delays, n=100, method="inclusive")[round(share * 100) - 1]


class Load:
    def __init__(self, port: int, headers: dict, scorer_headers: dict, result: LiveResult):
        self.port = port
        self.headers = headers
        self.scorer_headers = scorer_headers
        self.result = result
        self.stop_at = 0.0

    def _count(self, status: int, what: str) -> None:
        self.result.requests += 1
        if status == 304:
            self.result.not_modified += 1
        elif status != 200:
            self.result.errors.append(f"{what}: status {status}")

    async def scorer(self, table: Table, round_every: float, post_body) -> None:
        """Records a round every `round_every` seconds. Each change of a match adds one to
        its version, so the i-th round recorded here is version v0 + i, v0 being the
        version the follow link showed before the first."""
        phone = Phone(self.port)
        status, _, body = await phone.request("GET", f"/live/{table.follow}/board/", self.headers)
        found = VERSION.search(body)
        if status != 200 or found is None:
            self.result.errors.append(f"scorer's first look at the board: status {status}")
            return
        version = int(found.group(1))
        # Tables start at different moments, as they would.
        await asyncio.sleep(random.uniform(0, round_every))
        while time.monotonic() + 1 < self.stop_at:
            number = table.next_number
            path = f"/matches/{table.match}/rounds/"
            headers = {**self.scorer_headers, "HX-Current-URL": f"/matches/{table.match}/"}
            table.sent_at[version + 1] = time.monotonic()
            try:
                status, _, _ = await phone.request("POST", path, headers, post_body(number))
            except (OSError, asyncio.IncompleteReadError) as error:
                self.result.errors.append(f"round POST: {error!r}")
                break
            self._count(status, "round POST")
            if status != 200:
                break
            table.next_number += 1
            self.result.rounds_posted += 1
            version += 1
            table.recorded_at[version] = time.monotonic()
            await asyncio.sleep(round_every)
        table.last_version = version
        await phone.close()

    async def follower(self, table: Table, poll_every: float) -> None:
        phone = Phone(self.port)
        etag = None
        seen = None
        path = f"/live/{table.follow}/board/"
        await asyncio.sleep(random.uniform(0, poll_every))
        next_poll = time.monotonic()
        # Followers go on polling a little after the scorers stopped, to see their last round.
        while time.monotonic() < self.stop_at + 2 * poll_every + 1:
            headers = dict(self.headers)
            if etag:
                headers["If-None-Match"] = etag
            try:
                status, answer_headers, body = await phone.request("GET", path, headers)
            except (OSError, asyncio.IncompleteReadError) as error:
                self.result.errors.append(f"poll: {error!r}")
                return
            now = time.monotonic()
            self._count(status, "poll")
            if status == 200:
                etag = answer_headers.get("etag")
                found = VERSION.search(body)
                if found is None:
                    self.result.errors.append("poll: no data-version on the board")
                    return
                version = int(found.group(1))
                if seen is not None and version > seen:
                    for changed in range(seen + 1, version + 1):
                        if changed in table.recorded_at:
                            self.result.delays.append(now - table.recorded_at[changed])
                        elif changed in table.sent_at:  # seen before the scorer's answer
                            self.result.delays.append(0.0)
                seen = version
            # htmx's `every` polls at a steady pace, whatever each answer took.
            next_poll += poll_every
            await asyncio.sleep(max(0.0, next_poll - time.monotonic()))
        table.seen.append(seen if seen is not None else -1)
        await phone.close()


async def _run(load: Load, tables, seconds, round_every, followers, post_body) -> None:
    load.stop_at = time.monotonic() + seconds
    tasks = []
    for table in tables:
        tasks.append(load.scorer(table, round_every, post_body))
        tasks += [load.follower(table, load.result.poll_every) for _ in range(followers)]
    await asyncio.gather(*tasks)


def poll_interval(page: bytes, default: float = 1.0) -> float:
    """The pace the live page polls at, read from its `hx-trigger`."""
    found = POLL_EVERY.search(page)
    if found is None:
        return default
    value = float(found.group(1))
    return value / 1000 if found.group(2) == b"ms" else value


def run(
    port: int,
    tables: list[Table],
    *,
    headers: dict,
    scorer_headers: dict,
    post_body,
    seconds: float,
    round_every: float,
    followers: int,
    poll_every: float,
) -> LiveResult:
    result = LiveResult(len(tables), followers * len(tables), seconds, poll_every)
    load = Load(port, headers, scorer_headers, result)
    began = time.monotonic()
    asyncio.run(_run(load, tables, seconds, round_every, followers, post_body))
    result.seconds = time.monotonic() - began
    result.rounds_expected = {table.match: table.next_number - 1 for table in tables}
    result.behind = sum(
        1
        for table in tables
        for seen in table.seen
        if table.last_version is not None and seen < table.last_version
    )
    return result
