"""Throwaway PostgreSQL and Redis servers for tests and benchmarks, started by the suite itself.

Real servers, not fakes: a PostgreSQL cluster made with Debian's binaries
(``/usr/lib/postgresql/<version>/bin``) in a temporary folder, and ``redis-server``, each on a
free loopback port. ``make test`` installs both packages when they are missing. Nothing is kept:
the cluster runs without fsync (a crash of the machine may lose it, which is fine for a test
database) and Redis without persistence.

PostgreSQL refuses to run as root; when the suite runs as root (CI containers), the cluster
runs as the ``postgres`` system user the Debian package creates.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


class ServiceError(RuntimeError):
    """A service could not be started; the message says what to install."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _pg_bin() -> Path:
    override = os.environ.get("LUDOMOTS_PG_BIN")
    if override:
        return Path(override)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name)
                   if Path(p).parent.parent.name.isdigit() else 0)
    if not found:
        raise ServiceError("PostgreSQL is not installed (apt-get install postgresql; "
                           "`make test` does it)")
    return Path(found[-1]).parent


class PostgresCluster:
    """``start()``, ``url(database)``, ``create_database()``, ``stop()``, ``restart()``."""

    def __init__(self, port: int | None = None) -> None:
        self.bin = _pg_bin()
        self.port = port or free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="ludomots-pg-"))
        self.data = self.dir / "data"
        self.user = "ludomots"
        self._as_postgres = os.geteuid() == 0
        self._databases = 0
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise ServiceError(f"{tool} failed: {result.stderr.strip() or result.stdout.strip()}")

    def start(self) -> PostgresCluster:
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=300 -c shared_buffers=64MB")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.dir / "postgres.log"), "-w", "-t", "60", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        with contextlib.suppress(ServiceError):
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database; its URL."""
        import psycopg

        self._databases += 1
        name = f"{prefix}{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def create_schema(self, prefix: str = "s") -> str:
        """A new empty schema in the ``postgres`` database, as a URL whose connections use it
        (``search_path``): much cheaper than a database per test, and just as isolated."""
        import psycopg

        self._databases += 1
        name = f"{prefix}{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url()}?options=-csearch_path%3D{name}"

    def close(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


class RedisServer:
    """``redis-server`` on a loopback port, without persistence; ``restart()`` keeps the port."""

    def __init__(self, port: int | None = None) -> None:
        exe = shutil.which("redis-server")
        if exe is None:
            raise ServiceError("redis-server is not installed (apt-get install redis-server; "
                               "`make test` does it)")
        self.exe = exe
        self.port = port or free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="ludomots-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        log = (self.dir / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.dir)],
            stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServiceError(f"redis-server exited; see {self.dir / 'redis.log'}")
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return self
            time.sleep(0.05)
        raise ServiceError("redis-server did not answer within 20 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


# ---- one of each per test session, started on first use ----------------------------------------

#: "sqlite" (default) or "postgresql": the database the table and server tests run on
#: (``make test`` runs them once with each).
TEST_DB = os.environ.get("LUDOMOTS_TEST_DB", "sqlite")
if TEST_DB not in ("sqlite", "postgresql"):
    raise ServiceError(f"LUDOMOTS_TEST_DB must be sqlite or postgresql, not {TEST_DB!r}")

_shared: dict[str, PostgresCluster | RedisServer] = {}


def _stop_shared() -> None:
    for service in _shared.values():
        service.close()
    _shared.clear()


def shared_postgres() -> PostgresCluster:
    """The session's PostgreSQL cluster (stopped when the tests end)."""
    if "pg" not in _shared:
        import atexit

        if not _shared:
            atexit.register(_stop_shared)
        cluster = PostgresCluster()
        _shared["pg"] = cluster
        cluster.start()
    found = _shared["pg"]
    assert isinstance(found, PostgresCluster)
    return found


def fresh_db_url(tmp_path: Path, name: str = "ludomots.db") -> str:
    """A fresh database for one test: a SQLite file, or a PostgreSQL schema."""
    if TEST_DB == "postgresql":
        return shared_postgres().create_schema()
    return f"sqlite:///{tmp_path / name}"
